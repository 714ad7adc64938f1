"""The X-Files CCG's steps, conditions and selectors for the later families of card text (`cardwords`): copy
limits (standing, read by `limits`), a card its opponent pays to negate, and the steps after them. A part of the
ruleset's vocabulary (`vocab`).
"""

from __future__ import annotations

from typing import Any

from ...core.reducer import Tx
from ..effects import Condition, Ctx, EffectStopped, Primitive, Selector
from .costs import KEY as COST_MODS
from .provisions import KEY as PROVIDED
from .vocab_reads import standing
from .witness_triggers import FOE_PLAYED

__all__ = ["SITE_ASKS", "at_zero_health", "fail_gains", "WORD_AFFORDS", "WORD_CONDITIONS", "WORD_PRIMITIVES", "WORD_SELECTORS", "site_asks",
           "standing_effects"]


def _standing(ctx: Ctx, tx: Tx, args: Any) -> None:
    """A standing step: read where the rules need it, nothing to do when triggered."""
    return None


def _negate_self(ctx: Ctx, tx: Tx, args: Any) -> str:
    """The card whose text runs is negated ("... to negate this Witness"): it leaves, and the rest of its text does
    not happen."""
    src = ctx.source
    said = ctx.ruleset.negate(ctx.state, src, tx) if src in ctx.state.pieces else "nothing to negate"
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
            rs.to_discard(state, pid, tx)
        deck, to = ctx.zone("deck", seat), ctx.zone("hand", seat)
        drawn = list(state.zones[deck].pieces[:max(0, int(args.get("count", 0)))])
        for pid in drawn:
            tx.move(pid, to, by=seat)
        said.append(f"{state.seat_name(seat)} discards {len(hand)} card{'s' * (len(hand) != 1)} from hand"
                    + (f" and draws {len(drawn)}" if args.get("count") else ""))
    return "; ".join(said) or "no one"


def _provide(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"provide the keywords necessary to play any one Keyword X Adversary": noted for the turn (`provisions`)."""
    entry = {"seat": ctx.seat, "type": str(args.get("type", "")).casefold(), "keyword": list(args.get("keyword") or ())}
    if args.get("half"):  # "Additionally, the Adversary's cost is halved (rounded up)" (the grammar's `sites` block)
        entry["half"] = True
    tx.set_rule(PROVIDED, [*(ctx.state.rules.get(PROVIDED) or ()), entry])
    what = " or ".join(entry["keyword"]) + " " if entry["keyword"] else ""
    return f"{ctx.state.seat_name(ctx.seat)} may play one {what}{args.get('type', 'card')} this turn whatever its " \
           "Activators ask for in play" + (", for half its cost" if entry.get("half") else "")


def _negated_out(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"X is negated and removed from the game": off the chain, its modifier out of the check, out of the game."""
    src, state = ctx.source, ctx.state
    if src not in state.pieces:
        return "nothing to negate"
    name = ctx.name(src)
    chain = [e for e in state.rules.get("chain") or () if e.get("piece") != src]
    if len(chain) != len(state.rules.get("chain") or ()):
        tx.set_rule("chain", chain)
    check = state.rules.get("check")
    if check and any(m.get("source") == src for m in check.get("mods") or ()):
        tx.set_rule("check", {**check, "mods": [m for m in check["mods"] if m.get("source") != src]})
    for q in state.attached(src):
        ctx.ruleset.to_discard(state, q, tx)
    tx.remove_piece(src)
    return f"{name} is negated and removed from the game"


def _cond_foe_played(ctx: Ctx, args: Any) -> str | None:
    """The card just played is its opponent's, of the kind (and Keywords, or name) the text says."""
    played, rs = ctx.data.get("played"), ctx.ruleset
    if played not in ctx.state.pieces:
        return "no card was just played"
    seat = next((e.get("seat") for e in ctx.state.rules.get("chain") or () if e.get("piece") == played),
                ctx.state.pieces[played].owner)
    info, have = rs.pinfo(ctx.state, played), rs.keywords_of(ctx.state, played)
    kinds = str(args.get("type", "")).casefold()
    fits = seat != ctx.seat and (not kinds or info.kind == kinds) and \
        all(str(k).casefold() in have for k in args.get("keyword_all") or ()) and \
        (not args.get("name") or str(args["name"]).casefold() == info.name.casefold())
    return None if fits else "the card just played is not the one its text waits for"


def _empty_pools(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"empty both player's pools ([RP] and [CP])": every seat's pools named go to 0."""
    pools = [str(p) for p in args.get("pools") or ("rp", "cp")]
    for seat in ctx.state.seats:
        for pool in pools:
            have = int(ctx.state.player(seat).counters.get(pool, 0))
            if have:
                tx.add_player_counter(seat, pool, -have, why=ctx.why())
    return f"every {' and '.join(p.upper() for p in pools)} pool is emptied"


def _cond_site_success_any(ctx: Ctx, args: Any) -> str | None:
    """Just after one of your Teams investigated a Site successfully with one of `args` as its prerequisite."""
    conds = ctx.ruleset.effects.vocab.conditions
    if any(conds["site_success"](ctx, skill) is None for skill in args):
        return None
    return f"it is played after one of your Teams investigates a Site with {' or '.join(args).upper()} successfully"


#: the rule state key of Sites whose questions a card changed: {site piece: {gen, kinds}}
SITE_ASKS = "site_asks"


def site_asks(rs: Any, state: Any, site: str) -> list[str]:
    """The kinds of question a Site in play lets its investigator ask: printed, or as a card changed them ("change
    the question(s) listed on one Site card to MOTIVE")."""
    changed = (state.rules.get(SITE_ASKS) or {}).get(site)
    if changed and site in state.pieces and changed.get("gen") == state.pieces[site].gen:
        return list(changed.get("kinds") or ())
    return list(rs.info(state.pieces[site].card).asks) if site in state.pieces else []


def _change_asks(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"change the question(s) listed on one Site card to MOTIVE": the Site (while it stays in play) asks that."""
    kinds = [str(k).capitalize() for k in args.get("kinds") or ()]
    out = []
    for site in ctx.pieces(args):
        book = dict(ctx.state.rules.get(SITE_ASKS) or {})
        book[site] = {"gen": ctx.state.pieces[site].gen, "kinds": kinds}
        tx.set_rule(SITE_ASKS, book)
        out.append(f"{ctx.name(site)} now asks {' or '.join(k.upper() for k in kinds)}")
    return "; ".join(out) or "no Site"


def _site_cost(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"increase the cost of all [RP] cards played at this Site by 1": noted for the Site under check (`costs`)."""
    site = (ctx.state.rules.get("check") or {}).get("site")
    if site is None:
        return "no Site under investigation: no cost changes"
    entry = {"site": site, "seat": ctx.seat, **{k: v for k, v in args.items() if k != "words"}}
    tx.set_rule(COST_MODS, [*(ctx.state.rules.get(COST_MODS) or ()), entry])
    return f"cards played at {ctx.name(site)} cost {args.get('words', 'otherwise')} this turn"


def _attach_to(ctx: Ctx, tx: Tx, args: Any) -> str:
    """The card whose text runs stays attached to the Agent chosen ("Attach this Witness to any Agent ...")."""
    src = ctx.source
    hosts = [p for p in ctx.pieces(args) if p != src]
    if src not in ctx.state.pieces or not hosts:
        return "nothing to attach to"
    chain = [e for e in ctx.state.rules.get("chain") or () if e.get("piece") != src]
    if len(chain) != len(ctx.state.rules.get("chain") or ()):
        tx.set_rule("chain", chain)
    ctx.ruleset.attach(ctx.state, src, hosts[0], tx, by=ctx.seat)
    return f"stays on {ctx.name(hosts[0])}"


def at_zero_health(rs: Any, state: Any, pid: str, tx: Tx) -> None:
    """An Agent's Health went to 0: the cards on it whose text says so are discarded ("Discard this card when the
    Agent's HEALTH is reduced to 0")."""
    for q in state.attached(pid):
        if standing(rs, state.pieces[q].card, "discard_at_zero"):
            rs.to_discard(state, q, tx)


def _discard_hand_kind(ctx: Ctx, tx: Tx, args: Any) -> str:
    """Every card of a kind in a seat's hand discarded (face up: a discard pile is open to all)."""
    who = args.get("seat", "opponent")
    seat = ctx.ruleset.active(ctx.state) if who == "investigating" else ctx.seat_of(who)
    kind = str(args.get("type", "")).casefold()
    gone = [p for p in ctx.state.zones[ctx.zone("hand", seat)].pieces if ctx.ruleset.pinfo(ctx.state, p).kind == kind]
    for pid in gone:
        ctx.ruleset.to_discard(ctx.state, pid, tx)
    return f"{ctx.state.seat_name(seat)} discards {len(gone)} {kind} card{'s' * (len(gone) != 1)} from hand"


def _fail_gain(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"If your opponent fails this Site skill check, add 5 [CP] to your pool": noted on the check, paid at its end."""
    check = ctx.state.rules.get("check")
    if not check:
        return "no skill check"
    gain = {"seat": ctx.seat, "pool": str(args.get("pool", "cp")), "amount": int(args.get("amount", 0))}
    tx.set_rule("check", {**check, "fail_gain": [*check.get("fail_gain", ()), gain]})
    return f"if the check fails, {ctx.state.seat_name(ctx.seat)} adds {gain['amount']} {gain['pool'].upper()}"


def fail_gains(rs: Any, state: Any, check: Any, tx: Tx) -> None:
    """The check failed: what the cards played on it said their players then add to their pools."""
    for gain in check.get("fail_gain") or ():
        tx.add_player_counter(gain["seat"], gain["pool"], int(gain["amount"]), why="the failed skill check")


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
                                         "per_source_minus": _standing, "provide": _provide,
                                         "negated_out": _negated_out, "empty_pools": _empty_pools,
                                         "change_asks": _change_asks, "site_cost": _site_cost,
                                         "attach_to": _attach_to, "discard_at_zero": _standing,
                                         "discard_hand_kind": _discard_hand_kind, "fail_gain": _fail_gain,
                                         "frees": _standing, "cheaper_if": _standing}
WORD_CONDITIONS: dict[str, Condition] = {FOE_PLAYED: _cond_foe_played, "site_success_any": _cond_site_success_any}
def _sel_placed(ctx: Ctx, piece: Any, value: Any) -> bool:
    """A Site placed in the Field (the turn's, or one left with Bluffs beneath it)."""
    return (piece.id in (ctx.state.rules.get("sites") or {})) == bool(value)


WORD_SELECTORS: dict[str, Selector] = {"placed": _sel_placed}
#: the preconditions of steps an option of a `choose` opens with (`Vocabulary.affords`)
WORD_AFFORDS: dict[str, Condition] = {"pay": _affords_pay}
