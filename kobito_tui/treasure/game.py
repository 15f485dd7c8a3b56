"""Hide the Treasure as a :class:`~kobito_tui.core.game.Game`."""

from __future__ import annotations

import random
from typing import Any

from kobito_tui.core import leaving
from kobito_tui.core.game import Event, Header, OptionSpec, Result, check_players
from kobito_tui.core.message import Message
from kobito_tui.treasure import options
from kobito_tui.treasure.describe import describe
from kobito_tui.treasure.moves import legal_moves
from kobito_tui.treasure.outcome import result
from kobito_tui.treasure.reveal import reveal_event
from kobito_tui.treasure.rules import apply, play
from kobito_tui.treasure.setup import setup_event
from kobito_tui.treasure.state import TreasureState
from kobito_tui.treasure.view import TreasureView, make_view


class TreasureGame:
    """The 5x5 tile game: find your secret colour before anyone else does."""

    id = "treasure"
    title = "Hide the Treasure"
    min_players = options.MIN_PLAYERS
    max_players = options.MAX_PLAYERS

    def option_specs(self) -> list[OptionSpec]:
        return list(options.SPECS)

    def normalize_options(self, opts: dict[str, Any], players: int) -> dict[str, Any]:
        check_players(self, players)
        return options.normalize(opts, players)

    def new_state(self, header: Header) -> TreasureState:
        names = tuple(seat.name for seat in header.seats)
        return TreasureState(names, self.normalize_options(header.options, len(names)))

    # The calls a game makes at every step go straight to the rules modules.
    apply = staticmethod(leaving.with_leaving(apply))
    play = staticmethod(play)
    legal_moves = staticmethod(legal_moves)

    def chance(self, state: TreasureState, rng: random.Random) -> Event | None:
        if not state.ready:
            return setup_event(state, rng)
        return None if state.pending is None else reveal_event(state, rng)

    def to_act(self, state: TreasureState) -> int | None:
        return state.to_act if state.ready and state.pending is None and not state.over else None

    def closes_turn(self, event: Event) -> bool:
        return event.get("type") in ("end", "pass")

    def is_over(self, state: TreasureState) -> bool:
        return state.over

    def result(self, state: TreasureState) -> Result | None:
        return leaving.amend(state, result(state))

    def view(self, state: TreasureState, seat: int | None) -> TreasureView:
        return make_view(state, seat)

    def redact(self, event: Event, seat: int | None) -> Event:
        """The setup event without the colours of other seats; the rest is public
        (in seek the setup holds no layout, and reveals are seen by all)."""
        if seat is None or event.get("type") != "setup":
            return event
        colours = [colour if owner == seat else None for owner, colour in enumerate(event["colours"])]
        return {**event, "colours": colours}

    def describe(self, state: TreasureState, event: Event, seat: int | None) -> Message | None:
        return leaving.described(state, event) or describe(state, event, seat)

    def copy_state(self, state: TreasureState) -> TreasureState:
        return state.copy()
