"""Bad save files are refused with the right line and a reason; the good one loads."""

from pathlib import Path

import pytest

from kobito_tui.core.savefile import SaveError, load

HERE = Path(__file__).parent

EXPECTED = {
    "truncated.jsonl": (40, "truncated"),
    "bad_json.jsonl": (10, "not valid JSON"),
    "wrong_version.jsonl": (1, "version 9"),
    "illegal_move.jsonl": (29, "pot"),
    "forged_card.jsonl": (29, "not in your hand"),
    "edited_shuffle.jsonl": (3, "top of the deck"),
}


def test_the_good_file_loads():
    assert len(load(HERE / "good.jsonl").events) > 100


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_file_is_refused_at_its_line(name):
    line, words = EXPECTED[name]
    before = (HERE / name).read_bytes()
    with pytest.raises(SaveError) as caught:
        load(HERE / name)
    assert caught.value.line == line
    assert words in caught.value.reason
    assert str(caught.value).startswith(f"{HERE / name}:{line}: ")
    assert (HERE / name).read_bytes() == before
