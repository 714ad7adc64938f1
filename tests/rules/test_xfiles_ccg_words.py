"""`xfiles-ccg` card text families of the later sets, each run in a game on cards of our own in the printed
wordings: copy limits of a deck and of play, ..."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.cards import CardLibrary, DeckEntry, DeckList
from tabletop.core import Piece
from tabletop.core.tx import Tx
from tabletop.rules import get_ruleset
from tabletop.rules.kit import ChooseOption, ChooseTarget, ResolveEffect
from tabletop.rules.xfiles_ccg import AssignDamage, Investigate, Pass, PlayCard, Requisition, UseAbility
from tests.rules.xfiles_ccg_helpers import SET, fixture_library, fixture_ref, ok, pid
from tests.rules.xfiles_ccg_helpers import checking_position as _checking
from tests.rules.xfiles_ccg_helpers import mine as _mine
from tests.rules.xfiles_ccg_helpers import position as build_position


def _card(rid: str, title: str, kind: str, text: str, cost: str = "1 RP", **more: Any) -> dict[str, Any]:
    return {"id": rid, "title": title, "set": "Fixture", "type": kind, "cost": cost, "gameText": text,
            "keywords": [kind], "activators": ["Active"], **more}


RECORDS = [
    _card("FW-01", "Cousin Ada Vance", "Witness", "Adds 1 to one Team's BEHAVIORAL skill check. You may have any "
          "number of Ada Vance cards in play."),
    _card("FW-02", "Sealed Envelope", "Event", "Adds 1 to one Team's BEHAVIORAL skill check. Each player may only "
          "have one of this card in their deck."),
    _card("FW-03", "Paper Lantern", "Event", "Adds 1 to one Team's BEHAVIORAL skill check. You may have up to four "
          "Paper Lantern cards in your deck."),
    _card("FW-04", "Brass Compass", "Equipment", "Adds 1 to the Agent's OBSERVATION skill. Only one of this card may "
          "be in play at a time.", activators=["Field"]),
    _card("FW-05", "Second Wind", "Event", "Draw 2 cards from the top of your Bureau deck and add them to your hand."),
    _card("FW-06", "Nervous Bystander", "Witness", "Adds 2 to one Team's BEHAVIORAL skill check. Your opponent may "
          "pay 3 [CP] to negate this Witness."),
    _card("FW-07", "County Clerk", "Witness", "Play to change the Site Prerequisite to BUREAUCRACY 3+. Your opponent "
          "may pay 2 [CP] to negate this Witness."),
    _card("FW-08", "Pickpocket", "Event", "Force an opponent to discard two cards from their hand at random."),
    _card("FW-09", "Fresh Start", "Event", "Discard your entire hand and draw two cards from the top of your Bureau "
          "Deck."),
    _card("FW-10", "Power Cut", "Event", "Both players must discard their entire hands and draw two cards from the "
          "top of their respective Bureau Decks."),
    _card("FW-11", "Burn After Reading", "Event", "Adds 1 to one Team's BEHAVIORAL skill check. Remove this card "
          "from play."),
    _card("FW-12", "Field Office", "Event", "Place this card in the Field."),
    _card("FW-13", "The Swarm", "Adversary", "Damage caused by this Adversary during LONG RANGE COMBAT may be split "
          "among all opponents (Directed Player's choice).", cost="4 CP", keywords=["Adversary", "Creature"],
          activators=["Conspiracy"], skills={"Long Range Combat": 2, "Close Range Combat": 1, "Health": 12}),
    _card("FW-14", "The Shell Beast", "Adversary", "Subtract one from all damage sources applied to this Adversary.",
          cost="4 CP", keywords=["Adversary", "Creature"], activators=["Conspiracy"],
          skills={"Long Range Combat": 1, "Close Range Combat": 1, "Health": 12}),
    _card("FW-15", "Dark Waters", "Event", "Play this card to provide the keywords necessary to play any one Keyword "
          "CREATURE Adversary.", cost="1 CP", activators=["Conspiracy"]),
    _card("FW-16", "The Lake Thing", "Adversary", "", cost="2 CP", keywords=["Adversary", "Creature"],
          activators=["Conspiracy", "Occult Investigation"],
          skills={"Long Range Combat": 1, "Close Range Combat": 1, "Health": 3}),
    _card("FW-17", "Dr. Ezra Pell", "Witness", "Adds 2 to one Team's BEHAVIORAL skill check. If your opponent plays "
          "a GOVERNMENT Adversary while this card is in play, Dr. Pell is negated and removed from the game."),
    _card("FW-18", "Men in Tan", "Adversary", "", cost="1 CP", keywords=["Adversary", "Government"],
          activators=["Conspiracy"], skills={"Long Range Combat": 1, "Close Range Combat": 1, "Health": 3}),
    _card("FW-19", "Quiet Informant", "Witness", "Adds 1 to one Team's BEHAVIORAL skill check once per turn. If your "
          "opponent plays a GOVERNMENT Adversary while this card is in play, the Quiet Informant card is negated and "
          "removed from the game.", keywords=["Witness", "Resource"]),
    _card("FW-20", "The Grey Visitor", "Adversary", "", cost="1 CP", keywords=["Adversary", "Alien", "Creature"],
          activators=["Conspiracy"], skills={"Long Range Combat": 1, "Close Range Combat": 1, "Health": 3}),
    _card("FW-21", "Colonel Reyes", "Witness", "Negates one Alien Creature."),
    _card("FW-22", "Press Blackout", "Event", "Negate any one Keyword ALIEN or Keyword GOVERNMENT card.",
          cost="1 CP", activators=["Conspiracy"]),
    _card("FW-23", "Pocket Lens", "Equipment", "Adds +1 to the Agent's Occult Investigation skill.",
          activators=["Field"]),
    _card("FW-24", "Audit Trail", "Event", "Play this card to lower a BEHAVIORAL or COMPUTER Site Prerequisite by 2."),
    _card("FW-25", "Bank Run", "Event", "Play this card to empty both player's pools ([RP] and [CP])."),
    _card("FW-26", "Swap Meet", "Event", "Play this card to exchange both pools ([RP] and [CP]) with your opponent."),
    _card("FW-27", "Loyalty Test", "Event", "Force one Agent with the Keyword FBI (your choice) to go back to the Bureau "
          "immediately."),
    _card("FW-28", "Deputized", "Event", "Play this card to add the Keyword LAW to any Agent in play (your choice) until "
          "the end of the turn."),
    _card("FW-29", "Lucky Break", "Event", "Play after one of your Teams successfully investigates a Site with "
          "Behavioral or Bureaucracy skill as a prerequisite. Add 3 [RP] to your pool."),
    _card("FW-30", "Change of Subject", "Event", "Play this card to change the question(s) listed on one Site card to "
          "MOTIVE."),
    _card("FW-31", "Red Tape", "Event", "Play this card to increase the cost of all [RP] cards played at this Site by 1.",
          cost="1 CP", activators=["Conspiracy"]),
    _card("FW-32", "Summoning Circle", "Event", "Play this card to decrease the cost of the first Adversary card you "
          "play in this Site by two.", cost="1 CP", activators=["Conspiracy"]),
    {"id": "FW-33", "title": "Tollbooth, NJ", "set": "Fixture", "type": "Site", "cost": "1 RP", "keywords": ["Site"],
     "prerequisite": "BEHAVIORAL 4+", "question": "You may ask one MOTIVE question.",
     "gameText": "Bluffs played at this Site cost 1 additional [CP]."},
    _card("FW-34", "Father Amos Kerr", "Witness", "Attach this Witness to any Agent in the Field. Adds 1 to that "
          "Agent's BEHAVIORAL skill once per turn while the Agent is in the Field. Discard this card when the Agent's "
          "HEALTH is reduced to 0.", cost="2 RP"),
    _card("FW-35", "Bonfire", "Event", "Play this card to cause your opponent to discard all Witness cards in his hand.",
          cost="1 CP", activators=["Conspiracy"]),
    _card("FW-36", "Side Bet", "Event", "If your opponent fails this Site skill check, add 5 [CP] to your pool.",
          cost="1 CP", activators=["Conspiracy"]),
    _card("FW-37", "Profilers Only", "Event", "Play this card to prevent all Agents with the Keyword BELIEVER from "
          "contributing their skills to this Site.", cost="1 CP", activators=["Conspiracy"]),
    _card("FW-38", "Second Opinion", "Witness", "Play this card to remove the Keyword BELIEVER from an afflicted "
          "Agent."),
    _card("FW-39", "Deputy Rolf", "Witness", "Adds 1 to one Team's BEHAVIORAL skill check. While this card is in play, "
          "the Witness card \"Deputy Gaines\" may be played for free."),
    _card("FW-40", "Deputy Gaines", "Witness", "Adds 1 to one Team's BEHAVIORAL skill check.", cost="3 RP"),
    _card("FW-41", "Deputy Hale", "Witness", "Adds 1 to one Team's BEHAVIORAL skill check. May be played for Cost "
          "minus 1 RP if Witness \"Deputy Rolf\" is in play.", cost="3 RP"),
]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> CardLibrary:
    return fixture_library(tmp_path_factory.mktemp("sets"), RECORDS)


def _resolve(s: Any) -> None:
    """Both seats pass until the chain is empty (each card resolves, its text runs)."""
    for _ in range(12):
        if not s.state.rules.get("chain"):
            return
        ok(s, Pass(), s.state.rules["priority"])
    raise AssertionError("the chain did not resolve")


# ------------------------------------------------------------------------------------------------ copy limits


def _deck(cards: list[tuple[str, int]]) -> DeckList:
    return DeckList("t", sections={"team": [DeckEntry(f"{SET}/{c}") for c in ("owen-marsh", "ruth-calder",
                                                                             "lena-ortiz")],
                                   "xfile": [DeckEntry(f"{SET}/lantern-choir")],
                                   "deck": [DeckEntry(ref, n) for ref, n in cards]})


def test_a_card_limited_to_one_a_deck_is_refused_twice_and_one_allowed_more_is_not(library: CardLibrary) -> None:
    rules = get_ruleset("xfiles-ccg")
    envelope, lantern = fixture_ref(library, "FW-02"), fixture_ref(library, "FW-03")
    filler = [(f"{SET}/june-talley", 2)]
    found = [v for v in rules.deck_problems(_deck([*filler, (envelope, 2), (lantern, 4)]), library)
             if v.code == "xfc.copies"]
    assert [(v.rule, "Sealed Envelope" in v.message) for v in found] == [("xfc.deck.5", True)]
    assert not [v for v in rules.deck_problems(_deck([*filler, (envelope, 1), (lantern, 4)]), library)
                if v.code == "xfc.copies"]
    five = rules.deck_problems(_deck([*filler, (lantern, 5)]), library)
    assert [v.rule for v in five if v.code == "xfc.copies"] == ["xfc.deck.5"]
    assert rules.deck_copy_limit(library.get(envelope)) == 1 and rules.deck_copy_limit(library.get(lantern)) == 4
    assert rules.deck_copy_limit(library.get(f"{SET}/june-talley")) == 2


def test_a_witness_any_number_of_which_may_be_in_play_is_used_twice_in_one_check(library: CardLibrary) -> None:
    ada = fixture_ref(library, "FW-01")
    s = _checking(library, [ada, ada])
    ok(s, PlayCard(_mine(s, "hand:0", ada, 0)), 0)
    ok(s, PlayCard(_mine(s, "hand:0", ada, 0)), 0)  # no xfc.chain.4: its text allows it
    assert len(s.state.rules["chain"]) == 2


@pytest.mark.parametrize("mode", ["strict", "warn"])
def test_an_item_only_one_of_which_may_be_in_play_is_refused_while_one_is(library: CardLibrary, mode: str) -> None:
    compass = fixture_ref(library, "FW-04")
    s = build_position({"field:0": ["owen-marsh", "nadia-keller"], "hand:0": [compass, compass],
                        "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "requisition"}, library=library, enforcement=mode)
    marsh, keller = pid(s, "field:0", "owen-marsh"), pid(s, "field:0", "nadia-keller")
    ok(s, Requisition(_mine(s, "hand:0", compass, 0), marsh), 0)
    second = Requisition(_mine(s, "hand:0", compass, 0), keller)
    assert second not in list(s.rules.legal_actions(s.state, 0))
    r = s.submit(second, 0)
    assert [v.rule for v in r.violations] == ["xfc.chain.8"]
    assert r.accepted == (mode == "warn")


# ------------------------------------------------------------------------------------------------ cards


def test_cards_drawn_from_the_top_of_the_bureau_deck_are_seen_by_their_drawer_alone(library: CardLibrary) -> None:
    wind = fixture_ref(library, "FW-05")
    s = _checking(library, [wind])
    top = _with_deck(s, 0, ["june-talley", "night-clerk", "overtime"])[:2]
    deck = "deck:0"
    ok(s, PlayCard(_mine(s, "hand:0", wind)), 0)
    _resolve(s)
    st = s.state
    assert [st.pieces[p].zone for p in top] == ["hand:0", "hand:0"] and len(st.zones[deck].pieces) == 1
    assert all(st.can_see(st.pieces[p], 0) and not st.can_see(st.pieces[p], 1) for p in top)


# ------------------------------------------------------------------------------------------------ costs and pools


def _answer(s: Any, seat: int) -> list[Any]:
    """The choices `seat` has on the first pending effect (after its user lets it apply, in strict)."""
    acts = list(s.rules.legal_actions(s.state, 0))
    go = [a for a in acts if isinstance(a, ResolveEffect)]
    if go:
        ok(s, go[0], 0)
    return [a for a in s.rules.legal_actions(s.state, seat) if isinstance(a, ChooseOption)]


@pytest.mark.parametrize("pays", [True, False])
def test_the_opponent_pays_to_negate_a_witness_before_it_applies(library: CardLibrary, pays: bool) -> None:
    bystander = fixture_ref(library, "FW-06")
    s = _checking(library, [bystander], pools=((5, 5), (5, 4)))
    base = s.rules.check_total(s.state)
    ok(s, PlayCard(_mine(s, "hand:0", bystander)), 0)
    _resolve(s)
    st = s.state
    options = _answer(s, 1)
    assert [o.option for o in options] == [1, 2] and s.rules.decision(st) == 1
    assert not [a for a in s.rules.legal_actions(st, 0) if isinstance(a, ChooseOption)]  # Les's to answer
    ok(s, options[0 if pays else 1], 1)
    card = next(p for p in st.pieces if st.pieces[p].card == bystander)
    assert st.pieces[card].zone == "discard:0"
    assert st.player(1).counters["cp"] == (1 if pays else 4) and st.player(0).counters["cp"] == 5
    assert s.rules.check_total(st) == base + (0 if pays else 2)
    assert not s.rules.effects.pending(st)


def test_an_opponent_who_cannot_pay_is_not_offered_it_and_strict_refuses_it(library: CardLibrary) -> None:
    clerk = fixture_ref(library, "FW-07")
    s = _checking(library, [clerk], pools=((5, 5), (5, 1)))
    ok(s, PlayCard(_mine(s, "hand:0", clerk)), 0)
    _resolve(s)
    options = _answer(s, 1)
    assert [o.option for o in options] == [2]
    entry = s.rules.effects.pending(s.state)[0]
    r = s.submit(ChooseOption(entry["id"], 1), 1)
    assert not r.accepted and r.violations
    ok(s, options[0], 1)
    check = s.state.rules["check"]
    assert (check["skill"], check["need"]) == ("Bureaucracy", 3) and s.state.player(1).counters["cp"] == 1


def _with_deck(s: Any, seat: int, cards: list[str]) -> list[str]:
    """`cards` put in the seat's Bureau Deck; their pieces, top first."""
    for i, c in enumerate(cards):
        s.state.add_piece(Piece(id=f"d{seat}x{i}", card=f"{SET}/{c}", zone=f"deck:{seat}", owner=seat, face_up=False))
    return [p for p in s.state.zones[f"deck:{seat}"].pieces if p.startswith(f"d{seat}x")]


def test_an_opponent_discards_cards_at_random_face_up(library: CardLibrary) -> None:
    pick = fixture_ref(library, "FW-08")
    s = _checking(library, [pick])
    s.state.enforcement = "strict"
    st = s.state
    hand = [p for p in st.pieces if st.pieces[p].zone == "hand:1"]
    for c in ("cold-trail", "press-leak", "budget-cuts"):
        st.add_piece(Piece(id=f"h1{c}", card=f"{SET}/{c}", zone="hand:1", owner=1, face_up=True))
    hand = list(st.zones["hand:1"].pieces)
    ok(s, PlayCard(_mine(s, "hand:0", pick)), 0)
    _resolve(s)
    gone = [p for p in hand if st.pieces[p].zone == "discard:1"]
    assert len(gone) == 2 and len(st.zones["hand:1"].pieces) == 1
    assert all(st.can_see(st.pieces[p], 0) for p in gone)  # a discard pile is open to all
    assert not st.can_see(st.pieces[st.zones["hand:1"].pieces[0]], 0)  # the card kept stays Les's secret


def test_a_hand_discarded_whole_and_drawn_again(library: CardLibrary) -> None:
    fresh = fixture_ref(library, "FW-09")
    s = _checking(library, [fresh, "june-talley", "overtime"])
    st = s.state
    kept = [p for p in st.zones["hand:0"].pieces if st.pieces[p].card != fresh]
    top = _with_deck(s, 0, ["night-clerk", "paper-trail", "press-leak"])
    ok(s, PlayCard(_mine(s, "hand:0", fresh)), 0)
    _resolve(s)
    assert all(st.pieces[p].zone == "discard:0" for p in kept)
    assert list(st.zones["hand:0"].pieces) == top[:2] and not any(st.can_see(st.pieces[p], 1) for p in top[:2])


def test_both_players_discard_their_hands_and_draw_again(library: CardLibrary) -> None:
    cut = fixture_ref(library, "FW-10")
    s = _checking(library, [cut, "june-talley"])
    st = s.state
    st.add_piece(Piece(id="h1", card=f"{SET}/cold-trail", zone="hand:1", owner=1, face_up=True))
    mine, theirs = _with_deck(s, 0, ["night-clerk", "paper-trail"]), _with_deck(s, 1, ["press-leak", "ambush"])
    ok(s, PlayCard(_mine(s, "hand:0", cut)), 0)
    _resolve(s)
    assert st.pieces["h1"].zone == "discard:1" and st.pieces[_mine(s, "discard:0", f"{SET}/june-talley")]
    assert list(st.zones["hand:0"].pieces) == mine and list(st.zones["hand:1"].pieces) == theirs
    assert not any(st.can_see(st.pieces[p], 0) for p in theirs) and not any(st.can_see(st.pieces[p], 1) for p in mine)


def test_a_card_removed_from_play_after_its_effect_and_one_placed_in_the_field(library: CardLibrary) -> None:
    burn, office = fixture_ref(library, "FW-11"), fixture_ref(library, "FW-12")
    s = _checking(library, [burn, office])
    st = s.state
    base = s.rules.check_total(st)
    card = _mine(s, "hand:0", burn)
    ok(s, PlayCard(card), 0)
    _resolve(s)
    assert card not in st.pieces and s.rules.check_total(st) == base + 1  # removed from the game, its +1 applied
    office_piece = _mine(s, "hand:0", office)
    ok(s, PlayCard(office_piece), 0)
    _resolve(s)
    assert st.pieces[office_piece].zone == "field:0"
    from tabletop.rules.xfiles_ccg.compiler import compile_text

    _, left = compile_text("Place this card in the Field. Discard this card afterwards.")
    assert left == ["Discard this card afterwards"]  # nothing before it: what it comes after is not the engine's


def _fight(library: CardLibrary, adversary: str) -> tuple[Any, str]:
    """Randy's Owen Marsh and Nadia Keller investigate Harlow Creek; Les's `adversary` attacks; Les to act."""
    ref = fixture_ref(library, adversary)
    s = build_position({"bureau:0": [], "field:0": ["harlow-creek", "owen-marsh", "nadia-keller"],
                        "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"],
                        "deck:0": ["marrow-point"] * 3, "deck:1": ["cold-trail"] * 3, "hand:1": [ref]},
                       {"step": "assign"}, library=library, pools=((9, 9), (9, 9)))
    st = s.state
    site = pid(s, "field:0", "harlow-creek")
    st.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    ok(s, Investigate(site, tuple(p for p in st.zones["field:0"].pieces if p != site), "Behavioral"), 0)
    ok(s, Pass(), 0)
    adv = _mine(s, "hand:1", ref)
    ok(s, PlayCard(adv), 1)
    ok(s, Pass(), 1)
    ok(s, Pass(), 0)
    assert st.rules["combat"]["adversary"] == adv
    for _ in range(4):  # the Long Range round's window closes: its damage is dealt
        if st.rules["combat"].get("pending") or s.rules.step(st) == "damage":
            break
        ok(s, Pass(), s.rules.decision(st))
    return s, adv


def test_an_adversarys_long_range_damage_may_be_split_by_its_player(library: CardLibrary) -> None:
    s, adv = _fight(library, "FW-13")
    st, rs = s.state, s.rules
    marsh, keller = pid(s, "field:0", "owen-marsh"), pid(s, "field:0", "nadia-keller")
    assert rs.step(st) == "damage" and AssignDamage(marsh, 1) in list(rs.legal_actions(st, 1))
    ok(s, AssignDamage(marsh, 1), 1)
    ok(s, AssignDamage(keller, 1), 1)
    assert (rs.damage(st, marsh), rs.damage(st, keller)) == (1, 1)


def test_each_damage_source_applied_to_an_adversary_is_one_less(library: CardLibrary) -> None:
    s, adv = _fight(library, "FW-14")
    st, rs = s.state, s.rules
    team = [pid(s, "field:0", a) for a in ("owen-marsh", "nadia-keller")]
    dealt = [rs.agent_skill(st, p, "Long Range Combat") for p in team]
    assert sum(1 for d in dealt if d > 0) == 2
    assert st.rules["combat"]["pending"]["agents"] == sum(dealt) - 2  # Marsh's 2 and Keller's 1, each one less


def test_activators_provided_let_one_card_of_the_kind_be_played_this_turn(library: CardLibrary) -> None:
    waters, thing = fixture_ref(library, "FW-15"), fixture_ref(library, "FW-16")
    s = _checking(library, [], pools=((5, 5), (5, 9)))
    st, rs = s.state, s.rules
    for i, ref in enumerate([waters, thing, thing]):
        st.add_piece(Piece(id=f"h1x{i}", card=ref, zone="hand:1", owner=1, face_up=True))
    ok(s, Pass(), 0)
    refused = s.submit(PlayCard("h1x1"), 1)
    assert not refused.accepted and [v.rule for v in refused.violations] == ["xfc.chain.2"]  # no OCCULT INVESTIGATION
    ok(s, PlayCard("h1x0"), 1)
    _resolve(s)  # the window opens again to Les
    assert PlayCard("h1x1") in list(rs.legal_actions(st, 1))
    ok(s, PlayCard("h1x1"), 1)  # the provision stands in for the Activators it lacks
    assert not st.rules.get("provided")  # spent on that one card
    second = s.submit(PlayCard("h1x2"), 1)
    assert not second.accepted and [v.rule for v in second.violations] == ["xfc.chain.2"]


@pytest.mark.parametrize("when", ["on the chain", "resolved"])
def test_a_witness_is_negated_when_its_opponent_plays_the_adversary_it_fears(library: CardLibrary, when: str) -> None:
    pell, suits, thing = (fixture_ref(library, c) for c in ("FW-17", "FW-18", "FW-16"))
    s = _checking(library, [pell], pools=((5, 5), (5, 9)))
    st, rs = s.state, s.rules
    st.add_piece(Piece(id="adv", card=suits, zone="hand:1", owner=1, face_up=True))
    st.add_piece(Piece(id="beast", card=thing, zone="hand:1", owner=1, face_up=True))
    st.rules["provided"] = [{"seat": 1, "type": "adversary", "keyword": []}]  # the Lake Thing's Activators
    base = rs.check_total(st)
    witness = _mine(s, "hand:0", pell)
    ok(s, PlayCard(witness), 0)
    if when == "resolved":
        _resolve(s)
        assert rs.check_total(st) == base + 2
    ok(s, Pass(), 0)
    ok(s, PlayCard("beast"), 1)  # a CREATURE: nothing happens
    assert witness in st.pieces
    ok(s, PlayCard("adv"), 1)
    assert witness not in st.pieces and rs.check_total(st) == base
    assert witness not in [e["piece"] for e in st.rules["chain"]]


def test_a_resource_witness_in_play_is_negated_when_the_adversary_is_played(library: CardLibrary) -> None:
    informant, suits = fixture_ref(library, "FW-19"), fixture_ref(library, "FW-18")
    s = _checking(library, [informant], pools=((5, 5), (5, 9)))
    st = s.state
    st.add_piece(Piece(id="adv", card=suits, zone="hand:1", owner=1, face_up=True))
    witness = _mine(s, "hand:0", informant)
    ok(s, PlayCard(witness), 0)
    _resolve(s)
    assert st.pieces[witness].zone == "bureau:0"  # a RESOURCE stays in play
    ok(s, Pass(), 0)
    ok(s, PlayCard("adv"), 1)
    assert witness not in st.pieces


@pytest.mark.parametrize("answer", ["FW-21", "FW-22"])
def test_negations_in_title_case_and_of_keywords_each_named(library: CardLibrary, answer: str) -> None:
    visitor, card = fixture_ref(library, "FW-20"), fixture_ref(library, answer)
    s = _checking(library, [], pools=((5, 5), (5, 9)))
    st = s.state
    st.add_piece(Piece(id="adv", card=visitor, zone="hand:1", owner=1, face_up=True))
    if answer == "FW-21":  # Randy answers Les's Adversary with his Witness
        st.add_piece(Piece(id="ans", card=card, zone="hand:0", owner=0, face_up=True))
        ok(s, Pass(), 0)
        ok(s, PlayCard("adv"), 1)
        ok(s, Pass(), 1)
        ok(s, PlayCard("ans"), 0)
    else:  # "Keyword ALIEN or Keyword GOVERNMENT card": any card with either (here Les's own, to show them read)
        st.add_piece(Piece(id="ans", card=card, zone="hand:1", owner=1, face_up=True))
        ok(s, Pass(), 0)
        ok(s, PlayCard("adv"), 1)
        ok(s, PlayCard("ans"), 1)
    _resolve_picking(s)
    assert st.pieces["adv"].zone == "discard:1" and not st.rules.get("combat")


def _resolve_picking(s: Any, prefer: str | None = None) -> None:
    """Pass until the chain is empty, choosing `prefer` or the first target a pending effect offers."""
    for _ in range(12):
        seat = s.rules.decision(s.state)
        picks = [a for a in s.rules.legal_actions(s.state, seat) if isinstance(a, (ChooseTarget, ResolveEffect))]
        if picks:
            pieces = [a for a in picks if getattr(a, "piece", None)]
            ok(s, next((a for a in pieces if a.piece == prefer), pieces[0] if pieces else picks[0]), seat)
        elif s.state.rules.get("chain"):
            ok(s, Pass(), seat)
        else:
            return


# ------------------------------------------------------------------------------------------------ later printings


@pytest.mark.parametrize("text,steps", [
    ("Adds +2 to one Team's Medical skill check.", [{"check_mod": {"amount": 2, "skill": "Medical"}}]),
    ("Subtract 3 from any one ALIEN INVESTIGATION, EVIDENCE COLLECTION, OBSERVATION or SCIENCES skill check.",
     [{"check_mod": {"amount": -3, "skill": ["Alien Investigation", "Evidence Collection", "Observation",
                                               "Sciences"]}}]),
    ("Play to change the Site Prerequisite to from MEDICAL to SCIENCES.",
     [{"prerequisite": {"from": "Medical", "skill": "Sciences"}}]),
    ("Play this card to force your opponent to discard the top card of his Bureau Deck.",
     [{"discard_top": {"seat": "opponent", "count": 1}}]),
    ("Play this card to allow you to look at your opponent's Hand.", [{"examine": {"zone": "hand", "seat": "opponent"}}]),
    ("Play this card to give any one Agent BUREAUCRACY skill level equal to their EVIDENCE COLLECTION skill level for "
     "the rest of this turn.", [{"skill_as": {"target": "agent", "skill": "Bureaucracy", "as": "Evidence Collection",
                                               "until": "end_of_turn"}}]),
    ("Select one Adversary card from your Discard Pile and add it to your hand.",
     [{"move": {"target": "fetched", "to": "hand"}}]),
    ("Play this card on a Team investigating a Site to increase that Site Prerequisite by two.",
     [{"prerequisite": {"raise": 2}}]),
])
def test_later_printings_read_as_the_families_they_belong_to(text: str, steps: list[dict[str, Any]]) -> None:
    from tabletop.rules.xfiles_ccg.compiler import compile_text

    effects, left = compile_text(text)
    assert not left and effects[-1]["do"] == steps


@pytest.mark.parametrize("text,standing", [
    ("LONG RANGE COMBAT attacks cause only half damage (rounded up) to Pinker Rawls.", {"half_damage": "lrc"}),
    ("It will attack for only one Long Range and one Close Range Combat round and then leave.", {"rounds_only": 2}),
    ("This [RP] may be used to pay for any Keyword Behavioral or Observation cards.",
     {"card_pool_for": {"pool": "rp", "keywords": ["BEHAVIORAL", "OBSERVATION"]}}),
    ("The Mechanic may use Martial Arts and Subterfuge Combat cards.", {"can_use": ["MARTIAL ARTS", "SUBTERFUGE"]}),
])
def test_later_printings_of_standing_text(text: str, standing: dict[str, Any]) -> None:
    from tabletop.rules.xfiles_ccg.compiler import compile_text

    effects, left = compile_text(text)
    assert not left and effects[0]["when"] == "static" and effects[0]["do"] == [standing]


def test_an_equipment_skill_printed_in_title_case(library: CardLibrary) -> None:
    lens = fixture_ref(library, "FW-23")
    s = build_position({"field:0": ["owen-marsh"], "hand:0": [lens], "bureau:1": ["lena-ortiz"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "requisition"}, library=library)
    assert s.rules.card_text(lens).status == "automated"
    marsh = pid(s, "field:0", "owen-marsh")
    before = s.rules.agent_skill(s.state, marsh, "Occult Investigation")
    ok(s, Requisition(_mine(s, "hand:0", lens), marsh), 0)
    assert s.rules.agent_skill(s.state, marsh, "Occult Investigation") == before + 1


def test_a_site_prerequisite_lowered_on_a_check_of_its_skills(library: CardLibrary) -> None:
    trail = fixture_ref(library, "FW-24")
    s = _checking(library, [trail])
    ok(s, PlayCard(_mine(s, "hand:0", trail)), 0)
    _resolve(s)
    assert s.state.rules["check"]["need"] == 2
    other = _checking(library, [trail])
    other.state.rules["check"]["skill"] = "Medical"
    r = other.submit(PlayCard(_mine(other, "hand:0", trail)), 0)
    assert not r.accepted and [v.rule for v in r.violations] == ["xfc.effect.2"]


def test_both_pools_emptied_or_exchanged(library: CardLibrary) -> None:
    run, meet = fixture_ref(library, "FW-25"), fixture_ref(library, "FW-26")
    s = _checking(library, [run], pools=((7, 5), (3, 4)))
    ok(s, PlayCard(_mine(s, "hand:0", run)), 0)
    _resolve(s)
    assert [(p.counters["rp"], p.counters["cp"]) for p in s.state.players] == [(0, 0), (0, 0)]
    s = _checking(library, [meet], pools=((7, 5), (3, 4)))
    ok(s, PlayCard(_mine(s, "hand:0", meet)), 0)
    _resolve(s)
    assert [(p.counters["rp"], p.counters["cp"]) for p in s.state.players] == [(3, 4), (6, 5)]  # 7 - 1 paid


def test_an_agent_with_a_keyword_sent_back_and_a_keyword_given_for_the_turn(library: CardLibrary) -> None:
    test, deputy = fixture_ref(library, "FW-27"), fixture_ref(library, "FW-28")
    s = _checking(library, [test, deputy])
    st, rs = s.state, s.rules
    ok(s, PlayCard(_mine(s, "hand:0", test)), 0)
    _resolve_picking(s)
    moved = [p for p in st.zones["bureau:0"].pieces + st.zones["bureau:1"].pieces if rs.pinfo(st, p).kind == "agent"]
    assert any("fbi" in rs.keywords_of(st, p) for p in moved)
    ok(s, PlayCard(_mine(s, "hand:0", deputy)), 0)
    _resolve_picking(s)
    assert [p for p in st.pieces if "law" in rs.keywords_of(st, p) and "law" not in
            {k.casefold() for k in rs.pinfo(st, p).keywords}]


@pytest.mark.parametrize("skill,plays", [("Bureaucracy", True), ("Behavioral", True), ("Medical", False)])
def test_a_card_played_after_a_site_investigated_with_either_skill(library: CardLibrary, skill: str,
                                                                   plays: bool) -> None:
    luck = fixture_ref(library, "FW-29")
    s = _checking(library, [luck])
    s.state.rules["check"]["skill"] = skill
    s.state.rules["step"] = "question"
    r = s.rules.effects.violations(s.state, _mine(s, "hand:0", luck), 0, "resolved")
    assert (not r) == plays


def test_the_questions_a_site_asks_changed(library: CardLibrary) -> None:
    subject = fixture_ref(library, "FW-30")
    s = _checking(library, [subject])
    st, rs = s.state, s.rules
    site = st.rules["check"]["site"]
    printed = list(rs.pinfo(st, site).asks)
    assert printed != ["Motive"]
    ok(s, PlayCard(_mine(s, "hand:0", subject)), 0)
    _resolve_picking(s)
    st.rules["step"] = "question"
    assert rs.question_context(st, 0)["kinds"] == ["Motive"]
    assert rs.status(st, 0) is not None


def test_a_cost_raised_at_the_site_under_check(library: CardLibrary) -> None:
    tape = fixture_ref(library, "FW-31")
    s = _checking(library, ["june-talley"], pools=((2, 5), (5, 5)))
    st, rs = s.state, s.rules
    st.add_piece(Piece(id="tape", card=tape, zone="hand:1", owner=1, face_up=True))
    ok(s, Pass(), 0)
    ok(s, PlayCard("tape"), 1)
    _resolve(s)
    ok(s, Pass(), 1)
    talley = _mine(s, "hand:0", f"{SET}/june-talley")  # a 2 RP Witness: 3 at this Site
    assert not rs.table.can_pay(st, PlayCard(talley), 0) and PlayCard(talley) not in list(rs.legal_actions(st, 0))
    st.player(0).counters["rp"] = 3
    ok(s, PlayCard(talley), 0)
    assert st.player(0).counters["rp"] == 0


def test_the_first_adversary_played_at_the_site_costs_less(library: CardLibrary) -> None:
    circle, thing = fixture_ref(library, "FW-32"), fixture_ref(library, "FW-16")
    s = _checking(library, [], pools=((5, 5), (5, 5)))
    st = s.state
    st.add_piece(Piece(id="circle", card=circle, zone="hand:1", owner=1, face_up=True))
    for i in (1, 2):
        st.add_piece(Piece(id=f"thing{i}", card=thing, zone="hand:1", owner=1, face_up=True))
    st.rules["provided"] = [{"seat": 1, "type": "adversary", "keyword": []}] * 2  # their Activators, aside
    ok(s, Pass(), 0)
    ok(s, PlayCard("circle"), 1)
    _resolve(s)
    ok(s, PlayCard("thing1"), 1)  # 2 CP, less two
    assert st.player(1).counters["cp"] == 4
    ok(s, PlayCard("thing2"), 1)  # the second pays in full
    assert st.player(1).counters["cp"] == 2


def test_a_sites_own_text_raises_the_cost_of_its_bluffs(library: CardLibrary) -> None:
    from tabletop.rules.xfiles_ccg import ResolveBluff

    toll = fixture_ref(library, "FW-33")
    s = build_position({"field:0": [toll, "owen-marsh"], "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"],
                        "xfile:1": ["lantern-choir"]}, {"step": "assign"}, library=library, pools=((5, 5), (5, 1)))
    st, rs = s.state, s.rules
    site = _mine(s, "field:0", toll)
    st.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    st.add_piece(Piece(id="bluff", card=f"{SET}/cold-trail", zone="field:0", owner=1, face_up=False, attached_to=site))
    ok(s, Investigate(site, (pid(s, "field:0", "owen-marsh"),), "Behavioral"), 0)
    if rs.step(st) == "check":  # a window before the cards beneath are revealed
        ok(s, Pass(), 0)
        ok(s, Pass(), 1)
    assert rs.step(st) == "reveal"
    r = s.submit(ResolveBluff("bluff"), 1)  # Cold Trail: 1, +1 at this Site, less 1 revealed: 1; Les has 1
    assert r.accepted and st.player(1).counters["cp"] == 0


def test_a_witness_kept_on_an_agent_adds_once_a_turn_and_leaves_when_its_health_is_gone(library: CardLibrary) -> None:
    kerr = fixture_ref(library, "FW-34")
    s = _checking(library, [kerr])
    st, rs = s.state, s.rules
    witness = _mine(s, "hand:0", kerr)
    marsh = pid(s, "field:0", "owen-marsh")
    ok(s, PlayCard(witness), 0)
    for _ in range(6):  # it resolves; Randy chooses the Agent it stays on
        seat = rs.decision(st)
        picks = [a for a in rs.legal_actions(st, seat) if isinstance(a, ChooseTarget) and a.piece == marsh]
        if picks:
            ok(s, picks[0], seat)
            break
        ok(s, Pass(), seat)
    assert st.pieces[witness].attached_to == marsh and st.pieces[witness].zone == "field:0"
    base = rs.check_total(st)
    assert UseAbility(witness) in list(rs.legal_actions(st, rs.decision(st)))
    ok(s, UseAbility(witness), 0)
    assert rs.check_total(st) == base + 1
    assert not s.submit(UseAbility(witness), 0).accepted  # once per turn
    rs.set_damage(st, marsh, rs.pinfo(st, marsh).health, Tx(st))
    assert st.pieces[witness].zone == "discard:0"


def test_an_opponent_discards_every_card_of_a_kind_from_hand(library: CardLibrary) -> None:
    fire = fixture_ref(library, "FW-35")
    s = _checking(library, [f"{SET}/june-talley", f"{SET}/overtime"])
    st = s.state
    st.add_piece(Piece(id="fire", card=fire, zone="hand:1", owner=1, face_up=True))
    ok(s, Pass(), 0)
    ok(s, PlayCard("fire"), 1)
    _resolve(s)
    kinds = sorted(s.rules.pinfo(st, p).kind for p in st.zones["hand:0"].pieces)
    assert kinds == ["event"] and st.pieces[_mine(s, "discard:0", f"{SET}/june-talley")]


@pytest.mark.parametrize("made", [True, False])
def test_a_side_bet_pays_when_the_check_fails(library: CardLibrary, made: bool) -> None:
    bet = fixture_ref(library, "FW-36")
    s = _checking(library, [], pools=((5, 5), (5, 5)))
    st, rs = s.state, s.rules
    st.rules["check"]["need"] = 1 if made else 20
    st.add_piece(Piece(id="bet", card=bet, zone="hand:1", owner=1, face_up=True))
    ok(s, Pass(), 0)
    ok(s, PlayCard("bet"), 1)
    for _ in range(6):
        if rs.step(st) != "check":
            break
        ok(s, Pass(), rs.decision(st))
    assert st.player(1).counters["cp"] == 4 + (0 if made else 5)


def test_agents_with_a_keyword_barred_and_a_keyword_removed(library: CardLibrary) -> None:
    bar, opinion = fixture_ref(library, "FW-37"), fixture_ref(library, "FW-38")
    s = _checking(library, [opinion])
    st, rs = s.state, s.rules
    marsh, keller = pid(s, "field:0", "owen-marsh"), pid(s, "field:0", "nadia-keller")
    ok(s, PlayCard(_mine(s, "hand:0", opinion)), 0)
    _resolve_picking(s, marsh)
    assert "believer" not in rs.keywords_of(st, marsh)
    s = _checking(library, [])
    st, rs = s.state, s.rules
    st.add_piece(Piece(id="bar", card=bar, zone="hand:1", owner=1, face_up=True))
    ok(s, Pass(), 0)
    ok(s, PlayCard("bar"), 1)
    _resolve(s)
    assert st.rules["check"]["team"] == [keller]  # Marsh, a BELIEVER, adds nothing to this Site


def test_a_witness_free_or_cheaper_while_another_is_in_play(library: CardLibrary) -> None:
    rolf, gaines, hale = (fixture_ref(library, c) for c in ("FW-39", "FW-40", "FW-41"))
    s = _checking(library, [rolf, gaines, hale], pools=((4, 5), (5, 5)))
    st, rs = s.state, s.rules
    g, h = _mine(s, "hand:0", gaines), _mine(s, "hand:0", hale)
    assert rs.table.can_pay(st, PlayCard(g), 0)
    st.player(0).counters["rp"] = 1
    assert not rs.table.can_pay(st, PlayCard(g), 0) and not rs.table.can_pay(st, PlayCard(h), 0)
    ok(s, PlayCard(_mine(s, "hand:0", rolf)), 0)  # 1 RP: Deputy Rolf is in play (on the chain, then in the check)
    assert rs.table.can_pay(st, PlayCard(g), 0)
    _resolve(s)
    st.player(0).counters["rp"] = 2
    ok(s, PlayCard(g), 0)  # free
    assert st.player(0).counters["rp"] == 2
    ok(s, PlayCard(h), 0)  # 3 RP less 1
    assert st.player(0).counters["rp"] == 0

