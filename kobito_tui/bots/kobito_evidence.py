"""What the public history of a Kobito game tells one seat about the hidden cards.

Replaying the events a seat has seen (redacted for it) on a table of public
cards only gives three kinds of evidence the view alone does not:

* the discard pile: every card in it went there face up (a won pot's rainbow,
  a special starting card), so its contents are known until the next reshuffle;
* cards known to be in a hand: a kobito taken back goes to that hand, face up,
  and stays there until it is played;
* penalties: a player who had to take penalty cards had no legal move from its
  hand, so *every* card it held then fitted nowhere — no number matching a pot
  end, one of its workshop ends or a kobito it could take back, no wild card
  (a wild card fits any started rainbow) and, while it could still open a
  rainbow, no two cards forming a run.  The cards it gave are face down in its
  penalty pile; the ones it kept stay in its hand until played;
* pots left one card short: a player who ends its turn beside a pot that one
  card would win holds no card that wins it (every sensible player takes a pot
  it can take; this one is an assumption about the opponents, the others are
  facts).

Only the seat's own view and history are read, so the evidence is fair.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kobito_tui.core.game import Event
from kobito_tui.kobito.cards import CARD, KOBITO_CARDS, MAX_ROW, NUMBER, NUMBERS, GoldCard
from kobito_tui.kobito.moves import MAX_WORKSHOP, _fit
from kobito_tui.kobito.rainbow import Row, add, number_at, run_start, take_end


@dataclass(frozen=True)
class Misfit:
    """What the cards a player held at the end of a turn could not be (after a
    penalty: anything that fitted anywhere).

    ``blocked[n]`` is True for each number n (0: wild) that fitted nowhere then;
    ``no_runs``: the workshop had room, so no two of those cards formed a run."""

    blocked: tuple[bool, ...]
    no_runs: bool

    def allows(self, card: int, held: list[int]) -> bool:
        """Whether ``card`` could have been held then, together with ``held``."""
        number = NUMBER[card]
        if not self.blocked[number]:
            return False
        return not self.no_runs or not any(_pair(number, NUMBER[other]) for other in held)


def _pair(a: int, b: int) -> bool:
    """Whether two cards (numbers, 0: wild) form a run of two with a number card."""
    if not a or not b:
        return bool(a or b)
    return a % NUMBERS + 1 == b or b % NUMBERS + 1 == a


@dataclass
class TurnEnd:
    """The end of one turn of a player, when its hand is known to be ``misfit``:
    ``given`` penalty cards went face down, ``kept`` stayed in the hand, and
    ``played_since`` cards left that hand afterwards (any of them may have been
    kept ones)."""

    misfit: Misfit
    given: int
    kept: int
    played_since: int = 0

    @property
    def still_held(self) -> int:
        """Kept cards surely still in the hand."""
        return max(0, self.kept - self.played_since)


@dataclass
class Evidence:
    """The public table replayed from a seat's history (see the module docstring)."""

    golds: tuple[GoldCard, ...]
    players: int
    pots: list[tuple[int, Row] | None] = field(default_factory=lambda: [None, None, None])  # (length, row)
    workshops: list[list[Row]] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    hand_sizes: list[int] = field(default_factory=list)
    known_in_hand: list[list[int]] = field(default_factory=list)
    penalties: list[list[TurnEnd]] = field(default_factory=list)  # per player, oldest first
    last_turn: list[TurnEnd | None] = field(default_factory=list)  # per player: what binds its hand now

    def __post_init__(self) -> None:
        n = self.players
        self.workshops = [[] for _ in range(n)]
        self.hand_sizes = [0] * n
        self.known_in_hand = [[] for _ in range(n)]
        self.penalties = [[] for _ in range(n)]
        self.last_turn = [None] * n


def gather(golds: tuple[GoldCard, ...], options: dict[str, Any], players: int, history: list[Event]) -> Evidence:
    """Replay ``history`` (events as one seat saw them) on the public cards."""
    evidence = Evidence(golds, players)
    specials_discarded = options["special_start"] == "discard"
    length = {g.name: g.length for g in golds}
    for event in history:
        kind = event.get("type")
        if kind == "pot":
            start = event["start"]
            row = Row() if start is None else Row(NUMBER[CARD[start]], [CARD[start]])
            evidence.pots[event["slot"]] = (length[event["gold"]], row)
        elif kind == "special-start" and specials_discarded:
            evidence.discard.append(CARD[event["card"]])
        elif kind == "reshuffle":
            evidence.discard.clear()
        elif kind == "draw":
            evidence.hand_sizes[event["player"]] += len(event["cards"]) if "cards" in event else event["count"]
        elif "seat" in event:
            _move(evidence, event)
    return evidence


def _move(evidence: Evidence, event: Event) -> None:
    seat, kind = event["seat"], event["type"]
    if kind == "end-turn":
        _end_turn(evidence, seat, event)
        return
    _left_hand(evidence, seat, event)
    if kind == "play":
        _to_pot(evidence, seat, event, CARD[event["card"]])
    elif kind == "open":
        cards = [CARD[c] for c in event["cards"]]
        evidence.workshops[seat].append(Row(run_start(cards) or 0, cards))
    elif kind == "extend":
        add(evidence.workshops[seat][event["rainbow"]], CARD[event["card"]], event["end"] == "left")
    elif kind == "move":
        rows = evidence.workshops[seat]
        row = rows[event["rainbow"]]
        card = take_end(row, event["from"] == "left")
        if not row.cards:
            del rows[event["rainbow"]]
        _to_pot(evidence, seat, event, card)
    elif kind == "take-kobito":
        kobito, card = CARD[event["kobito"]], CARD[event["card"]]
        for row in [p[1] for p in evidence.pots if p is not None] + evidence.workshops[seat]:
            if kobito in row.cards:
                row.cards[row.cards.index(kobito)] = card
        evidence.known_in_hand[seat].append(kobito)
        evidence.hand_sizes[seat] += 1


def _left_hand(evidence: Evidence, seat: int, event: Event) -> None:
    """Cards that left ``seat``'s hand with this move (a workshop move takes none)."""
    if event["type"] == "move":
        return
    cards = [CARD[c] for c in event["cards"]] if event["type"] == "open" else [CARD[event["card"]]]
    evidence.hand_sizes[seat] -= len(cards)
    for card in cards:
        if card in evidence.known_in_hand[seat]:
            evidence.known_in_hand[seat].remove(card)
    last = evidence.last_turn[seat]
    if last is not None:
        last.played_since += len(cards)


def _to_pot(evidence: Evidence, seat: int, event: Event, card: int) -> None:
    slot = event["pot"]
    pot = evidence.pots[slot]
    assert pot is not None, "a card lands only on a pot on the table"
    length, row = pot
    add(row, card, event["end"] == "left")
    if len(row.cards) == length:
        evidence.discard += row.cards
        evidence.pots[slot] = None


def _end_turn(evidence: Evidence, seat: int, event: Event) -> None:
    given = len(event["penalty"]) if "penalty" in event else event.get("penalty_count", 0)
    held = evidence.hand_sizes[seat]
    evidence.hand_sizes[seat] = held - given
    if given:
        end = evidence.last_turn[seat] = TurnEnd(misfit(evidence, seat), given, held - given)
        evidence.penalties[seat].append(end)
    else:
        lacks = lacking(evidence)
        evidence.last_turn[seat] = None if lacks is None else TurnEnd(lacks, given, held - given)


def lacking(evidence: Evidence) -> Misfit | None:
    """What a hand could not hold beside the pots one card would win: any card
    winning one of them (None: no such pot, nothing is known)."""
    blocked = [True] * (NUMBERS + 1)
    for length, row in filter(None, evidence.pots):
        if row.cards and len(row.cards) == length - 1:
            fit = _fit(row, length)
            for number in range(NUMBERS + 1):
                blocked[number] = blocked[number] and not fit[number]
    return None if all(blocked) else Misfit(tuple(blocked), False)


def misfit(evidence: Evidence, seat: int) -> Misfit:
    """What ``seat``'s hand could not hold, given that it had no move from it now."""
    rows = [(row, length) for length, row in filter(None, evidence.pots)]
    rows += [(row, MAX_ROW) for row in evidence.workshops[seat]]
    blocked = [all(not _fit(row, limit)[number] for row, limit in rows) for number in range(NUMBERS + 1)]
    for row in [p[1] for p in evidence.pots if p is not None] + evidence.workshops[seat]:
        for index, card in enumerate(row.cards):
            if card in KOBITO_CARDS:
                blocked[number_at(row.start, index)] = False
    return Misfit(tuple(blocked), len(evidence.workshops[seat]) < MAX_WORKSHOP)
