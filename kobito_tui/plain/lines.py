"""The line door's two streams: lines read from a reader (bytes: a pipe, a terminal, an SSH
channel) and sentences written to a writer, one line each, appended, never redrawn.

A line read is refused with its reason, never passed on, when it is too long, not UTF-8 or
holds a control character; a line written holds no control character (a name from a file is
shown escaped) and is wrapped between words at :data:`WIDTH` characters, so a braille display
or a screen reader takes it as it comes.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import BinaryIO, TextIO

from kobito_tui.core.safetext import is_unsafe, printable
from kobito_tui.i18n import Translator

LINE_MAX = 300  # characters a line read may hold (a whole move is under 60)
WIDTH = 160  # characters a line written holds at most


class ReaderLeft(Exception):
    """The writer is closed (the reader left: a pipe read no further, a connection dropped)."""


@dataclass(frozen=True)
class BadLine:
    """A line read that is not used: ``why`` says so in the reader's words."""

    why: str


class Lines:
    """Sentences to ``writer``; lines from ``reader``, each made safe first."""

    def __init__(self, reader: BinaryIO, writer: TextIO) -> None:
        self.reader, self.writer = reader, writer

    def say(self, *texts: str) -> None:
        """Each text as one or more lines: printable, wrapped at :data:`WIDTH`; :class:`ReaderLeft` if the writer is."""
        try:
            for text in texts:
                for part in text.split("\n"):
                    safe = printable(part)
                    for line in textwrap.wrap(safe, WIDTH, break_on_hyphens=False) or [""]:
                        self.writer.write(line + "\n")
            self.writer.flush()
        except UnicodeError:
            raise  # a writer that cannot take the words is a bug of whoever opened it, not a reader gone
        except (OSError, ValueError) as error:  # (ValueError: written to after it was closed)
            raise ReaderLeft from error

    def read(self, t: Translator) -> str | BadLine | None:
        """The next line without its end (None at the end of input), or why it is refused."""
        raw = self.reader.readline(LINE_MAX * 4 + 1)
        if not raw:
            return None
        if not raw.endswith(b"\n") and len(raw) > LINE_MAX * 4:
            while (more := self.reader.readline(64 * 1024)) and not more.endswith(b"\n"):
                pass  # the rest of a huge line is read and dropped
            return BadLine(t("That line is too long (at most {count} characters); nothing was done.", count=LINE_MAX))
        try:
            text = raw.decode("utf-8").removesuffix("\n").removesuffix("\r")
        except UnicodeDecodeError:
            return BadLine(t("That line is not UTF-8 text; nothing was done."))
        if len(text) > LINE_MAX:
            return BadLine(t("That line is too long (at most {count} characters); nothing was done.", count=LINE_MAX))
        if any(is_unsafe(char) for char in text):
            return BadLine(t("That line holds a control character; nothing was done."))
        return text
