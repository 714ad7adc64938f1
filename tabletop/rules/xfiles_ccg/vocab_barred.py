"""The X-Files CCG's steps, conditions and selectors of the `barred` block (`cardread_barred`): draws, Adversaries and
Agents barred, a Witness of a Discard Pile used for the skill check under way at no cost, tokens and cards removed. A
part of the ruleset's vocabulary (`vocab`).
"""

from __future__ import annotations

from typing import Any

from ...core import Piece
from ...core.reducer import Tx
from ...core.state import GameState
from ..effects import Condition, Ctx, Primitive, Selector
from ..effects.vocab import KEY as EFFECTS
from .phase_plays import PHASE_STEPS
from .statics import standing

__all__ = ["BORROWED", "NO_ADVERSARIES", "NO_DRAW", "OUT_FIGHT", "BARRED_AFFORDS", "BARRED_CONDITIONS", "BARRED_PRIMITIVES",
           "BARRED_SELECTORS", "adversary_barred", "draw_barred", "fights", "healing_played_on", "res_lowered"]

#: the flag of a chain entry whose card was taken from a Discard Pile for one skill check: once resolved it goes back
#: to its owner's Discard Pile, whatever its Keywords (a RESOURCE stays in no one's Bureau)
BORROWED = "borrowed"
#: the Agent's counter: the turn it fights in no Combat ("... to any skill checks this turn, including Combat")
OUT_FIGHT = "out_fight"
#: the rule state key of the seats a card keeps from drawing cards this turn: {seat: the card's title}
NO_DRAW = "no_draw"
#: the rule state key of the Sites at which a card keeps its player's opponents from playing Adversaries this turn:
#: {site: the seat protected}
NO_ADVERSARIES = "no_adversaries"


def _modifies_check(ctx: Ctx, ref: str | None) -> bool:
    """Whether the card's text adds to (or subtracts from) a skill check as it resolves."""
    return any("check_mod" in step for a in ctx.ruleset.card_text(ref).when("resolved") for step in a.do)


def _used_here(ctx: Ctx, ref: str | None) -> bool:
    """Whether a Witness of that card was already used in the skill check under way (xfc.chain.4)."""
    check = ctx.state.rules.get("check") or {}
    if ref in (check.get("used") or ()):
        return True
    pieces = ctx.state.pieces
    return any(e.get("piece") in pieces and pieces[e["piece"]].card == ref for e in ctx.state.rules.get("chain") or ())


def _sel_usable_witness(ctx: Ctx, piece: Piece, value: Any) -> bool:
    """A Witness whose modifier the acting seat could use in the skill check under way: its text adds to a skill
    check, its conditions hold for that seat (the check's skill), and no Witness of its title is used there yet."""
    if not ctx.state.rules.get("check") or not _modifies_check(ctx, piece.card) or _used_here(ctx, piece.card):
        return not value
    return ctx.ruleset.effects.broken(ctx.state, piece.id, ctx.seat, "resolved") != bool(value)


def _use_witness(ctx: Ctx, tx: Tx, args: Any) -> str:
    """The target Witness put on the chain as the acting seat's, paid nothing: it resolves next (its modifier in the
    check) and then goes back to its owner's Discard Pile (`BORROWED`)."""
    rs, state = ctx.ruleset, ctx.state
    names = []
    for pid in ctx.pieces(args):
        tx.move(pid, "chain", face_up=True, by=ctx.seat)
        entry = {"piece": pid, "seat": ctx.seat, "pool": "", "paid": 0, "combat": rs.level(state), BORROWED: True}
        tx.set_rule("chain", [*rs.chain(state), entry], fresh=True)  # built for this change
        check = state.rules.get("check")
        if check:
            tx.set_rule("check", {**check, "used": [*check.get("used", []), state.pieces[pid].card]})
        tx.set_rule("passed", 0)
        tx.set_rule("priority", ctx.seat)
        names.append(ctx.name(pid))
    return f"{', '.join(names)} is used for this skill check at no cost" if names else "no Witness to use"


def fights(state: GameState, pid: str) -> bool:
    """Whether an Agent may fight in a Combat now (no card kept it out of this turn's Combats)."""
    out = state.pieces[pid].counters.get(OUT_FIGHT)
    return out is None or out != int(state.rules.get("turn", 1))


def _no_fight_turn(ctx: Ctx, tx: Tx, args: Any) -> str:
    """The target Agents fight in no Combat this turn (their counter `out_fight`, read by `combatants`): "... to any
    skill checks this turn, including Combat", beside `sit_out_turn` (`vocab_choices`) for the skill checks."""
    pieces = ctx.pieces(args)
    turn = int(ctx.state.rules.get("turn", 1))
    for pid in pieces:
        tx.change(pid, counters={**ctx.state.pieces[pid].counters, OUT_FIGHT: turn})
    return f"{', '.join(ctx.name(p) for p in pieces) or 'no Agent'} fights in no Combat this turn"


def _cond_at_site_kw(ctx: Ctx, args: Any) -> str | None:
    """"at any keyword OCCULT INVESTIGATION or ALIEN INVESTIGATION Site": the Site under check has one of them."""
    site = (ctx.state.rules.get("check") or {}).get("site")
    if site in ctx.state.pieces:
        have = ctx.ruleset.keywords_of(ctx.state, site)
        if any(str(k).casefold() in have for k in args):
            return None
    return f"it is played in the skill check of a Keyword {' or '.join(str(k).upper() for k in args)} Site"


def _cond_in_phase(ctx: Ctx, args: Any) -> str | None:
    """"Play during the Briefing Phase": played in a step of that phase (`phase_plays`)."""
    if ctx.ruleset.step(ctx.state) in PHASE_STEPS.get(str(args), ()):
        return None
    return f"it is played during the {str(args).title()} Phase"


def _no_draw(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"prevent one opponent from drawing any cards during the remainder of this turn": that seat draws no card this
    turn, neither its free draw nor a purchase nor a card's text (rule state `no_draw`, dropped with the turn)."""
    seat = ctx.seat_of(args.get("seat", "opponent"))
    if seat is None:
        return "no one to keep from drawing"
    tx.set_rule(NO_DRAW, {**(ctx.state.rules.get(NO_DRAW) or {}), str(seat): ctx.name(ctx.source)})
    return f"{ctx.state.seat_name(seat)} draws no card for the rest of this turn"


def draw_barred(state: GameState, seat: int | None) -> str | None:
    """The title of the card that keeps `seat` from drawing cards this turn, or None."""
    found = state.rules.get(NO_DRAW)
    return found.get(str(seat)) if found else None


def _bar_adversaries(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"prevent your opponent from playing any adversaries at this Site": at the target Site's skill check this turn,
    no seat but the card's player plays an Adversary (rule state `no_adversaries`, dropped with the turn)."""
    sites = ctx.pieces(args)
    if sites and ctx.seat is not None:
        tx.set_rule(NO_ADVERSARIES, {**(ctx.state.rules.get(NO_ADVERSARIES) or {}), **{p: ctx.seat for p in sites}})
    return f"no Adversary of the opponents is played at {', '.join(ctx.name(p) for p in sites) or 'no Site'}"


def adversary_barred(rs: Any, state: GameState, pid: str, seat: int) -> str | None:
    """Why `seat` may not play the card `pid` at the Site under check: an Adversary, at a Site a card protects from
    that seat ("prevent your opponent from playing any adversaries at this Site"); None when it may."""
    site = (state.rules.get("check") or {}).get("site")
    protected = (state.rules.get(NO_ADVERSARIES) or {}).get(site)
    if protected is None or protected == seat or rs.pinfo(state, pid).kind != "adversary":
        return None
    return f"a card keeps {state.seat_name(seat)} from playing Adversaries at {rs.ref(state, site)} this turn"


def _sel_marker(ctx: Ctx, piece: Piece, value: Any) -> bool:
    """A target's word to the effects engine, not about the card: `chooser: opponent` (the opponent answers it),
    `shown: true` (the chooser is shown the candidates first)."""
    return True


def _sel_foe_of_source(ctx: Ctx, piece: Piece, value: Any) -> bool:
    """A card of another seat than the player of the card whose text runs (whoever chooses it)."""
    source = ctx.state.pieces.get(ctx.source or "")
    return source is not None and (piece.owner != source.owner) == bool(value)


def _damage(ctx: Ctx, pid: str) -> int:
    return int(ctx.ruleset.damage(ctx.state, pid)) if ctx.ruleset.pinfo(ctx.state, pid).kind == "agent" else 0


def _sel_token_or_wound(ctx: Ctx, piece: Piece, value: Any) -> bool:
    """A card with a game effect token left on it, or an Agent with a wound (damage) token."""
    return (ctx.ruleset.tokens_left(ctx.state, piece.id) > 0 or _damage(ctx, piece.id) > 0) == bool(value)


def _remove_token(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"remove one game effect token ... from any cards under your control": one of the target's tokens spent."""
    out = []
    for pid in ctx.pieces(args):
        if ctx.ruleset.tokens_left(ctx.state, pid) > 0:
            counters = ctx.state.pieces[pid].counters
            tx.change(pid, counters={**counters, "tokens_used": int(counters.get("tokens_used", 0)) + 1})
            out.append(f"a token is removed from {ctx.name(pid)}")
    return ", ".join(out) or "no token to remove"


def _affords_remove_token(ctx: Ctx, args: Any) -> str | None:
    return None if any(ctx.ruleset.tokens_left(ctx.state, p) > 0 for p in ctx.pieces(args)) else "it has no token"


def _heal_wound(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"... or wound token": one point of the target Agent's damage healed (as a heal of 1)."""
    return str(ctx.ruleset.effects.vocab.primitives["heal"](ctx, tx, {**args, "amount": 1}))


def _affords_heal_wound(ctx: Ctx, args: Any) -> str | None:
    return None if any(_damage(ctx, p) > 0 for p in ctx.pieces(args)) else "it has no wound"


def _clear_inflicted(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"any inflicted Keywords (i.e. CANCER, INSANITY) are removed": the Keywords effects gave the target, gone."""
    pieces = set(ctx.pieces(args))
    book = ctx.state.rules.get(EFFECTS) or {}
    mods = list(book.get("mods") or ())
    kept = [m for m in mods if not (m.get("piece") in pieces and m.get("keyword") and not m.get("lose"))]
    gone = [str(m["keyword"]).upper() for m in mods if m not in kept]
    if gone:
        tx.set_rule(EFFECTS, {**book, "mods": kept})
    return f"{', '.join(gone)} removed" if gone else "no Keyword inflicted to remove"


def _sel_keep_paid(ctx: Ctx, piece: Piece, value: Any) -> bool:
    """One more card kept while the chooser's pool pays `amount` for each ("pay 3 [RP] for each card they do not
    want to discard")."""
    have = ctx.ruleset.pool_of(ctx.state, ctx.seat, str(value["pool"]))
    return len(ctx.targets.get(str(value["target"]), ())) < have // max(1, int(value["amount"]))


def _keep_paid(ctx: Ctx, tx: Tx, args: Any) -> str:
    """The opponent's whole hand discarded but the target cards, which it keeps paying `amount` for each."""
    seat = ctx.seat_of("opponent")
    if seat is None:
        return "no one"
    kept = [p for p in ctx.pieces(args) if ctx.state.pieces[p].zone == ctx.zone("hand", seat)]
    pool, cost = str(args["pool"]), int(args["amount"]) * len(kept)
    if cost:
        ctx.ruleset.pay(ctx.state, seat, pool, cost, tx, why=f"kept {len(kept)} card{'s' * (len(kept) != 1)} "
                         f"({ctx.why()})", rule="xfc.effect.2")
    gone = [p for p in ctx.state.zones[ctx.zone("hand", seat)].pieces if p not in kept]
    for pid in gone:
        ctx.ruleset.to_discard(ctx.state, pid, tx)
    return (f"{ctx.state.seat_name(seat)} discards {len(gone)} card{'s' * (len(gone) != 1)} from hand and keeps "
            f"{len(kept)} for {cost} {pool.upper()}")


def _standing(ctx: Ctx, tx: Tx, args: Any) -> None:
    """A standing step: read where the rules need it (`res_lowered`, `healing_played_on`)."""
    return None


def res_lowered(rs: Any, state: GameState, pid: str) -> int:
    """What the cards on an Agent take from its RES ("Play on one Agent to decrease the Agent's RES value by one")."""
    return sum(int(n) for q in state.attached(pid) for n in standing(rs, state.pieces[q].card, "res_minus"))


def healing_played_on(ctx: Ctx, tx: Tx, pid: str) -> None:
    """A Keyword HEALING card's text heals the Agent `pid`: the cards on it removed by that are discarded ("This card
    is removed when a Healing card is played on the Agent")."""
    for q in ctx.state.attached(pid):
        if standing(ctx.ruleset, ctx.state.pieces[q].card, "healing_removes"):
            ctx.ruleset.to_discard(ctx.state, q, tx)


BARRED_PRIMITIVES: dict[str, Primitive] = {"use_witness": _use_witness, "no_fight_turn": _no_fight_turn,
                                         "no_draw": _no_draw, "bar_adversaries": _bar_adversaries,
                                         "remove_token": _remove_token, "heal_wound": _heal_wound,
                                         "clear_inflicted": _clear_inflicted, "keep_paid": _keep_paid,
                                         "res_minus": _standing, "healing_removes": _standing,
                                         "gear_damage": _standing, "foes_gear_damage": _standing,
                                         "remote_skill": _standing}
BARRED_CONDITIONS: dict[str, Condition] = {"at_site_kw": _cond_at_site_kw, "in_phase": _cond_in_phase}
BARRED_SELECTORS: dict[str, Selector] = {"usable_witness": _sel_usable_witness, "chooser": _sel_marker, "shown": _sel_marker,
                                       "foe_of_source": _sel_foe_of_source, "token_or_wound": _sel_token_or_wound,
                                       "keep_paid": _sel_keep_paid}
BARRED_AFFORDS: dict[str, Condition] = {"remove_token": _affords_remove_token, "heal_wound": _affords_heal_wound}
