"""Reveals that last until the revealer ends them, or for the time it chose: the window's list of them.

A reveal is an ordinary `Reveal` action (it may carry `seconds`); its end is an `EndReveal`, in the log like any
action, with the same permission and undo rules. This module keeps, per window, the reveals its seats made and have
not ended: a bar over the table with an **End reveal** button for each (and the time left when one was chosen),
which ends the timed ones when their time is up. The reveal menu offers the durations.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel

from ...core import actions as A
from .movelist import TIP_WRAP, fit_text

__all__ = ["DURATIONS", "ActiveReveal", "RevealBar", "reveal_menu_items"]

#: the durations the reveal menu offers (seconds; None: until the revealer ends it)
DURATIONS: tuple[int | None, ...] = (None, 5, 30)
ROW_H = 34
#: log rows looked through for a reveal's own row (an undone reveal leaves the log)
LOG_LOOKBACK = 400
BAR_W = 420


@dataclass
class ActiveReveal:
    """One reveal a seat of this window made: what, to whom, until when (game time; None: until ended)."""

    seat: int
    pieces: tuple[str, ...]
    to: int | None
    what: str
    whom: str
    until: float | None
    zones: dict[str, str] = field(default_factory=dict)
    #: the log row of the reveal, when the table answered at once (a local table): gone from the log when undone
    log_key: Any = None
    #: every card's name (`what` names the first three)
    titles: tuple[str, ...] = ()

    def text(self, now: float, every: bool = False) -> str:
        """The bar's row; with `every`, naming every card (its tooltip)."""
        left = "" if self.until is None else f" · {max(0, math.ceil(self.until - now))} s"
        what = ", ".join(self.titles) if every and self.titles else self.what
        return f"Revealed to {self.whom}: {what}{left}"


def reveal_menu_items(ids: Sequence[str], names: dict[int, str], me: int,
                      reveal: Callable[..., Any]) -> list[tuple[str, Callable[[], Any]]]:
    """The reveal menu: to everyone or to one seat, until ended or for a few seconds."""
    out: list[tuple[str, Callable[[], Any]]] = []
    whoms: list[tuple[int | None, str]] = [(None, "everyone")]
    whoms += [(s, n) for s, n in sorted(names.items()) if s != me]
    for to, whom in whoms:
        for secs in DURATIONS if to is None else (None, 30):
            how = "until I end it" if secs is None else f"for {secs} s"
            out.append((f"To {whom}, {how}", lambda to=to, secs=secs: reveal(tuple(ids), to=to, seconds=secs)))
    return out


def _is_reveal(row: Any) -> bool:
    """Whether a log row is a reveal (an undone reveal's number is gone from the log, or taken by what came next)."""
    return row is not None and str(row.line().get("action", {}).get("type", "")).rsplit(".", 1)[-1] == "reveal"


class RevealBar:
    """The reveals this window's seats made and have not ended, each with an End reveal button, over the table."""

    def __init__(self, manager: pygame_gui.UIManager) -> None:
        self.manager = manager
        self.items: list[ActiveReveal] = []
        self.panel: UIPanel | None = None
        self.buttons: dict[UIButton, ActiveReveal] = {}
        self.labels: list[tuple[UILabel, ActiveReveal]] = []
        self._shown: Any = None
        self._checked: Any = None
        self._source: Any = None

    def add(self, app: Any, pieces: Sequence[str], to: int | None, seconds: int | None,
            log_key: Any = None) -> ActiveReveal:
        """A reveal the window's seat just made (accepted, or sent to the host)."""
        names = app._names()
        zones = {p["id"]: z["name"] for z in app.view.get("zones", []) for p in z.get("pieces", [])
                 if p.get("id") in pieces}
        titles = [app._piece_title(pid) for pid in pieces]
        what = ", ".join(titles[:3]) + (f" and {len(titles) - 3} more" if len(titles) > 3 else "")
        item = ActiveReveal(app.seat, tuple(pieces), to, what, "everyone" if to is None else names.get(to, f"Seat {to + 1}"),
                            app.now + seconds if seconds else None, zones, log_key, tuple(titles))
        self.items = [r for r in self.items if not (r.seat == item.seat and r.pieces == item.pieces
                                                     and r.to == item.to)]
        self.items.append(item)
        self._shown = None
        self._checked = (app.view_key, app.seat)  # a joined window's view shows the reveal a moment later
        return item

    def end(self, app: Any, item: ActiveReveal, quiet: bool = False) -> None:
        """End a reveal: an EndReveal through the table's door (`quiet`: a timer's end that may have been
        overtaken, by a move or an undo, says nothing when the engine answers that it already ended)."""
        if item in self.items:
            self.items.remove(item)
        self._shown = None
        action = A.EndReveal(item.pieces, to=item.to)
        if not quiet:
            app.submit(action, item.seat)
            return
        if app.source is not None:
            result = app.source.submit(action, item.seat)
            if result is not None and not result.accepted and result.code != "not_revealed":
                app._show_result(action, result)
            app.refresh()

    def tick(self, app: Any) -> None:
        """Per frame: end what ran out, forget what ended by itself, keep the bar in step."""
        now = app.now
        if app.source is not self._source:  # another table: its reveals are not this one's
            self._source = app.source
            self.items = []
        for item in [r for r in self.items if r.until is not None and r.until <= now]:
            self.end(app, item, quiet=True)
        if self.items and self._checked != (app.view_key, app.seat):
            self._checked = (app.view_key, app.seat)
            self._forget_ended(app)
        shown = [r for r in self.items if r.seat == app.seat]
        key = (tuple(id(r) for r in shown), tuple(app.size), app.camera.viewport, app.cover_seat)
        if key != self._shown:
            self._shown = key
            self._build(app, shown)
        elif self.labels and app.frame % 10 == 0:
            for label, item in self.labels:
                self._say(label, item.text(now), item.text(now, every=True))

    def _say(self, label: UILabel, text: str, full: str) -> None:
        """A row's words as they fit its label ("…" where cut), and every card it reveals in its tooltip."""
        shown = fit_text(text, self.manager.get_theme().get_font([]), label.relative_rect.w - 8)
        if label.text != shown:
            label.set_text(shown)
        tip = html.escape(full) if shown != full else None
        if label.tool_tip_text != tip:
            label.set_tooltip(tip, delay=0.3, wrap_width=TIP_WRAP)

    def _forget_ended(self, app: Any) -> None:
        """A reveal the seat's view shows ended already (the card moved, an undo): dropped without an action."""
        where: dict[str, tuple[str, dict[str, Any]]] = {}
        wanted = {p for r in self.items if r.seat == app.seat for p in r.pieces}
        for z in app.view.get("zones", []):
            for p in z.get("pieces", []):
                if p.get("id") in wanted:
                    where[p["id"]] = (z["name"], p)
        rows = {row.key[0]: row for row in app.log_rows(LOG_LOOKBACK)}
        keep = []
        for r in self.items:
            if r.seat != app.seat:
                keep.append(r)
                continue
            live = [pid for pid in r.pieces if pid in where and where[pid][0] == r.zones.get(pid)
                    and (r.to is not None or where[pid][1].get("revealed"))]
            undone = (r.log_key is not None and rows and min(rows) <= r.log_key
                      and not _is_reveal(rows.get(r.log_key)))
            if live and not undone:
                keep.append(r)
        if len(keep) != len(self.items):
            self.items = keep
            self._shown = None

    def _build(self, app: Any, shown: list[ActiveReveal]) -> None:
        self.kill()
        if not shown or app.cover_seat is not None:
            return
        vx, vy, vw, vh = app.camera.viewport
        w = min(BAR_W, vw - 16)
        h = ROW_H * len(shown) + 8
        y = vy + vh - getattr(app.hand, "height", 0) - h - 8
        # bottom right of the table, above the hand strip (F3's frame times take the bottom left)
        self.panel = UIPanel(pygame.Rect(vx + vw - w - 8, max(vy, y), w, h), starting_height=8, manager=self.manager,
                             object_id="#reveals")
        for i, item in enumerate(shown):
            label = UILabel(pygame.Rect(6, 4 + i * ROW_H, w - 120, ROW_H - 4), "", self.manager,
                            container=self.panel)
            self._say(label, item.text(app.now), item.text(app.now, every=True))
            self.labels.append((label, item))
            b = UIButton(pygame.Rect(w - 112, 4 + i * ROW_H, 100, ROW_H - 6), "End reveal", self.manager,
                         container=self.panel)
            self.buttons[b] = item

    def handle(self, app: Any, event: pygame.event.Event) -> bool:
        """An End reveal button: whether the event was the bar's."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        item = self.buttons.get(getattr(event, "ui_element", None))
        if item is None:
            return False
        self.end(app, item)
        return True

    def kill(self) -> None:
        if self.panel is not None:
            self.panel.kill()
        self.panel = None
        self.buttons = {}
        self.labels = []
