"""The X-Files CCG's words for the s16sites families (Sites, Adversaries, what a card costs or does at a Site): the
standing steps the rules read where they apply. A part of the ruleset's vocabulary (`vocab`), registered there with
one line.
"""

from __future__ import annotations

from typing import Any

from ...core.reducer import Tx
from ..effects import Condition, Ctx, Primitive, Selector
from .site_rules import note_rule

__all__ = ["SITE_CONDITIONS", "SITE_PRIMITIVES", "SITE_SELECTORS"]


def _standing(ctx: Ctx, tx: Tx, args: Any) -> None:
    """A standing step: read where the rules need it, nothing to do when triggered."""
    return None


SITE_PRIMITIVES: dict[str, Primitive] = {"sites_cheaper": _standing, "combat_cheaper": _standing,
                                         "site_rule": note_rule}
SITE_CONDITIONS: dict[str, Condition] = {}
SITE_SELECTORS: dict[str, Selector] = {}
