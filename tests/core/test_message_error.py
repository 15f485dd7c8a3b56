"""A core problem carries a Message and words nothing: whoever shows it words it."""

import pickle

from kobito_tui.core.game import IllegalEvent, OptionError
from kobito_tui.core.message import Message
from kobito_tui.core.safetext import BadName, name_fault


def test_an_error_carries_its_message_and_its_str_is_the_id_with_params():
    error = IllegalEvent("kobito.not-in-hand", card="7a")
    assert error.message == Message("kobito.not-in-hand", {"card": "7a"})
    assert str(error) == "kobito.not-in-hand card='7a'"
    assert str(IllegalEvent("game.not-seats-turn", seat="\x1b[2J")) == "game.not-seats-turn seat='\\x1b[2J'"


def test_an_error_keeps_its_message_through_a_worker_process():
    for error in (
        IllegalEvent("kobito.not-in-hand", card="7a"),
        OptionError("options.players", game="kobito", min=2),
        BadName(name_fault("").id),
    ):
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is type(error) and again.message == error.message and str(again) == str(error)
    assert isinstance(OptionError("x"), ValueError) and isinstance(BadName("name.empty"), ValueError)
