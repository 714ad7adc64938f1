"""Autosave: every change is appended to a journal beside the save (off the caller's thread), and the readable
YAML save is written once, when the game is closed.

A change costs one small record whatever the length of the game; a crash loses nothing that was durable, and
`store.open_game` on the save path picks the journal up. `close()` is the one call a window or a host makes on the
way out: it writes the YAML save, and the journal is removed once the YAML holds everything it held.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ..core.events import plain_copy
from ..core.session import LogEntry, Session
from .bookmarkrecord import marks_record
from .compactlog import CompactLog, entry_json
from .journal import (
    JOURNAL_FORMAT,
    JOURNAL_VERSION,
    JournalMark,
    JournalWriter,
    encode_record,
    file_identity,
    journal_path_for,
    state_digest,
    tail_record,
)
from .lock import SaveLock
from .saves import SaveError, atomic_write, dump_save

__all__ = ["DEFAULT_AUTOSAVE", "SNAP_FACTOR", "SNAP_MIN_BYTES", "Autosaver", "file_sha", "previous_meta"]

DEFAULT_AUTOSAVE = Path("saves") / "autosave.yaml"
#: a table snapshot is taken once the records since the last one hold SNAP_FACTOR times its bytes (and at least
#: SNAP_MIN_BYTES): recovery then replays at most that much, and the snapshots add at most 1/SNAP_FACTOR to what
#: each change writes, whatever the length of the game
SNAP_FACTOR = 4
SNAP_MIN_BYTES = 64 * 1024
#: how long a bookmark waits for its record to be on disk before it is refused (a journal that stopped answering)
MARK_WAIT = 10.0
log = logging.getLogger("tabletop.store")


def file_sha(path: str | os.PathLike[str]) -> str | None:
    """The SHA-256 of a file's bytes, or None when there is no such file (the identity of a YAML a journal extends)."""
    h = hashlib.sha256()
    try:
        with open(path, "rb") as f:
            while chunk := f.read(1 << 20):
                h.update(chunk)
    except OSError:
        return None
    return h.hexdigest()


def _tail_seq(record: dict[str, Any]) -> Any:
    return record.get("seq")


def previous_meta(path: str | os.PathLike[str], seq: int) -> dict[str, Any]:
    """The meta of the journal beside save `path` when it ends at `seq` (the game being continued), else {}.

    The host keeps each seat's last client sequence number there, so a restart after a crash still answers an
    action sent again as the duplicate it is.
    """
    tail = tail_record(journal_path_for(path))
    if tail is None or _tail_seq(tail) != seq or not isinstance(tail.get("m"), dict):
        return {}
    return tail["m"]


class Autosaver:
    """Journals every change of `session` beside the YAML save at `path`, and writes that YAML on `close()`.

    `every` is accepted for older callers and ignored: every change is journaled. `meta()` (optional) adds a small
    mapping to each record (the host keeps each seat's last client sequence number there); `on_durable(ticket)` is
    called from the writer thread after each group commit, and `ticket` is the ticket of the last record queued.
    """

    def __init__(
        self,
        session: Session,
        path: str | os.PathLike[str] = DEFAULT_AUTOSAVE,
        every: int = 5,
        *,
        meta: Callable[[], dict[str, Any]] | None = None,
        on_durable: Callable[[int], None] | None = None,
        on_error: Callable[[str], None] | None = None,
        lock: SaveLock | None = None,
    ) -> None:
        self.session = session
        self.path = Path(path)
        if self.path.suffix == ".journal":  # continuing a bare journal: its YAML goes beside it
            self.path = self.path.with_suffix(".yaml")
        self.journal_path = journal_path_for(self.path)
        self.every = every
        self.meta = meta
        self.last_error = ""
        self.set_aside: Path | None = None
        #: True when autosave went on with the journal the game was read from (rather than writing a new one)
        self.continued = False
        # one keeper per save: a second host or window on it is refused here, before it touches the journal
        # (`lock`: this save's lock, already held by the autosave this one takes over from)
        held = lock is not None and os.path.abspath(lock.save) == os.path.abspath(self.path)
        self.lock = lock if held and lock is not None else SaveLock(self.path).acquire()
        self.on_error = on_error
        self.on_durable = on_durable
        try:
            self._start(session, meta, on_durable)
        except BaseException:
            self.lock.release()
            raise

    def _start(self, session: Session, meta: Callable[[], dict[str, Any]] | None,
               on_durable: Callable[[int], None] | None) -> None:
        mark = self._continuing()
        if mark is not None:
            # the game was read from this very journal and nothing changed since: go on appending to it, so a
            # restart costs the same at any length of game (no rewrite of every record, no wait for it)
            self.writer = JournalWriter(self.journal_path, on_durable=on_durable, on_error=self._failed)
            self.writer.snap_bytes = mark.snap_bytes
            self._since_snap = mark.since_snap
            self.writer.resume(mark.end)
            self.continued = True
            self._closed = False
            self._seq, self._meta = session.state.seq, meta() if meta is not None else None
            self._attach()
            return
        self._check_old_journal()
        state = session.state
        table = encode_record({"k": "table", "state": state.to_dict()})
        history = session.history
        entries = [(e, e.seq if isinstance(e, LogEntry) else 0)
                   for e in (history.raw() if isinstance(history, CompactLog) else history)]
        first_meta = meta() if meta is not None else None
        seq = state.seq
        yaml_path = self.path
        marks = dict(session.bookmarks)

        def snapshot() -> Iterator[bytes]:
            yield encode_record({"k": "head", "format": JOURNAL_FORMAT, "version": JOURNAL_VERSION,
                                 "base": file_sha(yaml_path), "entries": len(entries),
                                 "time": time.strftime("%Y-%m-%dT%H:%M:%S")})
            yield table
            for entry, at in entries:
                if isinstance(entry, LogEntry):
                    d = entry.to_dict()
                    d["seq"] = at  # as it was when the snapshot was taken (a redo renumbers an entry)
                    entry = json.dumps(d, ensure_ascii=False, separators=(", ", ": ")).encode("utf-8")
                yield encode_record({"k": "log"}, entry)
            if marks:
                yield encode_record(marks_record(marks, seq))
            ready: dict[str, Any] = {"k": "ready", "seq": seq}
            if first_meta is not None:
                ready["m"] = first_meta
            yield encode_record(ready)

        self.writer = JournalWriter(self.journal_path, on_durable=on_durable, on_error=self._failed)
        self.writer.snap_bytes = len(table)
        self._since_snap = 0
        self.writer.start(snapshot)
        self._closed = False
        self._seq, self._meta = seq, first_meta
        self._attach()

    def _attach(self) -> None:
        self.session.listeners.append(self._on_change)
        self.session.bookmark_keepers.append(self._on_marks)

    def _detach(self) -> None:
        """Hear no more changes or bookmarks of the session."""
        if self._on_change in self.session.listeners:
            self.session.listeners.remove(self._on_change)
        if self._on_marks in self.session.bookmark_keepers:
            self.session.bookmark_keepers.remove(self._on_marks)

    def _continuing(self) -> JournalMark | None:
        """The mark of the journal at our path when the session is exactly the game read from it, else None."""
        history = self.session.history
        mark = getattr(history, "origin", None)
        if (not isinstance(mark, JournalMark) or mark.path != os.path.abspath(self.journal_path)
                or mark.version != JOURNAL_VERSION):  # an older journal is written anew, as this version writes
            return None
        state = self.session.state
        if state.seq != mark.seq or len(history) != mark.entries:
            return None
        try:
            if file_identity(os.stat(self.journal_path)) != mark.stat:
                return None  # written by someone else since it was read
        except OSError:
            return None
        return mark if state_digest(state) == mark.digest else None  # e.g. the dial set on the command line

    def _check_old_journal(self) -> None:
        """Keep a journal already at our path unless it is the game we continue: a copy is set aside (a second
        name for the same file, named to the user), and the journal itself stays where `open_game` looks until the
        new one is durable and takes its place, so no moment leaves the folder without it."""
        jp = self.journal_path
        if not jp.exists():
            return
        tail = tail_record(jp)
        if tail is not None and (tail.get("k") == "exported" or _tail_seq(tail) == self.session.state.seq):
            return
        stamp = time.strftime('%Y%m%d-%H%M%S')
        aside = jp.with_name(f"{jp.stem}.{stamp}.journal")
        n = 1
        while aside.exists():  # set aside twice in one second
            n += 1
            aside = jp.with_name(f"{jp.stem}.{stamp}-{n}.journal")
        try:
            os.link(jp, aside)
        except OSError:
            try:  # no hard links here: a copy, made before anything replaces the journal
                shutil.copyfile(jp, aside)
            except OSError as e:
                self.last_error = f"cannot set the old journal {jp} aside: {e.strerror or e}"
                with contextlib.suppress(OSError):
                    os.unlink(aside)
                raise SaveError(str(jp), None, "", f"belongs to another game and cannot be kept as {aside.name} "
                                f"({e.strerror or e}); move it away, or give this game another save file") from None
        self.set_aside = aside
        log.warning("%s belongs to another game or an older version of %s: kept as %s", jp, self.path, aside)

    def _failed(self, message: str) -> None:
        """A journal write failed (writer thread): remembered at once, and told to whoever asked."""
        self.last_error = f"autosave stopped: {message}; no change is taken until the game is saved somewhere that " \
                          "can be written, or this journal can be written again"
        if self.on_error is not None:
            self.on_error(self.last_error)

    def resumed(self, path: str | os.PathLike[str] | None = None, timeout: float = 30.0) -> Autosaver:
        """After a failed journal write: autosave of the same session kept again. At this save (the default) the
        same journal is written again in place (`JournalWriter.retry`) and this autosave is returned; at another
        `path` (or when this journal was removed since), a new autosave whose first snapshot is already durable,
        and this one stops for good once the new one stands. Raises OSError, or SaveLocked when `path`
        is kept by another tabletop, and leaves this one as it was (its YAML is still written on `close`)."""
        target = self.path if path is None else Path(path)
        if target.suffix == ".journal":
            target = target.with_suffix(".yaml")
        same = os.path.abspath(target) == os.path.abspath(self.path)
        if same and not self.writer.lost:
            # the same journal, cut back to its last durable record and continued: only the records not written
            # need room, and the journal never leaves the place a restart looks for it
            if not self.writer.retry():
                raise OSError(self.writer.error)
            self.last_error = ""
            return self
        saver = Autosaver(self.session, target, meta=self.meta, on_durable=self.on_durable,
                          lock=self.lock if same else None)
        if not saver.flush(timeout):
            error = saver.writer.error or saver.last_error or f"the journal {saver.journal_path} was not written"
            saver.writer.close(timeout=5)
            saver._detach()
            saver._closed = True
            if not same:
                saver.lock.release()
            raise OSError(error)
        saver.on_error = self.on_error
        self.writer.close(timeout=5)  # failed: it writes nothing more (kept open until now for a retry in place)
        self._closed = True  # the new autosave keeps the game (and, at the same path, the lock) from here on
        self._detach()
        if not same:
            self.lock.release()
        if saver.failed:  # failed again in the moment before it was told whom to tell
            saver._failed(saver.writer.error)
        return saver

    @property
    def failed(self) -> bool:
        """True once a journal write failed: nothing after it is durable."""
        return bool(self.writer.error)

    @property
    def ticket(self) -> int:
        """The ticket of the last record queued (durable once `durable >= ticket`)."""
        return self.writer.ticket

    @property
    def durable(self) -> int:
        return self.writer.durable

    @property
    def pending(self) -> int:
        """Records queued but not yet on disk."""
        return self.writer.ticket - self.writer.durable

    def _on_change(self, kind: str, entry: LogEntry) -> None:
        raw = None
        if kind == "submit":
            record: dict[str, Any] = {"k": "act", "seq": entry.seq}
            raw = entry_json(entry)
        elif kind == "undo":
            record = {"k": "undo", "at": entry.seq, "seq": self.session.state.seq}
        elif kind == "redo":
            record = {"k": "redo", "seq": self.session.state.seq}
        else:
            return
        m = self.meta() if self.meta is not None else None
        if m is not None:
            record["m"] = m
        self._seq, self._meta = record["seq"], m
        line = encode_record(record, raw)
        self.writer.append(line)
        self._since_snap += len(line)
        if self._since_snap >= max(SNAP_FACTOR * self.writer.snap_bytes, SNAP_MIN_BYTES):
            self.snapshot(m)

    def _on_marks(self, marks: dict[int, str]) -> None:
        """The bookmarks changed (made, renamed or deleted): journaled as a whole, and durable before the change is
        made (and so shown); raises SaveError (and nothing changes) when the journal cannot keep them now."""
        if self.writer.error:
            why = self.last_error or self.writer.error
            raise SaveError(str(self.journal_path), None, "", f"the bookmark is not kept: {why}")
        # the last change's sequence number and meta, as the host's thread left them: the journal's last record
        # always carries them (a restart reads its client sequence numbers there)
        line = encode_record(marks_record(marks, self._seq, self._meta))
        ticket = self.writer.append(line)
        self._since_snap += len(line)
        if not self.writer.wait(ticket, timeout=MARK_WAIT):
            raise SaveError(str(self.journal_path), None, "", "the bookmark is not kept: "
                            + (self.writer.error or f"the journal did not answer in {MARK_WAIT:g} s"))

    def snapshot(self, m: dict[str, Any] | None = None) -> None:
        """Queue a snapshot of the table as it stands (taken here, encoded and written on the writer thread)."""
        state = self.session.state
        table = state.to_dict()
        table["rules"] = plain_copy(table["rules"])  # the live table's own mappings, changed by later actions
        table["options"] = plain_copy(table["options"])
        head: dict[str, Any] = {"k": "snap", "seq": state.seq, "entries": len(self.session.history)}
        if m is not None:
            head["m"] = m
        self._since_snap = 0
        self.writer.snapshot(head, table)

    def flush(self, timeout: float = 30.0) -> bool:
        """Wait until every change so far is durable; a failure is remembered in `last_error`, never raised."""
        ok = self.writer.wait(timeout=timeout)
        if self.writer.error:
            if not self.last_error.startswith("autosave stopped"):
                self.last_error = self.writer.error
        elif not ok:
            self.last_error = f"autosave to {self.journal_path} did not finish in {timeout:g} s"
        return ok and not self.writer.error

    def close(self) -> bool:
        """Stop journaling and write the YAML save; the journal goes once the YAML is in place. False on failure
        (then the journal stays, and `open_game` on the save still finds everything)."""
        if self._closed:
            return not self.last_error
        self._closed = True
        self._detach()
        if self.writer.error and not self.writer.lost:
            self.writer.retry()  # one more try: room may have been freed since the last one
        ok = self.flush()
        self.writer.trim()  # the room made ahead of the records is given back before the YAML needs it
        try:
            text = dump_save(self.session.state, self.session.history, self.session.bookmarks)
            atomic_write(self.path, text)
        except OSError as e:
            self.last_error = f"{self.path} could not be written ({e.strerror or e})"
            if self.journal_path.exists():
                kept = "every acknowledged change" if self.failed else "the whole game"
                self.last_error += (f"; {kept} is kept in {self.journal_path}, which `tabletop serve {self.path}` "
                                    "(or host, or play) reads")
            self.writer.close()
            self.lock.release()
            return False
        sha = hashlib.sha256(text.encode("utf-8")).hexdigest()
        self.writer.append(encode_record({"k": "exported", "sha": sha}))
        ok = self.writer.close() and ok
        if not ok and not self.last_error:
            self.last_error = self.writer.error or f"autosave to {self.journal_path} did not finish"
        if not self.writer.lost:  # the YAML (written and synced) holds the whole game: the journal is not needed
            with contextlib.suppress(OSError):
                os.unlink(self.journal_path)
        self.lock.release()
        # the YAML holds the whole game either way
        return True
