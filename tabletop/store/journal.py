"""The journal: an append-only file of accepted changes beside a snapshot, so autosave costs the same at any length.

One record per line: `crc32-hex space JSON newline`, or for a log entry `crc32-hex space JSON tab entry-JSON
newline` (the entry's JSON is the very text the YAML save's log holds, so it is kept as text, not decoded). A journal opens with a snapshot (a `head` record, the table,
the game log as it stood, the bookmarks, then `ready`), followed by one record per change (`act`, `undo`, `redo`,
and `marks` when a bookmark is made, renamed or deleted). Records are
written by one writer thread that gathers whatever is queued into one write and one fsync (group commit); a ticket
per record tells the caller when it is durable. Reading is a stream: a torn or damaged tail (a crash mid-write) is
detected by its checksum or its missing newline and dropped, never a crash. Zeros after the last record are room
the writer made ahead of the records (journalwrite.PAD), cut off when it closes: a reader stops at them.

Why lines with a checksum rather than SQLite: every record is already a small JSON-able dict, a change is one
append plus one fsync (the floor the benchmarks compare against is exactly that), recovery is a single forward
read with nothing to vacuum or migrate, and a person can still read the file with `less`.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.events import event_from_dict
from ..core.session import LogEntry
from ..core.state import GameState
from ..errors import TabletopError
from .bookmarkrecord import marks_line, marks_of
from .compactlog import CompactLog
from .journalwrite import JournalWriter, encode_snapshot

__all__ = [
    "JOURNAL_FORMAT",
    "JOURNAL_VERSION",
    "MAX_RECORD_BYTES",
    "JournalError",
    "JournalMark",
    "JournalWriter",
    "Recovered",
    "encode_record",
    "encode_snapshot",
    "journal_path_for",
    "mark_journal",
    "read_head",
    "read_journal",
    "state_digest",
    "tail_record",
]

JOURNAL_FORMAT = "tabletop-journal"
JOURNAL_VERSION = 3  # 2: `snap` records (periodic table snapshots); 3: `marks` records (the bookmarks)
#: the largest record a journal may hold (the table snapshot of a very large table fits many times over)
MAX_RECORD_BYTES = 256 * 1024 * 1024


class JournalError(TabletopError):
    """A journal that cannot be used: which file, which line, and why."""

    def __init__(self, file: str, line: int | None, message: str) -> None:
        self.file = str(file)
        self.line = line
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}" if self.line else f"{self.file}: {self.message}"


def journal_path_for(save: str | os.PathLike[str]) -> Path:
    """Where the journal of a save lives: beside it (`saves/autosave.yaml` -> `saves/autosave.journal`)."""
    p = Path(save)
    if p.suffix == ".journal":
        return p
    return p.with_name(p.stem + ".journal")


def encode_record(record: dict[str, Any], entry: bytes | None = None) -> bytes:
    """One journal line: the CRC-32 of the payload in hex, a space, the payload (the record's JSON, then a tab and
    the entry's JSON when there is one), a newline. JSON text never holds a raw tab or newline."""
    payload = json.dumps(record, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    if entry is not None:
        payload += b"\t" + entry
    return b"%08x %s\n" % (zlib.crc32(payload), payload)


def _decode_line(line: bytes) -> dict[str, Any] | None:
    """The record on a line (its entry's JSON text under "raw"), or None when the line is torn or damaged."""
    if len(line) < 11 or not line.endswith(b"\n") or line[8:9] != b" ":
        return None
    payload = line[9:-1]
    try:
        if int(line[:8], 16) != zlib.crc32(payload):
            return None
        head, tab, raw = payload.partition(b"\t")
        record = json.loads(head)
    except ValueError:
        return None
    if not isinstance(record, dict) or not isinstance(record.get("k"), str):
        return None
    if tab:
        record["raw"] = raw
    return record


def _lines(path: Path) -> Iterator[tuple[int, bytes]]:
    with open(path, "rb") as f:
        yield from enumerate(f, 1)


def read_head(path: str | os.PathLike[str]) -> dict[str, Any] | None:
    """The head record of a journal (format, version, base), or None when the file has none readable."""
    try:
        with open(path, "rb") as f:
            line = f.readline(MAX_RECORD_BYTES)
    except OSError:
        return None
    record = _decode_line(line)
    if record is None or record.get("k") != "head" or record.get("format") != JOURNAL_FORMAT:
        return None
    return record


def tail_record(path: str | os.PathLike[str], window: int = 1 << 20) -> dict[str, Any] | None:
    """The last whole, intact record of a journal (read from its end only, past the zeros made ahead), or None."""
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            size = _data_end(f, f.tell())
            f.seek(max(0, size - window))
            chunk = f.read(min(size, window))
    except OSError:
        return None
    lines = chunk.split(b"\n")
    for raw in reversed(lines[1:-1] if size > window else lines[:-1]):
        record = _decode_line(raw + b"\n")
        if record is not None:
            return record
    return None


def _data_end(f: Any, size: int) -> int:
    """The offset past the last byte of a journal that is not a zero written ahead of the records."""
    end = size
    while end > 0:
        start = max(0, end - (1 << 16))
        f.seek(start)
        data = f.read(end - start).rstrip(b"\0")
        if data:
            return start + len(data)
        end = start
    return 0


def _room_ahead(line: bytes) -> bool:
    """Whether a line (the file's last) is only the zeros the writer makes ahead of its records."""
    return not line.rstrip(b"\0")


@dataclass(frozen=True, slots=True)
class JournalMark:
    """Where a game read from a journal stands in that file: the file as it was read (device, inode, size, time),
    the offset past its last intact record, and the table and log it gave. Autosave continues that journal only
    while all of it still holds (the same file, untouched since, and the session not changed since it was read)."""

    path: str
    stat: tuple[int, int, int, int]
    end: int
    seq: int
    entries: int
    digest: str
    snap_bytes: int
    since_snap: int
    #: the journal's format version (autosave continues only a journal of this version)
    version: int = JOURNAL_VERSION


def file_identity(st: os.stat_result) -> tuple[int, int, int, int]:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def state_digest(state: GameState) -> str:
    """A digest of the whole table (its RNG position and secret included): equal only for the very same table."""
    return hashlib.sha256(json.dumps(state.to_dict(), sort_keys=True, separators=(",", ":"),
                                     ensure_ascii=False, default=repr).encode("utf-8")).hexdigest()


def mark_journal(path: str | os.PathLike[str], stat: os.stat_result, rec: Recovered) -> JournalMark:
    """The mark of a journal just read into `rec` (`stat` taken before reading it)."""
    return JournalMark(os.path.abspath(path), file_identity(stat), rec.end, rec.state.seq, len(rec.history),
                       state_digest(rec.state), rec.snap_bytes, rec.since_snap, rec.version)


@dataclass(slots=True)
class Recovered:
    """A game read back from a journal: the table, its log, and what was dropped from a torn end."""

    state: GameState
    history: CompactLog
    redo: list[LogEntry] = field(default_factory=list)
    base: str | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    records: int = 0
    dropped: int = 0
    dropped_line: int | None = None
    exported: str | None = None
    #: the table's canonical form where the replay passed `at_seq` (to tell whether a YAML is a point on the way)
    probe: bytes | None = None
    #: the byte offset just past the last intact record (a writer continuing the journal truncates to it)
    end: int = 0
    #: the bytes of the last table snapshot, and of the change records after it (when to take the next one)
    snap_bytes: int = 0
    since_snap: int = 0
    #: the journal's format version (its head's)
    version: int = 0
    #: the bookmarks as the last readable `marks` record left them; None for a journal from before they were
    #: journaled (version 2: its YAML save holds them)
    bookmarks: dict[int, str] | None = None
    #: records skipped alone (a damaged or unreadable bookmark record): (line, why)
    skipped: list[tuple[int, str]] = field(default_factory=list)


class _Replay:
    """The table as the replay stands: either live (changes applied as they are read) or deferred (a table snapshot
    and the changes after it, applied only at the end or where `at_seq` needs the table), so a journal with periodic
    snapshots replays only the changes after its last one."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.state: GameState | None = None
        self.base: dict[str, Any] | bytes | None = None
        self.pending: list[tuple[str, Any, int]] = []
        self.seq = 0

    def from_snapshot(self, base: dict[str, Any] | bytes, seq: int) -> None:
        self.state, self.base, self.pending, self.seq = None, base, [], seq

    def change(self, kind: str, item: Any, number: int) -> None:
        if self.state is None:
            self.pending.append((kind, item, number))
        else:
            self._apply(kind, item, number)

    def table(self) -> GameState:
        """The live table (built from the snapshot and the changes after it when deferred)."""
        if self.state is None:
            base = self.base
            try:
                self.state = GameState.from_dict(json.loads(base) if isinstance(base, bytes) else base)
            except (KeyError, IndexError, ValueError, TypeError, AttributeError) as e:
                raise JournalError(self.source, None, f"the table snapshot cannot be read ({type(e).__name__}: "
                                   f"{e})"[:300]) from None
            pending, self.pending, self.base = self.pending, [], None
            for kind, item, number in pending:
                self._apply(kind, item, number)
        return self.state

    def _apply(self, kind: str, item: Any, number: int) -> None:
        state = self.state
        assert state is not None
        try:
            if kind == "act":
                d = json.loads(item)
                if d["seq"] != state.seq + 1:
                    raise JournalError(self.source, number, f"change {d['seq']} follows change {state.seq}")
                for ev in d["events"]:
                    event_from_dict(ev).apply(state)
                state.seq = d["seq"]
            elif kind == "undo":
                for ev in reversed(item.events):
                    ev.revert(state)
                state.seq += 1
            else:  # redo
                for ev in item.events:
                    ev.apply(state)
                state.seq += 1
        except JournalError:
            raise
        except (KeyError, IndexError, ValueError, TypeError, AttributeError) as e:
            raise JournalError(self.source, number, f"the {kind!r} record does not fit the table "
                               f"({type(e).__name__}: {e})"[:300]) from None


def read_journal(path: str | os.PathLike[str], *, at_seq: int | None = None) -> Recovered:
    """Replay a journal: the last table snapshot, then every change after it, streamed line by line.

    The log (and redo stack) is rebuilt from every record, as JSON text for the most part; the table only from the
    last snapshot on, so a long game costs a read of its lines plus a bounded replay. A torn or damaged record ends
    the journal there (the records after it were never acknowledged: each record is durable before any later one);
    how many lines were dropped is reported. Raises JournalError when there is no complete snapshot, or when a
    change does not fit the table it is replayed on.
    """
    path = Path(path)
    source = str(path)
    history = CompactLog()
    redo: list[LogEntry] = []
    head: dict[str, Any] | None = None
    table_read = False
    ready = False
    replay = _Replay(source)
    out = Recovered(None, history, redo)  # type: ignore[arg-type]  # the state is set once the snapshot is read
    bad_line: int | None = None
    after_bad = 0
    meta: dict[str, Any] | bytes = {}  # the last record's `m` (as its record's JSON until the end)
    offset = 0
    try:
        lines = _lines(path)
        for number, line in lines:
            if bad_line is not None:
                after_bad += 1
                continue
            offset += len(line)
            if (table_read and not ready and line.startswith(_LOG_HEAD, 9) and line[8:9] == b" "
                    and line.endswith(b"\n") and len(line) <= MAX_RECORD_BYTES):
                # a log line of the snapshot, as the writer writes it: checked and kept as its text, not decoded
                payload = line[9:-1]
                if len(payload) > len(_LOG_HEAD) and payload[len(_LOG_HEAD)] == 0x7B and _crc_ok(line[:8], payload):  # the entry opens with "{"
                    history.append(payload[len(_LOG_HEAD):])
                    out.records += 1
                    out.end = offset
                    continue
            if (ready and line.startswith(_ACT_HEAD, 9) and line[8:9] == b" " and line.endswith(b"\n")
                    and len(line) <= MAX_RECORD_BYTES):
                # the common record, as the writer writes it: checked and taken without decoding any JSON
                payload = line[9:-1]
                head, tab, raw = payload.partition(b"\t")
                found = _ACT_RE.match(head)
                if found and tab and raw.startswith(b"{") and head.endswith(b"}") and _crc_ok(line[:8], payload):
                    seq = int(found[1])
                    if seq != replay.seq + 1:
                        raise JournalError(source, number, f"change {seq} follows change {replay.seq}")
                    replay.seq = seq
                    replay.change("act", raw, number)
                    history.append(raw)
                    if redo and history[-1].undoable:
                        redo.clear()
                    if found[2] or b'"m":' in head:
                        meta = head
                    out.records += 1
                    out.end = offset
                    out.since_snap += len(line)
                    if at_seq is not None and out.probe is None and seq == at_seq:
                        out.probe = replay.table().canonical()
                    continue
            record = _decode_line(line) if len(line) <= MAX_RECORD_BYTES else None
            if record is None and _room_ahead(line):
                break  # the zeros after the last record: the journal ends here, nothing dropped
            if record is None and table_read and marks_line(line):
                out.skipped.append((number, "its checksum fails"))  # nothing depends on it: the rest is read
                out.end = offset
                continue
            if record is None:
                bad_line = number
                after_bad = 1
                continue
            kind = record["k"]
            try:
                if head is None:
                    if kind != "head" or record.get("format") != JOURNAL_FORMAT:
                        raise JournalError(source, number, "not a tabletop journal (no head record)")
                    version = record.get("version")
                    if not isinstance(version, int) or version > JOURNAL_VERSION:
                        raise JournalError(source, number, f"journal version {version!r} is newer than this "
                                           f"tabletop reads (up to {JOURNAL_VERSION})")
                    head = record
                    out.base = record.get("base")
                    out.version = version
                    if version >= 3:  # the journal keeps the bookmarks (none yet unless a `marks` record says)
                        out.bookmarks = {}
                elif kind == "table":
                    table = record["state"]
                    if not isinstance(table, dict) or not isinstance(table.get("seq", 0), int):
                        raise ValueError("the table is not a mapping")
                    replay.from_snapshot(table, table.get("seq", 0))
                    table_read = True
                elif kind == "log":
                    if not table_read or ready:
                        raise JournalError(source, number, "a log record outside the snapshot")
                    history.append(_raw(record))
                elif kind == "marks":
                    if not table_read:
                        raise JournalError(source, number, "a marks record before the table")
                    marks, why = marks_of(record)
                    if marks is None:
                        out.skipped.append((number, why))
                    else:
                        out.bookmarks = marks
                elif kind == "ready":
                    if not table_read:
                        raise JournalError(source, number, "the snapshot has no table")
                    ready = True
                elif not ready:
                    raise JournalError(source, number, f"a {kind!r} record before the snapshot is complete")
                elif kind == "act":
                    raw = _raw(record)
                    seq = record.get("seq")
                    if not isinstance(seq, int):
                        seq = json.loads(raw)["seq"]
                    if seq != replay.seq + 1:
                        raise JournalError(source, number, f"change {seq} follows change {replay.seq}")
                    replay.seq = seq
                    replay.change("act", raw, number)
                    history.append(raw)
                    if redo and history[-1].undoable:
                        redo.clear()
                elif kind == "undo":
                    entry = _undo(history, redo, record, source, number)
                    replay.seq += 1
                    _check_seq(record, replay.seq, "undo", source, number)
                    replay.change("undo", entry, number)
                elif kind == "redo":
                    if not redo:
                        raise JournalError(source, number, "a redo with nothing to redo")
                    entry = redo.pop()
                    replay.seq += 1
                    entry.seq = replay.seq
                    history.append(entry)
                    _check_seq(record, replay.seq, "redo", source, number)
                    replay.change("redo", entry, number)
                elif kind == "snap":
                    seq, entries = record.get("seq"), record.get("entries")
                    if seq != replay.seq or entries != len(history):
                        raise JournalError(source, number, f"the snapshot is at change {seq} with {entries} log "
                                           f"entries, the replay at change {replay.seq} with {len(history)}")
                    replay.from_snapshot(_raw(record), seq)
                elif kind == "exported":
                    out.exported = record.get("sha")
                else:
                    raise JournalError(source, number, f"unknown record kind {kind!r}")
            except JournalError:
                raise
            except (KeyError, IndexError, ValueError, TypeError, AttributeError) as e:
                raise JournalError(source, number, f"the {kind!r} record does not fit the table "
                                   f"({type(e).__name__}: {e})"[:300]) from None
            if "m" in record and isinstance(record["m"], dict):
                meta = record["m"]
            out.records += 1
            out.end = offset
            if kind in ("table", "snap"):
                out.snap_bytes, out.since_snap = len(line), 0
            elif ready:
                out.since_snap += len(line)
            if at_seq is not None and ready and out.probe is None and replay.seq == at_seq:
                out.probe = replay.table().canonical()
    except OSError as e:
        raise JournalError(source, None, f"cannot read the journal: {e.strerror or e}") from None
    if head is None:
        raise JournalError(source, bad_line, "not a tabletop journal (its first record is damaged)")
    if not ready:
        raise JournalError(source, bad_line, "the journal's snapshot is incomplete (it was being written)")
    out.state = replay.table()
    if isinstance(meta, bytes):
        try:
            meta = json.loads(meta).get("m")
        except (ValueError, AttributeError):
            meta = {}
    out.meta = meta if isinstance(meta, dict) else {}
    out.dropped = after_bad
    out.dropped_line = bad_line
    return out


_LOG_HEAD = b'{"k":"log"}\t'
_ACT_HEAD = b'{"k":"act","seq":'
_ACT_RE = re.compile(rb'\{"k":"act","seq":(\d+)(?:(,"m":)|[,}])')


def _crc_ok(hex_crc: bytes, payload: bytes) -> bool:
    try:
        return int(hex_crc, 16) == zlib.crc32(payload)
    except ValueError:
        return False


def _raw(record: dict[str, Any]) -> bytes:
    raw = record.get("raw")
    if not isinstance(raw, bytes) or not raw.startswith(b"{"):
        raise ValueError("the record holds no log entry")
    return raw


def _check_seq(record: dict[str, Any], seq: int, kind: str, source: str, number: int) -> None:
    if record.get("seq") not in (None, seq):
        raise JournalError(source, number, f"the {kind} leads to {record['seq']}, the replay to {seq}")


def _undo(history: list[LogEntry], redo: list[LogEntry], record: dict[str, Any], source: str,
          number: int) -> LogEntry:
    for i in range(len(history) - 1, -1, -1):
        if history[i].undoable:
            break
    else:
        raise JournalError(source, number, "an undo with nothing to undo")
    entry = history[i]
    if record.get("at") is not None and entry.seq != record["at"]:
        raise JournalError(source, number, f"the undo names change {record['at']}, the log ends at {entry.seq}")
    del history[i]
    redo.append(entry)
    return entry
