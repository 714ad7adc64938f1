"""Pointing at the table (Q): an arrow from the selected card to what the cursor is on, or a ping there, through
the table's one door (a `Point` action), so every seat sees it for a few seconds and the log says it."""

from __future__ import annotations

from typing import Any

import pygame

from ...core import actions as A
from ..table.assets import hex_color

__all__ = ["PointingMixin"]

#: each seat's pointer colour when its player has none (the seats box's order)
SEAT_INKS = ((217, 83, 79), (51, 122, 183), (92, 184, 92), (240, 173, 78), (155, 89, 182), (26, 188, 156))


class PointingMixin:
    """Q and the pointers on the table (a part of `TableApp`)."""

    def point(self: Any) -> None:
        """Q: an arrow from the selected card to the piece, hand card or zone under the cursor (or a ping there
        when nothing is selected), or a ping at the spot of the table under the cursor."""
        if self.source is None:
            return
        at = self.hover_hand.pid if self.hover_hand is not None else (
            self.hover_item.pid if self.hover_item is not None else None)
        zone = self.hover_zone.name if at is None and self.hover_zone is not None else None
        spot: tuple[float | None, float | None] = (None, None)
        if at is None and zone is None:
            if not pygame.Rect(self.camera.viewport).collidepoint(self.mouse):
                return
            spot = self.camera.to_world(*self.mouse)
        source = next((s for s in self.selected if s != at), None)
        self.submit(A.Point(at=at, zone=zone, x=spot[0], y=spot[1], source=source))

    def take_pointers(self: Any) -> None:
        """The seat's new log lines that point, on the table for a few seconds."""
        self.pointers.take((line for _, line in self.table.log), self.now)

    def draw_pointers(self: Any, surface: pygame.Surface) -> None:
        if self.pointers.items:
            self.pointers.take((), self.now)
            self.pointers.draw(surface, self.now, self._point_place, self._seat_ink)

    def _point_place(self: Any, end: Any) -> tuple[float, float] | None:
        """Where an end of a pointer is on the screen: its piece (on the table, or in this seat's hand strip),
        else its spot of the table, else the middle of its zone (this seat's hand: the strip)."""
        pid, where = end
        if pid is not None:
            item = self.layout.by_id.get(pid)
            if item is not None:
                return self.renderer.item_rect(item, self.camera).center
            card = next((c for c in self.hand.cards if c.pid == pid), None)
            if card is not None:
                return card.rect.center
        if "x" in where and "y" in where:
            return self.camera.to_screen(float(where["x"]), float(where["y"]))
        zone = where.get("zone")
        if zone is not None and zone == getattr(self.layout.hand, "name", None) and self.hand.rect.h:
            return self.hand.rect.center
        box = self.layout.zone_by_name.get(zone) if zone is not None else None
        if box is None:
            return None
        x, y, w, h = box.rect
        return self.camera.to_screen(x + w / 2, y + h / 2)

    def _seat_ink(self: Any, seat: int | None) -> tuple[int, int, int]:
        player = next((p for p in self.view.get("players", []) if p.get("seat") == seat), None)
        if player is not None and player.get("color"):
            return hex_color(player["color"])
        return SEAT_INKS[seat % len(SEAT_INKS)] if isinstance(seat, int) else (230, 230, 230)
