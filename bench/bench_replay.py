"""Replay seek: the table of a 10,000-action X-Files CCG game at any point, as a seat saw it then, beside its floor.

- seek: `Timeline.view_at(point, seat)` at random points (median, ms): copy the nearest snapshot, apply the entries
  since it, build the seat's view (what the replay window draws);
- floor, timed in alternation on the same points: `Timeline.state_at(point)`, the same snapshot copied and the same
  events applied, with no view built (the least a seek can do without keeping every point's table).

The game: an X-Files CCG table at warn played by two random bots with a seed (`tabletop.rules.bots`): the ruleset's
legal moves while the game runs, random table actions (draws, moves, flips, taps, rolls) when it offers none, until
the log holds 10,000 actions.

Run: python bench/bench_replay.py [--quick] [--json]
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

__all__ = ["collect", "game", "main"]

ACTIONS = 10_000


def game(actions: int = ACTIONS, seed: int = 7):
    """An X-Files CCG session at warn after `actions` actions of two seeded random bots."""
    from tabletop.game import new_session
    from tabletop.rules.bots import make_bot

    session = new_session("xfiles-ccg", 2, enforcement="warn", seed=seed)
    bots = [make_bot("random", session.rules, seed + s, sandbox=True) for s in (0, 1)]
    turn = 0
    while len(session.history) < actions:
        seat = turn % 2
        turn += 1
        action = bots[seat].choose(session.state, seat)
        if action is not None:
            session.submit(action, seat)
    return session


def collect(quick: bool = False) -> list[dict[str, Any]]:
    from tabletop.lab.replay import Timeline

    actions = 2_000 if quick else ACTIONS
    session = game(actions)
    timeline = Timeline(session)
    rng = random.Random(3)
    points = [rng.randint(0, len(timeline)) for _ in range(15 if quick else 60)]
    seeks, floors = [], []
    for point in points:  # in alternation: the machine's mood hits both alike
        seat = point % 2
        t = time.perf_counter()
        timeline.view_at(point, seat)
        seeks.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        timeline.state_at(point)
        floors.append((time.perf_counter() - t) * 1000)
    return [{"area": "replay", "name": f"seek to any point of a {len(timeline):,}-action X-Files CCG game (seat's "
                                      "view), median",
             "value": statistics.median(seeks), "unit": "ms", "floor": statistics.median(floors),
             "floor_name": "the same snapshot copied and the same events applied, no view", "actions": len(timeline),
             "snapshot_every": timeline.every}]


def main() -> None:
    rows = collect("--quick" in sys.argv)
    if "--json" in sys.argv:
        print(json.dumps(rows, indent=2))
    else:
        for r in rows:
            print(f"{r['name']}: {r['value']:.2f} ms (floor {r['floor']:.2f} ms)")


if __name__ == "__main__":
    main()
