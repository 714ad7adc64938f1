"""`tabletop join [ADDRESS[:PORT]]`: sit down at a LAN game, in the table window (or, `--terminal`, as text).

Without an address the window lists the games announced on the LAN. The text client prints the table and log it
receives: handy for watching a game, checking a host, or scripting. Seats count from 1 on the command line.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import signal
import sys
import unicodedata
from collections.abc import Callable
from typing import Any

__all__ = ["HELP", "NAME", "add_arguments", "describe_view", "run", "safe"]

NAME = "join"
HELP = "join a LAN game in the window (by address, or pick one found on the LAN); --terminal for the text client"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("address", nargs="?",
                        help="the host's invite code (tabletop://...), or HOST[:PORT] (default port 7531)")
    parser.add_argument("--seat", help="the seat to claim, from 1 (default: the first free seat)")
    parser.add_argument("--watch", action="store_true", help="join as a spectator (public information only)")
    parser.add_argument("--name", default="", help="your name at the table")
    parser.add_argument("--token", help="your seat token, to take your seat back after a drop or a host restart")
    parser.add_argument("--password", default="", help="the game's password, if it has one (and not in the code)")
    parser.add_argument("--host-token", default="", metavar="TOKEN",
                        help="the host token `tabletop serve` printed: host rights (the rules dial) at your seat")
    parser.add_argument("--deck", metavar="FILE",
                        help="bring your own deck to the seat you take (any deck format tabletop reads): the host's "
                             "rules judge it and deal the table again with it, before play starts")
    parser.add_argument("--forget-host", metavar="ADDRESS",
                        help="forget the certificate pinned for HOST:PORT (and your seat tokens there), then leave; "
                             "the next join pins the certificate it is shown, or the one an invite code gives")
    parser.add_argument("--once", action="store_true", help="print the table once and leave")
    parser.add_argument("--json", action="store_true", help="print JSON lines (welcome, view, log, players)")
    parser.add_argument("--find", action="store_true", help="list the games announced on the LAN and leave")
    parser.add_argument("--size", help="the window's size, WIDTHxHEIGHT, as for `play` and `host` (default: 1280x800, "
                                       "or 800x600 on a screen too small for it)")
    parser.add_argument("--terminal", action="store_true",
                        help="the text client: print the table and log as they change (implied by --once, --json, "
                             "--find, --watch and --token)")


def safe(text: str) -> str:
    """Text fit for a terminal: control and escape characters (and lone surrogates) shown as escapes, not obeyed."""
    out = []
    for ch in text:
        cat = unicodedata.category(ch)
        if ch == "\n" or (cat[0] != "C" and cat not in ("Zl", "Zp")):
            out.append(ch)
        else:
            out.append(ch.encode("unicode_escape", "backslashreplace").decode("ascii", "replace"))
    return "".join(out)


def describe_view(view: dict[str, Any]) -> list[str]:
    """The table as text lines: per zone the cards this seat can see, or how many it cannot."""
    lines = [f"{view['ruleset']} table, seq {view['seq']}, enforcement {view['enforcement']}"]
    for p in view["players"]:
        counters = ", ".join(f"{k} {v}" for k, v in p.get("counters", {}).items())
        lines.append(f"  seat {p['seat'] + 1} {p['name']}" + (f": {counters}" if counters else ""))
    for z in view["zones"]:
        cards = [p for p in z["pieces"] if p["kind"] == "card"]
        shown = [p["card"] for p in cards if "card" in p]
        hidden = len(cards) - len(shown)
        others = len(z["pieces"]) - len(cards)
        parts = []
        if shown:
            parts.append(", ".join(shown))
        if hidden:
            parts.append(f"{hidden} hidden card(s)")
        if others:
            parts.append(f"{others} token(s)/dice")
        lines.append(f"  {z['name']}: {'; '.join(parts) or '(empty)'}")
    return lines


def _log_line(line: dict[str, Any]) -> str:
    from .common import seat_label

    who = seat_label(line.get("seat"))
    action = dict(line.get("action", {}))
    kind = action.pop("type", "?")
    text = f"[{line.get('seq')}] {who} {line.get('kind', 'submit')} {kind}"
    if action:
        text += " " + json.dumps(action, separators=(",", ":"))
    for v in line.get("violations", []):
        text += f"\n      ! {v.get('rule', '')} {v.get('message', '')}"
    return text


def _window(args: argparse.Namespace) -> int:
    """Open the table window joined to the game (the same as `tabletop play --join`)."""
    from . import play
    from .window import window_size

    size = getattr(args, "size", None)
    if size is not None and window_size(argparse.Namespace(size=size, headless=False), "join") is None:
        return 2  # the same parsing as play's and host's --size, said as join's
    parser = argparse.ArgumentParser(prog="tabletop join")
    play.add_arguments(parser)
    argv = ["--join", args.address or ""]
    if size is not None:
        argv += ["--size", size]
    if args.seat:
        argv += ["--seat", str(args.seat)]
    if args.name:
        argv += ["--name", args.name]
    if args.password:
        argv += ["--password", args.password]
    parsed = parser.parse_args(argv)
    parsed.guest_deck = args.deck  # the deck this guest brings (play's own --deck deals a new game's seats)
    return play.run(parsed)


def run(args: argparse.Namespace) -> int:
    from .common import UsageError

    if args.forget_host:
        return _forget(args.forget_host)
    if args.deck and args.watch:
        print("tabletop join: --deck goes with a seat, not with --watch (a spectator brings no deck)", file=sys.stderr)
        return 2
    if not (args.terminal or args.once or args.json or args.find or args.watch or args.token or args.host_token):
        return _window(args)
    if args.find:
        return _find()
    if not args.address:
        print("tabletop join: give the host's address (or --find)", file=sys.stderr)
        return 2
    try:
        seat = _wanted_seat(args)
    except UsageError as e:
        print(f"tabletop join: {e}", file=sys.stderr)
        return 2
    return asyncio.run(_follow(args, seat, _printer(args.json)))


def _remember(client: Any) -> None:
    """Keep the seat token in the user's token store (the window takes the seat back with it)."""
    from ..net.errors import NetError

    p = client.protocol
    if p.token and p.seat is not None:
        try:
            client.store.remember(client.address, p.host_name, p.seat, p.token, p.name)
        except NetError as e:  # the game goes on; the token is printed anyway
            print(safe(f"tabletop join: could not keep the seat token: {e}"), file=sys.stderr)


def _forget(address: str) -> int:
    """`--forget-host`: drop the pin (and seat tokens) kept for that host."""
    from ..net.errors import NetError
    from ..net.invite import parse_target
    from ..net.tokenstore import TokenStore, address_key

    try:
        target = parse_target(address)
        key = address_key(target.host, target.port)
        store = TokenStore()
        known = store.forget_host(key)
    except NetError as e:
        print(safe(f"tabletop join: {e}"), file=sys.stderr)
        return 2
    print(safe(f"forgot the certificate pinned for {key} and your seat tokens there" if known
               else f"nothing was kept for {key} (in {store.path})"))
    return 0


#: prints one thing the text client learned: (kind, JSON body, text lines)
Out = Callable[[str, dict[str, Any], "list[str] | str"], None]


def _find() -> int:
    """`--find`: the games announced on the LAN, one a line."""
    from ..net.discovery import browse
    from ..net.errors import NetError

    try:
        games = browse(2.0)
    except NetError as e:
        print(safe(f"tabletop join: {e}"), file=sys.stderr)
        return 2
    for g in games:
        print(safe(f"{g.join_address}  {g.name}  " + " ".join(f"{k}={v}" for k, v in sorted(g.properties.items()))))
    if not games:
        print("no games found on the LAN (join by address: tabletop join HOST[:PORT])")
    return 0


def _wanted_seat(args: argparse.Namespace) -> int | str | None:
    """The seat the hello asks for: "any", None to watch, or the number given (raises UsageError)."""
    from .common import check_seat

    if args.watch:
        return None
    if args.seat:
        return check_seat(args.seat, None, "--seat")  # the host knows the seat count: it refuses one too many
    return "any"


def _printer(as_json: bool) -> Out:
    def out(kind: str, body: dict[str, Any], text: list[str] | str) -> None:
        if as_json:
            print(json.dumps({"kind": kind, **body}), flush=True)
        else:
            print(safe("\n".join(text) if isinstance(text, list) else text), flush=True)

    return out


async def _connected(args: argparse.Namespace, seat: int | str | None) -> Any:
    """A connected, welcomed `Client`, or the exit status after saying why not (2: bad input or refused; 1: nobody
    answered)."""
    from ..net.client import Client
    from ..net.errors import NetError, Refused, VersionMismatch
    from .play import guest_deck

    try:
        client = Client(args.address, name=args.name, seat=seat, token=args.token, password=args.password,
                        host_token=args.host_token, deck=guest_deck(args.deck))  # exits 2 on a bad file
    except NetError as e:
        print(safe(f"tabletop join: {e}"), file=sys.stderr)
        return 2
    try:
        await client.connect()
        if client.pinned:
            from ..net.tls import pretty_fingerprint

            print(safe(f"tabletop join: pinned the certificate of {client.address}: SHA256 "
                       f"{pretty_fingerprint(client.pinned)} (compare it with the host's; a changed one is refused)"),
                  file=sys.stderr)
        _remember(client)
        return client
    except NetError as e:
        print(safe(f"tabletop join: {e}"), file=sys.stderr)
        for p in getattr(e, "problems", []):  # a refused deck: each problem, with its rule
            print(safe(f"  {p.get('rule') or p.get('code')}: {p.get('message')}"), file=sys.stderr)
        return 2 if isinstance(e, (Refused, VersionMismatch)) else 1


async def _follow(args: argparse.Namespace, seat: int | str | None, out: Out) -> int:
    """Join, print the welcome and the table, then (unless `--once`) everything that happens until Ctrl+C."""
    from ..net.client import ws_uri
    from .common import seat_label

    client = await _connected(args, seat)
    if isinstance(client, int):
        return client
    p = client.protocol
    where = "watching" if p.seat is None else seat_label(p.seat)
    out("welcome", {"seat": p.seat, "token": p.token, "host": p.host_name},
        f"joined {p.host_name!r} at {ws_uri(client.host, client.port, bool(client.tls))}, {where}"
        + (f"; seat token {p.token} (rejoin with --token)" if p.token else ""))
    out("view", {"seq": p.seq, "hash": p.hash, "view": p.view}, describe_view(p.view or {}))
    if args.once:
        await client.close()
        return 0
    for line in p.log[-10:]:
        out("log", {"line": line}, _log_line(line))
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    client.on_event = _event_printer(client, out)
    watch_status = loop.create_task(_watch_status(client, out))
    done = loop.create_task(client.wait_for(lambda: client.error is not None, 1e9))
    await asyncio.wait([loop.create_task(stop.wait()), done], return_when=asyncio.FIRST_COMPLETED)
    watch_status.cancel()
    await client.close()
    if client.error is not None and not stop.is_set():
        print(safe(f"tabletop join: {client.error}"), file=sys.stderr)
        return 1
    return 0


def _event_printer(client: Any, out: Out) -> Callable[[Any], None]:
    """What the text client prints for each event of the connection (and each change of its status)."""
    p = client.protocol
    last_status = client.status

    def on_event(ev: Any) -> None:
        nonlocal last_status
        if ev.kind == "log":
            for line in ev.data["lines"]:
                out("log", {"line": line}, _log_line(line))
        elif ev.kind == "view" and ev.data.get("snapshot"):
            out("view", {"seq": p.seq, "hash": p.hash, "view": p.view}, describe_view(p.view or {}))
        elif ev.kind == "players":
            marks = [f"{q['seat'] + 1}:{q['name']}{'' if q['connected'] else ' (away)'}" for q in ev.data["players"]]
            out("players", {"players": ev.data["players"], "paused": ev.data["paused"]},
                "players: " + ", ".join(marks) + (" [paused]" if ev.data["paused"] else ""))
        elif ev.kind == "notice":  # about the table, not a move: "The host removed bob from Seat 2"
            out("notice", ev.data, str(ev.data.get("message", "")))
        elif ev.kind in ("desync", "error", "undo_request", "undo_result"):
            out(ev.kind, ev.data, f"{ev.kind}: {json.dumps(ev.data)}")
        if client.status != last_status:
            last_status = client.status
            out("status", {"status": client.status}, f"status: {client.status}")

    return on_event


async def _watch_status(client: Any, out: Any) -> None:
    last = client.status
    while True:
        await asyncio.sleep(0.5)
        if client.status != last:
            last = client.status
            out("status", {"status": last}, f"status: {last}")
