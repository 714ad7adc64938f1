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
import pygame_gui

from ..table.assets import AssetLoader

__all__ = ["BAD", "BG", "DIM", "GOLD", "GOOD", "HEADER_H", "INK", "PANEL", "Hud", "HudContext", "Panel", "Row", "make_hud", "signed", "wrap"]

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
    """What a board draws from: the seat's status and view, and how to name seats and pieces; `manager`: the
    window's pygame-gui manager (a panel taller than its room scrolls in one of its containers), `quiet`: the
    window redraws no widget this frame (the board's pixels from the last frame are still on the screen)."""

    status: Mapping[str, Any]
    seat: int | None
    names: Mapping[int, str]
    name_of: Callable[[str], str | None]
    card_of: Mapping[str, str] = field(default_factory=dict)
    manager: Any = None
    quiet: bool = False


#: the width of a scrolling panel's scroll bar (pygame-gui's), and the tallest a panel's content may be drawn
SCROLL_W, CONTENT_MAX_H = 20, 4000


@dataclass(slots=True)
class Panel:
    """A part of a board drawn on a surface of its own, as tall as what it holds: shown whole when that fits its
    `view` (board coordinates), else scrolled in a pygame-gui scrolling container (its bar and the wheel)."""

    view: pygame.Rect
    content: pygame.Surface
    #: its buttons, in the content's coordinates
    buttons: list[tuple[pygame.Rect, Target]] = field(default_factory=list)
    scroll: Any = None
    #: where its rows begin in the board's `rows`
    rows_from: int = 0

    @property
    def height(self) -> int:
        return self.content.get_height()

    def offset(self) -> int:
        """How far the panel is scrolled down (pixels)."""
        if self.scroll is None or not self.scroll.alive():
            return 0
        off = -int(self.scroll.scrollable_container.relative_rect.y)
        most = self.height - self.view.h
        bar = self.scroll.vert_scroll_bar
        if bar is not None and bar.sliding_button is not None:
            # the view is cut to whole rows, so pygame-gui's container (sized before the cut) may stop a few pixels
            # short of the panel's end: the slider at the end of its travel shows the last row
            travel = bar.scrollable_height - bar.sliding_button.rect.height
            if travel > 0 and bar.scroll_position >= travel - 1:
                return max(0, most)
        return max(0, min(off, most))


class Hud:
    """A board: `height(width, open)` pixels above the table; `draw` it, `hit` a click (an action dict, or
    "toggle" for its header). A board's `render` lays out its panels (`panel`), each drawn as tall as it needs:
    rows wrap rather than being cut, and a panel taller than its room scrolls."""

    title = ""
    open_height = 180
    #: a board's pips: name -> (colour, letter)
    pip_colors: Mapping[str, tuple[tuple[int, int, int], str]] = {}

    def __init__(self, assets: AssetLoader | None = None) -> None:
        self.assets = assets
        #: the buttons in view, in window coordinates, with what a click on each does
        self.buttons: list[tuple[pygame.Rect, Target]] = []
        self._key: Any = None
        self._surf: pygame.Surface | None = None
        self._origin = (0, 0)
        #: every line of text the board meant to show, as last drawn (see `Row`), and its panels
        self.rows: list[Row] = []
        self.panels: list[Panel] = []
        #: the board's own buttons (its header's, a panel's that fits), in board coordinates
        self._own: list[tuple[pygame.Rect, Target]] = []
        self._into: Panel | None = None
        self._shown: Any = None
        self._scrolls: dict[int, Any] = {}
        #: lines of text as wrapped (text, size, bold, width, indent): a board measures its panels at a few widths
        self._wrapped: dict[tuple[str, int, bool, int, int], list[str]] = {}
        self._scratch = pygame.Surface((1, 1))
        #: a layout's panels measured (paint, width): the splits a board tries share widths
        self._measured: dict[tuple[int, int], tuple[Any, tuple[int, bool]]] = {}

    def height(self, width: int, open_: bool) -> int:
        return self.open_height if open_ else HEADER_H

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, ctx: HudContext, key: Any, open_: bool,
             mouse: tuple[int, int]) -> None:
        """Draw the board into `rect` (laid out again only when `key` changes), its scrolled panels at their
        place, then the hovered button's highlight; in a quiet frame with nothing changed, nothing."""
        assert self.assets is not None
        full = (key, rect.size, open_)
        changed = full != self._key or self._surf is None or self._origin != rect.topleft
        if changed:
            self._key = full
            self._origin = rect.topleft
            self._layout(rect, ctx, open_)
        self._sync_scrolls(ctx.manager, rect)
        self.buttons = self._in_view(rect)
        hot = next((r for r, _ in self.buttons if r.collidepoint(mouse)), None)
        shown = (full, tuple(p.offset() for p in self.panels), None if hot is None else tuple(hot))
        if ctx.quiet and not changed and shown == self._shown:
            return
        self._shown = shown
        assert self._surf is not None
        surface.blit(self._surf, rect.topleft)
        for p in self.panels:
            if p.scroll is not None:
                view = p.view.move(rect.topleft)
                surface.blit(p.content, view.topleft, pygame.Rect(0, p.offset(), view.w - SCROLL_W, view.h))
        if hot is not None:
            pygame.draw.rect(surface, (255, 255, 255), hot, 2, border_radius=5)

    def _layout(self, rect: pygame.Rect, ctx: HudContext, open_: bool) -> None:
        self.rows, self.panels, self._own = [], [], []
        self._measured = {}
        surf = pygame.Surface(rect.size)
        surf.fill(BG)
        self._header(surf, str(ctx.status.get("prompt") or ""), open_)
        if open_:
            self.render(surf, pygame.Rect(0, HEADER_H, rect.w, rect.h - HEADER_H), ctx)
        pygame.draw.line(surf, (70, 80, 90), (0, rect.h - 1), (rect.w, rect.h - 1))
        self._surf = surf

    def _in_view(self, rect: pygame.Rect) -> list[tuple[pygame.Rect, Target]]:
        """The buttons a click may reach now, in window coordinates (a scrolled panel's: those wholly in view)."""
        out = [(r.move(rect.topleft), t) for r, t in self._own]
        for p in self.panels:
            if p.scroll is None:
                continue
            view = p.view.move(rect.topleft)
            view.w -= SCROLL_W
            for r, t in p.buttons:
                at = r.move(view.x, view.y - p.offset())
                if view.contains(at):
                    out.append((at, t))
        return out

    def _sync_scrolls(self, manager: Any, rect: pygame.Rect) -> None:
        """A pygame-gui scrolling container over each panel taller than its view (kept, with its scroll, while
        the panel is there: moved and resized with it), none over the others."""
        want = {i: p for i, p in enumerate(self.panels) if p.height > p.view.h and manager is not None}
        for i in list(self._scrolls):
            box, catcher, view, h = self._scrolls[i]
            p = want.get(i)
            if p is None or not box.alive():
                box.kill()
                del self._scrolls[i]
                continue
            at = p.view.move(rect.topleft)
            if view != at:  # moved or resized (another split of the board): the same container, kept scrolled
                box.set_position(at.topleft)
                box.set_dimensions(at.size)
            if view != at or h != p.height:
                catcher.kill()
                self._scrolls[i] = (box, self._catcher(manager, box, p), at, p.height)
        for i, p in want.items():
            if i not in self._scrolls:
                view = p.view.move(rect.topleft)
                box = pygame_gui.elements.UIScrollingContainer(view, manager, allow_scroll_x=False)
                self._scrolls[i] = (box, self._catcher(manager, box, p), view, p.height)
            p.scroll = self._scrolls[i][0]

    @staticmethod
    def _catcher(manager: Any, box: Any, p: Panel) -> Any:
        """A see-through image as tall as the panel's content inside its container: the wheel scrolls a container
        whose contents are hovered (the board draws the content itself, under it)."""
        w = p.view.w - SCROLL_W
        box.set_scrollable_area_dimensions((w, p.height))
        clear = pygame.Surface((w, p.height), pygame.SRCALPHA)
        return pygame_gui.elements.UIImage(pygame.Rect(0, 0, w, p.height), clear, manager, container=box)

    def kill(self) -> None:
        """Take down the board's widgets (its scrolling containers): the window is done with it."""
        for box, *_ in self._scrolls.values():
            box.kill()
        self._scrolls.clear()
        for p in self.panels:
            p.scroll = None
        self._key = None

    def hit(self, pos: tuple[int, int]) -> Target | None:
        for r, target in self.buttons:
            if r.collidepoint(pos):
                return target
        return None

    def render(self, surf: pygame.Surface, area: pygame.Rect, ctx: HudContext) -> None:
        raise NotImplementedError

    # -- panels --

    def panel(self, surf: pygame.Surface, view: pygame.Rect, paint: Callable[[pygame.Surface, int], int],
              color: tuple[int, int, int] = PANEL, pad: int = 6) -> Panel:
        """A panel at `view` (board coordinates) that `paint(content, width)` draws from its top (returning the
        height it used): drawn as tall as it needs, whole on the board when that fits, else scrolled."""
        pygame.draw.rect(surf, color, view, border_radius=6)
        inner = view.inflate(-2 * pad, -2 * pad)
        p = self._paint(inner, inner.w, paint, color)
        if p.height > inner.h:  # it will scroll: drawn again beside the scroll bar
            self.panels.pop()
            del self.rows[p.rows_from:]
            p = self._paint(inner, inner.w - SCROLL_W, paint, color)
            p.view.h = self._whole_rows(p, inner.h)
            return p
        surf.blit(p.content, inner.topleft)
        self._own += [(r.move(inner.topleft), t) for r, t in p.buttons]
        return p

    def _whole_rows(self, p: Panel, h: int) -> int:
        """The height, at most `h`, of a scrolled panel's view that ends between its rows (no line cut in half by
        its bottom edge while it is scrolled to the top)."""
        index = self.panels.index(p)
        rects = sorted((r.rect for r in self.rows[p.rows_from:] if r.panel == index and r.rect is not None),
                       key=lambda r: r.top, reverse=True)
        cut = h
        for r in rects:  # from the lowest up: a row the edge cuts moves the edge above it
            if r.top < cut < r.bottom:
                cut = r.top
        return cut if cut >= 2 * SCROLL_W else h  # a row taller than the view: cut it rather than show nothing

    def columns(self, surf: pygame.Surface, area: pygame.Rect,
                options: Sequence[Sequence[tuple[int, Callable[[pygame.Surface, int], int]]]], gap: int = 8) -> None:
        """Panels side by side across `area`, each (share of the width in percent, paint): of the `options`, the
        one whose panels scroll least (each panel's content measured at its width first), so the width goes where
        the content is."""
        def widths(option: Sequence[tuple[int, Any]]) -> list[int]:
            room = area.w - gap * (len(option) + 1)
            out = [room * share // 100 for share, _ in option[:-1]]
            return [*out, room - sum(out)]

        def overflow(option: Sequence[tuple[int, Any]]) -> tuple[int, int, int]:
            # panels with buttons in them (what to do now) scroll last, then as few panels as may, then least
            sizes = [self.measure(paint, w - 12) for (_, paint), w in zip(option, widths(option), strict=True)]
            over = [(max(0, h - (area.h - 24)), acts) for h, acts in sizes]
            return (sum(1 for o, acts in over if o and acts), sum(1 for o, _ in over if o), sum(o for o, _ in over))

        best = min(options, key=overflow) if len(options) > 1 else options[0]
        x = area.x + gap
        for (_, paint), w in zip(best, widths(best), strict=True):
            self.panel(surf, pygame.Rect(x, area.y + 6, w, area.h - 12), paint)
            x += w + gap

    def measure(self, paint: Callable[[pygame.Surface, int], int], width: int) -> tuple[int, bool]:
        """How tall `paint` draws at `width`, and whether it draws buttons (nothing of it is kept: it draws on a
        scratch surface that clips it all)."""
        memo = self._measured.get((id(paint), width))
        if memo is not None and memo[0] is paint:
            return memo[1]
        rows, own = len(self.rows), len(self._own)
        p = Panel(pygame.Rect(0, 0, width, 1), self._scratch)
        self.panels.append(p)
        outer, self._into = self._into, p
        try:
            used = paint(self._scratch, width)
        finally:
            self._into = outer
            self.panels.remove(p)
            del self.rows[rows:]
            del self._own[own:]
        out = (min(used, CONTENT_MAX_H), bool(p.buttons))
        self._measured[(id(paint), width)] = (paint, out)
        return out

    def _paint(self, inner: pygame.Rect, width: int, paint: Callable[[pygame.Surface, int], int],
               color: tuple[int, int, int]) -> Panel:
        """A panel's content drawn on a surface as tall as it is (measured first)."""
        height, _ = self.measure(paint, width)
        content = pygame.Surface((max(1, width), max(1, height)))
        content.fill(color)
        p = Panel(inner, content, rows_from=len(self.rows))
        self.panels.append(p)
        outer, self._into = self._into, p
        try:
            paint(content, width)
        finally:
            self._into = outer
        return p

    def say(self, surf: pygame.Surface, x: int, y: int, width: int, text: str, size: int = 12,
            color: tuple[int, int, int] = INK, bold: bool = False, indent: int = 10) -> int:
        """`text` at (x, y), wrapped to `width` pixels (a line after the first `indent` further in), never cut;
        returns the y below it."""
        assert self.assets is not None
        font = self.assets.font(size, bold)
        key = (text, size, bold, width, indent)
        lines = self._wrapped.get(key)
        if lines is None:
            if len(self._wrapped) > 4000:
                self._wrapped.clear()
            lines = self._wrapped[key] = wrap(font, text, width, indent)
        for k, line in enumerate(lines):
            at = x + (indent if k else 0)
            t = self.text(line, size, color, bold)
            surf.blit(t, (at, y))
            self.rows.append(Row(line, line, self._panel_index(), pygame.Rect(at, y, t.get_width(), t.get_height())))
            y += t.get_height() + 1
        return y

    def _panel_index(self) -> int | None:
        if self._into is None:
            return None
        return len(self.panels) - 1 if self.panels and self.panels[-1] is self._into else self.panels.index(self._into)

    # -- drawing helpers --

    def _header(self, surf: pygame.Surface, prompt: str, open_: bool) -> None:
        """The title and the prompt on one line left of the fold button: the prompt in a smaller font, then
        without the title, when they do not fit."""
        pygame.draw.rect(surf, PANEL, (0, 0, surf.get_width(), HEADER_H))
        label = "hide (F2)" if open_ else "show (F2)"
        b = self.button(surf, label, (surf.get_width() - 96, 2), "toggle", width=90, height=HEADER_H - 4)
        room = b.x - 12
        assert self.assets is not None
        title_w = self.assets.font(13, True).size(self.title)[0]
        for size, with_title in ((13, True), (12, True), (11, True), (13, False), (12, False), (11, False),
                                 (10, False)):
            prompt_x = title_w + 24 if with_title else 8
            if not prompt or self.assets.font(size, True).size(prompt)[0] <= room - prompt_x:
                break
        if with_title:
            self._put(surf, self.title, 13, GOLD, True, 8)
        if prompt:
            self._put(surf, prompt, size, INK, True, prompt_x, room - prompt_x)

    def _put(self, surf: pygame.Surface, text: str, size: int, color: tuple[int, int, int], bold: bool, x: int,
             width: int = 0) -> None:
        """One header line at `x`, centred in the header's height (cut only when nothing else fits)."""
        t = self.fit_text(text, size, width, color, bold) if width else self.text(text, size, color, bold)
        if not width:
            self.rows.append(Row(text, text))
        y = (HEADER_H - t.get_height()) // 2
        surf.blit(t, (x, y))
        self.rows[-1].rect = pygame.Rect(x, y, t.get_width(), t.get_height())

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
        """Rows of (text, colour, bold), each wrapped to `width` (never cut); outside a panel they stop at `bottom`
        (a panel is as tall as its rows); returns the next y."""
        for k, (text, color, bold) in enumerate(rows):
            if self._into is None and y + self.assets.font(size, bold).get_linesize() > bottom:  # type: ignore[union-attr]
                self.rows.extend(Row(r[0], "") for r in rows[k:])
                break
            y = self.say(surf, x, y, width, text, size, color, bold)
        return y

    def button(self, surf: pygame.Surface, label: str, at: tuple[int, int], target: Target, width: int = 0,
               height: int = 24, color: tuple[int, int, int] = BUTTON, most: int = 0) -> pygame.Rect:
        """A button at `at`; with `most`, its label in a smaller font when it would be wider than that."""
        assert self.assets is not None
        size = 13
        while most and size > 10 and self.assets.font(size, True).size(label)[0] + 16 > most:
            size -= 1
        t = self.text(label, size, (255, 255, 255), True)
        r = pygame.Rect(at[0], at[1], max(width, t.get_width() + 16), height)
        pygame.draw.rect(surf, color, r, border_radius=5)
        at_text = (r.centerx - t.get_width() // 2, r.centery - t.get_height() // 2)
        surf.blit(t, at_text)
        (self._into.buttons if self._into is not None else self._own).append((r, target))
        if target != "toggle":
            self.rows.append(Row(label, label, self._panel_index(), r.copy()))
        return r

    def button_w(self, label: str, most: int = 0) -> int:
        """How wide `button` draws a button labelled `label` (with the same `most`)."""
        assert self.assets is not None
        size = 13
        while most and size > 10 and self.assets.font(size, True).size(label)[0] + 16 > most:
            size -= 1
        return self.assets.font(size, True).size(label)[0] + 16

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


def wrap(font: pygame.font.Font, text: str, width: int, indent: int = 0) -> list[str]:
    """`text` in lines of at most `width` pixels (the lines after the first `indent` narrower), broken between
    words, and inside a word only when the word alone is wider."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        room = width - (indent if lines else 0)
        trial = f"{line} {word}" if line else word
        if font.size(trial)[0] <= room:
            line = trial
            continue
        if line:
            lines.append(line)
            room = width - indent
        line = word
        while font.size(line)[0] > room and len(line) > 1:
            cut = len(line) - 1
            while cut > 1 and font.size(line[:cut])[0] > room:
                cut -= 1
            lines.append(line[:cut])
            line = line[cut:]
            room = width - indent
    lines.append(line)
    return lines


def signed(v: Any) -> str:
    return f"+{v}" if isinstance(v, int) and v > 0 else str(v)


def make_hud(ruleset: str, assets: AssetLoader | None = None) -> Hud | None:
    """The board a ruleset registered (tabletop.ui.panels), or None: the side panel's words serve it."""
    from .registry import make_panel

    return make_panel(ruleset, assets)
