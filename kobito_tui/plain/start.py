"""``kobito plain``: a new game, a saved one, or a replay, in lines on a reader and a writer.

A game is saved in the saves folder as the app saves it (a new file for a new game, locked
against other sessions while played here, saved after every move), so the app can go on with
it and ``kobito plain load`` too.
"""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO, TextIO

from kobito_tui.analysis.sidecar import load_cached
from kobito_tui.client.hosts import LocalHost
from kobito_tui.core.game import Header
from kobito_tui.core.record import Record
from kobito_tui.core.safetext import printable
from kobito_tui.core.savefile import SaveError, load
from kobito_tui.core.savelock import SaveLock, SaveLocked
from kobito_tui.core.saves import new_save_path
from kobito_tui.i18n import Translator, translator
from kobito_tui.i18n.messages import say
from kobito_tui.table.local import LocalTable

from .door import PlainGame
from .lines import Lines, ReaderLeft
from .replay import ReplayWalk


def run_plain(
    reader: BinaryIO,
    writer: TextIO,
    lang: str,
    saves_dir: Path,
    *,
    new: Header | None = None,
    load_path: Path | None = None,
    replay: Path | None = None,
    bot_delay: float = 0.0,
) -> int:
    """Play ``new``, go on with ``load_path`` or step through ``replay``: the exit code.
    A writer that goes away ends it as quitting does (every move is saved already): :class:`ReaderLeft`."""
    t = translator(lang)
    lines = Lines(reader, writer)
    if replay is not None:
        record = _loaded(lines, t, replay)
        return 1 if record is None else ReplayWalk(lines, t, record, load_cached(replay, record)).run()
    path = new_save_path(saves_dir, new) if new is not None else load_path
    assert path is not None
    try:
        lock = SaveLock.take(path)
    except SaveLocked:
        lines.say(t("{file} is open in another terminal.", file=printable(path.name)))
        return 1
    except OSError as error:  # the saves folder cannot be written
        lines.say(t("The game could not be saved: {reason}", reason=printable(error)))
        return 1
    try:
        record = Record(new) if new is not None else _loaded(lines, t, path)
        if record is None:
            return 1
        local = LocalTable(record, path, bot_delay=bot_delay, lock=lock)
        try:
            local.flush()  # the deal is on disk before anyone sees it
            PlainGame(lines, t, LocalHost(local), lambda: _kept(t, local)).run()
        except ReaderLeft:
            raise
        except KeyboardInterrupt:  # Ctrl+C at a terminal: as quit
            lines.say(*_kept(t, local))
        except OSError as error:
            lines.say(t("The game could not be saved: {reason}", reason=printable(error)))
            return 1
        finally:
            local.close()
    finally:
        lock.release()
    return 0


def _loaded(lines: Lines, t: Translator, path: Path) -> Record | None:
    try:
        return load(path)
    except SaveError as error:
        reason = printable(say(t, error.message))
        lines.say(t("{file}, line {line}: {reason}", file=printable(str(path)), line=error.line, reason=reason))
        return None


def _kept(t: Translator, local: LocalTable) -> list[str]:
    """Where the game stays, once every move is saved."""
    path = local.session.path
    try:
        local.flush()
    except OSError as error:
        return [t("The game could not be saved: {reason}", reason=printable(error))]
    if path is None or local.over:
        return [t("Saved in {file}.", file=printable(str(path)))] if path else []
    return [t("Saved in {file}; kobito plain load {file} goes on with it.", file=printable(str(path)))]
