"""``kobito plain``: replays step by step, going on with a saved game, and the command on a real pipe."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys

import pytest

from kobito_tui.plain.start import run_plain
from plain.helpers import door, lines, saved
from plain.test_door import KOBITO_TURNS, plain_text


def _run(script: bytes, tmp_path, **where) -> tuple[int, str]:
    out = io.StringIO()
    code = run_plain(io.BytesIO(script), out, "en", tmp_path, **where)
    return code, out.getvalue()


def test_a_finished_game_is_told_again_event_by_event(tmp_path):
    door(tmp_path, KOBITO_TURNS)
    code, out = _run(lines("", "next", "back", "hand", "who", "end", "scores", "", "quit"), tmp_path, replay=saved(tmp_path))
    assert code == 0
    plain_text(out)
    said = out.splitlines()
    assert said[0] == "Replay of Kobito: Ann and Computer 2. Say help for the commands."
    assert "You drew a paint card, 3, 7, 10 and a kobito." in said  # a finished game shows every hand
    first, second, back = said[said.index("Computer 2 drew 12, 5, 6, 4 and 7.") + 1 :][:3]
    assert first.startswith("You played") and back == first and second != first
    assert any(line.startswith("Ann's hand: ") for line in said) and any(line.startswith("Computer 2's hand: ") for line in said)
    assert said.count("That was the last event.") == 2
    assert any(line.startswith("Ann (you): ") for line in said)


def test_an_unfinished_hot_seat_game_is_not_replayed(tmp_path):
    door(tmp_path, lines("", "quit"), players="Ann,Bob")
    code, out = _run(lines(""), tmp_path, replay=saved(tmp_path))
    assert code == 1
    assert "replays of unfinished hot-seat games would show hidden cards" in out


def test_a_saved_game_goes_on_where_it_stopped(tmp_path):
    door(tmp_path, lines("play 3", "end", "quit"))
    code, out = _run(lines("hand", "quit"), tmp_path, load_path=saved(tmp_path))
    assert code == 0
    assert "You played 3 on the right end of pot C." in out  # the story so far, then the hand now
    assert "Your hand: a paint card, 7, 10, a kobito, 12." in out


def test_a_bad_file_is_refused_with_its_line(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n")
    code, out = _run(b"", tmp_path, replay=bad)
    assert code == 1 and out.startswith(f"{bad}, line 1: ")


def test_the_command_reads_a_pipe(tmp_path):
    command = [sys.executable, "-m", "kobito_tui.cli", "--saves-dir", str(tmp_path), "--lang", "en"]
    command += ["plain", "new", "treasure", "--players", "Ann,bot:easy", "--seed", "3"]
    env = {**os.environ, "KOBITO_CONFIG_DIR": str(tmp_path / "config")}
    done = subprocess.run(command, input=b"up\nright right right end\nquit\n", capture_output=True, timeout=60, env=env)
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode()
    plain_text(out)
    assert "The board ends there: step another way" in out
    assert "You moved right, right, right — flipped 3 tiles." in out
    assert done.stderr == b""


class _Closing(io.StringIO):
    """A writer whose reader goes away after a few lines (a pipe to ``head``)."""

    def write(self, text: str) -> int:
        if self.getvalue().count("\n") >= 5:
            raise BrokenPipeError(32, "Broken pipe")
        return super().write(text)


def test_a_reader_who_leaves_ends_the_door_and_the_game_stays_saved(tmp_path):
    from kobito_tui.core.record import new_header, parse_players
    from kobito_tui.core.savefile import load
    from kobito_tui.plain.lines import ReaderLeft

    header = new_header("kobito", parse_players("Ann,bot:easy"), {}, 3)
    with pytest.raises(ReaderLeft):
        run_plain(io.BytesIO(lines("play 3", "end", "hand")), _Closing(), "en", tmp_path, new=header)
    assert load(saved(tmp_path)).header.game == "kobito"


def test_a_failing_save_is_said_and_the_game_goes_on(tmp_path, full_disk):
    class Filling(io.BytesIO):
        def readline(self, limit: int = -1) -> bytes:
            line = super().readline(limit)
            if line == b"end\n":
                full_disk.set()  # the disk fills as the turn ends
            return line

    from kobito_tui.core.record import new_header, parse_players

    out = io.StringIO()
    header = new_header("kobito", parse_players("Ann,bot:easy"), {}, 3)
    assert run_plain(Filling(lines("play 3", "end", "hand", "quit")), out, "en", tmp_path, new=header) == 0
    text = out.getvalue()
    # said as it failed (when the background save's report came before the next line was read) and on quitting
    assert 1 <= text.count("The game could not be saved: [Errno 28] No space left") <= 2
    assert "The game could not be saved: [Errno 28] No space left" in text.split("Your hand:")[1]
    assert "Your hand: a paint card, 7, 10, a kobito, 12." in text  # played on meanwhile


def test_a_kept_analysis_says_each_turns_verdict_after_it(tmp_path):
    from kobito_tui.analysis.sidecar import analyse_cached
    from kobito_tui.core.savefile import load

    door(tmp_path, lines(*(["moves", "1"] * 3 + ["end"]) * 400), "treasure", turn_limit=6)
    path = saved(tmp_path)
    report = analyse_cached(path, load(path))
    code, out = _run(lines(*[""] * 200), tmp_path, replay=path)
    assert code == 0
    plain_text(out)
    chances = re.findall(r"^(Ann|Computer 2): \d+% → \d+%$", out, flags=re.M)
    assert len(chances) == len(report.turns) > 0
    assert re.search(r"^(A good turn|a good turn|The only move|the only move|(Inaccuracy|Mistake|Blunder)\. Best: .+)$", out, flags=re.M)


def test_the_language_may_follow_the_command(tmp_path):
    command = [
        sys.executable,
        "-m",
        "kobito_tui.cli",
        "--saves-dir",
        str(tmp_path),
        "plain",
        "new",
        "kobito",
        "--seed",
        "3",
        "--lang",
        "uk",
    ]
    env = {**os.environ, "KOBITO_CONFIG_DIR": str(tmp_path / "config")}
    done = subprocess.run(command, input=b"quit\n", capture_output=True, timeout=60, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().splitlines()[0] == "Кобіто: Ви та Комп’ютер 2. Скажіть «допомога», щоб почути команди."


def test_ctrl_c_quits_as_quit_does(tmp_path):
    from kobito_tui.core.record import new_header, parse_players

    class Interrupted(io.BytesIO):
        def readline(self, limit: int = -1) -> bytes:
            raise KeyboardInterrupt

    out = io.StringIO()
    header = new_header("kobito", parse_players("Ann,bot:easy"), {}, 3)
    assert run_plain(Interrupted(), out, "en", tmp_path, new=header) == 0
    assert "Saved in " in "".join(out.getvalue().splitlines()[-2:])


def test_a_saves_folder_that_cannot_be_written_is_said(tmp_path):
    from kobito_tui.core.record import new_header, parse_players

    folder = tmp_path / "file"
    folder.write_text("not a folder")
    out = io.StringIO()
    header = new_header("kobito", parse_players("Ann,bot:easy"), {}, 3)
    assert run_plain(io.BytesIO(b"quit\n"), out, "en", folder, new=header) == 1
    assert out.getvalue().startswith("The game could not be saved: ")


def test_a_terminal_that_cannot_show_the_letters_gets_question_marks_not_a_crash(tmp_path):
    command = [sys.executable, "-m", "kobito_tui.cli", "--saves-dir", str(tmp_path), "plain", "new", "kobito", "--lang", "uk"]
    env = {**os.environ, "KOBITO_CONFIG_DIR": str(tmp_path / "config"), "PYTHONIOENCODING": "latin-1"}
    done = subprocess.run(command, input=b"hand\nquit\n", capture_output=True, timeout=60, env=env)
    assert done.returncode == 0 and done.stderr == b"", done.stderr
    assert done.stdout.count(b"?") > 20
