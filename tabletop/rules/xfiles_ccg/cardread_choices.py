"""The grammar's reader for the `// -- choices --` block of `cardtext.lark`: a choice among effects ("gain one of the
following: ...", "negate ... or to heal ..."), an Agent's skill used for another skill's check. A part of
`cardtext._Read`.
"""

from __future__ import annotations

from typing import Any

from lark import Token

from .cardmeaning import ROUNDS as _ROUNDS
from .cardmeaning import Meaning
from .cardmeaning import skill as _skill

__all__ = ["ChoicesReader"]


def _lists(c: list[Any]) -> list[list[dict[str, Any]]]:
    return [x for x in c if isinstance(x, list)]


class ChoicesReader:
    """Tree -> meanings and steps for the families of the `choices` block (mixed into the grammar's Transformer)."""

    def one_of_item(self, c: list[Any]) -> list[dict[str, Any]]:
        return list(c[0])

    def one_of_following(self, c: list[Any]) -> list[dict[str, Any]]:
        """"gain one of the following: A, B, or C": one of the effects, its player's choice among those it can do
        now (`compiler_choices` places each)."""
        return [{"_one_of": {"branches": _lists(c)}}]

    def or_to_effect(self, c: list[Any]) -> list[dict[str, Any]]:
        """"negate any Keyword X card or to heal 1 point of damage on any Agent in the Hospital": either."""
        return [{"_one_of": {"branches": _lists(c)}}]

    def discard_site_bluff(self, c: list[Any]) -> list[dict[str, Any]]:
        """"discard one Bluff card from a site": a Site with Bluffs beneath, chosen; one of them (face down, so
        drawn at random) discarded."""
        return [{"_bluff_of_site": True}]

    def heal_in_any(self, c: list[Any]) -> list[dict[str, Any]]:
        """"heal 1 point of damage on any Agent in the Hospital": a damaged Agent there, chosen."""
        section = next(x for x in c if x in ("field", "bureau", "hospital"))
        return [{"heal": {"target": "agent", "amount": next(x for x in c if isinstance(x, int))}},
                {"_target": f"agent_in:{section}"}]

    def add_skill_plain(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Adds +1 to COMPUTER skill" (one of a choice): to a skill check of that skill under way."""
        skill = _skill(next(x for x in c if isinstance(x, Token) and x.type == "SKILL"))
        return [{"check_mod": {"amount": next(x for x in c if isinstance(x, int)), "skill": skill}}]

    def use_skill_any(self, c: list[Any]) -> list[dict[str, Any]]:
        """"use their EVIDENCE COLLECTION skill number for any CRIMINAL INVESTIGATION or BEHAVIORAL skill check": the
        check of one of those skills under way counts the Agent's first skill instead (`use_skill_for`)."""
        skills = [_skill(x) for x in c if isinstance(x, Token) and x.type == "SKILL"]
        return [{"use_skill_for": {"target": "agent", "skill": skills[0], "checks": skills[1:]}}]

    def use_named_skill(self, c: list[Any]) -> list[dict[str, Any]]:
        """"use that Agent's COMPUTER skill number for any one EVIDENCE COLLECTION or OCCULT INVESTIGATION skill
        check": as `use_skill_any`, of the Agent the card is played on."""
        return self.use_skill_any(c)

    def lead_team_named(self, c: list[Any]) -> Meaning:
        """"Play this card on any Agent in a Team including Agent Ada Vance to ...": an Agent of the Team making the
        skill check under way, when the Agent named (by surname) is in that Team too."""
        name = next(x for x in c if isinstance(x, list))[-1]
        mate = {"select": {"type": "Agent", "zone": "field", "in_team": True, "named": [name]}, "count": "all"}
        agent = {"select": {"type": "Agent", "zone": "field", "in_team": True}, "count": 1}
        return Meaning(targets={"agent": agent, "mate": mate},
                       conditions=[{"has_target": "mate"}, {"has_target": "agent"}])

    def skip_healing(self, c: list[Any]) -> list[dict[str, Any]]:
        """"force any opponent to skip the Healing phase": an opponent its player chooses heals no Agent in the
        next Healing phase."""
        return [{"_skip_heal": {}}]

    def lead_pick_from(self, c: list[Any]) -> Meaning:
        """"Pick one Agent from an investigating Team": an Agent of the Team under check, chosen."""
        agent = {"select": {"type": "Agent", "zone": "field", "in_team": True}, "count": 1}
        return Meaning(targets={"agent": agent}, conditions=[{"has_target": "agent"}], lead_only=True)

    def its_skills(self, c: list[Any]) -> None:
        return None

    def confused_turn(self, c: list[Any]) -> Meaning:
        """"That Agent remains confused until end of turn and cannot contribute his or her skills to any Site skill
        check": the Agent chosen adds no skill to this check or any other this turn (`sit_out_turn`)."""
        return Meaning(steps=[{"_chosen_out": {"turn": True}}])

    def zero_for_prereq(self, c: list[Any]) -> Meaning:
        """"The chosen Agent contributes a skill value of zero for the Site Prerequisites": out of the Site's
        check (`sit_out`)."""
        return Meaning(steps=[{"_chosen_out": {"turn": False}}])

    def gain_per_own_play(self, c: list[Any]) -> Meaning:
        """"Add 1 [CP] to your [CP] pool for every Event card you play as Directed player": each time its player
        plays a card of that kind, the Directed (or the Active) player then."""
        pools = {x for x in c if x in ("rp", "cp")}
        if len(pools) != 1:
            raise ValueError("two pools named")
        kind = next(str(x).title() for x in c if isinstance(x, Token) and x.type == "KIND")
        role = next(str(x).casefold() for x in c if isinstance(x, Token) and x.type == "ROLE")
        played = {"type": kind, "as": "directed" if role == "directed" else "active"}
        return Meaning(when="event:played", conditions=[{"played_own": played}],
                       steps=[{"gain": {"counter": pools.pop(), "amount": next(x for x in c if isinstance(x, int))}}])

    def lead_after_witness(self, c: list[Any]) -> Meaning:
        """"Play this card immediately after a Witness card is played": a Witness on the chain, chosen."""
        witness = {"select": {"zone": "chain", "on_chain": True, "type": "Witness"}, "count": 1}
        return Meaning(targets={"witness": witness}, conditions=[{"has_target": "witness"}], lead_only=True)

    def double_witness(self, c: list[Any]) -> Meaning:
        """"Double the skill value provided by the Witness for the current skill check": the Witness chosen before
        adds twice its modifier to the check under way (`double_mod`)."""
        return Meaning(steps=[{"_double_witness": {}}])

    def negate_kind_kw(self, c: list[Any]) -> list[dict[str, Any]]:
        """"negate one Witness RESOURCE immediately": a card of that kind with one of the Keywords, on the chain."""
        kind = next(str(x).title() for x in c if isinstance(x, Token) and x.type == "KIND")
        if kind not in ("Witness", "Event", "Equipment", "Adversary"):
            raise ValueError("no kind of card a negation names")
        return [{"negate": {"select": {"type": kind, "keyword": next(x for x in c if isinstance(x, list))}}}]

    def ban_kind_prevent(self, c: list[Any]) -> list[dict[str, Any]]:
        """"prevent the investigating player from playing any Witnesses while investigating this Site, except for
        Witnesses which would specifically negate this card": as "Once this card is played, the investigating
        player may not play any ..." (`ban_kind`)."""
        kinds = {x for x in c if isinstance(x, str)}
        if len(kinds) != 1:
            raise ValueError("two kinds of card")
        return [{"ban_kind": {"kind": kinds.pop()}}]

    def discard_n_cost(self, c: list[Any]) -> Meaning:
        """"Discard two cards from your hand (your choice) to ...": that many cards its player chooses, paid first;
        played only when the hand holds them."""
        count = next(x for x in c if isinstance(x, int))
        select = {"zone": "hand", "owner": "you", "not": "source"}
        return Meaning(cost=[{"discard_card": {"target": "paid"}}], targets={"paid": {"select": select, "count": count}},
                       conditions=[{"hand_holds": count}])

    def mod_agent_check(self, c: list[Any]) -> list[dict[str, Any]]:
        """"apply a -2 modifier to any Agent's skill check on this Site": to the Site's skill check under way."""
        return [{"check_mod": {"amount": next(x for x in c if isinstance(x, int))}}]

    def skip_round_agent(self, c: list[Any]) -> Meaning:
        """"Play this card on any Agent to immediately skip one combat round for that Agent": an Agent in the
        Combat under way, chosen, takes no damage and deals none this round (`no_damage` with `shield`)."""
        agent = {"select": {"zone": ["field", "chain"], "combatant": "agents"}, "count": 1}
        return Meaning(targets={"combatant": agent}, conditions=[{"in_combat": True}, {"has_target": "combatant"}],
                       steps=[{"no_damage": {"target": "combatant", "shield": True}}])

    def shield_restated(self, c: list[Any]) -> Meaning:
        """"The Agent takes no damage that round and may not deal any damage either": the round skipped before."""
        return Meaning(steps=[{"_shield_restated": {}}])

    @staticmethod
    def _rounds(c: list[Any]) -> list[str]:
        return [x for x in c if x in _ROUNDS.values()]

    @staticmethod
    def _agent_in_round(rnd: str, *steps: dict[str, Any]) -> Meaning:
        agent = {"select": {"zone": ["field", "chain"], "combatant": "agents"}, "count": 1}
        return Meaning(targets={"combatant": agent}, conditions=[{"combat_round": rnd}, {"has_target": "combatant"}],
                       steps=list(steps))

    def reduce_adversary(self, c: list[Any]) -> Meaning:
        """"Play this card during a combat on a Team of Agents to reduce damage from an Adversary's LRC by two
        points": the Adversary's damage in the next round of that kind, less."""
        rnd = self._rounds(c)[0]
        amount = next(x for x in c if isinstance(x, int))
        return Meaning(conditions=[{"in_combat": True}],
                       steps=[{"combat_mod": {"side": "adversary", "amount": -amount, "round": rnd}}])

    def still_deals(self, c: list[Any]) -> Meaning:
        """"The team still deals damage during that LRC round": what the reduction before leaves alone."""
        return Meaning(steps=[{"_still_deals": {"round": self._rounds(c)[0]}}])

    def agent_round_add(self, c: list[Any]) -> Meaning:
        """"Play this card on any Agent during LONG RANGE COMBAT to add 2 points to that Agent's LRC skill": an
        Agent of the Combat, chosen, deals that much more this round."""
        rnd, skill = self._rounds(c)[:2]
        if rnd != skill:
            raise ValueError("a round's skill added in another round")
        amount = next(x for x in c if isinstance(x, int))
        return self._agent_in_round(rnd, {"combat_mod": {"target": "combatant", "round": rnd, "amount": amount}})

    def if_round_reduce(self, c: list[Any]) -> Meaning:
        """"Additionally, if there is a CRC round, you can reduce the damage from any source by 2 points": one
        source's damage against its player's side, in the next round of that kind (none, none reduced)."""
        rnd = self._rounds(c)[0]
        amount = next(x for x in c if isinstance(x, int))
        return Meaning(steps=[{"combat_mod": {"side": "opponents", "amount": -amount, "one_source": True,
                                              "round": rnd}}])

    def agent_round_double(self, c: list[Any]) -> Meaning:
        """"Play this card on any Agent during a LONG RANGE COMBAT round to double that Agent's LRC skill": an
        Agent of the Combat, chosen, deals its printed value of that skill once more this round (`add_printed`)."""
        rnd, skill = self._rounds(c)[:2]
        if rnd != skill:
            raise ValueError("a round's skill doubled in another round")
        return self._agent_in_round(rnd, {"add_printed": {"target": "combatant", "round": rnd}})

    def double_printed_said(self, c: list[Any]) -> Meaning:
        """"This effect must be applied before any other modifier and only over the LRC listed on that Agent's
        card": how the doubling before counts (`add_printed`)."""
        return Meaning(steps=[{"_printed_said": {"round": self._rounds(c)[0]}}])

    def lead_small_team(self, c: list[Any]) -> Meaning:
        """"Play this card on any Team consisting of no more than two Agents ... when they are sent to investigate a
        Site": in a skill check whose Team has that many Agents or fewer."""
        most = next(x for x in c if isinstance(x, int))
        return Meaning(conditions=[{"check_skill": []}, {"team_most": most}], lead_only=True)

    def gain_team_res(self, c: list[Any]) -> Meaning:
        """"You may add a number of tokens to the [RP] pool equal to the Agents' total RES value": the RES of the
        Agents of the Team under check, to its player's pool."""
        return Meaning(steps=[{"gain_team_res": {"pool": next(x for x in c if x in ("rp", "cp"))}}])

    def own_agent_to_bureau(self, c: list[Any]) -> list[dict[str, Any]]:
        """"remove one Agent from any Team you control and send them to the Bureau": an Agent of its player's in
        the Field, chosen, to the Bureau, out of the check under way (and of its Combat)."""
        select = {"type": "Agent", "zone": "field", "owner": "you"}
        return [{"to_section": {"target": "sent", "section": "bureau", "_select": select}},
                {"sit_out": {"target": "sent"}}]

    def out_of_combat_said(self, c: list[Any]) -> Meaning:
        """"If in combat, the Agent takes no damage and contributes no skills": what sending it to the Bureau did."""
        return Meaning(steps=[{"_out_said": {}}])
