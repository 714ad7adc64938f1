"""The Players window (K, the Table menu, or "Players and spectators…" in the seats box): the host removes a seat's
player or a spectator, and lets spectators watch or not. pygame-gui widgets: a row per seat someone sits at and per
spectator, each with its Remove button (a first click asks "Sure?", a second removes), and one Spectators button.

Only a window whose seat may moderate opens it (the host's own window; a joined seat with host rights); what a
removal means is net/moderation.py's (the seat opens, the player's token is revoked, everyone's log says so).
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIScrollingContainer, UIWindow

from ..app.moderator import Moderator, SeatRow, WatcherRow

__all__ = ["MODERATE_LINK", "ModerationDialog", "ModerationMixin", "moderate_link"]

#: the link in the seats box that opens this window
MODERATE_LINK = "moderate:"
ROW_H = 34
#: what a Remove button says before and after its first click
REMOVE, SURE = "Remove", "Sure? Remove"


def seat_words(row: SeatRow) -> str:
    state = "connected" if row.connected else "disconnected (the seat waits for them)"
    return f"{row.name} · Seat {row.seat + 1} · {state}"


class ModerationDialog:
    """The Players window over a `Moderator`: `handle` takes its clicks, `refresh` lists who is there now."""

    def __init__(self, manager: pygame_gui.UIManager, screen: tuple[int, int], moderator: Moderator) -> None:
        self.manager = manager
        self.moderator = moderator
        w = min(520, screen[0] - 40)
        h = min(420, screen[1] - 60)
        self.window = UIWindow(pygame.Rect((screen[0] - w) // 2, (screen[1] - h) // 3, w, h), manager,
                               "Players and spectators", object_id="#moderation")
        inner = self.window.get_container().get_rect()
        self.spectators = UIButton(pygame.Rect(8, 8, inner.w - 16, 32), "", manager, container=self.window,
                                   tool_tip_text="Off: nobody new may watch, and those watching now are closed")
        self.list = UIScrollingContainer(pygame.Rect(8, 48, inner.w - 16, inner.h - 56), manager,
                                         container=self.window, allow_scroll_x=False)
        self.rows: list[Any] = []
        #: each Remove button: what it removes ("seat" or "watcher", and the seat or the watcher's id)
        self.removes: dict[UIButton, tuple[str, int]] = {}
        self._shown: tuple[Any, ...] = ()
        self.refresh()

    def refresh(self) -> None:
        """List who sits and who watches now (rebuilt only when that changed: an armed Remove stays armed)."""
        m = self.moderator
        allowed = m.spectators_allowed()
        seats = [r for r in m.seats() if r.claimed and not r.local]
        watchers = m.watchers()
        key = (allowed, tuple(seats), tuple(watchers))
        if key == self._shown:
            return
        self._shown = key
        self.spectators.set_text("Spectators may watch: turn off" if allowed else "Spectators are off: let them watch")
        for el in self.rows:
            el.kill()
        self.rows, self.removes = [], {}
        lines: list[tuple[str, tuple[str, int] | None]] = [("Seats", None)]
        lines += [(seat_words(r), ("seat", r.seat)) for r in seats] or [("Nobody has joined a seat.", None)]
        lines += [("Watching", None)]
        lines += [(watcher_words(w), ("watcher", w.id)) for w in watchers] or [
            ("Nobody is watching." if allowed else "Spectators are off.", None)]
        width = self.list.get_container().get_rect().w
        for i, (text, target) in enumerate(lines):
            y = i * ROW_H
            bold = target is None and text in ("Seats", "Watching")
            label = UILabel(pygame.Rect(0, y, width - (120 if target else 0), ROW_H - 4), text, self.manager,
                            container=self.list, object_id="#moderation_head" if bold else None)
            self.rows.append(label)
            if target is not None:
                b = UIButton(pygame.Rect(width - 116, y, 112, ROW_H - 4), REMOVE, self.manager, container=self.list,
                             tool_tip_text="Seat: its player is closed and cannot take it back with its token; the "
                                           "seat opens for someone else" if target[0] == "seat"
                                           else "Close this spectator's window")
                self.rows.append(b)
                self.removes[b] = target
        self.list.set_scrollable_area_dimensions((width, len(lines) * ROW_H))

    def handle(self, event: pygame.event.Event) -> str | None:
        """A click in this window: None when it was not ours; else "" or what to tell the host (a refusal, or
        what was asked of a host elsewhere)."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        el = getattr(event, "ui_element", None)
        m = self.moderator
        if el is self.spectators:
            allowed = not m.spectators_allowed()
            why = m.set_spectators(allowed)
            self._shown = ()
            self.refresh()
            return why or ("" if m.immediate else "Asked the host to turn spectators " + ("on" if allowed else "off"))
        target = self.removes.get(el)  # type: ignore[arg-type]
        if target is None:
            return None
        assert isinstance(el, UIButton)
        if el.text != SURE:  # the first click arms it; the second removes
            for b in self.removes:
                b.set_text(REMOVE)
            el.set_text(SURE)
            return ""
        kind, which = target
        why = m.remove_seat(which) if kind == "seat" else m.remove_watcher(which)
        self._shown = ()
        self.refresh()
        return why or ("" if m.immediate else "Asked the host to remove them")

    def alive(self) -> bool:
        return self.window.alive()

    def kill(self) -> None:
        self.window.kill()


class ModerationMixin:
    """The Players window in the table window (a part of `TableApp`)."""

    moderation: ModerationDialog | None = None

    def moderator(self: Any) -> Moderator | None:
        """Who this window moderates through, or None when its seat may not (a local table, a guest)."""
        source = self.source
        get = getattr(source, "moderator", None)
        return get(self.seat) if get is not None else None

    def moderation_dialog(self: Any) -> None:
        """K: open the Players window (or close it); a window that may not moderate says why."""
        if self.moderation is not None and self.moderation.alive():
            self.moderation.kill()
            self.moderation = None
            return
        m = self.moderator()
        if m is None:
            self.notify("Only the host removes players and spectators (at a LAN table)", "info", 3.0)
            return
        self.moderation = ModerationDialog(self.manager, self.size, m)

    def refresh_moderation(self: Any) -> None:
        """Who sits and watches changed: the open Players window lists them again."""
        if self.moderation is not None:
            if self.moderation.alive():
                self.moderation.refresh()
            else:
                self.moderation = None

    def _to_moderation(self: Any, event: pygame.event.Event, el: Any) -> bool:
        """A click in the Players window, or on the seats box's link to it."""
        if event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED and str(getattr(event, "link_target", "")) == \
                MODERATE_LINK:
            if self.moderation is None or not self.moderation.alive():
                self.moderation_dialog()
            return True
        if self.moderation is None or not self.moderation.alive():
            return False
        said = self.moderation.handle(event)
        if said is None:
            return False
        if said:
            self.notify(said, "info" if said.startswith("Asked") else "warn", 4.0)
        return True


def watcher_words(row: WatcherRow) -> str:
    return f"{row.name} · spectator"


def moderate_link(source: Any) -> str:
    """The seats box's link to the Players window, saying whether spectators are off (HTML)."""
    m = source.moderator(getattr(source, "seat", None)) if source is not None else None
    off = m is not None and not m.spectators_allowed()
    return (f"<a href='{MODERATE_LINK}'>Players and spectators… (K)</a>"
            + (" <font color='#8a949e'>spectators off</font>" if off else ""))
