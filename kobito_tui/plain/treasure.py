"""Hide the Treasure in a line player's words: steps, the board row by row, the pawns, the colour."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from kobito_tui.core.game import Event
from kobito_tui.i18n import Translator, words
from kobito_tui.i18n.seats import Seats
from kobito_tui.i18n.words import direction
from kobito_tui.treasure.board import DIRECTIONS, SIZE
from kobito_tui.treasure.view import TileView, TreasureView

from .choices import Choice, Features, distinct, listed_name
from .vocabulary import Vocabulary, both

STEPS = 3


def tile_words(t: Translator, tile: TileView) -> str:
    """A tile as it lies: "red crown", "blue chest", or "chest" where nobody has seen it (seek)."""
    if tile.colour is None or tile.treasure is None:
        return t("chest")
    colour = words.colour(t, tile.colour)
    # Translators: a tile on the board read aloud: its colour and its treasure ("red crown"), or its colour
    # with the chest side up ("red chest"); reorder or add a dash where your grammar needs it.
    if tile.face_up:
        return t("{colour} {treasure}", colour=colour, treasure=words.treasure(t, tile.treasure))
    return t("{colour} chest", colour=colour)


class TreasureWords:
    commands = frozenset({"hand", "board", "where", "scores"})

    def vocabulary(self, t: Translator) -> Vocabulary:
        # Translators: the words of a move a blind player types ("up left left", "place top left"): one word, or
        # several apart by spaces (each works; English works too). Lower case.
        pairs = [
            ("up", t.p("direction", "up") + " " + t.p("plain word", "up top")),
            ("down", t.p("direction", "down") + " " + t.p("plain word", "down bottom")),
            ("left", t.p("direction", "left") + " " + t.p("plain word", "left")),
            ("right", t.p("direction", "right") + " " + t.p("plain word", "right")),
            ("end", t.p("plain word", "end")),
            ("pass", t.p("plain word", "pass")),
            ("place", t.p("plain word", "place")),
        ]
        found = both(t, pairs) | {"top": "up", "bottom": "down", "u": "up", "d": "down", "l": "left", "r": "right"}
        # Translators: words a player may put in a move that change nothing ("step up", "go left"), apart by
        # spaces; yours, lower case (English works too).
        fillers = t.p("plain word", "step steps move go then and to the on corner pawn")
        found |= {word: "" for word in (fillers + " step steps move go then and to the on corner pawn").split()}
        return Vocabulary(found)

    def parts(self, meanings: list[str]) -> list[Features]:
        """A step a direction ("up left left": three moves); placing the shared pawn is one."""
        kept = [meaning for meaning in meanings if meaning]
        if "place" in kept:
            return [Counter(kept)]
        return [Counter([meaning]) for meaning in kept]

    def choices(self, t: Translator, view: TreasureView, legal: Iterable[Event]) -> list[Choice]:
        return distinct(self._choice(t, move) for move in legal)

    def _choice(self, t: Translator, move: Event) -> Choice:
        kind = move["type"]
        if kind == "step":
            return Choice(t("step {direction}", direction=direction(t, move["dir"])), Counter([move["dir"]]), move)
        if kind == "end":
            return Choice(t("end your turn"), Counter(["end"]), move)
        if kind == "pass":
            return Choice(t("pass"), Counter(["pass"]), move)
        row, column = move["corner"]
        vertical, horizontal = "up" if row == 0 else "down", "left" if column == 0 else "right"
        said = {
            ("up", "left"): t("place the pawn on the top-left corner"),
            ("up", "right"): t("place the pawn on the top-right corner"),
            ("down", "left"): t("place the pawn on the bottom-left corner"),
            ("down", "right"): t("place the pawn on the bottom-right corner"),
        }[vertical, horizontal]
        return Choice(said, Counter(["place", vertical, horizontal]), move)

    def prompt(self, t: Translator, view: TreasureView) -> str:
        if view.shared_pawn and view.pawns[0] is None:
            return t("Your turn: place the shared pawn on a corner (place top left, top right, bottom left or bottom right).")
        if view.steps_taken == STEPS:
            return t("Your turn: 3 steps taken; say end (or an empty line), or undo.")
        if not view.legal_steps:
            return t("Your turn: you are boxed in; say pass (or an empty line).")
        ways = words.names(t, [direction(t, name) for name in view.legal_steps])
        return t(
            "Your turn: step {step} of 3; you may step {directions} (several at once: up left left end).",
            step=view.steps_taken + 1,
            directions=ways,
        )

    def why_none(self, t: Translator, view: TreasureView, wanted: Features) -> str:
        steps = [name for name in DIRECTIONS if name in wanted]
        if steps and "place" not in wanted:
            if view.steps_taken == STEPS:
                return t("3 steps taken: say end, or undo to take a step back.")
            pawn = view.pawns[0 if view.shared_pawn else (view.to_act or 0)]
            if pawn is not None:
                row, column = pawn[0] + DIRECTIONS[steps[0]][0], pawn[1] + DIRECTIONS[steps[0]][1]
                if not (0 <= row < SIZE and 0 <= column < SIZE):
                    return t("The board ends there: step another way")
                if (row, column) in view.pawns:
                    return t("Another pawn stands there: step another way")
            return t("No step that way now")
        if "end" in wanted and view.steps_taken < STEPS:
            return t.n("Take {count} more step first: 3 a turn.", "Take {count} more steps first: 3 a turn.", STEPS - view.steps_taken)
        return t("No move of yours fits those words; say moves for the list.")

    def state(self, command: str, t: Translator, view: TreasureView, who: Seats) -> list[str]:
        if command == "board":
            return self._board(t, view, who)
        if command == "where":
            return self._where(t, view, who)
        if command == "hand":
            return self._colours(t, view, who)
        return [t("Round {round}", round=view.round), *self._colours(t, view, who)]

    def _board(self, t: Translator, view: TreasureView, who: Seats) -> list[str]:
        pawns = {pos: seat for seat, pos in enumerate(view.pawns) if pos is not None}
        lines = []
        for row in range(SIZE):
            tiles = []
            for column in range(SIZE):
                said = tile_words(t, view.tiles[row * SIZE + column])
                seat = pawns.get((row, column))
                if seat is not None and view.shared_pawn:
                    said = t("{tile} (the pawn)", tile=said)
                elif seat is not None:
                    said = (
                        t("{tile} (your pawn)", tile=said)
                        if who.is_reader(seat)
                        else t("{tile} ({name}'s pawn)", tile=said, name=who.name(seat))
                    )
                tiles.append(said)
            lines.append(t("Row {number}: {tiles}.", number=row + 1, tiles=", ".join(tiles)))
        return lines

    def _where(self, t: Translator, view: TreasureView, who: Seats) -> list[str]:
        lines = []
        for seat, pos in enumerate(view.pawns):
            if pos is None:
                lines.append(t("The shared pawn is not on the board yet."))
                continue
            at = {"row": pos[0] + 1, "column": pos[1] + 1, "tile": tile_words(t, view.tiles[pos[0] * SIZE + pos[1]])}
            if view.shared_pawn:
                lines.append(t("The shared pawn: row {row}, column {column}, on {tile}.", **at))
            elif who.is_reader(seat):
                lines.append(t("Your pawn: row {row}, column {column}, on {tile}.", **at))
            else:
                lines.append(t("{name}'s pawn: row {row}, column {column}, on {tile}.", name=who.name(seat), **at))
        if view.to_act is not None and who.is_reader(view.to_act) and view.legal_steps:
            lines.append(t("You may step {directions}.", directions=words.names(t, [direction(t, name) for name in view.legal_steps])))
        return lines

    def _colours(self, t: Translator, view: TreasureView, who: Seats) -> list[str]:
        seek = view.variant == "seek"
        if view.my_colour is not None and view.my_progress is not None:
            progress = t("{count} of 5 found", count=view.my_progress) if seek else t("{count} of 5 hidden", count=view.my_progress)
            return [f"{words.your_colour(t, view.my_colour)} {progress}."]
        known = [(seat, colour) for seat, colour in enumerate(view.colours) if colour is not None]
        if not known:
            return [t("The colours are secret until the end.")]
        return [t("{name}'s colour: {colour}.", name=listed_name(t, who, seat), colour=words.colour(t, colour)) for seat, colour in known]

    def help(self, t: Translator) -> list[str]:
        return [
            t("Moves: up, down, left, right (a whole turn in one line: up left left end), end, pass; place top left (the shared pawn).")
        ]
