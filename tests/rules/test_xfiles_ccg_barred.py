"""`xfiles-ccg` card text of the `barred` block of the grammar (issue #26), each run in a game on cards of our own in the printed
wordings: a Witness taken from a Discard Pile and used for the skill check under way at no cost, Agents kept out of
skill checks (by name, for the turn and its Combats; by Keyword, at a Site of a Keyword), cards played in the Briefing
and the Case Assignment (a chain of their own there): a seat kept from drawing, a Site kept from the opponents'
Adversaries; an Agent healed of damage and of the Keywords inflicted on it, a token or a wound removed, a card of a hand
shown removed from the game, a card removed by the opponent's choice."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tabletop.cards import CardLibrary
from tabletop.core import Piece
from tabletop.rules.effects import ChooseOption, ChooseTarget, ResolveEffect
from tabletop.rules.xfiles_ccg import (
    Buy,
    FreeDraw,
    Investigate,
    Pass,
    PlaceSite,
    PlayCard,
    ResolveBluff,
    UseAbility,
)
from tabletop.rules.xfiles_ccg.compiler import compile_text
from tests.rules.xfiles_ccg_helpers import approach, checking_position, fixture_library, fixture_ref, mine, ok
from tests.rules.xfiles_ccg_helpers import position as build_position


def _card(rid: str, title: str, kind: str, text: str, cost: str = "1 RP", **more: Any) -> dict[str, Any]:
    return {"id": rid, "title": title, "set": "Fixture", "type": kind, "cost": cost, "gameText": text,
            "keywords": [kind], "activators": ["Active"], **more}


def _agent(rid: str, title: str, keywords: list[str]) -> dict[str, Any]:
    return _card(rid, title, "Agent", "", cost="2 RP", keywords=["Agent", *keywords], activators=[],
                 skills={"Behavioral": 2, "Occult Investigation": 2, "Long Range Combat": 1,
                         "Close Range Combat": 1, "Health": 3, "Resources": 1})


RECORDS = [
    _card("SA-01", "Shallow Pit", "Event", "Take any one Witness card from your opponent's Discard Pile and use it for "
          "one skill check for zero cost."),
    _card("SA-02", "Paper Lanterns", "Equipment", "Place 2 tokens on this card. Remove a token to take any Witness card "
          "from your Discard Pile that modifies a skill check and use it at no cost. Discard "
          "this card when both tokens have been removed.", keywords=["Equipment", "Evidence"], activators=["Field"]),
    _card("SA-03", "Mrs. Abernathy", "Witness", "Adds 2 to any one Team's BEHAVIORAL skill check.", cost="4 RP",
          keywords=["Witness", "Resource"]),
    _card("SA-04", "Quiet Room", "Bluff", "Play on a Team that includes Agent Tom Hollow to prevent Hollow from "
          "contributing his skills to any skill checks this turn, including Combat.", cost="1 CP",
          keywords=["Bluff"], activators=["Conspiracy", "Site"]),
    _agent("SA-05", "Agent Tom Hollow", ["FBI"]),
    _card("SA-06", "Doubting Thomas", "Event", "Play on one Agent with the keyword SKEPTIC to prevent that Agent from "
          "contributing her skills at any keyword OCCULT INVESTIGATION or SCIENCES Site.",
          cost="1 CP", activators=["Conspiracy"]),
    _agent("SA-07", "Agent Ida Crane", ["FBI", "Skeptic"]),
    _card("SA-08", "Bell Tower, VT", "Site", "", cost="2 RP", activators=[],
          keywords=["Site", "Mono", "Motive", "Occult Investigation"], prerequisite="OCCULT INVESTIGATION 3+"),
    _card("SA-09", "Paperwork", "Event", "Play this card during the Briefing Phase to prevent your opponent from "
          "drawing any cards for the rest of the turn.", cost="1 CP", activators=["Conspiracy"]),
    _card("SA-10", "Filed Under Z", "Event", "Play during the Case Assignment Phase to prevent one opponent from "
          "playing any adversaries at this Site."),
    _card("SA-11", "Green Light", "Event", "Play on an Agent in the Hospital. The Agent heals up to three points of "
          "damage and any afflicted Keywords are removed.", keywords=["Event", "Healing"]),
    _card("SA-12", "Sweetgrass", "Event", "You may remove one game effect token or wound token from any card under "
          "your control."),
    _card("SA-13", "Blowout", "Bluff", "Force one opponent to remove a Keyword ARTIFACT card from the game.",
          cost="1 CP", keywords=["Bluff"], activators=["Conspiracy", "Site"]),
    _card("SA-14", "Brass Compass", "Event", "Adds 1 to any one Team's BEHAVIORAL skill check.",
          keywords=["Event", "Artifact", "Resource"]),
    {**_agent("SA-15", "Agent Cal Brook", ["Independent"]), "gameText": "Place one token on this card. Remove one "
     "token to look at your opponent's hand and remove one of the cards in his hand from the game."},
    _card("SA-16", "Audit Season", "Event", "Force one opponent to immediately discard their entire hand. Your "
          "opponent may pay 3 [RP] for each card he does not want to discard.",
          cost="2 CP", activators=["Conspiracy"]),
    _card("SA-17", "Ear Tag", "Bluff", "Play on one Agent to decrease the Agent's RES by one. This card is "
          "discarded when any Healing card is played on the Agent.", cost="1 CP", keywords=["Bluff", "Alien"],
          activators=["Conspiracy"]),
    {**_agent("SA-18", "Sergeant Vic Hale", ["Law"]), "gameText": "He may add 1 to any damage caused by EQUIPMENT "
     "card attached to him that have a CLOSE RANGE COMBAT or LONG RANGE COMBAT modifier."},
    _card("SA-19", "The Gilded Pair", "Adversary", "Apply -1 to any Equipment cards attached to the Team that modify "
          "LONG RANGE COMBAT or CLOSE RANGE COMBAT.", cost="2 CP", keywords=["Adversary", "Primordial"],
          activators=["Conspiracy"], skills={"Long Range Combat": 1, "Close Range Combat": 1, "Health": 9}),
    {**_agent("SA-20", "Agent Ada Kline", ["FBI"]), "gameText": "If Agent Ada Kline is in the Bureau, she may "
     "contribute to any BEHAVIORAL skill check that is occurring in another section of the table."},
]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> CardLibrary:
    return fixture_library(tmp_path_factory.mktemp("sets"), RECORDS)


def _automated(library: CardLibrary, rid: str) -> bool:
    return not compile_text(library.get(fixture_ref(library, rid)))[1]


def _add(s: Any, zone: str, cards: list[str], tag: str) -> list[str]:
    """Cards (sample ids or fixture refs) put in `zone`, face up but in a hand or a deck."""
    seat = int(zone.rpartition(":")[2])
    out = []
    for i, c in enumerate(cards):
        p = Piece(id=f"{tag}{i}", card=c if "/" in c else f"xfiles-ccg-sample/{c}", zone=zone, owner=seat,
                  face_up=not zone.startswith(("hand", "deck")))
        s.state.add_piece(p)
        out.append(p.id)
    return out


def _settle(s: Any) -> None:
    """Pass (and confirm) until the chain and the pending effects are empty."""
    for _ in range(16):
        if not s.state.rules.get("chain") and not s.rules.effects.pending(s.state):
            return
        who = s.rules.decision(s.state)
        acts = list(s.rules.legal_actions(s.state, who))
        done = [a for a in acts if isinstance(a, ResolveEffect) or (isinstance(a, ChooseTarget) and not a.more)]
        ok(s, done[0] if done else Pass(), who)
    raise AssertionError("the chain did not settle")


# ------------------------------------------------------------------------------- a Witness from a Discard Pile


def test_a_witness_of_the_opponents_discard_pile_is_used_for_the_check_at_no_cost(library: CardLibrary) -> None:
    assert _automated(library, "SA-01")
    pit = fixture_ref(library, "SA-01")
    s = checking_position(library, [pit])  # a BEHAVIORAL 4+ check
    st, rs = s.state, s.rules
    pile = _add(s, "discard:1", ["june-talley", "lab-technician", "amos-pell"], "g")
    before, rp = rs.check_total(st), st.player(0).counters["rp"]
    ok(s, PlayCard(mine(s, "hand:0", pit)), 0)
    for _ in range(4):  # both pass: the card resolves and asks for its Witness
        picks = [a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseTarget) and a.more]
        if picks:
            break
        ok(s, Pass(), rs.decision(st))
    # only the BEHAVIORAL one: a SCIENCES modifier does not fit, a negating Witness modifies no check
    assert [a.piece for a in picks] == [pile[0]]
    ok(s, picks[0], 0)
    assert st.pieces[pile[0]].zone == "chain"
    _settle(s)
    assert rs.check_total(st) == before + 2 and st.player(0).counters["rp"] == rp - 1  # the event alone was paid
    assert st.pieces[pile[0]].zone == "discard:1"  # back to its owner's pile


def test_no_witness_to_use_refuses_the_card(library: CardLibrary) -> None:
    pit = fixture_ref(library, "SA-01")
    s = checking_position(library, [pit])
    _add(s, "discard:1", ["lab-technician"], "g")
    _add(s, "discard:0", ["june-talley"], "m")  # the player's own pile is not the opponent's
    r = s.submit(PlayCard(mine(s, "hand:0", pit)), 0)
    assert not r.accepted


def test_a_token_takes_a_witness_of_ones_own_pile_and_it_goes_back_there(library: CardLibrary) -> None:
    assert _automated(library, "SA-02")
    lanterns, resource = fixture_ref(library, "SA-02"), fixture_ref(library, "SA-03")
    s = checking_position(library, [])
    st, rs = s.state, s.rules
    agent = st.rules["check"]["team"][0]
    st.add_piece(Piece(id="lanterns", card=lanterns, zone="field:0", owner=0, face_up=True, attached_to=agent))
    pile = _add(s, "discard:0", [resource, "june-talley"], "g")
    before = rs.check_total(st)
    ok(s, UseAbility("lanterns"), 0)
    picks = [a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseTarget) and a.more]
    assert {a.piece for a in picks} == set(pile)
    ok(s, next(a for a in picks if a.piece == pile[0]), 0)
    _settle(s)
    assert rs.check_total(st) == before + 2 and rs.tokens_left(st, "lanterns") == 1
    assert st.pieces[pile[0]].zone == "discard:0"  # a RESOURCE used this way stays in no Bureau
    # one Witness of a title per check (xfc.chain.4): the same one is not offered again
    ok(s, UseAbility("lanterns"), 0)
    assert {a.piece for a in rs.legal_actions(st, 0) if isinstance(a, ChooseTarget) and a.more} == {pile[1]}


# ------------------------------------------------------------------------------------------------ Agents kept out


def _team_at(library: CardLibrary, site: str, agents: list[str], hand1: tuple[str, ...] = ()
             ) -> tuple[Any, str, list[str]]:
    """Randy's `agents` (fixture ids or sample ids) in the Field beside `site`, Randy to send a Team."""
    refs = [fixture_ref(library, a) if a.startswith("SA-") else a for a in [site, *agents]]
    s = build_position({"field:0": refs, "hand:1": [fixture_ref(library, h) for h in hand1],
                        "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "assign"}, library=library)
    st = s.state
    pieces = list(st.zones["field:0"].pieces)
    st.rules["sites"] = {pieces[0]: {"at": 1, "turn": 1, "owner": 0}}
    return s, pieces[0], pieces[1:]


def _beneath(s: Any, site: str) -> str:
    """Les's card of the hand put face down beneath `site` (a Bluff placed in the Case Assignment)."""
    st = s.state
    pid = st.zones["hand:1"].pieces[0]
    st.zones["hand:1"].pieces.remove(pid)
    st.zones["field:0"].pieces.append(pid)
    st.pieces[pid] = dataclasses.replace(st.pieces[pid], zone="field:0", face_up=False, attached_to=site)
    st.link(pid, None, site)
    return pid


def test_the_agent_named_adds_no_skill_this_turn_nor_fights(library: CardLibrary) -> None:
    assert _automated(library, "SA-04")
    s, site, team = _team_at(library, "harlow-creek", ["owen-marsh", "SA-05"], ("SA-04",))
    st, rs = s.state, s.rules
    hollow = team[1]
    _beneath(s, site)
    ok(s, Investigate(site, tuple(team)), 0)
    approach(s)
    with_him = rs.check_total(st)
    ok(s, ResolveBluff(st.rules["bluffs"][0], True), 1)
    _settle(s)
    assert rs.check_total(st) == with_him - 2 and hollow not in st.rules["check"]["team"]
    assert hollow not in rs.combatants(st)
    # a later check this turn with him in its Team: his skills and his fists stay out
    st.rules["check"] = {**st.rules["check"], "team": list(team)}
    assert hollow not in rs.combatants(st) and rs.check_total(st) == with_him - 2


def test_a_team_without_the_agent_named_does_not_pay_for_the_bluff(library: CardLibrary) -> None:
    s, site, team = _team_at(library, "harlow-creek", ["owen-marsh", "nadia-keller"], ("SA-04",))
    _beneath(s, site)
    ok(s, Investigate(site, tuple(team)), 0)
    approach(s)
    refused = s.submit(ResolveBluff(s.state.rules["bluffs"][0], True), 1)
    assert not refused.accepted
    ok(s, ResolveBluff(s.state.rules["bluffs"][0], False), 1)  # discarded instead


def test_a_skeptic_adds_nothing_at_a_site_of_the_keyword(library: CardLibrary) -> None:
    assert _automated(library, "SA-06")
    doubt = fixture_ref(library, "SA-06")
    s, site, team = _team_at(library, "SA-08", ["owen-marsh", "SA-07", "SA-05"], ("SA-06",))
    st, rs = s.state, s.rules
    ok(s, Investigate(site, tuple(team)), 0)
    approach(s)
    before = rs.check_total(st)
    ok(s, Pass(), 0)
    ok(s, PlayCard(mine(s, "hand:1", doubt)), 1)
    for _ in range(4):
        picks = [a for a in rs.legal_actions(st, 1) if isinstance(a, ChooseTarget) and a.more]
        if picks:
            break
        ok(s, Pass(), rs.decision(st))
    assert [a.piece for a in picks] == [team[1]]  # the SKEPTIC alone
    ok(s, picks[0], 1)
    _settle(s)
    assert rs.check_total(st) == before - 2 and team[1] not in st.rules["check"]["team"]


def test_no_skeptic_card_at_a_site_of_another_keyword(library: CardLibrary) -> None:
    doubt = fixture_ref(library, "SA-06")
    s, site, team = _team_at(library, "harlow-creek", ["owen-marsh", "SA-07"], ("SA-06",))
    ok(s, Investigate(site, tuple(team)), 0)
    approach(s)
    ok(s, Pass(), 0)
    refused = s.submit(PlayCard(mine(s, "hand:1", doubt)), 1)
    assert not refused.accepted and "OCCULT INVESTIGATION" in str(refused.error)


# ------------------------------------------------------------------------- the Briefing and the Case Assignment


def _briefing(library: CardLibrary, step: str) -> Any:
    """Randy's turn in the Briefing at `step`, Les holding Paperwork (and CP to pay for it)."""
    s = build_position({"bureau:0": ["owen-marsh"], "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"],
                        "xfile:1": ["lantern-choir"], "deck:0": ["marrow-point"] * 4, "deck:1": ["cold-trail"] * 4,
                        "hand:1": [fixture_ref(library, "SA-09"), "press-leak"]}, {"step": step}, library=library)
    return s


def test_a_briefing_card_opens_a_chain_there_and_keeps_the_opponent_from_drawing(library: CardLibrary) -> None:
    assert _automated(library, "SA-09")
    s = _briefing(library, "sell")
    st, rs = s.state, s.rules
    tape = mine(s, "hand:1", fixture_ref(library, "SA-09"))
    assert rs.decision(st) == 1 and PlayCard(tape) in list(rs.legal_actions(st, 1))
    ok(s, PlayCard(tape), 1)
    assert st.pieces[tape].zone == "chain" and rs.decision(st) == 1
    refused = s.submit(Buy(1), 1)  # nothing else of the step while the card is on the chain
    assert not refused.accepted and "chain" in str(refused.error)
    ok(s, Pass(), 1)
    assert rs.decision(st) == 0 and list(rs.legal_actions(st, 0)) == [Pass()]  # Randy may answer, or pass
    ok(s, Pass(), 0)  # it resolves
    _settle(s)
    while "priority" in st.rules:  # the chain's last passes
        ok(s, Pass(), rs.decision(st))
    assert st.rules["step"] == "sell" and rs.decision(st) == 1 and "phase_chain" not in st.rules
    assert st.pieces[tape].zone == "discard:1"
    ok(s, Buy(1), 1)  # Les still draws: only his opponent may not
    assert len(st.zones["hand:1"].pieces) == 2


def test_a_seat_kept_from_drawing_has_no_free_draw_and_buys_nothing(library: CardLibrary) -> None:
    s = _briefing(library, "draw")
    st, rs = s.state, s.rules
    st.rules["no_draw"] = {"0": "Paperwork"}
    refused = s.submit(FreeDraw(), 0)
    assert not refused.accepted and "Paperwork" in str(refused.error)
    assert FreeDraw() not in list(rs.legal_actions(st, 0))
    ok(s, Pass(), 0)
    assert not any(isinstance(a, Buy) and a.count for a in rs.legal_actions(st, 0))
    assert len(st.zones["hand:0"].pieces) == 0


def test_a_briefing_card_is_not_played_in_a_skill_check(library: CardLibrary) -> None:
    s = checking_position(library, [])
    st = s.state
    tape = _add(s, "hand:1", [fixture_ref(library, "SA-09")], "t")[0]
    ok(s, Pass(), 0)
    refused = s.submit(PlayCard(tape), 1)
    assert not refused.accepted and "Briefing" in str(refused.error)
    assert st.pieces[tape].zone == "hand:1"


def test_a_site_placed_is_kept_from_the_opponents_adversaries(library: CardLibrary) -> None:
    assert _automated(library, "SA-10")
    filed = fixture_ref(library, "SA-10")
    s = build_position({"field:0": ["owen-marsh", "nadia-keller"], "hand:0": ["harlow-creek", filed],
                        "bureau:1": ["lena-ortiz"], "hand:1": ["night-prowler"], "xfile:0": ["project-stillwater"],
                        "xfile:1": ["lantern-choir"]}, {"step": "sites"}, library=library, pools=((9, 9), (9, 9)))
    st, rs = s.state, s.rules
    card = mine(s, "hand:0", filed)
    assert PlayCard(card) not in list(rs.legal_actions(st, 0))  # no Site placed yet: nothing to protect
    site = st.zones["hand:0"].pieces[0]
    ok(s, PlaceSite(site, 1), 0)
    ok(s, PlayCard(card), 0)
    picks = []
    for _ in range(6):
        picks = [a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseTarget) and a.more]
        if picks:
            break
        ok(s, Pass(), rs.decision(st))
    assert [a.piece for a in picks] == [site]
    ok(s, picks[0], 0)
    while "priority" in st.rules:
        ok(s, Pass(), rs.decision(st))
    assert st.rules["step"] == "sites" and st.rules["no_adversaries"] == {site: 0}
    ok(s, Pass(), 0)  # to the Bluffs
    while st.rules["step"] != "assign":
        ok(s, Pass(), rs.decision(st))
    team = tuple(p for p in st.zones["field:0"].pieces if p != site)
    ok(s, Investigate(site, team), 0)
    approach(s)
    ok(s, Pass(), 0)
    prowler = st.zones["hand:1"].pieces[0]
    refused = s.submit(PlayCard(prowler), 1)
    assert not refused.accepted and "Adversaries" in str(refused.error)


# ------------------------------------------------------------------------------- heals, tokens, cards removed


def _choose(s: Any, seat: int) -> list[Any]:
    """Pass until `seat` has a target to choose; its choices."""
    rs, st = s.rules, s.state
    for _ in range(8):
        picks = [a for a in rs.legal_actions(st, seat) if isinstance(a, ChooseTarget) and a.more]
        if picks:
            return picks
        ok(s, Pass(), rs.decision(st))
    raise AssertionError("no choice came")


def test_an_agent_in_the_hospital_heals_three_and_loses_the_keywords_inflicted(library: CardLibrary) -> None:
    assert _automated(library, "SA-11")
    light = fixture_ref(library, "SA-11")
    s = checking_position(library, [light])
    st, rs = s.state, s.rules
    hurt = _add(s, "hospital:0", ["owen-marsh"], "w")[0]
    st.pieces[hurt].counters["damage"] = 4
    st.rules["effects"] = {"mods": [{"piece": hurt, "gen": st.pieces[hurt].gen, "keyword": "Insanity"}]}
    assert "insanity" in rs.keywords_of(st, hurt)
    ok(s, PlayCard(mine(s, "hand:0", light)), 0)
    picks = _choose(s, 0)
    assert [a.piece for a in picks] == [hurt]  # the Agent in the Hospital, none in the Field
    ok(s, picks[0], 0)
    _settle(s)
    assert rs.damage(st, hurt) == 1 and "insanity" not in rs.keywords_of(st, hurt)


def test_a_token_or_a_wound_is_removed_from_a_card_of_ones_own(library: CardLibrary) -> None:
    assert _automated(library, "SA-12")
    grass = fixture_ref(library, "SA-12")
    s = checking_position(library, [grass])
    st, rs = s.state, s.rules
    hurt = _add(s, "bureau:0", ["nadia-keller"], "w")[0]
    st.pieces[hurt].counters["damage"] = 2
    lanterns = _add(s, "bureau:0", [fixture_ref(library, "SA-02")], "l")[0]
    ok(s, PlayCard(mine(s, "hand:0", grass)), 0)
    picks = _choose(s, 0)
    assert {a.piece for a in picks} == {hurt, lanterns}  # the unhurt Agents without tokens are not offered
    ok(s, next(a for a in picks if a.piece == lanterns), 0)
    options = [a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseOption)]
    assert len(options) == 1  # the Equipment has no wound: only its token
    ok(s, options[0], 0)
    _settle(s)
    assert rs.tokens_left(st, lanterns) == 1 and rs.damage(st, hurt) == 2


def test_the_opponent_chooses_which_of_its_cards_is_removed_from_the_game(library: CardLibrary) -> None:
    assert _automated(library, "SA-13")
    s, site, team = _team_at(library, "harlow-creek", ["owen-marsh", "nadia-keller"], ("SA-13",))
    st, rs = s.state, s.rules
    compass = _add(s, "bureau:0", [fixture_ref(library, "SA-14")] * 2, "c")
    _beneath(s, site)
    ok(s, Investigate(site, tuple(team)), 0)
    approach(s)
    ok(s, ResolveBluff(st.rules["bluffs"][0], True), 1)
    assert rs.decision(st) == 0 and not any(isinstance(a, ChooseTarget) for a in rs.legal_actions(st, 1))
    picks = [a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseTarget) and a.more]
    assert {a.piece for a in picks} == set(compass)
    ok(s, picks[1], 0)
    assert picks[1].piece not in st.pieces and picks[0].piece in st.zones["bureau:0"].pieces


def test_a_token_shows_an_opponents_hand_and_removes_one_card_of_it(library: CardLibrary) -> None:
    assert _automated(library, "SA-15")
    s = checking_position(library, [], seats=3)
    st, rs = s.state, s.rules
    brook = _add(s, "bureau:0", [fixture_ref(library, "SA-15")], "b")[0]
    hand = _add(s, "hand:1", ["june-talley", "overtime"], "h")
    assert not any(st.can_see(st.pieces[p], 0) for p in hand)
    ok(s, UseAbility(brook), 0)
    picks = [a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseTarget) and a.more]
    assert sorted(a.piece for a in picks) == sorted(hand)  # shown, then named by their ids
    ok(s, next(a for a in picks if a.piece == hand[1]), 0)
    assert hand[1] not in st.pieces and st.zones["hand:1"].pieces == [hand[0]]
    assert rs.tokens_left(st, brook) == 0 and not st.can_see(st.pieces[hand[0]], 2)


def test_the_opponent_keeps_the_cards_it_pays_for_and_discards_the_rest(library: CardLibrary) -> None:
    assert _automated(library, "SA-16")
    audit = fixture_ref(library, "SA-16")
    s = checking_position(library, ["june-talley", "overtime", "long-night"], pools=((7, 5), (5, 5)))
    st, rs = s.state, s.rules
    hand = list(st.zones["hand:0"].pieces)
    card = _add(s, "hand:1", [audit], "a")[0]
    ok(s, Pass(), 0)
    ok(s, PlayCard(card), 1)
    picks = _choose(s, 0)  # Randy, whose hand it is, chooses what he keeps; Les has nothing to choose
    assert sorted(a.piece for a in picks) == sorted(hand) and not rs.effects.choices(st, 1)
    ok(s, next(a for a in picks if a.piece == hand[0]), 0)
    ok(s, next(a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseTarget) and a.piece == hand[2]), 0)
    # 7 RP pay for two: a third is not offered, only done
    assert [a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseTarget)] == \
        [ChooseTarget(picks[0].pending, "kept", more=False)]
    ok(s, ChooseTarget(picks[0].pending, "kept", more=False), 0)
    assert st.zones["hand:0"].pieces == [hand[0], hand[2]] and hand[1] in st.zones["discard:0"].pieces
    assert st.player(0).counters["rp"] == 1


def test_a_card_on_an_agent_lowers_its_res_until_a_healing_card_is_played_on_it(library: CardLibrary) -> None:
    assert _automated(library, "SA-17")
    s, site, team = _team_at(library, "harlow-creek", ["owen-marsh", "nadia-keller"], ("SA-17",))
    st, rs = s.state, s.rules
    st.pieces[team[0]].counters["damage"] = 1
    tag = _beneath(s, site)
    ok(s, Investigate(site, tuple(team)), 0)
    approach(s)
    res = rs.res_of(st, team[0])
    ok(s, ResolveBluff(st.rules["bluffs"][0], True), 1)
    picks = _choose(s, 1)  # Les names the Agent
    ok(s, next(a for a in picks if a.piece == team[0]), 1)
    _settle(s)
    assert st.pieces[tag].attached_to == team[0] and rs.res_of(st, team[0]) == res - 1
    # a Keyword HEALING card played on him: the card comes off, his RES is his own again
    cure = _add(s, "hand:0", ["rest-and-recovery"], "r")[0]
    while rs.decision(st) != 0:
        ok(s, Pass(), rs.decision(st))
    ok(s, PlayCard(cure), 0)
    ok(s, next(a for a in _choose(s, 0) if a.piece == team[0]), 0)
    _settle(s)
    assert st.pieces[tag].zone == "discard:1" and rs.res_of(st, team[0]) == res and rs.damage(st, team[0]) == 0


@pytest.mark.parametrize(("adversary", "dealt"), [("night-prowler", 1 + 2 + 1 + 1), ("SA-19", 1 + 2 + 1 + 1 - 1)])
def test_what_equipment_adds_to_combat_damage_is_changed_by_an_agent_and_an_adversary(
        library: CardLibrary, adversary: str, dealt: int) -> None:
    assert _automated(library, "SA-18") and _automated(library, "SA-19")
    s, site, team = _team_at(library, "harlow-creek", ["SA-18", "nadia-keller"])
    st, rs = s.state, s.rules
    st.add_piece(Piece(id="gun", card="xfiles-ccg-sample/sidearm", zone="field:0", owner=0, face_up=True,
                       attached_to=team[0]))
    ok(s, Investigate(site, tuple(team)), 0)
    approach(s)
    st.player(1).counters["cp"] = 9
    foe = _add(s, "hand:1", [fixture_ref(library, adversary) if adversary.startswith("SA-") else adversary], "a")[0]
    ok(s, Pass(), 0)
    ok(s, PlayCard(foe), 1)
    while "combat" not in st.rules or "pending" not in st.rules["combat"]:
        ok(s, Pass(), rs.decision(st))
    # Hale LRC 1 + the Sidearm 2 (+1 his own words), Keller 1; the Gilded Pair takes 1 from the Sidearm's part
    assert st.rules["combat"]["pending"]["agents"] == dealt


def test_an_agent_in_the_bureau_helps_a_check_of_its_skill_made_in_the_field(library: CardLibrary) -> None:
    assert _automated(library, "SA-20")
    s = checking_position(library, [])  # Randy's BEHAVIORAL check at Harlow Creek
    st, rs = s.state, s.rules
    before = rs.check_total(st)
    kline = _add(s, "bureau:0", [fixture_ref(library, "SA-20")], "k")[0]
    assert rs.check_total(st) == before + 2  # her BEHAVIORAL 2, from the Bureau
    st.rules["check"] = {**st.rules["check"], "skill": "Occult Investigation"}
    assert rs.check_total(st) == rs.team_skill(st, st.rules["check"]["team"], "Occult Investigation")  # not that one
    st.rules["check"] = {**st.rules["check"], "skill": "Behavioral"}
    st.zones["bureau:0"].pieces.remove(kline)
    st.zones["hospital:0"].pieces.append(kline)
    st.pieces[kline] = dataclasses.replace(st.pieces[kline], zone="hospital:0")
    assert rs.check_total(st) == before  # only from the Bureau
