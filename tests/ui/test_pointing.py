"""Pointing (Q): an arrow from the selected card to what the cursor is on, or a ping, seen by every seat for a few
seconds and said in the log, over the LAN too, never naming a card its reader may not see."""

from __future__ import annotations

import pygame

from tabletop.core import actions as A
from tabletop.game import quick_table
from tabletop.ui import TableApp
from tabletop.ui.app.settings import HEADLESS_DT
from tabletop.ui.table.pointers import POINT_S
from tests.ui.test_lan import lan, until  # noqa: F401  (the two-window fixture)
from tests.ui.uihelpers import click, key, screen_of, zone_center


def _ink_near(app: TableApp, at: tuple[float, float], radius: int = 9) -> set[tuple[int, int, int]]:
    x0, y0 = round(at[0]), round(at[1])
    return {tuple(app.screen.get_at((x, y)))[:3] for x in range(x0 - radius, x0 + radius + 1)
            for y in range(y0 - radius, y0 + radius + 1) if app.screen.get_rect().collidepoint(x, y)}


def test_q_points_from_the_selected_card_to_the_token_under_the_cursor_for_a_few_seconds():
    session = quick_table(seed=3)
    state = session.state
    app = TableApp(session, seat=0, size=(1280, 800), fps=0)
    app.run_frames(2)
    click(app, zone_center(app, "deck"))  # draw a card
    card = state.zones["hand:0"].pieces[0]
    click(app, app.hand.spot(card))  # select it
    assert app.selected == [card]
    token = next(p for p in state.zones["table"].pieces if state.pieces[p].kind == "token")
    at = screen_of(app, token)
    key(app, pygame.K_q, at=at)
    assert session.history[-1].action == A.Point(at=token, source=card)
    assert len(app.pointers.items) == 1
    ink = app._seat_ink(0)
    assert ink in _ink_near(app, at)  # the ping's dot, in seat 1's colour
    app.run_frames(20)
    assert "points from" in app.side.log_text and "to a token" in app.side.log_text
    app.run_frames(int(POINT_S / HEADLESS_DT) + 2)
    assert not app.pointers.items and ink not in _ink_near(app, at)
    app.close()


def test_a_ping_on_the_empty_table_and_on_a_zone():
    session = quick_table(seed=3)
    app = TableApp(session, seat=0, size=(1280, 800), fps=0)
    app.run_frames(2)
    key(app, pygame.K_q, at=zone_center(app, "discard"))
    assert session.history[-1].action == A.Point(zone="discard")
    app.close()


def test_a_pointer_reaches_the_other_window_and_names_no_card_it_may_not_see(lan):  # noqa: F811
    host_app, guest = lan
    state = host_app.session.state
    card = state.zones["hand:0"].pieces[0]
    host_app.submit(A.Point(at=card))
    until(lambda: guest.pointers.items, host_app, guest)
    guest.run_frames(20)
    name = host_app._card_name(state.pieces[card].card)
    line = guest.side.log_text.split("<br>")[-1]
    assert "points at a card in" in line and name not in line
    # the guest's arrow ends at the host's hand on the guest's table: placed, not lost
    assert guest._point_place(guest.pointers.items[0].to) is not None
    until(lambda: name in host_app.side.log_text, host_app)


def test_q_points_at_cards_the_pointer_cannot_see_the_deck_and_another_seats_hand():
    """Trial 3, defect 1: Q over the deck or over another seat's hand card was refused as "hidden from you"."""
    session = quick_table(seed=3)
    state = session.state
    app = TableApp(session, seat=0, size=(1280, 800), fps=0)
    app.run_frames(2)
    deck = zone_center(app, "deck")
    key(app, pygame.K_d, mod=pygame.KMOD_SHIFT, at=deck)  # a card to each seat
    app.run_frames(2)
    top = state.zones["deck"].pieces[0]  # the top card (drawn first)
    key(app, pygame.K_q, at=deck)  # a ping at the deck's face-down top card
    point = session.history[-1].action
    assert isinstance(point, A.Point) and point.at == top
    assert "t point: " not in app.side.log_text  # no "Can't point: …" (escaped in the log's html)
    assert len(app.pointers.items) == 1
    mine = state.zones["hand:0"].pieces[0]
    click(app, app.hand.spot(mine))  # select a card of one's own hand
    hidden = next(i for i in app.layout.by_id.values() if i.zone == "hand:1")  # seen by its handle only
    x, y = app.camera.to_screen(hidden.x, hidden.y)
    key(app, pygame.K_q, at=(round(x), round(y)))  # an arrow to the other seat's hidden hand card
    point = session.history[-1].action
    assert point.source == mine and point.at in state.zones["hand:1"].pieces
    app.run_frames(2)
    line = app.side.log_text.split("<br>")[-1]
    assert "points from" in line and "a card in" in line
    assert app._card_name(state.pieces[point.at].card) not in line  # seat 1 never learns which card it was
    assert "t point: " not in app.side.log_text  # no "Can't point: …" (escaped in the log's html)
    app.close()
