"""Headless simulation: statistics of bot games, and the `tabletop simulate` command."""

from __future__ import annotations

import json

from tabletop.cli import main
from tabletop.rules.simulate import distribution, format_report, simulate


def test_simulate_reports_wins_lengths_scores_and_no_strict_violations() -> None:
    report = simulate("tragedy", 6, seed=2, bots=("greedy", "random"))
    assert report["finished"] + report["unfinished"] == 6
    assert sum(report["wins_per_seat"]) + report["draws"] + report["unfinished"] == 6
    assert report["wins_per_bot"]["greedy"]["seats_played"] == 6
    assert report["violations"]["total"] == 0 and report["errors"] == []
    assert report["scores"]["winner"]["min"] >= 1000
    assert report["length"]["turns"]["min"] >= 1
    assert report["speed"]["bot_actions"] > 0
    text = format_report(report)
    assert "wins per bot" in text and "violations: 0" in text


def test_house_rules_reach_the_simulated_games() -> None:
    report = simulate("tragedy", 4, seed=1, bots=("greedy", "greedy"), options={"win_favor": 200})
    assert report["options"]["win_favor"] == 200
    assert report["scores"]["winner"]["max"] < 1000


def test_distribution() -> None:
    assert distribution([]) == {}
    d = distribution([1, 2, 3, 4, 5])
    assert (d["min"], d["median"], d["max"], d["mean"]) == (1, 3, 5, 3)


def test_simulate_command_json(capsys, tmp_path) -> None:
    house = tmp_path / "h.yaml"
    house.write_text("win_favor: 300\n", encoding="utf-8")
    code = main(["simulate", "--ruleset", "tragedy", "--games", "3", "--seed", "4", "--bots", "random,greedy",
                 "--house-rules", str(house), "--json"])
    out = capsys.readouterr()
    assert code == 0
    report = json.loads(out.out)
    assert report["games"] == 3 and report["options"]["win_favor"] == 300
    assert out.err == ""  # no progress bar when stderr is not a terminal


def test_simulate_command_errors(capsys, tmp_path) -> None:
    assert main(["simulate", "--ruleset", "nope", "--games", "1"]) == 2
    assert "no ruleset 'nope'" in capsys.readouterr().err
    assert main(["simulate", "--ruleset", "tragedy", "--bots", "random,clever"]) == 2
    house = tmp_path / "h.yaml"
    house.write_text("win_favour: 3\n", encoding="utf-8")
    assert main(["simulate", "--ruleset", "tragedy", "--house-rules", str(house)]) == 2
    assert "h.yaml:1" in capsys.readouterr().err
