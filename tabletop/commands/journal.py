"""`tabletop journal`: the autosave journal beside a save, turned back into one readable YAML save, or described.

    tabletop journal export saves/autosave.yaml        # fold the journal into the YAML beside it
    tabletop journal export game.journal -o copy.yaml  # any journal (or YAML + journal) to a YAML of your choice
    tabletop journal info saves/autosave.yaml          # how the game opens: from the YAML or from its journal

Continuing a YAML save with a journal is what `tabletop serve SAVE`, `tabletop host SAVE` and
`tabletop play SAVE --autosave SAVE` do: every change goes to SAVE's journal, and SAVE is rewritten on the way out.
"""

from __future__ import annotations

import argparse
import sys

__all__ = ["HELP", "NAME", "add_arguments", "run"]

NAME = "journal"
HELP = "export an autosave journal to a readable YAML save, or say how a save opens (YAML or journal)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="journal_command", metavar="ACTION", required=True)
    export = sub.add_parser("export", help="write the game (YAML + journal, or a journal) as one YAML save")
    export.add_argument("path", help="a save (its journal beside it is used) or a .journal file")
    export.add_argument("-o", "--output", metavar="FILE",
                        help="the YAML to write (default: the save itself, and the journal folded into it is removed)")
    info = sub.add_parser("info", help="how a save opens: from the YAML or from its journal, and how far it goes")
    info.add_argument("path", help="a save or a .journal file")


def run(args: argparse.Namespace) -> int:
    from .. import rules  # noqa: F401  (registers every ruleset's actions, which a journal's records name)
    from ..store import SaveError, export_game, journal_path_for, open_game

    try:
        if args.journal_command == "export":
            written, game = export_game(args.path, args.output)
            if game.note:
                print(f"tabletop journal: {game.note}", file=sys.stderr)
            print(f"wrote {written}: {len(game.history)} log entries, seq {game.state.seq}")
            return 0
        game = open_game(args.path)
    except SaveError as e:
        print(f"tabletop journal: {e}", file=sys.stderr)
        return 2
    journal = journal_path_for(args.path)
    print(f"{args.path}: {game.state.ruleset}, {len(game.state.seats)} seats, {len(game.state.pieces)} pieces, "
          f"seq {game.state.seq}, {len(game.history)} log entries")
    print(f"opens from: {game.source}" + ("" if journal.exists() else " (no journal beside it)"))
    if game.note:
        print(game.note)
    return 0
