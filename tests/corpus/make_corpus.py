"""Regenerate the corpus of bad save files: `python tests/corpus/make_corpus.py`.

Each bad file is a copy of a good game with one defect; ``EXPECTED`` in
test_corpus.py gives the line each must be refused at.  Files that cannot
live in git (a FIFO, a 4 GB sparse file, /dev/zero, a file over the size
limit) are made in a temporary folder by the tests themselves.
"""

import json
import random
from pathlib import Path

from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import new_header, parse_players
from kobito_tui.core.savefile import dumps
from kobito_tui.games import get_game

HERE = Path(__file__).parent


def good_lines(game_id: str = "kobito", players: str = "Ann,Bob,Cay", options: dict | None = None) -> list[str]:
    header = new_header(game_id, parse_players(players), options, seed=2026)
    header = type(header)(**{**header.__dict__, "created": "2026-11-30T00:00:00Z"})
    record, _ = random_game(get_game(game_id), header, random.Random(2026))
    return dumps(record).splitlines()


def first(lines, kind, start=1):
    return next(i for i in range(start, len(lines)) if json.loads(lines[i])["type"] == kind)


def compact(value) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def edited(lines: list[str], index: int, **changes) -> list[str]:
    """``lines`` with the JSON object on ``lines[index]`` updated by ``changes``."""
    bad = list(lines)
    bad[index] = compact({**json.loads(bad[index]), **changes})
    return bad


def write(name: str, lines: list[str], newline: bool = True) -> None:
    (HERE / name).write_text("\n".join(lines) + ("\n" if newline else ""), encoding="utf-8")


def main() -> None:
    lines = good_lines()
    write("good.jsonl", lines)

    text = "\n".join(lines[:40]) + "\n"
    (HERE / "truncated.jsonl").write_text(text[:-20], encoding="utf-8")

    bad = list(lines)
    bad[9] = bad[9][: len(bad[9]) // 2]
    write("bad_json.jsonl", bad)

    bad = list(lines)
    bad[0] = bad[0].replace('"version":1', '"version":9')
    write("wrong_version.jsonl", bad)

    at = first(lines, "play")
    write("illegal_move.jsonl", edited(lines, at, pot=7))

    event = json.loads(lines[at])
    hand = set(json.loads(lines[first(lines, "draw")])["cards"])  # anything not in that hand
    card = next(f"{n}{c}" for n in range(1, 13) for c in "abcdefg" if f"{n}{c}" not in hand and f"{n}{c}" != event["card"])
    write("forged_card.jsonl", edited(lines, at, card=card))

    setup = json.loads(lines[1])
    deck = setup["deck"]
    other = next(i for i, card in enumerate(deck) if card[0].isdigit() and i > 0)
    deck[0], deck[other] = deck[other], deck[0]  # a different card on top (the first listed)
    write("edited_shuffle.jsonl", edited(lines, 1, deck=deck))

    # --- hostile files (issue 10): each refused at its line, never a crash or a hang
    header = json.loads(lines[0])
    options = header["options"]

    bad = list(lines)
    bad[9] = "[" * 5000 + "]" * 5000
    write("deep_event.jsonl", bad)

    write("deep_option.jsonl", edited(lines, 0, options={**options, "gold_table": {"3": [[[[[[[[[[1]]]]]]]]]]}}))
    write("deep_option_crash.jsonl", [lines[0].replace('"gold_table":"standard"', '"gold_table":' + "[" * 3000 + "]" * 3000)])

    write("gold_27_equal.jsonl", edited(lines, 0, options={**options, "gold_table": {"3": [2] * 27}})[:1])

    bad = list(lines)
    bad[at] = bad[at].replace('"end":', '"note":"' + "x" * 70_000 + '","end":')  # over MAX_LINE_CHARS
    write("long_line.jsonl", bad)

    write("long_name.jsonl", edited(lines, 0, seats=[{"name": "A" * 100}, *header["seats"][1:]]))
    write("control_name.jsonl", edited(lines, 0, seats=[{"name": "Ann\x1b]0;pwned\x07"}, *header["seats"][1:]]))
    write("escape_in_option_key.jsonl", edited(lines, 0, options={**options, "\x1b[2J\x1b]0;pwned\x07": 1}))
    write("escape_in_header_field.jsonl", edited(lines, 0, **{"\x1b]0;pwned\x07": 1}))
    write("unknown_bot_level.jsonl", edited(lines, 0, seats=[*header["seats"][:2], {"name": "Cay", "kind": "bot", "level": "godlike"}]))
    write("human_with_level.jsonl", edited(lines, 0, seats=[*header["seats"][:2], {"name": "Cay", "level": "strong"}]))

    bad = list(lines)
    bad[at] = bad[at].replace('"pot":', '"pot":2,"pot":')
    write("duplicate_key.jsonl", bad)
    bad = list(lines)
    bad[0] = bad[0].replace('"game":"kobito"', '"game":"kobito","game":"kobito"')
    write("duplicate_header_key.jsonl", bad)

    write("unknown_key_kobito.jsonl", edited(lines, at, secret="x"))
    treasure = good_lines("treasure", "Ann,Bob")
    step = first(treasure, "step")
    write("treasure_good.jsonl", treasure)
    write("unknown_key_treasure.jsonl", edited(treasure, step, secret="x"))
    write("unknown_key_treasure_setup.jsonl", edited(treasure, 1, note="the tiles are a lie"))

    data = ("\n".join(lines) + "\n").encode("utf-8")
    start = sum(len(line.encode()) + 1 for line in lines[:95])  # line 96 begins here
    quote = data.index(b'"', start + 2)  # inside the first string of line 96
    (HERE / "bad_utf8_line_96.jsonl").write_bytes(data[: quote + 1] + b"\xff\xfe" + data[quote + 1 :])


if __name__ == "__main__":
    main()
