"""The analysis with little work per decision, for tests that check its shape, not its judgement."""

from __future__ import annotations

from kobito_tui.analysis import kobito_judge, treasure_judge
from kobito_tui.core.savefile import load

EXAMPLES = "saves"


def cheapen(monkeypatch) -> None:
    monkeypatch.setattr(kobito_judge, "WORLDS", 3)
    monkeypatch.setattr(kobito_judge, "PRIOR_WORLDS", 1)
    monkeypatch.setattr(treasure_judge._Search, "LAYOUTS", 2)
    monkeypatch.setattr(treasure_judge._Search, "WORLDS", 2)


def example(name: str):
    return load(f"{EXAMPLES}/{name}.jsonl")
