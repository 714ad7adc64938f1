"""A host that listens before its save loads: a client trying to get in meanwhile waits in line and is welcomed on
its first try the moment the host serves (no reconnect back-off spent on a closed port)."""

from __future__ import annotations

import asyncio

from tabletop.game import quick_table
from tabletop.net.client import Client
from tabletop.net.host import Host, listen_early


def test_a_client_knocking_while_the_host_loads_gets_in_on_its_first_try() -> None:
    sock = listen_early("127.0.0.1", 0)
    assert sock is not None
    port = sock.getsockname()[1]

    async def main() -> None:
        client = Client("127.0.0.1", port, seat=0)
        joining = asyncio.create_task(client.connect(20))
        await asyncio.sleep(1.0)  # the host is still loading its save: nobody answers yet
        assert not joining.done()
        host = Host(quick_table(seed=2), bind="127.0.0.1", port=port, sock=sock)
        await host.start()
        try:
            await joining
            assert client.connected and client.connections == 1 and host.port == port
            await client.close()
        finally:
            await host.close()

    asyncio.run(main())


def test_a_name_is_bound_by_the_host_itself() -> None:
    assert listen_early("localhost", 0) is None
