"""What every shell screen shares: the "make the window larger" notice."""

from __future__ import annotations

from textual.screen import ModalScreen, Screen

from kobito_tui.app.widgets.size_notice import SizeNotice


class ShellScreen(Screen):
    """A full screen; below 80×24 its content gives way to a :class:`SizeNotice`."""

    def _on_mount(self) -> None:
        self.mount(SizeNotice())


class ShellDialog(ModalScreen):
    """A dialog over another screen, with the same size notice."""

    def _on_mount(self) -> None:
        self.mount(SizeNotice())
