"""LAN figures on a 1,000-card table, each beside a bare `websockets` floor measured in the same run.

- round trip of an action with 2 and 8 clients: one client submits, the time until every client holds the
  resulting view (patch applied, hash checked), beside a bare websockets server that broadcasts each message
  to the same number of bare clients (the sender included);
- bytes the host sends per client per action (patch + log line + the sender's result), beside the action's JSON;
- late join: a `Client` connects (its hello rides on the handshake) -> it holds the welcome view with its hash
  checked, beside a bare connect with the same connection code (net/clientlink.py) to a bare websockets server
  that answers the handshake with a frame of the same bytes, measured in turn
  (and, without --quick, beside boardgame.io's late join: bench_peer.py);
- the host's fan-out per action (every seat's view updated, patched, hashed and encoded), without I/O;
- the idle tail: the round trip's p99 beside its median (bound: 2x) on a host as `tabletop serve` runs it (TLS,
  every change journaled and answered once durable), beside a bare round trip of the same shape (TLS, one append +
  fdatasync, a broadcast) in alternating batches; several runs of thousands of round trips, this process and the
  servers run ahead of other processes' CPU load where the system permits (SCHED_FIFO; --shared: not).

The host runs in its own process, the clients together in another (this machine has two cores).

    python bench/bench_net.py [--quick] [--json]
    python bench/bench_net.py --tail [--runs 3] [--samples 3000] [--shared] [--json]

The idle tail runs twice: journals on this machine's disk (shared: other processes' writes stall a flush for
milliseconds, the floor's as much), then on a tmpfs (TAIL_MEMORY), where the host's own tail shows.
    python bench/bench_net.py soak [--clients 8] [--rate 20] [--duration 60] [--cards 1000] [--json]

The soak runs one process per client, each submitting `rate` actions a second for `duration` seconds, and checks
that no action is lost or applied twice and that every client's view hash equals the host's at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing as mp
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
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


def _bare(blob_size: int, port_q: Any, cert_folder: str | None = None, journal: str | None = None) -> None:
    """A bare websockets server: `join` is answered with `blob_size` bytes, anything else is broadcast to all; a
    connection whose handshake asks to join (a `Tabletop-Hello` header) gets those bytes at once. With
    `cert_folder` it serves TLS with the host's certificate; with `journal` each broadcast message is first
    appended to that file and made durable (one write + fdatasync), as the host journals a change before its
    answer goes out: the floor of a round trip of the host's shape."""
    import os

    from websockets.asyncio.server import broadcast, serve

    blob = json.dumps({"type": "welcome", "pad": "x" * max(0, blob_size - 30)}).encode()
    conns: set[Any] = set()
    fd = os.open(journal, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644) if journal else None

    def durable(msg: str | bytes) -> None:
        if fd is not None:
            os.write(fd, (msg.encode() if isinstance(msg, str) else msg) + b"\n")
            os.fdatasync(fd)

    async def handler(ws: Any) -> None:
        conns.add(ws)
        if ws.request.headers.get("Tabletop-Hello") == "join":
            await ws.send(blob, text=True)
        try:
            async for msg in ws:
                if msg == "join":
                    await ws.send(blob, text=True)
                else:
                    durable(msg)
                    broadcast(conns, msg)
        finally:
            conns.discard(ws)

    async def main() -> None:
        tls: dict[str, Any] = {}
        if cert_folder:
            from tabletop.net.tls import host_certificate, server_context

            tls["ssl"] = server_context(host_certificate(folder=Path(cert_folder)))
        async with serve(handler, "127.0.0.1", 0, compression=None, **tls) as server:  # asyncio sets TCP_NODELAY
            port_q.put(server.sockets[0].getsockname()[1])
            await asyncio.Future()

    asyncio.run(main())


# ------------------------------------------------------------------------------------------------ measuring


class _Seats:
    """Clients seated at a host, one action at a time from seat 0: a round trip is the time until every client
    holds the resulting view (patch applied, hash checked). Kept open across batches (`rounds`)."""

    def __init__(self) -> None:
        self.cs: list[Any] = []
        self.done = asyncio.Event()
        self.target = 0
        self.table: list[str] = []
        self.sent = 0
        self.payload = 0

    @classmethod
    async def open(cls, port: int, clients: int, tokens: dict[int, str], tls_store: str = "") -> _Seats:
        """`tokens` holds the seat tokens of earlier runs (seats are taken back with them) and gets the new ones.
        With `tls_store` (a pins file) the clients join over TLS (`wss://`), pinning the host's certificate there."""
        from tabletop.net.client import Client
        from tabletop.net.tokenstore import TokenStore

        address, store = (f"wss://127.0.0.1:{port}", TokenStore(tls_store)) if tls_store else ("127.0.0.1", None)
        self = cls()
        for seat in range(clients):
            self.cs.append(await Client(address, port, seat=seat, token=tokens.get(seat), on_event=self._check,
                                        store=store).connect(30))
            tokens[seat] = self.cs[-1].token
        await asyncio.sleep(0.2)
        self.table = [p["id"] for z in self.cs[0].view["zones"] if z["name"] == "table" for p in z["pieces"]]
        return self

    def _check(self, ev: Any) -> None:
        if ev.kind == "view" and all(c.protocol.seq >= self.target for c in self.cs):
            self.done.set()

    async def rounds(self, n: int) -> list[float]:
        cs = self.cs
        times = []
        for _ in range(n):
            action = _action(self.sent, self.table[self.sent % len(self.table)])
            self.sent += 1
            self.payload += len(json.dumps(action.to_dict(), separators=(",", ":")))
            self.target = cs[0].protocol.seq + 1
            self.done.clear()
            t = time.perf_counter()
            cseq = await cs[0].submit(action)
            await self.done.wait()
            times.append(time.perf_counter() - t)
            await cs[0].wait_for(lambda cseq=cseq: cseq in cs[0].protocol.results, 10)
        return times

    def received(self) -> int:
        return sum(c.bytes_received for c in self.cs)

    def ok(self) -> bool:
        return all(c.protocol.desyncs == 0 and c.protocol.hash == c.protocol.view_hash() for c in self.cs)

    async def close(self) -> None:
        for c in self.cs:
            await c.close()


async def _round_trips(port: int, clients: int, n: int, tokens: dict[int, str], tls_store: str = "") -> dict[str, Any]:
    """`n` actions from seat 0, one at a time: time until all `clients` hold the view, and bytes received."""
    seats = await _Seats.open(port, clients, tokens, tls_store)
    start_bytes = seats.received()
    times = await seats.rounds(n)
    await asyncio.sleep(0.05)
    received = seats.received() - start_bytes
    ok = seats.ok()
    await seats.close()
    return {"rtt": times, "bytes": received / (n * clients), "payload": seats.payload / n, "ok": ok}


class _BareSeats:
    """Bare websockets clients of `_bare`: one message from the first, the time until every client has it back."""

    def __init__(self, conns: list[Any], size: int) -> None:
        self.conns = conns
        self.msg = json.dumps({"type": "action", "cseq": 1, "action": {"type": "move", "pad": "x" * max(0, size - 60)}})
        self.done = asyncio.Event()
        self.counts = [0] * len(conns)
        self.target = 0
        self.tasks = [asyncio.create_task(self._reader(k, ws)) for k, ws in enumerate(conns)]

    @classmethod
    async def open(cls, port: int, clients: int, size: int, tls: bool = False) -> _BareSeats:
        from websockets.asyncio.client import connect

        if not tls:
            return cls([await connect(f"ws://127.0.0.1:{port}", compression=None) for _ in range(clients)], size)
        import ssl

        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE  # the floor's certificate is the host's own, on loopback
        return cls([await connect(f"wss://127.0.0.1:{port}", compression=None, ssl=context)
                    for _ in range(clients)], size)

    async def _reader(self, k: int, ws: Any) -> None:
        async for _ in ws:
            self.counts[k] += 1
            if all(c >= self.target for c in self.counts):
                self.done.set()

    async def rounds(self, n: int) -> list[float]:
        times = []
        for _ in range(n):
            self.target += 1
            self.done.clear()
            t = time.perf_counter()
            await self.conns[0].send(self.msg)
            await self.done.wait()
            times.append(time.perf_counter() - t)
        return times

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        for ws in self.conns:
            await ws.close()


async def _bare_round_trips(port: int, clients: int, n: int, size: int) -> list[float]:
    bare = await _BareSeats.open(port, clients, size)
    times = await bare.rounds(n)
    await bare.close()
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
    out["tails"] = idle_tails(quick)
    return out


def _p99_ms(xs: list[float]) -> float:
    return sorted(xs)[int(0.99 * len(xs))] * 1e3


#: the idle tail: ours and the floor's round trips in turn, this many at a time (one: every round trip of either
#: follows one of the other, so none comes after a longer rest than the rest: a host that rested for a batch of the
#: other answers its first round trip about 2x slower, which set the p99 at batches of 100), after a warm-up of
#: TAIL_WARMUP each (a client indexes its view on its first patch after joining: a join's cost, not the table's)
TAIL_BATCH = 1
TAIL_WARMUP = 20


@contextlib.contextmanager
def _ahead_of_other_load(want: bool) -> Iterator[bool]:
    """Run this process, and the servers it starts meanwhile (they inherit it), ahead of other processes' CPU load
    (SCHED_FIFO, the lowest real-time priority), where the system permits it; yields whether it does.

    On a machine shared with other work a thread that wakes waits behind whatever runs there, for a scheduler
    slice of several ms: that is the neighbours' load, not the host's tail. The floor runs the same way."""
    if not want or not hasattr(os, "sched_setscheduler"):
        yield False
        return
    policy, param = os.sched_getscheduler(0), os.sched_getparam(0)
    try:
        os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(1))
    except OSError:
        yield False
        return
    try:
        yield True
    finally:
        os.sched_setscheduler(0, policy, param)


#: where the idle tail's journals go besides the temporary folder (on this machine's disk): a tmpfs, whose
#: fdatasync waits for no disk, so the host's own tail shows without the flush stalls other processes' writes cause
TAIL_MEMORY = "/dev/shm"


def idle_tails(quick: bool = False, runs: int | None = None, samples: int | None = None,
               isolate: bool = True) -> list[dict[str, Any]]:
    """The idle tail with the journals on this machine's disk, then on a tmpfs where there is one."""
    memory = os.path.isdir(TAIL_MEMORY) and os.access(TAIL_MEMORY, os.W_OK)
    return [idle_tail(quick, runs, samples, isolate, where) for where in [None, *([TAIL_MEMORY] if memory else [])]]


def idle_tail(quick: bool = False, runs: int | None = None, samples: int | None = None, isolate: bool = True,
              journal_dir: str | None = None) -> dict[str, Any]:
    """The round trip's tail on an idle host as `tabletop serve` runs it (TLS, every change journaled and answered
    once durable; 2 clients, one action at a time, connections kept): its p99 beside its median, and beside a
    bare round trip of the same shape (TLS, one append + fdatasync, a broadcast to both) measured in alternating
    batches. `runs` times (a fresh host and floor each), `samples` round trips each; both journal in a temporary
    folder in `journal_dir` (default: the system's temporary folder)."""
    runs = runs or (2 if quick else 3)
    samples = samples or (1000 if quick else 3000)
    per_run: list[dict[str, list[float]]] = []
    with _ahead_of_other_load(isolate) as isolated:
        for _ in range(runs):
            per_run.append(_tail_run(samples, journal_dir))
    ours = [x for r in per_run for x in r["ours"]]
    bare = [x for r in per_run for x in r["bare"]]
    return {"tail_median_ms": _median_ms(ours), "tail_p99_ms": _p99_ms(ours), "tail_bare_median_ms": _median_ms(bare),
            "tail_bare_p99_ms": _p99_ms(bare), "tail_samples": len(ours), "tail_runs": runs, "tail_isolated": isolated,
            "tail_journal": "tmpfs" if journal_dir == TAIL_MEMORY else "disk",
            "tail_per_run": [{"median_ms": _median_ms(r["ours"]), "p99_ms": _p99_ms(r["ours"]),
                              "bare_p99_ms": _p99_ms(r["bare"])} for r in per_run]}


def _tail_run(samples: int, journal_dir: str | None) -> dict[str, list[float]]:
    import shutil
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="tabletop-bench-tail-", dir=journal_dir))
    procs: list[subprocess.Popen[str]] = []
    try:
        host, port = _start("host", CARDS, 2, {"rate": 10_000, "burst": 10_000}, str(folder / "tail.yaml"),
                            str(folder))
        procs.append(host)
        floor, bport = _start("bare", 100, str(folder), str(folder / "bare.journal"))
        procs.append(floor)
        return asyncio.run(_tail_rounds(port, bport, str(folder / "pins"), samples))
    finally:
        for p in procs:
            p.terminate()
            p.wait(30)
        shutil.rmtree(folder, ignore_errors=True)


async def _tail_rounds(port: int, bport: int, pins: str, samples: int) -> dict[str, list[float]]:
    seats = await _Seats.open(port, 2, {}, pins)
    bare = await _BareSeats.open(bport, 2, 60, tls=True)
    ours: list[float] = []
    floor: list[float] = []
    try:
        await seats.rounds(TAIL_WARMUP)
        await bare.rounds(TAIL_WARMUP)
        while len(ours) < samples:
            k = min(TAIL_BATCH, samples - len(ours))
            ours += await seats.rounds(k)
            floor += await bare.rounds(k)
        assert seats.ok(), "a client's view does not match the host's"
    finally:
        await seats.close()
        await bare.close()
    return {"ours": ours, "bare": floor}


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


def tail_rows(t: dict[str, Any]) -> list[dict[str, object]]:
    """The idle tail's rows: p99 beside the floor's, and p99 / median beside its bound of 2."""
    row = {"area": "network"}
    how = (f"{t['tail_samples']:,} round trips in {t['tail_runs']} runs, "
           + ("ahead of other processes' CPU load (SCHED_FIFO)" if t["tail_isolated"] else "normal scheduling"))
    where = ("journal on tmpfs: no disk flush" if t["tail_journal"] == "tmpfs"
             else "journal on this machine's disk, shared")
    ratio = t["tail_p99_ms"] / t["tail_median_ms"]
    return [
        {**row, "name": f"action round trip p99, idle host as `serve` runs it (TLS, {where}), 2 clients",
         "value": t["tail_p99_ms"], "unit": "ms", "floor": t["tail_bare_p99_ms"],
         "floor_name": "bare websockets round trip of the same shape (TLS, append + fdatasync, broadcast) p99, "
                       f"round trips in strict alternation; {how}"},
        {**row, "name": f"action round trip p99 / median, idle host ({where}): "
                        f"{'within' if ratio <= 2 else 'NOT within'} 2x",
         "value": ratio, "unit": "x", "floor": 2.0,
         "floor_name": f"the bound (median {t['tail_median_ms']:.2f} ms, p99 {t['tail_p99_ms']:.2f} ms; floor p99 "
                       f"{t['tail_bare_p99_ms']:.2f} ms; {how})"},
    ]


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
        *[r for t in f["tails"] for r in tail_rows(t)],
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
        server, at = {"host": (_host, 3), "bare": (_bare, 1)}[argv[1]]  # where each takes its port queue
        args = json.loads(argv[2])
        server(*args[:at], _PortLine(), *args[at:])
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
    ap.add_argument("--runs", type=int, help="--tail: runs, each with a fresh host and floor (default 3)")
    ap.add_argument("--samples", type=int, help="--tail: round trips per run, and as many of the floor (default 3000)")
    ap.add_argument("--shared", action="store_true",
                    help="--tail: normal scheduling, behind whatever else the machine runs (default: ahead of it)")
    args = ap.parse_args(argv)
    if args.join:
        return _join_only()
    if args.tail:
        tails = idle_tails(args.quick, args.runs, args.samples, isolate=not args.shared)
        if args.json:
            print(json.dumps(tails, indent=2))
        for t in [] if args.json else tails:
            for k, r in enumerate(t["tail_per_run"], 1):
                print(f"journal on {t['tail_journal']}, run {k}: median {r['median_ms']:.3f} ms, p99 {r['p99_ms']:.3f} "
                      f"ms ({r['p99_ms'] / r['median_ms']:.2f}x), floor p99 {r['bare_p99_ms']:.3f} ms")
            for r in tail_rows(t):
                print(f"  {r['name']}: {r['value']:.3f} {r['unit']} (floor {r['floor']:.3f}: {r['floor_name']})")
        return 0 if all(t["tail_p99_ms"] <= 2 * t["tail_median_ms"] for t in tails) else 1
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
    for r in [r for t in f["tails"] for r in tail_rows(t)]:
        print(f"{r['name']}: {r['value']:.3f} {r['unit']} (floor {r['floor']:.3f}: {r['floor_name']})")
    return 0 if f["ok2"] and f["ok8"] else 1


if __name__ == "__main__":
    sys.exit(main())
