"""Ruleset boards: a band above the table that draws what a ruleset's `status` tells this seat, with buttons.

The rules panel (side) reads any status in words; a board is for the rulesets whose state is a picture. This
module holds what every board shares (`Hud`, `HudContext`, colours, drawing helpers); the boards themselves are
registered by their rulesets' UI plug-ins (tabletop.boards, through tabletop.ui.panels), so the window names no
ruleset. A board draws only from the status and the seat's view, and a click on one of its buttons becomes an
action dict the app submits like any other.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from .assets import AssetLoader

__all__ = ["BAD", "DIM", "GOLD", "GOOD", "HEADER_H", "INK", "PANEL", "Hud", "HudContext", "Row", "make_hud", "signed"]

HEADER_H = 24
BG = (20, 26, 32)
PANEL = (30, 38, 46)
INK = (226, 232, 236)
DIM = (140, 150, 160)
GOLD = (255, 212, 80)
GOOD = (110, 210, 120)
BAD = (240, 110, 100)
BUTTON = (54, 84, 124)
BUTTON_HOT = (84, 124, 178)

Target = dict[str, Any] | str


@dataclass(slots=True)
class Row:
    """A line of text a board meant to show, kept so a test can tell whether it reads whole and in reach:
    `text` what it says, `shown` what was drawn of it, `panel` the index of the panel it lies in (None: the board
    itself), `rect` where (in the panel's content, or the board's surface; None: not drawn, no room)."""

    text: str
    shown: str
    panel: int | None = None
    rect: pygame.Rect | None = None


@dataclass(slots=True)
class HudContext:
    """What a board draws from: the seat's status and view, and how to name seats and pieces."""

    status: Mapping[str, Any]
    seat: int | None
    names: Mapping[int, str]
    name_of: Callable[[str], str | None]
    card_of: Mapping[str, str] = field(default_factory=dict)


class Hud:
    """A board: `height(width, open)` pixels above the table; `draw` it, `hit` a click (an action dict, or
    "toggle" for its header)."""

    title = ""
    open_height = 180
    #: a board's pips: name -> (colour, letter)
    pip_colors: Mapping[str, tuple[tuple[int, int, int], str]] = {}

    def __init__(self, assets: AssetLoader | None = None) -> None:
        self.assets = assets
        self.buttons: list[tuple[pygame.Rect, Target]] = []
        self._key: Any = None
        self._surf: pygame.Surface | None = None
        self._origin = (0, 0)
        #: every line of text the board meant to show, as last drawn (see `Row`)
        self.rows: list[Row] = []

    def height(self, width: int, open_: bool) -> int:
        return self.open_height if open_ else HEADER_H

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, ctx: HudContext, key: Any, open_: bool,
             mouse: tuple[int, int]) -> None:
        """Draw the board into `rect` (redrawn only when `key` changes), then the hovered button's highlight."""
        assert self.assets is not None
        full = (key, rect.size, open_)
        if full != self._key or self._surf is None or self._origin != rect.topleft:
            self._key = full
            self._origin = rect.topleft
            self.buttons = []
            self.rows = []
            surf = pygame.Surface(rect.size)
            surf.fill(BG)
            prompt = str(ctx.status.get("prompt") or "")
            self._header(surf, prompt, open_)
            if open_:
                self.render(surf, pygame.Rect(0, HEADER_H, rect.w, rect.h - HEADER_H), ctx)
            pygame.draw.line(surf, (70, 80, 90), (0, rect.h - 1), (rect.w, rect.h - 1))
            self._surf = surf
            self.buttons = [(r.move(rect.topleft), t) for r, t in self.buttons]
        surface.blit(self._surf, rect.topleft)
        for r, _ in self.buttons:
            if r.collidepoint(mouse):
                pygame.draw.rect(surface, (255, 255, 255), r, 2, border_radius=5)

    def hit(self, pos: tuple[int, int]) -> Target | None:
        for r, target in self.buttons:
            if r.collidepoint(pos):
                return target
        return None

    def render(self, surf: pygame.Surface, area: pygame.Rect, ctx: HudContext) -> None:
        raise NotImplementedError

    # -- drawing helpers --

    def _header(self, surf: pygame.Surface, prompt: str, open_: bool) -> None:
        pygame.draw.rect(surf, PANEL, (0, 0, surf.get_width(), HEADER_H))
        t = self.text(self.title, 13, GOLD, True)
        surf.blit(t, (8, (HEADER_H - t.get_height()) // 2))
        if prompt:
            p = self.text(prompt, 13, INK, True)
            surf.blit(p, (t.get_width() + 24, (HEADER_H - p.get_height()) // 2))
        label = "hide (F2)" if open_ else "show (F2)"
        b = self.button(surf, label, (surf.get_width() - 96, 2), "toggle", width=90, height=HEADER_H - 4)
        del b

    def text(self, text: str, size: int, color: tuple[int, int, int] = INK, bold: bool = False) -> pygame.Surface:
        assert self.assets is not None
        return self.assets.text(text, size, color, bold)

    def fit_text(self, text: str, size: int, width: int, color: tuple[int, int, int] = INK,
                 bold: bool = False) -> pygame.Surface:
        """`text` on one line, cut with an ellipsis to `width` pixels."""
        assert self.assets is not None
        font = self.assets.font(size, bold)
        full = text
        while len(text) > 2 and font.size(text)[0] > width:
            text = text[:-2] + "…"
        self.rows.append(Row(full, text))
        return self.text(text, size, color, bold)

    def lines(self, surf: pygame.Surface, x: int, y: int, width: int, bottom: int,
              rows: Sequence[tuple[str, tuple[int, int, int], bool]], size: int = 13) -> int:
        """Rows of (text, colour, bold), one a line, cut to `width` and stopping at `bottom`; returns the next y."""
        for k, (text, color, bold) in enumerate(rows):
            t = self.fit_text(text, size, width, color, bold)
            if y + t.get_height() > bottom:
                self.rows[-1].shown = ""
                self.rows.extend(Row(r[0], "") for r in rows[k + 1:])
                break
            surf.blit(t, (x, y))
            y += t.get_height() + 1
        return y

    def button(self, surf: pygame.Surface, label: str, at: tuple[int, int], target: Target, width: int = 0,
               height: int = 24, color: tuple[int, int, int] = BUTTON) -> pygame.Rect:
        t = self.text(label, 13, (255, 255, 255), True)
        r = pygame.Rect(at[0], at[1], max(width, t.get_width() + 16), height)
        pygame.draw.rect(surf, color, r, border_radius=5)
        surf.blit(t, (r.centerx - t.get_width() // 2, r.centery - t.get_height() // 2))
        self.buttons.append((r, target))
        return r

    def pip(self, surf: pygame.Surface, center: tuple[int, int], radius: int, circ: str, on: bool | None) -> None:
        """A circumstance pip: filled when in force, an outline when clear, faint when unknown (None)."""
        color, letter = self.pip_colors.get(circ, ((150, 150, 150), "?"))
        if on:
            pygame.draw.circle(surf, color, center, radius)
            t = self.text(letter, max(8, int(radius * 1.2)), (255, 255, 255), True)
        else:
            pygame.draw.circle(surf, color if on is False else (70, 76, 84), center, radius, max(1, radius // 4))
            t = self.text(letter, max(8, int(radius * 1.2)), color if on is False else (90, 96, 104), True)
        surf.blit(t, (center[0] - t.get_width() // 2, center[1] - t.get_height() // 2))

    def seat_name(self, ctx: HudContext, seat: Any) -> str:
        if isinstance(seat, int) and not isinstance(seat, bool):
            return "you" if seat == ctx.seat else ctx.names.get(seat, f"Seat {seat + 1}")
        return "—" if seat is None else str(seat)


def signed(v: Any) -> str:
    return f"+{v}" if isinstance(v, int) and v > 0 else str(v)


def make_hud(ruleset: str, assets: AssetLoader | None = None) -> Hud | None:
    """The board a ruleset registered (tabletop.ui.panels), or None: the side panel's words serve it."""
    from .panels import make_panel

    return make_panel(ruleset, assets)
