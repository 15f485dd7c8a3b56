"""Hide the Treasure's judge on an ending the winner did not play: the loser's flip completes the winner's colour."""

from __future__ import annotations

import json

from kobito_tui.analysis import treasure_judge
from kobito_tui.analysis.analyse import analyse
from kobito_tui.analysis.decisions import decisions, position
from kobito_tui.core.record import fold
from kobito_tui.core.savefile import loads

HEADER = {
    "format": "kobito-tui",
    "version": 1,
    "game": "treasure",
    "seats": [{"name": "", "kind": "bot", "level": "easy"}, {"name": "", "kind": "bot", "level": "medium"}],
    "options": {"variant": "standard", "shared_pawn": False, "turn_limit": 0, "first_player": "random"},
    "seed": 283,
    "created": "2026-12-07T22:25:04Z",
    "app": "0.1.0",
}
TILES = (
    "yellow key,red ring,green gem,blue gem,purple goblet,blue crown,green key,yellow ring,red crown,green goblet,"
    "red key,red goblet,purple ring,purple key,purple crown,yellow goblet,blue goblet,green ring,blue key,green crown,"
    "red gem,yellow crown,blue ring,purple gem,yellow gem"
)
SETUP = {
    "type": "setup",
    "tiles": [tile.split() for tile in TILES.split(",")],
    "colours": ["blue", "green"],
    "first": 0,
    "pawns": [[4, 4], [0, 0]],
}
# Easy (seat 0) against Medium (seat 1, green), self-play seed 283: Easy's last turn has no path
# that does not turn green's last tile, so its first step makes seat 1 win.  The judge used to call
# Medium's second turn a blunder (64% -> 29%): in two of its three worlds it played Medium's next
# turn into the Easy seat's win, where Medium could defend.
TURNS = "0:uul 1:dru 0:lld 1:rdr 0:dru 1:rdl 0:r"
DIRS = {"l": "left", "r": "right", "u": "up", "d": "down"}


def _record():
    events = [SETUP]
    for turn in TURNS.split():
        seat, steps = turn.split(":")
        events += [{"type": "step", "seat": int(seat), "dir": DIRS[step]} for step in steps]
        if len(steps) == 3:
            events.append({"type": "end", "seat": int(seat)})
    return loads("\n".join(json.dumps(line) for line in [HEADER, *events]) + "\n")


def test_the_loser_completing_the_winners_colour_is_the_winners_certain_win():
    record = _record()
    final = fold(record.game, record.header, record.events)
    assert final.winner == 1 and record.events[-1]["seat"] == 0  # won by the other seat's flip
    report = analyse(record)
    winner = [turn for turn in report.turns if turn.seat == 1 and not turn.forced]
    assert winner[-1].chance_after == 1.0
    assert report.chances[-2][1] == 1.0 and report.chances[-1][1] == 1.0
    assert report.seats[1].blunders == 0
    assert all(turn.mark != "blunder" for turn in winner)


def test_a_win_the_others_cannot_stop_is_worth_a_whole_win_raw():
    record = _record()
    last = [d for d in decisions(record) if d.seat == 1 and not d.forced][-1]
    view, history = position(record, last.start, last.seat)
    judged = treasure_judge.judge(view, history, last.events(record), 0)
    assert judged is not None and judged.best == judged.played == 1.0
