"""`xfiles-ccg` card text families of Bluffs, Witnesses, Combat cards and Sites (bluffs), each run in a game on
cards of our own in the printed wordings: a Witness's second effect ("..., or play this card to ...", "Alternately,
..."), named when it is played and run alone; a card negated by its name; ..."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tabletop.cards import CardLibrary
from tabletop.core import Piece
from tabletop.rules.kit import ChooseOption, ChooseTarget, ResolveEffect
from tabletop.rules.xfiles_ccg import (
    AssignDamage,
    FreeDraw,
    Investigate,
    Pass,
    PlayCard,
    ResolveBluff,
    UseAbility,
)
from tabletop.rules.xfiles_ccg.compiler import compile_text
from tests.rules.xfiles_ccg_helpers import SET, approach, fixture_library, fixture_ref, ok, pid
from tests.rules.xfiles_ccg_helpers import checking_position as _checking
from tests.rules.xfiles_ccg_helpers import mine as _mine
from tests.rules.xfiles_ccg_helpers import position as build_position


def _card(rid: str, title: str, kind: str, text: str, cost: str = "1 RP", **more: Any) -> dict[str, Any]:
    return {"id": rid, "title": title, "set": "Fixture", "type": kind, "cost": cost, "gameText": text,
            "keywords": [kind], "activators": ["Active"], **more}


_ADVERSARY = {"cost": "1 CP", "activators": ["Conspiracy"],
              "skills": {"Long Range Combat": 1, "Close Range Combat": 1, "Health": 3}}

RECORDS = [
    _card("FB-01", "Warden Pike", "Witness", "Adds 1 to one Team's BEHAVIORAL or OBSERVATION skill check, or play "
          "this card to negate the Adversary \"The Marsh Lights.\""),
    _card("FB-02", "The Marsh Lights", "Adversary", "", keywords=["Adversary", "Occult"], **_ADVERSARY),
    _card("FB-03", "Officer Dunn", "Witness", "Adds 1 to one Team's BEHAVIORAL skill check. Alternately, play this "
          "card to negate \"Sheriff Dale\"."),
    _card("FB-04", "Reverend Hale", "Witness", "Adds 1 to one Team's BEHAVIORAL or OBSERVATION skill check, or you "
          "may play this card to look at all Adversaries in opponent's hand."),
    _card("FB-05", "Clerk Voss", "Witness", "Adds 1 to one Team's BEHAVIORAL skill check, or play this card to force "
          "your opponent to randomly shuffle one card from their hand back into their Bureau Deck."),
    _card("FB-06", "Old Man Tuck", "Witness", "Adds 2 to one Team's BEHAVIORAL skill check, or return one OCCULT "
          "Adversary that is played on your team to the bottom of the owning player's Bureau Deck."),
    _card("FB-07", "The Grey Wolf", "Adversary", "", keywords=["Adversary", "Creature"], **_ADVERSARY),
    _card("FB-08", "Closed Doors", "Bluff", "Play this card to force an opponent Team currently investigating a Site "
          "to make an OBSERVATION 4+ skill check. If they fail only Agents with the Keyword PROFILER may contribute "
          "their skills to any skill check made on this Site.", cost="1 CP", keywords=["Bluff"],
          activators=["Conspiracy"]),
    _card("FB-09", "Sheriff Dale", "Adversary", "", keywords=["Adversary", "Government"], **_ADVERSARY),
    _card("FB-11", "Quiet Town", "Bluff", "Once this card is played, the investigating player may not play any "
          "Events while investigating this Site, except for Events which would specifically negate this card.",
          cost="1 CP", keywords=["Bluff"], activators=["Conspiracy"]),
    _card("FB-12", "Town Meeting", "Event", "Adds 1 to one Team's BEHAVIORAL skill check."),
    _card("FB-13", "Loud Town", "Event", "Negate the Bluff \"Quiet Town\"."),
    _card("FB-14", "Man in Grey", "Witness", "Play this card to reveal any face down card (except an X-File)."),
    _card("FB-15", "Sticky Fingers", "Bluff", "Discard a card at random from your opponent's hand for each Agent "
          "investigating this Site.", cost="1 CP", keywords=["Bluff"], activators=["Conspiracy"]),
    _card("FB-16", "Twin Paths", "Bluff", "Choose one effect: Add 5 tokens to your [CP] pool or target player "
          "discards two cards at random from his hand.", cost="1 CP", keywords=["Bluff"], activators=["Conspiracy"]),
    _card("FB-17", "Power Surge", "Bluff", "All Agents in a Team must discard all attached Keyword ELECTRICAL "
          "Equipment immediately.", cost="1 CP", keywords=["Bluff"], activators=["Conspiracy"]),
    _card("FB-18", "Pocket Radio", "Equipment", "Adds 1 to the Agent's OBSERVATION skill.",
          keywords=["Equipment", "Electrical"], activators=["Field"]),
    _card("FB-19", "Field Notebook", "Equipment", "Adds 1 to the Agent's OBSERVATION skill.", activators=["Field"]),
    _card("FB-20", "Doubters", "Bluff", "Play this card to add one to the Site Prerequisite number for each Agent "
          "beyond one in the investigating Team.", cost="1 CP", keywords=["Bluff"], activators=["Conspiracy"]),
    _card("FB-21", "Coil Snare", "Combat", "Play this card on any PRIMORDIAL Adversary. One of that Adversary's "
          "opponents (your choice) is paralyzed and will deal no damage during the next round of Combat.",
          cost="1 CP", keywords=["Combat"], activators=["Combat"]),
    _card("FB-22", "The Bog Thing", "Adversary", "", keywords=["Adversary", "Primordial"], cost="1 CP",
          activators=["Conspiracy"], skills={"Long Range Combat": 1, "Close Range Combat": 1, "Health": 12}),
    _card("FB-23", "Sim Drill", "Combat", "This card adds 2 points to an Agent's LRC or CRC skill (your choice) "
          "during the Combat.", keywords=["Combat"], activators=["Combat"]),
    _card("FB-24", "Sawn Shotgun", "Combat", "Play this card on any combatant to increase or decrease that "
          "Combatant's LRC by two points during that round.", cost="1 *P", keywords=["Combat"],
          activators=["Combat"]),
    _card("FB-25", "Medic Kit", "Combat", "Play on any Agent in the Field to immediately heal 2 points of damage "
          "after an LRC round.", keywords=["Combat"], activators=["Combat"]),
    _card("FB-26", "Tower Clerk", "Witness", "Once during your Briefing Phase look at the top card of your Bureau "
          "Deck. You may put that card on the bottom of your Bureau Deck.", keywords=["Witness", "Resource"]),
    _card("FB-10", "Nurse Abbott", "Witness", "Adds 1 to one Team's BEHAVIORAL skill check. Alternately, heal 2 "
          "damage from one Agent who sleeps in the infirmary."),
]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> CardLibrary:
    return fixture_library(tmp_path_factory.mktemp("bluffs"), RECORDS)


def _resolve(s: Any) -> None:
    """Pass until the chain is empty, choosing the first target a pending effect offers."""
    for _ in range(12):
        seat = s.rules.decision(s.state)
        picks = [a for a in s.rules.legal_actions(s.state, seat) if isinstance(a, (ChooseTarget, ResolveEffect))]
        if picks:
            ok(s, next((a for a in picks if getattr(a, "piece", None)), picks[0]), seat)
        elif s.state.rules.get("chain"):
            ok(s, Pass(), seat)
        else:
            return
    raise AssertionError("the chain did not resolve")


def _adversary_played(library: CardLibrary, witness: str, adversary: str = "FB-02") -> Any:
    """Les plays an Adversary on Randy's Team at the check; Randy holds the Witness `witness`."""
    s = _checking(library, [fixture_ref(library, witness)], pools=((5, 5), (5, 9)))
    s.state.add_piece(Piece(id="adv", card=fixture_ref(library, adversary), zone="hand:1", owner=1, face_up=True))
    ok(s, Pass(), 0)
    ok(s, PlayCard("adv"), 1)
    ok(s, Pass(), 1)
    return s


# ------------------------------------------------------------------------------------------------ alternatives


def test_a_witness_offering_two_effects_compiles_each_to_its_own_moment() -> None:
    text = ("Adds 1 to one Team's BEHAVIORAL skill check. Alternately, heal one point of damage from one Agent. "
            "Remove this card from the game.")
    abilities, left = compile_text(text)
    assert not left
    assert [(a["when"], [next(iter(s)) for s in a["do"]]) for a in abilities] == [
        ("resolved", ["check_mod"]), ("resolved:2", ["heal", "remove_from_game"])]


@pytest.mark.parametrize(("witness", "adversary"), [("FB-01", "FB-02"), ("FB-03", "FB-09")])
def test_a_witness_negates_an_adversary_by_its_name_as_its_second_effect(library: CardLibrary, witness: str,
                                                                         adversary: str) -> None:
    s = _adversary_played(library, witness, adversary)
    st, rs = s.state, s.rules
    card = _mine(s, "hand:0", fixture_ref(library, witness))
    plays = [a for a in rs.legal_actions(st, 0) if isinstance(a, PlayCard) and a.piece == card]
    assert sorted(a.choice for a in plays) == [1, 2]
    ok(s, PlayCard(card, choice=2), 0)
    _resolve(s)
    assert st.pieces["adv"].zone == "discard:1" and not st.rules.get("combat")
    assert st.rules["check"]["mods"] == []  # the modifier, the other effect, does not apply
    assert st.rules["card_text"][2] == 0  # by the engine


def test_a_witness_named_for_its_first_effect_adds_and_negates_nothing(library: CardLibrary) -> None:
    s = _adversary_played(library, "FB-01")
    st = s.state
    card = _mine(s, "hand:0", fixture_ref(library, "FB-01"))
    ok(s, PlayCard(card, choice=1), 0)
    while any(e["piece"] == card for e in st.rules["chain"]):  # the Witness resolves, then the Adversary beneath it
        ok(s, Pass(), s.rules.decision(st))
    while st.rules.get("chain"):
        ok(s, Pass(), s.rules.decision(st))
    assert [m["amount"] for m in st.rules["check"]["mods"]] == [1]
    assert st.rules.get("combat", {}).get("adversary") == "adv"


@pytest.mark.parametrize("mode", ["strict", "warn"])
def test_a_negation_by_name_with_no_such_card_is_refused(library: CardLibrary, mode: str) -> None:
    s = _adversary_played(library, "FB-01", adversary="FB-07")  # The Grey Wolf, not The Marsh Lights
    s.state.enforcement = mode
    card = _mine(s, "hand:0", fixture_ref(library, "FB-01"))
    assert PlayCard(card, choice=2) not in list(s.rules.legal_actions(s.state, 0))
    r = s.submit(PlayCard(card, choice=2), 0)
    assert [v.rule for v in r.violations] == ["xfc.effect.2"] and r.accepted == (mode == "warn")


def test_a_second_effect_not_read_is_offered_and_lapses_on_a_pass_when_it_leaves_a_choice(
        library: CardLibrary) -> None:
    """Moved here from the sample's Change of Plans, whose second effect the engine now runs: an offered effect
    that leaves a choice (which Agent heals) lapses when its owner passes, said in the log."""
    s = _checking(library, [fixture_ref(library, "FB-10")], enforcement="warn")
    st, rs = s.state, s.rules
    marsh, keller = pid(s, "field:0", "owen-marsh"), pid(s, "field:0", "nadia-keller")
    for agent in (marsh, keller):
        st.pieces[agent].counters["damage"] = 1
    ok(s, PlayCard(_mine(s, "hand:0", fixture_ref(library, "FB-10")), choice=2), 0)
    while st.rules.get("chain"):
        ok(s, Pass(), rs.decision(st))
    assert len(rs.by_hand.suggestion_actions(st, 0)) == 2 and st.rules["check"]["mods"] == []
    ok(s, Pass(), 0)
    assert rs.damage(st, marsh) == 1 and rs.damage(st, keller) == 1
    lapsed = [n["text"] for e in s.log_for(1) for n in e["notes"] if n["what"] == "xfc.lapsed"]
    assert len(lapsed) == 1 and "Nurse Abbott's effect was not applied" in lapsed[0], lapsed


def test_a_witness_looks_at_the_adversaries_of_an_opponents_hand_alone(library: CardLibrary) -> None:
    s = _checking(library, [fixture_ref(library, "FB-04")])
    st = s.state
    for i, ref in enumerate((fixture_ref(library, "FB-02"), f"{SET}/june-talley")):
        st.add_piece(Piece(id=f"h{i}", card=ref, zone="hand:1", owner=1, face_up=False))
    ok(s, PlayCard(_mine(s, "hand:0", fixture_ref(library, "FB-04")), choice=2), 0)
    _resolve(s)
    assert st.can_see(st.pieces["h0"], 0) and not st.can_see(st.pieces["h1"], 0)  # the Adversary alone
    assert st.rules["check"]["mods"] == []


def test_a_witness_shuffles_a_random_card_of_an_opponents_hand_back_unseen(library: CardLibrary) -> None:
    s = _checking(library, [fixture_ref(library, "FB-05")])
    st = s.state
    for i in range(3):
        st.add_piece(Piece(id=f"h{i}", card=f"{SET}/june-talley", zone="hand:1", owner=1, face_up=False))
        st.add_piece(Piece(id=f"d{i}", card=f"{SET}/overtime", zone="deck:1", owner=1, face_up=False))
    ok(s, PlayCard(_mine(s, "hand:0", fixture_ref(library, "FB-05")), choice=2), 0)
    _resolve(s)
    assert len(st.zones["hand:1"].pieces) == 2 and len(st.zones["deck:1"].pieces) == 4
    back = next(p for p in st.zones["deck:1"].pieces if p.startswith("h"))
    assert not st.pieces[back].face_up and not st.can_see(st.pieces[back], 0)


def test_a_witness_returns_an_occult_adversary_to_the_bottom_of_its_owners_deck(library: CardLibrary) -> None:
    s = _adversary_played(library, "FB-06")
    st = s.state
    st.add_piece(Piece(id="d0", card=f"{SET}/overtime", zone="deck:1", owner=1, face_up=False))
    ok(s, PlayCard(_mine(s, "hand:0", fixture_ref(library, "FB-06")), choice=2), 0)
    _resolve(s)
    assert st.zones["deck:1"].pieces == ["d0", "adv"] and not st.pieces["adv"].face_up
    assert not st.rules.get("combat") and st.rules["check"]["mods"] == []
    s = _adversary_played(library, "FB-06", adversary="FB-07")  # not OCCULT: nothing to return
    assert PlayCard(_mine(s, "hand:0", fixture_ref(library, "FB-06")), choice=2) not in list(
        s.rules.legal_actions(s.state, 0))


# ------------------------------------------------------------------------------------------------ Bluffs


def _under_site(s: Any, ref: str, site: str, owner: int = 1) -> str:
    """A card of `owner`'s hand put face down beneath `site` (a Bluff placed in the Case Assignment)."""
    st = s.state
    bluff = next(p for p in st.zones[f"hand:{owner}"].pieces if st.pieces[p].card == ref)
    st.zones[f"hand:{owner}"].pieces.remove(bluff)
    st.zones["field:0"].pieces.append(bluff)
    st.pieces[bluff] = dataclasses.replace(st.pieces[bluff], zone="field:0", face_up=False, attached_to=site)
    st.link(bluff, None, site)
    return bluff


def _investigated(library: CardLibrary, bluff_ref: str, pools: Any = ((5, 5), (5, 5))) -> Any:
    """Randy's Team (Marsh and Keller) sent to Harlow Creek, with Les's Bluff `bluff_ref` beneath it."""
    s = build_position({"field:0": ["harlow-creek", "owen-marsh", "nadia-keller"], "hand:1": [bluff_ref],
                        "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "assign"}, library=library, pools=pools)
    site = pid(s, "field:0", "harlow-creek")
    s.state.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    _under_site(s, bluff_ref, site)
    ok(s, Investigate(site, (pid(s, "field:0", "owen-marsh"), pid(s, "field:0", "nadia-keller"))), 0)
    approach(s)
    return s


def test_a_failed_forced_check_leaves_only_agents_with_a_keyword_in_the_sites_checks(library: CardLibrary) -> None:
    s = _investigated(library, fixture_ref(library, "FB-08"))
    st = s.state
    ok(s, ResolveBluff(st.rules["bluffs"][0], True), 1)  # OBSERVATION 2 + 1 against 4+: failed
    _resolve(s)
    assert st.rules["check"]["team"] == [pid(s, "field:0", "nadia-keller")]  # the PROFILER alone


@pytest.mark.parametrize("mode", ["strict", "warn"])
def test_a_bluff_forbids_a_kind_of_card_at_its_site_but_one_that_names_it(library: CardLibrary, mode: str) -> None:
    s = _investigated(library, fixture_ref(library, "FB-11"))
    st, rs = s.state, s.rules
    st.enforcement = mode
    meeting, loud = fixture_ref(library, "FB-12"), fixture_ref(library, "FB-13")
    for i, ref in enumerate((meeting, loud, fixture_ref(library, "FB-04"))):
        st.add_piece(Piece(id=f"h{i}", card=ref, zone="hand:0", owner=0, face_up=False))
    ok(s, ResolveBluff(st.rules["bluffs"][0], True), 1)
    _resolve(s)
    assert rs.step(st) == "check" and rs.decision(st) == 0
    listed = {a.piece for a in rs.legal_actions(st, 0) if isinstance(a, PlayCard)}
    assert listed == {"h1", "h2"}  # the Event that names the Bluff, and a Witness: not the other Event
    assert "h0" not in {a.piece for a in rs.generate_actions(st, 0) if isinstance(a, PlayCard)}
    r = s.submit(PlayCard("h0"), 0)
    assert [v.rule for v in r.violations] == ["xfc.chain.10"] and r.accepted == (mode == "warn")


def _attach(s: Any, ref: str, host: str, owner: int = 0) -> str:
    """A card of `owner`'s put on `host` (an Equipment its Agent holds, a Bluff beneath a Site)."""
    st = s.state
    piece = Piece(id=f"on-{host}-{len(st.pieces)}", card=ref, zone=st.pieces[host].zone, owner=owner, face_up=True)
    st.add_piece(piece)
    st.pieces[piece.id] = dataclasses.replace(st.pieces[piece.id], attached_to=host)
    st.link(piece.id, None, host)
    return piece.id


def test_small_wordings_read_into_steps_that_already_run() -> None:
    """The Hospital "(undamaged)", a second modifier missing its "to", "the one skill check (your choice)"."""
    for text in ("Force an opponent Team currently investigating a Site to make a BEHAVIORAL 4+ skill check. If "
                 "they fail, choose one Agent to go to the Hospital (undamaged).",
                 "Adds 3 to one Team's SUBTERFUGE or adds 2 one Team's OBSERVATION skill check.",
                 "Play to prevent one Agent assigned to a Site from contributing the Agent's skills to the one skill "
                 "check (your choice) that the Team makes this turn."):
        abilities, left = compile_text(text)
        assert abilities and not left, text
    (ability,), _ = compile_text("Adds 3 to one Team's SUBTERFUGE or adds 2 one Team's OBSERVATION skill check.")
    assert ability["do"][0]["check_mod"]["by_skill"] == {"Subterfuge": 3, "Observation": 2}


def test_a_witness_reveals_a_bluff_beneath_another_site_to_every_seat(library: CardLibrary) -> None:
    s = _checking(library, [fixture_ref(library, "FB-14")])
    st = s.state
    mill = next(p for p in st.pieces if st.pieces[p].card == f"{SET}/harlow-creek")
    other = _attach(s, f"{SET}/june-talley", mill, owner=1)
    st.pieces[other] = dataclasses.replace(st.pieces[other], face_up=False, known=frozenset({1}))
    assert not st.can_see(st.pieces[other], 0)
    ok(s, PlayCard(_mine(s, "hand:0", fixture_ref(library, "FB-14"))), 0)
    _resolve(s)
    assert st.can_see(st.pieces[other], 0) and not st.pieces[other].face_up


def test_a_bluff_discards_a_random_card_of_the_hand_for_each_agent_of_the_team(library: CardLibrary) -> None:
    s = _investigated(library, fixture_ref(library, "FB-15"))
    st = s.state
    for i in range(3):
        st.add_piece(Piece(id=f"h{i}", card=f"{SET}/june-talley", zone="hand:0", owner=0, face_up=False))
    ok(s, ResolveBluff(st.rules["bluffs"][0], True), 1)
    _resolve(s)
    assert len(st.zones["hand:0"].pieces) == 1 and len(st.zones["discard:0"].pieces) == 2  # Marsh and Keller


def test_a_bluff_offers_a_choice_of_effects_and_any_player_as_the_target(library: CardLibrary) -> None:
    s = _investigated(library, fixture_ref(library, "FB-16"))
    st, rs = s.state, s.rules
    ok(s, ResolveBluff(st.rules["bluffs"][0], True), 1)
    ok(s, next(a for a in rs.legal_actions(st, 1) if isinstance(a, ResolveEffect)), 1)
    options = [a for a in rs.legal_actions(st, 1) if isinstance(a, ChooseOption)]
    assert len(options) == 3  # the pool, Randy's hand, Les's own
    cp = st.player(1).counters["cp"]
    ok(s, options[0], 1)
    assert st.player(1).counters["cp"] == cp + 5


def test_a_bluff_discards_the_teams_equipment_with_a_keyword(library: CardLibrary) -> None:
    s = _investigated(library, fixture_ref(library, "FB-17"))
    st = s.state
    radio = _attach(s, fixture_ref(library, "FB-18"), pid(s, "field:0", "owen-marsh"))
    book = _attach(s, fixture_ref(library, "FB-19"), pid(s, "field:0", "nadia-keller"))
    ok(s, ResolveBluff(st.rules["bluffs"][0], True), 1)
    _resolve(s)
    assert st.pieces[radio].zone == "discard:0" and st.pieces[book].zone == "field:0"


def test_a_bluff_raises_the_prerequisite_for_each_agent_beyond_one(library: CardLibrary) -> None:
    s = _investigated(library, fixture_ref(library, "FB-20"))
    st = s.state
    need = st.rules["check"]["need"]
    ok(s, ResolveBluff(st.rules["bluffs"][0], True), 1)
    _resolve(s)
    assert st.rules["check"]["need"] == need + 1  # two Agents: one beyond one


# ------------------------------------------------------------------------------------------------ Combat


def _fight(library: CardLibrary, hand0: list[str], hand1: list[str]) -> Any:
    """Randy's Team (Marsh: LRC 2, CRC 2; Keller: 1, 1) at Harlow Creek; Les's The Bog Thing (Health 12) is played
    and resolves: its Long Range round begins. `hand0`/`hand1`: fixture cards in hand."""
    bog = fixture_ref(library, "FB-22")
    s = build_position({"field:0": ["harlow-creek", "owen-marsh", "nadia-keller"], "bureau:1": ["lena-ortiz"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"],
                        "hand:0": [fixture_ref(library, c) for c in hand0],
                        "hand:1": [bog, *(fixture_ref(library, c) for c in hand1)]},
                       {"step": "assign"}, library=library, pools=((9, 9), (9, 9)))
    st = s.state
    site = pid(s, "field:0", "harlow-creek")
    st.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    ok(s, Investigate(site, tuple(p for p in st.zones["field:0"].pieces if p != site), "Behavioral"), 0)
    ok(s, Pass(), 0)
    ok(s, PlayCard(_mine(s, "hand:1", bog)), 1)
    ok(s, Pass(), 1)
    ok(s, Pass(), 0)
    assert st.rules["combat"]["round"] == "lrc"
    return s


def _round(s: Any) -> None:
    """Pass (choosing the first target or option asked) until this Combat round's damage is dealt."""
    st, rs = s.state, s.rules
    number = st.rules["combat"]["number"]
    for _ in range(16):
        combat = st.rules.get("combat")
        if not combat or combat["number"] != number:
            return
        seat = rs.decision(st)
        picks = [a for a in rs.legal_actions(st, seat) if isinstance(a, (ChooseTarget, ResolveEffect, ChooseOption))]
        if picks:
            ok(s, picks[0], seat)
        elif rs.step(st) == "damage":
            ok(s, AssignDamage(rs.combatants(st)[0]), seat)
        else:
            ok(s, Pass(), seat)
    raise AssertionError("the round did not end")


def _bog(s: Any) -> int:
    return s.rules.damage(s.state, s.state.rules["combat"]["adversary"])


def _play_and_pick(s: Any, seat: int, card: str, *picks: Any) -> None:
    """`seat` plays `card`; when it resolves, its targets and options are chosen: `picks` in order (a piece, or an
    option's index)."""
    st, rs = s.state, s.rules
    while rs.decision(st) != seat:
        ok(s, Pass(), rs.decision(st))
    ok(s, PlayCard(card), seat)
    todo = list(picks)
    for _ in range(12):
        if not st.rules.get("chain") and not (st.rules.get("effects") or {}).get("pending"):
            return
        who = rs.decision(st)
        acts = list(rs.legal_actions(st, who))
        targets = [a for a in acts if isinstance(a, ChooseTarget) and a.piece]
        options = [a for a in acts if isinstance(a, ChooseOption)]
        confirm = [a for a in acts if isinstance(a, ResolveEffect)]
        if targets:
            ok(s, next(a for a in targets if a.piece == todo[0]) if todo else targets[0], who)
            todo = todo[1:]
        elif options:
            ok(s, options[todo.pop(0) if todo else 0], who)
        elif confirm:
            ok(s, confirm[0], who)
        else:
            ok(s, Pass(), who)
    raise AssertionError("the card did not resolve")


def test_a_paralyzed_agent_deals_no_damage_in_the_next_round(library: CardLibrary) -> None:
    s = _fight(library, [], ["FB-21"])
    marsh = pid(s, "field:0", "owen-marsh")
    _play_and_pick(s, 1, _mine(s, "hand:1", fixture_ref(library, "FB-21")), marsh)
    _round(s)
    assert _bog(s) == 3  # Long Range: Marsh 2 + Keller 1, Marsh paralyzed only from the next round
    _round(s)
    assert _bog(s) == 4  # Close Range: Keller 1 alone


def test_an_agents_combat_skill_raised_for_the_round_kind_chosen_for_the_whole_combat(library: CardLibrary) -> None:
    s = _fight(library, ["FB-23"], [])
    keller = pid(s, "field:0", "nadia-keller")
    _play_and_pick(s, 0, _mine(s, "hand:0", fixture_ref(library, "FB-23")), keller, 1)  # Close Range
    _round(s)
    assert _bog(s) == 3  # Long Range as printed
    _round(s)
    assert _bog(s) == 3 + 5  # Close Range: Marsh 2 + Keller 1 + 2
    bog = s.state.rules["combat"]["adversary"]
    _round(s)
    assert not s.state.rules.get("combat") and s.state.pieces[bog].zone == "discard:1"  # 8 + 5 of its Health 12


@pytest.mark.parametrize(("option", "dealt"), [(0, 5), (1, 1)])
def test_a_combatants_lrc_raised_or_lowered_this_round(library: CardLibrary, option: int, dealt: int) -> None:
    s = _fight(library, ["FB-24"], [])
    marsh = pid(s, "field:0", "owen-marsh")
    _play_and_pick(s, 0, _mine(s, "hand:0", fixture_ref(library, "FB-24")), marsh, option)
    _round(s)
    assert _bog(s) == dealt  # Marsh 2 +/- 2, Keller 1


@pytest.mark.parametrize("mode", ["strict", "warn"])
def test_a_heal_after_a_long_range_round_waits_for_one(library: CardLibrary, mode: str) -> None:
    s = _fight(library, ["FB-25"], [])
    st, rs = s.state, s.rules
    st.enforcement = mode
    kit = _mine(s, "hand:0", fixture_ref(library, "FB-25"))
    ok(s, Pass(), 1)
    r = s.submit(PlayCard(kit), 0)
    assert [v.rule for v in r.violations] == ["xfc.effect.2"] and r.accepted == (mode == "warn")
    if mode == "warn":
        return
    assert PlayCard(kit) not in list(rs.legal_actions(st, 0))
    _round(s)
    hurt = next(p for p in rs.combatants(st) if rs.damage(st, p))
    before = rs.damage(st, hurt)
    _play_and_pick(s, 0, kit, hurt)
    assert rs.damage(st, hurt) == max(0, before - 2)


# ------------------------------------------------------------------------------------------------ the Briefing


def test_a_witness_in_play_looks_at_the_top_card_once_a_briefing_and_may_put_it_under(library: CardLibrary) -> None:
    clerk = fixture_ref(library, "FB-26")
    s = build_position({"bureau:0": [clerk, "owen-marsh"], "bureau:1": ["lena-ortiz"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"],
                        "deck:0": ["marrow-point", "cold-trail", "june-talley"]},
                       {"step": "draw"}, library=library, pools=((0, 0), (0, 0)))
    st, rs = s.state, s.rules
    me = _mine(s, "bureau:0", clerk)
    assert UseAbility(me) not in list(rs.legal_actions(st, 0))  # before RES is added: not the Briefing's use yet
    ok(s, FreeDraw(), 0)
    top = st.zones["deck:0"].pieces[0]
    assert not st.can_see(st.pieces[top], 0)
    ok(s, UseAbility(me), 0)
    ok(s, next(a for a in rs.legal_actions(st, 0) if isinstance(a, ResolveEffect)), 0)
    assert st.can_see(st.pieces[top], 0) and not st.can_see(st.pieces[top], 1)
    options = [a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseOption)]
    assert len(options) == 2
    ok(s, options[0], 0)  # under the deck
    assert st.zones["deck:0"].pieces[-1] == top
    assert UseAbility(me) not in list(rs.legal_actions(st, 0))  # once a Briefing

