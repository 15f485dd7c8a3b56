"""``KobitoGame``: the Game protocol for Kobito, wiring the small modules together."""

from __future__ import annotations

from typing import Any

from kobito_tui.core import leaving
from kobito_tui.core.game import Event, Header, OptionSpec, Result, check_players
from kobito_tui.core.message import Message
from kobito_tui.kobito import chance, describe, moves, options, rules, scoring, view
from kobito_tui.kobito.cards import gold_cards
from kobito_tui.kobito.state import KobitoState, new_state, to_act


class KobitoGame:
    id = "kobito"
    title = "Kobito"
    min_players = options.MIN_PLAYERS
    max_players = options.MAX_PLAYERS

    def option_specs(self) -> list[OptionSpec]:
        return list(options.SPECS)

    def normalize_options(self, opts: dict[str, Any], players: int) -> dict[str, Any]:
        check_players(self, players)
        return options.normalize(opts, players)

    def new_state(self, header: Header) -> KobitoState:
        opts = self.normalize_options(header.options, header.players)
        names = tuple(seat.name for seat in header.seats)
        return new_state(names, opts, gold_cards(options.gold_table(opts["gold_table"])))

    # The calls a game makes at every step go straight to the rules modules.
    apply = staticmethod(leaving.with_leaving(rules.apply))
    play = staticmethod(rules.apply)  # its checks are cheap beside its moves: always checked
    chance = staticmethod(chance.chance)
    to_act = staticmethod(to_act)
    legal_moves = staticmethod(moves.legal_moves)

    def closes_turn(self, event: Event) -> bool:
        return event.get("type") == "end-turn" and "seat" in event

    def is_over(self, state: KobitoState) -> bool:
        return state.over

    def result(self, state: KobitoState) -> Result | None:
        return leaving.amend(state, scoring.result(state))

    def view(self, state: KobitoState, seat: int | None) -> view.KobitoView:
        return view.make_view(state, seat)

    def redact(self, event: Event, seat: int | None) -> Event:
        return describe.redact(event, seat)

    def describe(self, state: KobitoState, event: Event, seat: int | None) -> Message | None:
        return leaving.described(state, event) or describe.describe(state, event, seat)

    def copy_state(self, state: KobitoState) -> KobitoState:
        return state.copy()
