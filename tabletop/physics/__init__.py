"""Physics for loose pieces on the open table: fling, slide, collide and tumble dice (pymunk).

The simulation only ever decides where a piece comes to rest; the result enters the game as one ordinary `Move`
action (and dice faces come from the host's RNG through `Roll`), so saves, undo and replay never depend on it.
"""

from __future__ import annotations

from .world import CARD, DIE, TOKEN, FlingController, PhysicsWorld

__all__ = ["CARD", "DIE", "TOKEN", "FlingController", "PhysicsWorld"]
