"""A real `tabletop serve` and real client processes on 127.0.0.1: kill a client, kill -9 the host, rejoin.

After each fault every client's view hash equals the host's (read from the autosave, which `--autosave-every 1`
keeps current), and no frame any client received names a card its seat cannot see.
"""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from tabletop.cards import default_library
from tabletop.core import actions as A
from tabletop.core.view import view_hash
from tabletop.game import open_session

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
T = 15


def free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Proc:
    """A child process whose stdout lines are read by a thread, so every read has a timeout."""

    def __init__(self, args: list[str]) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
        self.p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  text=True, env=env, cwd=ROOT)
        self.lines: queue.Queue[str] = queue.Queue()
        self.transcript: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.p.stdout is not None
        for line in self.p.stdout:
            self.transcript.append(line)
            self.lines.put(line)

    def line(self, match=lambda s: True, timeout: float = T) -> str:
        end = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.01, end - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no line in {timeout}s; got: {''.join(self.transcript)[-2000:]}") from None
            if match(line):
                return line

    def ask(self, cmd: dict) -> dict:
        assert self.p.stdin is not None
        self.p.stdin.write(json.dumps(cmd) + "\n")
        self.p.stdin.flush()
        return json.loads(self.line(lambda s: s.startswith("{")))

    def kill(self) -> None:
        if self.p.poll() is None:
            self.p.send_signal(signal.SIGKILL)
        self.p.wait(10)

    def stop(self) -> None:
        if self.p.poll() is None:
            self.p.terminate()
            try:
                self.p.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def test_real_processes_survive_a_client_kill_and_a_host_kill(tmp_path: Path) -> None:
    port = free_port()
    auto = tmp_path / "auto.yaml"
    procs: list[Proc] = []

    def host(*extra: str) -> Proc:
        h = Proc([sys.executable, "-m", "tabletop", "serve", *extra, "--port", str(port), "--bind", "127.0.0.1",
                  "--autosave", str(auto), "--autosave-every", "1", "--no-announce", "--seed", "5"])
        procs.append(h)
        h.line(lambda s: s.startswith("serving"))
        return h

    def player(seat: str, name: str, token: str | None = None) -> tuple[Proc, dict]:
        args = [sys.executable, str(HERE / "netplayer.py"), "--port", str(port), "--seat", seat,
                "--frames", str(tmp_path / f"{name}.frames")]
        if token:
            args += [f"--token={token}"]  # a token may start with "-"
        p = Proc(args)
        procs.append(p)
        return p, json.loads(p.line(lambda s: s.startswith("{")))

    def in_step(players: dict) -> int:
        session = open_session(auto)
        seq = session.state.seq
        for seat, p in players.items():
            got = p.ask({"cmd": "wait", "seq": seq})
            assert got.get("seq") == seq, got
            assert got["hash"] == view_hash(session.view(seat)), (seat, got)
        return seq

    try:
        h = host()
        p0, w0 = player("0", "p0")
        p1, w1 = player("1", "p1")
        pw, ww = player("watch", "watcher")
        assert (w0["seat"], w1["seat"], ww["seat"]) == (0, 1, None)
        clients = {0: p0, 1: p1, None: pw}
        assert p0.ask({"cmd": "act", "action": A.Draw(3).to_dict()})["result"]["accepted"]
        assert p1.ask({"cmd": "act", "action": A.Draw(3).to_dict()})["result"]["accepted"]
        session = open_session(auto)
        card = session.state.zones["hand:0"].pieces[0]
        assert p0.ask({"cmd": "act", "action": A.Move((card,), "table", x=200, y=200).to_dict()})["result"]["accepted"]
        in_step(clients)

        # a client dies; the others see its seat empty; it comes back with its token
        p1.kill()
        for _ in range(100):
            st = p0.ask({"cmd": "state"})
            if not st["players"][1]["connected"]:
                break
            time.sleep(0.05)
        assert not st["players"][1]["connected"]
        assert p0.ask({"cmd": "act", "action": A.Draw(1).to_dict()})["result"]["accepted"]
        p1, again = player("1", "p1b", token=w1["token"])
        assert again["seat"] == 1
        clients[1] = p1
        in_step(clients)

        # the host dies; clients keep their last view and say so; the host restarts from the autosave
        before = {s: p.ask({"cmd": "state"}) for s, p in clients.items()}
        h.kill()
        for _ in range(100):
            st = p0.ask({"cmd": "state"})
            if not st["connected"]:
                break
            time.sleep(0.05)
        assert st["status"].startswith("reconnecting") and st["hash"] == before[0]["hash"]
        h = host(str(auto))
        seq = in_step(clients)
        assert seq == before[0]["seq"]
        assert p1.ask({"cmd": "act", "action": A.Draw(1).to_dict()})["result"]["accepted"]
        assert p0.ask({"cmd": "act", "action": A.Chat("still here").to_dict()})["result"]["accepted"]
        in_step(clients)
        for p in clients.values():
            assert p.ask({"cmd": "state"})["desyncs"] == 0
    finally:
        for p in procs:
            p.stop()

    # no frame names a card its seat cannot see (cards here only ever move deck -> hand -> table)
    lib = default_library()
    state = open_session(auto).state
    for seat, files in ((0, ["p0"]), (1, ["p1", "p1b"]), (None, ["watcher"])):
        text = "".join((tmp_path / f"{f}.frames").read_text() for f in files)
        assert text.count("\n") > 5
        for pid, piece in state.pieces.items():
            if piece.kind != "card" or state.can_see(piece, seat):
                continue
            assert not re.search(rf"\b{pid}\b", text), (seat, pid)
            assert not re.search(rf"(?<![\w/]){re.escape(piece.card)}(?!\w)", text), (seat, piece.card)
            assert lib.get(piece.card).name not in text, (seat, piece.card)
