"""Look and Search as galleries (issue 15: "text lists with no card faces, no filter, no reorder, no to-bottom, and
the button reads 'Done (shuffle' cut off"), driven by real events through the window's loop."""

from __future__ import annotations

import pygame
import pytest

from tabletop.core import actions as A
from tabletop.core.state import Piece, Zone
from tabletop.game import quick_table
from tabletop.ui import TableApp
from tabletop.ui.dialogs.gallery import PAD, GalleryWindow
from tests.ui.uihelpers import click, drag, key, mouse, post, zone_center

__all__: list[str] = []


def _slot(app: TableApp, n: int) -> tuple[int, int]:
    """The screen centre of the n-th card the gallery shows."""
    return app.peek.slot_center(n)


def _look(app: TableApp, n: int = 3) -> GalleryWindow:
    key(app, pygame.K_l, at=zone_center(app, "deck"))
    assert app.prompt is not None
    app.prompt.entry.set_text(str(n))
    key(app, pygame.K_RETURN)
    app.run_frames(2)
    assert isinstance(app.peek, GalleryWindow)
    return app.peek


def _ids(g: GalleryWindow) -> list[str]:
    return [p["id"] for _, p in g.shown]


def test_look_shows_the_top_cards_as_faces_and_nothing_else(app):
    s = app.session.state
    top = list(s.zones["deck"].pieces[:3])
    g = _look(app, 3)
    assert _ids(g) == top  # exactly the cards the look showed, top first
    # faces are drawn: the first slot of the grid is opaque, and different from the back of a card
    x, y = _slot(app, 0)
    shot = app.screen.copy()
    assert shot.get_at((x, y)) != shot.get_at((x + g.cell[0] * 4, y))  # a face where a card is, the panel elsewhere
    assert g.grid.image.get_at((g.x0 + 10, PAD + 10)).a == 255  # the first face, where the centred grid starts


def test_search_shows_every_card_and_its_done_button_is_whole(app):
    s = app.session.state
    key(app, pygame.K_b, at=zone_center(app, "deck"))
    g = app.peek
    assert isinstance(g, GalleryWindow)
    assert _ids(g) == list(s.zones["deck"].pieces)
    for b in g.buttons:
        assert b.font.size(b.text)[0] + 8 <= b.rect.width, b.text  # "Done (shuffles)" fits, not cut off
    assert g.button("done").text == "Done (shuffles)"
    # Escape closes it, and closing a search shuffles the deck (an action in the log)
    key(app, pygame.K_ESCAPE)
    assert app.peek is None
    assert app.session.history[-1].action == A.EndSearch("deck")


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_gallery_fits_the_window(size):
    app = TableApp(quick_table(seed=7), seat=0, size=size, fps=0)
    app.run_frames(2)
    app.search("deck")
    app.run_frames(2)
    g = app.peek
    win = g.window.get_abs_rect()
    screen = pygame.Rect(0, 0, *size)
    assert screen.contains(g.window.get_container().get_rect())
    for b in [*g.buttons, g.filter, g.types, g.count]:
        assert win.contains(b.get_abs_rect()), b
    for b in g.buttons:
        assert b.font.size(b.text)[0] + 8 <= b.rect.width, b.text
    assert g.cols >= 4 and g.cell[1] - PAD >= 100  # readable faces
    # the window ends above the hand strip, whose first line is its label ("Seat 1 · Hand · 5 cards"): it cuts no label
    label = pygame.Rect(app.hand.rect.x, app.hand.rect.y, app.hand.rect.w, 22)
    assert win.bottom <= label.top or win.contains(label), f"the gallery {win} cuts the hand strip's label {label}"
    assert win.bottom <= label.top, f"{size}: there is room above the strip, the gallery {win} should fit there"
    pygame.event.clear()


def test_filter_by_name_and_type(app):
    s = app.session.state
    app.search("deck")
    app.run_frames(2)
    g = app.peek
    target = s.zones["deck"].pieces[5]
    name = app._card(s.pieces[target].card).name
    click(app, g.filter.get_abs_rect().center)
    for ch in name:
        post(app, pygame.event.Event(pygame.TEXTINPUT, text=ch, window=None))
    app.run_frames(2)
    assert target in _ids(g)
    assert all(name.casefold() in app._card(p["card"]).name.casefold() for _, p in g.shown)
    assert len(g.shown) < len(g.entries)
    g.filter.set_text("")
    post(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0))
    app.run_frames(2)
    # the type drop-down: every type of card in the deck, and choosing one keeps only those
    types = {app._card(p["card"]).type for _, p in g.entries}
    assert g._types == sorted(types)
    g.kind = sorted(types)[0]
    g._refilter()
    assert all(app._card(p["card"]).type == g.kind for _, p in g.shown)


def test_drag_to_reorder_is_a_logged_undoable_move(app):
    s = app.session.state
    top = list(s.zones["deck"].pieces[:3])
    _look(app, 3)
    n = len(app.session.history)
    drag(app, _slot(app, 0), _slot(app, 2))
    assert s.zones["deck"].pieces[:3] == [top[1], top[2], top[0]]
    assert app.session.history[n:][-1].action == A.Move((top[0],), "deck", index=2)
    assert _ids(app.peek) == [top[1], top[2], top[0]]  # the gallery follows
    app.undo()
    assert s.zones["deck"].pieces[:3] == top


def test_select_then_to_bottom_to_hand_and_to_table(app):
    s = app.session.state
    top = list(s.zones["deck"].pieces[:3])
    g = _look(app, 3)
    click(app, _slot(app, 0))
    assert g.selected == top[0]
    click(app, g.button("bottom").get_abs_rect().center)
    assert s.zones["deck"].pieces[-1] == top[0]
    assert top[0] in _ids(g)  # still known to this seat: shown at its new place
    click(app, _slot(app, 0))
    assert g.selected == top[1]
    click(app, g.button("hand").get_abs_rect().center)
    assert s.pieces[top[1]].zone == "hand:0"
    # a card dragged onto a button does what the button does
    drag(app, _slot(app, 0), g.button("table").get_abs_rect().center)
    assert s.pieces[top[2]].zone == "table"
    kinds = [e.action.type for e in app.session.history[-3:]]
    assert kinds == ["move", "move", "move"]
    # the other seat never saw any of it in a gallery, and its log names nothing it may not see
    assert app.session.history[-1].for_seat(1).get("cards") == {top[2]: s.pieces[top[2]].card}


def test_enter_closes_the_gallery(app):
    _look(app, 2)
    key(app, pygame.K_RETURN)
    assert app.peek is None


def test_look_at_another_seats_deck_is_refused_and_opens_nothing():
    session = quick_table(seed=7)
    st = session.state
    st.add_zone(Zone("deck:1", owner=1, visibility="hidden", layout="stack", label="Bob's deck",
                     rect=(1900.0, 1200.0, 140.0, 190.0), face_up=False))
    for ref in ("standard/AS", "standard/KH"):
        st.add_piece(Piece(st.new_piece_id(), card=ref, zone="deck:1", face_up=False, owner=1))
    app = TableApp(session, seat=0, size=(1280, 800), fps=0)
    app.run_frames(2)
    n = len(session.history)
    app.look("deck:1", 2)
    assert app.peek is None and len(session.history) == n
    app.search("deck:1")
    assert app.peek is None and len(session.history) == n
    assert any("belongs to" in t for t in app.notices.texts())
    pygame.event.clear()


def test_the_gallery_shows_only_cards_the_seat_sees(app):
    """A card of the looked-at top drawn by nobody but moved away face down stays out; the rest of the deck too."""
    s = app.session.state
    _look(app, 2)
    visible = {p["id"] for z in app.session.view(0)["zones"] for p in z["pieces"] if p.get("card")}
    assert set(_ids(app.peek)) <= visible
    assert set(_ids(app.peek)) == set(s.zones["deck"].pieces[:2])
    # the top card shuffled back in: the seat no longer knows it, so the gallery lets it go
    app.submit(A.Shuffle("deck"))
    app.run_frames(1)
    assert _ids(app.peek) == []
    assert "No card here" in app.peek.empty.text


def test_press_outside_the_faces_does_not_reach_the_table(app):
    g = _look(app, 1)
    r = g.grid.rect
    post(app, mouse(pygame.MOUSEBUTTONDOWN, (r.right - 30, r.bottom - 30)))
    post(app, mouse(pygame.MOUSEBUTTONUP, (r.right - 30, r.bottom - 30)))
    assert app.press is None and app.box is None


def test_the_card_under_the_pointer_in_the_gallery_is_previewed(app):
    s = app.session.state
    g = _look(app, 3)
    post(app, mouse(pygame.MOUSEMOTION, _slot(app, 1)))
    app.run_frames(1)
    ref = s.pieces[s.zones["deck"].pieces[1]].card
    assert app.side.preview_key == ("card", ref)
    assert app.hover_item is None and app.tooltip_for is None  # the table under the window is not hovered
    assert g.hovered((2, 2)) is None


def test_escape_closes_the_gallery_even_while_typing_in_its_filter(app):
    g = _look(app, 3)
    click(app, g.filter.get_abs_rect().center)
    assert app._typing()
    key(app, pygame.K_ESCAPE)
    assert app.peek is None and not g.window.alive()


def test_the_filter_matches_the_starts_of_words_not_inside_them():
    """A newcomer's trial: typing "ace" kept every Space and Race card."""
    from types import SimpleNamespace

    from tabletop.ui.dialogs.gallery import matches

    ace = SimpleNamespace(name="Ace of Spades", type="card", text="")
    race = SimpleNamespace(name="Race Against Time", type="Event", text="A place to hide")
    assert matches(ace, "x", "ace", "")
    assert not matches(race, "x", "ace", "")
    assert matches(race, "x", "pla", "") and matches(race, "x", "RACE hide", "")
    assert matches(ace, "x", "", "")
