"""The final screen of a served game at 80×24 in en/uk/ru: Rematch offered, the line saying whom it waits for.

Shown by the app itself at a home whose first screen is the final screen of a made-up game, its rematch
accepted by Ann and waited for from Bob, as a lobby's home tells it (look at them: tests/app/__snapshots__/)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.screen import Screen

from kobito_tui.app.files_home import FilesHome
from kobito_tui.app.main import KobitoApp
from kobito_tui.app.screens.final import FinalScreen, Rematches
from kobito_tui.core.game import Header, Result, Seat
from kobito_tui.i18n import Translator

HEADER = Header("treasure", (Seat("Ann"), Seat("Bob"), Seat("", "bot", "hard")), {}, None, "2026-12-07T21:00:00", "test")


class RematchFirst(FilesHome):
    """A home that offers a rematch of the game on its first screen, Ann's acceptance given."""

    def default_screen(self) -> Screen[Any]:
        return FinalScreen(Result(winners=[1], scores=[2, 3, 1]), HEADER, seat=0, analyse_at_once=False)

    def rematch_line(self, t: Translator) -> str | None:
        return t("Waiting for {names}…", names="Bob")

    def rematch_open(self) -> bool:
        return False

    def home_words(self, t: Translator, *, short: bool = False, kept: bool = False, seated: bool = True) -> str:
        return t("Lobby")


def test_the_home_is_one_that_rematches(tmp_path):
    assert isinstance(RematchFirst(tmp_path, env={"KOBITO_CONFIG_DIR": str(tmp_path)}), Rematches)


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_the_final_screen_offers_a_rematch_and_says_whom_it_waits_for(snap_compare, tmp_path, lang):
    app = KobitoApp(RematchFirst(tmp_path / "saves", env={"KOBITO_CONFIG_DIR": str(tmp_path)}), bot_delay=0, lang=lang)

    async def still(pilot) -> None:
        await pilot.pause()

    assert snap_compare(app, run_before=still, terminal_size=(80, 24))
