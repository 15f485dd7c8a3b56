"""The title comes up without what only a game needs: no engine, no table and its computers, no analysis,
no hub client, no Markdown parser (issue 39: start at the floor). A list of modules, not a time: a new import
that drags one of them in before the title fails here, naming it."""

from __future__ import annotations

import json
import subprocess
import sys

TITLE = """
import asyncio, json, sys, tempfile
from pathlib import Path
from kobito_tui.app.main import files_app

async def main():
    app = files_app(Path(tempfile.mkdtemp()), env={"KOBITO_CONFIG_DIR": tempfile.mkdtemp()})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"
        print(json.dumps(sorted(sys.modules)))

asyncio.run(main())
"""
NOT_AT_THE_TITLE = (
    "kobito_tui.table", "kobito_tui.bots", "kobito_tui.analysis", "kobito_tui.serve", "kobito_tui.client",
    "kobito_tui.app.screens.game", "kobito_tui.app.replay", "kobito_tui.app.browser", "markdown_it", "asyncssh", "aiohttp",
    "kobito_tui.kobito", "kobito_tui.treasure",
)  # fmt: skip  # one group a line


def test_the_title_imports_nothing_a_game_alone_needs(tmp_path):
    # (run elsewhere than the repository: the installed package, as a player's, not the source folder's)
    shown = subprocess.run([sys.executable, "-c", TITLE], capture_output=True, text=True, timeout=120, check=True, cwd=tmp_path)
    modules = json.loads(shown.stdout.strip().splitlines()[-1])
    early = [name for name in modules if name.startswith(NOT_AT_THE_TITLE)]
    assert early == [], f"imported before the title needs them: {early}"
