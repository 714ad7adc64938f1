"""What a host decides before it serves, shared by `serve`, `host` and the window: TLS or plain, which certificate,
and the invite code players are given."""

from __future__ import annotations

import ipaddress
import os
import socket
from collections.abc import Iterable

from .errors import NetError
from .invite import make_invite
from .tls import HostCert, host_certificate, is_loopback

__all__ = ["all_loopback", "check_names", "choose_tls", "invite_code", "share_host"]


def all_loopback(bind: str) -> bool:
    """Whether every address `bind` stands for is loopback (a wildcard such as 0.0.0.0 or :: is not)."""
    try:
        ip = ipaddress.ip_address(bind.strip("[]"))
        return ip.is_loopback
    except ValueError:
        pass
    if not bind:
        return False
    try:
        infos = socket.getaddrinfo(bind, None)
    except OSError:
        return is_loopback(bind)
    return bool(infos) and all(ipaddress.ip_address(str(i[4][0]).split("%")[0]).is_loopback for i in infos)


def choose_tls(bind: str, *, force: bool = False, cert: str | os.PathLike[str] | None = None,
               key: str | os.PathLike[str] | None = None) -> HostCert | None:
    """The certificate to serve with, or None for plain `ws://`: plain only when every bound address is loopback
    and neither `force` (`--tls`) nor a certificate of one's own asks for TLS. Raises NetError."""
    if cert is None and key is None and not force and all_loopback(bind):
        return None
    return host_certificate(cert, key)


def share_host(bind: str, public_host: str = "") -> str:
    """The address players are told: `--public-host`, else the bound address, else this machine's LAN address."""
    if public_host:
        return public_host
    if bind and bind not in ("0.0.0.0", "::", ""):
        return bind
    from .discovery import lan_address

    return lan_address()


def invite_code(host: str, port: int, fingerprint: str | None, password: str = "",
                with_password: bool = False) -> str:
    """The one line players paste into `tabletop join` or the Join dialog."""
    return make_invite(host, port, fingerprint, password if with_password else "")


def check_names(names: Iterable[str]) -> list[str]:
    """`--public-host` values as given, each a host name or address (raises NetError for one with a port)."""
    out = []
    for n in names:
        n = n.strip()
        if not n or "/" in n or " " in n:
            raise NetError(f"--public-host {n!r}: give a host name or address, without a port")
        out.append(n)
    return out
