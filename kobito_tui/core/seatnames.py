"""A seat's name is what someone typed, or nothing (``""``): a seat without a name is
called by what it is — a computer, a player — in the reader's language when it is shown
(``kobito_tui.i18n.seats``), so a game started in Ukrainian reads right in English.

Files written before seats could go unnamed hold the default names of that day as text
("You", "Computer 2", «Комп'ютер 2»); :func:`unnamed` reads those as no name."""

from __future__ import annotations

from dataclasses import replace

from kobito_tui.core.game import Seat

_LEGACY = {
    "human": ("you", "ви", "вы", "player {number}", "гравець {number}", "игрок {number}"),
    "bot": ("computer {number}", "комп'ютер {number}", "комп’ютер {number}", "компьютер {number}"),
}
"""The names the app gave seats (seat ``number`` from 1) in en, uk and ru before it stored none."""


def is_legacy_default(name: str, kind: str, index: int) -> bool:
    """Whether ``name`` is what older versions called seat ``index`` (0-based) of ``kind``."""
    said = name.strip().casefold()
    defaults = _LEGACY.get(kind, ())
    return any(said == default.format(number=index + 1) for default in defaults if index == 0 or "{" in default)


def unnamed(seat: Seat, index: int) -> Seat:
    """``seat`` without its name when that name was only an old default."""
    return replace(seat, name="") if seat.name and is_legacy_default(seat.name, seat.kind, index) else seat
