"""`tabletop deck check|export`: is this deck legal for that game (every problem, named), and the deck for other tools.

A deck file is read in any format we know, told by its content: our YAML lists (ids or names), GCCG `.deck`,
Cockatrice `.cod`, OCTGN `.o8d`, Tabletop Simulator saves and plain text lists.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

__all__ = ["HELP", "NAME", "add_arguments", "run"]

NAME = "deck"
HELP = ("Work with deck lists (YAML, GCCG .deck, Cockatrice .cod, OCTGN .o8d, text): `deck check DECK --ruleset NAME "
        "[--json]`, `deck export DECK --to text|cod|deck`.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="deck_command", metavar="SUBCOMMAND", required=True)
    check = sub.add_parser("check", help="Check a deck list against a ruleset's deck rules.")
    check.add_argument("deck", help="a deck file: YAML, GCCG .deck, Cockatrice .cod, OCTGN .o8d, TTS save or text")
    check.add_argument("--ruleset", default="freeform", help="the ruleset whose deck rules apply")
    check.add_argument("--house-rules", metavar="FILE", help="YAML options that override the ruleset's defaults")
    check.add_argument("--json", action="store_true", help="print a JSON report")
    export = sub.add_parser("export", help="Write a deck for another tool: a text list, a Cockatrice .cod or a GCCG "
                                           ".deck.")
    export.add_argument("deck", help="a deck file in any format `deck check` reads")
    export.add_argument("--to", dest="fmt", choices=("text", "cod", "deck"), default="text",
                        help="text (Arena/MTGO/Cockatrice clipboard), cod (Cockatrice) or deck (GCCG)")
    export.add_argument("--out", metavar="FILE", help="write here (default: print it)")
    export.add_argument("--game", default="", help="the game named in a GCCG file's header, e.g. 'The X-Files CCG'")


#: Notes on printings chosen that the text report shows (a deck of reprints can have dozens).
_NOTES_SHOWN = 5


def _read(command: str, deck_path: str) -> tuple[Any, list[Any], Any] | int:
    """The deck, its located problems and the library; an exit code when the file cannot be read."""
    from ..cards import default_library, read_deck

    path = Path(deck_path)
    if not path.is_file():  # nothing to check: bad input, as a missing path is for `cards check`
        why = "is a folder, not a deck list" if path.is_dir() else "no such file"
        print(f"tabletop deck {command}: {deck_path}: {why}", file=sys.stderr)
        return 2
    library = default_library()
    deck, problems = read_deck(path, library)
    if deck is None:  # cannot be read at all: bad input
        for p in problems:
            print(f"tabletop deck {command}: {p}", file=sys.stderr)
        return 2
    return deck, problems, library


def run(args: argparse.Namespace) -> int:
    if args.deck_command == "export":
        return _export(args)
    from ..rules import OptionError, UnknownRuleset, get_ruleset
    from .common import house_rules_or_exit

    options = house_rules_or_exit(args.house_rules, args.ruleset, "deck check")
    try:
        rules = get_ruleset(args.ruleset, options)
    except (UnknownRuleset, OptionError) as e:
        print(f"tabletop deck check: {e}", file=sys.stderr)
        return 2
    read = _read("check", args.deck)
    if isinstance(read, int):
        return read
    deck, located, library = read
    problems = [{"rule": "", "code": p.code or "deck.format", "message": str(p), "located": True,
                 "file": p.file, "line": p.line} for p in located]
    problems += [v.to_dict() for v in rules.deck_problems(deck, library)]
    _report(args, problems, deck)
    return 1 if problems else 0


def _export(args: argparse.Namespace) -> int:
    from ..cards.importers.decks_export import export_deck

    read = _read("export", args.deck)
    if isinstance(read, int):
        return read
    deck, problems, library = read
    if problems:  # a deck missing lines would be written without them: say so instead
        for p in problems:
            print(f"tabletop deck export: {p}", file=sys.stderr)
        print(f"tabletop deck export: {len(problems)} problem(s); nothing written", file=sys.stderr)
        return 1
    text = export_deck(deck, library, args.fmt, game=args.game)
    if not args.out:
        sys.stdout.write(text)
        return 0
    out = Path(args.out)
    tmp = out.with_name(out.name + ".tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(out)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        print(f"tabletop deck export: {args.out}: {e.strerror or e}", file=sys.stderr)
        return 2
    print(f"wrote {args.out} ({deck.total()} cards)")
    return 0


def _report(args: argparse.Namespace, problems: list[dict], deck) -> None:
    if args.json:
        body = {
            "deck": args.deck,
            "ruleset": args.ruleset,
            "format": deck.format,
            "legal": not problems,
            "sections": {name: deck.total(name) for name in deck.sections},
            "problems": problems,
            "notes": list(deck.notes),
        }
        print(json.dumps(body, indent=2))
        return
    for note in deck.notes[:_NOTES_SHOWN]:
        print(f"note: {note}")
    if len(deck.notes) > _NOTES_SHOWN:
        print(f"note: ... and {len(deck.notes) - _NOTES_SHOWN} more names printed in several sets (--json lists them)")
    if not problems:
        sizes = ", ".join(f"{name} {deck.total(name)}" for name in deck.sections)
        print(f"OK: {args.deck} is a legal {args.ruleset} deck ({sizes}).")
        return
    for p in problems:
        rule = f"{p['rule']}: " if p.get("rule") else ""
        where = "" if p.get("located") else f"{args.deck}: "
        print(f"{where}{rule}{p['message']}")
    print(f"{len(problems)} problem(s).", file=sys.stderr)
