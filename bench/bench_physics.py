"""Physics step time with 500 loose pieces in motion, beside a bare pymunk space of the same bodies.

Run: python bench/bench_physics.py [--json]
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

import pymunk

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's tabletop, not an installed one

from tabletop.physics.world import CARD, DIE, FRICTION_PER_SECOND, REST_SPEED, STEP, TOKEN, WALL, PhysicsWorld

__all__ = ["collect", "main"]

N = 500
FRAME = 1.0 / 60.0


def _specs(seed: int = 1) -> list[tuple[int, float, float, float, float]]:
    rnd = random.Random(seed)
    kinds = [CARD, TOKEN, DIE]
    return [(kinds[i % 3], rnd.uniform(100, 2700), rnd.uniform(100, 1400), rnd.uniform(-900, 900),
             rnd.uniform(-900, 900)) for i in range(N)]


def ours(specs) -> float:
    world = PhysicsWorld((2800.0, 1540.0))
    for i, (kind, x, y, vx, vy) in enumerate(specs):
        size = (126.0, 176.0) if kind == CARD else (48.0, 48.0)
        world.add(f"p{i}", kind, x, y, *size)
        world.fling(f"p{i}", vx, vy)
    times = []
    for _ in range(60):
        t0 = time.perf_counter()
        world.step(FRAME)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def bare(specs) -> float:
    """The same bodies in a bare pymunk space with the world's very materials and settings (damping, sleeping,
    elasticity, friction, collision filters), stepped in the same sub-steps: what `PhysicsWorld` adds is the rest."""
    space = pymunk.Space()
    space.gravity = (0, 0)
    space.damping = FRICTION_PER_SECOND
    space.idle_speed_threshold = REST_SPEED
    space.sleep_time_threshold = 0.3
    static = space.static_body
    for a, b in (((0, 0), (2800, 0)), ((2800, 0), (2800, 1540)), ((2800, 1540), (0, 1540)), ((0, 1540), (0, 0))):
        seg = pymunk.Segment(static, a, b, 4.0)
        seg.elasticity = 0.6
        seg.friction = 0.4
        seg.filter = pymunk.ShapeFilter(categories=WALL, mask=CARD | TOKEN | DIE)
        space.add(seg)
    for kind, x, y, vx, vy in specs:
        if kind == CARD:
            body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (126, 176)))
            shape = pymunk.Poly.create_box(body, (126, 176), radius=2.0)
            shape.filter = pymunk.ShapeFilter(categories=CARD, mask=WALL)
        else:
            body = pymunk.Body(2.0, pymunk.moment_for_circle(2.0, 0, 24))
            shape = pymunk.Circle(body, 24)
            shape.filter = pymunk.ShapeFilter(categories=kind, mask=WALL | TOKEN | DIE)
        shape.elasticity = 0.5
        shape.friction = 0.6
        body.position = (x, y)
        body.velocity = (vx, vy)
        space.add(body, shape)
    times = []
    steps = round(FRAME / STEP)
    for _ in range(60):
        t0 = time.perf_counter()
        for _ in range(steps):
            space.step(STEP)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def collect(quick: bool = False) -> list[dict[str, object]]:
    specs = _specs()
    return [{"area": "physics", "name": f"step, {N} pieces in motion (one 1/60 s frame)", "value": ours(specs) * 1e3,
             "unit": "ms", "floor": bare(specs) * 1e3, "floor_name": "bare pymunk space, same bodies"}]


def main(argv: list[str] | None = None) -> dict[str, float]:
    argv = sys.argv[1:] if argv is None else argv
    specs = _specs()
    figures = {"pieces": N, "step_ms": ours(specs) * 1e3, "bare_pymunk_ms": bare(specs) * 1e3}
    if "--json" in argv:
        print(json.dumps(figures, indent=2))
    else:
        print(f"physics, {N} pieces in motion, one 1/60 s frame: {figures['step_ms']:.2f} ms "
              f"(bare pymunk, same bodies: {figures['bare_pymunk_ms']:.2f} ms)")
    return figures


if __name__ == "__main__":
    main()
