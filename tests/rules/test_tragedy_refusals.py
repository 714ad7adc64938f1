"""Tragedy's strict refusals say what actually failed first: who has priority, which step it is, that the Stack is
not empty, which Roles a card has; then the rule in the words the rules write it with."""

from __future__ import annotations

from tabletop.core import actions as A
from tabletop.game import new_session
from tabletop.rules.tragedy import PassPriority, PlayCard, Score


def _game():
    s = new_session("tragedy", 2, enforcement="strict", seed=1, names=["Ann", "Bob"])
    holder = s.state.rules["priority"]
    return s, holder, 1 - holder


def _first(result) -> tuple[str, str]:
    assert not result.accepted
    v = result.violations[0]
    return v.rule, v.message


def _card(s, seat: int, role: str) -> str:
    return next(p for p in s.state.zones[f"hand:{seat}"].pieces if role in s.rules.roles(s.state, p))


def _to(s, step: str) -> None:
    while s.state.rules["step"] != step:
        assert s.submit(PassPriority(), s.state.rules["priority"]).accepted


def test_playing_without_priority_names_who_has_it():
    s, holder, other = _game()
    rule, message = _first(s.submit(PlayCard(_card(s, other, "Actor"), "Actor"), other))
    assert rule == "0000.5.1.3"
    assert message.startswith(f"{['Ann', 'Bob'][holder]} has priority: a card can only be played by the player")


def test_staging_outside_enter_stage_names_the_step_it_is():
    s, holder, _ = _game()
    assert s.state.rules["step"] == "upkeep"
    rule, message = _first(s.submit(PlayCard(_card(s, holder, "Actor"), "Actor"), holder))
    assert rule == "0000.4.1.1"
    assert message.startswith("it is the Upkeep Step, not Enter Stage: an Actor can only be played during the Enter")


def test_staging_over_a_waiting_act_says_the_stack_is_not_empty():
    s, _, _ = _game()
    _to(s, "enter_stage")
    seat = s.state.rules["priority"]
    act = _card(s, seat, "Act")
    assert s.submit(PlayCard(act, "Act"), seat).accepted
    actor = next(p for p in s.state.zones[f"hand:{seat}"].pieces if "Actor" in s.rules.roles(s.state, p))
    rule, message = _first(s.submit(PlayCard(actor, "Actor"), seat))
    assert rule == "0000.4.1.1"
    assert message.startswith("the Stack is not empty (1 Act to resolve first): an Actor can only be played")


def test_a_role_the_card_does_not_have_comes_before_the_timing():
    s, holder, _ = _game()
    pid = next(p for p in s.state.zones[f"hand:{holder}"].pieces if "Prop" not in s.rules.roles(s.state, p))
    result = s.submit(PlayCard(pid, "Prop"), holder)
    rule, message = _first(result)
    assert rule == "0000.2.2" and "cannot be played as a Prop (it can be: " in message
    assert "0000.4.3.1" in [v.rule for v in result.violations]  # the timing is still cited, after it


def test_scoring_outside_performance_and_passing_out_of_turn_say_why():
    s, holder, other = _game()
    actor, set_ = s.state.zones[f"hand:{holder}"].pieces[:2]
    rule, message = _first(s.submit(Score(actor, set_), holder))
    assert rule == "0000.5.3.2" and message.startswith("it is the Upkeep Step: scoring happens only during")
    rule, message = _first(s.submit(PassPriority(), other))
    assert rule == "0000.5.1" and message == f"{['Ann', 'Bob'][holder]} has priority: only the player with priority " \
                                             "can pass it"


def test_dragging_a_hand_card_onto_the_stack_says_how_to_play_it():
    s, holder, _ = _game()
    pid = s.state.zones[f"hand:{holder}"].pieces[0]
    rule, message = _first(s.submit(A.Move((pid,), f"stack:{holder}"), holder))
    assert rule == "0000.2.2" and "pick its Play move under Legal moves" in message
