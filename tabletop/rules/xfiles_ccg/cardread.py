"""The grammar's reader for what card sentences do: each rule of `cardtext.lark` that names an effect (a skill check
or Combat modifier, a heal, a negation, pools, forced checks, Keyword changes, ...) or standing text (an Equipment's
skill, a skipped round, ...) becomes steps of the effect language. A part of `cardtext._Read`.
"""

from __future__ import annotations

from typing import Any

from lark import Token

from .cardmeaning import ROUNDS as _ROUNDS
from .cardmeaning import Meaning
from .cardmeaning import skill as _skill

__all__ = ["EffectsReader"]


class EffectsReader:
    """Tree -> steps for the effects and standing text of a sentence (mixed into the grammar's Transformer)."""

    # -- effects (each a list of steps) --
    def effects(self, c: list[Any]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for s in (s for x in c for s in (x if isinstance(x, list) else [x])):
            branch = next((k for k in ("_on_fail", "_on_made") if out and k in out[-1]), None)
            if branch:  # "If they fail, apply a -2 modifier ... and negate ...": both wait for the check
                out[-1] = {branch: [*out[-1][branch], s]}
            else:
                out.append(s)
        return out

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

    def heal(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"heal": {"target": "holder", "amount": next(x for x in c if isinstance(x, int))}}]

    def heal_combatant(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Heal 1 damage from one combatant": one of those in the Combat, damaged."""
        return [{"heal": {"target": "combatant", "amount": next(x for x in c if isinstance(x, int)),
                          "_select": {"zone": ["field", "chain"], "combatant": "any", "damaged": True}}}]

    def heal_in(self, c: list[Any]) -> list[dict[str, Any]]:
        section = next(x for x in c if x in ("field", "bureau", "hospital"))
        return [{"heal": {"target": "agent", "amount": next(x for x in c if isinstance(x, int))}},
                {"_target": f"agent_in:{section}"}]

    def heal_unit(self, c: list[Any]) -> None:
        return None

    def negate_keyword_card(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"negate": {"select": {"keyword": next(x for x in c if isinstance(x, list))}}}]

    def negate_non_adversary(self, c: list[Any]) -> list[dict[str, Any]]:
        kws = next(x for x in c if isinstance(x, list))
        return [{"negate": {"select": {"type": "Adversary", "not_keyword": kws}}}]

    def negate_adversary(self, c: list[Any]) -> list[dict[str, Any]]:
        kws = next((x for x in c if isinstance(x, list)), None)
        return [{"negate": {"select": {"type": "Adversary", **({"keyword": kws} if kws else {})}}}]

    def negate_creature(self, c: list[Any]) -> list[dict[str, Any]]:
        kws = next(x for x in c if isinstance(x, list))
        if len(kws) < 2:
            raise ValueError("one Keyword is no creature")
        return [{"negate": {"select": {"type": "Adversary", "keyword_all": kws}}}]

    def negate_kind(self, c: list[Any], by: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        """"Negate one Witness", "... one Event card played by your opponent": a card of that kind on the chain."""
        kind = next(x for x in c if isinstance(x, str))
        if kind not in ("Witness", "Event", "Equipment"):
            raise ValueError("a kind of card this negation does not read (an Adversary is negate_adversary's)")
        return [{"negate": {"select": {"type": kind, **(by or {})}}}]

    def negate_kind_theirs(self, c: list[Any]) -> list[dict[str, Any]]:
        return self.negate_kind(c, {"played_by": "opponent"})

    def negate_event(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"negate": {"select": {"type": "Event", "played_by": "opponent"}}}]

    def negate_witness(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"negate": {"select": {"type": "Witness", "modifies": self._skills(c)}}}]

    def negate_against(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"negate": {"select": {"played_by": "opponent"}, "if_check": self._skills(c)}}]

    def gain_pool(self, c: list[Any]) -> list[dict[str, Any]]:
        amount = next(x for x in c if isinstance(x, int))
        return [{"gain": {"counter": self._pool_word(c), "amount": amount}}]

    def _pool_word(self, c: list[Any]) -> str:
        return next((x for x in c if x in ("rp", "cp")), "rp")

    def gain_on_play(self, c: list[Any]) -> Meaning:
        amount = next(x for x in c if isinstance(x, int))
        kws = next(x for x in c if isinstance(x, list))
        return Meaning(when="event:played", conditions=[{"played_keyword": kws}],
                       steps=[{"gain": {"counter": "rp", "amount": amount}}])

    def steal_pool(self, c: list[Any]) -> list[dict[str, Any]]:
        amount = next(x for x in c if isinstance(x, int))
        pools = [x for x in c if x in ("rp", "cp")]
        return [{"steal": {"amount": amount, "from": pools[0], "to": pools[-1]}}]

    def pool_name(self, c: list[Any]) -> str:
        return "cp" if str(c[0]).casefold().startswith("c") else "rp"

    def draw(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"draw": {"count": c[0]}}]

    def discard_random(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"discard_random": {"seat": c[0], "count": c[1]}}]

    def whom_opponent(self, c: list[Any]) -> str:
        return "opponent"

    def whom_investigating(self, c: list[Any]) -> str:
        return "investigating"

    def count_x(self, c: list[Any]) -> str:
        return "x"

    def x_is_paid(self, c: list[Any]) -> list[dict[str, Any]]:
        return []  # says what the X of the step before counts: the cost paid

    def swap_pool(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"swap_pool": {"pool": self._pool_word(c)}}]

    def opponent_discard_kind(self, c: list[Any]) -> list[dict[str, Any]]:
        raise ValueError("which cards the opponent discards is not read yet")

    def discard_top_theirs(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"discard_top": {"seat": "opponent", "count": next(x for x in c if isinstance(x, int))}}]

    def discard_top_yours(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"discard_top": {"seat": "you", "count": next(x for x in c if isinstance(x, int))}}]

    def examine_hand(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"examine": {"zone": "hand", "seat": "opponent"}}]

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

    def card_kind(self, c: list[Any]) -> str:
        word = str(c[0]).title()
        return "" if word == "Card" else word

    def from_discard(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"fetch": {"from": "discard", "type": next((x for x in c if isinstance(x, str)), "")}}]

    def search_deck(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"fetch": {"from": "deck", "type": next((x for x in c if isinstance(x, str)), "")}}]

    def search_kw(self, c: list[Any]) -> list[dict[str, Any]]:
        kws = next((x for x in c if isinstance(x, list)), None)
        kind = next((x for x in c if isinstance(x, str)), "")
        return [{"fetch": {"from": "deck", "type": kind, **({"keyword": kws} if kws else {})}}]

    def search_in(self, c: list[Any]) -> None:
        return None

    def to_hand(self, c: list[Any]) -> None:
        return None

    def reveal_it(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"reveal": {"target": "fetched", "to": "all"}}]

    def reveal_shuffle(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"reveal": {"target": "fetched", "to": "all"}}, {"shuffle": {"zone": "deck"}}]

    def look_through(self, c: list[Any]) -> list[dict[str, Any]]:
        kind = next((x for x in c if isinstance(x, str)), "")
        asks = next((str(x) for x in c if isinstance(x, Token) and x.type == "KW"), None)
        return [{"fetch": {"from": "deck", "type": kind, **({"asks": asks.title()} if asks else {})}}]

    def added(self, c: list[Any]) -> list[dict[str, Any]]:
        return []  # says again where the card searched for goes

    def shuffle_deck(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"shuffle": {"zone": "deck"}}]

    def extra_question(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Ask any one Characteristic question regarding one opponent's X-File": a question of any kind, asked
        with an Ask of its own (`extra_question`: its words are its asker's and the asked's alone)."""
        return [{"extra_question": {"kinds": []}}]

    def remove_self(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"remove_from_game": {"target": "source"}}]

    def discard_source(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"discard_self": {}}]

    def place_tokens(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"tokens": {"amount": c[0]}}]}])

    def change_keyword(self, c: list[Any]) -> list[dict[str, Any]]:
        lists = [x for x in c if isinstance(x, list)]
        return [{"change_keyword": {"from": lists[0], "to": " ".join(lists[-1])}}]

    def own_check(self, c: list[Any]) -> Meaning:
        """"Make a COMPUTER 4+ skill check" (the whole sentence): the Team of the Site's check under way makes it."""
        return Meaning(steps=self.forced_check(c), conditions=[{"check_skill": []}])

    def discard_kind_cost(self, c: list[Any]) -> Meaning:
        """"Discard one Witness card from your hand to ...": a card of that kind its player chooses, paid first."""
        kind = next(x for x in c if isinstance(x, str))
        select = {"zone": "hand", "owner": "you", "not": "source", **({"type": kind} if kind else {})}
        return Meaning(cost=[{"discard_card": {"target": "paid"}}], targets={"paid": {"select": select, "count": 1}},
                       conditions=[{"has_target": "paid"}])

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

    # -- durations --
    def this_round(self, c: list[Any]) -> str:
        return "end_of_round"

    def this_turn(self, c: list[Any]) -> str:
        return "end_of_turn"

    def this_combat(self, c: list[Any]) -> str:
        return "end_of_combat"

    def at_once(self, c: list[Any]) -> str:
        return ""

    # -- standing --
    def gear_holder(self, c: list[Any]) -> None:
        return None

    def site_frame(self, c: list[Any]) -> Meaning:
        return Meaning(site_frame=True)

    def ask_one(self, c: list[Any]) -> None:
        return None

    def equip_skill(self, c: list[Any]) -> Meaning:
        amount = next(x for x in c if isinstance(x, int))  # "Adds 1 to the Agent's MEDICAL and SCIENCES skills"
        return Meaning(standing=[{"when": "static", "do": [{"equip": {"skill": skill, "amount": amount}}
                                                           for skill in self._skills(c)]}])

    def skip_round(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"skip_round": c[0]}]}])

    def pay_cost(self, c: list[Any]) -> Meaning:
        return Meaning(cost=[{"pay": {"amount": c[0], "pool": c[1]}}])

    def lead_after_hurt(self, c: list[Any]) -> Meaning:
        return Meaning(conditions=[{"after_hurt": True}], lead_only=True)

    def lead_agent_in_team(self, c: list[Any]) -> Meaning:
        return Meaning(targets={"agent": {"select": {"type": "Agent", "zone": "field", "in_team": True},
                                          "count": 1}})

    def reveal_hand_kind(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"reveal_hand": {"seat": "opponent", "type": next(x for x in c if isinstance(x, str))}}]

    def discard_random_kind(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_random_of_revealed": True}]

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

    def rest_of_turn(self, c: list[Any]) -> None:
        return None

    def abduct(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"abduct": {"target": "agent", "depth": c[0]}}]

    def lead_team_agent(self, c: list[Any]) -> Meaning:
        return Meaning(targets={"agent": {"select": {"type": "Agent", "zone": "field", "in_team": True},
                                          "count": 1}}, lead_only=True)

    def stunned(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"stun": {"side": "opponents"}}]

    def single_source_hospital(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"to_hospital": {"target": "agent"}}]

    def until_healed(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_until_healed": True}]

    def run_for_it(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"leave_combat": {"target": "agent"}}]

    def restated(self, c: list[Any]) -> list[dict[str, Any]]:
        return []  # says again what the sentence before it did

    def restated_standing(self, c: list[Any]) -> Meaning:
        return Meaning(reminder=True)  # says again what the rules do ("Attach this card to any Agent in the Bureau")

    def flaming(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"combat_hit": {"amount": 1, "round": c[-1]}}, {"_round": c[-1]}]

    def fail_damage(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"fail_damage": {"amount": c[-1]}}]

    def lead_hit_by(self, c: list[Any]) -> Meaning:
        n = next(int(x) for x in c if isinstance(x, (int, Token)))
        return Meaning(targets={"agent": {"select": {"zone": ["field", "bureau"], "type": "Agent", "hit_by": n},
                                          "count": 1}}, conditions=[{"has_target": "agent"}], lead_only=True)

    def lead_hurt_foe(self, c: list[Any]) -> Meaning:
        return Meaning(targets={"foe": {"select": {"zone": ["field", "chain"], "combatant": "theirs",
                                                   "damaged": True}, "count": 1}},
                       conditions=[{"has_target": "foe"}], lead_only=True)

    def lone_fighter(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_fighter": {}}]

    def site_keyword_them(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"site_keyword": {"seat": "opponent", "word": "CHARACTERISTIC SITE"}}]

    def choose_characteristic(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_characteristic": True}]

    def rest_turn(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"rest": {"target": "agent", "turns": 1}}]

    def plus_one_of(self, c: list[Any]) -> list[dict[str, Any]]:
        amount = int(str(next(x for x in c if isinstance(x, Token) and x.type == "SIGNED")))
        branches = [[{"add_stat": {"target": "agent", "stat": s, "amount": amount}}] for s in self._skills(c)]
        kws = next((x for x in c if isinstance(x, list)), None)
        if kws:
            branches.append([{"keyword": {"target": "agent", "keyword": " ".join(kws).title()}}])
        return [{"choose": branches}] if len(branches) > 1 else branches[0]  # "has a +2 in LRC skill": no choice

    def jam_gear(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_jam": self._skills(c)[0]}]

    def dies_at_round_end(self, c: list[Any]) -> Meaning:
        return Meaning()  # a creature whose Health is exceeded is removed at the end of the round: the rules' own way

    def survives_round(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"survives_round": c[0]}]}])

    def lead_combat_start(self, c: list[Any]) -> Meaning:
        m = self._target_meaning(c)
        m.lead_only = True
        m.conditions.append({"combat_start": True})
        return m

    def killed_named(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_killed": str(c[-1])}]

    def shuffle_back(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"shuffle_back": {"target": "holder"}}]

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

    def lead_lone_agent(self, c: list[Any]) -> Meaning:
        return Meaning(conditions=[{"lone_agent": True}], lead_only=True)

    def lead_after_kill(self, c: list[Any]) -> Meaning:
        return Meaning(conditions=[{"adversary_killed": True}], lead_only=True)

    def cost_cut(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"cost_cut": {"target": "agent", "amount": next(x for x in c if isinstance(x, int))}}]

    def cost_zero(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_cost_zero": True}]

    def immune(self, c: list[Any]) -> list[dict[str, Any]]:
        names = [str(w) for w in c if isinstance(w, Token) and str(w)[:1].isupper() and len(str(w)) > 1]
        return [{"_immune": [n for n in names if n.casefold() not in ("agent", "agents")]}]

    def pair_no_damage(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_pair_no_damage": True}]

    def team_negates(self, c: list[Any]) -> list[dict[str, Any]]:
        need = next(x for x in c if isinstance(x, int))
        return [{"team_check": {"skill": self._skills(c)[0], "need": need, "then": [{"negate_adversary": {}}]}}]

    def hospital_choice(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"to_hospital": {"target": "agent"}}, {"_target": "agent_team"}]

    def loses_health(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_chosen_loses": next(x for x in c if isinstance(x, int))}]

    def health_floor(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_health_floor": next(x for x in c if isinstance(x, int))}]

    def bluff_of_site(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_bluff_of_site": True}]

    def random_bluff(self, c: list[Any]) -> list[dict[str, Any]]:
        return []  # the Bluff discarded is always drawn at random among the Site's (discard_bluff)

    def take_tokens(self, c: list[Any]) -> Meaning:
        most = next(x for x in c if isinstance(x, int))
        pool = next(x for x in c if x in ("rp", "cp"))
        branches = [[{"take_tokens": {"pool": pool, "amount": n}}] for n in range(1, most + 1)]
        return Meaning(starts=True, when="event:use", conditions=[{"in_step": ["buy"]}, {"once_a_turn": True},
                                                                   {"tokens_left": True}],
                       steps=[{"choose": branches}] if most > 1 else branches[0])

    def in_bureau(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"in_play": "bureau"}]}])

    def lead_out_of_combat(self, c: list[Any]) -> Meaning:
        return Meaning(conditions=[{"out_of_combat": True}], lead_only=True)

    def lead_site_success(self, c: list[Any]) -> Meaning:
        return Meaning(conditions=[{"site_success": self._skills(c)[0]}], lead_only=True)

    def lead_involved(self, c: list[Any]) -> Meaning:
        name = str(c[-1])
        victim = {"select": {"zone": "field", "in_team": True, "type": "Agent", "name_has": name}, "count": "all"}
        return Meaning(targets={"victim": victim}, conditions=[{"has_target": "victim"}], lead_only=True)

    def discard_cost(self, c: list[Any]) -> Meaning:
        return Meaning(cost=[{"discard_self": {}}], starts=True)

    def travel(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_travel": True}]

    def name_words(self, c: list[Any]) -> list[str]:
        return [str(w) for w in c]

    def join_team(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_bring": c[0][-1]}]  # the Agent moved, named by its surname

    def if_adversary(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_if_adversary": next(x for x in c if isinstance(x, list))}]

    def gives_value(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_gives": {"round": next(x for x in c if x in ("lrc", "crc")), "value": c[-1]}}]

    def goes_back(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"to_section": {"target": "victim", "section": "bureau"}}, {"sit_out_turn": {"target": "victim"}}]

    def draw_on_abduction(self, c: list[Any]) -> Meaning:
        return Meaning(starts=True, when="event:abducted", steps=[{"draw": {"count": c[-1]}}])

    def lead_containing(self, c: list[Any]) -> Meaning:
        names = [n[-1] for n in c if isinstance(n, list)]
        member = {"select": {"type": "Agent", "zone": "field", "named": names}, "count": 1}
        return Meaning(targets={"member": member}, conditions=[{"has_target": "member"}], lead_only=True)

    def lead_in_site_check(self, c: list[Any]) -> Meaning:
        return Meaning(conditions=[{"check_skill": []}], lead_only=True)

    def named_to(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_named_to": {"name": str(c[0]), "section": next(x for x in c if x in ("field", "bureau", "hospital"))}}]

    def named_sit_out(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_named_sit_out": True}]

    def keep_on_success(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"keep_on_success": {}}]

    def discard_in_investigation(self, c: list[Any]) -> Meaning:
        steps = next(x for x in c if isinstance(x, list))
        return Meaning(starts=True, when="event:use", cost=[{"discard_self": {}}], conditions=[{"your_turn": True}],
                       steps=steps)

    def _standing(self, step: dict[str, Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [step]}])

    def unhurt(self, c: list[Any]) -> Meaning:
        return self._standing({"unhurt": True})

    def two_rounds(self, c: list[Any]) -> Meaning:
        return self._standing({"rounds_only": 2})

    def backlash(self, c: list[Any]) -> Meaning:
        return self._standing({"backlash": {"round": next(x for x in c if x in ("lrc", "crc")), "amount": c[-1]}})

    def back_to_deck(self, c: list[Any]) -> Meaning:
        return self._standing({"back_to_deck": True})

    def absorbs(self, c: list[Any]) -> Meaning:
        return self._standing({"absorbs": c[-1]})

    def wound_hospital(self, c: list[Any]) -> Meaning:
        return self._standing({"wound_hospital": {"turns": next(x for x in c if isinstance(x, int))}})

    def wound_no_heal(self, c: list[Any]) -> Meaning:
        return self._standing({"wound_no_heal": True})

    def absorb_token(self, c: list[Any]) -> Meaning:
        return self._standing({"absorb_token": 1})

    def choke(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"choke": {"target": "holder", "round": c[0]}}]

    def examine_bluff(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_examine_bluff": True}]

    def he_in(self, c: list[Any]) -> dict[str, Any]:
        return {"in_section": next(x for x in c if x in ("field", "bureau", "hospital"))}

    def once_turn(self, c: list[Any]) -> dict[str, Any]:
        return {"once_a_turn": True}

    def _use(self, c: list[Any], steps: list[dict[str, Any]], targets: dict[str, Any] | None = None,
             extra: list[dict[str, Any]] = ()) -> Meaning:
        conds = [x for x in c if isinstance(x, dict)] + list(extra)
        return Meaning(starts=True, when="event:use", conditions=conds, steps=steps, targets=targets or {})

    def res_instead(self, c: list[Any]) -> Meaning:
        pools = [x for x in c if x in ("rp", "cp")]
        # his RES, added at the Briefing only from the Field or Bureau (none from the Hospital)
        return self._use(c, [{"res_to_pool": {"from": pools[1], "to": pools[0]}}],
                         extra=[{"in_step": ["buy"]}, {"once_a_turn": True}, {"in_section": ["field", "bureau"]}])

    def heal_teammate(self, c: list[Any]) -> Meaning:
        amount = next(x for x in c if isinstance(x, int))
        target = {"select": {"type": "Agent", "zone": ["field", "bureau"], "team_of": "source", "not": "source",
                             "damaged": True}, "count": 1}
        return self._use(c, [{"heal": {"target": "agent", "amount": amount}}], {"agent": target},
                         [{"has_target": "agent"}])

    def gear_heal(self, c: list[Any]) -> Meaning:
        amount = next(x for x in c if isinstance(x, int))
        target = {"select": {"type": "Agent", "zone": ["field", "bureau"], "team_of": "holder", "damaged": True},
                  "count": 1}
        return self._use(c, [{"heal": {"target": "agent", "amount": amount}}], {"agent": target},
                         [{"holder_skill": self._skills(c)[0]}, {"has_target": "agent"}])

    def not_on_named(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_not_named": [str(w) for w in c]}]

    def negate_witnesses(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"negate_witnesses": {}}]

    def if_fail_site(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_on_fail": [{"fail_check": {}}]}]

    def adversary_splits(self, c: list[Any]) -> Meaning:
        rnd = next((x for x in c if x in ("lrc", "crc")), None)
        return Meaning(standing=[{"when": "static", "do": [{"split_damage": {"round": rnd} if rnd else {}}]}])

    def agents_split(self, c: list[Any]) -> Meaning:
        # one Adversary fights at a time in this engine: the Agents' damage has one target, nothing to split
        return Meaning(standing=[{"when": "static", "do": [{"agents_split": True}]}])

    def foes_minus(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"foes_minus": c[-1]}]}])

    def as_best_foe(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"as_best_foe": {"plus": c[-1]}}]}])

    def res_in_bureau(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"res_in_bureau": c[-1]}]}])

    def lead_in_check(self, c: list[Any]) -> Meaning:
        return Meaning(conditions=[{"check_skill": []}])

    def gear_of_team(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_gear": {"type": "Equipment", "gear_of": "team"}}]

    def gear_of_opponents(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_gear": {"type": "Equipment", "gear_of": "opponents"}}]

    def gear_not_combat(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_gear": {"type": "Equipment", "gear_of": "opponents",
                           "not_modifies": ["Long Range Combat", "Close Range Combat"]}}]

    def discard_kind_in_play(self, c: list[Any]) -> list[dict[str, Any]]:
        kind = next(x for x in c if isinstance(x, str))
        return [{"_in_play": {"type": kind or "Card", "keyword": next(x for x in c if isinstance(x, list)),
                              "owner": "opponent"}}]

    def discard_hand_keyword(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"discard_hand": {"seat": "opponent", "keyword": next(x for x in c if isinstance(x, list))}}]

    def unless_gear(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_unless_gear": " ".join(str(w) for w in c)}]

    def already_so(self, c: list[Any]) -> list[dict[str, Any]]:
        return []

    def discard_when_spent(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"discard_when_spent": True}]}])

    def once_per_turn(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"once_per_turn": True}]}])

    def card_pool(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"card_pool": {"pool": c[1], "amount": c[0]}}]}])

    def card_pool_for(self, c: list[Any]) -> Meaning:
        kws = next(x for x in c if isinstance(x, list))
        return Meaning(standing=[{"when": "static", "do": [{"card_pool_for": {"pool": c[0], "keywords": kws}}]}])

    def card_pool_refill(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"card_pool_refill": {"pool": c[0]}}]}])

    def use_skill(self, c: list[Any]) -> Meaning:
        skill = self._skills(c)[0]
        return Meaning(standing=[{"when": "static", "do": [{"agents_use": {"skill": skill, "round": c[-1]}}]}])

    def skill_floor(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"agents_floor": {"skill": self._skills(c)[0],
                                                                               "value": c[-1]}}]}])

    def subject(self, c: list[Any]) -> None:
        return None

    def if_fail(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_on_fail": next(x for x in c if isinstance(x, list))}]

    def to_bureau(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"to_section": {"target": "agent", "section": "bureau"}}, {"_target": "agent_team"}]

    def foe_to_section(self, c: list[Any]) -> list[dict[str, Any]]:
        section = next(x for x in c if isinstance(x, str))
        return [{"to_section": {"target": "foe_agent", "section": section,
                                "_select": {"type": "Agent", "owner": "opponent", "zone": ["field", "bureau"]}}}]

    def sit_out(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"sit_out_turn": {"target": "agent"}}]  # "... any skill checks this turn"

    def may_use(self, c: list[Any]) -> Meaning:
        words = [x for x in c if isinstance(x, list)][-1]
        return Meaning(standing=[{"when": "static", "do": [{"can_use": words}]}])

    def unnegatable(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"unnegatable": True}]}])

    def no_combat(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"no_combat": True}]}])

    def half_damage(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"half_damage": c[0]}]}])
