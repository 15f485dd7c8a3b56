"""The board's lines in words, in the translator ``t``'s language: status, the
player's own colour, the seats, the first-game tips and the F1 help."""

from __future__ import annotations

from rich.text import Text

from kobito_tui.app.treasure.controls import Choices
from kobito_tui.app.treasure.glyphs import pawn_label
from kobito_tui.core.game import Event
from kobito_tui.i18n import Translator, words
from kobito_tui.i18n.messages import say
from kobito_tui.i18n.seats import Seats
from kobito_tui.treasure.board import SIZE
from kobito_tui.treasure.view import Pos, TreasureView

STEPS = 3


def how_to(t: Translator) -> tuple[tuple[str, str], ...]:
    """The F1 help's rows: what to do, and how."""
    return (
        # Translators: h j k l and w a s d are keys: keep them Latin.
        (t("Take a step"), t("an arrow key (or h j k l, w a s d), or click a tile with an arrow")),
        # Translators: u is the key that takes a step back: keep it Latin.
        (t("End the turn"), t("after exactly 3 steps: Enter or End turn; u takes the last step back")),
        (t("Place the shared pawn"), t("arrows jump between the ◇ corners, Enter places; or click a ◇")),
        (t("Pass"), t("only when boxed in at the start of a turn: Enter or Pass")),
        (t("A hint"), t("? (or Hint): the suggested step gets a ★; Enter plays it")),
    )


def legend(t: Translator) -> tuple[tuple[str, str], ...]:
    """The F1 help's signs: what the grid draws."""
    red = words.colour_letter(t, "red")
    return (
        # Translators: R B G Y P are the tiles' letters on the board: write yours, as in "colour letter" (uk Ч С З Ж Ф).
        (f"{red} ♛", t("a red tile showing its treasure (R B G Y P: red blue green yellow purple)")),
        (f"{red} [≡≡]", t("a red tile turned chest side up")),
        ("●2  »●1«", t("player 2's pawn / the pawn of the player to move")),
        ("↑ ↓ ← →", t("where the pawn may step now")),
        ("↻", t("a tile flipped this turn")),
        ("◇", t("a corner the shared pawn may start on")),
        ("?  ? [≡≡]", t("seek: a tile nobody has seen yet")),
        ("★", t("the suggested step (a hint); once over, the winner's tiles")),
    )


def confirm_label(t: Translator, kind: str) -> str:
    """The confirm button's words: "end", "pass" or "place"."""
    words_ = {"end": t("End turn"), "pass": t("Pass"), "place": t("Place pawn")}
    return f"{words_[kind]} ⏎"


def hint_text(t: Translator, move: Event) -> str:
    """What a hint suggests, and that Enter plays it (as on the Kobito board)."""
    if move["type"] == "step":
        directions = {
            "up": t("Hint: step up (★) — Enter plays it"),
            "down": t("Hint: step down (★) — Enter plays it"),
            "left": t("Hint: step left (★) — Enter plays it"),
            "right": t("Hint: step right (★) — Enter plays it"),
        }
        return directions[move["dir"]]
    if move["type"] == "place":
        return t("Hint: place the pawn on the ★ corner — Enter places it")
    return t("Hint: end your turn — press Enter")


def status_text(t: Translator, view: TreasureView | None, legal: list[Event], interactive: bool, who: Seats) -> str:
    """What the rules need now, in words (``who``: the seats as the reader reads them)."""
    if view is None or view.to_act is None and not view.over:
        return ""
    if view.over:
        summary = view.result.summary if view.result is not None else None
        return say(t, summary, who.seats, who.reader) if summary else t("The game is over.")
    assert view.to_act is not None  # the game goes on
    if not interactive:
        return t("{name} to move", name=view.names[view.to_act])
    kinds = {move["type"] for move in legal}
    if "place" in kinds:
        return t("Place the pawn on a ◇: arrows+Enter or click")
    if "end" in kinds:
        return t("Press Enter to end your turn (or undo a step)")
    if "pass" in kinds:
        return t("Boxed in — press Enter to pass")
    return t("Step {step} of 3 — arrow keys or click an arrow", step=view.steps_taken + 1)


def colour_line(t: Translator, view: TreasureView, width: int | None = None, you: bool = True) -> str:
    """The viewing seat's secret colour and progress, and the round (in short
    when the long form is wider than ``width``); ``you`` False in a replay, where
    the seat shown is not the reader's."""
    limit, number = view.turn_limit, view.round
    round_text = t("Round {round} of {limit}", round=number, limit=limit) if limit else t("Round {round}", round=number)
    if view.my_colour is None:
        return t("Watching — {round}", round=round_text)
    seek, count = view.variant == "seek", view.my_progress
    shown = {"colour": words.colour(t, view.my_colour), "letter": words.colour_letter(t, view.my_colour)}
    if you:
        whose = t("Your colour: {colour} ({letter})", **shown)
    else:
        assert view.seat is not None  # a seat's own colour is in its view only
        whose = t("{name}'s colour: {colour} ({letter})", name=view.names[view.seat], **shown)
    progress = t("{count} of 5 found", count=count) if seek else t("{count} of 5 hidden", count=count)
    # Translators: the own-colour line: {colour} ("Your colour: red (R)"), {progress} ("0 of 5 hidden"), {round}.
    line = t("{colour} — {progress} · {round}", colour=whose, progress=progress, round=round_text)
    if width is None or len(line) <= width:
        return line
    # In short: "Yours: red (R) · 0/5 hidden · Round 1/9", or without the round when even that is too wide.
    whose = t("Yours: {colour} ({letter})", **shown) if you else t("Colour: {colour} ({letter})", **shown)
    progress = t("{count}/5 found", count=count) if seek else t("{count}/5 hidden", count=count)
    round_text = t("Round {round}/{limit}", round=number, limit=limit) if limit else t("Round {round}", round=number)
    line = t("{colour} · {progress} · {round}", colour=whose, progress=progress, round=round_text)
    return line if len(line) <= width else t("{colour} · {progress}", colour=whose, progress=progress)


def no_step(t: Translator, view: TreasureView, choices: Choices, target: Pos | None) -> str:
    """Why a step (to ``target``) or Enter (``target`` None) does nothing now."""
    if choices.confirm is not None and choices.confirm["type"] == "end":
        # Translators: u is the key that takes a step back: keep it Latin.
        return t("3 steps taken: Enter ends your turn (u takes a step back)")
    if target is None:
        return t.n(
            "Take {count} more step first: 3 a turn, then Enter",
            "Take {count} more steps first: 3 a turn, then Enter",
            STEPS - view.steps_taken,
        )
    if not all(0 <= n < SIZE for n in target):
        return t("The board ends there: step another way")
    if target in view.pawns:
        return t("Another pawn stands there: step another way")
    return t("No step that way now")


def tips(t: Translator, view: TreasureView, choices: Choices) -> list[tuple[object, str]]:
    """The first-game guide's tips, most urgent first."""
    found: list[tuple[object, str]] = []
    if choices.corners:
        found.append((("place",), t("the shared pawn starts on a corner: arrows choose a ◇, Enter places it.")))
    if view.my_colour is not None:
        shown = {"colour": words.colour(t, view.my_colour), "tiles": words.all_tiles_of(t, view.my_colour)}
        if view.variant == "seek":
            tip = t("your secret colour is {colour}: you win once {tiles} show the treasure side, whoever flips them.", **shown)
        else:
            tip = t("your secret colour is {colour}: you win once {tiles} show the chest side, whoever flips them.", **shown)
        found.append((("colour",), tip))
    found.append((("steps",), t("take exactly 3 steps; each tile you step off flips over.")))
    if view.round > 1:
        found.append((("others",), t("your flips can finish a rival's secret colour too: mind which tiles you step off.")))
    return found


def seats_line(t: Translator, view: TreasureView, width: int | None = None, you: bool = True) -> Text:
    """Each seat with its pawn mark; colours only where the view reveals them.
    Within ``width`` the line breaks between seats, never inside one."""
    winners = set(view.result.winners) if view.result else set()
    parts = []
    mine = t("you")
    for seat, name in enumerate(view.names):
        mark = "" if view.shared_pawn else pawn_label(seat) + " "
        label = Text(f"{mark}{name}")
        colour = view.colours[seat]
        yours = you and seat == view.seat and name.lower() != mine.lower()
        if colour is not None:
            shown = words.colour(t, colour)
            # Translators: after the player's own name in the seats line: "Ann (you, red)".
            label.append(" " + (t("(you, {colour})", colour=shown) if yours else t("({colour})", colour=shown)))
        elif yours:
            label.append(" " + t("(you)"))
        if seat == view.to_act:
            label = Text("▶ ", style="bold") + label
            label.stylize("bold")
        if seat in winners:  # the reader's own unnamed seat is labelled "You": its verb is the second person's
            # Translators: after a winner's name in the seats line, "Ann ★ wins" (and "You ★ win").
            won = t.p("you", "win") if name == t("You") else t("wins")
            label.append(" ★ " + won, style="bold")
        parts.append(label)
    if view.shared_pawn:
        parts.insert(0, Text(t("{pawn} shared pawn", pawn=pawn_label(None)) + " "))
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
