"""The X-Files CCG's words for the `s16equip` block (`cardread_equip`): tokens on cards replenished, and the
condition that every token of a card is spent. A part of the ruleset's vocabulary (`vocab`), registered there with
one line.
"""

from __future__ import annotations

from typing import Any

from ...core.reducer import Tx
from ..effects import Condition, Ctx, Primitive

__all__ = ["EQUIP_CONDITIONS", "EQUIP_PRIMITIVES", "refill_only"]


def _replenish_tokens(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"... you may replenish all tokens": the card's tokens spent are put back, as many as its text places."""
    src = ctx.source
    if src not in ctx.state.pieces:
        return "no card"
    counters = dict(ctx.state.pieces[src].counters)
    counters.pop("tokens_used", None)
    tx.change(src, counters=counters)
    return f"{ctx.name(src)} has its {ctx.ruleset.tokens_left(ctx.state, src)} tokens again"


def refill_only(ability: Any) -> bool:
    """Whether an ability used from play only replenishes the card's tokens: no use of the card's once-a-turn
    ability ("Remove a token to ... once per turn" stays usable after its tokens are replenished)."""
    return bool(ability.do) and all("replenish_tokens" in step for step in ability.do)


def _cond_tokens_spent(ctx: Ctx, args: Any) -> str | None:
    """"... after the last token has been removed": the card has no token left."""
    if ctx.ruleset.tokens_left(ctx.state, ctx.source) > 0:
        return "it still has a token: it is replenished after the last one has been removed"
    return None


EQUIP_PRIMITIVES: dict[str, Primitive] = {"replenish_tokens": _replenish_tokens}
EQUIP_CONDITIONS: dict[str, Condition] = {"tokens_spent": _cond_tokens_spent}
