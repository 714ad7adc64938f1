"""Saves: readable YAML files that hold the whole truth of a table, written atomically and read defensively.

A save is either a full dump (`zones` as a list with piece ids, `pieces` as a list) or a hand-written position
(`zones` as a mapping of zone name to card references, everything else defaulted from the ruleset's table).
Every problem with a file raises one `SaveError` naming the file, the line and the field; nothing is overwritten.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..core.actions import ActionFormatError
from ..core.session import LogEntry, Session
from ..core.state import LAYOUTS, PIECE_KINDS, VISIBILITIES, GameState, Piece, Player, Zone
from ..yamlsafe import Located, YamlError, load_file, load_located

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
MAX_SAVE_BYTES = 32 * 1024 * 1024

#: migrations[n] turns a version-n save body into a version-(n+1) body
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


class SaveError(Exception):
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


# ------------------------------------------------------------------------------------------------ writing


def dump_save(state: GameState, history: list[LogEntry] | None = None) -> str:
    """The save text of a state (and its log): deterministic, so save -> load -> save is byte-identical."""
    body = {"format": FORMAT, "version": VERSION}
    body.update(state.to_dict())
    if history:
        body["log"] = [e.to_dict() for e in history]
    return yaml.dump(body, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=120)


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
    """Read a save file; bad input of any kind raises SaveError and changes nothing."""
    path = Path(path)
    try:
        located = load_file(path, max_bytes=MAX_SAVE_BYTES)
    except YamlError as e:
        raise SaveError(e.file, e.line, e.field, e.message) from None
    except OSError as e:
        raise SaveError(str(path), None, "", f"cannot read the file: {e.strerror or e}") from None
    return _load(located, str(path), library)


def parse_save(text: str | bytes, source: str = "<save>", *, library: Any = None) -> LoadedGame:
    """Read save text (same checks as `load_game`)."""
    try:
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
        return isinstance(value, (int, float)) and not isinstance(value, bool)
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
    return {int: "a whole number", float: "a number", str: "text", bool: "true or false", list: "a list",
            dict: "a mapping"}.get(kind, getattr(kind, "__name__", str(kind)))


def _load(located: Located, source: str, library: Any) -> LoadedGame:
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
    if isinstance(data.get("zones"), dict) and "pieces" not in data:
        state = _position(r, data, library)
        history: list[LogEntry] = []
    else:
        state = _full(r, data, library)
        history = _log(r, data)
    return LoadedGame(state, history, source)


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
            players.append(Player(i, p))
            continue
        if not isinstance(p, dict):
            raise r.fail(path, "a player is a name or a mapping with seat and name")
        seat = r.get(p, path, "seat", int, i)
        if seat != i:
            raise r.fail((*path, "seat"), f"players are listed in seat order: expected seat {i}, got {seat}")
        name = r.get(p, path, "name", str, f"Seat {i + 1}")
        counters = r.get(p, path, "counters", dict, {})
        for k, v in counters.items():
            if not isinstance(k, str) or not _is(v, int):
                raise r.fail((*path, "counters", k), f"a counter is a name and a whole number, got {v!r}")
        players.append(Player(seat, name, dict(counters), r.get(p, path, "color", str, "")))
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
    return {"rules": rules, "options": dict(options), "enforcement": enforcement, "rules_state": rules_state}


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
        host = pd.get("attached_to")
        if host is not None and host not in state.pieces:
            raise r.fail(("pieces", i, "attached_to"), f"attached to a piece that does not exist: {host!r}")
    state.next_id = r.get(data, (), "next_id", int, max_id + 1)
    if state.next_id <= max_id:
        raise r.fail(("next_id",), f"next_id must be above every piece number (highest is {max_id})")
    return state


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
    counters = r.get(pd, path, "counters", dict, {})
    for k, v in counters.items():
        if not isinstance(k, str) or not _is(v, int):
            raise r.fail((*path, "counters", k), f"a counter is a name and a whole number, got {v!r}")
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
            ref = _check_card(r, lib, spec.get("card"), cpath if not isinstance(item, dict) else (*cpath, "card"))
            piece = Piece(id=state.new_piece_id(), card=ref, zone=zone_name, owner=zone.owner, face_up=zone.face_up)
            for key, kind in (("x", float), ("y", float), ("rotation", int), ("face_up", bool), ("owner", int)):
                if key in spec:
                    value = r.get(spec, cpath, key, kind)
                    setattr(piece, key, float(value) if kind is float else value)
            if "counters" in spec:
                piece.counters = dict(r.get(spec, cpath, "counters", dict))
            state.pieces[piece.id] = piece
            zone.pieces.append(piece.id)
    return state


def _log(r: _Reader, data: dict[str, Any]) -> list[LogEntry]:
    raw = r.get(data, (), "log", list, [])
    out = []
    for i, ed in enumerate(raw):
        try:
            out.append(LogEntry.from_dict(ed))
        except (ActionFormatError, KeyError, TypeError, ValueError) as e:
            raise r.fail(("log", i), f"not a log entry: {e}"[:300]) from None
    return out
