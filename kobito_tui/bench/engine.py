"""`kobito bench engine`: random legal games per second, save-file validation speed
and, for Kobito, how fast the strong bot searches (iterations per CPU second)."""

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
    search = {"search_iterations_per_s": search_rate(game, records[:3])} if game_id == "kobito" else {}
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
        **search,
    }


SEARCH_ITERATIONS = 40  # per searched position
SEARCH_EVERY = 25  # search at every 25th move of the benchmark's games


def search_rate(game, records) -> int:
    """The strong Kobito bot's search speed: iterations per CPU second, the median
    over positions of ``records`` (each seen by the seat to act, as the bot sees it)."""
    from kobito_tui.bots.kobito_ismcts import search
    from kobito_tui.bots.kobito_world import World

    rates = []
    for record in records:
        state = game.new_state(record.header)
        for index, event in enumerate(record.events):
            seat = game.to_act(state)
            if seat is not None and index % SEARCH_EVERY == 0:
                history = [game.redact(e, seat) for e in record.events[:index]]
                world = World(game.view(state, seat), history)
                began = time.process_time()
                search(world.deal, seat, random.Random(index), 60.0, SEARCH_ITERATIONS)
                rates.append(SEARCH_ITERATIONS / max(1e-9, time.process_time() - began))
            game.apply(state, event)
    return round(statistics.median(rates)) if rates else 0


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
        + (
            [f"  strong bot search     {result['search_iterations_per_s']} iterations per CPU second"]
            if "search_iterations_per_s" in result
            else []
        )
    )
