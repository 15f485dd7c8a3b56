"""The replay viewer: a saved game, moment by moment, read-only."""

from kobito_tui.app.replay.screen import ReplayScreen

__all__ = ["ReplayScreen"]
