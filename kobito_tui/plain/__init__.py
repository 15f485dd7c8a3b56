"""The line door: the games in plain lines of text, for a screen reader or a braille display.

Append-only sentences from the message catalogue (no cursor movement, no colour), commands
and moves typed in words, read from any stream of bytes: a terminal, a pipe, an SSH channel
(:class:`~kobito_tui.plain.lines.Lines` is the reader and writer pair).  A client of the table
like the app; no Textual here.  ``kobito plain`` runs it (:mod:`kobito_tui.plain.start`).
"""
