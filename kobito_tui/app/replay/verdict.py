"""The analysis of the turn shown, beside the replay's log (the words: ``analysis.verdicts``)."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widgets import Static


class VerdictBox(VerticalScroll, can_focus=False):
    """The verdict beside the log (its Static: ``#replay-verdict``): as high as its words, at least
    the Static's CSS min-height (most verdicts fit it: a step to another lays nothing out anew) and
    at most the box's max-height (the log keeps the rest); longer words scroll, a scrollbar showing."""

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        self.words = Static("", id="replay-verdict", markup=False)
        super().__init__(self.words, id=id)

    def say(self, words: str) -> None:
        """Shows ``words``, laid out anew only when they need another number of rows."""
        line = self.words
        line.update(words, layout=False)
        floor = int(line.styles.min_height.value) if line.styles.min_height is not None else 0
        width = line.content_size.width
        rows = line.get_content_height(self.size, self.app.size, width) if words and width else 0  # update() cleared its cache
        if not width or max(rows, floor) != line.size.height:
            line.refresh(layout=True)
        if self.scroll_y:
            self.scroll_home(animate=False)  # a new verdict is read from its first line
