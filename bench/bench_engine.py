"""Engine figures per ruleset on a 1,000-card table: submit and legal_actions per call (medians, with CPU time), undo, self-play.

Run: python bench/bench_engine.py [--quick] [--json]
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's tabletop, not an installed one

from tabletop.core import actions as A
from tabletop.core.session import Session
from tabletop.rules import RULESETS, get_ruleset
from tabletop.rules.base import add_card
from tabletop.rules.bots import make_bot
from tabletop.rules.simulate import simulate

__all__ = ["collect", "main", "mid_game"]


def mid_game(name: str, moves: int = 40, seed: int = 3) -> Session:
    """A typical position: a new strict game of `name` after `moves` random-bot actions, padded to 1,000 cards."""
    rules = get_ruleset(name)
    state = rules.new_game(max(2, rules.min_seats), seed=seed, enforcement="strict")
    session = Session(state, rules)
    bots = {s: make_bot("random", rules, seed + s) for s in state.seats}
    # play on until the seat in play has a real choice (a handful of legal actions), as in a typical position
    for i in range(moves * 10):
        waiting = rules.waiting_for(state)
        if not waiting or state.rules.get("over"):
            break
        if i >= moves and sum(1 for _ in rules.legal_actions(state, waiting[0])) >= 4:
            break
        action = bots[waiting[0]].choose(state, waiting[0])
        if action is None or not session.submit(action, waiting[0]).accepted:
            break
    refs = sorted({p.card for p in state.pieces.values() if p.card})
    i = 0
    while len(state.pieces) < 1000:
        piece = add_card(state, refs[i % len(refs)], "table", owner=0)
        piece.x, piece.y = float(40 + (i * 37) % 1200), float(40 + (i * 53) % 1400)
        i += 1
    session.history.clear()
    return session


def _per_call(fn, seconds: float) -> tuple[float, float]:
    """Median wall time and median CPU time of one call of `fn`, in µs, over about `seconds` (at least 20 calls).

    Medians of single calls, not a mean rate: on a shared machine a mean measures the contention (a call that
    waited for the CPU counts as slow), the median and the process's CPU time measure the code.
    """
    wall: list[float] = []
    cpu: list[float] = []
    start = time.perf_counter()
    while len(wall) < 20 or time.perf_counter() - start < seconds:
        c0, t0 = time.process_time_ns(), time.perf_counter_ns()
        fn()
        wall.append((time.perf_counter_ns() - t0) / 1e3)
        cpu.append((time.process_time_ns() - c0) / 1e3)
    return statistics.median(wall), statistics.median(cpu)


def _timed(area: str, name: str, fn, seconds: float, **kw: Any) -> dict[str, Any]:
    wall, cpu = _per_call(fn, seconds)
    out = row(area, f"{name} (median per call; CPU {cpu:.0f} µs)", wall, "µs", **kw)
    out["cpu"] = cpu
    return out


def ruleset_figures(name: str, quick: bool) -> list[dict[str, Any]]:
    budget = 0.3 if quick else 1.5
    rows: list[dict[str, Any]] = []
    session = mid_game(name)
    state = session.state
    on_table = [p for p in state.zones["table"].pieces if state.pieces[p].kind == "card"]
    rnd = random.Random(1)

    state.enforcement = "off"
    rows.append(_timed("engine", f"{name}: submit move (off)",
                       lambda: session.submit(A.Move((rnd.choice(on_table),), "table", x=rnd.uniform(0, 900),
                                                     y=100.0), 0), budget))
    deck = state.seat_zone("deck", 0) or next(z for z, zone in state.zones.items() if zone.kind == "deck")

    def draw_then_undo() -> None:
        if session.submit(A.Draw(1, source=deck), 0).accepted:
            session.undo()

    rows.append(_timed("engine", f"{name}: submit draw + undo (off)", draw_then_undo, budget))
    state.enforcement = "strict"
    rows.append(_timed("engine", f"{name}: strict submit of a table move (check + apply)",
                       lambda: session.submit(A.Move((rnd.choice(on_table),), "table", x=rnd.uniform(0, 900),
                                                     y=100.0), 0), budget, floor_name="target: 100 µs (10,000/s)"))
    rules = session.rules
    waiting = rules.waiting_for(state) or [0]
    count = sum(1 for _ in rules.legal_actions(state, waiting[0]))
    rows.append(_timed("engine", f"{name}: legal_actions ({count} actions)",
                       lambda: sum(1 for _ in rules.legal_actions(state, waiting[0])), budget))
    state.enforcement = "off"
    for i in range(1000):
        session.submit(A.Move((on_table[i % len(on_table)],), "table", x=float(i % 900), y=float(i % 700)), 0)
    t0 = time.perf_counter()
    undone = 0
    while undone < 1000 and session.undo().accepted:
        undone += 1
    rows.append(row("engine", f"{name}: undo of {undone} actions", (time.perf_counter() - t0) * 1e3, "ms"))
    games = 5 if quick else 40
    report = simulate(name, games, seed=1, bots=("random", "random"), max_actions=4000 if quick else 20000)
    speed = report.get("speed", {})
    rows.append(row("self-play", f"{name}: random vs random games", speed.get("games_per_second", 0.0), "games/s"))
    rows.append(row("self-play", f"{name}: random vs random actions", speed.get("actions_per_second", 0.0),
                    "actions/s"))
    return rows


def row(area: str, name: str, value: float, unit: str, *, floor: float | None = None,
        floor_name: str = "") -> dict[str, Any]:
    return {"area": area, "name": name, "value": value, "unit": unit, "floor": floor, "floor_name": floor_name}


def collect(quick: bool = False) -> list[dict[str, Any]]:
    rows = []
    for name in RULESETS:
        if name == "freeform":
            continue
        rows.extend(ruleset_figures(name, quick))
    return rows


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    argv = sys.argv[1:] if argv is None else argv
    rows = collect("--quick" in argv)
    if "--json" in argv:
        print(json.dumps(rows, indent=2))
    else:
        for r in rows:
            floor = f"  (floor: {r['floor_name']})" if r["floor_name"] else ""
            print(f"{r['area']:10} {r['name']:60} {r['value']:12.1f} {r['unit']}{floor}")
    return rows


if __name__ == "__main__":
    main()
