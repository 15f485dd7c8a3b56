import random

from kobito_tui.i18n.messages import english
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
    assert f"Ann: secret colour {colours[0]}." in ann.text_lines()[0]
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


def test_the_log_and_the_result_speak_of_you_in_good_grammar():
    """The default seat name is "You": "first turn: You", "the winner is You", never "You goes"."""
    from kobito_tui.core.record import new_header, parse_players

    for game_id, seed in (("kobito", 4), ("treasure", 6)):  # games that You win
        game = get_game(game_id)
        header = new_header(game_id, parse_players("You,Bob"), {"first_player": 0}, seed)
        record, _ = random_game(game, header, random.Random(seed))
        log = GameLog(game, header, 0)
        log.sync(record.events)
        text = " ".join(log.text_lines())
        assert "first turn: You." in text and "You goes" not in text
        result = game.result(_folded(game, record))
        summary = english(result.summary, ["You", "Bob"])
        assert result.winners == [0] and ("The winner is You," in summary or "the winner is You." in summary)
        assert "You passes" not in text


def _folded(game, record):
    from kobito_tui.core.record import fold

    return fold(game, record.header, record.events)
