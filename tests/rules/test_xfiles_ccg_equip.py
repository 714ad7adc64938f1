"""`xfiles-ccg` standing abilities of Equipment, Agents and Resources, and tokens on cards (issue #26, equip),
each run in a game on cards of our own in the printed wordings: access to the Field Office Crime Lab, pool tokens
that pay for the cards of an Activator, ..."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.cards import CardLibrary
from tabletop.core import Piece
from tabletop.rules.effects import ChooseTarget
from tabletop.rules.xfiles_ccg import FreeDraw, Investigate, Pass, PlayCard, Requisition, UseAbility
from tabletop.rules.xfiles_ccg.compiler import compile_text
from tests.rules.xfiles_ccg_helpers import fixture_library, fixture_ref, ok, pid
from tests.rules.xfiles_ccg_helpers import position as build_position


def _card(rid: str, title: str, kind: str, text: str, cost: str = "1 RP", **more: Any) -> dict[str, Any]:
    return {"id": rid, "title": title, "set": "Fixture", "type": kind, "cost": cost, "gameText": text,
            "keywords": [kind], "activators": ["Active"], **more}


def _agent(rid: str, title: str, text: str) -> dict[str, Any]:
    return _card(rid, title, "Agent", text, cost="2 RP", keywords=["Agent", "FBI"], activators=[],
                 skills={"Behavioral": 2, "Long Range Combat": 1, "Close Range Combat": 1, "Health": 3,
                         "Resources": 1})


RECORDS = [
    _card("SE-01", "Hollis Street Lab", "Site", "", cost="2 RP", activators=[],
          keywords=["Site", "Field Office Crime Lab"],
          prerequisite="Special Equipment required or discard a Witness card from your hand."),
    _card("SE-02", "Spectrograph", "Equipment", "Agents equipped with a Spectrograph have access to the field "
          "office crime lab. Adds 1 to the Agent's SCIENCES skill.", keywords=["Equipment", "Special"],
          activators=["Bureau"]),
    _agent("SE-03", "Agent Ray Tull", "Agent Ray Tull has access to the Field Office Crime Lab."),
    _agent("SE-04", "Lab Chief Ora Penn", "Ora Penn has direct access to the Field Office Crime Lab even without "
           "any piece of equipment attached."),
    _agent("SE-05", "Agent Wes Dunmore", "Place 1 [RP] on this card. This [RP] may be used to pay for any ACTIVE "
           "card. If you use this [RP], replace it during your Briefing Phase."),
    _card("SE-07", "The Night Clerk", "Witness", "Adds 1 to one Team's BEHAVIORAL skill check.", cost="3 RP",
          keywords=["Witness", "Behavioral"]),
    _agent("SE-08", "Detective Ned Harrow", "Place three tokens on Detective Ned Harrow. Once per turn, as the "
           "Active Player, you may remove a token to discard a card and draw two from your Bureau deck."),
    _card("SE-09", "The Quiet Porter", "Witness", "Adds 1 to one Team's BEHAVIORAL skill check. Promo Cards"),
    _card("SE-10", "Sky Scanner", "Equipment", "Place two tokens on this card. Remove a token to add 1 to one Team's "
          "OBSERVATION skill check once per turn. During your Requisition Phase you may replenish all tokens for 2 "
          "[RP] after the last token has been removed.", cost="2 RP", keywords=["Equipment", "Electrical"],
          activators=["Field"]),
    _card("SE-11", "Bedside Trolley", "Equipment", "This piece of Equipment does not need to be attached to any "
          "Agent. Place three tokens on the Bedside Trolley. Discard one token to heal one point of damage to an "
          "Agent in the Hospital. Discard when all three tokens have been expended.", cost="2 RP",
          keywords=["Equipment", "Healing"], activators=["Hospital"]),
    _agent("SE-12", "Agent Ray Dale", "If Agent Ray Dale is in the same Team as Agent Nadia Keller, she loses one "
           "HEALTH."),
    _agent("SE-13", "Lena Frost", "Treat Lena Frost as RES 2 if she is in the same Team as Agent Keller. If so, "
           "Keller's HEALTH value is decreased by one."),
    _card("SE-14", "Night Ledger", "Equipment", "Discard this card to draw three cards from your Bureau deck during "
          "the requisition phase.", keywords=["Equipment", "Special"], activators=["Field"]),
    _agent("SE-15", "Agent Mira Holt", "Place 1 [RP] on this card. This [RP] may be used to pay for any Keyword "
           "BEHAVIORAL cards. If you spend this [RP], you may replace it during the Briefing Phase if Mira Holt is in "
           "the same Team as Agents Nadia Keller or Lena Ortiz."),
    _agent("SE-06", "Agent Tess Quill", "Place a [RP] token on this card. This may be used to pay for for any "
           "BEHAVIORAL or OBSERVATION cards. If you use this [RP], replace it during your briefing phase."),
]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> CardLibrary:
    return fixture_library(tmp_path_factory.mktemp("sets"), RECORDS)


def _mine(s: Any, zone: str, ref: str) -> str:
    return next(p for p in s.state.zones[zone].pieces if s.state.pieces[p].card == ref)


def _status(library: CardLibrary, rid: str) -> str:
    card = library.get(fixture_ref(library, rid))
    return "automated" if not compile_text(card)[1] else "by hand"


# ------------------------------------------------------------------------------------- the Field Office Crime Lab


def _lab(library: CardLibrary, team: tuple[str, ...], hand: tuple[str, ...] = (), gear: bool = False,
         enforcement: str = "strict") -> tuple[Any, str, tuple[str, ...]]:
    """Randy's `team` (sample ids or fixture ids) before the Crime Lab Site, Randy to send a Team; `gear`: the
    Spectrograph on the first Agent."""
    refs = [fixture_ref(library, a) if a.startswith("SE-") else a for a in team]
    lab = fixture_ref(library, "SE-01")
    s = build_position({"field:0": [lab, *refs], "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"],
                        "xfile:1": ["lantern-choir"], "deck:0": ["marrow-point"] * 3, "deck:1": ["cold-trail"] * 3,
                        "hand:0": list(hand)}, {"step": "assign"}, library=library, enforcement=enforcement)
    st = s.state
    site = _mine(s, "field:0", lab)
    st.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    agents = tuple(p for p in st.zones["field:0"].pieces if p != site)
    if gear:
        st.add_piece(Piece(id="scope", card=fixture_ref(library, "SE-02"), zone="field:0", owner=0, face_up=True,
                           attached_to=agents[0]))
        agents = tuple(p for p in agents if p != "scope")
    return s, site, agents


def _resolve(s: Any) -> str:
    """Pass until the skill check is resolved: the step it leads to."""
    rs, st = s.rules, s.state
    for _ in range(8):
        if rs.step(st) not in ("check", "reveal"):
            break
        ok(s, Pass(), rs.decision(st))
    return rs.step(st)


def test_the_crime_lab_sentences_are_executed(library: CardLibrary) -> None:
    for rid in ("SE-02", "SE-03", "SE-04"):
        assert _status(library, rid) == "automated", rid
    assert compile_text("Agents equipped with a Spectrograph have access to the field office crime lab.")[0][0][
        "do"] == [{"crime_lab": {"by": "holder"}}]
    assert compile_text(library.get(fixture_ref(library, "SE-03")))[0][0]["do"] == [{"crime_lab": {"by": "self"}}]


def test_an_equipped_agent_investigates_the_crime_lab(library: CardLibrary) -> None:
    s, site, team = _lab(library, ("owen-marsh",), gear=True)
    assert Investigate(site, team, "") in list(s.rules.legal_actions(s.state, 0))
    ok(s, Investigate(site, team, ""), 0)
    assert _resolve(s) == "question"


@pytest.mark.parametrize("agent", ["SE-03", "SE-04"])
def test_an_agent_with_access_of_his_own_investigates_the_crime_lab(library: CardLibrary, agent: str) -> None:
    s, site, team = _lab(library, ("owen-marsh", agent))
    ok(s, Investigate(site, team, ""), 0)
    assert _resolve(s) == "question"


def test_no_access_and_no_witness_is_refused_in_strict(library: CardLibrary) -> None:
    s, site, team = _lab(library, ("owen-marsh", "nadia-keller"))
    before = s.state.hash()
    r = s.submit(Investigate(site, team, ""), 0)
    assert not r.accepted and [v.code for v in r.violations] == ["xfc.crime_lab"] and s.state.hash() == before
    assert not any(isinstance(a, Investigate) and a.site == site for a in s.rules.legal_actions(s.state, 0))


def test_a_witness_from_the_hand_meets_the_prerequisite(library: CardLibrary) -> None:
    s, site, team = _lab(library, ("owen-marsh",), hand=("retired-ranger", "retired-ranger", "long-night"))
    st = s.state
    ranger = pid(s, "hand:0", "retired-ranger")
    listed = [a for a in s.rules.legal_actions(st, 0) if isinstance(a, Investigate) and a.site == site]
    assert [a.witness for a in listed if a.agents == team] == [ranger]  # one listing per Witness card
    night = pid(s, "hand:0", "long-night")
    r = s.submit(Investigate(site, team, "", night), 0)  # an Event is no Witness
    assert not r.accepted and r.violations[0].code == "xfc.crime_lab"
    ok(s, Investigate(site, team, "", ranger), 0)
    assert st.pieces[ranger].zone == "discard:0" and st.pieces[ranger].face_up
    assert len(st.zones["hand:0"].pieces) == 2
    assert _resolve(s) == "question"


def test_a_witness_is_not_discarded_when_an_agent_has_access(library: CardLibrary) -> None:
    s, site, team = _lab(library, ("owen-marsh",), hand=("retired-ranger",), gear=True)
    r = s.submit(Investigate(site, team, "", pid(s, "hand:0", "retired-ranger")), 0)
    assert not r.accepted and r.violations[0].code == "xfc.crime_lab"


def test_without_access_the_check_fails_in_warn(library: CardLibrary) -> None:
    s, site, team = _lab(library, ("owen-marsh",), enforcement="warn")
    r = s.submit(Investigate(site, team, ""), 0)
    assert r.accepted and [v.code for v in r.violations] == ["xfc.crime_lab"]
    assert _resolve(s) == "assign" and s.state.pieces[site].zone == "discard:0"
    notes = [n["text"] for e in s.log_for(0) for n in e["notes"] if n["what"] == "xfc.check"]
    assert "no Agent with access to the Field Office Crime Lab" in notes[-1]


def test_the_access_undoes(library: CardLibrary) -> None:
    s, site, team = _lab(library, ("owen-marsh",), hand=("retired-ranger",))
    before = s.state.hash()
    ok(s, Investigate(site, team, "", pid(s, "hand:0", "retired-ranger")), 0)
    s.undo(0)
    assert s.state.hash() == before


# ------------------------------------------------------------------------------------------------- pool tokens


def _window(library: CardLibrary, agent: str, hand: list[str], rp: int) -> Any:
    """Randy's Team (Owen Marsh and the fixture `agent`) at Harlow Creek's BEHAVIORAL check, Randy to play `hand`."""
    s = build_position({"field:0": ["harlow-creek", "owen-marsh", fixture_ref(library, agent)],
                        "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"],
                        "deck:0": ["marrow-point"] * 3, "deck:1": ["cold-trail"] * 3, "hand:0": hand},
                       {"step": "assign"}, library=library, pools=((rp, 9), (9, 9)))
    st = s.state
    site = pid(s, "field:0", "harlow-creek")
    st.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    ok(s, Investigate(site, tuple(p for p in st.zones["field:0"].pieces if p != site), "Behavioral"), 0)
    return s


def test_a_pool_token_pays_for_any_active_card(library: CardLibrary) -> None:
    assert _status(library, "SE-05") == "automated"
    s = _window(library, "SE-05", ["retired-ranger"], rp=2)  # a 3 RP ACTIVE Witness: 2 in the pool, 1 on Dunmore
    st, rs = s.state, s.rules
    dunmore = _mine(s, "field:0", fixture_ref(library, "SE-05"))
    ranger = pid(s, "hand:0", "retired-ranger")
    assert PlayCard(ranger) in list(rs.legal_actions(st, 0))
    ok(s, PlayCard(ranger), 0)
    assert st.player(0).counters["rp"] == 0 and st.pieces[dunmore].counters.get("pool_used") == 1


def test_a_pool_token_placed_pays_for_its_keyword_cards_only(library: CardLibrary) -> None:
    assert _status(library, "SE-06") == "automated"
    clerk = fixture_ref(library, "SE-07")
    s = _window(library, "SE-06", ["retired-ranger", clerk], rp=2)
    st, rs = s.state, s.rules
    quill = _mine(s, "field:0", fixture_ref(library, "SE-06"))
    ranger = pid(s, "hand:0", "retired-ranger")  # no BEHAVIORAL or OBSERVATION Keyword: the token does not pay
    assert PlayCard(ranger) not in list(rs.legal_actions(st, 0))
    ok(s, PlayCard(_mine(s, "hand:0", clerk)), 0)  # a BEHAVIORAL Witness: 2 from the pool, 1 from Quill
    assert st.player(0).counters["rp"] == 0 and st.pieces[quill].counters.get("pool_used") == 1


# ------------------------------------------------------------------------------------------------ tokens on cards


def test_a_token_discards_a_card_and_draws_two_once_per_turn_as_the_active_player(library: CardLibrary) -> None:
    assert _status(library, "SE-08") == "automated"
    harrow = fixture_ref(library, "SE-08")
    s = build_position({"bureau:0": [harrow], "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"],
                        "xfile:1": ["lantern-choir"], "deck:0": ["marrow-point"] * 3, "deck:1": ["cold-trail"] * 3,
                        "hand:0": ["retired-ranger", "long-night"]}, {"step": "requisition"}, library=library)
    st, rs = s.state, s.rules
    me = _mine(s, "bureau:0", harrow)
    ranger = pid(s, "hand:0", "retired-ranger")
    assert UseAbility(me) in list(rs.legal_actions(st, 0))
    ok(s, UseAbility(me), 0)
    picks = [a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseTarget) and a.piece]
    assert {a.piece for a in picks} == set(st.zones["hand:0"].pieces)  # a card of his own hand, his choice
    ok(s, next(a for a in picks if a.piece == ranger), 0)
    assert st.pieces[ranger].zone == "discard:0" and len(st.zones["hand:0"].pieces) == 3
    assert len(st.zones["deck:0"].pieces) == 1 and rs.tokens_left(st, me) == 2
    r = s.submit(UseAbility(me), 0)  # once per turn
    assert not r.accepted and UseAbility(me) not in list(rs.legal_actions(st, 0))


def test_the_token_is_not_used_in_the_opponents_turn(library: CardLibrary) -> None:
    harrow = fixture_ref(library, "SE-08")
    s = _window(library, "SE-06", [], rp=2)
    s.state.add_piece(Piece(id="harrow", card=harrow, zone="bureau:1", owner=1, face_up=True))
    s.state.zones["hand:1"].pieces.append(s.state.zones["deck:1"].pieces.pop())
    ok(s, Pass(), 0)
    r = s.submit(UseAbility("harrow"), 1)
    assert not r.accepted and "your own turn" in r.violations[0].message


def test_a_printing_note_is_no_game_text(library: CardLibrary) -> None:
    effects, left = compile_text(library.get(fixture_ref(library, "SE-09")))
    assert not left and effects[0]["do"][0]["check_mod"]["amount"] == 1


def _scanner(library: CardLibrary, spent: int, step: str = "requisition", rp: int = 5) -> Any:
    """Randy's Owen Marsh in the Field holds the Sky Scanner, `spent` of its two tokens spent; Randy's `step`."""
    s = build_position({"field:0": ["owen-marsh"], "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"],
                        "xfile:1": ["lantern-choir"], "deck:0": ["marrow-point"] * 3, "deck:1": ["cold-trail"] * 3},
                       {"step": step}, library=library, pools=((rp, 5), (5, 5)))
    s.state.add_piece(Piece(id="scanner", card=fixture_ref(library, "SE-10"), zone="field:0", owner=0, face_up=True,
                            attached_to=pid(s, "field:0", "owen-marsh"), counters={"tokens_used": spent}))
    return s


def test_tokens_replenished_for_two_rp_after_the_last_is_removed(library: CardLibrary) -> None:
    assert _status(library, "SE-10") == "automated"
    s = _scanner(library, spent=2)
    st, rs = s.state, s.rules
    assert UseAbility("scanner") in list(rs.legal_actions(st, 0))
    before = st.hash()
    ok(s, UseAbility("scanner"), 0)
    assert rs.tokens_left(st, "scanner") == 2 and st.player(0).counters["rp"] == 3
    assert st.pieces["scanner"].counters.get("used_turn") is None  # the token's once a turn is still to use
    r = s.submit(UseAbility("scanner"), 0)
    assert not r.accepted and "still has a token" in " ".join(v.message for v in r.violations)
    s.undo(0)
    assert s.state.hash() == before


@pytest.mark.parametrize("spent, step, rp, why", [(1, "requisition", 5, "still has a token"),
                                                   (2, "deployment", 5, "only during requisition"),
                                                   (2, "requisition", 1, "")])
def test_tokens_not_replenished_otherwise(library: CardLibrary, spent: int, step: str, rp: int, why: str) -> None:
    s = _scanner(library, spent, step, rp)
    before = s.state.hash()
    r = s.submit(UseAbility("scanner"), 0)
    assert not r.accepted and s.state.hash() == before
    assert why in " ".join(v.message for v in r.violations)
    assert UseAbility("scanner") not in list(s.rules.legal_actions(s.state, 0))


# ------------------------------------------------------------------------------------------ Equipment on no Agent


def test_equipment_needing_no_agent_stays_in_the_section_unattached(library: CardLibrary) -> None:
    assert _status(library, "SE-11") == "automated"
    trolley = fixture_ref(library, "SE-11")
    s = build_position({"hospital:0": ["owen-marsh:d2"], "bureau:0": ["nadia-keller"], "bureau:1": ["lena-ortiz"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"], "hand:0": [trolley],
                        "deck:0": ["marrow-point"] * 3, "deck:1": ["cold-trail"] * 3}, {"step": "requisition"},
                       library=library)
    st, rs = s.state, s.rules
    marsh, cart = pid(s, "hospital:0", "owen-marsh"), _mine(s, "hand:0", trolley)
    r = s.submit(Requisition(cart, pid(s, "bureau:0", "nadia-keller")), 0)  # its Activator: an Agent in the Hospital
    assert not r.accepted and r.violations[0].code == "xfc.requisition_section"
    ok(s, Requisition(cart, marsh), 0)
    assert st.pieces[cart].zone == "hospital:0" and st.pieces[cart].attached_to is None
    assert cart not in st.attached(marsh) and rs.agents(st, 0, ("hospital",)) == [marsh]
    ok(s, UseAbility(cart), 0)
    (pick,) = [a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseTarget) and a.piece]
    ok(s, pick, 0)
    assert rs.damage(st, marsh) == 1 and rs.tokens_left(st, cart) == 2


# ---------------------------------------------------------------------------------------------- named Agent pairs


@pytest.mark.parametrize("agent", ["SE-12", "SE-13"])
def test_an_agent_named_loses_health_while_in_the_same_team(library: CardLibrary, agent: str) -> None:
    assert _status(library, agent) == "automated"
    s = build_position({"field:0": [fixture_ref(library, agent), "nadia-keller", "owen-marsh"],
                        "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "deployment"}, library=library)
    st, rs = s.state, s.rules
    me = _mine(s, "field:0", fixture_ref(library, agent))
    keller, marsh = pid(s, "field:0", "nadia-keller"), pid(s, "field:0", "owen-marsh")
    printed = {p: rs.pinfo(st, p).health for p in (keller, marsh)}
    st.rules["teams"] = {"0": [[me, marsh], [keller]]}
    assert rs.rating(st, keller) == printed[keller] and rs.rating(st, marsh) == printed[marsh]
    st.rules["teams"] = {"0": [[me, keller, marsh]]}
    assert rs.rating(st, keller) == printed[keller] - 1 and rs.rating(st, marsh) == printed[marsh]


# ------------------------------------------------------------------------------------------------------- more


def test_equipment_discarded_to_draw_three_in_the_requisition(library: CardLibrary) -> None:
    assert _status(library, "SE-14") == "automated"
    s = build_position({"field:0": ["owen-marsh"], "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"],
                        "xfile:1": ["lantern-choir"], "deck:0": ["marrow-point"] * 4, "deck:1": ["cold-trail"] * 3},
                       {"step": "deployment"}, library=library)
    st = s.state
    st.add_piece(Piece(id="ledger", card=fixture_ref(library, "SE-14"), zone="field:0", owner=0, face_up=True,
                       attached_to=pid(s, "field:0", "owen-marsh")))
    r = s.submit(UseAbility("ledger"), 0)
    assert not r.accepted and "requisition" in r.violations[0].message
    st.rules["step"] = "requisition"
    ok(s, UseAbility("ledger"), 0)
    assert st.pieces["ledger"].zone == "discard:0" and len(st.zones["hand:0"].pieces) == 3


@pytest.mark.parametrize("with_keller, replaced", [(True, True), (False, False)])
def test_a_pool_token_replaced_only_beside_an_agent_named(library: CardLibrary, with_keller: bool,
                                                           replaced: bool) -> None:
    assert _status(library, "SE-15") == "automated"
    holt = fixture_ref(library, "SE-15")
    s = build_position({"field:0": [holt, "nadia-keller", "owen-marsh"], "bureau:1": ["lena-ortiz"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"],
                        "deck:0": ["marrow-point"] * 3, "deck:1": ["cold-trail"] * 3}, {"step": "draw"},
                       library=library)
    st = s.state
    me = _mine(s, "field:0", holt)
    keller, marsh = pid(s, "field:0", "nadia-keller"), pid(s, "field:0", "owen-marsh")
    st.pieces[me].counters["pool_used"] = 1
    st.rules["teams"] = {"0": [[me, keller if with_keller else marsh]]}
    ok(s, FreeDraw(), 0)
    assert (not st.pieces[me].counters.get("pool_used")) is replaced
