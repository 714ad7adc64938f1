"""A scriptable client process for the multi-process tests: JSON commands on stdin, JSON answers on stdout.

Every frame it receives is appended to `--frames` as it arrives, so a test can check them even after a kill.
Commands: {"cmd": "act", "action": {...}}, {"cmd": "state"}, {"cmd": "wait", "seq": N}, {"cmd": "quit"}.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys

from tabletop.core.actions import action_from_dict
from tabletop.net.client import Client

__all__: list[str] = []


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--seat", default="any")
    ap.add_argument("--token")
    ap.add_argument("--frames", required=True)
    args = ap.parse_args()
    seat = None if args.seat == "watch" else int(args.seat) if args.seat.isdigit() else args.seat

    async def run() -> None:
        frames = open(args.frames, "ab")  # noqa: SIM115 - kept open for the process's life

        client = Client("127.0.0.1", args.port, seat=seat, token=args.token, record=True)
        written = 0

        def dump() -> None:
            nonlocal written
            for f in client.frames[written:]:
                frames.write(f + b"\n")
            written = len(client.frames)
            frames.flush()

        client.on_event = lambda ev: dump()
        await client.connect(10)

        def state() -> dict:
            p = client.protocol
            return {"seat": p.seat, "token": p.token, "seq": p.seq, "hash": p.view_hash(), "status": client.status,
                    "connected": client.connected, "players": p.players, "desyncs": p.desyncs}

        def say(obj: dict) -> None:
            sys.stdout.write(json.dumps(obj) + "\n")
            sys.stdout.flush()

        say({"event": "welcome", **state()})
        loop = asyncio.get_running_loop()
        while True:
            line = await loop.run_in_executor(None, sys.stdin.readline)
            if not line:
                break
            cmd = json.loads(line)
            try:
                if cmd["cmd"] == "act":
                    say({"result": await client.act(action_from_dict(cmd["action"]), 10)})
                elif cmd["cmd"] == "state":
                    say(state())
                elif cmd["cmd"] == "wait":
                    target = cmd["seq"]
                    await client.wait_for(lambda target=target: client.connected and client.protocol.seq >= target
                                          and not client.protocol._awaiting_snapshot, cmd.get("timeout", 10))
                    say(state())
                elif cmd["cmd"] == "quit":
                    break
            except Exception as e:  # noqa: BLE001 - reported to the test, which fails on it
                say({"error": repr(e), **state()})
            dump()
        dump()
        await client.close()

    asyncio.run(run())


if __name__ == "__main__":
    main()
