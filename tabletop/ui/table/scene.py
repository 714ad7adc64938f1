"""The table at one zoom as one surface (felt, zone boxes, resting pieces), kept by redrawing only what changed.

A change of the view re-lays the pieces it names (`Layout.apply`) and lists them as dirty; the scene redraws the
rectangles those pieces covered before and cover now: the felt there, then every piece the layout's grid finds
in that rectangle, in draw order, clipped to it. So one change costs what lies under it, not the table. Picking a
piece up (`skip`) or the top of a stack (`lift`) is a change of the same kind. A new zoom, a new layout or a piece
drawn outside the surface rebuilds the whole scene.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

import pygame

from .layout import CARD_H, CARD_W, Item, Layout

if TYPE_CHECKING:
    from .camera import Camera
    from .render import Renderer

__all__ = ["Blit", "Scene"]

#: (surface, x, y) in scene coordinates before the scene's offset: the table's origin at (0, 0), scaled by the zoom
Blit = tuple[pygame.Surface, int, int]
MAX_AREA = 6_000_000
MAX_DIRTY = 48
TILE = 24


class Scene:
    """One cached scene surface for a renderer (see the module docstring)."""

    def __init__(self, renderer: Renderer) -> None:
        self.renderer = renderer
        self.surf: pygame.Surface | None = None
        self.x0 = self.y0 = 0
        self.key: Any = None
        self.version = 0
        self.skip: frozenset[str] = frozenset()
        self.lift: str | None = None
        self.full_builds = 0
        self.patches = 0
        #: with `record` on: (clip, blits) of every redraw in the last call, for a bench floor that replays them
        self.record = False
        self.drawn: list[tuple[pygame.Rect, list[tuple[pygame.Surface, tuple[int, int]]]]] = []

    # -- what a piece draws --

    def item_blits(self, item: Item, camera: Camera, skip: Collection[str], lift: str | None) -> list[Blit]:
        """What a resting piece draws (a stack: a few backs for its depth, then its top), in scene coordinates."""
        if item.pid in skip:
            return []
        key = (camera.zoom, camera.flipped)
        if item.pid != lift and item.drawn is not None and item.drawn[0] == key:
            return item.drawn[1]
        if item.pid == lift:
            if item.depth <= 1 or item.under is None:
                return []
            item = Item(item.under["id"], item.kind, item.zone, item.x, item.y, item.w, item.h, 0, item.under,
                        1, item.depth - 1, item.layout, None, item.order)
        z = camera.zoom
        flip = 180 if camera.flipped else 0
        ox, oy = (camera.table_w - item.x, camera.table_h - item.y) if flip else (item.x, item.y)
        surf = self.renderer.piece_surface(item, z, flip)
        sw, sh = surf.get_size()
        x, y = round(ox * z - sw / 2), round(oy * z - sh / 2)
        out: list[Blit] = []
        if item.depth > 1:
            back = self.renderer.assets.card(None, False, camera.screen_size(CARD_W, CARD_H), flip)
            d = max(1, round(2.5 * z))
            for k in range(min(4, 1 + item.depth // 12), 0, -1):
                out.append((back, x + k * d, y + k * d))
        out.append((surf, x, y))
        if item.pid != lift:
            item.drawn = (key, out)
        return out

    @staticmethod
    def _bounds(blits: list[Blit]) -> pygame.Rect | None:
        if not blits:
            return None
        rects = [s.get_rect(topleft=(x, y)) for s, x, y in blits]
        return rects[0].unionall(rects[1:]) if len(rects) > 1 else rects[0]

    # -- keeping the surface --

    def get(self, layout: Layout, camera: Camera, bg: pygame.Surface, edge: int, bg_key: Any,
            skip: frozenset[str], lift: str | None) -> tuple[pygame.Surface, tuple[int, int]] | None:
        """The scene for this layout, zoom and pieces left out, with where the table's origin lies in it."""
        if self.record:
            self.drawn = []
        key = (bg_key, layout.generation)
        if key != self.key or self.surf is None or self.version < layout.dirty_base:
            return self._build(layout, camera, bg, edge, key, skip, lift)
        dirty: list[pygame.Rect] = []
        for version, item in layout.dirty:
            if version > self.version:
                r = self._bounds(self.item_blits(item, camera, (), None))
                if r is not None:
                    dirty.append(r)
        for pid in (skip ^ self.skip) | ({lift, self.lift} - {None} if lift != self.lift else set()):
            item = layout.by_id.get(pid) if pid is not None else None
            if item is not None:
                r = self._bounds(self.item_blits(item, camera, (), None))
                if r is not None:
                    dirty.append(r)
        if len(dirty) > MAX_DIRTY:
            return self._build(layout, camera, bg, edge, key, skip, lift)
        self.version, self.skip, self.lift = layout.version, skip, lift
        bounds = pygame.Rect(self.x0, self.y0, *self.surf.get_size())
        outside = [r for r in dirty if not bounds.contains(r)]
        if outside and not self._grow(bounds, bounds.unionall(outside).inflate(256, 256), layout, camera, bg, edge):
            return self._build(layout, camera, bg, edge, key, skip, lift)
        for r in _merge(dirty):
            self._redraw(r, layout, camera, bg, edge)
        if dirty:
            self.patches += 1
        return self.surf, (-self.x0, -self.y0)

    def _build(self, layout: Layout, camera: Camera, bg: pygame.Surface, edge: int, key: Any,
               skip: frozenset[str], lift: str | None) -> tuple[pygame.Surface, tuple[int, int]] | None:
        per_item = [(item, self.item_blits(item, camera, skip, lift)) for item in layout.items]
        x0, y0, x1, y1 = -edge, -edge, bg.get_width() - edge, bg.get_height() - edge
        for _, blits in per_item:
            for s, x, y in blits:
                w, h = s.get_size()
                x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x + w), max(y1, y + h)
        # room for pieces to come a little beyond the felt without growing the surface
        x0, y0, x1, y1 = x0 - 64, y0 - 64, x1 + 64, y1 + 64
        self.key, self.version, self.skip, self.lift = key, layout.version, skip, lift
        if (x1 - x0) * (y1 - y0) > MAX_AREA:
            self.surf = None
            return None
        self.full_builds += 1
        self.x0, self.y0 = x0, y0
        surf = pygame.Surface((x1 - x0, y1 - y0)).convert()
        surf.fill(self.renderer.bg_color)
        surf.blit(bg, (-edge - x0, -edge - y0))
        place = (camera.zoom, camera.flipped, x0, y0)
        placed: list[tuple[pygame.Surface, tuple[int, int]]] = []
        for item, blits in per_item:
            shifted = (place, [(s, (x - x0, y - y0)) for s, x, y in blits])
            if item.pid not in skip and item.pid != lift:
                item.placed = shifted
            placed += shifted[1]
        surf.fblits(placed)
        self.surf = surf
        return surf, (-x0, -y0)

    def _grow(self, old: pygame.Rect, new: pygame.Rect, layout: Layout, camera: Camera, bg: pygame.Surface,
              edge: int) -> bool:
        """Make room for a piece drawn beyond the surface: a larger surface, the old one copied in, the new strips
        drawn. False when it would be too large (the caller falls back to drawing piece by piece)."""
        assert self.surf is not None
        if new.w * new.h > MAX_AREA:
            return False
        surf = pygame.Surface(new.size).convert()
        surf.blit(self.surf, (old.x - new.x, old.y - new.y))
        self.surf, self.x0, self.y0 = surf, new.x, new.y
        for strip in (pygame.Rect(new.x, new.y, new.w, old.y - new.y),
                      pygame.Rect(new.x, old.bottom, new.w, new.bottom - old.bottom),
                      pygame.Rect(new.x, old.y, old.x - new.x, old.h),
                      pygame.Rect(old.right, old.y, new.right - old.right, old.h)):
            if strip.w > 0 and strip.h > 0:
                self._redraw(strip, layout, camera, bg, edge)
        return True

    def _redraw(self, r: pygame.Rect, layout: Layout, camera: Camera, bg: pygame.Surface, edge: int) -> None:
        """Redraw one rectangle (scene coordinates): the felt, then every piece that reaches into it, in order."""
        assert self.surf is not None
        z = camera.zoom
        ax, bx = r.x / z, r.right / z
        ay, by = r.y / z, r.bottom / z
        if camera.flipped:
            ax, bx = camera.table_w - bx, camera.table_w - ax
            ay, by = camera.table_h - by, camera.table_h - ay
        x0, y0 = self.x0, self.y0
        key = (camera.zoom, camera.flipped, x0, y0)
        skip, lift = self.skip, self.lift
        clip = r.move(-x0, -y0)
        # topmost first, until every tile of the rectangle lies under a card's opaque inside
        tiles = [pygame.Rect(tx, ty, min(TILE, clip.right - tx), min(TILE, clip.bottom - ty))
                 for ty in range(clip.y, clip.bottom, TILE) for tx in range(clip.x, clip.right, TILE)]
        stack: list[list[tuple[pygame.Surface, tuple[int, int]]]] = []
        for item in layout.top_down(ax, ay, bx, by):
            drawn = item.placed
            if drawn is None or drawn[0] != key or item.pid == lift or item.pid in skip:
                drawn = (key, [(s, (x - x0, y - y0)) for s, x, y in self.item_blits(item, camera, skip, lift)])
                if item.pid != lift and item.pid not in skip:
                    item.placed = drawn
            if not drawn[1]:
                continue
            stack.append(drawn[1])
            if item.kind == "card":
                s, at = drawn[1][-1]
                core = _core(s, at)
                if core is not None:
                    tiles = [t for t in tiles if not core.contains(t)]
                    if not tiles:
                        break
        blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        for b in reversed(stack):
            blits += b
        clip = r.move(-x0, -y0)
        surf = self.surf
        surf.set_clip(clip)
        surf.fill(self.renderer.bg_color, clip)
        bg_at = (-edge - x0, -edge - y0)
        surf.blit(bg, bg_at)
        surf.fblits(blits)
        surf.set_clip(None)
        if self.record:
            self.drawn.append((clip, [(bg, bg_at), *blits]))


def _core(surf: pygame.Surface, at: tuple[int, int]) -> pygame.Rect | None:
    """The part of a card's surface that is surely opaque (inside its rounded corners), or None if unsure."""
    hit = _OPAQUE.get(surf)
    if hit is None:
        if len(_OPAQUE) > 4096:
            _OPAQUE.clear()
        w, h = surf.get_size()
        m = max(3, min(w, h) // 14) + 1
        inner = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
        ok = inner.w > 0 and inner.h > 0 and (not surf.get_flags() & pygame.SRCALPHA or all(
            surf.get_at((x, y)).a == 255 for x in (inner.x, inner.centerx, inner.right - 1)
            for y in (inner.y, inner.centery, inner.bottom - 1)))
        hit = _OPAQUE[surf] = inner if ok else False
    return hit.move(at) if hit else None


_OPAQUE: dict[pygame.Surface, Any] = {}


def _merge(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Overlapping rectangles as one (their union), so no area is drawn twice."""
    out: list[pygame.Rect] = []
    for r in rects:
        r = r.copy()
        merged = True
        while merged:
            merged = False
            for i, o in enumerate(out):
                if o.colliderect(r):
                    r.union_ip(out.pop(i))
                    merged = True
                    break
        out.append(r)
    return out
