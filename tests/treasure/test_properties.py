"""Properties of random legal games, for every player count and variant."""

from __future__ import annotations

import json
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from kobito_tui.core.game import IllegalEvent
from kobito_tui.treasure import GAME
from kobito_tui.treasure.board import COLOURS, CORNERS, DIRECTIONS, TILES, TREASURES, to_rc

from .helpers import header


def said(message) -> str:
    """What a log message tells, in its parameters (no message: nothing)."""
    return json.dumps(message.params) if message else ""


games = st.fixed_dictionaries(
    {
        "players": st.integers(2, 4),
        "variant": st.sampled_from(["standard", "seek"]),
        "shared_pawn": st.booleans(),
        "turn_limit": st.integers(1, 12),
        "seed": st.integers(0, 2**32),
    }
)


def candidates(players):
    """Every move any seat could try: legal or not."""
    for seat in range(players):
        yield {"type": "end", "seat": seat}
        yield {"type": "pass", "seat": seat}
        for direction in DIRECTIONS:
            yield {"type": "step", "seat": seat, "dir": direction}
        for corner in (*CORNERS, 12):
            yield {"type": "place", "seat": seat, "corner": list(to_rc(corner))}


def accepted(state, event):
    try:
        GAME.apply(GAME.copy_state(state), event)
    except IllegalEvent:
        return False
    return True


def random_game(spec, check):
    """Play a random game through the interface, calling ``check(before, event, after)``."""
    players = spec["players"]
    options = {name: spec[name] for name in ("variant", "shared_pawn", "turn_limit")}
    head = header(players, **options)
    rng = random.Random(spec["seed"])
    state = GAME.new_state(head)
    events = []
    while not GAME.is_over(state):
        event = GAME.chance(state, rng) or rng.choice(GAME.legal_moves(state))
        before = GAME.copy_state(state)
        GAME.apply(state, event)
        events.append(event)
        check(before, event, state)
        assert len(events) <= 1 + 25 + spec["turn_limit"] * players * 5, "the game must end by its turn limit"
    return head, events, state


@settings(max_examples=60, deadline=None)
@given(games)
def test_random_games_keep_the_board_flip_one_tile_per_step_and_have_one_winner_at_most(spec):
    def check(before, event, after):
        view = GAME.view(after, None)
        known = [(t.colour, t.treasure) for t in view.tiles if t.colour is not None]
        assert len(view.tiles) == 25 and sorted(known + after.pool) == sorted(TILES)
        assert len(known) == 25 or spec["variant"] == "seek"
        flipped = [pos for pos in range(25) if before.face_up and before.face_up[pos] != after.face_up[pos]]
        if event["type"] == "step":
            assert flipped == [before.pawns[0 if before.shared else event["seat"]]]
        else:
            assert flipped == []
        assert after.occupied == sum(1 << pos for pos in after.pawns if pos is not None)
        result = GAME.result(after)
        assert result is None or len(result.winners) <= 1

    _, _, state = random_game(spec, check)
    winners = GAME.result(state).winners
    for winner in winners:
        assert state.on_winning_side[state.colour_of[winner]] == 5


@settings(max_examples=40, deadline=None)
@given(games)
def test_a_seat_never_learns_another_seats_colour_before_the_end(spec):
    def check(before, event, after):
        lines = set()
        for seat in range(spec["players"]):
            others = {COLOURS[c] for s, c in enumerate(after.colour_of) if s != seat}
            line = said(GAME.describe(before, event, seat))
            lines.add(line)
            if not after.over:
                assert set(GAME.view(after, seat).colours) - {None} == {COLOURS[after.colour_of[seat]]}
                if event["type"] != "reveal":  # a reveal names the tile's colour, to everyone alike
                    assert not others & set(re.findall(r"\w+", line))
            assert not others & set(map(str, GAME.redact(event, seat).get("colours", [])))
        if event["type"] != "setup":
            assert len(lines) == 1, "after the setup, every seat reads the same lines"

    random_game(spec, check)


@settings(max_examples=25, deadline=None)
@given(games)
def test_apply_accepts_exactly_the_legal_moves(spec):
    def check(before, event, after):
        legal = GAME.legal_moves(after)
        assert all(accepted(after, move) for move in legal)
        assert [move for move in candidates(spec["players"]) if accepted(after, move)] == [
            move for move in candidates(spec["players"]) if move in legal
        ]
        if legal:
            assert {move["seat"] for move in legal} == {GAME.to_act(after)}

    random_game(spec, check)


@settings(max_examples=30, deadline=None)
@given(games)
def test_replaying_the_events_rebuilds_the_same_game_without_randomness(spec):
    head, events, state = random_game(spec, lambda *_: None)
    replay = GAME.new_state(head)
    for event in events:
        GAME.apply(replay, event)
    assert GAME.view(replay, None) == GAME.view(state, None)


seek_games = games.map(lambda spec: {**spec, "variant": "seek"})


@settings(max_examples=30, deadline=None)
@given(seek_games)
def test_in_seek_nobody_knows_a_tile_before_its_reveal_event(spec):
    """Every view and every redacted event shows exactly the tiles revealed so far."""
    revealed: dict[tuple[int, int], tuple[str, str]] = {}

    def check(before, event, after):
        if event["type"] == "reveal":
            assert GAME.to_act(before) is None and GAME.legal_moves(before) == []
            assert tuple(event["pos"]) not in revealed
            revealed[tuple(event["pos"])] = tuple(event["tile"])
        for seat in (*range(spec["players"]), None):
            redacted = GAME.redact(event, seat)
            assert "tiles" not in redacted and (event["type"] == "reveal") == ("tile" in redacted)
            tiles = GAME.view(after, seat).tiles
            shown = {to_rc(p): (t.colour, t.treasure) for p, t in enumerate(tiles) if t.colour is not None}
            assert shown == revealed
            assert all(t.treasure is None for t in tiles if t.colour is None)
            line = said(GAME.describe(before, event, seat))
            if event["type"] != "reveal":
                assert not set(TREASURES) & set(re.findall(r"\w+", line))

    _, events, state = random_game(spec, check)
    assert len(revealed) == sum(event["type"] == "reveal" for event in events)
    assert sorted([*revealed.values(), *state.pool]) == sorted(TILES)
