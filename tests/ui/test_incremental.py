"""The incremental path draws exactly what a full rebuild draws: layout and scene after many patches."""

from __future__ import annotations

import random

import pygame

from tabletop.core import actions as A
from tabletop.game import quick_table
from tabletop.ui import TableApp
from tabletop.ui.table.layout import build_layout
from tabletop.ui.table.render import Renderer


def _table(cards: int, seed: int = 3):
    session = quick_table(seed=seed)
    rng = random.Random(seed)
    w, h = session.state.table_size
    for i in range(cards):
        session.submit(A.CreatePiece("card", "table", rng.uniform(80, w - 80), rng.uniform(200, h - 200),
                                     card=f"standard/{'A23456789'[i % 9]}{'SHDC'[i % 4]}"), 0)
    return session


def _churn(session, rng: random.Random, steps: int, app: TableApp) -> None:
    """Moves on the table, flips, taps, draws, plays from the deck, undo and redo, a frame after each."""
    w, h = session.state.table_size
    for _ in range(steps):
        table = [p for p in session.state.zones["table"].pieces if session.state.pieces[p].kind == "card"]
        roll = rng.random()
        pid = rng.choice(table)
        if roll < 0.4:
            session.submit(A.Move((pid,), "table", x=rng.uniform(-200, w + 200), y=rng.uniform(100, h - 100)), 0)
        elif roll < 0.55:
            session.submit(A.Flip((pid,)), 0)
        elif roll < 0.65:
            session.submit(A.Tap((pid,)), 0)
        elif roll < 0.75:
            session.submit(A.Draw(1), 0)
        elif roll < 0.85:
            session.submit(A.Move((pid,), "discard"), 0)
        elif roll < 0.93:
            session.undo(0)
        else:
            session.redo(0)
        app.step()


def _order(layout) -> list[tuple]:
    return [(i.pid, i.zone, round(i.x, 3), round(i.y, 3), i.rotation, i.depth, i.piece.get("face_up"))
            for i in layout.items]


def test_patched_layout_and_scene_equal_a_fresh_build():
    session = _table(400)
    app = TableApp(session, seat=0, size=(1280, 800), fps=0)
    app.run_frames(2)
    app.mouse = (-100, -100)
    before = app.table.full_builds
    _churn(session, random.Random(5), 60, app)
    # the window followed patches (no rebuild from a whole view), and they led to the very layout of the view
    assert app.table.full_builds == before
    assert app.renderer.scene.patches > 30
    fresh = build_layout(session.view(0), 0)
    assert _order(app.layout) == _order(fresh)
    assert {i.pid for i in app.layout.query(-2000, -2000, 6000, 6000)} == set(fresh.by_id)
    # and its scene holds the same pixels as a scene drawn from scratch
    mine = app.renderer.scene
    other = Renderer(app.assets)
    names = {p["seat"]: p for p in app.view.get("players", [])}
    surf, _ = other._scene(fresh, app.camera, names, (), None)
    assert other.scene.full_builds == 1
    ox, oy = other.scene.x0 - mine.x0, other.scene.y0 - mine.y0
    assert ox >= 0 and oy >= 0
    area = pygame.Rect(ox, oy, *surf.get_size())
    assert mine.surf.get_rect().contains(area)
    a = pygame.image.tobytes(mine.surf.subsurface(area), "RGB")
    b = pygame.image.tobytes(surf, "RGB")
    assert a == b


def test_picking_up_redraws_only_under_the_piece():
    session = _table(200)
    app = TableApp(session, seat=0, size=(1280, 800), fps=0)
    app.run_frames(2)
    scene = app.renderer.scene
    builds = scene.full_builds
    top = app.layout.items[-1]
    app.renderer.draw_table(app.screen, app.layout, app.camera, seq=("x",), skip=frozenset({top.pid}),
                             players=app.view.get("players", []))
    assert scene.full_builds == builds and top.pid in scene.skip
    fresh = Renderer(app.assets)
    names = {p["seat"]: p for p in app.view.get("players", [])}
    surf, _ = fresh._scene(app.layout, app.camera, names, frozenset({top.pid}), None)
    area = pygame.Rect(fresh.scene.x0 - scene.x0, fresh.scene.y0 - scene.y0, *surf.get_size())
    assert pygame.image.tobytes(scene.surf.subsurface(area), "RGB") == pygame.image.tobytes(surf, "RGB")


def test_hit_and_box_select_use_the_grid():
    session = _table(50)
    app = TableApp(session, seat=0, size=(1280, 800), fps=0)
    app.run_frames(1)
    lay = app.layout
    top = lay.items[-1]
    assert lay.hit(top.x, top.y) is top
    assert lay.hit(top.x, top.y, skip={top.pid}) is not top
    inside = lay.in_rect(top.x - 1, top.y - 1, top.x + 1, top.y + 1)
    assert top in inside and all(i.layout == "free" for i in inside)
