"""The board's parts as token lines, built from the view and the picker.

Each function returns *variants* for a :class:`TokenLines` widget, widest
first.  Clicks name a ``("source", stop index)`` (something to pick), a
``("target", index into picker.targets)`` (a place to play it), or the row
clicked elsewhere: ``("pot", slot)``, ``("rainbow", index)`` (the player's own
workshop) or ``("seat", seat)`` (an opponent).
"""

from __future__ import annotations

from dataclasses import dataclass

from kobito_tui.app.kobito.glyphs import card_class, card_text, sort_key
from kobito_tui.app.kobito.picking import Picker, Target
from kobito_tui.app.kobito.tokens import Line, Lines, Token
from kobito_tui.kobito.view import CardView, KobitoView

Variants = tuple[Lines, ...]
BLANK_END = Token("   ")
NAME_WIDTH = 12


@dataclass
class Marks:
    """What to highlight: the picker's selection and targets, and the key cursor."""

    picker: Picker
    cursor: tuple | None  # the stop under the ←→ cursor

    def target(self, target: Target, text: str, classes: tuple[str, ...] = ()) -> Token | None:
        """The token for ``target`` if the selection may go there, else None."""
        targets = self.picker.targets
        if target not in targets:
            return None
        index = targets.index(target)
        current = target == self.picker.current
        marks = ("target", *(("current",) if current else ()))
        marks += ("hinted",) if target == self.picker.hinted else ()
        shown = f"[{text}]" if current else f"({text})"
        return Token(shown, (*classes, *marks), ("target", index), card=True)

    def end(self, target: Target) -> Token:
        return self.target(target, "+") or BLANK_END

    def source(self, stop: tuple, text: str, classes: tuple[str, ...], stops: list[tuple]) -> Token:
        """A card one can pick: bracketed when selected, underlined under the cursor."""
        picked = (
            stop[1] in self.picker.selected_cards() if stop[0] == "card" else self.picker.selection == stop
        )
        marks = (*(("selected",) if picked else ()), *(("cursor",) if stop == self.cursor else ()))
        if picked and self.picker.hinted is not None:
            marks += ("hinted",)
        return Token(f"[{text}]" if picked else text, (*classes, *marks), ("source", stops.index(stop)), card=True)

    def row_card(self, card: CardView) -> Token:
        """A card in a rainbow; a kobito one may take back is a target."""
        text, classes = card_text(card, in_row=True), (card_class(card),)
        return self.target(("kobito", card.id), text, classes) or Token(text, classes, card=True)


def news(old: KobitoView, new: KobitoView) -> set[tuple[str, int]]:
    """What just happened that deserves a highlight: ("pot", slot) laid anew,
    ("gold", seat) won a pot, ("penalty", seat) took penalty cards."""
    if old.names != new.names:
        return set()
    golds = [[pot and pot.gold for pot in view.pots] for view in (old, new)]
    found = {("pot", slot) for slot, (before, after) in enumerate(zip(*golds)) if before != after}
    for seat in range(len(new.names)):
        if len(new.gold[seat]) > len(old.gold[seat]):
            found.add(("gold", seat))
        if new.penalties[seat] > old.penalties[seat]:
            found.add(("penalty", seat))
    return found


def _clicks(line: Line, click: tuple[str, int]) -> Line:
    """Every token of ``line`` without a click of its own answers ``click``."""
    return tuple(token if token.click else token._replace(click=click) for token in line)


def _news(token: Token, key: tuple[str, int], fresh: set[tuple[str, int]]) -> Token:
    return token._replace(classes=(*token.classes, "news")) if key in fresh else token


def hand_cards(view: KobitoView, seat: int) -> list[CardView]:
    """The hand shown for ``seat``, in number order."""
    hand = view.hand if view.seat is not None else (view.hands or ())[seat]
    return sorted(hand or (), key=sort_key)


def table_info(view: KobitoView) -> Variants:
    full = f"Deck {view.deck_count} · Discard {view.discard_count} · Gold cards left {view.gold_left}"
    short = f"Deck {view.deck_count} Disc {view.discard_count} Gold {view.gold_left}"
    return (((Token(full, ("dim",)),),), ((Token(short, ("dim",)),),))


def pots(view: KobitoView, marks: Marks, fresh: set[tuple[str, int]]) -> Variants:
    """The three places, one line each; all lines short when one would not fit."""
    return tuple(
        tuple(_pot(view, slot, marks, full, ("pot", slot) in fresh) for slot in range(len(view.pots)))
        for full in (True, False)
    )


def _pot(view: KobitoView, slot: int, marks: Marks, full: bool, fresh: bool) -> Line:
    place = view.pots[slot]
    label = "ABC"[slot]
    if place is None:
        return (Token(f"Pot {label}", ("label",)), Token("— empty place —", ("dim",)))
    progress = Token(f"{len(place.cards)}/{place.length}", ("label",))
    row = (
        marks.end(("pot", slot, "left")),
        *(map(marks.row_card, place.cards) if place.cards else (Token("empty rainbow", ("dim",)),)),
        marks.end(("pot", slot, "right")),
    )
    new = (Token("new", ("news",)),) if fresh else ()
    if full:
        length = Token(f"length {place.length}", ("dim",))
        line = (Token(f"Pot {label}", ("label",)), Token(f"{place.value:>2} gold"), length, progress, *row, *new)
    else:
        line = (Token(label, ("label",)), Token(f"{place.value:>2}g"), progress, *row, *new)
    return _clicks(line, ("pot", slot))


def _rainbow_range(cards: tuple[CardView, ...]) -> Token:
    """A rainbow in short: "7‥10" (or the lone card)."""
    first, last = cards[0], cards[-1]
    text = card_text(first, in_row=True) if len(cards) == 1 else f"{first.number}‥{last.number}"
    return Token(text, (card_class(first),))


def _seat_line(
    view: KobitoView, seat: int, size: str, fresh: set[tuple[str, int]], is_me: bool = False, you: bool = False
) -> Line:
    """One seat's public facts; ``size`` "full" | "medium" | "short" (the score
    alone, penalties only when there are some: the score counts both).  ``you``:
    the player at the keys is this seat (not a replay's watcher)."""
    acting = seat == view.turn and not view.over
    name = view.names[seat][:NAME_WIDTH]
    name += " (you)" if you and view.seat is not None and name.lower() != "you" else ""
    width = min(max(map(len, view.names)), NAME_WIDTH) + (6 if is_me else 0)
    gold = view.gold[seat]
    head = [Token("▶" if acting else " ", ("active",)), Token(name.ljust(width), ("active",) if acting else ("label",))]
    if view.hands is not None and not is_me:  # an all-seeing view (replays): every hand is open
        head += [Token(card_text(card), (card_class(card),)) for card in hand_cards(view, seat)] or [Token("—")]
    elif not is_me:
        head.append(Token(f"hand {view.hand_sizes[seat]}"))
    won = f" ({'+'.join(map(str, gold))})" if len(gold) > 1 else ""
    if size == "short" and not is_me:
        penalties = view.penalties[seat]
        score = _news(Token(f"score {view.scores[seat]}", ("label",)), ("gold", seat), fresh)
        head += [score, *([_news(Token(f"pen {penalties}"), ("penalty", seat), fresh)] if penalties else [])]
    else:
        pen = "penalties" if size == "full" else "pen"
        head += [
            _news(Token(f"gold {sum(gold)}{won if size == 'full' else ''}"), ("gold", seat), fresh),
            _news(Token(f"{pen} {view.penalties[seat]}"), ("penalty", seat), fresh),
            Token(f"score {view.scores[seat]}", ("label",)),
        ]
    if is_me:
        return tuple(head)
    rainbows = view.workshops[seat]
    if size == "full":
        for rainbow in rainbows:
            head += [Token("│", ("dim",)), *(Token(card_text(c, True), (card_class(c),)) for c in rainbow)]
    else:
        head += [_rainbow_range(rainbow) for rainbow in rainbows]
    return _clicks(tuple(head), ("seat", seat))


# Under the opponents, once a workshop rainbow is shown in short: what the short form means.
LEGEND = {
    "full": "",  # rainbows shown in full need no legend
    "medium": "  3‥11: a workshop rainbow from 3 up to 11",
    "short": "  3‥11: a workshop rainbow from 3 up to 11",
}


def opponents(view: KobitoView, me: int, fresh: set[tuple[str, int]]) -> Variants:
    seats = [(me + step) % len(view.names) for step in range(1, len(view.names))]
    legend = any(len(rainbow) > 1 for seat in seats for rainbow in view.workshops[seat])
    return tuple(
        (
            *(_seat_line(view, seat, size, fresh) for seat in seats),
            *([(Token(LEGEND[size], ("dim",)),)] if legend else []),
        )
        for size in ("full", "medium", "short")
    )


def me(view: KobitoView, seat: int, fresh: set[tuple[str, int]], you: bool = True) -> Variants:
    return tuple((_seat_line(view, seat, size, fresh, is_me=True, you=you),) for size in ("full", "medium", "short"))


def workshop(view: KobitoView, seat: int, marks: Marks, stops: list[tuple]) -> Variants:
    lines: list[Line] = []
    for index, rainbow in enumerate(view.workshops[seat]):
        cards = [marks.row_card(card) for card in rainbow]
        for position, end in ((0, "left"), (-1, "right")):
            stop = ("workshop", index, end)
            if stop in stops and cards[position].click is None:  # a kobito to swap stays a target
                card = rainbow[position]
                cards[position] = marks.source(stop, card_text(card, True), (card_class(card),), stops)
        left, right = marks.end(("rainbow", index, "left")), marks.end(("rainbow", index, "right"))
        lines.append(_clicks((Token(f"W{index + 1}", ("label",)), left, *cards, right), ("rainbow", index)))
    if not lines:
        lines.append((Token("Workshop", ("label",)), Token("no rainbows yet", ("dim",))))
    by_id = {card.id: card for card in hand_cards(view, seat)}
    openings = [
        marks.target(target, " ".join(card_text(by_id[c]) for c in target[1]))
        for target in marks.picker.targets
        if target[0] == "open"
    ]
    if openings:
        lines.append((Token("New rainbow", ("label",)), *openings))
    return (tuple(lines),)


def hand(cards: list[CardView], marks: Marks, stops: list[tuple]) -> Variants:
    tokens = [
        marks.source(
            ("card", card.id),
            card_text(card),
            (card_class(card), *(("playable",) if marks.picker.playable(card.id) else ())),
            stops,
        )._replace(key=f"{number}:" if number < 10 else "")  # keys 1–9 pick the first nine
        for number, card in enumerate(cards, start=1)
    ]
    return (((Token("Hand", ("label",)), *(tokens or [Token("no cards", ("dim",))])),),)
