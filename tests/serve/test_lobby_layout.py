"""The lobby at 80 columns: every column and the footer's keys fit."""

from __future__ import annotations

import pytest

from kobito_tui.app.remote import lobby_app
from kobito_tui.app.screens.lobby import LobbyScreen

from .helpers import KEY_ANN, KEY_BOB
from .test_remote_app import in_lobby, until


def screen_text(app) -> str:
    return "\n".join("".join(segment.text for segment in strip) for strip in app.screen._compositor.render_strips())


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
async def test_at_80_columns_every_column_and_key_of_the_lobby_shows(server, data_dir, lang):
    bob = server.connect(KEY_BOB, "Bartholomew the Third")
    for seats in (["open", "open", "open", "open"], ["open", "hard", "medium"], ["open", "open"]):
        table = bob.create("kobito", seats)
        bob.join(table, 0)
    app = lobby_app(server.socket, KEY_ANN, "Ann", data_dir / "saves", lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: in_lobby(app) and app.screen.query_one("#lobby-tables").row_count == 3)
        await pilot.pause()
        app.save_screenshot(str(data_dir / f"lobby-{lang}.svg"))  # to look at while changing it
        text = screen_text(app)
        t = app.t
        heading = text.split("\n")[1]
        assert t.p("column", "started") in heading, heading
        footer = text.rstrip("\n").split("\n")[-1]
        for action in ("New table", "Join", "Rejoin (code)", "Keys"):
            assert t(action) in footer, footer
        assert footer.rstrip().endswith(t("palette")), footer
        assert "…" in text  # the long seats: cut, and said so
        for row in text.split("\n")[2:5]:
            assert row.rstrip().endswith(("…", ")")), row
        await pilot.resize_terminal(140, 30)
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert "…" not in screen_text(app)  # room enough: the seats whole
