"""`xfiles-ccg`: abilities a card in play lends its owner, used as legal moves (our own cards in the real sets'
wordings): RES added to the other pool during the Briefing, a once-per-turn heal of a teammate."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.cards import CardLibrary
from tabletop.rules.kit import ChooseTarget
from tabletop.rules.xfiles_ccg import UseAbility
from tests.rules.xfiles_ccg_helpers import fixture_library, fixture_ref, ok, pid
from tests.rules.xfiles_ccg_helpers import position as build_position


def _agent(rid: str, title: str, text: str, res: int = 2) -> dict[str, Any]:
    return {"id": rid, "title": title, "set": "Fixture", "type": "Agent", "cost": "4 RP", "gameText": text,
            "keywords": ["Agent", "FBI"], "skills": {"Medical": 2, "Long Range Combat": 1, "Close Range Combat": 1,
                                                     "Health": 4, "Resources": res}}


RECORDS = [
    _agent("FA-01", "Agent Rhea Dorn", "Agent Dorn allows you to choose to add to the Conspiracy Pool instead of the "
           "Resource Pool during the Briefing Phase."),
    _agent("FA-02", "Agent Tom Reyes", "If Reyes is in the Field Section, he may heal one point of damage on another "
           "Agent in his Team, once per turn."),
]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> CardLibrary:
    return fixture_library(tmp_path_factory.mktemp("sets"), RECORDS)


def _mine(s: Any, zone: str, ref: str) -> str:
    return next(p for p in s.state.zones[zone].pieces if s.state.pieces[p].card == ref)


def test_res_goes_to_the_other_pool_once_in_the_briefing(library: CardLibrary) -> None:
    dorn_ref = fixture_ref(library, "FA-01")
    s = build_position({"bureau:0": [dorn_ref], "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"],
                        "xfile:1": ["lantern-choir"], "deck:0": ["marrow-point"] * 3, "deck:1": ["cold-trail"] * 3},
                       {"step": "buy"}, library=library, pools=((5, 1), (5, 5)))
    st, rs = s.state, s.rules
    dorn = _mine(s, "bureau:0", dorn_ref)
    assert UseAbility(dorn) in list(rs.legal_actions(st, 0))
    assert UseAbility(dorn) in list(rs.generate_actions(st, 0))  # the bots may choose it too
    ok(s, UseAbility(dorn), 0)
    assert (st.player(0).counters["rp"], st.player(0).counters["cp"]) == (3, 3)
    r = s.submit(UseAbility(dorn), 0)  # once a Briefing
    assert not r.accepted and "once per turn" in r.violations[0].message and st.player(0).counters["cp"] == 3


def test_it_is_refused_outside_the_briefing(library: CardLibrary) -> None:
    dorn_ref = fixture_ref(library, "FA-01")
    s = build_position({"bureau:0": [dorn_ref], "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"],
                        "xfile:1": ["lantern-choir"]}, {"step": "deployment"}, library=library)
    dorn = _mine(s, "bureau:0", dorn_ref)
    r = s.submit(UseAbility(dorn), 0)
    assert not r.accepted and [v.rule for v in r.violations] == ["xfc.effect.2"]


def test_a_medic_heals_a_teammate_once_per_turn_but_not_himself(library: CardLibrary) -> None:
    reyes_ref = fixture_ref(library, "FA-02")
    s = build_position({"field:0": [f"{reyes_ref}:d1", "owen-marsh:d2"], "bureau:1": ["lena-ortiz"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "assign"}, library=library)
    st, rs = s.state, s.rules
    reyes, marsh = _mine(s, "field:0", reyes_ref), pid(s, "field:0", "owen-marsh")
    ok(s, UseAbility(reyes), 0)
    picks = [a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseTarget) and a.piece]
    assert [a.piece for a in picks] == [marsh]  # another Agent of his Team, a damaged one
    ok(s, picks[0], 0)
    assert rs.damage(st, marsh) == 1 and rs.damage(st, reyes) == 1
    assert not s.submit(UseAbility(reyes), 0).accepted


RECORDS.append(_agent("FA-03", "Agent June Park", "Place two tokens on this card. Discard a token to examine any "
                      "one Bluff card. Place Bluff card back on the Site after examining."))


def _bluffed(library: CardLibrary) -> tuple[Any, str, str, str]:
    """Randy's Site with one of Les's cards face down beneath it, at Randy's Investigation."""
    import dataclasses

    park_ref = fixture_ref(library, "FA-03")
    s = build_position({"field:0": ["harlow-creek", park_ref], "hand:1": ["cold-trail"], "bureau:1": ["lena-ortiz"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "assign"}, library=library)
    st = s.state
    site, park = pid(s, "field:0", "harlow-creek"), _mine(s, "field:0", park_ref)
    bluff = st.zones["hand:1"].pieces[0]
    st.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    st.zones["hand:1"].pieces.remove(bluff)
    st.zones["field:0"].pieces.append(bluff)
    st.pieces[bluff] = dataclasses.replace(st.pieces[bluff], zone="field:0", face_up=False, attached_to=site)
    return s, site, park, bluff


def test_a_bluff_examined_is_seen_by_its_examiner_alone(library: CardLibrary) -> None:
    s, site, park, bluff = _bluffed(library)
    st, rs = s.state, s.rules
    assert not st.can_see(st.pieces[bluff], 0)
    ok(s, UseAbility(park), 0)
    (pick,) = [a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseTarget) and a.more]
    assert pick.piece is None and pick.blind == 1  # named by its place: its id is not shown to a seat that can't see it
    ok(s, pick, 0)
    assert st.can_see(st.pieces[bluff], 0) and st.pieces[bluff].attached_to == site and not st.pieces[bluff].face_up
    assert rs.tokens_left(st, park) == 1
    name = rs.pinfo(st, bluff).name
    assert name not in " ".join(str(e.get("text", "")) for e in s.log_for(0))  # the log names no face-down card


RECORDS.append(_agent("FA-04", "Agent Lee Ames", "Place a token on this card. Discard this token and look through "
                      "your Bureau deck to draw any one Witness. Add it to your hand. Reshuffle your Bureau Deck."))


def test_a_search_of_the_deck_names_its_cards_to_the_searcher_alone(library: CardLibrary) -> None:
    ames_ref = fixture_ref(library, "FA-04")
    s = build_position({"field:0": [ames_ref], "deck:0": ["marrow-point", "retired-ranger", "cold-trail"],
                        "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "assign"}, library=library)
    st, rs = s.state, s.rules
    ames, ranger = _mine(s, "field:0", ames_ref), pid(s, "deck:0", "retired-ranger")
    ok(s, UseAbility(ames), 0)
    picks = [a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseTarget) and a.more]
    assert [a.piece for a in picks] == [ranger]  # only the Witness, named to its searcher
    assert not [a for a in rs.legal_actions(st, 1) if isinstance(a, ChooseTarget)]
    ok(s, picks[0], 0)
    assert st.pieces[ranger].zone == "hand:0" and rs.tokens_left(st, ames) == 0
    assert not st.can_see(st.pieces[ranger], 1)
    assert not any(st.can_see(st.pieces[p], 0) for p in st.zones["deck:0"].pieces)  # the reshuffle forgets the look
    name = rs.pinfo(st, ranger).name
    assert name not in " ".join(str(e.get("text", "")) for e in s.log_for(1))


RECORDS.append(_agent("FA-05", "Agent Ida Kell", "If one of your Agents is Abducted, you may immediately draw two "
                      "cards."))


def test_an_abduction_draws_its_cards(library: CardLibrary) -> None:
    from tabletop.rules.xfiles_ccg import ManualEffect

    kell_ref = fixture_ref(library, "FA-05")
    s = build_position({"bureau:0": [kell_ref], "field:0": ["owen-marsh"], "deck:0": ["marrow-point"] * 12,
                        "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "assign"}, library=library)
    st = s.state
    marsh = pid(s, "field:0", "owen-marsh")
    ok(s, ManualEffect("abduct", amount=10, piece=marsh), 0)
    assert st.pieces[marsh].zone == "deck:0" and len(st.zones["hand:0"].pieces) == 2
    assert st.rules["card_text"][1] >= 1  # counted as card text the engine ran


COMBAT = [
    {"id": "FT-C1", "title": "The Shade", "set": "Fixture", "type": "Adversary", "cost": "3 CP",
     "gameText": "The Shade is unaffected by Combat attacks. It will attack for only one LONG RANGE COMBAT and one "
     "CLOSE RANGE COMBAT round and then is discarded.", "keywords": ["Adversary", "Occult"],
     "activators": ["Conspiracy"], "skills": {"Long Range Combat": 1, "Close Range Combat": 1, "Health": 2}},
]


def test_an_adversary_no_attack_hurts_fights_two_rounds_and_is_discarded(tmp_path_factory) -> None:
    from tabletop.rules.xfiles_ccg import Pass
    from tests.rules.test_xfiles_ccg_cardtext import _fight

    lib = fixture_library(tmp_path_factory.mktemp("combat"), COMBAT)
    s, shade = _fight(lib, ["owen-marsh"], "FT-C1", [])
    st, rs = s.state, s.rules
    for _ in range(12):
        if not st.rules.get("combat"):
            break
        ok(s, Pass(), rs.decision(st))
    assert not st.rules.get("combat") and rs.damage(st, shade) == 0
    assert rs.damage(st, pid(s, "field:0", "owen-marsh")) == 2  # it attacked in both rounds, then left
    assert st.pieces[shade].zone.startswith("discard:")


COMBAT.append({"id": "FT-C2", "title": "The Hulk Of Ash Creek", "set": "Fixture", "type": "Adversary", "cost": "3 CP",
               "keywords": ["Adversary", "Primordial"], "activators": ["Conspiracy"],
               "skills": {"Long Range Combat": 2, "Close Range Combat": 3, "Health": 30}})


def test_a_combat_ends_when_no_agent_is_left_fighting(tmp_path_factory) -> None:
    """An Agent that left the Combat ("Run For It!") keeps no round going once the others are in the Hospital."""
    import dataclasses

    from tabletop.rules.xfiles_ccg import Pass
    from tests.rules.test_xfiles_ccg_cardtext import _fight

    lib = fixture_library(tmp_path_factory.mktemp("combat"), COMBAT)
    s, hulk = _fight(lib, ["owen-marsh", "nadia-keller"], "FT-C2", [])
    st, rs = s.state, s.rules
    marsh, keller = pid(s, "field:0", "owen-marsh"), pid(s, "field:0", "nadia-keller")
    st.rules["combat"] = {**st.rules["combat"], "out": [keller]}
    st.pieces[marsh] = dataclasses.replace(st.pieces[marsh], counters={"damage": rs.pinfo(st, marsh).health - 1})
    for _ in range(12):
        if not st.rules.get("combat"):
            break
        ok(s, Pass(), rs.decision(st))
    assert not st.rules.get("combat") and rs.section_of(st, marsh) == "hospital"
    assert rs.section_of(st, keller) == "field" and hulk in st.pieces
