"""The gestures a playtester found broken or awkward (issue 15), each driven by real events through the loop."""

from __future__ import annotations

import pygame

from tabletop.core import actions as A
from tabletop.ui.describe import describe_entry
from tests.ui.uihelpers import click, drag, screen_of, zone_center

__all__: list[str] = []


def test_ctrl_dragging_the_deck_onto_the_felt_keeps_it_a_deck(app):
    s = app.session.state
    deck = list(s.zones["deck"].pieces)
    drag(app, zone_center(app, "deck"), (300, 250), mods=(pygame.K_LCTRL,))
    assert s.zones["deck"].pieces == deck  # still a deck: nothing scattered loose on the table
    assert not any(s.pieces[p].zone == "table" for p in deck)
    assert any("deck" in t for t in app.notices.texts())  # and the window says why
    # the deck still draws and shuffles
    app.submit(A.Draw(1, source="deck"))
    assert len(s.zones["hand:0"].pieces) == 1


def _land(app, cap: int = 2000) -> None:
    frames = 0
    while app.motion.busy() and frames < cap:
        app.step()
        frames += 1


def test_a_face_down_card_flung_slides_and_is_logged_like_a_face_up_one(app):
    s = app.session.state
    drag(app, zone_center(app, "deck"), (300, 250))  # a card this seat has never seen, face down on the felt
    click(app, zone_center(app, "deck"))  # and one drawn, then put on the felt face up
    drag(app, screen_of(app, s.zones["hand:0"].pieces[0]), (600, 250))
    app.run_frames(2)
    cards = [i for i in app.layout.items if i.zone == "table" and i.kind == "card"]
    assert sorted(i.piece["face_up"] for i in cards) == [False, True]
    for item in cards:
        a = screen_of(app, item.pid)
        n = len(app.session.history)
        drag(app, a, (a[0] + 150, a[1] + 20), steps=3, fling=True)
        assert app.motion.busy(), item.piece
        _land(app)
        new = app.session.history[n:]
        assert len(new) == 1 and isinstance(new[0].action, A.Move), item.piece
        real = new[0].action.pieces[0]
        assert s.pieces[real].zone == "table" and s.pieces[real].face_up is item.piece["face_up"]
        let_go = (item.x + 150 / app.camera.zoom, item.y + 20 / app.camera.zoom)
        assert abs(s.pieces[real].x - let_go[0]) + abs(s.pieces[real].y - let_go[1]) > 40  # it slid on
        assert describe_entry(app.source.log(0, 1)[-1].line(), {}, {"table": "the table"}) == "moved 1 piece to the table"
