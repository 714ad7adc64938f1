"""Drawing one frame: the table from the renderer's cached layer, pieces in flight, the hand strip, the drag,
the box select, the board, the widgets, and the overlays (big preview, the cover between hotseat turns).
"""

from __future__ import annotations

from typing import Any

import pygame

from ..app.settings import SIDE_W, SIDE_W_NARROW, WIDE_W
from ..panels.topbar import bar_height
from .render import BG, HandCard

__all__ = ["DrawMixin", "REPAINT_EVENTS"]

#: the window's events that say its pixels may be gone (uncovered, shown, restored: plain X with no compositor keeps
#: no copy of a covered window), so the next frame is drawn whole
REPAINT_EVENTS = frozenset((pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED,
                            pygame.WINDOWSIZECHANGED))


class DrawMixin:
    """Drawing one frame: the table from the renderer's cached layer, pieces in flight, the hand strip, the drag, (a part of `TableApp`)."""

    # -- the panels around the table: how much of the window they take --

    #: whether the side panel is open (F4 / the top bar's Panel button fold it away to give the table room)
    side_open = True
    #: a window lower than this starts with the ruleset's board folded to its header line (F2 opens it)
    BOARD_OPEN_MIN_H = 700

    #: the layout's fitted part and the camera's place when the window last fitted the table
    fitted: tuple[object, object] = ((), None)

    def fit_moved(self) -> bool:
        """Whether the part of the table to fit changed (a row grew) while the camera still shows the last fit (the
        player has not zoomed or panned since): then the window fits the table again."""
        rect, key = self.fitted
        return rect != self.layout.fit_rect and key == self.camera.key()

    def side_w(self) -> int:
        """The side panel's width now: none when folded, narrow in a small window."""
        if not self.side_open:
            return 0
        return SIDE_W if self.size[0] >= WIDE_W else SIDE_W_NARROW

    def side_rect(self) -> pygame.Rect:
        """Where the side panel lies; a folded panel is kept (hidden) just off the window's right edge."""
        w = self.side_w()
        bar = bar_height(self.size[0])
        return pygame.Rect(self.size[0] - w, bar, w or SIDE_W_NARROW, self.size[1] - bar)

    def board_starts_open(self) -> bool:
        return self.size[1] >= self.BOARD_OPEN_MIN_H

    def toggle_side(self) -> None:
        """F4: fold the side panel away (the table takes the window's width) or open it again."""
        if self.source is None:
            return
        self.side_open = not self.side_open
        self._build_table_widgets(windows=False)
        if self.help is not None:
            self.help.kill()
            self.help = None
        self._keep_windows_on_screen()
        self.view_key = None
        self.refresh(force=True)
        self.fit()

    def table_floor(self) -> int:
        """The y a window over the table stays above: the hand strip's top (its label is the strip's first line)."""
        return self.hand.rect.top if self.layout.hand is not None and self.hand.rect.h else self.size[1]

    def repaint(self) -> None:
        """Draw the next frame whole: the window's surface as the system has it now, the table layer redrawn and
        every widget redrawn (an idle frame skips them, counting on the pixels still being on the screen)."""
        self.screen = pygame.display.get_surface() or self.screen
        self.renderer.layer_key = None
        self._ui_state = None
        self._calm = False

    def draw(self) -> None:
        surface = self.screen
        if self.editor is not None:
            self.editor.draw(surface)
            self.manager.draw_ui(surface)
            self.editor.draw_over(surface)
            return
        if self.source is None:
            self._draw_start_backdrop(surface)
            self.manager.draw_ui(surface)
            return
        skip = self.drag.skip if self.drag is not None else frozenset()
        flying = self._flying()
        if flying:
            skip = skip | flying
        sel = [s for s in self.selected if s in self.layout.by_id]
        lift = self._stack_lift if self.drag is not None and not self.drag.from_hand else None
        self.renderer.draw_table(surface, self.layout, self.camera, seq=self.view_key, selected=sel,
                                 glow=self.legal.pieces, skip=skip, lift=lift, players=self._table_players())
        if flying:
            surface.set_clip(pygame.Rect(self.camera.viewport))
            self.renderer.draw_moving(surface, self.layout, self.camera, self._moving())
            surface.set_clip(None)
        self._draw_dynamic(surface)
        self._draw_hud(surface)
        if not self._ui_quiet:
            self.manager.draw_ui(surface)
        if self.frame_overlay:
            self._draw_frame_times(surface)
        if self.big_preview:
            self._draw_big_preview(surface)
        if self.cover_seat is not None:
            self._draw_cover(surface)


    def _table_players(self) -> list[dict[str, Any]]:
        """The view's players under the names they go by at this table (a LAN player's own), for the zone labels."""
        names = self._names()
        return [{**p, "name": names.get(p["seat"], p.get("name"))} for p in self.view.get("players", [])]
    def _draw_dynamic(self, surface: pygame.Surface) -> None:
        vp = pygame.Rect(self.camera.viewport)
        surface.set_clip(vp)
        if self.hover_item is not None and self.drag is None:
            r = self.renderer.item_rect(self.hover_item, self.camera)
            pygame.draw.rect(surface, (255, 255, 255), r.inflate(4, 4), 2, border_radius=max(3, round(8 * self.camera.zoom)))
            if self.hover_item.layout == "stack":
                b = self.assets.badge(f"{self.hover_item.depth} card{'s' if self.hover_item.depth != 1 else ''}", 14,
                                      bg=(30, 60, 110))
                surface.blit(b, (r.centerx - b.get_width() // 2, r.bottom + 6))
        if self.layout.hand is not None:
            hidden = self.drag.ids if self.drag is not None and self.drag.from_hand else ()
            self.hand.place(self.camera.viewport, self._hand_pieces(), hidden)
            names = self._names()
            n = len(self._hand_pieces())
            # worded as the felt labels every other seat's hand ("Seat 2 · Hand · 3 cards")
            label = f"{names.get(self.seat, f'Seat {self.seat + 1}')} · Hand · {n} card{'s' if n != 1 else ''}"
            drop = self.drag is not None and self.hand.rect.collidepoint(self.mouse)
            self.hand.draw(surface, self.assets, label, self.hover_hand.pid if self.hover_hand else None,
                           set(self.selected), drop, self.legal.pieces)
        if self.hover_item is not None and self.drag is None and not self.big_preview:
            area = vp.copy()
            if self.layout.hand is not None:
                area.h = self.hand.rect.top - vp.top
            zoom = self.renderer.hover_zoom(self.hover_item, self.camera, area)
            if zoom is not None:  # drawn over the hand strip's edge, never under it
                surf, box = zoom
                pygame.draw.rect(surface, (0, 0, 0), box.inflate(6, 6), border_radius=10)
                surface.blit(surf, box.topleft)
        if self.box is not None:
            r = pygame.Rect(min(self.box[0], self.mouse[0]), min(self.box[1], self.mouse[1]),
                            abs(self.mouse[0] - self.box[0]), abs(self.mouse[1] - self.box[1]))
            shade = pygame.Surface(r.size, pygame.SRCALPHA)
            shade.fill((90, 170, 255, 50))
            surface.blit(shade, r.topleft)
            pygame.draw.rect(surface, (90, 170, 255), r, 1)
        self.draw_pointers(surface)
        if self.drag is not None:
            self._draw_drag(surface)
        surface.set_clip(None)

    def _draw_drag(self, surface: pygame.Surface) -> None:
        drag = self.drag
        assert drag is not None
        dx, dy = self.mouse[0] - drag.start[0], self.mouse[1] - drag.start[1]
        flip = 180 if self.camera.flipped else 0
        blits = []
        for src in drag.sources:
            if isinstance(src, HandCard):
                size = (round(src.rect.w * 0.9), round(src.rect.h * 0.9))
                surf = self.assets.card(src.piece.get("card"), src.piece.get("face_up", True), size)
                cx, cy = src.rect.centerx + dx, src.rect.centery + dy
            else:
                face_up = src.face_up if not drag.face_down else False
                if src.layout == "stack":
                    size = self.camera.screen_size(src.w, src.h)
                    surf = self.assets.card(src.card, face_up, size, flip)
                else:
                    surf = self.renderer.piece_surface(src, self.camera.zoom, flip)
                sx, sy = self.camera.to_screen(src.x, src.y)
                cx, cy = sx + dx, sy + dy
            blits.append((surf, (round(cx - surf.get_width() / 2) + 4, round(cy - surf.get_height() / 2) - 4)))
        surface.fblits(blits)
        if len(drag.ids) > 1:
            b = self.assets.badge(str(len(drag.ids)), 14, bg=(30, 60, 110))
            surface.blit(b, (self.mouse[0] + 12, self.mouse[1] + 12))

    def frame_time_text(self) -> str:
        """F3's line: the time a frame's work took (events, update, draw), mean and worst over the last 120 frames,
        and the frames per second the loop runs at."""
        times = self.frame_times
        if not times:
            return "frame: measuring…"
        mean = sum(times) / len(times)
        return (f"frame {mean * 1000:.1f} ms · worst {max(times) * 1000:.1f} ms · "
                f"{self.clock.get_fps():.0f} fps · {len(self.layout.items)} pieces")

    def _draw_frame_times(self, surface: pygame.Surface) -> None:
        font = self.assets.font(14, bold=True)
        text = font.render(self.frame_time_text(), True, (240, 240, 200))
        vp = pygame.Rect(self.camera.viewport)
        bottom = self.hand.rect.top if self.layout.hand is not None else vp.bottom  # clear of notices and labels
        box = text.get_rect(bottomleft=(vp.x + 14, bottom - 11)).inflate(12, 6)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, box.topleft)
        surface.blit(text, (box.x + 6, box.y + 3))

    def _draw_big_preview(self, surface: pygame.Surface) -> None:
        piece = self._hover_piece()
        if piece is None or piece.get("kind", "card") != "card":
            return
        h = int(self.size[1] * 0.8)
        img = self.assets.preview(piece.get("card"), h)
        shade = pygame.Surface(self.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        x = (self.size[0] - img.get_width()) // 2
        y = (self.size[1] - h) // 2
        surface.blit(img, (x, y))

    def _draw_cover(self, surface: pygame.Surface) -> None:
        surface.fill((16, 22, 26))
        names = self._names()
        name = names.get(self.cover_seat, f"Seat {(self.cover_seat or 0) + 1}")
        t1 = self.assets.text(f"Pass to {name}", 40, (243, 231, 196), bold=True)
        t2 = self.assets.text("The last hand is hidden. Click or press any key when you are ready.", 18, (200, 210, 205))
        surface.blit(t1, ((self.size[0] - t1.get_width()) // 2, self.size[1] // 2 - 50))
        surface.blit(t2, ((self.size[0] - t2.get_width()) // 2, self.size[1] // 2 + 10))

    def _draw_start_backdrop(self, surface: pygame.Surface) -> None:
        surface.fill(BG)
        w, h = self.size
        fan = [("standard/AS", -24), ("standard/KH", -12), ("standard/QD", 0), ("standard/JC", 12), ("standard/10S", 24)]
        cw, ch = 126, 176
        for i, (ref, angle) in enumerate(fan):
            card = self.assets.card(ref, True, (cw, ch))
            rot = pygame.transform.rotate(card, -angle)
            x = w // 2 - 150 + i * 60
            y = h - ch - 10 + abs(angle) * 1.5
            surface.blit(rot, (x - rot.get_width() // 2 + cw // 2, y))
