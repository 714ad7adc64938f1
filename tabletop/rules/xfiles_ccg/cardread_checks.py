"""The grammar's reader for what card sentences do to skill checks and Combats: each rule of `cardtext.lark` that adds
to or subtracts from a skill check or a Combat round, sets or changes a Site's prerequisite, forces a check, or changes a
Combat (damage prevented or split, a round added, an Agent stunned, shielded or sent off) becomes steps of the effect
language. A part of `cardtext._Read`.
"""

from __future__ import annotations

from typing import Any

from lark import Token

from .cardmeaning import ROUNDS as _ROUNDS
from .cardmeaning import Meaning
from .cardmeaning import skill as _skill

__all__ = ["ChecksReader"]


class ChecksReader:
    """Tree -> steps for skill checks and Combats (mixed into the grammar's Transformer)."""

    # -- skill checks and Combat modifiers (each a list of steps) --
    def _skills(self, c: list[Any]) -> list[str]:
        return [_skill(x) for x in c if isinstance(x, Token) and x.type == "SKILL"]

    def once(self, c: list[Any]) -> dict[str, Any]:
        return {"_once": True}

    def _once(self, c: list[Any]) -> list[dict[str, Any]]:
        """"... once per turn": said to the compiler (an ability used from play is then used once a turn)."""
        return [{"_once": True}] if {"_once": True} in c else []

    def add_check_skill(self, c: list[Any], sign: int = 1) -> list[dict[str, Any]]:
        skills, amount = self._skills(c), sign * next(x for x in c if isinstance(x, int))
        if len(skills) > 1:  # "Adds one to one Team's MEDICAL or SCIENCES skill check": a check of either
            if any(_ROUNDS.get(k.casefold()) for k in skills):
                raise ValueError("a Combat round among the skills a check names")
            return [{"check_mod": {"amount": amount, "skill": skills}}, *self._once(c)]
        return self._check_or_combat(skills[0], amount) + self._once(c)

    def add_check_either(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Adds 3 to one Team's MEDICAL or adds 2 to one Team's SCIENCES skill check": the check's skill says which."""
        by_skill: dict[str, int] = {}
        for amount, skills in [self._amounted(c), *(x for x in c if isinstance(x, tuple))]:
            for skill in skills:
                if _ROUNDS.get(skill.casefold()) or skill in by_skill:
                    raise ValueError("a Combat round (or a skill twice) among the skills a check names")
                by_skill[skill] = amount
        return [{"check_mod": {"skill": list(by_skill), "by_skill": by_skill}}, *self._once(c)]

    def apply_mod(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Apply a -2 modifier to one Team's MEDICAL or SCIENCES skill check", "... to the Site skill check"."""
        amount = next(x for x in c if isinstance(x, int))
        return [self._mod_step(c[-1], amount)] + [{"_check_by": "opponent"}] * (c[-1][0] == "theirs")

    def apply_either(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Apply a +3 or -3 (your choice) modifier to any skill check": its player chooses."""
        amounts = [x for x in c if isinstance(x, int)]
        return [{"_either": [[self._mod_step(c[-1], n)] for n in amounts]}] + \
            [{"_check_by": "opponent"}] * (c[-1][0] == "theirs")

    @staticmethod
    def _mod_step(check: tuple[str, list[str]], amount: int) -> dict[str, Any]:
        skills = check[1]
        if any(_ROUNDS.get(k.casefold()) for k in skills):
            raise ValueError("a Combat round among the skills a check names")
        return {"check_mod": {"amount": amount, **({"skill": skills if len(skills) > 1 else skills[0]}
                                                   if skills else {})}}

    def mod_any(self, c: list[Any]) -> tuple[str, list[str]]:
        return "any", []

    def mod_theirs(self, c: list[Any]) -> tuple[str, list[str]]:
        return "theirs", []

    def mod_skills(self, c: list[Any]) -> tuple[str, list[str]]:
        return "skills", self._skills(c)

    def if_made(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_on_made": next(x for x in c if isinstance(x, list))}]

    def add_or_sub(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Add or decrease by two any Team's MEDICAL or SCIENCES skill check": +2 or -2, its player chooses."""
        amount, skills = self._amounted(c)
        if any(_ROUNDS.get(k.casefold()) for k in skills):
            raise ValueError("a Combat round among the skills a check names")
        named = skills if len(skills) > 1 else skills[0]
        return [{"_either": [[{"check_mod": {"amount": n, "skill": named}}] for n in (amount, -amount)]}]

    def _amounted(self, c: list[Any]) -> tuple[int, list[str]]:
        return next(x for x in c if isinstance(x, int)), self._skills(c)

    def either_add(self, c: list[Any]) -> tuple[int, list[str]]:
        return self._amounted(c)

    def sub_check_skill(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Subtract 4 from one Team's EVIDENCE COLLECTION or COMPUTER skill check": a check of either, lowered."""
        return self.add_check_skill(c, -1)

    def _check_or_combat(self, skill: str, amount: int) -> list[dict[str, Any]]:
        """A "skill check" of LONG or CLOSE RANGE COMBAT is a Combat round's damage, not a Site's check."""
        rnd = _ROUNDS.get(skill.casefold(), "")
        if rnd:
            return [{"combat_mod": {"target": "holder", "round": rnd, "amount": amount}}]
        return [{"check_mod": {"amount": amount, "skill": skill}}]

    def add_check_any(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"check_mod": {"amount": next(x for x in c if isinstance(x, int))}}, *self._once(c)]

    def sub_check_any(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"check_mod": {"amount": -next(x for x in c if isinstance(x, int))}}, *self._once(c)]

    def add_combat_skill(self, c: list[Any]) -> list[dict[str, Any]]:
        amount = next(x for x in c if isinstance(x, int))
        rnd = _ROUNDS.get(self._skills(c)[0].casefold(), "")
        if not rnd:  # "add 1 to their MEDICAL skill": not a Combat round's; no modifier this reader knows
            raise ValueError("a skill that is no Combat round's, added to a combatant")
        return [{"combat_mod": {"target": "holder", "round": rnd, "amount": amount}}]

    def add_combat_any(self, c: list[Any]) -> list[dict[str, Any]]:
        amount = next(x for x in c if isinstance(x, int))
        rnd = _ROUNDS.get(self._skills(c)[0].casefold(), "")
        return [{"combat_mod": {"target": "holder", "round": rnd, "amount": amount}}]

    def add_combat_one(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Adds 1 to one combatant's LONG RANGE COMBAT": the combatant is chosen among those fighting."""
        amount = next(x for x in c if isinstance(x, int))
        rnd = next(x for x in c if x in ("lrc", "crc"))
        return [{"combat_mod": {"target": "combatant", "round": rnd, "amount": amount,
                                "_select": {"zone": ["field", "chain"], "combatant": "any"}}}]

    def gear_add(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_gear_add": {"skill": self._skills(c)[0], "amount": next(x for x in c if isinstance(x, int))}}]

    def combat_damage(self, c: list[Any]) -> list[dict[str, Any]]:
        amount = next(x for x in c if isinstance(x, int))
        skills = self._skills(c)
        rnd = _ROUNDS.get(skills[0].casefold(), "") if skills else ""
        return [{"combat_mod": {"target": "holder", "round": rnd, "amount": amount}}]

    def set_prereq(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"prerequisite": {"skill": self._skills(c)[0], "need": c[-1]}}]

    def swap_prereq(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Change the Site Prerequisite from COMPUTER to BEHAVIORAL": on a check of the first, the same need."""
        old, new = self._skills(c)
        if any(_ROUNDS.get(k.casefold()) for k in (old, new)) or old == new:
            raise ValueError("a Combat round is no Site's prerequisite")
        return [{"prerequisite": {"from": old, "skill": new}}]

    def raise_prereq(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"prerequisite": {"raise": c[0]}}]

    def lower_skills(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"add_stat": {"target": "agent", "stat": "ALL", "amount": -c[-1]}}, {"_target": "agent_any"}]

    def reduce_all(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"combat_mod": {"side": "opponents", "amount": -c[-1], "per_source": True}}]

    def reduce_one(self, c: list[Any]) -> list[dict[str, Any]]:
        rounds = next((x for x in c if isinstance(x, list)), [])
        # "from any one source": one combatant's damage (an Agent's is its own source), not the side's total
        step: dict[str, Any] = {"side": "opponents", "amount": -c[-1], "one_source": True}
        if len(rounds) == 1:
            step["round"] = rounds[0]
        return [{"combat_mod": step}]

    def user_no_damage(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"no_damage": {"target": "holder"}}]

    def prevent_agents(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"no_damage": {"side": "opponents"}}]

    def negate_attack(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"no_damage": {"side": "opponents", "round": next(x for x in c if x in ("lrc", "crc"))}}]

    def own_check(self, c: list[Any]) -> Meaning:
        """"Make a COMPUTER 4+ skill check" (the whole sentence): the Team of the Site's check under way makes it."""
        return Meaning(steps=self.forced_check(c), conditions=[{"check_skill": []}])

    def forced_check(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"team_check": {"skill": self._skills(c)[0], "need": next(x for x in c if isinstance(x, int))}}]

    def team_damage(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"team_damage": {"amount": c[-1]}}]

    def if_team_check(self, c: list[Any]) -> list[dict[str, Any]]:
        steps = next(x for x in c if isinstance(x, list) and x and isinstance(x[0], dict))
        return [{"team_check": {"skill": self._skills(c)[0], "need": next(x for x in c if isinstance(x, int)),
                                "then": steps}}]

    def x_table(self, c: list[Any]) -> list[dict[str, Any]]:
        rows = [x for x in c if isinstance(x, tuple)]
        return [{"check_mod": {"skill": self._skills(c), "by_x": {str(k): v for k, v in rows}}}]

    def xrow(self, c: list[Any]) -> tuple[int, int]:
        return int(c[0]), int(str(c[1]))

    # -- Combats and forced checks --
    def use_skill_for(self, c: list[Any]) -> list[dict[str, Any]]:
        skills = self._skills(c)
        return [{"use_skill_for": {"target": "agent", "skill": skills[0], "checks": skills[1:]}}]

    def skill_as(self, c: list[Any]) -> list[dict[str, Any]]:
        """"give any one Agent OBSERVATION skill equal to their CRIMINAL INVESTIGATION skill level" this turn."""
        skill, like = self._skills(c)
        if any(_ROUNDS.get(k.casefold()) for k in (skill, like)):
            raise ValueError("a Combat round is not read as a skill given")
        return [{"skill_as": {"target": "agent", "skill": skill, "as": like, "until": "end_of_turn"}},
                {"_target": "agent_any"}]

    def stunned(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"stun": {"side": "opponents"}}]

    def run_for_it(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"leave_combat": {"target": "agent"}}]

    def flaming(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"combat_hit": {"amount": 1, "round": c[-1]}}, {"_round": c[-1]}]

    def fail_damage(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"fail_damage": {"amount": c[-1]}}]

    def lone_fighter(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_fighter": {}}]

    def plus_one_of(self, c: list[Any]) -> list[dict[str, Any]]:
        amount = int(str(next(x for x in c if isinstance(x, Token) and x.type == "SIGNED")))
        branches = [[{"add_stat": {"target": "agent", "stat": s, "amount": amount}}] for s in self._skills(c)]
        kws = next((x for x in c if isinstance(x, list)), None)
        if kws:
            branches.append([{"keyword": {"target": "agent", "keyword": " ".join(kws).title()}}])
        return [{"choose": branches}] if len(branches) > 1 else branches[0]  # "has a +2 in LRC skill": no choice

    def jam_gear(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_jam": self._skills(c)[0]}]

    def killed_named(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_killed": str(c[-1])}]

    def shield(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"no_damage": {"target": "holder", "shield": True}}]

    def barrier(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"sit_out": {"target": "agent"}}, {"_target": "agent_team"}]

    def attack_twice(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"combat_mod": {"target": "holder", "round": c[-1], "double": True}}]

    def prevent_one(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_foe": {}}]

    def block_attack(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"combat_mod": {"side": "opponents", "amount": -c[0], "round": c[-1]}}]

    def extra_round(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"extra_round": {"round": c[0]}}]

    def split_damage(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"combat_mod": {"side": "own", "split": True, "round": c[0]}}]

    def fail_forced(self, c: list[Any]) -> list[dict[str, Any]]:
        need = next(x for x in c if isinstance(x, int))
        return [{"team_check": {"skill": self._skills(c)[0], "need": need, "else": [c[-1]]}}]

    def fails_check(self, c: list[Any]) -> dict[str, Any]:
        return {"fail_check": {}}

    def ends_turn(self, c: list[Any]) -> dict[str, Any]:
        return {"end_turn": {}}

    def immune(self, c: list[Any]) -> list[dict[str, Any]]:
        names = [str(w) for w in c if isinstance(w, Token) and str(w)[:1].isupper() and len(str(w)) > 1]
        return [{"_immune": [n for n in names if n.casefold() not in ("agent", "agents")]}]

    def pair_no_damage(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_pair_no_damage": True}]

    def team_negates(self, c: list[Any]) -> list[dict[str, Any]]:
        need = next(x for x in c if isinstance(x, int))
        return [{"team_check": {"skill": self._skills(c)[0], "need": need, "then": [{"negate_adversary": {}}]}}]

    def gives_value(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_gives": {"round": next(x for x in c if x in ("lrc", "crc")), "value": c[-1]}}]

    def choke(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"choke": {"target": "holder", "round": c[0]}}]

    def if_fail_site(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_on_fail": [{"fail_check": {}}]}]

    def if_fail(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_on_fail": next(x for x in c if isinstance(x, list))}]
