"""Where the window puts each zone: the engine's zones re-laid for the seat that looks and the room it has.

The engine places zones in seat areas stacked top to bottom (a portrait table for two seats, with room left for
cards a ruleset may never deal). The window re-lays them for the seat that looks: the other seats' zones in
bands above the middle, the shared zones in the middle, this seat's zones below it and its own hand last (the
hand strip covers it). Each zone is as wide as what it holds (a stack one card, a row its cards, a fan of backs
a few overlapped cards) and as wide as its label (a seat's zone's label says whose it is); every label has a band of its own above its zone, so no label
crosses another zone or label. A seat's zones wrap into more lines when that lets the table fill the room the
window has for it (`room`) at a larger zoom. The free table keeps the engine's coordinates (pieces lying on it
stay where they were), so the middle band sits at the middle of the engine's table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .layout import ZoneBox

__all__ = ["ATTACH_PEEK", "CARD_H", "CARD_W", "LABEL_H", "TUCK_PAD", "Arrangement", "arrange", "attachments", "content_h",
           "content_w", "fit_label", "label_char_w",
           "label_variants", "own_label", "seat_label"]

CARD_W, CARD_H = 126.0, 176.0
#: how much of a piece attached under a host shows above it, per piece under it (table units): its name line
ATTACH_PEEK = 0.3 * CARD_H
#: the room above and below the cards of a zone that holds tucked cards (table units): its frame, taller than the
#: frames beside it, shows around its cards rather than hiding under them (at the smallest zoom, ~6 px)
TUCK_PAD = 24.0

#: height of the band above each zone that holds its label (table units), at least LABEL_MIN_PX pixels at the zoom
LABEL_H, LABEL_MIN_PX = 40.0, 13.0
ZONE_GAP = 18.0
BAND_GAP = 14.0
#: the line widths tried when wrapping a seat's zones (the first when the window's room is not known)
LINE_WIDTHS = (2600.0, 2000.0, 1600.0, 1300.0, 1000.0, 800.0)
#: a seat's zones on one line however wide (the zoom then shrinks with the width alone, so it settles)
ONE_LINE = 1e9
#: line widths as shares of the room's width at the zoom shown (they grow in table units as labels do: they settle)
ROOM_WIDTHS = (0.98, 0.75, 0.55)
#: a row grows a card wide per card it holds, up to this many (or the engine's width) before its cards overlap
ROW_MOST = 10
#: the middle band when the open table holds pieces (a sandbox plays on it)
OPEN_MIDDLE_H = 420.0
#: label sizes (pixels) the layout makes room for: LABEL_PX_AT_1 table units per pixel of zoom, within these
LABEL_PX_LO, LABEL_PX_HI, LABEL_PX_AT_1 = 8.0, 12.0, 30.0
#: the width of an average character of a bold label, per pixel of its size (generous: labels must never be cut)
CHAR_EM = 0.64
#: the room around the fitted table the camera keeps (pixels, see Camera.fit)
FIT_PAD = 20


@dataclass(slots=True)
class Arrangement:
    """The window's geometry of a view: each zone's rectangle, the table's size and the part of it to fit."""

    rects: dict[str, tuple[float, float, float, float]]
    table: tuple[float, float]
    #: what the camera fits: every zone but the seat's own hand (the hand strip shows that), and the middle
    fit: tuple[float, float, float, float]
    #: table units reserved per label character, and the height of the label bands
    char_w: float = 0.0
    label_h: float = LABEL_H
    #: every seat's zone (the own hand aside), with the label it makes room for (it names the seat)
    leads: dict[str, str] = field(default_factory=dict)

    def zoom_in(self, room: tuple[float, float]) -> float:
        """The zoom at which the fitted part fills `room` (pixels) as the camera fits it."""
        _, _, w, h = self.fit
        return min((room[0] - 2 * FIT_PAD) / max(w, 1.0), (room[1] - 2 * FIT_PAD) / max(h, 1.0))


def label_char_w(zoom: float) -> float:
    """Table units to reserve per label character so the label reads at least LABEL_PX_LO pixels at `zoom`."""
    px = min(LABEL_PX_HI, max(LABEL_PX_LO, LABEL_PX_AT_1 * zoom))
    return CHAR_EM * px / max(zoom, 0.05)


def label_variants(zone: ZoneBox, names: dict[int, str]) -> list[str]:
    """The ways a zone's label may read, longest first. A seat's zone always says whose it is ("Your bureau",
    "Seat 2 · Field"): at every size, for every seat (two seats' bands of alike zones must not read alike); the
    longer form adds a hand of backs' count."""
    label = zone.label
    count = f" · {zone.count} card{'s' if zone.count != 1 else ''}" if zone.kind == "hand" and not zone.mine else ""
    if zone.mine and zone.kind == "hand":
        return ["Your hand (below)", "Your hand"]
    if zone.mine:
        return [own_label(label)]
    if zone.owner is not None:
        who = names.get(zone.owner, f"Seat {zone.owner + 1}")
        return list(dict.fromkeys([f"{who} · {label}{count}", seat_label(who, label)]))
    return [label]


def own_label(label: str) -> str:
    """The label of a zone of the seat that looks: "Your bureau"."""
    return f"Your {label.lower()}"


def seat_label(who: str, label: str) -> str:
    """The shortest label of another seat's zone: "Seat 2 · Field"."""
    return f"{who} · {label}"


#: label font sizes (pixels) the window tries, largest first; below LABEL_SHORT_PX only the shortest text is tried
LABEL_PX = (15, 14, 13, 12, 11, 10, 9, 8)
LABEL_SHORT_PX = 11


def fit_label(variants: list[str], box_w: float, box_h: float,
              measure: Callable[[str, int], tuple[int, int]]) -> tuple[str, int]:
    """The text and font size (pixels) of a label in a box of `box_w` x `box_h` pixels, never cut: the longest
    variant that fits at LABEL_SHORT_PX or more (at the largest such size), else the shortest at the largest size
    it fits; `measure(text, px)` is the size the font draws it. If nothing fits even at the smallest size, the
    shortest variant at that size (the layout test catches it)."""
    def fits(text: str, px: int) -> bool:
        w, h = measure(text, px)
        return w <= box_w - 4 and h <= box_h

    for text in variants:
        for px in LABEL_PX:
            if px >= LABEL_SHORT_PX and fits(text, px):
                return text, px
    for px in LABEL_PX:
        if fits(variants[-1], px):
            return variants[-1], px
    return variants[-1], LABEL_PX[-1]


def attachments(pieces: list[dict[str, Any]]) -> dict[str, tuple[str, int]]:
    """The pieces of a zone attached under another piece of it: id -> (host id, depth: 1 for the first under the
    host, 2 for the next...), so a row lays each under its host (tucked, its name line showing above the host's)
    rather than in a place of its own (Equipment requisitioned for an Agent)."""
    parent = {p["id"]: p.get("attached_to") for p in pieces}
    out: dict[str, tuple[str, int]] = {}
    depth: dict[str, int] = {}
    for p in pieces:
        host, seen = parent[p["id"]], {p["id"]}
        while host in parent and parent[host] in parent and host not in seen:  # under a card tucked itself: its host
            seen.add(host)
            host = parent[host]
        if host in parent and host not in seen:
            depth[host] = depth.get(host, 0) + 1
            out[p["id"]] = (host, depth[host])
    return out


def _tucked(z: dict[str, Any]) -> dict[str, tuple[str, int]]:
    return attachments(list(z.get("pieces", ()))) if z.get("layout", "free") in ("row", "fan") else {}


def _base_w(z: dict[str, Any]) -> float:
    """A zone's width for what it holds (its label aside): a place per card, none for one tucked under another."""
    layout = z.get("layout", "free")
    n = int(z.get("count", len(z.get("pieces", ())))) - len(_tucked(z))
    ew = float(z.get("rect", (0, 0, CARD_W + 20, CARD_H + 20))[2])
    if layout == "stack":
        return CARD_W + 20
    if layout == "row":
        most = max(ROW_MOST, int((ew - 10) // (CARD_W + 10)))
        slots = min(max(2, n), most)
        return 20 + slots * (CARD_W + 10) - 10
    if layout == "fan":  # another seat's hand: a few overlapped backs, however many it holds
        return min(20 + CARD_W + 6 * CARD_W * 0.35, max(ew, CARD_W + 20))
    return ew


def content_w(z: dict[str, Any], char_w: float = 0.0, label: str | None = None) -> float:
    """A zone's width for what it holds and, with `char_w`, for its label (its shortest text, or `label`)."""
    label = label if label is not None else str(z.get("label") or z["name"])
    return max(_base_w(z), (len(label) + 2) * char_w)


def content_h(z: dict[str, Any]) -> float:
    """A zone's height: the engine's, at least a card's, and the name lines of the cards tucked under its cards."""
    eh = float(z.get("rect", (0, 0, 0, CARD_H + 20))[3])
    if z.get("layout", "free") == "grid":
        return eh
    deepest = max((d for _, d in _tucked(z).values()), default=0)
    return max(eh, CARD_H + 12) + (ATTACH_PEEK * deepest + 2 * TUCK_PAD if deepest else 0.0)


@dataclass(slots=True)
class _Zone:
    """What the arrangement needs of a zone, read once: its name, width for its content, label length, height."""

    name: str
    base_w: float
    chars: int
    h: float

    def width(self, char_w: float) -> float:
        return max(self.base_w, (self.chars + 2) * char_w)


Line = list[tuple[_Zone, float]]


@dataclass(slots=True)
class _Parts:
    """A view's zones sorted into the arrangement's groups (the part of `arrange` that does not depend on widths)."""

    table: tuple[float, float]
    others: list[list[_Zone]]
    own: list[_Zone]
    shared: list[_Zone]
    own_hand: _Zone | None
    open_pieces: bool
    loose: list[tuple[float, float]]
    leads: dict[str, str]
    rest: dict[str, tuple[float, float, float, float]]
    felt: list[str]


def _parts(zones: list[dict[str, Any]], seat: int | None, table: tuple[float, float],
           names: dict[int, str]) -> _Parts:
    tw, th = float(table[0]), float(table[1])
    bands: dict[int, list[dict[str, Any]]] = {}
    shared: list[dict[str, Any]] = []
    own_hand: _Zone | None = None
    open_pieces = False
    loose: list[tuple[float, float]] = []
    rest: dict[str, tuple[float, float, float, float]] = {}
    felt: list[str] = []

    def entry(z: dict[str, Any], label: str | None = None) -> _Zone:
        return _Zone(z["name"], _base_w(z), len(label if label is not None else str(z.get("label") or z["name"])),
                     content_h(z))

    for z in zones:
        if z.get("layout", "free") == "free":
            if z.get("kind") == "table" or z["name"] == "table":
                open_pieces = open_pieces or bool(z.get("pieces"))
                loose += [(float(p["x"]), float(p["y"])) for p in z.get("pieces", ()) if "x" in p and "y" in p]
                felt.append(z["name"])
            else:
                rest[z["name"]] = tuple(float(v) for v in z.get("rect", (0, 0, 0, 0)))  # type: ignore[assignment]
            continue
        owner = z.get("owner")
        if owner is None:
            shared.append(z)
        elif owner == seat and z.get("kind") == "hand":
            own_hand = entry(z)
        else:
            bands.setdefault(int(owner), []).append(z)

    def edge_order(zs: list[dict[str, Any]]) -> list[dict[str, Any]]:
        # the rows nearest the seat's table edge first, each left to right (as the engine placed them)
        if not zs:
            return zs
        top = sum(float(z["rect"][1]) for z in zs) / len(zs) < th / 2
        return sorted(zs, key=lambda z: (round(float(z["rect"][1]) if top
                                               else -float(z["rect"][1]) - float(z["rect"][3])), float(z["rect"][0])))

    # the other seats top to bottom, the one after this seat nearest the middle; every seat's zone is labelled
    # with whose it is, and made wide enough for that label
    leads: dict[str, str] = {}

    def owned(z: dict[str, Any], text: str) -> _Zone:
        leads[z["name"]] = text
        return entry(z, text)

    others = []
    for s in sorted((s for s in bands if s != seat), key=lambda s: -((s - (seat or 0)) % 64)):
        who = names.get(s, f"Seat {s + 1}")
        others.append([owned(z, seat_label(who, str(z.get("label") or z["name"]))) for z in edge_order(bands[s])])
    own = [owned(z, own_label(str(z.get("label") or z["name"]))) for z in edge_order(bands.get(seat, []))] \
        if seat is not None else []
    middle = [entry(z) for z in sorted(shared, key=lambda z: float(z["rect"][0]))]
    return _Parts((tw, th), others, own, middle, own_hand, open_pieces, loose, leads, rest, felt)


def _lines(zones: list[_Zone], max_w: float, char_w: float) -> list[Line]:
    """Break a band's zones (in order) into lines no wider than `max_w`."""
    lines: list[Line] = [[]]
    used = 0.0
    for z in zones:
        w = z.width(char_w)
        if lines[-1] and used + ZONE_GAP + w > max_w:
            lines.append([])
            used = 0.0
        used += (ZONE_GAP if lines[-1] else 0.0) + w
        lines[-1].append((z, w))
    return [ln for ln in lines if ln]


def _line_w(line: Line) -> float:
    return sum(w for _, w in line) + ZONE_GAP * (len(line) - 1)


def _line_h(line: Line, label_h: float = LABEL_H) -> float:
    return label_h + max(z.h for z, _ in line)


def arrange(zones: list[dict[str, Any]], seat: int | None, table: tuple[float, float],
            room: tuple[float, float] | None = None, names: dict[int, str] | None = None) -> Arrangement:
    """Where the window draws each zone of a view for `seat`, for a table view of `room` pixels (width, height
    above the hand strip): of the line widths tried, the one that shows the table largest with every label sized
for the zoom it is shown at, landscape when one is (see the notes above).
    `names`: the seats' names (the first zone of another seat's band is labelled with it)."""
    parts = _parts(zones, seat, table, names or {})
    if room is None:
        return _arrange(parts, LINE_WIDTHS[0], label_char_w(0.5), LABEL_H)
    best: tuple[bool, bool, float, Arrangement] | None = None
    for wrap in (ONE_LINE, *ROOM_WIDTHS, *LINE_WIDTHS):
        fits, zoom, a = _settle(parts, wrap, room, best[2] * 0.8 if best is not None and best[0] else 0.0)
        wide = a.fit[2] > a.fit[3]  # a landscape table, as the window is
        if best is None or (fits, wide, zoom) > (best[0], best[1], best[2] * 1.01):
            best = (fits, wide, zoom, a)
    assert best is not None
    return best[3]


def _settle(parts: _Parts, wrap: float, room: tuple[float, float], floor: float = 0.0) -> tuple[bool, float, Arrangement]:
    """The arrangement with lines `wrap` wide (table units; below 1, that share of the room's width at the zoom
    it is shown at) whose labels are sized for that zoom: labels need more table units at a smaller zoom, which
    makes the zoom smaller still, so it is made again until the zoom is no smaller than the one its labels were
    sized for (`fits`), or gives up (lines of fixed units that wrap ever more as their labels grow never settle; and
    once the zoom is below `floor`, which it only falls further from)."""
    def line_w(zoom: float) -> float:
        return wrap if wrap >= 1 else wrap * (room[0] - 2 * FIT_PAD) / zoom

    a = _arrange(parts, line_w(0.5), label_char_w(0.5), LABEL_H)
    assumed = 0.0
    for _ in range(6):
        z = a.zoom_in(room)
        if assumed and z >= assumed:
            return True, z, a
        if z < floor:
            return False, z, a
        assumed = z * 0.95
        a = _arrange(parts, line_w(assumed), label_char_w(assumed), max(LABEL_H, LABEL_MIN_PX / assumed))
    return a.zoom_in(room) >= assumed, a.zoom_in(room), a


def _arrange(parts: _Parts, max_w: float, char_w: float, label_h: float) -> Arrangement:
    tw, th = parts.table
    rects: dict[str, tuple[float, float, float, float]] = dict(parts.rest)
    # seats whose zones fit on one line share it (a sandbox's hands side by side)
    other_lines: list[Line] = []
    for band in parts.others:
        lines = _lines(band, max_w, char_w)
        if (len(lines) == 1 and other_lines and max_w < ONE_LINE
                and _line_w(other_lines[-1]) + 3 * ZONE_GAP + _line_w(lines[0]) <= max_w):
            other_lines[-1] = other_lines[-1] + lines[0]
        else:
            other_lines.extend(lines)
    own_lines = _lines(parts.own, max_w, char_w)
    shared_lines = _lines(parts.shared, max_w, char_w)
    widths = [_line_w(ln) for ln in (*other_lines, *own_lines, *shared_lines)]
    width = max([tw, *(w + 40 for w in widths)])

    def place(line: Line, y: float) -> float:
        x = (width - _line_w(line)) / 2
        for z, w in line:
            rects[z.name] = (x, y + label_h, w, z.h)
            x += w + ZONE_GAP
        return y + _line_h(line, label_h)

    shared_h = sum(_line_h(ln, label_h) for ln in shared_lines) + BAND_GAP * max(0, len(shared_lines) - 1)
    mid_h = max(shared_h, OPEN_MIDDLE_H) if parts.open_pieces else shared_h
    mid_top = th / 2 - mid_h / 2
    above = sum(_line_h(ln, label_h) + BAND_GAP for ln in other_lines)
    shift = max(0.0, 10.0 - (mid_top - above))
    mid_top += shift
    y = top = mid_top - above
    for ln in other_lines:
        y = place(ln, y) + BAND_GAP
    y = mid_top + (mid_h - shared_h) / 2
    for ln in shared_lines:
        y = place(ln, y) + BAND_GAP
    y = max(y, mid_top + mid_h + BAND_GAP)
    for ln in own_lines:
        y = place(ln, y) + BAND_GAP
    bottom = y
    own_hand = parts.own_hand
    placed = list(rects.values())
    if own_hand is not None:  # under the hand strip
        y += label_h + own_hand.h + BAND_GAP
    height = max(th + shift, y + 10)
    for name in parts.felt:
        rects[name] = (0.0, 0.0, width, height)
    # the camera fits the zones and the loose pieces between them, not the empty felt to either side
    between = [x for x, y in parts.loose if top <= y <= bottom]
    xs = [r[0] for r in placed] + [x - CARD_W for x in between]
    xe = [r[0] + r[2] for r in placed] + [x + CARD_W for x in between]
    x0, x1 = (max(0.0, min(xs) - 20), min(width, max(xe) + 20)) if xs else (0.0, width)
    if own_hand is not None:  # as wide as what the camera fits
        rects[own_hand.name] = (x0 + 10, bottom + label_h, x1 - x0 - 20, own_hand.h)
    return Arrangement(rects, (width, height), (x0, top - 10, x1 - x0, bottom - top + 10), char_w, label_h,
                       parts.leads)
