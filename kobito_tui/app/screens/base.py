"""What every shell screen shares: the "make the window larger" notice, and pauses."""

from __future__ import annotations

from typing import Callable

from textual import on
from textual.events import Mount
from textual.screen import ModalScreen, Screen

from kobito_tui.app.widgets.size_notice import SizeNotice
from kobito_tui.app.widgets.workarounds import TranslatedBindings
from kobito_tui.i18n import Translator


class Translated(TranslatedBindings):
    """``self.t``: the app's translator, in this client's language (see docs/translating.md),
    and the footer's keys in it too.  A widget outside these screens says ``self.app.t(...)``."""

    @property
    def t(self) -> Translator:
        return self.app.t


class ShellScreen(Translated, Screen):
    """A full screen; below 80×24 its content gives way to a :class:`SizeNotice`.
    (A handler by ``@on``: called besides a subclass's own ``on_mount``.)"""

    @on(Mount)
    def _mount_size_notice(self) -> None:
        self.mount(SizeNotice())

    def after(self, seconds: float, callback: Callable[[], object]) -> None:
        """Call ``callback`` after a pause of ``seconds``; 0 (as in tests and
        benchmarks) means after the next refresh: Textual's timers divide by
        their delay, so a zero timer would never fire."""
        if seconds > 0:
            self.set_timer(seconds, callback)
        else:
            self.call_after_refresh(callback)


class ShellDialog(Translated, ModalScreen):
    """A dialog over another screen, with the same size notice."""

    @on(Mount)
    def _mount_size_notice(self) -> None:
        self.mount(SizeNotice())
