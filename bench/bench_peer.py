"""Late join beside boardgame.io's, on the same machine in the same run, the two taking turns.

The peer is the boardgame.io 0.50.2 harness (../shared/peer-bgio: `bench.js`, run with node): a 1,000-card table,
2 players connected, some moves played, then spectators join one after another; each join is timed from
`client.start()` (the connection included) until the client's state holds every card where the last move put it,
and its bytes are what the server wrote to that socket (HTTP upgrade and framing included).

Ours does the same: a host with a 1,000-card table (8 seats) in its own process, 2 seats connected and the same
number of moves played, then spectators join one after another; each join is timed from the `Client` being made
until `connect()` returns, that is: TCP and WebSocket handshakes, hello, the welcome received, decoded, its view
taken and its hash checked against the host's, and its bytes are everything the client's socket received for it
(HTTP response and framing included).

Rounds alternate: a batch of the peer's joins (a fresh `node bench.js` run), then a batch of ours, so machine load
drifts over both alike. The peer needs node and the harness with its packages installed; point
`TABLETOP_PEER_BGIO` at a copy where `npm install --no-audit --no-fund` was run (it writes node_modules/ into the
folder). Without them this prints why and exits 0, and `collect` gives no rows.

    python bench/bench_peer.py [--rounds 4] [--joins 20] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's tabletop, not an installed one
sys.path.insert(0, str(Path(__file__).parent))

__all__ = ["collect", "find_peer", "main", "our_joins", "peer_joins", "run"]

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


def peer_joins(folder: Path, joins: int) -> list[tuple[float, int]]:
    """One run of the peer's harness (fresh server, 2 players, the moves, then `joins` late joins): (s, bytes)."""
    with tempfile.TemporaryDirectory(prefix="tabletop-peer-") as tmp:
        out = Path(tmp) / "peer.json"
        cmd = ["timeout", "170", "node", "bench.js", "--players", "2", "--mode", "update", "--layout", "array",
               "--repeats", "1", "--warmup", str(WARMUP), "--moves", str(MOVES), "--joins", str(joins),
               "--poll-joins", "0", "--max-wall-s", "160", "--out", str(out)]
        env = {**os.environ, "NODE_ENV": "production"}
        proc = subprocess.run(cmd, cwd=folder, env=env, capture_output=True, text=True, timeout=180)
        if proc.returncode != 0 or not out.exists():
            raise RuntimeError(f"the peer's bench.js failed (rc {proc.returncode}): {proc.stderr.strip()[-400:]}")
        rep = json.loads(out.read_text())["repeats"][0]
    return [(j["us"] / 1e6, int(j["bytesDown"])) for j in rep["spectatorJoinsLate"]]


# ------------------------------------------------------------------------------------------------ ours


class _Wire:
    """Counts the bytes every websockets connection of this process receives (handshake and framing included)."""

    def __init__(self) -> None:
        from websockets.asyncio.connection import Connection

        self.total = 0
        self._cls = Connection
        self._orig = Connection.data_received
        wire = self

        def data_received(conn: Any, data: bytes) -> None:
            wire.total += len(data)
            wire._orig(conn, data)

        Connection.data_received = data_received  # type: ignore[method-assign]

    def close(self) -> None:
        self._cls.data_received = self._orig  # type: ignore[method-assign]


async def _play(port: int, tokens: dict[int, str], moves: int) -> list[Any]:
    """2 seats connected (taken back with `tokens` after the first round), `moves` moves played by seat 0."""
    from bench_net import _action

    from tabletop.net.client import Client

    seats = [await Client("127.0.0.1", port, seat=s, token=tokens.get(s)).connect(30) for s in (0, 1)]
    for s, c in enumerate(seats):
        tokens[s] = c.token or ""
    table = [p["id"] for z in seats[0].view["zones"] if z["name"] == "table" for p in z["pieces"]]
    for i in range(moves):
        await seats[0].act(_action(i, table[i % len(table)]), 30)
    return seats


async def _our_batch(port: int, joins: int, tokens: dict[int, str], moves: int) -> list[tuple[float, int]]:
    from tabletop.net.client import Client

    seats = await _play(port, tokens, moves)
    wire = _Wire()
    out = []
    try:
        for _ in range(joins):
            await asyncio.sleep(0.005)  # the peer waits 5 ms between joins too
            before = wire.total
            t = time.perf_counter()
            client = await Client("127.0.0.1", port, seat=None, reconnect=False).connect(30)
            took = time.perf_counter() - t
            got = wire.total - before
            p = client.protocol
            pieces = sum(len(z["pieces"]) for z in p.view["zones"]) if p.view else 0
            if not (p.hash and p.desyncs == 0 and pieces == CARDS):
                raise RuntimeError(f"a late join did not get the table (hash {p.hash!r}, {pieces} pieces)")
            out.append((took, got))
            await client.close()
    finally:
        wire.close()
        for c in seats:
            await c.close()
    return out


def our_joins(port: int, joins: int, tokens: dict[int, str], moves: int = 0) -> list[tuple[float, int]]:
    """`joins` late joins (spectators) to our host on `port`, after `moves` more moves: (seconds, bytes) each."""
    return asyncio.run(_our_batch(port, joins, tokens, moves))


# ------------------------------------------------------------------------------------------------ the run


def run(rounds: int = 4, joins: int = 20) -> dict[str, Any] | None:
    """Alternating batches of the peer's late joins and ours; None (and a message on stderr) without the peer."""
    from bench_net import _start

    folder, why = find_peer()
    if folder is None:
        print(f"bench_peer: skipped: {why}", file=sys.stderr)
        return None
    ours: list[tuple[float, int]] = []
    peer: list[tuple[float, int]] = []
    per_round = []
    host, port = _start("host", CARDS, 8, {"rate": 10_000, "burst": 10_000})
    tokens: dict[int, str] = {}
    try:
        for r in range(rounds):
            p = peer_joins(folder, joins)
            o = our_joins(port, joins, tokens, WARMUP + MOVES if r == 0 else 0)
            peer += p
            ours += o
            per_round.append({"ours_ms": _med(o) * 1e3, "peer_ms": _med(p) * 1e3})
    finally:
        host.terminate()
        host.wait(5)
    out = {
        "cards": CARDS, "rounds": rounds, "joins_per_round": joins, "moves_before": WARMUP + MOVES,
        "ours_ms": _med(ours) * 1e3, "peer_ms": _med(peer) * 1e3,
        "ours_bytes": statistics.median(b for _, b in ours), "peer_bytes": statistics.median(b for _, b in peer),
        "per_round": per_round, "peer_folder": str(folder),
    }
    out["ratio"] = out["ours_ms"] / out["peer_ms"]
    return out


def _med(xs: list[tuple[float, int]]) -> float:
    return statistics.median(t for t, _ in xs)


def collect(quick: bool = False) -> list[dict[str, object]]:
    """The late-join row beside boardgame.io's for `tabletop bench` (none with --quick or without the peer)."""
    if quick:
        return []
    f = run(3, 15)
    if f is None:
        return []
    return [
        {"area": "network", "name": f"late join vs boardgame.io 0.50.2, {CARDS:,} cards, connection included "
         f"({f['ours_bytes'] / 1000:.0f} KB vs {f['peer_bytes'] / 1000:.0f} KB)", "value": f["ours_ms"], "unit": "ms",
         "floor": f["peer_ms"], "floor_name": "boardgame.io's late join, same table, alternating batches"},
    ]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--joins", type=int, default=20, help="joins per batch")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    f = run(args.rounds, args.joins)
    if f is None:
        return 0
    if args.json:
        print(json.dumps(f, indent=2))
        return 0
    for i, r in enumerate(f["per_round"]):
        print(f"round {i + 1}: ours {r['ours_ms']:.2f} ms, boardgame.io {r['peer_ms']:.2f} ms")
    print(f"late join, {CARDS:,} cards, {f['moves_before']} moves played, connection included "
          f"({f['rounds']} alternating rounds x {f['joins_per_round']} joins each):")
    print(f"  ours          {f['ours_ms']:7.2f} ms  {f['ours_bytes']:>9,.0f} bytes")
    print(f"  boardgame.io  {f['peer_ms']:7.2f} ms  {f['peer_bytes']:>9,.0f} bytes")
    print(f"  ratio         {f['ratio']:.2f}x the time, {f['ours_bytes'] / f['peer_bytes']:.2f}x the bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
