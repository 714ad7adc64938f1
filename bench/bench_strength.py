"""How strong the search bot is: seeded games against `random` and `greedy`, seats swapped, strict, with intervals.

Run: python bench/bench_strength.py [--games N] [--rulesets a,b] [--opponents random,greedy] [--bot ismcts]
[--jobs J]. A measurement, not a test: it plays N games per ruleset and opponent (the bots swap seats every seed)
and prints the search bot's wins over finished games with the Wilson 95% interval, and its decision times (CPU,
decisions with two or more moves).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's tabletop, not an installed one

from tabletop.lab import simulate_run  # noqa: E402

__all__ = ["main"]


def main(argv: list[str] | None = None) -> list[dict[str, object]]:
    argv = sys.argv[1:] if argv is None else argv

    def flag(name: str, default: str) -> str:
        return argv[argv.index(name) + 1] if name in argv[:-1] else default

    games = int(flag("--games", "100"))
    bot = flag("--bot", "ismcts")
    jobs = int(flag("--jobs", "1"))
    out = []
    for name in flag("--rulesets", "tragedy,xfiles-fan,xfiles-ccg").split(","):
        for opponent in flag("--opponents", "random,greedy").split(","):
            report, _ = simulate_run(name, games, seed=29, bots=(bot, opponent), jobs=jobs)
            cell = report["balance"]["bots"][bot][opponent]
            times = report["decisions"].get(bot, {})
            line = {"ruleset": name, "opponent": opponent, "games": games, "finished": report["finished"],
                    "wins": cell["wins"], "rate": cell["rate"], "low": cell["low"], "high": cell["high"],
                    "median_ms": times.get("median_ms"), "p95_ms": times.get("p95_ms"),
                    "decisions": times.get("decisions"), "unfinished": report["unfinished_by_reason"]}
            out.append(line)
            print(json.dumps(line), flush=True)
    return out


if __name__ == "__main__":
    main()
