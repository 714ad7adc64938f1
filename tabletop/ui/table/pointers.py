"""Pointers on the table: the arrows and pings players make (Q), seen by every seat for a few seconds.

They come from the seat's own log (a `point` line), so a local table, a hosted one and a joined one show the same,
and a line names only what its reader may see: an end the reader cannot find by its piece (a card it may not see is
"hidden" in its line) is placed where the line's note says it lies: its spot on the table, else the middle of its
zone, so the arrow still points at "that face-down card" or "Bob's hand" without saying which card.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import pygame

__all__ = ["POINT_S", "Pointer", "Pointers"]

#: how long a pointer stays on the table (seconds)
POINT_S = 4.0
#: the end of an arrow or a ping: a piece the reader knows by that id (or None), and where the note says it lies
End = tuple[str | None, Mapping[str, Any]]
#: screen position of a table point (world x, y) -> (sx, sy)
ToScreen = Callable[[float, float], tuple[float, float]]


@dataclass(frozen=True, slots=True)
class Pointer:
    """One pointer on the table: who made it, where it points (and from where, for an arrow), until when."""

    seat: int | None
    to: End
    source: End | None
    until: float


class Pointers:
    """The pointers a window shows: taken from its seat's log as lines arrive, dropped when their time is up."""

    def __init__(self) -> None:
        self.items: list[Pointer] = []
        #: the last log sequence number taken; None until the first look (lines from before the window are past)
        self.last: int | None = None

    def reset(self) -> None:
        """Another table: its pointers and its log are its own."""
        self.items = []
        self.last = None

    def take(self, lines: Iterable[Mapping[str, Any]], now: float) -> None:
        """Pointers from the log lines the window has not looked at yet; those whose time is up go."""
        lines = list(lines)
        newest = max((int(line.get("seq", 0)) for line in lines), default=self.last or 0)
        if self.last is not None:
            for line in lines:
                if int(line.get("seq", 0)) > self.last and (line.get("action") or {}).get("type") == "point":
                    p = self._pointer(line, now)
                    if p is not None:
                        self.items.append(p)
        self.last = max(newest, self.last or 0)
        self.items = [p for p in self.items if p.until > now]

    @staticmethod
    def _pointer(line: Mapping[str, Any], now: float) -> Pointer | None:
        a = line.get("action") or {}
        note = next((n for n in line.get("notes", ()) if n.get("what") == "point"), None)
        data = (note or {}).get("data") or {}
        if "to" not in data:
            return None

        def known(pid: Any) -> str | None:
            return pid if isinstance(pid, str) and pid != "hidden" else None

        source = (known(a.get("source")), data["from"]) if "from" in data else None
        return Pointer(line.get("seat"), (known(a.get("at")), data["to"]), source, now + POINT_S)

    def draw(self, surface: pygame.Surface, now: float, place: Callable[[End], tuple[float, float] | None],
             colour: Callable[[int | None], tuple[int, int, int]]) -> None:
        """Each pointer in its seat's colour, fading in its last second: a ping (rings) at its end, and an arrow
        from its start when it has one. `place` finds an end on the screen (None: not there)."""
        for p in self.items:
            to = place(p.to)
            if to is None:
                continue
            fade = max(0.0, min(1.0, p.until - now))
            c = colour(p.seat)
            ink = tuple(round(v * fade + 30 * (1 - fade)) for v in c)
            age = POINT_S - (p.until - now)
            _ping(surface, to, ink, age)
            start = place(p.source) if p.source is not None else None
            if start is not None:
                _arrow(surface, start, to, ink)


def _ping(surface: pygame.Surface, at: tuple[float, float], ink: tuple[int, ...], age: float) -> None:
    x, y = round(at[0]), round(at[1])
    pygame.draw.circle(surface, ink, (x, y), 7)
    for k in range(2):  # two rings going out, one after the other
        r = 12 + ((age * 40 + k * 20) % 40)
        pygame.draw.circle(surface, ink, (x, y), round(r), 3)


def _arrow(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float], ink: tuple[int, ...]) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length < 4:
        return
    ux, uy = dx / length, dy / length
    tip = (b[0] - ux * 10, b[1] - uy * 10)  # the head stops short of the ping's dot
    pygame.draw.line(surface, ink, (round(a[0]), round(a[1])), (round(tip[0]), round(tip[1])), 5)
    head = 18
    left = (tip[0] - ux * head - uy * head * 0.6, tip[1] - uy * head + ux * head * 0.6)
    right = (tip[0] - ux * head + uy * head * 0.6, tip[1] - uy * head - ux * head * 0.6)
    pygame.draw.polygon(surface, ink, [tip, left, right])
