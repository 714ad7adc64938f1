"""Frame time of the table (panning, and with one change arriving), each beside the raw blit time of what it draws.

Run: `python bench/bench_render.py [--frames N]` (headless: SDL's dummy driver). For each card count it reports
  floor  : one `fblits` of exactly the (surface, position) pairs the renderer blitted for the table in that frame
           (the cached scene, zone labels, badges: recorded by the renderer as it draws),
  pieces : one `fblits` of every resting piece's own surface at its position (the floor of drawing the pieces one
           by one, as the renderer did before it cached the scene; kept to compare with earlier figures),
  frame  : one full frame (events, update, table, hand strip, widgets, flip) while the camera pans every frame,
  still  : one full frame when nothing moved (the cached layer is blitted),
with the mean and the 95th percentile in milliseconds, and the ratios frame / floor and frame / pieces.
Then the frame in which one table change arrives, at 1,000 / 5,000 / 20,000 cards, beside a replay of exactly
what that frame drew (`bench_change`).
Then the frame in which a dragged card is dropped, beside a frame with one table change (`bench_drop`), and an
accepted action at an X-Files CCG table through the window, with the panels' share (`bench_action`).
Then physics: a full frame with 500 loose pieces sliding (flung at once), beside its floor: the bare pymunk step
of the same bodies and materials for the same 1/60 s plus a replay of what the frame drew (table and pieces).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import pygame  # noqa: E402

from tabletop.core import actions as A  # noqa: E402
from tabletop.game import quick_table  # noqa: E402
from tabletop.ui import TableApp  # noqa: E402
from tabletop.ui.app.settings import LOG_FLUSH_S  # noqa: E402
from tabletop.ui.table.render import BG  # noqa: E402

__all__ = ["collect", "main", "table_with"]


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
    app.renderer.record = True
    floor, pieces, frame, steady = [], [], [], []
    direction = 1
    for i in range(frames):
        # pan a pixel: the table is redrawn from the cached scene at a new offset
        app.camera.pan(direction, 0)
        if i % 40 == 39:
            direction = -direction
        t0 = time.perf_counter()
        app.step()
        frame.append(time.perf_counter() - t0)
        drawn = list(app.renderer.drawn)
        t0 = time.perf_counter()
        app.screen.fblits(drawn)
        floor.append(time.perf_counter() - t0)
        blits = app.renderer.piece_blits(app.layout, app.camera)
        t0 = time.perf_counter()
        app.screen.fblits(blits)
        pieces.append(time.perf_counter() - t0)
    for _ in range(frames):
        t0 = time.perf_counter()
        app.step()
        steady.append(time.perf_counter() - t0)
    n_pieces = len(app.renderer.piece_blits(app.layout, app.camera))
    f_mean, f_p95 = _ms(floor)
    p_mean, p_p95 = _ms(pieces)
    r_mean, r_p95 = _ms(frame)
    s_mean, s_p95 = _ms(steady)
    return {"cards": cards, "blits": n_pieces, "drawn": len(drawn), "floor": f_mean, "floor95": f_p95,
            "pieces": p_mean, "pieces95": p_p95, "frame": r_mean, "frame95": r_p95, "steady": s_mean,
            "steady95": s_p95, "ratio": r_mean / f_mean, "ratio_pieces": r_mean / p_mean, "fps": 1000 / r_mean}


def bench_change(cards: int, frames: int, seed: int = 2) -> dict[str, float]:
    """Frames in which one table change arrives (a card moved across the table), beside the floor of what that
    frame had to draw, measured interleaved frame by frame.

    frame: one Move submitted to the session (its seat stream's patch included) and the full frame that shows it
    (the patch applied, the layout, the scene, the layer, widgets, flip). floor: replaying exactly what the renderer drew for it, on the same surfaces: each
    redrawn rectangle of the scene (clip, felt, the pieces it drew there) and the table's blits to the screen.
    Both as medians of wall time and of CPU time (the machine is shared; CPU time counts this process only).
    """
    session = table_with(cards)
    app = TableApp(session, size=(1280, 800), fps=0)
    app.run_frames(3)
    app.mouse = (-100, -100)
    app.renderer.record = True
    app.renderer.scene.record = True
    rng = random.Random(seed)
    w, h = session.state.table_size
    pids = [p for p in session.state.zones["table"].pieces if session.state.pieces[p].kind == "card"]
    scratch = app.renderer.scene.surf.copy() if app.renderer.scene.surf is not None else app.screen.copy()
    frame, floor, frame_cpu, floor_cpu, drawn = [], [], [], [], []
    for _ in range(frames):
        action = A.Move((rng.choice(pids),), "table", x=rng.uniform(80, w - 80), y=rng.uniform(260, h - 260))
        c0, t0 = time.process_time(), time.perf_counter()
        session.submit(action, 0)  # the change arrives: the session applies it, the seat's stream cuts its patch
        app.step()
        frame.append(time.perf_counter() - t0)
        frame_cpu.append(time.process_time() - c0)
        redraws = list(app.renderer.scene.drawn)
        table = list(app.renderer.drawn)
        c0, t0 = time.process_time(), time.perf_counter()
        for clip, blits in redraws:
            scratch.set_clip(clip)
            scratch.fill(BG, clip)
            scratch.fblits(blits)
        scratch.set_clip(None)
        app.screen.fblits(table)
        floor.append(time.perf_counter() - t0)
        floor_cpu.append(time.process_time() - c0)
        drawn.append(sum(len(b) for _, b in redraws) + len(table))
        app.step()  # the frame after: the layer is kept (not measured)
    med = statistics.median
    return {"cards": cards, "frame": med(frame) * 1000, "floor": med(floor) * 1000,
            "frame_cpu": med(frame_cpu) * 1000, "floor_cpu": med(floor_cpu) * 1000, "drawn": med(drawn),
            "full_builds": app.renderer.scene.full_builds}


def _mouse(kind: int, pos: tuple[float, float]) -> pygame.event.Event:
    p = (int(pos[0]), int(pos[1]))
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=p, rel=(0, 0), buttons=(1, 0, 0), touch=False, window=None)
    return pygame.event.Event(kind, pos=p, button=1, touch=False, window=None)


def bench_pickup(cards: int, rounds: int, seed: int = 4) -> dict[str, float]:
    """The frame in which a drag picks a card up off the table, and the frame in which it is dropped (the Move
    submitted, its patch drawn), as medians of CPU time; real mouse events, as a user's."""
    from tabletop.ui.input.script import HOLD_FRAMES

    session = table_with(cards)
    app = TableApp(session, size=(1280, 800), fps=0, physics=False)
    app.run_frames(3)
    rng = random.Random(seed)
    pick, drop = [], []
    vx, vy, vw, vh = app.camera.viewport
    for _ in range(rounds):
        top = app.layout.items[-1]
        a = app.camera.to_screen(top.x, top.y)
        b = (rng.uniform(vx + 100, vx + vw - 100), rng.uniform(vy + 120, vy + vh - 260))
        app.step([_mouse(pygame.MOUSEMOTION, a)])
        app.step([_mouse(pygame.MOUSEBUTTONDOWN, a)])
        c0 = time.process_time()
        app.step([_mouse(pygame.MOUSEMOTION, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))])
        pick.append(time.process_time() - c0)
        app.step([_mouse(pygame.MOUSEMOTION, b)])
        app.run_frames(HOLD_FRAMES)
        c0 = time.process_time()
        app.step([_mouse(pygame.MOUSEBUTTONUP, b)])
        drop.append(time.process_time() - c0)
        app.run_frames(2)
    med = statistics.median
    return {"cards": cards, "pick": med(pick) * 1000, "drop": med(drop) * 1000,
            "full_builds": app.renderer.scene.full_builds}


def _timed(spent: dict[str, float], key: str, fn: Any) -> Any:
    """`fn`, adding the CPU time of each call to spent[key]."""
    def run(*args: Any, **kwargs: Any) -> Any:
        c0 = time.process_time()
        try:
            return fn(*args, **kwargs)
        finally:
            spent[key] += time.process_time() - c0
    return run


def _time_panels(app: TableApp, spent: dict[str, float]) -> None:
    """Count the CPU time the window spends on its panels (status, rules panel, legal list, seats, log) in spent."""
    app._update_widgets = _timed(spent, "panels", app._update_widgets)
    app.side.flush_log = _timed(spent, "panels", app.side.flush_log)


def bench_drop(cards: int, rounds: int, seed: int = 5) -> dict[str, float]:
    """The frame in which the player drops a dragged card (real mouse events; the Move submitted, its patch drawn,
    the log line, the panels), beside its floor measured interleaved round by round in the same window: a frame in
    which one Move of a card across the table arrives from the session (the same engine and table work, no
    gesture). In both the log box takes the new line in that frame (it may otherwise wait up to LOG_FLUSH_S).
    Medians of CPU time (the machine is shared; CPU time counts this process only)."""
    from tabletop.ui.input.script import HOLD_FRAMES

    session = table_with(cards)
    app = TableApp(session, size=(1280, 800), fps=0, physics=False)
    app.run_frames(3)
    rng = random.Random(seed)
    w, h = session.state.table_size
    pids = [p for p in session.state.zones["table"].pieces if session.state.pieces[p].kind == "card"]
    drop, floor, panels = [], [], []
    spent = {"panels": 0.0}
    _time_panels(app, spent)
    vx, vy, vw, vh = app.camera.viewport
    tries = 0
    while len(drop) < rounds:
        tries += 1
        assert tries < rounds * 20, "no card to drag on the table"
        # a card on the open table under a random point of the view: pressed there, dragged, let go elsewhere
        a = (int(rng.uniform(vx + 100, vx + vw - 100)), int(rng.uniform(vy + 120, vy + vh - 260)))
        under = app.layout.hit(*app.camera.to_world(*a))
        if under is None or under.zone != "table" or under.kind != "card":
            continue
        b = (rng.uniform(vx + 100, vx + vw - 100), rng.uniform(vy + 120, vy + vh - 260))
        app.step([_mouse(pygame.MOUSEMOTION, a)])
        app.step([_mouse(pygame.MOUSEBUTTONDOWN, a)])
        app.step([_mouse(pygame.MOUSEMOTION, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))])
        app.step([_mouse(pygame.MOUSEMOTION, b)])
        app.run_frames(HOLD_FRAMES)
        app._log_flushed = -LOG_FLUSH_S  # the log box takes its line in this frame (not up to 0.2 s later)
        spent["panels"] = 0.0
        before = len(session.history)
        c0 = time.process_time()
        app.step([_mouse(pygame.MOUSEBUTTONUP, b)])
        took = time.process_time() - c0
        app.run_frames(2)
        if len(session.history) != before + 1:
            continue  # the drop moved nothing (let go over a window, say): not a drop frame
        drop.append(took)
        panels.append(spent["panels"])
        action = A.Move((rng.choice(pids),), "table", x=rng.uniform(80, w - 80), y=rng.uniform(260, h - 260))
        app._log_flushed = -LOG_FLUSH_S
        c0 = time.process_time()
        session.submit(action, 0)
        app.step()
        floor.append(time.process_time() - c0)
        app.run_frames(2)
    med = statistics.median
    return {"cards": cards, "drop": med(drop) * 1000, "floor": med(floor) * 1000, "panels": med(panels) * 1000}


def bench_action(rounds: int = 40, seed: int = 3) -> dict[str, float]:
    """An accepted action at an X-Files CCG table (2 seats, strict), chosen at random from the seat's legal moves
    and sent through the window's door (`TableApp.submit`) with the frame that shows it: its CPU time, the part
    spent on the panels around the table (status, rules panel, legal list, seats, log), and beside them, measured
    interleaved, a frame in which nothing changed and the engine's own time for the action (`Session.submit`)."""
    from tabletop.game import new_session
    from tabletop.rules.bots import RandomBot

    session = new_session("xfiles-ccg", 2, enforcement="strict", seed=1)
    rules = session.rules
    app = TableApp(session, seat=0, size=(1280, 800), fps=0, physics=False)
    app.run_frames(3)
    bot = RandomBot(rules, seed=seed)
    spent = {"panels": 0.0, "engine": 0.0}
    _time_panels(app, spent)
    session.submit = _timed(spent, "engine", session.submit)
    frame, panels, engine, still = [], [], [], []
    for _ in range(rounds):
        moves = [(seat, a) for seat in session.state.seats for a in rules.generate_actions(session.state, seat)]
        if not moves:
            break
        seat, action = moves[bot.rng.randrange(len(moves))]
        spent.update(panels=0.0, engine=0.0)
        app._log_flushed = -LOG_FLUSH_S
        c0 = time.process_time()
        result = app.submit(action, seat)
        app.step()
        frame.append(time.process_time() - c0)
        if not result.accepted:
            frame.pop()
            continue
        panels.append(spent["panels"])
        engine.append(spent["engine"])
        c0 = time.process_time()
        app.step()
        still.append(time.process_time() - c0)
    med = statistics.median
    return {"actions": len(frame), "frame": med(frame) * 1000, "panels": med(panels) * 1000,
            "engine": med(engine) * 1000, "still": med(still) * 1000}


def bench_physics(pieces: int = 500, frames: int = 60) -> dict[str, float]:
    """A full frame with `pieces` loose pieces flung at once, beside bare pymunk stepping the same bodies."""
    import bench_physics as bp

    session = quick_table(seed=3)
    rng = random.Random(3)
    w, h = session.state.table_size
    kinds = ("card", "token", "die")
    for i in range(pieces):
        kind = kinds[i % 3]
        extra = {"card": "standard/AS"} if kind == "card" else {}
        session.submit(A.CreatePiece(kind, "table", rng.uniform(80, w - 80), rng.uniform(80, h - 80), **extra), 0)
    app = TableApp(session, size=(1280, 800), fps=0)
    app.run_frames(3)
    app.mouse = (-100, -100)
    state = session.state
    loose = [pid for pid in state.zones["table"].pieces][-pieces:]
    specs = []
    kind_code = {"card": bp.CARD, "token": bp.TOKEN, "die": bp.DIE}
    for pid in loose:
        p = state.pieces[pid]
        vx, vy = rng.uniform(-900, 900), rng.uniform(-900, 900)
        app.motion.fling(pid, 0, p.x, p.y, vx, vy)
        specs.append((kind_code[p.kind], p.x, p.y, vx, vy))
    app.renderer.record = True
    moving, times, drawn = [], [], []
    for _ in range(frames):
        moving.append(len(app.motion.origin))
        app.renderer.moving_drawn = []
        t0 = time.perf_counter()
        app.step()
        times.append(time.perf_counter() - t0)
        blits = list(app.renderer.drawn) + list(app.renderer.moving_drawn)
        t0 = time.perf_counter()
        app.screen.fblits(blits)
        drawn.append(time.perf_counter() - t0)
    mean, p95 = _ms(times)
    bare = bp.bare(specs) * 1000
    return {"pieces": pieces, "moving_first": moving[0], "moving_last": moving[-1], "frame": mean, "frame95": p95,
            "bare_pymunk": bare, "drawn": statistics.fmean(drawn) * 1000,
            "floor": bare + statistics.fmean(drawn) * 1000}


def collect(quick: bool = False) -> list[dict[str, object]]:
    """Rows for `tabletop bench`: a full frame while panning beside one fblits of every piece's cached surface."""
    rows: list[dict[str, object]] = []
    frames = 40 if quick else 300
    for n in (100, 1000, 5000):
        r = bench(n, frames if n < 5000 else max(20, frames // 3))
        rows.append({"area": "render", "name": f"full frame while panning, {n:,} cards", "value": r["frame"],
                     "unit": "ms", "floor": r["floor"],
                     "floor_name": "fblits of exactly what that frame drew for the table"})
    for n in (1000, 5000, 20000):
        c = bench_change(n, 20 if quick else 60)
        rows.append({"area": "render", "name": f"frame with one table change, {n:,} cards (median, CPU)",
                     "value": c["frame_cpu"], "unit": "ms", "floor": c["floor_cpu"],
                     "floor_name": f"replay of what it drew ({c['drawn']:.0f} blits), interleaved"})
    for n in (1000, 5000, 20000):
        d = bench_drop(n, 6 if quick else 15)
        rows.append({"area": "render", "name": f"frame dropping a dragged card, {n:,} cards (median, CPU)",
                     "value": d["drop"], "unit": "ms", "floor": d["floor"],
                     "floor_name": "frame with one table change arriving, interleaved"})
    x = bench_action(15 if quick else 40)
    rows.append({"area": "render", "name": "accepted action at an X-Files CCG table: window frame (median, CPU)",
                 "value": x["frame"], "unit": "ms", "floor": x["engine"] + x["still"],
                 "floor_name": "the engine's own submit + a frame with nothing new, interleaved"})
    p = bench_physics(frames=30 if quick else 60)
    rows.append({"area": "physics", "name": f"full frame, {p['pieces']} loose pieces sliding", "value": p["frame"],
                 "unit": "ms", "floor": p["floor"],
                 "floor_name": "bare pymunk step (same bodies, materials) + replay of what the frame drew"})
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--cards", type=int, nargs="*", default=[500, 1000])
    parser.add_argument("--no-physics", action="store_true", help="skip the physics figure")
    parser.add_argument("--change", type=int, nargs="*", default=[1000, 5000, 20000],
                        help="card counts for the frame-with-a-change figure")
    parser.add_argument("--change-frames", type=int, default=60)
    parser.add_argument("--pickup", type=int, nargs="*", default=[1000, 5000, 20000],
                        help="card counts for the pick-up and drop frames")
    parser.add_argument("--drop", type=int, nargs="*", default=[1000, 5000, 20000],
                        help="card counts for the drop frame beside the change frame")
    parser.add_argument("--drop-rounds", type=int, default=15)
    parser.add_argument("--action", type=int, default=40,
                        help="accepted actions at an X-Files CCG table (0: skip)")
    args = parser.parse_args(argv)
    print(f"pygame-ce {pygame.version.ver}, SDL {'.'.join(map(str, pygame.get_sdl_version()))}, "
          f"{os.cpu_count()} CPUs, window 1280x800, {args.frames} frames each")
    print(f"{'cards':>6} {'drawn':>6} {'floor ms':>14} {'pieces ms':>14} {'frame (pan) ms':>16} {'/floor':>7} "
          f"{'/pieces':>8} {'fps':>6} {'frame (still) ms':>18}")
    for n in args.cards:
        r = bench(n, args.frames)
        print(f"{r['cards']:>6} {r['drawn']:>6} {r['floor']:>7.2f} p95 {r['floor95']:>4.1f} "
              f"{r['pieces']:>7.2f} p95 {r['pieces95']:>4.1f} "
              f"{r['frame']:>8.2f} p95 {r['frame95']:>4.1f} {r['ratio']:>7.2f} {r['ratio_pieces']:>8.2f} "
              f"{r['fps']:>6.0f} {r['steady']:>9.2f} p95 {r['steady95']:>4.1f}")
    print("frame with one table change (median ms, wall / CPU) beside the replay of what it drew, interleaved")
    for n in args.change:
        c = bench_change(n, args.change_frames)
        print(f"{n:>6} cards: frame {c['frame']:6.2f} / {c['frame_cpu']:6.2f}   floor {c['floor']:6.2f} / "
              f"{c['floor_cpu']:6.2f}   ({c['drawn']:.0f} blits drawn, {c['full_builds']} full scene builds)")
    for n in args.pickup:
        p = bench_pickup(n, 15)
        print(f"{n:>6} cards: picking a card up {p['pick']:.2f} ms, dropping it {p['drop']:.2f} ms (CPU medians; "
              f"{p['full_builds']} full scene builds)")
    for n in args.drop:
        d = bench_drop(n, args.drop_rounds)
        print(f"{n:>6} cards: dropping a dragged card {d['drop']:.2f} ms (of it panels {d['panels']:.2f} ms) beside a "
              f"frame with one table change {d['floor']:.2f} ms (CPU medians, interleaved)")
    if args.action:
        x = bench_action(args.action)
        print(f"X-Files CCG, {x['actions']} accepted actions through the window: frame {x['frame']:.2f} ms, of it "
              f"panels {x['panels']:.2f} ms; floor: engine submit {x['engine']:.2f} ms + a frame with nothing new "
              f"{x['still']:.2f} ms (CPU medians, interleaved)")
    if not args.no_physics:
        p = bench_physics()
        print(f"physics: {p['pieces']} loose pieces flung ({p['moving_first']} moving at the first frame, "
              f"{p['moving_last']} at the last): frame {p['frame']:.2f} ms p95 {p['frame95']:.1f}; "
              f"floor: bare pymunk step of the same bodies and materials, 1/60 s, {p['bare_pymunk']:.2f} ms + a "
              f"replay of what the frame drew {p['drawn']:.2f} ms = {p['floor']:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
