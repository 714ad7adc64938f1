"""The journal's writer: one thread that gathers whatever is queued into one write and one fsync (group commit),
a ticket per record telling the caller when it is durable; a new journal is written beside the old one and put in
its place, an old one continued from its end. The format and its reading are `journal.py`'s.

Records are written into room made ahead of them: the writer keeps up to `PAD` bytes of zeros written past the
last record (after a commit, never before an answer), so a record overwrites blocks the file already has and its
fdatasync flushes that data alone. Appending instead grows the file, and every such fdatasync also waits for the
filesystem's journal to commit the new size, behind whatever else the machine writes (a shared ext4: 4-10 ms now
and then instead of 0.1). The zeros are cut off when the journal is closed; a reader stops at them."""

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

__all__ = ["PAD", "JournalWriter", "encode_snapshot"]

#: bytes of zeros kept written past the last record (made again once half of them are used): a few hundred
#: records' worth, small beside any disk (a full disk halts the journal at most this much later)
PAD = 64 * 1024


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
    changes that are not on disk; `wait` returns False at once. The journal stays where it is, and what was not
    written is kept: `retry()` cuts the file back to its last durable record and writes the rest again (a periodic
    snapshot left out: it is a shortcut), so a few freed kilobytes are enough to go on.
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
        #: held while the file is written (the writer thread's commits, a `retry` from another thread)
        self._io = threading.RLock()
        #: the byte offset past the last durable record, and the file it is in (device, inode)
        self._end = 0
        #: the file's size: the records, then the zeros written ahead of them (`PAD`)
        self._room = 0
        #: no zeros are written ahead until the records reach this offset again (after a failed try: a full disk)
        self._pad_after = 0
        self._ident: tuple[int, int] | None = None
        #: records not known to be on disk since a write failed (no snapshot among them), and the last one's ticket
        self._unwritten: list[bytes] = []
        self._unwritten_last = -1
        #: True when the journal file at `path` is no longer the one written (removed or replaced by someone)
        self.lost = False
        #: False once the journal is being closed (`trim`): no more zeros ahead
        self._padding = True

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
            with self._io:
                self._begin()
        except OSError as e:
            self._fail(f"cannot write the journal {self.path}: {e.strerror or e}")
            self._unwritten_last = 0
        with self._cond:
            if not self.error:
                self.durable = max(self.durable, 0)
            self._cond.notify_all()
        self._tell(0)
        self._pad()
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._queue or self._closing)
                batch, self._queue = self._queue, []
                last = self.ticket
                closing = self._closing and not batch
            if batch:
                self._write_batch(batch, last)
                self._pad()  # after the answers: the next records find their room made
            if closing:
                break
        self.trim()
        with self._io:
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
        self._opened(fd)
        self._snapshot = None

    def _opened(self, fd: int) -> None:
        st = os.fstat(fd)
        self._fd, self._end, self._room, self._ident = fd, st.st_size, st.st_size, (st.st_dev, st.st_ino)

    def _pad(self) -> None:
        """Write zeros ahead of the records, up to `PAD` past the last one, once less than half of that is left
        (best effort: a failure leaves the records to grow the file as they are written, and is tried again only
        after another `PAD` of records)."""
        with self._io:
            fd = self._fd
            if (fd is None or self.error or not self._padding or self._room - self._end >= PAD // 2
                    or self._end < self._pad_after):
                return
            try:
                _write_at(fd, self._room, bytes(self._end + PAD - self._room))
                os.fdatasync(fd)
                self._room = self._end + PAD
            except OSError:
                self._pad_after = self._end + PAD
                with contextlib.suppress(OSError):
                    os.ftruncate(fd, self._end)  # a part written: given back (the disk is full)
                self._room = self._end

    def trim(self) -> None:
        """Cut the zeros written ahead of the records (the journal is being closed, or its disk space is wanted);
        none are written again. Safe from any thread."""
        with self._io:
            self._padding = False
            if self._fd is not None and self._room > self._end:
                with contextlib.suppress(OSError):
                    os.ftruncate(self._fd, self._end)
                    self._room = self._end

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
        self._opened(fd)
        self._resume_at = None

    def _write_batch(self, batch: list[bytes | _Snap], last: int) -> None:
        """Commit the batch in order; a snapshot is encoded here, after the records before it are durable (so
        their answers do not wait for it), and goes out with the records after it."""
        lines: list[bytes] = []
        snap = False
        for item in batch:
            if isinstance(item, _Snap):
                if lines:
                    self._commit(lines, item.after, snap)
                snap = False
                try:
                    line = encode_snapshot(item.head, item.state)
                except (TypeError, ValueError) as e:  # a snapshot is a shortcut: the journal is whole without it
                    self.snap_error = f"a table snapshot could not be encoded ({type(e).__name__}: {e})"[:300]
                    lines = []
                    continue
                self.snap_bytes = len(line)
                self.snapshots += 1
                lines, snap = [line], True
            else:
                lines.append(item)
        self._commit(lines, last, snap)

    def _commit(self, batch: list[bytes], last: int, snap: bool = False) -> None:
        """Write `batch` (a snapshot first when `snap`) and make it durable; a failure keeps its records for
        `retry`. A snapshot that does not fit is left out at once and the records written alone."""
        with self._io:
            if self._fd is not None and not self.error:
                data = b"".join(batch)
                try:
                    _write_at(self._fd, self._end, data)  # over the zeros made ahead: no new size to commit
                    os.fdatasync(self._fd)
                    self._end += len(data)
                    self._room = max(self._room, self._end)
                except OSError as e:
                    records = batch[1:] if snap else batch
                    if snap and self._rewrite_quietly(records):
                        self.snap_error = f"a table snapshot could not be written ({e.strerror or e}): left out"
                    else:
                        self._keep(records, last)
                        self._fail(f"cannot write the journal {self.path}: {e.strerror or e}")
            elif batch:
                self._keep(batch[1:] if snap else batch, last)
        with self._cond:
            if not self.error:  # after a failed write nothing is durable any more, whatever follows
                self.durable = last
            self.commits += 1
            self._cond.notify_all()
        self._tell(last)

    def _keep(self, records: list[bytes], last: int) -> None:
        self._unwritten.extend(records)
        self._unwritten_last = last

    def _rewrite(self, records: list[bytes]) -> None:
        """Cut the open journal back to its last durable record and write `records` after it (raises OSError)."""
        fd = self._fd
        assert fd is not None
        data = b"".join(records)
        os.ftruncate(fd, self._end)
        self._room = self._end
        _write_at(fd, self._end, data)
        os.fdatasync(fd)
        self._end += len(data)
        self._room = self._end

    def _rewrite_quietly(self, records: list[bytes]) -> bool:
        try:
            self._rewrite(records)
        except OSError:
            return False
        return True

    def retry(self) -> bool:
        """After a failed write: write again, in the same file, what was not written (the journal is cut back to
        its last durable record first, so a torn write leaves nothing behind); a journal never begun is begun
        again. True once everything queued so far is durable; False (with `error` saying why) when it still
        cannot be written, or when the file was removed or replaced since (`lost`: it can only be written anew).
        Safe from any thread."""
        with self._io:
            if not self.error:
                return True
            try:
                if self._ident is None:
                    self._begin()
                else:
                    self._reopen()
                self._rewrite(self._unwritten)
            except OSError as e:
                if self._fd is not None:
                    with contextlib.suppress(OSError):
                        os.close(self._fd)
                    self._fd = None
                self.error = f"cannot write the journal {self.path}: {e.strerror or e}"
                return False
            last, self._unwritten, self._unwritten_last = self._unwritten_last, [], -1
            if self._thread is None or not self._thread.is_alive():
                os.close(self._fd)  # type: ignore[arg-type]  # the writer has stopped: nothing more to write
                self._fd = None
        with self._cond:
            self.error = ""
            self.durable = max(self.durable, last)
            self._cond.notify_all()
        self._tell(self.durable)
        return True

    def _reopen(self) -> None:
        try:
            fd = os.open(self.path, os.O_WRONLY)
        except FileNotFoundError:
            self.lost = True
            raise OSError(0, "it was removed since it was written") from None
        st = os.fstat(fd)
        if (st.st_dev, st.st_ino) != self._ident or st.st_size < self._end:
            os.close(fd)
            self.lost = True
            raise OSError(0, "it was replaced since it was written")
        self._fd = fd

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


def _write_at(fd: int, at: int, data: bytes) -> None:
    os.lseek(fd, at, os.SEEK_SET)
    _write_all(fd, data)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]
