"""Sweeps: variants from house-rule files and option grids on the same seeds, compared, drawn and reported."""

from __future__ import annotations

import json

import pytest

from tabletop.cli import main
from tabletop.lab.report import write_report
from tabletop.lab.sweep import Variant, run_sweep, variants
from tabletop.rules import OptionError


def test_variants_from_files_and_grids(tmp_path) -> None:
    quick = tmp_path / "quick.yaml"
    quick.write_text("win_favor: 300\n", encoding="utf-8")
    found = variants("tragedy", [str(quick)])
    assert [v.name for v in found] == ["defaults", "quick"] and found[1].options == {"win_favor": 300}
    grid = variants("tragedy", [], ["hand_size=5,7", "win_favor=500"])
    assert [v.name for v in grid] == ["hand_size=5,win_favor=500", "hand_size=7,win_favor=500"]
    both = variants("tragedy", [str(quick)], ["hand_size=5,7"])
    assert [v.options for v in both] == [{"win_favor": 300, "hand_size": 5}, {"win_favor": 300, "hand_size": 7}]
    with pytest.raises(OptionError, match="no option 'hand'"):
        variants("tragedy", [], ["hand=5"])
    with pytest.raises(OptionError, match="whole number"):
        variants("tragedy", [], ["hand_size=five"])


def test_every_variant_plays_the_same_games_and_a_real_difference_is_marked(tmp_path) -> None:
    sweep = run_sweep("tragedy", [Variant("defaults"), Variant("same", {"deck_min": 40}),
                                  Variant("short", {"win_favor": 300})], 30, seed=2, jobs=1)
    seeds = {name: [r.seed for r in recs] for name, recs in sweep.records.items()}
    assert seeds["defaults"] == seeds["same"] == seeds["short"] and len(seeds["short"]) == 30
    same = {c.measure: c for c in sweep.comparisons["same"]}
    short = {c.measure: c for c in sweep.comparisons["short"]}
    assert not any(c.significant for c in same.values())  # identical rules: identical games
    assert short["turns"].significant and short["turns"].difference < 0  # a lower target ends games sooner
    assert short["spread"].significant
    path, plots, note = write_report(sweep, tmp_path / "out")
    assert note == "" and {p.name for p in plots} == {"win_rates.png", "length.png", "spread.png", "endings.png",
                                                      "cards.png"}
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in plots)
    text = path.read_text(encoding="utf-8")
    assert "![win_rates](win_rates.png)" in text and "McNemar" in text and "**\\***" in text
    assert "## Balance per variant" in text and "![cards](cards.png)" in text
    body = json.loads((tmp_path / "out" / "report.json").read_text(encoding="utf-8"))
    assert all("balance" in v and "decisions" in v for v in body["variants"])
    data = json.loads((tmp_path / "out" / "report.json").read_text(encoding="utf-8"))
    assert data["baseline"] == "defaults" and data["variants"][2]["vs_baseline"]["turns"]["significant"]


def test_sweep_command_with_decks_and_swapped_seats(capsys, tmp_path) -> None:
    out = tmp_path / "report"
    code = main(["sweep", "--ruleset", "xfiles-fan", "--games", "2", "--jobs", "2", "--grid", "hand_size=11,13",
                 "--deck", "1=cards/xfiles-fan-sample/decks/agents.yaml",
                 "--deck", "2=cards/xfiles-fan-sample/decks/conspiracy.yaml", "--swap-seats",
                 "--out", str(out)])
    text = capsys.readouterr().out
    assert code == 0 and "hand_size=11" in text and "report:" in text
    assert (out / "decks.png").is_file() and (out / "report.md").is_file()
    data = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert data["setup"]["games_per_variant"] == 4
    assert {"deck:agents", "deck:conspiracy"} <= set(data["variants"][0]["measures"])


def test_sweep_command_errors(capsys, tmp_path) -> None:
    assert main(["sweep", "--ruleset", "tragedy", "--games", "2"]) == 2
    assert "give the variants" in capsys.readouterr().err
    assert main(["sweep", "--ruleset", "tragedy", "--grid", "hand_size=5"]) == 2
    assert "only one variant" in capsys.readouterr().err
    bad = tmp_path / "bad.yaml"
    bad.write_text("hand_size: lots\n", encoding="utf-8")
    assert main(["sweep", "--ruleset", "tragedy", "--house-rules", str(bad)]) == 2
    assert "bad.yaml:1" in capsys.readouterr().err
