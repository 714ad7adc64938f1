"""Physics never decides the game: a fling is one logged move, dice faces come from the RNG, off means still."""

from __future__ import annotations

from tabletop.core import actions as A
from tabletop.game import quick_table
from tabletop.physics import FlingController


def table_card(session):
    """A card put face up on the open table, as a player would have dragged it."""
    state = session.state
    session.submit(A.Draw(1, source="deck"), 0)
    pid = state.zones["hand:0"].pieces[0]
    session.submit(A.Move((pid,), "table", x=300, y=700), 0)
    return pid


def test_fling_ends_as_exactly_one_logged_move_inside_the_table() -> None:
    session = quick_table(seed=4)
    pid = table_card(session)
    ctl = FlingController(session)
    before = len(session.history)
    assert ctl.release(pid, 0, 300, 700, vx=2500, vy=-300) is None  # in flight: nothing logged yet
    assert len(session.history) == before
    ctl.update(0.1)
    assert pid in ctl.positions()
    results = ctl.settle_all()
    assert len(session.history) == before + 1
    assert len(results) == 1 and results[0].accepted
    entry = session.history[-1]
    assert entry.action.type == "move"
    w, h = session.state.table_size
    piece = session.state.pieces[pid]
    if piece.zone == "table":
        assert 0 <= piece.x <= w and 0 <= piece.y <= h
        assert piece.x > 300  # it slid the way it was thrown


def test_same_fling_same_resting_place() -> None:
    finals = []
    for _ in range(2):
        session = quick_table(seed=4)
        pid = table_card(session)
        ctl = FlingController(session, snap_zone=lambda x, y: None)
        ctl.release(pid, 0, 300, 700, vx=1800, vy=900)
        for _ in range(200):  # uneven frame times: the fixed sub-step keeps the result identical
            ctl.update(0.013)
        ctl.settle_all()
        p = session.state.pieces[pid]
        finals.append((p.x, p.y))
    assert finals[0] == finals[1]


def test_tokens_bounce_off_the_walls_and_stay_on_the_table() -> None:
    session = quick_table(seed=4)
    token = next(p for p in session.state.pieces.values() if p.kind == "token")
    ctl = FlingController(session, snap_zone=lambda x, y: None)
    ctl.release(token.id, 0, token.x, token.y, vx=-9000, vy=0)
    ctl.settle_all()
    w, h = session.state.table_size
    assert 0 <= token.x <= w and 0 <= token.y <= h


def test_a_thrown_die_shows_the_rngs_face() -> None:
    session = quick_table(seed=9)
    die = next(p for p in session.state.pieces.values() if p.kind == "die")
    ctl = FlingController(session)
    ctl.throw(die.id, 0, die.x, die.y, 900, 200)
    ctl.settle_all()
    roll = next(e for e in reversed(session.history) if e.action.type == "roll")
    note = next(ev for ev in roll.events if getattr(ev, "what", "") == "roll")
    assert note.data["results"] == [[die.id, die.value]]
    # every seat's view shows the same face
    faces = {
        next(p["value"] for z in session.view(s)["zones"] for p in z["pieces"] if p["id"] == die.id)
        for s in (0, 1, None)
    }
    assert faces == {die.value}
    # replaying the log's events (redo) gives the same face, without re-rolling
    session.undo()
    session.undo()
    session.redo()
    session.redo()
    assert session.state.pieces[die.id].value == note.data["results"][0][1]


def test_with_physics_off_nothing_moves_after_release() -> None:
    session = quick_table(seed=4)
    pid = table_card(session)
    ctl = FlingController(session, enabled=False)
    r = ctl.release(pid, 0, 500, 600, vx=3000, vy=0)
    assert r is not None and r.accepted
    assert (session.state.pieces[pid].x, session.state.pieces[pid].y) == (500, 600)
    assert ctl.positions() == {}
    assert ctl.update(1.0) == []


def test_a_card_coming_to_rest_over_a_pile_snaps_into_it() -> None:
    session = quick_table(seed=4)
    pid = table_card(session)
    x, y, w, h = session.state.zones["discard"].rect
    ctl = FlingController(session)
    ctl.release(pid, 0, x + w / 2 - 10, y + h / 2, vx=80, vy=0)  # a gentle push: it stops over the pile
    ctl.settle_all()
    assert session.state.pieces[pid].zone == "discard"
    assert session.history[-1].action == A.Move((pid,), "discard")


def test_a_sliding_piece_can_be_caught() -> None:
    session = quick_table(seed=4)
    pid = table_card(session)
    ctl = FlingController(session)
    before = len(session.history)
    ctl.release(pid, 0, 300, 700, vx=2500, vy=0)
    assert ctl.flying == {pid}
    ctl.update(0.05)
    caught = ctl.cancel(pid)
    assert caught is not None and caught[0] > 300
    assert ctl.flying == frozenset() and ctl.positions() == {}
    assert ctl.settle_all() == [] and len(session.history) == before
