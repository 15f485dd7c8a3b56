"""The self-play benchmark's statistics and output."""

from __future__ import annotations

from argparse import Namespace

import pytest

from kobito_tui.bots import selfplay
from kobito_tui.bots.registry import COMPUTERS
from kobito_tui.cli import main
from kobito_tui.core.record import fold
from kobito_tui.core.savefile import load


def args(**given) -> Namespace:
    """Self-play arguments as the CLI sets them, with ``given`` replacing the defaults."""
    defaults = dict(
        game="treasure", players="bot:greedy,bot:random", games=4, seed=2, budget_s=0.01, jobs=1, option=[], keep=None, iterations=None
    )
    return Namespace(**(defaults | given))


def test_wilson_interval():
    lo, hi = selfplay.wilson(50, 100)
    assert (round(lo, 3), round(hi, 3)) == (0.404, 0.596)
    assert selfplay.wilson(0, 10)[0] == 0.0 and selfplay.wilson(10, 10)[1] == pytest.approx(1.0)
    assert selfplay.wilson(0, 0) == (0.0, 1.0)


def test_percentile_by_nearest_rank():
    values = list(range(1, 101))
    assert selfplay.percentile(values, 0.95) == 95
    assert selfplay.percentile([3.0], 0.95) == 3.0
    assert selfplay.percentile([], 0.5) == 0.0


def test_labels_number_repeated_levels():
    assert selfplay.labels("bot:strong,bot:greedy") == ["bot:strong", "bot:greedy"]
    assert selfplay.labels("bot:random,bot:random") == ["bot:random#1", "bot:random#2"]
    with pytest.raises(ValueError):
        selfplay.labels("Ann,bot:greedy")


@pytest.mark.parametrize("game_id", list(COMPUTERS))
def test_run_reports_every_bot(game_id):
    result = selfplay.run(args(game=game_id))
    assert result["games"] == 4 and set(result["bots"]) == {"bot:greedy", "bot:random"}
    rates = [row["win_rate"] for row in result["bots"].values()]
    assert sum(rates) == pytest.approx(1.0)  # every game credits exactly one win in shares
    for row in result["bots"].values():
        lo, hi = row["ci95"]
        assert lo <= row["win_rate"] <= hi
        assert 0 <= row["decision_ms_median"] <= row["decision_ms_p95"]
    text = selfplay.report(result)
    assert "bot:greedy" in text and "bot:random" in text and "95% CI" in text


def test_keep_writes_every_game_as_a_save_file_that_replays_to_its_end(tmp_path):
    result = selfplay.run(args(games=3, option=[("variant", "seek")], keep=str(tmp_path / "games")))
    files = sorted((tmp_path / "games").iterdir())
    assert len(files) == 3 and result["options"]["variant"] == "seek"
    for path in files:
        record = load(path)
        assert record.header.options["variant"] == "seek"
        assert record.game.is_over(fold(record.game, record.header, record.events))


def test_a_bad_option_is_one_line_not_a_traceback(capsys):
    assert main(["selfplay", "--game", "treasure", "--games", "1", "-o", "variant=hidden"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("kobito: ") and error.count("\n") == 1 and "variant" in error


def test_a_keep_folder_that_cannot_be_written_is_one_line(tmp_path, capsys):
    (tmp_path / "taken").write_text("a file, not a folder")
    argv = ["selfplay", "--game", "treasure", "--games", "1", "--budget", "0.01", "--keep", str(tmp_path / "taken")]
    assert main(argv) == 2
    error = capsys.readouterr().err
    assert error.startswith("kobito: ") and error.count("\n") == 1


@pytest.mark.parametrize("game_id", ["kobito", "treasure"])
def test_fixed_iterations_make_hard_games_independent_of_the_clock(game_id):
    def scores(budget_s):
        result = selfplay.run(args(game=game_id, players="bot:hard,bot:medium", games=2, budget_s=budget_s, iterations=6))
        return {name: (row["win_rate"], row["mean_score"]) for name, row in result["bots"].items()}

    assert scores(0.0001) == scores(5.0)
    assert "every path searched" in selfplay.report(selfplay.run(args(games=1, iterations=6)))
    assert "6 iterations per decision" in selfplay.report(selfplay.run(args(game="kobito", games=1, iterations=6)))
