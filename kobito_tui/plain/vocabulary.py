"""Words a player types, in the reader's language and in English: each maps to one meaning.

A move's word is taken whole, or by a beginning of two letters or more that only one word
has ("ri" for right); a command only whole (else "move" would begin "moves").  A translator
may give several words for one meaning, apart by spaces.
"""

from __future__ import annotations

from collections.abc import Iterable

from kobito_tui.i18n import Translator


class Vocabulary:
    """``words`` (a typed word → its meaning) looked up whole or by a unique beginning."""

    def __init__(self, words: dict[str, str], prefixes: bool = True) -> None:
        self.words = {word.lower(): meaning for word, meaning in words.items() if word}
        self.prefixes = prefixes

    def meaning(self, word: str) -> str | None:
        """What ``word`` means; None when nothing (or more than one meaning) begins so."""
        word = word.lower()
        if word in self.words:
            return self.words[word]
        if not self.prefixes or len(word) < 2:
            return None
        found = {meaning for known, meaning in self.words.items() if known.startswith(word)}
        return found.pop() if len(found) == 1 else None


def both(t: Translator, pairs: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Each ``(english, translated)``: the English word and every translated word, meaning the English."""
    words: dict[str, str] = {}
    for english, translated in pairs:
        for word in translated.split():
            words.setdefault(word.lower(), english)
        words[english] = english
    return words


def command_words(t: Translator, replay: bool = False) -> Vocabulary:
    """The line door's commands: a game's, or a replay's (which steps with next, back and end)."""
    # Translators: the line door's commands a blind player types: one word each, or several words apart by spaces
    # (each of them works; English works too). Lower case, no spaces inside a word.
    pairs = [
        ("hand", t.p("plain command", "hand")),
        ("pots", t.p("plain command", "pots")),
        ("workshop", t.p("plain command", "workshop")),
        ("scores", t.p("plain command", "scores")),
        ("board", t.p("plain command", "board")),
        ("where", t.p("plain command", "where")),
        ("who", t.p("plain command", "who")),
        ("help", t.p("plain command", "help")),
        ("rules", t.p("plain command", "rules")),
        ("quit", t.p("plain command", "quit")),
    ]
    if replay:
        pairs += [("next", t.p("plain command", "next")), ("back", t.p("plain command", "back")), ("end", t.p("plain command", "end"))]
    else:
        pairs += [("moves", t.p("plain command", "moves")), ("hint", t.p("plain command", "hint")), ("undo", t.p("plain command", "undo"))]
    return Vocabulary(both(t, pairs), prefixes=False)
