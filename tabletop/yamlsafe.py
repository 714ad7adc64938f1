"""One safe YAML reader for cards, decks and saves, so every file error names its file, line and field.

Input is parsed with libyaml (`yaml.CSafeLoader`) and the Python values are built here from the composed node tree,
which lets us refuse what a hand-written table file never needs and an attacker would love: anchors and aliases
(billion-laughs), any tag beyond the plain safe ones (`!!python/object...`), duplicate keys, several documents,
absurd nesting and oversized input. Every node's line is recorded by its key/index path.
"""

from __future__ import annotations

import os
import re
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .errors import LocatedError

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "Located",
    "YamlError",
    "dump",
    "field_name",
    "load_file",
    "load_located",
]

#: Default size cap for one YAML file or text.
MAX_BYTES = 8 * 1024 * 1024
#: Deepest nesting of mappings and lists accepted (real files use fewer than ten levels).
MAX_DEPTH = 64

_TAG = "tag:yaml.org,2002:"
_STR, _INT, _FLOAT, _BOOL, _NULL = (_TAG + t for t in ("str", "int", "float", "bool", "null"))
_MAP, _SEQ, _TIMESTAMP, _MERGE = (_TAG + t for t in ("map", "seq", "timestamp", "merge"))
_SCALAR_TAGS = frozenset({_STR, _INT, _FLOAT, _BOOL, _NULL, _TIMESTAMP})

# SafeConstructor's scalar methods only read the node, so one shared instance is enough.
_CONSTRUCTOR = SafeConstructor()

_KeyPath = tuple[Any, ...]


class YamlError(LocatedError):
    """A YAML file that cannot be read, with the file, 1-based line and field path where it went wrong."""


def field_name(path: Iterable[Any]) -> str:
    """Render a key/index path as `cards[3].name` (indices in brackets, keys joined by dots)."""
    out = ""
    for part in path:
        if isinstance(part, int) and not isinstance(part, bool):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


@dataclass(slots=True)
class Located:
    """Parsed YAML data plus the line of every node, so later checks can point at the right line."""

    data: Any
    source: str = ""
    lines: dict[_KeyPath, int] = field(default_factory=dict, repr=False)

    def line_of(self, path: Iterable[Any]) -> int | None:
        """The 1-based line of the node at `path`, or of its nearest ancestor that exists; None if there is none."""
        key = tuple(path)
        while True:
            line = self.lines.get(key)
            if line is not None:
                return line
            if not key:
                return None
            key = key[:-1]

    def field_name(self, path: Iterable[Any]) -> str:
        """The display name of a path, e.g. `cards[3].name`."""
        return field_name(path)

    def error(self, path: Iterable[Any], message: str) -> YamlError:
        """A YamlError located at `path` in this document (the caller raises or collects it)."""
        path = tuple(path)
        return YamlError(self.source, self.line_of(path), field_name(path), message)


def _display_tag(tag: str) -> str:
    return "!!" + tag[len(_TAG) :] if tag.startswith(_TAG) else tag


def _line_at(text: str, index: int) -> int:
    return text.count("\n", 0, max(0, index)) + 1


def _from_yaml_error(exc: yaml.YAMLError, source: str, text: str) -> YamlError:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    line = mark.line + 1 if mark is not None else None
    if isinstance(exc, yaml.reader.ReaderError):
        if line is None and isinstance(exc.position, int):
            line = _line_at(text, exc.position)
        char = exc.character if isinstance(exc.character, int) else ord(exc.character)
        message = f"unacceptable character #x{char:04x}: {exc.reason}"
    elif isinstance(exc, yaml.MarkedYAMLError):
        parts = [p for p in (exc.context, exc.problem) if p]
        message = ", ".join(parts) if parts else "invalid YAML"
    else:
        message = str(exc) or "invalid YAML"
    return YamlError(source, line, "", message)


def _check_events(text: str, source: str) -> None:
    """Refuse aliases, anchors, several documents and deep nesting before any node is built."""
    documents = 0
    depth = 0
    for event in yaml.parse(text, Loader=yaml.CSafeLoader):
        line = event.start_mark.line + 1 if event.start_mark is not None else None
        if isinstance(event, yaml.AliasEvent):
            raise YamlError(source, line, "", f"YAML aliases are not allowed (*{event.anchor})")
        if getattr(event, "anchor", None) is not None:
            raise YamlError(source, line, "", f"YAML anchors and aliases are not allowed (&{event.anchor})")
        if isinstance(event, yaml.DocumentStartEvent):
            documents += 1
            if documents > 1:
                raise YamlError(
                    source, line, "", "only one YAML document is allowed per file (found a second '---')"
                )
        elif isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise YamlError(source, line, "", f"nesting deeper than {MAX_DEPTH} levels is not allowed")
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


_QUOTED = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'')
_BRACKETS = re.compile(r"[\[\]{}]")


def _surely_plain(text: str) -> bool:
    """A cheap, conservative test that the exact event pass can be skipped.

    True only when no anchor or alias can be present and the nesting cannot exceed MAX_DEPTH, judged from
    indentation and unquoted brackets; anything doubtful goes through `_check_events`.
    """
    if "&" in text or "*" in text:
        return False
    if "---" in text or "\n..." in text:
        return False
    depth = 0
    deepest = 0
    for m in _BRACKETS.finditer(_QUOTED.sub("", text)):
        depth += 1 if m.group() in "[{" else -1
        deepest = max(deepest, depth)
    if deepest >= MAX_DEPTH // 2:
        return False
    widest = 0
    for line in text.splitlines():
        widest = max(widest, len(line) - len(line.lstrip(" -")))
    return widest + deepest < MAX_DEPTH // 2


class _Builder:
    """Turns a composed node tree into plain Python values, recording lines by path."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.lines: dict[_KeyPath, int] = {}

    def fail(self, node: Node, path: _KeyPath, message: str) -> YamlError:
        return YamlError(self.source, node.start_mark.line + 1, field_name(path), message)

    def build(self, node: Node, path: _KeyPath) -> Any:
        tag = node.tag
        if isinstance(node, ScalarNode):
            if tag not in _SCALAR_TAGS:
                raise self.fail(node, path, f"tag {_display_tag(tag)} is not allowed")
            return self.scalar(node, path)
        if isinstance(node, SequenceNode):
            if tag != _SEQ:
                raise self.fail(node, path, f"tag {_display_tag(tag)} is not allowed")
            items = []
            for index, child in enumerate(node.value):
                child_path = (*path, index)
                self.lines[child_path] = child.start_mark.line + 1
                items.append(self.build(child, child_path))
            return items
        if isinstance(node, MappingNode):
            if tag != _MAP:
                raise self.fail(node, path, f"tag {_display_tag(tag)} is not allowed")
            return self.mapping(node, path)
        raise self.fail(node, path, f"unsupported YAML node {type(node).__name__}")  # pragma: no cover

    def scalar(self, node: ScalarNode, path: _KeyPath) -> Any:
        tag = node.tag
        if tag in (_STR, _TIMESTAMP):
            return node.value
        try:
            if tag == _NULL:
                return None
            if tag == _BOOL:
                return _CONSTRUCTOR.construct_yaml_bool(node)
            if tag == _INT:
                return _CONSTRUCTOR.construct_yaml_int(node)
            return _CONSTRUCTOR.construct_yaml_float(node)
        except (ValueError, KeyError, TypeError) as exc:
            raise self.fail(node, path, f"invalid {_display_tag(tag)} value {node.value!r}") from exc

    def mapping(self, node: MappingNode, path: _KeyPath) -> dict[Any, Any]:
        out: dict[Any, Any] = {}
        first_line: dict[Any, int] = {}
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE:
                raise self.fail(key_node, path, "merge keys (<<) are not allowed")
            if not isinstance(key_node, ScalarNode):
                raise self.fail(key_node, path, "mapping keys must be plain values, not lists or mappings")
            key = self.build(key_node, path)
            if not isinstance(key, Hashable):  # pragma: no cover - scalars always are
                raise self.fail(key_node, path, "mapping key is not hashable")
            line = key_node.start_mark.line + 1
            if key in out:
                raise YamlError(
                    self.source,
                    line,
                    field_name((*path, key)),
                    f"duplicate key {key!r} (first at line {first_line[key]})",
                )
            first_line[key] = line
            child_path = (*path, key)
            self.lines[child_path] = line
            out[key] = self.build(value_node, child_path)
        return out


def _check_size(size: int, max_bytes: int, source: str) -> None:
    if size > max_bytes:
        raise YamlError(source, None, "", f"file is too large: {size} bytes, the limit is {max_bytes} bytes")


def _decode(data: bytes, source: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise YamlError(
            source, line, "", f"not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})"
        ) from exc


def load_located(text_or_bytes: str | bytes, source: str, *, max_bytes: int = MAX_BYTES) -> Located:
    """Parse one YAML document safely; raise YamlError (file, line, field, message) for anything refused."""
    source = str(source)
    if isinstance(text_or_bytes, bytes | bytearray | memoryview):
        raw = bytes(text_or_bytes)
        _check_size(len(raw), max_bytes, source)
        text = _decode(raw, source)
    else:
        text = text_or_bytes
        # A str has at most as many characters as its UTF-8 encoding has bytes: skip encoding a huge string.
        _check_size(len(text), max_bytes, source)
        _check_size(len(text.encode("utf-8", "surrogatepass")), max_bytes, source)
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise YamlError(
                source, _line_at(text, exc.start), "", f"unacceptable character #x{ord(text[exc.start]):04x}: "
                "half of a UTF-16 surrogate pair, which UTF-8 text cannot hold"
            ) from None
    try:
        if not _surely_plain(text):
            _check_events(text, source)
        root = yaml.compose(text, Loader=yaml.CSafeLoader)
    except YamlError:
        raise
    except yaml.YAMLError as exc:
        raise _from_yaml_error(exc, source, text) from exc
    builder = _Builder(source)
    if root is None:
        return Located(None, source, builder.lines)
    builder.lines[()] = root.start_mark.line + 1
    data = builder.build(root, ())
    return Located(data, source, builder.lines)


def load_file(
    path: str | os.PathLike[str], *, max_bytes: int = MAX_BYTES, source: str | None = None
) -> Located:
    """Read and parse a YAML file, refusing it by size before reading; `source` overrides the name shown in errors."""
    path = Path(path)
    shown = source if source is not None else str(path)
    try:
        _check_size(path.stat().st_size, max_bytes, shown)
        with path.open("rb") as handle:
            raw = handle.read(max_bytes + 1)
    except OSError as exc:
        raise YamlError(shown, None, "", f"cannot read file: {exc.strerror or exc}") from exc
    _check_size(len(raw), max_bytes, shown)
    return load_located(raw, shown, max_bytes=max_bytes)


def dump(data: Any) -> str:
    """Write plain data as block-style YAML that `load_located` reads back unchanged.

    Keys keep their order and text stays readable (unicode as is). Callers such as the save store may post-process
    the text (e.g. flow style for short lists of ids); this function stays the plain, safe baseline.
    """
    return yaml.dump(
        data,
        Dumper=yaml.CSafeDumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=False,
        width=100,
    )
