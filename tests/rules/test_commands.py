"""`tabletop rulesets` and `tabletop violations`."""

from __future__ import annotations

import json

from tabletop.cli import main
from tabletop.core import actions as A
from tabletop.game import new_session
from tabletop.rules.tragedy import PlayCard
from tabletop.store import save_game


def test_rulesets_lists_every_ruleset_with_options(capsys) -> None:
    assert main(["rulesets", "--json"]) == 0
    items = {r["name"]: r for r in json.loads(capsys.readouterr().out)}
    assert {"freeform", "tragedy"} <= set(items)
    options = {o["name"]: o for o in items["tragedy"]["options"]}
    assert options["win_favor"]["default"] == 1000 and "0000.1.6" in options["win_favor"]["description"]
    assert main(["rulesets", "tragedy"]) == 0
    text = capsys.readouterr().out
    assert "deck_min" in text and "freeform" not in text
    assert main(["rulesets", "nope"]) == 2


def test_violations_report_of_a_saved_warn_game(tmp_path, capsys) -> None:
    session = new_session("tragedy", 2, seed=3, enforcement="warn")
    state = session.state
    seat = state.rules["priority"]
    other = 1 - seat
    card = state.zones[f"hand:{other}"].pieces[0]
    assert session.submit(PlayCard(card, "Act"), other).accepted             # 0000.5.1.3
    assert session.submit(A.Draw(1), seat).accepted                         # 0000.5.2.3
    path = save_game(session, tmp_path / "game.yaml")
    assert main(["violations", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ruleset"] == "tragedy" and report["violations"] == 2
    assert {r["rule"] for r in report["per_rule"]} == {"0000.5.1.3", "0000.5.2.3"}
    assert report["per_card"][0]["count"] == 1
    assert main(["violations", str(path)]) == 0
    assert "0000.5.1.3" in capsys.readouterr().out
    assert main(["violations", str(tmp_path / "missing.yaml")]) == 2
