"""`tabletop play`: open the table (quick table, a save, or a new game set up from flags); headless for tests/docs."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

__all__ = ["HELP", "NAME", "add_arguments", "run"]

NAME = "play"
HELP = "open the table: a quick table, a save file, or a new game (--ruleset, --seats, --deck ...)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", nargs="?", help="a save file to open")
    parser.add_argument("--start-screen", action="store_true", help="show the start screen first")
    parser.add_argument("--ruleset", help="start a new game of this ruleset (default: freeform)")
    parser.add_argument("--seats", type=int, help="number of seats, 2 to 6 (default: 2)")
    parser.add_argument("--deck", action="append", default=[], metavar="SEAT=FILE",
                        help="deck list for a seat (seats count from 1); repeatable")
    parser.add_argument("--enforce", choices=("off", "warn", "strict"), help="the rules dial at the start")
    parser.add_argument("--house-rules", metavar="FILE", help="YAML file of house rules (option: value)")
    parser.add_argument("--seed", type=int, help="seed for shuffles and dice")
    parser.add_argument("--seat", type=int, default=1, help="the seat you sit at (from 1)")
    parser.add_argument("--size", default="1280x800", help="window size, WIDTHxHEIGHT")
    parser.add_argument("--headless", action="store_true", help="no window (SDL dummy driver): for tests and docs")
    parser.add_argument("--frames", type=int, default=0, help="headless: frames to run after the script")
    parser.add_argument("--screenshot", metavar="FILE", help="save the window to FILE at the end")
    parser.add_argument("--script", metavar="FILE", help="YAML/JSON list of gestures and actions to play")
    parser.add_argument("--autosave", metavar="FILE", help="autosave file (default: saves/autosave.yaml)")
    parser.add_argument("--no-physics", action="store_true",
                        help="no sliding: a released piece drops where it is let go (G toggles it in the window)")
    parser.add_argument("--bot", action="append", default=[], metavar="SEAT=NAME",
                        help="a bot plays this seat (seats count from 1; NAME random or greedy); repeatable")


def _decks(specs: list[str]) -> dict[int, str]:
    out: dict[int, str] = {}
    for spec in specs:
        seat, sep, path = spec.partition("=")
        if not sep or not seat.strip().isdigit():
            raise ValueError(f"--deck wants SEAT=FILE (e.g. 1=decks/mine.yaml), not {spec!r}")
        out[int(seat) - 1] = path
    return out


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


def run(args: argparse.Namespace) -> int:
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
        decks = _decks(args.deck)
        del decks
    except ValueError as e:
        print(f"tabletop play: {e if 'deck' in str(e) else 'bad --size, want WIDTHxHEIGHT'}", file=sys.stderr)
        return 2
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
    from ..ui import TableApp, load_script, run_script

    autosave = args.autosave or (None if args.headless else str(Path("saves") / "autosave.yaml"))
    app = TableApp(session, seat=max(0, args.seat - 1), size=(w, h), start_screen=session is None,
                   autosave=autosave, save_path=args.save, fps=0 if args.headless else 60,
                   physics=not args.no_physics, bots=bots)
    if not args.headless:
        return app.run()
    if args.script:
        try:
            steps = load_script(args.script)
            run_script(app, steps)
        except Exception as e:
            print(f"tabletop play: script {args.script}: {e}", file=sys.stderr)
            return 1
    app.run_frames(max(1, args.frames))
    if args.screenshot:
        app.screenshot(args.screenshot)
    app.close()
    return 0
