"""Who may come in: the password as a proof (never the password itself), guesses slowed per address, and the
opening handshake's `Origin` and `Host` checked so that a web page cannot join.

The password (docs/PROTOCOL.md, "The password"): the host answers every opening handshake with
`Tabletop-Challenge: NONCE SALT ITERATIONS`; a client with a password sends its hello as a frame with
`proof` = hex HMAC-SHA256(K, "tabletop-hello|" + NONCE + "|" + BINDING), where K = PBKDF2-HMAC-SHA256(password,
bytes.fromhex(SALT), ITERATIONS, 32 bytes) and BINDING the fingerprint of the certificate it was shown ("" on
plain `ws://`), named in the hello's `binding`. A proof is good for its connection only. Today's clients that send
`password` itself are still let in from this machine (a loopback peer), never from another one.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import secrets
import socket
import threading
import time
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .tls import is_loopback

__all__ = ["CHALLENGE_HEADER", "HostAuth", "Peer", "RequestCheck", "make_proof", "password_key"]

CHALLENGE_HEADER = "Tabletop-Challenge"
ITERATIONS = 60_000
#: wrong passwords (or host tokens) an address may try at once, and the seconds that earn it one more try
GUESS_BURST = 5
GUESS_EVERY = 3.0
#: addresses remembered for their guesses (the oldest forgotten first)
GUESS_TABLE = 4096


@dataclass(slots=True)
class Peer:
    """Where a connection comes from (the forwarded address behind a trusted proxy) and its challenge."""

    address: str
    nonce: str = ""
    loopback: bool = False
    #: when its TCP connection was accepted (time.monotonic()): the hello is due `hello_timeout` after it
    accepted: float | None = None


def password_key(password: str, salt: bytes, iterations: int) -> bytes:
    """K: the key a password proof is made with (PBKDF2-HMAC-SHA256, 32 bytes)."""
    return hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), salt, iterations, 32)


def make_proof(key: bytes, nonce: str, binding: str) -> str:
    """The hello's `proof`: hex HMAC-SHA256(K, "tabletop-hello|NONCE|BINDING")."""
    return hmac.new(key, f"tabletop-hello|{nonce}|{binding}".encode("ascii"), hashlib.sha256).hexdigest()


class _Guesses:
    """Wrong guesses per address: a bucket of `GUESS_BURST` tries refilled one per `GUESS_EVERY` seconds."""

    def __init__(self, clock: Any = time.monotonic) -> None:
        self.clock = clock
        self._lock = threading.Lock()
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def wait(self, address: str) -> float:
        """Seconds `address` must wait before its next guess (0: it may guess now)."""
        with self._lock:
            level, at = self._buckets.get(address, (float(GUESS_BURST), self.clock()))
            level = min(GUESS_BURST, level + (self.clock() - at) / GUESS_EVERY)
            return 0.0 if level >= 1 else (1 - level) * GUESS_EVERY

    def wrong(self, address: str) -> None:
        with self._lock:
            now = self.clock()
            level, at = self._buckets.pop(address, (float(GUESS_BURST), now))
            level = min(GUESS_BURST, level + (now - at) / GUESS_EVERY)
            self._buckets[address] = (max(0.0, level - 1), now)
            while len(self._buckets) > GUESS_TABLE:
                self._buckets.popitem(last=False)


class HostAuth:
    """The host's side of the password and the host token, shared by its threads (all checks are read-only but
    the guess counts, which hold a lock)."""

    def __init__(self, password: str = "", *, bindings: Iterable[str] | None = ("",), host_token: str = "",
                 clock: Any = time.monotonic) -> None:
        self.password = password
        self.host_token = host_token
        #: the certificate fingerprints a proof may be bound to ("" for plain; None: any, behind a proxy whose
        #: certificate the host was not told)
        self.bindings = None if bindings is None else set(bindings)
        self.salt = secrets.token_bytes(16)
        self.iterations = ITERATIONS
        self._key = password_key(password, self.salt, ITERATIONS) if password else b""
        self.guesses = _Guesses(clock)

    def challenge(self, nonce: str) -> str:
        """The `Tabletop-Challenge` header's value for a connection given `nonce`."""
        return f"{nonce} {self.salt.hex()} {self.iterations}"

    def check(self, msg: dict[str, Any], peer: Peer | None) -> tuple[str, str] | None:
        """Why this hello may not come in for its password or host token, as (code, message), or None.
        A `peer` of None is a connection made inside this process (tests), treated as this machine."""
        address = peer.address if peer is not None else "local"
        secret = bool(self.password) or "host_token" in msg
        if secret:
            wait = self.guesses.wait(address)
            if wait > 0:
                return "password", f"too many wrong guesses from {address}: try again in {wait:.0f} s"
        problem = self._password(msg, peer)
        if problem is None and "host_token" in msg:
            given = msg["host_token"]
            if not (self.host_token and isinstance(given, str) and hmac.compare_digest(given, self.host_token)):
                problem = "host_token", "wrong host token"
        if problem is not None and problem[0] in ("password", "host_token"):
            self.guesses.wrong(address)
        return problem

    def _password(self, msg: dict[str, Any], peer: Peer | None) -> tuple[str, str] | None:
        if not self.password:
            return None
        if "proof" in msg:
            binding = msg.get("binding", "")
            if self.bindings is not None and binding not in self.bindings:
                return "password", "the proof is bound to another certificate than this host's (a relay?)"
            nonce = peer.nonce if peer is not None else ""
            if nonce and hmac.compare_digest(make_proof(self._key, nonce, binding), msg["proof"]):
                return None
            return "password", "wrong password"
        if "password" in msg:
            if peer is not None and not peer.loopback:
                return "password", ("send the password as a proof, never the password itself "
                                    "(docs/PROTOCOL.md, \"The password\"); a plain password is taken from this "
                                    "machine only")
            if hmac.compare_digest(msg["password"].encode("utf-8"), self.password.encode("utf-8")):
                return None
            return "password", "wrong password"
        return "password", "this game has a password"


class RequestCheck:
    """The opening handshake's checks: no `Origin` (a browser's page), a `Host` naming this machine, and the
    peer's address (the forwarded one when the connection comes from a trusted proxy)."""

    def __init__(self, *, public_hosts: Iterable[str] = (), trusted_proxies: Iterable[str] = (),
                 bound: Iterable[str] = ()) -> None:
        self.proxies = [ipaddress.ip_network(p, strict=False) for p in trusted_proxies]
        self.names = {n.lower().rstrip(".") for n in (*public_hosts, *bound) if n}
        self.names |= _own_names()

    def refusal(self, headers: Any, local: str | None) -> str | None:
        """Why this request is refused (HTTP 403), or None."""
        if headers.get_all("Origin"):
            return "a web page may not join a game (the request has an Origin header)"
        hosts = headers.get_all("Host")
        if len(hosts) != 1:
            return "the request must name one Host"
        name = _host_name(hosts[0])
        if local is not None and name == local.lower():
            return None
        if _is_address(name):  # a rebinding page names a host, never an address: any address is fine (NAT, UPnP)
            return None
        if name in self.names or is_loopback(name) or name.endswith(".local"):
            return None
        return f"this host does not answer to the name {name!r} (start it with --public-host {name} to allow it)"

    def peer(self, remote: str, headers: Any) -> str:
        """The address a connection comes from: behind a trusted proxy, the last one it forwarded."""
        if not self.proxies or not _in(remote, self.proxies):
            return remote
        forwarded = [v.strip() for value in headers.get_all("X-Forwarded-For") for v in value.split(",")]
        for address in reversed(forwarded):  # the nearest hop the trusted proxies did not add
            if not _in(address, self.proxies):
                return address or remote
        return forwarded[0] if forwarded else remote


def _in(address: str, networks: list[Any]) -> bool:
    try:
        ip = ipaddress.ip_address(address.strip("[]").split("%")[0])
    except ValueError:
        return False
    return any(ip in n for n in networks)


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name.split("%")[0])
    except ValueError:
        return False
    return True


def _host_name(host: str) -> str:
    h = host.strip().lower()
    if h.startswith("["):
        return h[1:].partition("]")[0]
    return (h.rpartition(":")[0] if h.count(":") == 1 else h).rstrip(".")


def _own_names() -> set[str]:
    """This machine's names and the addresses they resolve to."""
    names = {socket.gethostname().lower()}
    try:
        names.add(socket.getfqdn().lower())
    except OSError:
        pass
    for name in list(names):
        try:
            names |= {str(info[4][0]).lower() for info in socket.getaddrinfo(name, None)}
        except OSError:
            pass
    return {n.rstrip(".") for n in names if n}
