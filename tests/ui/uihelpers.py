"""Posting real pygame events to a headless TableApp, and finding pieces on its screen."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tabletop.core.session import Session
from tabletop.rules.bots import GreedyBot
from tabletop.ui import TableApp
from tabletop.ui.input.script import HOLD_FRAMES

__all__ = ["choose", "click", "double_click", "drag", "engine_until", "key", "mouse", "post", "screen_of", "zone_center"]


def engine_until(session: Session, cond: Callable[[], bool], steps: int = 3000) -> None:
    """Let greedy bots play `session` through the engine (no window, no frames) until `cond()` holds: a test that
    checks what a window shows at a position gets there in a fraction of the time of bot seats at a window."""
    rules, state = session.rules, session.state
    bot = GreedyBot(rules)
    for _ in range(steps):
        if cond():
            return
        if hasattr(rules, "decision"):  # the X-Files CCG says whose decision it is
            seat = rules.decision(state)
        else:
            seat = next(iter(rules.waiting_for(state)), None)
        action = bot.choose(state, seat) if seat is not None else None
        assert action is not None and session.submit(action, seat).accepted, f"the bots are stuck at {action}"
    assert cond(), "the bots never reached the position"


def mouse(kind: int, pos: tuple[float, float], button: int = 1) -> pygame.event.Event:
    p = (int(pos[0]), int(pos[1]))
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=p, rel=(0, 0), buttons=(0, 0, 0), touch=False, window=None)
    return pygame.event.Event(kind, pos=p, button=button, touch=False, window=None)


def post(app: TableApp, *events: pygame.event.Event) -> None:
    """Post real events to pygame's queue and run one frame of the app's loop."""
    for e in events:
        pygame.event.post(e)
    app.step()


def click(app: TableApp, pos, button: int = 1, mods: tuple[int, ...] = ()) -> None:
    for k in mods:
        post(app, pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    post(app, mouse(pygame.MOUSEMOTION, pos))
    post(app, mouse(pygame.MOUSEBUTTONDOWN, pos, button))
    post(app, mouse(pygame.MOUSEBUTTONUP, pos, button))
    for k in mods:
        post(app, pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    app.step()  # widgets answer a click with an event of their own, handled on the next frame


def double_click(app: TableApp, pos) -> None:
    """Two clicks in one frame each, as quick as a hand makes them (pygame-gui times the gap on its own clock)."""
    post(app, mouse(pygame.MOUSEMOTION, pos), mouse(pygame.MOUSEBUTTONDOWN, pos), mouse(pygame.MOUSEBUTTONUP, pos))
    post(app, mouse(pygame.MOUSEBUTTONDOWN, pos), mouse(pygame.MOUSEBUTTONUP, pos))
    app.step()


def choose(app: TableApp, index: int) -> None:
    """Pick option `index` of the open choice dialog as a player does: click it (a highlight), then Choose."""
    dialog = app.prompt
    assert dialog is not None and hasattr(dialog, "list"), "no choice dialog is open"
    click(app, dialog.list.item_list[index]["button_element"].rect.center)
    assert app.prompt is dialog and dialog.alive(), "a click on an option only highlights it"
    click(app, dialog.ok.rect.center)


def drag(app: TableApp, a, b, button: int = 1, steps: int = 6, mods: tuple[int, ...] = (), fling: bool = False) -> None:
    """Press at `a`, move to `b` over `steps` frames, and let go: after holding still (a placing drop), or at
    once while still moving (`fling`: the piece slides on when physics is on)."""
    for k in mods:
        post(app, pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    post(app, mouse(pygame.MOUSEMOTION, a))
    post(app, mouse(pygame.MOUSEBUTTONDOWN, a, button))
    for i in range(1, steps + 1):
        t = i / steps
        post(app, mouse(pygame.MOUSEMOTION, (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)))
    if not fling:
        app.run_frames(HOLD_FRAMES)
    post(app, mouse(pygame.MOUSEBUTTONUP, b, button))
    for k in mods:
        post(app, pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))


def key(app: TableApp, k: int, mod: int = 0, at=None) -> None:
    if at is not None:
        post(app, mouse(pygame.MOUSEMOTION, at))
    post(app, pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    post(app, pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))


def screen_of(app: TableApp, pid: str) -> tuple[int, int]:
    """Where a piece is on screen now (table pieces and the hand strip)."""
    item = app.layout.by_id.get(pid)
    if item is not None:
        x, y = app.camera.to_screen(item.x, item.y)
        return (round(x), round(y))
    return app.hand.spot(pid)


def zone_center(app: TableApp, name: str) -> tuple[int, int]:
    x, y, w, h = app.layout.zone_by_name[name].rect
    sx, sy = app.camera.to_screen(x + w / 2, y + h / 2)
    return (round(sx), round(sy))


def proxy_loader():
    """An `AssetLoader` over the default card library that draws proxy faces (no image files), with a display and
    fonts ready: what a face test spies on."""
    from tabletop.cards import default_library
    from tabletop.ui.table.assets import AssetLoader

    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))
    pygame.font.init()
    lib = default_library()
    return AssetLoader(lambda r: lib.get(r), None, set_lookup=lambda name: lib.sets.get(name))
