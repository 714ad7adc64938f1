"""`tabletop cards coverage PATH --ruleset NAME [--json]`: how much of a card set the engine plays.

For every card its status: `no_text` (no game text beyond reminder text), `automated` (every sentence executed),
`partly` (some abilities run, the sentences `left` applied by hand) or `by_hand`; then the totals. A card whose
importer lost its text (`text_lost`) is never `no_text`. The ruleset's compiler (`Ruleset.compile_text`) reads the
text; an `effects:` written in the card file wins over it.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

__all__ = ["STATUSES", "add_arguments", "coverage_rows", "coverage_totals", "format_coverage", "run"]

STATUSES = ("no_text", "automated", "partly", "by_hand")


def add_arguments(sub: Any) -> None:
    """Add `coverage` to the `cards` subcommands."""
    p = sub.add_parser("coverage", help="For every card of the sets at PATH: no_text, automated, partly or by_hand "
                       "under a ruleset, with the sentences left to apply by hand, and the totals.")
    p.add_argument("path", help="a cards folder, one set folder or one card file")
    p.add_argument("--ruleset", required=True, help="the ruleset whose compiler reads the cards' text")
    p.add_argument("--json", action="store_true", help="print a JSON report: rows (ref, title, status, left), totals")


def coverage_rows(rules: Any, cards: Iterable[Any]) -> list[dict[str, Any]]:
    """One row per card: `ref`, `title`, `status`, `left` (the sentences applied by hand)."""
    rows = []
    for card in cards:
        text = rules.text_of(card)
        rows.append({"ref": card.ref, "title": card.name, "status": text.status, "left": list(text.left)})
    return rows


def coverage_totals(rows: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Cards per status, the number of cards, and the share that is `no_text` or `automated`."""
    counts = dict.fromkeys(STATUSES, 0)
    for r in rows:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    cards = sum(counts.values())
    played = counts["no_text"] + counts["automated"]
    return {**counts, "cards": cards, "no_text_or_automated": played,
            "share": round(played / cards, 4) if cards else 0.0}


def format_coverage(rows: list[dict[str, Any]], totals: Mapping[str, Any], ruleset: str) -> str:
    width = max((len(r["title"]) for r in rows), default=0)
    lines = []
    for r in rows:
        line = f"{r['status']:<10} {r['title']:<{width}}  {r['ref']}"
        lines.append(line)
        lines += [f"{'':<10}   left: {s}" for s in r["left"]]
    counts = ", ".join(f"{s} {totals[s]}" for s in STATUSES)
    lines.append(f"{totals['cards']} cards under {ruleset}: {counts}; no_text or automated "
                 f"{totals['no_text_or_automated']}/{totals['cards']} ({100 * totals['share']:.1f}%)")
    return "\n".join(lines)


def _cards_at(path: Path) -> tuple[list[Any], list[str]]:
    """The cards of every set at `path` (a root, a set folder or a card file), and what kept a set from loading."""
    from ..cards import format_problems
    from ..cards.loader import find_set_dirs, read_set, set_dir_of

    if path.is_file():
        set_dir = set_dir_of(path)
        dirs = [set_dir] if set_dir is not None else []
    else:
        dirs = find_set_dirs(path)
    cards: list[Any] = []
    problems: list[str] = []
    for set_dir in dirs:
        card_set, found = read_set(set_dir)
        if found:
            problems.append(format_problems(found))
        wanted = [c for c in card_set if not path.is_file() or Path(c.source).resolve() == path.resolve()]
        cards += wanted
    return cards, problems


def run(args: argparse.Namespace) -> int:
    from ..rules import OptionError, UnknownRuleset, get_ruleset

    try:
        rules = get_ruleset(args.ruleset)
    except (UnknownRuleset, OptionError) as e:
        print(f"tabletop cards coverage: {e}", file=sys.stderr)
        return 2
    path = Path(args.path)
    if not path.exists():
        print(f"tabletop cards coverage: {path}: no such file or folder", file=sys.stderr)
        return 2
    cards, problems = _cards_at(path)
    for p in problems:
        print(p, file=sys.stderr)
    if not cards:
        print(f"tabletop cards coverage: {path}: no cards to report (no card set loads there)", file=sys.stderr)
        return 2
    rows = coverage_rows(rules, cards)
    totals = coverage_totals(rows)
    if args.json:
        print(json.dumps({"path": str(path), "ruleset": args.ruleset, "rows": rows, "totals": totals}, indent=2,
                         ensure_ascii=False))
    else:
        print(format_coverage(rows, totals, args.ruleset))
    return 0
