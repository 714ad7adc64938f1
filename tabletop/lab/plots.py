"""The pictures of a sweep (matplotlib, written as PNGs): what a designer looks at before reading any table.

- `win_rates.png`: first-player and per-seat win rates per variant with 95% intervals, against the fair line.
- `decks.png`: win rate per deck per variant (when decks were given).
- `length.png` and `spread.png`: the distribution of game length and score spread per variant (box plots; the
  spread only where the ruleset keeps a score beyond the win, `GameRecord.scored`).
- `endings.png`: how the games ended per variant (wins, draws, caps, deadlocks...), stacked.
A variant whose difference from the baseline is significant is starred in its label.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any

from ..errors import TabletopError
from .sweep import Measure, Sweep

__all__ = ["PlotsUnavailable", "write_plots"]

_ENDINGS = ("win", "draw", "cap", "deadlock", "refused", "crash")
_COLOURS = {"win": "#4c9a5b", "draw": "#9aa5b1", "cap": "#e0a43a", "deadlock": "#c8553d", "refused": "#8e3b9e",
            "crash": "#222222"}


class PlotsUnavailable(TabletopError, RuntimeError):
    """matplotlib is not installed."""


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise PlotsUnavailable("plots need matplotlib: pip install 'tabletop[lab]'") from None
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    return plt


def _starred(sweep: Sweep, variant: str, keys: set[str]) -> str:
    hits = [c for c in sweep.comparisons.get(variant, []) if c.measure in keys and c.significant]
    return f"{variant} *" if hits else variant


def _rate_chart(plt: Any, sweep: Sweep, keys: list[str], title: str, fair: float | None, path: Path) -> None:
    names = [v.name for v in sweep.variants]
    fig, ax = plt.subplots(figsize=(max(6.0, 1.4 * len(names) * max(1, len(keys)) / 2 + 3), 4.2), dpi=110)
    width = 0.8 / max(1, len(keys))
    for k, key in enumerate(keys):
        xs, ys, errs, label = [], [], [[], []], key
        for i, name in enumerate(names):
            m = _measure(sweep, name, key)
            if m is None:
                continue
            label = m.label
            value = 0.0 if math.isnan(m.value) else m.value
            xs.append(i + (k - (len(keys) - 1) / 2) * width)
            ys.append(100 * value)
            errs[0].append(100 * max(0.0, value - m.low))
            errs[1].append(100 * max(0.0, m.high - value))
        ax.bar(xs, ys, width * 0.92, yerr=errs, capsize=3, label=label)
    if fair is not None:
        ax.axhline(100 * fair, color="#555555", linestyle="--", linewidth=1, label=f"fair ({fair:.0%})")
    ax.set_xticks(range(len(names)), [_starred(sweep, n, set(keys)) for n in names], rotation=15, ha="right")
    ax.set_ylabel("% of finished games (95% interval)")
    ax.set_ylim(0, 100)
    ax.set_title(title)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    _save(plt, fig, path)


def _box_chart(plt: Any, sweep: Sweep, key: str, title: str, ylabel: str, path: Path) -> None:
    names = [v.name for v in sweep.variants]
    data = []
    for name in names:
        m = _measure(sweep, name, key)
        data.append([v for v in (m.per_game if m else []) if v is not None] or [math.nan])
    fig, ax = plt.subplots(figsize=(max(6.0, 1.3 * len(names) + 2), 4.2), dpi=110)
    ax.boxplot(data, showmeans=True, meanprops={"marker": "D", "markerfacecolor": "white",
                                                 "markeredgecolor": "black", "markersize": 5})
    ax.set_xticks(range(1, len(names) + 1), [_starred(sweep, n, {key}) for n in names], rotation=15, ha="right")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(axis="y", alpha=0.3)
    _save(plt, fig, path)


def _endings_chart(plt: Any, sweep: Sweep, path: Path) -> None:
    names = [v.name for v in sweep.variants]
    fig, ax = plt.subplots(figsize=(max(6.0, 1.3 * len(names) + 2), 3.8), dpi=110)
    bottom = [0.0] * len(names)
    for end in _ENDINGS:
        counts = [sum(1 for r in sweep.records[n] if r.end == end) for n in names]
        if not any(counts):
            continue
        ax.bar(range(len(names)), counts, 0.6, bottom=bottom, label=end, color=_COLOURS[end])
        bottom = [b + c for b, c in zip(bottom, counts, strict=True)]
    for i, name in enumerate(names):  # a few capped games are a sliver of a bar: say how many
        unfinished = sum(1 for r in sweep.records[name] if not r.finished)
        draws = sum(1 for r in sweep.records[name] if r.end == "draw")
        ax.text(i, bottom[i], f"{unfinished} unfinished, {draws} draws", ha="center", va="bottom", fontsize=8)
    ax.set_xticks(range(len(names)), [_starred(sweep, n, {"unfinished"}) for n in names], rotation=15, ha="right")
    ax.set_ylim(0, max(bottom, default=1) * 1.1 or 1)
    ax.set_ylabel("games")
    ax.set_title("How the games ended")
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    _save(plt, fig, path)


def _cards_chart(plt: Any, sweep: Sweep, path: Path) -> bool:
    """The baseline's cards that moved their seat's win rate most when played, with 95% intervals."""
    from .balance import balance, card_label, card_names

    cards = balance(sweep.records[sweep.baseline.name], int(sweep.setup["seats"]), card_names())["cards"][:12]
    if not cards:
        return False
    labels = [card_label(c) for c in cards]
    fig, ax = plt.subplots(figsize=(6 + 0.07 * max(map(len, labels)), 0.45 * len(cards) + 1.8))
    ys = list(range(len(cards)))[::-1]
    diffs = [100 * c["difference"] for c in cards]
    errs = [[100 * (c["difference"] - c["low"]) for c in cards], [100 * (c["high"] - c["difference"]) for c in cards]]
    ax.barh(ys, diffs, xerr=errs, color=["#5cb85c" if d > 0 else "#d9534f" for d in diffs], capsize=3)
    ax.set_yticks(ys, labels, fontsize=8)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlabel("win rate when played minus when not (points)")
    ax.set_title(f"Cards and win rate ({sweep.baseline.name})\nwithin the same bot, deck and seat; an association, "
                 "not a cause", fontsize=10)
    _save(plt, fig, path)
    return True


def _save(plt: Any, fig: Any, path: Path) -> None:
    """Write the figure through a temporary file, so a PNG is never left half-written."""
    fig.tight_layout()
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        fig.savefig(tmp, format="png")
        os.replace(tmp, path)
    finally:
        plt.close(fig)
        tmp.unlink(missing_ok=True)


def _measure(sweep: Sweep, variant: str, key: str) -> Measure | None:
    for m in sweep.measures[variant]:
        if m.key == key:
            return m
    return None


def write_plots(sweep: Sweep, folder: str | Path) -> list[Path]:
    """Write the sweep's PNGs into `folder`; the paths written, in the order the report shows them."""
    plt = _pyplot()
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    seats = int(sweep.setup["seats"])
    written = []
    path = folder / "win_rates.png"
    _rate_chart(plt, sweep, ["first"] + [f"seat{s + 1}" for s in range(seats)],
                "First-player advantage and win rate per seat", 1 / seats, path)
    written.append(path)
    decks = [m.key for m in sweep.measures[sweep.baseline.name] if m.key.startswith("deck:")]
    if decks:
        path = folder / "decks.png"
        _rate_chart(plt, sweep, decks, "Win rate per deck", 1 / seats, path)
        written.append(path)
    path = folder / "length.png"
    _box_chart(plt, sweep, "turns", "Game length (finished games)", "turns", path)
    written.append(path)
    if _measure(sweep, sweep.baseline.name, "spread") is not None:  # a ruleset keeping a score beyond the win
        path = folder / "spread.png"
        _box_chart(plt, sweep, "spread", "Score spread at the end (highest - lowest)", "points", path)
        written.append(path)
    path = folder / "endings.png"
    _endings_chart(plt, sweep, path)
    written.append(path)
    path = folder / "cards.png"
    if _cards_chart(plt, sweep, path):
        written.append(path)
    return written
