"""The camera: pan, zoom to the cursor in discrete steps (so card faces cache per step), fit, and the seat's side.

World coordinates are table units; a seat sitting on the top edge sees the table turned round (`flipped`).
"""

from __future__ import annotations

__all__ = ["ZOOM_BASE", "Camera"]

ZOOM_BASE = 1.12
MIN_STEP, MAX_STEP = -20, 14


class Camera:
    """Maps table coordinates to screen pixels inside a viewport rectangle."""

    def __init__(self, table_size: tuple[float, float], viewport: tuple[int, int, int, int]) -> None:
        self.table_w, self.table_h = float(table_size[0]), float(table_size[1])
        self.viewport = viewport
        self.cx = self.table_w / 2
        self.cy = self.table_h / 2
        self.step = 0
        self.base = 1.0
        self.flipped = False

    @property
    def zoom(self) -> float:
        return self.base * ZOOM_BASE ** self.step

    def key(self) -> tuple[float, float, float, int, bool, tuple[int, int, int, int]]:
        """Everything the projection depends on: the renderer rebuilds its cached layer when this changes."""
        return (round(self.cx, 2), round(self.cy, 2), self.base, self.step, self.flipped, self.viewport)

    def _orient(self, x: float, y: float) -> tuple[float, float]:
        return (self.table_w - x, self.table_h - y) if self.flipped else (x, y)

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        ox, oy = self._orient(x, y)
        vx, vy, vw, vh = self.viewport
        z = self.zoom
        return (vx + vw / 2 + (ox - self.cx) * z, vy + vh / 2 + (oy - self.cy) * z)

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        vx, vy, vw, vh = self.viewport
        z = self.zoom
        ox = self.cx + (sx - vx - vw / 2) / z
        oy = self.cy + (sy - vy - vh / 2) / z
        return self._orient(ox, oy)

    def pan(self, dx: float, dy: float) -> None:
        """Move the view by a screen-pixel drag (the table follows the mouse)."""
        z = self.zoom
        self.cx -= dx / z
        self.cy -= dy / z
        self.cx = min(max(self.cx, -self.table_w * 0.25), self.table_w * 1.25)
        self.cy = min(max(self.cy, -self.table_h * 0.25), self.table_h * 1.25)

    def zoom_at(self, sx: float, sy: float, steps: int) -> None:
        """Zoom by whole steps, keeping the table point under (sx, sy) where it is."""
        new = min(MAX_STEP, max(MIN_STEP, self.step + steps))
        if new == self.step:
            return
        wx, wy = self.to_world(sx, sy)
        ox, oy = self._orient(wx, wy)
        self.step = new
        vx, vy, vw, vh = self.viewport
        z = self.zoom
        self.cx = ox - (sx - vx - vw / 2) / z
        self.cy = oy - (sy - vy - vh / 2) / z

    def fit(self, bottom_margin: int = 0, rect: tuple[float, float, float, float] | None = None) -> None:
        """Show the whole table, or `rect` of it, above `bottom_margin` pixels kept free for the hand.

        The zoom found becomes the base that wheel steps multiply, so faces stay cached per step.
        """
        vx, vy, vw, vh = self.viewport
        pad = 20
        x, y, w, h = rect if rect is not None else (0.0, 0.0, self.table_w, self.table_h)
        usable_h = max(50, vh - bottom_margin - 2 * pad)
        self.base = max(0.05, min((vw - 2 * pad) / max(w, 1.0), usable_h / max(h, 1.0)))
        self.step = 0
        ox, oy = self._orient(x + w / 2, y + h / 2)
        self.cx = ox
        self.cy = oy + bottom_margin / 2 / self.zoom

    def screen_size(self, w: float, h: float) -> tuple[int, int]:
        z = self.zoom
        return (max(2, round(w * z)), max(2, round(h * z)))
