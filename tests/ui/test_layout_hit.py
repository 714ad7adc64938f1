"""`Layout.hit` (found from the top of the pile down) names the same piece as looking through every piece."""

from __future__ import annotations

import random

from tabletop.core import actions as A
from tabletop.game import quick_table
from tabletop.ui import TableApp


def _brute(lay, x: float, y: float, skip: set[str]):
    return next((i for i in reversed(lay.items) if i.contains(x, y) and i.pid not in skip), None)


def test_hit_is_the_topmost_piece_under_the_point_in_deep_piles() -> None:
    session = quick_table(seed=4)
    rng = random.Random(4)
    w, h = session.state.table_size
    piles = [(rng.uniform(200, w - 200), rng.uniform(300, h - 300)) for _ in range(6)]
    for i in range(400):  # piles of cards at nearly one place, and cards strewn between them
        px, py = piles[i % len(piles)] if i % 3 else (rng.uniform(80, w - 80), rng.uniform(200, h - 200))
        session.submit(A.CreatePiece("card", "table", px + rng.uniform(-30, 30), py + rng.uniform(-30, 30),
                                     card=f"standard/{'A23456789'[i % 9]}{'SHDC'[i % 4]}"), 0)
    table = [p for p in session.state.zones["table"].pieces]
    session.submit(A.Tap(tuple(table[::5])), 0)
    app = TableApp(session, seat=0, size=(1280, 800), fps=0)
    app.run_frames(1)
    lay = app.layout
    points = [(i.x + rng.uniform(-60, 60), i.y + rng.uniform(-60, 60)) for i in rng.sample(lay.items, 150)]
    points += [(rng.uniform(0, w), rng.uniform(0, h)) for _ in range(150)]
    found = 0
    for x, y in points:
        under = [i.pid for i in lay.items if i.contains(x, y)]
        skip = set(rng.sample(under, min(len(under), rng.choice((0, 1, 3)))))
        got = lay.hit(x, y, skip=skip)
        assert got is _brute(lay, x, y, skip)
        found += got is not None
    assert found > 100  # most points land on a piece
