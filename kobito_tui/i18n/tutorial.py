"""The tutorials' words: each step's message id (``kobito_tui.tutorial``) and its sentence.

Each says what to do now and why it matters, to the player ("you"), short enough
for the lesson panel beside the board at 80 columns.
"""

from __future__ import annotations

from kobito_tui.core.safetext import printable

from .translation import Translator


def lesson(t: Translator, id: str) -> str:
    """The words of step ``id``; an unknown id is shown as it is."""
    words = {
        # Translators: the Kobito tutorial, step by step. Pots are A, B, C (left to right) as on the board;
        # "e" is the key that ends the turn: keep it Latin. Speak to the player ("you").
        "tutorial.kobito.play": t(
            "Win gold by laying the last card of a pot's rainbow: a row of numbers in a row. "
            "A card goes on either end. Put your 4 on pot A, left of its 5: pick the 4 (key 1), "
            "choose the place on its left, Enter."
        ),
        "tutorial.kobito.open": t(
            "Pot A now needs one more card. Keep cards for later in your workshop: "
            "pick your 8 and 9 (keys 2 and 3), choose New rainbow, Enter."
        ),
        "tutorial.kobito.end": t(
            "Each turn you play at least 1 card, plus 1 for each workshop rainbow. You played enough: "
            "end your turn (e). You draw back up to 5 cards."
        ),
        "tutorial.kobito.extend": t(
            "The computer put a kobito on pot C: K is wild, it stands for the 2 its place needs. "
            "You must play 2 cards now. Put your 10 on the right end of your workshop rainbow."
        ),
        "tutorial.kobito.move": t(
            "Cards you kept can finish pots: move the 8 from the left end of your rainbow (↑ reaches it) "
            "to pot B, after its 7. A move from the workshop does not count as a card played."
        ),
        "tutorial.kobito.take": t(
            "A kobito can come back to your hand: pick your 2 and choose the K→2 on pot C. "
            "Your 2 takes its place and the kobito is yours: your second card played."
        ),
        "tutorial.kobito.win": t(
            "Pot A holds 4 5 and needs 3 cards: play your kobito (K) on either end. "
            "The last card wins the pot's gold, and a new pot takes its place."
        ),
        "tutorial.kobito.end-again": t("You won pot A's gold! You played 3 cards, 2 were needed: end your turn (e)."),
        "tutorial.kobito.paint": t(
            "A paint card (P) is wild too, but it never comes back to a hand. "
            "Put it on the right end of your workshop rainbow: there it stands for 11."
        ),
        "tutorial.kobito.penalty": t(
            "You need one card more, and none of yours fits anywhere. Then you take penalty cards: "
            "pick one card (1–4), press e. Each costs 3 points at the end: a workshop asks for more cards each turn."
        ),
        "tutorial.kobito.done": t(
            "You have made every kind of move! Play on if you like, or Esc → Title. "
            "A real game: New game on the title screen. F3 tells how to play, F1 lists every key."
        ),
        # Translators: the Hide the Treasure tutorial, step by step; the player is red. Speak to the player ("you").
        "tutorial.treasure.step": t(
            "Your secret colour is red: you win when all five red tiles show their chest. "
            "Each tile your pawn steps off turns over. Step right (→, or click the tile)."
        ),
        "tutorial.treasure.flip": t("The red tile you left shows its chest now. Step right again."),
        "tutorial.treasure.third": t("A turn is exactly three steps, never onto the other pawn. Take your third step: right."),
        "tutorial.treasure.end": t("The tile you stop on does not turn this turn. End your turn: Enter. Until then u takes a step back."),
        "tutorial.treasure.down": t(
            "The computer moved, and the tiles it stepped off turned over: which colour it wants, you cannot tell. Three red chests: "
            "the other two red tiles lie below you. Step down."
        ),
        "tutorial.treasure.detour": t(
            "That tile was not red: crossing other colours is fine, and it hides your colour from the others. Step left."
        ),
        "tutorial.treasure.fourth": t("Step down: the red tile you leave turns, four of five."),
        "tutorial.treasure.end-again": t("Four red chests. End your turn: Enter."),
        "tutorial.treasure.win": t(
            "One red tile is left, under your pawn. Step up: it turns and you win at once. "
            "A flip wins for its colour's owner on anyone's turn: never finish another colour!"
        ),
        "tutorial.treasure.done": t(
            "You won! At the end the colours are shown: the computer's was blue. "
            "A real game: New game on the title screen; F3 tells how to play."
        ),
    }
    return words.get(id) or printable(id, 80)


def wrong_move(t: Translator) -> str:
    """A move that is not the step's (the board lights the step's move up, its status line says how to play it)."""
    return t("Not this move yet: this step asks for the lit one.")
