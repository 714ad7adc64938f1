"""The X-Files CCG's steps and conditions for the `choices` block (`cardread_choices`): an option of a choice among
effects, taken when it can be done, and a card played when one of its options can. A part of the ruleset's
vocabulary (`vocab`).
"""

from __future__ import annotations

from typing import Any

from ...core.reducer import Tx
from ..effects import Condition, Ctx, Primitive
from ..effects.model import step_name
from .wounds_sites import OUT_TURN

__all__ = ["CHOICE_AFFORDS", "CHOICE_CONDITIONS", "CHOICE_PRIMITIVES", "SKIP_HEAL", "healing_skipped"]


def _broken(ctx: Ctx, conds: Any) -> str | None:
    """The first of `conds` (each `{name: args}`) that does not hold now, said; None when all hold."""
    for cond in conds or ():
        name, args = next(iter(cond.items()))
        why = ctx.ruleset.effects.vocab.conditions[name](ctx, args)
        if why:
            return str(why)
    return None


def _cond_any_of(ctx: Ctx, args: Any) -> str | None:
    """Played when one of its options can be done: every condition of one of the lists holds."""
    whys = [_broken(ctx, conds) for conds in args]
    return None if any(w is None for w in whys) else "none of its effects can be done now: " + "; ".join(
        w for w in whys if w)


def _open(ctx: Ctx, guard: Any) -> bool:
    need = guard.get("need")
    return _broken(ctx, guard.get("if")) is None and (need is None or bool(ctx.targets.get(str(need))))


def _affords_option(ctx: Ctx, args: Any) -> str | None:
    """An option is offered when it can be done: its conditions hold and its target was chosen; when none of the
    choice's options can (the table changed since the card was played), every one is, each then doing what it can."""
    if _open(ctx, args) or not any(_open(ctx, g) for g in args.get("others") or ()):
        return None
    return _broken(ctx, args.get("if")) or "its target was not chosen"


def _option(ctx: Ctx, tx: Tx, args: Any) -> str:
    """The option chosen: its steps, run with the ability's targets (nothing when its target is gone)."""
    need, why = args.get("need"), _broken(ctx, args.get("if"))
    if why or (need is not None and not ctx.pieces({"target": need})):
        return f"no effect: {why or 'its target is gone'}"
    said = []
    for step in args.get("do") or ():
        name = step_name(step)
        words = ctx.ruleset.effects.vocab.primitives[name](ctx, tx, step[name])
        if words:
            said.append(words)
    return "; ".join(said)


#: the rule state key of the seats whose Agents the next Healing phase does not heal: [seat]
SKIP_HEAL = "skip_heal"


def _affords_skip_heal(ctx: Ctx, args: Any) -> str | None:
    """An option of "any opponent": a seat at the table that is not the card's player's."""
    seat = args.get("seat")
    return None if seat in ctx.state.seats and seat != ctx.seat else "no such opponent at the table"


def _skip_heal(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"force any opponent to skip the Healing phase": the seat's Agents heal nothing in the next Healing phase."""
    seat = int(args["seat"])
    tx.set_rule(SKIP_HEAL, sorted({*(ctx.state.rules.get(SKIP_HEAL) or ()), seat}))
    return f"{ctx.state.seat_name(seat)} skips the next Healing phase"


def healing_skipped(state: Any, seat: int) -> bool:
    """Whether the Healing phase under way heals none of `seat`'s Agents (a card made that player skip it)."""
    return seat in (state.rules.get(SKIP_HEAL) or ())


def _sit_out_turn(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"cannot contribute his or her skills to any Site skill check" until the end of the turn: the target out of
    the check under way and, by its counter `out_turn` (read by `team_skill`), of every other this turn."""
    turn = int(ctx.state.rules.get("turn", 1))
    pieces = ctx.pieces(args)
    for pid in pieces:
        tx.change(pid, counters={**ctx.state.pieces[pid].counters, OUT_TURN: turn})
    check = ctx.state.rules.get("check")
    if check and pieces:
        tx.set_rule("check", {**check, "team": [p for p in check.get("team", []) if p not in pieces]})
    return f"{', '.join(ctx.name(p) for p in pieces) or 'no Agent'} adds no skill to any skill check this turn"


def _cond_played_own(ctx: Ctx, args: Any) -> str | None:
    """The card just played (`played`) is its player's, of the kind `type`, played while that player is the
    Directed player (`as: directed`) or the Active one (`as: active`)."""
    played = ctx.data.get("played")
    rs, state = ctx.ruleset, ctx.state
    if played not in state.pieces or rs.pinfo(state, played).kind != str(args.get("type", "")).casefold():
        return f"the card played is no {args.get('type')}"
    by = next((e.get("seat") for e in reversed(state.rules.get("chain") or ()) if e.get("piece") == played), None)
    if by != ctx.seat:
        return "the card played is not its player's"
    active = ctx.seat == rs.active(state)
    return None if active == (args.get("as") == "active") else f"its player is not the {args.get('as')} player"


#: the printed skill of each round
_ROUND_SKILL = {"lrc": "Long Range Combat", "crc": "Close Range Combat"}


def _add_printed(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"double that Agent's LRC skill ... before any other modifier and only over the LRC listed on that Agent's
    card": the Agent deals its printed value of the round's skill once more this round (a `combat_mod`)."""
    pieces = ctx.pieces(args)
    if not pieces:
        return "no combatant"
    printed = ctx.ruleset.pinfo(ctx.state, pieces[0]).skills.get(_ROUND_SKILL[str(args["round"])]) or 0
    step = {"target": args["target"], "round": args["round"], "amount": int(printed),
            "until": args.get("until", "end_of_round")}
    return str(ctx.ruleset.effects.vocab.primitives["combat_mod"](ctx, tx, step))


def _gain_team_res(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"add a number of tokens to the [RP] pool equal to the Agents' total RES value": the RES of the Agents of the
    Team under check (as the Briefing counts it), to its player's pool."""
    team = [p for p in (ctx.state.rules.get("check") or {}).get("team", ()) if p in ctx.state.pieces]
    res = sum(int(ctx.ruleset.res_of(ctx.state, p)) for p in team)
    if ctx.seat is None or not res:
        return "adds nothing"
    pool = str(args.get("pool", "rp"))
    tx.add_player_counter(ctx.seat, pool, res, why="the Team's total RES", rule="xfc.effect.2")
    return f"adds {res} {pool.upper()}, the Team's total RES"


def _cond_team_most(ctx: Ctx, args: Any) -> str | None:
    """The Team under check has `args` Agents or fewer."""
    team = (ctx.state.rules.get("check") or {}).get("team", ())
    return None if len(team) <= int(args) else f"the Team has more than {args} Agents"


CHOICE_PRIMITIVES: dict[str, Primitive] = {"gain_team_res": _gain_team_res, "option": _option, "skip_heal": _skip_heal, "sit_out_turn": _sit_out_turn,
                                         "add_printed": _add_printed}
CHOICE_CONDITIONS: dict[str, Condition] = {"team_most": _cond_team_most, "any_of": _cond_any_of, "played_own": _cond_played_own}
#: the preconditions of the options of a choice among effects (`Vocabulary.affords`)
CHOICE_AFFORDS: dict[str, Condition] = {"option": _affords_option, "skip_heal": _affords_skip_heal}
