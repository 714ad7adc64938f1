"""What the X-Files CCG vocabulary reads of the table: conditions (why a card may not be used now) and selectors
(what a target may be), with the helpers the primitives share (a card's standing text, who may use MARTIAL ARTS
cards, the investigating Team).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.reducer import ActionError
from ...core.state import Piece
from ..effects import Condition, Ctx, Selector
from .data import canonical_skill
from .statics import standing
from .wards import barred_card

__all__ = ["CONDITIONS", "SELECTORS", "can_use", "check_of", "standing", "team", "words", "x_paid"]

_SKILL_OF_ROUND = {"lrc": "Long Range Combat", "crc": "Close Range Combat"}


def can_use(rs: Any, state: Any, pid: str, keyword: str) -> bool:
    """Whether a combatant may use `keyword` cards (MARTIAL ARTS): a Keyword of its own, or its standing text."""
    word = keyword.casefold()
    if word in rs.keywords_of(state, pid):
        return True
    return any(word in {str(w).casefold() for w in words} for words in standing(rs, state.pieces[pid].card, "can_use"))


def team(ctx: Ctx) -> list[str]:
    check = ctx.state.rules.get("check") or {}
    return [p for p in check.get("team", []) if p in ctx.state.pieces]


# ------------------------------------------------------------------------------------------------ conditions


def _cond_after_hurt(ctx: Ctx, args: Any) -> str | None:
    return None if ctx.state.rules.get("hurt") else "it is played after an Adversary sent an Agent to the Hospital"


def _cond_combat_start(ctx: Ctx, args: Any) -> str | None:
    combat = ctx.state.rules.get("combat")
    return None if combat and int(combat.get("number", 1)) == 1 else "it is played at the start of a Combat"


def _cond_in_combat(ctx: Ctx, args: Any) -> str | None:
    return None if ctx.state.rules.get("combat") else "it is played only in a Combat"


def _cond_combat_adversary(ctx: Ctx, args: Any) -> str | None:
    combat = ctx.state.rules.get("combat")
    if not combat:
        return f"it is played only on a {' or '.join(args)} Adversary in Combat"
    have = ctx.ruleset.keywords_of(ctx.state, combat["adversary"])
    if any(str(w).casefold() in have for w in args):
        return None
    return f"it is played only on a {' or '.join(args)} Adversary, not {ctx.name(combat['adversary'])}"


def _cond_round(ctx: Ctx, args: Any) -> str | None:
    combat = ctx.state.rules.get("combat")
    if combat and combat.get("round") == args:
        return None
    return f"it is played only in a {_SKILL_OF_ROUND.get(args, args).upper()} round"


def _cond_combatant_can(ctx: Ctx, args: Any) -> str | None:
    combat = ctx.state.rules.get("combat")
    if combat:
        for pid in _yours(ctx, combat):
            if can_use(ctx.ruleset, ctx.state, pid, str(args)):
                return None
    return f"only a combatant that can use {args} may play it, and none of yours can"


def _cond_adversary_can(ctx: Ctx, args: Any) -> str | None:
    combat = ctx.state.rules.get("combat")
    if combat and can_use(ctx.ruleset, ctx.state, combat["adversary"], str(args)):
        return None
    return f"only an Adversary that can use {args} may play it"


def _cond_check_skill(ctx: Ctx, args: Any) -> str | None:
    check = ctx.state.rules.get("check")
    wanted = args if isinstance(args, list) else [args]  # the compiler writes skills as the glossary spells them
    if check and not ctx.state.rules.get("combat") and (not wanted or check.get("skill") in wanted):
        return None
    wanted = [canonical_skill(a) or a for a in wanted]
    if check and not ctx.state.rules.get("combat") and check.get("skill") in wanted:
        return None
    return f"it modifies only a {' or '.join(w.upper() for w in wanted) or 'Site'} skill check"


def _cond_has_target(ctx: Ctx, args: Any) -> str | None:
    ability = ctx.ability
    target = ability.target(str(args)) if ability is not None else None
    if target is None or ctx.ruleset.effects.any_candidate(ctx.state, ability, target, ctx.seat, ctx.source):
        return None
    return "there is nothing it may be played on"


def _cond_played_keyword(ctx: Ctx, args: Any) -> str | None:
    played = ctx.data.get("played")
    if played in ctx.state.pieces and any(str(w).casefold() in ctx.ruleset.keywords_of(ctx.state, played)
                                          for w in args):
        return None
    return "the card played has none of its Keywords"


def _cond_tokens(ctx: Ctx, args: Any) -> str | None:
    if ctx.ruleset.tokens_left(ctx.state, ctx.source) <= 0:
        return "it has no token left"
    piece = ctx.state.pieces[ctx.source]
    if standing(ctx.ruleset, piece.card, "once_per_turn") and \
            piece.counters.get("token_turn") == int(ctx.state.rules.get("turn", 1)):
        return "a token is discarded once per turn"
    return None


def _yours(ctx: Ctx, combat: Mapping[str, Any]) -> list[str]:
    if ctx.seat == combat.get("owner"):
        return [combat["adversary"]] if combat.get("adversary") in ctx.state.pieces else []
    return list(ctx.ruleset.combatants(ctx.state))


# ------------------------------------------------------------------------------------------------ selectors


def _sel_combatant(ctx: Ctx, piece: Piece, value: Any) -> bool:
    combat = ctx.state.rules.get("combat")
    if not combat:
        return False
    if value == "yours":
        return piece.id in _yours(ctx, combat)
    if value == "theirs":
        return piece.id not in _yours(ctx, combat) and (piece.id == combat.get("adversary")
                                                         or piece.id in ctx.ruleset.combatants(ctx.state))
    if value == "adversary":
        return piece.id == combat.get("adversary")
    agents = ctx.ruleset.combatants(ctx.state)
    if piece.id in agents and piece.attached_to is None and ctx.state.attached(piece.id) and \
            barred_card(ctx.ruleset, ctx.state, ctx.seat, piece.id):  # "OCCULT Adversaries may not play combat
        return False  # cards on Agents equipped with a Mojo Bag"
    return piece.id in agents if value == "agents" else piece.id in agents or piece.id == combat.get("adversary")


def _sel_can_use(ctx: Ctx, piece: Piece, value: Any) -> bool:
    return can_use(ctx.ruleset, ctx.state, piece.id, str(value))


def _sel_skill(ctx: Ctx, piece: Piece, value: Any) -> bool:
    rs = ctx.ruleset
    if piece.id == (ctx.state.rules.get("combat") or {}).get("adversary"):
        return rs.pinfo(ctx.state, piece.id).skill(value["name"]) >= int(value.get("min", 1))
    return rs.agent_skill(ctx.state, piece.id, value["name"]) >= int(value.get("min", 1))


def _sel_skill_or_can(ctx: Ctx, piece: Piece, value: Any) -> bool:
    return _sel_skill(ctx, piece, value) or can_use(ctx.ruleset, ctx.state, piece.id, str(value.get("can_use", "")))


def _sel_can_use_or_stun(ctx: Ctx, piece: Piece, value: Any) -> bool:
    """A combatant that can use `value` cards, or one whose opponent is stunned this round."""
    if can_use(ctx.ruleset, ctx.state, piece.id, str(value)):
        return True
    combat = ctx.state.rules.get("combat") or {}
    side = "adversary" if piece.id == combat.get("adversary") else "agents"
    number = int(combat.get("number", 1))
    return any(e.get("stunned") and e.get("number") == number and e.get("side") != side
               for e in combat.get("effects") or ())


def _sel_not_named(ctx: Ctx, piece: Piece, value: Any) -> bool:
    name = set(ctx.ruleset.pinfo(ctx.state, piece.id).name.casefold().replace(",", " ").split())
    return not any(str(v).casefold() in name for v in (value if isinstance(value, list) else [value]))


def _host(ctx: Ctx) -> str | None:
    """The card an ability belongs to, or the Agent holding it when it is Equipment."""
    piece = ctx.state.pieces.get(ctx.source or "")
    if piece is None:
        return None
    return piece.attached_to if piece.attached_to in ctx.state.pieces else piece.id


def _cond_in_step(ctx: Ctx, args: Any) -> str | None:
    if ctx.ruleset.step(ctx.state) in args:
        return None
    return "it is used only during the Briefing, after RES is added" if args == ["buy"] else \
        f"it is used only during {' or '.join(args)}"


def _cond_once_a_turn(ctx: Ctx, args: Any) -> str | None:
    piece = ctx.state.pieces.get(ctx.source or "")
    if piece is not None and piece.counters.get("used_turn") == int(ctx.state.rules.get("turn", 1)):
        return "it is used once per turn, and was used this turn"
    return None


def _cond_in_section(ctx: Ctx, args: Any) -> str | None:
    """The Agent is in the Section named (or one of those listed: "his RES", added from the Field or Bureau)."""
    host = _host(ctx)
    sections = args if isinstance(args, list) else [args]
    if host is not None and ctx.ruleset.section_of(ctx.state, host) in sections:
        return None
    return f"it is used only while the Agent is in the {' or '.join(str(s).title() for s in sections)} Section"


def _cond_holder_skill(ctx: Ctx, args: Any) -> str | None:
    host = _host(ctx)
    if host is not None and host != ctx.source and ctx.ruleset.agent_skill(ctx.state, host, str(args)) > 0:
        return None
    return f"only an Agent with {str(args).upper()} skill holding it may use it"


def _cond_holder_in_check(ctx: Ctx, args: Any) -> str | None:
    host = _host(ctx)
    if host is not None and host != ctx.source and host in team(ctx) and \
            ctx.ruleset.section_of(ctx.state, host) != "hospital":
        return None
    return "it adds to the skill of the Agent holding it: that Agent is not making this skill check"


def _sel_holds(ctx: Ctx, piece: Piece, value: Any) -> bool:
    """The Agent holding the source card (an Equipment's "the Agent")."""
    host = _host(ctx)
    return host is not None and host != ctx.source and piece.id == host


def _sel_team_of(ctx: Ctx, piece: Piece, value: Any) -> bool:
    """In the same Team as the source card (`source`), the Agent holding it (`holder`), or a target chosen before."""
    if value in ("source", "holder"):
        host = _host(ctx) if value == "holder" else ctx.source
    else:
        host = next(iter(ctx.targets.get(str(value)) or ()), None)
    return host is not None and ctx.ruleset.same_team(ctx.state, host, piece.id)


def _sel_bluff(ctx: Ctx, piece: Piece, value: Any) -> bool:
    """A card face down beneath a Site in play (a Bluff): read from its place, never its face."""
    on_site = piece.attached_to in (ctx.state.rules.get("sites") or {})
    return (on_site and not piece.face_up) == bool(value)


def _cond_lone_agent(ctx: Ctx, args: Any) -> str | None:
    combat = ctx.state.rules.get("combat")
    if combat and int(combat.get("number", 1)) == 1 and len(ctx.ruleset.combatants(ctx.state)) == 1:
        return None
    return "it is played when an Adversary enters Combat with a single Agent"


def _cond_adversary_killed(ctx: Ctx, args: Any) -> str | None:
    r = ctx.state.rules
    if not r.get("combat") and r.get("killed") is not None and r.get("killed") == r.get("combats"):
        return None
    return "it is played after the Agents killed an Adversary in Combat"


def _sel_has_bluffs(ctx: Ctx, piece: Piece, value: Any) -> bool:
    return any(not ctx.state.pieces[q].face_up for q in ctx.state.attached(piece.id)) == bool(value)


def _cond_team_in(ctx: Ctx, args: Any) -> str | None:
    if ctx.seat is not None and ctx.ruleset.agents(ctx.state, ctx.seat, (args,)):
        return None
    return f"it is played on a Team in your {str(args).title()}, and you have none there"


def _sel_asks(ctx: Ctx, piece: Piece, value: Any) -> bool:
    """A Site whose question is of the kind named ("a Site that asks an AFFILIATION question")."""
    return str(value).casefold() in {str(a).casefold() for a in ctx.ruleset.pinfo(ctx.state, piece.id).asks}


def _cond_out_of_combat(ctx: Ctx, args: Any) -> str | None:
    return "it may not be played once an Adversary has forced Combat, until it is resolved" \
        if ctx.state.rules.get("combat") else None


def _cond_site_success(ctx: Ctx, args: Any) -> str | None:
    """Just after one of your Teams investigated a Site successfully with `args` as its prerequisite skill."""
    r = ctx.state.rules
    check = r.get("check") or {}
    if ctx.ruleset.step(ctx.state) == "question" and ctx.seat == ctx.ruleset.active(ctx.state) and \
            canonical_skill(str(check.get("skill", ""))) == canonical_skill(str(args)):
        return None
    return f"it is played after one of your Teams investigates a Site with {str(args).upper()} successfully"


def _sel_named(ctx: Ctx, piece: Piece, value: Any) -> bool:
    return not _sel_not_named(ctx, piece, value)


def _cond_your_turn(ctx: Ctx, args: Any) -> str | None:
    return None if ctx.seat == ctx.ruleset.active(ctx.state) else "it is used in your own turn"


def _cond_check_by(ctx: Ctx, args: Any) -> str | None:
    """"any one opponent skill check": the skill check under way is made by another seat's Team."""
    check = ctx.state.rules.get("check")
    theirs = bool(check) and ctx.seat != ctx.ruleset.active(ctx.state)
    return None if theirs else "it modifies only a skill check an opponent's Team makes"


def _cond_can_pay(ctx: Ctx, args: Any) -> str | None:
    pool, amount = str(args.get("pool", "cp")), int(args.get("amount", 0))
    if ctx.seat is not None and int(ctx.state.player(ctx.seat).counters.get(pool, 0)) >= amount:
        return None
    return f"its text costs {amount} {pool.upper()} more, and the pool holds less"


def _cond_opponent_team(ctx: Ctx, args: Any) -> str | None:
    other = ctx.seat_of("opponent")
    if other is not None and ctx.ruleset.agents(ctx.state, other, ("bureau", "field")):
        return None
    return "no opponent has a Team to play it on"


def _sel_name_has(ctx: Ctx, piece: Piece, value: Any) -> bool:
    return str(value).casefold() in ctx.ruleset.pinfo(ctx.state, piece.id).name.casefold().split()


def _sel_hit_by(ctx: Ctx, piece: Piece, value: Any) -> bool:
    """Hit for `value` or more by one source (the Adversary's damage of a round) in the Combat under way."""
    hits = (ctx.state.rules.get("combat") or {}).get("hits") or {}
    return int(hits.get(piece.id, 0)) >= int(value)


def _sel_damaged(ctx: Ctx, piece: Piece, value: Any) -> bool:
    return (ctx.ruleset.damage(ctx.state, piece.id) > 0) == bool(value)


def _sel_negatable(ctx: Ctx, piece: Piece, value: Any) -> bool:
    rs = ctx.ruleset
    on = piece.id in {e.get("piece") for e in rs.chain(ctx.state)} or \
        piece.id == (ctx.state.rules.get("combat") or {}).get("adversary")
    return on and piece.id != ctx.source and not standing(rs, piece.card, "unnegatable")


def _sel_on_chain(ctx: Ctx, piece: Piece, value: Any) -> bool:
    return (piece.id in {e.get("piece") for e in ctx.ruleset.chain(ctx.state)}) == bool(value)


def _sel_in_play_now(ctx: Ctx, piece: Piece, value: Any) -> bool:
    """On the chain, or the Site under check or an Agent of its Team: the cards whose Keywords are in effect."""
    check = ctx.state.rules.get("check") or {}
    now = piece.id == check.get("site") or piece.id in check.get("team", ()) or _sel_on_chain(ctx, piece, True)
    return now == bool(value)


def words(value: Any) -> list[str]:
    return [str(v).casefold() for v in (value if isinstance(value, (list, tuple)) else [value])]


def _sel_keyword(ctx: Ctx, piece: Piece, value: Any) -> bool:
    have = ctx.ruleset.keywords_of(ctx.state, piece.id)
    return any(w in have for w in words(value))


def _sel_keyword_all(ctx: Ctx, piece: Piece, value: Any) -> bool:
    have = ctx.ruleset.keywords_of(ctx.state, piece.id)
    return all(w in have for w in words(value))


def _sel_not_keyword(ctx: Ctx, piece: Piece, value: Any) -> bool:
    return not _sel_keyword(ctx, piece, value)


def _sel_played_by(ctx: Ctx, piece: Piece, value: Any) -> bool:
    seat = next((e.get("seat") for e in ctx.ruleset.chain(ctx.state) if e.get("piece") == piece.id), piece.owner)
    return (seat != ctx.seat) if value == "opponent" else seat == ctx.seat


def _sel_modifies(ctx: Ctx, piece: Piece, value: Any) -> bool:
    wanted = {canonical_skill(v) for v in words(value)}
    for ability in ctx.ruleset.card_text(piece.card).abilities:
        for step in ability.do:
            named = step["check_mod"].get("skill") if "check_mod" in step else None
            if named and {canonical_skill(str(k)) for k in ([named] if isinstance(named, str) else named)} & wanted:
                return True
    return False


def _sel_type(ctx: Ctx, piece: Piece, value: Any) -> bool:
    kind = ctx.ruleset.pinfo(ctx.state, piece.id).kind
    return kind in {w.replace("-", "") for w in words(value)}


def _sel_gear_of(ctx: Ctx, piece: Piece, value: Any) -> bool:
    host = piece.attached_to
    if host is None or host not in ctx.state.pieces:
        return False
    if value == "team":
        return host in team(ctx)
    if value == "combatants":
        return host in ctx.ruleset.combatants(ctx.state)
    owner = ctx.state.pieces[host].owner
    return owner is not None and owner != ctx.seat


def _sel_adds_to(ctx: Ctx, piece: Piece, value: Any) -> bool:
    return canonical_skill(str(value)) in ctx.ruleset.pinfo(ctx.state, piece.id).modifies


def _sel_not_modifies(ctx: Ctx, piece: Piece, value: Any) -> bool:
    mods = ctx.ruleset.pinfo(ctx.state, piece.id).modifies
    return not any(canonical_skill(str(v)) in mods for v in (value if isinstance(value, list) else [value]))


def _sel_in_team(ctx: Ctx, piece: Piece, value: Any) -> bool:
    return (piece.id in team(ctx)) == bool(value)



CONDITIONS: dict[str, Condition] = {
        "in_combat": _cond_in_combat, "after_hurt": _cond_after_hurt, "combat_start": _cond_combat_start, "combat_adversary": _cond_combat_adversary, "combat_round": _cond_round,
        "combatant_can": _cond_combatant_can, "adversary_can": _cond_adversary_can, "check_skill": _cond_check_skill,
        "has_target": _cond_has_target, "opponent_team": _cond_opponent_team,
        "in_step": _cond_in_step, "once_a_turn": _cond_once_a_turn, "in_section": _cond_in_section,
        "holder_skill": _cond_holder_skill, "holder_in_check": _cond_holder_in_check, "lone_agent": _cond_lone_agent,
        "adversary_killed": _cond_adversary_killed, "team_in": _cond_team_in,
        "out_of_combat": _cond_out_of_combat, "your_turn": _cond_your_turn, "check_by": _cond_check_by, "can_pay": _cond_can_pay, "site_success": _cond_site_success, "played_keyword": _cond_played_keyword, "tokens_left": _cond_tokens,
}
SELECTORS: dict[str, Selector] = {
        "combatant": _sel_combatant, "can_use": _sel_can_use, "skill": _sel_skill, "damaged": _sel_damaged,
        "negatable": _sel_negatable, "keyword": _sel_keyword, "keyword_all": _sel_keyword_all,
        "not_keyword": _sel_not_keyword, "played_by": _sel_played_by, "modifies": _sel_modifies, "type": _sel_type,
        "in_team": _sel_in_team, "on_chain": _sel_on_chain, "in_play_now": _sel_in_play_now, "gear_of": _sel_gear_of,
        "not_modifies": _sel_not_modifies, "hit_by": _sel_hit_by, "adds_to": _sel_adds_to, "skill_or_can": _sel_skill_or_can, "name_has": _sel_name_has,
        "can_use_or_stun": _sel_can_use_or_stun, "not_named": _sel_not_named,
        "team_of": _sel_team_of, "holds": _sel_holds, "bluff": _sel_bluff, "has_bluffs": _sel_has_bluffs, "asks": _sel_asks, "named": _sel_named,
}


def check_of(ctx: Ctx) -> dict[str, Any]:
    """A copy of the skill check under way, for a step to change and set again (refused when there is none)."""
    check = ctx.state.rules.get("check")
    if not check:
        raise ActionError("no_check", "there is no skill check")
    return dict(check)


def x_paid(ctx: Ctx) -> int:
    """The X its player paid for the card whose ability runs (0 when it was paid as 0 or has no X)."""
    return int(ctx.data.get("x") or (ctx.state.rules.get("x_paid") or {}).get(ctx.source, 0))
