"""`tabletop host [SAVE]`: the table window, served on the LAN; you play seat 1, the others join from theirs.

The game runs in an `EmbeddedHost` in this process: your moves go through the host like everyone else's, joined
seats get each change at once, and only your seat may turn the rules dial. Seats count from 1 on the command line.
"""

from __future__ import annotations

import argparse
import socket
import sys
from pathlib import Path

__all__ = ["HELP", "NAME", "add_arguments", "run"]

NAME = "host"
HELP = "host a LAN game in the table window (you play seat 1; others join with `tabletop join`)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from ..net.host import DEFAULT_PORT
    from ..net.upnp import add_argument as upnp_argument
    from .play import add_game_arguments, add_window_arguments

    parser.add_argument("save", nargs="?", help="a save to host (e.g. saves/autosave.yaml to carry on)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT}; 0: any)")
    parser.add_argument("--bind", default="0.0.0.0", help="address to listen on (default: every interface)")
    parser.add_argument("--name", default="", help="the game's name on the LAN (default: ruleset and host name)")
    parser.add_argument("--password", default="", help="players must give this password to join")
    parser.add_argument("--no-announce", action="store_true", help="do not announce the game on the LAN (mDNS)")
    parser.add_argument("--no-spectators", action="store_true",
                        help="take no spectators (the Players window, K, lets them watch later)")
    upnp_argument(parser)
    from .serve import add_bot_dropped_argument, add_tls_arguments

    add_tls_arguments(parser)
    add_bot_dropped_argument(parser)
    add_game_arguments(parser)
    add_window_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from .play import finish_window, make_session, window_size

    size = window_size(args, "host")
    if size is None:
        return 2
    from ..errors import TabletopError

    args.command = "host"
    from .serve import bot_dropped

    standin = bot_dropped(args, "host")
    if standin is None:
        return 2
    from ..game import IllegalDeck

    try:
        session = make_session(args)
    except IllegalDeck as e:  # the deck check ran and failed: 1, as for `deck check` (README: exit status)
        print(f"tabletop host: {e}", file=sys.stderr)
        return 1
    except (TabletopError, ValueError, OSError) as e:  # bad save, unknown ruleset, bad deck: one clear line
        print(f"tabletop host: {e}", file=sys.stderr)
        return 2
    from ..net.errors import NetError
    from ..net.serving import choose_tls

    try:  # TLS unless every bound address is loopback; --tls forces it, --cert/--key bring your own certificate
        tls = choose_tls(args.bind, force=args.tls, cert=args.cert, key=args.key)
    except NetError as e:
        print(f"tabletop host: {e}", file=sys.stderr)
        return 2
    from ..ui import TableApp

    autosave = args.autosave or (args.save if args.save else None) or (
        None if args.headless else str(Path("saves") / "autosave.yaml"))
    name = args.name or f"{session.state.ruleset} on {socket.gethostname()}"
    app = TableApp(None, size=size, start_screen=True, fps=0 if args.headless else 60, save_path=args.save)
    try:
        host = app.host(session, port=args.port, name=name, password=args.password, autosave=autosave,
                        announce=not args.no_announce, bind=args.bind, tls=tls, bot_dropped=standin,
                        spectators=not args.no_spectators)
    except TabletopError as e:  # the save is kept by another running tabletop
        print(f"tabletop host: {e}", file=sys.stderr)
        app.close()
        return 2
    except Exception as e:  # the port is taken, the address is not ours
        print(f"tabletop host: cannot host on {args.bind}:{args.port}: {e}", file=sys.stderr)
        app.close()
        return 2
    print(f"hosting {session.state.ruleset} as {name!r} on port {host.port}"
          + (f"; autosave {autosave}" if autosave else ""), flush=True)
    for line in host.host.moderation_notes:
        print(f"moderation: {line}", flush=True)
    kept = host.host.protocol.moderated().describe() if host.host.protocol is not None else ""
    if kept:  # kicks, closed seats and spectators off stand from the last run (net/tokens.py)
        print(f"moderation: {kept} (the Players window, K, changes it)", flush=True)
    if args.upnp:
        from ..net.upnp import start_embedded

        print(start_embedded(host), flush=True)
    from .serve import print_invite

    host.host.answer_to(args.public_host)
    print_invite(host.host, args, "host")
    code = finish_window(app, args, "host")  # closing the window closes the host (it saves on the way out)
    if host.host.saved_to is not None:
        print(f"stopped; saved to {host.host.saved_to}", flush=True)
    return code
