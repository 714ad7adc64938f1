"""The X-Files CCG's words for the `equip` block (`cardread_equip`): tokens on cards replenished, and the
condition that every token of a card is spent. A part of the ruleset's vocabulary (`vocab`), registered there with
one line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.reducer import Tx
from ...core.state import GameState
from ..effects import Condition, Ctx, Primitive
from .statics import standing
from .table import hired
from .vocab_agents import named, team_of

if TYPE_CHECKING:
    from .readers import TableReads

__all__ = ["EQUIP_CONDITIONS", "EQUIP_PRIMITIVES", "pair_health", "refill_now", "refill_only"]


def refill_now(rs: Any, state: GameState, pid: str, refill: dict[str, Any]) -> bool:
    """Whether an Agent's spent pool token is replaced at this Briefing by its `card_pool_refill`: always, or while
    one of the Agents `team_with` names is in its Team."""
    names = refill.get("team_with")
    return not names or any(named(rs, state, p, names) for p in team_of(rs, state, pid) if p != pid)


def pair_health(table: TableReads, state: GameState, pid: str) -> int:
    """What the other Agents of `pid`'s Team change of its Health while the two are in one Team ("If Agent Ray Tull
    is in the same Team as Agent Ida Venn, she loses one HEALTH": -1 for Venn); an Agent bought for the turn has no
    game effect. Read by the table part (`reading.rating`)."""
    if table.pinfo(state, pid).kind != "agent":
        return 0
    team = team_of(table, state, pid)
    out = 0
    for p in team if len(team) > 1 else ():
        if p == pid or "pair_health" not in table.traits(state.pieces[p].card) or hired(state, p):
            continue
        out += sum(int(h.get("amount", 0)) for h in standing(table, state.pieces[p].card, "pair_health")
                   if named(table, state, pid, h.get("with") or []))
    return out


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


def _nothing(ctx: Ctx, tx: Tx, args: Any) -> None:
    """A standing step: read where the rules need it, nothing to do when triggered."""
    return None


EQUIP_PRIMITIVES: dict[str, Primitive] = {"replenish_tokens": _replenish_tokens, "pair_health": _nothing}
EQUIP_CONDITIONS: dict[str, Condition] = {"tokens_spent": _cond_tokens_spent}
