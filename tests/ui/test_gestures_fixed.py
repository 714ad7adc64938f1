"""The gestures a playtester found broken or awkward (issue 15), each driven by real events through the loop."""

from __future__ import annotations

import pygame

from tabletop.core import actions as A
from tabletop.ui.panels.describe import describe_entry
from tests.ui.uihelpers import click, drag, key, mouse, post, screen_of, zone_center

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
    drag(app, zone_center(app, "deck"), (300, 300))  # a card this seat has never seen, face down on the felt
    click(app, zone_center(app, "deck"))  # and one drawn, then put on the felt face up
    drag(app, screen_of(app, s.zones["hand:0"].pieces[0]), (560, 270))
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
        assert describe_entry(app.log_rows(1)[-1].line(), {}, {"table": "the table"}) == "moved 1 piece to the table"


def test_plus_and_minus_act_on_the_counter_under_the_cursor_not_the_selected_card(app):
    s = app.session.state
    drag(app, zone_center(app, "deck"), (300, 250))
    card = next(i.pid for i in app.layout.items if i.zone == "table" and i.kind == "card")
    click(app, screen_of(app, card))
    assert app.selected == [card]
    counter = next(pid for pid in s.zones["table"].pieces if s.pieces[pid].kind == "counter")
    real_card = s.zones["table"].pieces[-1]
    key(app, pygame.K_EQUALS, at=screen_of(app, counter))
    key(app, pygame.K_EQUALS, at=screen_of(app, counter))
    key(app, pygame.K_MINUS, at=screen_of(app, counter))
    assert s.pieces[counter].counters.get("value") == 1
    assert s.pieces[real_card].counters == {}
    assert app.selected == [card]


def _three_cards_on_the_felt(app) -> list[str]:
    s = app.session.state
    drag(app, zone_center(app, "deck"), (300, 300))  # two face down, never seen (open felt under the other hand)
    drag(app, zone_center(app, "deck"), (420, 300))
    click(app, zone_center(app, "deck"))  # one face up
    drag(app, screen_of(app, s.zones["hand:0"].pieces[0]), (540, 300))
    drag(app, (240, 270), (620, 340))  # box-select all three
    assert len(app.selected) == 3
    return list(s.zones["table"].pieces[-3:])


def test_a_box_selection_survives_f_and_t(app):
    s = app.session.state
    real = _three_cards_on_the_felt(app)
    away = (700, 150)  # the keys act on the selection wherever the cursor is
    key(app, pygame.K_f, at=away)
    assert [s.pieces[p].face_up for p in real] == [True, True, False]
    assert len(app.selected) == 3
    key(app, pygame.K_t, at=away)
    assert all(s.pieces[p].rotation == 90 for p in real)
    key(app, pygame.K_f, at=away)
    assert [s.pieces[p].face_up for p in real] == [False, False, True]
    assert len(app.selected) == 3
    key(app, pygame.K_t, at=away)
    assert all(s.pieces[p].rotation == 0 for p in real)


def test_f_on_the_deck_says_why_nothing_turns(app):
    s = app.session.state
    n = len(app.session.history)
    key(app, pygame.K_f, at=zone_center(app, "deck"))
    assert len(app.session.history) == n  # no flip nobody could see logged
    assert not s.pieces[s.zones["deck"].pieces[0]].face_up
    assert any("deck" in t and "flip" in t for t in app.notices.texts())


def test_the_decks_tooltip_does_not_cover_its_menu(app):
    deck = zone_center(app, "deck")
    post(app, mouse(pygame.MOUSEMOTION, deck))
    app.run_frames(3)
    assert app.tooltip is not None  # hovering the deck tells its count
    click(app, deck, button=3)
    app.run_frames(2)
    assert app.menu is not None
    first = min(app.menu.actions, key=lambda b: b.rect.y)
    tip = app.tooltip
    assert tip is None or not tip.rect.colliderect(first.rect)
    post(app, mouse(pygame.MOUSEMOTION, (deck[0] + 2, deck[1] + 1)))  # still over the deck, menu still open
    app.run_frames(2)
    assert app.tooltip is None or not app.tooltip.rect.colliderect(first.rect)


def test_f3_shows_frame_times_over_the_table(app):
    vp = pygame.Rect(app.camera.viewport)
    bottom = app.hand.rect.top if app.layout.hand is not None else vp.bottom
    corner = pygame.Rect(vp.x, bottom - 40, 420, 40)
    app.run_frames(2)
    before = app.screen.subsurface(corner).copy()
    key(app, pygame.K_F3)
    assert app.frame_overlay
    app.run_frames(3)
    text = app.frame_time_text()
    assert "ms" in text and "fps" in text and text.startswith("frame ")
    after = app.screen.subsurface(corner)
    assert any(before.get_at((x, y)) != after.get_at((x, y)) for x in range(0, 420, 3) for y in range(0, 40, 3))
    key(app, pygame.K_F3)
    app.run_frames(2)
    assert not app.frame_overlay


def test_an_attached_card_shows_clearly_and_its_menu_detaches_it(app):
    s = app.session.state
    click(app, zone_center(app, "deck"))
    click(app, zone_center(app, "deck"))
    first, second = s.zones["hand:0"].pieces
    drag(app, screen_of(app, first), (400, 300))  # the host
    drag(app, screen_of(app, second), (600, 300))
    click(app, screen_of(app, second))  # select it, then A over the host: attached under it
    key(app, pygame.K_a, at=screen_of(app, first))
    assert s.pieces[second].attached_to == first
    host, under = app.layout.by_id[first], app.layout.by_id[second]
    hy = app.camera.to_screen(host.x, host.y)[1]
    uy = app.camera.to_screen(under.x, under.y)[1]
    assert hy - uy >= 15  # its edge shows well clear of the host on screen, not a few pixels off
    # right-click the part that shows: the attached card's own menu, with Detach
    top_edge = app.camera.to_screen(under.x, under.y - under.h / 2 + 10)
    click(app, top_edge, button=3)
    assert app.menu is not None
    button = next(b for b in app.menu.actions if b.text.startswith("Detach"))
    click(app, button.rect.center)
    assert s.pieces[second].attached_to is None
    assert app.session.history[-1].action == A.Detach(second)


def _log_text(app, seat: int) -> str:
    assert app.seat == seat
    row = app.log_rows(1)[-1]
    return app._entry_html(row, app._names(), app._zone_labels())


def test_the_log_names_the_card_flipped_when_the_reader_may_see_it(app):
    s = app.session.state
    click(app, zone_center(app, "deck"))
    pid = s.zones["hand:0"].pieces[0]
    name = app._card(s.pieces[pid].card).name
    drag(app, screen_of(app, pid), (400, 300))
    key(app, pygame.K_f, at=(400, 300))  # face down: the other seat never saw it
    key(app, pygame.K_f, at=(400, 300))  # face up again: now everyone sees it
    assert f"flipped {name}" in _log_text(app, 0)
    app.switch_seat(1)
    assert f"flipped {name}" in _log_text(app, 1)
    app.switch_seat(0)
    click(app, zone_center(app, "deck"))  # a card only seat 0 has seen, flipped in its hand
    other = s.zones["hand:0"].pieces[-1]
    other_name = app._card(s.pieces[other].card).name
    key(app, pygame.K_f, at=screen_of(app, other))
    assert app.session.history[-1].action.type == "flip"
    assert f"flipped {other_name}" in _log_text(app, 0)
    app.switch_seat(1)  # the log as seat 1's window shows it
    assert "flipped 1 card" in _log_text(app, 1) and other_name not in _log_text(app, 1)


def test_x_after_a_double_click_rolls_every_die_not_the_one_double_clicked():
    """A newcomer's trial: a die double-clicked (rolled) stayed selected, and X then rolled only that one."""
    from tabletop.core import actions as _A
    from tabletop.game import quick_table as _qt
    from tabletop.ui import TableApp as _App
    from tests.ui.uihelpers import double_click, key, screen_of

    session = _qt(seed=3)
    state = session.state
    dice = tuple(p for p in state.zones["table"].pieces if state.pieces[p].kind == "die")
    app = _App(session, seat=0, size=(1280, 800), fps=0)
    app.run_frames(2)
    double_click(app, screen_of(app, dice[0]))
    assert session.history[-1].action == _A.Roll((dice[0],))
    assert app.selected == []
    key(app, pygame.K_x, at=(900, 600))  # the cursor on the empty table: X rolls them all
    assert set(session.history[-1].action.pieces) == set(dice)
    app.close()


def test_a_click_on_another_seats_deck_says_why_no_card_came():
    from tabletop.game import new_session as _new
    from tabletop.ui import TableApp as _App
    from tests.ui.uihelpers import click, zone_center

    session = _new("tragedy", 2, enforcement="warn", seed=1)
    app = _App(session, seat=0, size=(1280, 800), fps=0)
    app.run_frames(2)
    before = len(session.history)
    click(app, zone_center(app, "deck:1"))
    assert len(session.history) == before
    assert any("Seat 2's deck: only its owner draws from it" in t for t in app.notices.texts())
    app.close()
