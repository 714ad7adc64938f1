"""Saves: readable YAML files that hold the whole truth of a table, written atomically and read defensively.

A save is either a full dump (`zones` as a list with piece ids, `pieces` as a list) or a hand-written position
(`zones` as a mapping of zone name to card references, everything else defaulted from the ruleset's table).
Every problem with a file raises one `SaveError` naming the file, the line and the field; nothing is overwritten.
"""

from __future__ import annotations

import contextlib
import gc
import io
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..core.events import Event
from ..core.session import LogEntry
from ..core.state import GameState
from ..yamlsafe import Located, YamlError, field_name, load_file, load_located
from .compactlog import CompactLog
from .logfit import check_log_fits
from .logstream import _EntryLoc, _LogStream, _OddLayout
from .savefile import (
    FORMAT,
    MAX_BOOKMARK_NAME,
    MAX_SAVE_BYTES,
    MAX_TABLE_BYTES,
    MIGRATIONS,
    VERSION,
    LoadedGame,
    SaveError,
)
from .savewrite import _Dumper, atomic_write, dump_save, save_game  # noqa: F401 - _Dumper: the bench writes with it
from .schema import Bad, check_entry, piece_checks
from .tableread import _full, _position, _Reader

__all__ = [
    "FORMAT",
    "MAX_SAVE_BYTES",
    "MIGRATIONS",
    "VERSION",
    "LoadedGame",
    "SaveError",
    "atomic_write",
    "dump_save",
    "load_game",
    "parse_save",
    "read_bookmarks",
    "save_game",
]


def load_game(path: str | os.PathLike[str], *, library: Any = None) -> LoadedGame:
    """Read a save file; bad input of any kind raises SaveError and changes nothing.

    Streamed: the table part (before a top-level `log:`) is parsed as YAML, then the log one entry at a time, so
    memory follows the table and the log, and no game is too long to load; caps apply per part and per entry.
    """
    path = Path(path)
    source = str(path)
    try:
        with open(path, "rb") as f, _no_gc():
            game = _read_streamed(f, source, library)
    except YamlError as e:
        raise SaveError(e.file, e.line, e.field, e.message) from None
    except OSError as e:
        raise SaveError(source, None, "", f"cannot read the file: {e.strerror or e}") from None
    if game is not None:
        return game
    try:  # a log laid out otherwise (another top-level key after it): the whole file, as YAML, capped
        located = load_file(path, max_bytes=MAX_SAVE_BYTES)
    except YamlError as e:
        raise SaveError(e.file, e.line, e.field, e.message) from None
    return _load(located, source, library)


@contextlib.contextmanager
def _no_gc() -> Iterator[None]:
    """The cyclic garbage collector paused while a log is read: a long log makes millions of small objects that all
    stay alive, and each collection would walk them all again (a third of the load time); it runs again after."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _read_streamed(f: Any, source: str, library: Any) -> LoadedGame | None:
    """The game in a binary file object, its log read entry by entry; None when the log's layout needs the whole
    file read as one YAML document."""
    head: list[bytes] = []
    size = 0
    found = False
    while line := f.readline(MAX_TABLE_BYTES + 1 - size):
        if line.rstrip(b"\r\n") == b"log:":
            found = True
            break
        head.append(line)
        size += len(line)
        if size > MAX_TABLE_BYTES:
            raise SaveError(source, len(head), "", f"the table part of the file is larger than {MAX_TABLE_BYTES} "
                            "bytes")
    located = load_located(b"".join(head), source, max_bytes=MAX_TABLE_BYTES)
    if not found:
        return _load(located, source, library)
    try:
        return _load(located, source, library, _LogStream(f, source, len(head) + 2))
    except _OddLayout:
        return None


def read_bookmarks(path: str | os.PathLike[str]) -> dict[int, str]:
    """The bookmarks a save holds, read from its table part alone (they go before the log); {} for a file that
    cannot be read or holds none (a game continued by its journal asks its YAML save for them)."""
    source = str(path)
    try:
        with open(path, "rb") as f:
            head: list[bytes] = []
            size = 0
            while (line := f.readline(MAX_TABLE_BYTES + 1 - size)) and line.rstrip(b"\r\n") != b"log:":
                head.append(line)
                size += len(line)
                if size > MAX_TABLE_BYTES:
                    return {}
        located = load_located(b"".join(head), source, max_bytes=MAX_TABLE_BYTES)
        if not isinstance(located.data, dict):
            return {}
        return _bookmarks(_Reader(located, source), located.data)
    except (YamlError, SaveError, OSError):
        return {}


def parse_save(text: str | bytes, source: str = "<save>", *, library: Any = None) -> LoadedGame:
    """Read save text (same checks as `load_game`)."""
    raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else bytes(text)
    try:
        with _no_gc():
            game = _read_streamed(io.BytesIO(raw), source, library)
        if game is not None:
            return game
        located = load_located(text, source, max_bytes=MAX_SAVE_BYTES)
    except YamlError as e:
        raise SaveError(e.file, e.line, e.field, e.message) from None
    return _load(located, source, library)


def _load(located: Located, source: str, library: Any, stream: _LogStream | None = None) -> LoadedGame:
    r = _Reader(located, source)
    data = located.data
    if not isinstance(data, dict):
        raise r.fail((), "a save is a mapping with format, version, players and zones")
    fmt = data.get("format")
    if fmt != FORMAT:
        raise r.fail(("format",), f"not a tabletop save (format should be {FORMAT!r}, got {fmt!r})")
    version = r.get(data, (), "version", int)
    if version > VERSION:
        raise r.fail(("version",), f"save version {version} is newer than this tabletop reads (up to {VERSION})")
    if version < 1:
        raise r.fail(("version",), f"there is no save version {version}")
    while version < VERSION:
        data = MIGRATIONS[version](data)
        version += 1
    if stream is not None and "log" in data:
        raise r.fail(("log",), "the log is given twice")
    if isinstance(data.get("zones"), dict) and "pieces" not in data:
        state = _position(r, data, library)
        history: list[LogEntry] = []
        if stream is not None and any(True for _ in stream):
            raise r.fail(("log",), "a hand-written position has no log")
    else:
        state = _full(r, data, library)
        history = _log(r, data, state, library, stream)
    _probe_rules(r, state)
    return LoadedGame(state, history, source, bookmarks=_bookmarks(r, data))


def _bookmarks(r: _Reader, data: dict[str, Any]) -> dict[int, str]:
    """The replay viewer's named points (`bookmarks:`, a list of {at, name}); a save without them has none."""
    marks: dict[int, str] = {}
    for i, bd in enumerate(r.get(data, (), "bookmarks", list, [])):
        path = ("bookmarks", i)
        if not isinstance(bd, dict):
            raise r.fail(path, "a bookmark is a mapping with at (a log sequence number) and name")
        at = r.get(bd, path, "at", int)
        name = r.get(bd, path, "name", str)
        if at < 0:
            raise r.fail((*path, "at"), f"a bookmark's point is a log sequence number from 0, got {at}")
        if not name.strip() or len(name) > MAX_BOOKMARK_NAME:
            raise r.fail((*path, "name"), f"a bookmark's name is 1 to {MAX_BOOKMARK_NAME} characters")
        marks[at] = name
    return marks


def _probe_rules(r: _Reader, state: GameState) -> None:
    """Ask the ruleset to read the table once, so a rules state it cannot read is refused here, not mid-game."""
    from ..rules import get_ruleset

    rules = get_ruleset(state.ruleset, state.options)
    probe = state  # read-only hooks: a ruleset never changes the table outside `reduce`
    try:
        rules.waiting_for(probe)
        rules.audit(probe)
        for seat in (None, *probe.seats):
            rules.status(probe, seat)
            list(rules.legal_actions(probe, seat))
    except Exception as e:  # noqa: BLE001 - any failure of the ruleset here means the file holds what it cannot read
        raise r.fail(("rules",), f"the {rules.name} rules cannot read this table: {type(e).__name__}: {e}"[:300]
                     ) from None


def _log(r: _Reader, data: dict[str, Any], state: GameState, library: Any,
         stream: _LogStream | None = None) -> list[LogEntry]:
    """The game log, every entry checked against the schema, then checked to fit the table (so undo cannot break it).

    A one-line entry is kept as its JSON text (a `CompactLog`, decoded when something reads it): it was checked
    whole, and its events are built only for the fit check, then let go."""
    seats = frozenset(state.seats)
    checks = piece_checks(seats)
    if stream is None:
        items: Any = ((i, None, ed, None) for i, ed in enumerate(r.get(data, (), "log", list, [])))
    else:
        items = stream
    history = CompactLog()
    events: list[list[Event]] = []
    where: list[Any] = []
    append_history, append_events, append_where = history.append, events.append, where.append
    for i, at, ed, text in items:
        try:
            append_events(check_entry(ed, seats, checks))
        except Bad as bad:
            raise _entry_reader(r, at).fail(("log", i, *bad.path), bad.message) from None
        append_where(at)
        append_history(text if text is not None else LogEntry.from_dict(ed))
    check_log_fits(r if stream is None else _Reader(_LogLoc(r.loc, where), r.source),  # type: ignore[arg-type]
                    state, events, library)
    return history


def _entry_reader(head: _Reader, at: Any) -> _Reader:
    """The reader that locates errors in one entry: the whole file's, or the streamed entry's own lines."""
    if at is None:
        return head
    return _Reader(at if isinstance(at, _EntryLoc) else _EntryLoc(at), head.source)  # type: ignore[arg-type]


class _LogLoc:
    """Lines of a streamed log's entries, by index, for the checks that run once the whole log is read."""

    __slots__ = ("entries", "head")

    def __init__(self, head: Any, entries: list[Any]) -> None:
        self.head = head
        self.entries = entries

    def line_of(self, path: Any) -> int | None:
        path = tuple(path)
        if len(path) >= 2 and path[0] == "log" and isinstance(path[1], int) and 0 <= path[1] < len(self.entries):
            at = self.entries[path[1]]
            return at.line_of(path) if isinstance(at, _EntryLoc) else at
        return self.head.line_of(path)

    def field_name(self, path: Any) -> str:
        return field_name(path)
