"""A game in a line player's words: the moves offered now, each as a phrase and the features a
typed line may name of it, and what a game's words module gives the door (:class:`GameWords`).

A typed move is the features its words mean ("play 7 on pot B left": play, 7, pot B, left);
the moves offered whose features hold them all are its matches: one is played, several are
offered as a numbered list, none is answered with why.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from kobito_tui.core.game import Event
from kobito_tui.i18n import Translator
from kobito_tui.i18n.seats import Seats

from .vocabulary import Vocabulary

Features = Counter[str]


@dataclass(frozen=True)
class Choice:
    """A legal ``move``, as ``words`` say it ("play 7 on the left end of pot B") and its ``features``."""

    words: str
    features: Features
    move: Event


def distinct(choices: Iterable[Choice]) -> list[Choice]:
    """One choice for each phrase: two copies of a 7 make one move for a player."""
    seen: dict[str, Choice] = {}
    for choice in choices:
        seen.setdefault(choice.words, choice)
    return list(seen.values())


def matching(choices: list[Choice], wanted: Features) -> list[Choice]:
    """The choices that have every feature ``wanted`` (as often)."""
    return [choice for choice in choices if not wanted - choice.features]


class GameWords(Protocol):
    """One game's words for the line door (``view``: the game's view of one seat, or of everything)."""

    commands: frozenset[str]
    """The state commands this game answers (hand, pots, board…)."""

    def vocabulary(self, t: Translator) -> Vocabulary:
        """The words of a move: each means a feature, or "" (a word that says nothing: "on", "to")."""

    def parts(self, meanings: list[str]) -> list[Features]:
        """A typed line's meanings as the moves it asks for, in order (Hide the Treasure: one a step)."""

    def choices(self, t: Translator, view: Any, legal: Iterable[Event]) -> list[Choice]:
        """The legal moves in words, one for each phrase."""

    def prompt(self, t: Translator, view: Any) -> str:
        """What the rules want of the reader now: "Your turn: play 1 more card, or end." """

    def why_none(self, t: Translator, view: Any, wanted: Features) -> str:
        """Why no legal move has the features ``wanted``."""

    def state(self, command: str, t: Translator, view: Any, who: Seats) -> list[str]:
        """The lines a state command says (one of :attr:`commands`)."""

    def help(self, t: Translator) -> list[str]:
        """How to say this game's moves."""


def listed_name(t: Translator, who: Seats, seat: int) -> str:
    """A seat in a list: its label, and "(you)" after the reader's own name."""
    label = who.label(seat)
    return f"{label} {t('(you)')}" if who.is_reader(seat) and label != t("You") else label
