"""The bots' plays of cards played outside a skill check (`generators_phase`), on cards of our own in the printed
wordings: a Briefing card and a Case Assignment card (a chain of their own there) and an anytime card are listed
where the rules allow them, each listed move passes the strict check, an open phase chain lists only the phase
cards and the pass, and the step goes on once every seat passed."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.cards import CardLibrary
from tabletop.core import Piece
from tabletop.rules.xfiles_ccg import Buy, FreeDraw, Pass, PlaceSite, PlayCard
from tabletop.rules.xfiles_ccg.compiler import compile_text
from tabletop.rules.xfiles_ccg.phase_plays import PHASE_CHAIN
from tests.rules.xfiles_ccg_helpers import fixture_library, fixture_ref, mine, ok
from tests.rules.xfiles_ccg_helpers import position as build_position


def _card(rid: str, title: str, kind: str, text: str, cost: str, activators: list[str]) -> dict[str, Any]:
    return {"id": rid, "title": title, "set": "Fixture", "type": kind, "cost": cost, "gameText": text,
            "keywords": [kind], "activators": activators}


RECORDS = [
    _card("PB-01", "Form In Triplicate", "Event", "Play during the Briefing Phase to prevent one opponent from drawing "
          "any cards for the remainder of this turn.", "1 CP", ["Conspiracy"]),
    _card("PB-02", "Lost Requisition", "Event", "Play this card during the Briefing Phase to prevent your opponent "
          "from drawing any cards for the rest of the turn.", "2 CP", ["Conspiracy"]),
    _card("PB-03", "Wrong Desk", "Event", "Play this card during the Briefing Phase to prevent one opponent from "
          "drawing any cards during the rest of this turn.", "1 RP", ["Active"]),
    _card("PB-04", "Sealed Jurisdiction", "Event", "Play this card during the case assignment phase to prevent your "
          "opponent from playing any adversaries at this Site.", "1 RP", ["Active"]),
    _card("PB-05", "Talkative Drifter", "Witness", "Play this card at anytime during your turn to look at your "
          "opponent's hand.", "2 RP", ["Active"]),
]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> CardLibrary:
    lib = fixture_library(tmp_path_factory.mktemp("sets"), RECORDS)
    for record in RECORDS:  # every fixture's text is run by the engine, none applied by hand
        assert not compile_text(lib.get(fixture_ref(lib, record["id"])))[1], record["id"]
    return lib


def _listed(s: Any, seat: int) -> list[Any]:
    """The bots' listing of `seat`, each move accepted by the strict check."""
    moves = list(s.rules.generate_actions(s.state, seat))
    for a in moves:
        assert not s.rules.check(s.state, a, seat), (a, s.rules.check(s.state, a, seat))
    return moves


def _briefing(library: CardLibrary) -> Any:
    """Randy's turn at the selling: Les (who sells first) holds two Briefing cards, Randy one, both with pools."""
    ref = lambda rid: fixture_ref(library, rid)  # noqa: E731
    return build_position({"bureau:0": ["owen-marsh"], "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"],
                           "xfile:1": ["lantern-choir"], "deck:0": ["marrow-point"] * 4, "deck:1": ["cold-trail"] * 4,
                           "hand:0": [ref("PB-03")], "hand:1": [ref("PB-01"), ref("PB-02")]},
                          {"step": "sell", "drawn": True}, library=library, pools=((6, 6), (6, 6)))


def test_a_briefing_card_is_listed_opens_a_chain_and_the_step_goes_on(library: CardLibrary) -> None:
    s = _briefing(library)
    st, rs = s.state, s.rules
    form, lost = mine(s, "hand:1", fixture_ref(library, "PB-01")), mine(s, "hand:1", fixture_ref(library, "PB-02"))
    desk = mine(s, "hand:0", fixture_ref(library, "PB-03"))
    assert rs.decision(st) == 1
    moves = _listed(s, 1)
    assert moves[:2] == [PlayCard(form), PlayCard(lost)]  # before the purchases: the greedy bot plays it first
    assert Buy(1) in moves and moves[-1] == Pass()
    ok(s, PlayCard(form), 1)
    assert st.rules.get(PHASE_CHAIN) and rs.decision(st) == 1
    assert _listed(s, 1) == [PlayCard(lost), Pass()]  # while the chain is open: the phase cards, or the pass
    ok(s, Pass(), 1)
    assert rs.decision(st) == 0 and _listed(s, 0) == [PlayCard(desk), Pass()]  # Randy's own Briefing card answers
    ok(s, Pass(), 0)  # both passed: the card resolves
    for _ in range(8):  # its effect and the chain's last passes, as the bots play them
        if PHASE_CHAIN not in st.rules:
            break
        seat = rs.decision(st)
        ok(s, next(a for a in _listed(s, seat) if not isinstance(a, PlayCard)), seat)  # no other card
    assert PHASE_CHAIN not in st.rules and st.rules["step"] == "sell" and rs.decision(st) == 1
    assert st.pieces[form].zone == "discard:1"
    assert _listed(s, 1)[0] == PlayCard(lost)  # still the Briefing: the other card may open a chain again
    ok(s, Pass(), 1)  # Les is done selling: Randy, kept from drawing, buys nothing
    assert rs.decision(st) == 0
    moves = _listed(s, 0)
    assert not [a for a in moves if isinstance(a, Buy)] and moves[-1] == Pass()


def test_a_seat_kept_from_drawing_is_offered_no_free_draw(library: CardLibrary) -> None:
    s = _briefing(library)
    s.state.rules.update({"step": "draw", "drawn": False, "no_draw": {"0": "Form In Triplicate"}})
    assert FreeDraw() not in _listed(s, 0)


def test_a_briefing_card_the_seat_cannot_pay_for_or_outside_its_phase_is_not_listed(library: CardLibrary) -> None:
    s = _briefing(library)
    st = s.state
    st.players[1].counters["cp"] = 0
    assert not [a for a in _listed(s, 1) if isinstance(a, PlayCard)]
    st.players[1].counters["cp"] = 6
    st.rules.update({"step": "bluffs"})  # the Case Assignment: a Briefing card waits
    assert not [a for a in _listed(s, 1) if isinstance(a, PlayCard)]


def test_a_case_assignment_card_is_listed_once_its_site_is_placed(library: CardLibrary) -> None:
    sealed = fixture_ref(library, "PB-04")
    s = build_position({"field:0": ["owen-marsh", "nadia-keller"], "hand:0": ["harlow-creek", sealed],
                        "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "sites"}, library=library, pools=((9, 9), (9, 9)))
    st = s.state
    card, site = mine(s, "hand:0", sealed), st.zones["hand:0"].pieces[0]
    assert PlayCard(card) not in _listed(s, 0)  # no Site of its player yet: nothing to protect
    assert _listed(s, 0)[0] == PlaceSite(site, 1)
    ok(s, PlaceSite(site, 1), 0)
    moves = _listed(s, 0)
    assert moves == [PlayCard(card), Pass()]  # after the step's own moves (no other Site to place)
    ok(s, PlayCard(card), 0)
    assert st.rules.get(PHASE_CHAIN) and _listed(s, 0) == [Pass()]


def test_an_anytime_card_is_listed_in_its_players_turn_and_resolves_at_once(library: CardLibrary) -> None:
    drifter = fixture_ref(library, "PB-05")
    zones = {"field:0": ["owen-marsh"], "hand:0": [drifter], "hand:1": ["overtime", "cold-trail"],
             "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]}
    s = build_position(zones, {"step": "deployment"}, library=library, pools=((9, 9), (9, 9)))
    st, rs = s.state, s.rules
    card = mine(s, "hand:0", drifter)
    moves = _listed(s, 0)
    assert PlayCard(card) in moves and moves[-1] == Pass()
    ok(s, PlayCard(card), 0)
    for _ in range(4):  # its effect, as the bots confirm it
        if rs.decision(st) == 0 and st.rules["step"] == "deployment" and not st.rules.get("effects"):
            break
        seat = rs.decision(st)
        ok(s, _listed(s, seat)[0], seat)
    assert st.pieces[card].zone == "discard:0" and st.rules["step"] == "deployment" and not st.rules.get("chain")
    assert PHASE_CHAIN not in st.rules and rs.decision(st) == 0
    assert PlayCard(card) not in _listed(s, 0)
    theirs = build_position(zones, {"step": "deployment", "active": 1}, library=library, pools=((9, 9), (9, 9)))
    assert not [a for a in theirs.rules.generate_actions(theirs.state, 0) if isinstance(a, PlayCard)]


def test_an_anytime_card_keeps_the_rp_the_hands_sites_need(library: CardLibrary) -> None:
    drifter = fixture_ref(library, "PB-05")
    zones = {"field:0": ["owen-marsh"], "hand:0": [drifter, "harlow-creek"], "bureau:1": ["lena-ortiz"],
             "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]}
    s = build_position(zones, {"step": "deployment"}, library=library, pools=((2, 9), (9, 9)))
    card = mine(s, "hand:0", drifter)
    assert PlayCard(card) in list(s.rules.legal_actions(s.state, 0))  # legal, but the Site's RP are kept
    assert PlayCard(card) not in _listed(s, 0)
    s.state.players[0].counters["rp"] = 9
    assert PlayCard(card) in _listed(s, 0)


def test_a_briefing_card_keeps_the_cp_of_the_hands_other_cp_card(library: CardLibrary) -> None:
    s = _briefing(library)  # Les's two Briefing cards cost 1 and 2 CP
    st = s.state
    st.players[1].counters["cp"] = 2
    form, lost = mine(s, "hand:1", fixture_ref(library, "PB-01")), mine(s, "hand:1", fixture_ref(library, "PB-02"))
    assert PlayCard(form) in list(s.rules.legal_actions(st, 1))  # legal, but the other card's CP are kept
    assert PlayCard(lost) in list(s.rules.legal_actions(st, 1))
    assert not [a for a in _listed(s, 1) if isinstance(a, PlayCard)]
    st.players[1].counters["cp"] = 3  # each leaves what the other costs
    assert [a for a in _listed(s, 1) if isinstance(a, PlayCard)] == [PlayCard(form), PlayCard(lost)]


def test_a_card_added_to_a_table_already_listed_is_offered(library: CardLibrary) -> None:
    """Whether a table holds such a card at all is found once per table (`_in_game`), again when its number of
    pieces changes: a card put in a hand after a listing is offered at the next."""
    zones = {"field:0": ["owen-marsh"], "hand:0": ["harlow-creek"], "bureau:1": ["lena-ortiz"],
             "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]}
    s = build_position(zones, {"step": "deployment"}, library=library, pools=((9, 9), (9, 9)))
    assert not [a for a in _listed(s, 0) if isinstance(a, PlayCard)]
    s.state.add_piece(Piece(id="late", card=fixture_ref(library, "PB-05"), zone="hand:0", owner=0))
    assert PlayCard("late") in _listed(s, 0)
