"""What an engine or the table says, before anybody puts it in words.

A :class:`Message` is an id (``"kobito.play"``, ``"not-your-turn"``) and JSON
parameters: seat numbers, card names, pot slots, counts — never a player's
name and never a sentence.  ``kobito_tui.i18n.messages.say`` turns one into
words in a client's language: the core never words a message itself.  A
problem the core raises carries one (:class:`MessageError`); whoever shows it
words it (``say``, or ``english`` for tools and logs).
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

    def __str__(self) -> str:
        """The id and its params, as code writes them (``kobito.not-in-hand card='7a'``): not words."""
        return " ".join([self.id, *(f"{key}={value!r}" for key, value in self.params.items())])


class MessageError(Exception):
    """An error whose reason is a :class:`Message`: ``message``.  ``str(error)`` is the
    message's id and params (for tracebacks); whoever shows it words ``message``."""

    def __init__(self, id: str, /, **params: Any) -> None:
        super().__init__(id)
        self.message = Message(id, params)

    def __str__(self) -> str:
        return str(self.message)

    def __reduce__(self) -> tuple[Any, ...]:  # pickled (to and from a worker process) with its params
        return (_remade, (type(self), self.message.id, self.message.params))


def _remade(kind: type[MessageError], id: str, params: dict[str, Any]) -> MessageError:
    return kind(id, **params)
