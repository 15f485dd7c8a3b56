"""Properties of the core over random legal games of both real games."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kobito_tui.core.record import Record, fold, new_header, parse_players
from kobito_tui.core.savefile import dumps, loads
from kobito_tui.core.session import Session
from kobito_tui.games import get_game

MAX_MOVES = 400


@st.composite
def new_games(draw):
    game_id = draw(st.sampled_from(["kobito", "treasure"]))
    game = get_game(game_id)
    players = draw(st.integers(game.min_players, game.max_players))
    options = {"turn_limit": 40} if game_id == "treasure" else {}
    if game_id == "treasure":
        options["variant"] = draw(st.sampled_from(["standard", "seek"]))
        options["shared_pawn"] = draw(st.booleans())
    seats = parse_players(",".join(f"P{i}" for i in range(players)))
    return new_header(game_id, seats, options, seed=draw(st.integers(0, 2**31 - 1)))


def play_randomly(session, rng, moves=MAX_MOVES):
    """Random legal moves, with an undo (and sometimes a redo) now and then."""
    for _ in range(moves):
        if session.over:
            return
        if session.can_undo() and rng.random() < 0.1:
            session.undo()
            if rng.random() < 0.5:
                session.redo()
            continue
        session.play(rng.choice(session.legal_moves()))


@settings(max_examples=25, deadline=None)
@given(header=new_games(), rng_seed=st.integers(0, 10**6))
def test_fold_of_the_record_equals_the_live_state(header, rng_seed):
    session = Session(Record(header))
    play_randomly(session, random.Random(rng_seed))
    assert fold(session.game, header, session.events) == session.state


@settings(max_examples=25, deadline=None)
@given(header=new_games(), rng_seed=st.integers(0, 10**6))
def test_save_then_load_gives_the_same_state_and_bytes(header, rng_seed):
    session = Session(Record(header))
    play_randomly(session, random.Random(rng_seed))
    text = dumps(session.record)
    loaded = loads(text)
    assert dumps(loaded) == text
    assert Session(loaded).state == session.state


@settings(max_examples=25, deadline=None)
@given(header=new_games(), rng_seed=st.integers(0, 10**6))
def test_undo_restores_exactly_what_the_seat_saw(header, rng_seed):
    session = Session(Record(header))
    rng = random.Random(rng_seed)
    for _ in range(MAX_MOVES):
        if session.over:
            break
        seat = session.to_act
        before = session.view(seat)
        session.play(rng.choice(session.legal_moves()))
        if session.can_undo(seat):
            session.undo(seat)
            assert session.view(seat) == before
            session.redo(seat)
