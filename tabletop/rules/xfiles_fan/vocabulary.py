"""The X-Files Fan's vocabulary of effects: what its abilities may say beyond the kit's generic primitives.

Steps (`when: step:NAME`): `score` (while a round is scored, in round order), `score_last` (after every `score`
step: "determine the score ignoring this card"), `round_won` (after scoring, for the cards of the round).
Standing abilities (`when: static`) are read where the frame asks: `require` (tags the card requires beyond its
fields), `conclusion_needs` (a Conclusion waits for N cards setting a circumstance after this one),
`investment_bonus` (this card, in the environment, adds its Investment to a character's).

Scoring steps read and change `ctx.data`: `total` (the round's points so far), `round` (its entries), `index`
(this card's entry).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.reducer import Tx
from ...core.state import GameState, Piece
from ..effects import Ctx, Vocabulary
from .model import CIRCUMSTANCES, CardInfo, establish_ops

__all__ = ["CAPTURED", "FAN_VOCABULARY", "captured", "investment"]

#: the rule state key of characters captured in the round: [{character, gen, by, return_if_negated, holds}]
CAPTURED = "captured"


def investment(state: GameState, card: Any, role: str) -> int | None:
    """The Investment of the environment character of `role` (its card's value and the bonuses of the cards set
    beside it), or None when no such character is in the environment."""
    zone = state.zones.get("environment")
    if zone is None:
        return None
    role = role.casefold()
    base: int | None = None
    bonus = 0
    for pid in zone.pieces:
        info: CardInfo = card(state.pieces[pid].card)
        value = info.investment
        if info.caps.casefold() == role or role in info.caps.casefold().split():
            base = (base or 0) + (value or 0)
        elif info.investment_bonus_of and info.investment_bonus_of.casefold() == role:
            bonus += value or 0
    return None if base is None else base + bonus


def captured(state: GameState) -> list[Mapping[str, Any]]:
    """The characters captured now (entries whose piece is still the captured card)."""
    out = []
    for e in state.rules.get(CAPTURED) or ():
        piece = state.pieces.get(e.get("character"))
        if piece is not None and piece.gen == e.get("gen"):
            out.append(e)
    return out


# -- conditions --


def _investment_at_most(ctx: Ctx, args: Any) -> str | None:
    role, limit = str(args.get("of", "")), int(args.get("max", 0))
    have = investment(ctx.state, ctx.ruleset.card, role)
    if have is None or have <= limit:
        return None  # no such character: the card's tag requirement says so
    return f"requires {role} with Investment of {limit:+d} or less; it is {have:+d}"


def _played_last(ctx: Ctx, args: Any) -> str | None:
    rnd = ctx.data.get("round") or ctx.state.rules.get("round") or []
    if not rnd:
        return "no round"
    last = rnd[-1]
    last_type = ctx.ruleset.card(ctx.state.pieces[last["piece"]].card).type if last.get("piece") in \
        ctx.state.pieces else ""
    mine = next((e.get("seat") for e in rnd if e.get("piece") == ctx.source), None)
    if last_type == "conclusion" and last.get("seat") == mine:
        return None
    return "its player did not play the Conclusion that ended the round"


# -- standing abilities: read by the frame, nothing to run --


def _standing(ctx: Ctx, tx: Tx, args: Any) -> None:
    return None


# -- scoring --


def _score_add(ctx: Ctx, tx: Tx, args: Any) -> str | None:
    amount = int(args.get("amount", 0))
    circ = args.get("unless_removed")
    rnd, index = ctx.data.get("round") or [], int(ctx.data.get("index", 0))
    if circ in CIRCUMSTANCES and _removed_after(ctx, rnd, index, circ):
        return None
    ctx.data["total"] = int(ctx.data.get("total", 0)) + amount
    return f"adds {amount:+d} to the round's score"


def _removed_after(ctx: Ctx, rnd: list[Any], index: int, circ: str) -> bool:
    """Whether a card played after entry `index`, before the round's closing Conclusion, removes `circ`."""
    later = rnd[index + 1:]
    pieces, card = ctx.state.pieces, ctx.ruleset.card
    if later and later[-1].get("piece") in pieces and card(pieces[later[-1]["piece"]].card).type == "conclusion":
        later = later[:-1]
    at = CIRCUMSTANCES.index(circ)
    for e in later:
        if e.get("negated") or e.get("piece") not in pieces:
            continue
        if establish_ops(card(pieces[e["piece"]].card).establishes_circ)[at] is False:
            return True
    return False


def _score_floor(ctx: Ctx, tx: Tx, args: Any) -> str | None:
    floor = int(args.get("at_least", 0))
    total = int(ctx.data.get("total", 0))
    if total >= floor:
        return None
    ctx.data["total"] = floor
    return f"raises the round's score from {total:+d} to {floor:+d}"


# -- the capture of a character --


def _capture(ctx: Ctx, tx: Tx, args: Any) -> str | None:
    pieces = ctx.pieces(args)
    if not pieces or ctx.source is None:
        return "no character to capture"
    pid = pieces[0]
    entry = {"character": pid, "gen": ctx.state.pieces[pid].gen, "by": ctx.source,
             "return_if_negated": bool(args.get("return_if_negated")), "holds": bool(args.get("holds_dependents"))}
    tx.set_rule(CAPTURED, [*captured(ctx.state), entry])
    return f"captures {ctx.name(pid)}"


def _join_environment(ctx: Ctx, tx: Tx, args: Any) -> str | None:
    if ctx.source is None or "environment" not in ctx.state.zones:
        return None
    tx.move(ctx.source, "environment", face_up=True, by=ctx.seat)
    return f"joins the environment beside {args.get('beside', 'its character')}"


def _sel_character(ctx: Ctx, piece: Piece, value: Any) -> bool:
    info = ctx.ruleset.card(piece.card)
    is_character = info.type == "environment" and info.investment is not None
    taken = {e.get("character") for e in captured(ctx.state)}
    return is_character == bool(value) and piece.id not in taken


FAN_VOCABULARY = Vocabulary(
    primitives={"require": _standing, "conclusion_needs": _standing, "investment_bonus": _standing,
                "score_add": _score_add, "score_floor": _score_floor, "capture": _capture,
                "join_environment": _join_environment},
    conditions={"investment_at_most": _investment_at_most, "played_last": _played_last},
    selectors={"character": _sel_character},
    durations={"end_of_round": "round_end", "end_of_period": "period_end"},
    steps=("score", "score_last", "round_won", "round_end", "period_end"),
    rule="xff.text",
    condition_rules={"investment_at_most": "xff.legal.requires", "played_last": "xff.text"},
)
