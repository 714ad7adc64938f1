"""Every ruleset's table fits the window: at 1280x800, 1600x1000 and 800x600, with 2 and 4 seats, at the start and
mid-game, no two zones overlap, no two zone labels overlap, no label lies over a zone other than its own, a seat's zone's
label says whose it is ("Your bureau", "Seat 2 · Field"), every label's text fits its band in the font it is drawn with (never cut, never an ellipsis), the top bar's status line fits, and
the table uses the window.

The geometry read here is the window's own: the zone rectangles and label bands of `app.layout` (what the renderer
draws and hit tests use), projected by `app.camera`, and the label text and size `Renderer.label_placement` draws.
A ruleset that seats fewer than four (xfiles-fan is a game for exactly two) is tested at the seat counts it allows:
`_seat_counts` says which, and `test_every_registered_ruleset_is_covered` checks that nothing else is left out.
"""

from __future__ import annotations

import pygame
import pytest

from tabletop.game import new_session
from tabletop.rules import available_rulesets
from tabletop.rules.simulate import play_session
from tabletop.ui import TableApp
from tabletop.ui.table.layout import Layout, ZoneBox, label_variants
from tabletop.ui.table.render import ZOOM_BELOW

SIZES = ((1280, 800), (1600, 1000), (800, 600))
SEATS = (2, 4)
#: how much of the table viewport's width (or, when the table is bound by the height, of its height above the
#: hand strip) the fitted table covers at least
COVER = 0.8
#: bot actions played before the mid-game check (rows fill: agents in the field, actors, a round of cards)
MID_GAME = 80


def _seat_counts(name: str) -> tuple[int, ...]:
    """The seat counts of SEATS this ruleset allows (xfiles-fan: 2 only, as its rules are for two players)."""
    cls = available_rulesets()[name]
    return tuple(n for n in SEATS if cls.min_seats <= n <= cls.max_seats)


CASES = [(name, size, seats) for name in sorted(available_rulesets()) for seats in _seat_counts(name)
         for size in SIZES]


def test_every_registered_ruleset_is_covered():
    names = {name for name, _, _ in CASES}
    assert names == set(available_rulesets())
    assert {"freeform", "tragedy", "xfiles-fan", "xfiles-ccg"} <= names
    for name in names:
        cls = available_rulesets()[name]
        left_out = [n for n in SEATS if n not in _seat_counts(name)]
        assert all(not cls.min_seats <= n <= cls.max_seats for n in left_out), (name, left_out)
    assert _seat_counts("xfiles-fan") == (2,)


def _screen_rect(app: TableApp, rect: tuple[float, float, float, float]) -> pygame.Rect:
    return app.renderer._zone_rect(app.camera, rect)


def _zones(layout: Layout) -> list[ZoneBox]:
    """The zones drawn as boxes (the open table is the felt itself, every zone lies on it)."""
    return [z for z in layout.zones if not (z.layout == "free" and z.name == "table")]


def _inner(r: pygame.Rect) -> pygame.Rect:
    """A rectangle less its edge pixel: boxes that only touch (rounded to pixels) do not count as overlapping."""
    return r.inflate(-2, -2)


def check_fit(app: TableApp, where: str) -> dict[str, float]:
    """Every assertion of the module on the window as it is; returns a few figures for the message."""
    layout, camera = app.layout, app.camera
    names = {p["seat"]: p for p in app.view.get("players", [])}
    zones = _zones(layout)
    assert zones, where
    # zones: no two overlap (table units, as hit tests see them)
    for i, a in enumerate(zones):
        ax, ay, aw, ah = a.rect
        assert aw > 0 and ah > 0, f"{where}: {a.name} has no area"
        for b in zones[i + 1:]:
            bx, by, bw, bh = b.rect
            assert ax + aw <= bx or bx + bw <= ax or ay + ah <= by or by + bh <= ay, \
                f"{where}: zones {a.name} {a.rect} and {b.name} {b.rect} overlap"
    vp = pygame.Rect(camera.viewport)
    strip = app.hand.rect if layout.hand is not None else pygame.Rect(vp.x, vp.bottom, vp.w, 0)
    shown = vp.copy()
    shown.h = strip.y - vp.y
    labels: list[tuple[ZoneBox, str, pygame.Rect]] = []
    for z in zones:
        placed = app.renderer.label_placement(z, camera, names)
        band = _screen_rect(app, z.label_rect)
        if placed is None:
            assert not band.colliderect(shown) or z is layout.hand, f"{where}: {z.name}'s label is not drawn"
            continue
        text, text_rect = placed.text, placed.rect
        # the text drawn is one of the zone's own labels, whole, measured in the font labels are drawn with
        assert text in label_variants(z, {k: str(v.get("name")) for k, v in names.items()}), (where, text)
        assert "…" not in text and "..." not in text, f"{where}: {z.name}'s label {text!r} is cut"
        if z.owner is not None:  # a seat's zone says whose it is, at every size (not "Bureau" for both seats)
            who = "Your " if z.mine else str(names[z.owner].get("name") or f"Seat {z.owner + 1}")
            assert text.startswith(who), f"{where}: {z.name}'s label {text!r} does not say whose it is ({who!r})"
        assert app.renderer.label_measure(text, placed.px) == text_rect.size, (where, text)
        assert vp.contains(text_rect) or not vp.colliderect(text_rect), \
            f"{where}: {z.name}'s label {text!r} ({text_rect}) is cut by the table's edge {vp}"
        assert band.contains(text_rect), \
            f"{where}: {z.name}'s label {text!r} ({text_rect}) does not fit its band {band}"
        labels.append((z, text, text_rect))
    for i, (a, ta, ra) in enumerate(labels):
        for _b, tb, rb in labels[i + 1:]:
            assert not _inner(ra).colliderect(_inner(rb)), f"{where}: labels {ta!r} and {tb!r} overlap"
        for z in zones:
            if z is a:
                continue
            zr = _screen_rect(app, z.rect)
            hit = _inner(ra).clip(_inner(zr))
            if hit.w and hit.h and z is layout.hand:
                continue  # the own hand zone lies under the hand strip, which covers both
            assert not (hit.w and hit.h), f"{where}: label {ta!r} of {a.name} lies over zone {z.name}"
    # labels seen above the hand strip are readable, not specks
    for z, text, r in labels:
        if r.colliderect(shown):
            assert r.h >= 11, f"{where}: {z.name}'s label {text!r} is {r.h} px high"
    # every zone (but the own hand's, under the strip) is in view whole, above the hand strip
    for z in zones:
        if z is not layout.hand:
            r = _screen_rect(app, z.rect)
            assert shown.inflate(2, 2).contains(r), f"{where}: zone {z.name} {r} is not wholly in view {shown}"
    # the table uses the window: the fitted part covers most of the width, or most of the height the hand leaves
    fit = _screen_rect(app, layout.fit_rect)
    usable_h = shown.h
    cover_w, cover_h = fit.w / vp.w, fit.h / max(1, usable_h)
    assert cover_w >= COVER or cover_h >= COVER, \
        f"{where}: the table covers {cover_w:.0%} of the width and {cover_h:.0%} of the height"
    assert fit.w > fit.h, f"{where}: the table is portrait ({fit.w}x{fit.h})"
    # cards too small to read show large when hovered (the smallest face-up card on the table tells)
    faces = [(app.renderer.item_rect(i, camera).h, i) for i in layout.items
             if i.kind == "card" and i.face_up and i.card and vp.collidepoint(app.renderer.item_rect(i, camera).center)]
    if faces:
        h, item = min(faces, key=lambda f: f[0])
        if h < ZOOM_BELOW:
            zoom = app.renderer.hover_zoom(item, camera, shown)
            assert zoom is not None and zoom[1].h >= ZOOM_BELOW and shown.contains(zoom[1]), \
                f"{where}: {item.pid} is {h} px high with no readable zoom"
    # the status line fits its label in the font the label draws with
    status = app.topbar.status
    text = status.text
    assert text, f"{where}: no status"
    w, h = status.font.get_rect(text).size
    assert w <= status.relative_rect.w and h <= status.relative_rect.h, \
        f"{where}: status {text!r} is {w} px wide in a {status.relative_rect.w} px label"
    assert status.rect.right <= app.size[0] and status.rect.x >= 0, f"{where}: status label is off the window"
    return {"zoom": camera.zoom, "cover_w": cover_w, "cover_h": cover_h}


def _app(name: str, seats: int, size: tuple[int, int], mid_game: bool) -> TableApp:
    session = new_session(name, seats, seed=5)
    if mid_game:
        play_session(name, ["greedy"] * seats, 5, session=session, max_actions=MID_GAME)
    app = TableApp(session, seat=0, size=size, fps=0)
    app.run_frames(2)
    return app


@pytest.mark.parametrize(("name", "size", "seats"), CASES, ids=[f"{n}-{w}x{h}-{s}seats" for n, (w, h), s in CASES])
def test_the_table_fits_the_window(name: str, size: tuple[int, int], seats: int):
    app = _app(name, seats, size, mid_game=False)
    check_fit(app, f"{name} {size[0]}x{size[1]} {seats} seats, start")
    # the other side of the table sees its own layout (its zones nearest the hand strip)
    app.seat = seats - 1
    app.refresh(force=True)
    app.run_frames(1)
    check_fit(app, f"{name} {size[0]}x{size[1]} {seats} seats, seat {seats}, start")


@pytest.mark.parametrize(("name", "seats"), sorted({(n, s) for n, _, s in CASES}))
def test_the_table_fits_mid_game(name: str, seats: int):
    """After bots played a while (rows filled, cards on the table), at the default and the smallest size."""
    for size in ((1280, 800), (800, 600)):
        app = _app(name, seats, size, mid_game=True)
        check_fit(app, f"{name} {size[0]}x{size[1]} {seats} seats, mid-game")


def test_a_zone_that_fills_up_grows_and_the_labels_still_fit():
    """A row laid out for what it holds gets wider when cards arrive (the window lays the table out again)."""
    app = _app("xfiles-ccg", 2, (1280, 800), mid_game=False)
    before = app.layout.zone_by_name["field:0"].rect[2]
    from tabletop.core import actions as A

    s = app.session.state
    agents = list(s.zones["bureau:0"].pieces)
    app.session.submit(A.Move(tuple(agents), "field:0"), 0)
    app.run_frames(1)
    field = app.layout.zone_by_name["field:0"]
    assert field.count == len(agents) and field.rect[2] > before
    xs = sorted(app.layout.by_id[p].x for p in agents)
    assert all(b - a >= 126 for a, b in zip(xs, xs[1:], strict=False)), "cards in the grown row overlap"
    check_fit(app, "xfiles-ccg after moving the bureau to the field")


def test_the_window_follows_a_game_played_while_it_is_open():
    """Bots play in the open window (rows fill, the layout is rebuilt as they grow): it stays fitted and readable."""
    session = new_session("tragedy", 2, seed=4, enforcement="warn")
    app = TableApp(session, seat=0, size=(1280, 800), fps=0, bots={0: "greedy", 1: "greedy"}, bot_delay=0.0)
    state = session.state
    for _ in range(3000):
        if min(len(state.zones[f"{z}:{s}"].pieces) for z in ("actors", "sets") for s in (0, 1)) >= 2:
            break
        app.step()
    app.set_bots({})
    app.run_frames(2)
    assert app.table.full_builds > 1  # the rows grew: the layout was made again
    check_fit(app, "tragedy after bots played in the window")


def test_a_row_that_grows_under_a_fitted_view_is_fitted_again():
    """Cards played one by one into a row: each time the row grows the window lays out and fits the table again
    (while the player has not zoomed or panned), so no zone slides out of view."""
    from tabletop.core import actions as A

    app = _app("tragedy", 2, (1280, 800), mid_game=False)
    s = app.session.state
    for pid in list(s.zones["hand:0"].pieces)[:5]:
        app.session.submit(A.Move((pid,), "actors:0"), 0)
        app.run_frames(1)
        check_fit(app, f"tragedy with {len(s.zones['actors:0'].pieces)} actors")


def test_hovering_a_small_card_shows_it_large_above_the_hand_strip():
    """In the real frame: the cursor on a card drawn small puts its large face beside it, clear of the hand."""
    from tests.ui.uihelpers import mouse, post, screen_of

    app = _app("xfiles-ccg", 2, (1280, 800), mid_game=False)
    agent = app.layout.by_id[app.session.state.zones["bureau:0"].pieces[0]]
    assert app.renderer.item_rect(agent, app.camera).h < ZOOM_BELOW
    post(app, mouse(pygame.MOUSEMOTION, screen_of(app, agent.pid)))
    app.run_frames(2)
    assert app.hover_item is not None and app.hover_item.pid == agent.pid
    area = pygame.Rect(app.camera.viewport)
    area.h = app.hand.rect.top - area.top
    surf, box = app.renderer.hover_zoom(agent, app.camera, area)
    assert box.h >= ZOOM_BELOW and area.contains(box)
    assert app.screen.get_at(box.center) == surf.get_at((box.w // 2, box.h // 2))
