"""The Kobito board in words: the status line, why a key does nothing, the
first-game guide's tips, and the F1 help's how-to and signs.

Every sentence is built from the view and the :class:`Picker` (the legal
moves, split), so none states a rule the engine does not; each fits the
80-column status line.  ``what`` is the selection in words ("8", "4 5 6").
"""

from __future__ import annotations

from kobito_tui.app.kobito.picking import END, Picker
from kobito_tui.kobito.moves import MAX_WORKSHOP
from kobito_tui.kobito.view import KobitoView

PICK_FIRST = "Pick a card first: 1–9, or ←→ and space (↑ reaches your workshop)"

HOW_TO = (
    ("Play a card to a pot", "pick it (1–9, or ←→ and space), choose a (+) place (↑↓ or a/b/c), Enter; or click both"),
    ("Open a rainbow", "pick 2 or more cards in a row (e.g. 4 5 6), then Enter or click them under New rainbow"),
    ("Add to a rainbow", f"pick a card, choose a (+) at an end of your W1…W{MAX_WORKSHOP} rainbow, Enter"),
    ("Move from the workshop", "↑ (or ←→) reaches your rainbows' end cards: pick one, then a pot place"),
    ("Take a kobito back", "pick the number it stands for: its [K→7] lights up; Enter or click it"),
    ("End the turn", "e or End turn, once you played your requirement (1 + your rainbows)"),
    ("Penalties", "when no card fits and you played too few: pick that many cards, then e"),
    ("A hint", "? (or Hint): the suggested move lights up; Enter plays it, e if it ends the turn"),
)
LEGEND = (
    ("3:7", "the 3rd card of your hand, a 7: key 3 picks it"),
    ("(+)  [+]", "a place your pick may go / the place Enter plays"),
    ("K  P", "kobito and paint cards (wild); in a row K→7 stands for 7"),
    ("3‥11", "a workshop rainbow from 3 up to 11 (12 and 1 are neighbours)"),
    ("7 gold length 8 1/8", "a pot: its gold, its length, cards laid of the length"),
    ("A 7g 1/8", "the same, short: pot A, 7 gold, 1 of 8 cards"),
    ("pen 2", "penalty cards: 3 points off each; the score counts them"),
)


def _s(count: int) -> str:
    return "" if count == 1 else "s"


def status_text(view: KobitoView, picker: Picker, interactive: bool, what: str) -> str:
    """What the rules need now."""
    if view.over:
        return "The game is over"
    if not interactive:
        return f"Waiting for {view.names[view.turn]}"
    if picker.hinted == END:
        return "Hint: end your turn" + (" with the picked cards" if picker.selection else "") + " — press e"
    if picker.needs_penalty:
        due = view.penalty_due or 0
        then = " — press e or End turn" if picker.move_to(END) else ""
        return f"You must take {due} penalty card{_s(due)} — {len(picker.selected_cards())} selected{then}"
    if picker.selection and picker.hinted is not None:
        return f"Hint: {what} to the highlighted place — Enter plays it"
    if picker.selection:
        return f"Pick a highlighted place for {what}" if picker.targets else no_place(view, picker, what)
    if view.played < view.requirement:
        return f"Play at least {view.requirement} card{_s(view.requirement)} — {view.played} played"
    return f"{view.played} played — play on, or end your turn (e)"


def no_place(view: KobitoView, picker: Picker, what: str) -> str:
    """Why the selection has nowhere to go."""
    chosen = len(picker.selected_cards())
    if picker.needs_penalty:
        return penalties_needed(view, picker)
    if chosen > 1:
        return f"These {chosen} cards make no move together: a run of 2+ opens a rainbow"
    return f"{what} does not fit any pot or rainbow end" if chosen else f"{what} does not fit any pot"


def not_there(picker: Picker, what: str, where: str) -> str:
    """The selection does not go to ``where`` ("pot A", "workshop rainbow W1")."""
    chosen = len(picker.selected_cards())
    return f"These {chosen} cards do not go to {where}" if chosen > 1 else f"{what} does not fit {where}"


def penalties_needed(view: KobitoView, picker: Picker) -> str:
    due = view.penalty_due or 0
    return f"Pick exactly {due} card{_s(due)} to give up as penalty ({len(picker.selected_cards())} picked), then e"


def why_no_end(view: KobitoView, picker: Picker) -> str:
    if picker.needs_penalty:
        return penalties_needed(view, picker)
    missing = view.requirement - view.played
    return f"Play {missing} more card{_s(missing)} before ending your turn"


def tips(view: KobitoView, picker: Picker) -> list[tuple[object, str]]:
    """The first-game guide's tips for this moment, most urgent first, as ``(key, words)``."""
    need, due = view.requirement, view.penalty_due or 0
    kinds = {target[0] for targets in picker.moves.values() for target in targets}
    found = []
    if picker.needs_penalty:
        found.append((("penalty",), f"nothing fits and you played too few: give up {due} card{_s(due)} "
                      "(−3 points each), then e."))
    found += [
        (("goal",), "fill a pot's rainbow to its length (numbers in a row, at either end) to win its gold."),
        (("requirement", need), f"play {need} card{_s(need)} or more this turn (1, +1 per workshop rainbow), then e."),
    ]
    if any(isinstance(source, tuple) for source in picker.moves):
        found.append((("workshop",), "↑ reaches your rainbows' end cards: moving one to a pot is free."))
    if "kobito" in kinds:
        found.append((("kobito",), "pick the number a K→7 stands for, then Enter: the kobito comes back."))
    if "open" in kinds:
        found.append((("open",), "2+ cards in a row (like 4 5 6) open a workshop rainbow: pick them, Enter."))
    return found
