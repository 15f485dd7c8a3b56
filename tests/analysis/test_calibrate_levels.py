"""``kobito analyse --calibrate`` prints the calibration table per mover's level, each through its own map, beside the pooled one."""

from __future__ import annotations

import json

from analysis.cheap import cheapen

from kobito_tui.analysis import quality
from kobito_tui.cli import main


def test_calibrate_prints_a_table_per_level(monkeypatch, capsys):
    cheapen(monkeypatch)
    monkeypatch.setattr(quality, "DISCRIMINATION_MIN", 2)
    assert main(["analyse", "--calibrate", "--game", "treasure", "--games", "2"]) == 0
    text = capsys.readouterr().out
    tables = [i for i, line in enumerate(text.splitlines()) if line.startswith("bin ")]
    assert len(tables) == 4  # pooled, then Hard's turns, Medium's and Easy's (of the Easy v Hard games)
    assert "Turns of the hard computer only" in text and "Turns of the medium computer only" in text
    assert text.index("hard computer only") < text.index("medium computer only") < text.index("easy computer only")
    assert text.index("easy computer only") < text.index("Easy v Hard, mistakes")


def test_calibrate_json_has_the_levels_tables(monkeypatch, capsys):
    cheapen(monkeypatch)
    monkeypatch.setattr(quality, "DISCRIMINATION_MIN", 2)
    assert main(["analyse", "--calibrate", "--game", "treasure", "--games", "2", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result["levels"]) == set(result["level_maps"]) == {"hard", "medium", "easy"}
    hard, medium = (sum(b["turns"] for b in result["levels"][level]) for level in ("hard", "medium"))
    assert hard + medium == sum(b["turns"] for b in result["bins"]) == result["turns"]
    easy = [r for r in result["rows"] if r["run"] == "discrimination" and r["level"] == "easy"]
    assert sum(b["turns"] for b in result["levels"]["easy"]) == len(easy)
