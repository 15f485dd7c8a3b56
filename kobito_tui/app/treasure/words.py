"""The board's lines in words: status, the player's own colour, the seats."""

from __future__ import annotations

from rich.text import Text

from kobito_tui.core.game import Event
from kobito_tui.treasure.view import TreasureView

from .glyphs import COLOUR_LETTERS, pawn_label


def status_text(view: TreasureView | None, legal: list[Event], interactive: bool) -> str:
    """What the rules need now, in words."""
    if view is None or view.to_act is None and not view.over:
        return ""
    if view.over:
        return view.result.summary if view.result else "The game is over."
    if not interactive:
        return f"{view.names[view.to_act]} to move"
    kinds = {move["type"] for move in legal}
    if "place" in kinds:
        return "Place the pawn on a ◇: arrows+Enter or click"
    if "end" in kinds:
        return "Press Enter to end your turn (or undo a step)"
    if "pass" in kinds:
        return "Boxed in — press Enter to pass"
    return f"Step {view.steps_taken + 1} of 3 — arrow keys or click an arrow"


def colour_line(view: TreasureView) -> str:
    """The viewing seat's secret colour and progress, and the round."""
    round_text = f"Round {view.round}" + (f" of {view.turn_limit}" if view.turn_limit else "")
    if view.my_colour is None:
        return f"Watching — {round_text}"
    side = "found" if view.variant == "seek" else "hidden"
    letter = COLOUR_LETTERS[view.my_colour]
    return f"Your colour: {view.my_colour} ({letter}) — {view.my_progress} of 5 {side} · {round_text}"


def seats_line(view: TreasureView) -> Text:
    """Each seat with its pawn mark; colours only where the view reveals them."""
    winners = set(view.result.winners) if view.result else set()
    parts = []
    for seat, name in enumerate(view.names):
        mark = "" if view.shared_pawn else pawn_label(seat) + " "
        label = Text(f"{mark}{name}")
        colour = view.colours[seat]
        if colour is not None:
            label.append(f" ({'you, ' if seat == view.seat else ''}{colour})")
        elif seat == view.seat:
            label.append(" (you)")
        if seat == view.to_act:
            label = Text("▶ ", style="bold") + label
            label.stylize("bold")
        if seat in winners:
            label.append(" ★ wins", style="bold")
        parts.append(label)
    line = Text("  ").join(parts)
    if view.shared_pawn:
        line = Text(f"{pawn_label(None)} shared pawn   ") + line
    return line
