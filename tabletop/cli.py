"""The `tabletop` command: one subcommand per module in `tabletop.commands`.

Each command module has `NAME`, `HELP`, `add_arguments(parser)` and `run(args) -> int`, so commands can be added
without touching this file's logic.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

__all__ = ["COMMANDS", "build_parser", "main"]

#: command modules, in the order `tabletop --help` lists them
COMMANDS = (
    "play",
    "rulesets",
    "cards",
    "deck",
    "replay",
    "violations",
    "simulate",
    "import_",
    "host",
    "join",
    "serve",
    "journal",
    "bench",
)


def _modules():
    for name in COMMANDS:
        try:
            yield importlib.import_module(f"tabletop.commands.{name}")
        except ModuleNotFoundError as e:
            if e.name != f"tabletop.commands.{name}":
                raise


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tabletop",
        description="A tabletop simulator for card games. With no command, opens the start screen.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for mod in _modules():
        p = sub.add_parser(mod.NAME, help=mod.HELP, description=mod.HELP)
        mod.add_arguments(p)
        p.set_defaults(_run=mod.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    if not argv:
        argv = ["play", "--start-screen"]
    args = parser.parse_args(argv)
    if not getattr(args, "_run", None):
        parser.print_help()
        return 2
    try:
        return int(args._run(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
