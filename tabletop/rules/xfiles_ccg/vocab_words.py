"""The X-Files CCG's steps, conditions and selectors for the later families of card text (`cardwords`): copy
limits (standing, read by `limits`), a card its opponent pays to negate, and the steps after them. A part of the
ruleset's vocabulary (`vocab`).
"""

from __future__ import annotations

from typing import Any

from ...core.reducer import Tx
from ..effects import Condition, Ctx, EffectStopped, Primitive, Selector

__all__ = ["WORD_AFFORDS", "WORD_CONDITIONS", "WORD_PRIMITIVES", "WORD_SELECTORS"]


def _standing(ctx: Ctx, tx: Tx, args: Any) -> None:
    """A standing step: read where the rules need it, nothing to do when triggered."""
    return None


def _negate_self(ctx: Ctx, tx: Tx, args: Any) -> str:
    """The card whose text runs is negated ("... to negate this Witness"): it leaves, and the rest of its text does
    not happen."""
    src = ctx.source
    said = ctx.ruleset._negate(ctx.state, src, tx) if src in ctx.state.pieces else "nothing to negate"
    raise EffectStopped(f"{said}: the rest of its text does not happen")


def _affords_pay(ctx: Ctx, args: Any) -> str | None:
    """A payment is offered only to a seat whose pool holds it (`pay`'s `seat`: you or the opponent)."""
    seat = ctx.seat_of(args.get("seat", "you"))
    pool, amount = str(args.get("pool", "cp")), int(args.get("amount", 0))
    if seat is not None and int(ctx.state.player(seat).counters.get(pool, 0)) >= amount:
        return None
    return f"the {pool.upper()} pool holds less than {amount}"


WORD_PRIMITIVES: dict[str, Primitive] = {"copy_limit": _standing, "negate_self": _negate_self}
WORD_CONDITIONS: dict[str, Condition] = {}
WORD_SELECTORS: dict[str, Selector] = {}
#: the preconditions of steps an option of a `choose` opens with (`Vocabulary.affords`)
WORD_AFFORDS: dict[str, Condition] = {"pay": _affords_pay}
