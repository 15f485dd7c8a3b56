"""Status, own colour and seat lines: right words, and no other seat's colour."""

from treasure.helpers import play, start  # tests/treasure: layouts chosen by hand

from kobito_tui.app.treasure.words import colour_line, seats_line, status_text
from kobito_tui.i18n import translator
from kobito_tui.i18n.seats import Seats
from kobito_tui.treasure import GAME

EN = translator("en")

# Ann (red, the top row) flips (0,0)-(0,2), Bob walks away, Ann flips (0,3) and (0,4).
ANN_WINS = ("right", "right", "right", "end", "left", "left", "left", "end", "right", "down")


def status(state, seat=None, interactive=True):
    seat = state.to_act if seat is None else seat
    view = GAME.view(state, seat)
    return status_text(EN, view, GAME.legal_moves(state), interactive, Seats(EN, view.names))


def test_status_counts_the_steps_then_asks_to_confirm():
    state = start()
    assert status(state) == "Step 1 of 3 — arrow keys or click an arrow"
    play(state, "down", "down")
    assert status(state) == "Step 3 of 3 — arrow keys or click an arrow"
    play(state, "down")
    assert status(state) == "Press Enter to end your turn (or undo a step)"


def test_status_for_pass_place_waiting_and_the_end():
    boxed = start(3, pawns=[[0, 0], [0, 4], [4, 0]], first=1)
    play(boxed, "left", "left", "left", "end", "up", "up", "up", "end")
    assert status(boxed) == "Boxed in — press Enter to pass"
    assert status(start(shared_pawn=True)) == "Place the pawn on a ◇: arrows+Enter or click"
    assert status(start(), seat=1, interactive=False) == "Ann to move"
    won = start()  # Ann is red: the top row, flipped by walking it
    play(won, *ANN_WINS)
    assert won.over
    assert status(won) == "All 5 red tiles show the chest side: the winner is Ann."


def test_colour_line_standard_and_seek():
    state = start()
    assert colour_line(EN, GAME.view(state, 0)) == "Your colour: red (R) — 0 of 5 hidden · Round 1"
    play(state, "right", "left", "right")  # (0,0) flipped twice, (0,1) once
    assert colour_line(EN, GAME.view(state, 0)).startswith("Your colour: red (R) — 1 of 5 hidden")
    seek = start(variant="seek", turn_limit=9)
    assert colour_line(EN, GAME.view(seek, 1)) == "Your colour: blue (B) — 0 of 5 found · Round 1 of 9"
    assert colour_line(EN, GAME.view(seek, None)).startswith("Watching")
    assert colour_line(EN, GAME.view(seek, 1), width=40) == "Yours: blue (B) · 0/5 found · Round 1/9"  # 80 columns, long limit


def test_seats_line_shows_only_the_own_colour_until_the_end():
    state = start(4)
    for seat, own in enumerate(("red", "blue", "green", "yellow")):
        line = seats_line(EN, GAME.view(state, seat)).plain
        assert f"(you, {own})" in line
        others = {"red", "blue", "green", "yellow", "purple"} - {own}
        assert not any(colour in line for colour in others), line
    assert seats_line(EN, GAME.view(state, 0)).plain.startswith("▶ ●1 Ann (you, red)  ●2 Bob  ●3 Cy")


def test_seats_line_reveals_every_colour_and_the_winner_once_over():
    state = start()
    play(state, *ANN_WINS)
    line = seats_line(EN, GAME.view(state, 1)).plain
    assert "●1 Ann (red) ★ wins" in line and "●2 Bob (you, blue)" in line


def test_shared_pawn_has_no_seat_numbers():
    line = seats_line(EN, GAME.view(start(shared_pawn=True), 0)).plain
    assert line.startswith("● shared pawn") and "●1" not in line


def test_the_reader_who_won_reads_the_second_person_in_the_seats_line():
    """The reader's own unnamed seat is labelled «Ви» and wins in the second person; a seat by name in the third."""
    from dataclasses import replace

    from kobito_tui.core.game import Seat

    uk, state = translator("uk"), start()
    play(state, *ANN_WINS)
    who = Seats(uk, (Seat(""), Seat("Bob")), reader=0)
    line = seats_line(uk, replace(GAME.view(state, 0), names=tuple(who.labels()))).plain
    assert "●1 Ви (червоний) ★ перемагаєте" in line and "Bob" in line
    assert "★ перемагає" in seats_line(uk, GAME.view(state, 1)).plain  # Ann, by name
    status_line = status_text(uk, GAME.view(state, 0), [], True, who)
    assert status_line == "Усі 5 червоних тайлів лежать скриньками догори: Ви перемагаєте."
