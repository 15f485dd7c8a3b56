"""Snapshots of the tutorials at 80×24 (look at them: tests/tutorial/__snapshots__/)."""

from __future__ import annotations

import pytest
from app_kobito.drive import press

from tutorial.test_pilot import my_turn, tutorial_app


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_kobito_first_step(snap_compare, tmp_path, lang):
    assert snap_compare(tutorial_app(tmp_path, "kobito", lang), terminal_size=(80, 24), run_before=my_turn)


def test_kobito_wrong_move_lights_the_step_up(snap_compare, tmp_path):
    async def wrong(pilot) -> None:
        await my_turn(pilot)
        await press(pilot, "2", "3", "4", "enter")  # a rainbow 7 8 9: not this step's move

    assert snap_compare(tutorial_app(tmp_path, "kobito"), terminal_size=(80, 24), run_before=wrong)


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_treasure_first_step(snap_compare, tmp_path, lang):
    assert snap_compare(tutorial_app(tmp_path, "treasure", lang), terminal_size=(80, 24), run_before=my_turn)
