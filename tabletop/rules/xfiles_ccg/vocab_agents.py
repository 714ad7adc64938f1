"""The X-Files CCG's words for the families of Agent, Equipment and Adversary text (`cardread_cards`): what the
rules read of a card's standing text (an Agent's skills and RES beside a named Agent, an Equipment's Health, an
Adversary's regeneration) and the conditions of an Agent's own abilities. A part of the ruleset's vocabulary
(`vocab`), registered there with one line.
"""

from __future__ import annotations

from typing import Any

from ...core.reducer import Tx
from ...core.state import GameState, Piece
from ..effects import Condition, Ctx, Primitive, Selector
from .vocab_reads import standing, team

__all__ = ["AGENT_CONDITIONS", "AGENT_PRIMITIVES", "AGENT_SELECTORS", "gear_health", "named", "once_per_combat", "pair_bonus", "regenerate", "res_if",
           "team_of"]

#: words of an Agent's title, left out when a card names an Agent ("Agent Mulder" is "Special Agent Fox Mulder")
_TITLES = frozenset(("agent", "agents", "special", "detective", "deputy", "director", "assistant", "asac", "sac",
                     "dr", "doctor", "lieutenant", "lt", "cadet", "officer", "sheriff", "senior", "executive",
                     "forensic", "analyst", "computer", "fbi", "ad", "dep", "mr", "mrs", "ms", "miss"))


def _words(name: str) -> set[str]:
    return {w.strip(".,'\"").removesuffix("'s") for w in name.casefold().replace(",", " ").split()}


def named(rs: Any, state: GameState, pid: str, names: list[list[str]]) -> bool:
    """Whether the card `pid` is one of the Agents `names` names: every word of one name but its titles is a word
    of the card's name ("Agent Mulder" is "Special Agent Fox Mulder"; "Agent Dana Scully" is not "Samantha
    Scully")."""
    have = _words(rs.pinfo(state, pid).name)
    for name in names:
        want = {w for w in _words(" ".join(name)) if w and w not in _TITLES}
        if want and want <= have:
            return True
    return False


def team_of(rs: Any, state: GameState, pid: str) -> list[str]:
    """The Agents of `pid`'s Team: the Team of the skill check under way when it makes it, else the Team its
    player formed holding it (none: it is alone). An Agent in the Hospital is in no Team."""
    if pid not in state.pieces or rs.section_of(state, pid) == "hospital":
        return []
    check = state.rules.get("check") or {}
    if pid in check.get("team", ()):
        found = list(check["team"])
    else:
        owner = str(state.pieces[pid].owner)
        found = next((list(t) for t in (state.rules.get("teams") or {}).get(owner, []) if pid in t), [pid])
    return [p for p in found if p in state.pieces and rs.section_of(state, p) == rs.section_of(state, pid)]


def _with(rs: Any, state: GameState, pid: str, names: list[list[str]]) -> bool:
    return any(named(rs, state, p, names) for p in team_of(rs, state, pid) if p != pid)


def pair_bonus(rs: Any, state: GameState, pid: str, skill: str) -> int:
    """What an Agent's own text adds to `skill` now ("... are increased by one if he and Agent Doggett are on the
    same Team"): nothing for an Agent bought for the turn (its game effect is ignored)."""
    out = 0
    for pair in standing(rs, state.pieces[pid].card, "pair_skill"):
        amount = int((pair.get("skills") or {}).get(skill, 0))
        if amount and _with(rs, state, pid, pair.get("with") or []) and not rs._hired(state, pid):
            out += amount
    return out


def res_if(rs: Any, state: GameState, pid: str) -> int | None:
    """An Agent's RES by its text ("Treat Agent Burst as a RES 2 if he is in the Field", "... if she and Walter
    Skinner are both in the Bureau", "... if she is in the same Team as Agent Scully"), or None."""
    for when in standing(rs, state.pieces[pid].card, "res_if"):
        section = rs.section_of(state, pid)
        if when.get("in") and when["in"] != section:
            continue
        if when.get("with") and not any(named(rs, state, p, when["with"]) for p in rs.agents(state, rs._owner(
                state, pid), (section,)) if p != pid):
            continue
        if when.get("team_with") and not _with(rs, state, pid, when["team_with"]):
            continue
        return int(when.get("value", 0))
    return None


def gear_health(rs: Any, state: GameState, pid: str) -> int:
    """The Health the Equipment an Agent holds adds ("Adds one to the Agent's HEALTH")."""
    return sum(int(n) for q in state.attached(pid) for n in standing(rs, state.pieces[q].card, "health_plus"))


def regenerate(rs: Any, state: GameState, combat: dict[str, Any], tx: Tx) -> None:
    """At the start of a Combat round, the Adversary heals what its text says ("regenerates (Heals) two points of
    HEALTH at the beginning of each combat round as long as his HEALTH is not at 0")."""
    adv = combat.get("adversary")
    if adv not in state.pieces or not rs.damage(state, adv) or rs.health(state, adv) <= 0:
        return
    heal = sum(int(n) for n in standing(rs, state.pieces[adv].card, "regenerates"))
    if heal:
        rs._set_damage(state, adv, max(0, rs.damage(state, adv) - heal), tx,
                       why=f"{rs.ref(state, adv)} regenerates at the start of the round", rule="xfc.effect.1")


# ------------------------------------------------------------------------------------------------ conditions


def _cond_self_in_check(ctx: Ctx, args: Any) -> str | None:
    """The card's own Agent helps make the skill check under way (not from the Hospital)."""
    src = ctx.source
    if src in team(ctx) and ctx.ruleset.section_of(ctx.state, src) != "hospital":
        return None
    return "it adds to this Agent's own skill: the Agent is not making this skill check"


def _cond_self_in_combat(ctx: Ctx, args: Any) -> str | None:
    """The card's own Agent fights in the Combat under way ("Any time during a Combat involving Agent Rice")."""
    if ctx.state.rules.get("combat") and ctx.source in ctx.ruleset.combatants(ctx.state):
        return None
    return "it is used only during a Combat this Agent fights in"


def _sel_not_agent_named(ctx: Ctx, piece: Piece, value: Any) -> bool:
    """Not one of the Agents a card names ("This card cannot be played over Agent Alex Krycek")."""
    return not named(ctx.ruleset, ctx.state, piece.id, value)


def _sel_asks_any(ctx: Ctx, piece: Piece, value: Any) -> bool:
    """A Site whose question is of one of the kinds named ("any Site that asks a MOTIVE or METHOD question")."""
    asks = {str(a).casefold() for a in ctx.ruleset.pinfo(ctx.state, piece.id).asks}
    return any(str(v).casefold() in asks for v in value)


def _sel_max_cost(ctx: Ctx, piece: Piece, value: Any) -> bool:
    """A card whose Cost is a number no higher than `value` ("an Equipment card of cost not higher than 2 [RP]")."""
    cost = ctx.ruleset.pinfo(ctx.state, piece.id).cost
    return isinstance(cost, int) and cost <= int(value)


def once_per_combat(rs: Any, state: GameState, combat: dict[str, Any], dealt: dict[str, int], skill: str) -> None:
    """An Equipment that adds to `skill` "once per combat" adds in the first round of that kind it is used in: in a
    later one its holder deals what it would without it (its other Equipment's best); `combat["gear_spent"]` and
    `dealt` are changed in place."""
    spent = list(combat.get("gear_spent") or ())
    for host in list(dealt):
        gear = [q for q in state.attached(host) if rs.pinfo(state, q).kind == "equipment"]
        once = [q for q in gear if skill in (standing(rs, state.pieces[q].card, "once_per_combat") or [[]])[0]]
        if not once:
            continue
        best = max(gear, key=lambda q: rs.pinfo(state, q).modifies.get(skill, 0))
        if best not in once:
            continue
        if best in spent:
            others = [rs.pinfo(state, q).modifies.get(skill, 0) for q in gear if q != best]
            dealt[host] += max(others, default=0) - rs.pinfo(state, best).modifies.get(skill, 0)
        else:
            spent.append(best)
    if spent:
        combat["gear_spent"] = spent


def _standing(ctx: Ctx, tx: Tx, args: Any) -> None:
    """A standing step: read where the rules need it, nothing to do when triggered."""
    return None


AGENT_PRIMITIVES: dict[str, Primitive] = {"pair_skill": _standing, "res_if": _standing, "health_plus": _standing,
                                          "regenerates": _standing, "once_per_combat": _standing,
                                          "no_sell": _standing}
AGENT_CONDITIONS: dict[str, Condition] = {"self_in_check": _cond_self_in_check, "self_in_combat": _cond_self_in_combat}
AGENT_SELECTORS: dict[str, Selector] = {"not_agent_named": _sel_not_agent_named, "asks_any": _sel_asks_any,
                                        "max_cost": _sel_max_cost}
