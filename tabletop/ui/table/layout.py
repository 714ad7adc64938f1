"""Where every piece of a view lies on the table: zone boxes, piece boxes in draw order, and hit tests.

Pure Python over the view dict (no pygame): stacks show their top card, fans and rows spread their cards across
the zone, the free table uses each piece's own position (its centre). The seat's own hand is left out: the hand
strip along the bottom of the screen shows it.

A layout follows the seat's stream: `apply(view, patch, where)` re-lays only the zones and pieces a patch names, so
a change costs the same on any table. Pieces are kept in a grid of table cells (hit tests, box select and the
renderer's dirty rectangles ask it for what lies in a rectangle), and each carries a draw-order key; what changed
is listed in `dirty` for the renderer.
"""

from __future__ import annotations

import bisect
import heapq
import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from ...core.reducer import ATTACH_OFFSET
from .arrange import (
    ATTACH_PEEK,
    CARD_H,
    CARD_W,
    LABEL_H,
    TUCK_PAD,
    Arrangement,
    arrange,
    attachments,
    content_h,
    content_w,
    fit_label,
    label_variants,
)

__all__ = ["CARD_H", "CARD_W", "LABEL_H", "Arrangement", "Item", "Layout", "ZoneBox", "arrange", "build_layout", "quiet_counters",
           "fit_label", "label_variants", "piece_size"]

#: a grid cell of the table, and how far beyond its box a piece may draw (a stack's edge of backs)
CELL = 96.0
MARGIN = 16.0
_FREE_RANK = 10_000
_generations = itertools.count(1)
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
    #: the rectangle the engine gave the zone (the window draws it at `rect`, see `arrange`)
    source: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    #: the height of the band above the zone that holds its label (table units)
    label_h: float = 40.0
    #: a seat's zone: its label always names the seat (`reserve`: the label it is sized for)
    leads: bool = False
    reserve: str | None = None

    @property
    def label_rect(self) -> tuple[float, float, float, float]:
        """The band above the zone that holds its label (table units): as wide as the zone, over no other zone."""
        x, y, w, _ = self.rect
        return (x, y - self.label_h, w, self.label_h)

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
    #: draw order: (zone rank, place in the zone); later draws on top
    order: tuple[int, float] = (0, 0.0)
    #: what the renderer drew for this item at one zoom: (key, blits), kept until the item is replaced
    drawn: Any = None
    #: the same blits placed on the renderer's scene surface: (key, blits)
    placed: Any = None
    #: its table rectangle once rotated (x0, y0, x1, y1), set when a layout takes it
    box: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)

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


class Layout:
    """Zones and pieces of one view for one seat, in draw order (later items on top), kept current by patches."""

    def __init__(self) -> None:
        self.zones: list[ZoneBox] = []
        self.zone_by_name: dict[str, ZoneBox] = {}
        self.by_id: dict[str, Item] = {}
        self.hand: ZoneBox | None = None
        #: a fresh number per full build; `version` counts the incremental changes since
        self.generation = next(_generations)
        self.version = 0
        #: (version, item) for every item drawn before or after a change: the renderer redraws where they lie
        self.dirty: list[tuple[int, Item]] = []
        self.dirty_base = 0
        self._grid: dict[tuple[int, int], _Cell] = {}
        self._cells: dict[str, tuple[int, int, int, int]] = {}
        self._deco: set[str] = set()
        #: counter names the ruleset keeps for its own bookkeeping: drawn as no badge (`Ruleset.quiet_counters`)
        self.quiet: frozenset[str] = frozenset()
        self._rank: dict[str, int] = {}
        #: per free zone: its piece names in order and each one's draw-order place
        self._names: dict[str, list[str]] = {}
        self._z: dict[str, dict[str, float]] = {}
        #: per zone laid out in rows, fans, grids or a stack: the names of its items
        self._laid: dict[str, list[str]] = {}
        self._items: list[Item] | None = None
        #: the table's size as the window lays it out, and the part of it the camera fits
        self.table_size: tuple[float, float] = (2400.0, 1600.0)
        self.fit_rect: tuple[float, float, float, float] = (0.0, 0.0, 2400.0, 1600.0)
        #: the window's room for the table this layout was made for (pixels; None: not known)
        self.room: tuple[float, float] | None = None
        self.char_w = 0.0

    # -- reading --

    @property
    def items(self) -> list[Item]:
        """Every drawn piece in draw order (sorted once per change, when something asks)."""
        if self._items is None:
            self._items = sorted(self.by_id.values(), key=_order)
        return self._items

    def laid_in(self, zname: str) -> list[Item]:
        """The items of one zone laid out in rows, fans, grids or a stack, in their order (without touching the rest)."""
        by_id = self.by_id
        return [i for p in self._laid.get(zname, ()) if (i := by_id.get(p)) is not None and i.zone == zname]

    def decorated(self) -> list[Item]:
        """Pieces that carry a badge (counters, stack counts)."""
        return [self.by_id[p] for p in self._deco]

    def _cells_in(self, x0: float, y0: float, x1: float, y1: float) -> list[_Cell]:
        grid = self._grid
        out = []
        for cx in range(int(x0 // CELL), int(x1 // CELL) + 1):
            for cy in range(int(y0 // CELL), int(y1 // CELL) + 1):
                cell = grid.get((cx, cy))
                if cell is not None and cell.items:
                    out.append(cell)
        return out

    def query(self, x0: float, y0: float, x1: float, y1: float) -> list[Item]:
        """Pieces that reach into a table rectangle, in draw order (from the grid: cost grows with what is there)."""
        found: dict[str, Item] = {}
        for cell in self._cells_in(x0, y0, x1, y1):
            found.update((i.pid, i) for i in cell.items)
        x0, y0, x1, y1 = x0 - MARGIN, y0 - MARGIN, x1 + MARGIN, y1 + MARGIN
        out = [i for i in found.values() if i.box[0] <= x1 and i.box[2] >= x0 and i.box[1] <= y1 and i.box[3] >= y0]
        out.sort(key=_order)
        return out

    def top_down(self, x0: float, y0: float, x1: float, y1: float) -> Iterator[Item]:
        """The pieces that reach into a table rectangle, topmost first, found lazily: a caller that stops once
        the rectangle is covered touches only the pieces near the top of a deep pile."""
        cells = self._cells_in(x0, y0, x1, y1)
        x0, y0, x1, y1 = x0 - MARGIN, y0 - MARGIN, x1 + MARGIN, y1 + MARGIN
        last = None
        merged = heapq.merge(*(reversed(c.items) for c in cells), key=_order, reverse=True) if len(cells) > 1 \
            else reversed(cells[0].items) if cells else iter(())
        for i in merged:
            if i is last:
                continue
            last = i
            b = i.box
            if b[0] <= x1 and b[2] >= x0 and b[1] <= y1 and b[3] >= y0:
                yield i

    def hit(self, x: float, y: float, skip: frozenset[str] | set[str] = frozenset()) -> Item | None:
        """The topmost piece under a table point (leaving out `skip`: pieces in flight are not where they were),
        found from the top of the pile down: a deep pile costs what lies above the piece, not the whole pile."""
        for item in self.top_down(x, y, x, y):
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
        return [i for i in self.query(lo_x, lo_y, hi_x, hi_y)
                if i.layout == "free" and lo_x <= i.x <= hi_x and lo_y <= i.y <= hi_y]

    # -- keeping it --

    def add(self, item: Item) -> None:
        pid = item.pid
        self.by_id[pid] = item
        ew, eh = item.extent()
        item.box = box = (item.x - ew / 2, item.y - eh / 2, item.x + ew / 2, item.y + eh / 2)
        cells = (int((box[0] - MARGIN) // CELL), int((box[1] - MARGIN) // CELL),
                 int((box[2] + MARGIN) // CELL), int((box[3] + MARGIN) // CELL))
        self._cells[pid] = cells
        grid = self._grid
        for cx in range(cells[0], cells[2] + 1):
            for cy in range(cells[1], cells[3] + 1):
                cell = grid.get((cx, cy))
                if cell is None:
                    cell = grid[(cx, cy)] = _Cell()
                cell.put(item)
        if item.depth > 1 or (item.kind != "counter" and any(k not in self.quiet
                                                             for k in item.piece.get("counters") or ())):
            self._deco.add(item.pid)
        self._items = None

    def remove(self, pid: str) -> Item | None:
        item = self.by_id.pop(pid, None)
        if item is None:
            return None
        x0, y0, x1, y1 = self._cells.pop(pid)
        grid = self._grid
        for cx in range(x0, x1 + 1):
            for cy in range(y0, y1 + 1):
                grid[(cx, cy)].drop(item)
        self._deco.discard(pid)
        self._items = None
        return item

    def _mark(self, item: Item | None) -> None:
        if item is not None:
            self.dirty.append((self.version, item))

    def apply(self, view: dict[str, Any], patch: dict[str, Any], where: dict[str, str]) -> bool:
        """Follow one patch of the seat's view (`view`: the view after it; `where`: piece name -> zone).

        Only the zones and pieces the patch names are laid out again. Returns False when the patch changes the
        zones themselves; the caller then builds the layout afresh.
        """
        zpatch = patch.get("zones") or {}
        for zname, zd in zpatch.items():
            if "meta" in zd and not self._same_zone(zname, zd["meta"]):
                return False
        zdicts = {z["name"]: z for z in view.get("zones", []) if z["name"] in zpatch or z["name"] in self._names}
        updated = [u["id"] for u in patch.get("pieces", ())]
        touched = set(zpatch) | {where[n] for n in updated if n in where}
        if not touched:
            return True
        self.version += 1
        added: list[Item] = []
        for zname in touched:
            box = self.zone_by_name.get(zname)
            zd = zdicts.get(zname) or next((z for z in view["zones"] if z["name"] == zname), None)
            if box is None or zd is None:
                return False
            box.pieces = zd["pieces"]
            box.count = int(zd.get("count", len(box.pieces)))
            if box is self.hand:
                continue
            if box.layout != "free" and (content_w(zd, self.char_w, box.reserve) != box.rect[2]
                                         or content_h(zd) != box.rect[3]):
                return False  # the zone grows or shrinks with what it holds: the window lays the table out again
            if box.layout == "free":
                self._follow_free(box, zpatch.get(zname, {}).get("splice", ()), added)
            else:
                self._unlay(zname)
                laid = _zone_items(box, self._rank[zname])
                self._laid[zname] = [i.pid for i in laid]
                added.extend(laid)
        pieces = {n: where.get(n) for n in updated}
        for n, zname in pieces.items():
            box = self.zone_by_name.get(zname) if zname is not None else None
            if box is not None and box.layout == "free" and box is not self.hand and n in self._z[zname]:
                self._mark(self.remove(n))
                added.append(self._free_item(box, self._piece(box, n), self._z[zname][n]))
        for item in added:
            self._mark(self.remove(item.pid))
            self.add(item)
            self._mark(item)
        if len(self.dirty) > 4096:
            self.dirty_base = self.version
            self.dirty.clear()
        return True

    def _same_zone(self, zname: str, meta: dict[str, Any]) -> bool:
        """Whether a zone's new fields (a patch's `meta`) leave its box as it is (its count aside)."""
        box = self.zone_by_name.get(zname)
        if box is None:
            return False
        rect = tuple(float(v) for v in meta.get("rect", (0, 0, 0, 0)))
        return (rect == box.source and (meta.get("label") or zname) == box.label
                and meta.get("layout", "free") == box.layout and meta.get("owner") == box.owner
                and meta.get("kind", "") == box.kind and meta.get("visibility", "public") == box.visibility)

    def _unlay(self, zname: str) -> None:
        """Drop the items a zone laid out in rows, fans, grids or a stack had."""
        for p in self._laid.pop(zname, ()):
            item = self.by_id.get(p)
            if item is not None and item.zone == zname:
                self._mark(self.remove(p))

    def _piece(self, box: ZoneBox, name: str) -> dict[str, Any]:
        for p in reversed(box.pieces):
            if p["id"] == name:
                return p
        raise KeyError(name)

    def _follow_free(self, box: ZoneBox, ops: Any, added: list[Item]) -> None:
        """Apply a free zone's splices to its names and draw-order places; new pieces go in `added`."""
        zname = box.name
        names = self._names[zname]
        zs = self._z[zname]
        inserted: list[str] = []
        for start, deleted, new in ops:
            for n in names[start : start + deleted]:
                zs.pop(n, None)
                item = self.by_id.get(n)
                if item is not None and item.zone == zname:
                    self._mark(self.remove(n))
            names[start : start + deleted] = new
            lo = zs[names[start - 1]] if start > 0 else None
            after = start + len(new)
            hi = zs[names[after]] if after < len(names) else None
            for k, n in enumerate(new):
                if hi is None:
                    zs[n] = (lo if lo is not None else 0.0) + 1.0 + k
                elif lo is None:
                    zs[n] = hi - len(new) + k
                else:
                    zs[n] = lo + (hi - lo) * (k + 1) / (len(new) + 1)
            if lo is not None and hi is not None and (hi - lo) / (len(new) + 1) < 1e-6:
                self._renumber(zname)
            inserted.extend(new)
        if inserted:
            by_name = {p["id"]: p for p in box.pieces} if len(inserted) > 8 else None
            for n in dict.fromkeys(inserted):
                if n in zs:
                    p = by_name[n] if by_name is not None else self._piece(box, n)
                    added.append(self._free_item(box, p, zs[n]))

    def _renumber(self, zname: str) -> None:
        zs = self._z[zname]
        rank = self._rank[zname]
        for i, n in enumerate(self._names[zname]):
            zs[n] = float(i)
            item = self.remove(n)
            if item is not None:
                item.order = (rank, float(i))
                self.add(item)
        self._items = None

    def _free_item(self, box: ZoneBox, p: dict[str, Any], z: float) -> Item:
        kind = p.get("kind", "card")
        w, h = piece_size(kind)
        rx, ry, _, _ = box.rect
        x, y = float(p.get("x", rx + w / 2)), float(p.get("y", ry + h / 2))
        if p.get("attached_to"):
            x, y = self._peeking(box, p, x, y)
        return Item(p["id"], kind, box.name, x, y, w, h,
                    int(p.get("rotation", 0)), p, int(z) if z >= 0 else 0, layout="free",
                    order=(self._rank[box.name], z))

    def _peeking(self, box: ZoneBox, p: dict[str, Any], x: float, y: float) -> tuple[float, float]:
        """Where a piece attached under a host is drawn: the engine keeps it a small step down-right of the host (one
        step per piece under it), which hides it nearly whole; the window shows each one's top edge above the host."""
        try:
            host = self._piece(box, p["attached_to"])
        except KeyError:  # the host is elsewhere (or hidden from this seat): where the engine put it
            return x, y
        hx, hy = float(host.get("x", x)), float(host.get("y", y))
        depth = max(1, round((y - hy) / ATTACH_OFFSET))
        return hx, hy - ATTACH_PEEK * depth


_order = attrgetter("order")


class _Cell:
    """The pieces that reach into one grid cell, kept in draw order."""

    __slots__ = ("items", "orders")

    def __init__(self) -> None:
        self.orders: list[tuple[int, float]] = []
        self.items: list[Item] = []

    def put(self, item: Item) -> None:
        orders = self.orders
        if not orders or orders[-1] < item.order:
            orders.append(item.order)
            self.items.append(item)
            return
        i = bisect.bisect_left(orders, item.order)
        orders.insert(i, item.order)
        self.items.insert(i, item)

    def drop(self, item: Item) -> None:
        i = bisect.bisect_left(self.orders, item.order)
        if i < len(self.items) and self.items[i] is item:
            del self.orders[i]
            del self.items[i]
            return
        k = next(k for k, other in enumerate(self.items) if other is item)  # two pieces at one place: rare
        del self.orders[k]
        del self.items[k]


def _spread(n: int, length: float, item: float, gap: float) -> float:
    """Distance between the centres of `n` items laid along `length`, overlapping when they must."""
    if n <= 1:
        return 0.0
    return min(item + gap, (length - item) / (n - 1))


def quiet_counters(ruleset: Any) -> frozenset[str]:
    """The counters the named ruleset keeps for its own bookkeeping (none for a ruleset this program lacks)."""
    from ...rules import UnknownRuleset, get_ruleset_class

    try:
        return frozenset(get_ruleset_class(str(ruleset)).quiet_counters) if ruleset else frozenset()
    except UnknownRuleset:  # a plugin missing here: every counter shows
        return frozenset()


def build_layout(view: dict[str, Any], seat: int | None, room: tuple[float, float] | None = None) -> Layout:
    """Lay out every zone and piece of a view for a table view of `room` pixels (see `arrange`); the open
    table's pieces come last so they draw on top."""
    out = Layout()
    out.room = room
    out.quiet = quiet_counters(view.get("ruleset"))
    zones = view.get("zones", [])
    tw, th = view.get("table", (2400, 1600))
    names = {int(p["seat"]): str(p.get("name") or f"Seat {int(p['seat']) + 1}") for p in view.get("players", [])
             if "seat" in p}
    arranged = arrange(zones, seat, (float(tw), float(th)), room, names)
    out.table_size, out.fit_rect, out.char_w = arranged.table, arranged.fit, arranged.char_w
    for rank, z in enumerate(zones):
        source = tuple(float(v) for v in z.get("rect", (0, 0, 0, 0)))
        box = ZoneBox(
            name=z["name"], rect=arranged.rects[z["name"]], source=source, label=z.get("label") or z["name"],
            layout=z.get("layout", "free"), owner=z.get("owner"), kind=z.get("kind", ""), visibility=z.get("visibility", "public"),
            count=int(z.get("count", len(z.get("pieces", [])))), pieces=z.get("pieces", []),
        )
        box.mine = seat is not None and box.owner == seat
        box.label_h = arranged.label_h
        box.leads = box.name in arranged.leads
        box.reserve = arranged.leads.get(box.name)
        out.zones.append(box)
        out.zone_by_name[box.name] = box
        if box.kind == "hand" and box.mine:
            out.hand = box
            continue
        if box.layout == "free":
            out._rank[box.name] = _FREE_RANK + rank
            names = out._names[box.name] = [p["id"] for p in box.pieces]
            zs = out._z[box.name] = {n: float(i) for i, n in enumerate(names)}
            for p in box.pieces:
                out.add(out._free_item(box, p, zs[p["id"]]))
            continue
        out._rank[box.name] = rank
        laid = _zone_items(box, rank)
        out._laid[box.name] = [i.pid for i in laid]
        for item in laid:
            out.add(item)
    return out


def _zone_items(box: ZoneBox, rank: int) -> list[Item]:
    items: list[Item] = []
    tucked = _lay_zone(items, box)
    for item in items:
        # a card tucked under another draws just before its host (the deeper, the earlier)
        item.order = (rank, tucked[item.pid]) if item.pid in tucked else (rank, float(item.index))
    return items


def _lay_zone(out: list[Item], box: ZoneBox) -> dict[str, float]:
    """Lay a zone's pieces into `out`; the draw-order places of the cards tucked under others, by id."""
    rx, ry, rw, rh = box.rect
    pieces = box.pieces
    if not pieces:
        return {}
    if box.layout == "stack":
        p = pieces[0]
        w, h = piece_size(p.get("kind", "card"))
        out.append(Item(p["id"], p.get("kind", "card"), box.name, rx + rw / 2, ry + rh / 2, w, h, 0, p, 0,
                       depth=len(pieces), layout="stack", under=pieces[1] if len(pieces) > 1 else None))
        return {}
    if box.layout == "grid":
        cols = max(1, int((rw - 10) // (CARD_W + 10)))
        for i, p in enumerate(pieces):
            w, h = piece_size(p.get("kind", "card"))
            r, c = divmod(i, cols)
            x = rx + 10 + CARD_W / 2 + c * (CARD_W + 10)
            y = ry + 10 + CARD_H / 2 + r * (CARD_H + 10)
            out.append(Item(p["id"], p.get("kind", "card"), box.name, x, y, w, h, int(p.get("rotation", 0)), p, i,
                           layout="grid"))
        return {}
    # fan and row: along the zone, overlapping when the zone is too short; a card attached under another lies
    # tucked under it, its name line showing above the host's (the zone is that much taller: `content_h`)
    tucked = attachments(pieces)
    deepest = max((d for _, d in tucked.values()), default=0)
    n = len(pieces) - len(tucked)
    step = _spread(n, rw - 20, CARD_W, 10 if box.layout == "row" else -CARD_W * 0.45)
    total = step * (n - 1) + CARD_W
    x0 = rx + (rw - total) / 2 + CARD_W / 2 if box.layout == "fan" else rx + 10 + CARD_W / 2
    above = ATTACH_PEEK * deepest + (TUCK_PAD if deepest else 0.0)
    y = ry + above + (rh - above - (TUCK_PAD if deepest else 0.0)) / 2
    hosts: dict[str, Item] = {}
    orders: dict[str, float] = {}
    slot = 0
    for i, p in enumerate(pieces):
        w, h = piece_size(p.get("kind", "card"))
        rot = int(p.get("rotation", 0)) if box.layout == "row" else 0
        if p["id"] in tucked:
            continue
        hosts[p["id"]] = item = Item(p["id"], p.get("kind", "card"), box.name, x0 + slot * step, y, w, h, rot, p, i,
                                     layout=box.layout)
        out.append(item)
        slot += 1
    for i, p in enumerate(pieces):
        if p["id"] not in tucked:
            continue
        host, depth = tucked[p["id"]]
        under = hosts[host]
        w, h = piece_size(p.get("kind", "card"))
        out.append(Item(p["id"], p.get("kind", "card"), box.name, under.x, under.y - ATTACH_PEEK * depth, w, h,
                        under.rotation, p, i, layout=box.layout))
        orders[p["id"]] = under.index - depth / (deepest + 1)
    return orders
