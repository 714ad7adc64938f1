"""`xfiles-ccg`: card data the engine once misread silently (two-skill Sites, trailing punctuation, "2X CP" costs,
Health "Special"), on cards of our own in the card database's wording, imported as a player would."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.cards import CardLibrary
from tabletop.core import Session
from tabletop.rules.xfiles_ccg import Investigate, Pass, PlayCard, XFilesCCG, card_info
from tests.rules.xfiles_ccg_helpers import fixture_library, fixture_ref, ok
from tests.rules.xfiles_ccg_helpers import position as build_position

#: records in the database's shape and wording (our own cards)
RECORDS = [
    {"id": "FX-01", "title": "Hollow Creek Lab, Ames, IA", "set": "Fixture", "type": "Site", "cost": "2 RP",
     "keywords": ["Site"], "prerequisite": "OCCULT INVESTIGATION 3+ AND SCIENCES 3+",
     "question": "One AFFILIATION question"},
    {"id": "FX-02", "title": "Old Mill Road, Dover, DE", "set": "Fixture", "type": "Site", "cost": "1 RP",
     "keywords": ["Site"], "prerequisite": "BEHAVIORAL 4+ or MEDICAL 4+.", "question": "One MOTIVE question"},
    {"id": "FX-03", "title": "Pier Nine, Tacoma, WA", "set": "Fixture", "type": "Site", "cost": "1 RP",
     "keywords": ["Site"], "prerequisite": "SCIENCES 4+, or COMPUTER 4+,", "question": "One METHOD question"},
    {"id": "FX-04", "title": "Paper Trail", "set": "Fixture", "type": "Event", "cost": "2X CP",
     "keywords": ["Event"], "gameText": "Discard X cards from your hand."},
    {"id": "FX-05", "title": "Long Requisition", "set": "Fixture", "type": "Event", "cost": "3X RP",
     "keywords": ["Event"], "gameText": "Draw X cards."},
    {"id": "FX-06", "title": "The Fog Walker", "set": "Fixture", "type": "Adversary", "cost": "4 CP",
     "keywords": ["Adversary", "Occult"], "activators": ["Site"],
     "skills": {"Long Range Combat": "N/A", "Close Range Combat": 3, "Health": "Special"},
     "gameText": "The Fog Walker is killed only when an Agent with OCCULT INVESTIGATION 4+ fights it."},
    {"id": "FX-07", "title": "The Drifting Shade", "set": "Fixture", "type": "Adversary", "cost": "2 CP",
     "keywords": ["Adversary", "Occult"], "activators": ["Site"],
     "skills": {"Long Range Combat": "Special", "Close Range Combat": "Special", "Health": "Special"},
     "gameText": "The Shade's LONG RANGE COMBAT, CLOSE RANGE COMBAT and HEALTH equal the number of candles lit."},
]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> CardLibrary:
    return fixture_library(tmp_path_factory.mktemp("sets"), RECORDS)


_ref = fixture_ref


def _session(library: CardLibrary, zones: dict[str, list[str]], rules: dict[str, Any] | None = None,
             **kw: Any) -> Session:
    """A hand-written position (sample cards by id, fixture cards by `FX-nn`) played with the fixture library."""
    named = {z: [_ref(library, c) if c.startswith("FX-") else c for c in cards] for z, cards in zones.items()}
    s = build_position({"bureau:0": [], "bureau:1": ["lena-ortiz", "victor-hale", "priya-sen"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"],
                        "deck:0": ["marrow-point"] * 5, "deck:1": ["cold-trail"] * 5, **named}, rules, library=library, **kw)
    assert isinstance(s.rules, XFilesCCG)
    return s


def _piece(s: Session, zone: str, card: str) -> str:
    return next(p for p in s.state.zones[zone].pieces if str(s.state.pieces[p].card).endswith("/" + card)
                or s.state.pieces[p].card == card)


def _investigate(library: CardLibrary, site: str, agents: list[str], skill: str, **kw: Any) -> Session:
    s = _session(library, {"field:0": [site, *agents], **kw.pop("zones", {})}, {"step": "assign"}, **kw)
    sp = _piece(s, "field:0", _ref(library, site))
    s.state.rules["sites"] = {sp: {"at": 1, "turn": 1, "owner": 0}}
    ok(s, Investigate(sp, tuple(_piece(s, "field:0", a) for a in agents), skill), 0)
    return s


def _pass_while(s: Session, step: str, limit: int = 12) -> None:
    for _ in range(limit):
        if s.rules.step(s.state) != step or s.state.rules.get("combat") and step != "check":
            return
        ok(s, Pass(), s.rules.decision(s.state))


def test_a_site_needing_two_skills_checks_both(library: CardLibrary) -> None:
    """Once read as no option at all, so the check ran at "0 against 0+" and every Team succeeded."""
    info = card_info(library.get(_ref(library, "FX-01")))
    assert info.prerequisite == (("Occult Investigation", 3), ("Sciences", 3))
    assert info.requires == (("Occult Investigation", 3), ("Sciences", 3))
    # Marsh: OCCULT INVESTIGATION 3 and no SCIENCES; the check is made with OCCULT and fails on SCIENCES
    s = _investigate(library, "FX-01", ["owen-marsh"], "Occult Investigation")
    check = s.state.rules["check"]
    assert (check["skill"], check["need"], check["also"]) == ("Occult Investigation", 3, [["Sciences", 3]])
    _pass_while(s, "check")
    said = [n["text"] for e in s.log_for(0) for n in e["notes"] if n["what"] == "xfc.check"]
    assert said and "failed: 3 against 3+" in said[-1] and "Sciences 0 against 3+" in said[-1], said
    # with Calder (SCIENCES 4) in the Team both are met
    s = _investigate(library, "FX-01", ["owen-marsh", "ruth-calder"], "Occult Investigation")
    _pass_while(s, "check")
    said = [n["text"] for e in s.log_for(0) for n in e["notes"] if n["what"] == "xfc.check"]
    assert said and "succeeded" in said[-1], said


@pytest.mark.parametrize("source_id,options", [
    ("FX-02", (("Behavioral", 4), ("Medical", 4))),
    ("FX-03", (("Sciences", 4), ("Computer", 4))),
])
def test_a_prerequisite_ending_in_punctuation_keeps_every_option(library: CardLibrary, source_id: str,
                                                                  options: tuple) -> None:
    info = card_info(library.get(_ref(library, source_id)))
    assert info.prerequisite == options and info.requires == ()


def test_a_multiplied_x_cost_is_paid(library: CardLibrary) -> None:
    """"2X CP" and "3X RP" were paid as 0."""
    two = card_info(library.get(_ref(library, "FX-04")))
    three = card_info(library.get(_ref(library, "FX-05")))
    assert (two.cost, two.pool, two.cost_mult, two.x_cost(2)) == (None, "CP", 2, 4)
    assert (three.cost, three.pool, three.cost_mult, three.x_cost(1)) == (None, "RP", 3, 3)
    s = _investigate(library, "FX-02", ["owen-marsh"], "Behavioral", zones={"hand:0": ["FX-05"]},
                     pools=((7, 5), (5, 5)))
    st = s.state
    card = _piece(s, "hand:0", _ref(library, "FX-05"))
    before = st.player(0).counters["rp"]
    plays = [a for a in s.rules.legal_actions(st, 0) if isinstance(a, PlayCard) and a.piece == card]
    assert plays and max(a.x for a in plays) == before // 3  # 3X RP: X = 2 costs 6
    ok(s, PlayCard(card, "", 2), 0)
    assert before - st.player(0).counters["rp"] == 6


def test_an_adversary_with_special_health_is_not_killed_by_damage(library: CardLibrary) -> None:
    """Health "Special" was read as 0, so the Adversary died in its first round of Combat."""
    info = card_info(library.get(_ref(library, "FX-06")))
    assert info.health is None and info.health_special and info.undying and not info.health_na
    s = _investigate(library, "FX-02", ["owen-marsh", "nadia-keller"], "Behavioral",
                     zones={"hand:1": ["FX-06"]}, pools=((5, 5), (5, 6)))
    st = s.state
    ok(s, Pass(), 0)
    fog = _piece(s, "hand:1", _ref(library, "FX-06"))
    ok(s, PlayCard(fog), 1)
    for seat in (1, 0, 1, 0):  # it resolves; the Long Range round (it has no LRC) deals it 3
        ok(s, Pass(), seat)
    ok(s, Pass(), 0)
    ok(s, Pass(), 1)
    assert st.rules.get("combat") and st.pieces[fog].zone == "chain"  # still fighting after the round
    assert st.rules["combat"]["round"] == "crc"
    said = [n["text"] for e in s.log_for(0) for n in e["notes"] if n["what"] == "xfc.damage"]
    assert any("Health Special" in t for t in said), said


def test_a_combat_no_side_can_win_by_the_rules_ends(library: CardLibrary) -> None:
    """An Adversary whose Health and combat values are all Special (its text applied by hand) dealt no damage and
    could not be killed, so its Combat went on for ever and self-play stopped at 20,000 actions; after two rounds
    in a row in which neither side could hurt the other the Combat ends (xfc.combat.8) and it is discarded."""
    s = _investigate(library, "FX-02", ["owen-marsh", "nadia-keller"], "Behavioral",
                     zones={"hand:1": ["FX-07"]}, pools=((5, 5), (5, 6)))
    st = s.state
    ok(s, Pass(), 0)
    shade = _piece(s, "hand:1", _ref(library, "FX-07"))
    ok(s, PlayCard(shade), 1)
    for _ in range(40):
        if not st.rules.get("combat") and st.pieces[shade].zone != "chain":
            break
        ok(s, Pass(), s.rules.decision(st))
    assert "combat" not in st.rules and st.pieces[shade].zone == "discard:1"
    said = [n["text"] for e in s.log_for(0) for n in e["notes"] if n["what"] == "xfc.combat_end"]
    assert said and "xfc.combat.8" in said[-1], said
    assert s.rules.damage(st, _piece(s, "field:0", "owen-marsh")) == 0
