"""Variant sweeps: the same seeds played under several rule variants, measured and compared with the first one.

A variant is a set of option overrides: one house-rules file, one point of a grid of option values
(`--grid hand_size=5,7`), or a file combined with a grid point. Every variant plays exactly the same games (seeds,
seating, bots, decks), so the comparison with the baseline (the first variant) is paired game by game.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..rules import RULESETS, OptionError, UnknownRuleset, get_ruleset
from ..rules.simulate import DEFAULT_MAX_ACTIONS, GameRecord
from .balance import balance, card_names, decision_times
from .games import lineup, plan
from .runner import run_specs
from .stats import Comparison, compare_binary, compare_numbers, holm, mean_ci, wilson

__all__ = ["Measure", "Sweep", "Variant", "grid_variants", "measures", "run_sweep", "variants"]


@dataclass(frozen=True, slots=True)
class Variant:
    """A named set of option overrides."""

    name: str
    options: Mapping[str, Any] = field(default_factory=dict)


def _option_specs(ruleset: str) -> dict[str, Any]:
    cls = RULESETS.get(ruleset)
    if cls is None:
        raise UnknownRuleset(ruleset)
    return {o.name: o for o in cls.option_specs}


def grid_variants(ruleset: str, grid: Sequence[str]) -> list[Variant]:
    """Every combination of `OPTION=v1,v2,...` values (each value read as YAML and checked against the option)."""
    specs = _option_specs(ruleset)
    axes: list[list[tuple[str, Any, str]]] = []
    for item in grid:
        name, sep, values = item.partition("=")
        name = name.strip()
        if not sep or not name or not values.strip():
            raise OptionError(f"--grid wants OPTION=VALUE,VALUE... (e.g. hand_size=5,7), not {item!r}")
        if name not in specs:
            raise OptionError(f"{ruleset} has no option {name!r}; its options: {', '.join(specs) or 'none'}")
        axis = []
        for text in values.split(","):
            text = text.strip()
            try:
                value = yaml.safe_load(text) if text else ""
            except yaml.YAMLError:
                value = text
            try:
                axis.append((name, specs[name].validate(value), text))
            except OptionError as e:
                raise OptionError(f"--grid {name}={text}: {e}") from None
        axes.append(axis)
    out = []
    for combo in itertools.product(*axes):
        out.append(Variant(",".join(f"{n}={t}" for n, _, t in combo), {n: v for n, v, _ in combo}))
    return out


def variants(ruleset: str, house_rules: Sequence[str] = (), grid: Sequence[str] = (), *,
             defaults: bool | None = None) -> list[Variant]:
    """The variants of a sweep: house-rule files, grid points, or each file combined with each grid point.

    `defaults` puts the ruleset's own options first as the baseline (by default: when only files are given).
    A file's errors are `YamlError`s naming file, line and option; a bad grid is an `OptionError`.
    """
    from ..store.houserules import load_house_rules

    files = [Variant(Path(p).stem, load_house_rules(p, ruleset)) for p in house_rules]
    points = grid_variants(ruleset, grid) if grid else []
    if files and points:
        out = [Variant(f"{f.name}+{g.name}", {**f.options, **g.options}) for f in files for g in points]
    else:
        out = files or points
    if defaults is None:
        defaults = not points
    if defaults:
        out.insert(0, Variant("defaults", {}))
    names = [v.name for v in out]
    for name in names:
        if names.count(name) > 1:
            raise OptionError(f"two variants are both called {name!r}: give the files different names")
    if len(out) < 1:
        raise OptionError("a sweep needs at least one variant: --house-rules FILE or --grid OPTION=V1,V2")
    return out


@dataclass(slots=True)
class Measure:
    """One measure of a variant: its value with a 95% interval, and its per-game values (None: no value)."""

    key: str
    label: str
    kind: str  # "rate" or "number"
    value: float
    low: float
    high: float
    count: int
    per_game: list[Any]


def _rate(key: str, label: str, per_game: list[bool | None]) -> Measure:
    given = [v for v in per_game if v is not None]
    k, n = sum(1 for v in given if v), len(given)
    lo, hi = wilson(k, n)
    return Measure(key, label, "rate", k / n if n else math.nan, lo, hi, n, per_game)


def _number(key: str, label: str, per_game: list[float | None]) -> Measure:
    given = [v for v in per_game if v is not None]
    m, lo, hi = mean_ci(given)
    return Measure(key, label, "number", m, lo, hi, len(given), per_game)


def measures(records: Sequence[GameRecord], seats: int, deck_labels: Sequence[str],
             scored: bool = True) -> list[Measure]:
    """First-player advantage, win rate per seat and per deck, game length, score spread (`scored`: where the
    ruleset keeps a score beyond the win, `GameRecord.scored`), unfinished games."""
    out = []
    decided = [r.end == "win" and r.winner is not None for r in records]
    out.append(_rate("first", "first player wins",
                     [(r.winner == r.first) if d and r.first is not None else None
                      for r, d in zip(records, decided, strict=True)]))
    for s in range(seats):
        out.append(_rate(f"seat{s + 1}", f"seat {s + 1} wins",
                         [(r.end == "win" and r.winner == s) if r.finished else None for r in records]))
    for label in deck_labels:
        out.append(_rate(f"deck:{label}", f"deck {label} wins",
                         [(r.end == "win" and r.winner is not None and r.winner < len(r.decks)
                           and r.decks[r.winner] == label) if r.finished and label in r.decks else None
                          for r in records]))
    out.append(_number("turns", "game length (turns)", [float(r.turns) if r.finished else None for r in records]))
    if scored:
        out.append(_number("spread", "score spread (highest - lowest)",
                           [float(max(r.scores) - min(r.scores)) if r.finished and r.scores else None
                            for r in records]))
    out.append(_rate("draws", "draws", [r.end == "draw" if r.finished else None for r in records]))
    out.append(_rate("unfinished", "unfinished (cap, deadlock, error)", [not r.finished for r in records]))
    return out


@dataclass(slots=True)
class Sweep:
    """A finished sweep: per variant its records and measures, the comparisons with the baseline, and the setup."""

    ruleset: str
    variants: list[Variant]
    records: dict[str, list[GameRecord]]
    measures: dict[str, list[Measure]]
    comparisons: dict[str, list[Comparison]]
    setup: dict[str, Any]

    @property
    def baseline(self) -> Variant:
        return self.variants[0]

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: setup, per variant its options, measures and comparisons (no per-game values)."""
        out: dict[str, Any] = {"ruleset": self.ruleset, "setup": self.setup, "baseline": self.baseline.name,
                               "variants": []}
        for v in self.variants:
            endings: dict[str, int] = {}
            for r in self.records[v.name]:
                endings[r.end] = endings.get(r.end, 0) + 1
            out["variants"].append({
                "name": v.name,
                "options": dict(v.options),
                "endings": endings,
                "unfinished_seeds": sorted({r.seed for r in self.records[v.name] if not r.finished})[:10],
                "measures": {m.key: {"label": m.label, "value": _num(m.value), "low": _num(m.low),
                                     "high": _num(m.high), "count": m.count} for m in self.measures[v.name]},
                "vs_baseline": {c.measure: {"difference": _num(c.difference), "low": _num(c.low),
                                            "high": _num(c.high), "pairs": c.pairs, "p": _num(c.p),
                                            "p_holm": _num(c.p_adjusted), "test": c.test,
                                            "significant": c.significant}
                                for c in self.comparisons.get(v.name, [])},
                "balance": balance(self.records[v.name], int(self.setup.get("seats", 2)), card_names()),
                "decisions": decision_times(self.records[v.name]),
            })
        return out


def _num(x: float) -> float | None:
    return None if x is None or (isinstance(x, float) and math.isnan(x)) else round(x, 4)


def run_sweep(ruleset: str, variant_list: Sequence[Variant], games: int, seed: int = 0,
              bots: Sequence[str] = ("greedy", "random"), *, seats: int | None = None,
              decks: Mapping[int, str] | None = None, swap_seats: bool = False, enforcement: str = "strict",
              max_actions: int = DEFAULT_MAX_ACTIONS, jobs: int | None = None, scheduler: Any = None,
              keep: str = "", progress: Callable[[int, int], None] | None = None) -> Sweep:
    """Play every variant on the same seeds (all games in one pool, so the cores stay busy) and compare them."""
    rules = get_ruleset(ruleset)
    n = seats or max(len(bots), rules.min_seats, max(decks or {0: ""}) + 1)
    specs = []
    per_variant = 0
    for v in variant_list:
        resolved = get_ruleset(ruleset, v.options).options  # checks the overrides once, here
        part = plan(ruleset, games, seed, bots, seats=n, decks=decks, swap_seats=swap_seats, options=resolved,
                    enforcement=enforcement, max_actions=max_actions, variant=v.name, keep=keep)
        per_variant = len(part)
        specs.extend(part)
    run = run_specs(specs, jobs=jobs, scheduler=scheduler, progress=progress)
    by_variant = {v.name: run.records[i * per_variant:(i + 1) * per_variant] for i, v in enumerate(variant_list)}
    labels = sorted({lab for recs in by_variant.values() for r in recs for lab in r.decks if lab})
    scored = any(r.scored for recs in by_variant.values() for r in recs if r.finished)  # the same rows for all
    all_measures = {name: measures(recs, n, labels, scored) for name, recs in by_variant.items()}
    base = variant_list[0].name
    comparisons: dict[str, list[Comparison]] = {}
    for v in variant_list[1:]:
        row = []
        for mb, mv in zip(all_measures[base], all_measures[v.name], strict=True):
            compare = compare_binary if mb.kind == "rate" else compare_numbers
            row.append(compare(mb.key, mb.per_game, mv.per_game))
        comparisons[v.name] = row
    holm([c for row in comparisons.values() for c in row if c.pairs > 0])
    setup = {
        "games_per_variant": per_variant,
        "seeds": games,
        "seed": seed,
        "bots": lineup(bots, n),
        "seats": n,
        "decks": {str(s + 1): p for s, p in sorted((decks or {}).items())},
        "swap_seats": swap_seats,
        "enforcement": enforcement,
        "max_actions": max_actions,
        "where": run.where,
        "workers": run.workers,
        "seconds": round(run.seconds, 2),
        "games_per_second": round(len(specs) / run.seconds, 2) if run.seconds else None,
    }
    return Sweep(ruleset, list(variant_list), by_variant, all_measures, comparisons, setup)
