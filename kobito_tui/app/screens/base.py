"""What every shell screen shares: the "make the window larger" notice, and pauses."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import on
from textual.css.query import NoMatches
from textual.events import Mount, Resize, ScreenResume
from textual.screen import ModalScreen, Screen
from textual.widget import Widget

from kobito_tui.app.widgets.size_notice import SizeNotice, too_small
from kobito_tui.app.widgets.workarounds import TranslatedBindings
from kobito_tui.i18n import Translator


class Translated(TranslatedBindings):
    """``self.t``: the app's translator, in this client's language (see docs/translating.md),
    and the footer's keys in it too.  A widget outside these screens says ``self.app.t(...)``."""

    @property
    def t(self) -> Translator:
        return self.app.t


class Noticed(Translated):
    """Below 80×24 the content gives way to a :class:`SizeNotice`, and so do the keys:
    the notice takes the focus (and the keys typed there do nothing, but quit), and this
    screen's own actions wait; the focus goes back where it was once the window is large
    enough.  (Handlers by ``@on``: called besides a subclass's own ``on_mount``, ``on_resize``.)"""

    _focus_before_notice: Widget | None = None

    @on(Mount)
    def _mount_size_notice(self) -> None:
        if self.is_attached:  # not a screen closed before it opened (keys typed faster than it came)
            self.mount(SizeNotice())

    @on(Resize)
    @on(ScreenResume)
    def _keys_to_the_notice(self) -> None:
        try:
            notice = self.query_one(SizeNotice)
        except NoMatches:  # not mounted yet: its own resize comes
            return
        if too_small(self.size):
            if self.focused is not notice:
                self._focus_before_notice = self.focused
                self.set_focus(notice, scroll_visible=False)
                self.refresh_bindings()
        elif self.focused is notice:
            before, self._focus_before_notice = self._focus_before_notice, None
            self.set_focus(before if before is not None and before.is_attached else None, scroll_visible=False)
            self.refresh_bindings()  # this screen's keys are back in its footer

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No action of this screen while the notice is shown (not even a priority key's)."""
        return not too_small(self.size)


class ShellScreen(Noticed, Screen[Any]):
    """A full screen, with the size notice."""

    def after(self, seconds: float, callback: Callable[[], object]) -> None:
        """Call ``callback`` after a pause of ``seconds``; 0 (as in tests and
        benchmarks) means after the next refresh: Textual's timers divide by
        their delay, so a zero timer would never fire."""
        if seconds > 0:
            self.set_timer(seconds, callback)
        else:
            self.call_after_refresh(callback)


class ShellDialog(Noticed, ModalScreen[Any]):
    """A dialog over another screen, with the same size notice."""
