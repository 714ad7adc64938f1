"""Messages a player reads count seats from 1, as the table does (a newcomer's trial read "Undo refused: seat 0
said no" and, after `join --seat 2`, "seat 1 is taken")."""

from __future__ import annotations

from tabletop.core import actions as A
from tests.net.test_protocol import Wire


def test_a_refused_undo_and_a_taken_seat_count_seats_from_1() -> None:
    w = Wire()
    _, ca = w.join(name="ann", seat=0)
    _, cb = w.join(name="bob", seat=1)
    ca.submit(A.Draw(1))
    w.pump()
    u = ca.undo()
    w.pump()
    assert ca.results[u]["error"] == "seat(s) 2 must agree"
    req = next(e.data for e in cb.events_received() if e.kind == "undo_request")
    cb.vote(req["request"], False)
    w.pump()
    result = next(e.data for e in ca.events_received() if e.kind == "undo_result")
    assert result["reason"] == "seat 2 said no"
    _, late = w.join(name="cy", seat=1)  # `join --seat 2`
    said = [e.data.get("message", "") for e in late.events_received()]
    assert any("seat 2 is taken" in m for m in said), said
    _, nowhere = w.join(name="di", seat=5)
    assert any("there is no seat 6" in e.data.get("message", "") for e in nowhere.events_received())
