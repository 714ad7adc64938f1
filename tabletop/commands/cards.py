"""`tabletop cards check [PATH]`: validate card sets (and their deck lists), listing every problem with file and line."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

__all__ = ["HELP", "NAME", "add_arguments", "run"]

NAME = "cards"
HELP = "Work with card sets: `cards check [PATH]` validates them."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="cards_command", metavar="SUBCOMMAND", required=True)
    check = sub.add_parser("check", help="Validate every card set under PATH (default: the shipped cards/).")
    check.add_argument("path", nargs="?", help="a cards folder, one set folder or one card file")
    from .coverage import add_arguments as add_coverage

    add_coverage(sub)


def run(args: argparse.Namespace) -> int:
    if args.cards_command == "coverage":
        from .coverage import run as coverage

        return coverage(args)
    from .. import rules  # noqa: F401  (the rulesets register their role mappings, so their blocks are checked)
    from ..cards import check_path, default_roots, format_problems
    from ..cards.check import check_notes

    paths = [Path(args.path)] if args.path else list(default_roots())
    problems = []
    for path in paths:
        if not path.exists():
            print(f"tabletop cards check: {path}: no such file or folder", file=sys.stderr)
            return 2
        problems.extend(check_path(path))
        notes = check_notes(path)
        for note in notes:
            print(f"note: {note}")
    if problems:
        print(format_problems(problems))
        print(f"{len(problems)} problem(s) found.", file=sys.stderr)
        return 1
    print(f"OK: {', '.join(str(p) for p in paths)}")
    return 0
