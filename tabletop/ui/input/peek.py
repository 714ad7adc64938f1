"""Looking through a deck: the top N cards or a whole search, shown in a gallery whose every move is an Action.

A search ends (and its deck is shuffled) when its gallery closes, so at most one deck is open at a time.
"""

from __future__ import annotations

import pygame

from ...core import actions as A
from ..dialogs.gallery import Entry, GalleryMoves, GalleryWindow, gallery_entries
from ..dialogs.widgets import Prompt

__all__ = ["PeekMixin"]


class PeekMixin:
    """The look and search verbs of the table and the gallery they open."""

    def look_prompt(self, zone: str | None = None) -> None:
        zone = zone or self.target_zone()
        if zone is None:
            return

        def answer(text: str) -> None:
            try:
                n = max(1, int(text.strip()))
            except ValueError:
                self.notify("Type a number of cards", "error")
                return
            self.look(zone, n)

        self.prompt = Prompt(self.manager, self.size, "Look at the top N cards", "3", answer)

    def look(self, zone: str, count: int) -> None:
        self._close_peek()  # before looking: closing a search shuffles its deck
        if (r := self.submit(A.LookTop(zone, count))).accepted and r.code != "played":  # played: its own gallery
            self._open_peek(zone, f"Top {count} of {self._zone_labels().get(zone, zone)}", search=False)

    def search(self, zone: str | None = None) -> None:
        zone = zone or self.target_zone()
        if zone is None:
            return
        self._close_peek()  # a search already open ends (and shuffles) before this one starts
        if self.submit(A.Search(zone)).accepted:
            self._open_peek(zone, f"Searching {self._zone_labels().get(zone, zone)}", search=True)

    def _peek_entries(self, zone: str) -> list[Entry]:
        zb = self.layout.zone_by_name.get(zone)
        return gallery_entries(zb.pieces if zb is not None else [])

    def _close_peek(self) -> None:
        if self.peek is not None:
            self.peek.close()
        self.peek = None

    def _open_peek(self, zone: str, title: str, search: bool) -> None:
        """The gallery of a deck: its cards this seat may see, each move an ordinary Move (logged, undoable)."""
        self._close_peek()
        hand = self.layout.hand.name if self.layout.hand is not None else None

        def to_table(pid: str, at: tuple[int, int] | None) -> None:
            vp = pygame.Rect(self.camera.viewport)
            cx, cy = self.camera.to_world(*(at if at is not None and vp.collidepoint(at) else vp.center))
            self.submit(A.Move((pid,), "table", x=round(cx), y=round(cy)))

        def on_close() -> None:
            self.peek = None
            if search:
                self.submit(A.EndSearch(zone))

        def to_index(pid: str, i: int) -> None:
            zb = self.layout.zone_by_name.get(zone)
            self.submit(A.Move((pid,), zone, index=max(0, min(i, (zb.count if zb is not None else 1) - 1))))

        moves = GalleryMoves(to_index=to_index,
                             to_hand=(lambda pid: self.submit(A.Move((pid,), hand))) if hand else None,
                             to_table=to_table)
        ratio = self.assets.card_size[0] / self.assets.card_size[1]
        self.peek = GalleryWindow(self.manager, self.size, title, zone, self._peek_entries(zone),
                                  self.assets.preview, self._card, moves, on_close, search=search,
                                  table_width=self.camera.viewport[2], aspect=ratio, floor=self.table_floor)
