"""`xfiles-ccg` cards of the grammar's `choices` block, each wording run in a game on cards of our own in the printed wordings: a
choice among effects (only those that can be done offered; strict refuses the card when none can), an Agent's skill
used for another skill's check, on an Agent of a Team that includes an Agent named."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tabletop.cards import CardLibrary
from tabletop.core import Piece
from tabletop.rules.kit import ChooseOption, ChooseTarget, ResolveEffect
from tabletop.rules.xfiles_ccg import Investigate, Pass, PlayCard, ResolveBluff, UseAbility
from tests.rules.xfiles_ccg_helpers import approach, fixture_library, fixture_ref, ok, pid
from tests.rules.xfiles_ccg_helpers import checking_position as _checking
from tests.rules.xfiles_ccg_helpers import mine as _mine
from tests.rules.xfiles_ccg_helpers import position as build_position


def _card(rid: str, title: str, kind: str, text: str, cost: str = "1 RP", **more: Any) -> dict[str, Any]:
    return {"id": rid, "title": title, "set": "Fixture", "type": kind, "cost": cost, "gameText": text,
            "keywords": [kind], "activators": ["Active"], **more}


RECORDS = [
    _card("FS-01", "Pick Your Poison", "Event", "Play this card to gain one of the following: Adds +2 to Behavioral "
          "skill, negates one Event, or discard one Bluff card from a site."),
    _card("FS-02", "Field Medic", "Event", "Play this card to negate any Keyword OCCULT card or to heal 2 points of "
          "damage on any Agent in the Hospital."),
    _card("FS-03", "Second Opinion", "Event", "Play on an Agent to allow that Agent to use their CRIMINAL "
          "INVESTIGATION skill number for any BEHAVIORAL Or MEDICAL skill check."),
    _card("FS-04", "Partners", "Event", "Play this card on any Agent in a Team including Agent Nadia Keller to use "
          "that Agent's ALIEN INVESTIGATION skill number for any one BEHAVIORAL or SCIENCES skill check."),
    _card("FS-06", "Quarantine", "Event", "Play this card to force one opponent to skip their next Healing phase."),
    _card("FS-07", "Rewrite", "Witness", "Change any Keyword to any other Keyword on one card played by your "
          "opponent.", keywords=["Witness", "Zeitgeist"]),
    _card("FS-08", "Fog Bank", "Adversary", "This card does not initiate Combat. Pick one Agent from an investigating "
          "Team. That Agent remains dazed until end of turn and cannot contribute his or her skills to any Site skill "
          "check.", cost="1 CP", activators=["Conspiracy"]),
    _card("FS-09", "Red Herring", "Bluff", "Choose an Agent on a Team already assigned to a Site. The chosen Agent "
          "contributes a skill value of 0 for the Site Prerequisite.", cost="1 CP",
          activators=["Conspiracy", "Site"]),
    _card("FS-10", "Slush Fund", "Event", "Put this card in the Bureau section. Add 1 [CP] to your [CP] pool for "
          "every Event card you play as Directed player.", cost="1 CP", activators=["Conspiracy"]),
    _card("FS-11", "Petty Cash", "Event", "Put this card in the Bureau section. Add 1 [RP] to your [RP] pool for "
          "every Event card you play as Active player."),
    _card("FS-12", "Stonewall", "Event", "Subtract 1 from one Team's BEHAVIORAL skill check.", cost="1 CP",
          activators=["Conspiracy"]),
    _card("FS-13", "Night Clerk", "Witness", "Adds 2 to any one Team's BEHAVIORAL skill check."),
    _card("FS-14", "Echo", "Event", "Play this card immediately after a Witness card is played. Double the skill value "
          "provided by the Witness for the current skill check."),
    _card("FS-15", "Gag Order", "Bluff", "Play to negate one Witness RESOURCE immediately or to prevent the "
          "investigating player from playing any Witnesses while investigating this Site, except for Witnesses which "
          "would specifically negate this card.", cost="1 CP", activators=["Conspiracy", "Site"]),
    _card("FS-16", "Bad Tip", "Bluff", "Discard 2 cards from your hand to apply a -2 modifier to any "
          "Agent's skill check on this Site.", cost="1 CP", activators=["Conspiracy", "Site"]),
    _card("FS-17", "Duck And Cover", "Combat", "Play this card on one Agent to skip a combat round for that Agent. "
          "The Agent takes no damage this round and cannot deal any damage.", cost="1 *P",
          keywords=["Combat"], activators=["Combat"]),
    {"id": "FS-18", "title": "The Brute", "set": "Fixture", "type": "Adversary", "cost": "3 CP",
     "keywords": ["Adversary", "Primordial"], "activators": ["Conspiracy"],
     "skills": {"Long Range Combat": 2, "Close Range Combat": 3, "Health": 30}},
    _card("FS-19", "Cover Fire", "Combat", "Play this card during a combat on a Team of Agents to reduce damage from an "
          "Adversary's LRC by one point. The team still deals damage during that LRC round.", keywords=["Combat"],
          activators=["Combat"]),
    _card("FS-20", "Steady Aim", "Combat", "Play this card on one Agent during LONG RANGE COMBAT to add 2 points to "
          "that Agent's LRC skill. Additionally, if there is a CRC round, you may reduce the damage from any source by "
          "2 points.", keywords=["Combat"], activators=["Combat"]),
    _card("FS-21", "Twin Shot", "Combat", "Play this card on one Agent during a LONG RANGE COMBAT round to double that "
          "Agent's LRC skill. This effect must be applied before any other modifier and only over the LRC listed on "
          "that Agent's card.", keywords=["Combat"], activators=["Combat"]),
    _card("FS-22", "Small Favors", "Event", "Play this card on a Team consisting of no more than two Agents during the "
          "Investigation Phase when they are sent to investigate a Site. You can add a number of tokens to your [RP] "
          "pool equal to the Agents' total RES value.", cost="0 RP"),
    {"id": "FS-23", "title": "Director Ian Vale", "set": "Fixture", "type": "Agent", "cost": "5 CP",
     "gameText": "Place one token on Director Vale. Discard a token to remove one Agent from any Team you control and "
     "send them to the Bureau. If in combat, the Agent takes no damage and contributes no skills.",
     "keywords": ["Agent", "FBI"], "skills": {"Bureaucracy": 3, "Long Range Combat": 1, "Close Range Combat": 1,
                                              "Health": 4, "Resources": 1}},
    _card("FS-05", "Seance", "Event", "Adds 1 to one Team's BEHAVIORAL skill check.", keywords=["Event", "Occult"]),
]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> CardLibrary:
    return fixture_library(tmp_path_factory.mktemp("sets"), RECORDS)


def _answer(s: Any, seat: int, pick: dict[str, str] | None = None, option: int | None = None) -> list[str]:
    """Pass and confirm until `seat`'s card resolves: its targets chosen from `pick` (target -> piece; the first
    offered otherwise), its option `option` (1-based). The texts of the options it was offered."""
    offered: list[str] = []
    for _ in range(20):
        if not s.state.rules.get("chain") and not s.rules.effects.pending(s.state):
            return offered
        who = s.rules.decision(s.state)
        acts = list(s.rules.legal_actions(s.state, who))
        opts = [a for a in acts if isinstance(a, ChooseOption)]
        targets = [a for a in acts if isinstance(a, ChooseTarget)]
        if opts:
            offered = [a.text for a in opts]
            ok(s, next(a for a in opts if a.option == option) if option else opts[0], who)
        elif targets:
            want = (pick or {}).get(targets[0].target)
            ok(s, next((a for a in targets if a.more and a.piece == want), targets[0]), who)
        else:
            confirm = next((a for a in acts if isinstance(a, ResolveEffect)), None)
            ok(s, confirm if confirm is not None else Pass(), who)
    raise AssertionError("the card did not resolve")


def _mods(s: Any) -> list[int]:
    return [m["amount"] for m in s.state.rules["check"]["mods"]]


# ------------------------------------------------------------------------------------------------ one of the following


def test_one_of_the_following_offers_only_the_effects_that_can_be_done(library: CardLibrary) -> None:
    card = fixture_ref(library, "FS-01")
    s = _checking(library, [card])
    ok(s, PlayCard(_mine(s, "hand:0", card)), 0)
    offered = _answer(s, 0)
    assert offered in ([], ["+2 to the Behavioral check"])  # the check's +2 alone (no Event, no Bluff)
    assert _mods(s) == [2]


def test_one_of_the_following_discards_a_bluff_beneath_a_site_when_chosen(library: CardLibrary) -> None:
    card = fixture_ref(library, "FS-01")
    s = _checking(library, [card])
    st = s.state
    site = pid(s, "field:0", "harlow-creek")
    bluff = Piece(id="bl", card="xfiles-ccg-sample/cold-trail", zone="field:0", owner=1, face_up=False)
    st.add_piece(bluff)
    st.pieces["bl"] = dataclasses.replace(st.pieces["bl"], attached_to=site)
    st.link("bl", None, site)
    ok(s, PlayCard(_mine(s, "hand:0", card)), 0)
    offered = _answer(s, 0, {"site": site}, option=3)
    assert len(offered) == 2  # the +2 and the Bluff; no Event to negate
    assert st.pieces["bl"].zone == "discard:1" and _mods(s) == []


def test_one_of_the_following_is_refused_when_none_can_be_done(library: CardLibrary) -> None:
    card = fixture_ref(library, "FS-01")
    s = _checking(library, [card])
    s.state.rules["check"]["skill"] = "Sciences"  # not the skill it adds to; no Event, no Bluff
    assert PlayCard(_mine(s, "hand:0", card)) not in list(s.rules.legal_actions(s.state, 0))
    assert s.submit(PlayCard(_mine(s, "hand:0", card)), 0).violations


def test_negate_or_heal_heals_an_agent_in_the_hospital(library: CardLibrary) -> None:
    card = fixture_ref(library, "FS-02")
    s = _checking(library, [card])
    st = s.state
    hurt = Piece(id="hurt", card="xfiles-ccg-sample/tom-brandt", zone="hospital:0", owner=0, face_up=True,
                 counters={"damage": 3})
    st.add_piece(hurt)
    ok(s, PlayCard(_mine(s, "hand:0", card)), 0)
    offered = _answer(s, 0, {"agent": "hurt"})
    assert len(offered) <= 1 and st.pieces["hurt"].counters["damage"] == 1


def test_negate_or_heal_negates_a_card_with_the_keyword(library: CardLibrary) -> None:
    card, seance = fixture_ref(library, "FS-02"), fixture_ref(library, "FS-05")
    s = _checking(library, [card, seance])
    ok(s, PlayCard(_mine(s, "hand:0", seance)), 0)
    ok(s, PlayCard(_mine(s, "hand:0", card)), 0)  # on the chain above the Seance
    _answer(s, 0)
    assert _mods(s) == []  # the Seance negated: its +1 never came


# ------------------------------------------------------------------------------------------------ a skill for another


def test_an_agent_uses_one_skill_number_for_another_skills_check(library: CardLibrary) -> None:
    card = fixture_ref(library, "FS-03")
    s = _checking(library, [card])
    keller = pid(s, "field:0", "nadia-keller")
    ok(s, PlayCard(_mine(s, "hand:0", card)), 0)
    _answer(s, 0, {"agent": keller})
    assert _mods(s) == [2 - 3]  # Keller's CRIMINAL INVESTIGATION 2 for her BEHAVIORAL 3


def test_a_skill_used_for_another_only_in_a_team_with_the_agent_named(library: CardLibrary) -> None:
    card = fixture_ref(library, "FS-04")
    s = _checking(library, [card])
    marsh = pid(s, "field:0", "owen-marsh")
    ok(s, PlayCard(_mine(s, "hand:0", card)), 0)
    _answer(s, 0, {"agent": marsh})
    assert _mods(s) == [4 - 3]  # Marsh's ALIEN INVESTIGATION 4 for his BEHAVIORAL 3
    s = _checking(library, [card])
    s.state.rules["check"]["team"] = [pid(s, "field:0", "owen-marsh")]  # Keller not in the Team
    assert s.submit(PlayCard(_mine(s, "hand:0", card)), 0).violations


# ------------------------------------------------------------------------------------------------ the Healing phase


def test_an_opponent_chosen_skips_the_next_healing_phase(library: CardLibrary) -> None:
    card = fixture_ref(library, "FS-06")
    s = _checking(library, [card], seats=3)
    ok(s, PlayCard(_mine(s, "hand:0", card)), 0)
    offered = _answer(s, 0, option=3)  # the options are the seats: Mo's (seat 2)
    assert offered == ["the player of seat 2", "the player of seat 3"]  # the two opponents, never the card's player
    assert s.state.rules["skip_heal"] == [2]
    s = build_position({"hospital:0": ["owen-marsh:d4"], "hospital:1": ["lena-ortiz:d4"]},
                       {"step": "sell", "seller": 1, "skip_heal": [1]})
    ok(s, Pass(), 1)
    st = s.state
    assert s.rules.damage(st, pid(s, "hospital:0", "owen-marsh")) == 2
    assert s.rules.damage(st, pid(s, "hospital:1", "lena-ortiz")) == 4  # Les skipped it
    assert "skip_heal" not in st.rules and st.rules["step"] == "requisition"


# ------------------------------------------------------------------------------------------------ the table's Keywords


def test_a_keyword_change_offers_the_keywords_printed_on_the_cards_loaded(library: CardLibrary) -> None:
    s = _checking(library, [])
    rs = s.rules
    printed = {str(k).casefold() for c in library for k in (c.get("keywords") or ())}
    ability = rs.card_text(fixture_ref(library, "FS-07")).abilities[0]
    chooses = [step["choose"] for step in ability.do if "choose" in step]
    for name, branches in zip(("kw_from", "kw_to"), chooses, strict=True):
        offered = [b[0][name]["keyword"] for b in branches]
        assert {k.casefold() for k in offered} == printed and len(offered) == len(printed)
    assert "zeitgeist" in printed and "cancer" not in printed  # a Keyword of our own is offered; one unprinted is not


# ------------------------------------------------------------------------------------------------ an Agent out


def test_an_agent_picked_from_the_investigating_team_adds_no_skill_this_turn(library: CardLibrary) -> None:
    fog = fixture_ref(library, "FS-08")
    s = _checking(library, [])
    st, rs = s.state, s.rules
    card = Piece(id="fog", card=fog, zone="hand:1", owner=1, face_up=False)
    st.add_piece(card)
    keller = pid(s, "field:0", "nadia-keller")
    ok(s, Pass(), 0)
    ok(s, PlayCard("fog"), 1)
    _answer(s, 1, {"agent": keller})
    assert keller not in st.rules["check"]["team"] and st.pieces[keller].counters["out_turn"] == 1
    assert rs.team_skill(st, [keller], "Behavioral") == 0  # nor in any other check this turn


def _bluffed(library: CardLibrary, bluff: str, hand: dict[str, list[str]] | None = None) -> Any:
    """Randy's Team (Marsh and Keller) sent to Harlow Creek with Les's Bluff `bluff` (a fixture id) beneath it,
    revealed: Les to pay it."""
    s = build_position({"field:0": ["harlow-creek", "owen-marsh", "nadia-keller"], "bureau:1": ["lena-ortiz"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"], **(hand or {})},
                       {"step": "assign"}, library=library)
    st = s.state
    site = pid(s, "field:0", "harlow-creek")
    st.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    st.add_piece(Piece(id="bl", card=fixture_ref(library, bluff), zone="field:0", owner=1, face_up=False))
    st.pieces["bl"] = dataclasses.replace(st.pieces["bl"], attached_to=site)
    st.link("bl", None, site)
    ok(s, Investigate(site, (pid(s, "field:0", "owen-marsh"), pid(s, "field:0", "nadia-keller"))), 0)
    approach(s)
    return s


def test_a_bluff_takes_an_agent_of_the_team_out_of_the_sites_check(library: CardLibrary) -> None:
    s = _bluffed(library, "FS-09")
    st = s.state
    marsh = pid(s, "field:0", "owen-marsh")
    ok(s, ResolveBluff(st.rules["bluffs"][0], True), 1)
    _answer(s, 1, {"agent": marsh})
    assert st.rules["check"]["team"] == [pid(s, "field:0", "nadia-keller")]


# ------------------------------------------------------------------------------------------------ pools per card played


def test_a_card_in_the_bureau_adds_to_a_pool_for_each_event_its_player_plays_in_that_role(library: CardLibrary
                                                                                         ) -> None:
    active, directed = fixture_ref(library, "FS-11"), fixture_ref(library, "FS-10")
    seance, stonewall = fixture_ref(library, "FS-05"), fixture_ref(library, "FS-12")
    s = _checking(library, [active, seance])
    st = s.state
    st.add_piece(Piece(id="fund", card=directed, zone="bureau:1", owner=1, face_up=True))
    st.add_piece(Piece(id="wall", card=stonewall, zone="hand:1", owner=1, face_up=False))
    pools = lambda: (st.player(0).counters["rp"], st.player(1).counters["cp"])  # noqa: E731
    ok(s, PlayCard(_mine(s, "hand:0", active)), 0)
    _answer(s, 0)
    assert st.pieces[_mine(s, "bureau:0", active)].zone == "bureau:0" and pools() == (4, 5)
    ok(s, PlayCard(_mine(s, "hand:0", seance)), 0)  # an Event as the Active player: +1 RP to its player alone
    assert pools() == (4, 5)
    _answer(s, 0)
    ok(s, Pass(), 0)
    ok(s, PlayCard("wall"), 1)  # an Event as the Directed player: +1 CP, Randy's card gives nothing
    assert pools() == (4, 5)


# ------------------------------------------------------------------------------------------------ a Witness doubled


def test_a_witness_just_played_adds_twice_its_modifier(library: CardLibrary) -> None:
    clerk, echo = fixture_ref(library, "FS-13"), fixture_ref(library, "FS-14")
    s = _checking(library, [clerk, echo])
    assert s.submit(PlayCard(_mine(s, "hand:0", echo)), 0).violations  # no Witness played: nothing to double
    ok(s, PlayCard(_mine(s, "hand:0", clerk)), 0)
    ok(s, PlayCard(_mine(s, "hand:0", echo)), 0)
    _answer(s, 0)
    assert _mods(s) == [4]


def test_a_bluff_bans_witnesses_at_its_site_when_none_is_there_to_negate(library: CardLibrary) -> None:
    clerk = fixture_ref(library, "FS-13")
    s = _bluffed(library, "FS-15", {"hand:0": [clerk]})
    st = s.state
    ok(s, ResolveBluff(st.rules["bluffs"][0], True), 1)
    offered = _answer(s, 1)
    assert offered in ([], ["no witness played at this Site"])  # no Witness on the chain to negate
    assert [b["kind"] for b in st.rules["check"]["bans"]] == ["witness"]
    while s.rules.decision(st) != 0:
        ok(s, Pass(), s.rules.decision(st))
    assert [v.code for v in s.submit(PlayCard(_mine(s, "hand:0", clerk)), 0).violations] == ["xfc.banned"]


def test_a_bluff_paid_with_two_cards_of_its_players_hand(library: CardLibrary) -> None:
    s = _bluffed(library, "FS-16", {"hand:1": ["cold-trail", "flat-tire", "overtime"]})
    st = s.state
    kept = pid(s, "hand:1", "overtime")
    ok(s, ResolveBluff(st.rules["bluffs"][0], True), 1)
    _answer(s, 1, {"paid": pid(s, "hand:1", "cold-trail")})
    assert st.zones["hand:1"].pieces == [kept] and len(st.zones["discard:1"].pieces) == 3  # two cards, the Bluff
    assert _mods(s) == [-2]


# ------------------------------------------------------------------------------------------------ a round skipped


def _fought(library: CardLibrary, card: str) -> tuple[Any, str, str]:
    """Marsh (LRC 2, CRC 2) fights the Brute (LRC 2, CRC 3); Randy plays the Combat card `card` (a fixture id) in
    the Long Range round, choosing Marsh when it asks for an Agent; the round is fought. The session, Marsh, the
    Brute."""
    from tests.rules.test_xfiles_ccg_cardtext import _fight

    s, brute = _fight(library, ["owen-marsh"], fixture_ref(library, "FS-18"), [fixture_ref(library, card)])
    st, rs = s.state, s.rules
    marsh = pid(s, "field:0", "owen-marsh")
    ok(s, Pass(), 1)
    ok(s, PlayCard(_mine(s, "hand:0", fixture_ref(library, card)), "agents"), 0)
    ok(s, Pass(), 0)
    ok(s, Pass(), 1)
    listed = [a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseTarget)]
    if listed:
        assert [a.piece for a in listed if a.piece] == [marsh]  # an Agent in the Combat, not the Adversary
        ok(s, next(a for a in listed if a.piece == marsh), 0)
    while st.rules.get("combat", {}).get("round") == "lrc":
        ok(s, Pass(), rs.decision(st))
    return s, marsh, brute


def test_an_agent_skips_a_combat_round_taking_and_dealing_no_damage(library: CardLibrary) -> None:
    s, marsh, brute = _fought(library, "FS-17")
    st, rs = s.state, s.rules
    assert rs.damage(st, marsh) == 0 and rs.damage(st, brute) == 0  # the Long Range round skipped for him
    while st.rules.get("combat", {}).get("round") == "crc" and not rs.damage(st, brute):
        ok(s, Pass(), rs.decision(st))
    assert rs.damage(st, brute) == 2 and rs.damage(st, marsh) == 3  # the Close Range round as usual


def test_the_adversarys_damage_of_a_round_is_reduced(library: CardLibrary) -> None:
    s, marsh, brute = _fought(library, "FS-19")
    assert s.rules.damage(s.state, marsh) == 2 - 1 and s.rules.damage(s.state, brute) == 2  # the team still deals 2


def test_an_agent_adds_to_its_round_and_the_next_close_range_round_hurts_less(library: CardLibrary) -> None:
    s, marsh, brute = _fought(library, "FS-20")
    st, rs = s.state, s.rules
    assert rs.damage(st, brute) == 2 + 2 and rs.damage(st, marsh) == 2
    while st.rules.get("combat", {}).get("round") == "crc" and rs.damage(st, brute) == 4:
        ok(s, Pass(), rs.decision(st))
    assert rs.damage(st, brute) == 4 + 2 and rs.damage(st, marsh) == 2 + 3 - 2  # the Brute's 3 less 2


def test_an_agent_doubles_its_printed_round_skill(library: CardLibrary) -> None:
    s, marsh, brute = _fought(library, "FS-21")
    assert s.rules.damage(s.state, brute) == 2 * 2 and s.rules.damage(s.state, marsh) == 2


# ------------------------------------------------------------------------------------------------ a Team's size, RES


def test_a_small_team_adds_its_total_res_to_the_pool(library: CardLibrary) -> None:
    card = fixture_ref(library, "FS-22")
    s = _checking(library, [card])
    ok(s, PlayCard(_mine(s, "hand:0", card)), 0)
    _answer(s, 0)
    assert s.state.player(0).counters["rp"] == 5 + 2 + 1  # Marsh's RES 2, Keller's 1
    s = _checking(library, [card])
    s.state.add_piece(Piece(id="brandt", card="xfiles-ccg-sample/tom-brandt", zone="field:0", owner=0, face_up=True))
    s.state.rules["check"]["team"] = [*s.state.rules["check"]["team"], "brandt"]  # three Agents
    assert s.submit(PlayCard(_mine(s, "hand:0", card)), 0).violations


def test_a_token_sends_an_agent_of_a_team_to_the_bureau_out_of_its_check(library: CardLibrary) -> None:
    vale_ref = fixture_ref(library, "FS-23")
    s = _checking(library, [])
    st, rs = s.state, s.rules
    st.add_piece(Piece(id="vale", card=vale_ref, zone="bureau:0", owner=0, face_up=True))
    keller = pid(s, "field:0", "nadia-keller")
    ok(s, UseAbility("vale"), 0)
    _answer(s, 0, {"sent": keller})
    assert st.pieces[keller].zone == "bureau:0" and keller not in st.rules["check"]["team"]
    assert rs.tokens_left(st, "vale") == 0 and UseAbility("vale") not in list(rs.legal_actions(st, 0))
