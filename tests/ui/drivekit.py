"""Play a TableApp by real input only: posted pygame events aimed by the app's own layout geometry.

Why: a window test must prove a player can do each step with the mouse and keys, so nothing here calls the engine
or the app's commands. Every gesture is a MOUSEMOTION / MOUSEBUTTONDOWN / MOUSEBUTTONUP / MOUSEWHEEL / KEYDOWN /
KEYUP posted to pygame's queue and taken by the app's own loop (`TableApp.step`), which hands them to pygame-gui
(whose UI_BUTTON_PRESSED and UI_SELECTION_LIST_NEW_SELECTION events come back through the same queue). Targets are
found from what the app laid out (zone and item rectangles through its camera, the hand strip's card rectangles,
the top bar's and the side panel's widget rectangles, the board's button rectangles), never from fixed pixels, so
the drive survives layout changes. Reading the app (its view, its legal-moves list, its log) is what a player does
by looking at the window.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

import pygame

from tabletop.ui import TableApp
from tabletop.ui.input.script import HOLD_FRAMES

__all__ = ["DriveError", "Driver"]


class DriveError(AssertionError):
    """The window offers no way to do a step by clicks and keys (or the step did not take)."""


def _motion(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False, window=None)


def _button(kind: int, pos: tuple[int, int], button: int) -> pygame.event.Event:
    return pygame.event.Event(kind, pos=pos, button=button, touch=False, window=None)


def _key(kind: int, k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(kind, key=k, mod=mod, unicode="", scancode=0, window=None)


class Driver:
    """A player's hands on one TableApp: point, click, drag, press keys; find where to aim from the app's layout."""

    def __init__(self, app: TableApp) -> None:
        self.app = app

    # ------------------------------------------------------------------ raw input

    def post(self, *events: pygame.event.Event, frames: int = 1) -> None:
        """Post events to pygame's queue, then run `frames` frames of the app's own loop (which takes them)."""
        for e in events:
            pygame.event.post(e)
        for _ in range(frames):
            self.app.step()

    def point(self, pos: tuple[float, float]) -> tuple[int, int]:
        p = (int(round(pos[0])), int(round(pos[1])))
        self.post(_motion(p))
        return p

    def click(self, pos: tuple[float, float], button: int = 1) -> None:
        """Move there, press and release, all in one frame (the app and pygame-gui take events in order); then run
        frames while the widgets still have events of their own on the way (a list row's button posts
        UI_BUTTON_PRESSED on release, the list answers it with UI_SELECTION_LIST_NEW_SELECTION, the app takes that
        a frame later)."""
        p = (int(round(pos[0])), int(round(pos[1])))
        self.post(_motion(p), _button(pygame.MOUSEBUTTONDOWN, p, button), _button(pygame.MOUSEBUTTONUP, p, button))
        self.settle()

    def settle(self, most: int = 3) -> None:
        """Run frames until pygame's queue is empty (events the app or its widgets posted), at most `most`."""
        for _ in range(most):
            if not pygame.event.peek():
                return
            self.app.step()

    def drag(self, a: tuple[float, float], b: tuple[float, float], steps: int = 5) -> None:
        """Press at `a`, move to `b` over `steps` frames, hold still (a placing drop, no fling) and let go."""
        pa = self.point(a)
        self.post(_button(pygame.MOUSEBUTTONDOWN, pa, 1))
        for i in range(1, steps + 1):
            t = i / steps
            self.post(_motion((int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t))))
        pb = (int(round(b[0])), int(round(b[1])))
        self.post(frames=HOLD_FRAMES)
        self.post(_button(pygame.MOUSEBUTTONUP, pb, 1))
        self.settle()

    def key(self, k: int, mod: int = 0, at: tuple[float, float] | None = None) -> None:
        """Press and release a key, with its modifier keys held around it. With `at`, the pointer goes there a frame
        first: keys that act on what is under the cursor read the hover the app worked out on the last frame."""
        if at is not None:
            self.point(at)
        held = [m for m, bit in ((pygame.K_LCTRL, pygame.KMOD_CTRL), (pygame.K_LSHIFT, pygame.KMOD_SHIFT))
                if mod & bit]
        self.post(*[_key(pygame.KEYDOWN, m) for m in held], _key(pygame.KEYDOWN, k, mod), _key(pygame.KEYUP, k, mod),
                  *[_key(pygame.KEYUP, m) for m in held])
        self.settle()

    def wheel(self, pos: tuple[float, float], dy: int) -> None:
        self.point(pos)
        self.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0,
                                     precise_y=float(dy), touch=False, window=None), frames=4)

    # ------------------------------------------------------------------ where things are (the app's geometry)

    def table_area(self) -> pygame.Rect:
        """The part of the screen showing the table: the camera's viewport above the hand strip."""
        vx, vy, vw, vh = self.app.camera.viewport
        area = pygame.Rect(vx, vy, vw, vh)
        strip = self.app.hand.rect
        if strip.h and strip.colliderect(area):
            area.h = max(0, strip.y - area.y)
        return area

    def zone_rect(self, name: str) -> pygame.Rect:
        """A zone's rectangle on screen (the camera turns the table for a seat on the top edge)."""
        box = self.app.layout.zone_by_name.get(name)
        if box is None:
            raise DriveError(f"the table shows no zone {name!r} (zones: {sorted(self.app.layout.zone_by_name)})")
        x, y, w, h = box.rect
        (ax, ay), (bx, by) = self.app.camera.to_screen(x, y), self.app.camera.to_screen(x + w, y + h)
        return pygame.Rect(round(min(ax, bx)), round(min(ay, by)), round(abs(bx - ax)), round(abs(by - ay)))

    def zone_spot(self, name: str, free: bool = True) -> tuple[int, int]:
        """A point of a zone that is on screen (not under the hand strip), away from its pieces when `free`."""
        r = self.zone_rect(name).clip(self.table_area())
        if r.w < 4 or r.h < 4:
            raise DriveError(f"zone {name!r} is not on screen ({self.zone_rect(name)} vs {self.table_area()})")
        candidates = [(r.x + r.w * fx, r.y + r.h * fy) for fy in (0.5, 0.7, 0.3, 0.85, 0.15)
                      for fx in (0.5, 0.75, 0.25, 0.9, 0.1)]
        if free:
            for c in candidates:
                if self.item_at(c) is None:
                    return (int(c[0]), int(c[1]))
        return (int(candidates[0][0]), int(candidates[0][1]))

    def item_at(self, pos: tuple[float, float]) -> Any:
        tx, ty = self.app.camera.to_world(pos[0], pos[1])
        return self.app.layout.hit(tx, ty)

    def item_spot(self, pid: str) -> tuple[int, int]:
        """Where a piece on the table is on screen (its centre, or the visible part of a covered one)."""
        item = self.app.layout.by_id.get(pid)
        if item is None:
            raise DriveError(f"piece {pid} is not on the table")
        x, y = self.app.camera.to_screen(item.x, item.y)
        return (int(round(x)), int(round(y)))

    def stack_spot(self, zone: str) -> tuple[int, int]:
        """The top of a stacked zone (a deck): where a player points to draw from it."""
        items = [i for i in self.app.layout.items if i.zone == zone]
        if not items:
            raise DriveError(f"zone {zone!r} holds nothing to point at")
        top = max(items, key=lambda i: i.order)
        x, y = self.app.camera.to_screen(top.x, top.y)
        area = self.table_area()
        return (int(round(x)), int(round(min(y, area.bottom - 4))))

    def hand_cards(self) -> list[Any]:
        return list(self.app.hand.cards)

    def hand_spot(self, pid: str) -> tuple[int, int]:
        """The visible part of a card in the hand strip (cards overlap: aim left of the next card's edge)."""
        try:
            return self.app.hand.spot(pid)
        except KeyError:
            raise DriveError(f"card {pid} is not in the hand strip") from None

    def card_name(self, pid: str) -> str | None:
        return self.app._card_name(pid)

    def face(self, pid: str) -> str | None:
        """The card a piece shows this seat face up (its reference), or None for a back or a piece it cannot see."""
        for zone in self.app.view.get("zones") or ():
            for p in zone.get("pieces") or ():
                if p.get("id") == pid:
                    return p.get("card")
        return None

    def hand_pid(self, name: str) -> str:
        for c in self.hand_cards():
            if self.card_name(c.pid) == name:
                return c.pid
        raise DriveError(f"no {name!r} in the hand strip ({[self.card_name(c.pid) for c in self.hand_cards()]})")

    # ------------------------------------------------------------------ widgets

    def bar_button(self, key: str) -> pygame.Rect:
        bar = self.app.topbar
        if bar is None or key not in bar.buttons:
            raise DriveError(f"the top bar has no {key!r} button")
        return bar.buttons[key].get_abs_rect()

    def pass_visible(self) -> bool:
        bar = self.app.topbar
        return bar is not None and bar.pass_button.visible

    def click_pass(self) -> None:
        """Click the top bar's Pass button (shown only when the seat may pass)."""
        if not self.pass_visible():
            raise DriveError(f"no Pass button for seat {self.app.seat + 1}; moves: {self.moves()}")
        self.click(self.app.topbar.pass_button.get_abs_rect().center)

    def moves(self) -> list[str]:
        """The legal moves the side panel lists, as the player reads them."""
        side = self.app.side
        return [t for t, _ in side.move_items] if side is not None else []

    def moves_label(self) -> str:
        side = self.app.side
        return side.moves_label.text if side is not None and side.moves_label is not None else ""

    def click_move(self, match: str | Callable[[str], bool]) -> str:
        """Click the first listed legal move whose words match (a regex, or a test), scrolling the list to it."""
        test = (lambda t: re.search(match, t) is not None) if isinstance(match, str) else match
        texts = self.moves()
        rows = self.app.legal.rows
        # each listed row stands for move row number `row_of[i]` (rows alike are one row with their count)
        row_of = [int(oid[5:]) for _, oid in self.app.side.move_items]
        index = next((i for i, t in enumerate(texts) if test(t)), None)
        option = None
        if index is None:  # a row that opens a choice: the move is one of its options
            found = next(((i, j) for i, row in enumerate(rows) if row.options
                          for j, t in enumerate(row.texts) if test(t)), None)
            if found is None:
                raise DriveError(f"no listed move matches {match!r}; the list shows {texts}")
            label = rows[found[0]].label
            index = next(i for i, r in enumerate(row_of) if rows[r].label == label)
            option = found[1]
        elif rows[row_of[index]].options:
            option = 0  # the row itself matched: its first option
        text = texts[index]
        lst = self.app.side.moves
        for _ in range(40):
            spot = self._list_item_spot(lst, index)
            if spot is not None:
                break
            visible = [i for i, it in enumerate(lst.item_list) if self._list_item_spot(lst, i) is not None]
            self.wheel(lst.get_abs_rect().center, -1 if not visible or index > max(visible) else 1)
        else:
            raise DriveError(f"could not scroll the legal-moves list to {text!r}")
        before = len(self.app.session.history) if self.app.session is not None else 0
        self.click(spot)
        if option is not None:
            prompt = self.app.prompt
            if prompt is None or not hasattr(prompt, "list"):
                raise DriveError(f"clicking {text!r} opened no choice")
            text = rows[row_of[index]].texts[option]
            self.click(self._list_item_spot(prompt.list, option) or prompt.list.get_abs_rect().center)
            self.click(prompt.ok.get_abs_rect().center)  # a click highlights the option; Choose takes it
        if self.app.session is not None and len(self.app.session.history) == before:
            raise DriveError(f"clicking {text!r} in the legal-moves list did nothing; notices: "
                             f"{self.app.notices.texts()}")
        return text

    @staticmethod
    def _list_item_spot(lst: Any, index: int) -> tuple[int, int] | None:
        """The middle of the visible part of a list row, or None while it is scrolled out of sight."""
        item = lst.item_list[index]
        button = item.get("button_element")
        if button is None or not button.visible:
            return None
        container = lst.item_list_container.get_abs_rect() if lst.item_list_container is not None else lst.get_abs_rect()
        part = button.get_abs_rect().clip(container)
        if part.h < 8 or part.w < 8:
            return None
        return part.center

    def hud_buttons(self) -> list[tuple[pygame.Rect, Any]]:
        hud = self.app.hud
        return list(hud.buttons) if hud is not None else []

    def click_hud(self, test: Callable[[Any], bool]) -> Any:
        """Click the ruleset board's button whose target passes `test` (the board keeps rect and target per button)."""
        for rect, target in self.hud_buttons():
            if test(target):
                self.click(rect.center)
                return target
        raise DriveError(f"the board shows no such button; it has {[t for _, t in self.hud_buttons()]}")

    # ------------------------------------------------------------------ the hotseat

    def next_seat(self, by_key: bool = False) -> int:
        """Hand the table on: the Next seat button (or Tab), then a click on the cover screen. The new seat."""
        was = self.app.seat
        if by_key:
            self.key(pygame.K_TAB, at=self.table_area().center)
        else:
            self.click(self.bar_button("seat").center)
        if self.app.cover_seat is None:
            raise DriveError("Next seat showed no cover screen")
        self.click(self.table_area().center)
        if self.app.cover_seat is not None or self.app.seat == was:
            raise DriveError(f"the cover did not lift to the next seat (still seat {self.app.seat + 1})")
        return self.app.seat

    def sit(self, seat: int, by_key: bool = False) -> None:
        """Pass the table on until `seat` sits at it."""
        for _ in range(len(self.app.session.state.seats) + 1):
            if self.app.seat == seat:
                return
            self.next_seat(by_key)
        raise DriveError(f"could not reach seat {seat + 1}")

    # ------------------------------------------------------------------ what the window says

    def rules(self) -> dict[str, Any]:
        return dict(self.app.view.get("rules") or {})

    def log_lines(self) -> list[str]:
        """The side panel's log as text (tags stripped)."""
        text = self.app.side.log_text if self.app.side is not None else ""
        return [html.unescape(re.sub(r"<[^>]+>", "", line)) for line in text.split("<br>") if line]

    def notices(self) -> list[str]:
        return list(self.app.notices.texts())

    def count(self, zone: str) -> int:
        box = self.app.layout.zone_by_name.get(zone)
        return box.count if box is not None else 0

    def zone_cards(self, zone: str) -> list[str]:
        """Names of the cards a zone shows this seat face up."""
        box = self.app.layout.zone_by_name.get(zone)
        out = []
        for p in (box.pieces if box is not None else []):
            name = self.card_name(p["id"]) if p.get("card") else None
            if name:
                out.append(name)
        return out

