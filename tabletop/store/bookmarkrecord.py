"""The journal's `marks` record: a game's bookmarks, journaled as a whole each time one is made, renamed or deleted.

Why the whole set each time rather than one change per record: bookmarks are few and short, so a record stays small,
and each record then stands alone: a damaged one (skipped on reading, named with its line) loses only its own
change, never the bookmarks before or after it, and nothing else in the journal depends on it.

A bookmark is a log sequence number and a name a player typed: no card, no seat's view, nothing hidden.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .savefile import MAX_BOOKMARK_NAME

__all__ = ["MARKS_PREFIX", "marks_line", "marks_of", "marks_record"]

#: how a `marks` record's payload begins (a damaged line that begins so is a bookmark record: skipped alone)
MARKS_PREFIX = b'{"k":"marks"'


def marks_record(marks: Mapping[int, str], seq: int, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """The record of the bookmarks as they now stand (`seq`: the table's sequence number, as every record says;
    `meta`: the host's per-seat numbers, repeated so the journal's last record always carries them)."""
    record: dict[str, Any] = {"k": "marks", "seq": seq,
                              "marks": [{"at": at, "name": name} for at, name in sorted(marks.items())]}
    if meta is not None:
        record["m"] = meta
    return record


def marks_of(record: dict[str, Any]) -> tuple[dict[int, str] | None, str]:
    """The bookmarks a `marks` record holds, or None and why it cannot be read (a record written by hand)."""
    items = record.get("marks")
    if not isinstance(items, list):
        return None, "its marks are not a list"
    out: dict[int, str] = {}
    for i, item in enumerate(items):
        at = item.get("at") if isinstance(item, dict) else None
        name = item.get("name") if isinstance(item, dict) else None
        if not isinstance(at, int) or isinstance(at, bool) or at < 0:
            return None, f"marks[{i}].at is not a log sequence number from 0"
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_BOOKMARK_NAME:
            return None, f"marks[{i}].name is not 1 to {MAX_BOOKMARK_NAME} characters"
        out[at] = name
    return out, ""


def marks_line(line: bytes) -> bool:
    """Whether a whole line (its checksum failed) was a `marks` record: one that is skipped alone on reading."""
    return line.endswith(b"\n") and line[8:9] == b" " and line[9:9 + len(MARKS_PREFIX)] == MARKS_PREFIX
