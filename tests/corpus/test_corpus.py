"""Bad save files are refused with the right line and a reason; the good ones load.

The hostile files (issue 10) are each refused at their line, by ``load`` and by
``kobito check``, never with a crash, a hang or raw terminal escapes; those
that cannot live in git (a FIFO, sparse and oversized files, devices) are
made in a temporary folder here.
"""

import os
from pathlib import Path

import pytest

from kobito_tui.cli import main
from kobito_tui.core.savefile import MAX_EVENTS, MAX_FILE_BYTES, SaveError, load
from kobito_tui.i18n.messages import english

HERE = Path(__file__).parent

EXPECTED = {
    "truncated.jsonl": (40, "truncated"),
    "bad_json.jsonl": (10, "not valid JSON"),
    "wrong_version.jsonl": (1, "version 9"),
    "illegal_move.jsonl": (29, "pot"),
    "forged_card.jsonl": (29, "not in your hand"),
    "edited_shuffle.jsonl": (3, "top of the deck"),
    "deep_event.jsonl": (10, "nested more than 8 deep"),
    "deep_option.jsonl": (1, "nested more than 8 deep"),
    "deep_option_crash.jsonl": (1, "nested more than 8 deep"),
    "gold_27_equal.jsonl": (1, "at most 26"),
    "long_line.jsonl": (29, "longer than 65,536 characters"),
    "long_name.jsonl": (1, "at most 24 characters"),
    "control_name.jsonl": (1, "control characters (Ann\\x1b]0;pwned\\x07)"),
    "escape_in_option_key.jsonl": (1, "unknown Kobito option(s): \\x1b[2J\\x1b]0;pwned\\x07"),
    "escape_in_header_field.jsonl": (1, "unknown field `\\x1b]0;pwned\\x07`"),
    "unknown_bot_level.jsonl": (1, "unknown computer level 'godlike'"),
    "human_with_level.jsonl": (1, "a human seat has no level"),
    "duplicate_key.jsonl": (29, "the same key twice"),
    "duplicate_header_key.jsonl": (1, "the same key twice"),
    "unknown_key_kobito.jsonl": (29, "no field 'secret'"),
    "unknown_key_treasure.jsonl": (3, "no field 'secret'"),
    "unknown_key_treasure_setup.jsonl": (2, "no field 'note'"),
    "bad_utf8_line_96.jsonl": (96, "not UTF-8"),
}


@pytest.mark.parametrize("name", ["good.jsonl", "treasure_good.jsonl"])
def test_the_good_files_load(name):
    assert len(load(HERE / name).events) > 100


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_file_is_refused_at_its_line(name):
    line, words = EXPECTED[name]
    before = (HERE / name).read_bytes()
    with pytest.raises(SaveError) as caught:
        load(HERE / name)
    assert caught.value.line == line
    assert words in english(caught.value.message)
    assert str(caught.value).startswith(f"{HERE / name}:{line}: ")
    assert "\x1b" not in str(caught.value) and "\x07" not in str(caught.value)
    assert (HERE / name).read_bytes() == before


def test_check_prints_one_safe_line_per_bad_file(capsys):
    names = sorted(EXPECTED)
    assert main(["check", str(HERE / "good.jsonl"), *(str(HERE / name) for name in names)]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    lines = out.splitlines()
    assert [line.split(":")[0] for line in lines] == [str(HERE / name) for name in names]
    assert [int(line.split(":")[1]) for line in lines] == [EXPECTED[name][0] for name in names]


# --- files made here: each refused at line 1 (or its own line) at once --------------------


def refused(path) -> SaveError:
    with pytest.raises(SaveError) as caught:
        load(path)
    return caught.value


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "game.jsonl"
    os.mkfifo(fifo)
    error = refused(fifo)
    assert (error.line, english(error.message)) == (1, "not a regular file")


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null", "/dev/urandom"])
def test_a_device_is_refused_unread(device):
    assert english(refused(device).message) == "not a regular file"


def test_a_folder_is_refused(tmp_path):
    assert english(refused(tmp_path).message) == "not a regular file"


def test_a_4_gb_sparse_file_is_refused_unread(tmp_path):
    sparse = tmp_path / "huge.jsonl"
    sparse.touch()
    os.truncate(sparse, 4 * 2**30)
    error = refused(sparse)
    assert (error.line, english(error.message)) == (1, "larger than 32 MiB")


def test_a_file_just_over_the_size_limit_is_refused(tmp_path):
    big = tmp_path / "big.jsonl"
    big.write_bytes((HERE / "good.jsonl").read_bytes() + b" " * MAX_FILE_BYTES)
    assert english(refused(big).message) == "larger than 32 MiB"


def test_too_many_events_are_refused_at_the_first_one_too_many(tmp_path):
    header = (HERE / "treasure_good.jsonl").read_text().partition("\n")[0]
    many = tmp_path / "many.jsonl"
    many.write_text("\n".join([header, *['{"type":"end","seat":0}'] * (MAX_EVENTS + 1)]) + "\n")
    error = refused(many)
    assert (error.line, english(error.message)) == (MAX_EVENTS + 2, "more than 200,000 events")


def test_a_50_mb_name_is_refused_not_replayed(tmp_path):
    lines = (HERE / "good.jsonl").read_text().splitlines()
    named = tmp_path / "named.jsonl"
    named.write_text("\n".join([lines[0].replace('"Ann"', '"' + "A" * 50_000_000 + '"'), *lines[1:]]) + "\n")
    error = refused(named)
    assert (error.line, english(error.message)) == (1, "larger than 32 MiB")
    named.write_text("\n".join([lines[0].replace('"Ann"', '"' + "A" * 1_000_000 + '"'), *lines[1:]]) + "\n")
    error = refused(named)
    assert (error.line, english(error.message)) == (1, "the line is longer than 65,536 characters")
