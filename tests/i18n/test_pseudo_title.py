"""The title screen in the pseudo-language at 80×24: nothing cut, no English left."""

from __future__ import annotations

from kobito_tui.app.main import files_app

from .screentext import pseudo_problems, screen_lines


async def test_the_title_in_the_pseudo_language_is_whole_and_translated(tmp_path):
    app = files_app(tmp_path / "saves", lang="xx", env={"KOBITO_CONFIG_DIR": str(tmp_path / "config")})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = screen_lines(app)
        assert any("‹" in line for line in lines)
        allowed = {"English", "Українська", "Русский"}  # each language in its own words
        assert pseudo_problems(lines, allowed) == [], "\n".join(lines)
