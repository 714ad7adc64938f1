"""Bot decisions off the caller's loop, so a window keeps drawing and a host keeps serving while a search bot thinks.

A search bot's decision (`Ismcts.decide`) takes a tenth of a second or more. `Thinker` runs it in a worker process
from a snapshot taken on the caller's thread (`snapshot_job`: the seat's knowledge as plain data, never the live
table), and hands the answer back keyed by what it was computed for. A process, not a thread: a thread searching in
pure Python holds the interpreter lock, and a window frame that gives the lock up at every blit then waits for it
each time (a frame of a second on this machine). The worker rebuilds the ruleset from its name, options and card
library (`process_spec`) and keeps one bot per name and seed, so its decisions are the seeded ones; where that
cannot be done (a ruleset that cannot be rebuilt, no processes) the job runs on a worker thread instead. `TableClock` counts every change to a session
(a move, an undo, a redo), so the caller takes an answer only while the table is the one it was computed from, and
thinks again otherwise: a stale decision is never submitted. Quick bots (`random`, `greedy`) decide inline.
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import pickle
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from ..core.actions import Action
from ..core.state import GameState

__all__ = ["Job", "TableClock", "Thinker", "known_choice", "process_spec", "snapshot_job", "thinks_slowly"]


def thinks_slowly(bot: Any) -> bool:
    """Whether a bot searches (decides from a seat's knowledge: worth a worker) rather than picking at once."""
    return hasattr(bot, "decide")


@dataclass(frozen=True, slots=True)
class Job:
    """One decision to make: the bot, and the seat's knowledge it decides from (plain data). Called, it decides
    here (a thread, or inline); a worker process decides with its own copy of the bot named `name` seeded `seed`."""

    bot: Any
    know: dict[str, Any]
    name: str = ""
    seed: int = 0

    def __call__(self) -> Action | None:
        return self.bot.decide(self.know)


def snapshot_job(bot: Any, state: GameState, seat: int, name: str = "", seed: int = 0) -> Job:
    """The bot's decision for `seat` as a job that reads nothing of the live table: the seat's knowledge (its view,
    its rule state as it may know it, its deck list and legal moves: `search.knowledge`) is taken now, on the
    caller's thread, and the job only searches from it. `name` and `seed` are how the bot was made (`make_bot`):
    with them the decision may be made in a worker process."""
    from .search.knowledge import knowledge

    return Job(bot, knowledge(state, seat, bot.ruleset), name, seed)


def known_choice(bot: Any, state: GameState, seat: int) -> Action | None:
    """A quick bot's move for `seat` from the seat's knowledge with its status (`search.knowledge`, what a search
    bot's `snapshot_job` takes, plus what the seat's status shows it), for a bot with `choose_known` (X-Files CCG's
    greedy bot): a window's bot seat and a host's stand-in decide so, inline."""
    from .search.knowledge import knowledge

    return bot.choose_known(knowledge(state, seat, bot.ruleset, status=True))


def process_spec(rules: Any) -> tuple[str, dict[str, Any], bytes | None] | None:
    """What a worker process needs to rebuild `rules`: its name, options and card library (pickled), or None when
    it cannot be sent (the decisions then run on a thread)."""
    try:
        library = getattr(rules, "library", None)
        return rules.name, dict(getattr(rules, "options", None) or {}), (
            pickle.dumps(library) if library is not None else None)
    except Exception:
        return None


#: in a worker process: the ruleset rebuilt from its spec, and the bots made there by (name, seed)
_WORKER: dict[str, Any] = {}


def _worker_start(name: str, options: dict[str, Any], library: bytes | None) -> None:
    from . import get_ruleset

    rules = get_ruleset(name, options)
    if library is not None:
        rules.library = pickle.loads(library)  # type: ignore[attr-defined]
    _WORKER["rules"] = rules
    _WORKER["bots"] = {}


def _worker_ready() -> bool:
    return "rules" in _WORKER


def _worker_decide(name: str, seed: int, know: dict[str, Any]) -> tuple[str, Any]:
    """In the worker: ("ok", the action as a dict or None), or ("error", why) when the bot failed."""
    from .bots import make_bot

    bots = _WORKER["bots"]
    bot = bots.get((name, seed))
    if bot is None:
        bot = bots[(name, seed)] = make_bot(name, _WORKER["rules"], seed)
    try:
        action = bot.decide(know)
    except Exception as e:  # a bot bug: its seat stops playing
        return "error", repr(e)
    return "ok", None if action is None else action.to_dict()


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
    """One decision at a time in a worker process (with `spec`; else, or where no process can, on a worker
    thread), keyed by what it was computed for.

    `think(key, job)` starts a job (a pending one is forgotten: its answer will never be taken); `ready()` says an
    answer waits; `take()` returns `(key, action)` (action None when the job failed: a bot bug stops its seat,
    never the caller). `on_done`, when given, is called from the worker once an answer is ready (the host uses
    it to wake its event loop). A job already running cannot be stopped; a forgotten one runs out on the worker
    and its answer is dropped.
    """

    def __init__(self, *, on_done: Callable[[], None] | None = None, name: str = "tabletop-bot",
                 spec: tuple[str, dict[str, Any], bytes | None] | None = None) -> None:
        self.on_done = on_done
        self._name = name
        #: the ruleset as a worker process rebuilds it (`process_spec`); None: decisions run on a thread
        self.spec = spec
        self._pool: cf.ThreadPoolExecutor | None = None
        self._procs: cf.ProcessPoolExecutor | None = None
        self._future: cf.Future[Any] | None = None
        self._job: Callable[[], Action | None] | None = None
        self._in_process = False
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
        self.key = key
        self.started += 1
        self._job = job
        self._in_process = False
        if self.spec is not None and isinstance(job, Job) and job.name:
            try:
                self._submit(self._process_pool().submit(_worker_decide, job.name, job.seed, job.know), True)
                return
            except Exception:  # no processes here: a thread does it
                self.spec = None
        self._submit(self._thread_pool().submit(job), False)

    def warm(self) -> None:
        """Start the worker process now (a second or more), so the first decision does not wait for it."""
        if self.spec is None:
            return
        try:
            self._process_pool().submit(_worker_ready)
        except Exception:  # no processes here: a thread decides
            self.spec = None

    def _thread_pool(self) -> cf.ThreadPoolExecutor:
        if self._pool is None:
            self._pool = cf.ThreadPoolExecutor(max_workers=1, thread_name_prefix=self._name)
        return self._pool

    def _process_pool(self) -> cf.ProcessPoolExecutor:
        if self._procs is None:
            assert self.spec is not None
            self._procs = cf.ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=_worker_start, initargs=self.spec)
        return self._procs

    def _submit(self, future: cf.Future[Any], in_process: bool) -> None:
        self._future = future
        self._in_process = in_process
        if self.on_done is not None:
            done = self.on_done
            future.add_done_callback(lambda f: done() if not f.cancelled() else None)

    def ready(self) -> bool:
        f = self._future
        if f is None or not f.done():
            return False
        if self._in_process and not f.cancelled() and f.exception() is not None:
            # the worker process could not decide (it could not rebuild the ruleset, it died): from now on a
            # thread decides, starting with this decision
            self.spec = None
            self._shutdown_processes()
            assert self._job is not None
            self._submit(self._thread_pool().submit(self._job), False)
            return False
        return True

    def take(self) -> tuple[Hashable | None, Action | None]:
        """The finished decision and its key (call when `ready()`); the thinker is then idle."""
        f, key = self._future, self.key
        assert f is not None and f.done()
        self._future, self.key, self._job = None, None, None
        try:
            answer = f.result()
        except Exception:  # a bot bug: its seat stops playing, the loop goes on
            return key, None
        if not self._in_process:
            return key, answer
        status, data = answer
        if status != "ok" or data is None:
            return key, None
        try:
            return key, Action.from_dict(data)
        except Exception:
            return key, None

    def discard(self) -> None:
        """Forget the pending decision (its answer, when it comes, is dropped)."""
        f = self._future
        if f is not None:
            f.cancel()  # one not yet started never runs
            self.dropped += 1
        self._future, self.key, self._job = None, None, None

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
        self._shutdown_processes()

    def _shutdown_processes(self) -> None:
        procs, self._procs = self._procs, None
        if procs is None:
            return
        # a decision still running is not waited for: its worker is ended (nothing of the table is in it)
        for proc in list((getattr(procs, "_processes", None) or {}).values()):
            proc.terminate()
        procs.shutdown(wait=False, cancel_futures=True)
