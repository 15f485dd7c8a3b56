"""The message extractor Babel uses for this project (see babel.cfg).

It reads the syntax tree, so it takes exactly the translator's calls — ``t(...)``,
``self.t(...)``, ``t.n(...)``, ``t.p(...)``, ``t.np(...)`` — and the messages written as
data (``msg``, ``msg_n``, ``you``, ``you_n`` of ``msgids.py``; ``phrase`` of the app's
``actions.py``), and nothing else named ``t`` (a loop variable, ``t[0]``).  Each is
reported under the Babel keyword that says which of its arguments are what
(:data:`kobito_tui.i18n.catalogs.KEYWORDS`): ``message``, ``plural``, ``context``,
``context_plural``.  A ``# Translators:`` comment on the
lines just above a call goes to the translators with its message.

A rule option is declared once, as an ``OptionSpec(name=…, label=…, help=…,
choices=…)`` call in its game's rules (:class:`kobito_tui.core.game.OptionSpec`);
its ``label`` and ``help`` (literal strings) are messages, and each string choice
(a literal, a ``StrEnum`` member, or ``tuple(SomeStrEnum)`` of a class in the
same module) is a message in the option's context, its name spaced
(:attr:`OptionSpec.context`).
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
    tree = ast.parse(source)
    enums = _enums(tree)
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
    for call in sorted(calls, key=lambda node: (node.lineno, node.col_offset)):
        if isinstance(call.func, ast.Name) and call.func.id == OPTION_SPEC:
            for said, words, comments in _option_words(call, enums, comment_tags):
                if said in keywords:
                    yield call.lineno, said, words, comments
            continue
        keyword, context = _keyword(call.func)
        if keyword is not None and keyword in keywords:
            arguments = context + tuple(
                arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None for arg in call.args
            )
            yield call.lineno, keyword, arguments, _notes_above(notes, call.lineno, comment_tags)


OPTION_SPEC = "OptionSpec"
"""The declaration of a rule option, read for its words (see the module's docstring)."""
CHOICE_NOTE = (
    "Translators: a rule option's value, as the new-game form offers it and the Rules screen shows it; "
    "the context is the option. Short (about 20 letters), and the same words in that option's help text."
)


def _enums(tree: ast.Module) -> dict[str, dict[str, str]]:
    """Class name → member name → string value, for each class of the module with string members."""
    found: dict[str, dict[str, str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            members = {
                item.targets[0].id: item.value.value
                for item in node.body
                if isinstance(item, ast.Assign)
                and len(item.targets) == 1
                and isinstance(item.targets[0], ast.Name)
                and isinstance(item.value, ast.Constant)
                and isinstance(item.value.value, str)
            }
            if members:
                found[node.name] = members
    return found


def _string(node: ast.expr | None, enums: dict[str, dict[str, str]]) -> str | None:
    """A literal string, or a member (``Refill.TO_FIVE``) of a string enum of the module."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return enums.get(node.value.id, {}).get(node.attr)
    return None


def _choices(node: ast.expr | None, enums: dict[str, dict[str, str]]) -> list[str]:
    """The string choices of an option's ``choices=``: a tuple of literals and members, or ``tuple(Enum)``."""
    if isinstance(node, ast.Tuple | ast.List):
        return [text for item in node.elts if (text := _string(item, enums)) is not None]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "tuple" and len(node.args) == 1:
        inner = node.args[0]
        if isinstance(inner, ast.Name):
            return list(enums.get(inner.id, {}).values())
    return []


def _option_words(
    call: ast.Call, enums: dict[str, dict[str, str]], tags: Collection[str]
) -> Iterator[tuple[str, tuple[str | None, ...], list[str]]]:
    """An option declaration's messages: ``(keyword, arguments, comments)`` each."""
    given = {keyword.arg: keyword.value for keyword in call.keywords if keyword.arg}
    for position, key in enumerate(("name", "label", "default", "help", "choices")):
        if position < len(call.args):
            given.setdefault(key, call.args[position])
    for key in ("label", "help"):
        text = _string(given.get(key), {})
        if text:
            yield "message", (text,), []
    name = _string(given.get("name"), {})
    if name is not None:
        note = [CHOICE_NOTE] if any(CHOICE_NOTE.startswith(tag) for tag in tags) else []
        for choice in _choices(given.get("choices"), enums):
            yield "context", (name.replace("_", " "), choice), note


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
