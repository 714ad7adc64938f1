"""The manual's turn examples (Randy and Les), replayed with our sample cards carrying the same numbers.

Randy's Agents: Marsh (Cost 7, Health 5, BEHAVIORAL 3, LRC 2, CRC 2), Calder (Cost 7, BEHAVIORAL 1), Keller (Cost 3,
Health 3, BEHAVIORAL 3, LRC 1, CRC 1), Brandt (Cost 3): 20 in all. The Site costs 2 and asks BEHAVIORAL 4+; the
Bluff costs 3 (paid 2); the Adversary has no LRC, CRC 3 and Health 10 and costs 8; the Knife adds 1 to CRC; the
healing Combat card costs 0. The manual's Briefing example is not in our copy, so its pools are ours; the manual's
"Les now has 0" after an 8-point Adversary from 14 needs a 6-point card in between (its text is lost too): Les plays a
6-CP Adversary first, which Randy negates with a Witness. The closing Witness (+2 BEHAVIORAL once Keller is in the
Hospital) is ours as well.
"""

from __future__ import annotations

import pytest

from tabletop.core import Session
from tabletop.rules.kit import ChooseTarget, ResolveEffect
from tabletop.rules.xfiles_ccg import (
    Ask,
    AssignDamage,
    Buy,
    Deploy,
    FreeDraw,
    Investigate,
    ManualEffect,
    Pass,
    PlaceBluff,
    PlaceSite,
    PlayCard,
    Requisition,
    ResolveBluff,
    Sell,
    XFilesCCG,
)
from tests.rules.xfiles_ccg_helpers import approach, ok, pid, position


def _confirm(session: Session, seat: int) -> None:
    """Answer a pending automated effect that leaves no choice: strict ran it already, warn asks to apply it."""
    for a in session.rules.effects.choices(session.state, seat):
        if isinstance(a, ResolveEffect):
            ok(session, a, seat)
            return


def rp(session: Session, seat: int) -> int:
    return session.state.player(seat).counters["rp"]


def cp(session: Session, seat: int) -> int:
    return session.state.player(seat).counters["cp"]


RANDY_HAND = ["service-knife", "harlow-creek", "amos-pell", "field-dressing", "june-talley", "overtime", "paper-trail"]
LES_HAND = ["task-force", "informant", "surveillance-van", "flat-tire", "mercer-mill", "night-prowler", "supper-club"]


def start() -> Session:
    return position({
        "bureau:0": ["owen-marsh", "ruth-calder", "nadia-keller", "tom-brandt"],
        "bureau:1": ["lena-ortiz", "victor-hale", "priya-sen", "sam-doyle"],
        "xfile:0": ["project-stillwater"],
        "xfile:1": ["lantern-choir"],
        "hand:0": RANDY_HAND,
        "hand:1": LES_HAND,
        "deck:0": ["marrow-point", "dunmore-quarry", "ketch-island", "saint-brigid"],
        "deck:1": ["cold-trail", "press-leak", "ambush", "marsh-hound", "second-wind", "grey-coat"],
    })


def test_setup_team_cost_is_twenty() -> None:
    s = start()
    rules = s.rules
    assert isinstance(rules, XFilesCCG)
    costs = {rules.cards.name_of(s.state, p): rules.pinfo(s.state, p).cost for p in s.state.zones["bureau:0"].pieces}
    assert costs["Special Agent Owen Marsh"] == 7 and costs["Special Agent Ruth Calder"] == 7
    assert costs["Agent Nadia Keller"] == 3 and costs["Agent Tom Brandt"] == 3
    assert sum(costs.values()) == 20
    assert (rp(s, 0), cp(s, 0), rp(s, 1), cp(s, 1)) == (5, 5, 5, 5)


@pytest.mark.parametrize("enforcement", ["strict", "warn"])
def test_randy_and_les_first_turn(enforcement: str) -> None:
    s = start()
    s.state.enforcement = enforcement
    st = s.state
    rules = s.rules
    assert isinstance(rules, XFilesCCG)
    marsh, calder = pid(s, "bureau:0", "owen-marsh"), pid(s, "bureau:0", "ruth-calder")
    keller = pid(s, "bureau:0", "nadia-keller")

    # Briefing: free draw, RES 2+2+1+1 into RP, two cards bought; Les sells 6+5+5 and buys 5
    ok(s, FreeDraw(), 0)
    assert rp(s, 0) == 11 and len(st.zones["hand:0"].pieces) == 8
    ok(s, Buy(2), 0)
    assert rp(s, 0) == 9 and len(st.zones["hand:0"].pieces) == 10
    assert rules.decision(st) == 1 and rules.step(st) == "sell"
    ok(s, Sell((pid(s, "hand:1", "task-force"), pid(s, "hand:1", "informant"),
                pid(s, "hand:1", "surveillance-van"))), 1)
    assert cp(s, 1) == 21
    ok(s, Buy(5), 1)
    assert cp(s, 1) == 16 and len(st.zones["hand:1"].pieces) == 9

    # Healing (nobody hurt) then Requisition: the Knife for Marsh in the Bureau
    assert rules.step(st) == "requisition"
    knife = pid(s, "hand:0", "service-knife")
    ok(s, Requisition(knife, marsh), 0)
    assert rp(s, 0) == 7 and st.pieces[knife].attached_to == marsh
    ok(s, Pass(), 0)

    # Deployment: Marsh (with his Knife), Keller and Calder to the Field
    for agent in (marsh, keller, calder):
        ok(s, Deploy(agent, "field"), 0)
    assert st.pieces[knife].zone == "field:0" and st.pieces[knife].attached_to == marsh
    ok(s, Pass(), 0)

    # Case Assignment: the Site for 2 (5 RP left); Les puts two cards beneath it
    site = pid(s, "hand:0", "harlow-creek")
    ok(s, PlaceSite(site, 1), 0)
    assert rp(s, 0) == 5
    ok(s, Pass(), 0)
    tire, mill = pid(s, "hand:1", "flat-tire"), pid(s, "hand:1", "mercer-mill")
    ok(s, PlaceBluff(tire, site), 1)
    ok(s, PlaceBluff(mill, site), 1)
    assert not st.pieces[tire].face_up and st.pieces[tire].attached_to == site
    ok(s, Pass(), 1)

    # Investigation: BEHAVIORAL 7 (Marsh 3, Keller 3, Calder 1) against 4+
    ok(s, Investigate(site, (marsh, keller, calder), "Behavioral"), 0)
    approach(s)  # cards lie beneath the Site: a window for cards played on a Team about to investigate it
    assert rules.check_total(st) == 7
    assert st.pieces[mill].zone == "discard:1"  # not a Bluff: revealed and discarded
    assert rules.decision(st) == 1 and rules.step(st) == "reveal"
    ok(s, ResolveBluff(tire, True), 1)
    assert cp(s, 1) == 14  # the Bluff costs 3, 1 less beneath a Site
    ok(s, ManualEffect("leave", piece=calder, source=tire, text="only two Agents investigate"), 0)
    assert rules.check_total(st) == 6

    # The chain: Les's first Adversary (6 CP) is negated by Randy's Witness, then the 8-CP Adversary attacks
    ok(s, Pass(), 0)
    prowler = pid(s, "hand:1", "night-prowler")
    ok(s, PlayCard(prowler), 1)
    assert cp(s, 1) == 8
    ok(s, Pass(), 1)
    pell = pid(s, "hand:0", "amos-pell")
    ok(s, PlayCard(pell), 0)
    assert rp(s, 0) == 3
    assert [e["piece"] for e in st.rules["chain"]] == [prowler, pell]
    ok(s, Pass(), 0)
    ok(s, Pass(), 1)  # last in, first out: the Witness resolves first
    assert [e["piece"] for e in st.rules["chain"]] == [prowler]
    # its text compiled: the card it negates is Randy's to choose, a legal move
    assert rules.decision(st) == 0 and not rules.by_hand.suggestion_actions(st, 0)
    (negate,) = [a for a in rules.effects.choices(st, 0) if isinstance(a, ChooseTarget) and a.piece]
    assert negate.piece == prowler
    ok(s, negate, 0)
    assert st.pieces[prowler].zone == "discard:1" and not st.rules["chain"]
    ok(s, Pass(), 0)
    club = pid(s, "hand:1", "supper-club")
    ok(s, PlayCard(club), 1)
    assert cp(s, 1) == 0
    ok(s, Pass(), 1)
    ok(s, Pass(), 0)
    combat = st.rules["combat"]
    assert combat["adversary"] == club and combat["round"] == "lrc"

    # Long Range: the Adversary has no LRC; Marsh 2 + Keller 1 = 3 damage
    ok(s, Pass(), 1)
    ok(s, Pass(), 0)
    assert rules.damage(st, club) == 3 and rules.health(st, club) == 7
    assert rules.health(st, keller) == 3 and rules.health(st, marsh) == 5
    ok(s, Pass(), 0)
    ok(s, Pass(), 1)

    # Close Range: Marsh 2 + Knife 1 + Keller 1 = 4 (7 in all); the Adversary's 3 go to Keller
    assert st.rules["combat"]["round"] == "crc"
    ok(s, Pass(), 1)
    ok(s, Pass(), 0)
    assert rules.decision(st) == 1 and rules.step(st) == "damage"
    ok(s, AssignDamage(keller), 1)
    assert rules.damage(st, club) == 7 and rules.health(st, club) == 3
    assert rules.health(st, keller) == 0
    dressing = pid(s, "hand:0", "field-dressing")
    ok(s, PlayCard(dressing), 0)  # 0 *P, for the Agents: from the Resource Pool
    assert rp(s, 0) == 3
    ok(s, Pass(), 0)
    ok(s, Pass(), 1)
    # its "Heal 1 damage from one combatant" runs on the damaged combatant Randy picks: Keller (not the Club)
    picks = {a.piece: a for a in rules.effects.choices(st, 0) if isinstance(a, ChooseTarget)}
    assert set(picks) == {keller, club}
    ok(s, picks[keller], 0)
    _confirm(s, 0)
    assert rules.by_hand.suggestion_actions(st, 0) == []
    assert rules.health(st, keller) == 1
    ok(s, Pass(), 0)
    ok(s, Pass(), 1)
    assert st.pieces[keller].zone == "field:0"  # saved from the Hospital

    # Another Close Range round: 4 more kill the Adversary, whose 3 still hit Keller
    ok(s, Pass(), 1)
    ok(s, Pass(), 0)
    ok(s, AssignDamage(keller), 1)
    assert rules.health(st, club) == 0 and rules.health(st, keller) == 0
    ok(s, Pass(), 0)
    ok(s, Pass(), 1)
    assert st.pieces[keller].zone == "hospital:0" and rules.damage(st, keller) == 3
    assert st.pieces[club].zone == "discard:1" and "combat" not in st.rules

    # Back to the skill check: Marsh alone has BEHAVIORAL 3; the Witness adds 2
    assert rules.step(st) == "check" and rules.check_total(st) == 3
    talley = pid(s, "hand:0", "june-talley")
    ok(s, PlayCard(talley), 0)
    assert rp(s, 0) == 1
    ok(s, Pass(), 0)
    ok(s, Pass(), 1)
    _confirm(s, 0)  # its "Adds 2 to one Team's BEHAVIORAL skill check" runs (warn asks to confirm it first)
    assert rules.check_total(st) == 5
    status = rules.status(st, 0)
    assert status["check"]["total"] == 5 and status["check"]["need"] == 4 and status["check"]["meets"]
    ok(s, Pass(), 0)
    ok(s, Pass(), 1)
    assert rules.step(st) == "question"
    ok(s, Ask(rules.question_token(st, 0, "Affiliation", "Occult")), 0)
    assert rules.notebook(st, 0)["opponents"][0]["answers"][0]["answer"] is True
    ok(s, Pass(), 0)
    assert st.pieces[site].zone == "discard:0"

    # Debriefing: both have five cards, nobody discards; Les's turn begins
    assert len(st.zones["hand:0"].pieces) == 5 and len(st.zones["hand:1"].pieces) == 5
    ok(s, Pass(), 0)
    assert rules.step(st) == "debrief"
    ok(s, Pass(), 0)
    ok(s, Pass(), 1)
    assert rules.active(st) == 1 and rules.step(st) == "draw" and st.rules["turn"] == 2
    assert (rp(s, 0), cp(s, 1)) == (1, 0)


def test_healing_example_and_hospital_exit() -> None:
    """Marsh (Health 5) took 5 and Keller (Health 3) took 3: they heal 2 and 1, and neither may leave."""
    s = position({
        "bureau:0": ["ruth-calder", "tom-brandt"],
        "hospital:0": ["owen-marsh:d5", "nadia-keller:d3"],
        "bureau:1": ["lena-ortiz", "victor-hale", "priya-sen"],
        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"],
        "deck:0": ["marrow-point"],
    }, {"step": "sell", "seller": 1})
    rules = s.rules
    st = s.state
    marsh, keller = pid(s, "hospital:0", "owen-marsh"), pid(s, "hospital:0", "nadia-keller")
    ok(s, Pass(), 1)  # the last seller passes: Healing, then Requisition
    assert rules.damage(st, marsh) == 3 and rules.health(st, marsh) == 2
    assert rules.damage(st, keller) == 2 and rules.health(st, keller) == 1
    ok(s, Pass(), 0)
    refused = s.submit(Deploy(marsh, "field"), 0)
    assert not refused.accepted and refused.violations[0].rule == "xfc.deployment.2"
    st.enforcement = "warn"
    warned = s.submit(Deploy(keller, "field"), 0)
    assert warned.accepted and [v.rule for v in warned.violations] == ["xfc.deployment.2"]
