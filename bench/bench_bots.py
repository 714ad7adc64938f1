"""Search bot figures: playouts on the fast path beside a floor, the light state copy, decision time per budget.

Run: python bench/bench_bots.py [--quick] [--json] [--playouts]; `--ab BEFORE_DIR` also times the same playouts the
way a checkout without the fast path must play them (a copy and `Session.submit`) in that checkout, interleaved
with this checkout's fast path over AB_ROUNDS rounds (alternating which goes first; medians): the row reads this
checkout's playouts per CPU second beside that checkout's as its floor. `--playouts`: that X-Files CCG row (and its
two same-checkout rows) alone.

Rows, each beside a floor measured in the same run (CPU time: the machine is shared and a playout is one thread):
- per ruleset, random 50-action playouts from mid-game positions on the fast path (`GameState.fork` + `step`) and
  through `Session.submit` on a `copy()` (the only way before the fast path), beside the floor of applying the same
  playouts' recorded events with no rules at all;
- `GameState.fork` beside a one-level copy of the same containers (new dicts and lists, the same objects), and
  the old `copy()` beside the same floor;
- the search bot's decision time (CPU, decisions with two or more moves) per level, beside greedy's on the same
  positions.
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's tabletop, not an installed one

from tabletop.core.session import Session  # noqa: E402
from tabletop.rules import get_ruleset  # noqa: E402
from tabletop.rules.bots import make_bot  # noqa: E402

__all__ = ["collect", "main"]

RULESETS = ("xfiles-ccg", "xfiles-fan", "tragedy")
LENGTH = 50
#: rounds of the A/B playout row (`--ab`), each side once per round, alternating which goes first
AB_ROUNDS = 5


def row(area: str, name: str, value: float, unit: str, *, floor: float | None = None,
        floor_name: str = "") -> dict[str, Any]:
    return {"area": area, "name": name, "value": value, "unit": unit, "floor": floor, "floor_name": floor_name}


def positions(name: str, count: int, seed: int = 3) -> list[Any]:
    """Mid-game tables of greedy self-play, where the seat to move has two or more legal moves."""
    rules = get_ruleset(name)
    out = []
    game = 0
    while len(out) < count and game < 50:
        state = rules.new_game(2, seed=seed + game, enforcement="strict")
        session = Session(state, rules)
        bots = [make_bot("greedy", rules, seed + s) for s in state.seats]
        for i in range(400):
            waiting = rules.waiting_for(state)
            if not waiting or state.rules.get("over"):
                break
            seat = waiting[0]
            if i >= 10 and i % 7 == 0 and len(list(rules.generate_actions(state, seat))) >= 2:
                out.append(state.copy())
                if len(out) >= count:
                    break
            session.submit(bots[seat].choose(state, seat), seat)
        game += 1
    return out


#: a random playout through `Session.submit` on a `copy()`: run here and, as source, in another checkout's process
_SLOW = r"""
def slow(rules, state, rng, length):
    s = Session(state.copy(), rules)
    for _ in range(length):
        waiting = rules.waiting_for(s.state)
        if not waiting or s.state.rules.get("over"):
            return
        moves = list(rules.generate_actions(s.state, waiting[0]))
        if not moves:
            return
        s.submit(rng.choice(moves), waiting[0])
"""

_PLAYOUT = r"""
import json, random, sys, time
sys.path.insert(0, ".")
from tabletop.core.session import Session
from tabletop.core.state import GameState
from tabletop.rules import get_ruleset
""" + _SLOW + r"""
name, length, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
starts = [GameState.from_dict(t) for t in json.loads(sys.stdin.read())]
rules = get_ruleset(name)
for i, state in enumerate(starts):  # card caches and imports warm, outside the clock (as in this checkout)
    slow(rules, state, random.Random(10_000 + i), length)
t0 = time.process_time()
n = 0
for r in range(rounds):
    for i, state in enumerate(starts):
        slow(rules, state, random.Random(r * 1000 + i), length)
        n += 1
print(json.dumps({"playouts_per_cpu_s": n / (time.process_time() - t0)}))
"""


def _fast(rules: Any, state: Any, rng: random.Random, events: list[Any] | None = None) -> None:
    from tabletop.core.reducer import reduce_tx  # noqa: F401 - the fast path's own import, warm
    from tabletop.rules.search.fast import step

    table = state.fork()
    for _ in range(LENGTH):
        waiting = rules.waiting_for(table)
        if not waiting or table.rules.get("over"):
            return
        moves = list(rules.generate_actions(table, waiting[0]))
        if not moves:
            return
        if events is None:
            step(table, rules, rng.choice(moves), waiting[0])
        else:
            _recorded_step(table, rules, rng.choice(moves), waiting[0], events)


def _recorded_step(state: Any, rules: Any, action: Any, seat: int, out: list[Any]) -> None:
    """`step`, keeping the events it applied (for the floor: the same events applied with no rules)."""
    from tabletop.core.reducer import reduce_tx

    tx = reduce_tx(state, action, seat, rules)
    out.extend(tx.events)
    pending = list(rules.after(state, tx.events, seat))
    while pending:
        follow, who = pending.pop(0)
        t = reduce_tx(state, follow, who, rules)
        out.extend(t.events)
        pending = list(rules.after(state, t.events, who)) + pending


def _cpu(fn: Any, rounds: int, count: int) -> float:
    """Calls per CPU second of `fn(r, i)` over rounds x count calls."""
    t0 = time.process_time()
    for r in range(rounds):
        for i in range(count):
            fn(r, i)
    return rounds * count / (time.process_time() - t0)


def playouts(name: str, quick: bool, before: str | None) -> list[dict[str, Any]]:
    rules = get_ruleset(name)
    starts = positions(name, 6 if quick else 20)
    rounds = 2 if quick else 5
    for i, state in enumerate(starts):  # warm, outside the clock
        _fast(rules, state, random.Random(10_000 + i))
    fast = _cpu(lambda r, i: _fast(rules, starts[i], random.Random(r * 1000 + i)), rounds, len(starts))
    recorded = []
    for i, state in enumerate(starts):
        events: list[Any] = []
        _fast(rules, state, random.Random(i), events)
        recorded.append(events)

    def replay(r: int, i: int) -> None:
        table = starts[i].fork()
        for e in recorded[i]:
            e.apply(table)

    floor = _cpu(replay, rounds, len(starts))
    slow = _slow_here(rules, starts, rounds)
    label = f"{name}: random {LENGTH}-action playouts"
    rows = [row("bots", f"{label}, fast path (fork + step)", fast, "playouts/cpu-s", floor=floor,
                floor_name="the same moves' events applied, no rules"),
            row("bots", f"{label}, Session.submit on a copy (the way without the fast path)", slow,
                "playouts/cpu-s", floor=fast, floor_name="the fast path, same positions")]
    if before:
        ours, then = _ab(rules, starts, rounds, before, name, 2 if quick else AB_ROUNDS)
        rows.append(row("bots", f"{label}, fast path beside {Path(before).name} (A/B interleaved, median of "
                        f"{len(ours)} rounds: {', '.join(f'{x:.0f}' for x in ours)} | "
                        f"{', '.join(f'{x:.0f}' for x in then)})", statistics.median(ours), "playouts/cpu-s",
                        floor=statistics.median(then),
                        floor_name=f"the same playouts at {Path(before).name} (Session.submit on a copy)"))
    return rows


def _ab(rules: Any, starts: list[Any], rounds: int, before: str, name: str,
        ab_rounds: int) -> tuple[list[float], list[float]]:
    """This checkout's fast-path playouts and the other checkout's (its own process, the same positions and
    seeds), `ab_rounds` times, alternating which runs first: each side's playouts per CPU second per round."""
    tables = json.dumps([s.to_dict() for s in starts])

    def theirs() -> float:
        out = subprocess.run([sys.executable, "-c", _PLAYOUT, name, str(LENGTH), str(rounds)], input=tables,
                             cwd=before, capture_output=True, text=True, check=True,
                             env={"PYTHONPATH": before, "PATH": "/usr/bin:/bin"})
        return float(json.loads(out.stdout)["playouts_per_cpu_s"])

    def mine() -> float:
        return _cpu(lambda r, i: _fast(rules, starts[i], random.Random(r * 1000 + i)), rounds, len(starts))

    ours: list[float] = []
    then: list[float] = []
    for k in range(ab_rounds):
        if k % 2:
            then.append(theirs())
            ours.append(mine())
        else:
            ours.append(mine())
            then.append(theirs())
    return ours, then


def _slow_here(rules: Any, starts: list[Any], rounds: int) -> float:
    space: dict[str, Any] = {"Session": Session}
    exec(_SLOW, space)  # noqa: S102 - this file's own source, shared with the other checkout's child process
    slow = space["slow"]
    return _cpu(lambda r, i: slow(rules, starts[i], random.Random(r * 1000 + i), LENGTH), rounds, len(starts))


def copies(quick: bool) -> list[dict[str, Any]]:
    state = positions("xfiles-ccg", 1)[0]
    n = 200 if quick else 2000

    def plain(r: int, i: int) -> None:
        _ = ({k: v for k, v in state.pieces.items()}, {k: z.pieces.copy() for k, z in state.zones.items()},
             dict(state.rules), [dict(p.counters) for p in state.players])

    floor = 1e6 / _cpu(plain, 1, n)
    fork = 1e6 / _cpu(lambda r, i: state.fork(), 1, n)
    copy = 1e6 / _cpu(lambda r, i: state.copy(), 1, max(20, n // 10))
    return [row("bots", f"xfiles-ccg: GameState.fork ({len(state.pieces)} pieces)", fork, "us", floor=floor,
                floor_name="a one-level copy of the same dicts and lists"),
            row("bots", f"xfiles-ccg: GameState.copy ({len(state.pieces)} pieces)", copy, "us", floor=floor,
                floor_name="a one-level copy of the same dicts and lists")]


def decisions(name: str, quick: bool) -> list[dict[str, Any]]:
    from tabletop.rules.search.ismcts import LEVELS
    from tabletop.rules.search.knowledge import knowledge

    rules = get_ruleset(name)
    starts = positions(name, 4 if quick else 12, seed=11)
    greedy = make_bot("greedy", rules, 1)
    g_times = []
    for state in starts:
        seat = rules.waiting_for(state)[0]
        t0 = time.process_time()
        greedy.choose(state, seat)
        g_times.append((time.process_time() - t0) * 1e3)
    rows = []
    for level in ("easy", "normal") if quick else LEVELS:
        bot = make_bot("ismcts" if level == "normal" else f"ismcts:{level}", rules, 1)
        for state in starts:
            seat = rules.waiting_for(state)[0]
            bot.decide(knowledge(state, seat, rules))
        times = sorted(t * 1e3 for t in bot.decision_times)
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0
        rows.append(row("bots", f"{name}: ismcts:{level} ({LEVELS[level][0]} iterations) decision, median "
                        f"(p95 {p95:.0f} ms, {len(times)} positions)", statistics.median(times) if times else 0.0,
                        "ms", floor=statistics.median(g_times), floor_name="greedy on the same positions"))
    return rows


def collect(quick: bool = False, before: str | None = None, playouts_only: bool = False) -> list[dict[str, Any]]:
    if playouts_only:  # the A/B figure alone: X-Files CCG playouts here and in `before`
        return playouts("xfiles-ccg", quick, before)
    rows = copies(quick)
    for name in RULESETS:
        rows.extend(playouts(name, quick, before if name == "xfiles-ccg" else None))
    for name in RULESETS:
        rows.extend(decisions(name, quick))
    return rows


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    argv = sys.argv[1:] if argv is None else argv
    before = argv[argv.index("--ab") + 1] if "--ab" in argv[:-1] else None
    rows = collect("--quick" in argv, before, "--playouts" in argv)
    if "--json" in argv:
        print(json.dumps(rows, indent=2))
    else:
        for r in rows:
            # a rate's ratio to its floor reads "x N" (higher is faster); a time's does not (lower is faster)
            ratio = f", x{r['value'] / r['floor']:.2f}" if r["unit"].endswith("/cpu-s") and r["floor"] else ""
            print(f"{r['name']}: {r['value']:.1f} {r['unit']} (floor {r['floor']:.1f}: {r['floor_name']}{ratio})")
    return rows


if __name__ == "__main__":
    main()
