"""How strong the search bot is: seeded games against `random` and `greedy`, seats swapped, strict, with intervals.

A measurement, not a test: per ruleset and opponent it plays `--games` seeded games in strict mode, the two bots
trading seats every seed (each seat keeps its ruleset's default deck, so the bot plays both decks equally often),
and prints one JSON line per pairing, then a table: the search bot's wins over *finished* games (games stopped by
a cap, a deadlock or a crash are counted apart and never as wins) with the Wilson 95% interval, its wins from each
seat, and its decision times (CPU, decisions with two or more legal moves). `--json FILE` keeps the lines.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's tabletop, not an installed one

from tabletop.lab import simulate_run  # noqa: E402

__all__ = ["main", "table"]


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    p.add_argument("--games", type=int, default=100, help="seeded games per ruleset and opponent (default 100)")
    p.add_argument("--seed", type=int, default=29, help="seed of the first game (default 29)")
    p.add_argument("--rulesets", default="tragedy,xfiles-fan,xfiles-ccg", help="comma-separated rulesets")
    p.add_argument("--opponents", default="random,greedy", help="comma-separated opponent bots")
    p.add_argument("--bot", default="ismcts", help="the bot measured (default ismcts: its default budget)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--json", dest="out", metavar="FILE", help="also write the JSON lines to FILE")
    return p


def _seat_wins(records: list[Any], bot: str) -> list[str]:
    """The bot's wins over finished games from each seat, as 'wins/finished'."""
    out = []
    for seat in range(2):
        games = [r for r in records if r.finished and len(r.bots) > seat and r.bots[seat] == bot]
        out.append(f"{sum(1 for r in games if r.winner == seat)}/{len(games)}")
    return out


def measure(name: str, opponent: str, args: argparse.Namespace) -> dict[str, Any]:
    """One ruleset against one opponent: the bot's record as plain data."""
    report, run = simulate_run(name, args.games, seed=args.seed, bots=(args.bot, opponent), jobs=args.jobs)
    cell = report["balance"]["bots"].get(args.bot, {}).get(opponent, {"wins": 0, "n": 0, "rate": None,
                                                                        "low": None, "high": None})
    times = report["decisions"].get(args.bot, {})
    return {"ruleset": name, "opponent": opponent, "games": args.games, "finished": report["finished"],
            "wins": cell["wins"], "rate": cell["rate"], "low": cell["low"], "high": cell["high"],
            "by_seat": _seat_wins(run.records, args.bot), "median_ms": times.get("median_ms"),
            "p95_ms": times.get("p95_ms"), "decisions": times.get("decisions"),
            "unfinished": report["unfinished_by_reason"]}


def table(lines: list[dict[str, Any]], bot: str = "ismcts") -> str:
    """The measurements as a Markdown table."""
    out = [f"| ruleset | {bot} vs | wins / finished (of games) | rate [95% interval] | wins as seat 1, seat 2 "
           "| decision median / p95 ms |", "|---|---|---|---|---|---|"]
    for x in lines:
        rate = "-" if x["rate"] is None else f"{x['rate']:.0%} [{x['low']:.0%}, {x['high']:.0%}]"
        out.append(f"| {x['ruleset']} | {x['opponent']} | {x['wins']} / {x['finished']} ({x['games']}) | {rate} | "
                   f"{', '.join(x['by_seat'])} | {x['median_ms']} / {x['p95_ms']} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    args = _parser().parse_args(argv)
    out = []
    for name in args.rulesets.split(","):
        for opponent in args.opponents.split(","):
            line = measure(name, opponent, args)
            out.append(line)
            print(json.dumps(line), flush=True)
            if args.out:
                with open(args.out, "a", encoding="utf-8") as f:
                    f.write(json.dumps(line) + "\n")
    print(table(out, args.bot))
    return out


if __name__ == "__main__":
    main()
