"""The table: the UI-free host of a live game, and every client's only door to it.

Nothing in this package imports Textual.  See :mod:`kobito_tui.table.table`.
"""

from kobito_tui.table.computer import ComputerSeat
from kobito_tui.table.messages import LogEntry, Refusal, Refused
from kobito_tui.table.perspective import OMNISCIENT, PUBLIC, Perspective, SeatPerspective
from kobito_tui.table.table import Hint, Occupant, Subscription, Table
from kobito_tui.table.update import History, Update, client_header

__all__ = [
    "OMNISCIENT",
    "PUBLIC",
    "ComputerSeat",
    "Hint",
    "History",
    "LogEntry",
    "Occupant",
    "Perspective",
    "Refusal",
    "Refused",
    "SeatPerspective",
    "Subscription",
    "Table",
    "Update",
    "client_header",
]
