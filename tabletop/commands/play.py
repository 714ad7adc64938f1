"""`tabletop play`: open the table (quick table, a save, a new game set up from flags, or a LAN game to join).

Headless for tests and docs. `tabletop host` shares the game and window options defined here.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from .window import add_window_arguments, finish_window, window_size

__all__ = ["HELP", "NAME", "add_arguments", "add_enforce_argument", "add_game_arguments",
           "add_window_arguments", "finish_window", "guest_deck", "make_session", "run"]

NAME = "play"
HELP = "open the table: a quick table, a save file, or a new game (--ruleset, --seats, --deck ...)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", nargs="?", help="a save file to open")
    parser.add_argument("--start-screen", action="store_true", help="show the start screen first")
    parser.add_argument("--join", nargs="?", const="", metavar="ADDRESS[:PORT]",
                        help="join a LAN game in the window (without an address: pick one found on the LAN)")
    parser.add_argument("--name", default="", help="with --join: your name at the table")
    parser.add_argument("--password", default="", help="with --join: the game's password, if it has one")
    parser.add_argument("--replay", metavar="SAVE",
                        help="open SAVE's kept game in the replay viewer (step, play, jump by turn or broken rule, "
                             "look as any seat, Enter plays on from there)")
    parser.add_argument("--watch", action="store_true",
                        help="with --join: watch as a spectator (public information only, the log and the chat)")
    add_game_arguments(parser)
    parser.add_argument("--seat", type=int, default=None,
                        help="the seat you sit at (from 1; with --join: the seat to claim, default the first free)")
    add_window_arguments(parser)
    parser.add_argument("--no-physics", action="store_true",
                        help="no sliding: a released piece drops where it is let go (G toggles it in the window)")
    parser.add_argument("--bot", action="append", default=[], metavar="SEAT=NAME",
                        help="a bot plays this seat (seats count from 1; NAME random or greedy); repeatable")


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """The options that set up a new game (shared with `tabletop host`)."""
    parser.add_argument("--ruleset", help="start a new game of this ruleset (default: freeform)")
    parser.add_argument("--seats", type=int, help="number of seats (default: 2; `tabletop rulesets` lists each ruleset's range)")
    parser.add_argument("--deck", action="append", default=[], metavar="SEAT=FILE",
                        help="deck list for a seat (seats count from 1); repeatable")
    add_enforce_argument(parser)
    parser.add_argument("--house-rules", metavar="FILE", help="YAML file of house rules (option: value)")
    parser.add_argument("--seed", type=int, help="seed for shuffles and dice")


def _decks(specs: list[str], seats: int | None = None) -> dict[int, str]:
    """`--deck SEAT=FILE` flags as {seat index from 0: file}; seats count from 1 and must exist."""
    from .common import parse_seat_map

    return parse_seat_map(specs, "--deck", "FILE", "1=decks/mine.yaml", seats)


def _new_game_flags(args: argparse.Namespace) -> list[str]:
    names = [("--ruleset", args.ruleset), ("--seats", args.seats), ("--deck", args.deck),
             ("--house-rules", args.house_rules)]
    return [flag for flag, value in names if value]


def make_session(args: argparse.Namespace):
    """The game the flags ask for: a save, a new game (ruleset, seats, decks, dial, house rules), or a quick table."""
    return _session(args)


def _session(args: argparse.Namespace):
    from ..game import new_session, open_session, quick_table, start_problems, starting_dial
    from ..rules import get_ruleset_class as ruleset_class
    from .common import UsageError, house_rules_or_exit

    command = getattr(args, "command", None) or "play"
    if args.save:
        if _new_game_flags(args):
            raise UsageError(f"{', '.join(_new_game_flags(args))} set up a new game: they do not go with a save")
        session = open_session(args.save)
        if args.enforce:
            session.state.enforcement = args.enforce
        return session
    if args.ruleset or args.seats or args.deck or args.enforce or args.house_rules:
        seats = 2 if args.seats is None else args.seats
        cls = ruleset_class(args.ruleset or "freeform")
        if not cls.min_seats <= seats <= cls.max_seats:
            raise UsageError(f"--seats {seats}: {cls.name} is played by {cls.min_seats} to {cls.max_seats} seats")
        decks = _decks(args.deck, seats)
        house = house_rules_or_exit(args.house_rules, args.ruleset or "freeform", command)
        ruleset = args.ruleset or "freeform"
        session = new_session(ruleset, seats, decks=decks, enforcement=args.enforce or starting_dial(ruleset),
                              seed=args.seed, house_rules=house)
        problems = start_problems(session)
        if problems:  # warn: the game starts, and the terminal hears what the log holds (the host reads it all)
            print(f"tabletop {command}: warning: the game starts with {len(problems)} deck problem(s), logged as "
                  "violations:", file=sys.stderr)
            for v in problems:
                print(f"  {v}", file=sys.stderr)
        return session
    return quick_table(args.seed)


#: the window sizes every ruleset's layout is tested at, the one to open first
def _join(args: argparse.Namespace, size: tuple[int, int]) -> int:
    from ..ui import TableApp

    app = TableApp(None, size=size, start_screen=True, fps=0 if args.headless else 60)
    if not args.join:
        app.join_window()
        return finish_window(app, args, "play")
    seat: int | str | None = None if args.watch else "any"
    if args.seat is not None and not args.watch:
        from .common import UsageError, check_seat

        try:
            seat = check_seat(args.seat, None, "--seat")
        except UsageError as e:
            print(f"tabletop play: {e}", file=sys.stderr)
            app.close()
            return 2
    try:
        deck = guest_deck(getattr(args, "guest_deck", None))
    except SystemExit as e:
        app.close()
        return int(e.code or 2)
    try:
        app.join(args.join, seat=seat, name=args.name, password=args.password, deck=deck)
    except Exception as e:  # refused, no host there, bad address: one clear line
        from ..net.errors import Refused, VersionMismatch

        print(f"tabletop play: cannot join {args.join}: {e}", file=sys.stderr)
        for p in getattr(e, "problems", []):  # a refused deck: each problem, with its rule
            print(f"  {p.get('rule') or p.get('code')}: {p.get('message')}", file=sys.stderr)
        app.close()
        return 2 if isinstance(e, (Refused, VersionMismatch)) else 1
    return finish_window(app, args, "play")


def run(args: argparse.Namespace) -> int:
    size = window_size(args, "play")
    if size is None:
        return 2
    w, h = size
    if args.join is not None:
        return _join(args, size)
    if args.replay:
        return _replay(args, size)
    from ..errors import TabletopError
    from ..game import IllegalDeck
    from ..ui.app.botseats import parse_bots
    from .common import check_seat, parse_seat_map

    try:
        parse_seat_map(args.bot, "--bot", "NAME", "2=greedy")  # seat syntax first, then the bot names
        bots = parse_bots(args.bot)
        session = None if args.start_screen and not args.save else _session(args)
        seats = len(session.state.seats) if session is not None else None
        for seat in bots:
            check_seat(seat + 1, seats, "--bot")
        me = check_seat(args.seat, seats, "--seat") if args.seat is not None else 0
    except IllegalDeck as e:  # the deck check ran and failed: 1, as the README promises for a failed check
        print(f"tabletop play: {e}", file=sys.stderr)
        return 1
    except (TabletopError, ValueError, OSError) as e:  # bad flag, save, ruleset, deck: one clear line
        print(f"tabletop play: {e}", file=sys.stderr)
        return 2
    from ..ui import TableApp

    autosave = args.autosave or (None if args.headless else str(Path("saves") / "autosave.yaml"))
    app = TableApp(session, seat=me, size=(w, h), start_screen=session is None,
                   autosave=autosave, save_path=args.save, fps=0 if args.headless else 60,
                   physics=not args.no_physics, bots=bots)
    return finish_window(app, args, "play")


def _replay(args: argparse.Namespace, size: tuple[int, int]) -> int:
    """`play --replay SAVE`: the same viewer as `replay SAVE --window`."""
    from .replay import run_window

    return run_window(args, "play")


def add_enforce_argument(parser: argparse.ArgumentParser, default: str | None = None) -> None:
    """`--enforce MODE`, the rules dial at the start; `--enforcement` is kept as a hidden alias."""
    parser.add_argument("--enforce", choices=("off", "warn", "strict"), default=default,
                        help="the rules dial at the start: off, warn or strict (default: warn for a ruleset, off for "
                             "freeform; a save keeps its own)")
    parser.add_argument("--enforcement", dest="enforce", choices=("off", "warn", "strict"), help=argparse.SUPPRESS)


def guest_deck(path: str | None, command: str = "join") -> Any:
    """The `--deck FILE` a guest brings, as its hello carries it (None: no deck); exits on a bad file (status 2)."""
    if not path:
        return None
    from ..cards import DeckError
    from ..net.guestdeck import deck_file_for_hello

    try:
        return deck_file_for_hello(path)
    except (DeckError, OSError) as e:
        print(f"tabletop {command}: --deck {path}: {e}", file=sys.stderr)
        raise SystemExit(2) from None
