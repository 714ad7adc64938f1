"""kill -9 of a real `tabletop serve` while clients submit: no acknowledged action is lost, every restart loads,
and every rejoined client's view hash equals the host's.

Two clients (seats 1 and 2) keep sending numbered chat lines and shuffles; each answer the host gives is noted.
At a random moment the host is killed with SIGKILL and started again on its save; the clients reconnect by
themselves and send again what was never answered. After each restart the test waits until nothing is in flight,
reads the game as the restarted host did (YAML + journal), and checks it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from tabletop.core import actions as A
from tabletop.core.view import view_hash
from tabletop.game import open_session
from tabletop.net.client import Client

ROOT = Path(__file__).resolve().parent.parent.parent
#: kills in the default run (the slow soak makes 200)
KILLS = 6


def free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def host_env(pycache: Path) -> dict[str, str]:
    """The hosting process's environment: this checkout first, and its bytecode cached (in `pycache`) from one
    start to the next, as an installed tabletop's is: compiling ~250 modules from source costs each start more
    CPU than the whole restart does otherwise (this machine sets PYTHONDONTWRITEBYTECODE)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1", PYTHONPYCACHEPREFIX=str(pycache))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def start_host(port: int, auto: Path, save: Path | None, log: Path, env: dict[str, str]) -> subprocess.Popen[str]:
    args = [sys.executable, "-m", "tabletop", "serve", "--port", str(port), "--bind", "127.0.0.1", "--autosave",
            str(auto), "--no-announce", "--quiet", "--seed", "5"]
    if save is not None:
        args.insert(4, str(save))
    with open(log, "a") as out:
        p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=out, text=True, env=env, cwd=ROOT)
    assert p.stdout is not None
    # clients already retrying may join in the moment between the listener opening and the "serving" line
    lines = [p.stdout.readline() for _ in range(1)]
    while not lines[-1].startswith("serving") and lines[-1] and len(lines) < 20:
        lines.append(p.stdout.readline())
    assert lines[-1].startswith("serving"), (lines, log.read_text()[-2000:])
    return p


def floor_start(env: dict[str, str]) -> float:
    """Seconds to start Python and import what `tabletop serve` imports, loading nothing: a restart's floor."""
    t = time.monotonic()
    subprocess.run([sys.executable, "-c", "import tabletop.cli, tabletop.commands.serve, tabletop.net.host, "
                    "tabletop.game, tabletop.store"], env=env, cwd=ROOT, check=True)
    return time.monotonic() - t


def chats(session) -> Counter[str]:
    """How many times each chat line is in the game's log (read from each entry's JSON: building every entry's
    events as objects cost more than the rest of a kill cycle once the game is long)."""
    out: Counter[str] = Counter()
    history = session.history
    for item in history.raw() if hasattr(history, "raw") else history:
        action = (json.loads(item) if isinstance(item, bytes) else item.to_dict())["action"]
        if action["type"] == "chat":
            out[action["text"]] += 1
    return out


async def soak(tmp_path: Path, kills: int, seed: int, pycache: Path) -> dict[str, float]:
    """Run `kills` kill -9 cycles; returns the figures (counts, and seconds spent in each phase of a cycle)."""
    rng = random.Random(seed)
    port = free_port()
    auto = tmp_path / "auto.yaml"
    log = tmp_path / "host.log"
    env = host_env(pycache)
    began = time.monotonic()
    host = start_host(port, auto, None, log, env)
    # the clients as shipped: their own reconnect backoff, nothing tuned for the test
    clients = [await Client("127.0.0.1", port, seat=s).connect(20) for s in (0, 1)]
    sent: dict[tuple[int, int], str] = {}  # (seat, cseq) -> chat text ("" for a shuffle)
    running = True
    acked_total = 0
    phases: Counter[str] = Counter()  # seconds per phase, summed over the kills
    figures: Counter[str] = Counter()

    counters = [0, 0]

    async def player(i: int, c: Client) -> None:
        while running:
            if len(c.protocol.pending) >= 4:  # a few in flight, like a person clicking fast
                await asyncio.sleep(0.005)
                continue
            counters[i] += 1
            n = counters[i]
            text = f"s{i}-{n}" if n % 3 else ""
            cseq = c.protocol.submit(A.Chat(text) if text else A.Shuffle("deck"))
            sent[(i, cseq)] = text
            with contextlib.suppress(ConnectionClosed):  # the host died mid-send: it goes again on reconnect
                await c._flush()
            harvest()
            await asyncio.sleep(rng.uniform(0, 0.01))

    answered: set[str] = set()  # chat lines the host acknowledged (the client keeps only its recent results)

    def harvest() -> None:
        for key in list(sent):
            r = clients[key[0]].protocol.results.get(key[1])
            if r is not None:
                text = sent.pop(key)
                if r.get("accepted") and text:
                    answered.add(text)

    def acked() -> set[str]:
        harvest()
        return answered

    async def settle(timeout: float = 30) -> None:
        """Wait until every client is connected with nothing in flight and all sit at one seq."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if all(c.connected and not c.protocol.pending and not c.protocol._awaiting_snapshot for c in clients) \
                    and len({c.protocol.seq for c in clients}) == 1:
                await asyncio.sleep(0.1)
                if all(c.connected and not c.protocol.pending for c in clients) \
                        and len({c.protocol.seq for c in clients}) == 1:
                    return
            await asyncio.sleep(0.02)
        raise AssertionError(f"clients did not settle: {[(c.status, c.protocol.seq, len(c.protocol.pending)) for c in clients]}")

    def check() -> None:
        session = open_session(auto)  # what the running host recovered, plus what it journaled since
        seen = chats(session)
        lost = [(t, seen[t]) for t in acked() if seen[t] != 1]
        assert not lost, f"acknowledged actions lost or doubled: {lost[:5]} {sorted(seen)[:20]} {session.state.seq}"
        assert all(v == 1 for v in seen.values()), [t for t, v in seen.items() if v > 1][:5]
        for c in clients:
            assert c.protocol.seq == session.state.seq, (c.protocol.seq, session.state.seq)
            assert c.protocol.view_hash() == view_hash(session.view(c.seat)), f"seat {c.seat} view differs"
            figures["hash_matches"] += 1

    tasks = [asyncio.create_task(player(i, c)) for i, c in enumerate(clients)]
    figures["setup_s"] = time.monotonic() - began
    try:
        for _ in range(kills):
            t0 = time.monotonic()
            await asyncio.sleep(rng.uniform(0.05, 0.6))
            host.send_signal(signal.SIGKILL)
            host.wait(10)
            t1 = time.monotonic()
            host = await asyncio.get_running_loop().run_in_executor(None, start_host, port, auto, auto, log, env)
            figures["restarts_loaded"] += 1  # it printed "serving": the save and its journal loaded
            t2 = time.monotonic()
            running = False
            for t in tasks:
                await t
            while not all(c.connected for c in clients):
                await asyncio.sleep(0.005)
            t3 = time.monotonic()
            await settle()
            t4 = time.monotonic()
            check()
            t5 = time.monotonic()
            phases.update({"submitting": t1 - t0, "restart": t2 - t1, "rejoin": t3 - t2, "settle": t4 - t3,
                           "check": t5 - t4})
            if figures["restarts_loaded"] % 10 == 1:  # the restart's floor, now and then, in the same run
                figures["floor_runs"] += 1
                figures["restart_floor_s"] += await asyncio.get_running_loop().run_in_executor(None, floor_start, env)
            acked_total = len(acked())
            running = True
            tasks = [asyncio.create_task(player(i, c)) for i, c in enumerate(clients)]
        running = False
        for t in tasks:
            await t
        await settle()
        check()
    finally:
        running = False
        for c in clients:
            await c.close()
        host.send_signal(signal.SIGTERM)
        try:
            out, _ = host.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            host.kill()
            raise
    assert "saved to" in out, out
    looped = time.monotonic() - began - figures["setup_s"]
    final = open_session(auto)  # the YAML written on stop, no journal left
    assert not (tmp_path / "auto.journal").exists()
    seen = chats(final)
    lost = [t for t in acked() if seen[t] != 1]
    assert not lost, lost[:5]
    return {"kills": kills, "acked": len(acked()), "lost": len(lost), "actions": len(final.history),
            "before_last": acked_total, **figures, "total_s": round(time.monotonic() - began, 1),
            "per_kill_s": round(looped / max(kills, 1), 2),
            **{f"{k}_s_per_kill": round(v / max(kills, 1), 3) for k, v in phases.items()},
            "restart_floor_s": round(figures["restart_floor_s"] / max(figures["floor_runs"], 1), 3)}


@pytest.fixture(scope="module")
def pycache() -> Path:
    """One bytecode cache for every run (Python checks each cached module against its source, and the cache mirrors
    the sources' full paths, so checkouts never mix), as the benchmarks keep theirs."""
    return Path(tempfile.gettempdir()) / "tabletop-test-pycache"


def test_kill_9_loses_no_acknowledged_action(tmp_path: Path, pycache: Path) -> None:
    figures = asyncio.run(soak(tmp_path, kills=KILLS, seed=1, pycache=pycache))
    print(figures)
    assert figures["restarts_loaded"] == KILLS
    assert figures["hash_matches"] == 2 * (KILLS + 1)
    assert figures["acked"] > KILLS


@pytest.mark.slow
@pytest.mark.timeout(1800)
def test_kill_9_soak_200_kills(tmp_path: Path, pycache: Path) -> None:
    figures = asyncio.run(soak(tmp_path, kills=200, seed=2, pycache=pycache))
    print(figures)
    assert figures["restarts_loaded"] == 200
    assert figures["hash_matches"] == 2 * 201
    assert figures["acked"] > 200
