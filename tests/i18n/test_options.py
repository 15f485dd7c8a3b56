"""The rule options in the player's language."""

import re

import pytest

from kobito_tui.games import game_ids, get_game
from kobito_tui.i18n import translator
from kobito_tui.i18n.options import option_help, option_label, option_value


@pytest.mark.parametrize("game_id", game_ids())
def test_the_english_words_are_the_engines_own(game_id):
    """An engine's label or help changed without the words here: caught."""
    t = translator("en")
    for spec in get_game(game_id).option_specs():
        assert (option_label(t, game_id, spec), option_help(t, game_id, spec)) == (spec.label, spec.help)


@pytest.mark.parametrize("lang", ["uk", "ru"])
@pytest.mark.parametrize("game_id", game_ids())
def test_every_option_and_value_is_worded_and_the_help_names_the_values_so(game_id, lang):
    """No choice is shown as the engine's key, and a help text that names a choice names it
    by the words the form shows."""
    t = translator(lang)
    for spec in get_game(game_id).option_specs():
        assert option_label(t, game_id, spec) != spec.label
        help_text = option_help(t, game_id, spec)
        assert help_text != spec.help
        for choice in spec.choices:
            words = option_value(t, spec.name, choice)
            assert words != str(choice) and not re.search("[A-Za-z]", words), (spec.name, choice, words)
            if isinstance(choice, str) and choice in spec.help:
                assert words in help_text.lower() and choice not in help_text, (spec.name, choice)


def test_values_in_words_seats_from_one_anything_else_as_it_is():
    t = translator("uk")
    shown = [
        option_value(t, "stalemate", True),
        option_value(t, "shared_pawn", False),
        option_value(t, "refill", "to-five"),
        option_value(t, "first_player", 0),
        option_value(t, "gold_table", {"3": [1, 1]}),
        option_value(t, "turn_limit", 3),
    ]
    assert shown == ["увімкнено", "вимкнено", "до п’яти", "Місце 1", "власний набір", "3"]
    english = translator("en")
    assert [option_value(english, "tie", "shared"), option_value(english, "first_player", 2)] == ["shared", "Seat 3"]


def test_a_value_from_outside_is_shown_as_it_is_printable():
    t = translator("ru")
    assert option_value(t, "variant", "[b]x[/b]\x1b[31m") == "[b]x[/b]\\x1b[31m"
    assert option_value(t, "refill", "seek") == "seek"  # another option's key is not this option's choice
    assert option_value(t, "nope", ["\u202e"]) == "['\\u202e']"
