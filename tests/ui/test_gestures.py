"""Real pygame events through the app's loop, checked against the session's state."""

from __future__ import annotations

import pygame

from tabletop.core import Session, Zone
from tabletop.core import actions as A
from tabletop.game import quick_table
from tabletop.ui import TableApp
from tests.ui.uihelpers import click, drag, key, mouse, post, screen_of, zone_center


def test_draw_drag_flip_tap_shuffle_box_move_then_undo_all(app):
    s = app.session.state
    start = s.hash()
    deck = zone_center(app, "deck")

    click(app, deck)  # clicking your deck draws
    assert len(s.zones["hand:0"].pieces) == 1
    key(app, pygame.K_d, at=deck)
    assert len(s.zones["hand:0"].pieces) == 2
    first, second = s.zones["hand:0"].pieces

    drag(app, screen_of(app, first), (300, 220))
    assert s.pieces[first].zone == "table" and s.pieces[first].face_up
    wx, wy = app.camera.to_world(300, 220)
    assert abs(s.pieces[first].x - wx) < 1 and abs(s.pieces[first].y - wy) < 1

    key(app, pygame.K_f, at=(300, 220))
    assert s.pieces[first].face_up is False
    key(app, pygame.K_t, at=(300, 220))
    assert s.pieces[first].rotation == 90

    order = list(s.zones["deck"].pieces)
    key(app, pygame.K_s, at=deck)
    assert app.session.history[-1].action == A.Shuffle("deck")
    assert sorted(s.zones["deck"].pieces) == sorted(order) and s.zones["deck"].pieces != order

    drag(app, screen_of(app, second), (300, 320))  # open felt, left of the deck and below the other hand
    assert s.pieces[second].zone == "table"

    # box-select both cards by dragging over empty felt around them, then drag one: both move together
    drag(app, (200, 150), (360, 360))
    assert sorted(app.selected) == sorted([first, second])
    before = {p: (s.pieces[p].x, s.pieces[p].y) for p in (first, second)}
    drag(app, screen_of(app, second), (screen_of(app, second)[0] + 60, screen_of(app, second)[1] - 40))
    dz = 1 / app.camera.zoom
    for p in (first, second):
        assert s.pieces[p].zone == "table"
        assert abs(s.pieces[p].x - (before[p][0] + 60 * dz)) < 2
        assert abs(s.pieces[p].y - (before[p][1] - 40 * dz)) < 2

    n = len(app.session.history)
    assert n == 8
    for _ in range(n):
        key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert app.session.history == []
    assert s.hash() == start
    key(app, pygame.K_y, pygame.KMOD_LCTRL)
    assert len(app.session.history) == 1


def test_shift_click_builds_a_selection_and_escape_clears_it(app):
    s = app.session.state
    tokens = [pid for pid in s.zones["table"].pieces if s.pieces[pid].kind == "token"][:2]
    click(app, screen_of(app, tokens[0]))
    assert app.selected == [tokens[0]]
    click(app, screen_of(app, tokens[1]), mods=(pygame.K_LSHIFT,))
    assert app.selected == tokens
    click(app, screen_of(app, tokens[0]), mods=(pygame.K_LSHIFT,))
    assert app.selected == [tokens[1]]
    key(app, pygame.K_ESCAPE)
    assert app.selected == []


def test_ctrl_drag_moves_a_whole_stack_and_drop_snaps_to_the_pile(app):
    s = app.session.state
    drag(app, zone_center(app, "deck"), zone_center(app, "discard"), mods=(pygame.K_LCTRL,))
    assert s.zones["deck"].pieces == []
    assert len(s.zones["discard"].pieces) == 54
    # a plain drag from the discard pile takes only its top card
    drag(app, zone_center(app, "discard"), zone_center(app, "deck"))
    assert len(s.zones["deck"].pieces) == 1


def test_dragging_from_a_hidden_deck_keeps_the_card_face_down(app):
    s = app.session.state
    top = s.zones["deck"].pieces[0]
    drag(app, zone_center(app, "deck"), (300, 250))
    assert s.pieces[top].zone == "table" and not s.pieces[top].face_up


def test_right_click_menu_buttons_submit_actions(app):
    deck = zone_center(app, "deck")
    click(app, deck, button=3)
    assert app.menu is not None
    button = next(b for b in app.menu.actions if b.text == "Shuffle")
    click(app, button.rect.center)
    assert app.menu is None
    assert app.session.history[-1].action == A.Shuffle("deck")
    # right-drag pans instead of opening a menu
    cx = app.camera.cx
    drag(app, (300, 500), (400, 500), button=3)
    assert app.menu is None and app.camera.cx < cx


def test_wheel_zooms_at_the_cursor(app):
    at = (350, 420)
    before = app.camera.to_world(*at)
    z = app.camera.zoom
    post(app, mouse(pygame.MOUSEMOTION, at))
    post(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0,
                                 touch=False, window=None))
    assert app.camera.zoom > z
    after = app.camera.to_world(*at)
    assert abs(after[0] - before[0]) < 0.5 and abs(after[1] - before[1]) < 0.5
    key(app, pygame.K_HOME)
    assert app.camera.zoom == z


def test_dice_tokens_counters_and_seat_score(app):
    s = app.session.state
    die = next(pid for pid in s.zones["table"].pieces if s.pieces[pid].kind == "die")
    key(app, pygame.K_x, at=screen_of(app, die))
    assert app.session.history[-1].action == A.Roll((die,))
    counter = next(pid for pid in s.zones["table"].pieces if s.pieces[pid].kind == "counter")
    key(app, pygame.K_EQUALS, at=screen_of(app, counter))
    key(app, pygame.K_EQUALS, at=screen_of(app, counter))
    key(app, pygame.K_MINUS, at=screen_of(app, counter))
    assert s.pieces[counter].counters["value"] == 1
    n = len(s.zones["table"].pieces)
    key(app, pygame.K_n, at=(300, 450))
    assert len(s.zones["table"].pieces) == n + 1
    new = s.zones["table"].pieces[-1]
    assert s.pieces[new].kind == "token"
    key(app, pygame.K_DELETE, at=screen_of(app, new))
    assert new not in s.pieces
    key(app, pygame.K_RIGHTBRACKET)
    key(app, pygame.K_RIGHTBRACKET)
    assert s.player(0).counters["score"] == 2


def test_draw_to_hand_then_drop_back_into_the_hand_strip_reorders(app):
    s = app.session.state
    deck = zone_center(app, "deck")
    for _ in range(3):
        click(app, deck)
    hand = list(s.zones["hand:0"].pieces)
    last = hand[-1]
    drag(app, screen_of(app, last), (app.hand.cards[0].rect.x + 5, app.hand.rect.centery))
    assert s.zones["hand:0"].pieces[0] == last
    # and from the table into the strip
    drag(app, screen_of(app, last), (300, 300))
    assert s.pieces[last].zone == "table"
    drag(app, (300, 300), (app.hand.rect.right - 100, app.hand.rect.centery))
    assert s.zones["hand:0"].pieces[-1] == last


def test_look_and_search_open_a_gallery_and_ending_a_search_shuffles(app):
    s = app.session.state
    deck = zone_center(app, "deck")
    app.look("deck", 3)
    assert app.peek is not None and len(app.peek.shown) == 3
    top = s.zones["deck"].pieces[0]
    assert app.peek.shown[0][1]["id"] == top
    app.peek.close()
    key(app, pygame.K_b, at=deck)
    assert app.peek is not None and len(app.peek.shown) == 54
    app.peek.close()
    assert app.session.history[-1].action == A.EndSearch("deck")


def test_hotseat_switch_hides_the_last_hand_behind_a_cover(app):
    s = app.session.state
    click(app, zone_center(app, "deck"))
    mine = s.zones["hand:0"].pieces[0]
    key(app, pygame.K_TAB)
    assert app.cover_seat == 1 and app.seat == 0
    app.run_frames(1)
    # the cover hides everything: no card face is on screen
    assert app.screen.get_at((200, 200))[:3] == (16, 22, 26)
    key(app, pygame.K_SPACE)
    assert app.cover_seat is None and app.seat == 1
    assert app.camera.flipped is False or app.layout.hand is not None
    hand0 = app.layout.zone_by_name["hand:0"]
    assert hand0.count == 1 and "card" not in hand0.pieces[0] and hand0.pieces[0]["id"] != mine


def test_enforcement_key_help_and_chat(app):
    key(app, pygame.K_e)
    assert app.session.state.enforcement == "warn"
    assert app.topbar.mode == "warn"
    key(app, pygame.K_F1)
    assert app.help is not None
    key(app, pygame.K_F1)
    assert app.help is None
    key(app, pygame.K_RETURN)
    post(app, pygame.event.Event(pygame.TEXTINPUT, text="hello table"))
    key(app, pygame.K_RETURN)
    assert app.session.history[-1].action == A.Chat("hello table")
    assert "hello table" in app.side.log_text


def test_resizing_the_window_keeps_the_table_usable(app):
    post(app, pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=1000, size=(1600, 1000)))
    assert app.screen.get_size() == (1600, 1000)
    assert app.side.rect.right == 1600 and app.camera.viewport[2] == 1600 - 300
    click(app, zone_center(app, "deck"))
    assert len(app.session.state.zones["hand:0"].pieces) == 1



def test_a_card_dropped_between_cards_of_a_row_lands_between_them():
    """The place in a row counts that zone's cards left of the pointer (and not the dragged card itself)."""
    state = quick_table(seed=7).state
    state.add_zone(Zone("row", layout="row", rect=(100.0, 380.0, 700.0, 200.0)))
    app = TableApp(Session(state), seat=0, size=(1280, 800), fps=0)
    app.run_frames(2)
    s = app.session.state
    assert app.submit(A.Draw(5, source="deck")).accepted
    *four, loose = s.zones["hand:0"].pieces
    assert app.submit(A.Move(tuple(four), "row")).accepted
    app.run_frames(2)
    row = app.layout.laid_in("row")
    assert [i.pid for i in row] == [i.pid for i in app.layout.items if i.zone == "row"] and len(row) == 4
    # between the second and third cards of the row
    target = app.camera.to_screen((row[1].x + row[2].x) / 2, row[1].y)
    drag(app, screen_of(app, loose), target)
    assert app.session.history[-1].action == A.Move((loose,), "row", index=2)
    assert s.zones["row"].pieces.index(loose) == 2
    # dragged along its own row to the far right: the count leaves the dragged card out
    app.run_frames(2)
    last = app.layout.laid_in("row")[-1]
    drag(app, screen_of(app, loose), app.camera.to_screen(last.x + 20, last.y))
    assert app.session.history[-1].action == A.Move((loose,), "row", index=4)
    assert s.zones["row"].pieces[-1] == loose
