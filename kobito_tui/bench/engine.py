"""`kobito bench engine`: random legal games per second and save-file validation speed."""

from __future__ import annotations

import random
import statistics
import time

from kobito_tui.core.games import get_game
from kobito_tui.core.randomplay import random_game
from kobito_tui.core.record import new_header, parse_players
from kobito_tui.core.savefile import dumps, loads


def run(args) -> dict:
    return measure(args.game, args.players, args.games)


def measure(game_id: str, players: int, games: int, seed: int = 1) -> dict:
    game = get_game(game_id)
    seats = parse_players(",".join(f"P{i + 1}" for i in range(players)))
    records = []
    start = time.perf_counter()
    for number in range(games):
        header = new_header(game_id, seats, seed=seed + number)
        records.append(random_game(game, header, random.Random(seed + number))[0])
    elapsed = time.perf_counter() - start
    events = sum(len(r.events) for r in records)
    turns = sum(sum(1 for e in r.events if "seat" in e and game.closes_turn(e)) for r in records)

    longest = max(records, key=lambda r: len(r.events))
    text = dumps(longest)
    timings = []
    for _ in range(7):
        t0 = time.perf_counter()
        loads(text)
        timings.append(time.perf_counter() - t0)
    per_1000 = statistics.median(timings) * 1000 * 1000 / max(1, len(longest.events))
    return {
        "game": game_id,
        "players": players,
        "games": games,
        "games_per_s": round(games / elapsed, 1),
        "events_per_s": round(events / elapsed),
        "turns_per_s": round(turns / elapsed),
        "mean_events_per_game": round(events / games, 1),
        "load_validate_ms_per_1000_events": round(per_1000, 2),
        "load_validate_events": len(longest.events),
    }


def report(result: dict) -> str:
    return "\n".join(
        [
            f"{result['game']}: {result['games']} random {result['players']}-player games",
            f"  games/s               {result['games_per_s']}",
            f"  events/s              {result['events_per_s']}",
            f"  turns/s               {result['turns_per_s']}",
            f"  events per game       {result['mean_events_per_game']}",
            f"  load+validate         {result['load_validate_ms_per_1000_events']} ms per 1,000 events"
            f" (median of 7 loads of a {result['load_validate_events']}-event record)",
        ]
    )
