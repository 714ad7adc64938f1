"""The grammar's reader for what stays on a card: standing text (an Equipment's skill, a skipped round, a creature's
own rules, a card's pool of tokens), abilities its owner uses from play, and the leads and costs that say when a card
is played. A part of `cardtext._Read`.
"""

from __future__ import annotations

from typing import Any

from lark import Token

from .cardmeaning import Meaning

__all__ = ["StandingReader"]


class StandingReader:
    """Tree -> meanings for standing text, abilities used from play and leads (mixed into the grammar's Transformer)."""

    # -- standing text, abilities used from play, leads and costs --
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

    def lead_team_agent(self, c: list[Any]) -> Meaning:
        return Meaning(targets={"agent": {"select": {"type": "Agent", "zone": "field", "in_team": True},
                                          "count": 1}}, lead_only=True)

    def restated_standing(self, c: list[Any]) -> Meaning:
        return Meaning(reminder=True)  # says again what the rules do ("Attach this card to any Agent in the Bureau")

    def lead_hit_by(self, c: list[Any]) -> Meaning:
        n = next(int(x) for x in c if isinstance(x, (int, Token)))
        return Meaning(targets={"agent": {"select": {"zone": ["field", "bureau"], "type": "Agent", "hit_by": n},
                                          "count": 1}}, conditions=[{"has_target": "agent"}], lead_only=True)

    def lead_hurt_foe(self, c: list[Any]) -> Meaning:
        return Meaning(targets={"foe": {"select": {"zone": ["field", "chain"], "combatant": "theirs",
                                                   "damaged": True}, "count": 1}},
                       conditions=[{"has_target": "foe"}], lead_only=True)

    def dies_at_round_end(self, c: list[Any]) -> Meaning:
        return Meaning()  # a creature whose Health is exceeded is removed at the end of the round: the rules' own way

    def survives_round(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"survives_round": c[0]}]}])

    def lead_combat_start(self, c: list[Any]) -> Meaning:
        m = self._target_meaning(c)
        m.lead_only = True
        m.conditions.append({"combat_start": True})
        return m

    def lead_lone_agent(self, c: list[Any]) -> Meaning:
        return Meaning(conditions=[{"lone_agent": True}], lead_only=True)

    def lead_after_kill(self, c: list[Any]) -> Meaning:
        return Meaning(conditions=[{"adversary_killed": True}], lead_only=True)

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

    def draw_on_abduction(self, c: list[Any]) -> Meaning:
        return Meaning(starts=True, when="event:abducted", steps=[{"draw": {"count": c[-1]}}])

    def lead_containing(self, c: list[Any]) -> Meaning:
        names = [n[-1] for n in c if isinstance(n, list)]
        member = {"select": {"type": "Agent", "zone": "field", "named": names}, "count": 1}
        return Meaning(targets={"member": member}, conditions=[{"has_target": "member"}], lead_only=True)

    def lead_in_site_check(self, c: list[Any]) -> Meaning:
        return Meaning(conditions=[{"check_skill": []}], lead_only=True)

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

    def may_use(self, c: list[Any]) -> Meaning:
        words = [x for x in c if isinstance(x, list)][-1]
        return Meaning(standing=[{"when": "static", "do": [{"can_use": words}]}])

    def unnegatable(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"unnegatable": True}]}])

    def no_combat(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"no_combat": True}]}])

    def half_damage(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"half_damage": c[0]}]}])
