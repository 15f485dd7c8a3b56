"""Every message the engines and the table produce, in words: English, Ukrainian, Russian.

Random games of both games (2–4 players, a few option sets) are read by every
seat, a spectator and the all-seeing replay; refusals, illegal events, refused
save files and options are provoked.  Each message renders in every language with nothing left in braces
and, in uk/ru, no English left; the params a seat gets hide what it may not know.
"""

from __future__ import annotations

import fcntl
import json
import pickle
import random
import re
from pathlib import Path

import pytest

from kobito_tui.core.game import SPECTATOR, IllegalEvent, OptionError, Seat, option_message
from kobito_tui.core.message import Message
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import EventError, Record, apply_checked, new_header
from kobito_tui.core.safetext import NAME_MAX_CHARS, printable
from kobito_tui.core.savefile import SaveError, dumps, load, loads
from kobito_tui.games import get_game
from kobito_tui.i18n import translator
from kobito_tui.i18n.messages import RENDER, english, english_error, say
from kobito_tui.kobito.cards import NAME
from kobito_tui.table import Refusal, Table
from kobito_tui.table import messages as refusals

NAMES = ("Ann", "Bob", "Cy", "Dee")
GAMES = [
    ("kobito", {}),
    ("kobito", {"special_start": "discard", "refill": "as-played", "first_player": 0}),
    ("treasure", {}),
    ("treasure", {"variant": "seek"}),
    ("treasure", {"shared_pawn": True, "turn_limit": 2, "first_player": 1}),
]
SOURCE = Path(__file__).resolve().parents[2] / "kobito_tui"
CORPUS = Path(__file__).resolve().parents[1] / "corpus"


def games():
    """(header, events) of random finished games: each option set at 2, 3 and 4 players."""
    for index, (game_id, options) in enumerate(GAMES):
        for players in (2, 3, 4):
            seed = 10 * index + players
            header = new_header(game_id, tuple(Seat(n) for n in NAMES[:players]), options, seed=seed)
            record, _ = random_game(get_game(game_id), header, random.Random(seed))
            yield header, record.events


def walk(header, events, seat):
    """The log messages ``seat`` reads, each with the event and the state before it."""
    game = get_game(header.game)
    state = game.new_state(header)
    for event in events:
        message = game.describe(state, event, seat)
        if message is not None:
            yield message, event, state
        game.apply(state, event)


def bent(event):
    """``event`` with each field bent out of shape, dropped, or under another chance type."""
    yield {k: v for k, v in event.items() if k != "seat"} if "seat" in event else {**event, "seat": 0}
    yield {**event, "note": 1}
    for key, value in event.items():
        if key == "type":
            continue
        yield {k: v for k, v in event.items() if k != key}
        for other in (0, 1, 2, 99, "zz", None, ["zz"], [0, 9], "7a", "K1"):
            yield {**event, key: other}
        if isinstance(value, list) and value:
            yield {**event, key: value[:-1]}
            yield {**event, key: [value[0], *value[:-1]]}
    if "seat" not in event:
        yield from ({"type": kind} for kind in ("setup", "pot", "special-start", "reshuffle", "draw", "reveal"))
        yield from ({**event, key: value} for key, value in (("depth", 1), ("tiles", []), ("pawns", [[0, 0], [0, 4]])))


def tries(game, state, upcoming):
    """Events to offer in ``state``: junk, the next event and legal moves bent, moves out of turn."""
    yield from (None, [], {"type": "nonsense"}, {"type": "nonsense", "seat": 0})
    yield from ({"type": "leave", "player": 9}, {"type": "leave", "player": 0, "why": "bored"})  # leaving (core.leaving)
    if upcoming is not None:
        yield from bent(upcoming)
    seat = game.to_act(state)
    if game.id == "treasure":  # also before the setup and while a reveal is due
        seat = seat or 0
        yield {"type": "end", "seat": seat}
        yield {"type": "pass", "seat": seat}
        yield from ({"type": "place", "seat": seat, "corner": corner} for corner in ([0, 0], [2, 2]))
        yield from ({"type": "step", "seat": seat, "dir": d} for d in ("up", "down", "left", "right"))
    if game.to_act(state) is None:
        return
    for move in game.legal_moves(state)[:3]:
        yield from bent(move)
        yield {**move, "seat": (seat + 1) % 6}
    if game.id == "treasure":
        return
    hand = [NAME[card] for card in state.hands[seat]]
    yield from ({"type": "end-turn", "seat": seat, "penalty": cards} for cards in ([], hand[:1], hand))
    yield {"type": "end-turn", "seat": seat}
    yield from ({"type": "open", "seat": seat, "cards": cards} for cards in (hand[:1], hand[:2], hand))
    yield from ({"type": "take-kobito", "seat": seat, "kobito": "K1", "card": card} for card in hand)
    yield from ({"type": "extend", "seat": seat, "card": card, "rainbow": 0, "end": "left"} for card in hand)


def illegal(game, state, upcoming=None):
    """The errors of the events the rules refuse among :func:`tries` in ``state``."""
    found = []
    for event in tries(game, state, upcoming):
        trial = game.copy_state(state)
        try:
            game.apply(trial, event)
        except IllegalEvent as error:
            found.append(error)
    return found


@pytest.fixture(scope="module")
def produced(tmp_path_factory, worker_id) -> dict[str, list[tuple[Message, tuple[str, ...]]]]:
    """Each kind of message (log, illegal, refusal) that games and tables produced, with the names to read it by.

    Built once a run (8 CPU s, mostly state copies for the illegal events): under xdist the first
    worker to need it pickles it into the run's shared temporary folder and the others read it."""
    if worker_id == "master":
        return produce()
    shared = tmp_path_factory.getbasetemp().parent  # one folder per run, shared by its workers
    with open(shared / "produced.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        built = shared / "produced.pickle"
        if not built.exists():
            built.write_bytes(pickle.dumps(produce()))
        return pickle.loads(built.read_bytes())


def produce() -> dict[str, list[tuple[Message, tuple[str, ...]]]]:
    found: dict[str, list[tuple[Message, tuple[str, ...]]]] = {"log": [], "illegal": [], "refusal": []}
    for header, events in games():
        names = tuple(s.name for s in header.seats)
        game = get_game(header.game)
        for seat in (*range(header.players), SPECTATOR, None):
            found["log"] += [(message, names) for message, _, _ in walk(header, events, seat)]
        state = game.new_state(header)
        for number, event in enumerate(events):
            if number % 5 == 0 or number < 3 or "seat" not in event:
                found["illegal"] += [(error.message, names) for error in illegal(game, state, event)]
            game.apply(state, event)
        found["log"].append((game.result(state).summary, names))
        found["illegal"] += [(error.message, names) for error in illegal(game, state)]
    leaving = [Message("game.left", {"seat": 1, "ends": ends}) for ends in (True, False)]
    leaving += [Message("game.others-left", {"seat": 0, "left": left}) for left in ([1], [1, 2])]
    leaving += [Message("game.left-note", {"seats": [2, 1]})]
    leaving += [Message(f"game.{kind}", {"seat": seat}) for kind in ("stand-in", "back", "calling-off") for seat in (0, 1)]
    leaving += [Message(f"game.{kind}", {"seat": 2, "winners": winners}) for kind in ("called-off", "won-after-leaving")
                for winners in ([], [0], [0, 1])]  # fmt: skip  # aligned by hand with its opening bracket
    found["log"] += [(message, ("Ann", "Bob", "Cy")) for message in leaving]
    table = Table(Record(new_header("kobito", (Seat("Ann"), Seat("Bob")), seed=1)), bot_delay=0)
    seat = table.to_act
    move = table._session.legal_moves()[0]
    made = [
        table.submit(1 - seat, {**move, "seat": 1 - seat}, 0),
        table.submit(seat, move, 7),
        table.submit(seat, {**move, "pot": 9}, 0),
        table.submit(5, move, 0),
        table.undo(seat),
        table.redo(seat),
        refusals.game_over(),
        Refusal("not-your-seat", {"seat": 1}),
        Refusal("too-many-tables", {"count": 3}),
        Refusal("unknown-game", {"game": "chess"}),
        Refusal("bad-seat", {"levels": ["random", "greedy", "strong"]}),
        Refusal("bad-options", {"reason": "players must be 2–6"}),
        Refusal("no-such-table", {"table": "abc"}),
        Refusal("no-seat-of-yours"),
        Refusal("seat-taken", {"seat": 1}),
        Refusal("not-at-table"),
        Refusal("no-such-seat-or-level"),
        Refusal("not-away", {"seat": 1}),
        Refusal("hub", {"error": "timed out"}),
        Refusal("analysis-too-big", {"limit": 1024}),
        Refusal("not-an-analysis", {"reason": "not an analysis: nested too deep"}),
        refusals.cannot_save(True, "analysis"),
        Refusal("what"),
    ]
    found["refusal"] = [(refusal, NAMES) for refusal in made]
    found["save"] = [(error.message, ()) for error in save_errors()]
    options = option_errors()
    found["options"] = [(error.message, NAMES) for error in options]
    found["refusal"] += [(Refusal("bad-options", {"reason": str(e), "why": option_message(e).dump()}), NAMES)
                         for e in [*options, TypeError("unhashable type: 'list'")]]  # fmt: skip  # aligned by hand with its opening bracket
    return found


def save_errors() -> list[SaveError]:
    """How the corpus's files and others as broken are refused: each way a file can be."""
    found = []
    for path in [*sorted(CORPUS.glob("*.jsonl")), CORPUS, CORPUS / "missing.jsonl"]:
        try:
            load(path)
        except SaveError as error:
            found.append(error)
    header, *events = dumps(Record(new_header("treasure", (Seat("Ann"), Seat("Bob")), seed=1))).splitlines()
    fields = json.loads(header)
    headers = [{"format": "other"}, {"game": "chess"}, {"seats": [{"name": "Ann"}]}, {"options": {}},
               {"options": {**fields["options"], "variant": "hide"}}, {"seats": [{"name": "Ann"}, {"name": "  "}]},
               {"seats": [{"name": "Ann"}, {"name": "B" * (NAME_MAX_CHARS + 1)}]}]  # fmt: skip  # aligned by hand with its opening bracket
    texts = [json.dumps({**fields, **changes}) + "\n" for changes in headers]
    texts += ["", "x", "x\n", "{}\n", f"{header}\n[1]\n", f"{header}\n" + '{"type":"setup","colours":5}\n', b"\xff\n", f"{header}\r\n"]
    texts += ["x" + "\n" * 200_002, "x" * (32 * 2**20 + 1)]
    for text in texts:
        try:
            loads(text)
        except SaveError as error:
            found.append(error)
    with pytest.raises(EventError) as caught:  # rules that fail on an event (the engines check each field first)
        apply_checked(Broken(), None, {"type": "play"}, 0)
    return [*found, SaveError("game.jsonl", 2, caught.value.message)]


class Broken:
    def apply(self, state, event):
        raise KeyError("cards")


def option_errors() -> list[OptionError]:
    """How bad options are refused, by either game."""
    bad = [("kobito", {}, 7), ("kobito", {"x": 1}, 2), ("kobito", {"refill": "no"}, 2), ("kobito", {"stalemate": 1}, 2),
           ("kobito", {"first_player": 5}, 2), ("treasure", {"turn_limit": -1}, 2), ("treasure", {"first_player": 9}, 2),
           ("treasure", {"variant": "hide"}, 2), ("treasure", {"shared_pawn": "yes"}, 2), ("treasure", {"x": 1}, 5),
           *(("kobito", {"gold_table": table}, 2) for table in ("deluxe", 5, {"x": [1]}, {"3": [1], 3: [2]}, {"1": [1]},
                                                                {"3": [-1]}, {"3": [2] * 27}, {"3": [2]}))]  # fmt: skip  # aligned by hand with its opening bracket
    found = []
    for game, options, players in bad:
        with pytest.raises(OptionError) as caught:
            get_game(game).normalize_options(options, players)
        found.append(caught.value)
    return found


def test_the_walk_meets_every_save_file_and_option_id(produced):
    met = {message.id for kind in ("save", "options") for message, _ in produced[kind]}
    met |= {message.params["reason"]["id"] for message, _ in produced["save"] if message.id == "save.bad-header"}
    ids = {id for id in RENDER if id.startswith(("save.", "options.", "name.", "event."))}
    assert ids - met == {"options.as-said"}  # (what an error not the engines' said, as it said it)


def test_a_save_files_reason_stays_english_for_tools():
    """``english_error`` is what ``kobito check`` prints: the English words, quoted values made printable;
    ``str(SaveError)`` says no words at all (the core words nothing), only the message's id."""
    for error in save_errors():
        reason = printable(english(error.message), 300)
        assert english_error(error) == f"{printable(error.path)}:{error.line}: {reason}"
        assert not re.search("[а-яіїєґё]", english_error(error), re.I)
        assert str(error).startswith(f"{printable(error.path)}:{error.line}: {error.message.id}")
    error = next(e for e in save_errors() if e.path.endswith("escape_in_option_key.jsonl"))
    assert english_error(error).endswith(": bad header: unknown Kobito option(s): \\x1b[2J\\x1b]0;pwned\\x07")
    assert say(translator("uk"), error.message) == "хибний заголовок: невідомі налаштування гри «Кобіто»: \\x1b[2J\\x1b]0;pwned\\x07"


def test_every_message_id_in_the_source_has_words():
    """An id the engines, the table or the server can say (a string literal) that nobody words fails here."""
    pattern = re.compile(r"""(?:IllegalEvent|Message|Refusal)\(\s*f?"([a-z][\w.-]*)""")
    used = {match for path in SOURCE.rglob("*.py") for match in pattern.findall(path.read_text())}
    used.discard("treasure.")  # treasure.{kind}: its ids are checked by the games walked below
    assert used and used - set(RENDER) == set()


def test_the_walk_meets_every_log_id(produced):
    assert LOG_IDS - {message.id for message, _ in produced["log"]} == set()


LOG_IDS = {
    "kobito.setup", "kobito.pot", "kobito.special-start", "kobito.reshuffle", "kobito.drew-cards", "kobito.drew",
    "kobito.play", "kobito.move", "kobito.open", "kobito.extend", "kobito.take-kobito", "kobito.end-turn",
    "kobito.won", "treasure.setup", "treasure.place", "treasure.pass", "treasure.reveal", "treasure.turn",
    "treasure.won", "treasure.turn-limit", "game.left", "game.others-left", "game.left-note",
    "game.stand-in", "game.back", "game.calling-off", "game.called-off", "game.won-after-leaving",
}  # fmt: skip  # a table: one row a line


@pytest.mark.parametrize("kind", ["log", "illegal", "refusal", "save", "options"])
def test_every_message_reads_in_every_language(produced, kind):
    seen = set()
    for message, names in produced[kind]:
        key = (message.id, json.dumps(message.params, sort_keys=True))
        if key in seen:
            continue
        seen.add(key)
        assert message.id in RENDER, message
        json.dumps(message.params)  # JSON-able
        texts = {lang: say(translator(lang), message, names) for lang in ("en", "uk", "ru")}
        for lang, text in texts.items():
            assert text and text != message.id and "{" not in text and "}" not in text, (lang, message, text)
        for lang in ("uk", "ru"):
            assert texts[lang] != texts["en"] and re.search("[а-яіїєґё]", texts[lang], re.I), (lang, message)
            assert not english_left(texts[lang], names, message, kind), (lang, message, texts[lang])


ALLOWED = {"JSON", "left", "right", "penalty", "depth", "special", "start", "reshuffle", "type", "true", "false", "random",
           "kobito", "tui", "UTF"}  # fmt: skip  # aligned by hand with its opening bracket
"""Latin words a uk/ru reason may keep: the event fields and values it names, as code spells them; the file format."""


def leaves(value):
    if isinstance(value, dict):
        return [leaf for item in value.values() for leaf in leaves(item)]
    if isinstance(value, list):
        return [value, *(leaf for item in value for leaf in leaves(item))]
    return [value]


def english_left(text: str, names: tuple[str, ...], message: Message, kind: str) -> list[str]:
    """The Latin words in ``text`` other than players' names and pot labels, and in a
    reason other than the values it quotes (what a player or a file sent, as sent)."""
    for name in names:
        text = text.replace(name, "")
    if kind != "log":
        for value in sorted(leaves(message.params), key=lambda v: -len(repr(v))):
            text = text.replace(repr(value), "").replace(str(value), "").replace(printable(str(value)), "")
    return [word for word in re.findall(r"[A-Za-z]{2,}", text) if kind == "log" or word not in ALLOWED]


def test_the_walk_provokes_most_illegal_events(produced):
    ids = {message.id for message, _ in produced["illegal"]}
    reasons = {id for id in RENDER if id.startswith(("game.", "kobito.", "treasure.")) and id not in LOG_IDS}
    # need a pot taken mid-chance, an empty deck; two penalty cards or more (tests/core/test_canonical_saves.py)
    rare = {"kobito.no-pot-there", "kobito.start-empty", "kobito.start-needs", "kobito.penalty-order"}
    assert reasons - ids <= rare, sorted(reasons - ids)


def test_a_seats_messages_name_no_card_it_may_not_know():
    """Another player's drawn and penalty cards and the decks' order never reach a seat's params."""
    for header, events in games():
        if header.game != "kobito":
            continue
        for seat in (*range(header.players), SPECTATOR):
            for message, event, _ in walk(header, events, seat):
                hidden = []
                if event["type"] in ("setup", "reshuffle"):
                    hidden = event["deck"]
                elif event["type"] == "draw" and event["player"] != seat:
                    hidden = event["cards"]
                elif event["type"] == "end-turn" and event["seat"] != seat:
                    hidden = event.get("penalty", [])
                said = json.dumps(message.params)
                assert not [card for card in hidden if f'"{card}"' in said], (seat, event, message)


def test_a_seats_messages_name_no_other_colour_before_the_end():
    for header, events in games():
        if header.game != "treasure":
            continue
        colours = next(event["colours"] for event in events if event["type"] == "setup")
        for seat in (*range(header.players), SPECTATOR):
            for message, _event, _ in walk(header, events, seat):
                others = {c for s, c in enumerate(colours) if s != seat}
                said = json.dumps({k: v for k, v in message.params.items() if k not in ("result", "tile")})
                assert not [c for c in others if f'"{c}"' in said], (seat, message)


def test_an_illegal_event_is_english_for_tools_and_its_str_is_its_id(produced):
    for message, _ in produced["illegal"][:400]:
        error = IllegalEvent(message.id, **message.params)
        assert english_error(error) == english(message) and not re.search("[а-яіїєґё]", english_error(error), re.I)
        assert str(error).split(" ")[0] == message.id  # the core words nothing
    assert english_error(IllegalEvent("kobito.not-in-hand", card="7a")) == "7a is not in your hand"
    assert str(IllegalEvent("kobito.not-in-hand", card="7a")) == "kobito.not-in-hand card='7a'"
    assert english_error(IllegalEvent("game.not-seats-turn", seat="\x1b[2J")) == "it is not seat '\\x1b[2J''s turn"
    assert "\x1b" not in str(IllegalEvent("game.not-seats-turn", seat="\x1b[2J"))  # params as code writes them


def test_names_and_values_from_outside_are_made_printable():
    play = Message("kobito.drew", {"player": 0, "count": 2})
    assert say(translator("uk"), play, ["\x1b]0;owned\x07Eve"]) == "\\x1b]0;owned\\x07Eve бере з колоди 2 карти."
    assert say(translator("en"), play, []) == "seat 0 drew 2 cards."


def test_an_unknown_id_or_params_that_do_not_fit_show_the_id():
    t = translator("ru")
    deep = Message("options.as-said", {"text": "x"})
    for _ in range(10_000):  # what a hostile server could send: each message carrying the next
        deep = Message("bad-options", {"reason": "x", "why": deep.dump()})
    assert say(t, deep, NAMES) == "bad-options"
    assert say(t, Message("save.bad-header", {"reason": "not a message"}), NAMES) == "save.bad-header"
    assert say(t, Message("from.a-newer-server", {"x": 1}), NAMES) == "from.a-newer-server"
    assert say(t, Message("kobito.play", {"seat": 0}), NAMES) == "kobito.play"
    assert say(t, Message("kobito.play", ["not", "a", "dict"]), NAMES) == "kobito.play"  # type: ignore[arg-type]
