"""Counting the frames an app hands to the terminal: a key press should cost one,
since a second waits for the screen's refresh timer (~16 ms), a lag a player feels."""

from __future__ import annotations

from textual.widgets import Static


def count_frames(app) -> list[str]:
    """From now on, the status line's words at each frame the app paints."""
    frames: list[str] = []
    display = app._display

    def counted(screen, update) -> None:
        display(screen, update)
        if update is not None:
            frames.append(str(screen.query_one("#status", Static).render()) if screen.query("#status") else "")

    app._display = counted
    return frames
