"""`tabletop play`: open the table (quick table, a save, a new game set up from flags, or a LAN game to join).

Headless for tests and docs. `tabletop host` shares the game and window options defined here.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

__all__ = ["HELP", "NAME", "add_arguments", "add_game_arguments", "add_window_arguments", "finish_window",
           "make_session", "run"]

NAME = "play"
HELP = "open the table: a quick table, a save file, or a new game (--ruleset, --seats, --deck ...)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", nargs="?", help="a save file to open")
    parser.add_argument("--start-screen", action="store_true", help="show the start screen first")
    parser.add_argument("--join", nargs="?", const="", metavar="ADDRESS[:PORT]",
                        help="join a LAN game in the window (without an address: pick one found on the LAN)")
    parser.add_argument("--name", default="", help="with --join: your name at the table")
    parser.add_argument("--password", default="", help="with --join: the game's password, if it has one")
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
    parser.add_argument("--seats", type=int, help="number of seats, 2 to 6 (default: 2)")
    parser.add_argument("--deck", action="append", default=[], metavar="SEAT=FILE",
                        help="deck list for a seat (seats count from 1); repeatable")
    parser.add_argument("--enforce", choices=("off", "warn", "strict"), help="the rules dial at the start")
    parser.add_argument("--house-rules", metavar="FILE", help="YAML file of house rules (option: value)")
    parser.add_argument("--seed", type=int, help="seed for shuffles and dice")


def add_window_arguments(parser: argparse.ArgumentParser) -> None:
    """Window size, the headless mode and the autosave file (shared with `tabletop host`)."""
    parser.add_argument("--size", default="1280x800", help="window size, WIDTHxHEIGHT")
    parser.add_argument("--headless", action="store_true", help="no window (SDL dummy driver): for tests and docs")
    parser.add_argument("--frames", type=int, default=0, help="headless: frames to run after the script")
    parser.add_argument("--screenshot", metavar="FILE", help="save the window to FILE at the end")
    parser.add_argument("--script", metavar="FILE", help="YAML/JSON list of gestures and actions to play")
    parser.add_argument("--autosave", metavar="FILE", help="autosave file (default: saves/autosave.yaml)")


def _decks(specs: list[str]) -> dict[int, str]:
    out: dict[int, str] = {}
    for spec in specs:
        seat, sep, path = spec.partition("=")
        if not sep or not seat.strip().isdigit():
            raise ValueError(f"--deck wants SEAT=FILE (e.g. 1=decks/mine.yaml), not {spec!r}")
        out[int(seat) - 1] = path
    return out


def make_session(args: argparse.Namespace):
    """The game the flags ask for: a save, a new game (ruleset, seats, decks, dial, house rules), or a quick table."""
    return _session(args)


def _session(args: argparse.Namespace):
    from ..game import new_session, open_session, quick_table

    if args.save:
        return open_session(args.save)
    if args.ruleset or args.seats or args.deck or args.enforce or args.house_rules:
        house = {}
        if args.house_rules:
            from ..ui import parse_house_rules

            house = parse_house_rules(args.house_rules)
        return new_session(args.ruleset or "freeform", args.seats or 2, decks=_decks(args.deck),
                           enforcement=args.enforce or "off", seed=args.seed, house_rules=house)
    return quick_table(args.seed)


def window_size(args: argparse.Namespace, command: str) -> tuple[int, int] | None:
    """`--size` (and `--deck`) checked, with the headless driver set up; None after printing what is wrong."""
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
        _decks(getattr(args, "deck", []))
    except ValueError as e:
        print(f"tabletop {command}: {e if 'deck' in str(e) else 'bad --size, want WIDTHxHEIGHT'}", file=sys.stderr)
        return None
    return w, h


def finish_window(app, args: argparse.Namespace, command: str) -> int:
    """Run the window until it closes, or (headless) play the script, run the frames and take the screenshot."""
    from ..ui import load_script, run_script

    if not args.headless:
        return app.run()
    if args.script:
        try:
            steps = load_script(args.script)
            run_script(app, steps)
        except Exception as e:
            print(f"tabletop {command}: script {args.script}: {e}", file=sys.stderr)
            app.close()
            return 1
    app.run_frames(max(1, args.frames))
    if args.screenshot:
        app.screenshot(args.screenshot)
    app.close()
    return 0


def _join(args: argparse.Namespace, size: tuple[int, int]) -> int:
    from ..ui import TableApp

    app = TableApp(None, size=size, start_screen=True, fps=0 if args.headless else 60)
    if not args.join:
        app.join_window()
        return finish_window(app, args, "play")
    seat = args.seat - 1 if args.seat else "any"
    try:
        app.join(args.join, seat=seat, name=args.name, password=args.password)
    except Exception as e:  # refused, no host there, bad address: one clear line
        print(f"tabletop play: cannot join {args.join}: {e}", file=sys.stderr)
        app.close()
        return 1
    return finish_window(app, args, "play")


def run(args: argparse.Namespace) -> int:
    size = window_size(args, "play")
    if size is None:
        return 2
    w, h = size
    if args.join is not None:
        return _join(args, size)
    from ..ui.botseats import parse_bots

    try:
        bots = parse_bots(args.bot)
    except ValueError as e:
        print(f"tabletop play: {e}", file=sys.stderr)
        return 2
    try:
        session = None if args.start_screen and not args.save else _session(args)
    except Exception as e:  # bad save, unknown ruleset, bad deck: one clear line
        print(f"tabletop play: {e}", file=sys.stderr)
        return 1
    from ..ui import TableApp

    autosave = args.autosave or (None if args.headless else str(Path("saves") / "autosave.yaml"))
    app = TableApp(session, seat=max(0, (args.seat or 1) - 1), size=(w, h), start_screen=session is None,
                   autosave=autosave, save_path=args.save, fps=0 if args.headless else 60,
                   physics=not args.no_physics, bots=bots)
    return finish_window(app, args, "play")
