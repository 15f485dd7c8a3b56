"""The rule options in the player's language."""

import pytest

from kobito_tui.core.games import game_ids, get_game
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
def test_every_option_is_worded_and_its_keys_stay_latin(game_id, lang):
    t = translator(lang)
    for spec in get_game(game_id).option_specs():
        assert option_label(t, game_id, spec) != spec.label
        help_text = option_help(t, game_id, spec)
        assert help_text != spec.help
        for choice in spec.choices:  # the choice values a help text names stay as they are typed
            if isinstance(choice, str) and choice in spec.help:
                assert choice in help_text, (spec.name, choice)


def test_values_on_off_in_words_keys_as_they_are():
    t = translator("uk")
    assert [option_value(t, v) for v in (True, False, "to-five", 3)] == ["увімкнено", "вимкнено", "to-five", "3"]
