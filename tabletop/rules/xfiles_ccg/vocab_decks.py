"""The X-Files CCG vocabulary's words for the wordings of real decks' self-play (issue #26): selectors of cards paid
for with an X ("for each [CP] Cost card discarded", X the number discarded), ..."""

from __future__ import annotations

from typing import Any

from ...core.reducer import Tx
from ...core.state import GameState, Piece
from ..effects import Ctx
from .again import KEY as AGAIN
from .again import site_state
from .data import canonical_skill
from .vocab_reads import standing, x_paid
from .vocab_reads import team as team_of

__all__ = ["DECK_CONDITIONS", "DECK_PRIMITIVES", "DECK_SELECTORS", "doubled", "hand_max", "moved_bureau", "on_approach", "per_target", "window_of", "x_problem", "save_site",
           "saved_sites_to_hand"]


def _sel_up_to_x(ctx: Ctx, piece: Piece, value: Any) -> bool:
    """One more card may be chosen for the target `value` while fewer than the X paid for the source are."""
    return len(ctx.targets.get(str(value)) or ()) < x_paid(ctx)


def _sel_cost_pool(ctx: Ctx, piece: Piece, value: Any) -> bool:
    """A card whose Cost is paid from the pool named ("[CP] Cost card")."""
    return str(ctx.ruleset.pinfo(ctx.state, piece.id).pool).casefold() == str(value).casefold()


def per_target(ctx: Ctx, args: Any, amount: int) -> int:
    """`amount` for each card of the target `args["per"]` (at most `args["max"]`), or `amount` with no `per`."""
    if not args.get("per"):
        return amount
    total = amount * len(ctx.targets.get(str(args["per"])) or ())
    return min(total, int(args["max"])) if args.get("max") is not None else total


def _hold(ctx: Ctx, tx: Tx, args: Any) -> str:
    """A card kept for a modifier its player uses later: from the Discard (where it went when it resolved) to its
    owner's Bureau Section."""
    piece = ctx.state.pieces.get(str(ctx.source))
    if piece is None or ctx.state.zones[piece.zone].kind != "discard":
        return ""
    tx.move(piece.id, f"bureau:{piece.owner}", face_up=True)
    return f"{ctx.name(piece.id)} is held in the Bureau until its modifier is used"


def _investigate_again(ctx: Ctx, tx: Tx, args: Any) -> str:
    """The Team of the check under way may investigate one more Site this turn (`same_state`: in the same state as
    this Site)."""
    check = ctx.state.rules.get("check") or {}
    team = team_of(ctx)
    site = check.get("site")
    where = site_state(ctx.ruleset.pinfo(ctx.state, site).name) if args.get("same_state") and site in \
        ctx.state.pieces else ""
    tx.set_rule(AGAIN, {**(ctx.state.rules.get(AGAIN) or {}), **{p: where for p in team}})
    names = ", ".join(ctx.name(p) for p in team) or "no Agent"
    return f"{names} may investigate one more Site this turn" + (f" in {where.upper()}" if where else "")


def _cond_first_site(ctx: Ctx, args: Any) -> str | None:
    """"during the Deployment Phase": played at the turn's first Site check, before any Team has investigated."""
    check = ctx.state.rules.get("check") or {}
    used = list(ctx.state.rules.get("used") or [])
    if check and ctx.seat == ctx.ruleset.active(ctx.state) and sorted(used) == sorted(check.get("team", [])):
        return None
    return "it is played on a Team before it investigates (at the turn's first Site skill check)"


def _hand_limit(ctx: Ctx, tx: Tx, args: Any) -> str:
    """The card, kept in play, raises its player's hand size to `amount` while it stays (`hand_max`)."""
    piece = ctx.state.pieces.get(str(ctx.source))
    if piece is None:
        return ""
    tx.change(piece.id, counters={**piece.counters, "hand_max": int(args.get("amount", 0))})
    return f"{ctx.state.seat_name(piece.owner)} may hold up to {args.get('amount')} cards while it stays in play"


def _standing(ctx: Ctx, tx: Tx, args: Any) -> None:
    """A standing step: read where the rules need it, nothing to do when triggered."""
    return None


def hand_max(rs: Any, state: GameState, seat: int) -> int:
    """`seat`'s hand size after the Debriefing: the option's, or more while a card of theirs in play raises it."""
    most = int(rs.options["hand_max"])
    zone = state.zones.get(f"bureau:{seat}")
    if zone is not None and zone.pieces:  # asked at every Briefing and Debriefing listing: no list per card
        most = max(most, 0)  # a card without the counter counts as 0
        pieces = state.pieces
        for p in zone.pieces:
            counters = pieces[p].counters
            if counters and int(counters.get("hand_max", 0)) > most:
                most = int(counters["hand_max"])
    return most


def moved_bureau(rs: Any, state: GameState, owner: int | None, tx: Tx) -> None:
    """One of `owner`'s Agents moved from or to the Bureau: the cards of theirs that say so are discarded."""
    zone = state.zones.get(f"bureau:{owner}")
    for pid in list(zone.pieces) if zone is not None else ():
        if pid in state.pieces and standing(rs, state.pieces[pid].card, "bureau_move_discard"):
            rs.to_discard(state, pid, tx)
            tx.note("xfc.discarded", owner, f"{rs.ref(state, pid)} is discarded: an Agent moved from or to the Bureau",
                    {"piece": pid})


def _save_site(ctx: Ctx, tx: Tx, args: Any) -> str:
    """Noted on the Site's check: if it fails, the Team makes the check named, and made, the Site goes to the
    Bureau (`save_site`)."""
    check = ctx.state.rules.get("check")
    if not check:
        return "no Site check under way"
    tx.set_rule("check", {**check, "save_site": {"skill": args["skill"], "need": int(args["need"]),
                                                 "seat": ctx.seat, "source": ctx.source}})
    return f"if the check fails, the Team makes a {args['skill']} {args['need']}+ check to keep the Site"


def save_site(rs: Any, state: GameState, check: dict[str, Any], tx: Tx) -> None:
    """The Site's check failed with a card saving the Site: the Team makes its check, and made, the Site is placed
    in its player's Bureau (marked `saved`: it returns to the hand at that player's next Briefing)."""
    saving = check["save_site"]
    site, team = check.get("site"), [p for p in check.get("team", []) if p in state.pieces]
    total = rs.team_skill(state, team, saving["skill"])
    made = bool(team) and total >= int(saving["need"])
    where = "goes to the Bureau" if made else "is lost"
    if made and site in state.pieces:
        owner = rs.owner(state, site)
        tx.move(site, f"bureau:{owner}", face_up=True)
        tx.change(site, counters={**state.pieces[site].counters, "saved": 1})
    if not tx.quiet:
        tx.note("xfc.site_saved", rs.active(state), f"the Team's {saving['skill']} check: {total} against "
                f"{saving['need']}+, {'made' if made else 'failed'}: {rs.ref(state, site)} {where}",
                {"site": site, "source": saving.get("source")})


def saved_sites_to_hand(rs: Any, state: GameState, seat: int, tx: Tx) -> None:
    """The start of `seat`'s Briefing: the Sites a card saved in their Bureau return to their hand."""
    zone = state.zones.get(f"bureau:{seat}")
    for pid in list(zone.pieces) if zone is not None else ():
        if state.pieces[pid].counters.get("saved"):
            tx.move(pid, f"hand:{seat}", by=seat)
            tx.change(pid, counters={})
            tx.note("xfc.site_returns", seat, f"{rs.ref(state, pid)} returns from the Bureau to the hand", {"piece": pid})


def _cond_fought(ctx: Ctx, args: Any) -> str | None:
    """"when combat was involved": a Combat was fought in the Site's check under way."""
    check = ctx.state.rules.get("check") or {}
    return None if check.get("fought") else "it is played in a Site skill check once a Combat was fought there"


def _double_mod(ctx: Ctx, tx: Tx, args: Any) -> str:
    """The card chosen before (a Witness taken into the hand) adds twice its modifier if played this turn (rule
    state `doubled`, its pieces, cleared with the turn)."""
    pieces = ctx.pieces(args)
    tx.set_rule("doubled", [*(ctx.state.rules.get("doubled") or []), *pieces])
    return f"{', '.join(ctx.name(p) for p in pieces) or 'no card'}: its modifier is doubled if played this turn"


def doubled(ctx: Ctx, amount: int) -> int:
    """A check modifier of a card whose modifier is doubled this turn (`double_mod`): twice `amount`."""
    return 2 * amount if ctx.source in (ctx.state.rules.get("doubled") or ()) else amount


def _discard_bluffs(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"Discard all cards assigned as Bluff cards at that Site": every card beneath the Site about to be
    investigated goes, unrevealed, to its owner's Discard."""
    site = (ctx.state.rules.get("check") or {}).get("site")
    gone = list(ctx.state.attached(site)) if site in ctx.state.pieces else []
    for pid in gone:
        ctx.ruleset.to_discard(ctx.state, pid, tx)
    return f"{len(gone)} card{'s' if len(gone) != 1 else ''} beneath the Site discarded"


def _cond_approach(ctx: Ctx, args: Any) -> str | None:
    """"on a Team about to investigate a Site with X as a prerequisite": before the cards beneath it are revealed."""
    check = ctx.state.rules.get("check") or {}
    site = check.get("site")
    if check.get("approach") and site in ctx.state.pieces and (not args or canonical_skill(str(args)) in {
            s for s, _ in ctx.ruleset.pinfo(ctx.state, site).prerequisite}):
        return None
    needs = f" with {str(args).upper()} as a prerequisite" if args else ""
    return f"it is played on a Team about to investigate a Site{needs}, before the cards beneath it are revealed"


def _cond_x_is_bluffs(ctx: Ctx, args: Any) -> str | None:
    """"X = the number of Bluffs at the Site": the X named is the number of cards beneath it (the X of a card
    being played is known to the play's check alone: `x_problem` asks it there)."""
    if ctx.data.get("x") is None:
        return None
    site = (ctx.state.rules.get("check") or {}).get("site")
    n = len(ctx.state.attached(site)) if site in ctx.state.pieces else 0
    return None if int(ctx.data["x"]) == n else f"X is the number of cards beneath the Site ({n})"


def x_problem(rs: Any, state: GameState, pid: str, x: int, seat: int) -> str:
    """Why `x` is not the X a card played now must name (its conditions on X, as `x_is_bluffs`), or ""."""
    text = rs.card_text(state.pieces[pid].card)
    for ability in text.when("resolved"):
        for name, args in ability.conditions:
            if name == "x_is_bluffs":
                why = _cond_x_is_bluffs(rs.effects.ctx(state, seat, pid, ability, x=x), args)
                if why:
                    return why
    return ""


#: the windows that open outside a skill check's own (a flag on the check) and the condition of the cards played there
WINDOWS = {"approach": "approach", "guessed_wrong": "guessed_wrong"}


def window_of(check: Any) -> str:
    """The window the check's chain is now (`approach`, `guessed_wrong`), or "" for the check's own."""
    return next((w for w in WINDOWS if check and check.get(w)), "")


def on_approach(rs: Any, ref: str | None, window: str = "approach") -> bool:
    """Whether the card `ref` is played in the window `window` (its condition named so: `approach`, a Team about
    to investigate a Site; `guessed_wrong`, a player who has just guessed wrong)."""
    want = WINDOWS.get(window, window)
    return any(name == want for ability in rs.card_text(ref).when("resolved") for name, _ in ability.conditions)


def _cond_guessed_wrong(ctx: Ctx, args: Any) -> str | None:
    """"Play when you have just guessed incorrectly the identity of an X-File": the window after the guess."""
    check = ctx.state.rules.get("check") or {}
    if check.get("guessed_wrong") and ctx.seat == ctx.ruleset.active(ctx.state):
        return None
    return "it is played when you have just guessed an X-File wrong"


def _no_penalty(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"your opponent does not get to ask you a penalty question": noted on the check, read when the window closes."""
    check = ctx.state.rules.get("check")
    if not check:
        return "no guess to spare"
    tx.set_rule("check", {**check, "no_penalty": True})
    return "the opponent does not get a penalty question"


DECK_PRIMITIVES = {"no_penalty": _no_penalty, "discard_bluffs": _discard_bluffs, "double_mod": _double_mod, "save_site": _save_site, "hold": _hold, "investigate_again": _investigate_again, "hand_limit": _hand_limit,
                   "bureau_move_discard": _standing}
DECK_CONDITIONS = {"first_site": _cond_first_site, "fought": _cond_fought, "approach": _cond_approach,
                   "x_is_bluffs": _cond_x_is_bluffs, "guessed_wrong": _cond_guessed_wrong}
DECK_SELECTORS = {"up_to_x": _sel_up_to_x, "cost_pool": _sel_cost_pool}
