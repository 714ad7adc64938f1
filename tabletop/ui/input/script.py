"""Headless scripts: a YAML/JSON list of gestures (mouse, keys, text) and Actions, played frame by frame.

Steps (one mapping each):
  {move: [x, y]}                                   the pointer moves (hover)
  {click: [x, y], button: 1, mods: [shift]}        press and release
  {drag: [[x1, y1], [x2, y2]], button: 1, steps: 8, mods: [ctrl], fling: false}
                                                   press, move, hold still, release (fling: release
                                                   while moving, so a loose piece slides on)
  {key: "f", mods: [shift]}                        press and release a key (pygame key names: "f1", "space", "z")
  {keydown: "space"} / {keyup: "space"}            hold a key across frames
  {text: "hello"}                                  type text (into the focused text field)
  {wheel: 1, at: [x, y]}                           zoom in (negative: out) at a point
  {action: {type: draw, count: 2}, seat: 0}        submit an Action directly
  {seat: 1}                                        act as another seat (no cover screen)
  {wait: 5}                                        let frames pass
  {screenshot: FILE}                               save the window now
Gestures become real pygame events posted to the queue, so they go through the same loop as a person's input.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ...core.actions import action_from_dict
from ...errors import TabletopError

if TYPE_CHECKING:
    from ..app.window import TableApp

__all__ = ["HOLD_FRAMES", "ScriptError", "key_code", "load_script", "mouse_events", "run_script", "step_frames"]

#: frames a drag holds still before letting go (longer than the release-velocity window at 60 frames a second)
HOLD_FRAMES = 6

MODS = {"shift": (pygame.K_LSHIFT, pygame.KMOD_LSHIFT), "ctrl": (pygame.K_LCTRL, pygame.KMOD_LCTRL),
        "alt": (pygame.K_LALT, pygame.KMOD_LALT)}

Frame = list[pygame.event.Event] | Callable[["TableApp"], Any]


class ScriptError(TabletopError, ValueError):
    """A script step that cannot be understood; names the step."""


def load_script(path: str | Path) -> list[dict[str, Any]]:
    """Read a script file (YAML or JSON): a list of steps."""
    path = Path(path)
    if path.suffix == ".json":
        data = json.loads(path.read_text())
    else:
        from ...yamlsafe import load_file

        data = load_file(path).data
    if not isinstance(data, list):
        raise ScriptError(f"{path}: a script is a list of steps")
    return data


def key_code(name: str) -> int:
    aliases = {"+": "=", "plus": "=", "equals": "=", "minus": "-", "leftbracket": "[", "rightbracket": "]",
               "esc": "escape", "enter": "return", "del": "delete"}
    try:
        return pygame.key.key_code(aliases.get(name.lower(), name.lower()))
    except ValueError as e:
        raise ScriptError(f"unknown key {name!r}") from e


def _mods(names: Sequence[str]) -> tuple[list[int], int]:
    keys, flags = [], 0
    for n in names:
        if n not in MODS:
            raise ScriptError(f"unknown modifier {n!r} (shift, ctrl, alt)")
        keys.append(MODS[n][0])
        flags |= MODS[n][1]
    return keys, flags


def _ev(kind: int, **attrs: Any) -> pygame.event.Event:
    return pygame.event.Event(kind, attrs)


def _mouse(kind: int, pos: Sequence[float], button: int = 1, buttons: tuple[int, int, int] = (0, 0, 0)) -> pygame.event.Event:
    p = (int(pos[0]), int(pos[1]))
    if kind == pygame.MOUSEMOTION:
        return _ev(kind, pos=p, rel=(0, 0), buttons=buttons, touch=False, window=None)
    return _ev(kind, pos=p, button=button, touch=False, window=None)


def mouse_events(kind: str, a: Sequence[float], b: Sequence[float] | None = None, button: int = 1,
                 steps: int = 8, fling: bool = False) -> list[list[pygame.event.Event]]:
    """Frames of events for a click (`a`) or a drag (`a` to `b`; held still before the release unless `fling`)."""
    held = tuple(1 if button == i + 1 else 0 for i in range(3))
    frames = [[_mouse(pygame.MOUSEMOTION, a), _mouse(pygame.MOUSEBUTTONDOWN, a, button)]]
    if kind == "drag" and b is not None:
        for i in range(1, steps + 1):
            t = i / steps
            frames.append([_mouse(pygame.MOUSEMOTION, (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t),
                                  buttons=held)])
        if not fling:
            frames.extend([] for _ in range(HOLD_FRAMES))
        frames.append([_mouse(pygame.MOUSEBUTTONUP, b, button)])
    else:
        frames.append([_mouse(pygame.MOUSEBUTTONUP, a, button)])
    return frames


def step_frames(step: dict[str, Any]) -> Iterator[Frame]:
    """The frames one script step takes: lists of events to post, or a callable run against the app."""
    if not isinstance(step, dict):
        raise ScriptError(f"a step is a mapping, not {step!r}")
    mod_keys, mod_flags = _mods(step.get("mods", []))
    down = [_ev(pygame.KEYDOWN, key=k, mod=mod_flags, unicode="", scancode=0) for k in mod_keys]
    up = [_ev(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0) for k in mod_keys]
    if "move" in step:
        yield [_mouse(pygame.MOUSEMOTION, step["move"])]
    elif "click" in step or "drag" in step:
        if "click" in step:
            frames = mouse_events("click", step["click"], button=int(step.get("button", 1)))
        else:
            (a, b) = step["drag"]
            frames = mouse_events("drag", a, b, int(step.get("button", 1)), int(step.get("steps", 8)),
                                  bool(step.get("fling", False)))
        frames[0] = down + frames[0]
        frames[-1] = frames[-1] + up
        yield from frames
    elif "key" in step:
        k = key_code(str(step["key"]))
        yield down + [_ev(pygame.KEYDOWN, key=k, mod=mod_flags, unicode="", scancode=0)]
        yield [_ev(pygame.KEYUP, key=k, mod=mod_flags, unicode="", scancode=0)] + up
    elif "keydown" in step:
        yield [_ev(pygame.KEYDOWN, key=key_code(str(step["keydown"])), mod=mod_flags, unicode="", scancode=0)]
    elif "keyup" in step:
        yield [_ev(pygame.KEYUP, key=key_code(str(step["keyup"])), mod=0, unicode="", scancode=0)]
    elif "text" in step:
        yield [_ev(pygame.TEXTINPUT, text=str(step["text"]))]
    elif "wheel" in step:
        at = step.get("at")
        frame = [_mouse(pygame.MOUSEMOTION, at)] if at else []
        yield frame + [_ev(pygame.MOUSEWHEEL, x=0, y=int(step["wheel"]), flipped=False, precise_x=0.0,
                           precise_y=float(step["wheel"]), touch=False, window=None)]
    else:
        yield from _app_frames(step)


def _app_frames(step: dict[str, Any]) -> Iterator[Frame]:
    """Steps that act on the app itself: an action, a seat switch, a wait, a screenshot."""
    if "action" in step:
        action = action_from_dict(step["action"])
        seat = step.get("seat")

        def submit(app: TableApp) -> None:
            app.submit(action, seat)

        yield submit
    elif "seat" in step:
        seat = int(step["seat"])
        yield lambda app: app.switch_seat(seat)
    elif "wait" in step:
        for _ in range(int(step["wait"])):
            yield []
    elif "screenshot" in step:
        target = str(step["screenshot"])
        yield lambda app: app.screenshot(target)
    else:
        raise ScriptError(f"unknown step {step!r}")


def run_script(app: TableApp, steps: Sequence[dict[str, Any]]) -> int:
    """Play every step through the app's loop (events posted to pygame's queue); returns the frames used."""
    frames = 0
    for step in steps:
        for frame in step_frames(step):
            if callable(frame):
                frame(app)
                app.step()
            else:
                for event in frame:
                    pygame.event.post(event)
                app.step()
            frames += 1
    return frames
