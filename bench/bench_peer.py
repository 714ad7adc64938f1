"""Late join beside boardgame.io's, on the same machine in the same run, the two taking turns join by join.

The peer is the boardgame.io 0.50.2 harness (../shared/peer-bgio): `peer_join.js` (beside this file) runs its
`server.js` and `game.js` as its `bench.js` does: a 1,000-card table, 2 players connected, 210 moves played, then
a spectator joins whenever asked; each join is timed as `bench.js` times it, from `client.start()` (the
connection included) until the client's state holds every card where the last move put it, and its bytes are
what the server wrote to the sockets meanwhile (HTTP upgrade and framing included).

Ours does the same: a host with a 1,000-card table (8 seats) in its own process, 2 seats connected and 210 moves
played, then a spectator joins whenever asked; each join is timed from the `Client` being made until `connect()`
returns: TCP and WebSocket handshakes, hello, the welcome received and decoded, its view taken and its hash
checked against the host's (and, after the clock stops, against the view itself), and its bytes are everything
the client's socket received (HTTP response and framing included). As for any spectator, the host answers the
hello from the welcome it keeps ready (tabletop/net/desk.py); a seat's join (a token, a seat number) is answered
by the host's game thread, one hand-off there and back more.

The two take turns one join at a time (who goes first alternates), so machine load falls on both alike. The
peer needs node and the harness with its packages installed: copy ../shared/peer-bgio somewhere, run
`npm install --no-audit --no-fund` there (it writes node_modules/ into the folder) and point `TABLETOP_PEER_BGIO`
at it. Without them this prints why and exits 0, and `collect` gives no rows.

    TABLETOP_PEER_BGIO=/tmp/peer-bgio python bench/bench_peer.py [--joins 60] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's tabletop, not an installed one
sys.path.insert(0, str(Path(__file__).parent))

__all__ = ["Peer", "collect", "find_peer", "main", "our_join", "run"]

CARDS = 1000
#: moves played before the joins (the peer's warm-up + measured moves; its log then holds them all)
WARMUP, MOVES = 10, 200
#: where the harness ships beside the checkouts (../shared/peer-bgio from a worktree or from main)
SHARED = [Path(__file__).resolve().parents[n] / "shared" / "peer-bgio" for n in (2, 3)]


def find_peer() -> tuple[Path | None, str]:
    """The harness folder to run, or None and why not."""
    node = shutil.which("node")
    if node is None:
        return None, "node is not installed"
    candidates = [Path(p) for p in [os.environ.get("TABLETOP_PEER_BGIO", "")] if p]
    candidates += [Path(tempfile.gettempdir()) / "peer-bgio", *SHARED]
    for folder in candidates:
        if (folder / "bench.js").is_file() and (folder / "node_modules" / "boardgame.io").is_dir():
            return folder, ""
    return None, ("the boardgame.io harness is not installed: copy ../shared/peer-bgio somewhere, run "
                  "`npm install --no-audit --no-fund` there and set TABLETOP_PEER_BGIO to it")


# ------------------------------------------------------------------------------------------------ the peer


class Peer:
    """boardgame.io's late joins on demand: `peer_join.js` (beside this file) on the harness's server and game."""

    def __init__(self, folder: Path, moves: int) -> None:
        env = {**os.environ, "NODE_ENV": "production"}
        self.proc = subprocess.Popen(["timeout", "600", "node", str(Path(__file__).with_name("peer_join.js")),
                                      str(folder), str(moves)], cwd=folder, env=env, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline().strip()
        if line != "ready":
            self.close()
            raise RuntimeError(f"the boardgame.io peer did not start (said {line!r})")

    def join(self) -> tuple[float, int]:
        """One late join: (seconds, bytes)."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write("join\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the boardgame.io peer stopped")
        r = json.loads(line)
        return r["us"] / 1e6, int(r["bytes"])

    def close(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            if self.proc.stdin is not None:
                self.proc.stdin.write("quit\n")
                self.proc.stdin.close()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)


# ------------------------------------------------------------------------------------------------ ours


async def _play(port: int, moves: int) -> list[Any]:
    """2 seats connected, `moves` moves played by seat 0 (each answered before the next)."""
    from bench_net import _action

    from tabletop.net.client import Client

    seats = [await Client("127.0.0.1", port, seat=s).connect(30) for s in (0, 1)]
    table = [p["id"] for z in seats[0].view["zones"] if z["name"] == "table" for p in z["pieces"]]
    for i in range(moves):
        await seats[0].act(_action(i, table[i % len(table)]), 30)
    return seats


async def our_join(port: int, seats: Sequence[Any] = ()) -> tuple[float, int]:
    """One late join (a spectator) to our host: (seconds, bytes), the view checked against the host's hash.

    The bytes are what the joiner's socket received and, as the peer counts every socket its server wrote to,
    what the connected `seats` received meanwhile (the host tells them who joined)."""
    from tabletop.net.client import Client

    before = sum(c.received for c in seats)
    t = time.perf_counter()
    client = await Client("127.0.0.1", port, seat=None, reconnect=False).connect(30)
    took = time.perf_counter() - t
    got = client.received + sum(c.received for c in seats) - before
    p = client.protocol
    pieces = sum(len(z["pieces"]) for z in p.view["zones"]) if p.view else 0
    if not (p.hash and p.desyncs == 0 and p.hash == p.view_hash() and pieces == CARDS):
        raise RuntimeError(f"a late join did not get the table (hash {p.hash!r}, {pieces} pieces)")
    await client.close()
    return took, got


async def _alternate(port: int, peer: Peer, joins: int) -> tuple[list[tuple[float, int]], list[tuple[float, int]]]:
    loop = asyncio.get_running_loop()
    seats = await _play(port, WARMUP + MOVES)
    ours: list[tuple[float, int]] = []
    theirs: list[tuple[float, int]] = []
    try:
        for k in range(joins):
            for turn in ((0, 1) if k % 2 == 0 else (1, 0)):  # who goes first alternates too
                await asyncio.sleep(0.005)  # the peer waits 5 ms between joins too
                if turn == 0:
                    ours.append(await our_join(port, seats))
                else:
                    theirs.append(await loop.run_in_executor(None, peer.join))
    finally:
        for c in seats:
            await c.close()
    return ours, theirs


# ------------------------------------------------------------------------------------------------ the run


def run(joins: int = 60) -> dict[str, Any] | None:
    """`joins` late joins each, ours and the peer's taking turns one by one; None (and why on stderr) without
    the peer."""
    from bench_net import _start

    folder, why = find_peer()
    if folder is None:
        print(f"bench_peer: skipped: {why}", file=sys.stderr)
        return None
    peer = Peer(folder, WARMUP + MOVES)
    try:
        host, port = _start("host", CARDS, 8, {"rate": 10_000, "burst": 10_000})
        try:
            ours, theirs = asyncio.run(_alternate(port, peer, joins))
        finally:
            host.terminate()
            host.wait(5)
    finally:
        peer.close()
    out = {
        "cards": CARDS, "joins": joins, "moves_before": WARMUP + MOVES,
        "ours_ms": _med(ours) * 1e3, "peer_ms": _med(theirs) * 1e3,
        "ours_p25_ms": _q(ours, 0.25) * 1e3, "peer_p25_ms": _q(theirs, 0.25) * 1e3,
        "ours_bytes": statistics.median(b for _, b in ours), "peer_bytes": statistics.median(b for _, b in theirs),
        "ratios": [a / b for (a, _), (b, _) in zip(ours, theirs, strict=True)],
        "peer_folder": str(folder),
    }
    out["ratio"] = out["ours_ms"] / out["peer_ms"]
    out["pair_ratio"] = statistics.median(out["ratios"])
    return out


def _q(xs: list[tuple[float, int]], q: float) -> float:
    ts = sorted(t for t, _ in xs)
    return ts[int(q * (len(ts) - 1))]


def _med(xs: list[tuple[float, int]]) -> float:
    return statistics.median(t for t, _ in xs)


def collect(quick: bool = False) -> list[dict[str, object]]:
    """The late-join row beside boardgame.io's for `tabletop bench` (none with --quick or without the peer)."""
    if quick:
        return []
    f = run(40)
    if f is None:
        return []
    return [
        {"area": "network", "name": f"late join vs boardgame.io 0.50.2, {CARDS:,} cards, connection included "
         f"({f['ours_bytes'] / 1000:.0f} KB vs {f['peer_bytes'] / 1000:.0f} KB)", "value": f["ours_ms"], "unit": "ms",
         "floor": f["peer_ms"], "floor_name": "boardgame.io's late join, same table, joins taking turns"},
    ]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--joins", type=int, default=60, help="late joins of each, taking turns")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    f = run(args.joins)
    if f is None:
        return 0
    if args.json:
        print(json.dumps(f, indent=2))
        return 0
    print(f"late join, {CARDS:,} cards, {f['moves_before']} moves played, connection included, "
          f"{f['joins']} joins each, ours and boardgame.io's taking turns:")
    print(f"  ours          median {f['ours_ms']:7.2f} ms  (p25 {f['ours_p25_ms']:6.2f})  {f['ours_bytes']:>9,.0f} bytes")
    print(f"  boardgame.io  median {f['peer_ms']:7.2f} ms  (p25 {f['peer_p25_ms']:6.2f})  {f['peer_bytes']:>9,.0f} bytes")
    print(f"  ratio of medians {f['ratio']:.2f}x (median of the paired ratios {f['pair_ratio']:.2f}x); "
          f"{f['ours_bytes'] / f['peer_bytes']:.2f}x the bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
