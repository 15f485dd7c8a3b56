import random

from kobito_tui.app.game_log import GameLog
from kobito_tui.core.games import get_game
from kobito_tui.core.randomplay import random_game

from .conftest import treasure


def test_log_describes_each_event_once_and_only_what_the_seat_may_know():
    game = get_game("treasure")
    header = treasure("Ann,Bob")
    record, _ = random_game(game, header, random.Random(3))
    ann, bob = GameLog(game, header, 0), GameLog(game, header, 1)
    first = ann.sync(record.events[:10])
    rest = ann.sync(record.events)
    bob.sync(record.events)
    assert len(ann.lines) == len(record.events)
    assert ann.text_lines() == first + rest
    colours = record.events[0]["colours"]
    assert f"Your colour is {colours[0]}" in ann.text_lines()[0]
    assert colours[0] not in bob.text_lines()[0]


def test_log_knows_when_events_were_taken_back():
    game = get_game("treasure")
    header = treasure("Ann,Bob")
    record, _ = random_game(game, header, random.Random(3))
    log = GameLog(game, header, 0)
    log.sync(record.events[:5])
    assert log.rewound(record.events[:4])
    assert not log.rewound(record.events[:6])
    taken_back = log.lines[4]
    state = game.new_state(header)
    for event in record.events[:4]:
        game.apply(state, event)
    assert log.rewind(record.events[:4], state) == [taken_back]
    log.sync(record.events[:6])
    fresh = GameLog(game, header, 0)
    fresh.sync(record.events[:6])
    assert log.lines == fresh.lines
