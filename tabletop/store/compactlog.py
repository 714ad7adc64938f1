"""A game log kept compact: each entry as its JSON text until something reads it.

A long game read back from disk would otherwise hold every entry as objects (about 1.6 kB each) and spend most of
its load time building them; most are never looked at again (undo reads the last few, a welcome the last 200).
`CompactLog` is a list whose items are either `LogEntry` objects or the UTF-8 JSON of one; indexing (and reading
from the end) decodes an item and keeps it decoded (so undo and redo work on the same object), iterating from the
start decodes without keeping.
`Session` keeps a `CompactLog` it is given as it is (anything else is copied into a plain list), so a log read
from a journal still knows that journal (`origin`) when autosave starts on its session.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any, SupportsIndex, overload

from ..core.session import LogEntry

__all__ = ["CompactLog", "entry_json", "entry_of"]


def entry_json(entry: LogEntry | bytes) -> bytes:
    """The JSON text of one log entry as the journal and the YAML save's log write it (one line)."""
    if isinstance(entry, bytes):
        return entry
    return json.dumps(entry.to_dict(), ensure_ascii=False, separators=(", ", ": ")).encode("utf-8")


def entry_of(item: LogEntry | bytes) -> LogEntry:
    return LogEntry.from_dict(json.loads(item)) if isinstance(item, bytes) else item


class CompactLog(list):  # type: ignore[type-arg]
    """A list of log entries, some still held as JSON text (decoded when read)."""

    __slots__ = ("origin",)
    compact = True

    def __init__(self, items: Iterable[LogEntry | bytes] = ()) -> None:
        super().__init__(items)
        #: the journal this log was read from (a `journal.JournalMark`), so autosave can go on appending to it
        #: instead of writing the whole game out again; None for a log from anywhere else
        self.origin: Any = None

    @overload
    def __getitem__(self, i: SupportsIndex) -> LogEntry: ...

    @overload
    def __getitem__(self, i: slice) -> list[LogEntry]: ...

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        item = super().__getitem__(i)
        if isinstance(item, bytes):
            item = LogEntry.from_dict(json.loads(item))
            super().__setitem__(i, item)
        return item

    def __iter__(self) -> Iterator[LogEntry]:
        for item in super().__iter__():
            yield entry_of(item)

    def __reversed__(self) -> Iterator[LogEntry]:
        # decoded and kept, as indexing does: a reader from the end (undo finding its entry) compares by identity
        for i in range(len(self) - 1, -1, -1):
            yield self[i]

    def raw(self) -> Iterator[LogEntry | bytes]:
        """The items as stored (entries or their JSON), for writers that only need the text."""
        return super().__iter__()

    def pop(self, i: SupportsIndex = -1) -> LogEntry:
        return entry_of(super().pop(i))

    def copy(self) -> CompactLog:
        return CompactLog(self.raw())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, list) and len(self) == len(other) and all(
            a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]
