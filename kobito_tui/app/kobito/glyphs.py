"""How a card looks: its text (readable without colour) and its style class.

Each number has a colour, named by a letter after the number ("7c" is a cyan
7), so the colour is never the only clue: 1 red, 2 orange, 3 yellow, 4 lime,
5 green, 6 teal, 7 cyan, 8 blue, 9 indigo, 10 violet, 11 magenta, 12 pink
(the classes c1..c12 of styles/kobito.tcss).  Kobito and paint cards are "K"
and "P"; in a rainbow they show the number they stand for ("K→7").
"""

from __future__ import annotations

from kobito_tui.kobito.view import CardView

LETTERS = "roylgtcbivmp"
WILD_GLYPH = {"kobito": "K", "paint": "P"}


def card_text(card: CardView, in_row: bool = False) -> str:
    """The card as text: "7c" for a number card, "K" or "P" for a wild card ("K→7" in a row)."""
    if not card.wild:
        return f"{card.number}{LETTERS[card.number - 1]}"
    glyph = WILD_GLYPH[card.kind]
    return f"{glyph}→{card.number}" if in_row and card.number else glyph


def card_class(card: CardView) -> str:
    """The style class: "c7" for a number card, "kobito" or "paint"."""
    return card.kind if card.wild else f"c{card.number}"


def sort_key(card: CardView) -> tuple[int, str]:
    """Hands are shown in number order, wild cards last."""
    return (card.number if not card.wild else 99, card.id)
