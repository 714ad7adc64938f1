"""Headless bot-vs-bot games of any ruleset, with the statistics a designer wants: wins, lengths, scores, violations.

Every game goes through `Session.submit`, exactly as a person's would, so a strict self-play that reports a
violation has found a disagreement between a ruleset's legal actions and its checks.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.messages import plain
from ..core.session import Session
from . import get_ruleset
from .bots import make_bot

__all__ = ["GameRecord", "distribution", "format_report", "play_game", "simulate"]

DEFAULT_MAX_ACTIONS = 20_000


@dataclass(slots=True)
class GameRecord:
    """How one simulated game went."""

    index: int
    seed: int
    bots: list[str]
    first: int | None = None
    winner: int | None = None
    over: bool = False
    turns: int = 0
    actions: int = 0
    auto: int = 0
    scores: list[int] = field(default_factory=list)
    violations: list[dict[str, Any]] = field(default_factory=list)
    error: str = ""


def play_game(
    ruleset: str,
    bots: Sequence[str],
    seed: int,
    *,
    index: int = 0,
    options: Mapping[str, Any] | None = None,
    enforcement: str = "strict",
    max_actions: int = DEFAULT_MAX_ACTIONS,
    library: Any = None,
) -> GameRecord:
    """Play one game to its end (or `max_actions` bot actions) with one bot per seat, in seat order."""
    rules = get_ruleset(ruleset, options)
    state = rules.new_game(len(bots), seed=seed, enforcement=enforcement, library=library)
    session = Session(state, rules)
    players = [make_bot(name, rules, seed * 7919 + seat) for seat, name in enumerate(bots)]
    record = GameRecord(index, seed, list(bots))
    while record.actions < max_actions and not state.rules.get("over"):
        waiting = rules.waiting_for(state)
        if not waiting:
            record.error = "nobody can act"
            break
        seat = waiting[0]
        action = players[seat].choose(state, seat)
        if action is None:
            record.error = f"seat {seat} has no action"
            break
        result = session.submit(action, seat)
        if not result.accepted:
            record.error = f"seat {seat}: {action.type} refused: {result.error}"
            break
        record.actions += 1
        if result.entry is not None:
            record.auto += len(result.entry.auto)
    record.first = state.rules.get("first")  # some games only choose the first player after setup
    status = rules.status(state, None)
    record.over = bool(status.get("over", state.rules.get("over", False)))
    record.winner = status.get("winner") if record.over else None
    record.turns = int(status.get("turn", 0) or 0)
    scores = status.get("scores")
    record.scores = list(scores) if isinstance(scores, list) else [0] * len(bots)
    record.violations = [dict(v.to_dict(), message=plain(v.message)) for _, v in session.violations()]
    return record


def distribution(values: Sequence[float]) -> dict[str, float]:
    """min, quartiles, max and mean of a sample ({} when empty)."""
    if not values:
        return {}
    data = sorted(values)
    if len(data) > 1:
        q1, q2, q3 = statistics.quantiles(data, n=4, method="inclusive")
    else:
        q1 = q2 = q3 = data[0]
    return {
        "min": data[0],
        "p25": round(q1, 2),
        "median": round(q2, 2),
        "p75": round(q3, 2),
        "max": data[-1],
        "mean": round(statistics.fmean(data), 2),
    }


def simulate(
    ruleset: str,
    games: int,
    seed: int = 0,
    bots: Sequence[str] = ("greedy", "random"),
    *,
    options: Mapping[str, Any] | None = None,
    enforcement: str = "strict",
    max_actions: int = DEFAULT_MAX_ACTIONS,
    progress: Callable[[int, int], None] | None = None,
    library: Any = None,
) -> dict[str, Any]:
    """Play `games` games and report wins per seat and per bot, first-player wins, lengths, scores, violations, speed.

    The bots rotate one seat each game, so seat effects and bot strength can be told apart.
    """
    rules = get_ruleset(ruleset, options)
    n = max(len(bots), rules.min_seats)
    lineup = [bots[i % len(bots)] for i in range(n)]
    records: list[GameRecord] = []
    start = time.perf_counter()
    for i in range(games):
        seated = [lineup[(s + i) % n] for s in range(n)]
        records.append(play_game(ruleset, seated, seed * 1_000_003 + i, index=i, options=options,
                                 enforcement=enforcement, max_actions=max_actions, library=library))
        if progress is not None:
            progress(i + 1, games)
    seconds = time.perf_counter() - start
    return _report(ruleset, rules.options, games, seed, lineup, enforcement, records, seconds)


def _report(ruleset: str, options: Mapping[str, Any], games: int, seed: int, lineup: list[str], enforcement: str,
            records: list[GameRecord], seconds: float) -> dict[str, Any]:
    n = len(lineup)
    decided = [r for r in records if r.over and r.winner is not None]
    wins_seat = [sum(1 for r in decided if r.winner == s) for s in range(n)]
    per_bot: dict[str, dict[str, Any]] = {}
    for r in records:
        for s, bot in enumerate(r.bots):
            b = per_bot.setdefault(bot, {"seats_played": 0, "wins": 0})
            b["seats_played"] += 1
            b["wins"] += int(r.over and r.winner == s)
    for b in per_bot.values():
        b["win_rate"] = round(b["wins"] / b["seats_played"], 3) if b["seats_played"] else 0.0
    with_first = [r for r in decided if r.first is not None]
    first_wins = sum(1 for r in with_first if r.winner == r.first)
    by_rule: Counter[str] = Counter()
    for r in records:
        for v in r.violations:
            by_rule[v.get("rule") or v.get("code", "")] += 1
    actions = sum(r.actions for r in records)
    auto = sum(r.auto for r in records)
    winner_scores = [r.scores[r.winner] for r in decided if r.winner < len(r.scores)]
    loser_scores = [sc for r in decided for s, sc in enumerate(r.scores) if s != r.winner]
    errors = [f"game {r.index}: {r.error}" for r in records if r.error]
    return {
        "ruleset": ruleset,
        "games": games,
        "seed": seed,
        "bots": lineup,
        "enforcement": enforcement,
        "options": dict(options),
        "finished": sum(1 for r in records if r.over),
        "unfinished": sum(1 for r in records if not r.over),
        "draws": sum(1 for r in records if r.over and r.winner is None),
        "wins_per_seat": wins_seat,
        "wins_per_bot": per_bot,
        "first_player_wins": first_wins,
        "first_player_win_rate": round(first_wins / len(with_first), 3) if with_first else None,
        "length": {
            "turns": distribution([r.turns for r in records]),
            "actions": distribution([r.actions for r in records]),
        },
        "scores": {"winner": distribution(winner_scores), "others": distribution(loser_scores)},
        "violations": {"total": sum(by_rule.values()), "by_rule": dict(sorted(by_rule.items()))},
        "errors": errors[:20],
        "speed": {
            "seconds": round(seconds, 3),
            "games_per_second": round(games / seconds, 2) if seconds else None,
            "bot_actions": actions,
            "auto_actions": auto,
            "actions_per_second": round((actions + auto) / seconds, 1) if seconds else None,
        },
    }


def _dist_line(d: Mapping[str, float]) -> str:
    if not d:
        return "-"
    return f"min {d['min']}, median {d['median']}, mean {d['mean']}, max {d['max']} (p25 {d['p25']}, p75 {d['p75']})"


def format_report(report: Mapping[str, Any]) -> str:
    """The report as a few readable lines."""
    lines = [
        f"{report['games']} games of {report['ruleset']} ({report['enforcement']}), seed {report['seed']}, "
        f"bots {', '.join(report['bots'])} (rotating seats)",
        f"finished {report['finished']}, unfinished {report['unfinished']}, draws {report['draws']}",
        "wins per seat: " + ", ".join(f"seat {s}: {w}" for s, w in enumerate(report["wins_per_seat"])),
        "wins per bot: " + ", ".join(f"{b}: {d['wins']}/{d['seats_played']} ({d['win_rate']:.1%})"
                                     for b, d in report["wins_per_bot"].items()),
    ]
    rate = report["first_player_win_rate"]
    lines.append(f"first player wins: {report['first_player_wins']}" + (f" ({rate:.1%})" if rate is not None else ""))
    lines.append("turns: " + _dist_line(report["length"]["turns"]))
    lines.append("bot actions per game: " + _dist_line(report["length"]["actions"]))
    lines.append("winner's score: " + _dist_line(report["scores"]["winner"]))
    lines.append("other scores: " + _dist_line(report["scores"]["others"]))
    v = report["violations"]
    lines.append(f"violations: {v['total']}" + (
        " (" + ", ".join(f"{k}: {c}" for k, c in v["by_rule"].items()) + ")" if v["total"] else ""))
    for e in report["errors"]:
        lines.append(f"error: {e}")
    sp = report["speed"]
    lines.append(f"speed: {sp['seconds']} s, {sp['games_per_second']} games/s, {sp['actions_per_second']} actions/s "
                 f"({sp['bot_actions']} bot + {sp['auto_actions']} automatic actions)")
    return "\n".join(lines)
