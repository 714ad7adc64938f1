"""A top-down pymunk space: no gravity, damping as table friction, sleeping bodies, the table edges as walls.

Steps are fixed (1/120 s) so the same fling gives the same resting place on every machine and every frame rate.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import pymunk

from ..core import actions as A
from ..core.session import Result, Session

__all__ = ["CARD", "DIE", "STEP", "TOKEN", "FlingController", "PhysicsWorld", "Body"]

STEP = 1.0 / 120.0
#: collision categories: cards overlap each other freely (so stacks and spreads stay possible)
CARD, TOKEN, DIE, WALL = 0b0001, 0b0010, 0b0100, 0b1000
FRICTION_PER_SECOND = 0.12  # fraction of speed kept after one second of sliding
REST_SPEED = 6.0  # table units per second below which a piece counts as still
MAX_SIM_SECONDS = 12.0
REST_CHECK = 1.0 / 15.0  # seconds of game time between checks for pieces come to rest


@dataclass(slots=True)
class Body:
    """One simulated piece: its pymunk body and what kind of piece it stands for."""

    pid: str
    kind: int
    body: pymunk.Body
    shape: pymunk.Shape


class PhysicsWorld:
    """The loose pieces in motion on the open table."""

    def __init__(self, table_size: tuple[float, float]) -> None:
        self.size = table_size
        self._debt = 0.0
        self.space = pymunk.Space()
        self.space.gravity = (0, 0)
        self.space.damping = FRICTION_PER_SECOND
        # with no gravity nothing would ever count as idle: say what "idle" means, or nothing sleeps
        self.space.idle_speed_threshold = REST_SPEED
        self.space.sleep_time_threshold = 0.3
        self.bodies: dict[str, Body] = {}
        self._walls(table_size)

    def _walls(self, size: tuple[float, float]) -> None:
        w, h = size
        static = self.space.static_body
        for a, b in (((0, 0), (w, 0)), ((w, 0), (w, h)), ((w, h), (0, h)), ((0, h), (0, 0))):
            seg = pymunk.Segment(static, a, b, 4.0)
            seg.elasticity = 0.6
            seg.friction = 0.4
            seg.filter = pymunk.ShapeFilter(categories=WALL, mask=CARD | TOKEN | DIE)
            self.space.add(seg)

    def add(self, pid: str, kind: int, x: float, y: float, w: float = 40.0, h: float = 40.0, angle: float = 0.0) -> Body:
        """Put a piece in the world (replacing it if present); cards are boxes, tokens and dice discs or squares."""
        self.remove(pid)
        mass = 1.0 if kind == CARD else 2.0
        if kind == CARD:
            moment = pymunk.moment_for_box(mass, (w, h))
            body = pymunk.Body(mass, moment)
            shape: pymunk.Shape = pymunk.Poly.create_box(body, (w, h), radius=2.0)
            mask = WALL
        else:
            r = max(w, h) / 2
            body = pymunk.Body(mass, pymunk.moment_for_circle(mass, 0, r))
            shape = pymunk.Circle(body, r)
            mask = WALL | TOKEN | DIE
        body.position = (x, y)
        body.angle = angle
        shape.elasticity = 0.5
        shape.friction = 0.6
        shape.filter = pymunk.ShapeFilter(categories=kind, mask=mask)
        self.space.add(body, shape)
        entry = Body(pid, kind, body, shape)
        self.bodies[pid] = entry
        return entry

    def remove(self, pid: str) -> None:
        entry = self.bodies.pop(pid, None)
        if entry is not None:
            self.space.remove(entry.body, entry.shape)

    def fling(self, pid: str, vx: float, vy: float, spin: float = 0.0) -> None:
        body = self.bodies[pid].body
        body.activate()
        body.velocity = (vx, vy)
        body.angular_velocity = spin

    def step(self, dt: float) -> None:
        """Advance by `dt` seconds in fixed sub-steps (the remainder carries to the next call)."""
        self._debt += dt
        while self._debt >= STEP:
            self.space.step(STEP)
            self._debt -= STEP

    def moving(self, pid: str) -> bool:
        body = self.bodies[pid].body
        return not body.is_sleeping and body.velocity.length > REST_SPEED

    def at_rest(self) -> list[str]:
        return [pid for pid in self.bodies if not self.moving(pid)]

    def position(self, pid: str) -> tuple[float, float, float]:
        """Centre x, y and angle in degrees of a simulated piece."""
        body = self.bodies[pid].body
        return body.position.x, body.position.y, math.degrees(body.angle)

    def settle(self, pids: Iterable[str] | None = None, max_seconds: float = MAX_SIM_SECONDS) -> None:
        """Step until the given pieces (default: all) stop, or a time cap passes."""
        wanted = list(self.bodies if pids is None else pids)
        t = 0.0
        while t < max_seconds and any(self.moving(p) for p in wanted if p in self.bodies):
            self.step(STEP)
            t += STEP


class FlingController:
    """Bridges the physics world and a session: motion is transient, only the resting place is an Action.

    `release` starts a fling (or, with physics off, drops the piece at once); `update(dt)` steps the world and, for
    each piece that came to rest, submits one Move (into a snapping zone if it stopped over one) or, for a thrown
    die, a Roll then a Move. `positions()` is what a renderer (or the LAN host's transient stream) shows meanwhile.
    """

    def __init__(
        self,
        session: Session,
        *,
        enabled: bool = True,
        snap_zone: Callable[[float, float], str | None] | None = None,
        on_result: Callable[[Result], Any] | None = None,
        submit: Callable[[A.Action, int | None], Result] | None = None,
    ) -> None:
        self.session = session
        #: the door resting places go through (a LAN host's, so every seat gets them)
        self.submit = submit or session.submit
        self.enabled = enabled
        self.world = PhysicsWorld(session.state.table_size)
        self.snap_zone = snap_zone or self._snap_zone
        self.on_result = on_result
        self._flying: dict[str, tuple[int | None, bool]] = {}  # pid -> (seat, is a die throw)
        self.tumble: dict[str, float] = {}
        self._since_check = 0.0

    @property
    def flying(self) -> frozenset[str]:
        """The pieces in motion now (what a renderer draws from `positions()` instead of the view)."""
        return frozenset(self._flying)

    def cancel(self, pid: str) -> tuple[float, float] | None:
        """Catch a sliding piece: it stops where it is, nothing is submitted; returns where it was caught."""
        if pid not in self._flying:
            return None
        x, y, _ = self.world.position(pid)
        del self._flying[pid]
        self.tumble.pop(pid, None)
        self.world.remove(pid)
        return x, y

    def _snap_zone(self, x: float, y: float) -> str | None:
        """The non-free zone under a point, if any (the zone a card stopping there would snap into)."""
        for zone in self.session.state.zones.values():
            if zone.layout == "free":
                continue
            zx, zy, zw, zh = zone.rect
            if zx <= x <= zx + zw and zy <= y <= zy + zh and zone.visibility != "owner":
                return zone.name
        return None

    def release(
        self,
        pid: str,
        seat: int | None,
        x: float,
        y: float,
        vx: float = 0.0,
        vy: float = 0.0,
        size: tuple[float, float] | None = None,
    ) -> Result | None:
        """A dragged piece was let go at (x, y) moving at (vx, vy) table units per second.

        `size` is the piece's footprint on the table (default: a standard card, or a 48-unit token).
        """
        speed = math.hypot(vx, vy)
        if not self.enabled or speed < 60.0:
            return self._finish(pid, seat, x, y, die=False)
        state = self.session.state
        piece = state.pieces.get(pid) or state.pieces.get(state.resolve(pid, seat) or "")
        if piece is None:
            return None
        kind = {"card": CARD, "die": DIE}.get(piece.kind, TOKEN)
        if size is None:
            size = (126.0, 176.0) if kind == CARD else (48.0, 48.0)
        self.world.add(pid, kind, x, y, *size, angle=math.radians(piece.rotation))
        self.world.fling(pid, vx, vy, spin=0.0 if kind == CARD else vx / 60.0)
        self._flying[pid] = (seat, False)
        return None

    def throw(self, pid: str, seat: int | None, x: float, y: float, vx: float, vy: float, size: float = 48.0) -> None:
        """Throw a die: it tumbles across the table; its face comes from the RNG when it stops."""
        self.world.add(pid, DIE, x, y, size, size)
        self.world.fling(pid, vx, vy, spin=8.0)
        self._flying[pid] = (seat, True)
        self.tumble[pid] = 0.0

    def update(self, dt: float) -> list[Result]:
        """Step the world; submit the resting place of every piece that stopped."""
        if not self._flying:
            return []
        self.world.step(dt)
        for pid in self.tumble:
            self.tumble[pid] += dt
        # resting is checked a few times a second, not every frame: it reads every body from Python
        self._since_check += dt
        if self._since_check < REST_CHECK:
            return []
        self._since_check = 0.0
        results = []
        for pid in list(self._flying):
            if not self.world.moving(pid):
                seat, die = self._flying.pop(pid)
                x, y, _angle = self.world.position(pid)
                self.world.remove(pid)
                self.tumble.pop(pid, None)
                r = self._finish(pid, seat, x, y, die=die)
                if r is not None:
                    results.append(r)
        return results

    def settle_all(self) -> list[Result]:
        """Run the simulation to rest at once (tests, headless hosts, the physics toggle being turned off)."""
        results = []
        for _ in range(int(MAX_SIM_SECONDS / STEP)):
            if not self._flying:
                break
            results.extend(self.update(STEP))
        for pid in list(self._flying):  # anything still moving after the cap stops where it is
            seat, die = self._flying.pop(pid)
            x, y, _ = self.world.position(pid)
            self.world.remove(pid)
            r = self._finish(pid, seat, x, y, die=die)
            if r is not None:
                results.append(r)
        return results

    def positions(self) -> dict[str, tuple[float, float, float]]:
        """Transient positions (x, y, angle) of pieces in motion: rendered, streamed, never logged."""
        return {pid: self.world.position(pid) for pid in self._flying}

    def _finish(self, pid: str, seat: int | None, x: float, y: float, *, die: bool) -> Result | None:
        w, h = self.session.state.table_size
        x = min(max(x, 0.0), w)
        y = min(max(y, 0.0), h)
        if die:
            rolled = self.submit(A.Roll((pid,)), seat)
            self._report(rolled)
        zone = self.snap_zone(x, y) if not die else None
        action = A.Move((pid,), zone) if zone else A.Move((pid,), "table", x=round(x, 1), y=round(y, 1))
        result = self.submit(action, seat)
        self._report(result)
        return result

    def _report(self, result: Result) -> None:
        if self.on_result is not None:
            self.on_result(result)
