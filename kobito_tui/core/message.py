"""What an engine or the table says, before anybody puts it in words.

A :class:`Message` is an id (``"kobito.play"``, ``"not-your-turn"``) and JSON
parameters: seat numbers, card names, pot slots, counts — never a player's
name and never a sentence.  ``kobito_tui.i18n.messages.say`` turns one into
words in a client's language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Message:
    """``id`` names the sentence; ``params`` (JSON-able) fill it in."""

    id: str
    params: dict[str, Any] = field(default_factory=dict)

    def __hash__(self) -> int:  # params is a dict: hash by id, compare by both
        return hash(self.id)

    def dump(self) -> dict[str, Any]:
        """As JSON, to carry inside another message's params (read back by :meth:`read`)."""
        return {"id": self.id, "params": self.params}

    @classmethod
    def read(cls, data: dict[str, Any]) -> Message:
        return cls(data["id"], data["params"])

