"""`xfiles-ccg`: misreads found by the fourth reading of 40 random `automated` Premiere cards (seed 1729), on cards of
our own in the same wordings: each test failed before its fix."""

from __future__ import annotations

import pytest

from tabletop.cards import CardLibrary
from tabletop.core import Session
from tabletop.rules.effects import ChooseOption, ResolveEffect
from tabletop.rules.xfiles_ccg import Investigate, Pass, PlayCard, UseAbility
from tests.rules.xfiles_ccg_helpers import fixture_library, fixture_ref, ok
from tests.rules.xfiles_ccg_helpers import position as build_position

RECORDS = [
    {"id": "AD-01", "title": "Hair Samples", "set": "Fixture", "type": "Event", "cost": "1 RP",
     "keywords": ["Event", "Behavioral", "Resource"], "activators": ["Active"],
     "gameText": "If the Team makes a BEHAVIORAL 3+ skill check, they gain a +1 to a Site skill check. Discard this "
                 "card after you've used the modifier."},
    {"id": "AD-02", "title": "Agent Hal Brody", "set": "Fixture", "type": "Agent", "cost": "5 RP",
     "keywords": ["Agent", "FBI"], "skills": {"Subterfuge": 3, "Long Range Combat": 2, "Close Range Combat": 2,
                                              "Health": 4, "Resources": 2},
     "gameText": "Agent Brody allows you to choose to add to the Conspiracy Pool instead of the Resource Pool during "
                 "the Briefing Phase."},
    {"id": "AD-03", "title": "Nowhere To Run", "set": "Fixture", "type": "Event", "cost": "2 CP",
     "keywords": ["Event"], "activators": ["Conspiracy"],
     "gameText": "For the rest of the turn, the Bureau is considered to have a single Characteristic SITE Keyword. "
                 "You may choose any one Characteristic for the Keyword (i.e., AFFILIATION SITE)."},
    {"id": "AD-04", "title": "Deacon Pryor", "set": "Fixture", "type": "Witness", "cost": "2 RP",
     "keywords": ["Witness", "Occult"], "activators": ["Active"],
     "gameText": "Play at anytime during your turn to look at your opponent's hand."},
    {"id": "AD-05", "title": "The Shade", "set": "Fixture", "type": "Adversary", "cost": "2 CP",
     "keywords": ["Adversary", "Creature"], "activators": ["Conspiracy"],
     "skills": {"Long Range Combat": 2, "Close Range Combat": 2, "Health": 6},
     "gameText": "The Shade may use SUBTERFUGE Combat cards."},
    {"id": "AD-06", "title": "Duck Low", "set": "Fixture", "type": "Combat", "cost": "1 *P",
     "keywords": ["Combat", "Subterfuge"], "activators": ["Combat"],
     "gameText": "Play this on any combatant with SUBTERFUGE skill of 1+ or that is capable of using SUBTERFUGE "
                 "cards. No damage may be dealt to that combatant in this round and the combatant deals no damage."},
    {"id": "AD-07", "title": "Deputy Director Mark Hollis", "set": "Fixture", "type": "Agent", "cost": "5 RP",
     "keywords": ["Agent", "FBI"], "skills": {"Observation": 3, "Long Range Combat": 1, "Close Range Combat": 1,
                                              "Health": 4, "Resources": 1}, "gameText": ""},
    {"id": "AD-08", "title": "Hollis Toes The Line", "set": "Fixture", "type": "Event", "cost": "1 CP",
     "keywords": ["Event", "Move"], "activators": ["Conspiracy"],
     "gameText": "Play whenever Deputy Director Mark Hollis is involved in a skill check. Hollis must go back to the "
                 "Bureau (if he is not already there) and may not contribute his skills to any skill check this turn."},
]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> CardLibrary:
    return fixture_library(tmp_path_factory.mktemp("sets"), RECORDS)


def _pid(session: Session, zone: str, card: str) -> str:
    return next(p for p in session.state.zones[zone].pieces if session.state.pieces[p].card.endswith(card))


def _checking(library: CardLibrary, agent: str, *hand: str, hand1: tuple[str, ...] = ()) -> Session:
    """Randy's `agent` alone makes Marrow Point's OBSERVATION 4+ check, `hand` in his hand, `hand1` in Les's."""
    s = build_position({"field:0": ["marrow-point", agent], "hand:0": list(hand), "hand:1": list(hand1),
                        "bureau:1": ["lena-ortiz"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "assign"}, library=library, pools=((9, 9), (9, 9)))
    site = _pid(s, "field:0", "marrow-point")
    s.state.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    ok(s, Investigate(site, (_pid(s, "field:0", agent),), "Observation"), 0)
    return s


def _resolve(s: Session) -> None:
    while s.state.rules.get("chain"):
        ok(s, Pass(), s.rules.decision(s.state))


def test_a_held_resource_modifier_is_not_kept_when_the_team_fails(library: CardLibrary) -> None:
    """"If the Team makes a BEHAVIORAL 3+ skill check, they gain a +1 to a Site skill check": a Keyword RESOURCE
    card went to the Bureau as it resolved, so it was held, and its +1 usable, after the Team failed the check."""
    ref = fixture_ref(library, "AD-01")
    failed = _checking(library, "carl-wren", ref)  # BEHAVIORAL 0 against 3+
    card = _pid(failed, "hand:0", ref)
    ok(failed, PlayCard(card), 0)
    _resolve(failed)
    assert failed.state.pieces[card].zone == "discard:0"
    refused = failed.submit(UseAbility(card), 0)
    assert not refused.accepted or refused.violations
    made = _checking(library, "nadia-keller", ref)  # BEHAVIORAL 3 makes 3+
    card = _pid(made, "hand:0", ref)
    ok(made, PlayCard(card), 0)
    _resolve(made)
    assert made.state.pieces[card].zone == "bureau:0" and not made.state.rules["check"]["mods"]
    ok(made, UseAbility(card), 0)
    assert [m["amount"] for m in made.state.rules["check"]["mods"]] == [1]
    assert made.state.pieces[card].zone == "discard:0"


def test_an_agent_in_the_hospital_adds_no_res_to_put_in_the_other_pool(library: CardLibrary) -> None:
    """"Agent Brody allows you to choose to add to the Conspiracy Pool instead of the Resource Pool during the
    Briefing Phase": his RES goes to the CP. In the Hospital he adds no RES at the Briefing, yet his use still moved
    2 RP to the CP."""
    ref = fixture_ref(library, "AD-02")
    for section, allowed in (("hospital", False), ("field", True)):
        s = build_position({section + ":0": [ref], "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"],
                            "xfile:1": ["lantern-choir"]}, {"step": "buy", "priority": 0}, library=library,
                           pools=((9, 9), (9, 9)))
        result = s.submit(UseAbility(_pid(s, section + ":0", ref)), 0)
        assert (result.accepted and not result.violations) is allowed, section
        counters = s.state.players[0].counters
        assert (counters["rp"], counters["cp"]) == ((7, 11) if allowed else (9, 9))


def test_the_bureau_considered_to_have_a_site_keyword_lets_no_adversary_in_at_another_site(
        library: CardLibrary) -> None:
    """"the Bureau is considered to have a single Characteristic SITE Keyword" (for Adversaries that attack a Team
    in the Bureau, which the engine does not play): the word was put in effect for every card its player played
    this turn, so an AFFILIATION SITE Adversary came in against a Team at a RESULT Site. The sentence is left to
    apply by hand."""
    ref = fixture_ref(library, "AD-03")
    s = build_position({"field:0": ["marrow-point", "owen-marsh"], "hand:1": [ref, "grey-coat"],
                        "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "assign"}, library=library, pools=((9, 9), (9, 9)))
    site = _pid(s, "field:0", "marrow-point")
    s.state.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    ok(s, Investigate(site, (_pid(s, "field:0", "owen-marsh"),), "Observation"), 0)
    ok(s, Pass(), 0)
    ok(s, PlayCard(_pid(s, "hand:1", ref)), 1)
    for _ in range(8):
        seat = s.rules.decision(s.state)
        acts = list(s.rules.legal_actions(s.state, seat))
        pick = next((a for a in acts if isinstance(a, ChooseOption) and "AFFILIATION" in a.text), None) or next(
            (a for a in acts if isinstance(a, ResolveEffect)), None)
        if pick is None and not s.state.rules.get("chain"):
            break
        ok(s, pick or Pass(), seat)
    if s.rules.decision(s.state) == 0:
        ok(s, Pass(), 0)
    refused = s.submit(PlayCard(_pid(s, "hand:1", "grey-coat")), 1)
    assert not refused.accepted and refused.violations[0].rule == "xfc.chain.2"


def test_a_card_played_at_anytime_during_your_turn_is_played_outside_a_skill_check(library: CardLibrary) -> None:
    """"Play this card at anytime during your turn to examine your opponent's hand": cards are played in a skill
    check, so it was refused in every other step of its player's turn. Outside a check it resolves at once; in
    the opponent's turn it is still refused."""
    ref = fixture_ref(library, "AD-04")
    zones = {"field:0": ["owen-marsh"], "hand:0": [ref], "hand:1": ["overtime", "cold-trail"],
             "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]}
    for step in ("buy", "deployment", "assign"):
        s = build_position(zones, {"step": step}, library=library, pools=((9, 9), (9, 9)))
        card = _pid(s, "hand:0", ref)
        assert PlayCard(card) in list(s.rules.legal_actions(s.state, 0)), step
        ok(s, PlayCard(card), 0)
        assert s.state.pieces[card].zone == "discard:0" and s.state.rules["step"] == step
        assert all(0 in s.state.pieces[p].known for p in s.state.zones["hand:1"].pieces)
        assert s.state.players[0].counters["rp"] == 7 and s.rules.decision(s.state) == 0
        assert not s.state.rules.get("chain")
    theirs = build_position(zones, {"step": "deployment", "active": 1}, library=library, pools=((9, 9), (9, 9)))
    refused = theirs.submit(PlayCard(_pid(theirs, "hand:0", ref)), 0)
    assert not refused.accepted or refused.violations
    other = build_position({**zones, "hand:0": ["overtime"]}, {"step": "deployment"}, library=library)
    refused = other.submit(PlayCard(_pid(other, "hand:0", "overtime")), 0)
    assert not refused.accepted or refused.violations


def test_an_adversary_no_damage_may_be_dealt_to_takes_none(library: CardLibrary) -> None:
    """"No damage may be dealt to that combatant in this round and the combatant deals no damage", played on the
    Adversary: it dealt none, but the Agents' damage was still dealt to it (the shield guarded Agents only)."""
    shade, duck = fixture_ref(library, "AD-05"), fixture_ref(library, "AD-06")
    s = _checking(library, "owen-marsh", hand1=(shade, duck))
    ok(s, Pass(), 0)
    ok(s, PlayCard(_pid(s, "hand:1", shade)), 1)
    _resolve(s)  # the Combat begins with a Long Range round
    if s.rules.decision(s.state) == 0:
        ok(s, Pass(), 0)
    ok(s, PlayCard(_pid(s, "hand:1", duck), "conspiracy"), 1)
    while s.state.rules.get("chain") or s.state.rules.get("effects", {}).get("pending"):
        seat = s.rules.decision(s.state)
        acts = list(s.rules.legal_actions(s.state, seat))
        ok(s, next((a for a in acts if not isinstance(a, Pass)), Pass()), seat)
    while s.state.rules["step"] != "aftermath":
        ok(s, Pass(), s.rules.decision(s.state))
    fighter = _pid(s, "field:0", "owen-marsh")
    assert s.rules.damage(s.state, _pid(s, "chain", shade)) == 0  # Marsh's LONG RANGE COMBAT 2 is not dealt to it
    assert s.rules.damage(s.state, fighter) == 0


def test_an_agent_sent_back_contributes_to_no_skill_check_of_the_turn(library: CardLibrary) -> None:
    """"Hollis must go back to the Bureau ... and may not contribute his skills to any skill check this turn": he
    left the check under way, but his skills still counted in any later check of the turn (e.g. back in the Field
    and with a Team that may investigate a second Site)."""
    hollis, line = fixture_ref(library, "AD-07"), fixture_ref(library, "AD-08")
    s = _checking(library, hollis, hand1=(line,))
    agent = _pid(s, "field:0", hollis)
    ok(s, Pass(), 0)
    ok(s, PlayCard(_pid(s, "hand:1", line)), 1)
    _resolve(s)
    assert s.state.pieces[agent].zone == "bureau:0" and agent not in s.state.rules["check"]["team"]
    assert s.rules.team_skill(s.state, [agent], "Observation") == 0
