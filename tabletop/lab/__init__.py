"""The designer's lab: many bot games at once (every core or a Dask cluster), variant sweeps, reports and branches.

- `games`: what one game is (`GameSpec`) and how a worker plays it.
- `runner`: serial, process-pool and cluster execution with identical results, and the progress bar.
- `stats`: intervals and paired tests. `sweep`: variants over house rules and option grids, compared.
- `plots` and `report`: the PNGs and the Markdown report of a sweep. `branch`: fork a saved game at a log point.

The lab sits above `rules` and `store` (it plays games and writes saves) and below the command line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..rules import get_ruleset
from ..rules.simulate import DEFAULT_MAX_ACTIONS
from ..rules.simulate import report as simulation_report
from .games import GameSpec, lineup, plan
from .runner import RunResult, run_specs

__all__ = ["GameSpec", "RunResult", "plan", "run_specs", "simulate_run"]


def simulate_run(ruleset: str, games: int, seed: int = 0, bots: Sequence[str] = ("greedy", "random"), *,
                 decks: Mapping[int, str] | None = None, swap_seats: bool = False,
                 options: Mapping[str, Any] | None = None, enforcement: str = "strict",
                 max_actions: int = DEFAULT_MAX_ACTIONS, seats: int | None = None, jobs: int | None = None,
                 scheduler: Any = None, keep: str = "", start: str = "",
                 progress: Callable[[int, int], None] | None = None) -> tuple[dict[str, Any], RunResult]:
    """Plan and play a simulation run; the report (`rules.simulate.report`) and the raw run.

    `start`: a save every game plays on from (its seats and decks; each game's chance re-seeded from its seed)."""
    rules = get_ruleset(ruleset, options)
    n = seats or max(len(bots), rules.min_seats, max(decks or {0: ""}) + 1)
    specs = plan(ruleset, games, seed, bots, seats=n, decks=decks, swap_seats=swap_seats, options=rules.options,
                 enforcement=enforcement, max_actions=max_actions, keep=keep, start=start)
    run = run_specs(specs, jobs=jobs, scheduler=scheduler, progress=progress)
    body = simulation_report(ruleset, rules.options, seed, lineup(bots, n), enforcement, run.records, run.seconds,
                  workers=run.workers)
    body["swap_seats"] = swap_seats
    body["decks"] = {str(s + 1): p for s, p in sorted((decks or {}).items())}
    body["where"] = run.where
    body["from"] = start
    return body, run
