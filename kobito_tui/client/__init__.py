"""The game client: one terminal's knowledge of one live table, below the app and free of it.

:class:`GameClient` holds each perspective's history (the one delta-applier,
:class:`~kobito_tui.table.History`, shared with the remote client and the
computers), whose turn it is, what the seat may do and why not; the table is
reached through a :class:`Host`, local (:class:`LocalHost`) or at a hub
(:class:`RemoteHost`).  Nothing in this package imports Textual.
"""

from kobito_tui.client.game import HINT, MOVE, REDO, UNDO, GameClient
from kobito_tui.client.hosts import Host, LocalHost, RemoteHost

__all__ = ["HINT", "MOVE", "REDO", "UNDO", "GameClient", "Host", "LocalHost", "RemoteHost"]
