"""`tabletop decks [DECK]`: the card browser and deck editor in a window (headless for tests and docs)."""

from __future__ import annotations

import argparse
import sys

__all__ = ["HELP", "NAME", "add_arguments", "run"]

NAME = "decks"
HELP = "browse every loaded card and build or edit a deck (the deck editor window)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from .window import add_window_arguments

    parser.add_argument("deck_file", nargs="?", metavar="DECK", help="a deck file to open (ours, GCCG .deck, Cockatrice .cod, OCTGN .o8d, "
                                                "a text list)")
    parser.add_argument("--ruleset", help="judge the deck by this ruleset (default: the one the deck names)")
    add_window_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from .window import finish_window, window_size

    size = window_size(args, NAME)
    if size is None:
        return 2
    deck = None
    from ..cards import default_library

    library = default_library()
    if args.deck_file:
        from ..cards.decks import read_deck

        deck, problems = read_deck(args.deck_file, library)
        if deck is None or problems:
            print(f"tabletop {NAME}: cannot open {args.deck_file}:", file=sys.stderr)
            for p in problems:
                print(f"  {p}", file=sys.stderr)
            return 2
    if args.ruleset:
        from ..rules import UnknownRuleset, get_ruleset_class

        try:
            get_ruleset_class(args.ruleset)
        except UnknownRuleset as e:
            print(f"tabletop {NAME}: {e}", file=sys.stderr)
            return 2
    from ..ui import TableApp

    app = TableApp(None, size=size, start_screen=True, fps=0 if args.headless else 60, library=library,
                   autosave=None)
    app.open_deck_editor(deck, ruleset=args.ruleset)
    return finish_window(app, args, NAME)
