"""Flings in the window: how fast the pointer moved when a piece was let go, and the pieces sliding meanwhile.

The physics world (`tabletop.physics.FlingController`) decides where a flung piece comes to rest and submits that as
one Move; this module measures the release velocity over the last moments of a drag (in game time, so headless
frames give the same answer every run), and says where each piece in motion is to be drawn until its Move lands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.session import Result, Session
from ...physics import FlingController

__all__ = ["FLING_MIN_PX", "VELOCITY_WINDOW", "Motion", "VelocityTracker"]

#: seconds of pointer motion the release velocity is measured over
VELOCITY_WINDOW = 0.08
#: a release slower than this (screen pixels per second) is a plain drop
FLING_MIN_PX = 240.0
#: a die shows a new random face this often while it tumbles (cosmetic: the face it lands on comes from the RNG)
TUMBLE_FACE_S = 0.07


class VelocityTracker:
    """Pointer samples of one drag: (time, x, y), time in seconds of game time."""

    def __init__(self) -> None:
        self.samples: list[tuple[float, float, float]] = []

    def reset(self, t: float, pos: tuple[float, float]) -> None:
        self.samples = [(t, float(pos[0]), float(pos[1]))]

    def add(self, t: float, pos: tuple[float, float]) -> None:
        self.samples.append((t, float(pos[0]), float(pos[1])))
        cut = t - 4 * VELOCITY_WINDOW
        while len(self.samples) > 2 and self.samples[1][0] < cut:
            self.samples.pop(0)

    def _at(self, t: float) -> tuple[float, float]:
        """Where the pointer was at time `t` (linear between samples; held still after the last)."""
        s = self.samples
        if t <= s[0][0]:
            return s[0][1], s[0][2]
        for (t0, x0, y0), (t1, x1, y1) in zip(s, s[1:], strict=False):
            if t0 <= t <= t1:
                if t1 - t0 < 1e-9:
                    return x1, y1
                k = (t - t0) / (t1 - t0)
                return x0 + (x1 - x0) * k, y0 + (y1 - y0) * k
        return s[-1][1], s[-1][2]

    def velocity(self, t: float, pos: tuple[float, float]) -> tuple[float, float]:
        """Screen pixels per second over the last VELOCITY_WINDOW before a release at `pos`, time `t`."""
        if not self.samples:
            return 0.0, 0.0
        self.add(t, pos)
        t0 = max(t - VELOCITY_WINDOW, self.samples[0][0])
        span = t - t0
        if span < 1e-6:
            return 0.0, 0.0
        x0, y0 = self._at(t0)
        return (pos[0] - x0) / span, (pos[1] - y0) / span


class Motion:
    """The app's side of physics: starts flings and throws, steps them, and lists what is moving where.

    `moving()` maps each flying piece id to (x, y, angle in degrees, die face to show or None); pieces attached
    under a flying card are listed with their host's displacement, since the resting Move takes them along.
    """

    def __init__(self, session: Session, *, enabled: bool = True,
                 snap_zone: Callable[[float, float], str | None] | None = None,
                 on_result: Callable[[Result], Any] | None = None,
                 submit: Callable[..., Result] | None = None) -> None:
        self.session = session
        self.controller = FlingController(session, enabled=enabled, snap_zone=snap_zone, on_result=on_result,
                                          submit=submit)
        self.origin: dict[str, tuple[float, float, float]] = {}  # flying pid -> where it was let go, and its angle
        self.followers: dict[str, list[tuple[str, float, float]]] = {}  # host pid -> attached pids and offsets
        self.sides: dict[str, int] = {}
        self._pos: dict[str, tuple[float, float, float]] | None = None  # positions this frame, read once

    @property
    def enabled(self) -> bool:
        return self.controller.enabled

    def set_enabled(self, on: bool) -> list[Result]:
        """Turn physics on or off; turning it off lands everything still in motion at once."""
        self.controller.enabled = on
        if on:
            return []
        results = self.controller.settle_all()
        self._forget_landed()
        return results

    def busy(self) -> bool:
        return bool(self.origin)

    def fling(self, pid: str, seat: int, x: float, y: float, vx: float, vy: float,
              followers: list[tuple[str, float, float]] = ()) -> None:
        """Let a loose piece go at (x, y) with velocity (vx, vy) in table units per second."""
        piece = self._piece(pid, seat)
        if piece is None:
            return
        if piece.kind == "die":
            self.throw(pid, seat, x, y, vx, vy)
            return
        self.controller.release(pid, seat, x, y, vx, vy)
        self._pos = None
        if pid in self.controller.world.bodies:
            self.origin[pid] = (x, y, float(piece.rotation))
            if followers:
                self.followers[pid] = list(followers)
        self._forget_landed()

    def _piece(self, pid: str, seat: int) -> Any:
        """The piece a seat names: its id, or the handle its view gives a face-down card it may not see."""
        state = self.session.state
        return state.pieces.get(pid) or state.pieces.get(state.resolve(pid, seat) or "")

    def throw(self, pid: str, seat: int, x: float, y: float, vx: float, vy: float) -> None:
        """Throw a die: it tumbles showing random faces, and lands on the face the host's RNG rolls."""
        piece = self._piece(pid, seat)
        if piece is None or piece.kind != "die":
            return
        self.controller.throw(pid, seat, x, y, vx, vy)
        self._pos = None
        self.origin[pid] = (x, y, 0.0)
        self.sides[pid] = piece.sides or 6

    def update(self, dt: float) -> list[Result]:
        results = self.controller.update(dt) if self.origin else []
        self._pos = None
        if len(self.origin) != len(self.controller.world.bodies):
            self._forget_landed()
        return results

    def settle(self) -> list[Result]:
        """Run every flight to rest now (headless hosts, tests, the toggle)."""
        results = self.controller.settle_all()
        self._forget_landed()
        return results

    def _forget_landed(self) -> None:
        self._pos = None
        flying = self.controller.world.bodies
        for pid in [p for p in self.origin if p not in flying]:
            self.origin.pop(pid, None)
            self.followers.pop(pid, None)
            self.sides.pop(pid, None)

    def skip(self) -> frozenset[str]:
        """Pieces the table layer leaves out while they fly (drawn by `moving()` instead)."""
        out = set(self.origin)
        for rows in self.followers.values():
            out.update(p for p, _, _ in rows)
        return frozenset(out)

    def moving(self) -> dict[str, tuple[float, float, float, int | None]]:
        out: dict[str, tuple[float, float, float, int | None]] = {}
        tumble = self.controller.tumble
        if self._pos is None:
            self._pos = self.controller.positions()
        for pid, (x, y, angle) in self._pos.items():
            face = None
            if pid in tumble:
                # a new face every TUMBLE_FACE_S, the same one for every redraw within that moment
                face = 1 + hash((pid, int(tumble[pid] / TUMBLE_FACE_S))) % self.sides.get(pid, 6)
            out[pid] = (x, y, angle, face)
            ox, oy, _ = self.origin.get(pid, (x, y, 0.0))
            for child, cx, cy in self.followers.get(pid, ()):
                out[child] = (cx + x - ox, cy + y - oy, angle, None)
        return out
