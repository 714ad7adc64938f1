"""Skill checks and Combat in the X-Files CCG: a check's result, the rounds of a Combat, damage and its end.

`Combat` is a part with explicit inputs (`__init__`): the card lookup (`cards`), the reading of Agents (`table`, the
`Table` part: `health`, `rating`, `agent_skill`, `team_skill`, `combatants`, `check_total`, `gear`), the card text
(`text`, the `CcgText` part: `expire_effects`), the steps of a turn it moves on with (`flow`, the `Flow` part: `goto`, `open_window`,
`to_discard`, `set_damage`, ...), the ruleset as the vocabulary's standing-ability readers take it (`ruleset`:
`combat_text`'s `hit`, `regenerate`, `save_site`, ..., as the kit gives it to card text, `ctx.ruleset`) and `ref`.
The ruleset keeps it as `fights` (`state.rules["combat"]` is the rule state's Combat); the parts that end a check or
a Combat take it as their input (`fights.close_site`, `fights.end_combat`, ...): nothing of it is bound on the ruleset.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...core.reducer import Tx
from ...core.state import GameState
from .cards import CcgCards
from .combat_text import after_damage, hit, round_notes
from .crimelab import lab_short
from .flow import Flow
from .gear_damage import gear_damage
from .statics import standing
from .table import active, damage, section_of
from .table import owner as owner_of
from .vocab_agents import once_per_combat, regenerate
from .vocab_decks import save_site
from .vocab_words import fail_gains, standing_effects

if TYPE_CHECKING:
    from .reading import Table
    from .textrun import CcgText

__all__ = ["Combat"]

#: Combat rounds in a row in which no side could hurt the other (no damage taken by an Agent, none dealt to an
#: Adversary damage can kill) before the Combat ends: the manual's ends, Health 0 or every Agent in the Hospital,
#: cannot come by the rules alone (an Adversary with Special values applied by hand, two sides with no skill)
_IDLE_ROUNDS = 2


class Combat:
    """What happens when a chain closes in a skill check or a Combat round."""

    def __init__(self, cards: CcgCards, table: Table, text: CcgText, flow: Flow, ruleset: Any,
                 ref: Callable[[GameState, str | None], str]) -> None:
        self.cards, self.ruleset, self.ref = cards, ruleset, ref  # `table`, `text`, `flow`: their answers, below
        # what the steps ask of their inputs, bound once (each is asked many times a game)
        self.pinfo, self.traits = cards.pinfo, cards.traits
        self.health, self.rating, self.gear = table.health, table.rating, table.gear
        self.agent_skill, self.team_skill = table.agent_skill, table.team_skill
        self.combatants, self.check_total = table.combatants, table.check_total
        self.expire_effects = text.expire_effects
        self.goto, self.open_window, self.chain = flow.goto, flow.open_window, flow.chain
        self.to_discard, self.set_damage, self.move_agent = flow.to_discard, flow.set_damage, flow.move_agent
        self.end_investigation = flow.end_investigation

    # -- skill check --

    def check_note(self, state: GameState, tx: Tx, check: dict[str, Any],
                    found: tuple[int, int, bool, bool, bool, list[str]]) -> None:
        """The log's line of a skill check's result (`found`: its total, need, success, lowered success, whether an
        Agent is up, and the other skills it fell short in)."""
        total, need, ok, low, up, short = found
        site = check.get("site")
        lowered = self.pinfo(state, site).lowered if low else None
        head = f"the {check.get('skill')} check at {self.ref(state, site)}"
        if ok:
            text = f"{head} succeeded: {total} against {need}+"
        elif lowered is not None:
            text = (f"{head} failed at {need}+ but met the lowered {lowered[2]}+ with {total}: one question only, "
                    f"whether the {lowered[0].upper()} is {lowered[1]} (xfc.question.6)")
        else:
            text = f"{head} failed: {total} against {need}+" + ("" if up else ", every Agent in the Hospital")
            text += f" (and {', '.join(short)})" if short else ""
        tx.note("xfc.check", active(state), text, {"site": site, "total": total, "need": need, "success": ok,
                                                         "lowered": bool(low)})

    def finish_check(self, state: GameState, tx: Tx) -> None:
        r = state.rules
        check = dict(r.get("check") or {})
        total = self.check_total(state) or 0
        need = int(check.get("need", 0))
        site = check.get("site")
        up = any(section_of(state, p) != "hospital" for p in check.get("team", []) if p in state.pieces)
        short = [f"{s} {self.team_skill(state, check.get('team', []), s)} against {n}+"
                 for s, n in check.get("also") or [] if self.team_skill(state, check.get("team", []), s) < n]
        lab = lab_short(self.cards, state, check)  # the Field Office Crime Lab: an Agent with access, or a Witness paid
        if lab:
            short.append(lab)
        ok = total >= need and up and not short and not check.get("failed")
        lowered = self.pinfo(state, site).lowered if site in state.pieces else None
        low = not ok and up and lowered is not None and total >= lowered[2]
        if not tx.quiet:  # a playout keeps no notes: its words are not written
            self.check_note(state, tx, check, (total, need, ok, low, up, short))
        if not ok and check.get("fail_damage"):  # "if the Team fails the skill check, each Agent ... takes one"
            for pid in check.get("team", []):
                if pid in state.pieces and section_of(state, pid) != "hospital":
                    printed = self.rating(state, pid)
                    self.set_damage(state, pid, min(printed, damage(state, pid) + int(check["fail_damage"])), tx,
                                      why=f"the failed {check.get('skill')} check")
        if not ok and check.get("fail_gain"):  # "If your opponent fails this Site skill check, add 5 [CP] ..."
            fail_gains(self.ruleset, state, check, tx)
        if not ok and check.get("save_site"):  # "If the Team makes a CRIMINAL INVESTIGATION 3+ skill check, ..."
            save_site(self.ruleset, state, check, tx)
        for pid in check.get("keep", []) if ok else ():  # "If the Site skill check is successful, place this card ..."
            if pid in state.pieces and state.zones[state.pieces[pid].zone].kind == "discard":
                tx.move(pid, f"bureau:{owner_of(state, pid)}", face_up=True)
        if ok or low:
            q: dict[str, Any] = {"asked": False, "guessed": False}
            if low:
                q["only"] = [lowered[0], lowered[1]]
            tx.set_rule("question", q)
            self.goto(state, "question", tx)
        else:
            self.close_site(state, tx)

    def close_site(self, state: GameState, tx: Tx) -> None:
        r = state.rules
        site = (r.get("check") or {}).get("site")
        if site in state.pieces and state.zones[state.pieces[site].zone].kind == "field":
            self.to_discard(state, site, tx)
        for pid in (r.get("check") or {}).get("witnesses", []):
            if pid in state.pieces and section_of(state, pid) == "field":
                self.to_discard(state, pid, tx)
        sites = dict(r.get("sites") or {})
        sites.pop(site, None)
        tx.set_rule("sites", sites, fresh=True)  # built for this change (rule values are never changed in place)
        for key in ("check", "question", "penalty", "chain", "combat", "bluffs"):
            tx.del_rule(key)
        if r.get("turn_ends"):  # a card ended the current player's turn during this Site
            tx.del_rule("turn_ends")
            self.end_investigation(state, tx)
            return
        self.goto(state, "assign", tx)

    # -- combat --

    def combat_damage(self, state: GameState, tx: Tx) -> None:
        r = state.rules
        combat = dict(r["combat"])
        rnd = combat.get("round", "lrc")
        skill = "Long Range Combat" if rnd == "lrc" else "Close Range Combat"
        team = self.combatants(state)
        mods = combat.get("mods") or {}
        adv = combat["adversary"]
        adv_skill = self.pinfo(state, adv).skills.get(skill)
        dealt = {p: self.agent_skill(state, p, skill) for p in team}
        for q in combat.get("jammed") or ():  # "Negates the effects of any one Equipment card that adds to LRC"
            host = state.pieces[q].attached_to if q in state.pieces else None
            if host in dealt:
                dealt[host] = self.pinfo(state, host).skill(skill) + max(
                    (self.pinfo(state, g).modifies.get(skill, 0) for g in self.gear(state, host) if g != q), default=0)
        if any("gear_damage" in self.traits(state.pieces[p].card) for p in team) or \
                "foes_gear_damage" in self.traits(self.pinfo(state, adv).ref):
            gear_damage(self.cards, state, combat, dealt, skill)  # "He may add 1 to any damage caused by EQUIPMENT ..."
        once_per_combat(self.ruleset, state, combat, dealt, skill)  # "Adds 3 to the Agent's LRC skill once per combat"
        adv_ref = self.pinfo(state, adv).ref
        for use in standing(self.cards, adv_ref, "agents_use"):  # "Agents must use their COMPUTER skill as their value"
            if use.get("round") == rnd:
                floor = max((int(f.get("value", 0)) for f in standing(self.cards, adv_ref, "agents_floor")), default=0)
                dealt = {p: self.agent_skill(state, p, use["skill"]) or floor for p in team}
        dealt[adv] = adv_skill if isinstance(adv_skill, int) else 0
        for minus in standing(self.cards, adv_ref, "foes_minus"):  # "Each opponent's LRC and CRC is reduced by one point"
            dealt = {p: max(0, d - int(minus)) if p != adv else d for p, d in dealt.items()}
        best = standing(self.cards, adv_ref, "as_best_foe")  # "equal to the highest Combat rating on the opposing team +1"
        if best:  # "(including modifiers)": the Combat cards played on one Agent count
            rated = _piece_effects(combat, dict(dealt))
            dealt[adv] = max((rated[p] for p in team), default=0) + int(best[0].get("plus", 0))
        own = standing_effects(self.ruleset, adv_ref)  # "Subtract one from all damage sources applied to this Adversary"
        sides = _apply_effects({**combat, "effects": [*(combat.get("effects") or ()), *own]} if own else combat,
                               dealt, adv)
        agents_dmg = max(0, sides["agents"] + int(mods.get("agents", 0)))
        if standing(self.cards, adv_ref, "unhurt") or _shielded(combat, adv):  # "The Poltergeist is unaffected by Combat
            agents_dmg = 0  # attacks"; "No damage may be dealt to that combatant in this round" (played on it)
        adv_dmg = max(0, sides["adversary"] + int(mods.get("adversary", 0)))
        if rnd in standing(self.cards, self.pinfo(state, adv).ref, "half_damage"):
            agents_dmg = (agents_dmg + 1) // 2  # "only half damage (round up)"
        combat["pending"] = {"agents": agents_dmg, "adversary": adv_dmg, **round_notes(self.ruleset, state, combat, dealt)}
        tx.set_rule("combat", combat)
        if skill in self.pinfo(state, adv).special and not best:  # its text gives it: the engine applied it
            tx.note("xfc.special", combat.get("owner"), f"{self.ref(state, adv)}'s {skill} is Special: its text "
                    "gives the value; apply it by hand with a combat effect", {"piece": adv, "skill": skill})
        if adv_dmg > 0 and team:
            if len(team) == 1:
                self.deal_damage(state, tx, team[0])
            else:
                self.goto(state, "damage", tx)
        else:
            self.deal_damage(state, tx, None)

    def deal_damage(self, state: GameState, tx: Tx, target: str | None) -> None:
        r = state.rules
        combat = dict(r["combat"])
        pending = combat.pop("pending", {"agents": 0, "adversary": 0})
        adv = combat["adversary"]
        adv_info = self.pinfo(state, adv)
        adv_health = adv_info.health or 0
        before = damage(state, adv)
        label = "Long Range" if combat.get("round") == "lrc" else "Close Range"
        text = f"{label} round {combat.get('number', 1)}: the Agents dealt {pending['agents']} to {self.ref(state, adv)} "
        if adv_info.undying:  # xfc.combat.6: damage does not kill it
            text += ("(Health N/A: damage does not kill it)" if adv_info.health_na else
                     "(Health Special: its text says when it dies; damage alone does not kill it)")
        else:
            self.set_damage(state, adv, min(adv_health, before + pending["agents"]), tx,
                             why=f"the Agents' {label} damage", rule="xfc.combat.2")
            text += f"({max(0, adv_health - before - pending['agents'])} Health left)"
        if target is not None and _shielded(combat, target):  # "No damage may be dealt to that combatant"
            text += f"; {self.ref(state, target)} took none of it (shielded this round)"
            target = None
        taken = 0
        if target is not None:
            taken, absorbed = hit(self.ruleset, state, target, pending["adversary"], tx)
            if taken > 0:  # "taken two or more points of damage from a single damage source" (in this Combat)
                hits = combat.get("hits") or {}
                combat["hits"] = {**hits, target: max(taken, int(hits.get(target, 0)))}
            text += f"; {absorbed}" if absorbed else ""
            text += f"; {self.ref(state, target)} took {taken} ({self.health(state, target)} Health)"
        more = after_damage(self.ruleset, state, combat, target, taken, tx, pending, pending["agents"])
        text += f"; {more}" if more else ""
        hurt = taken > 0 or bool(more) or (pending["agents"] > 0 and not adv_info.undying)
        combat["idle"] = 0 if hurt else int(combat.get("idle", 0)) + 1  # rounds in a row nobody could be hurt
        tx.note("xfc.damage", combat.get("owner"), text, {"agents": pending["agents"],
                "adversary": pending["adversary"], "target": target})
        tx.set_rule("combat", combat)
        self.goto(state, "aftermath", tx)
        self.open_window(state, tx, active(state))

    def combat_round_end(self, state: GameState, tx: Tx) -> None:
        r = state.rules
        combat = dict(r["combat"])
        team = [p for p in (r.get("check") or {}).get("team", []) if p in state.pieces]
        for pid in team:
            if section_of(state, pid) != "hospital" and self.health(state, pid) == 0:
                self.move_agent(state, pid, "hospital", tx)
                tx.set_rule("hurt", True)  # "after an Adversary sends any Agent to the Hospital" (this turn)
                tx.note("xfc.hospitalized", owner_of(state, pid), f"{self.ref(state, pid)} was at 0 Health and "
                        "went to the Hospital", {"piece": pid})
        for pid in (r.get("check") or {}).get("witnesses", []):
            if pid in state.pieces and section_of(state, pid) == "field" and self.health(state, pid) == 0:
                self.to_discard(state, pid, tx)
                tx.note("xfc.witness_down", owner_of(state, pid), f"{self.ref(state, pid)} was at 0 Health and "
                        "went to the Discard (xfc.combat.7)", {"piece": pid})
        adv = combat["adversary"]
        dead = adv in state.pieces and not self.pinfo(state, adv).undying and self.health(state, adv) == 0
        if dead and combat.get("round") in standing(self.cards, self.pinfo(state, adv).ref, "survives_round"):
            dead = False  # "Regardless of how much damage is done to this creature in the LRC round, it will attack"
        up = self.combatants(state)  # an Agent that left the Combat ("Run For It!") fights no more rounds
        if dead:  # "after a Team of Agents damages an Adversary ... by dealing enough wounds to kill it"
            tx.set_rule("killed", combat.get("id"))
        if dead or not up or adv not in state.pieces:
            self.end_combat(state, tx, "the Adversary was killed" if dead else "every Agent was in the Hospital")
            return
        if int(combat.get("idle", 0)) >= _IDLE_ROUNDS:  # xfc.combat.8: no side can hurt the other
            self.end_combat(state, tx, f"{_IDLE_ROUNDS} rounds in a row went by in which neither side could hurt "
                             "the other (xfc.combat.8)")
            return
        rounds = standing(self.cards, self.pinfo(state, adv).ref, "rounds_only")  # "attack for only one LRC and one CRC"
        if combat.get("choked") or (rounds and int(combat.get("number", 1)) >= int(rounds[0])):
            self.end_combat(state, tx, "the Adversary is held in a choke hold" if combat.get("choked") else
                             "the Adversary fought its last round and is discarded")
            return
        self.expire_effects(state, tx, "round_end")
        extra = combat.pop("extra", None)  # "fight one additional round of LRC immediately"
        combat.update(round=extra or "crc", number=int(combat.get("number", 1)) + 1, mods={"agents": 0, "adversary": 0})
        tx.set_rule("combat", combat)
        regenerate(self.ruleset, state, combat, tx)  # "regenerates (Heals) two points of HEALTH at the beginning of each round"
        self.goto(state, "check", tx)
        self.open_window(state, tx, combat["owner"])

    def end_combat(self, state: GameState, tx: Tx, why: str) -> None:
        combat = state.rules.get("combat") or {}
        adv = combat.get("adversary")
        chain = [e for e in self.chain(state) if int(e.get("combat", 0)) != int(combat.get("id", -1))]
        tx.set_rule("chain", chain)
        tx.del_rule("combat")
        self.expire_effects(state, tx, "combat_end")
        if adv in state.pieces and state.zones[state.pieces[adv].zone].kind == "chain":
            if state.rules.get("killed") == combat.get("id") and standing(self.cards, self.pinfo(state, adv).ref,
                                                                         "back_to_deck"):
                deck = f"deck:{owner_of(state, adv)}"  # "If killed in Combat, place the Hunter back in your deck"
                tx.move(adv, deck, face_up=False)
                tx.shuffle(deck)
            else:
                self.to_discard(state, adv, tx)
        tx.note("xfc.combat_end", combat.get("owner"), f"Combat ended: {why}", {"piece": adv})
        self.goto(state, "check", tx)
        self.open_window(state, tx, active(state))



def _live_effects(combat: dict[str, Any]) -> list[dict[str, Any]]:
    """The Combat effects of cards that apply to this round."""
    rnd, number = combat.get("round"), int(combat.get("number", 1))
    return [e for e in combat.get("effects") or () if e.get("round") in (None, rnd)
            and e.get("number", number) == number]


def _piece_effects(combat: dict[str, Any], dealt: dict[str, int],
                   live: list[dict[str, Any]] | None = None) -> dict[str, int]:
    """`dealt` with the effects played on one combatant applied ("add 2 to the combatant's damage"), in place."""
    for e in _live_effects(combat) if live is None else live:
        if e.get("piece") in dealt:
            d = dealt[e["piece"]]
            dealt[e["piece"]] = 0 if e.get("none") else d * 2 if e.get("double") else d + int(e.get("amount", 0))
    return dealt


def _apply_effects(combat: dict[str, Any], dealt: dict[str, int], adversary: str) -> dict[str, int]:
    """Each side's damage this round with the Combat effects of cards applied ("add 3 to their CLOSE RANGE COMBAT
    skill this round", "reduce damage from all opponent ... sources by 1", "deals no damage")."""
    live = _live_effects(combat)
    _piece_effects(combat, dealt, live)
    sides = {"agents": sum(max(0, d) for p, d in dealt.items() if p != adversary),
             "adversary": max(0, dealt[adversary])}
    sources = {"agents": sum(1 for p, d in dealt.items() if p != adversary and d > 0), "adversary": 1}
    biggest = {"agents": max((d for p, d in dealt.items() if p != adversary), default=0),
               "adversary": dealt[adversary]}
    for e in live:
        side = e.get("side", "agents")
        if "piece" in e or side not in sides:
            continue
        if e.get("none"):
            sides[side] = 0
        elif e.get("one_source"):  # "reduce the damage from any one source": no more than that source deals
            sides[side] += max(int(e.get("amount", 0)), -max(0, biggest[side]))
        else:
            sides[side] += int(e.get("amount", 0)) * (sources[side] if e.get("per_source") else 1)
    return {k: max(0, v) for k, v in sides.items()}


def may_split(combat: dict[str, Any], adversary_splits: list[Any]) -> bool:
    """Whether the Adversary's damage this round may be split among the combatants ("Damage caused by this creature
    may be split among all opponents", "allow it to split the LONG RANGE COMBAT damage")."""
    rnd, number = combat.get("round"), int(combat.get("number", 1))
    if any(s.get("round") in (None, rnd) for s in adversary_splits):
        return True
    return any(e.get("split") and e.get("round") in (None, rnd) and e.get("number", number) == number
               for e in combat.get("effects") or ())


def _shielded(combat: dict[str, Any], pid: str) -> bool:
    number = int(combat.get("number", 1))
    return any(e.get("shield") and e.get("piece") == pid and e.get("number", number) == number
               for e in combat.get("effects") or ())
