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
from kobito_tui.app.kobito.picking import Picker, Stop, Target
from kobito_tui.app.kobito.tokens import Line, Lines, Token
from kobito_tui.i18n import Translator, words
from kobito_tui.kobito.view import CardView, KobitoView

Variants = tuple[Lines, ...]
BLANK_END = Token("   ")
NAME_WIDTH = 12


@dataclass
class Marks:
    """What to highlight: the picker's selection and targets, and the key cursor."""

    picker: Picker
    cursor: Stop | None  # the stop under the ←→ cursor
    t: Translator | None = None  # the wild cards' letters' language (English without one)

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

    def source(self, stop: Stop, text: str, classes: tuple[str, ...], stops: list[Stop]) -> Token:
        """A card one can pick: bracketed when selected, underlined under the cursor."""
        picked = stop[1] in self.picker.selected_cards() if stop[0] == "card" else self.picker.selection == stop
        marks = (*(("selected",) if picked else ()), *(("cursor",) if stop == self.cursor else ()))
        if picked and self.picker.hinted is not None:
            marks += ("hinted",)
        return Token(f"[{text}]" if picked else text, (*classes, *marks), ("source", stops.index(stop)), card=True)

    def row_card(self, card: CardView) -> Token:
        """A card in a rainbow; a kobito one may take back is a target."""
        text, classes = card_text(card, True, self.t), (card_class(card),)
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


def table_info(t: Translator, view: KobitoView) -> Variants:
    counts = {"deck": view.deck_count, "discard": view.discard_count, "gold": view.gold_left}
    full = t("Deck {deck} · Discard {discard} · Gold cards left {gold}", **counts)
    # Translators: the same counts in short, for a narrow terminal: keep it as short as the English.
    short = t("Deck {deck} Disc {discard} Gold {gold}", **counts)
    return (((Token(full, ("dim",)),),), ((Token(short, ("dim",)),),))


def pots(t: Translator, view: KobitoView, marks: Marks, fresh: set[tuple[str, int]]) -> Variants:
    """The three places, one line each; all lines short when one would not fit."""
    return tuple(
        tuple(_pot(t, view, slot, marks, full, ("pot", slot) in fresh) for slot in range(len(view.pots))) for full in (True, False)
    )


def _pot(t: Translator, view: KobitoView, slot: int, marks: Marks, full: bool, fresh: bool) -> Line:
    place = view.pots[slot]
    label = "ABC"[slot]
    if place is None:
        return (Token(words.pot(t, slot), ("label",)), Token(t("— empty place —"), ("dim",)))
    progress = Token(f"{len(place.cards)}/{place.length}", ("label",))
    row = (
        marks.end(("pot", slot, "left")),
        *(map(marks.row_card, place.cards) if place.cards else (Token(t("empty rainbow"), ("dim",)),)),
        marks.end(("pot", slot, "right")),
    )
    # Translators: a mark beside a pot just laid.
    new = (Token(t("new"), ("news",)),) if fresh else ()
    gold = f"{place.value:>2}"
    if full:
        length = Token(t("length {length}", length=place.length), ("dim",))
        line = (Token(words.pot(t, slot), ("label",)), Token(words.pot_gold(t, place.value)), length, progress, *row, *new)
    else:
        # Translators: a pot's gold in short ("7g"): keep it one letter.
        line = (Token(label, ("label",)), Token(t("{gold}g", gold=gold)), progress, *row, *new)
    return _clicks(line, ("pot", slot))


def _rainbow_range(t: Translator, cards: tuple[CardView, ...]) -> Token:
    """A rainbow in short: "7‥10" (or the lone card)."""
    first, last = cards[0], cards[-1]
    text = card_text(first, True, t) if len(cards) == 1 else f"{first.number}‥{last.number}"
    return Token(text, (card_class(first),))


def _seat_line(
    t: Translator, view: KobitoView, seat: int, size: str, fresh: set[tuple[str, int]], is_me: bool = False, you: bool = False
) -> Line:
    """One seat's public facts; ``size`` "full" | "medium" | "short" (the score
    alone, penalties only when there are some: the score counts both).  ``you``:
    the player at the keys is this seat (not a replay's watcher)."""
    acting = seat == view.turn and not view.over
    name = view.names[seat][:NAME_WIDTH]
    mine = " " + t("(you)")  # after the player's own name
    name += mine if you and view.seat is not None and name.lower() != t("you").lower() else ""
    width = min(max(map(len, view.names)), NAME_WIDTH) + (len(mine) if is_me else 0)
    gold = view.gold[seat]
    head = [Token("▶" if acting else " ", ("active",)), Token(name.ljust(width), ("active",) if acting else ("label",))]
    if view.hands is not None and not is_me:  # an all-seeing view (replays): every hand is open
        # Translators: before the cards of a hand shown open (a replay showing everything).
        head.append(Token(t("hand:"), ("dim",)))
        head += [Token(card_text(card, t=t), (card_class(card),)) for card in hand_cards(view, seat)] or [Token("—")]
    elif not is_me:
        head.append(Token(t("hand {count}", count=view.hand_sizes[seat])))
    won = f" ({'+'.join(map(str, gold))})" if len(gold) > 1 else ""
    if size == "short":
        penalties = view.penalties[seat]
        score = _news(Token(t("score {score}", score=view.scores[seat]), ("label",)), ("gold", seat), fresh)
        head += [score, *([_news(Token(_pen(t, penalties)), ("penalty", seat), fresh)] if penalties else [])]
    else:
        count = view.penalties[seat]
        # Translators: a seat's penalty cards on the board, in full ("penalties 2").
        pen = t("penalties {count}", count=count) if size == "full" else _pen(t, count)
        head += [
            _news(Token(t("gold {gold}", gold=f"{sum(gold)}{won if size == 'full' else ''}")), ("gold", seat), fresh),
            _news(Token(pen), ("penalty", seat), fresh),
            Token(t("score {score}", score=view.scores[seat]), ("label",)),
        ]
    if is_me:
        return tuple(head)
    rainbows = view.workshops[seat]
    if size == "full":
        for rainbow in rainbows:
            head += [Token("│", ("dim",)), *(Token(card_text(c, True, t), (card_class(c),)) for c in rainbow)]
    else:
        head += [_rainbow_range(t, rainbow) for rainbow in rainbows]
    return _clicks(tuple(head), ("seat", seat))


def _pen(t: Translator, count: int) -> str:
    # Translators: a seat's penalty cards in short ("pen 2"): keep it short.
    return t("pen {count}", count=count)


def opponents(t: Translator, view: KobitoView, me: int | None, fresh: set[tuple[str, int]]) -> Variants:
    """The seats after ``me``, in turn order; every seat for ``me`` None (a spectator).
    What a rainbow in short (``3‥11``) means is F1's legend (``words.legend``), not a line here."""
    players = len(view.names)
    seats = range(players) if me is None else [(me + step) % players for step in range(1, players)]
    return tuple(tuple(_seat_line(t, view, seat, size, fresh) for seat in seats) for size in ("full", "medium", "short"))


def me(t: Translator, view: KobitoView, seat: int, fresh: set[tuple[str, int]], you: bool = True) -> Variants:
    return tuple((_seat_line(t, view, seat, size, fresh, is_me=True, you=you),) for size in ("full", "medium", "short"))


def workshop(t: Translator, view: KobitoView, seat: int, marks: Marks, stops: list[Stop]) -> Variants:
    lines: list[Line] = []
    for index, rainbow in enumerate(view.workshops[seat]):
        cards = [marks.row_card(card) for card in rainbow]
        for position, end in ((0, "left"), (-1, "right")):
            stop = ("workshop", index, end)
            if stop in stops and cards[position].click is None:  # a kobito to swap stays a target
                card = rainbow[position]
                cards[position] = marks.source(stop, card_text(card, True, t), (card_class(card),), stops)
        left, right = marks.end(("rainbow", index, "left")), marks.end(("rainbow", index, "right"))
        lines.append(_clicks((Token(words.workshop_label(t, index + 1), ("label",)), left, *cards, right), ("rainbow", index)))
    if not lines:
        lines.append((Token(words.workshop(t), ("label",)), Token(t("no rainbows yet"), ("dim",))))
    by_id = {card.id: card for card in hand_cards(view, seat)}
    openings = [
        token
        for target in marks.picker.targets
        if target[0] == "open" and (token := marks.target(target, " ".join(card_text(by_id[c], t=t) for c in target[1]))) is not None
    ]
    if openings:
        lines.append((Token(t("New rainbow"), ("label",)), *openings))
    return (tuple(lines),)


def hand(t: Translator, cards: list[CardView], marks: Marks, stops: list[Stop]) -> Variants:
    tokens = [
        marks.source(
            ("card", card.id),
            card_text(card, t=t),
            (card_class(card), *(("playable",) if marks.picker.playable(card.id) else ())),
            stops,
        )._replace(key=f"{number}:" if number < 10 else "")  # keys 1–9 pick the first nine
        for number, card in enumerate(cards, start=1)
    ]
    return (((Token(t("Hand"), ("label",)), *(tokens or [Token(t("no cards"), ("dim",))])),),)
