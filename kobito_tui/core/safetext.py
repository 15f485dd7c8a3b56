"""Untrusted text made safe to show: the one place for names, option keys and
values, header fields, file names and refusal reasons that quote them.

Anything that did not come from this program's own source (a save file, a
player, a remote terminal) goes through :func:`printable` before it reaches a
terminal, and widgets show it as plain text (``Content``/``Text``), never as
Rich or Textual markup.
"""

from __future__ import annotations

import unicodedata

from kobito_tui.core.message import Message, MessageError

NAME_MAX_CHARS = 24  # a player's name, typed or read from a file

# Control, format (bidi overrides, zero-width), surrogate and separator
# characters: each could move the cursor, retitle the terminal or hide text.
_UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def is_unsafe(char: str) -> bool:
    return unicodedata.category(char) in _UNSAFE_CATEGORIES


def printable(text: object, limit: int | None = None) -> str:
    """``text`` with every control or format character shown as an escape
    (ESC becomes ``\\x1b``), cut to ``limit`` characters with "…" if longer."""
    text = str(text)
    if limit is not None and len(text) > limit:
        text = text[: max(0, limit - 1)] + "…"
    if text.isprintable() and text.isascii():
        return text
    return "".join(_escape(char) if is_unsafe(char) else char for char in text)


def name_fault(name: str) -> Message | None:
    """Why ``name`` cannot be a player's name ("name.empty", "name.too-long",
    "name.control"), or None when it can."""
    if not name.strip():
        return Message("name.empty")
    if len(name) > NAME_MAX_CHARS:
        return Message("name.too-long", {"max": NAME_MAX_CHARS, "given": len(name)})
    if any(is_unsafe(char) for char in name):
        return Message("name.control", {"name": name})
    return None


class BadName(MessageError, ValueError):
    """A name that cannot be a player's: ``message`` is its :func:`name_fault`."""
