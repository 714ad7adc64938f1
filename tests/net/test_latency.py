"""No Nagle tail: TCP_NODELAY on the host's and the client's sockets, and one write per batch (an action's patch
and its result reach the client in one piece). The figures are in bench/bench_net.py (--tail)."""

from __future__ import annotations

import asyncio
import socket

from tabletop.core import actions as A
from tabletop.game import quick_table
from tabletop.net.client import Client
from tabletop.net.host import Host


def test_sockets_have_nagle_off_and_a_batch_is_one_write() -> None:
    async def go() -> None:
        h = Host(quick_table(seed=5), bind="127.0.0.1", port=0)
        await h.start()
        try:
            c = await Client(f"127.0.0.1:{h.port}", name="ann").connect(10)
            assert c._ws is not None and c._ws.transport is not None
            mine = c._ws.transport.get_extra_info("socket")
            assert mine.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
            assert h._reader is not None
            theirs = [ws.transport.get_extra_info("socket") for ws in h._reader._ws.values()]
            assert theirs and all(s.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) for s in theirs)
            writes: list[bytes] = []
            (ws,) = h._reader._ws.values()
            transport = ws.transport
            original = transport.write

            def record(data: bytes) -> None:  # the host's writes to this client, as the kernel is handed them
                writes.append(bytes(data))
                original(data)

            transport.write = record  # type: ignore[method-assign]
            hand = next(z["name"] for z in c.view["zones"] if z.get("kind") == "hand" and z.get("owner") == 0)
            assert (await c.act(A.Draw(1, to=hand)))["accepted"]
            with_result = [w for w in writes if b'"type":"result"' in w]
            assert len(with_result) == 1 and b'"type":"patch"' in with_result[0]
            await c.close()
        finally:
            await h.close()

    asyncio.run(asyncio.wait_for(go(), 60))


def test_the_served_game_and_a_taken_view_are_out_of_the_collectors_way() -> None:
    """A full collection scans everything alive: at 1,000 cards 15-60 ms in the middle of a move. What the host
    holds when it starts, and what a client holds once welcomed, is frozen (gc.freeze) until they close."""
    import gc

    def tracked(obj: object) -> bool:  # frozen objects are in no generation gc.get_objects() lists
        return any(o is obj for o in gc.get_objects())

    async def go() -> None:
        session = quick_table(seed=5)
        h = Host(session, bind="127.0.0.1", port=0)
        await h.start()
        try:
            assert gc.get_freeze_count() > 0 and not tracked(session.state)
            c = await Client(f"127.0.0.1:{h.port}", name="ann").connect(10)
            assert c.view is not None and not tracked(c.view["zones"])
            await c.close()
        finally:
            await h.close()
        assert gc.get_freeze_count() == 0 and tracked(session.state)

    asyncio.run(asyncio.wait_for(go(), 60))
