"""A sweep as a Markdown report (with its PNGs embedded), a JSON file, and a short text summary for the terminal.

The table puts the variants side by side: each measure with its 95% interval, and for every variant after the
first its difference from the baseline, starred when significant (paired test, Holm-corrected p < 0.05).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from ..rules.simulate import card_text_line, card_text_report
from ..store.saves import atomic_write
from .stats import Comparison
from .sweep import Measure, Sweep

__all__ = ["format_summary", "markdown", "write_report"]


def _value(m: Measure) -> str:
    if m.count == 0 or math.isnan(m.value):
        return "-"
    if m.kind == "rate":
        return f"{m.value:.1%} [{m.low:.1%}, {m.high:.1%}] (n={m.count})"
    return f"{m.value:.1f} [{m.low:.1f}, {m.high:.1f}] (n={m.count})"


def _diff(c: Comparison | None, kind: str) -> str:
    if c is None or c.pairs == 0 or math.isnan(c.difference):
        return ""
    if kind == "rate":
        text = f"{100 * c.difference:+.1f} pts [{100 * c.low:+.1f}, {100 * c.high:+.1f}]"
    else:
        text = f"{c.difference:+.1f} [{c.low:+.1f}, {c.high:+.1f}]"
    mark = " **\\***" if c.significant else ""
    return f"<br>{text}, p={c.p_adjusted:.3g}{mark}"


def markdown(sweep: Sweep, plots: list[Path], folder: Path) -> str:
    """The report's Markdown text (plots linked relative to `folder`)."""
    s = sweep.setup
    names = [v.name for v in sweep.variants]
    lines = [
        f"# Sweep: {sweep.ruleset}, {len(names)} variants",
        "",
        f"{s['games_per_variant']} games per variant ({s['seeds']} seeds from seed {s['seed']}"
        f"{', each played twice with the decks exchanged' if s['swap_seats'] else ''}), the same games in every "
        f"variant; bots {', '.join(s['bots'])} rotating one seat per seed; {s['enforcement']} enforcement; "
        f"a game stopped after {s['max_actions']} bot actions counts as unfinished.",
        "",
    ]
    if s["decks"]:
        lines += ["Decks: " + ", ".join(f"seat {k}: `{v}`" for k, v in s["decks"].items()), ""]
    lines += ["| variant | options |", "|---|---|"]
    for v in sweep.variants:
        opts = ", ".join(f"{k}={v.options[k]!r}" for k in sorted(v.options)) or "(the ruleset's defaults)"
        lines.append(f"| {v.name}{' (baseline)' if v is sweep.baseline else ''} | {opts} |")
    lines += ["", "## Pictures", ""]
    for p in plots:
        lines += [f"![{p.stem}]({p.relative_to(folder).as_posix()})", ""]
    lines += [
        "## Side by side",
        "",
        "Each cell: the value with its 95% interval (Wilson for rates, normal for means) and the number of games "
        "it is measured over; below it, the difference from the baseline with its 95% interval and p-value. "
        "Differences are tested game by game, since every variant plays the same seeds: McNemar's exact test for "
        "rates, a paired z-test for game length and score spread; p-values are Holm-corrected over the whole "
        "table. **\\*** marks p < 0.05.",
        "",
        "| measure | " + " | ".join(names) + " |",
        "|---|" + "---|" * len(names),
    ]
    base = sweep.measures[names[0]]
    for i, m0 in enumerate(base):
        cells = []
        for name in names:
            m = sweep.measures[name][i]
            comps = {c.measure: c for c in sweep.comparisons.get(name, [])}
            cells.append(_value(m) + _diff(comps.get(m.key), m.kind))
        lines.append(f"| {m0.label} | " + " | ".join(cells) + " |")
    lines += _card_text_lines(sweep, names)
    lines += _balance_section(sweep)
    lines += ["", "## Unfinished games", ""]
    any_unfinished = False
    for name in names:
        bad = [r for r in sweep.records[name] if not r.finished]
        if not bad:
            continue
        any_unfinished = True
        by: dict[str, list] = {}
        for r in bad:
            by.setdefault(r.end, []).append(r)
        for end, rs in by.items():
            seeds = ", ".join(str(r.seed) for r in rs[:5]) + (", ..." if len(rs) > 5 else "")
            lines.append(f"- {name}: {len(rs)} by {end} (seeds {seeds}): {rs[0].error or rs[0].detail}")
    if not any_unfinished:
        lines.append("None: every game ended by the rules.")
    lines += ["", f"Played on {s['where']} in {s['seconds']} s ({s['games_per_second']} games/s).", ""]
    return "\n".join(lines)


def _card_text_lines(sweep: Sweep, names: list[str]) -> list[str]:
    """How much of each variant's games the card text the engine ran covers (`card_text`)."""
    lines = ["", "## Card text", "",
             "Each time a card's text came to apply: run by the engine, or left to the players (by hand).", ""]
    for name in names:
        lines.append(f"- {name}: {card_text_line(card_text_report(sweep.records[name]))}")
    return lines


def _balance_section(sweep: Sweep) -> list[str]:
    """Per variant: the bot match-ups, the cards that moved win rates most, lead changes and decision times."""
    from .balance import balance, card_label, card_names, decision_times

    lines = ["", "## Balance per variant", "",
             "Win rates over finished games with 95% Wilson intervals. A card's contribution is its seat's win "
             "rate in the games it was played against the games it was not, within the same bot, deck and seat "
             "(an association, not a cause: `simulate --restrict CARD` measures the cause on the same games).", ""]
    names = card_names()
    for v in sweep.variants:
        b = balance(sweep.records[v.name], int(sweep.setup.get("seats", 2)), names)
        lines.append(f"### {v.name}")
        lines.append("")
        for row, cols in b["bots"].items():
            for col, d in cols.items():
                if d["rate"] is not None:
                    lines.append(f"- {row} against {col}: {d['rate']:.1%} [{d['low']:.1%}, {d['high']:.1%}] "
                                 f"(n={d['n']})")
        for c in b["cards"][:5]:
            lines.append(f"- {card_label(c)} played: {c['difference']:+.1%} [{c['low']:+.1%}, {c['high']:+.1%}] "
                         f"win rate against not played (n={c['played']['n']})")
        if b["scores"]:
            lc = b["scores"]["lead_changes"]
            lines.append(f"- lead changes per game: {lc['mean']} [{lc['low']}, {lc['high']}]")
        for bot, d in decision_times(sweep.records[v.name]).items():
            lines.append(f"- {bot} decides in {d['median_ms']} ms (median; p95 {d['p95_ms']} ms)")
        lines.append("")
    return lines


def write_report(sweep: Sweep, folder: str | Path, *, plots: bool = True) -> tuple[Path, list[Path], str]:
    """Write `report.md`, `report.json` and the PNGs into `folder`; (report path, plots, a note on plots)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    note = ""
    if plots:
        from .plots import PlotsUnavailable, write_plots

        try:
            written = write_plots(sweep, folder)
        except PlotsUnavailable as e:
            note = str(e)
    data = sweep.to_dict()
    data["card_text"] = {v.name: card_text_report(sweep.records[v.name]) for v in sweep.variants}
    atomic_write(folder / "report.json", json.dumps(data, indent=2) + "\n")
    path = folder / "report.md"
    atomic_write(path, markdown(sweep, written, folder))
    return path, written, note


def format_summary(sweep: Sweep) -> str:
    """A few lines for the terminal: per variant the headline measures, significant differences starred."""
    lines = []
    for v in sweep.variants:
        comps = {c.measure: c for c in sweep.comparisons.get(v.name, [])}
        parts = []
        for m in sweep.measures[v.name]:
            if m.key in ("first", "turns", "spread", "unfinished") or m.key.startswith("deck:"):
                c = comps.get(m.key)
                star = "*" if c is not None and c.significant else ""
                shown = f"{m.value:.1%}" if m.kind == "rate" else f"{m.value:.1f}"
                parts.append(f"{m.label} {'-' if m.count == 0 else shown}{star}")
        lines.append(f"{v.name}: " + "; ".join(parts))
    lines.append("* significantly different from the baseline (paired test, Holm-corrected p < 0.05)")
    return "\n".join(lines)
