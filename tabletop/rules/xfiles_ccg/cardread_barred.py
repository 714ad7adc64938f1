"""The grammar's reader for what a card bars or removes (the `// -- barred --` block of `cardtext.lark`): a seat barred
from drawing, a Site barred to the opponent's Adversaries, Agents barred from skill checks (by name, by Keyword); a
Witness taken from a Discard Pile for the skill check under way at no cost; tokens, inflicted Keywords and cards of a
hand or in play removed; a hand kept for a price; and a few standing words (RES lowered, Equipment damage changed, an
Agent helping from another section). A part of `cardtext._Read`.
"""

from __future__ import annotations

from typing import Any

from lark import Token

from .cardmeaning import Meaning

__all__ = ["BarredReader"]


class BarredReader:
    """Tree -> meanings and steps for the families of the `barred` block (mixed into the grammar's Transformer)."""

    def pile_theirs(self, c: list[Any]) -> str:
        return "opponent"

    def pile_yours(self, c: list[Any]) -> str:
        return "you"

    def free_words(self, c: list[Any]) -> str:
        return "free"

    def borrow_witness(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Take any Witness from your opponent's Discard Pile and use it for one skill check immediately at no
        cost": one Witness of that pile whose modifier fits the check under way, put on the chain as the acting
        seat's, unpaid, and back to its owner's Discard Pile once it resolved."""
        whose = next(x for x in c if x in ("opponent", "you"))
        return [{"_borrow_witness": {"owner": whose}}]

    def named_out_turn(self, c: list[Any]) -> Meaning:
        """"Play on a Team that includes Agent Alex Krycek to prevent Krycek from contributing his skills to any
        skill checks this turn, including Combat": that Agent of the Team under check (its Team must include him)
        adds no skill to any skill check this turn and does not fight in its Combats."""
        short = str(c[-1])
        named = {"select": {"type": "Agent", "zone": "field", "in_team": True, "name_has": short}, "count": "all"}
        return Meaning(targets={"named_out": named}, conditions=[{"has_target": "named_out"}],
                       steps=[{"sit_out_turn": {"target": "named_out"}}, {"no_fight_turn": {"target": "named_out"}}])

    def kw_agent_out(self, c: list[Any]) -> Meaning:
        """"Play this card on any Agent with the keyword SKEPTIC to prevent that Agent from contributing their skills
        at any keyword OCCULT INVESTIGATION or ALIEN INVESTIGATION Site": played in the skill check of such a Site,
        on an Agent of the Team making it with the first Keyword, who adds nothing to that check."""
        agent_kw, site_kw = (x for x in c if isinstance(x, list))
        agent = {"select": {"type": "Agent", "zone": "field", "in_team": True, "keyword": agent_kw}, "count": 1}
        return Meaning(targets={"agent": agent}, conditions=[{"at_site_kw": site_kw}, {"has_target": "agent"}],
                       steps=[{"sit_out": {"target": "agent"}}])

    def phase_lead(self, c: list[Any]) -> Meaning:
        """"Play during the Briefing Phase to ...": played in a step of that phase, outside a skill check."""
        phase = " ".join(str(next(t for t in c if isinstance(t, Token) and t.type == "PHASE_NAME")).casefold().split())
        return Meaning(conditions=[{"in_phase": phase}])

    def no_draw_turn(self, c: list[Any]) -> list[dict[str, Any]]:
        """"prevent one opponent from drawing any cards during the remainder of this turn"."""
        return [{"no_draw": {"seat": "opponent"}}]

    def bar_adversaries(self, c: list[Any]) -> list[dict[str, Any]]:
        """"prevent your opponent from playing any adversaries at this Site": one of its player's Sites placed."""
        return [{"_bar_adversaries": {}}]

    def heals_inflicted(self, c: list[Any]) -> list[dict[str, Any]]:
        """"The Agent heals up to three tokens of damage and any inflicted Keywords are removed": the Agent the card
        is played on (its lead names it)."""
        amount = next(x for x in c if isinstance(x, int))
        return [{"_on_agent": {"heal": {"target": "agent", "amount": amount}}},
                {"_on_agent": {"clear_inflicted": {"target": "agent"}}}]

    def remove_own_token(self, c: list[Any]) -> Meaning:
        """"You may remove one game effect token or wound token from any cards under your control": a card of its
        player's in play with a token (or an Agent with a wound), then which kind of token when it has both."""
        card = {"select": {"zone": ["bureau", "field", "hospital"], "owner": "you", "token_or_wound": True},
                "count": 1}
        return Meaning(targets={"card": card}, conditions=[{"has_target": "card"}],
                       steps=[{"choose": [[{"remove_token": {"target": "card"}}],
                                          [{"heal_wound": {"target": "card"}}]]}])

    def examine_remove(self, c: list[Any]) -> list[dict[str, Any]]:
        """"examine an opponent's hand and remove one of the cards in his hand from the game": its chooser is shown
        that hand, then names one of its cards."""
        return [{"_examine_remove": {}}]

    def force_remove_kw(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Force an opponent to remove one Keyword ARTIFACT card from the game": one of that opponent's cards in
        play with the Keyword, the opponent's choice."""
        return [{"_force_remove": {"keyword": next(x for x in c if isinstance(x, list))}}]

    def keep_for_pay(self, c: list[Any]) -> Meaning:
        """"Your opponent, at their option, may opt to pay 3 [RP] for each card they do not want to discard": the
        cards of the hand discarded before that its player keeps, paying for each."""
        amount = next(x for x in c if isinstance(x, int))
        pool = next(str(x) for x in c if x in ("rp", "cp"))
        return Meaning(steps=[{"_keep_for_pay": {"amount": amount, "pool": pool}}])

    def res_down(self, c: list[Any]) -> list[Meaning]:
        """"decrease the Agent's RES value by one": the card stays on the Agent it is played on, whose RES is that
        much lower while it does (`res_of`)."""
        amount = next(x for x in c if isinstance(x, int))
        return [Meaning(standing=[{"when": "static", "do": [{"res_minus": amount}]}], steps=[{"_stays_on": {}}])]

    def healing_removes(self, c: list[Any]) -> Meaning:
        """"This card is removed when a Healing card is played on the Agent": discarded when a Keyword HEALING card's
        text heals (or would heal) the Agent it is on."""
        return Meaning(standing=[{"when": "static", "do": [{"healing_removes": True}]}])

    def gear_damage_own(self, c: list[Any]) -> Meaning:
        """"He may add 1 to any damage caused by EQUIPMENT card attached to him that have a CLOSE RANGE COMBAT or
        LONG RANGE COMBAT modifier": an Agent's standing, read in Combat (`gear_damage`)."""
        rounds = [x for x in c if x in ("lrc", "crc")]
        amount = next(x for x in c if isinstance(x, int))
        return Meaning(standing=[{"when": "static", "do": [{"gear_damage": {"amount": amount, "rounds": rounds}}]}])

    def gear_damage_foes(self, c: list[Any]) -> Meaning:
        """"Apply -1 to any Equipment cards attached to the Team that modify LONG RANGE COMBAT or CLOSE RANGE
        COMBAT": an Adversary's standing, read in its Combat (`gear_damage`)."""
        rounds = [x for x in c if x in ("lrc", "crc")]
        amount = int(str(next(t for t in c if isinstance(t, Token) and t.type == "SIGNED")))
        return Meaning(standing=[{"when": "static", "do": [{"foes_gear_damage": {"amount": amount,
                                                                                  "rounds": rounds}}]}])

    def remote_skill(self, c: list[Any]) -> Meaning:
        """"If Agent Kautz is in the Bureau, he may contribute to any EVIDENCE COLLECTION skill check that is
        occurring in another section of the table": an Agent's standing, read where a check's total is (`remote_help`)."""
        skill = self._skills(c)[0]  # type: ignore[attr-defined]
        section = next(x for x in c if x in ("field", "bureau", "hospital"))
        return Meaning(standing=[{"when": "static", "do": [{"remote_skill": {"skill": skill, "from": section}}]}])
