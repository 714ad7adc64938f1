"""The playtest report groups a game's violations per rule and per card."""

from __future__ import annotations

from tabletop.core import actions as A
from tabletop.rules.report import format_violations, violation_report
from tabletop.rules.tragedy import PlayCard


def test_report_counts_each_rule_and_card(position, at, lib) -> None:
    session = position({"hand:0": ["t/A3", "t/S4", "t/X9"], "deck:0": ["t/A5"]}, step="upkeep", enforcement="warn")
    state = session.state
    a3, s4 = at(state, "hand:0/t/A3"), at(state, "hand:0/t/S4")
    assert session.submit(PlayCard(a3, "Actor"), 0).accepted          # 0000.4.1.1
    assert session.submit(A.Move((s4,), "sets:0"), 0).accepted        # 0000.3.6.1
    assert session.submit(A.Draw(1), 0).accepted                     # 0000.5.2.3
    assert session.submit(A.Chat("oops"), 1).accepted
    report = violation_report(session.history, state, lib)
    assert report["violations"] == 3 and report["actions"] == 4 and report["actions_with_violations"] == 3
    by_rule = {r["rule"]: r for r in report["per_rule"]}
    assert set(by_rule) == {"0000.4.1.1", "0000.3.6.1", "0000.5.2.3"}
    assert by_rule["0000.4.1.1"]["cards"] == {"Test A3": 1}
    assert by_rule["0000.4.1.1"]["seats"] == {"0": 1}
    assert {c["card"] for c in report["per_card"]} == {"Test A3", "Test S4"}
    text = format_violations(report, "game")
    assert "0000.4.1.1" in text and "Test S4" in text and text.startswith("game\n3 violation(s)")


def test_a_clean_game_reports_nothing(position) -> None:
    session = position({}, step="upkeep")
    report = violation_report(session.history, session.state)
    assert report["violations"] == 0 and report["per_rule"] == [] and report["per_card"] == []
    assert format_violations(report).startswith("0 violation(s)")
