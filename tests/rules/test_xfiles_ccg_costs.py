"""`xfiles-ccg` card text families of Agents, Equipment and Adversaries (issue #26, the grammar's `costs` block), each run in a game on
cards of our own in the printed wordings: a card's cost and Activators where it is played, ..."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.cards import CardLibrary
from tabletop.core import Piece
from tabletop.rules.effects import ChooseTarget
from tabletop.rules.xfiles_ccg import AssignDamage, Investigate, Pass, PlayCard
from tabletop.rules.xfiles_ccg.compiler import compile_text
from tests.rules.xfiles_ccg_helpers import fixture_library, fixture_ref, ok, pid
from tests.rules.xfiles_ccg_helpers import position as build_position


def _card(rid: str, title: str, kind: str, text: str, cost: str = "1 RP", **more: Any) -> dict[str, Any]:
    return {"id": rid, "title": title, "set": "Fixture", "type": kind, "cost": cost, "gameText": text,
            "keywords": [kind], "activators": ["Active"], **more}


def _adversary(rid: str, title: str, text: str, cost: str = "4 CP", keywords: tuple[str, ...] = ("Creature",),
               activators: tuple[str, ...] = ("Conspiracy", "Cult"), lrc: int = 1) -> dict[str, Any]:
    """An Adversary whose Activators ask for a CULT Keyword no sample card has (unless `activators` says else)."""
    return _card(rid, title, "Adversary", text, cost=cost, keywords=["Adversary", *keywords],
                 activators=list(activators), skills={"Long Range Combat": lrc, "Close Range Combat": 1, "Health": 9})


RECORDS = [
    _adversary("SC-01", "The Lantern Widow", "This card is free and Activator requirements are ignored if it is "
               "played on a Keyword OCCULT INVESTIGATION Site."),
    _adversary("SC-02", "Hollow Jack", "The cost to play this card is 2 [CP] if the Site Prerequisite is OCCULT "
               "INVESTIGATION.", cost="5 CP", activators=("Conspiracy",)),
    _adversary("SC-03", "Grave Moths", "Play this card for 2 [CP] less if played on a Site card with the Keyword "
               "OCCULT INVESTIGATION.", cost="5 CP", activators=("Conspiracy",)),
    _adversary("SC-04", "The Doubter's Shade", "This card may be played in its normal way or on any Team that "
               "includes at least one Agent with the keyword SKEPTIC, ignoring Activator requirements."),
    _card("SC-05", "Wiretap Transcript", "Equipment", "GOVERNMENT Adversaries may now attack the Agent's Team when "
          "investigating a Site, even when they would otherwise be barred from doing so.", activators=["Bureau"]),
    _adversary("SC-06", "Men in Grey", "", keywords=("Government",)),
    _adversary("SC-07", "The Bog Hag", "", keywords=("Occult", "Creature"), activators=("Conspiracy",)),
    _card("SC-08", "Charm of Ash", "Equipment", "OCCULT Adversaries may not assign damage to this Agent unless there "
          "are no other eligible targets. If the Agent is the only eligible target then the damage from OCCULT "
          "Adversaries is halved.", activators=["Bureau"]),
    _card("SC-09", "Root Pouch", "Equipment", "Subtract one point from each damaging hit caused by an OCCULT "
          "CREATURE. In addition, OCCULT Adversaries may not play combat cards on Agents equipped with a Root Pouch.",
          activators=["Bureau"]),
    _adversary("SC-11", "The Bone Caller", "", keywords=("Occult",), activators=("Conspiracy",), lrc=3),
    _card("SC-10", "Cold Grip", "Combat", "Play on any combatant to add 1 to its CLOSE RANGE COMBAT this round.",
          cost="0 CP", activators=["Combat"]),
]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> CardLibrary:
    return fixture_library(tmp_path_factory.mktemp("sets"), RECORDS)


def _mine(s: Any, zone: str, ref: str) -> str:
    return next(p for p in s.state.zones[zone].pieces if s.state.pieces[p].card == ref)


def _at(library: CardLibrary, site: str, skill: str, team: tuple[str, ...], hand: list[str], cp: int = 9) -> Any:
    """Randy's Team of `team` investigates `site` with `skill`; Les (CP `cp`) holds `hand`, his to play."""
    s = build_position({"field:0": [site, *team], "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"],
                        "xfile:1": ["lantern-choir"], "deck:0": ["marrow-point"] * 3, "deck:1": ["cold-trail"] * 3,
                        "hand:1": hand}, {"step": "assign"}, library=library, pools=((9, 9), (9, cp)))
    st = s.state
    where = pid(s, "field:0", site)
    st.rules["sites"] = {where: {"at": 1, "turn": 1, "owner": 0}}
    ok(s, Investigate(where, tuple(p for p in st.zones["field:0"].pieces if p != where), skill), 0)
    ok(s, Pass(), 0)
    return s


def _listed(s: Any, piece: str) -> bool:
    return any(isinstance(a, PlayCard) and a.piece == piece for a in s.rules.legal_actions(s.state, 1))


# ------------------------------------------------------------------------------------------------ costs, Activators


def test_an_adversary_free_and_unbarred_at_a_site_of_its_keyword(library: CardLibrary) -> None:
    widow = fixture_ref(library, "SC-01")
    s = _at(library, "mercer-mill", "Occult Investigation", ("owen-marsh",), [widow], cp=0)
    me = _mine(s, "hand:1", widow)
    assert _listed(s, me)
    ok(s, PlayCard(me), 1)
    assert s.state.player(1).counters["cp"] == 0 and s.state.pieces[me].zone == "chain"
    elsewhere = _at(library, "harlow-creek", "Behavioral", ("owen-marsh",), [widow], cp=9)
    me = _mine(elsewhere, "hand:1", widow)
    assert not _listed(elsewhere, me)
    r = elsewhere.submit(PlayCard(me), 1)
    assert not r.accepted and any(v.code == "xfc.activator" for v in r.violations)
    assert not compile_text(library.get(widow))[1]


@pytest.mark.parametrize("skill, paid", [("Occult Investigation", 2), ("Evidence Collection", 5)])
def test_an_adversarys_cost_set_by_the_prerequisite_checked(library: CardLibrary, skill: str, paid: int) -> None:
    """Mercer Mill asks OCCULT INVESTIGATION or EVIDENCE COLLECTION: the prerequisite is the one checked."""
    jack = fixture_ref(library, "SC-02")
    s = _at(library, "mercer-mill", skill, ("owen-marsh", "ruth-calder"), [jack])
    ok(s, PlayCard(_mine(s, "hand:1", jack)), 1)
    assert s.state.player(1).counters["cp"] == 9 - paid


@pytest.mark.parametrize("site, skill, paid", [("mercer-mill", "Evidence Collection", 3),
                                               ("harlow-creek", "Behavioral", 5)])
def test_an_adversary_cheaper_at_a_site_of_a_keyword(library: CardLibrary, site: str, skill: str, paid: int) -> None:
    moths = fixture_ref(library, "SC-03")
    s = _at(library, site, skill, ("owen-marsh", "ruth-calder"), [moths], cp=paid)
    me = _mine(s, "hand:1", moths)
    assert _listed(s, me)  # the listing reads the cost the card pays there
    ok(s, PlayCard(me), 1)
    assert s.state.player(1).counters["cp"] == 0


@pytest.mark.parametrize("team, allowed", [(("owen-marsh", "ruth-calder"), True), (("owen-marsh",), False)])
def test_an_adversary_unbarred_by_an_agent_of_a_keyword(library: CardLibrary, team: tuple[str, ...],
                                                        allowed: bool) -> None:
    """Calder is a SKEPTIC, Marsh a BELIEVER."""
    shade = fixture_ref(library, "SC-04")
    s = _at(library, "harlow-creek", "Behavioral", team, [shade])
    me = _mine(s, "hand:1", shade)
    assert _listed(s, me) is allowed
    assert s.submit(PlayCard(me), 1).accepted is allowed


@pytest.mark.parametrize("adversary, allowed", [("SC-06", True), ("SC-01", False)])
def test_equipment_lets_adversaries_of_a_keyword_at_its_agents_team(library: CardLibrary, adversary: str,
                                                                    allowed: bool) -> None:
    ref = fixture_ref(library, adversary)
    s = _at(library, "harlow-creek", "Behavioral", ("owen-marsh",), [ref])
    st = s.state
    st.add_piece(Piece(id="tap", card=fixture_ref(library, "SC-05"), zone="field:0", owner=0, face_up=True,
                       attached_to=pid(s, "field:0", "owen-marsh")))
    me = _mine(s, "hand:1", ref)
    assert _listed(s, me) is allowed
    assert s.submit(PlayCard(me), 1).accepted is allowed
    assert not compile_text(library.get(fixture_ref(library, "SC-05")))[1]


def test_costs_where_played_are_read_only_on_cards_paid_there() -> None:
    """A Site or an Equipment is not paid in a skill check's chain: the words stay by hand there."""
    text = "This card is free if it is played on a Keyword OCCULT INVESTIGATION Site."
    assert not compile_text(text)[1]
    site = type("C", (), {"text": text, "type": "Site"})()
    assert compile_text(site)[1] == [text.rstrip(".")]


def test_an_adversary_of_the_keyword_stays_barred_without_the_equipment(library: CardLibrary) -> None:
    ref = fixture_ref(library, "SC-06")
    s = _at(library, "harlow-creek", "Behavioral", ("owen-marsh",), [ref])
    r = s.submit(PlayCard(_mine(s, "hand:1", ref)), 1)
    assert not r.accepted and any(v.code == "xfc.activator" for v in r.violations)


# ------------------------------------------------------------------------------------------------ wards


def _warded(library: CardLibrary, adversary: str, gear: str, team: tuple[str, ...] = ("owen-marsh", "nadia-keller"),
            hand: tuple[str, ...] = ()) -> Any:
    """Marsh holds `gear`; Les's `adversary` attacks Randy's Team at Harlow Creek: its Combat begins."""
    ref = fixture_ref(library, adversary)
    s = _at(library, "harlow-creek", "Behavioral", team, [ref, *(fixture_ref(library, h) for h in hand)])
    st = s.state
    st.add_piece(Piece(id="ward", card=fixture_ref(library, gear), zone="field:0", owner=0, face_up=True,
                       attached_to=pid(s, "field:0", "owen-marsh")))
    ok(s, PlayCard(_mine(s, "hand:1", ref)), 1)
    ok(s, Pass(), 1)
    ok(s, Pass(), 0)
    assert st.rules.get("combat")
    return s


def _to_damage(s: Any) -> None:
    """Pass until the Adversary's damage of this round is to be assigned."""
    st, rs = s.state, s.rules
    for _ in range(8):
        if rs.step(st) == "damage":
            return
        ok(s, Pass(), rs.decision(st))


def test_an_agent_warded_from_an_adversarys_damage_while_another_can_take_it(library: CardLibrary) -> None:
    s = _warded(library, "SC-07", "SC-08")
    st, rs = s.state, s.rules
    marsh, keller = pid(s, "field:0", "owen-marsh"), pid(s, "field:0", "nadia-keller")
    _to_damage(s)
    assert rs.step(st) == "damage"
    assert {a.agent for a in rs.legal_actions(st, 1) if isinstance(a, AssignDamage)} == {keller}
    r = s.submit(AssignDamage(marsh), 1)
    assert not r.accepted and r.violations[0].code == "xfc.damage_target"
    ok(s, AssignDamage(keller), 1)
    assert rs.damage(st, keller) == 1 and rs.damage(st, marsh) == 0  # the Hag's Long Range 1


def _first_hit(s: Any, agent: str) -> int:
    """Pass through the Long Range round until `agent` is hit: the damage it took."""
    st, rs = s.state, s.rules
    for _ in range(8):
        if st.rules["combat"]["round"] != "lrc" or rs.damage(st, agent):
            break
        ok(s, Pass(), rs.decision(st))
    return rs.damage(st, agent)


@pytest.mark.parametrize("gear, taken", [("SC-08", 2), ("SC-09", 3)])
def test_a_warded_agent_alone_takes_half_of_the_damage(library: CardLibrary, gear: str, taken: int) -> None:
    """The Bone Caller (OCCULT, not a CREATURE) hits for 3 at Long Range: halved, rounded up, 2."""
    s = _warded(library, "SC-11", gear, team=("owen-marsh",))
    assert _first_hit(s, pid(s, "field:0", "owen-marsh")) == taken


@pytest.mark.parametrize("adversary, taken", [("SC-07", 0), ("SC-02", 1)])
def test_each_hit_of_an_occult_creature_less_a_point(library: CardLibrary, adversary: str, taken: int) -> None:
    """The Hag is OCCULT and CREATURE, Hollow Jack a CREATURE only: the Long Range hit of 1 is 0, or 1."""
    s = _warded(library, adversary, "SC-09", team=("owen-marsh",))
    assert _first_hit(s, pid(s, "field:0", "owen-marsh")) == taken


def test_no_combat_card_of_the_adversarys_player_on_a_warded_agent(library: CardLibrary) -> None:
    s = _warded(library, "SC-07", "SC-09", hand=("SC-10",))
    st, rs = s.state, s.rules
    marsh, keller = pid(s, "field:0", "owen-marsh"), pid(s, "field:0", "nadia-keller")
    while rs.decision(st) != 1:
        ok(s, Pass(), rs.decision(st))
    ok(s, PlayCard(_mine(s, "hand:1", fixture_ref(library, "SC-10"))), 1)
    while not (st.rules.get("effects") or {}).get("pending"):  # its target is chosen as it resolves
        ok(s, Pass(), rs.decision(st))
    picks = {a.piece for a in rs.legal_actions(st, 1) if isinstance(a, ChooseTarget) and a.piece}
    assert marsh not in picks and keller in picks and st.rules["combat"]["adversary"] in picks
    entry = st.rules["effects"]["pending"][0]
    assert not s.submit(ChooseTarget(entry["id"], "combatant", marsh), 1).accepted
