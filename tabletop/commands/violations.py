"""`tabletop violations SAVE`: every rule broken in a saved game, per rule and per card (the playtest report)."""

from __future__ import annotations

import argparse
import json
import sys

__all__ = ["HELP", "NAME", "add_arguments", "run"]

NAME = "violations"
HELP = "Report every rule broken in a saved game, per rule and per card."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", help="a save file with its log")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")


def run(args: argparse.Namespace) -> int:
    from ..rules.report import format_violations, violation_report
    from ..store import SaveError, open_game

    try:
        loaded = open_game(args.save)
    except (SaveError, OSError) as e:
        print(f"tabletop violations: {e}", file=sys.stderr)
        return 2
    library = None
    try:
        from ..cards import default_library

        library = default_library()
    except Exception:  # noqa: BLE001 - names are a nicety; refs still identify the cards
        library = None
    report = violation_report(loaded.history, loaded.state, library)
    report["save"] = str(args.save)
    report["ruleset"] = loaded.state.ruleset
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        title = f"{args.save} ({loaded.state.ruleset})"
        if not loaded.history:
            title += ": the save has no log"
        print(format_violations(report, title))
    return 0
