"""Drawing a layout: the felt, the zones and their labels, every piece, and the seat's hand strip.

The table (felt, zones, pieces at rest) comes from a cached scene surface per zoom that a change of the view only
patches where it changed (`Scene`); a screen-sized layer holds the scene at the camera's place with the zone labels
and marks, rebuilt when the view, the camera, the selection or the highlighted pieces change. Each frame blits that
layer, then the moving things on top (hover, drag, box select, hand).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from ..panels.status import badge_text
from .assets import AssetLoader, hex_color
from .camera import Camera
from .layout import CARD_H, CARD_W, Item, Layout, ZoneBox, fit_label, label_variants
from .scene import Scene

__all__ = ["BG", "FELT", "HandCard", "HandStrip", "LabelPlacement", "Renderer"]

BG = (24, 28, 33)
FELT = (38, 94, 70)
FELT_EDGE = (92, 62, 38)
SELECT = (90, 170, 255)
GLOW = (255, 214, 80)
#: how far the legal-move glow reaches out of a card (its outline's outer edge)
GLOW_OUT = 5
HOVER = (255, 255, 255)
#: a hovered card drawn smaller than this (pixels high) is shown ZOOM_H high beside itself
ZOOM_BELOW, ZOOM_H = 150, 300


def _fill_around(target: pygame.Surface, color: tuple[int, int, int], area: pygame.Rect, hole: pygame.Rect) -> None:
    """Fill the parts of `area` that `hole` does not cover (at most four strips)."""
    inner = area.clip(hole)
    if inner.w == 0 or inner.h == 0:
        target.fill(color, area)
        return
    if inner.y > area.y:
        target.fill(color, (area.x, area.y, area.w, inner.y - area.y))
    if inner.bottom < area.bottom:
        target.fill(color, (area.x, inner.bottom, area.w, area.bottom - inner.bottom))
    if inner.x > area.x:
        target.fill(color, (area.x, inner.y, inner.x - area.x, inner.h))
    if inner.right < area.right:
        target.fill(color, (inner.right, inner.y, area.right - inner.right, inner.h))


@dataclass(slots=True)
class LabelPlacement:
    """A zone label as drawn: its text, font size (pixels), rendered surface and top-left on the screen."""

    text: str
    px: int
    surface: pygame.Surface
    at: tuple[int, int]

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.at, self.surface.get_size())


@dataclass(slots=True)
class HandCard:
    """A card of the seat's own hand as shown in the strip: its view dict and its screen rectangle."""

    piece: dict[str, Any]
    rect: pygame.Rect
    index: int
    #: 1: drawn behind its neighbours, raised so its name strip shows above them (a crowded hand)
    back: int = 0

    @property
    def pid(self) -> str:
        return self.piece["id"]


class HandStrip:
    """The seat's hand fanned along the bottom edge of the table view, large enough to read.

    A hand too long for one row of whole cards overlaps them; once the overlap would hide a card's name, every
    other card sits a name strip higher, behind its neighbours (a brick pattern): each card's title shows,
    above the front cards or left of the next one, and the hand still reads left to right."""

    #: a window at least this high gets the full strip; a lower one a strip in proportion (no lower than MIN_H)
    FULL_AT, MIN_H = 800, 120

    def __init__(self, height: int = 170) -> None:
        self.full_height = height
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.cards: list[HandCard] = []

    @property
    def height(self) -> int:
        """The strip's height in the window as it is now: full from FULL_AT pixels high, less in a lower one."""
        screen = pygame.display.get_surface()
        h = screen.get_height() if screen is not None else self.FULL_AT
        if h >= self.FULL_AT:
            return self.full_height
        return max(self.MIN_H, round(self.full_height * h / self.FULL_AT))

    def place(self, viewport: tuple[int, int, int, int], pieces: Sequence[dict[str, Any]],
              hidden: Collection[str] = ()) -> None:
        vx, vy, vw, vh = viewport
        self.rect = pygame.Rect(vx, vy + vh - self.height, vw, self.height)
        h = self.height - 30
        w = round(h * CARD_W / CARD_H)
        shown = [(i, p) for i, p in enumerate(pieces) if p["id"] not in hidden]
        n = len(shown)
        margin = 90
        step = self._step(w, n, self.rect.w - 2 * margin)
        peek = 0
        if n > 2 and step < w * 0.9:  # one row would hide the names: use the strip's width, then two layers
            margin = 16
            peek = self.peek(h)
            h -= peek
            w = round(h * CARD_W / CARD_H)
            step = self._step(w, n, self.rect.w - 2 * margin)
        room = self.rect.w - 2 * margin
        total = step * (n - 1) + w if n else 0
        x0 = self.rect.x + margin + (room - total) / 2
        top = self.rect.y + 22
        self.cards = []
        for k, (i, p) in enumerate(shown):
            back = int(peek > 0 and k % 2 == 0)
            y = top if back or not peek else top + peek
            self.cards.append(HandCard(p, pygame.Rect(round(x0 + k * step), y, w, h), i, back))

    @staticmethod
    def peek(card_h: int) -> int:
        """How far a back card stands above the front ones: its title bar (`AssetLoader._proxy_title`) and a
        little more, for a front card `card_h` high."""
        return int(card_h * 0.09) + max(3, round(card_h * CARD_W / CARD_H) // 20) + 5

    @staticmethod
    def _step(w: int, n: int, room: float) -> float:
        return min(w + 10, (room - w) / (n - 1)) if n > 1 else 0

    def _drawn(self, hover: str | None = None) -> list[HandCard]:
        """The cards in drawing order: the back layer, then the front one (each left to right), then the hovered
        card, whole on top of its neighbours."""
        return sorted(self.cards, key=lambda c: (c.pid == hover, -c.back))

    def hit(self, pos: tuple[float, float], hover: str | None = None) -> HandCard | None:
        """The card under `pos`, the topmost as drawn (`hover`: the card hovered now, which is drawn raised and on
        top, and so keeps the pointer while it is anywhere on it)."""
        for card in reversed(self._drawn(hover)):
            r = card.rect.move(0, -16) if card.pid == hover else card.rect
            if r.collidepoint(pos):
                return card
        return None

    def spot(self, pid: str) -> tuple[int, int]:
        """A point on the visible part of card `pid`, where a player would grab it: left of the next card of its
        layer, and in a back card's raised strip."""
        cards = self.cards
        for k, c in enumerate(cards):
            if c.pid != pid:
                continue
            layered = any(o.back for o in cards)
            nxt = k + 2 if layered else k + 1
            right = min(c.rect.right, cards[nxt].rect.x) if nxt < len(cards) else c.rect.right
            x = (c.rect.x + max(c.rect.x + 2, right)) // 2
            if c.back:
                front = [o.rect.y for o in cards if not o.back]
                return (x, (c.rect.y + (min(front) if front else c.rect.bottom)) // 2)
            return (x, c.rect.centery)
        raise KeyError(pid)

    def insert_index(self, x: float) -> int:
        """Where a card dropped at screen x goes in the hand."""
        for card in self.cards:
            if x < card.rect.centerx:
                return card.index
        return (self.cards[-1].index + 1) if self.cards else 0

    def draw(self, surface: pygame.Surface, assets: AssetLoader, label: str, hover: str | None,
             selected: Collection[str], drop_target: bool, glow: Collection[str] = ()) -> None:
        surface.fill((20, 25, 30) if not drop_target else (40, 44, 30), self.rect)
        pygame.draw.line(surface, (255, 214, 80) if drop_target else (80, 90, 100), self.rect.topleft,
                         self.rect.topright, 2)
        # each card's outline right after the card, so the next card covers it as it covers the card: an outline
        # drawn over the whole hand hid a packed hand's ranks (the corner of every next card)
        cards = self._drawn(hover)
        raised = cards.pop() if cards and cards[-1].pid == hover else None
        for card in cards:
            self._draw_card(surface, assets, card, card.rect, selected, glow, hover)
        # the label over the resting cards, its words above their outlines, on a plate of the strip's own colour
        # that ends where the outlines begin: they stay whole, corners and all
        text = assets.text(label, 14, (220, 225, 230), bold=True)
        at = self.label_at(text)
        plate = text.get_bounding_rect().move(at).inflate(8, 2)
        plate.h = min(plate.h, self.outline_top() - plate.top)
        surface.fill((20, 25, 30) if not drop_target else (40, 44, 30), plate)
        surface.blit(text, at)
        if raised is not None:  # the hovered card rises whole, over the label too
            self._draw_card(surface, assets, raised, raised.rect.move(0, -16), selected, glow, hover)

    def outline_top(self) -> int:
        """The highest row a resting card's outline (the legal-move glow, the widest) reaches."""
        return min((c.rect.top for c in self.cards), default=self.rect.bottom) - GLOW_OUT

    def label_at(self, text: pygame.Surface) -> tuple[int, int]:
        """Where the hand label's rendered `text` goes: 4 px under the strip's edge, or higher (never over the
        edge's line) so that its ink ends above the cards' outlines (`outline_top`)."""
        ink = text.get_bounding_rect()
        y = min(self.rect.y + 4, self.outline_top() - 1 - ink.bottom)
        return (self.rect.x + 12, max(y, self.rect.y + 3 - ink.top))

    @staticmethod
    def _draw_card(surface: pygame.Surface, assets: AssetLoader, card: HandCard, r: pygame.Rect,
                   selected: Collection[str], glow: Collection[str], hover: str | None) -> None:
        surface.blit(assets.card(card.piece.get("card"), card.piece.get("face_up", True), r.size), r.topleft)
        if card.pid in glow:  # a card a legal move plays, as on the table
            pygame.draw.rect(surface, GLOW, r.inflate(2 * GLOW_OUT, 2 * GLOW_OUT), 3, border_radius=9)
        if card.pid in selected:
            pygame.draw.rect(surface, SELECT, r.inflate(6, 6), 3, border_radius=8)
        elif card.pid == hover:
            pygame.draw.rect(surface, HOVER, r.inflate(4, 4), 2, border_radius=8)


class Renderer:
    """Draws the table for one camera; owns the cached table layer."""

    def __init__(self, assets: AssetLoader) -> None:
        self.assets = assets
        self.layer: pygame.Surface | None = None
        self.layer_key: tuple[Any, ...] | None = None
        self.rebuilds = 0
        self._felt = self._felt_tile()
        self.bg_color = BG
        self.scene = Scene(self)
        self._last_key: Any = None
        self._bg: pygame.Surface | None = None
        self._bg_key: Any = None
        self._bg_edge = 0
        #: with `record` on, `drawn` lists every (surface, position) blitted for the table in the last frame
        self.record = False
        self.drawn: list[tuple[pygame.Surface, tuple[int, int]]] = []
        self.moving_drawn: list[tuple[pygame.Surface, tuple[int, int]]] = []

    @staticmethod
    def _felt_tile() -> pygame.Surface:
        rng = random.Random(7)
        tile = pygame.Surface((96, 96))
        tile.fill(FELT)
        for _ in range(1400):
            d = rng.randint(-7, 7)
            c = (FELT[0] + d, FELT[1] + d + rng.randint(-2, 2), FELT[2] + d)
            tile.set_at((rng.randrange(96), rng.randrange(96)), c)
        return tile

    # -- the cached layer --

    def draw_table(self, surface: pygame.Surface, layout: Layout, camera: Camera, *, seq: Any,
                   selected: Collection[str] = (), glow: Collection[str] = (), skip: Collection[str] = (),
                   lift: str | None = None, players: Sequence[dict[str, Any]] = ()) -> None:
        """Draw the table inside the camera's viewport (nothing outside it is touched).

        While the picture changes every frame (a pan, a zoom) it is drawn straight onto the screen from the cached
        scene; once it holds still for a frame it is kept in a layer, and later frames only blit that layer.
        """
        key = (seq, camera.key(), surface.get_size(), frozenset(selected), frozenset(glow), frozenset(skip), lift)
        size = surface.get_size()
        vp = pygame.Rect(camera.viewport).clip(surface.get_rect())
        if self.record:
            self.drawn = []
        if self.layer is not None and key == self.layer_key and self.layer.get_size() == size:
            surface.blit(self.layer, vp.topleft, vp)
            if self.record:
                self.drawn.append((self.layer.subsurface(vp), vp.topleft))
            return
        self.rebuilds += 1
        if key != self._last_key:
            self._last_key = key
            self.render_layer(surface, layout, camera, selected=selected, glow=glow, skip=skip, lift=lift,
                              players=players)
            return
        if self.layer is None or self.layer.get_size() != size:
            self.layer = pygame.Surface(size).convert()
        record, self.record = self.record, False
        self.render_layer(self.layer, layout, camera, selected=selected, glow=glow, skip=skip, lift=lift,
                          players=players)
        self.record = record
        self.layer_key = key
        surface.blit(self.layer, vp.topleft, vp)
        if self.record:
            self.drawn.append((self.layer.subsurface(vp), vp.topleft))

    def _blit(self, target: pygame.Surface, surf: pygame.Surface, at: tuple[int, int]) -> None:
        target.blit(surf, at)
        if self.record:
            self.drawn.append((surf, at))

    def render_layer(self, target: pygame.Surface, layout: Layout, camera: Camera, *,
                     selected: Collection[str] = (), glow: Collection[str] = (), skip: Collection[str] = (),
                     lift: str | None = None, players: Sequence[dict[str, Any]] = ()) -> None:
        """Felt, zones and every resting piece (`lift`: a stack whose top is being dragged), then labels and marks.

        Felt, zones and pieces come from one cached scene surface per zoom and layout, so a pan costs one blit;
        when the scene would be too large (zoomed far in) they are drawn piece by piece, culled to the viewport.
        """
        vp = pygame.Rect(camera.viewport)
        target.set_clip(vp)
        names = {p["seat"]: p for p in players}
        scene = self._scene(layout, camera, names, skip, lift)
        if scene is not None:
            surf, (ox, oy) = scene
            z = camera.zoom
            vx, vy, vw, vh = camera.viewport
            at = (round(vx + vw / 2 - camera.cx * z) - ox, round(vy + vh / 2 - camera.cy * z) - oy)
            _fill_around(target, BG, vp, surf.get_rect(topleft=at))
            self._blit(target, surf, at)
        else:
            target.fill(BG, vp)
            self._felt_rect(target, camera)
            for zone in layout.zones:
                if zone.name != "table":
                    self._zone(target, zone, camera, names)
            blits = self.piece_blits(layout, camera, skip, lift)
            target.fblits(blits)
            if self.record:
                self.drawn.extend(blits)
        for zone in layout.zones:
            if zone.name != "table":
                self._zone_label(target, zone, camera, names)
        self._decorations(target, layout, camera, selected, glow, skip)
        target.set_clip(None)

    def _scene(self, layout: Layout, camera: Camera, names: dict[int, dict[str, Any]], skip: Collection[str],
               lift: str | None) -> tuple[pygame.Surface, tuple[int, int]] | None:
        """Felt, zone boxes and resting pieces at this zoom as one surface, with where the table's origin lies in
        it (None when it would be huge); kept current by redrawing what changed (see `Scene`)."""
        bg = self._background(layout, camera, names)
        if bg is None:
            return None
        return self.scene.get(layout, camera, bg, self._bg_edge, self._bg_key, frozenset(skip), lift)

    def _background(self, layout: Layout, camera: Camera, names: dict[int, dict[str, Any]]) -> pygame.Surface | None:
        """The felt with its rim and the zone boxes at this zoom, as one surface (None when it would be huge)."""
        z = camera.zoom
        key = (z, camera.flipped, camera.table_w, camera.table_h,
               tuple((b.name, b.rect, b.owner, b.mine) for b in layout.zones),
               tuple(sorted((k, v.get("color", "")) for k, v in names.items())))
        if key == self._bg_key:
            return self._bg
        self._bg_key = key
        edge = max(4, round(18 * z)) + 2
        w, h = round(camera.table_w * z) + 2 * edge, round(camera.table_h * z) + 2 * edge
        if w * h > 6_000_000:
            self._bg = None
            return None
        bg = pygame.Surface((w, h)).convert()
        bg.fill(BG)
        local = Camera((camera.table_w, camera.table_h), (0, 0, w, h))
        local.base, local.step, local.flipped = camera.base, camera.step, camera.flipped
        local.cx, local.cy = (w / 2 - edge) / z, (h / 2 - edge) / z
        bg.set_clip(bg.get_rect())
        self._felt_rect(bg, local)
        for zone in layout.zones:
            if zone.name != "table":
                self._zone(bg, zone, local, names)
        bg.set_clip(None)
        self._bg, self._bg_edge = bg, edge
        return bg

    def _felt_rect(self, target: pygame.Surface, camera: Camera) -> None:
        x0, y0 = camera.to_screen(0, 0)
        x1, y1 = camera.to_screen(camera.table_w, camera.table_h)
        rect = pygame.Rect(round(min(x0, x1)), round(min(y0, y1)), round(abs(x1 - x0)), round(abs(y1 - y0)))
        edge = max(4, round(18 * camera.zoom))
        pygame.draw.rect(target, FELT_EDGE, rect.inflate(2 * edge, 2 * edge), border_radius=edge * 2)
        pygame.draw.rect(target, (60, 40, 24), rect.inflate(2 * edge, 2 * edge), 2, border_radius=edge * 2)
        clip = target.get_clip().clip(rect)
        if clip.w > 0 and clip.h > 0:
            old = target.get_clip()
            target.set_clip(clip)
            tw, th = self._felt.get_size()
            ox = rect.x + ((clip.x - rect.x) // tw) * tw
            oy = rect.y + ((clip.y - rect.y) // th) * th
            tiles = [(self._felt, (x, y)) for y in range(oy, clip.bottom, th) for x in range(ox, clip.right, tw)]
            target.fblits(tiles)
            target.set_clip(old)
        pygame.draw.rect(target, (28, 70, 52), rect, 2)

    def screen_rect(self, camera: Camera, rect: tuple[float, float, float, float]) -> pygame.Rect:
        """A rectangle of the table (a zone, a label band) on the screen, in pixels."""
        return self._zone_rect(camera, rect)

    def _zone_rect(self, camera: Camera, rect: tuple[float, float, float, float]) -> pygame.Rect:
        x, y, w, h = rect
        ax, ay = camera.to_screen(x, y)
        bx, by = camera.to_screen(x + w, y + h)
        return pygame.Rect(round(min(ax, bx)), round(min(ay, by)), round(abs(bx - ax)), round(abs(by - ay)))

    def _zone(self, target: pygame.Surface, zone: ZoneBox, camera: Camera, players: dict[int, dict[str, Any]]) -> None:
        if zone.mine and zone.kind == "hand":
            return  # under the hand strip, which shows it
        r = self._zone_rect(camera, zone.rect)
        if not r.colliderect(target.get_clip()):
            return
        color = hex_color(players.get(zone.owner, {}).get("color", ""), (230, 230, 230)) if zone.owner is not None else (230, 230, 230)

        def make() -> pygame.Surface:
            box = pygame.Surface(r.size, pygame.SRCALPHA)
            rad = max(4, min(r.w, r.h) // 12)
            pygame.draw.rect(box, (0, 0, 0, 46), box.get_rect(), border_radius=rad)
            pygame.draw.rect(box, (*color, 120 if zone.mine else 80), box.get_rect(), 2, border_radius=rad)
            return box

        target.blit(self.assets.cached(("zonebox", r.size, color, zone.mine), make), r.topleft)

    def _zone_label(self, target: pygame.Surface, zone: ZoneBox, camera: Camera,
                    players: dict[int, dict[str, Any]]) -> None:
        """The zone's name in the band above its box (`ZoneBox.label_rect`), drawn over the pieces."""
        placed = self.label_placement(zone, camera, players)
        if placed is not None:
            self._blit(target, placed.surface, placed.at)

    def label_placement(self, zone: ZoneBox, camera: Camera, players: dict[int, dict[str, Any]] | Sequence[Any]
                        ) -> LabelPlacement | None:
        """The label a zone shows and where (None: off screen): the text and size `fit_label` picks for its band."""
        if zone.mine and zone.kind == "hand":
            return None  # it lies under the hand strip, which has a label of its own
        if not isinstance(players, dict):
            players = {p["seat"]: p for p in players}
        r = self._zone_rect(camera, zone.label_rect)
        if not r.colliderect(pygame.Rect(camera.viewport)):
            return None
        names = {k: str(v.get("name", f"Seat {k + 1}")) for k, v in players.items()}
        text, px = fit_label(label_variants(zone, names), r.w, r.h, self.label_measure)
        t = self.assets.text(text, px, (235, 240, 235), bold=True)
        return LabelPlacement(text, px, t, (r.x + 2, r.y + max(0, (r.h - t.get_height()) // 2)))

    def label_measure(self, text: str, px: int) -> tuple[int, int]:
        """The size a zone label's text takes at `px` in the font labels are drawn with."""
        font = self.assets.font(px, True)
        return (font.size(text)[0], font.get_height())

    def piece_blits(self, layout: Layout, camera: Camera, skip: Collection[str] = (),
                    lift: str | None = None) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """Surfaces and screen positions of every resting piece inside the viewport, in draw order (the layout's
        grid finds them, so the cost follows what is in view)."""
        z = camera.zoom
        vx, vy, vw, vh = camera.viewport
        tx = round(vx + vw / 2 - camera.cx * z)
        ty = round(vy + vh / 2 - camera.cy * z)
        ax, ay = camera.to_world(vx, vy)
        bx, by = camera.to_world(vx + vw, vy + vh)
        items = layout.query(min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))
        x0, y0, x1, y1 = vx - tx, vy - ty, vx + vw - tx, vy + vh - ty
        out = []
        for item in items:
            for surf, ox, oy in self.scene.item_blits(item, camera, skip, lift):
                if ox < x1 and oy < y1 and ox + surf.get_width() > x0 and oy + surf.get_height() > y0:
                    out.append((surf, (ox + tx, oy + ty)))
        return out

    def draw_moving(self, surface: pygame.Surface, layout: Layout, camera: Camera,
                    moving: dict[str, tuple[float, float, float, int | None]]) -> int:
        """Pieces in flight at their transient places (x, y, angle in degrees, a tumbling die's face); returns
        how many were drawn. Angles are drawn in 5° steps so rotated faces come from the cache."""
        if not moving:
            return 0
        z = camera.zoom
        flip = 180 if camera.flipped else 0
        blits = []
        for pid, (x, y, angle, face) in moving.items():
            item = layout.by_id.get(pid)
            if item is None:
                continue
            rot = (round(angle / 5) * 5 + flip) % 360
            p = item.piece
            if item.kind == "card":
                surf = self.assets.card(p.get("card"), p.get("face_up", True), camera.screen_size(item.w, item.h), rot)
            elif item.kind == "die":
                value = face if face is not None else int(p.get("value", 1))
                surf = self.assets.die(value, int(p.get("sides", 6)), max(2, round(item.w * z)), rot)
            else:
                surf = self.piece_surface(item, z, flip)
            sx, sy = camera.to_screen(x, y)
            blits.append((surf, (round(sx - surf.get_width() / 2), round(sy - surf.get_height() / 2))))
        surface.fblits(blits)
        if self.record:
            self.moving_drawn = blits
        return len(blits)

    def piece_surface(self, item: Item, zoom: float, extra_rotation: int = 0) -> pygame.Surface:
        p = item.piece
        size = (max(2, round(item.w * zoom)), max(2, round(item.h * zoom)))
        rot = (item.rotation + extra_rotation) % 360
        kind = item.kind
        if kind == "card":
            return self.assets.card(p.get("card"), p.get("face_up", True), size, rot)
        if kind == "die":
            return self.assets.die(int(p.get("value", 1)), int(p.get("sides", 6)), size[0], rot)
        if kind == "counter":
            value = int(p.get("counters", {}).get("value", p.get("value", 0)))
            return self.assets.counter(value, p.get("label", ""), size, p.get("color", ""))
        return self.assets.token(p.get("color", "#d9534f"), size[0], p.get("label", ""))

    def _decorations(self, target: pygame.Surface, layout: Layout, camera: Camera, selected: Collection[str],
                     glow: Collection[str], skip: Collection[str]) -> None:
        """Selection and legal-move outlines, counters on pieces and stack counts."""
        z = camera.zoom
        clip = target.get_clip()
        by_id = layout.by_id
        marked_items = [by_id[p] for p in (*selected, *glow) if p in by_id]
        for item in (*layout.decorated(), *marked_items):
            if item.pid in skip:
                continue
            counters = {k: v for k, v in (item.piece.get("counters") or {}).items() if k not in layout.quiet}
            r = self.item_rect(item, camera)
            if not r.colliderect(clip):
                continue
            if item.pid in glow:
                pygame.draw.rect(target, GLOW, r.inflate(8, 8), 3, border_radius=max(4, round(10 * z)))
            if item.pid in selected:
                pygame.draw.rect(target, SELECT, r.inflate(4, 4), 3, border_radius=max(4, round(8 * z)))
            if counters and item.kind != "counter":
                y = r.y + 4
                for name, value in list(counters.items())[:4]:
                    b = self.assets.badge(badge_text(name, value), 13,
                                          bg=(150, 30, 30))
                    self._blit(target, b, (r.right - b.get_width() - 3, y))
                    y += b.get_height() + 2
            if item.depth > 1:
                b = self.assets.badge(str(item.depth), 12)
                self._blit(target, b, (r.right - b.get_width() + 4, r.bottom - b.get_height() + 4))

    def hover_zoom(self, item: Item, camera: Camera, area: pygame.Rect | None = None
                   ) -> tuple[pygame.Surface, pygame.Rect] | None:
        """A face-up card drawn smaller than ZOOM_BELOW pixels high, shown large beside itself inside `area` (the
        table above the hand strip; default the viewport) while hovered, so a table that must be small stays
        readable; None when it is large enough already or shows no face."""
        if item.kind != "card" or not item.face_up or not item.card:
            return None
        r = self.item_rect(item, camera)
        vp = area if area is not None else pygame.Rect(camera.viewport)
        if r.h >= ZOOM_BELOW:
            return None
        h = max(r.h, min(ZOOM_H, vp.h - 16))
        w = round(h * CARD_W / CARD_H)
        surf = self.assets.card(item.card, True, (w, h))
        box = surf.get_rect()
        box.left = r.right + 12 if r.right + 12 + w <= vp.right else r.left - 12 - w
        box.top = r.centery - h // 2
        box.clamp_ip(vp)
        return surf, box

    def item_rect(self, item: Item, camera: Camera) -> pygame.Rect:
        sx, sy = camera.to_screen(item.x, item.y)
        ew, eh = item.extent()
        w, h = ew * camera.zoom, eh * camera.zoom
        return pygame.Rect(round(sx - w / 2), round(sy - h / 2), round(w), round(h))
