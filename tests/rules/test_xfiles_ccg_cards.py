"""`xfiles-ccg` card text families of Agents, Equipment and Adversaries (issue #26), each run in a game on cards of
our own in the printed wordings: skills raised beside a named Agent, RES by section or Team, Equipment Health,
Adversaries fighting some rounds only, halved damage, regeneration, one Agent engaged, ..."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.cards import CardLibrary
from tabletop.rules.effects import ChooseTarget
from tabletop.rules.xfiles_ccg import AssignDamage, FreeDraw, Investigate, Pass, PlayCard, UseAbility
from tabletop.rules.xfiles_ccg.compiler import compile_text
from tests.rules.xfiles_ccg_helpers import fixture_library, fixture_ref, ok, pid
from tests.rules.xfiles_ccg_helpers import position as build_position


def _card(rid: str, title: str, kind: str, text: str, cost: str = "1 RP", **more: Any) -> dict[str, Any]:
    return {"id": rid, "title": title, "set": "Fixture", "type": kind, "cost": cost, "gameText": text,
            "keywords": [kind], "activators": ["Active"], **more}


def _agent(rid: str, title: str, text: str, **skills: int) -> dict[str, Any]:
    names = {"beh": "Behavioral", "obs": "Observation", "crim": "Criminal Investigation", "lrc": "Long Range Combat",
             "crc": "Close Range Combat", "health": "Health", "res": "Resources"}
    return _card(rid, title, "Agent", text, cost="2 RP", keywords=["Agent", "FBI"],
                 skills={names[k]: v for k, v in {"health": 3, "res": 1, **skills}.items()})


def _adversary(rid: str, title: str, text: str, lrc: int = 1, crc: int = 1, health: int = 12) -> dict[str, Any]:
    return _card(rid, title, "Adversary", text, cost="3 CP", keywords=["Adversary", "Creature"],
                 activators=["Conspiracy"], skills={"Long Range Combat": lrc, "Close Range Combat": crc,
                                                    "Health": health})


RECORDS = [
    _agent("CA-01", "Agent Rosa Finch", "Agent Finch's BEHAVIORAL and OBSERVATION skills are increased by one if she "
           "and Agent Owen Marsh are on the same Team.", beh=2, obs=1),
    _agent("CA-02", "Detective Hal Ruiz", "If Detective Ruiz is in the same Team as Agent Keller, they both gain a +1 "
           "to their cumulative BEHAVIORAL and CRIMINAL INVESTIGATION skills, and a -1 to their OBSERVATION skills.",
           beh=1, crim=1, obs=1),
    _agent("CA-03", "Agent Bo Lund", "Treat Agent Lund as a RES 2 if he is in the Field.", beh=1),
    _agent("CA-04", "Clerk Ivy Noor", "Treat Ivy Noor as RES 3 if she and Special Agent Lena Ortiz are both in the "
           "Bureau.", obs=1),
    _card("CA-05", "Kevlar Vest", "Equipment", "Adds two to the Agent's HEALTH.", activators=["Bureau"]),
    _card("CA-06", "Field Radio", "Equipment", "Adds +1 to the Agent's Observation skill.", activators=["Bureau"]),
    _adversary("CA-07", "The Tidewalker", "The LONG RANGE COMBAT round is skipped. This Adversary will attack for two "
               "CLOSE RANGE COMBAT rounds and is then discarded."),
    _adversary("CA-08", "Glass Wraith", "LONG RANGE COMBAT attacks cause only half damage (rounded up) to Glass "
               "Wraith. This Adversary regenerates (Heals) two points of HEALTH at the beginning of each combat round "
               "as long as his HEALTH is not at 0.", lrc=0, crc=0),
    _adversary("CA-09", "Brother Quill", "Brother Quill engages one opposing Agent (your choice) in Combat. This card "
               "cannot be played over Agent Owen Marsh."),
    _adversary("CA-10", "The Lamplighter", "The Lamplighter may use Martial Arts Combat cards and split its damage "
               "amongst opponents.", lrc=2),
    _agent("CA-11", "Agent Tess Varga", "Place two tokens on Agent Varga. Discard a token to add 1 to Varga's "
           "BEHAVIORAL or OBSERVATION skill.", beh=1),
    _card("CA-12", "Riot Baton", "Equipment", "Adds 2 to the Agent's CLOSE RANGE COMBAT skill once per combat.",
          activators=["Bureau"]),
    _card("CA-13", "Sealed Evidence Kit", "Equipment", "Adds 1 to the Agent's OBSERVATION skill. This card cannot be "
          "sold for [CP]."),
    _card("CA-14", "Energy Tonic", "Equipment", "Discard this card to add two to any of the Agent's skills.",
          activators=["Bureau"]),
    _agent("CA-15", "Agent Nell Park", "Place one token on this card. Remove one token to negate a Keyword HEALING "
           "card played by your opponent.", beh=1),
    _agent("CA-16", "Detective Ada Moss", "Place two tokens on Detective Moss. Discard one token to search through "
           "your Bureau deck and add a Witness card to your hand. Show the Witness to your opponent and shuffle the "
           "deck.", beh=1),
    _agent("CA-17", "Agent Cole Brandt", "Place a token on this card. Discard a token to look through your Bureau "
           "deck to draw any Site that asks a MOTIVE or METHOD question. Add it to your hand and reshuffle your "
           "Bureau deck.", beh=1),
    _card("CA-18", "Lucky Charm", "Equipment", "Discard Lucky Charm to negate any one CREATURE Adversary.",
          activators=["Bureau"]),
    _agent("CA-19", "Sergeant Lou Petty", "Treat Sergeant Petty's LRC skill as 4 if the number of agents in his Team "
           "is 4 or more.", lrc=1),
    _agent("CA-20", "Detective Sam Orr", "Detective Orr's LONG RANGE COMBAT skill is doubled against any CREATURE "
           "adversary played on any Team he belongs.", lrc=2),
    _agent("CA-21", "Detective Gil Mora", "Place three tokens on Detective Mora. You may remove one token per turn to "
           "add +1 to his BEHAVIORAL or OBSERVATION skills during a skill check he participates in.", beh=1),
    _agent("CA-22", "Agent June Pike", "Place two tokens on this card. Discard a token to draw one card from the top "
           "of your Bureau deck for zero [RP] cost any time you are the active player.", beh=1),
    _adversary("CA-23", "The Purge", "Any Witness RESOURCE cards are immediately discarded."),
    _card("CA-24", "Night Porter", "Witness", "Play this card in your Bureau Section. Adds 1 to one Team's "
          "OBSERVATION skill check.", keywords=["Witness", "Resource"]),
    _agent("CA-25", "Agent Kit Rowe", "[RP]s generated by Agent Rowe must be used to purchase cards. Place two tokens "
           "on this card. Discard a token to play a Site for zero [RP] cost.", beh=1, res=2),
]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> CardLibrary:
    return fixture_library(tmp_path_factory.mktemp("sets"), RECORDS)


def _mine(s: Any, zone: str, ref: str) -> str:
    return next(p for p in s.state.zones[zone].pieces if s.state.pieces[p].card == ref)


def _checking(library: CardLibrary, agents: list[str], skill: str = "Behavioral", **kw: Any) -> Any:
    """Randy's Team of `agents` at Harlow Creek's check of `skill`, Randy to play."""
    s = build_position({"field:0": ["harlow-creek", *agents], "bureau:1": ["lena-ortiz"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "check", "priority": 0, "passed": 0}, library=library, **kw)
    st = s.state
    site = pid(s, "field:0", "harlow-creek")
    team = [p for p in st.zones["field:0"].pieces if p != site]
    st.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    st.rules["check"] = {"site": site, "team": team, "skill": skill, "need": 4, "directed": 1, "mods": [], "used": []}
    return s


# ------------------------------------------------------------------------------------------------ Agents


def test_a_skill_raised_while_a_named_agent_is_in_the_team(library: CardLibrary) -> None:
    finch = fixture_ref(library, "CA-01")
    with_marsh = _checking(library, [finch, "owen-marsh"])
    st, rs = with_marsh.state, with_marsh.rules
    me = _mine(with_marsh, "field:0", finch)
    assert (rs.agent_skill(st, me, "Behavioral"), rs.agent_skill(st, me, "Observation")) == (3, 2)
    assert rs.check_total(st) == 3 + 3  # Finch 2+1, Marsh 3
    without = _checking(library, [finch, "nadia-keller"])
    me = _mine(without, "field:0", finch)
    assert without.rules.agent_skill(without.state, me, "Behavioral") == 2
    assert not compile_text(library.get(finch))[1]


def test_a_pair_of_agents_gains_once_between_them(library: CardLibrary) -> None:
    """"they both gain a +1 to their cumulative X skills": the pair's skill, once (carried by the card's Agent)."""
    ruiz = fixture_ref(library, "CA-02")
    s = _checking(library, [ruiz, "nadia-keller"])
    st, rs = s.state, s.rules
    me, keller = _mine(s, "field:0", ruiz), pid(s, "field:0", "nadia-keller")
    assert [rs.agent_skill(st, me, k) for k in ("Behavioral", "Criminal Investigation", "Observation")] == [2, 2, 0]
    assert [rs.agent_skill(st, keller, k) for k in ("Behavioral", "Observation")] == [3, 1]
    alone = _checking(library, [ruiz, "owen-marsh"])
    assert alone.rules.agent_skill(alone.state, _mine(alone, "field:0", ruiz), "Behavioral") == 1


def _briefing(library: CardLibrary, zones: dict[str, list[str]]) -> Any:
    return build_position({**zones, "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"],
                           "xfile:1": ["lantern-choir"], "deck:0": ["marrow-point"] * 3},
                          {"step": "draw"}, library=library, pools=((0, 0), (0, 0)))


@pytest.mark.parametrize("section, res", [("field", 2), ("bureau", 1)])
def test_an_agents_res_by_the_section_it_is_in(library: CardLibrary, section: str, res: int) -> None:
    lund = fixture_ref(library, "CA-03")
    s = _briefing(library, {f"{section}:0": [lund]})
    ok(s, FreeDraw(), 0)
    assert s.state.player(0).counters["rp"] == res


@pytest.mark.parametrize("beside, res", [(["lena-ortiz"], 3), ([], 1)])
def test_an_agents_res_while_a_named_agent_is_in_the_same_section(library: CardLibrary, beside: list[str],
                                                                   res: int) -> None:
    noor = fixture_ref(library, "CA-04")
    s = _briefing(library, {"bureau:0": [noor, *beside]})
    ok(s, FreeDraw(), 0)
    assert s.state.player(0).counters["rp"] == res + 2 * len(beside)  # Ortiz's own RES 2


def test_an_agent_adds_to_its_own_skill_with_a_token(library: CardLibrary) -> None:
    varga = fixture_ref(library, "CA-11")
    s = _checking(library, [varga, "nadia-keller"])
    st, rs = s.state, s.rules
    me = _mine(s, "field:0", varga)
    before = rs.check_total(st)
    assert UseAbility(me) in list(rs.legal_actions(st, 0))
    ok(s, UseAbility(me), 0)
    assert rs.check_total(st) == before + 1 and rs.tokens_left(st, me) == 1
    apart = _checking(library, ["nadia-keller"])
    apart_st = apart.state
    from tabletop.core import Piece

    apart_st.add_piece(Piece(id="v", card=varga, zone="bureau:0", owner=0, face_up=True))
    r = apart.submit(UseAbility("v"), 0)  # Varga is not making this check
    assert not r.accepted and r.violations[0].rule == "xfc.effect.2"


# ------------------------------------------------------------------------------------------------ Equipment


def test_equipment_that_adds_health_keeps_its_holder_standing(library: CardLibrary) -> None:
    vest = fixture_ref(library, "CA-05")
    s = build_position({"field:0": ["owen-marsh:d6"], "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"],
                        "xfile:1": ["lantern-choir"]}, {"step": "deployment"}, library=library)
    st, rs = s.state, s.rules
    marsh = pid(s, "field:0", "owen-marsh")
    from tabletop.core import Piece

    st.add_piece(Piece(id="vest", card=vest, zone="field:0", owner=0, face_up=True, attached_to=marsh))
    assert (rs.rating(st, marsh), rs.health(st, marsh)) == (7, 1)
    assert not list(rs.after(st, [], 0))  # Health 1: not sent to the Hospital
    assert not compile_text(library.get(vest))[1]


def test_a_skill_written_in_title_case_is_the_equipments_skill(library: CardLibrary) -> None:
    radio = fixture_ref(library, "CA-06")
    effects, left = compile_text(library.get(radio))
    assert not left and effects[0]["do"] == [{"equip": {"skill": "Observation", "amount": 1}}]


# ------------------------------------------------------------------------------------------------ Adversaries


def _fight(library: CardLibrary, adversary: str, team: tuple[str, ...] = ("owen-marsh", "nadia-keller")) -> Any:
    """Randy's Team investigates Harlow Creek; Les's `adversary` is played and resolves: its Combat begins."""
    ref = fixture_ref(library, adversary)
    s = build_position({"field:0": ["harlow-creek", *team], "bureau:1": ["lena-ortiz"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"],
                        "deck:0": ["marrow-point"] * 3, "deck:1": ["cold-trail"] * 3, "hand:1": [ref]},
                       {"step": "assign"}, library=library, pools=((9, 9), (9, 9)))
    st = s.state
    site = pid(s, "field:0", "harlow-creek")
    st.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    ok(s, Investigate(site, tuple(p for p in st.zones["field:0"].pieces if p != site), "Behavioral"), 0)
    ok(s, Pass(), 0)
    ok(s, PlayCard(_mine(s, "hand:1", ref)), 1)
    ok(s, Pass(), 1)
    ok(s, Pass(), 0)
    return s


def _round(s: Any) -> None:
    """Pass until this Combat round's damage is dealt (damage assigned to the first Agent when asked)."""
    st, rs = s.state, s.rules
    number = st.rules["combat"]["number"]
    for _ in range(12):
        combat = st.rules.get("combat")
        if not combat or combat["number"] != number:
            return
        if rs.step(st) == "damage":
            ok(s, AssignDamage(rs.combatants(st)[0]), rs.decision(st))
        else:
            ok(s, Pass(), rs.decision(st))
    raise AssertionError("the round did not end")


def test_an_adversary_that_fights_two_close_range_rounds_then_leaves(library: CardLibrary) -> None:
    s = _fight(library, "CA-07")
    st = s.state
    adv = st.rules["combat"]["adversary"]
    assert st.rules["combat"]["round"] == "crc"  # no Long Range round
    _round(s)
    assert st.rules["combat"]["number"] == 2
    _round(s)
    assert not st.rules.get("combat") and st.pieces[adv].zone == "discard:1"
    assert s.rules.damage(st, adv) < 12  # it left alive


def test_half_damage_at_long_range_and_regeneration_each_round(library: CardLibrary) -> None:
    s = _fight(library, "CA-08")
    st, rs = s.state, s.rules
    adv = st.rules["combat"]["adversary"]
    _round(s)  # the Agents' Long Range 2 + 1 = 3, halved (rounded up): 2, healed back at the next round's start
    assert st.rules["combat"]["round"] == "crc" and rs.damage(st, adv) == 0
    notes = [n["text"] for e in s.log_for(0) for n in e.get("notes", []) if "regenerates" in n.get("text", "")]
    assert notes or any("regenerates" in str(e) for e in s.log_for(0))


def test_an_adversary_engages_one_agent_of_its_players_choice_but_not_one_it_names(library: CardLibrary) -> None:
    s = _fight(library, "CA-09")
    st, rs = s.state, s.rules
    marsh, keller = pid(s, "field:0", "owen-marsh"), pid(s, "field:0", "nadia-keller")
    picks = [a for a in rs.legal_actions(st, 1) if isinstance(a, ChooseTarget) and a.piece]
    assert {a.piece for a in picks} == {keller}  # never Owen Marsh
    entry = st.rules["effects"]["pending"][0]
    assert not s.submit(ChooseTarget(entry["id"], "fighter", marsh), 1).accepted
    ok(s, picks[0], 1)
    assert rs.combatants(st) == [keller]


def test_an_adversary_splits_its_damage_and_uses_martial_arts_cards(library: CardLibrary) -> None:
    from tabletop.rules.xfiles_ccg.vocab import can_use

    s = _fight(library, "CA-10")
    st, rs = s.state, s.rules
    adv = st.rules["combat"]["adversary"]
    assert can_use(rs, st, adv, "MARTIAL ARTS")
    for _ in range(6):
        if rs.step(st) == "damage":
            break
        ok(s, Pass(), rs.decision(st))
    marsh, keller = pid(s, "field:0", "owen-marsh"), pid(s, "field:0", "nadia-keller")
    ok(s, AssignDamage(marsh, 1), 1)
    ok(s, AssignDamage(keller, 1), 1)
    assert (rs.damage(st, marsh), rs.damage(st, keller)) == (1, 1)


# ------------------------------------------------------------------------------------------------ batch 2


def _holding(s: Any, ref: str, agent: str = "owen-marsh", zone: str = "field:0") -> str:
    """`ref` attached to `agent` (an Equipment requisitioned before); its piece."""
    from tabletop.core import Piece

    pid_ = f"gear{len(s.state.pieces)}"
    s.state.add_piece(Piece(id=pid_, card=ref, zone=zone, owner=0, face_up=True, attached_to=pid(s, zone, agent)))
    return pid_


def test_equipment_adds_to_one_round_of_a_combat_only(library: CardLibrary) -> None:
    """"Adds 2 to the Agent's CLOSE RANGE COMBAT skill once per combat": the first Close Range round, not the next."""
    s = _fight(library, "CA-10")
    st, rs = s.state, s.rules
    _holding(s, fixture_ref(library, "CA-12"))
    adv = st.rules["combat"]["adversary"]
    _round(s)
    assert rs.damage(st, adv) == 2 + 1  # Long Range: Marsh 2, Keller 1
    _round(s)
    assert rs.damage(st, adv) == 3 + (2 + 2) + 1  # the first Close Range round: Marsh 2 and the Baton's 2, Keller 1
    _round(s)
    assert rs.damage(st, adv) == 8 + 2 + 1  # the Baton adds no more


def test_an_equipment_that_cannot_be_sold_is_not_offered_for_sale(library: CardLibrary) -> None:
    from tabletop.rules.xfiles_ccg import Sell

    kit, knife = fixture_ref(library, "CA-13"), "xfiles-ccg-sample/service-knife"
    s = build_position({"bureau:0": ["owen-marsh"], "bureau:1": ["lena-ortiz"], "hand:1": [kit, knife],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "sell", "seller": 1}, library=library)
    st, rs = s.state, s.rules
    mine, other = _mine(s, "hand:1", kit), _mine(s, "hand:1", knife)
    sells = [a for a in rs.legal_actions(st, 1) if isinstance(a, Sell)]
    assert sells and all(mine not in a.pieces for a in sells) and any(other in a.pieces for a in sells)
    assert not s.submit(Sell((mine,)), 1).accepted


def test_equipment_discarded_to_add_to_any_skill_of_its_holder(library: CardLibrary) -> None:
    s = _checking(library, ["owen-marsh", "nadia-keller"])
    st, rs = s.state, s.rules
    tonic = _holding(s, fixture_ref(library, "CA-14"))
    before = rs.check_total(st)
    ok(s, UseAbility(tonic), 0)
    assert rs.check_total(st) == before + 2 and st.pieces[tonic].zone == "discard:0"


def test_an_agent_negates_a_keyword_card_its_opponent_plays(library: CardLibrary) -> None:
    park = fixture_ref(library, "CA-15")
    s = _checking(library, ["owen-marsh:d2", "nadia-keller"])
    st, rs = s.state, s.rules
    from tabletop.core import Piece

    st.add_piece(Piece(id="park", card=park, zone="bureau:1", owner=1, face_up=True))
    st.add_piece(Piece(id="rest", card="xfiles-ccg-sample/rest-and-recovery", zone="hand:0", owner=0))
    assert UseAbility("park") not in list(rs.legal_actions(st, 1))  # nothing of Randy's to negate yet
    ok(s, PlayCard("rest"), 0)
    ok(s, Pass(), 0)
    assert rs.decision(st) == 1 and UseAbility("park") in list(rs.legal_actions(st, 1))
    ok(s, UseAbility("park"), 1)
    for a in [a for a in rs.legal_actions(st, 1) if isinstance(a, ChooseTarget) and a.piece == "rest"][:1]:
        ok(s, a, 1)
    assert st.pieces["rest"].zone == "discard:0" and not st.rules.get("chain")
    assert rs.damage(st, pid(s, "field:0", "owen-marsh")) == 2  # it never resolved


def _deck_search(library: CardLibrary, agent: str, deck: list[str]) -> tuple[Any, str, list[str]]:
    ref = fixture_ref(library, agent)
    s = build_position({"field:0": [ref], "bureau:1": ["lena-ortiz"], "deck:0": deck,
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "assign"}, library=library)
    return s, _mine(s, "field:0", ref), list(s.state.zones["deck:0"].pieces)


def test_a_witness_found_in_the_deck_is_shown_and_the_deck_shuffled(library: CardLibrary) -> None:
    s, moss, deck = _deck_search(library, "CA-16", ["marrow-point", "june-talley", "budget-cuts", "night-clerk"])
    st, rs = s.state, s.rules
    ok(s, UseAbility(moss), 0)
    picks = [a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseTarget) and a.piece]
    assert {rs.pinfo(st, a.piece).name for a in picks} == {"Officer June Talley", "The Night Clerk"}
    ok(s, picks[0], 0)
    found = picks[0].piece
    assert st.pieces[found].zone == "hand:0" and st.can_see(st.pieces[found], 1)  # shown to the opponent
    assert rs.tokens_left(st, moss) == 1 and len(st.zones["deck:0"].pieces) == 3


def test_a_site_asking_one_of_two_kinds_is_found(library: CardLibrary) -> None:
    sites = ["harlow-creek", "marrow-point", "dunmore-quarry", "ketch-island"]
    s, brandt, deck = _deck_search(library, "CA-17", sites)
    st, rs = s.state, s.rules
    ok(s, UseAbility(brandt), 0)
    picks = [a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseTarget) and a.piece]
    assert {rs.pinfo(st, a.piece).name for a in picks} == {"Dunmore Quarry, PA", "Ketch Island, WA"}
    ok(s, picks[0], 0)
    assert st.pieces[picks[0].piece].zone == "hand:0" and not st.can_see(st.pieces[picks[0].piece], 1)


def test_equipment_named_in_its_text_is_discarded_to_negate_an_adversary(library: CardLibrary) -> None:
    s = _fight(library, "CA-10")  # a CREATURE Adversary in Combat
    st, rs = s.state, s.rules
    charm = _holding(s, fixture_ref(library, "CA-18"))
    adv = st.rules["combat"]["adversary"]
    while rs.decision(st) != 0:
        ok(s, Pass(), rs.decision(st))
    ok(s, UseAbility(charm), 0)
    for a in [a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseTarget) and a.piece == adv][:1]:
        ok(s, a, 0)
    assert not st.rules.get("combat") and st.pieces[adv].zone == "discard:1" and st.pieces[charm].zone == "discard:0"


# ------------------------------------------------------------------------------------------------ batch 3


def test_a_skill_treated_as_a_value_in_a_team_of_four(library: CardLibrary) -> None:
    petty = fixture_ref(library, "CA-19")
    four = _checking(library, [petty, "owen-marsh", "nadia-keller", "tom-brandt"])
    me = _mine(four, "field:0", petty)
    assert four.rules.agent_skill(four.state, me, "Long Range Combat") == 4
    three = _checking(library, [petty, "owen-marsh", "nadia-keller"])
    assert three.rules.agent_skill(three.state, _mine(three, "field:0", petty), "Long Range Combat") == 1


def test_a_skill_doubled_against_an_adversary_of_a_keyword(library: CardLibrary) -> None:
    orr = fixture_ref(library, "CA-20")
    s = _fight(library, "CA-10", team=(orr, "nadia-keller"))  # a CREATURE Adversary
    st, rs = s.state, s.rules
    me = _mine(s, "field:0", orr)
    assert rs.agent_skill(st, me, "Long Range Combat") == 4
    adv = st.rules["combat"]["adversary"]
    _round(s)
    assert rs.damage(st, adv) == 4 + 1  # Orr's 2 doubled, Keller's 1
    calm = _checking(library, [orr])
    assert calm.rules.agent_skill(calm.state, _mine(calm, "field:0", orr), "Long Range Combat") == 2


def test_a_token_spent_once_a_turn_on_the_agents_own_skill(library: CardLibrary) -> None:
    mora = fixture_ref(library, "CA-21")
    s = _checking(library, [mora, "nadia-keller"])
    st, rs = s.state, s.rules
    me = _mine(s, "field:0", mora)
    before = rs.check_total(st)
    ok(s, UseAbility(me), 0)
    assert rs.check_total(st) == before + 1
    r = s.submit(UseAbility(me), 0)
    assert not r.accepted and "once per turn" in r.violations[0].message and rs.tokens_left(st, me) == 2


def test_a_card_drawn_free_in_its_players_own_turn(library: CardLibrary) -> None:
    pike = fixture_ref(library, "CA-22")
    s = _checking(library, [pike])
    st, rs = s.state, s.rules
    me = _mine(s, "field:0", pike)
    from tabletop.core import Piece

    st.add_piece(Piece(id="top0", card="xfiles-ccg-sample/overtime", zone="deck:0", owner=0))
    st.add_piece(Piece(id="theirs", card=pike, zone="bureau:1", owner=1, face_up=True))
    rp = st.player(0).counters["rp"]
    ok(s, UseAbility(me), 0)
    assert st.pieces["top0"].zone == "hand:0" and st.player(0).counters["rp"] == rp
    st.rules["priority"] = 1  # Les to decide, in Randy's turn
    assert UseAbility("theirs") not in list(rs.legal_actions(st, 1))
    r = s.submit(UseAbility("theirs"), 1)
    assert not r.accepted and r.violations[0].rule == "xfc.effect.2"


def test_an_adversary_sweeps_away_every_witness_resource(library: CardLibrary) -> None:
    porter = fixture_ref(library, "CA-24")
    ref = fixture_ref(library, "CA-23")
    s = build_position({"field:0": ["harlow-creek", "owen-marsh"], "bureau:0": [porter], "bureau:1": ["lena-ortiz"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"], "hand:1": [ref]},
                       {"step": "assign"}, library=library, pools=((9, 9), (9, 9)))
    st = s.state
    site = pid(s, "field:0", "harlow-creek")
    st.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    ok(s, Investigate(site, (pid(s, "field:0", "owen-marsh"),), "Behavioral"), 0)
    ok(s, Pass(), 0)
    ok(s, PlayCard(_mine(s, "hand:1", ref)), 1)
    ok(s, Pass(), 1)
    ok(s, Pass(), 0)
    assert st.pieces[_mine(s, "discard:0", porter)].zone == "discard:0"


def test_restated_words_of_tokens_and_a_reduced_foe() -> None:
    assert compile_text("Place one token on this card. This token cannot be replaced.")[1] == []
    said = [compile_text(f"Each opponent's LRC and CRC is reduced {w}one point.")[0] for w in ("", "by ")]
    assert said[0][0]["do"] == said[1][0]["do"] == [{"foes_minus": 1}]


# ------------------------------------------------------------------------------------------------ the Briefing, Sites


@pytest.mark.parametrize("buys, rp", [(0, 2), (1, 2), (2, 2)])
def test_rp_an_agent_generates_only_buy_cards(library: CardLibrary, buys: int, rp: int) -> None:
    """Rowe's 2 RP (and Marsh's 2) in the pool; what of Rowe's 2 buys no card is lost when the purchase is over."""
    from tabletop.rules.xfiles_ccg import Buy

    s = _briefing(library, {"field:0": [fixture_ref(library, "CA-25"), "owen-marsh"]})
    ok(s, FreeDraw(), 0)
    st = s.state
    assert st.player(0).counters["rp"] == 4
    ok(s, Buy(buys) if buys else Pass(), 0)
    assert st.player(0).counters["rp"] == rp and not st.rules.get("buy_only")


def test_a_token_makes_the_next_site_free(library: CardLibrary) -> None:
    from tabletop.rules.xfiles_ccg import PlaceSite

    rowe = fixture_ref(library, "CA-25")
    s = build_position({"field:0": [rowe], "hand:0": ["harlow-creek", "marrow-point"], "bureau:1": ["lena-ortiz"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "sites"}, library=library, pools=((0, 0), (5, 5)))
    st, rs = s.state, s.rules
    me, harlow, marrow = (_mine(s, z, r) for z, r in (("field:0", rowe), ("hand:0", "xfiles-ccg-sample/harlow-creek"),
                                                       ("hand:0", "xfiles-ccg-sample/marrow-point")))
    assert PlaceSite(harlow) not in list(rs.legal_actions(st, 0))  # 2 RP, none in the pool
    ok(s, UseAbility(me), 0)
    assert PlaceSite(harlow) in list(rs.legal_actions(st, 0))
    assert harlow in {a.piece for a in rs.generate_actions(st, 0) if isinstance(a, PlaceSite)}  # the bots see it too
    ok(s, PlaceSite(harlow), 0)
    assert st.pieces[harlow].zone == "field:0" and st.player(0).counters["rp"] == 0
    assert not s.submit(PlaceSite(marrow), 0).accepted  # one Site free per token
