"""Statistics from the saves folder: the fold of saved games, per player, game and opponent."""

from __future__ import annotations

import os
import random
import shutil
from collections import Counter
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from kobito_tui.core.game import Seat, places
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import Record, fold, new_header, parse_players
from kobito_tui.core.savefile import dumps, save
from kobito_tui.core.statistics import UNNAMED, YOU, Statistics, opponents, read_folder, seat_players, statistics
from kobito_tui.games import get_game

EXAMPLES = Path(__file__).parents[2] / "saves"


def played(game_id: str, players: str | tuple[Seat, ...], seed: int = 1, cut: float | None = None) -> Record:
    """A game of random moves; ``cut``: only that share of its events (unfinished)."""
    seats = parse_players(players) if isinstance(players, str) else players
    record, _ = random_game(get_game(game_id), new_header(game_id, seats, seed=seed), random.Random(seed))
    if cut is not None:
        record = Record(record.header, record.events[: int(len(record.events) * cut)])
    return record


def finish_of(record: Record):
    game = record.game
    state = fold(game, record.header, record.events)
    return game.result(state) if game.is_over(state) else None


# -- on the example saves (hot-seat games of named players) --------------------------------


def test_the_example_saves_ann_against_each_friend(tmp_path):
    for path in EXAMPLES.glob("*.jsonl"):
        shutil.copy(path, tmp_path)
    stats = read_folder(tmp_path)
    assert (stats.counted, stats.skipped) == (6, {})
    assert stats.players() == ["ann", "bob", "cy", "dee"]  # by the most games, then by name
    assert stats.names == {"ann": "Ann", "bob": "Bob", "cy": "Cy", "dee": "Dee"}
    kobito = stats.tallies["ann"]["kobito"]
    assert (kobito[None].games, kobito[None].wins, kobito[None].places) == (3, 2, Counter({1: 2, 3: 1}))
    assert (kobito[None].points, kobito[None].scored) == (36 + 25 + 20, 3)  # the gold of each game
    assert (kobito[("human", "dee")].games, kobito[("human", "dee")].wins) == (1, 1)
    treasure = stats.tallies["ann"]["treasure"]
    assert (treasure[None].games, treasure[None].wins, treasure[None].scored) == (3, 2, 0)  # no points: it does not score
    assert treasure[("human", "cy")].places == Counter({2: 1})  # Cy won; Ann and Bob share the next place
    assert stats.tallies["cy"]["treasure"][None].wins == 1


def test_a_replay_saved_from_a_finished_game_counts_once(tmp_path):
    shutil.copy(EXAMPLES / "kobito-2-players.jsonl", tmp_path)
    (tmp_path / "replays").mkdir()
    shutil.copy(EXAMPLES / "kobito-2-players.jsonl", tmp_path / "replays" / "kobito-copy.jsonl")
    stats = read_folder(tmp_path)
    assert stats.counted == 1 and stats.tallies["ann"]["kobito"][None].games == 1


# -- who is who -------------------------------------------------------------------------


def test_the_one_unnamed_human_against_computers_is_you():
    record = played("kobito", "You,bot:easy,bot:greedy,bot:hard", seed=4)
    assert record.header.seats[0].name == ""  # an old default is no name
    stats = statistics([record])
    assert stats.players() == [YOU]
    mine = stats.tallies[YOU]["kobito"]
    assert set(mine) == {None, ("bot", "easy"), ("bot", "medium"), ("bot", "hard")}  # an old level by its name now
    assert mine[None].games == mine[("bot", "easy")].games == 1


def test_names_match_whatever_their_case_and_spaces_and_show_one_spelling():
    stats = statistics([played("treasure", "Ann,bot:easy", 1), played("treasure", " ANN  ,bot:hard", 2)])
    assert stats.players() == ["ann"] and stats.names == {"ann": "ANN"}  # the first in order: the same whatever the files'
    assert stats.tallies["ann"]["treasure"][None].games == 2


def test_unnamed_humans_among_several_are_opponents_only():
    seats = (Seat("Ann"), Seat(""), Seat(""))
    stats = statistics([played("kobito", seats, seed=2)])
    assert stats.players() == ["ann"]
    assert set(stats.tallies["ann"]["kobito"]) == {None, UNNAMED}
    assert seat_players(new_header("kobito", (Seat(""), Seat("")))) == {}  # nobody to follow
    twins = statistics([played("kobito", "Ann,ANN,Bob", seed=2)])  # which Ann is which?
    assert twins.players() == ["bob"] and set(twins.tallies["bob"]["kobito"]) == {None, UNNAMED}


def test_unfinished_games_are_counted_apart():
    stats = statistics([played("kobito", "Ann,bot:medium", 3, cut=0.5), played("kobito", "Ann,bot:medium", 4)])
    tally = stats.tallies["ann"]["kobito"][("bot", "medium")]
    assert (tally.games, tally.unfinished, sum(tally.places.values())) == (1, 1, 1)


# -- properties ---------------------------------------------------------------------------

POOL = ("Ann", "ann", "Bob", "Cy", "", "bot:easy", "bot:medium", "bot:hard", "bot:random")

games = st.builds(
    lambda game_id, names, seed, cut: played(
        game_id, tuple(Seat(n) if not n.startswith("bot") else parse_players(n)[0] for n in names), seed, cut
    ),
    st.sampled_from(["kobito", "treasure"]),
    st.lists(st.sampled_from(POOL), min_size=2, max_size=4),
    st.integers(0, 10_000),
    st.one_of(st.none(), st.floats(0.0, 0.95)),
)


@settings(max_examples=25, deadline=None)
@given(st.lists(games, max_size=6), st.randoms(use_true_random=False))
def test_the_order_of_the_files_does_not_matter(records, rng):
    shuffled = records[:]
    rng.shuffle(shuffled)
    assert statistics(shuffled) == statistics(records)


@settings(max_examples=25, deadline=None)
@given(st.lists(games, max_size=6))
def test_totals_add_up(records):
    stats = statistics(records)
    distinct = {dumps(record): record for record in records}
    assert stats.counted == len(distinct)
    for player in stats.players():
        for game_id, rows in stats.tallies[player].items():
            mine = [r for r in distinct.values() if r.header.game == game_id and player in seat_players(r.header).values()]
            total = rows[None]
            assert total.games + total.unfinished == len(mine)  # each game once in the total
            assert sum(total.places.values()) == total.games >= total.wins
            finished = [r for r in mine if finish_of(r) is not None]
            expected = Counter()
            for record in finished:
                seat = next(s for s, p in seat_players(record.header).items() if p == player)
                expected[places(finish_of(record), record.header.players)[seat]] += 1
            assert total.places == expected
            against = Counter(
                opponent
                for r in mine
                for seat, key in seat_players(r.header).items()
                if key == player
                for opponent in set(opponents(r.header, seat))
            )
            assert {opponent: t.games + t.unfinished for opponent, t in rows.items() if opponent} == against  # once a game
            for tally in rows.values():
                assert tally.games <= total.games and tally.unfinished <= total.unfinished and tally.wins <= total.wins
                assert sum(tally.places.values()) == tally.games >= tally.wins
                assert tally.scored in (0, tally.games) and (game_id == "kobito" or tally.scored == 0)


# -- a folder with anything in it -----------------------------------------------------------


def test_corrupt_hostile_and_foreign_files_are_skipped_and_counted(tmp_path):
    good = played("kobito", "Ann,bot:hard", 5)
    save(tmp_path / "good.jsonl", good)
    text = dumps(good)
    bad = {
        "empty.jsonl": b"",
        "binary.jsonl": bytes(range(256)),
        "foreign.jsonl": b'{"format":"something-else","version":1}\n',
        "cut.jsonl": text[: len(text) // 2].encode(),
        "deep.jsonl": b"[" * 100_000 + b"]" * 100_000 + b"\n",
        "cheat.jsonl": (text.splitlines()[0] + '\n{"type":"win","seat":0}\n').encode(),
        "same-key.jsonl": text.replace('"game":"kobito"', '"game":"kobito","game":"kobito"', 1).encode(),
    }
    for name, data in bad.items():
        (tmp_path / name).write_bytes(data)
    os.mkfifo(tmp_path / "fifo.jsonl")  # never read (it would block): not a regular file
    (tmp_path / "loop.jsonl").symlink_to(tmp_path / "loop.jsonl")
    (tmp_path / "folder.jsonl").mkdir()
    (tmp_path / "replays").write_text("not a folder")
    stats = read_folder(tmp_path)
    assert stats.counted == 1 and stats.tallies["ann"]["kobito"][None].games == 1
    assert sorted(path.name for path in stats.skipped) == sorted(bad)


def test_a_missing_or_empty_folder_or_a_file_in_its_place_has_no_statistics(tmp_path):
    (tmp_path / "a-file").write_text("not a folder")
    assert read_folder(tmp_path / "nowhere") == read_folder(tmp_path) == read_folder(tmp_path / "a-file") == Statistics()
