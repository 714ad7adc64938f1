"""Self-play speed for the designer's lab: games per second per ruleset, and serial beside every core.

Run: python bench/bench_lab.py [--quick] [--json] [--ruleset NAME]  (--ruleset: that ruleset's self-play row only)

Rows, each beside a floor measured in the same run:
- per ruleset, greedy vs random strict self-play (games per CPU second) beside the floor of applying the very same
  games' recorded events without bots or rules (what no speed-up of the rules can go below);
- X-Files Fan games/s (wall) on every core beside the same seeds played serially.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Any

from tabletop.lab import plan, run_specs
from tabletop.rules.simulate import play_session, young_gc

__all__ = ["collect", "main"]

RULESETS = ("xfiles-fan", "tragedy", "xfiles-ccg")


def row(area: str, name: str, value: float, unit: str, *, floor: float | None = None,
        floor_name: str = "") -> dict[str, Any]:
    return {"area": area, "name": name, "value": value, "unit": unit, "floor": floor, "floor_name": floor_name}


def self_play(name: str, games: int) -> tuple[float, float]:
    """(games per CPU second of greedy vs random strict self-play, games per CPU second of replaying their events)."""
    play_session(name, ["greedy", "random"], 999)  # card caches warm, outside the clock
    t0 = time.process_time()
    played = []
    with young_gc():  # as simulate and the lab's runner play a run of games
        for i in range(games):
            bots = ["greedy", "random"] if i % 2 == 0 else ["random", "greedy"]
            played.append(play_session(name, bots, 1_000_003 + i, enforcement="strict")[1])
    play = games / (time.process_time() - t0)
    # the floor: the same games' events applied to their start positions, with no bot, check or consequence
    starts = []
    for session in played:
        state = session.state.copy()
        for entry in reversed(session.history):
            for event in reversed(entry.events):
                event.revert(state)
        starts.append(state)
    t0 = time.process_time()
    for session, state in zip(played, starts, strict=True):
        for entry in session.history:
            for event in entry.events:
                event.apply(state)
    replay = games / (time.process_time() - t0)
    return play, replay


def parallel(games: int, rounds: int = 2) -> tuple[float, float, int]:
    """X-Files Fan games/s (wall) serially and on every core for the same seeds: medians of interleaved rounds."""
    specs = plan("xfiles-fan", games, 7, ["greedy", "random"], seats=2)
    serial, pooled, workers = [], [], 1
    for r in range(rounds):
        for jobs in ((1, None) if r % 2 == 0 else (None, 1)):
            run = run_specs(specs, jobs=jobs)
            (serial if jobs == 1 else pooled).append(games / run.seconds)
            if jobs is None:
                workers = run.workers
    return statistics.median(serial), statistics.median(pooled), workers


def collect(quick: bool = False, only: str | None = None) -> list[dict[str, Any]]:
    rows = []
    games = 6 if quick else 30
    for name in (only,) if only else RULESETS:
        play, replay = self_play(name, games)
        rows.append(row("lab", f"{name}: self-play greedy vs random, strict ({games} games)", play, "games/cpu-s",
                        floor=replay, floor_name="the same games' events applied, no rules"))
    if only:
        return rows
    serial, pooled, workers = parallel(8 if quick else 60)
    rows.append(row("lab", f"xfiles-fan: games on every core ({workers} processes)", pooled, "games/s",
                    floor=serial, floor_name="the same seeds serially"))
    return rows


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    argv = sys.argv[1:] if argv is None else argv
    only = argv[argv.index("--ruleset") + 1] if "--ruleset" in argv[:-1] else None
    rows = collect("--quick" in argv, only)
    if "--json" in argv:
        print(json.dumps(rows, indent=2))
    else:
        for r in rows:
            print(f"{r['name']}: {r['value']:.1f} {r['unit']} (floor {r['floor']:.1f}: {r['floor_name']})")
    return rows


if __name__ == "__main__":
    main()
