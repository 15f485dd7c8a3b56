"""What the player has picked, and which moves that allows.

The board knows no rules: it splits every legal move it was given into a
*source* (what the player picks: hand cards, or an end card of their own
workshop) and a *target* (where it goes), and offers exactly the targets
that some legal move joins to the current selection.  So an illegal target
can never be chosen.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from kobito_tui.core.game import Event

# A workshop end card: ("workshop", rainbow, "left"|"right").
WorkshopEnd = tuple[Literal["workshop"], int, str]
# What the board's ←→ cursor walks over: a hand card ("card", id), or a workshop end card.
Stop = tuple[Literal["card"], str] | WorkshopEnd
# A source: frozenset of hand card ids, or a workshop end card.
Source = frozenset[str] | WorkshopEnd
# A target: ("pot", slot, end) | ("kobito", card id) | ("rainbow", index, end)
#           | ("open", card ids in row order) | ("end",)
Target = tuple[Any, ...]
NOTHING: frozenset[str] = frozenset()
END: Target = ("end",)
_KIND_ORDER = {"pot": 0, "kobito": 1, "rainbow": 2, "open": 3, "end": 4}


def split(move: Event) -> tuple[Source, Target]:
    """The (source, target) of a Kobito move."""
    kind = move["type"]
    if kind == "play":
        return frozenset([move["card"]]), ("pot", move["pot"], move["end"])
    if kind == "move":
        return ("workshop", move["rainbow"], move["from"]), ("pot", move["pot"], move["end"])
    if kind == "extend":
        return frozenset([move["card"]]), ("rainbow", move["rainbow"], move["end"])
    if kind == "take-kobito":
        return frozenset([move["card"]]), ("kobito", move["kobito"])
    if kind == "open":
        return frozenset(move["cards"]), ("open", tuple(move["cards"]))
    if kind == "end-turn":
        return frozenset(move.get("penalty", ())), END
    raise ValueError(f"unknown Kobito move {kind!r}")


def _order(target: Target) -> tuple[int, *tuple[str, ...]]:
    return (_KIND_ORDER[target[0]], *(str(part) for part in target[1:]))


class Picker:
    """The selection (a source), the targets it allows and a cursor among them."""

    def __init__(self, legal: Iterable[Event] = ()) -> None:
        self.moves: dict[Source, dict[Target, Event]] = {}
        for move in legal:
            source, target = split(move)
            self.moves.setdefault(source, {})[target] = move
        self.selection: Source = NOTHING
        self.cursor: int | None = 0  # None: no place chosen (Enter plays nothing)
        self.hinted: Target | None = None
        self._targets: tuple[Source, list[Target]] | None = None  # the last selection's targets

    # -- reading ----------------------------------------------------------
    @property
    def targets(self) -> list[Target]:
        """Where the selection may go, in a fixed order (End turn is apart)."""
        if self._targets is None or self._targets[0] != self.selection:
            self._targets = self.selection, sorted((t for t in self.moves.get(self.selection, ()) if t != END), key=_order)
        return self._targets[1]

    @property
    def shown(self) -> tuple[object, ...]:
        """What the picker's highlights are drawn from: equal while nothing it shows changed."""
        return self, self.selection, self.cursor, self.hinted

    @property
    def current(self) -> Target | None:
        """The target under the cursor."""
        targets = self.targets
        return targets[self.cursor % len(targets)] if targets and self.cursor is not None else None

    def selected_cards(self) -> frozenset[str]:
        return self.selection if isinstance(self.selection, frozenset) else NOTHING

    def playable(self, card: str) -> bool:
        """Whether the card alone goes somewhere (workshop ends count too)."""
        source = frozenset([card])
        return any(t != END for t in self.moves.get(source, ()))

    def movable(self, rainbow: int, end: str) -> bool:
        return ("workshop", rainbow, end) in self.moves

    def move_to(self, target: Target) -> Event | None:
        """The legal move joining the selection to ``target``, if any."""
        return self.moves.get(self.selection, {}).get(target)

    def end_move(self) -> Event | None:
        """End turn: with the selected cards as penalty, or without any."""
        return self.move_to(END) or self.moves.get(NOTHING, {}).get(END)

    @property
    def can_end(self) -> bool:
        return any(END in targets for targets in self.moves.values())

    @property
    def needs_penalty(self) -> bool:
        """Ending the turn is only possible by giving penalty cards."""
        return self.can_end and END not in self.moves.get(NOTHING, {})

    # -- changing ---------------------------------------------------------
    def _select(self, source: Source) -> None:
        self.selection = source
        self.cursor = 0
        self.hinted = None

    def toggle_card(self, card: str) -> None:
        self._select(self.selected_cards() ^ {card})

    def toggle_workshop(self, rainbow: int, end: str) -> None:
        source: WorkshopEnd = ("workshop", rainbow, end)
        self._select(NOTHING if self.selection == source else source)

    def clear(self) -> None:
        self._select(NOTHING)

    def step(self, delta: int) -> None:
        """Move the cursor to the next (+1) or previous (-1) target."""
        if self.targets:
            start = self.cursor if self.cursor is not None else (-1 if delta > 0 else 0)
            self.cursor = (start + delta) % len(self.targets)
            self.hinted = None

    def point_nowhere(self) -> None:
        """No place is chosen any more (a place asked for does not fit)."""
        self.cursor = None
        self.hinted = None

    def point(self, target: Target) -> bool:
        """Put the cursor on ``target``; False if the selection cannot go there."""
        targets = self.targets
        if target not in targets:
            return False
        self.cursor = targets.index(target)
        return True

    def hint(self, move: Event) -> None:
        """Select the move's source and point at its target."""
        source, target = split(move)
        self._select(source)
        self.point(target)
        self.hinted = target
