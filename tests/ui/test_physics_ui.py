"""Physics in the window: flings slide and land as one Move, the toggle makes a release a plain drop, dice tumble."""

from __future__ import annotations

import pygame

from tabletop.core import actions as A
from tabletop.core.events import Note
from tests.ui.uihelpers import drag, key, screen_of


def _loose(app, kind: str) -> str:
    s = app.session.state
    return next(pid for pid in s.zones["table"].pieces if s.pieces[pid].kind == kind)


def _release_point(app, pid: str, delta: tuple[int, int]) -> tuple[float, float]:
    """Where a piece's centre is let go after a drag of `delta` screen pixels (the drop's own arithmetic)."""
    piece = app.session.state.pieces[pid]
    sx, sy = app.camera.to_screen(piece.x, piece.y)
    return app.camera.to_world(sx + delta[0], sy + delta[1])


def _land(app, cap: int = 2000) -> int:
    frames = 0
    while app.motion.busy() and frames < cap:
        app.step()
        frames += 1
    return frames


def test_a_fast_release_slides_on_and_lands_as_one_move(app):
    s = app.session.state
    token = _loose(app, "token")
    a = screen_of(app, token)
    drag(app, screen_of(app, token), (150, 250))  # first onto open felt: the other tokens lie to its right
    a = screen_of(app, token)
    b = (a[0] + 150, a[1] + 20)
    release = _release_point(app, token, (150, 20))
    n = len(app.session.history)
    drag(app, a, b, steps=3, fling=True)
    assert app.motion.busy() and len(app.session.history) == n  # in flight: nothing logged yet
    moving = app.motion.moving()
    assert token in moving
    app.step()
    assert token in app._flying()  # the table layer leaves it out; it is drawn where physics says
    frames = _land(app)
    assert frames > 5 and not app.motion.busy()
    new = app.session.history[n:]
    assert len(new) == 1 and isinstance(new[0].action, A.Move)
    assert new[0].action.pieces == (token,)
    p = s.pieces[token]
    w, h = s.table_size
    assert p.zone == "table" and 0 <= p.x <= w and 0 <= p.y <= h
    assert p.x > release[0] + 20  # it slid on in the direction it was thrown


def test_with_physics_off_a_release_drops_exactly_where_it_was_let_go(app):
    s = app.session.state
    key(app, pygame.K_g)
    assert not app.physics_on and not app.motion.enabled
    token = _loose(app, "token")
    a = screen_of(app, token)
    release = _release_point(app, token, (150, 20))
    n = len(app.session.history)
    drag(app, a, (a[0] + 150, a[1] + 20), steps=3, fling=True)
    assert not app.motion.busy()
    assert len(app.session.history) == n + 1
    p = s.pieces[token]
    assert abs(p.x - release[0]) < 0.1 and abs(p.y - release[1]) < 0.1
    key(app, pygame.K_g)
    assert app.physics_on and app.motion.enabled


def test_a_slow_release_is_a_plain_drop_even_with_physics_on(app):
    s = app.session.state
    token = _loose(app, "token")
    a = screen_of(app, token)
    release = _release_point(app, token, (150, 20))
    drag(app, a, (a[0] + 150, a[1] + 20), steps=3)  # holds still before letting go
    assert not app.motion.busy()
    p = s.pieces[token]
    assert abs(p.x - release[0]) < 0.1 and abs(p.y - release[1]) < 0.1


def test_a_thrown_die_tumbles_then_shows_the_face_the_roll_event_chose(app):
    s = app.session.state
    die = _loose(app, "die")
    a = screen_of(app, die)
    # a direction whose release point is open table (not a deck or pile, where a drop is exact)
    d = next(d for d in ((120, 40), (-120, 40), (120, -40), (-120, -40))
             if app.layout.zone_at(*app.camera.to_world(a[0] + d[0], a[1] + d[1])).name == "table")
    n = len(app.session.history)
    drag(app, a, (a[0] + d[0], a[1] + d[1]), steps=3, fling=True)
    assert app.motion.busy()
    faces = set()
    for _ in range(12):
        app.step()
        faces.add(app.motion.moving()[die][3])
    assert None not in faces and len(faces) > 1  # random faces while it tumbles
    _land(app)
    new = app.session.history[n:]
    assert [type(e.action) for e in new] == [A.Roll, A.Move]
    note = next(ev for ev in new[0].events if isinstance(ev, Note) and ev.what == "roll")
    (rolled_pid, face), = note.data["results"]
    assert rolled_pid == die and s.pieces[die].value == face
    item = app.layout.by_id[die]
    assert item.piece["value"] == face
    assert app.renderer.piece_surface(item, app.camera.zoom) is app.assets.die(face, s.pieces[die].sides,
                                                                                 max(2, round(item.w * app.camera.zoom)))


def test_shift_x_throws_the_die_under_the_cursor(app):
    s = app.session.state
    die = _loose(app, "die")
    n = len(app.session.history)
    key(app, pygame.K_x, pygame.KMOD_LSHIFT, at=screen_of(app, die))
    assert app.motion.busy()
    _land(app)
    assert [type(e.action) for e in app.session.history[n:]] == [A.Roll, A.Move]
    assert s.pieces[die].zone == "table"


def test_a_card_sliding_to_rest_over_a_pile_snaps_into_it(app):
    s = app.session.state
    assert app.submit(A.Draw(1)).accepted
    top = s.zones["hand:0"].pieces[0]
    dx, dy, dw, dh = app.layout.zone_by_name["discard"].rect
    # table friction keeps 12% of the speed per second, so a fling at v slides about v / ln(1 / 0.12)
    slide = 400.0 / 2.12
    assert app.submit(A.Move((top,), "table", x=dx + dw / 2 - slide, y=dy + dh / 2)).accepted
    app.run_frames(1)
    app.motion.fling(top, 0, s.pieces[top].x, s.pieces[top].y, 400.0, 0.0)
    assert app.motion.busy()
    _land(app)
    assert s.pieces[top].zone == "discard"
    assert isinstance(app.session.history[-1].action, A.Move) and app.session.history[-1].action.to == "discard"


def test_undo_lands_a_sliding_piece_first_then_takes_its_move_back(app):
    s = app.session.state
    token = _loose(app, "token")
    before = (s.pieces[token].x, s.pieces[token].y)
    a = screen_of(app, token)
    drag(app, a, (a[0] + 150, a[1] + 20), steps=3, fling=True)
    assert app.motion.busy()
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert not app.motion.busy()
    assert (s.pieces[token].x, s.pieces[token].y) == before
