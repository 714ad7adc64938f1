"""LAN discovery with mDNS: a host announces `_tabletop._tcp`, a joining player browses for it.

Discovery is a convenience: joining by address always works, so every failure here is reported, never fatal.
"""

from __future__ import annotations

import re
import socket
import threading
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from zeroconf import InterfaceChoice, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from .errors import NetError

__all__ = ["SERVICE_TYPE", "Announcer", "Found", "browse", "found_from_info", "lan_address", "service_info"]

SERVICE_TYPE = "_tabletop._tcp.local."


@dataclass(frozen=True, slots=True)
class Found:
    """A game found on the LAN: its name, where to connect, and what it announced (version, ruleset, seats...)."""

    name: str
    address: str
    port: int
    properties: dict[str, str] = field(default_factory=dict)

    @property
    def join_address(self) -> str:
        return f"[{self.address}]:{self.port}" if ":" in self.address else f"{self.address}:{self.port}"


def lan_address() -> str:
    """This machine's address on the LAN (the interface a default route uses), or 127.0.0.1."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.254.254.254", 1))  # UDP connect sends nothing; it only picks the outgoing interface
        return str(s.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def _instance(name: str) -> str:
    clean = re.sub(r"[^\w \-]", "", name).strip()[:60] or "tabletop"
    return f"{clean}.{SERVICE_TYPE}"


def service_info(
    name: str, port: int, properties: Mapping[str, str] | None = None, addresses: Iterable[str] | None = None
) -> ServiceInfo:
    """The mDNS record announcing a game `name` on `port` at `addresses` (default: this machine's LAN address)."""
    addrs = list(addresses) if addresses is not None else [lan_address()]
    host = re.sub(r"[^\w\-]", "-", socket.gethostname())[:50] or "tabletop"
    return ServiceInfo(
        SERVICE_TYPE,
        _instance(name),
        port=port,
        properties={str(k): str(v) for k, v in (properties or {}).items()},
        server=f"{host}.local.",
        parsed_addresses=addrs,
    )


def found_from_info(info: ServiceInfo) -> Found:
    """A `Found` from a resolved mDNS record (text properties decoded, the first address kept)."""
    props: dict[str, str] = {}
    for k, v in (info.properties or {}).items():
        key = k.decode("utf-8", "replace") if isinstance(k, bytes) else str(k)
        props[key] = v.decode("utf-8", "replace") if isinstance(v, bytes) else ("" if v is None else str(v))
    addrs = info.parsed_addresses()
    name = info.name[: -len(SERVICE_TYPE) - 1] if info.name.endswith("." + SERVICE_TYPE) else info.name
    return Found(name, addrs[0] if addrs else "", int(info.port or 0), props)


class Announcer:
    """Announce one game on the LAN until `close()`."""

    def __init__(self, name: str, port: int, properties: Mapping[str, str] | None = None,
                 addresses: Iterable[str] | None = None, interfaces: Any = InterfaceChoice.All) -> None:
        self.info = service_info(name, port, properties, addresses)
        self.interfaces = interfaces
        self._zc: Zeroconf | None = None

    def start(self) -> Announcer:
        try:
            self._zc = Zeroconf(interfaces=self.interfaces)
            self._zc.register_service(self.info, allow_name_change=True)
        except Exception as e:  # noqa: BLE001 - zeroconf raises many kinds; discovery is optional
            self.close()
            raise NetError(f"cannot announce on the LAN: {e}") from None
        return self

    def close(self) -> None:
        zc, self._zc = self._zc, None
        if zc is not None:
            try:
                zc.unregister_service(self.info)
            finally:
                zc.close()


def browse(timeout: float = 2.0, interfaces: Any = InterfaceChoice.All) -> list[Found]:
    """The games announced on the LAN, found within `timeout` seconds (sorted by name)."""
    try:
        zc = Zeroconf(interfaces=interfaces)
    except Exception as e:  # noqa: BLE001
        raise NetError(f"cannot browse the LAN: {e}") from None
    names: set[str] = set()
    lock = threading.Lock()

    def changed(zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        with lock:
            if state_change is ServiceStateChange.Removed:
                names.discard(name)
            else:
                names.add(name)

    found: list[Found] = []
    try:
        browser = ServiceBrowser(zc, SERVICE_TYPE, handlers=[changed])
        time.sleep(timeout)
        browser.cancel()
        with lock:
            todo = sorted(names)
        for name in todo:
            info = zc.get_service_info(SERVICE_TYPE, name, timeout=1000)
            if info is not None:
                found.append(found_from_info(info))
    finally:
        zc.close()
    return sorted(found, key=lambda f: f.name)
