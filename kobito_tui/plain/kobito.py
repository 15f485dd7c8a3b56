"""Kobito in a line player's words: the moves offered, the hand, the pots, the workshops, the scores."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from kobito_tui.core.game import Event
from kobito_tui.i18n import Translator, words
from kobito_tui.i18n.messages import card, cards
from kobito_tui.i18n.seats import Seats
from kobito_tui.kobito.cards import CARD, KIND, NUMBER, NUMBERS
from kobito_tui.kobito.view import CardView, KobitoView

from .choices import Choice, Features, distinct, listed_name
from .vocabulary import Vocabulary, both

VERBS = ("play", "open", "add", "move", "take", "end")
WILD = ("kobito", "paint")


def feature(name: str) -> str:
    """A card's feature: its number ("7"), or its kind (kobito, paint)."""
    number = NUMBER[CARD[name]]
    return str(number) if number else KIND[CARD[name]]


def _feature_words(t: Translator, wanted: str) -> str:
    return {"kobito": t("a kobito"), "paint": t("a paint card")}.get(wanted, wanted)


def _needs(row: tuple[CardView, ...], end: str) -> int | None:
    """The number a card added at ``end`` of a workshop rainbow stands for (12 and 1 are neighbours)."""
    number = row[0].number if end == "left" else row[-1].number
    if number is None:
        return None
    return (number - 2) % NUMBERS + 1 if end == "left" else number % NUMBERS + 1


def _row(t: Translator, row: Iterable[CardView]) -> str:
    return ", ".join(card(t, one.id, one.number if one.wild else None) for one in row)


class KobitoWords:
    commands = frozenset({"hand", "pots", "workshop", "scores"})

    def vocabulary(self, t: Translator) -> Vocabulary:
        # Translators: the words of a move a blind player types ("play 7 on pot B left"): one word, or several apart
        # by spaces (each works; English works too). Lower case.
        pairs = [
            ("play", t.p("plain word", "play")),
            ("open", t.p("plain word", "open")),
            ("add", t.p("plain word", "add")),
            ("move", t.p("plain word", "move")),
            ("take", t.p("plain word", "take")),
            ("end", t.p("plain word", "end")),
            ("kobito", t.p("plain word", "kobito")),
            ("paint", t.p("plain word", "paint")),
            ("left", t.p("plain word", "left")),
            ("right", t.p("plain word", "right")),
        ]
        found = both(t, pairs)
        found |= {str(number): str(number) for number in range(1, 13)}
        found |= {"k": "kobito", "p": "paint", "l": "left", "r": "right"}
        found |= {words.wild_letter(t, kind).lower(): kind for kind in WILD}
        found |= {label: f"pot:{label.upper()}" for label in "abc"}
        for number in range(1, 5):
            found |= {f"w{number}": f"w{number}", words.workshop_label(t, number).lower(): f"w{number}"}
        # Translators: words a player may put in a move that change nothing ("play 7 on pot B"), apart by spaces;
        # yours, lower case (English works too).
        fillers = t.p("plain word", "on to the at of from with pot rainbow workshop card cards as in")
        found |= {word: "" for word in (fillers + " on to the at of from with pot rainbow workshop card cards as in").split()}
        return Vocabulary(found)

    def parts(self, meanings: list[str]) -> list[Features]:
        """One move a line; "end" is the verb first, else it is a rainbow's end ("the left end")."""
        kept = [meaning for index, meaning in enumerate(meanings) if meaning and (meaning != "end" or index == 0)]
        return [Counter(kept)]

    def choices(self, t: Translator, view: KobitoView, legal: Iterable[Event]) -> list[Choice]:
        return distinct(self._choice(t, view, move) for move in legal)

    def _choice(self, t: Translator, view: KobitoView, move: Event) -> Choice:
        kind = move["type"]
        if kind == "play":
            label, end, pot = "ABC"[move["pot"]], move["end"], view.pots[move["pot"]]
            stands = None if pot is None else pot.left_needs if end == "left" else pot.right_needs
            played = card(t, move["card"], stands)  # a wild card says what it stands for there: "a kobito (as 9)"
            said = {
                "left": t("play {card} on the left end of pot {label}", card=played, label=label),
                "right": t("play {card} on the right end of pot {label}", card=played, label=label),
            }[end]
            return Choice(said, Counter(["play", feature(move["card"]), f"pot:{label}", end]), move)
        if kind == "open":
            said = t("open a workshop rainbow: {cards}", cards=cards(t, move["cards"]))
            return Choice(said, Counter(["open", *map(feature, move["cards"])]), move)
        if kind == "extend":
            number, end = move["rainbow"] + 1, move["end"]
            added = card(t, move["card"], _needs(view.workshops[move["seat"]][move["rainbow"]], end))
            said = {
                "left": t("add {card} to the left end of workshop rainbow {number}", card=added, number=number),
                "right": t("add {card} to the right end of workshop rainbow {number}", card=added, number=number),
            }[end]
            return Choice(said, Counter(["add", feature(move["card"]), f"w{number}", end]), move)
        if kind == "move":
            return self._from_workshop(t, view, move)
        if kind == "take-kobito":
            return self._take(t, view, move)
        penalty = move.get("penalty", [])
        if not penalty:
            return Choice(t("end your turn"), Counter(["end"]), move)
        said = t.n(
            "end your turn, giving up {count} penalty card: {cards}",
            "end your turn, giving up {count} penalty cards: {cards}",
            len(penalty),
            cards=cards(t, penalty),
        )
        return Choice(said, Counter(["end", *map(feature, penalty)]), move)

    def _from_workshop(self, t: Translator, view: KobitoView, move: Event) -> Choice:
        assert view.seat is not None
        row = view.workshops[view.seat][move["rainbow"]]
        moved = row[0] if move["from"] == "left" else row[-1]
        number, label = move["rainbow"] + 1, "ABC"[move["pot"]]
        fill = {"card": card(t, moved.id, moved.number if moved.wild else None), "number": number, "label": label}
        said = {
            ("left", "left"): t("move {card} from the left end of workshop rainbow {number} to the left end of pot {label}", **fill),
            ("left", "right"): t("move {card} from the left end of workshop rainbow {number} to the right end of pot {label}", **fill),
            ("right", "left"): t("move {card} from the right end of workshop rainbow {number} to the left end of pot {label}", **fill),
            ("right", "right"): t("move {card} from the right end of workshop rainbow {number} to the right end of pot {label}", **fill),
        }[move["from"], move["end"]]
        found = ["move", feature(moved.id), f"w{number}", move["from"], f"pot:{label}", move["end"]]
        return Choice(said, Counter(found), move)

    def _take(self, t: Translator, view: KobitoView, move: Event) -> Choice:
        assert view.seat is not None
        put = card(t, move["card"])
        found = ["take", "kobito", feature(move["card"])]
        for pot in view.pots:
            if pot is not None and any(one.id == move["kobito"] for one in pot.cards):
                said = t("take back the kobito from pot {label}, putting {card} in its place", label=pot.label, card=put)
                return Choice(said, Counter([*found, f"pot:{pot.label}"]), move)
        number = next(n for n, row in enumerate(view.workshops[view.seat], 1) if any(one.id == move["kobito"] for one in row))
        said = t("take back the kobito from workshop rainbow {number}, putting {card} in its place", number=number, card=put)
        return Choice(said, Counter([*found, f"w{number}"]), move)

    def prompt(self, t: Translator, view: KobitoView) -> str:
        short = view.requirement - view.played
        if view.penalty_due:
            return t.n(
                "Your turn: no card of yours fits; end it giving up {count} card as penalty (say end).",
                "Your turn: no card of yours fits; end it giving up {count} cards as penalty (say end).",
                view.penalty_due,
            )
        if short > 0:
            return t.n(
                "Your turn: play {count} more card (say moves for a list).",
                "Your turn: play {count} more cards (say moves for a list).",
                short,
            )
        return t("Your turn: play on, or end it (say end).")

    def why_none(self, t: Translator, view: KobitoView, wanted: Features) -> str:
        held = Counter(feature(one.id) for one in view.hand or ())
        named = Counter({key: count for key, count in wanted.items() if key.isdigit() or key in WILD})
        if "move" not in wanted and named - held:
            return t("You have no {card} in your hand.", card=_feature_words(t, next(iter(named - held))))
        if "end" in wanted and view.played < view.requirement and not view.penalty_due:
            return t.n(
                "Play {count} more card before ending your turn",
                "Play {count} more cards before ending your turn",
                view.requirement - view.played,
            )
        pots = [key.removeprefix("pot:") for key in wanted if key.startswith("pot:")]
        if sum(named.values()) == 1 and "move" not in wanted:
            what = _feature_words(t, next(iter(named)))
            if pots:
                return t("{what} does not fit {where}", what=what, where=t("pot {label}", label=pots[0]))
            return t("{what} does not fit any pot or rainbow end", what=what)
        return t("No move of yours fits those words; say moves for the list.")

    def state(self, command: str, t: Translator, view: KobitoView, who: Seats) -> list[str]:
        if command == "hand":
            return self._hands(t, view, who)
        if command == "pots":
            return [*map(lambda slot: self._pot(t, view, slot), range(len(view.pots))), self._decks(t, view)]
        if command == "workshop":
            return [self._workshop(t, view, who, seat) for seat in range(len(view.names))]
        return [*(self._score(t, view, who, seat) for seat in range(len(view.names))), self._decks(t, view)]

    def _hands(self, t: Translator, view: KobitoView, who: Seats) -> list[str]:
        if view.hands is not None:  # a finished game's replay: every hand
            return [t("{name}'s hand: {cards}.", name=who.label(seat), cards=_row(t, hand) or "-") for seat, hand in enumerate(view.hands)]
        if view.hand is None:
            return [t("You hold no cards here: you are watching.")]
        return [t("Your hand: {cards}.", cards=_row(t, view.hand))] if view.hand else [t("Your hand is empty.")]

    def _pot(self, t: Translator, view: KobitoView, slot: int) -> str:
        pot = view.pots[slot]
        label = "ABC"[slot]
        if pot is None:
            return t("Pot {label}: no gold is left for this place.", label=label)
        if not pot.cards:
            return t("Pot {label}: {gold} gold for a rainbow of {length}, empty.", label=label, gold=pot.value, length=pot.length)
        return t(
            "Pot {label}: {gold} gold, {laid} of {length} cards laid: {cards}; the left end takes {left}, the right end {right}.",
            label=label,
            gold=pot.value,
            laid=len(pot.cards),
            length=pot.length,
            cards=_row(t, pot.cards),
            left=pot.left_needs,
            right=pot.right_needs,
        )

    def _decks(self, t: Translator, view: KobitoView) -> str:
        return t(
            "Deck: {deck}; discard pile: {discard}; gold cards left: {gold}.",
            deck=words.cards(t, view.deck_count),
            discard=words.cards(t, view.discard_count),
            gold=view.gold_left,
        )

    def _workshop(self, t: Translator, view: KobitoView, who: Seats, seat: int) -> str:
        rows = view.workshops[seat]
        mine = who.is_reader(seat)
        if not rows:
            return t("Your workshop is empty.") if mine else t("{name}'s workshop is empty.", name=who.name(seat))
        rainbows = "; ".join(f"{words.workshop_label(t, number)}: {_row(t, row)}" for number, row in enumerate(rows, 1))
        return (
            t("Your workshop: {rainbows}.", rainbows=rainbows)
            if mine
            else t("{name}'s workshop: {rainbows}.", name=who.name(seat), rainbows=rainbows)
        )

    def _score(self, t: Translator, view: KobitoView, who: Seats, seat: int) -> str:
        return t(
            "{name}: {points} ({gold} gold won, {penalties}); {cards} in hand.",
            name=listed_name(t, who, seat),
            points=t.n("{count} point", "{count} points", view.scores[seat]),
            gold=sum(view.gold[seat]),
            penalties=words.penalty_cards(t, view.penalties[seat]),
            cards=words.cards(t, view.hand_sizes[seat]),
        )

    def help(self, t: Translator) -> list[str]:
        return [
            t("Moves: play 7 on pot B left; open 4 5 6; add 9 to W1 right; move W1 left to pot A right; take kobito 7; end."),
            t("Leave out what is clear: play 7 plays it where it fits, or lists the places; a number picks from a list."),
        ]
