"""A report in words: the moves of a verdict as the game's log says them, the JSON of
``kobito analyse --json`` and its plain-text tables, in the translator's language."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len

from kobito_tui.core.game import Event
from kobito_tui.core.message import Message
from kobito_tui.core.record import Record, fold
from kobito_tui.core.safetext import printable
from kobito_tui.i18n import words
from kobito_tui.i18n.messages import say
from kobito_tui.i18n.seats import Seats
from kobito_tui.i18n.translation import Translator

from .report import Report, TurnVerdict


def moves_said(t: Translator, record: Record, start: int, events: tuple[Event, ...], state: Any = None) -> str:
    """``events`` (a seat's moves from event ``start``) as the log says them, sentence after
    sentence; a line the rules refuse from some move on (the rules changed, a best line that
    ended the game sooner, a tile its search could not see) is worded from there without them.
    ``state``: the state after event ``start`` (a copy, changed here), or None: the record folded to it."""
    game, seats = record.game, record.header.seats
    if state is None:
        state = fold(game, record.header, record.events[:start])
    said: list[Message] = []
    steps: list[str] = []
    for number, event in enumerate(events):
        if game.is_over(state):
            break  # the line won (or ended) the game: what it meant to do after is moot
        try:
            message = game.describe(state, event, event["seat"])
            game.apply(state, event)
        except Exception:  # noqa: BLE001 - untrusted or stale data: told move by move
            said += _told_alone(events[number:], steps)
            break
        if message is not None:
            said.append(message)
        elif event.get("type") == "step":
            steps.append(event["dir"])
    if not said and steps:  # steps cut short by a tile turned up: told as the end of a turn tells them
        said.append(Message("treasure.turn", {"seat": events[0]["seat"], "directions": steps}))
    return " ".join(say(t, message, seats) for message in said)


def _told_alone(events: tuple[Event, ...], steps: list[str]) -> list[Message]:
    """Moves worded without the rules, after ``steps`` already taken: Hide the Treasure's
    steps as a turn, a placement, a pass; a move of any other kind as such."""
    told: list[Message] = []
    for event in events:
        kind, seat = event.get("type"), event.get("seat")
        if kind == "step":
            steps = [*steps, event["dir"]]  # a step in a record always has its direction
            continue
        if steps:
            told.append(Message("treasure.turn", {"seat": seat, "directions": steps}))
            steps = []
        if kind == "place":
            told.append(Message("treasure.place", {"seat": seat, "corner": event.get("corner")}))
        elif kind == "pass":
            told.append(Message("treasure.pass", {"seat": seat}))
        elif kind != "end":
            told.append(Message("analysis.untold-move", {}))
    if steps:
        told.append(Message("treasure.turn", {"seat": events[0].get("seat"), "directions": steps}))
    return told


def document(t: Translator, record: Record, report: Report, file: str) -> dict[str, Any]:
    """The ``--json`` shape: seats with their accuracy and marks, and every turn."""
    return {
        "game": report.game,
        "file": file,
        "seats": [
            {
                "seat": s.seat,
                "name": s.name,
                "accuracy": round(s.accuracy, 3),
                "inaccuracies": s.inaccuracies,
                "mistakes": s.mistakes,
                "blunders": s.blunders,
            }
            for s in report.seats
        ],
        "turns": [
            {
                "index": v.index,
                "end": v.end,
                "seat": v.seat,
                "played": moves_said(t, record, v.index, v.played_events),
                "best": moves_said(t, record, v.index, v.best_events),
                "played_events": list(v.played_events),
                "best_events": list(v.best_events),
                "chance_before": round(v.chance_before, 3),
                "chance_after": round(v.chance_after, 3),
                "mark": v.mark,
                "forced": v.forced,
            }
            for v in report.turns
        ],
    }


def _mark(t: Translator, verdict: TurnVerdict) -> str:
    return {"inaccuracy": t("inaccuracy"), "mistake": t("mistake"), "blunder": t("blunder")}[verdict.mark or ""]


NAME_WIDTH = 23
"""A player's name in the table is cut to this many characters."""


def _game_name(t: Translator, game: str) -> str:
    """The game by the reader's name for it ("Kobito", «Кобіто»); an id this program does not know, as it is."""
    try:
        return words.game_title(t, game)
    except KeyError:
        return printable(game, 40)


def _columns(rows: list[list[str]]) -> list[str]:
    """``rows`` as lines of columns as wide as their widest cell (in the terminal's cells), two spaces
    apart: the first (the names) to the left, the numbers to the right."""
    widths = [max(cell_len(row[column]) for row in rows) for column in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [row[0] + " " * (widths[0] - cell_len(row[0]))]
        cells += [" " * (width - cell_len(cell)) + cell for cell, width in zip(row[1:], widths[1:], strict=True)]
        lines.append("  ".join(cells).rstrip())
    return lines


def table(t: Translator, record: Record, report: Report) -> str:
    """Plain text: one line per seat, then one per marked turn."""
    seats = Seats(t, record.header.seats)
    lines = [t("Analysis of {game}", game=_game_name(t, report.game)), ""]
    headings = [t("Player"), t("Accuracy"), t("Inaccuracies"), t("Mistakes"), t("Blunders")]
    rows = [
        [seats.name(s.seat)[:NAME_WIDTH], f"{s.accuracy:.0%}", str(s.inaccuracies), str(s.mistakes), str(s.blunders)] for s in report.seats
    ]
    lines += _columns([headings, *rows])
    marked = [v for v in report.turns if v.mark]
    lines += ["", t("Marked turns") if marked else t("No turn is marked.")]
    for v in marked:
        lines.append(
            t(
                "Event {index}, {name}: {mark}, chance {before:.0%} → {after:.0%}",
                index=v.index + 1,
                name=seats.name(v.seat),
                mark=_mark(t, v),
                before=v.chance_before,
                after=v.chance_after,
            )
        )
        lines.append("  " + t("played: {moves}", moves=moves_said(t, record, v.index, v.played_events)))
        lines.append("  " + t("best: {moves}", moves=moves_said(t, record, v.index, v.best_events)))
    return "\n".join(lines)
