"""`tabletop branch SAVE --at SEQ [--out FILE]`: fork a saved game at a point of its log into a new save.

The new save holds the table as it stood after log entry SEQ and the log up to there, ready to `play` on, to
`replay` a different line from, or to look at with `violations`.
"""

from __future__ import annotations

import argparse
import sys

__all__ = ["HELP", "NAME", "add_arguments", "run"]

NAME = "branch"
HELP = "Fork a saved game at a point of its log (--at SEQ) into a new save, to play on or simulate from."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", help="a save file with its log (e.g. one kept by `simulate --keep`)")
    parser.add_argument("--at", type=int, required=True, metavar="SEQ",
                        help="the log entry after which to fork (0: before the first action)")
    parser.add_argument("--out", metavar="FILE", help="the new save (default: SAVE's name with .atSEQ)")
    parser.add_argument("--force", action="store_true", help="overwrite --out if it exists")


def run(args: argparse.Namespace) -> int:
    from ..lab.branch import BranchError, branch_file
    from ..store import SaveError

    try:
        path = branch_file(args.save, args.at, args.out, force=args.force)
    except (SaveError, BranchError, FileExistsError) as e:
        print(f"tabletop branch: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"tabletop branch: {e.filename or args.save}: {e.strerror or e}", file=sys.stderr)
        return 2
    print(f"{path}: {args.save} as it stood at log entry {args.at}")
    return 0
