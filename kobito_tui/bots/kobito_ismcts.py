"""The strong Kobito bot: information-set Monte Carlo tree search
(single-observer ISMCTS, Cowling, Powley & Whitehouse 2012).

Each iteration deals a fresh determinization of what the seat cannot see
(``kobito_world.World``: uniform, except where the public history proves
something), walks the one tree of the seat's own moves for this turn — a node
is an information set, its children are keyed by moves with cards abstracted
to their classes, and UCB counts a child's availability, since which moves
exist depends on the cards drawn when a pot is won mid-turn — then plays on:
the rest of the own turn by the greedy habits, and each other seat by a policy
drawn for this playout from a mix (greedy, greedy with slips, random), since
a real opponent is not the greedy bot — though every one of them wins a pot
it can win, as any real opponent does.  It scores the position when the turn
comes back: the change in the seat's lead (score plus what the table offers
the seat to act, less the burden of each seat's workshop requirement), less a
share of the gold it left within reach of the next player when its turn
ended, or win / loss if the game is over.  The most visited
line of the turn becomes the plan, replayed move by move while nothing else
happens; any chance event in between (a pot won and laid anew) starts a new
search.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from kobito_tui.bots.base import DEFAULT_BUDGET_S
from kobito_tui.core.game import Event, Game, Header
from kobito_tui.kobito.cards import NUMBER
from kobito_tui.kobito.chance import chance
from kobito_tui.kobito.moves import legal_moves
from kobito_tui.kobito.rules import apply
from kobito_tui.kobito.scoring import scores, winners
from kobito_tui.kobito.state import KobitoState

from .kobito_greedy import GIFT, finishing_move, greedy_move
from .kobito_world import MoveKey, World, move_key

EXPLORE = 0.25  # UCB exploration constant (rewards in 0..1, most within 0.5 ± 0.2)
SCALE = 3.0  # points of lead gained that make a reward of about 0.73
WORKSHOP_CARD = 0.3  # worth of a card waiting in a workshop (a free move later)
WILD_IN_HAND = 1.0
WORKSHOP_BURDEN = (0.0, 0.0, 0.5, 1.5, 4.0)
"""Points a workshop of 0..4 rainbows costs: each raises the cards to play every
turn (1 + rainbows), and a hand of five rarely plays five: penalties, 3 points
each, follow.  The playout ends before that turn is played, so it is priced here."""
PLAN_VISITS = 8  # a planned move needs this many visits, else search again
GIFT_AVERSION = 1.0  # share of the gold left for the next player counted against the seat
SLIP = 0.25  # how often a slipping greedy opponent plays a random legal move instead
OPPONENTS: tuple[tuple[str, float], ...] = (("greedy", 0.6), ("slipping", 0.3), ("random", 0.1))
"""The mix of policies an opponent plays by in a playout, with their weights."""

Policy = Callable[[KobitoState, list[Event], random.Random], Event]


def slipping_move(state: KobitoState, legal: list[Event], rng: random.Random) -> Event:
    """Greedy, but now and then any legal move instead — except that a pot it can
    win, it wins: a player who misjudges, not one who misses a pot."""
    if rng.random() < SLIP:
        return finishing_move(state, legal) or rng.choice(legal)
    return greedy_move(state, legal, rng)


def random_move(state: KobitoState, legal: list[Event], rng: random.Random) -> Event:
    """Any legal move, but a pot it can win, it wins."""
    return finishing_move(state, legal) or rng.choice(legal)


POLICIES: dict[str, Policy] = {"greedy": greedy_move, "slipping": slipping_move, "random": random_move}


def opponents(players: int, seat: int, rng: random.Random) -> list[Policy]:
    """One policy per seat for a playout: greedy for ``seat`` itself, one drawn
    from :data:`OPPONENTS` for each other seat."""
    names = [name for name, _ in OPPONENTS]
    weights = [weight for _, weight in OPPONENTS]
    drawn = rng.choices(names, weights, k=players)
    return [greedy_move if s == seat else POLICIES[drawn[s]] for s in range(players)]


class Node:
    __slots__ = ("parent", "key", "children", "visits", "available", "reward")

    def __init__(self, parent: Node | None, key: MoveKey):
        self.parent, self.key = parent, key  # key: the move from the parent (the root's: empty)
        self.children: dict[MoveKey, Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0

    def ucb(self) -> float:
        return self.reward / self.visits + EXPLORE * math.sqrt(math.log(self.available) / self.visits)


def settle(state: KobitoState, rng: random.Random) -> None:
    """Let chance act (draws, new pots) until a seat must move or the game ends."""
    while (event := chance(state, rng)) is not None:
        apply(state, event)


def value(state: KobitoState, seat: int) -> float:
    """What ``seat`` holds: score, plus workshop cards, wild cards in hand and,
    for the seat to act, the pots it is close to winning; less the burden of its
    workshop's requirement (``WORKSHOP_BURDEN``)."""
    total: float = scores(state)[seat]
    workshop = state.workshops[seat]
    total += WORKSHOP_CARD * sum(len(r.cards) for r in workshop) - WORKSHOP_BURDEN[len(workshop)]
    total += WILD_IN_HAND * sum(1 for c in state.hands[seat] if not NUMBER[c])
    if not state.over and state.turn == seat:
        total += offered(state)
    return total


def lead(state: KobitoState, seat: int) -> float:
    """The seat's value minus its best opponent's."""
    return value(state, seat) - max(value(state, s) for s in range(state.players) if s != seat)


def reward(gain: float) -> float:
    """A change of lead squashed to 0..1 (0.5: no change)."""
    return 1 / (1 + math.exp(-gain / SCALE))


def final(state: KobitoState, seat: int) -> float:
    """A finished game: 1 for a win, a share of it for a shared win, else 0."""
    best = winners(state)
    return 1 / len(best) if seat in best else 0.0


def playout(state: KobitoState, seat: int, rng: random.Random) -> float:
    """Play on until the turn returns to ``seat`` (or the game ends): the rest of
    its own turn greedily, the other seats by the policies :func:`opponents` draws.
    Returns what the table offered the next player when ``seat``'s turn ended."""
    policies = opponents(state.players, seat, rng)
    gift = 0.0
    left_own_turn = False
    while True:
        settle(state, rng)
        if state.over:
            return gift
        if state.turn == seat and left_own_turn:
            return gift
        if state.turn != seat and not left_own_turn:
            left_own_turn = True
            gift = offered(state)
        apply(state, policies[state.turn](state, legal_moves(state), rng))


def offered(state: KobitoState) -> float:
    """Gold the table offers the seat to act: each pot one to three cards short,
    weighted by the chance that a player can finish it (``GIFT``)."""
    total = 0.0
    for pot in state.pots:
        if pot is not None:
            gold = state.gold_cards[pot.gold]
            total += gold.value * GIFT.get(gold.length - len(pot.row.cards), 0.0)
    return total


def outcome(state: KobitoState, seat: int, before: float, gift: float) -> float:
    """The reward of a finished playout: the game's result, or the change of lead
    less a share of what the seat left for the next player.  The playout already
    lets the next player take what it can; the extra share makes the search shy of
    pots left one or two cards short, which a strong opponent rarely misses."""
    if state.over:
        return final(state, seat)
    return reward(lead(state, seat) - before - GIFT_AVERSION * gift)


def search(
    deal: Callable[[random.Random], KobitoState],
    seat: int,
    rng: random.Random,
    budget_s: float,
    iterations: int | None = None,
) -> Node:
    """The tree of ``seat``'s moves this turn over the states ``deal`` draws, grown
    until ``budget_s`` is spent (or after exactly ``iterations`` iterations, for
    reproducible tests)."""
    deadline = time.perf_counter() + 0.95 * budget_s  # the rest of the decision fits in the remainder
    root = Node(None, ())
    while root.visits < (iterations or 1) or (iterations is None and time.perf_counter() < deadline):
        state = deal(rng)
        before = lead(state, seat)
        node = descend(root, state, seat, rng)
        gift = playout(state, seat, rng)
        result = outcome(state, seat, before, gift)
        root.visits += 1
        while node is not root:
            node.visits += 1
            node.reward += result
            assert node.parent is not None  # only the root has none
            node = node.parent
    return root


def descend(root: Node, state: KobitoState, seat: int, rng: random.Random) -> Node:
    """Walk (and grow by one node) the tree along ``state``'s legal moves, applying them."""
    node = root
    while not state.over and state.turn == seat:
        by_key: dict[MoveKey, Event] = {}
        for move in legal_moves(state):
            by_key.setdefault(move_key(move), move)
        for key in by_key:
            if key in node.children:
                node.children[key].available += 1
        untried = [key for key in by_key if key not in node.children]
        if untried:
            key = rng.choice(untried)
            child = node.children[key] = Node(node, key)
            child.available = 1
        else:
            child = max((node.children[key] for key in by_key), key=Node.ucb)
        apply(state, by_key[child.key])
        node = child
        settle(state, rng)
        if untried:
            break
    return node


class IsmctsBot:
    """Plans each turn by ISMCTS within ``budget_s`` seconds (or a fixed number
    of ``iterations``), then replays the plan."""

    def __init__(self, seed: int | None = None, budget_s: float = DEFAULT_BUDGET_S, iterations: int | None = None):
        self.rng = random.Random(seed)
        self.budget_s = budget_s
        self.iterations = iterations
        self.plan: list[MoveKey] = []
        self.expect = -1

    def choose(self, game: Game, header: Header, view: Any, legal: list[Event], history: list[Event]) -> Event:
        if len(legal) == 1:
            return legal[0]
        by_key = {move_key(move): move for move in legal}
        if not (self.plan and len(history) == self.expect and self.plan[0] in by_key):
            deal = self.dealer(view, history)
            self.plan = self._line(search(deal, view.seat, self.rng, self.budget_s, self.iterations))
        self.expect = len(history) + 1
        return by_key[self.plan.pop(0)]

    def dealer(self, view: Any, history: list[Event]) -> Callable[[random.Random], KobitoState]:
        """Where the search draws its states from: determinizations of the seat's view."""
        return World(view, history).deal

    @staticmethod
    def _line(root: Node) -> list[MoveKey]:
        """The most visited moves from the root, while they are well explored."""
        line: list[MoveKey] = []
        node = root
        while node.children:
            child = max(node.children.values(), key=lambda n: n.visits)
            if line and child.visits < PLAN_VISITS:
                break
            line.append(child.key)
            node = child
        return line
