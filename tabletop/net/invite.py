"""Invite codes: the one line a host shares (address, port, certificate fingerprint, maybe the password).

    tabletop://192.168.1.20:7531?fp=3f9a...64 hex digits...&pw=sesame

`tabletop join CODE`, the window's Join dialog and `Client(CODE)` take it as it is, and also everything a player
may type instead: `HOST`, `HOST:PORT`, `[v6]:PORT`, `wss://HOST:PORT`, `ws://HOST:PORT` (plain: this machine
only), with an optional `#fp=...` / `?fp=...`. A code with `fp` pins that certificate; without one, a TLS address
pins the first certificate it sees (and refuses another later). Whether to use TLS (`Target.tls`): `wss://` and
`tabletop://` always; `ws://` never, and only to a loopback address; a bare address uses TLS unless it is a
loopback address. A client never falls back to plain.
"""

from __future__ import annotations

import urllib.parse
from dataclasses import dataclass

from .errors import NetError
from .tls import is_loopback
from .tokenstore import normal_fingerprint

__all__ = ["SCHEME", "Target", "make_invite", "parse_target", "shown_address"]

SCHEME = "tabletop"
DEFAULT_PORT = 7531


@dataclass(frozen=True, slots=True)
class Target:
    """Where and how to join: host, port, TLS or not, the certificate fingerprint expected, the password given."""

    host: str
    port: int
    tls: bool
    fingerprint: str | None = None
    password: str | None = None

    @property
    def uri(self) -> str:
        """The WebSocket URI (`wss://host:port`, an IPv6 literal in brackets)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{'wss' if self.tls else 'ws'}://{host}:{self.port}"


def make_invite(host: str, port: int, fingerprint: str | None, password: str = "") -> str:
    """The host's invite code. Without a fingerprint (a plain host on loopback) it is a `ws://` address."""
    where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    if fingerprint is None:
        query = f"?pw={urllib.parse.quote(password, safe='')}" if password else ""
        return f"ws://{where}{query}"
    query = f"fp={normal_fingerprint(fingerprint)}"
    if password:
        query += "&pw=" + urllib.parse.quote(password, safe="")
    return f"{SCHEME}://{where}?{query}"


def _split_host_port(text: str, default_port: int, original: str) -> tuple[str, int]:
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port = rest[1:] if rest.startswith(":") else ""
        if rest and not rest.startswith(":"):
            raise NetError(f"bad address {original!r}")
    elif text.count(":") == 1:
        host, port = text.split(":")
    else:
        host, port = text, ""
    if not host or any(c.isspace() or c in "/?#@" for c in host):
        raise NetError(f"no host in address {original!r}")
    try:
        number = int(port) if port else default_port
    except ValueError:
        raise NetError(f"bad port in address {original!r}") from None
    if not 0 < number < 65536:
        raise NetError(f"bad port in address {original!r}: {number}")
    return host, number


def parse_target(text: str, default_port: int = DEFAULT_PORT) -> Target:
    """An invite code or an address as a player gives it -> `Target` (raises NetError saying what is wrong)."""
    original = text
    t = text.strip()
    if not t:
        raise NetError("no address given")
    scheme = ""
    if "://" in t:
        scheme, _, t = t.partition("://")
        scheme = scheme.lower()
        if scheme not in (SCHEME, "wss", "ws"):
            raise NetError(f"{original!r}: not a tabletop address (tabletop://, wss:// or ws://)")
    where, params = t, ""
    for sep in ("?", "#"):
        if sep in where:
            where, _, rest = where.partition(sep)
            params = rest if not params else params + "&" + rest
    where = where.rstrip("/")
    host, port = _split_host_port(where, default_port, original)
    query = urllib.parse.parse_qs(params.replace("#", "&"), keep_blank_values=True)
    fp = None
    if "fp" in query or "sha256" in query:
        try:
            fp = normal_fingerprint((query.get("fp") or query.get("sha256"))[0])  # type: ignore[index]
        except ValueError as e:
            raise NetError(f"{original!r}: {e}") from None
    password = query["pw"][0] if "pw" in query else None
    if scheme == "ws":
        if not is_loopback(host):
            raise NetError(f"{original!r}: plain ws:// is only for this machine; between machines the host serves "
                           f"TLS: join with its invite code (tabletop://...) or wss://{where}")
        if fp is not None:
            raise NetError(f"{original!r}: a certificate fingerprint needs TLS (wss:// or tabletop://)")
        tls = False
    else:
        tls = bool(scheme) or fp is not None or not is_loopback(host)
    return Target(host, port, tls, fp, password)


def shown_address(text: str) -> str:
    """An address or invite code as a window shows it: `host:port`, never the password a code may carry."""
    try:
        t = parse_target(text)
    except NetError:
        return text.split("?")[0].split("#")[0].strip()[:80]
    return f"[{t.host}]:{t.port}" if ":" in t.host else f"{t.host}:{t.port}"
