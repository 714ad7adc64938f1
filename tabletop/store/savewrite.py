"""Writing saves: the readable YAML text of a table and its log (deterministic), written atomically.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from ..core.session import LogEntry, Session
from ..core.state import GameState
from .savefile import FORMAT, VERSION

__all__ = ["atomic_write", "dump_save", "save_game"]


def dump_save(state: GameState, history: list[LogEntry] | None = None,
              bookmarks: Mapping[int, str] | None = None) -> str:
    """The save text of a state (and its log): deterministic, so save -> load -> save is byte-identical.

    `bookmarks` (log sequence number -> name) go before the log, so the log stays the last key and streams."""
    body = {"format": FORMAT, "version": VERSION}
    body.update(state.to_dict())
    if bookmarks:
        body["bookmarks"] = [{"at": at, "name": name} for at, name in sorted(bookmarks.items())]
    text = _dump(body)
    if history:
        # one line of JSON (which is YAML too) per entry: a long log is written and read back at the speed of json
        items = history.raw() if hasattr(history, "raw") else history
        text += "log:\n" + "".join(_entry_text(e) for e in items)
    return text


def _dump(data: Any) -> str:
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=120)


def _entry_text(entry: LogEntry | bytes) -> str:
    """One log entry as it stands in the save's `log:` list: `- ` and the entry's JSON on one line.

    An entry read from a save or a journal is still its text (a `CompactLog` item) and is written as it is; one made
    since is encoded here, at save time (autosave journals each entry once as it happens, so only an explicit save
    encodes the entries of this sitting)."""
    if isinstance(entry, bytes):
        return f"- {entry.decode('utf-8')}\n"
    return f"- {json.dumps(entry.to_dict(), ensure_ascii=False, separators=(', ', ': '))}\n"


class _Dumper(yaml.CSafeDumper):
    """Block style for structure, flow style for short lists of scalars (zone contents, rects)."""


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flow = all(not isinstance(x, (dict, list)) for x in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_Dumper.add_representer(list, _represent_list)


def atomic_write(path: str | os.PathLike[str], text: str) -> None:
    """Write a file so that a crash at any moment leaves either the old file or the new one, never half of one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def save_game(session: Session, path: str | os.PathLike[str], *, include_log: bool = True,
              bookmarks: Mapping[int, str] | None = None) -> Path:
    """Save a session's table (and log, and the replay's bookmarks) atomically; returns the path written."""
    if bookmarks is None:
        bookmarks = getattr(session, "bookmarks", None)  # the named points the game keeps (`Session.bookmarks`)
    text = dump_save(session.state, session.history if include_log else None, bookmarks if include_log else None)
    atomic_write(path, text)
    return Path(path)
