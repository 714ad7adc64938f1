"""The few statistics a balance report needs, in plain Python: intervals, paired tests, a multiple-test correction.

Every variant of a sweep plays the same seeds with the same seating, so two variants are compared game by game
(paired): McNemar's exact test for yes/no outcomes (who won), a paired z-test on the differences for numbers (game
length, score spread). Paired tests see a real difference with far fewer games than unpaired ones, because the
luck of the deal is shared. The p-values of one report are corrected together with Holm's method.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "Z95",
    "Comparison",
    "compare_binary",
    "compare_numbers",
    "holm",
    "mcnemar_exact",
    "mean_ci",
    "wilson",
]

#: the two-sided 95% normal quantile
Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (good at small counts and near 0 or 1); (0, 1) with no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_ci(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean with its normal-approximation 95% interval (mean, low, high); NaNs when empty."""
    if not values:
        return math.nan, math.nan, math.nan
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, m, m
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return m, m - half, m + half


def mcnemar_exact(only_a: int, only_b: int) -> float:
    """Two-sided exact McNemar p-value from the discordant pairs (yes in A only, yes in B only)."""
    n = only_a + only_b
    if n == 0:
        return 1.0
    k = min(only_a, only_b)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def _normal_p(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


@dataclass(slots=True)
class Comparison:
    """A variant against the baseline on one measure, over the games both have a value for."""

    measure: str
    baseline: float
    variant: float
    difference: float
    low: float
    high: float
    pairs: int
    p: float
    test: str
    #: Holm-corrected p-value across the report (filled in by `holm`)
    p_adjusted: float = math.nan

    @property
    def significant(self) -> bool:
        return self.p_adjusted < 0.05 if not math.isnan(self.p_adjusted) else self.p < 0.05


def compare_binary(measure: str, base: Sequence[bool | None], other: Sequence[bool | None]) -> Comparison:
    """Paired yes/no outcomes (None: no value in that game): McNemar's exact test on the rate difference."""
    pairs = [(a, b) for a, b in zip(base, other, strict=True) if a is not None and b is not None]
    n = len(pairs)
    ra = sum(a for a, _ in pairs) / n if n else math.nan
    rb = sum(b for _, b in pairs) / n if n else math.nan
    only_a = sum(1 for a, b in pairs if a and not b)
    only_b = sum(1 for a, b in pairs if b and not a)
    diff = rb - ra if n else math.nan
    if n > 1:
        # the paired difference's standard error (the variance of b - a over the pairs)
        diffs = [int(b) - int(a) for a, b in pairs]
        half = Z95 * statistics.stdev(diffs) / math.sqrt(n)
    else:
        half = math.nan
    return Comparison(measure, ra, rb, diff, diff - half, diff + half, n, mcnemar_exact(only_a, only_b),
                      "McNemar exact")


def compare_numbers(measure: str, base: Sequence[float | None], other: Sequence[float | None]) -> Comparison:
    """Paired numbers (None: no value in that game): the mean difference, its 95% interval and a paired z-test."""
    pairs = [(a, b) for a, b in zip(base, other, strict=True) if a is not None and b is not None]
    n = len(pairs)
    if n == 0:
        return Comparison(measure, math.nan, math.nan, math.nan, math.nan, math.nan, 0, 1.0, "paired z")
    diffs = [b - a for a, b in pairs]
    d = statistics.fmean(diffs)
    se = statistics.stdev(diffs) / math.sqrt(n) if n > 1 else 0.0
    if se > 0:
        p = _normal_p(d / se)
    else:
        p = 1.0 if d == 0 or n < 2 else 0.0
    return Comparison(measure, statistics.fmean(a for a, _ in pairs), statistics.fmean(b for _, b in pairs), d,
                      d - Z95 * se, d + Z95 * se, n, p, "paired z")


def holm(comparisons: Sequence[Comparison]) -> None:
    """Set `p_adjusted` on each comparison by Holm's step-down method (controls the family-wise error at 5%)."""
    order = sorted(range(len(comparisons)), key=lambda i: comparisons[i].p)
    m = len(order)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * comparisons[i].p))
        comparisons[i].p_adjusted = running
