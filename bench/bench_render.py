"""Frame time of the table with 500 and 1,000 cards, each beside the raw blit time of the same surfaces.

Run: `python bench/bench_render.py [--frames N]` (headless: SDL's dummy driver). For each card count it reports
  floor  : one `fblits` of exactly the (surface, position) pairs the renderer draws for the pieces,
  rebuild: one full frame while the camera pans every frame (the table layer is redrawn from the view each time),
  steady : one full frame when nothing moved (the cached layer is blitted),
with the mean and the 95th percentile in milliseconds, and the ratio rebuild / floor.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from tabletop.core import actions as A  # noqa: E402
from tabletop.game import quick_table  # noqa: E402
from tabletop.ui import TableApp  # noqa: E402

__all__ = ["main", "table_with"]


def table_with(cards: int, seed: int = 1):
    """A quick table with `cards` cards spread over the felt (a mix of faces, backs and tapped cards)."""
    session = quick_table(seed=seed)
    rng = random.Random(seed)
    refs = [f"standard/{r}{s}" for s in "SHDC" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    w, h = session.state.table_size
    for i in range(cards):
        r = session.submit(A.CreatePiece("card", "table", rng.uniform(80, w - 80), rng.uniform(260, h - 260),
                                         card=refs[i % len(refs)]), 0)
        assert r.accepted, r.error
    pids = [p for p in session.state.zones["table"].pieces if session.state.pieces[p].kind == "card"]
    session.submit(A.Flip(tuple(pids[::3])), 0)
    session.submit(A.Tap(tuple(pids[::7])), 0)
    return session


def _ms(samples: list[float]) -> tuple[float, float]:
    s = sorted(samples)
    return statistics.fmean(s) * 1000, s[int(len(s) * 0.95) - 1] * 1000


def bench(cards: int, frames: int) -> dict[str, float]:
    app = TableApp(table_with(cards), size=(1280, 800), fps=0)
    app.run_frames(3)
    app.mouse = (-100, -100)  # no hover outline: the floor has none either
    floor, rebuild, steady = [], [], []
    direction = 1
    for i in range(frames):
        # pan a pixel: the layer must be redrawn from the view
        app.camera.pan(direction, 0)
        if i % 40 == 39:
            direction = -direction
        t0 = time.perf_counter()
        app.step()
        rebuild.append(time.perf_counter() - t0)
        blits = app.renderer.piece_blits(app.layout, app.camera)
        t0 = time.perf_counter()
        app.screen.fblits(blits)
        floor.append(time.perf_counter() - t0)
    for _ in range(frames):
        t0 = time.perf_counter()
        app.step()
        steady.append(time.perf_counter() - t0)
    drawn = len(app.renderer.piece_blits(app.layout, app.camera))
    f_mean, f_p95 = _ms(floor)
    r_mean, r_p95 = _ms(rebuild)
    s_mean, s_p95 = _ms(steady)
    return {"cards": cards, "blits": drawn, "floor": f_mean, "floor95": f_p95, "rebuild": r_mean,
            "rebuild95": r_p95, "steady": s_mean, "steady95": s_p95, "ratio": r_mean / f_mean,
            "fps": 1000 / r_mean}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--cards", type=int, nargs="*", default=[500, 1000])
    args = parser.parse_args(argv)
    print(f"pygame-ce {pygame.version.ver}, SDL {'.'.join(map(str, pygame.get_sdl_version()))}, "
          f"{os.cpu_count()} CPUs, window 1280x800, {args.frames} frames each")
    print(f"{'cards':>6} {'blits':>6} {'floor ms':>14} {'frame (pan) ms':>16} {'ratio':>6} {'fps':>6} {'frame (still) ms':>18}")
    for n in args.cards:
        r = bench(n, args.frames)
        print(f"{r['cards']:>6} {r['blits']:>6} {r['floor']:>7.2f} p95 {r['floor95']:>4.1f} "
              f"{r['rebuild']:>8.2f} p95 {r['rebuild95']:>4.1f} {r['ratio']:>6.2f} {r['fps']:>6.0f} "
              f"{r['steady']:>9.2f} p95 {r['steady95']:>4.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
