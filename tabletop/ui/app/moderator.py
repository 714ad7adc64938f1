"""The host's moderation as the window reads it: who sits and who watches, and the doors to remove a seat's player,
remove a spectator, and turn spectators on or off (net/moderation.py does the work).

A hosting window moderates through its `EmbeddedHost` (as the host); a joined window whose seat has host rights
(`serve`'s host token) through `kick` and `spectators` messages, the host's answer arriving later (a refusal as a
notice). The Players window (ui/dialogs/moderate.py) reads one of these and never asks which.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["HostedModerator", "Moderator", "RemoteModerator", "SeatRow", "WatcherRow"]


@dataclass(frozen=True, slots=True)
class SeatRow:
    """A seat as the Players window lists it: who sits there (claimed), connected or not, played here or not."""

    seat: int
    name: str
    claimed: bool
    connected: bool
    local: bool
    #: the host closed it: nobody may claim it
    closed: bool = False


@dataclass(frozen=True, slots=True)
class WatcherRow:
    """A spectator watching now: the host's id for it (what a removal names) and its name."""

    id: int
    name: str


class Moderator:
    """What the Players window reads and asks; each ask returns "" once done or sent, else why not."""

    #: whether a removal is done at once (the host's own window) or asked of the host (a joined host-rights seat)
    immediate = True

    def seats(self) -> list[SeatRow]:
        raise NotImplementedError

    def watchers(self) -> list[WatcherRow]:
        raise NotImplementedError

    def spectators_allowed(self) -> bool:
        raise NotImplementedError

    def remove_seat(self, seat: int, close: bool = False) -> str:
        raise NotImplementedError

    def close_seat(self, seat: int, closed: bool) -> str:
        raise NotImplementedError

    def remove_watcher(self, watcher: int) -> str:
        raise NotImplementedError

    def set_spectators(self, allowed: bool) -> str:
        raise NotImplementedError


def _rows(players: list[dict[str, Any]] | None) -> list[SeatRow]:
    return [SeatRow(int(p["seat"]), str(p.get("name") or f"Seat {int(p['seat']) + 1}"), bool(p.get("claimed")),
                    bool(p.get("connected")), bool(p.get("local")), bool(p.get("closed"))) for p in players or []]


class HostedModerator(Moderator):
    """The hosting window's: straight to its `EmbeddedHost` (every call waits for the host's answer)."""

    def __init__(self, source: Any) -> None:
        self.source = source

    def seats(self) -> list[SeatRow]:
        return _rows(self.source.players())

    def watchers(self) -> list[WatcherRow]:
        try:
            return [WatcherRow(int(w["id"]), str(w["name"])) for w in self.source.host.watcher_list()]
        except Exception:  # noqa: BLE001 - the host is closing: nobody left to list
            return []

    def spectators_allowed(self) -> bool:
        return bool(self.source.host.spectators_allowed)

    def _ask(self, fn: Any, *args: Any) -> str:
        try:
            return str(fn(*args))
        except Exception as e:  # noqa: BLE001 - the host thread is gone or stuck
            return f"the host did not answer: {e}"

    def remove_seat(self, seat: int, close: bool = False) -> str:
        return self._ask(self.source.host.remove_seat, seat, close)

    def close_seat(self, seat: int, closed: bool) -> str:
        return self._ask(self.source.host.close_seat, seat, closed)

    def remove_watcher(self, watcher: int) -> str:
        return self._ask(self.source.host.remove_watcher, watcher)

    def set_spectators(self, allowed: bool) -> str:
        return self._ask(self.source.host.set_spectators, allowed)


class RemoteModerator(Moderator):
    """A joined window at a seat with host rights: asks the host with `kick` / `spectators` messages."""

    immediate = False

    def __init__(self, source: Any) -> None:
        self.source = source

    def _protocol(self) -> Any:
        return self.source.thread.client.protocol

    def seats(self) -> list[SeatRow]:
        return _rows(self.source.players())

    def watchers(self) -> list[WatcherRow]:
        return [WatcherRow(int(w["id"]), str(w.get("name", "someone"))) for w in self._protocol().watchers
                if isinstance(w.get("id"), int)]

    def spectators_allowed(self) -> bool:
        return bool(self._protocol().spectators_allowed)

    def _ask(self, fn: Any, **kwargs: Any) -> str:
        try:
            fn(**kwargs)
        except Exception as e:  # noqa: BLE001 - HostLost, a timeout: not sent
            return f"not sent: {e or 'the connection is closed'}"
        return ""

    def remove_seat(self, seat: int, close: bool = False) -> str:
        return self._ask(self.source.thread.kick, seat=seat, close=close)

    def close_seat(self, seat: int, closed: bool) -> str:
        return self._ask(self.source.thread.close_seat, seat=seat, closed=closed)

    def remove_watcher(self, watcher: int) -> str:
        return self._ask(self.source.thread.kick, watcher=watcher)

    def set_spectators(self, allowed: bool) -> str:
        return self._ask(self.source.thread.allow_spectators, allowed=allowed)
