"""The table state: players, zones and pieces, plus the rule state and the RNG.

The state is plain mutable data that only events change (see events.py), so undo is "revert the events" and a
save is `to_dict()`. Nothing here knows about files, sockets or pygame.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sys
from dataclasses import dataclass, field
from typing import Any

from .rng import Rng

__all__ = [
    "EVERYONE",
    "LAYOUTS",
    "PIECE_KINDS",
    "VISIBILITIES",
    "GameState",
    "Piece",
    "Player",
    "Zone",
]

#: Marker in `Piece.known`: the piece was revealed to everyone, spectators included.
EVERYONE = -1
VISIBILITIES = ("public", "owner", "hidden")
LAYOUTS = ("free", "stack", "fan", "row", "grid")
PIECE_KINDS = ("card", "token", "counter", "die")


@dataclass(slots=True)
class Player:
    """A seat at the table and what is counted for it (score, pools, favor...)."""

    seat: int
    name: str
    counters: dict[str, int] = field(default_factory=dict)
    color: str = ""

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"seat": self.seat, "name": self.name}
        if self.counters:
            d["counters"] = dict(sorted(self.counters.items()))
        if self.color:
            d["color"] = self.color
        return d


@dataclass(slots=True)
class Zone:
    """A place pieces live: a deck, a hand, a discard pile, a play area or the open table.

    `pieces` is ordered top first: index 0 is the top of a deck, the first card of a hand or a row.
    `visibility` says who sees the faces of cards inside: everyone (`public`, face-up cards only), the zone's
    owner (`owner`, a hand) or nobody (`hidden`, a deck).
    """

    name: str
    owner: int | None = None
    visibility: str = "public"
    layout: str = "free"
    label: str = ""
    rect: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    face_up: bool = True
    pieces: list[str] = field(default_factory=list)
    kind: str = ""

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name}
        if self.owner is not None:
            d["owner"] = self.owner
        d["visibility"] = self.visibility
        d["layout"] = self.layout
        if self.label:
            d["label"] = self.label
        if self.kind:
            d["kind"] = self.kind
        d["rect"] = [_num(v) for v in self.rect]
        d["face_up"] = self.face_up
        return d


@dataclass(slots=True)
class Piece:
    """A card, token, counter or die on the table.

    `card` is the card reference ("set/id") and is the secret a view hides. `known` lists the seats that were shown
    this piece beyond what its zone allows (looked at, revealed, searched); `gen` is bumped whenever the piece hides
    again, which gives it a fresh handle for the seats that cannot see it.
    """

    id: str
    kind: str = "card"
    card: str | None = None
    zone: str = "table"
    x: float = 0.0
    y: float = 0.0
    rotation: int = 0
    face_up: bool = True
    owner: int | None = None
    attached_to: str | None = None
    counters: dict[str, int] = field(default_factory=dict)
    known: frozenset[int] = frozenset()
    gen: int = 0
    sides: int = 0
    value: int = 0
    label: str = ""
    color: str = ""

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id, "kind": self.kind}
        if self.card is not None:
            d["card"] = self.card
        d["zone"] = self.zone
        if self.x or self.y:
            d["x"] = _num(self.x)
            d["y"] = _num(self.y)
        if self.rotation:
            d["rotation"] = self.rotation
        if not self.face_up:
            d["face_up"] = False
        if self.owner is not None:
            d["owner"] = self.owner
        if self.attached_to is not None:
            d["attached_to"] = self.attached_to
        if self.counters:
            d["counters"] = dict(sorted(self.counters.items()))
        if self.known:
            d["known"] = sorted(self.known)
        if self.gen:
            d["gen"] = self.gen
        if self.kind == "die":
            d["sides"] = self.sides
            d["value"] = self.value
        if self.label:
            d["label"] = self.label
        if self.color:
            d["color"] = self.color
        return d


def _num(v: float) -> float | int:
    """Whole floats as ints, so saves read `x: 120` rather than `x: 120.0`."""
    return int(v) if float(v).is_integer() else round(float(v), 3)


class GameState:
    """Everything about one table at one moment; the host's whole truth.

    Handles: a seat that cannot see a piece knows it only by an opaque handle derived from a host secret, the piece
    id and its `gen`. The reverse index lets the session turn a seat's handle back into a piece.
    """

    __slots__ = (
        "ruleset",
        "options",
        "enforcement",
        "seq",
        "players",
        "zones",
        "pieces",
        "rng",
        "secret",
        "rules",
        "next_id",
        "table_size",
        "_handles",
        "_by_handle",
        "_children",
        "seat_names",
        "derived",
        "_own",
    )

    def __init__(
        self,
        *,
        ruleset: str = "freeform",
        options: dict[str, Any] | None = None,
        enforcement: str = "off",
        players: list[Player] | None = None,
        seed: int = 0,
        secret: str | None = None,
        table_size: tuple[float, float] = (2400.0, 1600.0),
    ) -> None:
        self.ruleset = ruleset
        self.options: dict[str, Any] = dict(options or {})
        self.enforcement = enforcement
        self.seq = 0
        self.players: list[Player] = list(players or [])
        self.zones: dict[str, Zone] = {}
        self.pieces: dict[str, Piece] = {}
        self.rng = Rng(seed)
        # a random secret, not one derived from the seed: whoever knows the seed must not be able to unmask handles
        self.secret = secret if secret is not None else secrets.token_hex(16)
        self.rules: dict[str, Any] = {}
        self.next_id = 1
        self.table_size = table_size
        self._handles: dict[str, str] = {}
        self._by_handle: dict[str, str] = {}
        self._children: dict[str, set[str]] = {}
        #: the names the seats' players go by at this table (a LAN host's joined players), over `players`' names:
        #: what every sentence calls a seat (`seat_name`); not saved, not hashed, not in any view
        self.seat_names: dict[int, str] = {}
        #: facts a ruleset worked out of this table and keeps from one action to the next, on a table only the
        #: search's fast path changes (`search.fast.step`, which makes it a dict and empties it whenever an action's
        #: events go by unseen by the ruleset, or are reverted): each is kept true by the ruleset from the events
        #: its `after` is given. None elsewhere (a table changed by hand or undone is read afresh every time); not
        #: saved, not hashed, not copied by `fork` or `copy`
        self.derived: dict[str, Any] | None = None
        #: the pieces this table may write in place: None, all of them; a set after a `fork`, which shares every
        #: piece between the two tables until one of them writes it (`own` gives it its copy first)
        self._own: set[str] | None = None

    # -- construction helpers (setup code and saves use these; play goes through events) --

    @property
    def seats(self) -> list[int]:
        return [p.seat for p in self.players]

    def seat_name(self, seat: Any) -> str:
        """A seat as sentences name it: the name its player goes by here, else its player's name, else "Seat N"."""
        name = self.seat_names.get(seat) if isinstance(seat, int) else None
        if name:
            return name
        for p in self.players:
            if p.seat == seat:
                return p.name or f"Seat {seat + 1}"
        return f"Seat {seat + 1}" if isinstance(seat, int) and not isinstance(seat, bool) else "nobody"

    def player(self, seat: int) -> Player:
        for p in self.players:
            if p.seat == seat:
                return p
        raise KeyError(seat)

    def add_zone(self, zone: Zone) -> Zone:
        self.zones[zone.name] = zone
        return zone

    def new_piece_id(self) -> str:
        pid = f"p{self.next_id}"
        self.next_id += 1
        return pid

    def add_piece(self, piece: Piece, index: int | None = None) -> Piece:
        """Place a new piece in its zone (top when index is None for stacks, end otherwise)."""
        self.pieces[piece.id] = piece
        self.link(piece.id, None, piece.attached_to)
        zone = self.zones[piece.zone]
        if index is None:
            index = 0 if zone.layout == "stack" else len(zone.pieces)
        zone.pieces.insert(index, piece.id)
        return piece

    # -- visibility --

    def can_see(self, piece: Piece, seat: int | None) -> bool:
        """Whether `seat` (None: a spectator) may know what this piece is."""
        if piece.kind != "card" or EVERYONE in piece.known:
            return True
        zone = self.zones[piece.zone]
        if zone.visibility == "public":
            if piece.face_up:
                return True
            return seat is not None and (seat == piece.owner or seat in piece.known)
        if seat is None:
            return False
        if seat in piece.known:
            return True
        return zone.visibility == "owner" and seat == zone.owner

    def visible_to(self, piece: Piece) -> frozenset[int]:
        """The seats (and EVERYONE for spectators) that can see this piece now."""
        # `can_see` for every seat at once (each log entry asks this of every piece it touches)
        seats = [p.seat for p in self.players]
        known = piece.known
        if piece.kind != "card" or EVERYONE in known:
            return frozenset((EVERYONE, *seats))
        zone = self.zones[piece.zone]
        if zone.visibility == "public":
            if piece.face_up:
                return frozenset((EVERYONE, *seats))
            return frozenset(s for s in seats if s == piece.owner or s in known)
        if zone.visibility == "owner":
            return frozenset(s for s in seats if s in known or s == zone.owner)
        return frozenset(s for s in seats if s in known)

    def handle(self, pid: str) -> str:
        """The opaque name of a piece for the seats that cannot see it."""
        h = self._handles.get(pid)
        if h is None:
            gen = self.pieces[pid].gen
            digest = hashlib.blake2b(f"{pid}:{gen}".encode(), key=self.secret.encode()[:64], digest_size=6)
            h = "h" + digest.hexdigest()
            self._handles[pid] = h
            self._by_handle[h] = pid
        return h

    def handle_for(self, pid: str, seat: int | None) -> str:
        """The name `seat` knows this piece by: its id when it can see it, else its handle."""
        piece = self.pieces[pid]
        return pid if self.can_see(piece, seat) else self.handle(pid)

    def set_gen(self, pid: str, gen: int) -> None:
        """Change a piece's handle generation, dropping its cached handle."""
        self.own(pid).gen = gen
        self.forget_handle(pid)

    def forget_handle(self, pid: str) -> None:
        """Drop a piece's cached handle (its gen changed, or it left the table)."""
        old = self._handles.pop(pid, None)
        if old is not None:
            self._by_handle.pop(old, None)

    def resolve(self, name: str, seat: int | None) -> str | None:
        """The piece a seat means by `name` (an id it can see, or a current handle), or None."""
        piece = self.pieces.get(name)
        if piece is not None:
            return name if self.can_see(piece, seat) else None
        if name.startswith("h"):
            if len(self._by_handle) < len(self.pieces):  # some handles are not computed yet (or went stale)
                for pid in self.pieces:
                    self.handle(pid)
            return self._by_handle.get(name)
        return None

    # -- queries --

    def zone_of(self, pid: str) -> Zone:
        return self.zones[self.pieces[pid].zone]

    def attached(self, pid: str) -> list[str]:
        """Pieces attached under `pid`, in zone order."""
        children = self._children.get(pid)
        if not children:
            return []
        zone = self.zone_of(pid)
        return [q for q in zone.pieces if q in children]

    def link(self, pid: str, old_host: str | None, new_host: str | None) -> None:
        """Keep the host -> attached pieces index in step with `Piece.attached_to`."""
        if old_host is not None:
            kids = self._children.get(old_host)
            if kids is not None:
                kids.discard(pid)
                if not kids:
                    del self._children[old_host]
        if new_host is not None:
            self._children.setdefault(new_host, set()).add(pid)

    def seat_zone(self, kind: str, seat: int | None) -> str | None:
        """The zone named `kind:seat`, else a shared `kind`, else None."""
        if seat is not None and f"{kind}:{seat}" in self.zones:
            return f"{kind}:{seat}"
        return kind if kind in self.zones else None

    # -- serialization --

    def to_dict(self) -> dict[str, Any]:
        """The whole truth as plain data (the save body); zones list their piece ids top first."""
        return {
            "ruleset": self.ruleset,
            "options": dict(sorted(self.options.items())),
            "enforcement": self.enforcement,
            "seq": self.seq,
            "table": [_num(self.table_size[0]), _num(self.table_size[1])],
            "players": [p.to_dict() for p in self.players],
            "rules": self.rules,
            "rng": {"seed": self.rng.seed, "counter": self.rng.counter},
            "secret": self.secret,
            "next_id": self.next_id,
            "zones": [dict(z.to_dict(), pieces=list(z.pieces)) for z in self.zones.values()],
            "pieces": [self.pieces[pid].to_dict() for z in self.zones.values() for pid in z.pieces],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameState:
        """Rebuild a state from `to_dict()` output (trusted data: store/ validates files before calling this)."""
        players = [
            Player(seat=p["seat"], name=p["name"], counters=dict(p.get("counters", {})), color=p.get("color", ""))
            for p in d.get("players", [])
        ]
        rng = d.get("rng", {})
        table = d.get("table", (2400, 1600))
        s = cls(
            ruleset=d.get("ruleset", "freeform"),
            options=d.get("options", {}),
            enforcement=d.get("enforcement", "off"),
            players=players,
            seed=int(rng.get("seed", 0)),
            secret=d.get("secret"),
            table_size=(float(table[0]), float(table[1])),
        )
        s.rng.counter = int(rng.get("counter", 0))
        s.seq = int(d.get("seq", 0))
        # names read from a file are interned, as the code's own names are: each piece, zone and rule key is then
        # found by identity (a loaded table's lookups compared text: 2% of a playout)
        s.rules = _interned(d.get("rules", {}) or {})
        s.next_id = int(d.get("next_id", 1))
        for zd in d.get("zones", []):
            rect = zd.get("rect", (0, 0, 0, 0))
            name = _intern(zd["name"])
            s.zones[name] = Zone(
                name=name,
                owner=zd.get("owner"),
                visibility=zd.get("visibility", "public"),
                layout=zd.get("layout", "free"),
                label=zd.get("label", ""),
                rect=(float(rect[0]), float(rect[1]), float(rect[2]), float(rect[3])),
                face_up=bool(zd.get("face_up", True)),
                pieces=list(map(_intern, zd.get("pieces", ()))),
                kind=zd.get("kind", ""),
            )
        for pd in d.get("pieces", []):
            card, host = pd.get("card"), pd.get("attached_to")
            piece = Piece(
                id=_intern(pd["id"]),
                kind=pd.get("kind", "card"),
                card=_intern(card) if type(card) is str else card,
                zone=_intern(pd["zone"]),
                x=float(pd.get("x", 0)),
                y=float(pd.get("y", 0)),
                rotation=int(pd.get("rotation", 0)),
                face_up=bool(pd.get("face_up", True)),
                owner=pd.get("owner"),
                attached_to=_intern(host) if type(host) is str else host,
                counters=dict(pd.get("counters", {})),
                known=frozenset(pd.get("known", ())),
                gen=int(pd.get("gen", 0)),
                sides=int(pd.get("sides", 0)),
                value=int(pd.get("value", 0)),
                label=pd.get("label", ""),
                color=pd.get("color", ""),
            )
            s.pieces[piece.id] = piece
            s.link(piece.id, None, piece.attached_to)
        return s

    def canonical(self) -> bytes:
        """The table's content as canonical JSON, without `seq` (a version counter), the RNG position (it only
        moves forward, even through undo) and the handle secret (random per table, not part of the game)."""
        d = self.to_dict()
        del d["seq"]
        del d["secret"]
        d["rng"] = {"seed": self.rng.seed}
        return json.dumps(d, sort_keys=True, separators=(",", ":")).encode()

    def hash(self) -> str:
        """A short digest of the table's content: equal tables, equal hashes (undo gives the hash back)."""
        return hashlib.blake2b(self.canonical(), digest_size=12).hexdigest()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def copy(self) -> GameState:
        return GameState.from_dict(json.loads(json.dumps(self.to_dict())))

    def fork(self) -> GameState:
        """A copy for search playouts, far cheaper than `copy()`: new zones and players, shared pieces and rule values.

        Rule values are only ever replaced, never changed in place (see `Tx.set_rule`), so the rule state's dict is
        copied and its values shared; zone piece lists and player counters are copied. Pieces are shared until
        written: both tables then own none of them, and whatever writes a piece asks `own` for it first (the events,
        `Tx` and the search's deals do), which copies it for that table alone. The handle cache starts empty
        (handles are recomputed from the same secret, so they read the same)."""
        s = _new_state(GameState)
        s.ruleset, s.options, s.enforcement, s.seq = self.ruleset, self.options, self.enforcement, self.seq
        s.players = [Player(p.seat, p.name, dict(p.counters), p.color) for p in self.players]
        s.zones = _fork_zones(self.zones)
        s.pieces = self.pieces.copy()
        s._own = set()
        self._own = set()  # what this table wrote so far is the fork's too now
        s.rng = Rng(self.rng.seed, self.rng.counter)
        s.secret, s.rules, s.next_id, s.table_size = self.secret, dict(self.rules), self.next_id, self.table_size
        s._handles, s._by_handle = {}, {}
        s._children = {host: set(kids) for host, kids in self._children.items()}
        s.seat_names = self.seat_names
        s.derived = None
        return s

    def own(self, pid: str) -> Piece:
        """The piece `pid`, to write: this table's own copy of it (after a `fork` the two tables share each piece
        until one writes it). Every write of a piece's fields goes through here; reads take `pieces[pid]`."""
        piece = self.pieces[pid]
        own = self._own
        if own is None or pid in own:
            return piece
        piece = self.pieces[pid] = _copy_piece(piece)
        own.add(pid)
        return piece


_new_state = object.__new__
_intern = sys.intern


def _interned(value: Any) -> Any:
    """Plain data with its strings (and its dicts' string keys) interned; other values as they are."""
    t = type(value)
    if t is str:
        return _intern(value)
    if t is dict:
        return {(_intern(k) if type(k) is str else k): _interned(v) for k, v in value.items()}
    if t is list:
        return [_interned(v) for v in value]
    if t is tuple:
        return tuple(_interned(v) for v in value)
    return value


def _fork_zones(zones: dict[str, Zone]) -> dict[str, Zone]:
    """A copy of each zone with its own list of pieces, in one loop (no call per zone), one store per slot."""
    out = {}
    new = _new_state
    for name, z in zones.items():
        c = new(Zone)
        c.name = z.name
        c.owner = z.owner
        c.visibility = z.visibility
        c.layout = z.layout
        c.label = z.label
        c.rect = z.rect
        c.face_up = z.face_up
        c.pieces = z.pieces.copy()
        c.kind = z.kind
        out[name] = c
    return out


def _copy_piece(p: Piece) -> Piece:
    """A copy of a piece with its own counters (`GameState.own`), one store per slot, no call per field."""
    c = _new_state(Piece)
    c.id = p.id
    c.kind = p.kind
    c.card = p.card
    c.zone = p.zone
    c.x = p.x
    c.y = p.y
    c.rotation = p.rotation
    c.face_up = p.face_up
    c.owner = p.owner
    c.attached_to = p.attached_to
    c.counters = dict(p.counters) if p.counters else {}
    c.known = p.known
    c.gen = p.gen
    c.sides = p.sides
    c.value = p.value
    c.label = p.label
    c.color = p.color
    return c
