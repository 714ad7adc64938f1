"""The X-Files CCG's steps, conditions and selectors for the later families of card text (`cardwords`): copy
limits (standing, read by `limits`), and the steps after them. A part of the ruleset's vocabulary (`vocab`).
"""

from __future__ import annotations

from typing import Any

from ...core.reducer import Tx
from ..effects import Condition, Ctx, Primitive, Selector

__all__ = ["WORD_CONDITIONS", "WORD_PRIMITIVES", "WORD_SELECTORS"]


def _standing(ctx: Ctx, tx: Tx, args: Any) -> None:
    """A standing step: read where the rules need it, nothing to do when triggered."""
    return None


WORD_PRIMITIVES: dict[str, Primitive] = {"copy_limit": _standing}
WORD_CONDITIONS: dict[str, Condition] = {}
WORD_SELECTORS: dict[str, Selector] = {}
