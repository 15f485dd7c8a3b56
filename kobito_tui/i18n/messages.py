"""Messages in words: ``say(t, message, seats, reader)`` is the one place where what an
engine or the table said (a :class:`~kobito_tui.core.message.Message`: an id and JSON
parameters) becomes a sentence in the translator's language.

``seats`` are the header's (or the players' names by seat), ``reader`` the seat the
words address: a message about the reader's own seat takes its "you" form (context
"you", second-person grammar), never the reader's name.  Most messages are data:
:data:`RENDER` maps an id to its :class:`~.msgids.Text`, filled with the message's whole
numbers (a counted one by ``count``).  A function, registered with ``@says``, words the
ids whose sentence branches or whose parameters need words of their own; a value that
came from outside (a save file, a remote client) is shown with ``printable``.  An
unknown id or parameters that do not fit (a newer or hostile peer) show the id rather
than fail.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from kobito_tui.core.game import Seat
from kobito_tui.core.message import Message
from kobito_tui.core.record import EventError
from kobito_tui.core.safetext import printable
from kobito_tui.core.savefile import REASON_MAX_CHARS, SaveError

from . import words
from .msgids import Text, msg, msg_n, you, you_n
from .seats import Seats
from .translation import Translator, translator

Params = dict[str, Any]
Render = Callable[[Translator, Params, Seats], str]
Fill = Callable[[Translator, Params], object]


def _shown(value: object) -> str:
    """A value from outside, as code shows it, short and printable."""
    return printable(value if isinstance(value, int) and not isinstance(value, bool) else repr(value), 60)


def _number(t: Translator, number: int) -> str:
    """A large count with its thousands apart: "200,000"."""
    # Translators: what parts a large number's thousands ("200,000"); a no-break space in many languages.
    return f"{number:,}".replace(",", t.p("thousands separator", ","))


def _detail(params: Params, key: str) -> str:
    """What a library or the system said (in English), as code shows it."""
    return printable(params[key], 160)


@dataclass(frozen=True)
class Filled:
    """A data message whose placeholders are made from its params by ``fills`` (a value from
    outside made printable), beside the whole numbers every data message gets."""

    text: Text
    fills: dict[str, Fill]


def filled(text: Text, **fills: Fill) -> Filled:
    return Filled(text, fills)


def code(key: str) -> Fill:
    """A value from outside as code shows it: ``'x'``, ``7``."""
    return lambda t, params: _shown(params[key])


def plain(key: str, limit: int | None = None) -> Fill:
    """A value from outside as printable text (a card, a name, an option)."""
    return lambda t, params: printable(params[key], limit)


def listed(key: str, each: Callable[[Any], str] = printable) -> Fill:
    return lambda t, params: ", ".join(map(each, params[key]))


def reported(key: str) -> Fill:
    """What a library or the system reported (in English), quoted as code shows it."""
    return lambda t, params: _detail(params, key)


def thousands(key: str) -> Fill:
    return lambda t, params: _number(t, params[key])


def plus_one(key: str) -> Fill:
    """A seat or place counted from 1, as players count."""
    return lambda t, params: params[key] + 1


def number(key: str) -> Fill:
    """A whole number of the message under another name."""
    return lambda t, params: int(params[key])


RENDER: dict[str, Text | Filled | Render] = {
    # the table's and the server's refusals
    "no-such-seat": msg("There is no such seat at this table."),
    "game-over": msg("The game is over."),
    "not-seated": msg("You are not seated at this game."),
    "nobody-holds-up": msg("Nobody holds the game up: a vote to end it is for a player away too long, or past their time."),
    "bad-pace": msg("That is not a pace: a table is live, or turn-based with 1 hour, 12 hours, 1 day or 3 days a move."),
    "not-overdue": filled(msg("Seat {number} still has time for its move: it may be handed on once that runs out."), number=plus_one("seat")),
    "not-begun": msg("The game has not begun: there is nothing to leave yet."),
    "cannot-leave": msg("This seat cannot leave the game: its player left already, or this game cannot be left."),
    "not-your-turn": msg("It is not your turn."),
    "stale-revision": msg("The table changed before your move arrived; look again."),
    "illegal-move": msg("That move is not allowed now."),
    "nothing-to-undo": msg("Nothing to undo yet this turn"),
    "undo-before-load": msg("Moves made before this game was loaded (Continue) cannot be undone"),
    "nothing-to-redo": msg("There is no move to play again."),
    "not-your-seat": msg("This terminal plays another seat."),
    "too-many-tables": msg_n("You already have {count} table waiting for players.",
                             "You already have {count} tables waiting for players."),
    "no-such-seat-or-level": msg("There is no such seat or computer level."),
    "no-such-table": msg("There is no such table."),
    "no-seat-of-yours": msg("You have no seat at this table."),
    "not-at-table": msg("Only a player at this table, or its creator, may give a seat to a computer."),
    "not-away": msg("That seat's player has not been away long."),
    "no-rematch": msg("Only the players of a finished table may ask for its rematch."),
    "rematch-off": msg("This rematch is off: it was declined or timed out."),
    "what": msg("Type a move's number, u, r or l."),
    "unknown-game": filled(msg("There is no game {game}."), game=code("game")),
    "bad-seat": filled(msg("Each seat is open or a computer level: {levels}."), levels=listed("levels")),
    "seat-taken": filled(msg("Seat {number} is taken."), number=plus_one("seat")),
    "hub": filled(msg("The server is not answering ({error})."), error=plain("error", 160)),
    "table-moved": msg("The table moved to another server; rejoining it. Try again in a moment."),
    "store-away": msg("The server cannot read its tables just now; try again in a while."),
    "analysis-too-big": filled(msg("The analysis is too big to keep at the server (the limit is {limit} KiB)."), limit=number("limit")),
    "not-an-analysis": filled(msg("That is not an analysis of this game ({reason})."), reason=reported("reason")),
    "still-thinking": msg("Still thinking about your last hint; wait for it."),
    "too-many-tables-here": msg_n("Players from your address already have {count} table waiting for players.",
                                  "Players from your address already have {count} tables waiting for players."),
    "too-many-computer-tables": msg_n("You already have {count} table of computers playing; wait until it ends.",
                                      "You already have {count} tables of computers playing; wait until one ends."),
    "too-many-computer-tables-here": msg_n(
        "Players from your address already have {count} table of computers playing; wait until it ends.",
        "Players from your address already have {count} tables of computers playing; wait until one ends."),
    "one-seat-each": filled(msg("You already sit in seat {number} of this table: one seat each."), number=plus_one("seat")),
    "wrong-code": msg("No seat of this table has that code (a player with a key comes back with the key, not a code)."),
    "too-many-codes": msg_n("Too many wrong seat codes: try again in {count} minute.",
                            "Too many wrong seat codes: try again in {count} minutes."),
    "seat-taken-by-code": filled(msg("your seat {number} at table {table} was taken with its seat code, from another terminal"),
                                 number=plus_one("seat"), table=plain("table", 40)),
    "name-taken": filled(msg("The name {name} belongs to another player's key: choose another."), name=plain("name", 40)),
    "name-seated": filled(msg("The name {name} is a player's at a table now: choose another."), name=plain("name", 40)),
    "bad-settings": filled(msg("That is not a setting: {setting}."), setting=plain("setting", 16)),
    "settings-not-kept": msg("The server could not keep your settings; they hold until you leave."),
    "link-for-guests": msg("A guest has no link for a browser: come back to your seat with its code."),
    "no-web-door": msg("This server has no web door: its host can open one with kobito serve --web-port."),
    # why an event is illegal: both games
    "game.not-an-object": msg("an event must be a JSON object"),
    "game.over": msg("the game is over"),
    "game.set-up-already": msg("the game is already set up"),
    "game.unknown-fields": filled(msg("a {kind} event has no field {fields}"), kind=code("kind"), fields=listed("fields", _shown)),
    "game.not-seats-turn": filled(msg("it is not seat {seat}'s turn"), seat=code("seat")),
    "game.not-a-players-seat": filled(msg("seat {seat} is no player's: there is no such seat, or its player left the game"), seat=code("seat")),
    "game.first-player": filled(msg("the options make seat {seat} the first player"), seat=code("seat")),
    # Kobito
    "kobito.reshuffle": msg_n("The discard pile is shuffled into a new deck of {count} card.",
                              "The discard pile is shuffled into a new deck of {count} cards."),
    "kobito.not-a-card": filled(msg("{value} is not a Kobito card"), value=code("value")),
    "kobito.not-a-list": filled(msg("{field} must be a list of cards"), field=code("field")),
    "kobito.not-all-cards": filled(msg("{field} holds something that is not a Kobito card"), field=code("field")),
    "kobito.card-twice": filled(msg("{field} names a card twice"), field=code("field")),
    "kobito.bad-end": filled(msg("{field} must be 'left' or 'right', not {value}"), field=code("field"), value=code("value")),
    "kobito.not-in-hand": filled(msg("{card} is not in your hand"), card=plain("card")),
    "kobito.pot-misfit": filled(msg("{card} does not fit on that end of the pot"), card=plain("card")),
    "kobito.rainbow-misfit": filled(msg("{card} does not fit on that end of the rainbow"), card=plain("card")),
    "kobito.kobito-not-laid": filled(msg("{card} is not in a pot or in your workshop"), card=plain("card")),
    "kobito.no-pot-there": msg("there is no pot in that place"),
    "kobito.workshop-empty": msg("your workshop is empty"),
    "kobito.whole-deck": msg("the deck must hold all {count} rainbow cards"),
    "kobito.whole-gold-deck": msg("the gold deck must hold the {count} gold cards of the table, once each"),
    "kobito.no-pot-waiting": msg("no pot is waiting to be laid"),
    "kobito.next-pot": msg("the next pot goes in place {slot}"),
    "kobito.gold-on-top": msg("the gold card must be the top of the gold deck"),
    "kobito.start-on-top": msg("the starting card must be the top of the deck"),
    "kobito.start-empty": msg("no number card is left to start the pot: it starts empty"),
    "kobito.no-special": msg("no special starting card is waiting"),
    "kobito.special-on-top": msg("the special card must be the top of the deck"),
    "kobito.special-to-discard": msg("the special card goes to the discard pile, not into the deck"),
    "kobito.bad-depth": msg("depth must be a number of cards above it, 1 to {last}"),
    "kobito.no-reshuffle": msg("no reshuffle is needed now"),
    "kobito.reshuffle-cards": msg("the new deck must hold exactly the deck and discard pile cards"),
    "kobito.no-draw": msg("no draw is due now"),
    "kobito.other-draws": msg("seat {seat} draws now"),
    "kobito.draw-top": msg_n("the draw must be the top {count} card of the deck",
                             "the draw must be the top {count} cards of the deck"),
    "kobito.workshop-full": msg_n("a workshop holds at most {count} rainbow", "a workshop holds at most {count} rainbows"),
    "kobito.rainbow-too-short": msg("a new workshop rainbow needs at least two cards"),
    "kobito.not-a-rainbow": msg("those cards do not form a rainbow"),
    "kobito.only-wild-left": msg("that would leave only wild cards in the rainbow"),
    "kobito.only-kobito": msg("only a kobito can be taken back"),
    "kobito.empty-penalty": msg("leave out 'penalty' when you give no penalty cards"),
    "kobito.play-more": msg_n("play {count} more card: you still can", "play {count} more cards: you still can"),
    "kobito.penalty-count": msg_n("you must give exactly {count} penalty card",
                                  "you must give exactly {count} penalty cards"),
    "kobito.penalty-order": msg("list the penalty cards in the order they are in your hand"),
    # Hide the Treasure
    "treasure.unknown-event": filled(msg("unknown event type {kind}"), kind=code("kind")),
    "treasure.chance-has-seat": filled(msg("a {kind} is chance: it has no seat"), kind=plain("kind")),
    "treasure.cannot-step": filled(msg("cannot step {direction} from here"), direction=code("direction")),
    "treasure.not-in-pool": filled(msg("{tile} is not one of the tiles still to place"), tile=code("tile")),
    "treasure.not-set-up": msg("the game is not set up yet"),
    "treasure.reveal-pending": msg("a tile turned up is still to be revealed"),
    "treasure.steps-taken": msg_n("{count} step taken: end the turn", "{count} steps taken: end the turn"),
    "treasure.place-first": msg("place the shared pawn first"),
    "treasure.pawn-there": msg("another pawn stands there"),
    "treasure.turn-steps": msg_n("a turn is exactly {count} step", "a turn is exactly {count} steps"),
    "treasure.no-pass": msg("passing is only allowed when the pawn cannot take a first step"),
    "treasure.no-pawn-to-place": msg("there is no pawn to place"),
    "treasure.place-on-corner": msg("the shared pawn starts on a corner"),
    "treasure.seek-no-tiles": msg("in seek the tiles are unseen: each is revealed when first turned up"),
    "treasure.layout-size": msg("the layout needs {count} tiles"),
    "treasure.layout-tiles": msg("the layout must hold each of the {count} tiles once"),
    "treasure.colours": msg_n("each of the {count} seat needs a distinct colour",
                              "each of the {count} seats needs a distinct colour"),
    "treasure.first-not-a-seat": msg("the first player must be a seat"),
    "treasure.first-places-pawn": msg("the first player places the shared pawn"),
    "treasure.pawns": msg("each seat needs a pawn"),
    "treasure.pawn-corners": msg("pawns start on distinct corners"),
    "treasure.pawns-opposite": msg("with two players the pawns start on opposite corners"),
    "treasure.no-reveal": msg("no tile is waiting to be revealed"),
    # why a game cannot be analysed
    "analysis.unfinished": msg("the game is not finished: only a finished game is analysed"),
    "analysis.failed": msg("the analysis stopped on an internal error"),
    "analysis.no-seat": msg("the game has no seat {seat} (it has {count})"),
    # Translators: in the analysis, a move of a best line that the game's words cannot tell.
    "analysis.untold-move": msg("A move that cannot be told here."),
    # why a save file cannot be loaded
    "save.long-line": filled(msg("the line is longer than {count} characters"), count=thousands("max")),
    # Translators: {detail} is what the JSON reader said, in English.
    "save.not-json": filled(msg("not valid JSON ({detail})"), detail=reported("detail")),
    # Translators: {detail} is what the JSON reader said, in English.
    "save.not-a-header": filled(msg("not a kobito-tui save file header ({detail})"), detail=reported("detail")),
    "save.players": filled(msg("{count} players (needs {min}–{max})"), count=code("count")),
    "save.not-kobito": filled(msg("not a kobito-tui save file (format {format})"), format=code("format")),
    "save.version": filled(msg("format version {version} is not supported (this app reads {supported})"),
                           version=code("version")),
    "save.not-utf8": filled(msg("not UTF-8 text (byte {byte})"), byte=plain("byte", 8)),
    "save.too-many-events": filled(msg("more than {count} events"), count=thousands("max")),
    # Translators: {error} is what the system said, in English.
    "save.cannot-read": filled(msg("cannot read ({error})"), error=reported("error")),
    # Translators: {error} is what the program said of the event, in English.
    "event.malformed": filled(msg("malformed {kind} event ({error})"), kind=code("type"), error=reported("error")),
    "name.control": filled(msg("a player name may not hold control characters ({name})"), name=plain("name")),
    "save.too-deep": msg("arrays or objects nested more than {count} deep"),
    "save.same-key": msg("an object has the same key twice"),
    "save.human-level": msg("a human seat has no level"),
    "save.unusual-options": msg("options are incomplete or not in their usual form"),
    "save.too-large": msg("larger than {count} MiB"),
    "save.empty": msg("empty file"),
    "save.truncated": msg("truncated: the last line is incomplete"),
    "save.carriage-return": msg("a carriage return (a Windows line end): a save file ends its lines with LF only"),
    "save.not-regular": msg("not a regular file"),
    "event.not-an-event": msg('not an event (an object with a "type")'),
    "name.empty": msg("a player name is empty"),
    "name.too-long": msg_n("a player name has at most {count} character ({given} given)",
                           "a player name has at most {count} characters ({given} given)"),
    # why a game's options cannot be used
    "options.bool": filled(msg("{option} must be true or false, not {value}"), option=plain("option"), value=code("value")),
    "options.turn-limit": filled(msg("{option} must be a whole number, 0 for none"), option=plain("option")),
    "options.first-player": filled(msg("{option} must be random or a seat from 0 to {last}, not {value}"),
                                   option=plain("option"), value=code("value")),
    "options.gold-length": filled(msg("{option} length {key} is not a number"), option=plain("option"), key=code("key")),
    "options.gold-shape": filled(msg("{option} must be a table name or a table of lengths and their values"),
                                 option=plain("option")),
    "options.gold-twice": filled(msg("{option} gives length {length} twice"), option=plain("option")),
    "options.gold-lengths": filled(msg("{option}: lengths are 2..{max}, each with a list of values"), option=plain("option")),
    "options.gold-values": filled(msg("{option} values must be whole numbers ≥ 0"), option=plain("option")),
    "options.gold-copies": filled(msg("{option}: at most {count} gold cards of one length share a value"),
                                  option=plain("option"), count=number("max")),
    "options.gold-few": filled(msg("{option} needs at least {count} gold cards"), option=plain("option"), count=number("min")),
}  # fmt: skip  # a table: one row a line
"""Each message id and its words: a :class:`Text` (filled with the message's whole numbers),
a :class:`Filled` one, or the function that words it."""

COUNTS = {"save.too-deep": "max", "save.too-large": "mib", "name.too-long": "max", "too-many-codes": "minutes"}
"""The ids whose ``{count}`` comes under another key in their params."""


def says(*ids: str) -> Callable[[Render], Render]:
    def register(render: Render) -> Render:
        for id in ids:
            RENDER[id] = render
        return render

    return register


def say(t: Translator, message: Message, seats: Sequence[Seat | str] = (), reader: int | None = None) -> str:
    """``message`` in ``t``'s language, about ``seats`` (the header's), for ``reader``'s eyes."""
    render = RENDER.get(message.id)
    if render is None or not isinstance(message.params, dict):
        return printable(message.id, 80)
    try:
        if isinstance(render, (Text, Filled)):
            return _plain(t, message.id, render, message.params)
        return render(t, message.params, Seats(t, seats, reader))
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):  # params that do not fit
        return printable(message.id, 80)


def _plain(t: Translator, id: str, entry: Text | Filled, params: Params) -> str:
    """A data message, filled with its whole numbers and its fills (nothing else from outside gets in)."""
    numbers: dict[str, Any] = {key: value for key, value in params.items() if type(value) is int}
    if id in COUNTS:
        numbers["count"] = numbers[COUNTS[id]]
    if isinstance(entry, Filled):
        numbers |= {key: fill(t, params) for key, fill in entry.fills.items()}
        entry = entry.text
    return t.text(entry, numbers["count"] if entry.plural else None, **numbers)


def english(message: Message, seats: Sequence[Seat | str] = ()) -> str:
    """``message`` in English: for tools and logs."""
    return say(_english(), message, seats)


def english_error(error: BaseException) -> str:
    """What ``error`` says, in English, for tools and logs: a core error's message worded
    (a save file's as ``FILE:LINE: reason``, a record's as ``event N: reason``), any other
    error's ``str()``."""
    message = getattr(error, "message", None)
    if not isinstance(message, Message):
        return str(error)
    if isinstance(error, SaveError):
        return f"{printable(error.path)}:{error.line}: {printable(english(message), REASON_MAX_CHARS)}"
    if isinstance(error, EventError):
        return f"event {error.index + 1}: {english(message)}"
    return english(message)


@cache
def _english() -> Translator:
    return translator("en")


def _by(t: Translator, who: Seats, seat: object, other: Text, mine: Text, count: int | None = None, **fill: Any) -> str:
    """A sentence about ``seat``: ``mine`` (second person) when it is the reader's, else ``other``
    with the seat's ``{name}``."""
    if who.is_reader(seat):
        return t.text(mine, count, **fill)
    return t.text(other, count, name=who(seat), **fill)


CARRIERS = {"bad-options", "save.bad-header"}
"""The ids whose params carry another message (as ``Message.dump()``)."""


def _carried(t: Translator, data: Any, who: Seats) -> str:
    """The message carried in a carrier's params, in words: one level, never a carrier again
    (a hostile peer's messages nested thousands deep would exhaust the stack)."""
    message = Message.read(data)
    if message.id in CARRIERS:
        raise ValueError(message.id)
    return say(t, message, who.seats, who.reader)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- Kobito: cards -------------------------------------------------------------
def card(t: Translator, name: str, stands_for: int | None = None) -> str:
    """A card in a log line: "7", "a kobito", "a paint card (as 7)"."""
    from kobito_tui.kobito.cards import CARD, NUMBER, is_kobito  # here: the title, which words no card, loads no engine

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
FIRST = (msg("The decks are shuffled; first turn: {name}."), you("The decks are shuffled; you take the first turn."))

PLAYED = {  # (end, won gold): the third person, then the reader's own
    ("left", False): (msg("{name} played {card} on the left end of pot {label}."),
                      you("You played {card} on the left end of pot {label}.")),
    ("left", True): (msg("{name} played {card} on the left end of pot {label} and won {gold} gold."),
                     you("You played {card} on the left end of pot {label} and won {gold} gold.")),
    ("right", False): (msg("{name} played {card} on the right end of pot {label}."),
                       you("You played {card} on the right end of pot {label}.")),
    ("right", True): (msg("{name} played {card} on the right end of pot {label} and won {gold} gold."),
                      you("You played {card} on the right end of pot {label} and won {gold} gold.")),
}  # fmt: skip  # a table: one row a line

MOVED = {
    ("left", False): (msg("{name} moved {card} from workshop rainbow {number} to the left end of pot {label}."),
                      you("You moved {card} from workshop rainbow {number} to the left end of pot {label}.")),
    ("left", True): (
        msg("{name} moved {card} from workshop rainbow {number} to the left end of pot {label} and won {gold} gold."),
        you("You moved {card} from workshop rainbow {number} to the left end of pot {label} and won {gold} gold.")),
    ("right", False): (msg("{name} moved {card} from workshop rainbow {number} to the right end of pot {label}."),
                       you("You moved {card} from workshop rainbow {number} to the right end of pot {label}.")),
    ("right", True): (
        msg("{name} moved {card} from workshop rainbow {number} to the right end of pot {label} and won {gold} gold."),
        you("You moved {card} from workshop rainbow {number} to the right end of pot {label} and won {gold} gold.")),
}  # fmt: skip  # a table: one row a line

EXTENDED = {
    "left": (msg("{name} added {card} to the left end of workshop rainbow {number}."),
             you("You added {card} to the left end of workshop rainbow {number}.")),
    "right": (msg("{name} added {card} to the right end of workshop rainbow {number}."),
              you("You added {card} to the right end of workshop rainbow {number}.")),
}  # fmt: skip  # a table: one row a line


@says("kobito.setup")
def _kobito_setup(t: Translator, params: Params, who: Seats) -> str:
    return _by(t, who, params["first"], *FIRST)


@says("kobito.pot")
def _pot(t: Translator, params: Params, who: Seats) -> str:
    fill = {"label": _label(params["slot"]), "gold": params["gold"], "length": params["length"]}
    if params["start"] is None:
        return t("Pot {label}: {gold} gold for a rainbow of {length}, with an empty rainbow.", **fill)
    return t("Pot {label}: {gold} gold for a rainbow of {length}, starting with {card}.", card=card(t, params["start"]), **fill)


@says("kobito.special-start")
def _special_start(t: Translator, params: Params, who: Seats) -> str:
    if params["into_deck"]:
        text = t("{card} came up as a starting card and went back into the deck.", card=card(t, params["card"]))
    else:
        text = t("{card} came up as a starting card and went to the discard pile.", card=card(t, params["card"]))
    return _capital(text)


@says("kobito.drew-cards")
def _drew_cards(t: Translator, params: Params, who: Seats) -> str:
    return _by(t, who, params["player"], msg("{name} drew {cards}."), you("You drew {cards}."), cards=cards(t, params["cards"]))


@says("kobito.drew")
def _drew(t: Translator, params: Params, who: Seats) -> str:
    other = msg_n("{name} drew {count} card.", "{name} drew {count} cards.")
    return _by(t, who, params["player"], other, you_n("You drew {count} card.", "You drew {count} cards."), params["count"])


def _landing(t: Translator, params: Params) -> Params:
    return {"card": card(t, params["card"], params["as"]), "label": _label(params["pot"]), "gold": params["gold"]}


@says("kobito.play")
def _play(t: Translator, params: Params, who: Seats) -> str:
    return _by(t, who, params["seat"], *PLAYED[params["end"], params["gold"] is not None], **_landing(t, params))


@says("kobito.move")
def _move(t: Translator, params: Params, who: Seats) -> str:
    return _by(
        t, who, params["seat"], *MOVED[params["end"], params["gold"] is not None], **_landing(t, params), number=params["rainbow"] + 1
    )


@says("kobito.open")
def _open(t: Translator, params: Params, who: Seats) -> str:
    opened = msg("{name} opened a workshop rainbow: {cards}."), you("You opened a workshop rainbow: {cards}.")
    return _by(t, who, params["seat"], *opened, cards=cards(t, params["cards"]))


@says("kobito.extend")
def _extend(t: Translator, params: Params, who: Seats) -> str:
    return _by(t, who, params["seat"], *EXTENDED[params["end"]], card=card(t, params["card"]), number=params["rainbow"] + 1)


@says("kobito.take-kobito")
def _take_kobito(t: Translator, params: Params, who: Seats) -> str:
    took = (msg("{name} took a kobito back, putting {card} in its place."),
            you("You took a kobito back, putting {card} in its place."))  # fmt: skip  # aligned by hand with its opening bracket
    return _by(t, who, params["seat"], *took, card=card(t, params["card"]))


@says("kobito.end-turn")
def _end_turn(t: Translator, params: Params, who: Seats) -> str:
    seat, count = params["seat"], params["count"]
    if not count:
        return _by(t, who, seat, msg("{name} ended the turn."), you("You ended the turn."))
    if "penalty" in params:
        other = msg_n(
            "{name} ended the turn with {count} penalty card: {cards}.", "{name} ended the turn with {count} penalty cards: {cards}."
        )
        mine = you_n("You ended the turn with {count} penalty card: {cards}.",
                     "You ended the turn with {count} penalty cards: {cards}.")  # fmt: skip  # aligned by hand with its opening bracket
        return _by(t, who, seat, other, mine, count, cards=cards(t, params["penalty"]))
    other = msg_n("{name} ended the turn with {count} penalty card.", "{name} ended the turn with {count} penalty cards.")
    mine = you_n("You ended the turn with {count} penalty card.", "You ended the turn with {count} penalty cards.")
    return _by(t, who, seat, other, mine, count)


@says("kobito.won")
def _kobito_won(t: Translator, params: Params, who: Seats) -> str:
    winners, score = params["winners"], params["score"]
    others = [who(seat) for seat in winners if not who.is_reader(seat)]
    if len(winners) == 1:
        one = (msg_n("The winner is {name}, with {score} point.", "The winner is {name}, with {score} points."),
               you_n("You win, with {score} point.", "You win, with {score} points."))  # fmt: skip  # aligned by hand with its opening bracket
        return _by(t, who, winners[0], *one, abs(score), score=score)
    if len(others) < len(winners):
        return t.np("you", "You and {names} share the win, with {score} point each.",
                    "You and {names} share the win, with {score} points each.", abs(score),
                    names=words.names(t, others), score=score)  # fmt: skip  # aligned by hand with its opening bracket
    return t.n("{names} share the win, with {score} point each.", "{names} share the win, with {score} points each.",
               abs(score), names=words.names(t, others), score=score)  # fmt: skip  # aligned by hand with its opening bracket


# -- Hide the Treasure: the log -----------------------------------------------
REVEALED = {
    # Translators: {treasure} is the treasure on the tile (crown, ring, goblet, key, gem).
    "red": (msg("{name} revealed a red {treasure}."), you("You revealed a red {treasure}.")),
    "blue": (msg("{name} revealed a blue {treasure}."), you("You revealed a blue {treasure}.")),
    "green": (msg("{name} revealed a green {treasure}."), you("You revealed a green {treasure}.")),
    "yellow": (msg("{name} revealed a yellow {treasure}."), you("You revealed a yellow {treasure}.")),
    "purple": (msg("{name} revealed a purple {treasure}."), you("You revealed a purple {treasure}.")),
}

PLACED = {
    "top-left": (msg("{name} put the shared pawn on the top-left corner."),
                 you("You put the shared pawn on the top-left corner.")),
    "top-right": (msg("{name} put the shared pawn on the top-right corner."),
                  you("You put the shared pawn on the top-right corner.")),
    "bottom-left": (msg("{name} put the shared pawn on the bottom-left corner."),
                    you("You put the shared pawn on the bottom-left corner.")),
    "bottom-right": (msg("{name} put the shared pawn on the bottom-right corner."),
                     you("You put the shared pawn on the bottom-right corner.")),
}  # fmt: skip  # a table: one row a line

TREASURE_FIRST = {
    True: (msg("Tiles laid out chest side up, unseen; each player drew a secret colour; first turn: {name}."),
           you("Tiles laid out chest side up, unseen; each player drew a secret colour; you take the first turn.")),
    False: (msg("Tiles laid out; each player drew a secret colour; first turn: {name}."),
            you("Tiles laid out; each player drew a secret colour; you take the first turn.")),
}  # fmt: skip  # a table: one row a line

SHOWN = {  # seek: the winning tiles show the treasure side; else the chest side
    True: (msg("{tiles} show the treasure side: the winner is {name}."), you("{tiles} show the treasure side: you win.")),
    False: (msg("{tiles} show the chest side: the winner is {name}."), you("{tiles} show the chest side: you win.")),
}


def _revealed(t: Translator, who: Seats, seat: int, tile: list[str]) -> str:
    return _by(t, who, seat, *REVEALED[tile[0]], treasure=words.treasure(t, tile[1]))


def _with_result(t: Translator, line: str, params: Params, who: Seats) -> str:
    """``line``, then the result it ends the game with, if any."""
    result = params.get("result")
    if result is None:
        return line
    if result["id"] not in ("treasure.won", "treasure.turn-limit"):  # never a line that carries a result again
        raise ValueError(result["id"])
    return f"{line} {say(t, Message.read(result), who.seats, who.reader)}"


@says("treasure.setup")
def _treasure_setup(t: Translator, params: Params, who: Seats) -> str:
    line = _by(t, who, params["first"], *TREASURE_FIRST[bool(params["seek"])])
    known = [(seat, colour) for seat, colour in enumerate(params.get("colours", ())) if colour is not None]
    if len(known) > 1:
        # Translators: one player and their secret colour, in a list of them all: "Ann red, Bob blue".
        each = [_by(t, who, seat, msg("{name} {colour}"), you("you {colour}"), colour=words.colour(t, c)) for seat, c in known]
        colours = t("Colours: {colours}.", colours=", ".join(each))
        return f"{line} {colours}"
    for seat, colour in known:  # the reader's own: a replay shows it as that seat saw it
        secret = msg("{name}: secret colour {colour}."), you("Your secret colour: {colour}.")
        return f"{line} {_by(t, who, seat, *secret, colour=words.colour(t, colour))}"
    return line


@says("treasure.place")
def _place(t: Translator, params: Params, who: Seats) -> str:
    from kobito_tui.treasure.board import CORNER_NAMES, from_rc  # (see card)

    corner = from_rc(params["corner"])
    if corner is None:  # not a corner: shown as the id, like any message whose params do not fit
        raise ValueError(params["corner"])
    return _by(t, who, params["seat"], *PLACED[CORNER_NAMES[corner]])


@says("treasure.pass")
def _pass(t: Translator, params: Params, who: Seats) -> str:
    passed = msg("{name} cannot take a step: the turn passes on."), you("You cannot take a step: the turn passes on.")
    return _with_result(t, _by(t, who, params["seat"], *passed), params, who)


@says("treasure.reveal")
def _reveal(t: Translator, params: Params, who: Seats) -> str:
    return _with_result(t, _revealed(t, who, params["seat"], params["tile"]), params, who)


@says("treasure.turn")
def _turn(t: Translator, params: Params, who: Seats) -> str:
    seat, directions = params["seat"], params["directions"]
    other = msg_n("{name} moved {directions} — flipped {count} tile.", "{name} moved {directions} — flipped {count} tiles.")
    mine = you_n("You moved {directions} — flipped {count} tile.", "You moved {directions} — flipped {count} tiles.")
    shown = ", ".join(words.direction(t, d) for d in directions)
    line = _by(t, who, seat, other, mine, len(directions), directions=shown)
    if "tile" in params:
        line = f"{line} {_revealed(t, who, seat, params['tile'])}"
    return _with_result(t, line, params, who)


@says("treasure.won")
def _treasure_won(t: Translator, params: Params, who: Seats) -> str:
    return _capital(_by(t, who, params["seat"], *SHOWN[bool(params["seek"])], tiles=words.all_tiles_of(t, params["colour"])))


@says("treasure.turn-limit")
def _turn_limit(t: Translator, params: Params, who: Seats) -> str:
    return words.turn_limit_draw(t, params["rounds"])


# -- the table's and the server's refusals -----------------------------------------
@says("bad-options")
def _bad_options(t: Translator, params: Params, who: Seats) -> str:
    """``why``: the reason as a message; ``reason``: it in English (all an older server sends)."""
    why = params.get("why")
    reason = printable(params["reason"], 200) if why is None else _carried(t, why, who)
    # Translators: {reason} says what is wrong with the options.
    return t("These options cannot be used: {reason}", reason=reason)


@says("cannot-save")
def _cannot_save(t: Translator, params: Params, who: Seats) -> str:
    full = params.get("cause") == "disk-full"
    cause = t("the server's disk is full") if full else t("the server cannot write to its disk")
    outcomes = {
        "move": t("your move was not made"),
        "undo": t("your move was not taken back"),
        "table": t("the table was not made"),
        "seat": t("the seat did not change"),
        "analysis": t("the analysis was not kept"),
    }
    outcome = outcomes.get(str(params.get("what")), t("nothing changed"))
    # Translators: {cause} says why the server cannot save, {outcome} what therefore did not happen.
    return t("Cannot save: {cause}; {outcome}. Try again in a while.", cause=cause, outcome=outcome)


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
def _bad_number(t: Translator, params: Params, who: Seats) -> str:
    fill = {"what": _field(t, params["field"]), "last": params["last"], "value": _shown(params["value"])}
    return t("{what} must be a number from 0 to {last}, not {value}", **fill)


@says("kobito.start-needs")
def _start_needs(t: Translator, params: Params, who: Seats) -> str:
    if params["step"] == "special":
        return t("the starting card needs a special-start event first")
    return t("the starting card needs a reshuffle event first")


@says("kobito.stands-for")
def _stands_for(t: Translator, params: Params, who: Seats) -> str:
    from kobito_tui.kobito.cards import CARD, NUMBER  # (see card)

    given = NUMBER[CARD[params["card"]]]
    if not given:
        return t("that kobito stands for {number}, not a wild card", number=params["number"])
    return t("that kobito stands for {number}, not {given}", number=params["number"], given=given)


@says("kobito.unknown-event")
def _kobito_unknown_event(t: Translator, params: Params, who: Seats) -> str:
    if params["move"]:
        return t("{kind} is not a Kobito move", kind=_shown(params["kind"]))
    return t("{kind} is not a Kobito chance event", kind=_shown(params["kind"]))


# -- why an event is illegal: Hide the Treasure ------------------------------------------
@says("treasure.reveal-at")
def _reveal_at(t: Translator, params: Params, who: Seats) -> str:
    row, col = params["pos"]
    # Translators: {pos} is [row, column], counted from 0.
    return t("the tile to reveal is at {pos}", pos=f"[{row}, {col}]")


# -- why a save file cannot be loaded ----------------------------------------------


@says("save.bad-header")
def _bad_header(t: Translator, params: Params, who: Seats) -> str:
    reason = _carried(t, params["reason"], who)
    # Translators: line 1 of a save file, its header, is refused; {reason} says why.
    return t("bad header: {reason}", reason=reason)


@says("save.unknown-level")
def _unknown_level(t: Translator, params: Params, who: Seats) -> str:
    levels = ", ".join(map(printable, params["levels"]))
    return t("unknown computer level {level} (one of {levels})", level=_shown(params["level"]), levels=levels)


# -- why a game's options cannot be used -----------------------------------------
@says("options.as-said")
def _as_said(t: Translator, params: Params, who: Seats) -> str:
    return printable(params["text"], 200)


@says("save.unknown-game")
def _save_unknown_game(t: Translator, params: Params, who: Seats) -> str:
    known = params.get("known")  # (a message from before the known games were named has none)
    if not isinstance(known, list) or not known:
        return t("unknown game {game}", game=_shown(params["game"]))
    # Translators: {known} lists the ids of the games this program plays ('kobito', 'treasure').
    return t("unknown game {game} (the games known: {known})", game=_shown(params["game"]), known=", ".join(map(_shown, known)))


@says("options.players")
def _option_players(t: Translator, params: Params, who: Seats) -> str:
    return t("{game} is for {min}–{max} players, not {count}",
             game=words.game_title(t, params["game"]), min=params["min"], max=params["max"], count=_shown(params["count"]))  # fmt: skip  # aligned by hand with its opening bracket


@says("options.unknown")
def _unknown_options(t: Translator, params: Params, who: Seats) -> str:
    keys = ", ".join(printable(key, 60) for key in params["names"])
    return t("unknown {game} option(s): {names}", game=words.game_title(t, params["game"]), names=keys)


@says("options.choice")
def _choice(t: Translator, params: Params, who: Seats) -> str:
    choices = ", ".join(map(str, params["choices"]))
    return t("{option} must be one of {choices}, not {value}", option=params["option"], choices=choices, value=_shown(params["value"]))


@says("options.gold-unknown")
def _gold_unknown(t: Translator, params: Params, who: Seats) -> str:
    known = ", ".join(params["known"])
    return t("unknown gold table {table} (known: {known})", table=_shown(params["table"]), known=known)


# -- the computers' troubles ---------------------------------------------------
@says("computer.unavailable")
def _unavailable(t: Translator, params: Params, who: Seats) -> str:
    # Translators: {level} is a computer's level (Easy, Medium, Hard); {error} what the program said, in English.
    return t("The {level} computer is unavailable ({error}); a random one plays.",
             level=words.level_name(t, params["level"]), error=_detail(params, "error"))  # fmt: skip  # aligned by hand with its opening bracket


@says("computer.failed")
def _computer_failed(t: Translator, params: Params, who: Seats) -> str:
    # Translators: {error} is what the program said, in English; {name} the seat the computer plays.
    return t("The computer failed ({error}); a random one plays for {name}.", error=_detail(params, "error"), name=who(params["seat"]))


@says("game.left")
def _left(t: Translator, params: Params, who: Seats) -> str:
    if params.get("ends"):
        left = msg("{name} left the game."), you("You left the game.")
    else:
        left = msg("{name} left the game: a computer plays on in their seat."), you("You left the game: a computer plays on in your seat.")
    return _by(t, who, params["seat"], *left)


@says("game.stand-in")
def _stand_in(t: Translator, params: Params, who: Seats) -> str:
    away = (
        msg("{name} is away: a computer plays in their seat until they are back."),
        you("You are away: a computer plays in your seat until you are back."),
    )
    return _by(t, who, params["seat"], *away)


@says("game.back")
def _back(t: Translator, params: Params, who: Seats) -> str:
    return _by(t, who, params["seat"], msg("{name} is back and plays their seat again."), you("You are back and play your seat again."))


@says("game.calling-off")
def _calling_off(t: Translator, params: Params, who: Seats) -> str:
    held = msg("{name} held the game up: the others ended it as it stood."), you("You held the game up: the others ended it as it stood.")
    return _by(t, who, params["seat"], *held)


@says("game.called-off")
def _called_off(t: Translator, params: Params, who: Seats) -> str:
    return f"{t('The game was ended as it stood.')} {_winners(t, who, params['winners'])}"


@says("game.won-after-leaving")
def _won_after_leaving(t: Translator, params: Params, who: Seats) -> str:
    return f"{t('A seat whose player had left finished first.')} {_winners(t, who, params['winners'])}"


def _winners(t: Translator, who: Seats, winners: list[int]) -> str:
    """Who wins, for a result that says no score: nobody, one (you or a name), or several sharing it."""
    if not winners:
        return t("Nobody wins.")
    if len(winners) == 1:
        return _by(t, who, winners[0], msg("The winner is {name}."), you("You win."))
    others = words.names(t, [who(seat) for seat in winners if not who.is_reader(seat)])
    if any(who.is_reader(seat) for seat in winners):
        return t.p("you", "You and {names} share the win.", names=others)
    return t("{names} share the win.", names=others)


@says("game.others-left")
def _others_left(t: Translator, params: Params, who: Seats) -> str:
    """Who left (the one, or everyone else), then who wins: the one who stayed."""
    left = params.get("left", [])
    if len(left) == 1:
        gone = _by(t, who, left[0], msg("{name} left the game."), you("You left the game."))
    else:
        gone = t("Every other player left the game.")
    return f"{gone} {_winners(t, who, [params['seat']])}"


@says("game.left-note")
def _left_note(t: Translator, params: Params, who: Seats) -> str:
    names = words.names(t, [who(seat) for seat in params["seats"]])
    return t.text(
        msg_n("{names} left the game and finishes last.", "{names} left the game and finish last."), len(params["seats"]), names=names
    )


@says("result.tie-break")
def _tie_break(t: Translator, params: Params, who: Seats) -> str:
    tied, won = words.names(t, [who(seat) for seat in params["tied"]]), [who(seat) for seat in params["winners"]]
    if len(won) == 1:
        return t("{names} tied on points: the tie-break (fewer penalty cards) gives the win to {name}.",
                 names=tied, name=won[0])  # fmt: skip  # aligned by hand with its opening bracket
    return t("{names} tied on points and on penalty cards: the win is shared.", names=tied)


@says("undo-barrier")
def _undo_barrier(t: Translator, params: Params, who: Seats) -> str:
    """Why undo stops at the turn's last chance event, by its type."""
    after = {
        "pot": t("No undo past this point: a new pot was laid after your move"),
        "reveal": t("No undo past this point: a tile was revealed after your move"),
        "reshuffle": t("No undo past this point: the deck was reshuffled after your move"),
    }
    kind = params.get("after")
    if kind is not None and not isinstance(kind, str):
        raise TypeError("undo-barrier: its after is not an event type")  # say() gives the id
    return after.get(kind or "") or t("No undo past this point: something new was revealed")
