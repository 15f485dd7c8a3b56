"""The saved-games browser: saves and shipped examples, with replay, continue, rename, delete."""

from kobito_tui.app.browser.screen import BrowserScreen

__all__ = ["BrowserScreen"]
