"""`tabletop serve [SAVE]`: a headless host with no seat of its own, logging to the terminal and autosaving."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import socket
import sys
import time
from pathlib import Path

__all__ = ["HELP", "NAME", "add_arguments", "run"]

NAME = "serve"
HELP = "host a LAN game with no seat of its own: players join with `tabletop join`; autosaves as it goes"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from ..net.host import DEFAULT_PORT
    from ..net.upnp import add_argument as upnp_argument
    from .play import add_enforce_argument

    parser.add_argument("save", nargs="?", help="a save to serve (e.g. saves/autosave.yaml after a crash)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT}; 0: any)")
    parser.add_argument("--bind", default="0.0.0.0", help="address to listen on (default: every interface)")
    parser.add_argument("--name", default="", help="the game's name on the LAN (default: ruleset and host name)")
    parser.add_argument("--ruleset", default="freeform", help="a new game of this ruleset (without SAVE)")
    parser.add_argument("--seats", type=int, default=2, help="number of seats of a new game (default: 2)")
    add_enforce_argument(parser)
    parser.add_argument("--house-rules", metavar="FILE", help="YAML file of house rules (option: value)")
    parser.add_argument("--seed", type=int, help="seed for shuffles and dice of a new game")
    parser.add_argument("--password", default="", help="players must give this password to join")
    parser.add_argument("--autosave", metavar="FILE", help="autosave file (default: SAVE, else saves/autosave.yaml)")
    parser.add_argument("--autosave-every", type=int, default=5, metavar="N", help="ignored, kept for old scripts: every change is journaled at once")
    parser.add_argument("--no-announce", action="store_true", help="do not announce the game on the LAN (mDNS)")
    upnp_argument(parser)
    parser.add_argument("--quiet", action="store_true", help="log only joins, drops and errors")
    parser.add_argument("--host-seat", type=int, action="append", metavar="N",
                        help="the seat (counting from 1) that may turn the rules dial, as the host (repeatable; "
                             "default: seat 1)")


def _session(args: argparse.Namespace):
    from ..game import new_session, starting_dial
    from ..rules import get_ruleset_class
    from .common import UsageError, check_seat, house_rules_or_exit, session_or_exit

    if args.save:
        session = session_or_exit(args.save, "serve")
        if args.enforce:
            session.state.enforcement = args.enforce
    else:
        cls = get_ruleset_class(args.ruleset)
        if not cls.min_seats <= args.seats <= cls.max_seats:
            raise UsageError(f"--seats {args.seats}: {cls.name} is played by {cls.min_seats} to {cls.max_seats} seats")
        house = house_rules_or_exit(args.house_rules, args.ruleset, "serve")
        session = new_session(args.ruleset, args.seats, enforcement=args.enforce or starting_dial(args.ruleset), seed=args.seed,
                              house_rules=house)
    # a dedicated server has no seat of its own: the dial belongs to the seats named as host
    seats = len(session.state.seats)
    session.hosts = {check_seat(n, seats, "--host-seat") for n in (args.host_seat or [1])}
    return session


def run(args: argparse.Namespace) -> int:
    from ..net.host import listen_early

    try:  # listening before the save loads: players retrying to get back in wait in line, not in their back-off
        sock = listen_early(args.bind, args.port)
    except OSError as e:
        print(f"tabletop serve: cannot listen on {args.bind}:{args.port}: {e.strerror or e}", file=sys.stderr)
        return 2
    try:
        return _serve(args, sock)
    finally:
        if sock is not None:
            sock.close()


def _serve(args: argparse.Namespace, sock: socket.socket | None) -> int:
    from ..errors import TabletopError
    from ..net.errors import NetError
    from ..net.host import Host, load_tokens, tokens_path_for
    from ..net.protocol import HostEvent
    from ..store.autosave import DEFAULT_AUTOSAVE
    from .common import seat_label

    try:
        session = _session(args)
    except (TabletopError, ValueError) as e:  # unknown ruleset, a seat that does not exist: one clear line
        print(f"tabletop serve: {e}", file=sys.stderr)
        return 2
    autosave = Path(args.autosave) if args.autosave else Path(args.save) if args.save else DEFAULT_AUTOSAVE
    try:
        records = load_tokens(tokens_path_for(args.save)) if args.save else {}
    except NetError as e:
        print(f"tabletop serve: {e}", file=sys.stderr)
        return 2
    name = args.name or f"{session.state.ruleset} on {socket.gethostname()}"
    quiet = {"applied", "refused_action", "resync"} if args.quiet else set()

    def log(ev: HostEvent) -> None:
        if ev.kind in quiet:
            return
        who = seat_label(ev.seat)
        print(f"{time.strftime('%H:%M:%S')} {ev.kind:<14} {who:<10} {ev.text}", flush=True)

    host = Host(session, bind=args.bind, port=args.port, name=name, password=args.password, autosave=autosave,
                autosave_every=args.autosave_every, announce=not args.no_announce, on_event=log, records=records,
                sock=sock)
    host.upnp = args.upnp

    async def main() -> int:
        try:
            await host.start()
        except OSError as e:
            print(f"tabletop serve: cannot listen on {args.bind}:{args.port}: {e.strerror or e}", file=sys.stderr)
            return 2
        except TabletopError as e:  # the save is kept by another running tabletop
            print(f"tabletop serve: {e}", file=sys.stderr)
            return 2
        # stop on a signal from the moment the game is announced as served, so a quick Ctrl-C still saves
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop.set)
        state = session.state
        claimed = ", ".join(str(s + 1) for s in sorted(host.protocol.records)) if host.protocol else ""
        print(f"serving {state.ruleset} ({len(state.seats)} seats, seq {state.seq}) as {name!r} "
              f"on {args.bind}:{host.port}; autosave {autosave}" + (f"; seats claimed: {claimed}" if claimed else ""),
              flush=True)
        try:
            await stop.wait()
        finally:
            await host.close()
            error = host.autosaver.last_error if host.autosaver is not None else ""
            if host.saved_to is not None:
                print(f"stopped; saved to {host.saved_to}" + (f" ({error})" if error else ""), flush=True)
            else:
                print(f"stopped; not saved to {autosave}: {error or 'unknown error'}", flush=True)
        return 0 if host.saved_to is not None else 1

    return asyncio.run(main())
