"""`xfiles-ccg`: card text compiled and run by the engine, on cards of our own in the real sets' wordings: a
conditioned Combat card refused in strict and logged in warn (xfc.effect.2), targets chosen as legal moves, Combat
effects that change the damage dealt, standing text read where the rules need it."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.cards import CardLibrary
from tabletop.core import Session
from tabletop.rules.kit import ChooseTarget, ResolveEffect
from tabletop.rules.xfiles_ccg import AssignDamage, Investigate, Pass, PlayCard, UseAbility, XFilesCCG
from tests.rules.xfiles_ccg_helpers import fixture_library, fixture_ref, ok
from tests.rules.xfiles_ccg_helpers import position as build_position


def _rec(rid: str, title: str, kind: str, cost: str, text: str = "", **more: Any) -> dict[str, Any]:
    return {"id": rid, "title": title, "set": "Fixture", "type": kind, "cost": cost, "gameText": text, **more}


RECORDS = [
    _rec("FT-01", "Roundhouse", "Combat", "3 *P", "Combatants that can use MARTIAL ARTS may play this card to add 3 "
         "to their CLOSE RANGE COMBAT skill this round.", keywords=["Combat"], activators=["Combat"]),
    _rec("FT-02", "Feral Bite", "Combat", "1 CP", "Play on any PRIMORDIAL or OCCULT Adversary to add 2 to their "
         "CLOSE RANGE COMBAT skill.", keywords=["Combat"], activators=["Combat"]),
    _rec("FT-03", "Men In Grey", "Adversary", "4 CP", keywords=["Adversary", "Government", "Pawn"],
         activators=["Conspiracy"], skills={"Long Range Combat": "N/A", "Close Range Combat": 2, "Health": 9}),
    _rec("FT-04", "The Bog Thing", "Adversary", "4 CP", keywords=["Adversary", "Primordial", "Creature"],
         activators=["Conspiracy"], skills={"Long Range Combat": "N/A", "Close Range Combat": 2, "Health": 9}),
    _rec("FT-05", "Agent Kim Sato", "Agent", "4 RP", "", keywords=["Agent", "FBI", "Martial Arts"],
         skills={"Behavioral": 3, "Long Range Combat": 1, "Close Range Combat": 2, "Health": 4, "Resources": 1}),
    _rec("FT-06", "Professor Linde", "Witness", "2 RP", "Negates one PRIMORDIAL CREATURE.",
         keywords=["Witness"], activators=["Active"]),
    _rec("FT-07", "Stakeout", "Adversary", "3 CP", "The LONG RANGE COMBAT round is skipped.",
         keywords=["Adversary", "Government"], activators=["Conspiracy"],
         skills={"Long Range Combat": 3, "Close Range Combat": 1, "Health": 9}),
    _rec("FT-08", "Dr. Ida Venn", "Agent", "4 RP", "Place one token on this card. Discard a token to negate one "
         "OCCULT Adversary.", keywords=["Agent", "FBI"],
         skills={"Behavioral": 3, "Long Range Combat": 1, "Close Range Combat": 1, "Health": 4, "Resources": 1}),
    _rec("FT-09", "The Hollow Men", "Adversary", "4 CP", "Damage caused by this creature may be split among all "
         "opponents (Directed Player's choice).", keywords=["Adversary", "Occult", "Creature"],
         activators=["Conspiracy"], skills={"Long Range Combat": 2, "Close Range Combat": 2, "Health": 9}),
    _rec("FT-10", "Agent Paul Ruiz", "Agent", "4 RP", "Place 1 [RP] on this card. This [RP] may be used to pay for "
         "any Keyword WITNESS cards. If you use this [RP], replace it during your Briefing Phase.",
         keywords=["Agent", "FBI"], skills={"Behavioral": 2, "Long Range Combat": 1, "Close Range Combat": 1,
                                            "Health": 4, "Resources": 1}),
]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> CardLibrary:
    return fixture_library(tmp_path_factory.mktemp("sets"), RECORDS)


def _fight(library: CardLibrary, agents: list[str], adversary: str, hand0: list[str], hand1: list[str] = (),
           mode: str = "strict") -> tuple[Session, str]:
    """Randy's Team investigates; Les plays `adversary`, it resolves: Combat begins, Les holding priority."""
    refs = {c: fixture_ref(library, c) if c.startswith("FT-") else c for c in [*agents, adversary, *hand0, *hand1]}
    s = build_position({"bureau:0": [], "field:0": ["harlow-creek", *(refs[a] for a in agents)],
                        "bureau:1": ["lena-ortiz", "victor-hale", "priya-sen"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"],
                        "deck:0": ["marrow-point"] * 3, "deck:1": ["cold-trail"] * 3,
                        "hand:0": [refs[c] for c in hand0], "hand:1": [refs[adversary], *(refs[c] for c in hand1)]},
                       {"step": "assign"}, library=library, pools=((9, 9), (9, 9)), enforcement=mode)
    st = s.state
    site = _piece(s, "field:0", "harlow-creek")
    st.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    team = tuple(p for p in st.zones["field:0"].pieces if p != site)
    ok(s, Investigate(site, team, "Behavioral"), 0)
    ok(s, Pass(), 0)
    adv = _piece(s, "hand:1", refs[adversary])
    ok(s, PlayCard(adv), 1)
    ok(s, Pass(), 1)
    ok(s, Pass(), 0)
    assert st.rules["combat"]["adversary"] == adv
    return s, adv


def _piece(s: Session, zone: str, card: str) -> str:
    return next(p for p in s.state.zones[zone].pieces if str(s.state.pieces[p].card).endswith("/" + card)
                or s.state.pieces[p].card == card)


def _rules(s: Session) -> XFilesCCG:
    assert isinstance(s.rules, XFilesCCG)
    return s.rules


def test_a_martial_arts_card_without_a_martial_arts_combatant_is_refused_in_strict(library: CardLibrary) -> None:
    s, _ = _fight(library, ["owen-marsh"], "FT-03", ["FT-01"])
    ok(s, Pass(), 1)
    kick = _piece(s, "hand:0", fixture_ref(library, "FT-01"))
    before = s.state.hash()
    r = s.submit(PlayCard(kick, "agents"), 0)
    assert not r.accepted and [v.rule for v in r.violations] == ["xfc.effect.2"]
    assert "MARTIAL ARTS" in r.violations[0].message and s.state.hash() == before
    assert PlayCard(kick, "agents") not in list(s.rules.legal_actions(s.state, 0))


def test_warn_plays_it_and_logs_the_rule(library: CardLibrary) -> None:
    s, _ = _fight(library, ["owen-marsh"], "FT-03", ["FT-01"], mode="warn")
    ok(s, Pass(), 1)
    kick = _piece(s, "hand:0", fixture_ref(library, "FT-01"))
    r = s.submit(PlayCard(kick, "agents"), 0)
    assert r.accepted and [v.rule for v in r.violations] == ["xfc.effect.2"]
    logged = [v["rule"] for e in s.log_for(0) for v in e.get("violations", [])]
    assert "xfc.effect.2" in logged, logged


def test_a_martial_arts_combatant_plays_it_chooses_itself_and_deals_three_more(library: CardLibrary) -> None:
    s, adv = _fight(library, ["FT-05"], "FT-03", ["FT-01"])
    rs, st = _rules(s), s.state
    sato = _piece(s, "field:0", fixture_ref(library, "FT-05"))
    ok(s, Pass(), 1)
    ok(s, PlayCard(_piece(s, "hand:0", fixture_ref(library, "FT-01")), "agents"), 0)
    ok(s, Pass(), 0)
    ok(s, Pass(), 1)  # it resolves: the combatant is Randy's to choose, a legal move, and the only one listed
    assert rs.decision(st) == 0
    listed = [a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseTarget)]
    assert [a.piece for a in listed if a.piece] == [sato]
    assert not s.submit(Pass(), 0).accepted  # nothing else is played before it (xfc.effect.3)
    ok(s, next(a for a in listed if a.piece == sato), 0)
    # Long Range round: the Adversary has no LRC, Sato deals 1; the Close Range round: 2 + 3
    for _ in range(2):
        ok(s, Pass(), rs.decision(st))
    assert rs.damage(st, adv) == 1
    while st.rules.get("combat", {}).get("round") == "lrc" or rs.step(st) != "check":
        ok(s, Pass(), rs.decision(st))
    ok(s, Pass(), rs.decision(st))
    ok(s, Pass(), rs.decision(st))
    assert rs.damage(st, adv) == 1 + 5


def test_an_adversary_card_needs_the_keyword_it_names(library: CardLibrary) -> None:
    """Feral Bite is played on a PRIMORDIAL or OCCULT Adversary: not on a GOVERNMENT one."""
    s, _ = _fight(library, ["owen-marsh"], "FT-03", [], ["FT-02"])
    bite = _piece(s, "hand:1", fixture_ref(library, "FT-02"))
    r = s.submit(PlayCard(bite), 1)
    assert not r.accepted and "PRIMORDIAL or OCCULT" in r.violations[0].message
    s, adv = _fight(library, ["owen-marsh"], "FT-04", [], ["FT-02"])
    bite = _piece(s, "hand:1", fixture_ref(library, "FT-02"))
    ok(s, PlayCard(bite), 1)
    ok(s, Pass(), 1)
    ok(s, Pass(), 0)
    combat = s.state.rules["combat"]
    assert combat["effects"] == [{"side": "adversary", "amount": 2, "round": "crc", "number": 2}]


def test_a_negation_names_its_card_as_a_legal_move(library: CardLibrary) -> None:
    """"Negates one PRIMORDIAL CREATURE": in answer to The Bog Thing on the chain, Randy chooses it; it is gone."""
    thing, linde = fixture_ref(library, "FT-04"), fixture_ref(library, "FT-06")
    s = build_position({"bureau:0": [], "field:0": ["harlow-creek", "owen-marsh"],
                        "bureau:1": ["lena-ortiz", "victor-hale", "priya-sen"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"],
                        "deck:0": ["marrow-point"] * 3, "deck:1": ["cold-trail"] * 3,
                        "hand:0": [linde], "hand:1": [thing]}, {"step": "assign"}, library=library,
                       pools=((9, 9), (9, 9)))
    st, rs = s.state, _rules(s)
    site = _piece(s, "field:0", "harlow-creek")
    st.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    ok(s, Investigate(site, (_piece(s, "field:0", "owen-marsh"),), "Behavioral"), 0)
    ok(s, Pass(), 0)
    adv = _piece(s, "hand:1", thing)
    ok(s, PlayCard(adv), 1)
    ok(s, Pass(), 1)
    ok(s, PlayCard(_piece(s, "hand:0", linde)), 0)
    ok(s, Pass(), 0)
    ok(s, Pass(), 1)  # the Witness resolves first: what it negates is Randy's choice
    listed = [a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseTarget) and a.piece]
    assert [a.piece for a in listed] == [adv]
    ok(s, listed[0], 0)
    assert st.pieces[adv].zone == "discard:1" and not st.rules.get("chain") and "combat" not in st.rules
    said = [n["text"] for e in s.log_for(1) for n in e["notes"] if n["what"] == "effects.applied"]
    assert any("negated The Bog Thing" in t for t in said), said


def test_a_negation_with_nothing_to_negate_is_refused(library: CardLibrary) -> None:
    linde = fixture_ref(library, "FT-06")
    s = build_position({"bureau:0": [], "field:0": ["harlow-creek", "owen-marsh"],
                        "bureau:1": ["lena-ortiz", "victor-hale", "priya-sen"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"],
                        "deck:0": ["marrow-point"] * 3, "deck:1": ["cold-trail"] * 3, "hand:0": [linde]},
                       {"step": "assign"}, library=library, pools=((9, 9), (9, 9)))
    st = s.state
    site = _piece(s, "field:0", "harlow-creek")
    st.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    ok(s, Investigate(site, (_piece(s, "field:0", "owen-marsh"),), "Behavioral"), 0)
    r = s.submit(PlayCard(_piece(s, "hand:0", linde)), 0)
    assert not r.accepted and r.violations[0].rule == "xfc.effect.2"


def test_a_skipped_round_starts_combat_at_close_range(library: CardLibrary) -> None:
    s, _ = _fight(library, ["owen-marsh"], "FT-07", [])
    assert s.state.rules["combat"]["round"] == "crc"


def test_warn_asks_to_apply_an_effect_and_may_decline_it(library: CardLibrary) -> None:
    s, adv = _fight(library, ["owen-marsh"], "FT-04", [], ["FT-02"], mode="warn")
    ok(s, PlayCard(_piece(s, "hand:1", fixture_ref(library, "FT-02"))), 1)
    ok(s, Pass(), 1)
    ok(s, Pass(), 0)
    choices = _rules(s).effects.choices(s.state, 1)
    assert {type(a).__name__ for a in choices} == {"ResolveEffect", "DeclineEffect"}
    ok(s, next(a for a in choices if isinstance(a, ResolveEffect)), 1)
    assert s.state.rules["combat"]["effects"]


def _window(library: CardLibrary, field0: list[str], hand0: list[str], hand1: list[str],
            pools: tuple = ((9, 9), (9, 9))) -> Session:
    """Randy's Team (`field0`) investigates the sample Site; the check's window is open, Randy to act."""
    refs = {c: fixture_ref(library, c) if c.startswith("FT-") else c for c in [*field0, *hand0, *hand1]}
    s = build_position({"bureau:0": [], "field:0": ["harlow-creek", *(refs[a] for a in field0)],
                        "bureau:1": ["lena-ortiz", "victor-hale", "priya-sen"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"],
                        "deck:0": ["marrow-point"] * 3, "deck:1": ["cold-trail"] * 3,
                        "hand:0": [refs[c] for c in hand0], "hand:1": [refs[c] for c in hand1]},
                       {"step": "assign"}, library=library, pools=pools)
    st = s.state
    site = _piece(s, "field:0", "harlow-creek")
    st.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    ok(s, Investigate(site, tuple(p for p in st.zones["field:0"].pieces if p != site), "Behavioral"), 0)
    return s


def test_a_token_ability_is_a_legal_move_until_its_token_is_spent(library: CardLibrary) -> None:
    """"Place one token on this card. Discard a token to negate one OCCULT Adversary.\""""
    s = _window(library, ["FT-08"], [], ["FT-09"])
    st, rs = s.state, _rules(s)
    venn = _piece(s, "field:0", fixture_ref(library, "FT-08"))
    assert UseAbility(venn) not in list(rs.legal_actions(st, 0))  # nothing to negate yet
    assert not s.submit(UseAbility(venn), 0).accepted
    ok(s, Pass(), 0)
    hollow = _piece(s, "hand:1", fixture_ref(library, "FT-09"))
    ok(s, PlayCard(hollow), 1)
    ok(s, Pass(), 1)
    assert UseAbility(venn) in list(rs.legal_actions(st, 0))
    ok(s, UseAbility(venn), 0)
    (pick,) = [a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseTarget) and a.piece]
    assert pick.piece == hollow
    ok(s, pick, 0)
    assert st.pieces[hollow].zone == "discard:1" and rs.tokens_left(st, venn) == 0
    r = s.submit(UseAbility(venn), 0)
    assert not r.accepted and "no token left" in r.violations[0].message


def test_split_damage_is_assigned_point_by_point(library: CardLibrary) -> None:
    s, adv = _fight(library, ["owen-marsh", "nadia-keller"], "FT-09", [])
    st, rs = s.state, _rules(s)
    marsh, keller = (_piece(s, "field:0", c) for c in ("owen-marsh", "nadia-keller"))
    for _ in range(4):
        if rs.step(st) == "damage":
            break
        ok(s, Pass(), rs.decision(st))
    assert rs.step(st) == "damage" and st.rules["combat"]["pending"]["adversary"] == 2
    assert AssignDamage(marsh, 1) in list(rs.legal_actions(st, 1))
    ok(s, AssignDamage(marsh, 1), 1)
    assert rs.step(st) == "damage" and rs.damage(st, marsh) == 1
    ok(s, AssignDamage(keller, 1), 1)
    assert rs.damage(st, keller) == 1 and rs.step(st) == "aftermath"


def test_an_agents_pool_token_pays_for_its_keyword_cards_once_per_briefing(library: CardLibrary) -> None:
    s = _window(library, ["FT-10"], ["retired-ranger"], [], pools=((2, 9), (9, 9)))
    st, rs = s.state, _rules(s)
    ruiz = _piece(s, "field:0", fixture_ref(library, "FT-10"))
    ranger = _piece(s, "hand:0", "retired-ranger")  # a 3 RP Witness: 2 in the pool and 1 on Ruiz
    assert PlayCard(ranger) in list(rs.legal_actions(st, 0))
    ok(s, PlayCard(ranger), 0)
    assert st.player(0).counters["rp"] == 0 and st.pieces[ruiz].counters.get("pool_used") == 1
    assert rs.table.card_pools(st, 0, rs.pinfo(st, ranger), "rp") == []
