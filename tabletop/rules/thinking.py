"""Bot decisions off the caller's loop, so a window keeps drawing and a host keeps serving while a search bot thinks.

A search bot's decision (`Ismcts.decide`) takes a tenth of a second or more. `Thinker` runs it on one worker thread
from a snapshot taken on the caller's thread (`snapshot_job`: the seat's knowledge as plain data, never the live
table), and hands the answer back keyed by what it was computed for. `TableClock` counts every change to a session
(a move, an undo, a redo), so the caller takes an answer only while the table is the one it was computed from, and
thinks again otherwise: a stale decision is never submitted. Quick bots (`random`, `greedy`) decide inline.
"""

from __future__ import annotations

import concurrent.futures as cf
from collections.abc import Callable, Hashable
from typing import Any

from ..core.actions import Action
from ..core.state import GameState

__all__ = ["TableClock", "Thinker", "snapshot_job", "thinks_slowly"]


def thinks_slowly(bot: Any) -> bool:
    """Whether a bot searches (decides from a seat's knowledge: worth a worker) rather than picking at once."""
    return hasattr(bot, "decide")


def snapshot_job(bot: Any, state: GameState, seat: int) -> Callable[[], Action | None]:
    """The bot's decision for `seat` as a job that reads nothing of the live table: the seat's knowledge (its view,
    its rule state as it may know it, its deck list and legal moves: `search.knowledge`) is taken now, on the
    caller's thread, and the job only searches from it."""
    from .search.knowledge import knowledge

    know = knowledge(state, seat, bot.ruleset)
    return lambda: bot.decide(know)


class TableClock:
    """How many times a session's table changed (moves, undos, redos): a decision is fresh while it stands still."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self.changes = 0
        session.listeners.append(self._tick)

    def _tick(self, kind: str, entry: Any) -> None:
        self.changes += 1

    def close(self) -> None:
        if self._tick in self.session.listeners:
            self.session.listeners.remove(self._tick)


class Thinker:
    """One decision at a time on a worker thread, keyed by what it was computed for.

    `think(key, job)` starts a job (a pending one is forgotten: its answer will never be taken); `ready()` says an
    answer waits; `take()` returns `(key, action)` (action None when the job failed: a bot bug stops its seat,
    never the caller). `on_done`, when given, is called from the worker once an answer is ready (the host uses
    it to wake its event loop). A job already running cannot be stopped; a forgotten one runs out on the worker
    and its answer is dropped.
    """

    def __init__(self, *, on_done: Callable[[], None] | None = None, name: str = "tabletop-bot") -> None:
        self.on_done = on_done
        self._name = name
        self._pool: cf.ThreadPoolExecutor | None = None
        self._future: cf.Future[Action | None] | None = None
        self.key: Hashable | None = None
        #: decisions started, and those forgotten before they were taken (the table moved while they ran)
        self.started = 0
        self.dropped = 0

    @property
    def pending(self) -> bool:
        """Whether a decision was started and not yet taken."""
        return self._future is not None

    def think(self, key: Hashable, job: Callable[[], Action | None]) -> None:
        if self._future is not None:
            self.discard()
        if self._pool is None:
            self._pool = cf.ThreadPoolExecutor(max_workers=1, thread_name_prefix=self._name)
        self.key = key
        self.started += 1
        future = self._pool.submit(job)
        self._future = future
        if self.on_done is not None:
            done = self.on_done
            future.add_done_callback(lambda f: done() if not f.cancelled() else None)

    def ready(self) -> bool:
        f = self._future
        return f is not None and f.done()

    def take(self) -> tuple[Hashable | None, Action | None]:
        """The finished decision and its key (call when `ready()`); the thinker is then idle."""
        f, key = self._future, self.key
        assert f is not None and f.done()
        self._future, self.key = None, None
        try:
            return key, f.result()
        except Exception:  # a bot bug: its seat stops playing, the loop goes on
            return key, None

    def discard(self) -> None:
        """Forget the pending decision (its answer, when it comes, is dropped)."""
        f = self._future
        if f is not None:
            f.cancel()  # one not yet started never runs
            self.dropped += 1
        self._future, self.key = None, None

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the pending decision is ready (tests and scripts); False when none is pending or time ran out."""
        f = self._future
        if f is None:
            return False
        try:
            cf.wait([f], timeout=timeout)
        except Exception:
            return False
        return f.done()

    def close(self) -> None:
        """Stop the worker (a running job finishes on its own; its answer is dropped)."""
        self.discard()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
