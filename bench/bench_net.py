"""LAN figures on a 1,000-card table, each beside a bare `websockets` floor measured in the same run.

- round trip of an action with 2 and 8 clients: one client submits, the time until every client holds the
  resulting view (patch applied, hash checked), beside a bare websockets server that broadcasts each message
  to the same number of bare clients (the sender included);
- bytes the host sends per client per action (patch + log line + the sender's result), beside the action's JSON;
- late join: a `Client` connects (its hello rides on the handshake) -> it holds the welcome view with its hash
  checked, beside a bare connect with the same connection code (net/clientlink.py) to a bare websockets server
  that answers the handshake with a frame of the same bytes, measured in turn
  (and, without --quick, beside boardgame.io's late join: bench_peer.py);
- the host's fan-out per action (every seat's view updated, patched, hashed and encoded), without I/O.

The host runs in its own process, the clients together in another (this machine has two cores).

    python bench/bench_net.py [--quick] [--json]
    python bench/bench_net.py soak [--clients 8] [--rate 20] [--duration 60] [--cards 1000] [--json]

The soak runs one process per client, each submitting `rate` actions a second for `duration` seconds, and checks
that no action is lost or applied twice and that every client's view hash equals the host's at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's tabletop, not an installed one
sys.path.insert(0, str(Path(__file__).parent))

__all__ = ["collect", "figures", "main", "soak"]

CARDS = 1000


def _session(cards: int, seats: int):
    from bench_core import table

    from tabletop.core import Session

    return Session(table(cards, seats))


def _action(i: int, pid: str):
    from tabletop.core import actions as A

    return A.Move((pid,), "table", x=float((i * 37) % 3900), y=float((i * 53) % 2900)) if i % 3 else A.Tap((pid,))


# ------------------------------------------------------------------------------------------------ servers


def _host(cards: int, seats: int, limits: dict[str, float], port_q: Any, autosave: str | None = None,
          cert_folder: str | None = None) -> None:
    from tabletop.net.host import Host
    from tabletop.net.messages import Limits
    from tabletop.net.tls import host_certificate

    async def main() -> None:
        tls = host_certificate(folder=Path(cert_folder)) if cert_folder else None
        host = Host(_session(cards, seats), bind="127.0.0.1", port=0, limits=Limits(**limits),
                    on_event=lambda ev: None, autosave=autosave, tls=tls)
        await host.start()
        port_q.put(host.port)
        await asyncio.Future()

    asyncio.run(main())


def _bare(blob_size: int, port_q: Any) -> None:
    """A bare websockets server: `join` is answered with `blob_size` bytes, anything else is broadcast to all; a
    connection whose handshake asks to join (a `Tabletop-Hello` header) gets those bytes at once."""
    from websockets.asyncio.server import broadcast, serve

    blob = json.dumps({"type": "welcome", "pad": "x" * max(0, blob_size - 30)}).encode()
    conns: set[Any] = set()

    async def handler(ws: Any) -> None:
        conns.add(ws)
        if ws.request.headers.get("Tabletop-Hello") == "join":
            await ws.send(blob, text=True)
        try:
            async for msg in ws:
                if msg == "join":
                    await ws.send(blob, text=True)
                else:
                    broadcast(conns, msg)
        finally:
            conns.discard(ws)

    async def main() -> None:
        async with serve(handler, "127.0.0.1", 0, compression=None) as server:
            port_q.put(server.sockets[0].getsockname()[1])
            await asyncio.Future()

    asyncio.run(main())


# ------------------------------------------------------------------------------------------------ measuring


async def _round_trips(port: int, clients: int, n: int, tokens: dict[int, str], tls_store: str = "") -> dict[str, Any]:
    """`n` actions from seat 0, one at a time: time until all `clients` hold the view, and bytes received.

    `tokens` holds the seat tokens of earlier runs (seats are taken back with them) and gets the new ones. With
    `tls_store` (a pins file) the clients join over TLS (`wss://`), pinning the host's certificate there.
    """
    from tabletop.net.client import Client
    from tabletop.net.tokenstore import TokenStore

    address, store = (f"wss://127.0.0.1:{port}", TokenStore(tls_store)) if tls_store else ("127.0.0.1", None)

    done = asyncio.Event()
    target = [0]
    cs: list[Client] = []

    def check(ev: Any) -> None:
        if ev.kind == "view" and all(c.protocol.seq >= target[0] for c in cs):
            done.set()

    for seat in range(clients):
        cs.append(await Client(address, port, seat=seat, token=tokens.get(seat), on_event=check,
                               store=store).connect(30))
        tokens[seat] = cs[-1].token
    await asyncio.sleep(0.2)
    table = [p["id"] for z in cs[0].view["zones"] if z["name"] == "table" for p in z["pieces"]]
    start_bytes = sum(c.bytes_received for c in cs)
    times = []
    payload = 0
    for i in range(n):
        action = _action(i, table[i % len(table)])
        payload += len(json.dumps(action.to_dict(), separators=(",", ":")))
        target[0] = cs[0].protocol.seq + 1
        done.clear()
        t = time.perf_counter()
        cseq = await cs[0].submit(action)
        await done.wait()
        times.append(time.perf_counter() - t)
        await cs[0].wait_for(lambda cseq=cseq: cseq in cs[0].protocol.results, 10)
    await asyncio.sleep(0.05)
    received = sum(c.bytes_received for c in cs) - start_bytes
    ok = all(c.protocol.desyncs == 0 and c.protocol.hash == c.protocol.view_hash() for c in cs)
    for c in cs:
        await c.close()
    return {"rtt": times, "bytes": received / (n * clients), "payload": payload / n, "ok": ok}


async def _bare_round_trips(port: int, clients: int, n: int, size: int) -> list[float]:
    from websockets.asyncio.client import connect

    msg = json.dumps({"type": "action", "cseq": 1, "action": {"type": "move", "pad": "x" * max(0, size - 60)}})
    done = asyncio.Event()
    counts = [0] * clients
    target = [0]
    conns = [await connect(f"ws://127.0.0.1:{port}", compression=None) for _ in range(clients)]

    async def reader(k: int, ws: Any) -> None:
        async for _ in ws:
            counts[k] += 1
            if all(c >= target[0] for c in counts):
                done.set()

    tasks = [asyncio.create_task(reader(k, ws)) for k, ws in enumerate(conns)]
    times = []
    for i in range(n):
        target[0] = i + 1
        done.clear()
        t = time.perf_counter()
        await conns[0].send(msg)
        await done.wait()
        times.append(time.perf_counter() - t)
    for task in tasks:
        task.cancel()
    for ws in conns:
        await ws.close()
    return times


async def _joins(port: int, n: int, seat: int | None) -> tuple[list[float], int]:
    """Hello on an open connection -> welcome decoded, view indexed and its hash checked."""
    from websockets.asyncio.client import connect

    from tabletop.net.protocol import ClientProtocol

    times = []
    size = 0
    for _ in range(n):
        async with connect(f"ws://127.0.0.1:{port}", compression=None, max_size=None) as ws:
            proto = ClientProtocol(seat=seat)
            proto.start()
            hello = proto.data_to_send()[0]
            t = time.perf_counter()
            await ws.send(hello, text=True)
            while not proto.welcomed:
                frame = await ws.recv(decode=False)
                proto.receive_data(frame)
                size = max(size, len(frame))
            times.append(time.perf_counter() - t)
            assert proto.hash and proto.desyncs == 0
            await ws.send(b'{"type":"bye"}', text=True)
    return times, size


async def _interleaved_joins(port: int, bport: int, n: int, seat: int | None) -> dict[str, Any]:
    """Late joins with the connection included, each followed by its floor, in turn (so load hits both alike).

    join: a `Client` made and `connect()` returned: TCP and WebSocket handshakes (the hello rides on the
    handshake), the welcome received, decoded, its view taken and its hash checked (the client takes the zone
    digests the host computed and checks their combination). client: the part of that spent in the protocol
    taking the welcome (decoding and taking the view). floor: the same connection code (net/clientlink.py) opens
    a websocket to a bare server whose handshake asks to join (as the hello rides on ours) and receives a frame of
    the welcome's size: no hello, no view, no hash.
    """
    from tabletop.net.client import Client

    join, client, client_cpu, bare = [], [], [], []
    size = 0
    for _ in range(n):
        c = Client("127.0.0.1", port, seat=seat, reconnect=False)
        took: list[tuple[float, float, int]] = []
        receive = c.protocol.receive_data

        def timed(data: bytes, receive: Any = receive, took: list[tuple[float, float, int]] = took) -> None:
            t0, c0 = time.perf_counter(), time.process_time()
            receive(data)
            took.append((time.perf_counter() - t0, time.process_time() - c0, len(data)))

        c.protocol.receive_data = timed  # type: ignore[method-assign]
        t = time.perf_counter()
        await c.connect(30)
        join.append(time.perf_counter() - t)
        wall, cpu, size = max(took, key=lambda r: r[2])
        client.append(wall)
        client_cpu.append(cpu)
        assert c.protocol.hash and c.protocol.desyncs == 0 and c.protocol.hash == c.protocol.view_hash()
        await c.close()
        bare.append(await _bare_join(bport))
    return {"join": join, "client": client, "client_cpu": client_cpu, "bare": bare, "bytes": size}


async def _bare_join(port: int) -> float:
    """Seconds to connect to the bare server with the client's connection code and receive its frame."""
    from tabletop.net.clientlink import open_link

    got = asyncio.get_running_loop().create_future()

    def message(data: bytes) -> None:
        if not got.done():
            got.set_result(data)

    t = time.perf_counter()
    link = await open_link("127.0.0.1", port, {"Tabletop-Hello": "join"}, lambda _l, _r: None, message)
    await got
    took = time.perf_counter() - t
    await link.close()
    return took


async def _bare_joins(port: int, n: int) -> list[float]:
    from websockets.asyncio.client import connect

    times = []
    async with connect(f"ws://127.0.0.1:{port}", compression=None, max_size=None) as ws:
        for _ in range(n):
            t = time.perf_counter()
            await ws.send("join")
            await ws.recv(decode=False)
            times.append(time.perf_counter() - t)
    return times


def fanout_ms(cards: int, seats: int, rounds: int) -> float:
    """Host time per action to update, patch, hash and encode every seat's view (no I/O), clients connected."""
    from tabletop.net.messages import PROTOCOL_VERSION, encode
    from tabletop.net.protocol import HostProtocol

    session = _session(cards, seats)
    host = HostProtocol(session)
    for seat in range(seats):
        cid = host.connect()
        host.receive_data(cid, encode({"type": "hello", "version": PROTOCOL_VERSION, "seat": seat}))
    host.data_to_send()
    table = session.state.zones["table"].pieces
    t = time.perf_counter()
    for i in range(rounds):
        session.submit(_action(i, table[i % 50]), 0)
        host.data_to_send()
    return (time.perf_counter() - t) / rounds * 1e3


def _median_ms(xs: list[float]) -> float:
    return statistics.median(xs) * 1e3


class _PortLine:
    """Stands in for a queue in a server run as a subprocess: the bound port goes to stdout."""

    def put(self, port: int) -> None:
        print(port, flush=True)


def _start(kind: str, *args: Any) -> tuple[subprocess.Popen[str], int]:
    """A server (`host` or `bare`) in its own process (a fresh interpreter: this module may not be importable by
    name when `tabletop bench` loads it); returns it with the port it bound."""
    proc = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "_serve", kind, json.dumps(args)],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line.strip():
        proc.kill()
        raise RuntimeError(f"the {kind} server did not start")
    return proc, int(line)


def figures(quick: bool = False) -> dict[str, Any]:
    """Every network figure and its floor, measured in this run."""
    n = 300 if quick else 1000
    joins = 30 if quick else 100
    out: dict[str, Any] = {"cards": CARDS}
    procs: list[subprocess.Popen[str]] = []
    try:
        host, port = _start("host", CARDS, 8, {"rate": 10_000, "burst": 10_000})
        procs.append(host)
        tokens: dict[int, str] = {}
        for clients in (2, 8):
            r = asyncio.run(_round_trips(port, clients, n, tokens))
            out[f"rtt{clients}_ms"] = _median_ms(r["rtt"])
            out[f"rtt{clients}_p95_ms"] = sorted(r["rtt"])[int(0.95 * len(r["rtt"]))] * 1e3
            out[f"bytes{clients}"] = r["bytes"]
            out["action_bytes"] = r["payload"]
            out[f"ok{clients}"] = r["ok"]
        # a late join: the table has been played on, so the welcome carries 200 log lines too; one join first
        # gives the welcome's size, then joins and their bare floor run in turn
        _, size = asyncio.run(_joins(port, 1, None))
        bare, bport = _start("bare", size)
        procs.append(bare)
        j = asyncio.run(_interleaved_joins(port, bport, joins, None))
        out["join_ms"], out["join_bytes"] = _median_ms(j["join"]), j["bytes"]
        out["join_client_ms"] = _median_ms(j["client"])
        out["join_client_cpu_ms"] = _median_ms(j["client_cpu"])
        out["bare_join_ms"] = _median_ms(j["bare"])
        for clients in (2, 8):
            out[f"bare{clients}_ms"] = _median_ms(asyncio.run(_bare_round_trips(bport, clients, n, 60)))
    finally:
        for p in procs:
            p.terminate()
            p.wait(5)
    out["fanout8_ms"] = fanout_ms(CARDS, 8, 100 if quick else 300)
    out.update(autosave_p99(quick))
    out.update(idle_tail(quick))
    return out


def _p99_ms(xs: list[float]) -> float:
    return sorted(xs)[int(0.99 * len(xs))] * 1e3


def idle_tail(quick: bool = False) -> dict[str, float]:
    """The round trip's tail on an idle host, over TLS as between machines (2 clients, one action at a time):
    its p99 beside its median (no Nagle delay: TCP_NODELAY, one write per batch) and beside the p99 of a bare
    websockets broadcast, measured in alternating batches."""
    import shutil
    import tempfile

    folder = tempfile.mkdtemp(prefix="tabletop-bench-tail-")
    procs: list[subprocess.Popen[str]] = []
    ours: list[float] = []
    bare: list[float] = []
    try:
        host, port = _start("host", CARDS, 2, {"rate": 10_000, "burst": 10_000}, None, folder)
        floor, bport = _start("bare", 100)
        procs += [host, floor]
        tokens: dict[int, str] = {}
        for _ in range(3 if quick else 6):
            ours += asyncio.run(_round_trips(port, 2, 100 if quick else 200, tokens, str(Path(folder) / "pins")))["rtt"]
            bare += asyncio.run(_bare_round_trips(bport, 2, 100 if quick else 200, 60))
    finally:
        for p in procs:
            p.terminate()
            p.wait(30)
        shutil.rmtree(folder, ignore_errors=True)
    return {"tail_p99_ms": _p99_ms(ours), "tail_median_ms": _median_ms(ours), "tail_bare_p99_ms": _p99_ms(bare)}


def autosave_p99(quick: bool = False) -> dict[str, float]:
    """Round trips (2 clients) with the shipping autosave (the journal, acknowledged once durable) and without,
    each host in its own process, measured in alternating batches."""
    import shutil
    import tempfile

    folder = tempfile.mkdtemp(prefix="tabletop-bench-net-")
    procs: list[subprocess.Popen[str]] = []
    on: list[float] = []
    off: list[float] = []
    try:
        h_on, p_on = _start("host", CARDS, 2, {"rate": 10_000, "burst": 10_000}, str(Path(folder) / "auto.yaml"))
        h_off, p_off = _start("host", CARDS, 2, {"rate": 10_000, "burst": 10_000})
        procs += [h_on, h_off]
        t_on: dict[int, str] = {}
        t_off: dict[int, str] = {}
        for _ in range(3 if quick else 6):
            on += asyncio.run(_round_trips(p_on, 2, 100 if quick else 200, t_on))["rtt"]
            off += asyncio.run(_round_trips(p_off, 2, 100 if quick else 200, t_off))["rtt"]
    finally:
        for p in procs:
            p.terminate()
            p.wait(30)
        shutil.rmtree(folder, ignore_errors=True)

    def p99(xs: list[float]) -> float:
        return sorted(xs)[int(0.99 * len(xs))] * 1e3

    return {"rtt2_autosave_p99_ms": p99(on), "rtt2_p99_ms": p99(off), "rtt2_autosave_ms": _median_ms(on),
            "rtt2_noautosave_ms": _median_ms(off)}


def _join_only() -> int:
    procs: list[subprocess.Popen[str]] = []
    try:
        host, port = _start("host", CARDS, 8, {"rate": 10_000, "burst": 10_000})
        procs.append(host)
        _, size = asyncio.run(_joins(port, 1, None))
        bare, bport = _start("bare", size)
        procs.append(bare)
        j = asyncio.run(_interleaved_joins(port, bport, 100, None))
    finally:
        for p in procs:
            p.terminate()
            p.wait(5)
    print(f"late join, {CARDS} cards, connection included: {_median_ms(j['join']):.2f} ms for {j['bytes']:,} bytes "
          f"(client's work after the last byte {_median_ms(j['client']):.2f} ms, CPU {_median_ms(j['client_cpu']):.2f}"
          f" ms); bare connect (same connection code) + a frame of the same size, interleaved: "
          f"{_median_ms(j['bare']):.2f} ms")
    return 0


def collect(quick: bool = False) -> list[dict[str, object]]:
    """The figures as rows for `tabletop bench`, each beside its floor; without --quick, and where node and the
    boardgame.io harness are installed, also the late join beside boardgame.io's (bench_peer.py)."""
    f = figures(quick)
    row = {"area": "network"}
    peer: list[dict[str, object]] = []
    if not quick:
        import bench_peer

        peer = bench_peer.collect(quick)
    return peer + [
        {**row, "name": "action round trip, 2 clients, 1,000 cards", "value": f["rtt2_ms"], "unit": "ms",
         "floor": f["bare2_ms"], "floor_name": "bare websockets echo + broadcast, 2 clients"},
        {**row, "name": "action round trip, 8 clients, 1,000 cards", "value": f["rtt8_ms"], "unit": "ms",
         "floor": f["bare8_ms"], "floor_name": "bare websockets broadcast, 8 clients"},
        {**row, "name": "bytes per client per action, 8 clients", "value": f["bytes8"], "unit": "B",
         "floor": f["action_bytes"], "floor_name": "the action's JSON"},
        {**row, "name": "late join, 1,000 cards (connect -> view checked)", "value": f["join_ms"], "unit": "ms",
         "floor": f["bare_join_ms"],
         "floor_name": f"bare connect (same connection code) + {f['join_bytes'] / 1024:.0f} KiB frame, "
                       "interleaved"},
        {**row, "name": "host fan-out per action, 8 seats, 1,000 cards", "value": f["fanout8_ms"], "unit": "ms",
         "floor": None, "floor_name": "no I/O"},
        {**row, "name": "action round trip p99, 2 clients, autosave on (journal, answered once durable)",
         "value": f["rtt2_autosave_p99_ms"], "unit": "ms", "floor": f["rtt2_p99_ms"],
         "floor_name": "the same host without autosave, alternating batches"},
        {**row, "name": "action round trip median, 2 clients, autosave on", "value": f["rtt2_autosave_ms"],
         "unit": "ms", "floor": f["rtt2_noautosave_ms"], "floor_name": "the same host without autosave"},
        {**row, "name": "action round trip p99, 2 clients, idle host, TLS", "value": f["tail_p99_ms"], "unit": "ms",
         "floor": f["tail_bare_p99_ms"], "floor_name": "bare websockets broadcast p99 (plain), alternating batches"},
        {**row, "name": "action round trip p99 / median, idle host, TLS (bound: 2)",
         "value": f["tail_p99_ms"] / f["tail_median_ms"], "unit": "x", "floor": 2.0,
         "floor_name": f"2x the median ({f['tail_median_ms']:.2f} ms): no Nagle tail"},
    ]


# ------------------------------------------------------------------------------------------------ soak


def _soak_client(port: int, seat: int, rate: float, duration: float, start_at: float, out_q: Any) -> None:
    from tabletop.net.client import Client

    async def main() -> None:
        arrivals: dict[int, float] = {}
        results: dict[int, dict] = {}

        def on_event(ev: Any) -> None:
            if ev.kind == "view":
                arrivals.setdefault(ev.data["seq"], time.time())
            elif ev.kind == "result":
                results.setdefault(ev.data["cseq"], ev.data)

        client = Client("127.0.0.1", port, seat=seat, on_event=on_event)
        await client.connect(30)
        rng = random.Random(seat)
        mine = [p["id"] for z in client.view["zones"] if z["name"] == "table" for p in z["pieces"]]
        await asyncio.sleep(max(0.0, start_at - time.time()))
        start_bytes = client.bytes_received
        sent: dict[int, float] = {}
        t0 = time.monotonic()
        n = 0
        while time.monotonic() - t0 < duration:
            cseq = await client.submit(_action(rng.randrange(1 << 30), rng.choice(mine)))
            sent[cseq] = time.time()
            n += 1
            await asyncio.sleep(max(0.0, t0 + n / rate - time.monotonic()))
        await client.wait_for(lambda: all(c in results for c in sent), 120)
        while True:  # everyone finished once the table is quiet for a second
            before = client.protocol.seq
            await asyncio.sleep(1.0)
            if client.protocol.seq == before:
                break
        received = client.bytes_received - start_bytes
        patched = client.protocol.hash
        checked = client.protocol.view_hash()
        last_seq = client.protocol.seq
        client.protocol.resync("soak check")
        await client._flush()
        await client.wait_for(lambda: not client.protocol._awaiting_snapshot, 30)
        out_q.put({
            "sent": sent, "seqs": {c: results[c].get("seq") for c in sent},
            "accepted": sum(1 for c in sent if results[c]["accepted"]),
            "duplicates": sum(1 for c in sent if results[c].get("duplicate")),
            "arrivals": arrivals, "bytes": received, "desyncs": client.protocol.desyncs,
            "hash_ok": patched == checked == client.protocol.hash, "last_seq": last_seq,
            "connections": client.connections,
        })
        await client.close()

    asyncio.run(main())


def soak(clients: int, rate: float, duration: float, cards: int) -> dict[str, Any]:
    ctx = mp.get_context("spawn")
    out_q: Any = ctx.Queue()
    host, port = _start("host", cards, clients, {"rate": 500, "burst": 1000})
    procs = []
    try:
        start_at = time.time() + 3.0 + 0.5 * clients
        for seat in range(clients):
            p = ctx.Process(target=_soak_client, args=(port, seat, rate, duration, start_at, out_q), daemon=True)
            p.start()
            procs.append(p)
        reports = [out_q.get(timeout=duration + 300) for _ in procs]
    finally:
        for p in procs:
            p.terminate()
            p.join(5)
        host.terminate()
        host.wait(5)
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
    rtts.sort()
    return {
        "clients": clients, "rate": rate, "duration": duration, "cards": cards,
        "actions": total, "accepted": accepted, "host_seq": last_seq,
        "lost_or_doubled": (total - len(set(seqs))) + (last_seq - accepted),
        "duplicates": sum(r["duplicates"] for r in reports), "desyncs": sum(r["desyncs"] for r in reports),
        "hashes_equal": all(r["hash_ok"] for r in reports),
        "reconnects": sum(r["connections"] - 1 for r in reports),
        "rtt_ms_p50": 1e3 * rtts[len(rtts) // 2] if rtts else None,
        "rtt_ms_p95": 1e3 * rtts[int(0.95 * len(rtts))] if rtts else None,
        "bytes_per_client_per_action": statistics.mean(r["bytes"] for r in reports) / max(1, total),
    }


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["_serve"]:
        server = {"host": _host, "bare": _bare}[argv[1]]
        args = json.loads(argv[2])
        server(*args[:3], _PortLine(), *args[3:]) if argv[1] == "host" else server(*args, _PortLine())
        return 0
    if argv[:1] == ["soak"]:
        ap = argparse.ArgumentParser(prog="bench_net.py soak", description="LAN soak")
        ap.add_argument("--clients", type=int, default=8)
        ap.add_argument("--rate", type=float, default=20.0, help="actions per second per client")
        ap.add_argument("--duration", type=float, default=60.0, help="seconds of play")
        ap.add_argument("--cards", type=int, default=CARDS)
        ap.add_argument("--json", action="store_true")
        args = ap.parse_args(argv[1:])
        r = soak(args.clients, args.rate, args.duration, args.cards)
        if args.json:
            print(json.dumps(r, indent=2))
        else:
            print(f"{r['clients']} clients x {r['rate']:g} actions/s x {r['duration']:g} s on {r['cards']} cards: "
                  f"{r['actions']} actions, {r['accepted']} accepted, host seq {r['host_seq']}, lost or doubled "
                  f"{r['lost_or_doubled']}, desyncs {r['desyncs']}, hashes equal {r['hashes_equal']}, "
                  f"reconnects {r['reconnects']}")
            print(f"round trip (submit -> every client has the view) p50 {r['rtt_ms_p50']:.2f} ms, "
                  f"p95 {r['rtt_ms_p95']:.2f} ms; {r['bytes_per_client_per_action']:.0f} bytes per client per action")
        ok = r["lost_or_doubled"] == 0 and r["desyncs"] == 0 and r["hashes_equal"]
        return 0 if ok else 1
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--join", action="store_true", help="only the late-join figure (100 joins, floor interleaved)")
    ap.add_argument("--tail", action="store_true", help="only the idle host's round-trip tail (p99 vs median)")
    args = ap.parse_args(argv)
    if args.join:
        return _join_only()
    if args.tail:
        t = idle_tail(args.quick)
        print(f"round trip on an idle host over TLS, 2 clients: median {t['tail_median_ms']:.2f} ms, p99 "
              f"{t['tail_p99_ms']:.2f} ms ({t['tail_p99_ms'] / t['tail_median_ms']:.2f}x the median; bound 2x); "
              f"bare websockets broadcast p99 {t['tail_bare_p99_ms']:.2f} ms")
        return 0 if t["tail_p99_ms"] <= 2 * t["tail_median_ms"] else 1
    f = figures(args.quick)
    if args.json:
        print(json.dumps(f, indent=2))
        return 0
    for clients in (2, 8):
        print(f"round trip, {clients} clients: {f[f'rtt{clients}_ms']:.2f} ms (p95 {f[f'rtt{clients}_p95_ms']:.2f}) "
              f"(bare websockets broadcast {f[f'bare{clients}_ms']:.3f} ms); "
              f"{f[f'bytes{clients}']:.0f} bytes per client per action (action JSON {f['action_bytes']:.0f})")
    print(f"late join, {CARDS} cards, connection included: {f['join_ms']:.2f} ms for {f['join_bytes']:,} bytes "
          f"(of which the client's work after the last byte {f['join_client_ms']:.2f} ms, CPU "
          f"{f['join_client_cpu_ms']:.2f} ms); bare connect (same connection code) "
          f"+ a frame of the same size, interleaved: {f['bare_join_ms']:.2f} ms")
    print(f"host fan-out per action, 8 seats: {f['fanout8_ms']:.3f} ms")
    print(f"round trip on an idle host over TLS: median {f['tail_median_ms']:.2f} ms, p99 {f['tail_p99_ms']:.2f} ms "
          f"(bare websockets p99 {f['tail_bare_p99_ms']:.2f} ms)")
    return 0 if f["ok2"] and f["ok8"] else 1


if __name__ == "__main__":
    sys.exit(main())
