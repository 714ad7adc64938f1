"""How a window reads a seat's stream from where the table lives, and one slow call off the window's thread.

`Stream` is what the window takes stream items from; a local table hands it a `SeatStream` directly, a hosted one
a `_HostedStream` (the stream lives on the host's thread), a joined one a `_RemoteStream` fed by the client's
events (the host's welcome, snapshots and patches, each with the seat's legal moves).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ...core.stream import SeatStream, StreamItem

__all__ = ["Background", "Stream"]


class Stream(Protocol):
    """What a window reads a seat's changes from: `take()` gives the stream items queued since the last call."""

    def take(self) -> list[StreamItem]: ...

    def close(self) -> None: ...


class _HostedStream:
    """A `SeatStream` living on an `EmbeddedHost`'s thread: taken from the window, closed on the host's thread."""

    def __init__(self, host: Any, stream: SeatStream) -> None:
        self.host = host
        self.inner = stream

    def take(self) -> list[StreamItem]:
        return self.inner.take()

    def close(self) -> None:
        try:
            self.host.call(self.inner.close)
        except Exception:  # the host is gone: nothing listens any more
            pass


class _RemoteStream:
    """A joined seat's stream: the host's welcome, snapshots and patches (with legal moves) as stream items."""

    def __init__(self, view: dict[str, Any], legal: dict[str, Any] | None, log: list[dict[str, Any]],
                 log_start: int = 0) -> None:
        self._items: list[StreamItem] = [StreamItem(int(view.get("seq", -1)), view=view, legal=legal,
                                                    status=dict(view.get("rules") or {}), log=list(log),
                                                    history=True, log_start=log_start)]

    def put(self, data: dict[str, Any]) -> None:
        """Queue what a client event brought (`view` for a whole view, `patch` for a patch message); a welcome's
        `log` (its last lines) starts the log again, as a local stream's whole view does."""
        legal = data.get("legal")
        if data.get("view") is not None:
            v = data["view"]
            self._items.append(StreamItem(int(v.get("seq", -1)), view=v, legal=legal,
                                          status=dict(v.get("rules") or {}), log=list(data.get("log") or []),
                                          history="log" in data, log_start=int(data.get("log_start") or 0)))
        elif data.get("patch") is not None:
            msg = data["patch"]
            patch = {k: v for k, v in msg.items() if k in ("set", "zones", "pieces")}
            status = (msg.get("set") or {}).get("rules") or {}
            self._items.append(StreamItem(int(msg["seq"]), patch=patch, base=int(msg["base"]), legal=legal,
                                          log=list(msg.get("log") or []), status=dict(status)))

    def take(self) -> list[StreamItem]:
        out, self._items = self._items, []
        return out

    def close(self) -> None:
        self._items = []


class Background:
    """One slow call (browsing the LAN, connecting) on a thread of its own, so the window keeps drawing.

    The app checks `done()` each frame and then calls `finish()`, which hands the result (or the error) to
    `then` on the window's thread.
    """

    def __init__(self, work: Callable[[], Any], then: Callable[[Any, BaseException | None], Any]) -> None:
        import threading

        self.then = then
        self.result: Any = None
        self.error: BaseException | None = None
        self._done = threading.Event()

        def run() -> None:
            try:
                self.result = work()
            except BaseException as e:  # noqa: BLE001 - handed to the window's thread
                self.error = e
            finally:
                self._done.set()

        self.thread = threading.Thread(target=run, name="tabletop-ui-task", daemon=True)
        self.thread.start()

    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float) -> bool:
        return self._done.wait(timeout)

    def finish(self) -> None:
        self.then(self.result, self.error)
