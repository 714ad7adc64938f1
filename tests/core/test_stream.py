"""The per-seat stream: patches that rebuild the seat's view, log lines and legal moves as the seat may know them."""

from __future__ import annotations

import json

from tabletop.core import actions as A
from tabletop.core.stream import SeatStream, legal_summary
from tabletop.core.view import view_hash
from tabletop.game import new_session, quick_table
from tabletop.net.patches import PatchedView


def test_a_seat_stream_rebuilds_the_seat_view_patch_by_patch():
    session = quick_table(seed=4)
    streams = {s: SeatStream(session, s) for s in (0, 1)}
    first = {s: st.take() for s, st in streams.items()}
    views = {s: PatchedView(items[0].view) for s, items in first.items()}
    table = session.state.zones["table"].pieces
    session.submit(A.Deal(2), 0)
    session.submit(A.Draw(1), 1)
    session.submit(A.Move((table[0],), "table", x=300.0, y=300.0), 1)
    assert session.undo(1).accepted  # its own move: no one else's consent needed
    assert session.redo(1).accepted
    for seat, stream in streams.items():
        items = stream.take()
        assert [i.log[0]["kind"] for i in items] == ["submit", "submit", "submit", "undo", "redo"]
        for item in items:
            assert item.patch is not None and item.base == views[seat].view["seq"]
            views[seat].apply({**item.patch, "seq": item.seq})
        # the view the seat's stream led to is the seat's view, hash and all
        assert views[seat].view == session.view(seat)
        assert views[seat].hash == view_hash(session.view(seat))
    # what seat 1 drew never reached seat 0's stream, not even in a log line
    hidden = {session.state.pieces[p].card for p in session.state.zones["hand:1"].pieces}
    streamed = json.dumps([views[0].view, first[0][0].log])
    assert not any(card in streamed for card in hidden)
    for st in streams.values():
        st.close()
    assert not session.listeners


def test_legal_summary_names_pieces_as_the_seat_sees_them():
    session = new_session("tragedy", seats=2, enforcement="warn", seed=5)
    summary = legal_summary(session, 0)
    assert summary["moves"] and summary["passes"] and summary["glow"]
    assert summary["from"] == ["hand:0"]
    names = {p["id"] for z in session.view(0)["zones"] for p in z["pieces"]}
    assert set(summary["glow"]) <= names
    # the other seat gets no moves now, and the summary is plain data (it goes over the LAN as it is)
    assert legal_summary(session, 1)["moves"] == []
    assert json.loads(json.dumps(summary)) == summary
