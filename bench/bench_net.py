"""LAN soak: N client processes each submitting R actions a second to one host process for D seconds.

Reports, each beside its floor measured in the same run:
- round trip of an action (client submit -> every client has the resulting view), beside a bare websockets echo
  round trip on the same machine;
- bytes the host sent per client per action (patch + log line + result), beside the JSON size of the action;
- the host's fan-out cost per action (N views + diffs + hashes) on the soak table and on a 1,000-card table.
Checks: no action lost or applied twice (host seq == actions accepted), no desync, every client's patched view
hash equal to the host's snapshot at the end.

Run: python bench/bench_net.py [--clients 8] [--rate 20] [--duration 60] [--cards 100] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

__all__ = ["main"]


def _table(cards: int, seats: int):
    from bench_core import table

    from tabletop.core import Session

    return Session(table(cards, seats))


def _host(cards: int, seats: int, port_q: mp.Queue) -> None:
    from tabletop.net.host import Host
    from tabletop.net.messages import Limits

    async def main() -> None:
        host = Host(_table(cards, seats), bind="127.0.0.1", port=0, limits=Limits(rate=500, burst=1000))
        host.on_event = lambda ev: None
        await host.start()
        port_q.put(host.port)
        await asyncio.Future()

    asyncio.run(main())


def _echo(port_q: mp.Queue) -> None:
    from websockets.asyncio.server import serve

    async def handler(ws) -> None:
        async for msg in ws:
            await ws.send(msg)

    async def main() -> None:
        async with serve(handler, "127.0.0.1", 0, compression=None) as server:
            port_q.put(server.sockets[0].getsockname()[1])
            await asyncio.Future()

    asyncio.run(main())


def _client(port: int, seat: int, rate: float, duration: float, start_at: float, out_q: mp.Queue) -> None:
    from tabletop.core import actions as A
    from tabletop.net.client import Client

    async def main() -> None:
        arrivals: dict[int, float] = {}
        client = Client("127.0.0.1", port, seat=seat)

        results: dict[int, dict] = {}

        def on_event(ev) -> None:
            if ev.kind == "view":
                arrivals.setdefault(ev.data["seq"], time.monotonic())
            elif ev.kind == "result":
                results.setdefault(ev.data["cseq"], ev.data)

        client.on_event = on_event
        await client.connect(30)
        rng = random.Random(seat)
        mine = [p["id"] for z in client.view["zones"] if z["name"] == "table" for p in z["pieces"]]
        await asyncio.sleep(max(0.0, start_at - time.time()))
        sent: dict[int, float] = {}
        payload = 0
        t0 = time.monotonic()
        n = 0
        while time.monotonic() - t0 < duration:
            pid = rng.choice(mine)
            action = A.Move((pid,), "table", x=rng.randrange(3900), y=rng.randrange(2900)) if n % 3 else \
                A.Tap((pid,))
            payload += len(json.dumps(action.to_dict(), separators=(",", ":")))
            cseq = await client.submit(action)
            sent[cseq] = time.monotonic()
            n += 1
            await asyncio.sleep(max(0.0, t0 + n / rate - time.monotonic()))
        await client.wait_for(lambda: all(c in results for c in sent), 60)
        seqs = {c: results[c].get("seq") for c in sent}
        bytes_before_end = client.bytes_received
        patched = client.protocol.view_hash()
        while True:  # wait for everyone to finish (a quiet second), then compare with the host's own view
            before = client.protocol.seq
            await asyncio.sleep(1.0)
            if client.protocol.seq == before:
                break
        last_seq = client.protocol.seq
        patched = client.protocol.view_hash()
        client.protocol.resync("bench check")
        await client._flush()
        await client.wait_for(lambda: not client.protocol._awaiting_snapshot, 30)
        out_q.put({
            "seat": seat,
            "sent": {c: t for c, t in sent.items()},
            "seqs": seqs,
            "accepted": sum(1 for c in sent if results[c]["accepted"]),
            "duplicates": sum(1 for c in sent if results[c].get("duplicate")),
            "arrivals": arrivals,
            "bytes": bytes_before_end,
            "payload": payload,
            "desyncs": client.protocol.desyncs,
            "hash_ok": patched == client.protocol.view_hash(),
            "last_seq": last_seq,
            "connections": client.connections,
        })
        await client.close()

    asyncio.run(main())


async def _echo_rtt(port: int, n: int = 300) -> list[float]:
    from websockets.asyncio.client import connect

    msg = json.dumps({"type": "action", "cseq": 1, "action": {"type": "move", "pieces": ["p1"], "to": "table"}})
    out = []
    async with connect(f"ws://127.0.0.1:{port}", compression=None) as ws:
        for _ in range(n):
            t = time.perf_counter()
            await ws.send(msg)
            await ws.recv()
            out.append(time.perf_counter() - t)
    return out


def _fanout_cost(cards: int, seats: int, rounds: int = 30) -> float:
    """Host time per action to compute every seat's patch (views, diffs, hashes) without any I/O."""
    from tabletop.core import actions as A
    from tabletop.core.view import view_hash
    from tabletop.net.patches import diff_views

    session = _table(cards, seats)
    last = {s: session.view(s) for s in range(seats)}
    table = session.state.zones["table"].pieces
    t = time.perf_counter()
    for i in range(rounds):
        session.submit(A.Move((table[i % len(table)],), "table", x=i, y=i), 0)
        for s in range(seats):
            new = session.view(s)
            diff_views(last[s], new)
            view_hash(new)
            last[s] = new
    return (time.perf_counter() - t) / rounds


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))] if xs else float("nan")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--rate", type=float, default=20.0, help="actions per second per client")
    ap.add_argument("--duration", type=float, default=60.0, help="seconds of play")
    ap.add_argument("--cards", type=int, default=100, help="cards on the soak table")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    ctx = mp.get_context("spawn")
    port_q: mp.Queue = ctx.Queue()
    out_q: mp.Queue = ctx.Queue()
    echo = ctx.Process(target=_echo, args=(port_q,), daemon=True)
    echo.start()
    echo_port = port_q.get(timeout=30)
    host = ctx.Process(target=_host, args=(args.cards, args.clients, port_q), daemon=True)
    host.start()
    port = port_q.get(timeout=60)
    procs = []
    try:
        echo_rtt = asyncio.run(_echo_rtt(echo_port))
        start_at = time.time() + 3.0
        for seat in range(args.clients):
            p = ctx.Process(target=_client, args=(port, seat, args.rate, args.duration, start_at, out_q), daemon=True)
            p.start()
            procs.append(p)
        reports = [out_q.get(timeout=args.duration + 120) for _ in procs]
    finally:
        for p in [*procs, host, echo]:
            p.terminate()
            p.join(5)
    total = sum(len(r["sent"]) for r in reports)
    accepted = sum(r["accepted"] for r in reports)
    seqs = [s for r in reports for s in r["seqs"].values() if s is not None]
    last_seq = max(r["last_seq"] for r in reports)
    rtts = []
    for r in reports:
        for cseq, t0 in r["sent"].items():
            seq = r["seqs"][cseq]
            times = [o["arrivals"].get(seq) for o in reports]
            if seq is not None and all(x is not None for x in times):
                rtts.append(max(times) - t0)
    bytes_per = statistics.mean(r["bytes"] for r in reports) / max(1, total)
    payload_per = sum(r["payload"] for r in reports) / max(1, total)
    fan_small = _fanout_cost(args.cards, args.clients)
    fan_big = _fanout_cost(1000, args.clients)
    figures = {
        "clients": args.clients, "rate": args.rate, "duration": args.duration, "cards": args.cards,
        "actions": total, "accepted": accepted, "host_seq": last_seq,
        "lost_or_doubled": total - len(set(seqs)) + (last_seq - accepted),
        "duplicates": sum(r["duplicates"] for r in reports), "desyncs": sum(r["desyncs"] for r in reports),
        "hashes_equal": all(r["hash_ok"] for r in reports),
        "reconnects": sum(r["connections"] - 1 for r in reports),
        "rtt_ms_p50": 1000 * _pct(rtts, 0.5), "rtt_ms_p95": 1000 * _pct(rtts, 0.95),
        "echo_ms_p50": 1000 * _pct(echo_rtt, 0.5), "echo_ms_p95": 1000 * _pct(echo_rtt, 0.95),
        "bytes_per_client_per_action": bytes_per, "action_json_bytes": payload_per,
        "host_fanout_ms_per_action": 1000 * fan_small, "host_fanout_ms_per_action_1000_cards": 1000 * fan_big,
    }
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(f"{args.clients} clients x {args.rate:g} actions/s x {args.duration:g}s on {args.cards} cards: "
              f"{total} actions, {accepted} accepted, host seq {last_seq}, lost/doubled "
              f"{figures['lost_or_doubled']}, desyncs {figures['desyncs']}, hashes equal {figures['hashes_equal']}, "
              f"reconnects {figures['reconnects']}")
        print(f"action round trip p50 {figures['rtt_ms_p50']:.2f} ms, p95 {figures['rtt_ms_p95']:.2f} ms   "
              f"(floor: websockets echo p50 {figures['echo_ms_p50']:.3f} ms, p95 {figures['echo_ms_p95']:.3f} ms)")
        print(f"bytes per client per action {bytes_per:.0f}   (floor: the action's JSON, {payload_per:.0f} bytes)")
        print(f"host fan-out per action: {1000 * fan_small:.2f} ms on {args.cards} cards, {1000 * fan_big:.2f} ms "
              f"on 1000 cards ({args.clients} seats)")
    ok = figures["lost_or_doubled"] == 0 and figures["desyncs"] == 0 and figures["hashes_equal"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
