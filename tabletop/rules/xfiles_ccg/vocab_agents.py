"""The X-Files CCG's words for the families of Agent, Equipment and Adversary text (`cardread_cards`): what the
rules read of a card's standing text (an Agent's skills and RES beside a named Agent, an Equipment's Health, an
Adversary's regeneration) and the conditions of an Agent's own abilities. A part of the ruleset's vocabulary
(`vocab`), registered there with one line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.reducer import Tx
from ...core.state import GameState, Piece
from ..effects import Condition, Ctx, Primitive, Selector
from .sites_placed import site_cost_less
from .table import hired, owner
from .vocab_reads import standing, team

if TYPE_CHECKING:
    from .readers import CardReads, TableReads

__all__ = ["AGENT_CONDITIONS", "AGENT_PRIMITIVES", "AGENT_SELECTORS", "OWN_SKILL", "buy_only", "gear_health",
           "lapse_buy_only", "named", "once_per_combat", "own_skill", "pair_bonus", "regenerate", "res_if", "site_cost",
           "spend_free_site", "team_of"]

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
    same Team")."""
    out = 0
    for pair in standing(rs, state.pieces[pid].card, "pair_skill"):
        amount = int((pair.get("skills") or {}).get(skill, 0))
        if amount and _with(rs, state, pid, pair.get("with") or []):
            out += amount
    return out


#: the standing steps of an Agent's card that change its own skills (`own_skill`)
OWN_SKILL = frozenset(("pair_skill", "skill_if_team", "doubled_vs"))


def own_skill(table: TableReads, state: GameState, pid: str, skill: str, base: int, bonus: int) -> int:
    """An Agent's `skill` (printed `base`, Equipment and effects `bonus`) as its own text makes it now: raised beside
    a named Agent (`pair_skill`), "Treat Kraskow's LRC skill as 4 if the number of agents in his Team is 4 or more"
    (`skill_if_team`), "... LONG RANGE COMBAT skill is doubled against any EVOLUTIONARY adversary" (`doubled_vs`);
    never below 0, and none of it for an Agent bought for the turn (its game effect is ignored). Read by the table
    part (`reading.agent_skill`), only for an Agent whose traits say so (`OWN_SKILL`)."""
    if hired(state, pid):
        return base + bonus
    ref = state.pieces[pid].card
    for when in standing(table, ref, "skill_if_team"):
        if when.get("skill") == skill and len(team_of(table, state, pid)) >= int(when.get("least", 0)):
            base = max(base, int(when.get("value", 0)))
    value = base + bonus + pair_bonus(table, state, pid, skill)
    combat = state.rules.get("combat")
    for when in standing(table, ref, "doubled_vs") if combat else ():
        adv = combat.get("adversary")
        if when.get("skill") == skill and adv in state.pieces and pid in table.combatants(state) and any(
                str(w).casefold() in table.keywords_of(state, adv) for w in when.get("keyword") or ()):
            value *= 2
    return max(0, value)


def res_if(rs: Any, state: GameState, pid: str) -> int | None:
    """An Agent's RES by its text ("Treat Agent Burst as a RES 2 if he is in the Field", "... if she and Walter
    Skinner are both in the Bureau", "... if she is in the same Team as Agent Scully"), or None."""
    for when in standing(rs, state.pieces[pid].card, "res_if"):
        section = rs.section_of(state, pid)
        if when.get("in") and when["in"] != section:
            continue
        if when.get("with") and not any(named(rs, state, p, when["with"]) for p in rs.agents(state, owner(
                state, pid), (section,)) if p != pid):
            continue
        if when.get("team_with") and not _with(rs, state, pid, when["team_with"]):
            continue
        return int(when.get("value", 0))
    return None


def gear_health(cards: CardReads, state: GameState, pid: str) -> int:
    """The Health the Equipment an Agent holds adds ("Adds one to the Agent's HEALTH"): its cards' standing text."""
    return sum(int(n) for q in state.attached(pid) for n in standing(cards, state.pieces[q].card, "health_plus"))


def regenerate(rs: Any, state: GameState, combat: dict[str, Any], tx: Tx) -> None:
    """At the start of a Combat round, the Adversary heals what its text says ("regenerates (Heals) two points of
    HEALTH at the beginning of each combat round as long as his HEALTH is not at 0")."""
    adv = combat.get("adversary")
    if adv not in state.pieces or not rs.damage(state, adv) or rs.health(state, adv) <= 0:
        return
    heal = sum(int(n) for n in standing(rs, state.pieces[adv].card, "regenerates"))
    if heal:
        rs.set_damage(state, adv, max(0, rs.damage(state, adv) - heal), tx,
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


# ------------------------------------------------------------------------------------------------ Briefing and Sites


def buy_only(rs: Any, state: GameState, agents: list[str]) -> int:
    """The RP of the RES `agents` add that may only buy cards ("[RP]s generated by Agent Mulder must be used to
    purchase cards"): the RES of those whose text says so (not in the Hospital, not bought for the turn)."""
    return sum(rs.res_of(state, p) for p in agents if "buy_only" in rs.traits(state.pieces[p].card)
               and rs.section_of(state, p) != "hospital" and not rs.hired(state, p))


def lapse_buy_only(rs: Any, state: GameState, tx: Tx, bought: int) -> None:
    """The Briefing's purchase is over (`bought` cards bought): the RP that could only buy cards and bought none
    leave the Investigating Player's pool."""
    held = int(state.rules.get("buy_only") or 0)
    if not held:
        return
    tx.del_rule("buy_only")
    seat = rs.active(state)
    lost = min(max(0, held - bought), rs.pool_of(state, seat, "rp"))
    if lost:
        tx.add_player_counter(seat, "rp", -lost, why="RP that could only buy cards, not spent on the purchase",
                              rule="xfc.effect.1")


def _free_site(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"Discard a token to play a Site for zero [RP] cost": the next Site its player places this turn costs
    nothing (rule state `free_site`: the seat, the turn, how many)."""
    turn = int(ctx.state.rules.get("turn", 1))
    held = dict(ctx.state.rules.get("free_site") or {})
    if held.get("turn") != turn or held.get("seat") != ctx.seat:
        held = {"seat": ctx.seat, "turn": turn, "count": 0}
    held["count"] = int(held.get("count", 0)) + 1
    tx.set_rule("free_site", held)
    return "the next Site placed this turn costs nothing"


def site_cost(state: GameState, seat: int, info: Any, rs: Any = None) -> int:
    """What placing the Site `info` costs `seat` now: nothing while a "play a Site for zero cost" is held; less
    what an Agent of `seat`'s in the Field takes off (`sites_placed`, read when the ruleset `rs` is given)."""
    held = state.rules.get("free_site")
    if held and held.get("seat") == seat and held.get("turn") == state.rules.get("turn", 1) and held.get("count"):
        return 0
    return int(info.cost or 0) if rs is None else site_cost_less(rs, state, seat, info, int(info.cost or 0))


def spend_free_site(state: GameState, seat: int, tx: Tx) -> None:
    """A Site was placed for nothing: one "zero cost" fewer held."""
    held = dict(state.rules.get("free_site") or {})
    if held.get("seat") == seat and held.get("count"):
        held["count"] = int(held["count"]) - 1
        tx.set_rule("free_site", held)


def _cond_site_in_hand(ctx: Ctx, args: Any) -> str | None:
    if any(ctx.ruleset.pinfo(ctx.state, p).kind == "site" for p in ctx.state.zones[ctx.zone("hand", ctx.seat)].pieces):
        return None
    return "there is no Site in your hand"


def _standing(ctx: Ctx, tx: Tx, args: Any) -> None:
    """A standing step: read where the rules need it, nothing to do when triggered."""
    return None


AGENT_PRIMITIVES: dict[str, Primitive] = {"pair_skill": _standing, "res_if": _standing, "health_plus": _standing,
                                          "regenerates": _standing, "once_per_combat": _standing,
                                          "no_sell": _standing, "skill_if_team": _standing, "doubled_vs": _standing,
                                          "buy_only": _standing, "free_site": _free_site,
                                          # the `costs` block: read where a card is paid and its Activators asked (`waivers`)
                                          "cost_at": _standing, "waive_activators": _standing, "opens_to": _standing,
                                          "ward": _standing}
AGENT_CONDITIONS: dict[str, Condition] = {"self_in_check": _cond_self_in_check, "self_in_combat": _cond_self_in_combat,
                                          "site_in_hand": _cond_site_in_hand}
AGENT_SELECTORS: dict[str, Selector] = {"not_agent_named": _sel_not_agent_named, "asks_any": _sel_asks_any,
                                        "max_cost": _sel_max_cost}
