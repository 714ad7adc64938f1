"""A whole game between two network namespaces, captured passively on the wire between them (run as root under
`unshare -n` by test_capture.py; prints one JSON line: what the players saw and what the wire carried).

This process is machine A (a fresh network namespace); `tabletop serve` runs in machine B (another one, made by
`unshare -n`), joined by a veth pair 10.66.0.1 <-> 10.66.0.2. A raw AF_PACKET socket on A's end records every
frame that crosses. The host binds every address (its default), so it serves TLS as it would on a LAN.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from tabletop.core import actions as A
from tabletop.net.client import Client
from tabletop.net.tokenstore import TokenStore

__all__: list[str] = []

PORT = 7531
PASSWORD = "correct horse battery staple"


def sh(*args: str) -> None:
    subprocess.run(args, check=True, capture_output=True, timeout=20)


def capture(iface: str, out: bytearray, stop: threading.Event) -> None:
    s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.ntohs(0x0003))
    s.bind((iface, 0))
    s.settimeout(0.2)
    while not stop.is_set():
        try:
            out += s.recv(65535)
        except TimeoutError:
            continue
    s.close()


async def play(code: str, host_token: str, home: Path) -> dict[str, object]:
    store = TokenStore(home / "client-hosts.yaml")
    ann = await Client(code, name="ann", password=PASSWORD, store=store, host_token=host_token).connect(15)
    bob = await Client(code, name="bob", password=PASSWORD, store=store).connect(15)
    watcher = await Client(code, name="sue", seat=None, password=PASSWORD, store=store).connect(15)
    for client, seat in ((ann, 0), (bob, 1)):
        hand = next(z["name"] for z in client.view["zones"] if z.get("owner") == seat and z.get("kind") == "hand")
        assert (await client.act(A.Draw(5, to=hand)))["accepted"]
    card = next(p["id"] for z in ann.view["zones"] if z["name"] == "hand:0" for p in z["pieces"])
    assert (await ann.act(A.Move((card,), "table", x=300, y=300)))["accepted"]
    assert (await ann.act(A.Chat("the secret plan is tango")))["accepted"]
    assert (await ann.act(A.SetEnforcement("warn")))["accepted"]  # the host token gave seat 1 the dial
    await asyncio.sleep(0.3)
    seen = sorted({p["card"] for c in (ann, bob, watcher) for z in c.view["zones"] for p in z["pieces"]
                   if "card" in p})
    secrets = {"password": PASSWORD, "host_token": host_token, "chat": "the secret plan is tango",
               "token_ann": ann.token, "token_bob": bob.token}
    for c in (ann, bob, watcher):
        await c.close()
    return {"cards": seen, "secrets": secrets, "pinned": store.pin(f"10.66.0.2:{PORT}")}


def main() -> int:
    home = Path(sys.argv[1])
    sh("ip", "link", "set", "lo", "up")
    env = dict(os.environ, TABLETOP_HOME=str(home / "host"), PYTHONUNBUFFERED="1")
    host = subprocess.Popen(["unshare", "-n", "--", sys.executable, "-m", "tabletop", "serve", "--no-announce",
                             "--port", str(PORT), "--password", PASSWORD, "--seed", "3",
                             "--autosave", str(home / "game.yaml")],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    captured = bytearray()
    stop = threading.Event()
    try:
        time.sleep(0.3)  # the child has entered its namespace
        sh("ip", "link", "add", "va", "type", "veth", "peer", "name", "vb", "netns", str(host.pid))
        sh("ip", "addr", "add", "10.66.0.1/24", "dev", "va")
        sh("ip", "link", "set", "va", "up")
        for cmd in (("ip", "link", "set", "lo", "up"), ("ip", "addr", "add", "10.66.0.2/24", "dev", "vb"),
                    ("ip", "link", "set", "vb", "up")):
            sh("nsenter", "-t", str(host.pid), "-n", *cmd)
        lines: dict[str, str] = {}
        assert host.stdout is not None
        while "host token" not in lines:
            line = host.stdout.readline()
            if not line:
                raise SystemExit("the host stopped: " + json.dumps(lines))
            for key in ("invite code", "host token", "TLS certificate"):
                if line.startswith(key):
                    lines[key] = line.rsplit(": ", 1)[1].strip()
        code = lines["invite code"].replace(lines["invite code"].split("://")[1].split(":")[0], "10.66.0.2", 1)
        thread = threading.Thread(target=capture, args=("va", captured, stop), daemon=True)
        thread.start()
        time.sleep(0.2)
        result = asyncio.run(play(code, lines["host token"], home))
        time.sleep(0.3)
        stop.set()
        thread.join(5)
    finally:
        host.terminate()
        try:
            host.wait(10)
        except subprocess.TimeoutExpired:
            host.kill()
    (home / "wire.bin").write_bytes(bytes(captured))
    print(json.dumps({**result, "fingerprint": lines["TLS certificate"], "wire_bytes": len(captured)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
