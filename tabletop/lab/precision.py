"""`--precision`: how wide the intervals that matter still are, and how many games would narrow them enough.

The intervals that matter are the ones a balance question is about: each seat's win rate, the first player's, each
bot's and each deck's when there are several, and the banned card's effect with `--restrict`. The widest of them
(its half-width: the 95% interval is the rate plus or minus that) decides whether to play on; the games wanted
come from the normal approximation n = z²·p(1-p)/P² for the rate that needs the most.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..rules.simulate import GameRecord
from .balance import restrict_effect
from .stats import Z95, wilson

__all__ = ["widest"]


def _half(k: int, n: int) -> float:
    lo, hi = wilson(k, n)
    return (hi - lo) / 2


def _wanted(k: int, n: int, precision: float) -> int:
    p = k / n if n else 0.5
    p = min(max(p, 0.05), 0.95)
    return math.ceil(Z95 * Z95 * p * (1 - p) / (precision * precision))


def widest(records: Sequence[GameRecord], seats: int, precision: float) -> tuple[float, int]:
    """The widest half-width among the intervals that matter, and the seeds that would narrow it to `precision`."""
    plain = [r for r in records if not r.restricted]
    finished = [r for r in plain if r.finished]
    per_seed = max(1, len(plain) // max(1, len({r.seed for r in plain})))
    counts: list[tuple[int, int]] = []
    for s in range(seats):
        counts.append((sum(1 for r in finished if r.end == "win" and r.winner == s), len(finished)))
    decided = [r for r in finished if r.end == "win" and r.first is not None]
    counts.append((sum(1 for r in decided if r.winner == r.first), len(decided)))
    for key in ("bots", "decks"):
        labels = {lab for r in plain for lab in (r.bots if key == "bots" else r.decks)}
        if len(labels) < 2:
            continue
        for lab in labels:
            games = [(r, s) for r in finished for s, x in enumerate(r.bots if key == "bots" else r.decks) if x == lab]
            counts.append((sum(1 for r, s in games if r.end == "win" and r.winner == s), len(games)))
    half = max((_half(k, n) for k, n in counts), default=1.0)
    finish_share = len(finished) / len(plain) if plain else 1.0
    wanted = max((_wanted(k, n, precision) for k, n in counts), default=0)
    effect = restrict_effect(records)
    if effect is not None:
        if effect["low"] is None:
            half = 1.0
        else:
            half = max(half, (effect["high"] - effect["low"]) / 2)
            wanted = max(wanted, 2 * wanted)  # a paired difference of two rates: about twice the games of one
    seeds = math.ceil(wanted / max(finish_share, 0.05) / per_seed)
    return half, seeds
