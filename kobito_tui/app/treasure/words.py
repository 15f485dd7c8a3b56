"""The board's lines in words: status, the player's own colour, the seats."""

from __future__ import annotations

from rich.text import Text

from kobito_tui.core.game import Event
from kobito_tui.i18n.messages import english
from kobito_tui.treasure.board import SIZE
from kobito_tui.treasure.view import Pos, TreasureView

from kobito_tui.app.treasure.controls import Choices
from kobito_tui.app.treasure.glyphs import COLOUR_LETTERS, pawn_label

STEPS = 3


def status_text(view: TreasureView | None, legal: list[Event], interactive: bool) -> str:
    """What the rules need now, in words."""
    if view is None or view.to_act is None and not view.over:
        return ""
    if view.over:
        return english(view.result.summary, view.names) if view.result and view.result.summary else "The game is over."
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


def colour_line(view: TreasureView, width: int | None = None, you: bool = True) -> str:
    """The viewing seat's secret colour and progress, and the round (in short
    when the long form is wider than ``width``); ``you`` False in a replay, where
    the seat shown is not the reader's."""
    limit = view.turn_limit
    round_text = f"Round {view.round}" + (f" of {limit}" if limit else "")
    if view.my_colour is None:
        return f"Watching — {round_text}"
    side = "found" if view.variant == "seek" else "hidden"
    letter = COLOUR_LETTERS[view.my_colour]
    whose = "Your colour" if you else f"{view.names[view.seat]}'s colour"
    line = f"{whose}: {view.my_colour} ({letter}) — {view.my_progress} of 5 {side} · {round_text}"
    if width is None or len(line) <= width:
        return line
    return f"{'Yours' if you else 'Colour'}: {view.my_colour} ({letter}) · {view.my_progress}/5 {side} · Round {view.round}" + (
        f"/{limit}" if limit else ""
    )


def no_step(view: TreasureView, choices: Choices, target: Pos | None) -> str:
    """Why a step (to ``target``) or Enter (``target`` None) does nothing now."""
    if choices.confirm is not None and choices.confirm["type"] == "end":
        return f"{STEPS} steps taken: Enter ends your turn (u takes a step back)"
    if target is None:
        left = STEPS - view.steps_taken
        return f"Take {left} more step{'s' * (left != 1)} first: {STEPS} a turn, then Enter"
    if not all(0 <= n < SIZE for n in target):
        return "The board ends there: step another way"
    if target in view.pawns:
        return "Another pawn stands there: step another way"
    return "No step that way now"


def tips(view: TreasureView, choices: Choices) -> list[tuple[object, str]]:
    """The first-game guide's tips, most urgent first."""
    found = []
    if choices.corners:
        found.append((("place",), "the shared pawn starts on a corner: arrows choose a ◇, Enter places it."))
    if view.my_colour is not None:
        side = "treasure" if view.variant == "seek" else "chest"
        found.append((("colour",), f"your secret colour is {view.my_colour}: you win once all 5 "
                      f"{view.my_colour} tiles show the {side} side, whoever flips them."))
    found.append((("steps",), "take exactly 3 steps; each tile you step off flips over."))
    if view.round > 1:
        found.append((("others",), "your flips can finish a rival's secret colour too: mind which tiles you step off."))
    return found


def seats_line(view: TreasureView, width: int | None = None, you: bool = True) -> Text:
    """Each seat with its pawn mark; colours only where the view reveals them.
    Within ``width`` the line breaks between seats, never inside one."""
    winners = set(view.result.winners) if view.result else set()
    parts = []
    for seat, name in enumerate(view.names):
        mark = "" if view.shared_pawn else pawn_label(seat) + " "
        label = Text(f"{mark}{name}")
        colour = view.colours[seat]
        if colour is not None:
            label.append(f" ({'you, ' if you and seat == view.seat and name.lower() != 'you' else ''}{colour})")
        elif you and seat == view.seat and name.lower() != "you":
            label.append(" (you)")
        if seat == view.to_act:
            label = Text("▶ ", style="bold") + label
            label.stylize("bold")
        if seat in winners:
            label.append(" ★ wins", style="bold")
        parts.append(label)
    if view.shared_pawn:
        parts.insert(0, Text(f"{pawn_label(None)} shared pawn "))
    line, used = Text(), 0
    for part in parts:
        if used and width and used + 2 + part.cell_len > width:
            line.append("\n")
            used = 0
        elif used:
            line.append("  ")
            used += 2
        line.append_text(part)
        used += part.cell_len
    return line
