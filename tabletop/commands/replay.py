"""`tabletop replay SAVE [LOG]`: load a position, apply an action log through the rules, print the result."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

__all__ = ["HELP", "NAME", "add_arguments", "run", "run_window", "summary"]

NAME = "replay"
HELP = ("Load a save, apply an action log, and print the resulting table (or --json); --window: watch a kept game "
        "in the replay viewer.")
# Seats: `--as` and the text output count from 1; the log file and --json keep the engine's index (from 0).


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", help="a save or hand-written position (YAML)")
    parser.add_argument("log", nargs="?", help="an action log: a YAML list of {seat, action}")
    parser.add_argument("--as", dest="seat", default=None, metavar="SEAT",
                        help="show the table as this seat sees it, counting from 1 (default: everything, as the host)")
    parser.add_argument("--json", action="store_true", help="print a JSON object")
    parser.add_argument("--window", action="store_true",
                        help="open the kept game in the replay viewer (a timeline to drag, steps, turns, broken rules, "
                             "bookmarks, any seat or a spectator, play from here); the headless flags need no --window")
    from .window import add_window_arguments

    add_window_arguments(parser)


def summary(session: Any, seat: int | None, *, omniscient: bool) -> dict[str, Any]:
    """The state as the viewer sees it: per zone the card ids it can see, or a count where it cannot."""
    state = session.state
    zones: dict[str, Any] = {}
    for name, zone in state.zones.items():
        cards = [state.pieces[pid] for pid in zone.pieces if state.pieces[pid].kind == "card"]
        visible = [omniscient or state.can_see(p, seat) for p in cards]
        if all(visible):
            zones[name] = [p.card for p in cards]
        elif not any(visible):
            zones[name] = len(cards)
        else:
            zones[name] = [p.card if v else None for p, v in zip(cards, visible, strict=True)]
    from ..core.messages import plain, status_for

    status = session.rules.status(state, seat)
    if not omniscient:
        status = status_for(state, status, seat)
    winner = status.get("winner", state.rules.get("winner"))
    if omniscient:
        violations = [dict(v.to_dict(), message=plain(v.message), seq=e.seq, action=e.action.type)
                      for e, v in session.violations()]
    else:  # as the seat read them, at the time
        violations = [dict(v, seq=e.seq, action=e.action.type) for e in session.history
                      for v in e.for_seat(seat)["violations"]]
    return {
        "seq": state.seq,
        "hash": state.hash(),
        "ruleset": state.ruleset,
        "enforcement": state.enforcement,
        "players": [{"seat": p.seat, "name": p.name, "counters": dict(p.counters)} for p in state.players],
        "zones": zones,
        "rules": status,
        "winner": winner,
        "violations": violations,
    }


#: status keys whose value is a seat index: text output names them "seat N" counting from 1
_SEAT_KEYS = frozenset({"active", "decision", "first", "leader", "priority", "winner", "xfiles_player"})


def _shown(key: str, value: Any) -> Any:
    from .common import seat_label

    if key in _SEAT_KEYS and isinstance(value, int) and not isinstance(value, bool):
        return seat_label(value)
    return value


def run(args: argparse.Namespace) -> int:
    from ..store import LogError, load_action_log
    from .common import UsageError, check_seat, seat_label, session_or_exit

    if args.window or args.headless or args.screenshot or args.script:
        return run_window(args)
    session = session_or_exit(args.save, "replay")
    try:
        seat_as = None if args.seat is None else check_seat(args.seat, len(session.state.seats), "--as")
    except UsageError as e:
        print(f"tabletop replay: {e}", file=sys.stderr)
        return 2
    refused = []
    if args.log:
        try:
            steps = load_action_log(args.log)
        except LogError as e:
            print(f"tabletop replay: {e}", file=sys.stderr)
            return 2
        for i, (action, seat) in enumerate(steps):
            result = session.submit(action, seat)
            if not result.accepted:
                refused.append({"step": i, "seat": seat, "action": action.to_dict(), "error": result.error})
                print(f"tabletop replay: step {i} ({action.type} by {seat_label(seat)}) refused: {result.error}",
                      file=sys.stderr)
    body = summary(session, seat_as, omniscient=seat_as is None)
    body["refused"] = refused
    if args.json:
        print(json.dumps(body, indent=2))
        return 0
    print(f"{body['ruleset']} table, seq {body['seq']}, hash {body['hash']}, enforcement {body['enforcement']}")
    for p in body["players"]:
        counters = ", ".join(f"{k} {v}" for k, v in p["counters"].items()) or "no counters"
        print(f"  {seat_label(p['seat'])} {p['name']}: {counters}")
    for name, content in body["zones"].items():
        shown = f"{content} hidden card(s)" if isinstance(content, int) else ", ".join(c or "?" for c in content)
        print(f"  {name}: {shown or '(empty)'}")
    if body["rules"]:
        print("  rules: " + ", ".join(f"{k}={_shown(k, v)}" for k, v in body["rules"].items()))
    if body["winner"] is not None:
        print(f"  winner: {_shown('winner', body['winner'])}")
    for v in body["violations"]:
        print(f"  violation at {v['seq']}: {v['rule']}: {v['message']}")
    return 0


def run_window(args: argparse.Namespace, command: str = "replay") -> int:
    """The replay viewer on `args.save` (or `args.replay`), at its end, as `--as` (default: the first seat)."""
    from ..errors import TabletopError
    from ..lab.replay import open_replay
    from .common import UsageError, check_seat
    from .window import finish_window, window_size

    if getattr(args, "log", None):
        print(f"tabletop {command}: --window replays the save's own log, not a separate action log", file=sys.stderr)
        return 2
    size = window_size(args, command)
    if size is None:
        return 2
    path = getattr(args, "replay", None) or args.save
    try:
        timeline = open_replay(path)
        seat = 0 if getattr(args, "seat", None) is None else check_seat(args.seat, len(timeline.session.state.seats),
                                                                          "--as")
    except (TabletopError, OSError, UsageError) as e:
        print(f"tabletop {command}: {e}", file=sys.stderr)
        return 2
    from ..ui import TableApp

    app = TableApp(None, size=size, start_screen=True, fps=0 if args.headless else 60)
    app.seat = seat
    app.open_replay(timeline)
    return finish_window(app, args, command)
