"""docs/WRITE_A_RULESET.md works: its code, run as written, is a ruleset that passes the conformance checks."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

import pytest

from tabletop.errors import CODES
from tabletop.rules import RULESETS
from tabletop.rules.kit import KitRuleset, discover_rulesets

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "WRITE_A_RULESET.md"
MODULE = "tabletop_duel_guide"


def _guide_module() -> types.ModuleType:
    """The guide's Python blocks, in order, as one module (imported once: its action types register globally)."""
    if MODULE in sys.modules:
        return sys.modules[MODULE]
    code = "\n".join(re.findall(r"```python\n(.*?)```", GUIDE.read_text(), re.S))
    module = types.ModuleType(MODULE)
    sys.modules[MODULE] = module
    exec(compile(code, str(GUIDE), "exec"), module.__dict__)
    return module


@pytest.fixture
def duel(monkeypatch: pytest.MonkeyPatch) -> type[KitRuleset]:
    guide = _guide_module()
    monkeypatch.setitem(RULESETS, "duel", guide.Duel)
    return guide.Duel


def test_the_guide_builds_a_kit_ruleset_with_registered_codes(duel) -> None:
    assert issubclass(duel, KitRuleset) and duel.name == "duel"
    for code in ("duel.turn", "duel.not_in_hand", "duel.pit_full", "duel.no_pit", "duel.game_over", "duel.by_hand"):
        assert CODES[code].kind == "violation" and CODES[code].rules


@pytest.mark.parametrize("seed", (1, 2, 3))
def test_the_guides_game_passes_the_strict_conformance_checks(duel, seed: int) -> None:
    from tests.test_conformance import test_random_strict_games_conform

    test_random_strict_games_conform("duel", seed)


def test_the_guides_game_passes_the_warn_conformance_checks(duel) -> None:
    from tests.test_conformance import test_random_warn_games_conform

    test_random_warn_games_conform("duel")


def test_the_guides_game_plays_to_the_end_and_names_its_winner(duel) -> None:
    from tabletop.game import new_session

    session = new_session("duel", 2, seed=4, enforcement="strict")
    rules, state = session.rules, session.state
    assert len(state.zones["hand:0"].pieces) == 3 and len(state.zones["deck:0"].pieces) == 10
    for _ in range(200):
        if state.rules["over"]:
            break
        seat = rules.waiting_for(state)[0]
        action = next(iter(rules.legal_actions(state, seat)))
        assert session.submit(action, seat).accepted
    assert state.rules["over"]
    points = [p.counters["points"] for p in state.players]
    # a round scores at most one point, and each King played one more (D.5); a Queen puts a card on a won pile
    # unplayed, so its player may run out first, leaving the other a card in hand
    assert sum(points) <= 13 + 2
    left = sum(len(state.zones[f"{z}:{s}"].pieces) for z in ("won", "hand") for s in (0, 1))
    assert left == 26 and not state.zones["deck:0"].pieces and not state.zones["deck:1"].pieces
    status = rules.status(state, 0)
    assert status["over"] and status["score_name"] == "Points" and status["scores"] == points
    # out of turn, in strict mode: refused with the rule's code
    fresh = new_session("duel", 2, seed=4, enforcement="strict")
    other = 1 - fresh.state.rules["turn"]
    card = fresh.state.zones[f"hand:{other}"].pieces[0]
    result = fresh.submit(_guide_module().Play(card), other)
    assert not result.accepted and result.code == "duel.turn"


def test_the_guides_card_text_runs_as_effects_in_strict_and_waits_for_a_choice_in_warn(duel) -> None:
    """D.5: a King scores at once in strict play; a Queen's target is a legal move the seat picks; in warn an effect
    waits to be applied or declined (then the log says it is applied by hand)."""
    from tabletop.game import new_session
    from tabletop.rules.kit import ChooseTarget, DeclineEffect, ResolveEffect

    def hand_with(session, seat: int, rank: int) -> str:
        state = session.state
        for pid in [*state.zones[f"deck:{seat}"].pieces, *state.zones[f"hand:{seat}"].pieces]:
            if session.rules.card_library.get(state.pieces[pid].card).fields["rank"] == rank:
                state.zones[state.pieces[pid].zone].pieces.remove(pid)
                state.zones[f"hand:{seat}"].pieces.insert(0, pid)
                state.pieces[pid].zone = f"hand:{seat}"
                return pid
        raise AssertionError(rank)

    session = new_session("duel", 2, seed=4, enforcement="strict")
    seat = session.state.rules["turn"]
    king = hand_with(session, seat, 13)
    assert session.submit(_guide_module().Play(king), seat).accepted
    assert session.state.player(seat).counters["points"] == 1
    assert session.rules.effects.counts(session.state) == [1, 1, 0]

    session = new_session("duel", 2, seed=4, enforcement="strict")
    seat = session.state.rules["turn"]
    queen = hand_with(session, seat, 12)
    assert session.submit(_guide_module().Play(queen), seat).accepted
    moves = list(session.rules.generate_actions(session.state, seat))
    assert moves and all(isinstance(m, ChooseTarget) for m in moves)
    assert session.rules.waiting_for(session.state) == [seat]
    pick = moves[0]
    assert session.submit(pick, seat).accepted
    assert session.state.pieces[pick.piece].zone == f"won:{seat}"
    assert len(session.state.zones[f"hand:{seat}"].pieces) == 3
    # strict refuses a decline, and the other seat answering
    assert not session.rules.effects.pending(session.state)

    session = new_session("duel", 2, seed=4, enforcement="warn")
    seat = session.state.rules["turn"]
    king = hand_with(session, seat, 13)
    assert session.submit(_guide_module().Play(king), seat).accepted
    moves = list(session.rules.generate_actions(session.state, seat))
    assert [type(m) for m in moves] == [ResolveEffect, DeclineEffect]
    result = session.submit(moves[1], seat)
    assert result.accepted and session.state.player(seat).counters["points"] == 0
    assert any("applies it by hand" in n.text for n in result.events if hasattr(n, "text"))
    assert session.rules.effects.counts(session.state) == [1, 0, 1]


def test_strict_refuses_a_decline_and_a_choice_out_of_turn(duel) -> None:
    from tabletop.game import new_session
    from tabletop.rules.kit import ChooseTarget, DeclineEffect

    session = new_session("duel", 2, seed=4, enforcement="strict")
    state = session.state
    seat = state.rules["turn"]
    queen = next(p for p in [*state.zones[f"deck:{seat}"].pieces, *state.zones[f"hand:{seat}"].pieces]
                 if session.rules.card_library.get(state.pieces[p].card).fields["rank"] == 12)
    state.zones[state.pieces[queen].zone].pieces.remove(queen)
    state.zones[f"hand:{seat}"].pieces.insert(0, queen)
    state.pieces[queen].zone = f"hand:{seat}"
    assert session.submit(_guide_module().Play(queen), seat).accepted
    pending = session.rules.effects.pending(state)[0]["id"]
    refused = session.submit(DeclineEffect(pending), seat)
    assert not refused.accepted and refused.code == "effects.decline"
    theirs = state.zones[f"hand:{1 - seat}"].pieces[0]
    refused = session.submit(ChooseTarget(pending, "card", theirs), 1 - seat)
    assert not refused.accepted and refused.code == "effects.not_yours"
    played = session.submit(_guide_module().Play(theirs), 1 - seat)
    assert not played.accepted and played.code == "duel.effect"


def test_a_hand_made_move_in_warn_mode_is_made_and_cites_the_policy(duel) -> None:
    from tabletop.core.actions import Move
    from tabletop.game import new_session

    session = new_session("duel", 2, seed=5, enforcement="warn")
    seat = session.state.rules["turn"]
    card = session.state.zones[f"hand:{seat}"].pieces[0]
    result = session.submit(Move((card,), f"won:{seat}"), seat)
    assert result.accepted and [v.code for v in result.violations] == ["duel.by_hand"]


def test_a_plugin_package_is_found_through_its_entry_point(duel, tmp_path: Path, monkeypatch) -> None:
    """A ruleset in a package of its own: an installed distribution declaring `tabletop.rulesets`."""
    dist = tmp_path / "tabletop_duel-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: tabletop-duel\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(
        f"[tabletop.rulesets]\nduel = {MODULE}:Duel\nbroken = tabletop_no_such_module:Nothing\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    found, problems = discover_rulesets()
    assert found == {"duel": duel}
    assert len(problems) == 1 and "broken" in problems[0] and "ModuleNotFoundError" in problems[0]


def test_the_registry_loads_plugins_lazily_for_an_unknown_name(tmp_path: Path, monkeypatch) -> None:
    import tabletop.rules as rules

    guide = _guide_module()
    dist = tmp_path / "tabletop_duel-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: tabletop-duel\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(f"[tabletop.rulesets]\nduel = {MODULE}:Duel\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(rules, "_plugins_loaded", False)
    monkeypatch.delitem(RULESETS, "duel", raising=False)
    try:
        assert rules.get_ruleset_class("duel") is guide.Duel
        assert "duel" in rules.available_rulesets()
    finally:
        RULESETS.pop("duel", None)
