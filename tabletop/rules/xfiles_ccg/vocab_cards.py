"""The X-Files CCG's primitives that move cards and pool points: heal, negate, steal and exchange pools, reveal,
examine and discard hands, pay, spend a token, change a Keyword.

They are a part of the ruleset's vocabulary (`vocab.VOCABULARY` holds them with the skill-check and Combat ones),
kept apart so each file is one kind of step a reader can hold.
"""

from __future__ import annotations

from typing import Any

from ...core.reducer import ActionError, Tx
from ...core.state import EVERYONE
from ..effects import Ctx, EffectStopped
from .vocab_barred import healing_played_on
from .vocab_events import hospital_heals
from .vocab_reads import check_of as _check
from .vocab_reads import standing, x_paid
from .vocab_reads import words as _words

__all__ = ["CARD_PRIMITIVES", "spend_token"]


def _heal(ctx: Ctx, tx: Tx, args: Any) -> str:
    out = []
    healing = ctx.source in ctx.state.pieces and "healing" in ctx.ruleset.keywords_of(ctx.state, ctx.source)
    for pid in ctx.pieces(args):
        if healing and ctx.state.attached(pid):  # "This card is removed when a Healing card is played on the Agent"
            healing_played_on(ctx, tx, pid)
        if not hospital_heals(ctx.state, ctx.ruleset, pid):  # "No Agents in the Hospital may heal any damage ..."
            out.append(f"{ctx.name(pid)} may not heal in the Hospital this turn")
            continue
        if ctx.state.pieces[pid].counters.get("no_heal"):  # "may not heal wounds until a Healing card is played"
            if not healing:
                out.append(f"{ctx.name(pid)} may not heal until a Healing card is played on him")
                continue
            tx.change(pid, counters={k: v for k, v in ctx.state.pieces[pid].counters.items() if k != "no_heal"})
        before = ctx.ruleset.damage(ctx.state, pid)
        after = max(0, before - int(args.get("amount", 1)))
        ctx.ruleset.set_damage(ctx.state, pid, after, tx, why=ctx.why())
        out.append(f"{ctx.name(pid)} heals {before - after}")
    return ", ".join(out) or "no one to heal"


def _negate(ctx: Ctx, tx: Tx, args: Any) -> str:
    out = []
    for pid in ctx.pieces(args):
        out.append(ctx.ruleset.negate(ctx.state, pid, tx))
    return ", ".join(out) or "nothing to negate"


def _steal(ctx: Ctx, tx: Tx, args: Any) -> str:
    other = ctx.seat_of("opponent")
    if other is None or ctx.seat is None:
        return "no opponent"
    have = int(ctx.state.player(other).counters.get(args["from"], 0))
    amount = min(have, int(args.get("amount", 0)))
    tx.add_player_counter(other, args["from"], -amount, why=ctx.why())
    tx.add_player_counter(ctx.seat, args["to"], amount, why=ctx.why())
    return f"takes {amount} {args['from'].upper()} from {ctx.state.seat_name(other)} into the {args['to'].upper()} pool"


def _reveal_hand(ctx: Ctx, tx: Tx, args: Any) -> str:
    seat = ctx.seat_of(args.get("seat", "opponent"))
    kind = str(args.get("type", "")).casefold()
    shown = [p for p in ctx.state.zones[ctx.zone("hand", seat)].pieces
             if ctx.ruleset.pinfo(ctx.state, p).kind == kind]
    for pid in shown:
        tx.change(pid, known=ctx.state.pieces[pid].known | {EVERYONE})
    return f"{ctx.state.seat_name(seat)} reveals {len(shown)} {args.get('type')} card{'s' * (len(shown) != 1)}"


def _use_skill_for(ctx: Ctx, tx: Tx, args: Any) -> str:
    check = _check(ctx)
    out = []
    for pid in ctx.pieces(args):
        rs = ctx.ruleset
        gain = rs.agent_skill(ctx.state, pid, args["skill"]) - rs.agent_skill(ctx.state, pid, check.get("skill", ""))
        check["mods"] = [*check.get("mods", []), {"amount": gain, "source": ctx.source, "name": ctx.name(ctx.source)}]
        out.append(f"{ctx.name(pid)} uses {args['skill']} ({gain:+d})")
    tx.set_rule("check", check)
    return ", ".join(out) or "no Agent"


def _discard_random(ctx: Ctx, tx: Tx, args: Any) -> str:
    who = args.get("seat", "opponent")
    seat = ctx.ruleset.active(ctx.state) if who == "investigating" else ctx.seat_of(who)
    hand = list(ctx.state.zones[ctx.zone("hand", seat)].pieces)
    if args.get("type"):
        hand = [p for p in hand if ctx.ruleset.pinfo(ctx.state, p).kind == str(args["type"]).casefold()]
    n = min(len(hand), x_paid(ctx) if args.get("count") == "x" else int(args.get("count", 1)))
    for _ in range(n):
        pid = hand.pop(tx.below(len(hand)))
        ctx.ruleset.to_discard(ctx.state, pid, tx)
    return f"{ctx.state.seat_name(seat)} discards {n} card{'s' * (n != 1)} at random"


def _swap_pool(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"Exchange [CP] Pools with your opponent": the two pools' points change hands."""
    other, pool = ctx.seat_of("opponent"), args.get("pool", "cp")
    if other is None or ctx.seat is None:
        return "no opponent"
    mine, theirs = (int(ctx.state.player(s).counters.get(pool, 0)) for s in (ctx.seat, other))
    tx.add_player_counter(ctx.seat, pool, theirs - mine, why=ctx.why())
    tx.add_player_counter(other, pool, mine - theirs, why=ctx.why())
    return f"exchanges {pool.upper()} pools with {ctx.state.seat_name(other)} ({mine} for {theirs})"


def _examine(ctx: Ctx, tx: Tx, args: Any) -> str:
    seat = ctx.seat_of(args.get("seat", "opponent"))
    hand = ctx.state.zones[ctx.zone(args.get("zone", "hand"), seat)].pieces
    if ctx.seat is not None:
        for pid in hand:
            piece = ctx.state.pieces[pid]
            if ctx.seat not in piece.known:
                tx.change(pid, known=piece.known | {ctx.seat})
    return f"looks at {ctx.state.seat_name(seat)}'s hand ({len(hand)} cards)"


def _discard_self(ctx: Ctx, tx: Tx, args: Any) -> str | None:
    src = ctx.source
    if src in ctx.state.pieces and ctx.state.zones[ctx.state.pieces[src].zone].kind != "discard":
        ctx.ruleset.to_discard(ctx.state, src, tx)
        return "is discarded"
    return None


def spend_token(ctx: Ctx, tx: Tx, args: Any) -> str:
    src = ctx.source
    left = ctx.ruleset.tokens_left(ctx.state, src)
    if left <= 0:
        raise ActionError("no_token", f"{ctx.name(src)} has no token left")
    counters = dict(ctx.state.pieces[src].counters)
    counters["tokens_used"] = counters.get("tokens_used", 0) + 1
    counters["token_turn"] = int(ctx.state.rules.get("turn", 1))
    tx.change(src, counters=counters)
    if left == 1 and standing(ctx.ruleset, ctx.state.pieces[src].card, "discard_when_spent"):
        ctx.ruleset.to_discard(ctx.state, src, tx)
        return "discards its last token, and the card"
    return f"discards a token ({left - 1} left)"


def _pay(ctx: Ctx, tx: Tx, args: Any) -> str:
    pool, amount = str(args.get("pool", "cp")), int(args.get("amount", 0))
    seat = ctx.seat_of(args.get("seat", "you"))  # `seat: opponent`: "your opponent may pay 3 [CP] to ..."
    if seat is None or int(ctx.state.player(seat).counters.get(pool, 0)) < amount:
        raise EffectStopped(f"cannot pay {amount} {pool.upper()}: the rest does not happen")
    tx.add_player_counter(seat, pool, -amount, why=f"paid for {ctx.why()}")
    return f"{ctx.state.seat_name(seat) + ' ' if seat != ctx.seat else ''}pays {amount} {pool.upper()}"


def _discard_card(ctx: Ctx, tx: Tx, args: Any) -> str:
    pieces = ctx.pieces(args)
    for pid in pieces:
        ctx.ruleset.to_discard(ctx.state, pid, tx)
    return f"{', '.join(ctx.name(p) for p in pieces) or 'nothing'} discarded"


def _discard_hand(ctx: Ctx, tx: Tx, args: Any) -> str:
    seat = ctx.seat_of(args.get("seat", "opponent"))
    words = _words(args.get("keyword", ()))
    hand = list(ctx.state.zones[ctx.zone("hand", seat)].pieces)
    gone = [p for p in hand if any(w in ctx.ruleset.keywords_of(ctx.state, p) for w in words)]
    for pid in gone:
        ctx.ruleset.to_discard(ctx.state, pid, tx)
    return f"{ctx.state.seat_name(seat)} discards {len(gone)} card{'s' * (len(gone) != 1)} from hand"


def _change_keyword(ctx: Ctx, tx: Tx, args: Any) -> str:
    pieces = ctx.pieces(args)
    mods = []
    for pid in pieces:
        gen = ctx.state.pieces[pid].gen
        mods += [{"piece": pid, "gen": gen, "keyword": w, "lose": True, "until": args.get("until", "end_of_turn")}
                 for w in args.get("from", ())]
        mods.append({"piece": pid, "gen": gen, "keyword": args["to"], "until": args.get("until", "end_of_turn")})
    if mods:
        book = dict(ctx.state.rules.get("effects") or {})
        book["mods"] = [*book.get("mods", ()), *({**m, "source": ctx.source} for m in mods)]
        tx.set_rule("effects", book)
    return f"{', '.join(ctx.name(p) for p in pieces) or 'no card'} is now Keyword {args['to']}"


#: the primitives of this module, by the step names card effects use
def _discard_top(ctx: Ctx, tx: Tx, args: Any) -> str:
    """The top cards of a seat's Bureau Deck discarded, face up (a discard pile is open to all)."""
    seat = ctx.seat_of(args.get("seat", "opponent"))
    top = list(ctx.state.zones[ctx.zone("deck", seat)].pieces)[:max(0, int(args.get("count", 1)))]
    for pid in top:
        ctx.ruleset.to_discard(ctx.state, pid, tx)
    return f"{ctx.state.seat_name(seat)} discards the top {len(top)} card{'s' * (len(top) != 1)} of the Bureau Deck"


CARD_PRIMITIVES = {
    "heal": _heal, "negate": _negate, "steal": _steal, "swap_pool": _swap_pool, "discard_random": _discard_random,
    "examine": _examine, "discard_self": _discard_self, "spend_token": spend_token,
    "change_keyword": _change_keyword, "reveal_hand": _reveal_hand, "use_skill_for": _use_skill_for, "pay": _pay,
    "discard_card": _discard_card, "discard_hand": _discard_hand, "discard_top": _discard_top,
}
