from kobito_tui.app.viewpoint import needs_curtain, viewer
from kobito_tui.core.record import parse_players

from .conftest import treasure


def test_one_human_always_sees_their_own_view():
    header = treasure("Ann,bot,bot")
    assert [viewer(header, to_act, None) for to_act in (0, 1, 2, None)] == [0, 0, 0, 0]
    assert not needs_curtain(header, None, 0)


def test_hot_seat_shows_the_human_to_act_and_keeps_the_last_human_while_a_bot_acts():
    header = treasure("Ann,bot,Cy")
    assert viewer(header, 2, 0) == 2
    assert viewer(header, 1, 2) == 2
    assert viewer(header, 1, None) == 0


def test_curtain_falls_between_different_humans_only():
    header = treasure("Ann,bot,Cy")
    assert needs_curtain(header, None, 0)  # the first player sits down
    assert needs_curtain(header, 0, 2)
    assert not needs_curtain(header, 2, 2)


def test_computers_only_are_watched_from_seat_zero():
    header = treasure("bot,bot")
    assert parse_players("bot,bot")[0].is_bot
    assert viewer(header, 1, None) == 0
    assert not needs_curtain(header, None, 0)
