"""A host and its sans-I/O clients joined in memory: frames moved until the wire is quiet."""

from __future__ import annotations

from tabletop.net.protocol import ClientProtocol, HostProtocol

__all__ = ["pump", "seated"]


def pump(host: HostProtocol, clients: dict[int, ClientProtocol], got: dict[int, list[bytes]] | None = None) -> None:
    """Move every frame both ways until nothing is left to send (`got`: each connection's frames, kept)."""
    for _ in range(100):
        moved = False
        for cid, c in clients.items():
            for data in c.data_to_send():
                moved = True
                host.receive_data(cid, data)
        for cid, data in host.data_to_send():
            moved = True
            if got is not None:
                got.setdefault(cid, []).append(data)
            clients[cid].receive_data(data)
        if not moved:
            return
    raise AssertionError("the wire never settled")


def seated(session, names: tuple[str, ...]) -> tuple[HostProtocol, dict[int, ClientProtocol], dict[int, ClientProtocol]]:
    """A host on `session` with one client a seat, in seat order, each joined under its name: the host, the clients
    by connection and by seat."""
    host = HostProtocol(session, clock=lambda: 0.0)
    clients: dict[int, ClientProtocol] = {}
    by_seat: dict[int, ClientProtocol] = {}
    for seat, name in enumerate(names):
        cid = host.connect()
        clients[cid] = by_seat[seat] = ClientProtocol(name=name, seat=seat)
        clients[cid].start()
        pump(host, clients)
    return host, clients, by_seat
