"""The X-Files CCG's steps, conditions and selectors for the later families of card text (`cardwords`): copy
limits (standing, read by `limits`), a card its opponent pays to negate, and the steps after them. A part of the
ruleset's vocabulary (`vocab`).
"""

from __future__ import annotations

from typing import Any

from ...core.reducer import Tx
from ..effects import Condition, Ctx, EffectStopped, Primitive, Selector
from .vocab_reads import standing

__all__ = ["WORD_AFFORDS", "WORD_CONDITIONS", "WORD_PRIMITIVES", "WORD_SELECTORS", "standing_effects"]


def _standing(ctx: Ctx, tx: Tx, args: Any) -> None:
    """A standing step: read where the rules need it, nothing to do when triggered."""
    return None


def _negate_self(ctx: Ctx, tx: Tx, args: Any) -> str:
    """The card whose text runs is negated ("... to negate this Witness"): it leaves, and the rest of its text does
    not happen."""
    src = ctx.source
    said = ctx.ruleset._negate(ctx.state, src, tx) if src in ctx.state.pieces else "nothing to negate"
    raise EffectStopped(f"{said}: the rest of its text does not happen")


def _redraw(ctx: Ctx, tx: Tx, args: Any) -> str:
    """A whole hand discarded (face up: a discard pile is open to all) and `count` cards drawn from the top of the
    Bureau Deck, seen by their drawer alone: the acting seat's, its opponent's, the Investigating Player's or each."""
    who = args.get("seat", "you")
    rs, state = ctx.ruleset, ctx.state
    seats = list(state.seats) if who == "all" else [rs.active(state) if who == "investigating" else ctx.seat_of(who)]
    said = []
    for seat in (s for s in seats if s is not None):
        hand = list(state.zones[ctx.zone("hand", seat)].pieces)
        for pid in hand:
            rs._to_discard(state, pid, tx)
        deck, to = ctx.zone("deck", seat), ctx.zone("hand", seat)
        drawn = list(state.zones[deck].pieces[:max(0, int(args.get("count", 0)))])
        for pid in drawn:
            tx.move(pid, to, by=seat)
        said.append(f"{state.seat_name(seat)} discards {len(hand)} card{'s' * (len(hand) != 1)} from hand"
                    + (f" and draws {len(drawn)}" if args.get("count") else ""))
    return "; ".join(said) or "no one"


def standing_effects(rs: Any, ref: str | None) -> list[dict[str, Any]]:
    """An Adversary's own text as Combat effects of every round: "Subtract one from all damage sources applied to
    this Adversary" (each source of the Agents' damage less one, as a Combat card's "per source")."""
    per = sum(int(n) for n in standing(rs, ref, "per_source_minus"))
    return [{"side": "agents", "amount": -per, "per_source": True}] if per else []


def _affords_pay(ctx: Ctx, args: Any) -> str | None:
    """A payment is offered only to a seat whose pool holds it (`pay`'s `seat`: you or the opponent)."""
    seat = ctx.seat_of(args.get("seat", "you"))
    pool, amount = str(args.get("pool", "cp")), int(args.get("amount", 0))
    if seat is not None and int(ctx.state.player(seat).counters.get(pool, 0)) >= amount:
        return None
    return f"the {pool.upper()} pool holds less than {amount}"


WORD_PRIMITIVES: dict[str, Primitive] = {"copy_limit": _standing, "negate_self": _negate_self, "redraw": _redraw,
                                         "per_source_minus": _standing}
WORD_CONDITIONS: dict[str, Condition] = {}
WORD_SELECTORS: dict[str, Selector] = {}
#: the preconditions of steps an option of a `choose` opens with (`Vocabulary.affords`)
WORD_AFFORDS: dict[str, Condition] = {"pay": _affords_pay}
