"""NAT help: a host behind a home router asks it (UPnP IGD, through async-upnp-client) to forward the game's port,
says which address players outside the network join, or exactly what to forward by hand when no router does it, and
removes the mapping when the game stops.

Asked for with `--upnp` (serve, host): a mapping opens the game to the internet, which a LAN game does not want by
default. The mapping has a lease (an hour, renewed every half hour), so a host killed without removing it does not
leave the port open for good.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import logging
import socket
import weakref
from dataclasses import dataclass
from datetime import timedelta
from typing import Any
from urllib.parse import urlparse

from .errors import NetError
from .hostevents import HostEvent

__all__ = [
    "IGD_SEARCH",
    "Mapping",
    "NatError",
    "PortMapper",
    "add_argument",
    "by_hand",
    "close_port",
    "find_router",
    "host_started",
    "host_stopping",
    "open_port",
    "start_embedded",
]

log = logging.getLogger("tabletop.net.upnp")

#: what the host searches for: an Internet Gateway Device (version 2 devices answer a version 1 search too)
IGD_SEARCH = "urn:schemas-upnp-org:device:InternetGatewayDevice:1"
#: the WAN connection services that take port mappings, in the order tried
_SERVICES = ("urn:schemas-upnp-org:service:WANIPConnection:2", "urn:schemas-upnp-org:service:WANIPConnection:1",
             "urn:schemas-upnp-org:service:WANPPPConnection:1")
#: how long a router has to answer the search (a LAN without one is told this quickly)
SEARCH_TIMEOUT = 2.0
LEASE = timedelta(hours=1)
#: external ports tried after the game's own when the router has that one taken (by another machine)
OTHER_PORTS = 8
_CONFLICT = 718  # ConflictInMappingEntry
_PERMANENT_ONLY = 725  # OnlyPermanentLeasesSupported


class NatError(NetError):
    """No port mapping: no router answered, or it refused (the message says which, and why)."""


@dataclass(frozen=True, slots=True)
class Mapping:
    """A port the router forwards to this machine: `external_ip`:`external_port` -> `internal_ip`:`internal_port`."""

    location: str
    service: Any
    external_ip: str
    external_port: int
    internal_ip: str
    internal_port: int
    lease: int

    @property
    def router(self) -> str:
        return urlparse(self.location).hostname or self.location

    @property
    def address(self) -> str:
        """What players outside the network join: the router's public address and the mapped port."""
        return f"{self.external_ip}:{self.external_port}"

    def public(self) -> bool:
        """Whether the router's own address is a public one (not a second NAT in front of it, as CGNAT is)."""
        try:
            return ipaddress.ip_address(self.external_ip).is_global
        except ValueError:
            return False


async def find_router(timeout: float = SEARCH_TIMEOUT, source: str | None = None,
                      target: tuple[str, int] | None = None) -> str:
    """The description URL of the first IGD that answers an SSDP search on the LAN (raises NatError). `source`:
    the address to search from; `target`: where to send the search (default the SSDP multicast group)."""
    from async_upnp_client.search import SsdpSearchListener

    found: asyncio.Future[str] = asyncio.get_running_loop().create_future()

    async def answered(headers: Any) -> None:
        location = headers.get("location")
        if location and not found.done():
            found.set_result(str(location))

    async def connected() -> None:
        listener.async_search()

    listener = SsdpSearchListener(async_callback=answered, async_connect_callback=connected,
                                  search_target=IGD_SEARCH, timeout=max(1, int(timeout)),
                                  source=(source, 0) if source else None, target=target)
    try:
        await listener.async_start()
        return await asyncio.wait_for(found, timeout)
    except TimeoutError:
        raise NatError(f"no router answered a UPnP search within {timeout:g} s (UPnP is off on the router, or "
                       "there is no router on this network)") from None
    except OSError as e:  # e.g. no route to the multicast group: no network a router could be on
        raise NatError(f"cannot search for a router (this machine has no route to a local network: "
                       f"{e.strerror or e})") from None
    finally:
        with contextlib.suppress(Exception):
            listener.async_stop()


def _local_address(router: str) -> str:
    """This machine's address on the way to the router (a UDP connect sends nothing; it only picks the route)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect((router, 1900))
        return str(s.getsockname()[0])
    finally:
        s.close()


async def _wan_service(location: str) -> Any:
    from async_upnp_client.aiohttp import AiohttpRequester
    from async_upnp_client.client_factory import UpnpFactory
    from async_upnp_client.exceptions import UpnpError

    try:
        device = await UpnpFactory(AiohttpRequester(timeout=5)).async_create_device(location)
    except (UpnpError, OSError, TimeoutError) as e:
        raise NatError(f"the router at {urlparse(location).hostname} did not describe itself ({e})") from None
    services = {s.service_type: s for s in device.all_services}
    for kind in _SERVICES:
        service = services.get(kind)
        if service is not None and service.has_action("AddPortMapping"):
            return service
    raise NatError(f"the router at {urlparse(location).hostname} offers no WAN connection that takes port mappings")


async def _call(service: Any, name: str, **args: Any) -> dict[str, Any]:
    from async_upnp_client.exceptions import UpnpError

    try:
        return dict(await service.action(name).async_call(**args))
    except UpnpError:
        raise
    except (OSError, TimeoutError) as e:
        raise NatError(f"the router did not answer {name} ({e})") from None


async def _add(service: Any, external: int, internal_ip: str, internal: int, lease: int, what: str) -> None:
    await _call(service, "AddPortMapping", NewRemoteHost="", NewExternalPort=external, NewProtocol="TCP",
                NewInternalPort=internal, NewInternalClient=internal_ip, NewEnabled=True,
                NewPortMappingDescription=what, NewLeaseDuration=lease)


async def open_port(port: int, *, internal_ip: str | None = None, timeout: float = SEARCH_TIMEOUT,
                    description: str = "tabletop game", location: str | None = None) -> Mapping:
    """Ask the router to forward TCP `port` (or a free port near it) to this machine's `port`; raises NatError."""
    from async_upnp_client.exceptions import UpnpError

    location = location or await find_router(timeout, internal_ip)
    service = await _wan_service(location)
    router = urlparse(location).hostname or ""
    internal_ip = internal_ip or _local_address(router)
    lease = int(LEASE.total_seconds())
    last: UpnpError | None = None
    for external in [port, *range(port + 1, port + 1 + OTHER_PORTS)]:
        if external > 65535:
            break
        try:
            try:
                await _add(service, external, internal_ip, port, lease, description)
            except UpnpError as e:
                if getattr(e, "error_code", None) != _PERMANENT_ONLY:
                    raise
                lease = 0  # an older router: a mapping without a lease (removed on exit all the same)
                await _add(service, external, internal_ip, port, lease, description)
        except UpnpError as e:
            last = e
            if getattr(e, "error_code", None) == _CONFLICT:
                continue  # another machine has this port: the next one
            raise NatError(f"the router at {router} refused the port mapping ({e})") from None
        break
    else:
        raise NatError(f"the router at {router} has ports {port}-{port + OTHER_PORTS} taken by other machines "
                       f"({last})")
    try:
        external_ip = str((await _call(service, "GetExternalIPAddress")).get("NewExternalIPAddress") or "")
    except UpnpError:
        external_ip = ""
    return Mapping(location, service, external_ip or "(the router's public address)", external, internal_ip, port,
                   lease)


async def close_port(mapping: Mapping) -> None:
    """Remove the mapping (raises NatError when the router cannot be told)."""
    from async_upnp_client.exceptions import UpnpError

    try:
        await _call(mapping.service, "DeletePortMapping", NewRemoteHost="", NewExternalPort=mapping.external_port,
                    NewProtocol="TCP")
    except UpnpError as e:
        raise NatError(f"the router at {mapping.router} did not remove the port mapping ({e})") from None


def by_hand(port: int, internal_ip: str) -> str:
    """Exactly what to forward on the router when no router did it."""
    where = f"{internal_ip}:{port}" if internal_ip[:1].isdigit() else f"{internal_ip}, port {port}"
    return (f"to let players outside your network join, forward TCP port {port} on your router to this machine, "
            f"{where}, and share your public address (your router's page, or any 'what is my IP' "
            f"page, names it) with :{port}")


def success(m: Mapping) -> str:
    text = (f"UPnP: the router at {m.router} forwards TCP port {m.external_port} to this machine "
            f"({m.internal_ip}:{m.internal_port}); players outside your network join {m.address}. The mapping is "
            "removed when the game stops")
    if not m.public():
        text += (f". But the router's own address {m.external_ip} is not a public one: another NAT (your "
                 "provider's) sits in front of it, so players outside may still not reach you; play through a "
                 "machine everyone reaches (`tabletop serve` on it) or an overlay network you already use")
    return text


class PortMapper:
    """One host's port mapping: made by `start`, renewed while the game runs, removed by `stop`."""

    def __init__(self, *, timeout: float = SEARCH_TIMEOUT, location: str | None = None,
                 description: str = "tabletop game") -> None:
        self.timeout = timeout
        self.location = location
        self.description = description
        self.mapping: Mapping | None = None
        self._renew: asyncio.Task[None] | None = None

    async def start(self, port: int, bind: str = "0.0.0.0") -> str:
        """Map `port`; returns what to tell the user (the address to share, or what to forward by hand)."""
        wildcard = bind in ("", "0.0.0.0", "::")
        try:
            if not wildcard and ipaddress.ip_address(bind).is_loopback:
                return f"UPnP: the game listens on {bind} only, which no other machine reaches: nothing to forward"
        except ValueError:
            pass
        internal = None if wildcard else bind
        try:
            self.mapping = await open_port(port, internal_ip=internal, timeout=self.timeout,
                                           description=self.description, location=self.location)
        except NatError as e:
            from .discovery import lan_address

            here = internal or lan_address()
            here = "its address on your network" if here.startswith("127.") else here
            return f"UPnP: no port mapping: {e}. Instead, {by_hand(port, here)}"
        if self.mapping.lease:
            self._renew = asyncio.get_running_loop().create_task(self._keep(self.mapping))
        return success(self.mapping)

    async def _keep(self, m: Mapping) -> None:
        while True:
            await asyncio.sleep(m.lease / 2)
            try:
                await _add(m.service, m.external_port, m.internal_ip, m.internal_port, m.lease, self.description)
            except Exception as e:  # noqa: BLE001 - a renewal that fails is tried again; the game goes on
                log.warning("UPnP: the port mapping could not be renewed: %s", e)

    async def stop(self) -> str:
        """Remove the mapping; returns what happened (empty when there was none)."""
        if self._renew is not None:
            self._renew.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._renew
            self._renew = None
        m, self.mapping = self.mapping, None
        if m is None:
            return ""
        try:
            await close_port(m)
        except NatError as e:
            return f"UPnP: {e}; remove TCP port {m.external_port} on the router by hand"
        return f"UPnP: the router at {m.router} no longer forwards port {m.external_port}"


# -- the host's hook: `Host.start` and `Host.close` call these --

_MAPPERS: weakref.WeakKeyDictionary[Any, PortMapper] = weakref.WeakKeyDictionary()


def _tell(host: Any, text: str) -> None:
    if not text:
        return
    if host.on_event is not None:
        host.on_event(HostEvent("upnp", text=text))
    else:
        log.warning("%s", text)


async def host_started(host: Any) -> str:
    """Map the host's port when it was asked for (`host.upnp`); the outcome is told as a `upnp` host event, and
    returned ("" when not asked for)."""
    if not getattr(host, "upnp", False) or host in _MAPPERS:
        return ""
    mapper = PortMapper(location=getattr(host, "upnp_location", None), description=f"tabletop: {host.name}"[:60])
    _MAPPERS[host] = mapper
    text = await mapper.start(host.port, host.bind)
    _tell(host, text)
    return text


async def host_stopping(host: Any) -> None:
    """Remove the host's mapping, if it made one."""
    mapper = _MAPPERS.pop(host, None)
    if mapper is not None:
        _tell(host, await mapper.stop())


def start_embedded(embedded: Any, timeout: float = 30.0) -> str:
    """`host_started` for a host already running in its own thread (the window's `EmbeddedHost`): the outcome."""
    loop = embedded._loop
    if loop is None or not loop.is_running():
        return ""
    embedded.host.upnp = True
    return asyncio.run_coroutine_threadsafe(host_started(embedded.host), loop).result(timeout)


def add_argument(parser: argparse.ArgumentParser) -> None:
    """The `--upnp` option of `serve` and `host`."""
    parser.add_argument("--upnp", action="store_true",
                        help="ask the home router (UPnP) to forward the game's port so players outside your network "
                             "can join; says the address to share, or what to forward by hand (removed on exit)")
