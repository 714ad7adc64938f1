"""Pointing: an arrow or a ping every seat sees in its log, naming only the cards that seat may see; it changes
nothing on the table, needs no rule's leave and is not undone."""

from __future__ import annotations

import pytest

from tabletop.core import actions as A
from tabletop.core.session import Session
from tabletop.game import new_session, quick_table


def _last(session: Session, seat: int | None) -> dict:
    return session.history[-1].for_seat(seat) if session.history else {}


def test_an_arrow_from_a_card_to_a_zone_is_logged_with_where_its_ends_lie() -> None:
    session = quick_table(seed=3)
    state = session.state
    assert session.submit(A.Draw(1), 0).accepted
    card = state.zones["hand:0"].pieces[0]
    token = next(p for p in state.zones["table"].pieces if state.pieces[p].kind == "token")
    before = state.hash()
    r = session.submit(A.Point(at=token, source=card), 0)
    assert r.accepted and state.hash() == before
    mine, theirs = _last(session, 0), _last(session, 1)
    assert mine["action"]["source"] == card  # seat 1 drew it: it reads its own card by name
    assert theirs["action"]["source"] == "hidden"  # seat 2 never saw it: the line does not name it
    to = theirs["notes"][0]["data"]["to"]
    assert to["zone"] == "table" and (to["x"], to["y"]) == (state.pieces[token].x, state.pieces[token].y)
    assert theirs["notes"][0]["data"]["from"] == {"zone": "hand:0"}  # a hand has no spot to give away
    r = session.submit(A.Point(zone="hand:1"), 0)  # another seat's hand: pointing touches nothing
    assert r.accepted
    r = session.submit(A.Point(x=120.0, y=80.0), 1)  # a ping on the table
    assert r.accepted and _last(session, 0)["notes"][0]["data"]["to"] == {"x": 120.0, "y": 80.0}
    assert session.last_undoable().action == A.Draw(1)  # an undo skips the pointers: they are said, not done


@pytest.mark.parametrize("bad", [A.Point(), A.Point(x=1.0), A.Point(at="nope"), A.Point(zone="nowhere"),
                                 A.Point(x=float("nan"), y=1.0)])
def test_a_pointer_at_nothing_is_refused_and_changes_nothing(bad: A.Point) -> None:
    session = quick_table(seed=3)
    before = session.state.hash()
    r = session.submit(bad, 0)
    assert not r.accepted and r.error and session.state.hash() == before


def test_strict_rules_let_a_player_point_out_of_turn() -> None:
    session = new_session("tragedy", 2, enforcement="strict", seed=1)
    waiting = 1 - session.state.rules["priority"]
    card = session.state.zones[f"hand:{waiting}"].pieces[0]
    assert session.submit(A.Point(at=card), waiting).accepted


def test_a_point_round_trips_as_data() -> None:
    p = A.Point(at="p1", source="p2")
    assert A.action_from_dict(p.to_dict()) == p


def test_a_card_the_pointer_cannot_see_is_pointed_at_by_its_handle_and_named_to_no_one_who_cannot_see_it() -> None:
    """The deck's face-down top card or another seat's hand card: named by the handle the seat's view gives it."""
    session = quick_table(seed=3)
    state = session.state
    assert session.submit(A.Deal(1, source="deck"), 0).accepted
    theirs = state.zones["hand:1"].pieces[0]
    zone = next(z for z in session.view(0)["zones"] if z["name"] == "hand:1")
    handle = zone["pieces"][0]["id"]
    assert handle != theirs  # seat 1 knows it only by its handle
    r = session.submit(A.Point(at=handle), 0)
    assert r.accepted, r.error
    assert _last(session, 0)["action"]["at"] == "hidden"  # the pointer reads "a card in Seat 2's hand"
    assert _last(session, 1)["action"]["at"] == theirs  # its owner reads its own card
    assert _last(session, None)["action"]["at"] == "hidden"  # a spectator never learns which
