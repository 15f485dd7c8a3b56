"""How many tables a player may have at the server: the lobby's caps, each a flag of `kobito serve`.

Apart from the lobby so that the command line can say the defaults without loading it.
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_OPEN_TABLES = 5  # tables one identity may have waiting for players


@dataclass(frozen=True)
class Limits:
    """How many tables one identity, and everyone from one address together, may have:
    waiting for players (``open``) and of computers only, playing (``computer``).
    Guests are a new identity each time: their address's allowance holds them."""

    open_tables: int = MAX_OPEN_TABLES
    open_tables_per_address: int = 10
    computer_tables: int = 2
    computer_tables_per_address: int = 4
