"""`xfiles-ccg` card text families of Sites, Adversaries and what a card costs or does at a Site (issue #26,
sites), each run in a game on cards of our own in the printed wordings: a card's cost where it is played, ..."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.cards import CardLibrary
from tabletop.core import Piece
from tabletop.rules.xfiles_ccg import Investigate, Pass, PlaceSite, PlayCard, ResolveBluff
from tabletop.rules.xfiles_ccg.compiler import compile_text
from tests.rules.xfiles_ccg_helpers import fixture_library, fixture_ref, mine, ok, pid
from tests.rules.xfiles_ccg_helpers import position as build_position


def _card(rid: str, title: str, kind: str, text: str, cost: str = "1 RP", **more: Any) -> dict[str, Any]:
    return {"id": rid, "title": title, "set": "Fixture", "type": kind, "cost": cost, "gameText": text,
            "keywords": [kind], "activators": ["Active"], **more}


def _adversary(rid: str, title: str, text: str, cost: str = "4 CP", keywords: tuple[str, ...] = ("Creature",),
               activators: tuple[str, ...] = ("Conspiracy",), health: int = 9) -> dict[str, Any]:
    return _card(rid, title, "Adversary", text, cost=cost, keywords=["Adversary", *keywords],
                 activators=list(activators), skills={"Long Range Combat": 1, "Close Range Combat": 1,
                                                      "Health": health})


RECORDS = [
    _card("SS-01", "Cousin Hal Keller", "Witness", "Adds 2 to one Team's BEHAVIORAL skill check. This card is free if "
          "played on a Team that includes Nadia Keller.", cost="3 RP"),
    _adversary("SS-02", "The Fever Man", "This Card is free if played on a Keyword PROFILER card and Activator "
               "requirements are ignored.", activators=("Conspiracy", "Cult")),
    _card("SS-04", "Whisper Network", "Bluff", "The printed cost of any Bluff played at this Site is halved (rounded "
          "up).", cost="2 CP", activators=["Conspiracy"]),
    _card("SS-05", "Borrowed Faces", "Bluff", "Play this card to double the [RP] cost of any Keyword ACTIVE card played "
          "at this Site.", cost="1 CP", activators=["Conspiracy"]),
    _card("SS-06", "Borrowed Hands", "Bluff", "Play this card to provide the keywords necessary to play any one "
          "Adversary. Additionally, the Adversary's cost is halved (rounded up).", cost="1 CP",
          activators=["Conspiracy"]),
    _adversary("SS-07", "The Tall Cultist", "", cost="5 CP", activators=("Conspiracy", "Cult")),
    {"id": "SS-08", "title": "Agent Ada Vance", "set": "Fixture", "type": "Agent", "cost": "5 RP",
     "gameText": "If Agent Ada Vance is in the Field, all Site cards with Keyword OCCULT INVESTIGATION or ALIEN "
     "INVESTIGATION may be played for 1 [RP] less.", "keywords": ["Agent", "FBI"],
     "skills": {"Occult Investigation": 2, "Health": 4, "Resources": 1}},
    _adversary("SS-09", "The Pale Angel", "The Pale Angel can play all combat cards for one [CP] less."),
    _card("SS-10", "Thin Blood", "Bluff", "Play to increase the applicable HEALTH of all Keyword EVOLUTIONARY and "
          "PRIMORDIAL Adversaries played at this Site by 2.", cost="1 CP", activators=["Conspiracy"]),
    _adversary("SS-11", "The Molting Thing", "", keywords=("Evolutionary", "Creature"), health=1),
    _card("SS-12", "Nobody Listens", "Bluff", "Any Adversaries played at this Site are shuffled back into your Bureau "
          "Deck instead of the Discard Pile.", cost="1 CP", activators=["Conspiracy"]),
    _adversary("SS-13", "The Lonely Stalker", "The LONG RANGE COMBAT round is skipped. This Adversary can only attack "
               "Teams that consist of a single Agent, including Teams that originally had more Agents but were "
               "reduced to one after a Combat."),
    _adversary("SS-14", "The Quiet Man", "Any Witnesses contributing to the Site skill check are immediately "
               "discarded."),
    _adversary("SS-15", "Mr. Grey", "Each Agent wounded by Mr. Grey may not contribute to any skill check this turn.",
               health=2),
    _adversary("SS-16", "Mr. Brown", "", health=2),
    _adversary("SS-03", "The Auburn Man", "If your opponent has correctly guessed two of your X-File's "
               "characteristics, the cost to play this card is 3 [CP].", cost="6 CP"),
]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> CardLibrary:
    return fixture_library(tmp_path_factory.mktemp("sets"), RECORDS)


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


def _listed(s: Any, piece: str, seat: int = 1) -> bool:
    return any(isinstance(a, PlayCard) and a.piece == piece for a in s.rules.legal_actions(s.state, seat))


# ------------------------------------------------------------------------------------------------ costs where played


def _checking(library: CardLibrary, team: tuple[str, ...], hand: list[str], rp: int = 5) -> Any:
    """Randy's Team of `team` at Harlow Creek's BEHAVIORAL 4+ check, Randy (RP `rp`) to play `hand`."""
    s = build_position({"field:0": ["harlow-creek", *team], "hand:0": hand, "bureau:1": ["lena-ortiz"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "check", "priority": 0, "passed": 0}, library=library, pools=((rp, 5), (5, 5)))
    site = pid(s, "field:0", "harlow-creek")
    s.state.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    s.state.rules["check"] = {"site": site, "team": [pid(s, "field:0", a) for a in team], "skill": "Behavioral",
                              "need": 4, "directed": 1, "mods": [], "used": []}
    return s


@pytest.mark.parametrize("team, paid", [(("owen-marsh", "nadia-keller"), 0), (("owen-marsh", "ruth-calder"), 3)])
def test_a_witness_free_on_a_team_that_includes_the_agent_named(library: CardLibrary, team: tuple[str, ...],
                                                                paid: int) -> None:
    hal = fixture_ref(library, "SS-01")
    s = _checking(library, team, [hal], rp=3)
    me = mine(s, "hand:0", hal)
    assert _listed(s, me, 0)
    ok(s, PlayCard(me), 0)
    assert s.state.player(0).counters["rp"] == 3 - paid
    assert not compile_text(library.get(hal))[1]


@pytest.mark.parametrize("team, allowed", [(("owen-marsh", "nadia-keller"), True), (("owen-marsh",), False)])
def test_an_adversary_free_and_unbarred_on_a_card_of_a_keyword(library: CardLibrary, team: tuple[str, ...],
                                                               allowed: bool) -> None:
    """Nadia Keller is a PROFILER: the Adversary is free there and its CULT Activator is not asked for."""
    fever = fixture_ref(library, "SS-02")
    s = _at(library, "harlow-creek", "Behavioral", team, [fever], cp=0)
    me = mine(s, "hand:1", fever)
    assert _listed(s, me) is allowed
    r = s.submit(PlayCard(me), 1)
    assert r.accepted is allowed
    if allowed:
        assert s.state.player(1).counters["cp"] == 0 and s.state.pieces[me].zone == "chain"
    assert not compile_text(library.get(fever))[1]


@pytest.mark.parametrize("answers, paid", [((("Affiliation", True), ("Motive", True)), 3),
                                           ((("Affiliation", True), ("Motive", False)), 6),
                                           ((("Affiliation", True), ("Affiliation", True)), 6)])
def test_an_adversarys_cost_once_two_characteristics_were_guessed(library: CardLibrary,
                                                                  answers: tuple[tuple[str, bool], ...],
                                                                  paid: int) -> None:
    auburn = fixture_ref(library, "SS-03")
    s = _at(library, "harlow-creek", "Behavioral", ("owen-marsh",), [auburn], cp=paid)
    s.state.rules["answers"] = {"0": [{"about": 1, "kind": k, "value": "x", "answer": yes, "turn": 1}
                                      for k, yes in answers]}
    me = mine(s, "hand:1", auburn)
    assert _listed(s, me)
    ok(s, PlayCard(me), 1)
    assert s.state.player(1).counters["cp"] == 0
    assert not compile_text(library.get(auburn))[1]


# ------------------------------------------------------------------------------------------------ costs at a Site


def _revealing(library: CardLibrary, bluffs: list[str], cp: int = 5, hand: tuple[str, ...] = ()) -> Any:
    """Randy's Owen Marsh investigates Harlow Creek; Les (CP `cp`) has `bluffs` beneath it, revealed now."""
    s = build_position({"field:0": ["harlow-creek", "owen-marsh"], "bureau:1": ["lena-ortiz"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"],
                        "hand:0": ["june-talley"], "hand:1": list(hand)}, {"step": "assign"}, library=library, pools=((5, 5), (5, cp)))
    st = s.state
    site = pid(s, "field:0", "harlow-creek")
    st.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    for i, ref in enumerate(bluffs):
        st.add_piece(Piece(id=f"bluff{i}", card=ref, zone="field:0", owner=1, face_up=False, attached_to=site))
    ok(s, Investigate(site, (pid(s, "field:0", "owen-marsh"),), "Behavioral"), 0)
    if s.rules.step(st) == "check":  # a window before the cards beneath are revealed
        ok(s, Pass(), 0)
        ok(s, Pass(), 1)
    assert s.rules.step(st) == "reveal"
    return s


@pytest.mark.parametrize("first, left", [(True, 5 - 1 - 0), (False, 5 - 1 - 1)])
def test_a_bluff_halves_the_printed_cost_of_the_bluffs_revealed_after_it(library: CardLibrary, first: bool,
                                                                         left: int) -> None:
    """Whisper Network (2 CP, 1 revealed) then Misfiled Report (2 CP: halved 1, less 1 revealed: 0); the other
    way round Misfiled Report pays 1."""
    whisper = fixture_ref(library, "SS-04")
    both = [whisper, "xfiles-ccg-sample/misfiled-report"]
    s = _revealing(library, both if first else both[::-1])  # revealed in the order they were placed
    for b in ("bluff0", "bluff1"):
        ok(s, ResolveBluff(b), 1)
    assert s.state.player(1).counters["cp"] == left
    assert not compile_text(library.get(whisper))[1]


def test_a_bluff_doubles_the_cost_of_active_cards_played_at_the_site(library: CardLibrary) -> None:
    """Borrowed Faces revealed: June Talley (2 RP, Activator ACTIVE) costs Randy 4 RP at this Site."""
    faces = fixture_ref(library, "SS-05")
    s = _revealing(library, [faces])
    st, rs = s.state, s.rules
    ok(s, ResolveBluff("bluff0"), 1)
    assert st.player(1).counters["cp"] == 5
    talley = mine(s, "hand:0", "xfiles-ccg-sample/june-talley")
    st.player(0).counters["rp"] = 3
    while rs.decision(st) != 0:
        ok(s, Pass(), rs.decision(st))
    assert not rs.table.can_pay(st, PlayCard(talley), 0) and not _listed(s, talley, 0)
    st.player(0).counters["rp"] = 4
    assert _listed(s, talley, 0)
    ok(s, PlayCard(talley), 0)
    assert st.player(0).counters["rp"] == 0
    assert not compile_text(library.get(faces))[1]


def test_an_adversary_played_with_keywords_provided_for_half_its_cost(library: CardLibrary) -> None:
    """Borrowed Hands (1 CP, 0 revealed): one Tall Cultist (5 CP, a CULT Activator no card in play gives) is played
    for 3; the second is barred again, and would pay in full."""
    hands, cultist = fixture_ref(library, "SS-06"), fixture_ref(library, "SS-07")
    s = _revealing(library, [hands], cp=8, hand=(cultist, cultist))
    st, rs = s.state, s.rules
    ok(s, ResolveBluff("bluff0"), 1)
    while rs.decision(st) != 1:
        ok(s, Pass(), rs.decision(st))
    first, second = mine(s, "hand:1", cultist), mine(s, "hand:1", cultist, 1)
    st.player(1).counters["cp"] = 3
    assert _listed(s, first)  # the listing reads the halved cost
    ok(s, PlayCard(first), 1)
    assert st.player(1).counters["cp"] == 0
    st.player(1).counters["cp"] = 8
    assert not _listed(s, second)
    r = s.submit(PlayCard(second), 1)
    assert not r.accepted and any(v.code == "xfc.activator" for v in r.violations)
    assert not compile_text(library.get(hands))[1]


@pytest.mark.parametrize("where, site, paid", [("field:0", "mercer-mill", 0), ("field:0", "ketch-island", 0),
                                               ("field:0", "harlow-creek", 2), ("bureau:0", "mercer-mill", 1)])
def test_an_agent_in_the_field_makes_sites_of_a_keyword_cheaper(library: CardLibrary, where: str, site: str,
                                                                paid: int) -> None:
    """Old Mercer Mill (1 RP) is OCCULT INVESTIGATION, Ketch Island (1 RP) ALIEN INVESTIGATION, Harlow Creek (2 RP)
    neither; Ada Vance makes them cheaper only from the Field."""
    vance = fixture_ref(library, "SS-08")
    s = build_position({"hand:0": [site], where: [vance]}, {"step": "sites", "site_names": []}, library=library,
                       pools=((paid, 5), (5, 5)))
    here = pid(s, "hand:0", site)
    assert any(isinstance(a, PlaceSite) and a.piece == here for a in s.rules.legal_actions(s.state, 0))
    ok(s, PlaceSite(here, 1), 0)
    assert s.state.player(0).counters["rp"] == 0
    assert not compile_text(library.get(vance))[1]
    text = library.get(vance).text
    assert compile_text(type("C", (), {"text": text, "type": "Equipment"})())[1]  # on no Agent: by hand


def _fighting(s: Any, adversary: str) -> None:
    """Les plays `adversary` at the check under way; every seat passes until it attacks and Les has the decision."""
    st, rs = s.state, s.rules
    ok(s, PlayCard(adversary), 1)
    while not st.rules.get("combat"):
        ok(s, Pass(), rs.decision(st))
    while rs.decision(st) != 1:
        ok(s, Pass(), rs.decision(st))


@pytest.mark.parametrize("adversary, listed", [("SS-09", True), ("SS-07", False)])
def test_an_adversarys_player_plays_combat_cards_for_less_in_its_combat(library: CardLibrary, adversary: str,
                                                                        listed: bool) -> None:
    """In The Pale Angel's Combat, Ambush (2 CP) costs Les 1; in the Tall Cultist's (no such words), 2."""
    ref = fixture_ref(library, adversary)
    s = _at(library, "harlow-creek", "Behavioral", ("owen-marsh", "nadia-keller"), [ref, "xfiles-ccg-sample/ambush"],
            cp=9)
    st = s.state
    st.rules["provided"] = [{"seat": 1, "type": "adversary", "keyword": []}]  # the Cultist's CULT Activator, aside
    _fighting(s, mine(s, "hand:1", ref))
    st.player(1).counters["cp"] = 1
    ambush = mine(s, "hand:1", "xfiles-ccg-sample/ambush")
    assert _listed(s, ambush) is listed
    s.submit(PlayCard(ambush), 1)  # unpaid, a card goes to the Discard (xfc.chain.3)
    assert st.player(1).counters["cp"] == (0 if listed else 1)
    assert st.pieces[ambush].zone == ("chain" if listed else "discard:1")
    assert not compile_text(library.get(ref))[1]


# ------------------------------------------------------------------------------------------------ Adversaries at a Site


@pytest.mark.parametrize("adversary, rating", [("SS-11", 3), ("SS-07", 9)])
def test_a_bluff_raises_the_health_of_adversaries_of_a_keyword_played_at_the_site(library: CardLibrary,
                                                                                 adversary: str, rating: int) -> None:
    """Thin Blood revealed: the Molting Thing (EVOLUTIONARY, Health 1) fights with 3; the Tall Cultist keeps 9."""
    blood, ref = fixture_ref(library, "SS-10"), fixture_ref(library, adversary)
    s = _revealing(library, [blood], hand=(ref,))
    st, rs = s.state, s.rules
    st.rules["provided"] = [{"seat": 1, "type": "adversary", "keyword": []}]  # the Cultist's CULT Activator, aside
    ok(s, ResolveBluff("bluff0"), 1)
    while rs.decision(st) != 1:
        ok(s, Pass(), rs.decision(st))
    me = mine(s, "hand:1", ref)
    _fighting(s, me)
    assert rs.rating(st, me) == rating and rs.health(st, me) == rating
    assert not compile_text(library.get(blood))[1]


def _fight_out(s: Any, adversary: str) -> None:
    """Every seat passes, or assigns the damage it must, until `adversary` leaves the Combat."""
    st, rs = s.state, s.rules
    for _ in range(40):
        if (st.rules.get("combat") or {}).get("adversary") != adversary:
            return
        seat = rs.decision(st)
        moves = [a for a in rs.legal_actions(st, seat) if not isinstance(a, PlayCard)]
        ok(s, next((a for a in moves if not isinstance(a, Pass)), Pass()), seat)
    raise AssertionError("the Combat did not end")


@pytest.mark.parametrize("bluff, zone", [("SS-12", "deck:1"), ("SS-10", "discard:1")])
def test_a_bluff_sends_the_adversaries_played_at_the_site_back_to_the_deck(library: CardLibrary, bluff: str,
                                                                          zone: str) -> None:
    """The Molting Thing (Health 1) is killed in its first round: into Les's Bureau Deck under Nobody Listens."""
    ref, thing = fixture_ref(library, bluff), fixture_ref(library, "SS-11")
    s = _revealing(library, [ref], hand=(thing,))
    st, rs = s.state, s.rules
    ok(s, ResolveBluff("bluff0"), 1)
    while rs.decision(st) != 1:
        ok(s, Pass(), rs.decision(st))
    me = mine(s, "hand:1", thing)
    deck = len(st.zones["deck:1"].pieces)
    _fighting(s, me)
    if bluff == "SS-10":
        st.rules["site_rules"] = []  # Thin Blood's Health aside: it dies the same way
    _fight_out(s, me)
    assert st.pieces[me].zone == zone
    assert len(st.zones["deck:1"].pieces) == deck + (zone == "deck:1")
    assert not st.pieces[me].face_up or zone != "deck:1"
    assert not compile_text(library.get(ref))[1]


@pytest.mark.parametrize("team, hurt, allowed", [(("owen-marsh",), False, True), (("owen-marsh", "nadia-keller"),
                                                                                   False, False),
                                                 (("owen-marsh", "nadia-keller"), True, True)])
def test_an_adversary_attacks_only_a_team_of_a_single_agent(library: CardLibrary, team: tuple[str, ...], hurt: bool,
                                                            allowed: bool) -> None:
    """The Lonely Stalker: a Team of one, or of two with one sent to the Hospital since."""
    ref = fixture_ref(library, "SS-13")
    s = _at(library, "harlow-creek", "Behavioral", team, [ref])
    st = s.state
    if hurt:
        keller = pid(s, "field:0", "nadia-keller")
        st.zones["field:0"].pieces.remove(keller)
        st.zones["hospital:0"].pieces.append(keller)
        st.pieces[keller].zone = "hospital:0"
    me = mine(s, "hand:1", ref)
    assert _listed(s, me) is allowed
    r = s.submit(PlayCard(me), 1)
    assert r.accepted is allowed
    if not allowed:
        assert any(v.rule == "xfc.effect.2" for v in r.violations)
    assert not compile_text(library.get(ref))[1]


def test_an_adversary_discards_the_witnesses_contributing_to_the_check(library: CardLibrary) -> None:
    """June Talley adds 2 to the check; the Quiet Man attacks and she is discarded, her 2 gone."""
    quiet = fixture_ref(library, "SS-14")
    s = _checking(library, ("owen-marsh",), ["june-talley"], rp=5)
    st, rs = s.state, s.rules
    st.add_piece(Piece(id="quiet", card=quiet, zone="hand:1", owner=1, face_up=True))
    talley = pid(s, "hand:0", "june-talley")
    ok(s, PlayCard(talley), 0)
    while st.rules.get("chain"):
        ok(s, Pass(), rs.decision(st))
    with_her = rs.check_total(st)
    assert any(m.get("source") == talley for m in st.rules["check"]["mods"])
    while rs.decision(st) != 1:
        ok(s, Pass(), rs.decision(st))
    _fighting(s, "quiet")
    assert st.pieces[talley].zone == "discard:0" and rs.check_total(st) == with_her - 2
    assert not any(m.get("source") == talley for m in st.rules["check"]["mods"])
    assert not compile_text(library.get(quiet))[1]


@pytest.mark.parametrize("adversary, out", [("SS-15", True), ("SS-16", False)])
def test_agents_wounded_by_an_adversary_add_nothing_to_skill_checks_this_turn(library: CardLibrary, adversary: str,
                                                                              out: bool) -> None:
    """Mr. Grey wounds an Agent of the Team: its BEHAVIORAL is out of the check (it fought); Mr. Brown's do not."""
    ref = fixture_ref(library, adversary)
    s = _at(library, "harlow-creek", "Behavioral", ("owen-marsh", "nadia-keller"), [ref])
    st, rs = s.state, s.rules
    me = mine(s, "hand:1", ref)
    _fighting(s, me)
    _fight_out(s, me)
    team = st.rules["check"]["team"]
    hurt = [p for p in team if rs.damage(st, p) > 0 and rs.section_of(st, p) != "hospital"]
    assert hurt
    counted = [p for p in team if rs.section_of(st, p) != "hospital" and not (out and p in hurt)]
    assert rs.team_skill(st, team, "Behavioral") == sum(rs.agent_skill(st, p, "Behavioral") for p in counted)
    st.rules["turn"] = st.rules.get("turn", 1) + 1  # the next turn they count again
    assert rs.team_skill(st, team, "Behavioral") == sum(rs.agent_skill(st, p, "Behavioral") for p in team
                                                        if rs.section_of(st, p) != "hospital")
    assert not compile_text(library.get(ref))[1]
