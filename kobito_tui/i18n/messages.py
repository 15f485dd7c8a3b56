"""Messages in words: ``say(t, message, names)`` is the one place where what an
engine or the table said (a :class:`~kobito_tui.core.message.Message`: an id
and JSON parameters) becomes a sentence in the translator's language.

``names`` are the players' names by seat (the header's), made printable here;
a value that came from outside (a save file, a remote client) is shown with
``printable`` too.  Each id has one function below, registered with ``@says``;
every sentence goes through the translator so that extraction finds it.  An
unknown id or parameters that do not fit (a newer or hostile peer) show the
id rather than fail.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from kobito_tui.core.message import Message
from kobito_tui.core.safetext import NAME_MAX_CHARS, printable
from kobito_tui.kobito.cards import CARD, NUMBER, is_kobito
from kobito_tui.treasure.board import CORNER_NAMES, from_rc

from . import words
from .translation import Translator, translator

Params = dict[str, Any]


class Names:
    """The players' names by seat, printable; a seat with no name is "seat N"."""

    def __init__(self, t: Translator, names: Sequence[str]) -> None:
        self.t, self.names = t, list(names)

    def __call__(self, seat: int) -> str:
        if type(seat) is int and 0 <= seat < len(self.names):
            return printable(self.names[seat], NAME_MAX_CHARS)
        return self.t("seat {number}", number=_shown(seat))


Render = Callable[[Translator, Params, Names], str]
RENDER: dict[str, Render] = {}
"""Each message id and the function that words it."""


def says(*ids: str) -> Callable[[Render], Render]:
    def register(render: Render) -> Render:
        for id in ids:
            RENDER[id] = render
        return render

    return register


def say(t: Translator, message: Message, names: Sequence[str] = ()) -> str:
    """``message`` in ``t``'s language; ``names`` by seat, as in the game's header."""
    render = RENDER.get(message.id)
    if render is None or not isinstance(message.params, dict):
        return printable(message.id, 80)
    try:
        return render(t, message.params, Names(t, names))
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):  # params that do not fit
        return printable(message.id, 80)


def english(message: Message, names: Sequence[str] = ()) -> str:
    """``message`` in English: for tools, logs and ``str(IllegalEvent)``."""
    return say(_english(), message, names)


@cache
def _english() -> Translator:
    return translator("en")


def _shown(value: object) -> str:
    """A value from outside, as code shows it, short and printable."""
    return printable(value if isinstance(value, int) and not isinstance(value, bool) else repr(value), 60)


CARRIERS = {"bad-options", "save.bad-header"}
"""The ids whose params carry another message (as ``Message.dump()``)."""


def _carried(t: Translator, data: Any, name: Names) -> str:
    """The message carried in a carrier's params, in words: one level, never a carrier again
    (a hostile peer's messages nested thousands deep would exhaust the stack)."""
    message = Message.read(data)
    if message.id in CARRIERS:
        raise ValueError(message.id)
    return say(t, message, name.names)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- Kobito: cards -------------------------------------------------------------
def card(t: Translator, name: str, stands_for: int | None = None) -> str:
    """A card in a log line: "7", "a kobito", "a paint card (as 7)"."""
    number = CARD[name]
    if NUMBER[number]:
        return str(NUMBER[number])
    if is_kobito(number):
        return t("a kobito (as {number})", number=stands_for) if stands_for else t("a kobito")
    return t("a paint card (as {number})", number=stands_for) if stands_for else t("a paint card")


def cards(t: Translator, names: list[str]) -> str:
    return words.names(t, [card(t, name) for name in names])


def _label(slot: int) -> str:
    return "ABC"[slot]


# -- Kobito: the log -------------------------------------------------------------
@says("kobito.setup")
def _kobito_setup(t: Translator, p: Params, name: Names) -> str:
    return t("The decks are shuffled; first turn: {name}.", name=name(p["first"]))


@says("kobito.pot")
def _pot(t: Translator, p: Params, name: Names) -> str:
    fill = {"label": _label(p["slot"]), "gold": p["gold"], "length": p["length"]}
    if p["start"] is None:
        return t("Pot {label}: {gold} gold for a rainbow of {length}, with an empty rainbow.", **fill)
    return t("Pot {label}: {gold} gold for a rainbow of {length}, starting with {card}.", card=card(t, p["start"]), **fill)


@says("kobito.special-start")
def _special_start(t: Translator, p: Params, name: Names) -> str:
    if p["into_deck"]:
        text = t("{card} came up as a starting card and went back into the deck.", card=card(t, p["card"]))
    else:
        text = t("{card} came up as a starting card and went to the discard pile.", card=card(t, p["card"]))
    return _capital(text)


@says("kobito.reshuffle")
def _reshuffle(t: Translator, p: Params, name: Names) -> str:
    return t.n(
        "The discard pile is shuffled into a new deck of {count} card.",
        "The discard pile is shuffled into a new deck of {count} cards.",
        p["count"],
    )


@says("kobito.drew-cards")
def _drew_cards(t: Translator, p: Params, name: Names) -> str:
    return t("{name} drew {cards}.", name=name(p["player"]), cards=cards(t, p["cards"]))


@says("kobito.drew")
def _drew(t: Translator, p: Params, name: Names) -> str:
    return t.n("{name} drew {count} card.", "{name} drew {count} cards.", p["count"], name=name(p["player"]))


def _landing(p: Params, name: Names, t: Translator) -> Params:
    return {"name": name(p["seat"]), "card": card(t, p["card"], p["as"]), "label": _label(p["pot"]), "gold": p["gold"]}


@says("kobito.play")
def _play(t: Translator, p: Params, name: Names) -> str:
    fill = _landing(p, name, t)
    if p["end"] == "left":
        if p["gold"] is None:
            return t("{name} played {card} on the left end of pot {label}.", **fill)
        return t("{name} played {card} on the left end of pot {label} and won {gold} gold.", **fill)
    if p["gold"] is None:
        return t("{name} played {card} on the right end of pot {label}.", **fill)
    return t("{name} played {card} on the right end of pot {label} and won {gold} gold.", **fill)


@says("kobito.move")
def _move(t: Translator, p: Params, name: Names) -> str:
    fill = _landing(p, name, t) | {"number": p["rainbow"] + 1}
    if p["end"] == "left":
        if p["gold"] is None:
            return t("{name} moved {card} from workshop rainbow {number} to the left end of pot {label}.", **fill)
        return t(
            "{name} moved {card} from workshop rainbow {number} to the left end of pot {label} and won {gold} gold.",
            **fill,
        )
    if p["gold"] is None:
        return t("{name} moved {card} from workshop rainbow {number} to the right end of pot {label}.", **fill)
    return t(
        "{name} moved {card} from workshop rainbow {number} to the right end of pot {label} and won {gold} gold.",
        **fill,
    )


@says("kobito.open")
def _open(t: Translator, p: Params, name: Names) -> str:
    return t("{name} opened a workshop rainbow: {cards}.", name=name(p["seat"]), cards=cards(t, p["cards"]))


@says("kobito.extend")
def _extend(t: Translator, p: Params, name: Names) -> str:
    fill = {"name": name(p["seat"]), "card": card(t, p["card"]), "number": p["rainbow"] + 1}
    if p["end"] == "left":
        return t("{name} added {card} to the left end of workshop rainbow {number}.", **fill)
    return t("{name} added {card} to the right end of workshop rainbow {number}.", **fill)


@says("kobito.take-kobito")
def _take_kobito(t: Translator, p: Params, name: Names) -> str:
    return t("{name} took a kobito back, putting {card} in its place.", name=name(p["seat"]), card=card(t, p["card"]))


@says("kobito.end-turn")
def _end_turn(t: Translator, p: Params, name: Names) -> str:
    who, count = name(p["seat"]), p["count"]
    if not count:
        return t("{name} ended the turn.", name=who)
    if "penalty" in p:
        return t.n(
            "{name} ended the turn with {count} penalty card: {cards}.",
            "{name} ended the turn with {count} penalty cards: {cards}.",
            count,
            name=who,
            cards=cards(t, p["penalty"]),
        )
    return t.n(
        "{name} ended the turn with {count} penalty card.", "{name} ended the turn with {count} penalty cards.", count, name=who
    )


@says("kobito.won")
def _kobito_won(t: Translator, p: Params, name: Names) -> str:
    winners, score = [name(seat) for seat in p["winners"]], p["score"]
    if len(winners) == 1:
        return t.n(
            "The winner is {name}, with {score} point.",
            "The winner is {name}, with {score} points.",
            abs(score),
            name=winners[0],
            score=score,
        )
    return t.n(
        "{names} share the win, with {score} point each.",
        "{names} share the win, with {score} points each.",
        abs(score),
        names=words.names(t, winners),
        score=score,
    )


# -- Hide the Treasure: the log -----------------------------------------------
def _direction(t: Translator, direction: str) -> str:
    return {
        "up": t.p("direction", "up"),
        "down": t.p("direction", "down"),
        "left": t.p("direction", "left"),
        "right": t.p("direction", "right"),
    }[direction]


def _revealed(t: Translator, who: str, tile: list[str]) -> str:
    colour, treasure = tile[0], words.treasure(t, tile[1])
    # Translators: {treasure} is the treasure on the tile (crown, ring, goblet, key, gem).
    return {
        "red": t("{name} revealed a red {treasure}.", name=who, treasure=treasure),
        "blue": t("{name} revealed a blue {treasure}.", name=who, treasure=treasure),
        "green": t("{name} revealed a green {treasure}.", name=who, treasure=treasure),
        "yellow": t("{name} revealed a yellow {treasure}.", name=who, treasure=treasure),
        "purple": t("{name} revealed a purple {treasure}.", name=who, treasure=treasure),
    }[colour]


def _with_result(t: Translator, line: str, p: Params, name: Names) -> str:
    """``line``, then the result it ends the game with, if any."""
    result = p.get("result")
    if result is None:
        return line
    return f"{line} {RENDER[result['id']](t, result['params'], name)}"


@says("treasure.setup")
def _treasure_setup(t: Translator, p: Params, name: Names) -> str:
    first = name(p["first"])
    if p["seek"]:
        line = t("Tiles laid out chest side up, unseen; each player drew a secret colour; first turn: {name}.", name=first)
    else:
        line = t("Tiles laid out; each player drew a secret colour; first turn: {name}.", name=first)
    known = [(seat, colour) for seat, colour in enumerate(p.get("colours", ())) if colour is not None]
    if len(known) > 1:
        # Translators: one player and their secret colour, in a list of them all: "Ann red, Bob blue".
        each = [t("{name} {colour}", name=name(seat), colour=words.colour(t, c)) for seat, c in known]
        colours = t("Colours: {colours}.", colours=", ".join(each))
        return f"{line} {colours}"
    for seat, colour in known:  # the reader's own: a replay shows it as that seat saw it
        colour_of = t("{name}: secret colour {colour}.", name=name(seat), colour=words.colour(t, colour))
        return f"{line} {colour_of}"
    return line


@says("treasure.place")
def _place(t: Translator, p: Params, name: Names) -> str:
    who = name(p["seat"])
    return {
        "top-left": t("{name} put the shared pawn on the top-left corner.", name=who),
        "top-right": t("{name} put the shared pawn on the top-right corner.", name=who),
        "bottom-left": t("{name} put the shared pawn on the bottom-left corner.", name=who),
        "bottom-right": t("{name} put the shared pawn on the bottom-right corner.", name=who),
    }[CORNER_NAMES[from_rc(p["corner"])]]


@says("treasure.pass")
def _pass(t: Translator, p: Params, name: Names) -> str:
    return _with_result(t, t("{name} cannot take a step: the turn passes on.", name=name(p["seat"])), p, name)


@says("treasure.reveal")
def _reveal(t: Translator, p: Params, name: Names) -> str:
    return _with_result(t, _revealed(t, name(p["seat"]), p["tile"]), p, name)


@says("treasure.turn")
def _turn(t: Translator, p: Params, name: Names) -> str:
    who, directions = name(p["seat"]), p["directions"]
    line = t.n(
        "{name} moved {directions} — flipped {count} tile.",
        "{name} moved {directions} — flipped {count} tiles.",
        len(directions),
        name=who,
        directions=", ".join(_direction(t, d) for d in directions),
    )
    if "tile" in p:
        line = f"{line} {_revealed(t, who, p['tile'])}"
    return _with_result(t, line, p, name)


@says("treasure.won")
def _treasure_won(t: Translator, p: Params, name: Names) -> str:
    tiles, who = words.all_tiles_of(t, p["colour"]), name(p["seat"])
    if p["seek"]:
        return _capital(t("{tiles} show the treasure side: the winner is {name}.", tiles=tiles, name=who))
    return _capital(t("{tiles} show the chest side: the winner is {name}.", tiles=tiles, name=who))


@says("treasure.turn-limit")
def _turn_limit(t: Translator, p: Params, name: Names) -> str:
    return words.turn_limit_draw(t, p["rounds"])


# -- the table's and the server's refusals -----------------------------------------
@says("no-such-seat")
def _no_such_seat(t: Translator, p: Params, name: Names) -> str:
    return t("There is no such seat at this table.")


@says("game-over")
def _refused_over(t: Translator, p: Params, name: Names) -> str:
    return t("The game is over.")


@says("not-your-turn")
def _not_your_turn(t: Translator, p: Params, name: Names) -> str:
    return t("It is not your turn.")


@says("still-thinking")
def _still_thinking(t: Translator, p: Params, name: Names) -> str:
    return t("Still thinking about your last hint; wait for it.")


@says("stale-revision")
def _stale(t: Translator, p: Params, name: Names) -> str:
    return t("The table changed before your move arrived; look again.")


@says("illegal-move")
def _illegal_move(t: Translator, p: Params, name: Names) -> str:
    return t("That move is not allowed now.")


@says("nothing-to-undo")
def _nothing_to_undo(t: Translator, p: Params, name: Names) -> str:
    return t("There is no move of yours to take back.")


@says("nothing-to-redo")
def _nothing_to_redo(t: Translator, p: Params, name: Names) -> str:
    return t("There is no move to play again.")


@says("not-your-seat")
def _not_your_seat(t: Translator, p: Params, name: Names) -> str:
    return t("This terminal plays another seat.")


@says("too-many-tables")
def _too_many_tables(t: Translator, p: Params, name: Names) -> str:
    return t.n(
        "You already have {count} table waiting for players.",
        "You already have {count} tables waiting for players.",
        p["count"],
    )


@says("too-many-tables-here")
def _too_many_tables_here(t: Translator, p: Params, name: Names) -> str:
    return t.n(
        "Players from your address already have {count} table waiting for players.",
        "Players from your address already have {count} tables waiting for players.",
        p["count"],
    )


@says("too-many-computer-tables")
def _too_many_computer_tables(t: Translator, p: Params, name: Names) -> str:
    return t.n(
        "You already have {count} table of computers playing; wait until it ends.",
        "You already have {count} tables of computers playing; wait until one ends.",
        p["count"],
    )


@says("too-many-computer-tables-here")
def _too_many_computer_tables_here(t: Translator, p: Params, name: Names) -> str:
    return t.n(
        "Players from your address already have {count} table of computers playing; wait until it ends.",
        "Players from your address already have {count} tables of computers playing; wait until one ends.",
        p["count"],
    )


@says("unknown-game")
def _unknown_game(t: Translator, p: Params, name: Names) -> str:
    return t("There is no game {game}.", game=_shown(p["game"]))


@says("bad-seat")
def _bad_seat(t: Translator, p: Params, name: Names) -> str:
    return t("Each seat is open or a computer level: {levels}.", levels=", ".join(map(printable, p["levels"])))


@says("no-such-seat-or-level")
def _no_seat_or_level(t: Translator, p: Params, name: Names) -> str:
    return t("There is no such seat or computer level.")


@says("bad-options")
def _bad_options(t: Translator, p: Params, name: Names) -> str:
    """``why``: the reason as a message; ``reason``: it in English (all an older server sends)."""
    why = p.get("why")
    reason = printable(p["reason"], 200) if why is None else _carried(t, why, name)
    # Translators: {reason} says what is wrong with the options.
    return t("These options cannot be used: {reason}", reason=reason)


@says("no-such-table")
def _no_such_table(t: Translator, p: Params, name: Names) -> str:
    return t("There is no such table.")


@says("no-seat-of-yours")
def _no_seat_of_yours(t: Translator, p: Params, name: Names) -> str:
    return t("You have no seat at this table.")


@says("seat-taken")
def _seat_taken(t: Translator, p: Params, name: Names) -> str:
    return t("Seat {number} is taken.", number=p["seat"] + 1)


@says("not-creator")
def _not_creator(t: Translator, p: Params, name: Names) -> str:
    return t("Only the table's creator may give a seat to a computer.")


@says("not-away")
def _not_away(t: Translator, p: Params, name: Names) -> str:
    return t("That seat's player has not been away long.")


@says("one-seat-each")
def _one_seat_each(t: Translator, p: Params, name: Names) -> str:
    return t("You already sit in seat {number} of this table: one seat each.", number=p["seat"] + 1)


@says("wrong-code")
def _wrong_code(t: Translator, p: Params, name: Names) -> str:
    return t("No seat of this table has that code (a player with a key comes back with the key, not a code).")


@says("too-many-codes")
def _too_many_codes(t: Translator, p: Params, name: Names) -> str:
    return t.n(
        "Too many wrong seat codes: try again in {count} minute.",
        "Too many wrong seat codes: try again in {count} minutes.",
        p["minutes"],
    )


@says("seat-taken-by-code")
def _seat_taken_by_code(t: Translator, p: Params, name: Names) -> str:
    return t(
        "your seat {number} at table {table} was taken with its seat code, from another terminal",
        number=p["seat"] + 1, table=printable(p["table"], 40),
    )  # fmt: skip


@says("name-taken")
def _name_taken(t: Translator, p: Params, name: Names) -> str:
    return t("The name {name} belongs to another player's key: choose another.", name=printable(p["name"], 40))


@says("bad-settings")
def _bad_settings(t: Translator, p: Params, name: Names) -> str:
    return t("That is not a setting: {setting}.", setting=printable(p["setting"], 16))


@says("settings-not-kept")
def _settings_not_kept(t: Translator, p: Params, name: Names) -> str:
    return t("The server could not keep your settings; they hold until you leave.")


@says("cannot-save")
def _cannot_save(t: Translator, p: Params, name: Names) -> str:
    full = p.get("cause") == "disk-full"
    cause = t("the server's disk is full") if full else t("the server cannot write to its disk")
    outcomes = {
        "move": t("your move was not made"),
        "undo": t("your move was not taken back"),
        "table": t("the table was not made"),
        "seat": t("the seat did not change"),
    }
    outcome = outcomes.get(str(p.get("what")), t("nothing changed"))
    # Translators: {cause} says why the server cannot save, {outcome} what therefore did not happen.
    return t("Cannot save: {cause}; {outcome}. Try again in a while.", cause=cause, outcome=outcome)


# -- why an event is illegal: both games ---------------------------------------
@says("game.not-an-object")
def _not_an_object(t: Translator, p: Params, name: Names) -> str:
    return t("an event must be a JSON object")


@says("game.over")
def _over(t: Translator, p: Params, name: Names) -> str:
    return t("the game is over")


@says("game.set-up-already")
def _set_up(t: Translator, p: Params, name: Names) -> str:
    return t("the game is already set up")


@says("game.unknown-fields")
def _unknown_fields(t: Translator, p: Params, name: Names) -> str:
    return t(
        "a {kind} event has no field {fields}", kind=_shown(p["kind"]), fields=", ".join(map(_shown, p["fields"]))
    )


@says("game.not-seats-turn")
def _not_seats_turn(t: Translator, p: Params, name: Names) -> str:
    return t("it is not seat {seat}'s turn", seat=_shown(p["seat"]))


@says("game.first-player")
def _first_player(t: Translator, p: Params, name: Names) -> str:
    return t("the options make seat {seat} the first player", seat=_shown(p["seat"]))


# -- why an event is illegal: Kobito -----------------------------------------------
def _field(t: Translator, field: str) -> str:
    return {
        "pot": t.p("field", "pot"),
        "rainbow": t.p("field", "rainbow"),
        "slot": t.p("field", "slot"),
        "first player": t.p("field", "first player"),
        "player": t.p("field", "player"),
    }[field]


@says("kobito.bad-number")
def _bad_number(t: Translator, p: Params, name: Names) -> str:
    fill = {"what": _field(t, p["field"]), "last": p["last"], "value": _shown(p["value"])}
    return t("{what} must be a number from 0 to {last}, not {value}", **fill)


@says("kobito.not-a-card")
def _not_a_card(t: Translator, p: Params, name: Names) -> str:
    return t("{value} is not a Kobito card", value=_shown(p["value"]))


@says("kobito.not-a-list")
def _not_a_list(t: Translator, p: Params, name: Names) -> str:
    return t("{field} must be a list of cards", field=_shown(p["field"]))


@says("kobito.not-all-cards")
def _not_all_cards(t: Translator, p: Params, name: Names) -> str:
    return t("{field} holds something that is not a Kobito card", field=_shown(p["field"]))


@says("kobito.card-twice")
def _card_twice(t: Translator, p: Params, name: Names) -> str:
    return t("{field} names a card twice", field=_shown(p["field"]))


@says("kobito.bad-end")
def _bad_end(t: Translator, p: Params, name: Names) -> str:
    return t("{field} must be 'left' or 'right', not {value}", field=_shown(p["field"]), value=_shown(p["value"]))


@says("kobito.not-in-hand")
def _not_in_hand(t: Translator, p: Params, name: Names) -> str:
    return t("{card} is not in your hand", card=printable(p["card"]))


@says("kobito.no-pot-there")
def _no_pot_there(t: Translator, p: Params, name: Names) -> str:
    return t("there is no pot in that place")


@says("kobito.workshop-empty")
def _workshop_empty(t: Translator, p: Params, name: Names) -> str:
    return t("your workshop is empty")


@says("kobito.whole-deck")
def _whole_deck(t: Translator, p: Params, name: Names) -> str:
    return t("the deck must hold all {count} rainbow cards", count=p["count"])


@says("kobito.whole-gold-deck")
def _whole_gold_deck(t: Translator, p: Params, name: Names) -> str:
    return t("the gold deck must hold the {count} gold cards of the table, once each", count=p["count"])


@says("kobito.no-pot-waiting")
def _no_pot_waiting(t: Translator, p: Params, name: Names) -> str:
    return t("no pot is waiting to be laid")


@says("kobito.next-pot")
def _next_pot(t: Translator, p: Params, name: Names) -> str:
    return t("the next pot goes in place {slot}", slot=p["slot"])


@says("kobito.gold-on-top")
def _gold_on_top(t: Translator, p: Params, name: Names) -> str:
    return t("the gold card must be the top of the gold deck")


@says("kobito.start-on-top")
def _start_on_top(t: Translator, p: Params, name: Names) -> str:
    return t("the starting card must be the top of the deck")


@says("kobito.start-empty")
def _start_empty(t: Translator, p: Params, name: Names) -> str:
    return t("no number card is left to start the pot: it starts empty")


@says("kobito.start-needs")
def _start_needs(t: Translator, p: Params, name: Names) -> str:
    if p["step"] == "special":
        return t("the starting card needs a special-start event first")
    return t("the starting card needs a reshuffle event first")


@says("kobito.no-special")
def _no_special(t: Translator, p: Params, name: Names) -> str:
    return t("no special starting card is waiting")


@says("kobito.special-on-top")
def _special_on_top(t: Translator, p: Params, name: Names) -> str:
    return t("the special card must be the top of the deck")


@says("kobito.special-to-discard")
def _special_to_discard(t: Translator, p: Params, name: Names) -> str:
    return t("the special card goes to the discard pile, not into the deck")


@says("kobito.bad-depth")
def _bad_depth(t: Translator, p: Params, name: Names) -> str:
    return t("depth must be a number of cards above it, 1 to {last}", last=p["last"])


@says("kobito.no-reshuffle")
def _no_reshuffle(t: Translator, p: Params, name: Names) -> str:
    return t("no reshuffle is needed now")


@says("kobito.reshuffle-cards")
def _reshuffle_cards(t: Translator, p: Params, name: Names) -> str:
    return t("the new deck must hold exactly the deck and discard pile cards")


@says("kobito.no-draw")
def _no_draw(t: Translator, p: Params, name: Names) -> str:
    return t("no draw is due now")


@says("kobito.other-draws")
def _other_draws(t: Translator, p: Params, name: Names) -> str:
    return t("seat {seat} draws now", seat=p["seat"])


@says("kobito.draw-top")
def _draw_top(t: Translator, p: Params, name: Names) -> str:
    return t.n(
        "the draw must be the top {count} card of the deck", "the draw must be the top {count} cards of the deck", p["count"]
    )


@says("kobito.pot-misfit")
def _pot_misfit(t: Translator, p: Params, name: Names) -> str:
    return t("{card} does not fit on that end of the pot", card=printable(p["card"]))


@says("kobito.rainbow-misfit")
def _rainbow_misfit(t: Translator, p: Params, name: Names) -> str:
    return t("{card} does not fit on that end of the rainbow", card=printable(p["card"]))


@says("kobito.workshop-full")
def _workshop_full(t: Translator, p: Params, name: Names) -> str:
    return t.n("a workshop holds at most {count} rainbow", "a workshop holds at most {count} rainbows", p["count"])


@says("kobito.rainbow-too-short")
def _rainbow_too_short(t: Translator, p: Params, name: Names) -> str:
    return t("a new workshop rainbow needs at least two cards")


@says("kobito.not-a-rainbow")
def _not_a_rainbow(t: Translator, p: Params, name: Names) -> str:
    return t("those cards do not form a rainbow")


@says("kobito.only-wild-left")
def _only_wild_left(t: Translator, p: Params, name: Names) -> str:
    return t("that would leave only wild cards in the rainbow")


@says("kobito.kobito-not-laid")
def _kobito_not_laid(t: Translator, p: Params, name: Names) -> str:
    return t("{card} is not in a pot or in your workshop", card=printable(p["card"]))


@says("kobito.only-kobito")
def _only_kobito(t: Translator, p: Params, name: Names) -> str:
    return t("only a kobito can be taken back")


@says("kobito.stands-for")
def _stands_for(t: Translator, p: Params, name: Names) -> str:
    given = NUMBER[CARD[p["card"]]]
    if not given:
        return t("that kobito stands for {number}, not a wild card", number=p["number"])
    return t("that kobito stands for {number}, not {given}", number=p["number"], given=given)


@says("kobito.empty-penalty")
def _empty_penalty(t: Translator, p: Params, name: Names) -> str:
    return t("leave out 'penalty' when you give no penalty cards")


@says("kobito.play-more")
def _play_more(t: Translator, p: Params, name: Names) -> str:
    return t.n("play {count} more card: you still can", "play {count} more cards: you still can", p["count"])


@says("kobito.penalty-count")
def _penalty_count(t: Translator, p: Params, name: Names) -> str:
    return t.n("you must give exactly {count} penalty card", "you must give exactly {count} penalty cards", p["count"])


@says("kobito.unknown-event")
def _kobito_unknown_event(t: Translator, p: Params, name: Names) -> str:
    if p["move"]:
        return t("{kind} is not a Kobito move", kind=_shown(p["kind"]))
    return t("{kind} is not a Kobito chance event", kind=_shown(p["kind"]))


# -- why an event is illegal: Hide the Treasure ------------------------------------------
@says("treasure.unknown-event")
def _treasure_unknown_event(t: Translator, p: Params, name: Names) -> str:
    return t("unknown event type {kind}", kind=_shown(p["kind"]))


@says("treasure.chance-has-seat")
def _chance_has_seat(t: Translator, p: Params, name: Names) -> str:
    return t("a {kind} is chance: it has no seat", kind=printable(p["kind"]))


@says("treasure.not-set-up")
def _not_set_up(t: Translator, p: Params, name: Names) -> str:
    return t("the game is not set up yet")


@says("treasure.reveal-pending")
def _reveal_pending(t: Translator, p: Params, name: Names) -> str:
    return t("a tile turned up is still to be revealed")


@says("treasure.steps-taken")
def _steps_taken(t: Translator, p: Params, name: Names) -> str:
    return t.n("{count} step taken: end the turn", "{count} steps taken: end the turn", p["count"])


@says("treasure.place-first")
def _place_first(t: Translator, p: Params, name: Names) -> str:
    return t("place the shared pawn first")


@says("treasure.cannot-step")
def _cannot_step(t: Translator, p: Params, name: Names) -> str:
    return t("cannot step {direction} from here", direction=_shown(p["direction"]))


@says("treasure.pawn-there")
def _pawn_there(t: Translator, p: Params, name: Names) -> str:
    return t("another pawn stands there")


@says("treasure.turn-steps")
def _turn_steps(t: Translator, p: Params, name: Names) -> str:
    return t.n("a turn is exactly {count} step", "a turn is exactly {count} steps", p["count"])


@says("treasure.no-pass")
def _no_pass(t: Translator, p: Params, name: Names) -> str:
    return t("passing is only allowed when the pawn cannot take a first step")


@says("treasure.no-pawn-to-place")
def _no_pawn_to_place(t: Translator, p: Params, name: Names) -> str:
    return t("there is no pawn to place")


@says("treasure.place-on-corner")
def _place_on_corner(t: Translator, p: Params, name: Names) -> str:
    return t("the shared pawn starts on a corner")


@says("treasure.seek-no-tiles")
def _seek_no_tiles(t: Translator, p: Params, name: Names) -> str:
    return t("in seek the tiles are unseen: each is revealed when first turned up")


@says("treasure.layout-size")
def _layout_size(t: Translator, p: Params, name: Names) -> str:
    return t("the layout needs {count} tiles", count=p["count"])


@says("treasure.layout-tiles")
def _layout_tiles(t: Translator, p: Params, name: Names) -> str:
    return t("the layout must hold each of the {count} tiles once", count=p["count"])


@says("treasure.colours")
def _colours(t: Translator, p: Params, name: Names) -> str:
    return t.n("each of the {count} seat needs a distinct colour", "each of the {count} seats needs a distinct colour", p["count"])


@says("treasure.first-not-a-seat")
def _first_not_a_seat(t: Translator, p: Params, name: Names) -> str:
    return t("the first player must be a seat")


@says("treasure.first-places-pawn")
def _first_places_pawn(t: Translator, p: Params, name: Names) -> str:
    return t("the first player places the shared pawn")


@says("treasure.pawns")
def _pawns(t: Translator, p: Params, name: Names) -> str:
    return t("each seat needs a pawn")


@says("treasure.pawn-corners")
def _pawn_corners(t: Translator, p: Params, name: Names) -> str:
    return t("pawns start on distinct corners")


@says("treasure.pawns-opposite")
def _pawns_opposite(t: Translator, p: Params, name: Names) -> str:
    return t("with two players the pawns start on opposite corners")


@says("treasure.no-reveal")
def _no_reveal(t: Translator, p: Params, name: Names) -> str:
    return t("no tile is waiting to be revealed")


@says("treasure.reveal-at")
def _reveal_at(t: Translator, p: Params, name: Names) -> str:
    row, col = p["pos"]
    # Translators: {pos} is [row, column], counted from 0.
    return t("the tile to reveal is at {pos}", pos=f"[{row}, {col}]")


@says("treasure.not-in-pool")
def _not_in_pool(t: Translator, p: Params, name: Names) -> str:
    return t("{tile} is not one of the tiles still to place", tile=_shown(p["tile"]))


# -- why a save file cannot be loaded ----------------------------------------------
def _number(t: Translator, number: int) -> str:
    """A large count with its thousands apart: "200,000"."""
    # Translators: what parts a large number's thousands ("200,000"); a no-break space in many languages.
    return f"{number:,}".replace(",", t.p("thousands separator", ","))


def _detail(p: Params, key: str) -> str:
    """What a library or the system said (in English), as code shows it."""
    return printable(p[key], 160)


@says("save.long-line")
def _long_line(t: Translator, p: Params, name: Names) -> str:
    return t("the line is longer than {count} characters", count=_number(t, p["max"]))


@says("save.not-json")
def _not_json(t: Translator, p: Params, name: Names) -> str:
    # Translators: {detail} is what the JSON reader said, in English.
    return t("not valid JSON ({detail})", detail=_detail(p, "detail"))


@says("save.not-a-header")
def _not_a_header(t: Translator, p: Params, name: Names) -> str:
    # Translators: {detail} is what the JSON reader said, in English.
    return t("not a kobito-tui save file header ({detail})", detail=_detail(p, "detail"))


@says("save.too-deep")
def _too_deep(t: Translator, p: Params, name: Names) -> str:
    return t("arrays or objects nested more than {count} deep", count=p["max"])


@says("save.same-key")
def _same_key(t: Translator, p: Params, name: Names) -> str:
    return t("an object has the same key twice")


@says("save.bad-header")
def _bad_header(t: Translator, p: Params, name: Names) -> str:
    reason = _carried(t, p["reason"], name)
    # Translators: line 1 of a save file, its header, is refused; {reason} says why.
    return t("bad header: {reason}", reason=reason)


@says("save.unknown-level")
def _unknown_level(t: Translator, p: Params, name: Names) -> str:
    levels = ", ".join(map(printable, p["levels"]))
    return t("unknown computer level {level} (one of {levels})", level=_shown(p["level"]), levels=levels)


@says("save.human-level")
def _human_level(t: Translator, p: Params, name: Names) -> str:
    return t("a human seat has no level")


@says("save.players")
def _players(t: Translator, p: Params, name: Names) -> str:
    return t("{count} players (needs {min}–{max})", count=_shown(p["count"]), min=p["min"], max=p["max"])


@says("save.unusual-options")
def _unusual_options(t: Translator, p: Params, name: Names) -> str:
    return t("options are incomplete or not in their usual form")


@says("save.not-kobito")
def _not_kobito(t: Translator, p: Params, name: Names) -> str:
    return t("not a kobito-tui save file (format {format})", format=_shown(p["format"]))


@says("save.version")
def _version(t: Translator, p: Params, name: Names) -> str:
    return t("format version {version} is not supported (this app reads {supported})",
             version=_shown(p["version"]), supported=p["supported"])  # fmt: skip


@says("save.unknown-game")
def _save_unknown_game(t: Translator, p: Params, name: Names) -> str:
    return t("unknown game {game}", game=_shown(p["game"]))


@says("save.not-utf8")
def _not_utf8(t: Translator, p: Params, name: Names) -> str:
    return t("not UTF-8 text (byte {byte})", byte=printable(p["byte"], 8))


@says("save.too-large")
def _too_large(t: Translator, p: Params, name: Names) -> str:
    return t("larger than {count} MiB", count=p["mib"])


@says("save.empty")
def _empty(t: Translator, p: Params, name: Names) -> str:
    return t("empty file")


@says("save.too-many-events")
def _too_many_events(t: Translator, p: Params, name: Names) -> str:
    return t("more than {count} events", count=_number(t, p["max"]))


@says("save.truncated")
def _truncated(t: Translator, p: Params, name: Names) -> str:
    return t("truncated: the last line is incomplete")


@says("save.cannot-read")
def _cannot_read(t: Translator, p: Params, name: Names) -> str:
    # Translators: {error} is what the system said, in English.
    return t("cannot read ({error})", error=_detail(p, "error"))


@says("save.not-regular")
def _not_regular(t: Translator, p: Params, name: Names) -> str:
    return t("not a regular file")


@says("event.not-an-event")
def _not_an_event(t: Translator, p: Params, name: Names) -> str:
    return t('not an event (an object with a "type")')


@says("event.malformed")
def _malformed(t: Translator, p: Params, name: Names) -> str:
    # Translators: {error} is what the program said of the event, in English.
    return t("malformed {kind} event ({error})", kind=_shown(p["type"]), error=_detail(p, "error"))


@says("name.empty")
def _name_empty(t: Translator, p: Params, name: Names) -> str:
    return t("a player name is empty")


@says("name.too-long")
def _name_too_long(t: Translator, p: Params, name: Names) -> str:
    return t.n("a player name has at most {count} character ({given} given)",
               "a player name has at most {count} characters ({given} given)", p["max"], given=p["given"])  # fmt: skip


@says("name.control")
def _name_control(t: Translator, p: Params, name: Names) -> str:
    return t("a player name may not hold control characters ({name})", name=printable(p["name"]))


# -- why a game's options cannot be used -----------------------------------------
@says("options.as-said")
def _as_said(t: Translator, p: Params, name: Names) -> str:
    return printable(p["text"], 200)


@says("options.players")
def _option_players(t: Translator, p: Params, name: Names) -> str:
    return t("{game} is for {min}–{max} players, not {count}",
             game=words.game_title(t, p["game"]), min=p["min"], max=p["max"], count=_shown(p["count"]))  # fmt: skip


@says("options.unknown")
def _unknown_options(t: Translator, p: Params, name: Names) -> str:
    keys = ", ".join(printable(key, 60) for key in p["names"])
    return t("unknown {game} option(s): {names}", game=words.game_title(t, p["game"]), names=keys)


@says("options.choice")
def _choice(t: Translator, p: Params, name: Names) -> str:
    choices = ", ".join(map(str, p["choices"]))
    return t("{option} must be one of {choices}, not {value}", option=p["option"], choices=choices, value=_shown(p["value"]))


@says("options.bool")
def _bool(t: Translator, p: Params, name: Names) -> str:
    return t("{option} must be true or false, not {value}", option=p["option"], value=_shown(p["value"]))


@says("options.turn-limit")
def _turn_limit_option(t: Translator, p: Params, name: Names) -> str:
    return t("{option} must be a whole number, 0 for none", option=p["option"])


@says("options.first-player")
def _first_player_option(t: Translator, p: Params, name: Names) -> str:
    return t("{option} must be random or a seat from 0 to {last}, not {value}",
             option=p["option"], last=p["last"], value=_shown(p["value"]))  # fmt: skip


@says("options.gold-length")
def _gold_length(t: Translator, p: Params, name: Names) -> str:
    return t("{option} length {key} is not a number", option=p["option"], key=_shown(p["key"]))


@says("options.gold-unknown")
def _gold_unknown(t: Translator, p: Params, name: Names) -> str:
    known = ", ".join(p["known"])
    return t("unknown gold table {table} (known: {known})", table=_shown(p["table"]), known=known)


@says("options.gold-shape")
def _gold_shape(t: Translator, p: Params, name: Names) -> str:
    return t("{option} must be a table name or a table of lengths and their values", option=p["option"])


@says("options.gold-twice")
def _gold_twice(t: Translator, p: Params, name: Names) -> str:
    return t("{option} gives length {length} twice", option=p["option"], length=p["length"])


@says("options.gold-lengths")
def _gold_lengths(t: Translator, p: Params, name: Names) -> str:
    return t("{option}: lengths are 2..{max}, each with a list of values", option=p["option"], max=p["max"])


@says("options.gold-values")
def _gold_values(t: Translator, p: Params, name: Names) -> str:
    return t("{option} values must be whole numbers ≥ 0", option=p["option"])


@says("options.gold-copies")
def _gold_copies(t: Translator, p: Params, name: Names) -> str:
    return t("{option}: at most {count} gold cards of one length share a value", option=p["option"], count=p["max"])


@says("options.gold-few")
def _gold_few(t: Translator, p: Params, name: Names) -> str:
    return t("{option} needs at least {count} gold cards", option=p["option"], count=p["min"])


# -- the server's clients -------------------------------------------------------
@says("hub")
def _hub(t: Translator, p: Params, name: Names) -> str:
    return t("The server is not answering ({error}).", error=printable(p["error"], 160))


@says("what")
def _what(t: Translator, p: Params, name: Names) -> str:
    return t("Type a move's number, u, r or l.")
