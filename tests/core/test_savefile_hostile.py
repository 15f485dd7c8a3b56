"""Hostile save files (issue 10): refused with FILE:LINE: reason, never a crash, a hang or a loop.

Load, Continue, the saved-games browser and `kobito check` all go through
``savefile.load``; only SaveError may leave it.
"""

import json
import os
import random
from pathlib import Path

import pytest
from worded import raises_worded

from kobito_tui.app.browser.entries import read_entry, scan
from kobito_tui.app.savegames import latest_unfinished
from kobito_tui.cli import main
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import BOT_LEVELS, Record, new_header, parse_players
from kobito_tui.core.safetext import NAME_MAX_CHARS
from kobito_tui.core.savefile import MAX_DEPTH, MAX_LINE_CHARS, SaveError, dumps, load, loads, parse_header, save
from kobito_tui.games import get_game
from kobito_tui.i18n import translator
from kobito_tui.i18n.messages import english

DOCS = Path(__file__).parents[2] / "docs" / "save-format.md"


def game_lines(game_id="kobito", players="Ann,Bob", options=None, seed=3) -> list[str]:
    header = new_header(game_id, parse_players(players), options, seed=seed)
    record, _ = random_game(get_game(game_id), header, random.Random(seed))
    return dumps(record).splitlines()


def text_of(lines) -> str:
    return "\n".join(lines) + "\n"


def refused(text) -> SaveError:
    with pytest.raises(SaveError) as caught:
        loads(text, "game.jsonl")
    return caught.value


def with_header(lines, **changes) -> list[str]:
    return [json.dumps({**json.loads(lines[0]), **changes}, separators=(",", ":")), *lines[1:]]


def with_options(lines, **changes) -> list[str]:
    return with_header(lines, options={**json.loads(lines[0])["options"], **changes})


# --- 1. nesting and the gold table -------------------------------------------------------


DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize("where", ["event", "option", "unknown option", "header field"])
def test_deep_nesting_is_refused_everywhere_not_a_recursion_error(tmp_path, where):
    lines = game_lines()
    deep = "[" * 3000 + "]" * 3000
    if where == "event":
        lines[5] = '{"type":"play","seat":0,"card":' + deep + "}"
    elif where == "option":
        lines[0] = lines[0].replace('"gold_table":"standard"', '"gold_table":' + deep)
    elif where == "unknown option":
        lines[0] = lines[0].replace('"gold_table":"standard"', '"gold_table":"standard","x":' + deep)
    else:
        lines[0] = lines[0].replace('"app":', '"extra":' + deep + ',"app":')
    error = refused(text_of(lines))
    assert error.line == (6 if where == "event" else 1)
    assert english(error.message) == f"arrays or objects nested more than {MAX_DEPTH} deep"


def test_nesting_just_within_the_limit_is_parsed_and_just_over_refused():
    lines = game_lines()
    assert "nested" not in english(refused(text_of([*lines[:3], "[" * MAX_DEPTH + "]" * MAX_DEPTH])).message)
    assert "nested" in english(refused(text_of([*lines[:3], "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)])).message)


def test_100_000_deep_line_is_refused_by_its_length():
    error = refused(text_of([*game_lines()[:3], DEEP]))
    assert (error.line, english(error.message)) == (4, f"the line is longer than {MAX_LINE_CHARS:,} characters")


def test_deep_file_in_the_saves_folder_leaves_check_continue_and_the_browser_working(tmp_path, capsys):
    lines = game_lines()
    deep = tmp_path / "deep.jsonl"
    deep.write_text(text_of([*lines[:5], "[" * 5000 + "]" * 5000]))
    good = tmp_path / "good.jsonl"
    save(good, loads(text_of(lines[:20])))
    os.utime(good, (1, 1))  # older: Continue meets the deep file first
    assert main(["check", str(deep)]) == 1
    assert capsys.readouterr().out == f"{deep}:6: arrays or objects nested more than {MAX_DEPTH} deep\n"
    assert latest_unfinished(tmp_path) == good
    entry = read_entry(deep)
    assert entry.error == f"line 6: arrays or objects nested more than {MAX_DEPTH} deep"
    assert entry.header is not None and entry.players(translator("en")) == "Ann, Bob"


@pytest.mark.parametrize("copies, ok", [(26, True), (27, False)])
def test_a_custom_gold_table_with_27_equal_values_is_refused(copies, ok):
    lines = with_options(game_lines()[:1], gold_table={"3": [2] * copies, "4": [3]})
    if ok:
        assert len(loads(text_of(lines)).events) == 0
        return
    error = refused(text_of(lines))
    assert error.line == 1
    assert english(error.message) == "bad header: gold_table: at most 26 gold cards of one length share a value"


@pytest.mark.parametrize("key", [" 3", "03", "٣", "3.0", "-3", 3])
def test_gold_table_lengths_are_plain_numbers_given_once(key):
    table = {"3": [1, 2], key: [3, 4]}
    with raises_worded(ValueError, "not a number|twice"):
        get_game("kobito").normalize_options({"gold_table": table}, 2)


# --- 2. limits -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["A" * NAME_MAX_CHARS, 'Ann "the": {best}', "Zoë 🎲"])
def test_names_within_the_limit_load(name):
    assert loads(text_of(with_header(game_lines(), seats=[{"name": name}, {"name": "Bob"}]))).header.name(0) == name


@pytest.mark.parametrize(
    "name, words",
    [
        ("A" * (NAME_MAX_CHARS + 1), f"at most {NAME_MAX_CHARS} characters"),
        ("Ann\x1b]0;pwned\x07", "control characters (Ann\\x1b]0;pwned\\x07)"),
        ("Ann\u202eevil", "control characters"),
        ("Ann\nBob", "control characters"),
        ("   ", "empty"),
    ],
)
def test_bad_names_are_refused_on_line_1(name, words):
    error = refused(text_of(with_header(game_lines(), seats=[{"name": name}, {"name": "Bob"}])))
    assert error.line == 1 and words in english(error.message)
    assert "\x1b" not in str(error) and "\n" not in str(error)


def test_limits_are_documented():
    from kobito_tui.core import savefile

    text = DOCS.read_text(encoding="utf-8")
    for value in (
        f"{savefile.MAX_FILE_BYTES // 2**20} MiB",
        f"{MAX_LINE_CHARS:,}",
        f"{savefile.MAX_EVENTS:,}",
        f"{MAX_DEPTH}",
        f"{NAME_MAX_CHARS}",
    ):
        assert value in text
    assert "cut at a line boundary" in text


def test_a_100_000_event_record_loads(tmp_path):
    """The toy game: each turn is a draw, an add and an end, so any length is a legal game."""
    header = new_header("toy", parse_players("Ann,Bob"), {"goal": 10**9}, seed=1)
    events = []
    for turn in range(100_000 // 3 + 1):
        seat = turn % 2
        events += [{"type": "draw", "player": seat, "card": 5}, {"type": "add", "seat": seat, "n": 1}, {"type": "end", "seat": seat}]
    path = tmp_path / "long.jsonl"
    save(path, Record(header, events[:100_000]))
    assert len(load(path).events) == 100_000


# --- 3. keys, UTF-8, bot levels ---------------------------------------------------------------


def first_of_each_type(lines) -> dict[str, int]:
    found: dict[str, int] = {}
    for index, line in enumerate(lines[1:], start=1):
        found.setdefault(json.loads(line)["type"], index)
    return found


GAMES = [
    ("kobito", "Ann,Bob,Cy", {}),
    ("kobito", "Ann,Bob", {"special_start": "discard"}),
    ("treasure", "Ann,Bob", {}),
    ("treasure", "Ann,Bob,Cy", {"variant": "seek"}),
    ("treasure", "Ann,Bob", {"shared_pawn": True}),
]
EVENT_TYPES = {
    "kobito": {"setup", "pot", "draw", "play", "open", "extend", "move", "take-kobito", "end-turn", "reshuffle", "special-start"},
    "treasure": {"setup", "reveal", "place", "step", "end", "pass"},
}


def test_every_event_type_of_both_games_refuses_unknown_keys():
    seen = {"kobito": set(), "treasure": set()}
    for game_id, players, options in GAMES:
        for seed in range(1, 40):
            lines = game_lines(game_id, players, options, seed)
            for kind, index in first_of_each_type(lines).items():
                if kind in seen[game_id] and seed > 1:
                    continue
                seen[game_id].add(kind)
                bad = list(lines)
                bad[index] = bad[index][:-1] + ',"secret":"x"}'
                error = refused(text_of(bad))
                assert (error.line, english(error.message)) == (index + 1, f"a {kind!r} event has no field 'secret'")
            if seen["kobito"] >= EVENT_TYPES["kobito"] and seen["treasure"] >= EVENT_TYPES["treasure"]:
                break
    assert seen == EVENT_TYPES


def test_treasure_redact_never_passes_on_a_key_the_rules_do_not_know():
    lines = game_lines("treasure")
    bad = list(lines)
    bad[1] = bad[1][:-1] + ',"spoiler":"blue is Bob"}'
    assert "no field 'spoiler'" in english(refused(text_of(bad)).message)


@pytest.mark.parametrize(
    "old, new",
    [
        ('"seat":', '"seat":0,"seat":'),
        ('{"type":', '{"type":"x", "type" :'),
        ('"format":', '"game":"treasure","format":'),
        ('{"name":"Ann"}', '{"name":"Ann","name":"Eve"}'),
        ('"refill":', '"stalemate":false,"refill":'),
        ('"gold_table":"standard"', '"gold_table":{"3":[1,1],"3":[2,2,2,2]}'),
    ],
)
def test_duplicate_keys_are_refused_wherever_they_are(old, new):
    lines = game_lines()
    line = next(number for number, text in enumerate(lines, start=1) if old in text)
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    error = refused(text_of(lines))
    assert (error.line, english(error.message)) == (line, "an object has the same key twice")


def test_colons_and_quotes_inside_strings_are_not_keys():
    lines = with_header(game_lines(), seats=[{"name": 'A":"b\\":'}, {"name": "Bob"}], app='0.1":{"x":1}')
    assert loads(text_of(lines)).header.name(0) == 'A":"b\\":'


def test_bad_utf8_is_reported_at_its_line():
    data = text_of(game_lines()).encode()
    lines = data.split(b"\n")
    lines[95] = lines[95].replace(b'"type"', b'"ty\xc3pe"')
    with pytest.raises(SaveError) as caught:
        loads(b"\n".join(lines), "game.jsonl")
    assert (caught.value.line, english(caught.value.message)) == (96, "not UTF-8 text (byte 0xc3)")


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_known_bot_levels_load(level):
    lines = with_header(game_lines(), seats=[{"name": "Ann"}, {"name": "Computer 2", "kind": "bot", "level": level}])
    assert loads(text_of(lines)).header.seats[1].level == level


@pytest.mark.parametrize(
    "seat", [{"kind": "bot", "level": "godlike"}, {"kind": "bot"}, {"kind": "bot", "level": 3}, {"level": "strong"}, {"kind": "alien"}]
)
def test_bad_seats_are_refused_on_line_1(seat):
    error = refused(text_of(with_header(game_lines(), seats=[{"name": "Ann"}, {"name": "Eve", **seat}])))
    assert error.line == 1


# --- 4. nothing but SaveError; printable output ---------------------------------------------------


ODD_LINES = [
    "",
    " ",
    "null",
    "[]",
    "{}",
    "1e999",
    '"\\ud800"',
    "{" * 5000,
    "[" * 999 + "]" * 999,
    '{"format":"kobito-tui"}',
    '{"format":"kobito-tui","version":18446744073709551616}',
    '{"format":"kobito-tui","version":1e400}',
    '{"format":"kobito-tui","version":1,"game":"kobito","seats":[],"options":[],"seed":1,"created":"","app":""}',
    '{"format":"kobito-tui","version":1,"game":"toString","seats":[],"options":{},"seed":1,"created":"","app":""}',
    '{"format":"kobito-tui","version":1,"game":"kobito","seats":[{"name":"A"},{"name":"B"}],'
    '"options":{"gold_table":{"3":{"x":1}}},"seed":1,"created":"","app":""}',
    '{"format":"kobito-tui","version":1,"game":"toy","seats":[{"name":"A"},{"name":"B"}],'
    '"options":{"goal":[]},"seed":1,"created":"","app":""}',
]


@pytest.mark.parametrize("line", ODD_LINES)
def test_parse_header_raises_only_save_error(line):
    with pytest.raises(SaveError):
        parse_header(line, "x")
    with pytest.raises(SaveError):
        loads(line + "\n")


def test_check_escapes_file_names_option_keys_and_header_fields(tmp_path, capsys):
    lines = game_lines()
    files = {
        "evil\x1b]0;pwned\x07.jsonl": text_of(lines[:3])[:-2],
        "option.jsonl": text_of(with_options(lines, **{"\x1b[31mred": 1})),
        "field.jsonl": text_of(with_header(lines, **{"\x1b[2J": 1})),
        "game.jsonl": text_of(with_header(lines, game="\x1b]52;c;ZXZpbA==\x07")),
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    assert main(["check", *(str(tmp_path / name) for name in files)]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert len(out.splitlines()) == 4 and "evil\\x1b]0;pwned\\x07.jsonl:3: truncated" in out


def test_hostile_files_in_the_saves_folder_leave_the_browser_and_continue_working(tmp_path):
    lines = game_lines()
    (tmp_path / "huge.jsonl").touch()
    os.truncate(tmp_path / "huge.jsonl", 4 * 2**30)
    (tmp_path / "gold.jsonl").write_text(text_of(with_options(lines[:1], gold_table={"3": [2] * 27})))
    (tmp_path / "names.jsonl").write_text(text_of(with_header(lines, seats=[{"name": "x" * 1000}, {"name": "B"}])))
    os.mkfifo(tmp_path / "fifo.jsonl")
    os.symlink("/dev/zero", tmp_path / "zero.jsonl")
    assert latest_unfinished(tmp_path) is None
    entries = {entry.path.name: entry for entry in scan(tmp_path) if not entry.example}
    assert entries["huge.jsonl"].error == "line 1: larger than 32 MiB" and entries["huge.jsonl"].header is None
    assert entries["gold.jsonl"].error.startswith("line 1: bad header: gold_table")
    assert entries["names.jsonl"].error.startswith("line 1: bad header: a player name has at most")


def test_listing_saves_skips_a_file_that_vanishes_mid_scan(tmp_path, monkeypatch):
    from pathlib import Path

    from kobito_tui.core.saves import list_saves

    for name in ("a", "b"):
        (tmp_path / f"{name}.jsonl").write_text("x\n")
    real_stat = Path.stat

    def stat(self, *args, **kwargs):
        if self.name == "a.jsonl":
            raise FileNotFoundError(self)
        return real_stat(self, *args, **kwargs)

    monkeypatch.setattr(Path, "stat", stat)
    assert [p.name for p in list_saves(tmp_path)] == ["b.jsonl"]
