"""A/B self-play speed of two checkouts, measured interleaved so both see the same machine load.

Run: python bench/bench_ab.py BEFORE_DIR AFTER_DIR [--games N] [--rounds R] [--rulesets a,b]

Each round runs, for every ruleset, one child process per checkout (alternating which goes first) that plays the
same N seeded games greedy vs random in strict and prints its games per CPU second (process time: the machine
is shared, and a game is single-threaded, so CPU time is the figure least moved by other people's load). The games
run under `young_gc`, as `simulate`, the lab's runner and bench_lab play them. The figure per checkout is the median
over the rounds, with the ratio after/before; beside it, the games' length in bot actions and the actions per CPU
second (a change that makes the rules play longer games reads slower per game, not per action). Both children of a round
run with the same PYTHONHASHSEED (round r: r + 1), so both sides see the same string-hash layouts. Equal `ends`
digests say both checkouts played exactly the same games;
once a change alters what the rules do (more card text executed), the games differ and so do the digests.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys

__all__ = ["main", "measure"]

_CHILD = r"""
import hashlib, json, sys, time
from tabletop.rules.simulate import play_session, young_gc
name, games = sys.argv[1], int(sys.argv[2])
play_session(name, ["greedy", "random"], 999)  # warm the card caches outside the clock
ends = []
seconds = 0.0
actions = 0
with young_gc():  # as simulate, the lab's runner and bench_lab play a run of games
    for i in range(games):
        bots = ["greedy", "random"] if i % 2 == 0 else ["random", "greedy"]
        t0 = time.process_time()
        record, session = play_session(name, bots, 1_000_003 + i, enforcement="strict")
        seconds += time.process_time() - t0
        actions += record.actions
        ends.append(session.state.hash())  # outside the clock: the digest is no self-play work
print(json.dumps({"games_per_second": games / seconds, "actions_per_second": actions / seconds,
                  "actions_per_game": actions / games, "ends": hashlib.sha1("".join(ends).encode()).hexdigest()}))
"""


def measure(checkout: str, ruleset: str, games: int, hash_seed: int | None = None) -> dict[str, float]:
    """games/s of one checkout in a fresh process (its own imports, its cwd), and a digest of the final tables
    (equal digests: both checkouts played exactly the same games).

    `hash_seed`: the child's PYTHONHASHSEED (its string hashes, so the layout of every dict and set of strings);
    `main` gives both checkouts of a round the same one, a new one each round, so a layout that happens to be slow
    falls on both sides of a round alike instead of on one side's median."""
    env = {"PYTHONPATH": checkout, "PATH": "/usr/bin:/bin"}
    if hash_seed is not None:
        env["PYTHONHASHSEED"] = str(hash_seed)
    out = subprocess.run([sys.executable, "-c", _CHILD, ruleset, str(games)], cwd=checkout, capture_output=True,
                         text=True, check=True, env=env)
    return json.loads(out.stdout)


def main(argv: list[str] | None = None) -> dict[str, dict[str, float]]:
    argv = sys.argv[1:] if argv is None else argv
    before, after = argv[0], argv[1]
    games = int(argv[argv.index("--games") + 1]) if "--games" in argv else 20
    rounds = int(argv[argv.index("--rounds") + 1]) if "--rounds" in argv else 3
    names = (argv[argv.index("--rulesets") + 1] if "--rulesets" in argv else "xfiles-fan,tragedy,xfiles-ccg")
    results: dict[str, dict[str, list[float]]] = {}
    for r in range(rounds):
        for name in names.split(","):
            order = [("before", before), ("after", after)]
            if r % 2:
                order.reverse()
            for label, checkout in order:
                m = measure(checkout, name, games, hash_seed=r + 1)
                results.setdefault(name, {}).setdefault(label, []).append(m["games_per_second"])
                results[name].setdefault(f"{label}_actions", []).append(m["actions_per_second"])
                results[name][f"{label}_length"] = [m["actions_per_game"]]
                results[name].setdefault(f"{label}_ends", []).append(m["ends"])
    summary = {}
    for name, d in results.items():
        b, a = statistics.median(d["before"]), statistics.median(d["after"])
        ba, aa = statistics.median(d["before_actions"]), statistics.median(d["after_actions"])
        same = d["before_ends"] == d["after_ends"]
        summary[name] = {"before": round(b, 1), "after": round(a, 1), "ratio": round(a / b, 2), "same_games": same,
                         "actions_ratio": round(aa / ba, 2)}
        print(f"{name}: before {b:.1f} games/cpu-s, after {a:.1f} games/cpu-s (x{a / b:.2f}; runs "
              f"{', '.join(f'{x:.1f}' for x in d['before'])} | {', '.join(f'{x:.1f}' for x in d['after'])}; "
              f"{'same' if same else 'DIFFERENT'} final tables); bot actions per game "
              f"{d['before_length'][0]:.1f} | {d['after_length'][0]:.1f}, per cpu-s {ba:.0f} | {aa:.0f} "
              f"(x{aa / ba:.2f})")
    return summary


if __name__ == "__main__":
    main()
