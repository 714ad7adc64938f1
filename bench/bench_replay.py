"""Replay seek: the table of a 10,000-action X-Files CCG game at any point, as a seat saw it then, beside its floor.

- seek: `Timeline.view_at(point, seat)` at random points (median, ms): copy the nearest snapshot, apply the entries
  since it, build the seat's view;
- floor, timed in alternation on the same points: one copy of the whole table and one view of it (the least a seek
  can do: it must hand over a table of its own and the seat's view of it).

The game: an xfiles-ccg table (rules off) played by 10,000 table actions through `Session.submit`: draws, moves
between the zones of both players, taps, flips, counters and rolls.

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
    """An X-Files CCG session after `actions` table actions of both seats."""
    from tabletop.core import actions as A
    from tabletop.game import new_session

    session = new_session("xfiles-ccg", 2, enforcement="off", seed=seed)
    state = session.state
    rng = random.Random(seed)
    places = [z for z in state.zones if not z.startswith(("xfile", "deck"))]
    done = 0
    while done < actions:
        seat = done % 2
        roll = rng.random()
        cards = [p for z in places for p in state.zones[z].pieces if state.pieces[p].kind == "card"
                 and (state.zones[z].owner in (None, seat))]
        if roll < 0.15:
            action: Any = A.Draw(1, source=f"deck:{seat}", to=f"hand:{seat}")
        elif roll < 0.6 and cards:
            dest = rng.choice([z for z in places if state.zones[z].owner in (None, seat)])
            action = A.Move((rng.choice(cards),), dest)
        elif roll < 0.8 and cards:
            action = A.Tap((rng.choice(cards),))
        elif cards:
            action = A.AddCounter("damage", rng.choice((1, -1)), piece=rng.choice(cards))
        else:
            action = A.Draw(1, source=f"deck:{seat}", to=f"hand:{seat}")
        if session.submit(action, seat).accepted:
            done += 1
    return session


def collect(quick: bool = False) -> list[dict[str, Any]]:
    from tabletop.core.view import view
    from tabletop.lab.replay import Timeline

    actions = 2_000 if quick else ACTIONS
    session = game(actions)
    timeline = Timeline(session)
    rng = random.Random(3)
    points = [rng.randint(0, len(timeline)) for _ in range(15 if quick else 60)]
    seeks, floors = [], []
    final = session.state
    for point in points:  # in alternation: the machine's mood hits both alike
        seat = point % 2
        t = time.perf_counter()
        timeline.view_at(point, seat)
        seeks.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        view(final.copy(), seat, timeline.rules)
        floors.append((time.perf_counter() - t) * 1000)
    return [{"area": "replay", "name": f"seek to any point of a {len(timeline):,}-action X-Files CCG game (seat's "
                                      "view), median",
             "value": statistics.median(seeks), "unit": "ms", "floor": statistics.median(floors),
             "floor_name": "one copy of the whole table and one view of it"}]


def main() -> None:
    rows = collect("--quick" in sys.argv)
    if "--json" in sys.argv:
        print(json.dumps(rows, indent=2))
    else:
        for r in rows:
            print(f"{r['name']}: {r['value']:.2f} ms (floor {r['floor']:.2f} ms)")


if __name__ == "__main__":
    main()
