"""A tiny game for testing the core alone: draw a secret number, then add to a total.

Each turn the seat to act adds 1 or 2 (``add``) any number of times, then ends
(``end``); a chance ``draw`` at the start of each turn gives the seat a secret
card.  First total ≥ 10 wins.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kobito_tui.core.game import Header, IllegalEvent, OptionSpec, Result
from kobito_tui.core.message import Message


@dataclass
class ToyState:
    players: int
    total: int = 0
    turn: int = 0
    drawn: bool = False
    secrets: list[list[int]] = field(default_factory=list)


class ToyGame:
    id = "toy"
    title = "Toy"
    min_players = 2
    max_players = 3

    def option_specs(self):
        return [OptionSpec("goal", "Goal", 10, kind=int)]

    def normalize_options(self, options, players):
        return {"goal": int(options.get("goal", 10))}

    def new_state(self, header: Header):
        return ToyState(header.players, secrets=[[] for _ in header.seats])

    def chance(self, state, rng):
        if not state.drawn and not self.is_over(state):
            return {"type": "draw", "player": state.turn % state.players, "card": rng.randrange(100)}
        return None

    def apply(self, state, event):
        kind = event["type"]
        if kind == "draw":
            if state.drawn:
                raise IllegalEvent("toy.no-draw")
            state.secrets[event["player"]].append(event["card"])
            state.drawn = True
            return
        if not state.drawn or event.get("seat") != state.turn % state.players:
            raise IllegalEvent("game.not-seats-turn", seat=event.get("seat"))
        if kind == "add":
            if event["n"] not in (1, 2):
                raise IllegalEvent("toy.add-1-or-2")
            state.total += event["n"]
        elif kind == "end":
            state.turn += 1
            state.drawn = False
        else:
            raise IllegalEvent("toy.unknown-move", kind=kind)

    play = apply

    def to_act(self, state):
        return None if self.is_over(state) or not state.drawn else state.turn % state.players

    def legal_moves(self, state):
        seat = self.to_act(state)
        if seat is None:
            return []
        return [{"type": "add", "seat": seat, "n": 1}, {"type": "add", "seat": seat, "n": 2}, {"type": "end", "seat": seat}]

    def closes_turn(self, event):
        return event["type"] == "end"

    def is_over(self, state):
        return state.total >= 10

    def result(self, state):
        return Result([(state.turn) % state.players]) if self.is_over(state) else None

    def view(self, state, seat):
        return {"total": state.total, "mine": None if seat is None else list(state.secrets[seat])}

    def redact(self, event, seat):
        if event["type"] == "draw" and event["player"] != seat:
            return {"type": "draw", "player": event["player"]}
        return event

    def describe(self, state, event, seat):
        """A message named after the event, with its public fields (a drawn card only for its drawer)."""
        return Message(f"toy.{event['type']}", {k: v for k, v in self.redact(event, seat).items() if k != "type"})

    def copy_state(self, state):
        return ToyState(state.players, state.total, state.turn, state.drawn, [list(s) for s in state.secrets])


TOY = ToyGame()
# A test registers it as a third game would be (docs/adding-a-game.md), one line
# per registry: the engine in core.games.REGISTRY here; tests/app adds a plain
# board to app.games.APP_GAMES; it has no computers (bots.registry) and no words
# of its own (i18n falls back to its engine's title and message ids).
