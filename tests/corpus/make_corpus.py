"""Regenerate the corpus of bad save files: `python tests/corpus/make_corpus.py`.

Each bad file is a copy of a good Kobito game with one defect; ``EXPECTED``
in test_corpus.py gives the line each must be refused at.
"""

import json
import random
from pathlib import Path

from kobito_tui.core.games import get_game
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import new_header, parse_players
from kobito_tui.core.savefile import dumps

HERE = Path(__file__).parent


def good_lines() -> list[str]:
    header = new_header("kobito", parse_players("Ann,Bob,Cay"), seed=2026)
    header = type(header)(**{**header.__dict__, "created": "2026-11-30T00:00:00Z"})
    record, _ = random_game(get_game("kobito"), header, random.Random(2026))
    return dumps(record).splitlines()


def first(lines, kind, start=1):
    return next(i for i in range(start, len(lines)) if json.loads(lines[i])["type"] == kind)


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

    bad = list(lines)
    at = first(lines, "play")
    event = json.loads(bad[at])
    event["pot"] = 7
    bad[at] = json.dumps(event, separators=(",", ":"))
    write("illegal_move.jsonl", bad)

    bad = list(lines)
    at = first(lines, "play")
    event = json.loads(bad[at])
    hand = set(json.loads(lines[first(lines, "draw")])["cards"])  # anything not in that hand
    event["card"] = next(f"{n}{c}" for n in range(1, 13) for c in "abcdefg" if f"{n}{c}" not in hand and f"{n}{c}" != event["card"])
    bad[at] = json.dumps(event, separators=(",", ":"))
    write("forged_card.jsonl", bad)

    bad = list(lines)
    setup = json.loads(bad[1])
    deck = setup["deck"]
    other = next(i for i, card in enumerate(deck) if card[0].isdigit() and i > 0)
    deck[0], deck[other] = deck[other], deck[0]  # a different card on top (the first listed)
    bad[1] = json.dumps(setup, separators=(",", ":"))
    write("edited_shuffle.jsonl", bad)


if __name__ == "__main__":
    main()
