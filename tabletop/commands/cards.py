"""`tabletop cards check [PATH]`: validate card sets (and their deck lists), listing every problem with file and line."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

__all__ = ["HELP", "NAME", "add_arguments", "run"]

NAME = "cards"
HELP = ("Work with card sets: `cards check [PATH]` validates them; `cards list` and `cards search QUERY` find cards "
        "with their ids.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="cards_command", metavar="SUBCOMMAND", required=True)
    check = sub.add_parser("check", help="Validate every card set under PATH (default: the shipped cards/).")
    check.add_argument("path", nargs="?", help="a cards folder, one set folder or one card file")
    _add_find_arguments(sub)


def run(args: argparse.Namespace) -> int:
    if args.cards_command in ("list", "search"):
        return _find(args)
    from .. import rules  # noqa: F401  (the rulesets register their role mappings, so their blocks are checked)
    from ..cards import check_path, default_roots, format_problems

    paths = [Path(args.path)] if args.path else list(default_roots())
    problems = []
    for path in paths:
        if not path.exists():
            print(f"tabletop cards check: {path}: no such file or folder", file=sys.stderr)
            return 2
        problems.extend(check_path(path))
    if problems:
        print(format_problems(problems))
        print(f"{len(problems)} problem(s) found.", file=sys.stderr)
        return 1
    print(f"OK: {', '.join(str(p) for p in paths)}")
    return 0


_SEARCH_HELP = ("words match whole words or their starts in name, type, keywords and text (\"a phrase\" in quotes); "
                "name: type: keyword: text: set: id: look in one place; numbers compare: cost<=3 health>=4 "
                "behavioral>2 cost:X")


def _add_find_arguments(sub: Any) -> None:
    listing = sub.add_parser("list", help="List the cards of the loaded sets (or of one set) with their ids.")
    search = sub.add_parser("search", help="Find cards by name, type, keyword, text, cost and stats: " + _SEARCH_HELP)
    search.add_argument("query", nargs="+", help="the query, e.g. `ag quill`, `type:site cost<=1`, `kw:fbi`")
    for parser in (listing, search):
        parser.add_argument("--set", dest="set_name", metavar="SET", help="only this set (its name, title or abbrev)")
        parser.add_argument("--cards", action="append", default=[], metavar="DIR",
                            help="look in these card folders instead of the shipped and ./cards ones; repeatable")
        parser.add_argument("--limit", type=int, default=0, help="at most this many cards (default: all)")
        parser.add_argument("--json", action="store_true", help="print the cards as JSON")


def _find(args: argparse.Namespace) -> int:
    """`cards list` / `cards search`: the cards matching, one a line (ref, name, type, cost), or JSON."""
    import json

    from ..cards import CardLibrary, default_library
    from ..cards.search import QueryError, search

    command = f"tabletop cards {args.cards_command}"
    missing = [d for d in args.cards if not Path(d).is_dir()]
    if missing:
        print(f"{command}: {missing[0]}: no such folder", file=sys.stderr)
        return 2
    library = CardLibrary(args.cards, strict=False) if args.cards else default_library()
    for problem in getattr(library, "problems", []):
        print(f"{command}: warning: skipped: {problem}", file=sys.stderr)
    query = " ".join(getattr(args, "query", []))
    if args.set_name:
        query += f' set:"{args.set_name}"'
    try:
        cards = search(library, query, limit=args.limit or None)
    except QueryError as e:
        print(f"{command}: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps([_card_data(c) for c in cards], indent=2, ensure_ascii=False))
        return 0
    for card in cards:
        cost = card.get("cost")
        extra = f", cost {cost}" if cost is not None else ""
        print(f"{card.ref}  {card.name}  ({card.type}{extra})")
    print(f"{len(cards)} card(s).", file=sys.stderr)
    return 0


def _card_data(card: Any) -> dict[str, Any]:
    data = {"ref": card.ref, "set": card.set, "id": card.id, "name": card.name, "type": card.type}
    for key in ("cost", "keywords"):
        if card.get(key) is not None:
            data[key] = card.get(key)
    if card.text:
        data["text"] = card.text
    return data
