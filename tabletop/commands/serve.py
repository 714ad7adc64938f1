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
from typing import Any

__all__ = ["HELP", "NAME", "add_arguments", "add_bot_dropped_argument", "add_tls_arguments", "bot_dropped", "print_invite",
           "run"]

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
    parser.add_argument("--no-spectators", action="store_true",
                        help="take no spectators (a seat with host rights lets them watch later: its Players window)")
    upnp_argument(parser)
    parser.add_argument("--quiet", action="store_true", help="log only joins, drops and errors")
    add_bot_dropped_argument(parser)
    parser.add_argument("--no-console", action="store_true",
                        help="read no commands from the terminal (who, kick SEAT, kick-watcher NAME, spectators on|off)")
    parser.add_argument("--host-seat", type=int, action="append", metavar="N",
                        help="give seat N (counting from 1) host rights (the rules dial) whoever sits there "
                             "(repeatable; default: none, the host token gives them)")
    add_tls_arguments(parser)
    parser.add_argument("--trusted-proxy", action="append", default=[], metavar="CIDR",
                        help="a reverse proxy (address or network) whose X-Forwarded-For names the player's address "
                             "(repeatable; docs/PROTOCOL.md, \"Behind a reverse proxy\")")
    parser.add_argument("--proxy-fingerprint", action="append", default=[], metavar="SHA256",
                        help="the fingerprint of the certificate the reverse proxy shows players (password proofs "
                             "are bound to it)")


def add_bot_dropped_argument(parser: argparse.ArgumentParser) -> None:
    """`--bot-dropped NAME` (shared with `tabletop host`)."""
    parser.add_argument("--bot-dropped", metavar="BOT", default="",
                        help="a bot (random, greedy, ismcts[:easy|hard]) plays the seat of every player who drops, "
                             "from that seat's view only, until they rejoin with their seat token")


def bot_dropped(args: argparse.Namespace, command: str) -> str | None:
    """The `--bot-dropped` bot's name, checked ("" for none); None after saying why it is not a bot."""
    from ..rules.bots import BOTS, is_bot

    name = (getattr(args, "bot_dropped", "") or "").strip().lower()
    if name and not is_bot(name):
        print(f"tabletop {command}: --bot-dropped: no bot {name!r} (bots: {', '.join(BOTS)})", file=sys.stderr)
        return None
    return name


def add_tls_arguments(parser: argparse.ArgumentParser) -> None:
    """`serve`'s and `host`'s TLS and invite options."""
    parser.add_argument("--tls", action="store_true",
                        help="serve TLS (wss://) even on a loopback address (it is the default on any other)")
    parser.add_argument("--cert", metavar="PEM", help="your own certificate (with --key) instead of the one "
                        "tabletop makes and keeps in your user folder")
    parser.add_argument("--key", metavar="PEM", help="the private key of --cert")
    parser.add_argument("--public-host", action="append", default=[], metavar="NAME",
                        help="a name players reach this machine by (a DNS name, a public address): the invite "
                             "code uses the first, and the host answers to them all (repeatable)")
    parser.add_argument("--invite-password", action="store_true",
                        help="put the password in the invite code (anyone with the code can join)")


def print_invite(host: Any, args: argparse.Namespace, command: str) -> None:
    """The lines players need: the fingerprint, the invite code, and (for `serve`) the host token."""
    from ..net.serving import invite_code, share_host
    from ..net.tls import pretty_fingerprint

    where = share_host(args.bind, (args.public_host or [""])[0])
    code = invite_code(where, host.port, host.fingerprint, host.password, args.invite_password)
    if host.fingerprint:
        print(f"TLS certificate SHA-256 fingerprint: {host.fingerprint}\n  ({pretty_fingerprint(host.fingerprint)})",
              flush=True)
    else:
        print("plain ws:// (this machine only: every bound address is loopback; --tls to serve TLS)", flush=True)
    print(f"invite code (players: tabletop join CODE): {code}", flush=True)
    mapped = _mapped(host)
    if mapped is not None and not args.public_host:  # players outside reach it through the router
        code = invite_code(mapped[0], mapped[1], host.fingerprint, host.password, args.invite_password)
        print(f"invite code from outside this network (through the router's port mapping): {code}", flush=True)
    if command == "serve":
        print(f"host token (host rights, the rules dial: tabletop join CODE --host-token TOKEN): "
              f"{host.host_token}", flush=True)


def _mapped(host: Any) -> tuple[str, int] | None:
    """The public address and port a UPnP port mapping made for `host` (net/upnp.py), or None."""
    from ..net import upnp

    mapper = getattr(upnp, "_MAPPERS", {}).get(host)
    m = getattr(mapper, "mapping", None)
    if m is None:
        return None
    public = m.public() if callable(m.public) else m.public
    return (m.external_ip, m.external_port) if public else None


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
    # a dedicated server has no seat of its own: the dial belongs to whoever presents the host token (and to
    # the seats named with --host-seat), never to whoever connects first
    seats = len(session.state.seats)
    session.hosts = {check_seat(n, seats, "--host-seat") for n in (args.host_seat or [])}
    return session


def _more_descriptors() -> None:
    """Raise the soft limit of open files to the hard one (at most 65,536): connections waiting for their hello
    are capped (net/reader.py), but a TLS handshake under way is not yet counted."""
    try:
        import resource
    except ImportError:  # not on this platform
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = 65536 if hard == resource.RLIM_INFINITY else min(hard, 65536)
    if soft != resource.RLIM_INFINITY and soft < want:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))


def run(args: argparse.Namespace) -> int:
    from ..net.host import listen_early

    _more_descriptors()

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
    from ..net.host import Host, load_host_token, load_moderation, load_tokens, tokens_path_for
    from ..net.protocol import HostEvent
    from ..net.seats import new_token
    from ..net.serving import check_names, choose_tls
    from ..net.tokenstore import normal_fingerprint
    from ..store.autosave import DEFAULT_AUTOSAVE
    from .common import seat_label

    standin = bot_dropped(args, "serve")
    if standin is None:
        return 2
    try:
        session = _session(args)
    except (TabletopError, ValueError) as e:  # unknown ruleset, a seat that does not exist: one clear line
        print(f"tabletop serve: {e}", file=sys.stderr)
        return 2
    # the real path: a second `serve` through a symlink to a running game's save finds that game's lock
    autosave = (Path(args.autosave) if args.autosave else Path(args.save) if args.save else DEFAULT_AUTOSAVE).resolve()
    tokens = tokens_path_for(Path(args.save).resolve()) if args.save else None
    try:
        records = load_tokens(tokens) if tokens is not None else {}
        moderation = load_moderation(tokens) if tokens is not None else None  # kicks, closed seats kept
        cert = choose_tls(args.bind, force=args.tls, cert=args.cert, key=args.key)
        public = check_names(args.public_host)
        proxy_fps = [normal_fingerprint(f) for f in args.proxy_fingerprint]
    except (NetError, ValueError) as e:
        print(f"tabletop serve: {e}", file=sys.stderr)
        return 2
    host_token = (load_host_token(tokens) if tokens is not None else "") or new_token()
    name = args.name or f"{session.state.ruleset} on {socket.gethostname()}"
    quiet = {"applied", "refused_action", "resync"} if args.quiet else set()

    def log(ev: HostEvent) -> None:
        if ev.kind in quiet:
            return
        who = seat_label(ev.seat)
        print(f"{time.strftime('%H:%M:%S')} {ev.kind:<14} {who:<10} {ev.text}", flush=True)

    host = Host(session, bind=args.bind, port=args.port, name=name, password=args.password, autosave=autosave,
                autosave_every=args.autosave_every, announce=not args.no_announce, on_event=log, records=records,
                sock=sock, tls=cert, public_hosts=public, trusted_proxies=args.trusted_proxy,
                proxy_fingerprints=proxy_fps if proxy_fps or not args.trusted_proxy else None,
                host_token=host_token)
    host.upnp = args.upnp
    host.bot_dropped = standin
    host.spectators = not args.no_spectators
    host.moderation = moderation

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
        print_invite(host, args, "serve")
        for line in host.moderation_notes:
            print(f"moderation: {line}", flush=True)
        kept = moderation.describe() if moderation is not None else ""
        if kept:
            print(f"moderation kept from the last run: {kept} (the console's open, spectators on change it)",
                  flush=True)
        if host.protocol is not None and not host.protocol.spectators_allowed:
            print("spectators: off (a seat with host rights turns them on: K in its window)", flush=True)
        from .serveconsole import console_wanted, start_console

        if not args.no_console and console_wanted():
            start_console(host, loop, lambda text: print(f"{time.strftime('%H:%M:%S')} console        {text}",
                                                         flush=True))
            print("console: who, kick SEAT [close], close SEAT, open SEAT, kick-watcher NAME, spectators on|off, help",
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
