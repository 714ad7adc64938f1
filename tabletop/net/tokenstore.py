"""The joining side's memory of hosts: seat tokens per host and game, and each host's pinned certificate.

A window or `tabletop join` that was seated keeps the seat token here, so it can take seat N back after a drop, a
host restart or a restart of its own; and it keeps the SHA-256 fingerprint of each host's TLS certificate the
first time it trusts it (from an invite code, or on first use), refusing a changed one afterwards as SSH does.

The file is `hosts.yaml` in the user's tabletop folder (net/userdir.py; `TABLETOP_HOME` moves it), never in a
project folder; it is written atomically (readable by this user only) and read again before every change, so two
windows of the same user do not undo each other's writes.

    store = TokenStore()                       # or TokenStore(path) in tests
    key = address_key("192.168.1.20", 7531)    # "192.168.1.20:7531"; IPv6 as "[fe80::1]:7531"
    store.remember(key, "Friday game", 0, token, name="ann")   # seat 0 (seats count from 0 here)
    store.token(key, "Friday game", 0)         # -> token or None
    store.seats(key, "Friday game")            # -> [SeatEntry(seat=0, token=..., name="ann", saved=...)]
    store.forget_seat(key, "Friday game", 0)   # a token the host refused (`bad_token`): drop it
    store.pin(key)                             # -> "ab12..." (64 hex digits) or None
    store.set_pin(key, fingerprint)            # trust this certificate from now on (replaces any other)
    store.forget_host(key)                     # the pin and every seat token of that host

`game` is the game's name as the host's `welcome` gives it (its `host` field). A store file that cannot be read
raises `TokenStoreError` naming the file: it is never overwritten with an empty store, and a pin is never
silently re-learned because its file was damaged.
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from .errors import NetError
from .seats import valid_token

__all__ = ["SeatEntry", "TokenStore", "TokenStoreError", "address_key", "normal_fingerprint"]

#: games remembered per store; the ones used longest ago go first
MAX_GAMES = 200
FILE_NAME = "hosts.yaml"
_HEX64 = re.compile(r"[0-9a-f]{64}")


class TokenStoreError(NetError):
    """The token store's file cannot be read or written (named in the message)."""


@dataclass(frozen=True, slots=True)
class SeatEntry:
    """One remembered seat: its number (from 0), its token, the name played under, when it was saved (epoch s)."""

    seat: int
    token: str
    name: str
    saved: float


def address_key(host: str, port: int) -> str:
    """The store's key of a host: `host:port`, the host lower-cased, an IPv6 literal in brackets."""
    h = host.strip().strip("[]").lower()
    return f"[{h}]:{port}" if ":" in h else f"{h}:{port}"


def normal_fingerprint(text: str) -> str:
    """A SHA-256 fingerprint as 64 lower-case hex digits (colons, spaces and a `sha256:` prefix allowed in
    `text`); raises ValueError for anything else."""
    t = text.strip().lower()
    if t.startswith("sha256:"):
        t = t[7:]
    t = t.replace(":", "").replace(" ", "")
    if not _HEX64.fullmatch(t):
        raise ValueError(f"not a SHA-256 fingerprint (64 hex digits): {text[:80]!r}")
    return t


class TokenStore:
    """Seat tokens and certificate pins of the hosts this user joined (see the module's docstring)."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        if path is None:
            from .userdir import user_dir

            path = user_dir() / FILE_NAME
        self.path = Path(path)

    # -- pins --

    def pin(self, address: str) -> str | None:
        """The pinned certificate fingerprint of `address` (an `address_key`), or None."""
        return self._read()["hosts"].get(address, {}).get("pin")

    def set_pin(self, address: str, fingerprint: str) -> None:
        """Trust this certificate for `address` from now on (replacing any pin it had)."""
        fp = normal_fingerprint(fingerprint)
        with self._change() as data:
            data["hosts"].setdefault(address, {})["pin"] = fp

    def forget_pin(self, address: str) -> bool:
        """Forget the pinned certificate of `address` (the next connection pins again); whether there was one."""
        with self._change() as data:
            return data["hosts"].get(address, {}).pop("pin", None) is not None

    def forget_host(self, address: str) -> bool:
        """Forget everything about `address`: its pin and every seat token; whether anything was known."""
        with self._change() as data:
            return data["hosts"].pop(address, None) is not None

    def addresses(self) -> list[str]:
        """Every host this store knows, sorted."""
        return sorted(self._read()["hosts"])

    # -- seat tokens --

    def games(self, address: str) -> list[str]:
        """The games remembered at that host, the one used last first (a window joining by address alone learns
        the game's name only from the welcome: it offers the seat it held last)."""
        games = self._read()["hosts"].get(address, {}).get("games", {})
        return sorted(games, key=lambda g: -float(games[g].get("used", 0)))

    def seats(self, address: str, game: str) -> list[SeatEntry]:
        """The seats remembered at that host's game, by seat number."""
        games = self._read()["hosts"].get(address, {}).get("games", {})
        rows = games.get(game, {}).get("seats", {})
        return sorted((SeatEntry(s, r["token"], r.get("name", ""), float(r.get("saved", 0)))
                       for s, r in rows.items()), key=lambda e: e.seat)

    def token(self, address: str, game: str, seat: int) -> str | None:
        """The token of seat `seat` (from 0) at that host's game, or None."""
        return next((e.token for e in self.seats(address, game) if e.seat == seat), None)

    def remember(self, address: str, game: str, seat: int, token: str, name: str = "") -> None:
        """Keep the token of a seat just taken (a second call for the same seat replaces it)."""
        if not valid_token(token):
            raise ValueError("not a seat token")
        if not isinstance(seat, int) or seat < 0:
            raise ValueError(f"bad seat {seat!r}")
        now = time.time()
        with self._change() as data:
            g = data["hosts"].setdefault(address, {}).setdefault("games", {}).setdefault(game, {})
            g.setdefault("seats", {})[seat] = {"token": token, "name": name, "saved": round(now, 3)}
            g["used"] = round(now, 3)
            _prune(data)

    def forget_seat(self, address: str, game: str, seat: int) -> bool:
        """Forget one seat's token (the host refused it); whether it was known."""
        with self._change() as data:
            games = data["hosts"].get(address, {}).get("games", {})
            seats = games.get(game, {}).get("seats", {})
            found = seats.pop(seat, None) is not None
            if game in games and not seats:
                del games[game]
            return found

    # -- the file --

    def _read(self) -> dict[str, Any]:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {"hosts": {}}
        except (OSError, UnicodeDecodeError) as e:
            raise TokenStoreError(f"{self.path}: cannot read the known hosts: {e}") from None
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as e:
            raise TokenStoreError(f"{self.path}: not a known-hosts file ({e}); move it away to start afresh") from None
        return _checked(data, self.path)

    @contextlib.contextmanager
    def _change(self) -> Any:
        """Read, let the caller change, write atomically; under a lock between this user's processes."""
        from ..store import atomic_write

        self.path.parent.mkdir(parents=True, exist_ok=True)
        with _locked(self.path.with_name(self.path.name + ".lock")):
            data = self._read()
            yield data
            body = {"format": "tabletop-known-hosts", "version": 1, "hosts": data["hosts"]}
            try:
                atomic_write(self.path, "# Seat tokens and certificate pins of the hosts you joined: keep private.\n"
                             + yaml.safe_dump(body, sort_keys=True))
            except OSError as e:
                raise TokenStoreError(f"{self.path}: cannot write the known hosts: {e.strerror or e}") from None


def _checked(data: Any, path: Path) -> dict[str, Any]:
    """The store's data, its shape checked (raises TokenStoreError); entries that are not valid are dropped."""
    if data is None:
        return {"hosts": {}}
    if not isinstance(data, dict) or data.get("format") != "tabletop-known-hosts":
        raise TokenStoreError(f"{path}: not a known-hosts file; move it away to start afresh")
    hosts = data.get("hosts") or {}
    if not isinstance(hosts, dict):
        raise TokenStoreError(f"{path}: hosts: expected a mapping")
    out: dict[str, Any] = {}
    for address, h in hosts.items():
        if not isinstance(address, str) or not isinstance(h, dict):
            raise TokenStoreError(f"{path}: hosts.{address}: expected a mapping")
        entry: dict[str, Any] = {}
        pin = h.get("pin")
        if pin is not None:
            if not isinstance(pin, str) or not _HEX64.fullmatch(pin):
                raise TokenStoreError(f"{path}: hosts.{address}.pin: not a SHA-256 fingerprint")
            entry["pin"] = pin
        games = {}
        for game, g in (h.get("games") or {}).items():
            seats = g.get("seats") if isinstance(g, dict) else None
            if not isinstance(game, str) or not isinstance(seats, dict):
                continue
            kept = {s: r for s, r in seats.items() if isinstance(s, int) and s >= 0 and isinstance(r, dict)
                    and isinstance(r.get("token"), str) and valid_token(r["token"])}
            if kept:
                used = g.get("used", 0)
                games[game] = {"seats": kept, "used": used if isinstance(used, (int, float)) else 0}
        if games:
            entry["games"] = games
        out[address] = entry
    return {"hosts": out}


def _prune(data: dict[str, Any]) -> None:
    """Keep the `MAX_GAMES` games used last."""
    games = [(g.get("used", 0), a, name) for a, h in data["hosts"].items() for name, g in h.get("games", {}).items()]
    for _, address, name in sorted(games)[:-MAX_GAMES]:
        del data["hosts"][address]["games"][name]


@contextlib.contextmanager
def _locked(path: Path) -> Any:
    """An exclusive lock on `path` between processes where the system has one (POSIX `flock`)."""
    try:
        import fcntl
    except ImportError:  # Windows: the atomic write still never leaves half a file
        yield
        return
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)
