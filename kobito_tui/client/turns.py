"""Which tables of a hub wait for this player: whose turn it is is public, so a lobby row may say it."""

from __future__ import annotations

from collections.abc import Iterable

from kobito_tui.serve.lobby import claim
from kobito_tui.serve.protocol import TableInfo


def my_seat(info: TableInfo, name: str) -> int | None:
    """The seat of ``info`` held by the player who goes by ``name`` (a name is one player's while seated), or None."""
    mine = claim(name)
    return next((seat for seat, chair in enumerate(info.seats) if chair.kind == "player" and claim(chair.name) == mine), None)


def waits_for(info: TableInfo, name: str) -> bool:
    """Whether the game at ``info`` waits for a move of ``name``'s."""
    return info.status == "playing" and info.to_act is not None and info.to_act == my_seat(info, name)


def waiting(tables: Iterable[TableInfo], name: str) -> list[str]:
    """The tables (their ids) that wait for a move of ``name``'s."""
    return [info.table for info in tables if waits_for(info, name)]
