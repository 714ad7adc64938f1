"""`tabletop simulate`: bot-vs-bot games of a ruleset, headless, with win, length, score and violation statistics."""

from __future__ import annotations

import argparse
import json
import sys

__all__ = ["HELP", "NAME", "add_arguments", "run"]

NAME = "simulate"
HELP = "Play bot-vs-bot games of a ruleset headless and report wins, lengths, scores and violations."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ruleset", required=True, help="ruleset to play (see `tabletop rulesets`)")
    parser.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--bots", default="greedy,random",
                        help="one bot per seat, comma-separated: random or greedy (default greedy,random); "
                             "the bots rotate one seat each game")
    parser.add_argument("--house-rules", metavar="FILE", help="YAML file of option overrides")
    parser.add_argument("--enforcement", choices=("warn", "strict"), default="strict",
                        help="rules dial for the games (default strict)")
    parser.add_argument("--max-actions", type=int, default=20_000, help="bot actions before a game is abandoned")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")


def _progress_bar(done: int, total: int) -> None:
    width = 30
    filled = width * done // max(total, 1)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def run(args: argparse.Namespace) -> int:
    from ..rules import OptionError, UnknownRuleset, get_ruleset
    from ..rules.bots import BOTS
    from ..rules.simulate import format_report, simulate
    from ..store.houserules import load_house_rules
    from ..yamlsafe import YamlError

    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    bad = [b for b in bots if b not in BOTS]
    if not bots or bad:
        print(f"tabletop simulate: unknown bot(s) {', '.join(bad) or '(none)'}; bots: {', '.join(BOTS)}",
              file=sys.stderr)
        return 2
    if args.games < 1:
        print("tabletop simulate: --games must be at least 1", file=sys.stderr)
        return 2
    try:
        rules = get_ruleset(args.ruleset)
        options = load_house_rules(args.house_rules, args.ruleset) if args.house_rules else {}
        if not rules.min_seats <= max(len(bots), rules.min_seats) <= rules.max_seats:
            raise OptionError(f"{args.ruleset} is played by {rules.min_seats} to {rules.max_seats} seats")
    except (UnknownRuleset, OptionError, YamlError, OSError) as e:
        print(f"tabletop simulate: {e}", file=sys.stderr)
        return 2
    progress = _progress_bar if sys.stderr.isatty() else None
    report = simulate(args.ruleset, args.games, args.seed, bots, options=options, enforcement=args.enforcement,
                      max_actions=args.max_actions, progress=progress)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(format_report(report))
    return 1 if report["errors"] else 0
