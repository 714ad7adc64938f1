"""`tabletop sweep`: play rule variants on the same seeds and write a side-by-side report with plots.

Variants come from house-rule files (`--house-rules A.yaml --house-rules B.yaml`, the ruleset's defaults first as
the baseline) and/or a grid of option values (`--grid hand_size=5,6,7 --grid max_turns=0,200`). The report
(`--out DIR`: report.md with its PNGs, and report.json) marks the differences from the baseline that are
significant.
"""

from __future__ import annotations

import argparse
import json
import sys

from .simulate import add_lab_arguments, check_lab_arguments, judge_decks, progress_for

__all__ = ["HELP", "NAME", "add_arguments", "run"]

NAME = "sweep"
HELP = "Compare rule variants (house-rule files, option grids) on the same seeds: a report with plots."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_lab_arguments(parser)
    parser.add_argument("--house-rules", action="append", default=[], metavar="FILE",
                        help="a variant: a YAML file of option overrides; repeatable")
    parser.add_argument("--grid", action="append", default=[], metavar="OPTION=V1,V2",
                        help="option values to sweep (every combination is a variant); repeatable")
    parser.add_argument("--defaults", action=argparse.BooleanOptionalAction, default=None,
                        help="include the ruleset's defaults as the first variant, the baseline (default: yes "
                             "with only --house-rules, no with --grid)")
    parser.add_argument("--out", default="sweep-report", metavar="DIR",
                        help="folder for report.md, report.json and the plots (default sweep-report)")
    parser.add_argument("--no-plots", action="store_true", help="write the report without PNGs")


def run(args: argparse.Namespace) -> int:
    from ..lab.report import format_summary, write_report
    from ..lab.runner import ClusterUnavailable
    from ..lab.sweep import run_sweep, variants
    from ..rules import OptionError, UnknownRuleset
    from ..yamlsafe import YamlError

    checked = check_lab_arguments(args, NAME)
    if checked is None:
        return 2
    bots, decks, seats = checked
    if not args.house_rules and not args.grid:
        print("tabletop sweep: give the variants: --house-rules FILE (repeatable) and/or --grid OPTION=V1,V2",
              file=sys.stderr)
        return 2
    try:
        found = variants(args.ruleset, args.house_rules, args.grid, defaults=args.defaults)
    except (OptionError, UnknownRuleset, YamlError) as e:
        print(f"tabletop sweep: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"tabletop sweep: {e.filename}: {e.strerror or e}", file=sys.stderr)
        return 2
    if len(found) < 2:
        print(f"tabletop sweep: only one variant ({found[0].name}): a sweep compares two or more "
              "(use `simulate` for one)", file=sys.stderr)
        return 2
    judged = judge_decks(args, decks, [(v.name, v.options) for v in found], NAME)
    if judged is not None:
        return judged
    total = len(found) * args.games * (2 if args.swap_seats else 1)
    try:
        sweep = run_sweep(args.ruleset, found, args.games, args.seed, bots, seats=seats, decks=decks,
                          swap_seats=args.swap_seats, enforcement=args.enforce, max_actions=args.max_actions,
                          jobs=args.jobs or None, scheduler=args.scheduler, keep=args.keep or "",
                          progress=progress_for(args, total))
    except (ClusterUnavailable, OptionError) as e:
        print(f"tabletop sweep: {e}", file=sys.stderr)
        return 2
    try:
        path, plots, note = write_report(sweep, args.out, plots=not args.no_plots)
    except OSError as e:
        print(f"tabletop sweep: cannot write the report into {args.out}: {e.strerror or e}", file=sys.stderr)
        return 2
    if note:
        print(f"tabletop sweep: {note}", file=sys.stderr)
    if args.json:
        print(json.dumps(sweep.to_dict(), indent=2))
    else:
        print(format_summary(sweep))
        print(f"report: {path} ({len(plots)} plot(s)); played on {sweep.setup['where']} in "
              f"{sweep.setup['seconds']} s")
    return 0
