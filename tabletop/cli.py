"""The `tabletop` command: one subcommand per module in `tabletop.commands`.

Each command module has `NAME`, `HELP`, `add_arguments(parser)` and `run(args) -> int`, so commands can be added
without touching this file's logic. The conventions every command keeps (seats from 1, exit codes) are written in
`tabletop.commands.common`; this file enforces the ones it can for all of them: `--enforce` is the rules dial's flag
everywhere (a command written with `--enforcement` gets `--enforce` too, the old spelling stays as a hidden alias),
bad usage exits 2, and an error of the package's tree that a command did not catch is printed on one line, exit 2.
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
    "decks",
    "replay",
    "violations",
    "simulate",
    "sweep",
    "branch",
    "import_",
    "host",
    "join",
    "serve",
    "journal",
    "bench",
)


def _modules(only: str | None = None):
    for name in COMMANDS:
        if only is not None and name.rstrip("_") != only:
            continue
        try:
            yield importlib.import_module(f"tabletop.commands.{name}")
        except ModuleNotFoundError as e:
            if e.name != f"tabletop.commands.{name}":
                raise


def _one_enforce_flag(parser: argparse.ArgumentParser) -> None:
    """Give `--enforce` to a command that spells the dial `--enforcement`, keeping the old spelling as an alias."""
    actions = parser._option_string_actions  # argparse keeps no public index of a parser's flags
    old = actions.get("--enforcement")
    if old is not None and "--enforce" not in actions:
        old.option_strings = ["--enforce"]
        del actions["--enforcement"]
        actions["--enforce"] = old
        parser.add_argument("--enforcement", dest=old.dest, choices=old.choices, type=old.type, help=argparse.SUPPRESS)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                _one_enforce_flag(child)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line, or (`only`) the one command about to run, so a start imports only its own module."""
    from . import __version__

    parser = argparse.ArgumentParser(
        prog="tabletop",
        description="A tabletop simulator for card games. With no command, opens the start screen.",
        epilog="Seats count from 1 on the command line. Exit status: 0 done, 1 a check failed (an illegal deck, "
               "card problems, no host there), 2 bad usage or input.",
    )
    parser.add_argument("--version", action="version", version=f"tabletop {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for mod in _modules(only):
        p = sub.add_parser(mod.NAME, help=mod.HELP, description=mod.HELP)
        mod.add_arguments(p)
        p.set_defaults(_run=mod.run)
        _one_enforce_flag(p)
    _no_abbreviations(parser)
    return parser


def _no_abbreviations(parser: argparse.ArgumentParser) -> None:
    """Refuse a flag a command lacks instead of reading it as a longer one (`host --seat 3` is not `--seats 3`)."""
    parser.allow_abbrev = False
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                _no_abbreviations(child)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:
        argv = ["play", "--start-screen"]
    known = {name.rstrip("_") for name in COMMANDS}
    parser = build_parser(argv[0] if argv[0] in known else None)
    args = parser.parse_args(argv)
    if not getattr(args, "_run", None):
        parser.print_help()
        return 2
    from .errors import TabletopError

    try:
        return int(args._run(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except TabletopError as e:  # bad input a command did not catch itself: one line, never a traceback
        print(f"tabletop {args.command}: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
