"""Run many `GameSpec`s: in this process, on every core (a process pool), or on a Dask distributed cluster.

Each game depends only on its spec, and results are put back in spec order, so the three ways give identical
records for the same seeds (a test holds this). Work goes out in chunks of a few games so that the cost of sending
it is small beside the games, and the chunks are small enough to keep every worker busy to the end.
"""

from __future__ import annotations

import gc
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, TextIO

from ..errors import TabletopError
from ..rules.simulate import GAME_GC_THRESHOLD, GameRecord, young_gc
from .games import GameSpec, play_chunk, records

__all__ = ["ClusterUnavailable", "Progress", "RunResult", "chunks", "default_jobs", "run_specs"]


class ClusterUnavailable(TabletopError, RuntimeError):
    """`--scheduler` was given but the cluster cannot be used (the extra is not installed, or no scheduler)."""


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


class Progress:
    """A one-line progress bar on stderr: games done, rate and time left (drawn at most ten times a second)."""

    def __init__(self, total: int, label: str = "games", stream: TextIO | None = None) -> None:
        self.total = total
        self.label = label
        self.stream = stream or sys.stderr
        self.start = time.perf_counter()
        self._drawn = 0.0

    def __call__(self, done: int, total: int | None = None) -> None:
        total = self.total if total is None else total
        now = time.perf_counter()
        if done < total and now - self._drawn < 0.1:
            return
        self._drawn = now
        elapsed = now - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        left = f", {(total - done) / rate:.0f} s left" if rate > 0 and done < total else ""
        width = 30
        filled = width * done // max(total, 1)
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {self.label}, "
                          f"{rate:.1f}/s{left}   ")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


class RunResult:
    """The records of a run in spec order, with the wall time and how many workers played them."""

    def __init__(self, records: list[GameRecord], seconds: float, workers: int, where: str) -> None:
        self.records = records
        self.seconds = seconds
        self.workers = workers
        self.where = where


def chunks(specs: Sequence[GameSpec], workers: int) -> list[tuple[int, list[GameSpec]]]:
    """Split the specs into (offset, chunk) pairs: about eight chunks per worker, 1 to 25 games each."""
    size = max(1, min(25, len(specs) // max(1, workers * 8)))
    return [(i, list(specs[i:i + size])) for i in range(0, len(specs), size)]


def run_specs(specs: Sequence[GameSpec], *, jobs: int | None = None, scheduler: Any = None,
              progress: Callable[[int, int], None] | None = None, connect_timeout: float = 10.0) -> RunResult:
    """Play every spec and return the records in spec order.

    `jobs`: worker processes (default every core; 1 plays in this process). `scheduler`: a Dask scheduler address
    (or a `distributed` Client) to run on instead, reached within `connect_timeout` seconds.
    """
    total = len(specs)
    slots: list[dict[str, Any] | None] = [None] * total
    done = 0

    def land(offset: int, results: list[dict[str, Any]]) -> None:
        nonlocal done
        slots[offset:offset + len(results)] = results
        done += len(results)
        if progress is not None:
            progress(done, total)

    start = time.perf_counter()
    if scheduler is not None:
        workers, where = _on_cluster(specs, scheduler, land, connect_timeout)
    else:
        workers = max(1, min(jobs or default_jobs(), total))
        if workers == 1:
            gc.freeze()  # what this process holds already (modules, card data) is never scanned while games run
            try:
                with young_gc():
                    for i, spec in enumerate(specs):
                        land(i, play_chunk([spec]))
            finally:
                gc.unfreeze()
            where = "this process"
        else:
            with ProcessPoolExecutor(max_workers=workers, initializer=_game_worker) as pool:
                futures = {pool.submit(play_chunk, c): offset for offset, c in chunks(specs, workers)}
                for fut in as_completed(futures):
                    land(futures[fut], fut.result())
            where = f"{workers} processes"
    seconds = time.perf_counter() - start
    return RunResult(records([d for d in slots if d is not None]), seconds, workers, where)


def _game_worker() -> None:
    """A pool process plays games only, for as long as it lives: its collector runs as `young_gc` sets it."""
    threshold = gc.get_threshold()
    if 0 < threshold[0] < GAME_GC_THRESHOLD:
        gc.set_threshold(GAME_GC_THRESHOLD, *threshold[1:])
    gc.freeze()  # the modules it imported are never scanned while it plays (2% of X-Files Fan self-play)


def _on_cluster(specs: Sequence[GameSpec], scheduler: Any,
                land: Callable[[int, list[dict[str, Any]]], None], timeout: float) -> tuple[int, str]:
    try:
        import distributed
    except ImportError:
        raise ClusterUnavailable("--scheduler needs the `distributed` package: pip install 'tabletop[cluster]'") \
            from None
    own = not isinstance(scheduler, distributed.Client)
    try:
        client = distributed.Client(scheduler, timeout=f"{timeout}s") if own else scheduler
    except (OSError, TimeoutError, ValueError) as e:
        raise ClusterUnavailable(f"cannot reach the Dask scheduler at {scheduler}: {e}") from None
    try:
        workers = max(1, sum(w.get("nthreads", 1) for w in client.scheduler_info().get("workers", {}).values()))
        parts = chunks(specs, workers)
        futures = client.map(play_chunk, [c for _, c in parts], pure=False)
        offsets = {f.key: offset for f, (offset, _) in zip(futures, parts, strict=True)}
        for fut in distributed.as_completed(futures):
            land(offsets[fut.key], fut.result())
        return workers, f"Dask cluster {client.scheduler.address} ({workers} worker threads)"
    finally:
        if own:
            client.close()
