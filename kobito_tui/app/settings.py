"""The player's settings, kept between runs in a small JSON file.

The file lives in the app's config folder (platformdirs' user config folder;
``KOBITO_CONFIG_DIR`` overrides it, as tests do), beside the language chosen
on the title screen (``kobito_tui.i18n.language``).  A missing or unreadable file means the defaults
(a new player); a failed write is ignored: a setting is a comfort, never a
reason to stop a game.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

from kobito_tui.i18n import language

FILE_NAME = "settings.json"
MAX_BYTES = 64 * 1024  # a settings file is tiny; anything larger is not ours


@dataclass(frozen=True)
class Settings:
    guide: bool = True  # the first-game guide: tips in the log when a newcomer needs them
    notify: bool = True  # over a hub: the bell and a desktop notice when a table comes to wait for your move


def config_dir() -> Path:
    return language.config_dir(os.environ)


def load() -> Settings:
    """The saved settings; the defaults for anything missing or malformed."""
    try:
        path = config_dir() / FILE_NAME
        if not path.is_file() or path.stat().st_size > MAX_BYTES:
            return Settings()
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    defaults = Settings()
    known = {f.name: data[f.name] for f in fields(Settings) if type(data.get(f.name)) is type(getattr(defaults, f.name))}
    return replace(defaults, **known)


def save(settings: Settings) -> bool:
    """Write ``settings``; whether it worked."""
    folder = config_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        temporary = folder / f"{FILE_NAME}.tmp"
        temporary.write_text(json.dumps(asdict(settings), indent=2) + "\n", encoding="utf-8")
        temporary.replace(folder / FILE_NAME)
    except OSError:
        return False
    return True
