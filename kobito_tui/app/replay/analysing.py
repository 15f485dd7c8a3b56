"""A finished game's analysis for the screens: run off the UI thread, kept for the session.

The analyser runs in a child process (``child``: a new interpreter, as a fork of a
process with threads may deadlock), watched by a thread worker of the app, so neither
the screen nor the event loop waits, and closing the app ends it.  A report is kept in memory for the session,
and by a keeper (:class:`~kobito_tui.analysis.sidecar.Keeper`): beside the save (the analyser's
sidecar) where the player's files are, in the hub's store for a served table; a second
look is instant.  The final screen starts one, the replay viewer shows the same one.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast
from weakref import WeakKeyDictionary

from textual.app import App
from textual.worker import Worker, get_current_worker

from kobito_tui.analysis.report import Report
from kobito_tui.analysis.sidecar import Keeper, Sidecar
from kobito_tui.core.message import Message
from kobito_tui.core.record import Record
from kobito_tui.core.savefile import dumps

if TYPE_CHECKING:
    from kobito_tui.app.shell import ShellApp

KEPT = 8  # reports kept per app session (the newest)
POLL_SECONDS = 0.2  # how often the watcher looks for a word from the child or a cancel
FAILED = Message("analysis.failed")  # the child or the worker died or raised: no traceback, a plain line


class Analysis:
    """One game's analysis, under way or done: ``done`` of ``total`` turns judged, then
    ``report``, or ``refusal`` (why not, as a message).  ``listen`` is told of each change
    (on the UI thread)."""

    def __init__(self, record: Record, keeper: Keeper | None, seat: int | None, jobs: int) -> None:
        self.record, self.keeper, self.seat, self.jobs = record, keeper, seat, jobs
        self.done = self.total = 0
        self.report: Report | None = None
        self.refusal: Message | None = None
        self._listeners: list[Callable[[], None]] = []
        self._worker: Worker[None] | None = None

    @property
    def finished(self) -> bool:
        return self.report is not None or self.refusal is not None

    def listen(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)

    def forget(self, listener: Callable[[], None]) -> None:
        """No longer tell ``listener``; with nobody left to tell, an unfinished analysis stops
        (and is asked for anew next time), so no child outlives the screens that wanted it."""
        if listener in self._listeners:
            self._listeners.remove(listener)
        if not self._listeners and not self.finished and self._worker is not None:
            self._worker.cancel()
            kept = _KEPT.get(self._app, {})
            for key, analysis in list(kept.items()):
                if analysis is self:
                    del kept[key]

    def _tell(self) -> None:
        for listener in list(self._listeners):
            listener()

    def start(self, app: App[Any]) -> None:
        self._app = app
        self._worker = app.run_worker(self._run, thread=True, group="analysis", exit_on_error=False)

    def _from_thread(self, **changes: Any) -> None:
        """Set ``changes`` and tell the listeners, on the UI thread (nothing once the app is gone)."""

        def apply() -> None:
            for name, value in changes.items():
                setattr(self, name, value)
            self._tell()

        try:
            self._app.call_from_thread(apply)
        except RuntimeError:  # the app is closing
            pass

    def _run(self) -> None:
        """The analysis, off the UI thread: whatever stops it (a keeper that fails, a child that dies, a
        broken pipe, a garbled word) is a refusal, never "Analysing…" without end."""
        try:
            self._analyse()
        except Exception:  # noqa: BLE001 - no traceback in a worker nobody watches: a plain line
            self._from_thread(refusal=FAILED)

    def _analyse(self) -> None:
        cached = self.keeper.load(self.record, self.seat) if self.keeper is not None else None
        if cached is not None:
            self._from_thread(report=cached)
            return
        seat = "all" if self.seat is None else str(self.seat)
        child = subprocess.Popen(
            [sys.executable, "-m", "kobito_tui.app.replay.child", str(self.jobs), seat],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            encoding="utf-8",
            start_new_session=True,  # its own process group: ended with the workers it starts
        )
        worker = get_current_worker()
        try:
            assert child.stdin is not None and child.stdout is not None
            child.stdin.write(dumps(self.record))
            child.stdin.close()
            while not worker.is_cancelled:
                if not select.select([child.stdout], [], [], POLL_SECONDS)[0]:
                    continue
                line = child.stdout.readline()
                if not line:  # it died
                    self._from_thread(refusal=FAILED)
                    return
                word = json.loads(line)
                if word[0] == "progress":
                    self._from_thread(done=word[1], total=word[2])
                elif word[0] == "refused":
                    self._from_thread(refusal=Message(word[1], word[2]))
                    return
                else:
                    self._finish(Report.from_json(word[1]))
                    return
        finally:
            if child.poll() is None:
                _end(child)
            child.wait()
            if child.stdout is not None:
                child.stdout.close()

    def _finish(self, report: Report) -> None:
        if self.keeper is not None:
            self.keeper.store(self.record, self.seat, report)
        self._from_thread(report=report)


def _end(child: subprocess.Popen[str]) -> None:
    """Stop ``child`` and the workers it started (its process group)."""
    try:
        os.killpg(child.pid, signal.SIGTERM)
    except (AttributeError, OSError):  # no process groups here, or already gone
        child.terminate()


# (id of the record, seat) → its analysis, per app; each analysis holds its record, so an id stays its own
_KEPT: WeakKeyDictionary[App[Any], dict[tuple[int, int | None], Analysis]] = WeakKeyDictionary()


def keep(app: App[Any], record: Record, report: Report, seat: int | None = None) -> Analysis:
    """``report`` as the session's analysis of ``record`` (one known already: a benchmark's, a test's)."""
    analysis = Analysis(record, None, seat, jobs=1)
    analysis.report = report
    _KEPT.setdefault(app, {})[id(record), seat] = analysis
    return analysis


def kept_report(app: App[Any], record: Record, seat: int | None = None) -> Report | None:
    """The session's finished analysis of ``record``, if it has one (nothing is started)."""
    found = _KEPT.get(app, {}).get((id(record), seat))
    return None if found is None else found.report


def analysis_of(app: App[Any], record: Record, path: Path | None = None, seat: int | None = None, keeper: Keeper | None = None) -> Analysis:
    """The session's analysis of ``record`` (started now if it has none, or only a failed one);
    a record is known by its identity (a file opened again is found in its sidecar, off the UI).
    ``keeper``: where it is kept, if not beside ``path`` (the hub's store for a served table)."""
    kept = _KEPT.setdefault(app, {})
    key = (id(record), seat)
    found = kept.get(key)
    if found is None or found.refusal == FAILED:
        local = cast("ShellApp", app).home.local_files  # over SSH: nothing written on the host, one core
        if keeper is None and local and path is not None:
            keeper = Sidecar(path)
        found = Analysis(record, keeper, seat, jobs=min(4, os.cpu_count() or 1) if local else 1)
        kept.pop(key, None)
        kept[key] = found
        while len(kept) > KEPT:
            kept.pop(next(iter(kept)))
        found.start(app)
    return found
