"""Reading the table part of a save: every field checked, a bad value a SaveError at its line (a full dump, or
a hand-written position built on the ruleset's table).
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Mapping
from typing import Any

from ..core.messages import clean_text
from ..core.state import LAYOUTS, PIECE_KINDS, VISIBILITIES, GameState, Piece, Player, Zone
from ..yamlsafe import Located
from .savefile import SaveError

__all__: list[str] = []  # read by saves.py (its private parts)


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
    # the handle secret (which also keys a ruleset's opaque tokens): the position's own `secret`, else a random one
    # (kept in every save and journal of the game). Never derived from the file: whoever knows the rest of the file
    # could then compute every handle and unmask hidden cards. An action log that names hidden cards by handle
    # replays against a position that gives its `secret`.
    state.secret = r.get(data, (), "secret", str) if "secret" in data else secrets.token_hex(16)
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
