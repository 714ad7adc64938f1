"""Rejoin from the window: its seat tokens, kept per host and game in the user's token store (beside the user's
settings, never in a project folder) as soon as the welcome arrives, and given back when the same player joins that
host again, so a guest who closed the window takes its seat back instead of a new one.

A token the host refuses is said and forgotten, never swapped silently for another seat: the player decides to
join again for a free seat. The store is engineer 6's `net/tokenstore.py` (one file for `tabletop join` and every
window of the user).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...net.errors import NetError
from ...net.tokenstore import TokenStore, address_key

__all__ = ["KnownSeat", "SeatMemory"]


@dataclass(frozen=True, slots=True)
class KnownSeat:
    """A seat this user held at a host's game: where, which (from 0), its token and the name played under."""

    address: str
    game: str
    seat: int
    token: str
    name: str

    def offer(self) -> str:
        """The Join dialog's words for it."""
        who = f" as {self.name}" if self.name else ""
        return f"Take back seat {self.seat + 1}{who} ({self.game})"


class SeatMemory:
    """The window's side of the token store: look up, keep and forget seat tokens; a store that cannot be read or
    written is said by the caller and costs nothing but the rejoin."""

    def __init__(self, store: TokenStore | None = None) -> None:
        self._store = store

    @property
    def store(self) -> TokenStore:
        if self._store is None:
            self._store = TokenStore()
        return self._store

    @staticmethod
    def key(address: str) -> str | None:
        """The store's key of an address or invite code as typed; None when it cannot be read."""
        from ...net.invite import parse_target

        try:
            target = parse_target(address.strip())
        except (NetError, ValueError):
            return None
        return address_key(target.host, target.port)

    def known(self, address: str, name: str = "") -> KnownSeat | None:
        """The seat this user held last at that host (under `name`, when given), or None."""
        key = self.key(address)
        if key is None:
            return None
        try:
            for game in self.store.games(key):
                for e in sorted(self.store.seats(key, game), key=lambda e: -e.saved):
                    if not name or e.name.casefold() == name.casefold():
                        return KnownSeat(key, game, e.seat, e.token, e.name)
        except NetError:
            return None
        return None

    def keep(self, thread: Any) -> str:
        """Keep the seat a joined `ClientThread` was just welcomed to; "" or why it could not be kept."""
        client = thread.client
        p = client.protocol
        if thread.seat is None or not thread.token:
            return ""
        try:
            self.store.remember(client.address, p.host_name or "", thread.seat, thread.token, p.name or "")
        except (NetError, ValueError) as e:
            return f"Your seat token could not be kept, so this window cannot take the seat back later: {e}"
        return ""

    def forget_seat_of(self, thread: Any) -> None:
        """Drop the token of the seat a joined `ClientThread` holds (the host removed it from that seat)."""
        client = thread.client
        try:
            self.store.forget_seat(client.address, client.protocol.host_name or "", thread.seat)
        except (NetError, ValueError):
            pass

    def forget(self, seat: KnownSeat) -> None:
        """Drop a token the host refused (it will not take it again)."""
        try:
            self.store.forget_seat(seat.address, seat.game, seat.seat)
        except NetError:
            pass
