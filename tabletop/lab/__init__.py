"""The designer's lab: many bot games at once (every core or a Dask cluster), variant sweeps, reports and branches.

- `games`: what one game is (`GameSpec`) and how a worker plays it.
- `runner`: serial, process-pool and cluster execution with identical results, and the progress bar.
- `stats`: intervals and paired tests. `sweep`: variants over house rules and option grids, compared.
- `balance`: the balance report of a run (seats, first player, match-ups, cards, bans, lengths, decisions);
  `precision`: play on in batches until the intervals that matter are narrow enough.
- `plots` and `report`: the PNGs and the Markdown report of a sweep. `branch`: fork a saved game at a log point.

The lab sits above `rules` and `store` (it plays games and writes saves) and below the command line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..rules import get_ruleset
from ..rules.simulate import DEFAULT_MAX_ACTIONS
from ..rules.simulate import report as simulation_report
from .balance import balance, card_names, decision_times
from .games import GameSpec, lineup, plan
from .precision import widest
from .runner import RunResult, run_specs

__all__ = ["GameSpec", "RunResult", "plan", "run_specs", "simulate_run"]


def simulate_run(ruleset: str, games: int, seed: int = 0, bots: Sequence[str] = ("greedy", "random"), *,
                 decks: Mapping[int, str] | None = None, swap_seats: bool = False,
                 options: Mapping[str, Any] | None = None, enforcement: str = "strict",
                 max_actions: int = DEFAULT_MAX_ACTIONS, seats: int | None = None, jobs: int | None = None,
                 scheduler: Any = None, keep: str = "", start: str = "",
                 progress: Callable[[int, int], None] | None = None, restrict: tuple[str, int] | None = None,
                 precision: float | None = None, max_games: int = 20_000) -> tuple[dict[str, Any], RunResult]:
    """Plan and play a simulation run; the report (`rules.simulate.report` with its `balance` and `decisions`)
    and the raw run.

    `start`: a save every game plays on from (its seats and decks; each game's chance re-seeded from its seed).
    `restrict`: (card, seat) banned from that seat in a second copy of every game (see `balance.restrict_effect`).
    `precision`: after the first `games` seeds, play on in batches until every interval that matters (see
    `precision.widest`) is at most this wide on either side, or `max_games` seeds were played."""
    rules = get_ruleset(ruleset, options)
    n = seats or max(len(bots), rules.min_seats, max(decks or {0: ""}) + 1)

    def specs_for(count: int, first: int) -> list[GameSpec]:
        return plan(ruleset, count, seed, bots, seats=n, decks=decks, swap_seats=swap_seats, options=rules.options,
                    enforcement=enforcement, max_actions=max_actions, keep=keep, start=start, restrict=restrict,
                    first_index=first)

    run = run_specs(specs_for(games, 0), jobs=jobs, scheduler=scheduler, progress=progress)
    played = games
    while precision is not None and played < max_games:
        half, wanted = widest(run.records, n, precision)
        if half <= precision:
            break
        more = max(1, min(max_games - played, max(played // 2, wanted - played)))
        extra = run_specs(specs_for(more, played), jobs=jobs, scheduler=scheduler, progress=progress)
        run = RunResult(run.records + extra.records, run.seconds + extra.seconds, max(run.workers, extra.workers),
                        extra.where)
        played += more
    plain = [r for r in run.records if not r.restricted]
    body = simulation_report(ruleset, rules.options, seed, lineup(bots, n), enforcement, plain, run.seconds,
                             workers=run.workers)
    body["seeds"] = played
    body["balance"] = balance(run.records, n, card_names())
    body["decisions"] = decision_times(plain)
    if precision is not None:
        body["precision"] = {"wanted": precision, "reached": round(widest(run.records, n, precision)[0], 4),
                             "seeds": played}
    body["swap_seats"] = swap_seats
    body["decks"] = {str(s + 1): p for s, p in sorted((decks or {}).items())}
    body["where"] = run.where
    body["from"] = start
    return body, run
