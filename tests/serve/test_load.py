"""Load, bounded: 20 clients at 10 tables at once, each making moves; no errors, and the p95 of submit → both seats updated."""

from __future__ import annotations

import random
import statistics
import threading
import time

from kobito_tui.serve.client import RemoteTable

CLIENTS = 20
MOVES_EACH = 3


def test_twenty_clients_at_ten_tables_each_make_their_moves(server):
    timings: list[float] = []
    errors: list[BaseException] = []
    ready = threading.Barrier(CLIENTS // 2)

    def table(number: int) -> None:
        try:
            pair = [server.connect("guest", f"P{number}-{seat}") for seat in range(2)]
            table_id = pair[0].create("kobito" if number % 2 else "treasure", ["open", "open"])
            seats = [connection.join(table_id, seat) for seat, connection in enumerate(pair)]
            assert all(isinstance(s, RemoteTable) for s in seats), seats
            ready.wait(20)  # every table moves at the same moments
            rng, made = random.Random(number), [0, 0]
            while min(made) < MOVES_EACH and not seats[0].wait_for(lambda u: True).over:
                newest = max(r.revision for r in seats)
                updates = [r.wait_for(lambda u, n=newest: u.revision >= n, 10) for r in seats]
                acting = next((r for r, u in zip(seats, updates) if u.legal), None)
                if acting is None:
                    time.sleep(0.005)
                    continue
                update = acting.last
                started = time.perf_counter()
                assert acting.submit(acting.seat, rng.choice(update.legal), update.revision) is None
                for remote in seats:
                    remote.wait_for(lambda u, r=update.revision: u.revision > r, 10)
                timings.append((time.perf_counter() - started) * 1000)
                made[acting.seat] += 1
            for connection in pair:
                connection.close()
        except BaseException as error:  # noqa: BLE001 - reported below, from the test's thread
            errors.append(error)

    threads = [threading.Thread(target=table, args=(n,)) for n in range(CLIENTS // 2)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not errors, errors
    assert len(timings) >= CLIENTS * MOVES_EACH * 0.9  # a game may end before a seat's third move
    timings.sort()
    p95 = timings[int(0.95 * (len(timings) - 1))]
    print(
        f"\n{CLIENTS} clients, {len(timings)} moves in {time.monotonic() - started:.1f} s: "
        f"submit → both seats updated, median {statistics.median(timings):.1f} ms, p95 {p95:.1f} ms"
    )
    assert "Traceback" not in server.read_log()
