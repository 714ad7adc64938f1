"""`tabletop deck check DECK --ruleset NAME`: is this deck legal for that game? Every problem, named."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

__all__ = ["HELP", "NAME", "add_arguments", "run"]

NAME = "deck"
HELP = "Work with deck lists: `deck check DECK --ruleset NAME [--json]`."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="deck_command", metavar="SUBCOMMAND", required=True)
    check = sub.add_parser("check", help="Check a deck list against a ruleset's deck rules.")
    check.add_argument("deck", help="a deck-list YAML file")
    check.add_argument("--ruleset", default="freeform", help="the ruleset whose deck rules apply")
    check.add_argument("--house-rules", metavar="FILE", help="YAML options that override the ruleset's defaults")
    check.add_argument("--json", action="store_true", help="print a JSON report")


def run(args: argparse.Namespace) -> int:
    from ..cards import DeckError, default_library, load_deck
    from ..rules import OptionError, UnknownRuleset, get_ruleset
    from .common import house_rules_or_exit

    options = house_rules_or_exit(args.house_rules, args.ruleset, "deck check")
    try:
        rules = get_ruleset(args.ruleset, options)
    except (UnknownRuleset, OptionError) as e:
        print(f"tabletop deck check: {e}", file=sys.stderr)
        return 2
    path = Path(args.deck)
    if not path.is_file():  # nothing to check: bad input, as a missing path is for `cards check`
        why = "is a folder, not a deck list" if path.is_dir() else "no such file"
        print(f"tabletop deck check: {args.deck}: {why}", file=sys.stderr)
        return 2
    library = default_library()
    try:
        deck = load_deck(args.deck, library)
    except DeckError as e:
        problems = [{"rule": "", "code": "deck.format", "message": str(p), "located": True} for p in e.problems]
        _report(args, problems, None)
        return 1
    except OSError as e:
        print(f"tabletop deck check: {args.deck}: {e.strerror or e}", file=sys.stderr)
        return 2
    problems = [v.to_dict() for v in rules.deck_problems(deck, library)]
    _report(args, problems, deck)
    return 1 if problems else 0


def _report(args: argparse.Namespace, problems: list[dict], deck) -> None:
    if args.json:
        body = {
            "deck": args.deck,
            "ruleset": args.ruleset,
            "legal": not problems,
            "sections": {name: deck.total(name) for name in deck.sections} if deck is not None else {},
            "problems": problems,
        }
        print(json.dumps(body, indent=2))
        return
    if not problems:
        sizes = ", ".join(f"{name} {deck.total(name)}" for name in deck.sections)
        print(f"OK: {args.deck} is a legal {args.ruleset} deck ({sizes}).")
        return
    for p in problems:
        rule = f"{p['rule']}: " if p.get("rule") else ""
        where = "" if p.get("located") else f"{args.deck}: "
        print(f"{where}{rule}{p['message']}")
    print(f"{len(problems)} problem(s).", file=sys.stderr)
