"""Reading a save's `log:` list from the file one entry at a time: a one-line entry as JSON, a block entry as
YAML, each capped on its own, so a game of any length loads and memory follows the log.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..errors import TabletopError
from ..yamlsafe import MAX_DEPTH, Located, YamlError, field_name, load_located
from .savefile import MAX_ENTRY_BYTES, SaveError

__all__: list[str] = []  # read by saves.py (its private parts)


class _OddLayout(TabletopError):
    """The log is not a plain top-level list that can be read entry by entry."""


class _EntryLoc:
    """Where one streamed log entry is: its lines, for error messages (the path's `log[i]` prefix is kept)."""

    __slots__ = ("inner", "line")

    def __init__(self, line: int, inner: Located | None = None) -> None:
        self.line = line
        self.inner = inner

    def line_of(self, path: Any) -> int | None:
        path = tuple(path)
        if self.inner is None or len(path) < 2:
            return self.line
        inner = self.inner.line_of((0, *path[2:]))
        return self.line if inner is None else self.line + inner - 1

    def field_name(self, path: Any) -> str:
        return field_name(path)


class _LogStream:
    """The entries of a save's top-level `log:` list, read from the file one at a time.

    An entry written by this program is one line, `- ` and JSON (kept as its text once checked); an entry written by
    hand in block style is read as YAML on its own. Yields (index, where, data, text): `where` is the entry's line
    number, or an `_EntryLoc` for a block entry; `text` is the JSON of a one-line entry, else None."""

    def __init__(self, f: Any, source: str, first_line: int) -> None:
        self.f = f
        self.source = source
        self.first_line = first_line

    def __iter__(self) -> Any:
        index = 0
        number = self.first_line - 1
        block: list[bytes] = []
        block_line = 0
        scan = _JSON.scan_once
        rest = b""
        read = self.f.read
        while True:
            chunk = read(_CHUNK)
            lines = (rest + chunk).split(b"\n")
            rest = lines.pop() if chunk else b""
            if len(rest) >= MAX_ENTRY_BYTES:
                self._too_big(number + len(lines) + 1, index)
            for line in lines:
                number += 1
                if line[:3] == b"- {":
                    if len(line) >= MAX_ENTRY_BYTES:
                        self._too_big(number, index)
                    if block:
                        yield self._block(block, block_line, index)
                        index += 1
                        block = []
                    text = line[2:]
                    s = ""
                    try:
                        s = text.decode("utf-8")
                        data, end = scan(s, 0)
                    except (StopIteration, ValueError, RecursionError):
                        data, end = None, -1
                    # nesting is capped as in YAML: only a line with many brackets can be deep, so only those are
                    # walked
                    if (end == len(s) or (end > 0 and not s[end:].strip())) and type(data) is dict and (
                            text.count(b"[") + text.count(b"{") < MAX_DEPTH or _depth_ok(text, MAX_DEPTH)):
                        yield index, number, data, text if end == len(s) else text.rstrip()
                        index += 1
                        continue
                    block, block_line = [line + b"\n"], number
                elif line.startswith(b"- ") or line.rstrip(b"\r") == b"-":
                    if block:
                        yield self._block(block, block_line, index)
                        index += 1
                    block, block_line = [line + b"\n"], number
                elif line.startswith((b" ", b"\t")) and block:
                    block.append(line + b"\n")
                    if sum(map(len, block)) > MAX_ENTRY_BYTES:
                        self._too_big(block_line, index)
                elif not line.strip() or line.lstrip().startswith(b"#"):
                    if block:
                        block.append(line + b"\n")
                else:
                    raise _OddLayout
            if not chunk:
                break
        if block:
            yield self._block(block, block_line, index)

    def _too_big(self, number: int, index: int) -> None:
        raise SaveError(self.source, number, f"log[{index}]", f"a log entry is larger than {MAX_ENTRY_BYTES} bytes")

    def _block(self, lines: list[bytes], first: int, index: int) -> tuple[int, _EntryLoc, Any, None]:
        try:
            located = load_located(b"".join(lines), self.source, max_bytes=MAX_ENTRY_BYTES)
        except YamlError as e:
            raise SaveError(self.source, None if e.line is None else e.line + first - 1, f"log[{index}]",
                            e.message) from None
        items = located.data
        if not isinstance(items, list) or len(items) != 1:
            raise _OddLayout
        return index, _EntryLoc(first, located), items[0], None


_JSON = json.JSONDecoder()
#: the log is read in blocks of this size and split into lines (the lines themselves are capped by MAX_ENTRY_BYTES)
_CHUNK = 1 << 20


_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')
_LEAF = re.compile(rb"\[\]|\{\}")
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


def _depth_ok(text: bytes, limit: int) -> bool:
    """Whether the JSON text `text` (already parsed, so its brackets balance) nests at most `limit` levels.

    Read from the text, not the data: strings taken out, only the brackets kept, and each round takes away the
    innermost pairs (one level) at the speed of `re`, where walking the decoded data cost more than decoding it."""
    brackets = _STRING.sub(b"", text).translate(None, _NOT_BRACKETS)
    for _ in range(limit):
        if not brackets:
            return True
        brackets = _LEAF.sub(b"", brackets)
    return not brackets
