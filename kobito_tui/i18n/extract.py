"""The message extractor Babel uses for this project (see babel.cfg).

It reads the syntax tree, so it takes exactly the translator's calls — ``t(...)``,
``self.t(...)``, ``t.n(...)``, ``t.p(...)``, ``t.np(...)`` — and the messages written as
data (``msg``, ``msg_n``, ``you``, ``you_n`` of ``msgids.py``; ``phrase`` of the app's
``actions.py``), and nothing else named ``t`` (a loop variable, ``t[0]``).  Each is
reported under the Babel keyword that says which of its arguments are what
(:data:`kobito_tui.i18n.catalogs.KEYWORDS`): ``message``, ``plural``, ``context``,
``context_plural``.  A ``# Translators:`` comment on the
lines just above a call goes to the translators with its message.
"""

from __future__ import annotations

import ast
import io
import tokenize
from collections.abc import Collection, Iterator
from typing import IO, Any

from .msgids import YOU

METHODS = {"n": "plural", "p": "context", "np": "context_plural"}
"""The translator's methods and the keyword each is extracted under (a call of ``t`` itself: ``message``)."""
MARKERS = {
    "msg": ("message", ()),
    "msg_n": ("plural", ()),
    "you": ("context", (YOU,)),
    "you_n": ("context_plural", (YOU,)),
    "phrase": ("message", ()),
}
"""The data markers: the keyword each stands for, and the context it puts first."""


def messages(
    fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str], options: dict[str, Any]
) -> Iterator[tuple[int, str, tuple[str | None, ...], list[str]]]:
    """Babel's extractor protocol: ``(line, keyword, arguments, comments)`` per call."""
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    notes = _comments(source)
    calls = [node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Call)]
    for call in sorted(calls, key=lambda node: (node.lineno, node.col_offset)):
        keyword, context = _keyword(call.func)
        if keyword is not None and keyword in keywords:
            arguments = context + tuple(
                arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None for arg in call.args
            )
            yield call.lineno, keyword, arguments, _notes_above(notes, call.lineno, comment_tags)


def _is_translator(node: ast.expr) -> bool:
    return (isinstance(node, ast.Name) and node.id == "t") or (isinstance(node, ast.Attribute) and node.attr == "t")


def _keyword(func: ast.expr) -> tuple[str | None, tuple[str, ...]]:
    if _is_translator(func):
        return "message", ()
    if isinstance(func, ast.Attribute) and func.attr in METHODS and _is_translator(func.value):
        return METHODS[func.attr], ()
    if isinstance(func, ast.Name) and func.id in MARKERS:
        return MARKERS[func.id]
    return None, ()


def _comments(source: str) -> dict[int, str]:
    """Line → text of each comment that is alone on its line."""
    found = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT and not token.line[: token.start[1]].strip():
            found[token.start[0]] = token.string[1:].strip()
    return found


def _notes_above(notes: dict[int, str], line: int, tags: Collection[str]) -> list[str]:
    """The comment block just above ``line``, if it starts with a translator tag."""
    block: list[str] = []
    while line - 1 in notes:
        line -= 1
        block.insert(0, notes[line])
    return block if block and block[0].startswith(tuple(tags)) else []
