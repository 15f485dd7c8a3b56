"""Where save files live: the user's data folder, or one the player names."""

from __future__ import annotations

import os
from pathlib import Path
from stat import S_ISREG

import platformdirs

from kobito_tui.core.game import Header
from kobito_tui.core.savefile import SUFFIX

ENV_VAR = "KOBITO_SAVES_DIR"


def saves_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """``--saves-dir``, else ``$KOBITO_SAVES_DIR``, else the platform's user data folder."""
    chosen = override or os.environ.get(ENV_VAR)
    if chosen:
        return Path(chosen).expanduser()
    return Path(platformdirs.user_data_dir("kobito-tui", appauthor=False)) / "saves"


def new_save_path(folder: Path, header: Header) -> Path:
    """A fresh file name that sorts by creation time: ``kobito-20261130-102442.jsonl``."""
    stamp = header.created.replace("-", "").replace(":", "").replace("T", "-").rstrip("Z")
    path = folder / f"{header.game}-{stamp}{SUFFIX}"
    number = 2
    while path.exists():
        path = folder / f"{header.game}-{stamp}-{number}{SUFFIX}"
        number += 1
    return path


def remove_temp_files(folder: Path) -> list[Path]:
    """Delete the temporary files an interrupted save left in ``folder`` and its
    ``replays`` (``.NAME.jsonl.XXXX.tmp``: only ours); the paths removed."""
    removed = []
    for place in (folder, folder / "replays"):
        for path in place.glob(f".*{SUFFIX}.*.tmp") if place.is_dir() else ():
            if path.is_file() and not path.is_symlink():
                try:
                    path.unlink()
                except OSError:
                    continue
                removed.append(path)
    return removed


def list_saves(folder: Path) -> list[Path]:
    """Save files in ``folder``, newest first."""
    if not folder.is_dir():
        return []
    dated = []
    for path in folder.glob(f"*{SUFFIX}"):
        try:  # a file may vanish (or be no file) while the folder is read
            stat = path.stat()
        except OSError:
            continue
        if S_ISREG(stat.st_mode):
            dated.append((stat.st_mtime, path))
    return [path for _, path in sorted(dated, key=lambda pair: pair[0], reverse=True)]
