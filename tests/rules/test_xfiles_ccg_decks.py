"""`xfiles-ccg`: card wordings that real decks left by hand in self-play (issue #26), run by the engine in a game
(our own cards in the printed wordings): a Bluff whose X is the cards its player discards for damage to a Team, ..."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tabletop.cards import CardLibrary
from tabletop.rules.kit import ChooseTarget
from tabletop.rules.xfiles_ccg import Deploy, Guess, Investigate, Pass, PlayCard, ResolveBluff, UseAbility
from tests.rules.xfiles_ccg_helpers import SET, approach, fixture_library, fixture_ref, ok, pid
from tests.rules.xfiles_ccg_helpers import position as build_position


def _card(rid: str, title: str, kind: str, cost: str, text: str, **more: Any) -> dict[str, Any]:
    return {"id": rid, "title": title, "set": "Fixture", "type": kind, "cost": cost, "gameText": text,
            "keywords": [kind], **more}


RECORDS = [
    _card("FD-01", "Gas Main", "Bluff", "2X CP", "Play this card to cause one point of damage to every Agent in a "
          "Team for each [CP] Cost card discarded from your hand, up to a maximum of three points of damage. X = "
          "number of [CP] Cost cards discarded.", activators=["Conspiracy", "Site"]),
    _card("FD-02", "Case Notes", "Event", "2 RP", "Play on one Team in the Field. If the Team makes a BEHAVIORAL "
          "skill check 5+, then they may add 2 to any Site skill check. Discard this card after you've used the "
          "modifier.", activators=["Active"]),
    _card("FD-03", "Night Drive", "Event", "2 RP", "Play on a Team in the Field during the Deployment Phase. If the "
          "Team makes a CRIMINAL INVESTIGATION 5+ skill check, they may investigate two Sites in the same state this "
          "turn.", activators=["Active"]),
    _card("FD-04", "Long Haul", "Event", "1 RP", "Play on a Team in the Field during the Deployment Phase. If the "
          "Team makes a CRIMINAL INVESTIGATION 6+ skill check they may investigate two Sites this turn. Resolve each "
          "Site individually.", activators=["Active"]),
    {"id": "FD-05", "title": "Grain Elevator, Sedalia, MO", "set": "Fixture", "type": "Site", "cost": "2 RP",
     "keywords": ["Site"], "prerequisite": "CRIMINAL INVESTIGATION 3+", "question": "You may ask one METHOD question."},
    _card("FD-06", "Friends Upstairs", "Event", "2 RP", "The Team must make a BUREAUCRACY 4+ skill check. If "
          "successful, you may now have up to nine cards in hand at the end of your turn. This condition stays in "
          "effect until you are forced to discard this card. Discard this card if one of your Agents is moved from "
          "or to the Bureau Section of the table for any reason.", activators=["Active"],
          keywords=["Event", "Resource"]),
    _card("FD-07", "Composite Sketch", "Event", "1 RP", "Play on a Team that fails a Site skill check when combat was "
          "involved. If the Team makes a CRIMINAL INVESTIGATION 3+ skill check, place the Site in the Bureau. At the "
          "start of your Briefing Phase, you may place the Site into your hand.", activators=["Active"]),
    _card("FD-08", "Coroner's Report", "Event", "2 RP", "Take a Witness from your Discard Pile and place it in your "
          "hand. In addition, if the Team makes a MEDICAL 4+ skill check, the Witness's modifier is doubled if played "
          "this turn.", activators=["Active"]),
    _card("FD-09", "Quiet Approach", "Event", "X+1 RP", "Play on a Team about to investigate a Site with BEHAVIORAL as "
          "a prerequisite. Discard all cards assigned as Bluff cards at that Site. X = the number of Bluffs at the "
          "Site.", activators=["Active"]),
    _card("FD-10", "Old Favours", "Event", "1 RP", "Play when you have just guessed incorrectly the identity of an "
          "X-File. Select a Team in your Bureau. If that Team successfully completes a BUREAUCRACY 4+ skill check, "
          "your opponent does not get to ask you a penalty question.", activators=["Active"]),
]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> CardLibrary:
    return fixture_library(tmp_path_factory.mktemp("decks"), RECORDS)


def _under_site(s: Any, ref: str, site: str, owner: int = 1) -> str:
    """A card of `owner`'s hand put face down beneath `site` (a Bluff placed in the Case Assignment)."""
    st = s.state
    bluff = next(p for p in st.zones[f"hand:{owner}"].pieces if st.pieces[p].card == ref)
    st.zones[f"hand:{owner}"].pieces.remove(bluff)
    st.zones["field:0"].pieces.append(bluff)
    st.pieces[bluff] = dataclasses.replace(st.pieces[bluff], zone="field:0", face_up=False, attached_to=site)
    st.link(bluff, None, site)
    return bluff


def _investigated(library: CardLibrary, bluff_ref: str, hand1: list[str], pools: Any = ((5, 5), (5, 5))) -> Any:
    """Randy's Team (Marsh and Keller) sent to Harlow Creek, with Les's Bluff `bluff_ref` beneath it."""
    s = build_position({"field:0": ["harlow-creek", "owen-marsh", "nadia-keller"], "hand:1": [bluff_ref, *hand1],
                        "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "assign"}, library=library, pools=pools)
    site = pid(s, "field:0", "harlow-creek")
    s.state.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    _under_site(s, bluff_ref, site)
    ok(s, Investigate(site, (pid(s, "field:0", "owen-marsh"), pid(s, "field:0", "nadia-keller"))), 0)
    approach(s)
    return s


def test_a_bluffs_x_is_the_cost_cards_its_player_discards_for_damage_to_each_agent(library: CardLibrary) -> None:
    ref = fixture_ref(library, "FD-01")
    s = _investigated(library, ref, ["budget-cuts", "press-leak", "cover-up", "long-night"], pools=((5, 5), (5, 5)))
    st, rs = s.state, s.rules
    bluff = st.rules["bluffs"][0]
    pays = [a for a in rs.legal_actions(st, 1) if isinstance(a, ResolveBluff) and a.pay]
    assert [a.x for a in pays] == [0, 1, 2]  # 2X CP from 5 CP: X at most 2
    assert {a.x for a in rs.generate_actions(st, 1) if isinstance(a, ResolveBluff) and a.pay} == {0, 1, 2}
    ok(s, ResolveBluff(bluff, True, 2), 1)
    picks = [a for a in rs.legal_actions(st, 1) if isinstance(a, ChooseTarget) and a.more]
    names = {rs.pinfo(st, a.piece).name for a in picks}
    assert names == {"Budget Cuts", "Press Leak", "Cover-Up"}  # [CP] Cost cards only, not the RP Long Night
    ok(s, picks[0], 1)
    ok(s, next(a for a in rs.legal_actions(st, 1) if isinstance(a, ChooseTarget) and a.more), 1)
    assert not [a for a in rs.legal_actions(st, 1) if isinstance(a, ChooseTarget) and a.more]  # X = 2 cards
    ok(s, next(a for a in rs.legal_actions(st, 1) if isinstance(a, ChooseTarget)), 1)
    assert len(st.zones["hand:1"].pieces) == 2
    for agent in ("owen-marsh", "nadia-keller"):
        assert rs.damage(st, pid(s, "field:0", agent)) == 2
    assert st.rules["card_text"][2] == 0


def test_a_bluff_paid_with_x_zero_discards_nothing_and_hurts_no_one(library: CardLibrary) -> None:
    ref = fixture_ref(library, "FD-01")
    s = _investigated(library, ref, ["budget-cuts"])
    st, rs = s.state, s.rules
    ok(s, ResolveBluff(st.rules["bluffs"][0], True, 0), 1)
    for a in [a for a in rs.legal_actions(st, 1) if isinstance(a, ChooseTarget)]:
        assert not a.more
    if st.rules.get("effects", {}).get("pending"):
        ok(s, ChooseTarget(st.rules["effects"]["pending"][0]["id"], "discarded", more=False), 1)
    assert len(st.zones["hand:1"].pieces) == 1
    assert rs.damage(st, pid(s, "field:0", "owen-marsh")) == 0


def test_a_team_investigation_a_site_is_the_team_investigating_it() -> None:
    """The second printing's misspelling ("the Team investigation a Site") means what the first printing says."""
    from tabletop.rules.xfiles_ccg.compiler import compile_text

    said = "Force the Team {} a Site to discard one Equipment card of your choice."
    typo, right = (compile_text(said.format(w)) for w in ("investigation", "investigating"))
    assert not typo[1] and [{k: v for k, v in a.items() if k != "text"} for a in typo[0]] == \
        [{k: v for k, v in a.items() if k != "text"} for a in right[0]]


def _resolve(s: Any) -> None:
    """Each seat passes in turn until the chain is empty (the card played resolves)."""
    while s.state.rules.get("chain"):
        ok(s, Pass(), s.rules.decision(s.state))


def test_a_held_modifier_stays_until_its_player_uses_it_on_a_site_check(library: CardLibrary) -> None:
    """'then they may add 2 to any Site skill check': made, the card is held (not applied at once nor discarded);
    its player uses it, a legal move, on a Site skill check, and only then is it discarded."""
    ref = fixture_ref(library, "FD-02")
    s = build_position({"field:0": ["harlow-creek", "owen-marsh", "nadia-keller"], "hand:0": [ref],
                        "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "assign"}, library=library)
    st, rs = s.state, s.rules
    site = pid(s, "field:0", "harlow-creek")
    st.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    ok(s, Investigate(site, (pid(s, "field:0", "owen-marsh"), pid(s, "field:0", "nadia-keller"))), 0)
    card = st.zones["hand:0"].pieces[0]
    ok(s, PlayCard(card), 0)
    _resolve(s)  # it resolves: the Team's BEHAVIORAL 3 + 3 = 6 makes 5+
    assert st.pieces[card].zone == "bureau:0" and not st.rules["check"]["mods"]  # held, not applied at once
    assert st.rules["card_text"][2] == 0
    use = UseAbility(card)
    assert use in list(rs.legal_actions(st, 0)) and use in list(rs.generate_actions(st, 0))
    ok(s, use, 0)
    assert [m["amount"] for m in st.rules["check"]["mods"]] == [2] and st.pieces[card].zone == "discard:0"


def test_a_held_modifier_is_not_kept_when_the_team_fails_and_is_not_used_outside_a_check(
        library: CardLibrary) -> None:
    ref = fixture_ref(library, "FD-02")
    s = build_position({"field:0": ["harlow-creek", "owen-marsh", "carl-wren"], "hand:0": [ref],
                        "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "assign"}, library=library)
    st = s.state
    site = pid(s, "field:0", "harlow-creek")
    st.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    ok(s, Investigate(site, (pid(s, "field:0", "owen-marsh"), pid(s, "field:0", "carl-wren"))), 0)
    card = st.zones["hand:0"].pieces[0]
    ok(s, PlayCard(card), 0)
    _resolve(s)  # BEHAVIORAL 3: the Team fails 5+
    assert st.pieces[card].zone == "discard:0"
    held = build_position({"bureau:0": [ref], "field:0": ["owen-marsh"], "bureau:1": ["lena-ortiz"],
                           "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                          {"step": "assign"}, library=library)
    r = held.submit(UseAbility(held.state.zones["bureau:0"].pieces[0]), 0)
    assert not r.accepted and "Site skill check" in r.violations[0].message


def _three_sites(library: CardLibrary, card: str) -> tuple[Any, dict[str, str], tuple[str, str]]:
    """Randy's Team (Brandt and Keller, CRIMINAL INVESTIGATION 3 + 2) at Harlow Creek, MO, with Sites in Missouri
    and Pennsylvania still to investigate, and `card` in hand."""
    elevator = fixture_ref(library, "FD-05")
    s = build_position({"field:0": ["harlow-creek", elevator, "dunmore-quarry", "tom-brandt", "nadia-keller"],
                        "hand:0": [fixture_ref(library, card)], "bureau:1": ["lena-ortiz"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "assign"}, library=library, pools=((9, 5), (5, 5)))
    st = s.state
    sites = {"mo": pid(s, "field:0", "harlow-creek"), "mo2": next(p for p in st.zones["field:0"].pieces
                                                                   if st.pieces[p].card == elevator),
             "pa": pid(s, "field:0", "dunmore-quarry")}
    st.rules["sites"] = {p: {"at": 1, "turn": 1, "owner": 0} for p in sites.values()}
    team = (pid(s, "field:0", "tom-brandt"), pid(s, "field:0", "nadia-keller"))
    ok(s, Investigate(sites["mo"], team, "Behavioral"), 0)
    ok(s, PlayCard(st.zones["hand:0"].pieces[0]), 0)
    _resolve(s)
    return s, sites, team


def _close_site(s: Any) -> None:
    """Both pass the check; a question, if it succeeded, is left unasked."""
    while s.state.rules.get("step") in ("check", "question"):
        ok(s, Pass(), s.rules.decision(s.state))


def test_a_team_that_makes_the_check_investigates_a_second_site_in_the_same_state(library: CardLibrary) -> None:
    s, sites, team = _three_sites(library, "FD-03")
    st, rs = s.state, s.rules
    assert st.rules["card_text"][2] == 0 and set(st.rules["again"]) == set(team)
    _close_site(s)
    assert st.rules["step"] == "assign"
    pa = s.submit(Investigate(sites["pa"], team, "Criminal Investigation"), 0)
    assert not pa.accepted and "already took part" in pa.violations[0].message  # not in the same state
    listed = [a for a in rs.legal_actions(st, 0) if isinstance(a, Investigate) and a.agents == team]
    assert {a.site for a in listed} == {sites["mo2"]}
    assert any(isinstance(a, Investigate) and a.site == sites["mo2"] for a in rs.generate_actions(st, 0))
    ok(s, Investigate(sites["mo2"], team, "Criminal Investigation"), 0)
    assert not st.rules.get("again")  # the second Site is used
    _close_site(s)
    assert not s.submit(Investigate(sites["pa"], team, "Criminal Investigation"), 0).accepted


def test_two_sites_anywhere_and_only_before_the_team_has_investigated(library: CardLibrary) -> None:
    s, sites, team = _three_sites(library, "FD-04")  # CRIMINAL INVESTIGATION 5 fails 6+
    assert not s.state.rules.get("again") and s.state.rules["card_text"][2] == 0
    s, sites, team = _three_sites(library, "FD-03")
    _close_site(s)
    card = s.state.zones["discard:0"].pieces[-1]  # the card back in hand, as a second copy would be
    s.state.zones["discard:0"].pieces.remove(card)
    s.state.zones["hand:0"].pieces.append(card)
    s.state.pieces[card] = dataclasses.replace(s.state.pieces[card], zone="hand:0")
    ok(s, Investigate(sites["mo2"], team, "Criminal Investigation"), 0)
    r = s.submit(PlayCard(card), 0)
    assert not r.accepted and "before it investigates" in r.violations[0].message


def _channels(library: CardLibrary, team: tuple[str, str]) -> tuple[Any, str]:
    """Randy's Team `team` at Harlow Creek plays the hand-size card (a RESOURCE: it stays in his Bureau)."""
    s = build_position({"field:0": ["harlow-creek", *team], "bureau:0": ["sam-doyle"],
                        "hand:0": [fixture_ref(library, "FD-06")], "bureau:1": ["lena-ortiz"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "assign"}, library=library)
    site = pid(s, "field:0", "harlow-creek")
    s.state.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    ok(s, Investigate(site, tuple(pid(s, "field:0", a) for a in team), "Behavioral"), 0)
    card = s.state.zones["hand:0"].pieces[0]
    ok(s, PlayCard(card), 0)
    _resolve(s)
    return s, card


def test_a_card_in_play_raises_the_hand_size_until_an_agent_moves_from_or_to_the_bureau(
        library: CardLibrary) -> None:
    s, card = _channels(library, ("tom-brandt", "victor-hale"))  # BUREAUCRACY 2 + 3 makes 4+
    st, rs = s.state, s.rules
    assert st.pieces[card].zone == "bureau:0" and rs.flow.hand_max(st, 0) == 9 and rs.flow.hand_max(st, 1) == 7
    assert st.rules["card_text"][2] == 0
    st.rules["step"] = "deployment"
    ok(s, Deploy(pid(s, "bureau:0", "sam-doyle"), "field"), 0)  # an Agent moved from the Bureau
    assert st.pieces[card].zone == "discard:0" and rs.flow.hand_max(st, 0) == 7


def test_a_card_whose_check_fails_raises_nothing_and_is_discarded(library: CardLibrary) -> None:
    s, card = _channels(library, ("tom-brandt", "owen-marsh"))  # BUREAUCRACY 2 fails 4+
    assert s.state.pieces[card].zone == "discard:0" and s.rules.flow.hand_max(s.state, 0) == 7


def _failing_after_a_fight(library: CardLibrary, fought: bool = True) -> tuple[Any, str, str]:
    """Brandt and Wren (BEHAVIORAL 0, CRIMINAL INVESTIGATION 5) at Harlow Creek (BEHAVIORAL 4+), a Combat fought
    there when `fought`, the Site-saving card in hand."""
    s = build_position({"field:0": ["harlow-creek", "tom-brandt", "carl-wren"], "hand:0": [fixture_ref(library, "FD-07")],
                        "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "assign"}, library=library)
    site = pid(s, "field:0", "harlow-creek")
    s.state.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    ok(s, Investigate(site, (pid(s, "field:0", "tom-brandt"), pid(s, "field:0", "carl-wren")), "Behavioral"), 0)
    if fought:
        s.state.rules["check"] = {**s.state.rules["check"], "fought": True}
    return s, site, s.state.zones["hand:0"].pieces[0]


def test_a_site_failed_after_a_fight_is_saved_in_the_bureau_and_returns_at_the_briefing(
        library: CardLibrary) -> None:
    s, site, card = _failing_after_a_fight(library)
    st, rs = s.state, s.rules
    ok(s, PlayCard(card), 0)
    _resolve(s)
    assert st.rules["card_text"][2] == 0 and st.pieces[site].zone == "field:0"
    while st.rules.get("step") == "check":
        ok(s, Pass(), rs.decision(st))
    assert st.pieces[site].zone == "bureau:0" and st.pieces[site].counters.get("saved")  # CI 5 makes 3+
    st.rules.update({"step": "debrief", "active": 1, "discarder": 0})  # (Les's turn ends: Randy's begins)
    while st.rules.get("active") == 1:
        ok(s, Pass(), rs.decision(st))
    assert st.pieces[site].zone == "hand:0" and not st.pieces[site].counters


def test_a_site_is_not_saved_without_a_fight(library: CardLibrary) -> None:
    s, site, card = _failing_after_a_fight(library, fought=False)
    r = s.submit(PlayCard(card), 0)
    assert not r.accepted and "Combat was fought" in r.violations[0].message


@pytest.mark.parametrize("medic,doubled", [("ruth-calder", True), ("owen-marsh", False)])
def test_a_witness_taken_back_adds_twice_its_modifier_this_turn_if_the_team_makes_the_check(
        library: CardLibrary, medic: str, doubled: bool) -> None:
    s = build_position({"field:0": ["harlow-creek", medic, "nadia-keller"], "discard:0": ["june-talley"],
                        "hand:0": [fixture_ref(library, "FD-08")], "bureau:1": ["lena-ortiz"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "assign"}, library=library)
    st, rs = s.state, s.rules
    site = pid(s, "field:0", "harlow-creek")
    st.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    ok(s, Investigate(site, (pid(s, "field:0", medic), pid(s, "field:0", "nadia-keller")), "Behavioral"), 0)
    ok(s, PlayCard(st.zones["hand:0"].pieces[0]), 0)
    _resolve(s)
    (take,) = [a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseTarget) and a.more]
    ok(s, take, 0)  # the Witness back in hand; the Team's MEDICAL (Calder 4, or none) against 4+
    witness = pid(s, "hand:0", "june-talley")
    ok(s, PlayCard(witness), 0)
    _resolve(s)
    assert [m["amount"] for m in st.rules["check"]["mods"]] == [4 if doubled else 2]
    assert st.rules["card_text"][2] == 0


def _approached(library: CardLibrary, site: str = "harlow-creek") -> tuple[Any, str, list[str], str]:
    """Randy's Team sent to `site` with two of Les's cards beneath it, the Bluff-clearing card in Randy's hand."""
    s = build_position({"field:0": [site, "owen-marsh", "nadia-keller"], "hand:0": [fixture_ref(library, "FD-09")],
                        "hand:1": ["cold-trail", "misfiled-report"], "bureau:1": ["lena-ortiz"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "assign"}, library=library)
    st = s.state
    where = pid(s, "field:0", site)
    st.rules["sites"] = {where: {"at": 1, "turn": 1, "owner": 0}}
    bluffs = [_under_site(s, f"{SET}/{c}", where) for c in ("cold-trail", "misfiled-report")]
    ok(s, Investigate(where, (pid(s, "field:0", "owen-marsh"), pid(s, "field:0", "nadia-keller"))), 0)
    return s, where, bluffs, st.zones["hand:0"].pieces[0]


def test_bluffs_discarded_by_a_card_played_on_a_team_about_to_investigate(library: CardLibrary) -> None:
    s, site, bluffs, card = _approached(library)
    st, rs = s.state, s.rules
    assert st.rules["check"].get("approach") and not any(st.pieces[b].face_up for b in bluffs)
    plays = [a for a in rs.legal_actions(st, 0) if isinstance(a, PlayCard)]
    assert plays == [PlayCard(card, x=2)]  # X is the number of cards beneath the Site
    assert PlayCard(card, x=2) in list(rs.generate_actions(st, 0))
    ok(s, PlayCard(card, x=2), 0)
    _resolve(s)
    approach(s)
    assert all(st.pieces[b].zone == "discard:1" for b in bluffs)  # never resolved: no Bluff paid for
    assert st.rules["step"] == "check" and not st.rules["check"].get("approach") and not st.rules.get("bluffs")
    assert st.rules["card_text"][2] == 0 and st.player(0).counters["rp"] == 2


def test_only_such_cards_before_the_bluffs_are_revealed_and_only_at_a_site_of_that_prerequisite(
        library: CardLibrary) -> None:
    s, site, bluffs, card = _approached(library, "dunmore-quarry")  # CRIMINAL INVESTIGATION 4+
    st, rs = s.state, s.rules
    r = s.submit(PlayCard(card, x=2), 0)
    assert not r.accepted and "BEHAVIORAL as a prerequisite" in r.violations[0].message
    assert not [a for a in rs.legal_actions(st, 1) if isinstance(a, PlayCard)]  # Les: nothing before the reveal
    approach(s)
    assert st.rules["step"] == "reveal" and all(st.pieces[b].face_up for b in bluffs)


def _guessed_wrong(library: CardLibrary, bureau: list[str]) -> tuple[Any, str]:
    """Randy's Team solved Harlow Creek and he guesses Les's X-File wrong, `bureau` in his Bureau and the card that
    spares the penalty question in hand."""
    s = build_position({"field:0": ["harlow-creek", "owen-marsh", "nadia-keller"], "bureau:0": bureau,
                        "hand:0": [fixture_ref(library, "FD-10")], "bureau:1": ["lena-ortiz"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "assign"}, library=library)
    st, rs = s.state, s.rules
    site = pid(s, "field:0", "harlow-creek")
    st.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    ok(s, Investigate(site, (pid(s, "field:0", "owen-marsh"), pid(s, "field:0", "nadia-keller"))), 0)
    while st.rules["step"] == "check":
        ok(s, Pass(), rs.decision(st))
    ok(s, Guess(rs.guess_token(st, 0, "The Ninth Floor")), 0)
    return s, st.zones["hand:0"].pieces[0]


def test_a_wrong_guess_spared_its_penalty_question_by_a_team_in_the_bureau(library: CardLibrary) -> None:
    s, card = _guessed_wrong(library, ["tom-brandt", "victor-hale"])  # BUREAUCRACY 2 + 3 makes 4+
    st, rs = s.state, s.rules
    assert st.rules["check"].get("guessed_wrong") and rs.decision(st) == 0
    assert PlayCard(card) in list(rs.legal_actions(st, 0)) and PlayCard(card) in list(rs.generate_actions(st, 0))
    ok(s, PlayCard(card), 0)
    _resolve(s)
    approach(s)
    assert st.rules["step"] == "question" and not st.rules.get("penalty") and st.rules["card_text"][2] == 0


def test_the_penalty_stands_when_the_bureau_fails_or_nothing_is_played(library: CardLibrary) -> None:
    s, card = _guessed_wrong(library, ["tom-brandt"])  # BUREAUCRACY 2 fails 4+
    ok(s, PlayCard(card), 0)
    _resolve(s)
    approach(s)
    assert s.state.rules["step"] == "penalty" and s.rules.decision(s.state) == 1
    s, card = _guessed_wrong(library, ["tom-brandt", "victor-hale"])
    assert not [a for a in s.rules.legal_actions(s.state, 1) if isinstance(a, PlayCard)]
    approach(s)
    assert s.state.rules["step"] == "penalty"
