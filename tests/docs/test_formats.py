"""docs/FORMATS.md stays true: each ruleset's hand-written position loads, and its zones and rule state are the code's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop.game import new_session, open_session

DOC = Path(__file__).resolve().parents[2] / "docs" / "FORMATS.md"
RULESETS = ("freeform", "tragedy", "xfiles-fan", "xfiles-ccg")


def _positions() -> dict[str, str]:
    blocks = re.findall(r"```yaml\n# position: ([a-z-]+)\n(.*?)```", DOC.read_text(), re.S)
    return {name: body for name, body in blocks}


def _section(name: str) -> str:
    text = DOC.read_text()
    start = text.index(f"#### `{name}`")
    end = text.find("\n#### ", start + 1)
    return text[start:end if end > 0 else None]


def test_every_ruleset_has_a_hand_written_position() -> None:
    assert set(_positions()) == set(RULESETS)


@pytest.mark.parametrize("name", RULESETS)
def test_the_documented_position_loads_with_its_turn_and_phase(name: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.yaml"
    path.write_text(_positions()[name])
    session = open_session(path)
    assert session.state.ruleset == name
    if name == "freeform":
        return
    status = session.rules.status(session.state, 0)
    assert status.get("turn") is not None and status.get("phase")
    assert status["active"] == 0 and status["scores"] is not None
    assert list(session.rules.legal_actions(session.state, 0)), "the first seat has something to do"


@pytest.mark.parametrize("name", RULESETS)
def test_the_documented_zones_and_rectangles_are_the_rulesets(name: str) -> None:
    section = _section(name)
    state = new_session(name, 2, seed=1).state
    for zone in state.zones.values():
        generic = re.sub(r":\d+$", ":N", zone.name)
        assert f"`{generic}`" in section or f"`{zone.name}`" in section, zone.name
    for zone_name, rect in re.findall(r"`([a-z_]+(?::\d)?)` `\[([\d, ]+)\]`", section):
        want = [round(v) for v in state.zones[zone_name].rect]
        assert [int(v) for v in rect.split(",")] == want, zone_name


@pytest.mark.parametrize("name", RULESETS[1:])
def test_every_key_of_the_rule_state_is_documented(name: str) -> None:
    section = _section(name)
    for key in new_session(name, 2, seed=1).state.rules:
        assert f"`{key}`" in section, key


def test_a_tragedy_position_with_only_turn_active_and_step_loads_as_documented(tmp_path: Path) -> None:
    """The least Tragedy position FORMATS.md promises: other rule keys and the favor counters take their defaults."""
    assert "`rules: {turn: 2, active: 1, step: performance}`" in _section("tragedy")
    path = tmp_path / "least.yaml"
    path.write_text("format: tabletop-save\nversion: 1\nruleset: tragedy\nplayers: [Ann, Ben]\n"
                    "zones:\n  actors:1: [standard/KS]\n  sets:1: [standard/9H]\n  hand:1: [standard/5C]\n"
                    "rules: {turn: 2, active: 1, step: performance}\n")
    session = open_session(path)
    status = session.rules.status(session.state, 1)
    assert (status["turn"], status["phase"], status["active"], status["priority"]) == (2, "Performance", 1, 1)
    assert status["scores"] == [0, 0] and status["score_name"] == "Audience Favor"
    assert session.rules.audit(session.state) == []
    moves = list(session.rules.legal_actions(session.state, 1))
    assert any(type(m).__name__ == "Score" for m in moves)  # the Actor and Set read from their zones can score
