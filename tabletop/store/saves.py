"""Saves: readable YAML files that hold the whole truth of a table, written atomically and read defensively.

A save is either a full dump (`zones` as a list with piece ids, `pieces` as a list) or a hand-written position
(`zones` as a mapping of zone name to card references, everything else defaulted from the ruleset's table).
Every problem with a file raises one `SaveError` naming the file, the line and the field; nothing is overwritten.
"""

from __future__ import annotations

import contextlib
import gc
import io
import json
import math
import os
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..core.events import (
    Event,
    PieceAdded,
    PieceChanged,
    PieceMoved,
    PieceRemoved,
    PlayerCounterChanged,
    ZoneReordered,
)
from ..core.messages import clean_text
from ..core.session import LogEntry, Session
from ..core.state import LAYOUTS, PIECE_KINDS, VISIBILITIES, GameState, Piece, Player, Zone
from ..errors import TabletopError
from ..yamlsafe import MAX_DEPTH, Located, YamlError, field_name, load_file, load_located
from .compactlog import CompactLog
from .schema import Bad, check_entry, piece_checks

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
    "save_game",
]

FORMAT = "tabletop-save"
VERSION = 1
#: a save whose log is not in the layout this program writes is read whole, up to this size
MAX_SAVE_BYTES = 32 * 1024 * 1024
#: the table part of a save (everything before `log:`): the cap for files from elsewhere
MAX_TABLE_BYTES = 32 * 1024 * 1024
#: one entry of a save's log, read one at a time (a game of any length loads; a single entry has a cap)
MAX_ENTRY_BYTES = 1024 * 1024

#: migrations[n] turns a version-n save body into a version-(n+1) body
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


class SaveError(TabletopError):
    """A save that cannot be loaded (or written): which file, which line, which field, and why."""

    def __init__(self, file: str, line: int | None, field: str, message: str) -> None:
        self.file = str(file)
        self.line = line
        self.field = field
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


@dataclass(slots=True)
class LoadedGame:
    """What a save holds: the state and the game log behind it."""

    state: GameState
    history: list[LogEntry] = field(default_factory=list)
    source: str = ""
    #: what a reader should know about how the game was opened (a journal replayed, a torn record dropped)
    note: str = ""
    #: what the journal kept beside the game (the host's per-seat client sequence numbers)
    meta: dict[str, Any] = field(default_factory=dict)
    #: undone changes that can still be redone (kept by a journal; a YAML save has none)
    redo: list[LogEntry] = field(default_factory=list)


# ------------------------------------------------------------------------------------------------ writing


def dump_save(state: GameState, history: list[LogEntry] | None = None) -> str:
    """The save text of a state (and its log): deterministic, so save -> load -> save is byte-identical."""
    body = {"format": FORMAT, "version": VERSION}
    body.update(state.to_dict())
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


def save_game(session: Session, path: str | os.PathLike[str], *, include_log: bool = True) -> Path:
    """Save a session's table (and log) atomically; returns the path written."""
    text = dump_save(session.state, session.history if include_log else None)
    atomic_write(path, text)
    return Path(path)


# ------------------------------------------------------------------------------------------------ reading


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
                            text.count(b"[") + text.count(b"{") < MAX_DEPTH or _depth_ok(data, MAX_DEPTH)):
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


def _depth_ok(data: Any, limit: int) -> bool:
    """Whether plain data nests at most `limit` levels (walked without recursion)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > limit:
            return False
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values() if isinstance(v, (dict, list)))
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value if isinstance(v, (dict, list)))
    return True


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


class _Reader:
    """Field checks that turn a bad value into a SaveError at the right line."""

    def __init__(self, located: Located, source: str) -> None:
        self.loc = located
        self.source = source

    def fail(self, path: tuple[Any, ...], message: str) -> SaveError:
        return SaveError(self.source, self.loc.line_of(path), self.loc.field_name(path), message)

    def get(self, d: Mapping[str, Any], path: tuple[Any, ...], key: str, kind: Any, default: Any = ...) -> Any:
        if key not in d:
            if default is ...:
                raise self.fail(path, f"missing field {key!r}")
            return default
        value = d[key]
        if not _is(value, kind):
            raise self.fail((*path, key), f"expected {_kind_name(kind)}, got {value!r}"[:200])
        return value


def _is(value: Any, kind: Any) -> bool:
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    if isinstance(kind, tuple):
        return any(_is(value, k) for k in kind)
    if kind is None:
        return value is None
    return isinstance(value, kind)


def _kind_name(kind: Any) -> str:
    if isinstance(kind, tuple):
        return " or ".join(_kind_name(k) for k in kind)
    if kind is None:
        return "nothing"
    return {int: "a whole number", float: "a finite number", str: "text", bool: "true or false", list: "a list",
            dict: "a mapping"}.get(kind, getattr(kind, "__name__", str(kind)))


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
    return LoadedGame(state, history, source)


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


def _library(library: Any) -> Any:
    if library is None:
        from ..cards import default_library

        return default_library()
    return library


def _check_card(r: _Reader, lib: Any, ref: Any, path: tuple[Any, ...]) -> str:
    if not isinstance(ref, str) or "/" not in ref:
        raise r.fail(path, f"a card is named 'set/id', got {ref!r}"[:200])
    if ref not in lib:
        raise r.fail(path, f"unknown card {ref!r} (no such card in the loaded card sets)")
    return ref


def _players(r: _Reader, data: dict[str, Any]) -> list[Player]:
    raw = r.get(data, (), "players", list)
    if not raw:
        raise r.fail(("players",), "a table needs at least one player")
    players = []
    for i, p in enumerate(raw):
        path = ("players", i)
        if isinstance(p, str):
            players.append(Player(i, clean_text(p) or f"Seat {i + 1}"))
            continue
        if not isinstance(p, dict):
            raise r.fail(path, "a player is a name or a mapping with seat and name")
        seat = r.get(p, path, "seat", int, i)
        if seat != i:
            raise r.fail((*path, "seat"), f"players are listed in seat order: expected seat {i}, got {seat}")
        # a name that is not clean text (escape codes, lone surrogates) is cleaned: it must never lock a game
        name = clean_text(r.get(p, path, "name", str, f"Seat {i + 1}")) or f"Seat {i + 1}"
        counters = _counters(r, p, path)
        players.append(Player(seat, name, counters, r.get(p, path, "color", str, "")))
    return players


def _common(r: _Reader, data: dict[str, Any]) -> dict[str, Any]:
    from ..rules import OptionError, UnknownRuleset, get_ruleset

    name = r.get(data, (), "ruleset", str, "freeform")
    options = r.get(data, (), "options", dict, {})
    try:
        rules = get_ruleset(name, options)
    except UnknownRuleset as e:
        raise r.fail(("ruleset",), str(e)) from None
    except OptionError as e:
        raise r.fail(("options",), str(e)) from None
    enforcement = r.get(data, (), "enforcement", str, "off")
    if enforcement not in ("off", "warn", "strict"):
        raise r.fail(("enforcement",), f"enforcement is off, warn or strict, not {enforcement!r}")
    rules_state = r.get(data, (), "rules", dict, {})
    _plain(r, rules_state, ("rules",))
    return {"rules": rules, "options": dict(options), "enforcement": enforcement, "rules_state": rules_state}


def _plain(r: _Reader, value: Any, path: tuple[Any, ...]) -> None:
    """Refuse what a table's plain data (rules state, notes) cannot hold: non-text keys, NaN, infinities."""
    if isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, str):
                raise r.fail((*path, k), f"keys are text, got {k!r}"[:200])
            _plain(r, v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _plain(r, v, (*path, i))
    elif isinstance(value, float) and not math.isfinite(value):
        raise r.fail(path, f"expected a finite number, got {value!r}")


def _full(r: _Reader, data: dict[str, Any], library: Any) -> GameState:
    common = _common(r, data)
    players = _players(r, data)
    seats = {p.seat for p in players}
    rng = r.get(data, (), "rng", dict, {"seed": 0, "counter": 0})
    seed = r.get(rng, ("rng",), "seed", int, 0)
    counter = r.get(rng, ("rng",), "counter", int, 0)
    table = r.get(data, (), "table", list, [2400, 1600])
    if len(table) != 2 or not all(_is(v, float) and v > 0 for v in table):
        raise r.fail(("table",), "table is [width, height]")
    state = GameState(
        ruleset=common["rules"].name,
        options=common["options"],
        enforcement=common["enforcement"],
        players=players,
        seed=seed,
        secret=r.get(data, (), "secret", str, None) if "secret" in data else None,
        table_size=(float(table[0]), float(table[1])),
    )
    state.rng.counter = counter
    state.seq = r.get(data, (), "seq", int, 0)
    state.rules = common["rules_state"]
    zones = r.get(data, (), "zones", list)
    placed: dict[str, tuple[str, int]] = {}
    for i, zd in enumerate(zones):
        path = ("zones", i)
        if not isinstance(zd, dict):
            raise r.fail(path, "a zone is a mapping with a name")
        zone = _zone(r, zd, path, seats)
        if zone.name in state.zones:
            raise r.fail((*path, "name"), f"zone {zone.name!r} is listed twice")
        for j, pid in enumerate(r.get(zd, path, "pieces", list, [])):
            if not isinstance(pid, str):
                raise r.fail((*path, "pieces", j), f"a piece id is text, got {pid!r}")
            if pid in placed:
                other = placed[pid][0]
                raise r.fail((*path, "pieces", j), f"piece {pid!r} is in two zones ({other!r} and {zone.name!r})")
            placed[pid] = (zone.name, j)
            zone.pieces.append(pid)
        state.zones[zone.name] = zone
    lib = None
    pieces = r.get(data, (), "pieces", list, [])
    max_id = 0
    for i, pd in enumerate(pieces):
        path = ("pieces", i)
        if not isinstance(pd, dict):
            raise r.fail(path, "a piece is a mapping with id, kind and zone")
        pid = r.get(pd, path, "id", str)
        if pid in state.pieces:
            raise r.fail((*path, "id"), f"piece {pid!r} is listed twice")
        zone_name = r.get(pd, path, "zone", str)
        if zone_name not in state.zones:
            raise r.fail((*path, "zone"), f"there is no zone {zone_name!r}")
        if placed.get(pid, (None,))[0] != zone_name:
            where = placed.get(pid, ("no zone",))[0]
            raise r.fail((*path, "zone"), f"piece {pid!r} says zone {zone_name!r} but is listed in {where!r}")
        piece = _piece(r, pd, path, pid, zone_name, seats)
        if piece.card is not None:
            lib = lib or _library(library)
            _check_card(r, lib, piece.card, (*path, "card"))
        state.pieces[pid] = piece
        if pid[1:].isdigit():
            max_id = max(max_id, int(pid[1:]))
    missing = [pid for pid in placed if pid not in state.pieces]
    if missing:
        zone_name, j = placed[missing[0]]
        zi = list(state.zones).index(zone_name)
        raise r.fail(("zones", zi, "pieces", j), f"piece {missing[0]!r} is not described under pieces")
    for i, pd in enumerate(pieces):
        pid = pd["id"]
        host = state.pieces[pid].attached_to
        if host is None:
            continue
        problem = _attach_problem(state, pid)
        if problem:
            raise r.fail(("pieces", i, "attached_to"), problem)
        state.link(pid, None, host)
    state.next_id = r.get(data, (), "next_id", int, max_id + 1)
    if state.next_id <= max_id:
        raise r.fail(("next_id",), f"next_id must be above every piece number (highest is {max_id})")
    return state


def _attach_problem(state: GameState, pid: str) -> str:
    """What is wrong with a piece's attachment (a missing host, another zone, a loop), or ''."""
    piece = state.pieces[pid]
    host = piece.attached_to
    if host is None:
        return ""
    if host not in state.pieces:
        return f"attached to a piece that does not exist: {host!r}"
    if state.pieces[host].zone != piece.zone:
        return f"attached to {host!r}, which lies in another zone ({state.pieces[host].zone!r}, not {piece.zone!r})"
    walk: str | None = host
    for _ in range(len(state.pieces) + 1):
        if walk is None:
            return ""
        if walk == pid:
            return f"piece {pid!r} is attached under itself (through {host!r})"
        walk = state.pieces[walk].attached_to if walk in state.pieces else None
    return f"piece {pid!r} is attached in a loop"


def _zone(r: _Reader, zd: dict[str, Any], path: tuple[Any, ...], seats: set[int]) -> Zone:
    name = r.get(zd, path, "name", str)
    owner = r.get(zd, path, "owner", (int, None), None)
    if owner is not None and owner not in seats:
        raise r.fail((*path, "owner"), f"there is no seat {owner}")
    visibility = r.get(zd, path, "visibility", str, "public")
    if visibility not in VISIBILITIES:
        raise r.fail((*path, "visibility"), f"visibility is one of {', '.join(VISIBILITIES)}")
    layout = r.get(zd, path, "layout", str, "free")
    if layout not in LAYOUTS:
        raise r.fail((*path, "layout"), f"layout is one of {', '.join(LAYOUTS)}")
    rect = r.get(zd, path, "rect", list, [0, 0, 0, 0])
    if len(rect) != 4 or not all(_is(v, float) for v in rect):
        raise r.fail((*path, "rect"), "rect is [x, y, width, height]")
    return Zone(
        name=name,
        owner=owner,
        visibility=visibility,
        layout=layout,
        label=r.get(zd, path, "label", str, ""),
        rect=(float(rect[0]), float(rect[1]), float(rect[2]), float(rect[3])),
        face_up=r.get(zd, path, "face_up", bool, True),
        kind=r.get(zd, path, "kind", str, ""),
    )


def _piece(r: _Reader, pd: dict[str, Any], path: tuple[Any, ...], pid: str, zone: str, seats: set[int]) -> Piece:
    kind = r.get(pd, path, "kind", str, "card")
    if kind not in PIECE_KINDS:
        raise r.fail((*path, "kind"), f"kind is one of {', '.join(PIECE_KINDS)}")
    owner = r.get(pd, path, "owner", (int, None), None)
    if owner is not None and owner not in seats:
        raise r.fail((*path, "owner"), f"there is no seat {owner}")
    counters = _counters(r, pd, path)
    known = r.get(pd, path, "known", list, [])
    for j, s in enumerate(known):
        if not _is(s, int) or (s != -1 and s not in seats):
            raise r.fail((*path, "known", j), f"known lists seats (or -1 for everyone), got {s!r}")
    card = r.get(pd, path, "card", (str, None), None)
    if kind == "card" and card is None:
        raise r.fail(path, "a card piece needs a card reference")
    return Piece(
        id=pid,
        kind=kind,
        card=card,
        zone=zone,
        x=float(r.get(pd, path, "x", float, 0)),
        y=float(r.get(pd, path, "y", float, 0)),
        rotation=r.get(pd, path, "rotation", int, 0) % 360,
        face_up=r.get(pd, path, "face_up", bool, True),
        owner=owner,
        attached_to=r.get(pd, path, "attached_to", (str, None), None),
        counters=dict(counters),
        known=frozenset(known),
        gen=r.get(pd, path, "gen", int, 0),
        sides=r.get(pd, path, "sides", int, 0),
        value=r.get(pd, path, "value", int, 0),
        label=r.get(pd, path, "label", str, ""),
        color=r.get(pd, path, "color", str, ""),
    )


_POSITION_KEYS = ("card", "x", "y", "rotation", "face_up", "owner", "counters")


def _counters(r: _Reader, d: dict[str, Any], path: tuple[Any, ...]) -> dict[str, int]:
    counters = r.get(d, path, "counters", dict, {})
    for k, v in counters.items():
        if not isinstance(k, str) or not _is(v, int):
            raise r.fail((*path, "counters", k), f"a counter is a name and a whole number, got {v!r}"[:200])
    return dict(counters)


def _position(r: _Reader, data: dict[str, Any], library: Any) -> GameState:
    """A hand-written position: the ruleset's table for the players, with the listed cards placed in zones."""
    common = _common(r, data)
    players = _players(r, data)
    rules = common["rules"]
    seed = r.get(data, (), "seed", int, 0)
    try:
        state = rules.build_table(len(players), names=[p.name for p in players], seed=seed,
                                  enforcement=common["enforcement"])
    except ValueError as e:
        raise r.fail(("players",), str(e)) from None
    for p, q in zip(state.players, players, strict=True):
        p.counters = dict(q.counters)
        if q.color:
            p.color = q.color
    state.rules = common["rules_state"]
    import hashlib
    import json

    # the handle secret (which also keys a ruleset's opaque tokens) must be the same on every load of one file, so an
    # action log written against a position replays; derived from the file's own content, it tells a reader of the
    # file nothing the file does not already say. A position may also give its own `secret`.
    state.secret = r.get(data, (), "secret", str) if "secret" in data else hashlib.blake2b(
        json.dumps(data, sort_keys=True, default=str).encode(), digest_size=16).hexdigest()
    lib = _library(library)
    for zone_name, cards in data["zones"].items():
        path = ("zones", zone_name)
        if zone_name not in state.zones:
            raise r.fail(path, f"{rules.name} has no zone {zone_name!r} (zones: {', '.join(state.zones)})")
        if not isinstance(cards, list):
            raise r.fail(path, "a zone lists card references, top first")
        zone = state.zones[zone_name]
        for j, item in enumerate(cards):
            cpath = (*path, j)
            spec = item if isinstance(item, dict) else {"card": item}
            for key in spec:
                if key not in _POSITION_KEYS:
                    raise r.fail((*cpath, key), f"unknown field {key!r} (a card here has {', '.join(_POSITION_KEYS)})"
                                 [:300])
            ref = _check_card(r, lib, spec.get("card"), cpath if not isinstance(item, dict) else (*cpath, "card"))
            piece = Piece(id=state.new_piece_id(), card=ref, zone=zone_name, owner=zone.owner, face_up=zone.face_up)
            for key, kind in (("x", float), ("y", float), ("rotation", int), ("face_up", bool), ("owner", (int, None))):
                if key in spec:
                    value = r.get(spec, cpath, key, kind)
                    setattr(piece, key, float(value) if kind is float else value)
            piece.rotation %= 360
            if piece.owner is not None and piece.owner not in state.seats:
                raise r.fail((*cpath, "owner"), f"there is no seat {piece.owner}")
            if "counters" in spec:
                piece.counters = _counters(r, spec, cpath)
            state.pieces[piece.id] = piece
            zone.pieces.append(piece.id)
    return state


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
    _check_log_fits(r if stream is None else _Reader(_LogLoc(r.loc, where), r.source),  # type: ignore[arg-type]
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


def _check_log_fits(r: _Reader, state: GameState, history: list[list[Event]], library: Any) -> None:
    """Undo every entry (given as its events) on a copy of the table, then redo them all: the log must fit the table
    at every step."""
    if not history:
        return
    work = state.copy()
    lib: list[Any] = []
    checks = _REVERT_CHECKS
    pieces_get, zones, kinds = work.pieces.get, work.zones, _KINDS
    for i in range(len(history) - 1, -1, -1):
        events = history[i]
        for j in range(len(events) - 1, -1, -1):
            ev = events[j]
            check = checks.get(type(ev))
            problem = check(work, ev, lib, library) if check is not None else ""
            if not problem:
                try:
                    ev.revert(work)
                except (KeyError, IndexError, ValueError, TypeError, AttributeError) as e:
                    problem = f"it cannot be undone ({type(e).__name__}: {e})"
            if problem:
                raise r.fail(("log", i, "events", j), f"the log does not fit the table: {problem}"[:300])
        for ev in events:
            for pid in ev.pieces():
                # the usual piece (in a zone that exists, of a known kind, attached to nothing) answered inline
                piece = pieces_get(pid)
                if piece is not None and (piece.attached_to is not None or piece.zone not in zones
                                          or piece.kind not in kinds):
                    problem = _piece_problem(work, pid)
                    if problem:
                        raise r.fail(("log", i), f"undoing this entry would break the table: {problem}"[:300])
    problem = _table_problem(work)
    if problem:
        raise r.fail(("log",), f"undoing the whole log would break the table: {problem}"[:300])
    try:
        for events in history:
            for ev in events:
                ev.apply(work)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError) as e:
        raise r.fail(("log",), f"the log cannot be redone after an undo ({type(e).__name__}: {e})"[:300]) from None
    if work.canonical() != state.canonical():
        raise r.fail(("log",), "the log does not lead to the table saved with it (undo would not give it back)")


_KINDS = frozenset(PIECE_KINDS)


def _moved_problem(state: GameState, ev: PieceMoved, lib: list[Any], library: Any) -> str:
    zones = state.zones
    if ev.dst not in zones or ev.src not in zones:
        return f"a move between zones that do not exist ({ev.src!r} -> {ev.dst!r})"
    dst = zones[ev.dst].pieces
    if ev.pid not in state.pieces or not 0 <= ev.dst_index < len(dst) or dst[ev.dst_index] != ev.pid:
        return f"piece {ev.pid!r} is not at place {ev.dst_index} of {ev.dst!r}"
    if not 0 <= ev.src_index <= len(zones[ev.src].pieces) - (ev.src == ev.dst):
        return f"place {ev.src_index} of {ev.src!r} does not exist"
    return ""


def _changed_problem(state: GameState, ev: PieceChanged, lib: list[Any], library: Any) -> str:
    return "" if ev.pid in state.pieces else f"there is no piece {ev.pid!r}"


def _reordered_problem(state: GameState, ev: ZoneReordered, lib: list[Any], library: Any) -> str:
    if ev.zone not in state.zones or Counter(ev.old) != Counter(state.zones[ev.zone].pieces):
        return f"zone {ev.zone!r} does not hold the pieces its reordering names"
    return ""


def _added_problem(state: GameState, ev: PieceAdded, lib: list[Any], library: Any) -> str:
    zones, pieces = state.zones, state.pieces
    pid = ev.piece["id"]
    if pid not in pieces or pieces[pid].zone not in zones:
        return f"there is no piece {pid!r}"
    here = zones[pieces[pid].zone].pieces
    if not 0 <= ev.index < len(here) or here[ev.index] != pid:
        return f"piece {pid!r} is not at place {ev.index} of {pieces[pid].zone!r}"
    return ""


def _removed_problem(state: GameState, ev: PieceRemoved, lib: list[Any], library: Any) -> str:
    zones = state.zones
    pid, zone = ev.piece["id"], ev.piece["zone"]
    if pid in state.pieces:
        return f"piece {pid!r} would be there twice"
    if zone not in zones or not 0 <= ev.index <= len(zones[zone].pieces):
        return f"place {ev.index} of zone {zone!r} does not exist"
    kind, card = ev.piece.get("kind", "card"), ev.piece.get("card")
    if kind == "card" and card is None:
        return f"card piece {pid!r} has no card reference"
    if card is not None:
        if not lib:
            lib.append(_library(library))
        if card not in lib[0]:
            return f"unknown card {card!r}"
    return ""


def _counter_problem(state: GameState, ev: PlayerCounterChanged, lib: list[Any], library: Any) -> str:
    return "" if ev.seat in state.seats else f"there is no seat {ev.seat}"


#: per event type: why reverting it on a table would corrupt the table, or '' (types not listed cannot)
_REVERT_CHECKS: dict[type, Callable[[GameState, Any, list[Any], Any], str]] = {
    PieceMoved: _moved_problem, PieceChanged: _changed_problem, ZoneReordered: _reordered_problem,
    PieceAdded: _added_problem, PieceRemoved: _removed_problem, PlayerCounterChanged: _counter_problem,
}


def _piece_problem(state: GameState, pid: str) -> str:
    """What is inconsistent about one piece after an entry was undone (its zone, its kind, its attachment), or ''.

    Where a piece is listed needs no scan here: the table saved is checked to list every piece exactly once, and
    each event's revert is checked to take the piece from the very place it names (`_REVERT_CHECKS`), so every
    step keeps that true; `_table_problem` checks it once more, in one pass, after the whole log is undone.
    """
    piece = state.pieces.get(pid)
    if piece is None:
        return ""
    if piece.zone not in state.zones:
        return f"piece {pid!r} is in a zone that does not exist ({piece.zone!r})"
    if piece.kind not in PIECE_KINDS:
        return f"piece {pid!r} has kind {piece.kind!r}"
    return _attach_problem(state, pid)


def _table_problem(state: GameState) -> str:
    """What is inconsistent about a whole table (a piece listed twice or nowhere, a lost piece), in one pass."""
    where: dict[str, str] = {}
    for zone in state.zones.values():
        for pid in zone.pieces:
            if pid in where:
                return f"piece {pid!r} is not in exactly one zone ({where[pid]!r} and {zone.name!r})"
            if pid not in state.pieces:
                return f"zone lists a lost piece {pid!r}"
            where[pid] = zone.name
    for pid, piece in state.pieces.items():
        if where.get(pid) != piece.zone:
            return f"piece {pid!r} is not listed in its zone {piece.zone!r}"
        problem = _piece_problem(state, pid)
        if problem:
            return problem
    return ""
