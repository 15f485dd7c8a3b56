"""A player who reads only the lines: a whole game of Hide the Treasure in Ukrainian, each turn asked
"where" and then played in one line, the way a screen reader's user would."""

from __future__ import annotations

import io
import random
import re
import statistics

from kobito_tui.core.record import new_header, parse_players
from kobito_tui.i18n import translator
from kobito_tui.plain.start import run_plain

STEPS = {"вгору": (-1, 0), "вниз": (1, 0), "ліворуч": (0, -1), "праворуч": (0, 1)}


class Reader:
    """Answers the door's every read from what the door has written so far, and counts its lines per turn."""

    def __init__(self, out: io.StringIO, seed: int) -> None:
        self.out, self.random, self.read_to = out, random.Random(seed), 0
        self.turns: list[int] = []

    def readline(self, limit: int = -1) -> bytes:
        new = self.out.getvalue()[self.read_to :]
        self.read_to += len(new)
        if "Ваш хід: крок 1 з 3" in new:
            self.turns.append(1)
            return "де\n".encode()
        pawns = re.findall(r"^(Ваша фішка|Фішка гравця .*?): рядок (\d), стовпець (\d)", new, flags=re.M)
        if pawns:
            self.turns[-1] += 1
            mine = next((int(r) - 1, int(c) - 1) for who, r, c in pawns if who == "Ваша фішка")
            others = {(int(r) - 1, int(c) - 1) for who, r, c in pawns if who != "Ваша фішка"}
            return (" ".join(self._path(mine, others)) + " завершити\n").encode()
        return b""  # anything else: the game is over (or lost), so the input ends

    def _path(self, here: tuple[int, int], blocked: set[tuple[int, int]]) -> list[str]:
        path: list[str] = []
        for _ in range(3):
            ways = [
                w
                for w, (dr, dc) in STEPS.items()
                if 0 <= here[0] + dr < 5 and 0 <= here[1] + dc < 5 and (here[0] + dr, here[1] + dc) not in blocked
            ]
            way = self.random.choice(ways)
            here = (here[0] + STEPS[way][0], here[1] + STEPS[way][1])
            path.append(way)
        return path


def transcript(tmp_path, seed: int = 4) -> tuple[str, list[int]]:
    out = io.StringIO()
    reader = Reader(out, seed)
    header = new_header("treasure", parse_players("Ann,bot:easy"), {}, seed)
    assert run_plain(reader, out, "uk", tmp_path, new=header) == 0  # type: ignore[arg-type]
    return out.getvalue(), reader.turns


def test_a_reader_of_lines_plays_a_whole_game_in_ukrainian_with_two_lines_a_turn(tmp_path):
    text, turns = transcript(tmp_path)
    t = translator("uk")
    assert re.search(r"(Ви перемагаєте|перемагає|Нічия)", text), text[-500:]
    assert t("Saved in {file}.", file="").split()[0] in text.splitlines()[-1]
    assert turns and statistics.median(turns) == 2
    assert len(re.findall(r"(Ви перемагаєте|перемагає|Нічия)", text)) == 1  # the end said once
    assert not re.search(r"[A-Za-z]{4,}", text.replace("Enter", "").replace("Ann", "").split("Збережено")[0])  # no English left
