"""The statistics of a sweep: intervals and paired tests checked against values worked out by hand."""

from __future__ import annotations

import math

from tabletop.lab.stats import compare_binary, compare_numbers, holm, mcnemar_exact, mean_ci, wilson


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert math.isclose(lo, 0.4038, abs_tol=1e-4) and math.isclose(hi, 0.5962, abs_tol=1e-4)
    assert wilson(0, 10)[0] == 0.0 and 0.277 < wilson(0, 10)[1] < 0.278
    assert wilson(0, 0) == (0.0, 1.0)


def test_mcnemar_exact() -> None:
    assert mcnemar_exact(0, 0) == 1.0
    # 10 discordant pairs all one way: 2 * 0.5**10
    assert math.isclose(mcnemar_exact(10, 0), 2 / 1024)
    assert math.isclose(mcnemar_exact(3, 5), 0.7265625)


def test_paired_comparisons() -> None:
    same = compare_binary("x", [True, False, None, True], [True, False, True, True])
    assert same.pairs == 3 and same.difference == 0 and same.p == 1.0 and not same.significant
    shifted = compare_numbers("len", [10.0, 12.0, 11.0, 9.0] * 10, [12.0, 13.5, 13.0, 11.0] * 10)
    assert math.isclose(shifted.difference, 1.875) and shifted.low < 1.875 < shifted.high
    assert shifted.p < 1e-6 and shifted.test == "paired z"
    m, lo, hi = mean_ci([1.0, 2.0, 3.0])
    assert m == 2.0 and lo < 2.0 < hi


def test_holm_correction_is_step_down_and_monotone() -> None:
    cs = [compare_numbers(str(i), [0.0, 0.0], [0.0, 0.0]) for i in range(3)]
    for c, p in zip(cs, (0.01, 0.04, 0.03), strict=True):
        c.p = p
    holm(cs)
    assert [round(c.p_adjusted, 4) for c in cs] == [0.03, 0.06, 0.06]
    assert cs[0].significant and not cs[1].significant
