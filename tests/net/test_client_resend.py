"""`Client.submit` when the host goes away mid-send: the action is queued and sent again after the reconnect, and
the host applies it once (it knows an action it has by its cseq)."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from tabletop.core import actions as A
from tabletop.game import quick_table
from tabletop.net.client import Client
from tabletop.net.host import Host

T = 10


def chats(host: Host, text: str) -> int:
    return sum(1 for e in host.session.history if e.action == A.Chat(text))


def test_a_submit_into_a_dead_connection_is_queued_and_sent_after_the_reconnect() -> None:
    async def main() -> None:
        host = Host(quick_table(seed=1), bind="127.0.0.1", port=0)
        await host.start()
        client = await Client("127.0.0.1", host.port, seat=0).connect(T)
        try:
            client.abort()  # the host is gone: the socket knows, the client's reader loop has not run yet
            await asyncio.sleep(0)
            cseq = await client.submit(A.Chat("sent into a dead connection"))  # used to raise ConnectionClosed
            assert cseq in client.protocol.pending
            await client.wait_for(lambda: cseq in client.protocol.results, T)
            assert client.protocol.results[cseq]["accepted"] and client.connections == 2
            assert chats(host, "sent into a dead connection") == 1
            # and the connection works on as before
            assert (await client.act(A.Chat("after"), T))["accepted"]
        finally:
            await client.close()
            await host.close()

    asyncio.run(asyncio.wait_for(main(), 60))


def test_an_action_applied_but_not_answered_is_applied_once(tmp_path: Path, monkeypatch) -> None:
    from tabletop.store import journalwrite as journal_module

    gate = threading.Event()
    real = journal_module.os.fdatasync

    def held_fdatasync(fd: int) -> None:
        gate.wait(T)  # the host applies the action, but answers only once it is durable: hold that
        real(fd)

    async def main() -> None:
        host = Host(quick_table(seed=1), bind="127.0.0.1", port=0, autosave=tmp_path / "auto.yaml")
        await host.start()
        client = await Client("127.0.0.1", host.port, seat=0).connect(T)
        try:
            monkeypatch.setattr(journal_module.os, "fdatasync", held_fdatasync)
            cseq = await client.submit(A.Chat("applied, answer lost"))
            for _ in range(100):
                if chats(host, "applied, answer lost"):
                    break
                await asyncio.sleep(0.05)
            assert chats(host, "applied, answer lost") == 1 and cseq not in client.protocol.results
            client.abort()  # the answer is lost with the connection
            gate.set()
            # the welcome after the reconnect says the host has it (its cseq is the seat's last): nothing is resent
            await client.wait_for(lambda: client.connections == 2 and client.connected, T)
            assert cseq not in client.protocol.pending
            assert (await client.act(A.Chat("after"), T))["accepted"]
            assert chats(host, "applied, answer lost") == 1  # the resend was known by its cseq
        finally:
            gate.set()
            await client.close()
            await host.close()

    asyncio.run(asyncio.wait_for(main(), 60))
