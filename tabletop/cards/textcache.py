"""What the card text grammar made of each sentence, kept on disk between runs (as Python keeps .pyc files).

The grammar reads a sentence in tens of milliseconds; a set of a few hundred cards would cost every new process
seconds before its first game. Each meaning is stored under the sentence in one JSON file per version of the grammar
and its reader (`cardtext.lark` and the modules that read its trees: change any and the file's name changes), in
`$TABLETOP_CACHE_DIR`, else `$XDG_CACHE_HOME/tabletop`, else `~/.cache/tabletop`. It is only a cache: a file that
cannot be read or written is ignored (the sentence is read again), and it is written whole (a temporary file
renamed over it) when the process ends.
"""

from __future__ import annotations

import atexit
import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

__all__ = ["TextCache"]


def _cache_dir() -> Path:
    given = os.environ.get("TABLETOP_CACHE_DIR")
    if given:
        return Path(given)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "tabletop"


class TextCache:
    """sentence -> meaning (plain data, or None for a sentence the grammar does not read), saved at exit."""

    def __init__(self, name: str, *sources: Path) -> None:
        digest = hashlib.sha1()
        for src in sources:
            try:
                digest.update(src.read_bytes())
            except OSError:
                digest.update(str(src).encode())
        self.path = _cache_dir() / f"{name}-{digest.hexdigest()[:16]}.json"
        self._data: dict[str, Any] | None = None
        self._dirty = False

    def _load(self) -> dict[str, Any]:
        if self._data is None:
            try:
                found = json.loads(self.path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                found = {}
            self._data = found if isinstance(found, dict) else {}
        return self._data

    def get(self, sentence: str) -> tuple[bool, Any]:
        data = self._load()
        return (sentence in data, data.get(sentence))

    def put(self, sentence: str, meaning: Any) -> None:
        data = self._load()
        data[sentence] = meaning
        if not self._dirty:
            self._dirty = True
            atexit.register(self.save)

    def save(self) -> None:
        if not self._dirty or self._data is None:
            return
        self._dirty = False
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=self.path.name, suffix=".tmp", dir=self.path.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(self._data, f, separators=(",", ":"))
            os.replace(tmp, self.path)
        except OSError:
            return
