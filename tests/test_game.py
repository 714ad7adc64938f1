"""Starting a game with decks (`tabletop.game.new_session`): an illegal deck is refused in strict, logged in warn."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.core import actions as A
from tabletop.game import IllegalDeck, new_session, start_problems
from tabletop.store import dump_save, parse_save

ROOT = Path(__file__).resolve().parents[1]
GOOD = ROOT / "cards" / "xfiles-fan-sample" / "decks" / "agents.yaml"
#: An X-Files Fan deck that breaks the deck rules several ways (written for this test, in the deck-list format).
BAD_DECK = """\
name: Too thin
set: xfiles-fan-sample
ruleset: xfiles-fan
sections:
  deck:
    - 5x canvass-witnesses
    - 20x late-coffee
  environment:
    - agent-scully
"""


@pytest.fixture
def bad(tmp_path: Path) -> Path:
    path = tmp_path / "thin.yaml"
    path.write_text(BAD_DECK)
    return path


def test_strict_refuses_an_illegal_deck_with_every_problem_and_its_rule(bad: Path) -> None:
    from tabletop.cards import default_library, load_deck
    from tabletop.rules import get_ruleset

    lib = default_library()
    expected = get_ruleset("xfiles-fan").deck_problems(load_deck(bad, lib), lib)
    assert len(expected) >= 3
    with pytest.raises(IllegalDeck) as info:
        new_session("xfiles-fan", 2, decks={0: GOOD, 1: bad}, enforcement="strict", seed=1, library=lib)
    text = str(info.value)
    assert "strict xfiles-fan" in text and list(info.value.problems) == [1]
    for v in expected:
        assert f"seat 2 deck {bad}: {v.rule}: " in text
    assert text.count(str(bad)) == len(expected) and str(GOOD) not in text


def test_warn_starts_and_logs_each_problem_as_a_violation_of_its_rule(bad: Path) -> None:
    session = new_session("xfiles-fan", 2, decks={0: GOOD, 1: bad}, enforcement="warn", seed=1)
    found = start_problems(session)
    assert found and all(v.rule.startswith("xff.") and v.seat == 1 for v in found)
    assert [v.rule for _, v in session.violations()] == [v.rule for v in found]
    entry = session.history[0]
    assert isinstance(entry.action, A.Start) and not entry.undoable
    assert session.undo(None).code == "nothing_to_undo"
    mine = session.log_for(1)[0]["violations"]
    assert [v["rule"] for v in mine] == [v.rule for v in found]
    assert any("Canvass the Witnesses" in v["message"] and "thin.yaml" in v["message"] for v in mine)
    # a deck list is its owner's: the other seat reads the rules broken, not the cards in it
    theirs = session.log_for(0)[0]["violations"]
    assert [v["rule"] for v in theirs] == [v.rule for v in found]
    assert not any("Canvass" in v["message"] or "canvass" in v["message"] for v in theirs)
    # the game is on, and the entry survives a save and load
    assert session.state.rules.get("phase")
    again = parse_save(dump_save(session.state, session.history), "<saved>")
    assert [v.rule for e in again.history for v in e.violations] == [v.rule for v in found]


def test_off_starts_silently_and_a_legal_deck_starts_clean(bad: Path) -> None:
    session = new_session("xfiles-fan", 2, decks={0: GOOD, 1: bad}, enforcement="off", seed=1)
    assert start_problems(session) == [] and len(session.history) == 0
    session = new_session("xfiles-fan", 2, decks={0: GOOD, 1: GOOD}, enforcement="strict", seed=1)
    assert start_problems(session) == [] and len(session.history) == 0


def test_no_seat_can_submit_a_start(bad: Path) -> None:
    session = new_session("xfiles-fan", 2, decks={0: GOOD, 1: bad}, enforcement="warn", seed=1)
    for seat in (0, 1, None):
        r = session.submit(A.Start(), seat)
        assert not r.accepted and r.code == "forbidden"
    assert len(session.history) == 1


def test_a_saved_start_entry_is_not_a_step_to_replay(bad: Path, tmp_path: Path) -> None:
    from tabletop.rules.xfiles_fan import Pass
    from tabletop.store import load_action_log

    session = new_session("xfiles-fan", 2, decks={0: GOOD, 1: bad}, enforcement="warn", seed=1)
    session.submit(Pass(), session.state.rules.get("turn", 0))
    saved = tmp_path / "game.yaml"
    saved.write_text(dump_save(session.state, session.history))
    steps = load_action_log(saved)
    assert not any(isinstance(a, A.Start) for a, _ in steps)
    assert len(steps) == len(session.history) - 1
