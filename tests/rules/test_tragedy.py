"""Tragedy, rule by rule: a hand-written position, one action, and the verdict and state the rule number demands."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.cards import DeckEntry, DeckList
from tabletop.core import Session
from tabletop.core import actions as A
from tabletop.rules import get_ruleset
from tabletop.rules.bots import table_action
from tabletop.rules.tragedy import (
    Advance,
    EffectDone,
    PassPriority,
    PlayCard,
    Resolve,
    Score,
    Tragedy,
    default_deck,
    score_value,
)


def rules_of(result) -> list[str]:
    return [v.rule for v in result.violations]


def zone_refs(state, zone: str) -> list[str]:
    return [state.pieces[p].card for p in state.zones[zone].pieces]


def pass_all(session: Session, times: int) -> None:
    for _ in range(times):
        seat = session.state.rules["priority"]
        r = session.submit(PassPriority(), seat)
        assert r.accepted, r.error


# ------------------------------------------------------------------ 0000.1 base rules


def test_0000_1_1_a_deck_has_at_least_40_cards(lib) -> None:
    rules = Tragedy(library=lib)
    small = DeckList("small", sections={"star": [DeckEntry("standard/KH")],
                                        "deck": [DeckEntry(f"standard/{r}S") for r in "23456789"]})
    problems = rules.deck_problems(small, lib)
    assert [v.rule for v in problems if v.code == "tragedy.deck_size"] == ["0000.1.1"]
    assert not rules.deck_problems(default_deck(lib), lib)
    assert not Tragedy({"deck_min": 9}, library=lib).deck_problems(small, lib)


def test_0000_1_1_1_at_most_one_of_each_card(lib) -> None:
    deck = default_deck(lib)
    deck.sections["deck"].append(DeckEntry("standard/2S"))
    problems = Tragedy(library=lib).deck_problems(deck, lib)
    assert [(v.code, v.rule) for v in problems] == [("tragedy.singleton", "0000.1.1.1")]
    assert not Tragedy({"singleton": False}, library=lib).deck_problems(deck, lib)


def test_0000_1_1_2_one_star_always_in_the_opening_hand(lib) -> None:
    deck = default_deck(lib)
    star = deck.expanded("star")
    assert len(star) == 1
    no_star = DeckList("x", sections={"deck": deck.sections["deck"] + deck.sections["star"]})
    assert "0000.1.1.2" in [v.rule for v in Tragedy(library=lib).deck_problems(no_star, lib)]
    for seed in range(5):
        state = Tragedy(library=lib).new_game(2, seed=seed, decks={0: deck, 1: deck}, library=lib)
        for seat in (0, 1):
            star_pid = state.rules["stars"][seat]
            assert state.pieces[star_pid].zone == f"hand:{seat}"
            assert state.pieces[star_pid].card == star[0]


def test_0000_1_2_opening_hand_of_seven(lib) -> None:
    state = Tragedy(library=lib).new_game(3, seed=4, library=lib)
    for seat in range(3):
        assert len(state.zones[f"hand:{seat}"].pieces) == 7
        assert len(state.zones[f"deck:{seat}"].pieces) == 54 - 7
    assert all(state.pieces[p].kind == "card" for p in state.pieces)
    state = Tragedy({"hand_size": 5}, library=lib).new_game(2, seed=4, library=lib)
    assert len(state.zones["hand:1"].pieces) == 5


def test_0000_1_3_first_player_is_random_then_counterclockwise(lib) -> None:
    firsts = {Tragedy(library=lib).new_game(2, seed=s, library=lib).rules["first"] for s in range(20)}
    assert firsts == {0, 1}
    state = Tragedy({"first_player": 1}, library=lib).new_game(3, seed=0, library=lib)
    assert state.rules["first"] == state.rules["active"] == state.rules["priority"] == 1


def test_0000_1_5_every_player_has_every_zone_and_cards_stay_in_them(position, at) -> None:
    session = position({"hand:0": ["t/A3"]})
    state = session.state
    for seat in (0, 1):
        for kind in ("deck", "hand", "actors", "sets", "discard", "stack"):
            assert f"{kind}:{seat}" in state.zones
    r = session.submit(A.Move((at(state, "hand:0/t/A3"),), "table", x=10, y=10), 0)
    assert not r.accepted and r.code == "tragedy.zone" and rules_of(r) == ["0000.1.5"]


def test_0000_1_6_reaching_the_winning_favor_wins_at_once(position, at) -> None:
    session = position({"actors:0": ["t/A5"], "sets:0": ["t/S7"], "hand:1": ["t/X9"]}, step="performance",
                       favor=(990, 0), need=1)
    state = session.state
    r = session.submit(Score(at(state, "actors:0/t/A5"), at(state, "sets:0/t/S7")), 0)
    assert r.accepted and not r.violations
    assert state.player(0).counters["favor"] == 1025
    assert state.rules["over"] and state.rules["winner"] == 0
    assert session.rules.status(state, 1)["winner"] == 0
    assert list(session.legal_actions(0)) == [] and list(session.legal_actions(1)) == []
    r = session.submit(PlayCard(at(state, "hand:1/t/X9"), "Act"), 1)
    assert not r.accepted and rules_of(r) == ["0000.1.6"]


def test_win_favor_is_a_house_rule(position, at) -> None:
    session = position({"actors:0": ["t/A3"], "sets:0": ["t/S4"]}, step="performance", need=1,
                       options={"win_favor": 12})
    state = session.state
    assert session.submit(Score(at(state, "actors:0/t/A3"), at(state, "sets:0/t/S4")), 0).accepted
    assert state.rules["winner"] == 0
    assert state.options["win_favor"] == 12


# ------------------------------------------------------------------ 0000.2 cards


def test_0000_2_2_a_card_is_played_as_one_of_its_eligible_roles(position, at) -> None:
    session = position({"hand:0": ["t/A3", "t/S4"]})
    state = session.state
    r = session.submit(PlayCard(at(state, "hand:0/t/A3"), "Set"), 0)
    assert not r.accepted and r.code == "tragedy.role" and rules_of(r) == ["0000.2.2"]
    assert "Actor, Act" in r.error
    r = session.submit(PlayCard(at(state, "hand:0/t/A3"), "Villain"), 0)
    assert not r.accepted and rules_of(r) == ["0000.2.2"]
    pid = at(state, "hand:0/t/A3")
    r = session.submit(PlayCard(pid, "Actor"), 0)
    assert r.accepted and not r.violations
    assert state.pieces[pid].zone == "stack:0"
    assert state.rules["stack"] == [{"piece": pid, "seat": 0, "role": "Actor"}]


def test_0000_2_4_a_tapped_card_cannot_be_tapped_again(position, at) -> None:
    session = position({"actors:0": ["t/A3"], "sets:0": ["t/S4"]}, step="performance", need=1,
                       tapped=["actors:0/t/A3"])
    state = session.state
    actor = at(state, "actors:0/t/A3")
    r = session.submit(A.Tap((actor,), tapped=True), 0)
    assert not r.accepted and r.code == "tragedy.tapped" and rules_of(r) == ["0000.2.4"]
    r = session.submit(Score(actor, at(state, "sets:0/t/S4")), 0)
    assert not r.accepted and rules_of(r) == ["0000.2.4"]
    assert actor not in [a.actor for a in session.legal_actions(0) if isinstance(a, Score)]


def test_0000_2_5_a_card_with_roles_but_no_value_is_reported_not_played_as_0(lib, position, at) -> None:
    deck = default_deck(lib)
    deck.sections["deck"].append(DeckEntry("t/NV"))
    problems = Tragedy(library=lib).deck_problems(deck, lib)
    assert [(v.code, v.rule) for v in problems] == [("tragedy.no_value", "0000.2.5")]
    assert "Test NV" in problems[0].message and "Actor, Act" in problems[0].message
    session = position({"hand:0": ["t/NV", "t/A3"]})
    state = session.state
    nv = at(state, "hand:0/t/NV")
    assert all(getattr(a, "piece", None) != nv for a in session.legal_actions(0))
    r = session.submit(PlayCard(nv, "Actor"), 0)
    assert not r.accepted and r.code == "tragedy.no_value" and rules_of(r) == ["0000.2.5"]
    assert "Test NV has no Value" in r.error
    session = position({"hand:0": ["t/NV"]}, enforcement="warn")
    r = session.submit(PlayCard(at(session.state, "hand:0/t/NV"), "Actor"), 0)
    assert r.accepted and rules_of(r) == ["0000.2.5"]
    assert ["0000.2.5"] == [v.rule for _, v in session.violations()]
    # one already in play (put there in warn or off) scores nothing silently: strict refuses, naming the rule
    session = position({"actors:0": ["t/NV"], "sets:0": ["t/S4"]}, step="performance", need=1)
    state = session.state
    score = Score(at(state, "actors:0/t/NV"), at(state, "sets:0/t/S4"))
    assert score not in list(session.legal_actions(0))
    r = session.submit(score, 0)
    assert not r.accepted and rules_of(r) == ["0000.2.5"]


def test_role_names_read_as_the_rules_write_them(position, at) -> None:
    session = position({"hand:0": ["t/SP1"], "sets:0": ["t/S4"]}, step="performance", need=1)
    state = session.state
    r = session.submit(PlayCard(at(state, "hand:0/t/SP1"), "Set Piece", at(state, "sets:0/t/S4")), 0)
    assert not r.accepted
    # the real reason first (it is Performance), then the rule in the words the rules write it with
    assert r.error.startswith("0000.4.4.1: it is Performance, not Enter Stage: a Set Piece can only be played "
                              "during the Enter Stage Phase"), r.error
    r = session.submit(PlayCard(at(state, "hand:0/t/SP1"), "Set Piece"), 0)
    assert "A Set Piece must name the Set it attaches to" in [v.message for v in r.violations]


def test_0000_2_6_attached_cards_fall_off_when_their_host_leaves(position, at) -> None:
    session = position({"actors:0": ["t/A3", "t/P2"]}, attach={"actors:0/t/P2": "actors:0/t/A3"},
                       extra_rules={}, enforcement="warn")
    state = session.state
    actor, prop = at(state, "actors:0/t/A3"), at(state, "actors:0/t/P2")
    state.rules["roles"] = {actor: "Actor", prop: "Prop"}
    r = session.submit(A.Move((actor,), "hand:0"), 0)
    assert r.accepted and rules_of(r) == ["0000.3.3.2"]
    # the Prop fell off (0000.2.6) and, unattached, is removed from play (0000.4.3.2) automatically
    assert [a.type for a, _ in r.entry.auto] == ["tragedy.remove"]
    assert state.pieces[prop].zone == "discard:0" and state.pieces[prop].attached_to is None


# ------------------------------------------------------------------ 0000.3 zones


def test_0000_3_1_1_the_draw_step_draws_one_card(position) -> None:
    session = position({"deck:0": ["t/A3", "t/S4"], "hand:0": []}, step="upkeep", need=2)
    state = session.state
    pass_all(session, 2)
    assert zone_refs(state, "hand:0") == ["t/A3"]
    assert state.rules["step"] == "performance" and state.rules["priority"] == 0 and state.rules["need"] == 1


def test_0000_3_1_2_an_empty_deck_takes_the_shuffled_discard(position) -> None:
    session = position({"deck:0": [], "discard:0": ["t/A3", "t/S4", "t/P2"]}, step="upkeep")
    state = session.state
    pass_all(session, 2)
    assert len(state.zones["hand:0"].pieces) == 1
    assert len(state.zones["deck:0"].pieces) == 2
    assert state.zones["discard:0"].pieces == []
    assert all(not state.pieces[p].face_up for p in state.zones["deck:0"].pieces)


def test_0000_3_1_3_with_deck_and_discard_empty_the_draw_is_skipped(position) -> None:
    session = position({"deck:0": [], "discard:0": []}, step="upkeep")
    pass_all(session, 2)
    assert session.state.zones["hand:0"].pieces == []
    assert session.state.rules["step"] == "performance"


def test_0000_3_1_4_deck_cards_cannot_be_seen(position) -> None:
    session = position({"deck:0": ["t/A3", "t/S4"]})
    r = session.submit(A.LookTop("deck:0", 1), 0)
    assert not r.accepted and rules_of(r) == ["0000.3.1.4"]
    view = json.dumps(session.view(0))
    assert "t/A3" not in view and "t/S4" not in view


def test_0000_3_2_1_only_cards_in_hand_can_be_played(position, at) -> None:
    session = position({"discard:0": ["t/X9"]})
    r = session.submit(PlayCard(at(session.state, "discard:0/t/X9"), "Act"), 0)
    assert not r.accepted and r.code == "tragedy.not_in_hand" and rules_of(r) == ["0000.3.2.1"]


def test_0000_3_2_2_hands_are_private(position, at) -> None:
    session = position({"hand:0": ["t/X9"], "hand:1": ["t/S7"]})
    state = session.state
    assert "t/S7" not in json.dumps(session.view(0)) and "t/X9" in json.dumps(session.view(0))
    r = session.submit(A.Reveal((at(state, "hand:0/t/X9"),)), 0)
    assert not r.accepted and rules_of(r) == ["0000.3.2.2"]


def test_0000_3_3_and_3_4_resolved_roles_enter_their_tableau(position, at) -> None:
    session = position({"hand:0": ["t/A3"], "hand:1": ["t/S4"]})
    state = session.state
    a3 = at(state, "hand:0/t/A3")
    assert session.submit(PlayCard(a3, "Actor"), 0).accepted
    pass_all(session, 2)
    assert state.pieces[a3].zone == "actors:0" and state.pieces[a3].face_up
    assert state.rules["roles"] == {a3: "Actor"}
    # resolving gave priority back to the active player (0000.3.6.4); seat 1 gets it after a pass
    pass_all(session, 1)
    s4 = at(state, "hand:1/t/S4")
    assert session.submit(PlayCard(s4, "Set"), 1).accepted
    pass_all(session, 2)
    assert state.pieces[s4].zone == "sets:1"


def test_0000_3_5_1_no_discarding_at_will(position, at) -> None:
    session = position({"hand:0": ["t/X9"]})
    r = session.submit(A.Move((at(session.state, "hand:0/t/X9"),), "discard:0"), 0)
    assert not r.accepted and rules_of(r) == ["0000.3.5.1"]


def test_0000_3_5_3_cards_leave_play_only_by_a_rule(position, at) -> None:
    session = position({"actors:0": ["t/A3"]})
    r = session.submit(A.Move((at(session.state, "actors:0/t/A3"),), "discard:0"), 0)
    assert not r.accepted and rules_of(r) == ["0000.3.5.3"]


def test_0000_3_6_1_a_played_card_goes_through_the_stack(position, at) -> None:
    strict = position({"hand:0": ["t/A3"]})
    pid = at(strict.state, "hand:0/t/A3")
    before = strict.state.hash()
    r = strict.submit(A.Move((pid,), "actors:0"), 0)
    assert not r.accepted and r.code == "tragedy.bypass_stack" and rules_of(r) == ["0000.3.6.1"]
    # the message says how to play it (a newcomer dragged a King onto the Actor tableau and was not told)
    assert "drop it on your Stack or pick its Play move" in r.violations[0].message
    assert strict.state.hash() == before
    warn = position({"hand:0": ["t/A3"]}, enforcement="warn")
    r = warn.submit(A.Move((pid,), "actors:0"), 0)
    assert r.accepted and rules_of(r) == ["0000.3.6.1"]
    assert warn.state.pieces[pid].zone == "actors:0"
    assert [v.rule for _, v in warn.violations()] == ["0000.3.6.1"]


def test_0000_3_6_2_the_latest_act_resolves_after_everyone_passes(position, at) -> None:
    session = position({"hand:0": ["t/X9"], "hand:1": ["t/S7"]}, step="upkeep")
    state = session.state
    x9, s7 = at(state, "hand:0/t/X9"), at(state, "hand:1/t/S7")
    assert session.submit(PlayCard(x9, "Act"), 0).accepted
    assert state.rules["priority"] == 0  # the player who played keeps priority
    pass_all(session, 1)
    assert state.rules["priority"] == 1
    assert session.submit(PlayCard(s7, "Act"), 1).accepted
    pass_all(session, 1)  # seat 1 passes; one pass is not a full sequence
    assert [e["piece"] for e in state.rules["stack"]] == [x9, s7]
    r = session.submit(PassPriority(), 0)
    assert [a for a, _ in r.entry.auto] == [Resolve(s7)]
    assert state.pieces[s7].zone == "discard:1" and state.pieces[x9].zone == "stack:0"
    pass_all(session, 2)
    assert state.pieces[x9].zone == "discard:0" and state.rules["stack"] == []
    # a Resolve out of order is a violation in every mode but off
    r = session.submit(Resolve(x9), 0)
    assert not r.accepted and "0000.3.6.2" in rules_of(r)


def test_0000_3_6_3_an_act_with_an_effect_waits_for_its_player(position, at) -> None:
    session = position({"hand:0": ["t/FX"], "deck:1": ["t/A3"]}, step="upkeep")
    state = session.state
    fx = at(state, "hand:0/t/FX")
    assert session.submit(PlayCard(fx, "Act"), 0).accepted
    pass_all(session, 2)
    assert state.rules["effect"] == {"piece": fx, "seat": 0} and state.rules["priority"] is None
    assert list(session.legal_actions(0)) == [EffectDone()] and list(session.legal_actions(1)) == []
    # seat 0 applies "each player draws" by hand: seat 1's deck is not seat 0's to draw from
    r = session.submit(PassPriority(), 1)
    assert not r.accepted and rules_of(r) == ["0000.3.6.3"]
    r = session.submit(A.Draw(1, source="deck:0", to="hand:0"), 0)
    assert r.code != "tragedy.draw_timing"
    assert session.submit(EffectDone(), 0).accepted
    assert "effect" not in state.rules and state.rules["priority"] == 0


def test_0000_3_6_4_players_get_priority_when_the_stack_changes(position, at) -> None:
    session = position({"hand:1": ["t/X9"]}, step="after_performance", active=0, priority=1, passed=1)
    state = session.state
    assert session.submit(PlayCard(at(state, "hand:1/t/X9"), "Act"), 1).accepted
    assert (state.rules["priority"], state.rules["passed"]) == (1, 0)
    pass_all(session, 2)
    assert (state.rules["priority"], state.rules["passed"]) == (0, 0)


# ------------------------------------------------------------------ 0000.4 roles


@pytest.mark.parametrize("step", ["upkeep", "performance", "after_performance", "end_scene"])
def test_0000_4_1_1_actor_only_in_enter_stage(position, at, step) -> None:
    session = position({"hand:0": ["t/A3"]}, step=step)
    pid = at(session.state, "hand:0/t/A3")
    before = session.state.hash()
    r = session.submit(PlayCard(pid, "Actor"), 0)
    assert not r.accepted and r.code == "tragedy.actor_timing" and rules_of(r) == ["0000.4.1.1"]
    assert r.error.startswith("0000.4.1.1: ")
    assert session.state.hash() == before
    warn = position({"hand:0": ["t/A3"]}, step=step, enforcement="warn")
    r = warn.submit(PlayCard(pid, "Actor"), 0)
    assert r.accepted and rules_of(r) == ["0000.4.1.1"]
    assert warn.state.pieces[pid].zone == "stack:0"
    assert warn.history[-1].violations[0].rule == "0000.4.1.1"
    off = position({"hand:0": ["t/A3"]}, step=step, enforcement="off")
    r = off.submit(PlayCard(pid, "Actor"), 0)
    assert r.accepted and r.violations == [] and off.state.pieces[pid].zone == "stack:0"


def test_0000_4_2_1_set_only_while_the_stack_is_empty(position, at) -> None:
    session = position({"hand:0": ["t/S4"], "stack:1": ["t/X9"]}, stack=[{"piece": "stack:1/t/X9", "seat": 1,
                                                                          "role": "Act"}])
    r = session.submit(PlayCard(at(session.state, "hand:0/t/S4"), "Set"), 0)
    assert not r.accepted and r.code == "tragedy.set_timing" and rules_of(r) == ["0000.4.2.1"]


def test_0000_4_3_1_a_prop_names_an_actor(position, at) -> None:
    session = position({"hand:0": ["t/P2"], "actors:0": ["t/A3"], "sets:0": ["t/S4"]})
    state = session.state
    p2 = at(state, "hand:0/t/P2")
    r = session.submit(PlayCard(p2, "Prop"), 0)
    assert not r.accepted and r.code == "tragedy.no_target" and rules_of(r) == ["0000.4.3.1"]
    r = session.submit(PlayCard(p2, "Prop", at(state, "sets:0/t/S4")), 0)
    assert not r.accepted and r.code == "tragedy.bad_target" and rules_of(r) == ["0000.4.3.1"]
    actor = at(state, "actors:0/t/A3")
    assert session.submit(PlayCard(p2, "Prop", actor), 0).accepted
    pass_all(session, 2)
    assert state.pieces[p2].zone == "actors:0" and state.pieces[p2].attached_to == actor
    zone = state.zones["actors:0"].pieces
    assert zone.index(p2) == zone.index(actor) + 1  # behind its Actor (0000.2.6)


def test_0000_4_3_2_one_prop_per_actor(position, at) -> None:
    session = position({"hand:0": ["t/P6"], "actors:0": ["t/A3", "t/P2"]}, attach={"actors:0/t/P2": "actors:0/t/A3"})
    state = session.state
    r = session.submit(PlayCard(at(state, "hand:0/t/P6"), "Prop", at(state, "actors:0/t/A3")), 0)
    assert not r.accepted and r.code == "tragedy.one_prop" and rules_of(r) == ["0000.4.3.2"]


def test_0000_4_3_2_a_prop_without_its_actor_is_removed_from_play(position, at) -> None:
    # warn: a second Prop goes on the Stack for an Actor that has one; on resolution it has nowhere to go
    session = position({"hand:0": ["t/P6"], "actors:0": ["t/A3", "t/P2"]}, attach={"actors:0/t/P2": "actors:0/t/A3"},
                       enforcement="warn")
    state = session.state
    p6 = at(state, "hand:0/t/P6")
    r = session.submit(PlayCard(p6, "Prop", at(state, "actors:0/t/A3")), 0)
    assert r.accepted and rules_of(r) == ["0000.4.3.2"]
    pass_all(session, 2)
    assert state.pieces[p6].zone == "discard:0"


def test_0000_4_4_1_and_4_4_2_set_pieces(position, at) -> None:
    session = position({"hand:0": ["t/SP1", "t/SP8"], "sets:0": ["t/S4"], "actors:0": ["t/A3"]})
    state = session.state
    sp1, sp8, s4 = at(state, "hand:0/t/SP1"), at(state, "hand:0/t/SP8"), at(state, "sets:0/t/S4")
    r = session.submit(PlayCard(sp1, "Set Piece", at(state, "actors:0/t/A3")), 0)
    assert not r.accepted and rules_of(r) == ["0000.4.4.1"]
    assert session.submit(PlayCard(sp1, "Set Piece", s4), 0).accepted
    pass_all(session, 2)
    assert state.pieces[sp1].attached_to == s4 and state.pieces[sp1].zone == "sets:0"
    r = session.submit(PlayCard(sp8, "Set Piece", s4), 0)
    assert not r.accepted and r.code == "tragedy.one_set_piece" and rules_of(r) == ["0000.4.4.2"]


def test_0000_4_5_act_can_be_played_any_time_with_priority(position, at) -> None:
    for step in ("upkeep", "performance", "after_performance", "enter_stage", "end_scene"):
        session = position({"hand:0": ["t/X9"]}, step=step)
        assert session.submit(PlayCard(at(session.state, "hand:0/t/X9"), "Act"), 0).accepted


# ------------------------------------------------------------------ 0000.5 turn structure


def test_0000_5_1_only_the_player_with_priority_passes_or_plays(position, at) -> None:
    session = position({"hand:1": ["t/X9"]}, step="upkeep")
    r = session.submit(PassPriority(), 1)
    assert not r.accepted and rules_of(r) == ["0000.5.1"]
    r = session.submit(PlayCard(at(session.state, "hand:1/t/X9"), "Act"), 1)
    assert not r.accepted and rules_of(r) == ["0000.5.1.3"]


def test_0000_5_1_1_priority_goes_active_first_then_around(lib) -> None:
    rules = Tragedy({"first_player": 1}, library=lib)
    state = rules.new_game(3, seed=2, library=lib, enforcement="strict")
    session = Session(state, rules)
    order = []
    for _ in range(3):
        order.append(state.rules["priority"])
        assert session.submit(PassPriority(), state.rules["priority"]).accepted
    assert order == [1, 2, 0]


def test_0000_5_1_the_game_advances_only_when_nobody_has_priority(position) -> None:
    session = position({}, step="upkeep")
    r = session.submit(Advance("draw"), 0)
    assert not r.accepted and rules_of(r) == ["0000.5.1"]


def test_0000_5_2_1_untap_step_untaps_the_active_players_cards(position, at) -> None:
    session = position({"actors:0": ["t/A3"], "sets:1": ["t/S4"], "deck:1": ["t/X9"]}, step="end_scene",
                       tapped=["actors:0/t/A3", "sets:1/t/S4"])
    state = session.state
    pass_all(session, 2)
    assert state.rules["active"] == 1 and state.rules["turn"] == 4 and state.rules["step"] == "upkeep"
    assert state.pieces[at(state, "sets:1/t/S4")].rotation == 0
    assert state.pieces[at(state, "actors:0/t/A3")].rotation == 90
    r = session.submit(A.Tap((at(state, "actors:0/t/A3"),), tapped=False), 1)
    assert not r.accepted  # another seat's cards: untapping outside the Untap Step
    r = session.submit(A.Tap((at(state, "actors:0/t/A3"),), tapped=False), 0)
    assert not r.accepted and rules_of(r) == ["0000.5.2.1"]


def test_0000_5_2_3_no_drawing_outside_the_draw_step(position) -> None:
    session = position({"deck:0": ["t/A3"]}, step="enter_stage")
    r = session.submit(A.Draw(1), 0)
    assert not r.accepted and r.code == "tragedy.draw_timing" and rules_of(r) == ["0000.5.2.3"]


def test_0000_5_3_1_performance_gives_priority_to_the_active_player_only(position) -> None:
    session = position({}, step="draw", priority=None)
    state = session.state
    r = session.submit(A.Chat("go on"), 1)  # any action lets the engine move on when nobody has priority
    assert r.accepted
    assert state.rules["step"] == "performance" and state.rules["need"] == 1
    pass_all(session, 1)
    assert state.rules["step"] == "after_performance" and state.rules["priority"] == 0


def test_0000_5_3_2_scoring_by_the_formula(position, at) -> None:
    session = position({"actors:0": ["t/A3", "t/P2"], "sets:0": ["t/S4", "t/SP1"]}, step="performance", need=1,
                       attach={"actors:0/t/P2": "actors:0/t/A3", "sets:0/t/SP1": "sets:0/t/S4"}, favor=(100, 0))
    state = session.state
    a3, s4 = at(state, "actors:0/t/A3"), at(state, "sets:0/t/S4")
    assert Score(a3, s4) in session.legal_actions(0)
    r = session.submit(Score(a3, s4), 0)
    assert r.accepted and not r.violations
    assert state.player(0).counters["favor"] == 125  # (3 + 2) x (4 + 1) = 25
    assert score_value(3, [2], 4, [1]) == 25
    assert all(state.pieces[p].rotation == 90 for p in (*state.zones["actors:0"].pieces, *state.zones["sets:0"].pieces))
    assert state.rules["scored"] is True
    r = session.submit(Score(a3, s4), 0)
    assert not r.accepted and "tragedy.score_once" in [v.code for v in r.violations]


def test_0000_5_3_2_scoring_only_by_the_active_player_in_performance(position, at) -> None:
    session = position({"actors:1": ["t/A3"], "sets:1": ["t/S4"], "actors:0": ["t/A5"], "sets:0": ["t/S7"]},
                       step="after_performance")
    state = session.state
    r = session.submit(Score(at(state, "actors:0/t/A5"), at(state, "sets:0/t/S7")), 0)
    assert not r.accepted and [v.code for v in r.violations] == ["tragedy.score_timing"]
    session = position({"actors:1": ["t/A3"], "sets:1": ["t/S4"], "actors:0": ["t/A5"], "sets:0": ["t/S7"]},
                       step="performance", need=1)
    state = session.state
    r = session.submit(Score(at(state, "actors:1/t/A3"), at(state, "sets:1/t/S4")), 1)
    assert not r.accepted
    assert {"tragedy.score_active", "tragedy.score_priority"} <= {v.code for v in r.violations}
    r = session.submit(Score(at(state, "actors:1/t/A3"), at(state, "sets:0/t/S7")), 0)
    assert not r.accepted and "tragedy.score_actor" in [v.code for v in r.violations]


def test_the_phases_come_in_order(position) -> None:
    session = position({"deck:0": ["t/A3"], "deck:1": ["t/A5"]}, step="upkeep", active=0)
    state = session.state
    seen = [state.rules["step"]]
    for _ in range(12):
        pass_all(session, 1)
        if state.rules["step"] != seen[-1]:
            seen.append(state.rules["step"])
    assert seen[:7] == ["upkeep", "performance", "after_performance", "enter_stage", "end_scene", "upkeep",
                        "performance"]
    assert state.rules["active"] == 1


# ------------------------------------------------------------------ generic actions, audit, status


def test_generic_actions_that_break_no_rule_stay_free(position, at) -> None:
    session = position({"hand:0": ["t/A3", "t/S4"], "actors:0": ["t/A5"]})
    state = session.state
    assert session.submit(A.Move((at(state, "hand:0/t/S4"),), "hand:0", index=0), 0).accepted
    assert session.submit(A.Move((at(state, "actors:0/t/A5"),), "actors:0", x=50, y=50), 0).accepted
    assert session.submit(A.CreatePiece("token", "table", 5, 5), 0).accepted
    assert session.submit(A.Chat("hello"), 1).accepted
    assert session.submit(A.SetEnforcement("warn"), 0).accepted
    r = session.submit(A.SetCounter("favor", 500, seat=0), 0)
    assert r.accepted and rules_of(r) == ["0000.5.3.2"]


def test_audit_lists_what_is_inconsistent(position, at) -> None:
    session = position({"actors:0": ["t/P2"], "stack:1": ["t/X9"], "table": ["t/A3"]}, enforcement="off")
    state = session.state
    state.rules["roles"] = {at(state, "actors:0/t/P2"): "Prop"}
    found = {(v.code, v.rule) for v in session.rules.audit(state)}
    assert ("tragedy.unattached", "0000.4.3.2") in found
    assert ("tragedy.stack", "0000.3.6.1") in found
    assert ("tragedy.zone", "0000.1.5") in found
    clean = position({"actors:0": ["t/A3"], "hand:0": ["t/X9"]})
    assert clean.rules.audit(clean.state) == []
    # turning the dial up does not fail: the next automatic action tidies what the rules can
    r = session.submit(A.SetEnforcement("warn"), 0)
    assert r.accepted
    assert state.pieces[at(state, "discard:0/t/P2")].zone == "discard:0"


def test_status_shows_the_turn_without_hidden_cards(position, at) -> None:
    session = position({"hand:0": ["t/X9"], "hand:1": ["t/S7"]}, step="upkeep", favor=(40, 7))
    state = session.state
    assert session.submit(PlayCard(at(state, "hand:0/t/X9"), "Act"), 0).accepted
    status = session.rules.status(state, 1)
    assert status["phase"] == "Before Performance" and status["step"] == "upkeep"
    assert status["active"] == 0 and status["priority"] == 0 and status["scores"] == [40, 7]
    assert status["stack"] == [{"seat": 0, "role": "Act", "piece": at(state, "stack:0/t/X9"), "card": "t/X9",
                                "name": "Test X9"}]
    assert "t/S7" not in json.dumps(session.view(0))


def test_legal_actions_agree_with_check(lib) -> None:
    rules = Tragedy(library=lib)
    rng = random.Random(5)
    for seed in range(4):
        state = rules.new_game(2, seed=seed, library=lib, enforcement="strict")
        session = Session(state, rules)
        for _ in range(300):
            if state.rules["over"]:
                break
            seat = rules.waiting_for(state)[0]
            legal = list(rules.generate_actions(state, seat))
            for a in legal:
                assert rules.check(state, a, seat) == [], a
                assert a in rules.legal_actions(state, seat)
            other = 1 - seat
            assert list(rules.generate_actions(state, other)) == []
            assert session.submit(rng.choice(legal), seat).accepted


def test_random_table_actions_in_warn_keep_the_game_consistent(lib) -> None:
    """Hand-made moves in warn are applied and logged; the game still runs and undoes to its start."""
    rules = Tragedy(library=lib)
    state = rules.new_game(2, seed=11, library=lib, enforcement="warn")
    session = Session(state, rules)
    start = state.hash()
    rng = random.Random(3)
    for _ in range(300):
        if state.rules["over"]:
            break
        seat = rules.waiting_for(state)[0] if rules.waiting_for(state) else rng.choice(state.seats)
        legal = list(rules.generate_actions(state, seat))
        action = rng.choice(legal) if legal and rng.random() < 0.8 else table_action(state, seat, rng)
        if action is not None:
            session.submit(action, seat)
    assert session.violations()
    assert all(v.rule.startswith("0000.") for _, v in session.violations())
    while session.undo().accepted:
        pass
    assert state.hash() == start


def test_default_deck_mapping_of_the_standard_set(lib) -> None:
    rules = Tragedy(library=lib)
    assert rules.card_info("standard/KH")[:2] == (13, ("Actor", "Act"))
    assert rules.card_info("standard/7C")[:2] == (7, ("Set", "Set Piece", "Prop", "Act"))
    assert rules.card_info("standard/JK1")[0] == 0
    deck = default_deck(lib)
    assert deck.total() == 54 and deck.expanded("star") == ["standard/KS"]


def test_registered_under_its_name() -> None:
    rules = get_ruleset("tragedy", {"win_favor": 300})
    assert isinstance(rules, Tragedy) and rules.options["win_favor"] == 300


# ------------------------------------------------------------------ what now: how a Step and the turn end


def test_the_status_says_what_ends_the_step_and_the_turn() -> None:
    """A newcomer saw the Upkeep Step come back after an Act resolved, with no word of how it ends (0000.3.6.4:
    players get priority again). The status's prompt (the rules panel's first line) now says what the passes lead
    to, the short `todo` of the top bar stays as it was, and the log says each Step that began."""
    from tabletop.game import new_session
    from tabletop.ui.panels.describe import describe_entry

    s = new_session("tragedy", 2, enforcement="strict", seed=1, names=["Ann", "Bob"])
    rules, st = s.rules, s.state

    def now(seat: int) -> str:
        return str(rules.status(st, seat)["prompt"])

    assert rules.status(st, 0)["todo"] == "play an Act or pass"
    assert now(1) == ("Upkeep Step: You have priority — when every player has passed in a row with the Stack empty, "
                      "the Upkeep Step ends; next: the Draw Step")
    assert now(0).startswith("Upkeep Step: Bob has priority — ")
    act = next(a for a in rules.legal_actions(st, 1) if a.type == "tragedy.play")
    assert s.submit(act, 1).accepted
    assert "it resolves when every player has passed in a row, then everyone gets priority again" in now(0)
    pass_all(s, 3)  # the Act resolves; Bob passes again
    assert st.rules["step"] == "upkeep" and "1 of 2 passed" in now(0)
    pass_all(s, 1)
    assert st.rules["step"] == "performance"
    assert "when Bob passes with the Stack empty, the Performance ends" in now(1)
    line = describe_entry(s.log_for(0)[-1], {0: "Ann", 1: "Bob"}, {})
    assert line == "passed; the Draw Step began; Bob drew 1 card; the Performance began", line
    while st.rules["step"] != "end_scene":
        pass_all(s, 1)
    assert "the End Scene and Bob's turn end; Ann's turn begins" in now(0)
    pass_all(s, 2)
    assert "Ann's turn 2 began; the Untap Step began; the Upkeep Step began" in \
        describe_entry(s.log_for(1)[-1], {0: "Ann", 1: "Bob"}, {})


def test_the_performance_todo_says_one_pass_ends_it(position) -> None:
    """Only the active player gets priority in the Performance (0000.5.3.1): one pass ends it, unlike the other
    Steps; a newcomer passing in a steady rhythm skipped it unawares, its todo read like any Step's."""
    session = position({"actors:0": ["t/A3"], "sets:0": ["t/S4"]}, step="performance", need=1)
    todo = session.rules.status(session.state, 0)["todo"]
    assert todo == "score with an Actor and a Set, play an Act, or pass (a pass ends the Performance)"


def test_an_out_of_turn_drag_into_play_says_who_has_priority(position, at) -> None:
    """A newcomer's trial: seat 2 dragged a card to its Stack while seat 1 had priority and strict answered with a
    rule about Roles; the refusal says first that the other player has priority."""
    session = position({"hand:1": ["t/A3"]}, active=0)
    pid = at(session.state, "hand:1/t/A3")
    for dst in ("stack:1", "actors:1"):
        r = session.submit(A.Move((pid,), dst), 1)
        assert not r.accepted and r.code == "tragedy.priority" and rules_of(r)[0] == "0000.5.1.3"
        assert r.violations[0].message.startswith(f"{session.state.players[0].name} has priority")
    # the player with priority still hears the rule about Roles
    mine = position({"hand:0": ["t/A3"]}, active=0)
    r = mine.submit(A.Move((at(mine.state, "hand:0/t/A3"),), "stack:0"), 0)
    assert r.code == "tragedy.play_role"
