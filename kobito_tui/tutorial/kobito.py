"""The Kobito tutorial: three turns on a fixed deal, each kind of move once.

Turn 1: a card on a pot's left end, a workshop rainbow opened, the turn ended.
The computer then lays a kobito on the right pot.  Turn 2: the workshop rainbow
extended, its end card moved to a pot, the kobito taken back and played to win
the left pot.  Turn 3: the paint card, and a penalty (no card fits any more).
"""

from __future__ import annotations

from kobito_tui.core.game import Event
from kobito_tui.kobito.cards import GOLD_TABLES, NAME, gold_cards
from kobito_tui.tutorial.script import Step, Tutorial

YOU, COMPUTER = 0, 1

# The deck from the top: three starting cards, the two hands, then each draw in turn.
DEALT = (
    "5a",
    "7a",
    "1a",  # the pots' starting cards (left, middle, right)
    "4a",
    "8a",
    "9a",
    "P1",
    "7b",  # your hand
    "K1",
    "11a",
    "12a",
    "12b",
    "3a",  # the computer's hand
    "10a",
    "2a",
    "5b",  # you draw after turn 1
    "6a",  # the computer draws after its turn 1
    "10b",  # the left pot's new starting card, once you win it
    "2b",
    "5c",  # you draw after turn 2
)
# The gold cards from the top: the left pot needs 3 cards, the middle 4, the right 5.
GOLD = ("G3-2a", "G4-3a", "G5-4a", "G6-5a")


def _setup() -> Event:
    deck = list(DEALT) + [name for name in NAME if name not in DEALT]
    golds = list(GOLD) + [gold.name for gold in gold_cards(GOLD_TABLES["standard"]) if gold.name not in GOLD]
    return {"type": "setup", "deck": deck, "gold": golds, "first": YOU}


def _move(kind: str, **fields: object) -> Event:
    return {"type": kind, "seat": YOU, **fields}


END_TURN = _move("end-turn")

TUTORIAL = Tutorial(
    game="kobito",
    options={"first_player": YOU},
    setup=_setup(),
    steps=(
        Step("tutorial.kobito.play", _move("play", card="4a", pot=0, end="left")),
        Step("tutorial.kobito.open", _move("open", cards=["8a", "9a"])),
        Step("tutorial.kobito.end", END_TURN),
        Step("tutorial.kobito.extend", _move("extend", card="10a", rainbow=0, end="right")),
        Step("tutorial.kobito.move", _move("move", rainbow=0, **{"from": "left"}, pot=1, end="right")),
        Step("tutorial.kobito.take", _move("take-kobito", kobito="K1", card="2a")),
        Step(
            "tutorial.kobito.win",
            _move("play", card="K1", pot=0, end="right"),
            lambda move: move.get("type") == "play" and move.get("card") == "K1" and move.get("pot") == 0,
        ),
        Step("tutorial.kobito.end-again", END_TURN),
        Step("tutorial.kobito.paint", _move("extend", card="P1", rainbow=0, end="right")),
        Step(
            "tutorial.kobito.penalty",
            _move("end-turn", penalty=["7b"]),
            lambda move: move.get("type") == "end-turn" and bool(move.get("penalty")),
        ),
    ),
    opponent=(
        {"type": "play", "seat": COMPUTER, "card": "K1", "pot": 2, "end": "right"},
        {"type": "end-turn", "seat": COMPUTER},
        {"type": "play", "seat": COMPUTER, "card": "11a", "pot": 0, "end": "right"},
        {"type": "end-turn", "seat": COMPUTER},
    ),
    closing="tutorial.kobito.done",
)
