"""The journal's writer: one thread that gathers whatever is queued into one write and one fsync (group commit),
a ticket per record telling the caller when it is durable; a new journal is written beside the old one and put in
its place, an old one continued from its end. The format and its reading are `journal.py`'s."""

from __future__ import annotations

import contextlib
import json
import os
import threading
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["JournalWriter", "encode_snapshot"]


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


@dataclass(slots=True)
class _Snap:
    after: int
    head: dict[str, Any]
    state: dict[str, Any]


def encode_snapshot(head: dict[str, Any], state: dict[str, Any], chunk: int = 256) -> bytes:
    """A `snap` record: `head` (the record's JSON), a tab, the table's JSON. The pieces are encoded a few hundred
    at a time, so a writer thread encoding a large table lets the caller's thread run in between."""
    pieces = state["pieces"]
    rest = json.dumps({k: v for k, v in state.items() if k != "pieces"}, separators=(",", ":"),
                      ensure_ascii=False)
    parts = [json.dumps(head, separators=(",", ":"), ensure_ascii=False).encode("utf-8"), b"\t",
             rest[:-1].encode("utf-8"), b',"pieces":[']
    for i in range(0, len(pieces), chunk):
        if i:
            parts.append(b",")
        parts.append(json.dumps(pieces[i:i + chunk], separators=(",", ":"), ensure_ascii=False)[1:-1]
                     .encode("utf-8"))
    parts.append(b"]}")
    payload = b"".join(parts)
    return b"%08x %s\n" % (zlib.crc32(payload), payload)


class JournalWriter:
    """Appends records to a journal from one writer thread, gathering everything queued into one write + fsync.

    `start(snapshot)` writes the snapshot to a new file and puts it in place of any old journal only once it is
    durable; `append(record)` queues a line and returns its ticket; `durable` is the highest ticket on disk.
    `on_durable(ticket)` is called from the writer thread after every commit. A write error is kept in `error` and
    told at once through `on_error(message)`; from then on nothing is durable any more (`durable` stays at the last
    record that was), so a caller that answers only durable changes stops answering instead of acknowledging
    changes that are not on disk; `wait` returns False at once.
    """

    def __init__(self, path: str | os.PathLike[str], *, on_durable: Callable[[int], None] | None = None,
                 on_error: Callable[[str], None] | None = None) -> None:
        self.path = Path(path)
        self.on_durable = on_durable
        self.on_error = on_error
        self.error = ""
        self.ticket = 0  # the snapshot is ticket 0: durable once it is in place
        self.durable = -1
        self.commits = 0
        self._queue: list[bytes | _Snap] = []
        #: the size of the last table snapshot written (autosave takes the next when the records after it outgrow
        #: it several times over, so a snapshot's cost is a bounded share of each record's)
        self.snap_bytes = 0
        self.snapshots = 0
        self.snap_error = ""
        self._cond = threading.Condition()
        self._closing = False
        self._fd: int | None = None
        self._snapshot: Callable[[], Iterator[bytes]] | None = None
        self._resume_at: int | None = None
        self._thread: threading.Thread | None = None

    def start(self, snapshot: Callable[[], Iterator[bytes]]) -> JournalWriter:
        """Begin a new journal: `snapshot()` (run on the writer thread) yields its first lines."""
        self._snapshot = snapshot
        self._thread = threading.Thread(target=self._run, name=f"journal:{self.path.name}", daemon=True)
        self._thread.start()
        return self

    def resume(self, end: int) -> JournalWriter:
        """Continue the journal already at `path` (the one the game was read from) instead of writing a new one:
        anything past `end` (a torn record, never acknowledged) is cut off, then records are appended after it."""
        self._resume_at = end
        self._thread = threading.Thread(target=self._run, name=f"journal:{self.path.name}", daemon=True)
        self._thread.start()
        return self

    def append(self, line: bytes) -> int:
        """Queue one encoded record; returns its ticket (durable once `durable >= ticket`)."""
        with self._cond:
            self._queue.append(line)
            self.ticket += 1
            self._cond.notify()
            return self.ticket

    def snapshot(self, head: dict[str, Any], state: dict[str, Any]) -> None:
        """Queue a table snapshot after the records queued so far: `state` is the table's `to_dict()` (the
        caller's own copy, taken on its thread); it is encoded and written on the writer thread."""
        with self._cond:
            self._queue.append(_Snap(self.ticket, head, state))
            self._cond.notify()

    def wait(self, ticket: int | None = None, timeout: float | None = 30.0) -> bool:
        """Block until `ticket` (default: everything queued) is durable; False on timeout or a write error."""
        with self._cond:
            target = self.ticket if ticket is None else ticket
            self._cond.wait_for(lambda: self.durable >= target or self._thread is None or self.error, timeout)
            return self.durable >= target and not self.error

    def close(self, timeout: float = 30.0) -> bool:
        """Write what is queued, stop the thread and close the file; False when something could not be written."""
        with self._cond:
            self._closing = True
            self._cond.notify()
        if self._thread is not None:
            self._thread.join(timeout)
        return not self.error and self.durable >= self.ticket

    def _run(self) -> None:
        try:
            self._begin()
        except OSError as e:
            self._fail(f"cannot write the journal {self.path}: {e.strerror or e}")
        with self._cond:
            if not self.error:
                self.durable = max(self.durable, 0)
            self._cond.notify_all()
        self._tell(0)
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._queue or self._closing)
                batch, self._queue = self._queue, []
                last = self.ticket
                closing = self._closing and not batch
            if batch:
                self._write_batch(batch, last)
            if closing:
                break
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def _begin(self) -> None:
        if self._resume_at is not None:
            self._continue(self._resume_at)
            return
        assert self._snapshot is not None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            chunk: list[bytes] = []
            size = 0
            for line in self._snapshot():
                chunk.append(line)
                size += len(line)
                if size >= 1 << 20:
                    _write_all(fd, b"".join(chunk))
                    chunk, size = [], 0
            _write_all(fd, b"".join(chunk))
            os.fsync(fd)
        except BaseException:
            os.close(fd)
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        os.replace(tmp, self.path)
        _fsync_dir(self.path.parent)
        self._fd = fd
        self._snapshot = None

    def _continue(self, end: int) -> None:
        fd = os.open(self.path, os.O_WRONLY)
        try:
            size = os.fstat(fd).st_size
            if size < end:
                raise OSError(0, f"the journal is shorter ({size} bytes) than when it was read ({end})")
            if size > end:
                os.ftruncate(fd, end)
                os.fsync(fd)
            os.lseek(fd, end, os.SEEK_SET)
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd

    def _write_batch(self, batch: list[bytes | _Snap], last: int) -> None:
        """Commit the batch in order; a snapshot is encoded here, after the records before it are durable (so
        their answers do not wait for it), and goes out with the records after it."""
        lines: list[bytes] = []
        for item in batch:
            if isinstance(item, _Snap):
                if lines:
                    self._commit(lines, item.after)
                try:
                    line = encode_snapshot(item.head, item.state)
                except (TypeError, ValueError) as e:  # a snapshot is a shortcut: the journal is whole without it
                    self.snap_error = f"a table snapshot could not be encoded ({type(e).__name__}: {e})"[:300]
                    lines = []
                    continue
                self.snap_bytes = len(line)
                self.snapshots += 1
                lines = [line]
            else:
                lines.append(item)
        self._commit(lines, last)

    def _commit(self, batch: list[bytes], last: int) -> None:
        if self._fd is not None and not self.error:
            try:
                _write_all(self._fd, b"".join(batch))
                os.fdatasync(self._fd)
            except OSError as e:
                self._fail(f"cannot write the journal {self.path}: {e.strerror or e}")
        with self._cond:
            if not self.error:  # after a failed write nothing is durable any more, whatever follows
                self.durable = last
            self.commits += 1
            self._cond.notify_all()
        self._tell(last)

    def _tell(self, ticket: int) -> None:
        if self.on_durable is not None:
            try:
                self.on_durable(ticket)
            except RuntimeError:  # the listener's event loop is gone (its host closed): nobody waits any more
                pass

    def _fail(self, message: str) -> None:
        first = not self.error
        self.error = message
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None
        if first and self.on_error is not None:
            try:
                self.on_error(message)
            except RuntimeError:  # the listener's event loop is gone
                pass


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]
