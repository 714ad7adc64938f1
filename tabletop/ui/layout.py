"""Where every piece of a view lies on the table: zone boxes, piece boxes in draw order, and hit tests.

Pure Python over the view dict (no pygame): stacks show their top card, fans and rows spread their cards across
the zone, the free table uses each piece's own position (its centre). The seat's own hand is left out: the hand
strip along the bottom of the screen shows it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["CARD_H", "CARD_W", "Item", "Layout", "ZoneBox", "build_layout", "piece_size"]

CARD_W, CARD_H = 126.0, 176.0
TOKEN_D, DIE_D = 44.0, 52.0
COUNTER_W, COUNTER_H = 88.0, 62.0


def piece_size(kind: str) -> tuple[float, float]:
    if kind == "token":
        return (TOKEN_D, TOKEN_D)
    if kind == "die":
        return (DIE_D, DIE_D)
    if kind == "counter":
        return (COUNTER_W, COUNTER_H)
    return (CARD_W, CARD_H)


@dataclass(slots=True)
class ZoneBox:
    """A zone as drawn: its rectangle, label, layout, owner and piece count."""

    name: str
    rect: tuple[float, float, float, float]
    label: str
    layout: str
    owner: int | None
    kind: str
    visibility: str
    count: int
    pieces: list[dict[str, Any]]
    mine: bool = False

    def contains(self, x: float, y: float) -> bool:
        rx, ry, rw, rh = self.rect
        return rx <= x <= rx + rw and ry <= y <= ry + rh


@dataclass(slots=True)
class Item:
    """One drawable piece: its view dict plus where its centre lies and how big it is (unrotated)."""

    pid: str
    kind: str
    zone: str
    x: float
    y: float
    w: float
    h: float
    rotation: int
    piece: dict[str, Any]
    index: int = 0
    depth: int = 1
    layout: str = "free"
    under: dict[str, Any] | None = None

    @property
    def card(self) -> str | None:
        return self.piece.get("card")

    @property
    def face_up(self) -> bool:
        return bool(self.piece.get("face_up", True))

    def extent(self) -> tuple[float, float]:
        """Width and height on the table once rotated (quarter turns swap them)."""
        return (self.h, self.w) if self.rotation % 180 == 90 else (self.w, self.h)

    def contains(self, x: float, y: float) -> bool:
        ew, eh = self.extent()
        return abs(x - self.x) <= ew / 2 and abs(y - self.y) <= eh / 2


@dataclass(slots=True)
class Layout:
    """Zones and pieces of one view for one seat, in draw order (later items on top)."""

    zones: list[ZoneBox] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    by_id: dict[str, Item] = field(default_factory=dict)
    zone_by_name: dict[str, ZoneBox] = field(default_factory=dict)
    hand: ZoneBox | None = None
    _decorated: list[Item] | None = None

    def decorated(self) -> list[Item]:
        """Pieces that carry a badge (counters, stack counts), found once per layout."""
        if self._decorated is None:
            self._decorated = [i for i in self.items
                               if i.depth > 1 or (i.piece.get("counters") and i.kind != "counter")]
        return self._decorated

    def hit(self, x: float, y: float, skip: frozenset[str] | set[str] = frozenset()) -> Item | None:
        """The topmost piece under a table point (leaving out `skip`: pieces in flight are not where they were)."""
        for item in reversed(self.items):
            if item.contains(x, y) and item.pid not in skip:
                return item
        return None

    def zone_at(self, x: float, y: float) -> ZoneBox | None:
        """The zone under a table point: a deck, pile, hand or play area before the open table."""
        table = None
        for z in reversed(self.zones):
            if z.contains(x, y):
                if z.layout != "free" or z.name != "table":
                    return z
                table = z
        return table

    def in_rect(self, x0: float, y0: float, x1: float, y1: float) -> list[Item]:
        """Free-table pieces whose centre lies inside a rectangle (box select)."""
        lo_x, hi_x = min(x0, x1), max(x0, x1)
        lo_y, hi_y = min(y0, y1), max(y0, y1)
        return [i for i in self.items if i.layout == "free" and lo_x <= i.x <= hi_x and lo_y <= i.y <= hi_y]


def _spread(n: int, length: float, item: float, gap: float) -> float:
    """Distance between the centres of `n` items laid along `length`, overlapping when they must."""
    if n <= 1:
        return 0.0
    return min(item + gap, (length - item) / (n - 1))


def build_layout(view: dict[str, Any], seat: int | None) -> Layout:
    """Lay out every zone and piece of a view; the open table's pieces come last so they draw on top."""
    out = Layout()
    table_zones = []
    for z in view.get("zones", []):
        rect = tuple(float(v) for v in z.get("rect", (0, 0, 0, 0)))
        box = ZoneBox(
            name=z["name"], rect=rect, label=z.get("label") or z["name"], layout=z.get("layout", "free"),
            owner=z.get("owner"), kind=z.get("kind", ""), visibility=z.get("visibility", "public"),
            count=int(z.get("count", len(z.get("pieces", [])))), pieces=z.get("pieces", []),
        )
        box.mine = seat is not None and box.owner == seat
        out.zones.append(box)
        out.zone_by_name[box.name] = box
        if box.kind == "hand" and box.mine:
            out.hand = box
            continue
        if box.layout == "free":
            table_zones.append(box)
            continue
        _lay_zone(out, box)
    for box in table_zones:
        for i, p in enumerate(box.pieces):
            w, h = piece_size(p.get("kind", "card"))
            rx, ry, _, _ = box.rect
            x = float(p.get("x", rx + w / 2))
            y = float(p.get("y", ry + h / 2))
            _add(out, Item(p["id"], p.get("kind", "card"), box.name, x, y, w, h, int(p.get("rotation", 0)), p, i,
                           layout="free"))
    return out


def _add(out: Layout, item: Item) -> None:
    out.items.append(item)
    out.by_id[item.pid] = item


def _lay_zone(out: Layout, box: ZoneBox) -> None:
    rx, ry, rw, rh = box.rect
    pieces = box.pieces
    if not pieces:
        return
    if box.layout == "stack":
        p = pieces[0]
        w, h = piece_size(p.get("kind", "card"))
        _add(out, Item(p["id"], p.get("kind", "card"), box.name, rx + rw / 2, ry + rh / 2, w, h, 0, p, 0,
                       depth=len(pieces), layout="stack", under=pieces[1] if len(pieces) > 1 else None))
        return
    if box.layout == "grid":
        cols = max(1, int((rw - 10) // (CARD_W + 10)))
        for i, p in enumerate(pieces):
            w, h = piece_size(p.get("kind", "card"))
            r, c = divmod(i, cols)
            x = rx + 10 + CARD_W / 2 + c * (CARD_W + 10)
            y = ry + 10 + CARD_H / 2 + r * (CARD_H + 10)
            _add(out, Item(p["id"], p.get("kind", "card"), box.name, x, y, w, h, int(p.get("rotation", 0)), p, i,
                           layout="grid"))
        return
    # fan and row: along the zone, overlapping when the zone is too short
    step = _spread(len(pieces), rw - 20, CARD_W, 10 if box.layout == "row" else -CARD_W * 0.45)
    total = step * (len(pieces) - 1) + CARD_W
    x0 = rx + (rw - total) / 2 + CARD_W / 2 if box.layout == "fan" else rx + 10 + CARD_W / 2
    for i, p in enumerate(pieces):
        w, h = piece_size(p.get("kind", "card"))
        rot = int(p.get("rotation", 0)) if box.layout == "row" else 0
        _add(out, Item(p["id"], p.get("kind", "card"), box.name, x0 + i * step, ry + rh / 2, w, h, rot, p, i,
                       layout=box.layout))
