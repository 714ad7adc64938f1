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
BUTTON_W = 112
#: what a removal's button says after its first click
SURE = {"seat": "Sure? Remove", "seat_close": "Sure? Close it", "watcher": "Sure? Remove"}
#: each row's buttons: (what it does, its words, its tooltip); a removal is armed by a first click
BUTTONS = {
    "seat": ("Remove", "Close its player's window; their token stops working; the seat opens for anyone"),
    "seat_close": ("Remove, close", "Remove the player and close the seat: nobody may take it until you open it"),
    "close": ("Close seat", "Nobody may take this seat until you open it again"),
    "open": ("Open seat", "Anyone may take this seat again"),
    "watcher": ("Remove", "Close this spectator's window"),
}
ARMED = tuple(SURE)


def seat_words(row: SeatRow) -> str:
    if not row.claimed:
        return f"Seat {row.seat + 1} · " + ("closed by you" if row.closed else "open")
    return f"{row.name} · Seat {row.seat + 1} · " + ("connected" if row.connected else "away")


def _seat_buttons(row: SeatRow) -> tuple[str, ...]:
    if row.claimed:
        return ("seat", "seat_close")
    return ("open",) if row.closed else ("close",)


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
        seats = [r for r in m.seats() if not r.local]
        watchers = m.watchers()
        key = (allowed, tuple(seats), tuple(watchers))
        if key == self._shown:
            return
        self._shown = key
        self.spectators.set_text("Spectators may watch: turn off" if allowed else "Spectators are off: let them watch")
        for el in self.rows:
            el.kill()
        self.rows, self.removes = [], {}
        lines: list[tuple[str, tuple[str, ...], int]] = [("Seats", (), -1)]
        lines += [(seat_words(r), _seat_buttons(r), r.seat) for r in seats] or [("No seat but yours.", (), -1)]
        lines += [("Watching", (), -1)]
        lines += [(watcher_words(w), ("watcher",), w.id) for w in watchers] or [
            ("Nobody is watching." if allowed else "Spectators are off.", (), -1)]
        width = self.list.get_container().get_rect().w
        for i, (text, kinds, which) in enumerate(lines):
            y = i * ROW_H
            bold = not kinds and text in ("Seats", "Watching")
            label = UILabel(pygame.Rect(0, y, width - 2 * (BUTTON_W + 4), ROW_H - 4), text, self.manager,
                            container=self.list, object_id="#moderation_head" if bold else "#moderation_row")
            self.rows.append(label)
            for k, kind in enumerate(reversed(kinds)):  # right-aligned, the first kind leftmost
                words, tip = BUTTONS[kind]
                b = UIButton(pygame.Rect(width - (k + 1) * (BUTTON_W + 4), y, BUTTON_W, ROW_H - 4), words,
                             self.manager, container=self.list, tool_tip_text=tip)
                self.rows.append(b)
                self.removes[b] = (kind, which)
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
        kind, which = target
        if kind in ARMED and el.text != SURE[kind]:  # the first click arms a removal; the second removes
            for b, (k, _) in self.removes.items():
                b.set_text(BUTTONS[k][0])
            el.set_text(SURE[kind])
            return ""
        why = {"seat": lambda: m.remove_seat(which), "seat_close": lambda: m.remove_seat(which, close=True),
               "close": lambda: m.close_seat(which, True), "open": lambda: m.close_seat(which, False),
               "watcher": lambda: m.remove_watcher(which)}[kind]()
        self._shown = ()
        self.refresh()
        return why or ("" if m.immediate else "Asked the host")

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

    def _key_moderation(self: Any, enter: bool) -> bool:
        """Escape closes the Players window (it has no main button for Enter)."""
        if enter or self.moderation is None or not self.moderation.alive():
            return False
        self.moderation.kill()
        self.moderation = None
        return True

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
