"""Pointer gestures on the table: a small state machine of press, drag, box select, pan and fling.

A press becomes a drag past DRAG_THRESHOLD pixels, a click or double click when released before, a box select
when it started on the bare table with Shift, a pan with the middle or right button; a drag released fast is a
fling. Each gesture ends in one Action through the commands (`submit`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from ...core import actions as A
from ..app.settings import (
    DOUBLE_CLICK_S,
    DRAG_THRESHOLD,
    KMOD_ALT,
    KMOD_CTRL,
    KMOD_SHIFT,
    PAN_SPEED,
)
from ..table.layout import Item, ZoneBox
from ..table.motion import FLING_MIN_PX
from ..table.render import HandCard

__all__ = ["GesturesMixin"]


@dataclass(slots=True)
class _Press:
    button: int
    pos: tuple[int, int]
    item: Item | None
    hand: HandCard | None
    zone: ZoneBox | None
    mods: int


@dataclass(slots=True)
class _Drag:
    ids: list[str]
    sources: list[Item | HandCard]
    start: tuple[int, int]
    from_zone: str
    from_hand: bool
    whole_stack: bool = False
    face_down: bool = False
    skip: frozenset[str] = frozenset()


class GesturesMixin:
    """Pointer gestures on the table: a small state machine of press, drag, box select, pan and fling. (a part of `TableApp`)."""

    def _over_table(self, pos: tuple[int, int]) -> bool:
        return pygame.Rect(self.camera.viewport).collidepoint(pos)

    def _mods(self) -> int:
        return self.mods | pygame.key.get_mods()

    def table_event(self, event: pygame.event.Event) -> None:
        et = event.type
        if et == pygame.MOUSEBUTTONDOWN:
            self._mouse_down(event)
        elif et == pygame.MOUSEMOTION:
            self._mouse_move(event)
        elif et == pygame.MOUSEBUTTONUP:
            self._mouse_up(event)
        elif et == pygame.MOUSEWHEEL:
            if self._over_table(self.mouse):
                self.camera.zoom_at(self.mouse[0], self.mouse[1], 1 if event.y > 0 else -1 if event.y < 0 else 0)
        elif et == pygame.KEYDOWN:
            self.key(event)

    def _mouse_down(self, event: pygame.event.Event) -> None:
        if not self._over_table(event.pos) or event.button in (4, 5):
            return
        self.update_hover()
        if event.button in (2, 3):
            self.pan_from = event.pos
            self.pan_button = event.button
            self.press = _Press(event.button, event.pos, self.hover_item, self.hover_hand, self.hover_zone, self._mods())
            return
        if event.button == 1:
            self.press = _Press(1, event.pos, self.hover_item, self.hover_hand, self.hover_zone, self._mods())
            self.tracker.reset(self.now, event.pos)

    def _mouse_move(self, event: pygame.event.Event) -> None:
        if self.pan_from is not None:
            dx, dy = event.pos[0] - self.pan_from[0], event.pos[1] - self.pan_from[1]
            if self.press is not None and abs(event.pos[0] - self.press.pos[0]) + abs(event.pos[1] - self.press.pos[1]) > DRAG_THRESHOLD:
                self.press = None
            if self.press is None:
                self.camera.pan(dx, dy)
                self.pan_from = event.pos
            return
        p = self.press
        if self.drag is not None:
            self.tracker.add(self.now, event.pos)
        if p is None or p.button != 1 or self.drag is not None or self.box is not None:
            return
        if abs(event.pos[0] - p.pos[0]) + abs(event.pos[1] - p.pos[1]) <= DRAG_THRESHOLD:
            return
        if p.item is None and p.hand is None:
            self.box = p.pos
            return
        self._start_drag(p)

    def _start_drag(self, p: _Press) -> None:
        self._stack_lift = None
        if p.hand is not None:
            hand_ids = {c.pid for c in self.hand.cards}
            sel = [s for s in self.selected if s in hand_ids]
            ids = sel if p.hand.pid in sel else [p.hand.pid]
            by_id = {c.pid: c for c in self.hand.cards}
            ids = [i for i in ids if i in by_id]
            if not ids or self.layout.hand is None:  # the card left the hand between the press and the move
                self.press = None
                return
            self.drag = _Drag(ids, [by_id[i] for i in ids], p.pos, self.layout.hand.name, True, skip=frozenset(ids))
            return
        item = self.layout.by_id.get(p.item.pid) if p.item is not None else None
        if item is None:  # the piece left the table between the press and the move
            self.press = None
            return
        zone = self.layout.zone_by_name.get(item.zone)
        if item.layout == "stack":
            whole = bool(p.mods & (KMOD_CTRL | KMOD_ALT))
            ids = [q["id"] for q in zone.pieces] if whole and zone is not None else [item.pid]
            face_down = zone is not None and zone.visibility == "hidden" and not item.face_up
            self.drag = _Drag(ids, [item], p.pos, item.zone, False, whole, face_down,
                              skip=frozenset([item.pid]) if whole else frozenset())
            self._stack_lift = None if whole else item.pid
            return
        if item.pid in self.selected:
            ids = [s for s in self.selected if s in self.layout.by_id]
        else:
            ids = [item.pid]
            if not p.mods & KMOD_SHIFT:
                self.selected = []
        ids.sort(key=lambda i: 0 if i == item.pid else 1)
        # pieces attached under a dragged card follow it (the reducer moves them with their host)
        self.drag = _Drag(ids, [self.layout.by_id[i] for i in ids], p.pos, item.zone, False,
                          skip=frozenset(ids) | self._attached_to(ids))

    def _attached_to(self, ids: Sequence[str]) -> frozenset[str]:
        hosts = set(ids)
        return frozenset(i.pid for i in self.layout.items if i.piece.get("attached_to") in hosts)

    def _mouse_up(self, event: pygame.event.Event) -> None:
        p = self.press
        if self.pan_from is not None and event.button == self.pan_button:
            self.pan_from = None
            if p is not None and p.button == 3:
                self.press = None
                self.open_menu(event.pos, p)
            self.press = None
            return
        if event.button != 1:
            return
        self.press = None
        if self.drag is not None:
            drag, self.drag = self.drag, None
            self.drop(drag, event.pos)
            return
        if self.box is not None:
            start, self.box = self.box, None
            a = self.camera.to_world(*start)
            b = self.camera.to_world(*event.pos)
            found = [i.pid for i in self.layout.in_rect(a[0], a[1], b[0], b[1])]
            if p is not None and p.mods & KMOD_SHIFT:
                self.selected += [f for f in found if f not in self.selected]
            else:
                self.selected = found
            return
        if p is not None:
            self.click(p)

    def _pan_keys(self: Any, dt: float) -> None:
        """The arrow keys held pan the table (in a replay the left and right ones step it instead)."""
        if self.replaying is not None:
            self.keys_down -= {pygame.K_LEFT, pygame.K_RIGHT}
        dx = (pygame.K_LEFT in self.keys_down) - (pygame.K_RIGHT in self.keys_down)
        dy = (pygame.K_UP in self.keys_down) - (pygame.K_DOWN in self.keys_down)
        if (dx or dy) and not self._typing():
            self.camera.pan(dx * PAN_SPEED * dt, dy * PAN_SPEED * dt)

    def click(self, p: _Press) -> None:
        now = time.monotonic()
        target = p.hand.pid if p.hand is not None else p.item.pid if p.item is not None else None
        double = target is not None and self.last_click[1] == target and now - self.last_click[0] < DOUBLE_CLICK_S
        self.last_click = (0.0, None) if double else (now, target)
        shift = bool(p.mods & KMOD_SHIFT)
        if p.item is not None and p.item.layout == "stack" and not shift:
            zone = self.layout.zone_by_name.get(p.item.zone)
            if zone is not None and zone.kind == "deck" and zone.owner in (None, self.seat):
                self.submit(A.Draw(1, source=zone.name))
                return
            if zone is not None and zone.kind == "deck":  # selected, and said why no card came
                owner = self._names().get(zone.owner, f"Seat {zone.owner + 1}")
                self.notify(f"That is {owner}'s deck: only its owner draws from it by a click", "info", 4.0)
        if target is None:
            if not shift:
                self.selected = []
            return
        if double and p.item is not None:
            self.double_click(p.item)
            # a double-click does, it does not select: X or F next act on what the cursor points at, not on
            # the die the first click of the two picked up
            self.selected = [s for s in self.selected if s != target]
            return
        if shift:
            if target in self.selected:
                self.selected.remove(target)
            else:
                self.selected.append(target)
        else:
            self.selected = [target]

    def double_click(self, item: Item) -> None:
        if item.kind == "die":
            self.submit(A.Roll((item.pid,)))
        elif item.kind == "counter":
            self.submit(A.AddCounter("value", 1, piece=item.pid))
        elif item.kind == "card":
            self.submit(A.Flip((item.pid,)))

    def drop(self, drag: _Drag, pos: tuple[int, int]) -> None:
        """Turn a finished drag into one Move: onto the hand strip, a zone (snapping to its layout) or the table."""
        if self.layout.hand is not None and self.hand.rect.collidepoint(pos):
            index = self.hand.insert_index(pos[0])
            self.submit(A.Move(tuple(drag.ids), self.layout.hand.name, index=index))
            return
        if not self._over_table(pos):
            return
        wx, wy = self.camera.to_world(*pos)
        zone = self.layout.zone_at(wx, wy)
        if zone is None:
            return
        first = drag.sources[0]
        if zone.layout == "free" and drag.whole_stack:
            # cards let go on the felt are loose cards: a whole deck stays a deck unless it lands on a stack
            self.notify(f"The {drag.from_zone} stays a stack: Ctrl-drag it onto a deck or pile to move it whole")
            return
        if zone.layout == "free":
            if isinstance(first, Item) and first.layout == "free":
                sx, sy = self.camera.to_screen(first.x, first.y)
                cx, cy = self.camera.to_world(sx + pos[0] - drag.start[0], sy + pos[1] - drag.start[1])
            else:
                cx, cy = wx, wy
            tw, th = self.camera.table_w, self.camera.table_h
            cx, cy = min(max(cx, 0.0), tw), min(max(cy, 0.0), th)
            if self._fling(drag, zone, pos, cx, cy):
                return
            face = False if drag.face_down else None
            self.submit(A.Move(tuple(drag.ids), zone.name, x=round(cx, 1), y=round(cy, 1), face_up=face))
            return
        if zone.name == drag.from_zone and zone.layout == "stack":
            return
        index = None
        if zone.layout in ("fan", "row", "grid"):
            index = sum(1 for i in self.layout.laid_in(zone.name) if i.x < wx and i.pid not in drag.ids)
        under = self.layout.hit(wx, wy, skip=set(drag.ids))  # the piece let go on (an Agent, a Site)
        self.submit(A.Move(tuple(drag.ids), zone.name, index=index), onto=under.pid if under is not None else None)

    def _fling(self, drag: _Drag, zone: ZoneBox, pos: tuple[int, int], cx: float, cy: float) -> bool:
        """Loose pieces let go on the open table while the pointer moves slide on (physics); False: a plain drop."""
        motion = self.motion
        if motion is None or not motion.enabled or zone.name != "table" or drag.from_zone != "table":
            return False
        if not all(isinstance(src, Item) and src.layout == "free" for src in drag.sources):
            return False
        vx, vy = self.tracker.velocity(self.now, pos)
        if math.hypot(vx, vy) < FLING_MIN_PX:
            return False
        # screen pixels per second -> table units per second (a seat across the table sees it turned round)
        z = self.camera.zoom
        wvx, wvy = (-vx / z, -vy / z) if self.camera.flipped else (vx / z, vy / z)
        first = drag.sources[0]
        assert isinstance(first, Item)
        for src in drag.sources:
            assert isinstance(src, Item)
            x, y = cx + src.x - first.x, cy + src.y - first.y
            followers = [(i.pid, i.x + x - src.x, i.y + y - src.y) for i in self.layout.items
                         if i.piece.get("attached_to") == src.pid]
            motion.fling(src.pid, self.seat, x, y, wvx, wvy, followers)
        self.refresh()
        return True

    def throw_dice(self) -> None:
        """Shift+X: throw the dice under the cursor (or selected) across the table; they land on rolled faces."""
        dice = self.targets(("die",))
        if not dice:
            return
        if self.motion is None or not self.motion.enabled:
            self.submit(A.Roll(dice))
            return
        for pid in dice:
            item = self.layout.by_id.get(pid)
            if item is None or item.layout != "free":
                continue
            # the direction is cosmetic (the face comes from the RNG), so it need not be reproducible
            angle = random.uniform(0, 2 * math.pi)
            speed = random.uniform(500, 900)
            self.motion.throw(pid, self.seat, item.x, item.y, speed * math.cos(angle), speed * math.sin(angle))
        self.refresh()

    def _snap_zone(self, x: float, y: float) -> str | None:
        """Where a piece coming to rest at (x, y) snaps, as a drop there would (a deck, a pile, a row); never a hand."""
        zone = self.layout.zone_at(x, y)
        if zone is None or zone.layout == "free" or zone.kind == "hand":
            return None
        return zone.name

    def _selection_places(self) -> dict[str, tuple[str, float, float]]:
        """Where each selected table piece lies, so the selection can follow a card whose name its view changes."""
        by_id = self.layout.by_id
        return {pid: (i.zone, i.x, i.y) for pid in self.selected if (i := by_id.get(pid)) is not None}

    def _follow_selection(self, places: dict[str, tuple[str, float, float]],
                          known: Callable[[str], bool]) -> list[str]:
        """The selection after a change: a card flipped face down (or up) gets a new name in this seat's view, so the
        piece now lying where it lay, in the same zone, takes its place; pieces that left are let go."""
        out: list[str] = []
        for pid in self.selected:
            if known(pid):
                out.append(pid)
                continue
            place = places.get(pid)
            if place is None:
                continue
            zone, x, y = place
            same = next((i.pid for i in self.layout.items if i.zone == zone and i.layout == "free"
                         and abs(i.x - x) < 0.5 and abs(i.y - y) < 0.5 and i.pid not in out
                         and i.pid not in self.selected), None)
            if same is not None:
                out.append(same)
        return out

    def update_hover(self) -> None:
        pos = self.mouse
        was = self.hover_hand.pid if self.hover_hand is not None else None
        self.hover_item = self.hover_hand = self.hover_zone = None
        if self.source is None or not self._over_table(pos) or self.drag is not None or self._over_window(pos):
            return
        if self.layout.hand is not None and self.hand.rect.collidepoint(pos):
            self.hover_hand = self.hand.hit(pos, was)
            self.hover_zone = self.layout.hand
            return
        wx, wy = self.camera.to_world(*pos)
        self.hover_item = self.layout.hit(wx, wy, self._flying())
        self.hover_zone = self.layout.zone_at(wx, wy)

    def _over_window(self, pos: tuple[int, int]) -> bool:
        """Whether a window (a gallery, a dialog) is over the table at `pos`: the table under it is not hovered."""
        return any(w.visible and w.get_abs_rect().collidepoint(pos)
                   for w in self.manager.get_window_stack().get_full_stack())

    def _flying(self) -> frozenset[str]:
        if self.motion is not None and self.motion.busy():
            return self.motion.skip()
        if self.source is not None and self.source.kind == "remote":
            return frozenset(self.source.remote_motion())
        return frozenset()

    def _moving(self) -> dict[str, tuple[float, float, float, int | None]]:
        """Where pieces in flight are drawn: this table's physics, or the positions a host streams to it."""
        if self.motion is not None and self.motion.busy():
            return self.motion.moving()
        return {p: (x, y, a, None) for p, (x, y, a) in self.source.remote_motion().items()}

    def _hover_piece(self) -> dict[str, Any] | None:
        peek = self.peek
        if peek is not None and not peek.closed and hasattr(peek, "hovered"):  # a gallery's card: previewed too
            piece = peek.hovered(self.mouse)
            if piece is not None:
                return piece
        if self.hover_hand is not None:
            return self.hover_hand.piece
        if self.hover_item is not None:
            return self.hover_item.piece
        return None
