"""The window options every window command shares (`play`, `host`, `decks`, `replay --window`): its size, the
headless mode for tests and docs, and how a headless run ends (script, frames, screenshot)."""

from __future__ import annotations

import argparse
import os
import sys

__all__ = ["SIZES", "add_window_arguments", "default_size", "finish_window", "window_size"]


def add_window_arguments(parser: argparse.ArgumentParser) -> None:
    """Window size, the headless mode and the autosave file (shared with `tabletop host`)."""
    parser.add_argument("--size", help="window size, WIDTHxHEIGHT (default: 1280x800, or 800x600 on a screen too "
                                       "small for it)")
    parser.add_argument("--headless", action="store_true", help="no window (SDL dummy driver): for tests and docs")
    parser.add_argument("--frames", type=int, default=0, help="headless: frames to run after the script")
    parser.add_argument("--screenshot", metavar="FILE", help="save the window to FILE at the end")
    parser.add_argument("--script", metavar="FILE", help="YAML/JSON list of gestures and actions to play")
    parser.add_argument("--autosave", metavar="FILE", help="autosave file (default: saves/autosave.yaml)")



SIZES = ((1280, 800), (800, 600))


def default_size(headless: bool) -> tuple[int, int]:
    """The largest tested window size that fits the screen (a window larger than it opens cut off)."""
    if headless:
        return SIZES[0]
    import pygame

    try:
        pygame.display.init()
        screens = pygame.display.get_desktop_sizes()
    except pygame.error:
        return SIZES[0]
    if not screens:
        return SIZES[0]
    sw, sh = screens[0]
    return next(((w, h) for w, h in SIZES if w <= sw and h <= sh), SIZES[-1])


def window_size(args: argparse.Namespace, command: str) -> tuple[int, int] | None:
    """`--size` (and `--deck`) checked, with the headless driver set up; None after printing what is wrong."""
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from .common import UsageError, parse_seat_map

    if args.size is None:
        return default_size(args.headless)
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
        if w < 1 or h < 1:
            raise ValueError
    except ValueError:
        print(f"tabletop {command}: bad --size {args.size!r}, want WIDTHxHEIGHT", file=sys.stderr)
        return None
    try:
        parse_seat_map(getattr(args, "deck", None) or [], "--deck", "FILE", "1=decks/mine.yaml")
    except UsageError as e:
        print(f"tabletop {command}: {e}", file=sys.stderr)
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
        except Exception as e:  # a script step that cannot be read or played: bad input
            print(f"tabletop {command}: script {args.script}: {e}", file=sys.stderr)
            app.close()
            return 2
    app.run_frames(max(1, args.frames))
    if args.screenshot:
        app.screenshot(args.screenshot)
    app.close()
    return 0
