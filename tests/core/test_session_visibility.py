"""The visibility answers a session keeps between actions agree with `GameState.visible_to` on every piece."""

from __future__ import annotations

from tabletop.core import Session
from tabletop.core import actions as A
from tabletop.core.session import visibility
from tabletop.core.state import Player


def _agrees(session: Session) -> None:
    state = session.state
    visible = session._visibility(state)
    for piece in state.pieces.values():
        assert visible(piece) == state.visible_to(piece), piece.id


def test_kept_answers_follow_draws_reveals_and_flips(session: Session) -> None:
    state = session.state
    _agrees(session)
    assert session.submit(A.Draw(3, source="deck"), 0).accepted
    _agrees(session)
    mine = state.zones["hand:0"].pieces[0]
    assert session.submit(A.Move((mine,), "table", x=3, y=3, face_up=False), 0).accepted
    _agrees(session)
    assert session.submit(A.Flip((mine,)), 0).accepted
    _agrees(session)
    for entry in session.history:
        for pid, seen in entry.seen.items():
            assert isinstance(seen, frozenset), pid


def test_kept_answers_are_dropped_when_the_seats_change(session: Session) -> None:
    state = session.state
    _agrees(session)
    state.players.append(Player(len(state.players), "late"))
    _agrees(session)  # a seat's own answer, not the one kept for the seats before it


def test_a_memo_keys_every_input_of_visible_to(session: Session) -> None:
    """The same memo over a table whose zone turns private: the answer changes with the zone, not kept."""
    state = session.state
    memo: dict = {}
    card = state.pieces[state.zones["deck"].pieces[0]]
    zone = state.zones["deck"]
    card.face_up = True  # face up in a hidden deck: nobody sees it; in an open zone, everybody
    first = visibility(state, memo)(card)
    old = zone.visibility
    zone.visibility = "public"
    try:
        assert state.visible_to(card) != first
        assert visibility(state, memo)(card) == state.visible_to(card)
    finally:
        zone.visibility = old
        card.face_up = False
