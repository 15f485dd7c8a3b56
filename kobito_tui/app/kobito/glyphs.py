"""How a card looks: its text (readable without colour) and its style class.

A number card is its number ("7").  Each number also has a colour (red 1 to
pink 12, the classes c1..c12 of styles/kobito.tcss) that only helps the eye:
colour plays no part in Kobito, so nothing else marks it.  Kobito and paint
cards are a letter each, in the reader's language ("K" and "P" in English,
``words.wild_letter``); in a rainbow they show the number they stand for ("K→7").
"""

from __future__ import annotations

from kobito_tui.i18n import Translator, words
from kobito_tui.kobito.view import CardView

NUMBERS = 12
WILD_GLYPH = {"kobito": "K", "paint": "P"}
"""The English letters (what ``words.wild_letter`` says without a translation)."""


def card_text(card: CardView, in_row: bool = False, t: Translator | None = None) -> str:
    """The card as text: "7" for a number card, "K" or "P" for a wild card ("K→7" in a row),
    its letter in ``t``'s language (English without one)."""
    if not card.wild:
        return str(card.number)
    glyph = WILD_GLYPH[card.kind] if t is None else words.wild_letter(t, card.kind)
    return f"{glyph}→{card.number}" if in_row and card.number else glyph


def card_class(card: CardView) -> str:
    """The style class: "c7" for a number card, "kobito" or "paint"."""
    return card.kind if card.wild else f"c{card.number}"


def sort_key(card: CardView) -> tuple[int, str]:
    """Hands are shown in number order, wild cards last."""
    return (99 if card.wild or card.number is None else card.number, card.id)
