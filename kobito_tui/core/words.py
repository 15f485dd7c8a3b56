"""Sentences about players: the verb agrees with the name."""

from __future__ import annotations

_PLURAL = {"goes": "go", "has": "have", "is": "are", "passes": "pass"}


def verb(name: str, present: str) -> str:
    """The present-tense verb as ``name`` takes it: "Ann goes", but "You go"
    (the default seat name is "You")."""
    if name.strip().lower() != "you":
        return present
    return _PLURAL.get(present, present.removesuffix("s"))
