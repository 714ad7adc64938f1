"""The grammar's reader for the `// -- equip --` block of `cardtext.lark`: standing abilities of Equipment, Agents
and Resources, and tokens on cards (access to the Field Office Crime Lab, pool tokens that pay for some cards, ...).
A part of `cardtext._Read`.
"""

from __future__ import annotations

from typing import Any

from lark import Token

from .cardmeaning import Meaning

__all__ = ["EquipReader"]

#: the Activators that say which side plays a card: "any ACTIVE card" names the cards of an Activator, not a Keyword
_SIDES = ("ACTIVE", "CONSPIRACY")


def _static(*steps: dict[str, Any]) -> Meaning:
    return Meaning(standing=[{"when": "static", "do": list(steps)}])


class EquipReader:
    """Tree -> meanings for the families of the `equip` block (mixed into the grammar's Transformer)."""

    def lab_access(self, c: list[Any]) -> bool:
        return True

    def crime_lab_gear(self, c: list[Any]) -> Meaning:
        """"Agents equipped with a Spectrograph have access to the field office crime lab": its holder has it."""
        return _static({"crime_lab": {"by": "holder"}})

    def crime_lab_own(self, c: list[Any]) -> Meaning:
        """"Agent Ray Tull has access to the Field Office Crime Lab": the Agent has it, with no Equipment."""
        return _static({"crime_lab": {"by": "self"}})

    def pool_for_any(self, c: list[Any]) -> Meaning:
        """"This [RP] may be used to pay for any ACTIVE card": the cards of an Activator (of Keywords: "any
        BEHAVIORAL or OBSERVATION cards"); "This may be used ..." names no pool: the one placed on the card."""
        pool = next((x for x in c if isinstance(x, str) and not isinstance(x, Token)), None)
        words = [str(w).upper() for w in next(x for x in c if isinstance(x, list))]
        key = "activators" if all(w in _SIDES for w in words) else "keywords"
        return _static({"card_pool_for": {"pool": pool, key: words}})

    def pool_token(self, c: list[Any]) -> Meaning:
        """"Place a [RP] token on this card": the pool token an Agent pays with (as "Place 1 [RP] on this card")."""
        return _static({"card_pool": {"pool": c[1], "amount": c[0]}})

    def token_cycle(self, c: list[Any]) -> Meaning:
        """"Once per turn, as the Active Player, you may remove a token to discard a card and draw two from your
        Bureau deck": in its player's turn, once, a card of the hand he chooses discarded, then two drawn."""
        hand = {"select": {"zone": "hand", "owner": "you", "not": "source"}, "count": 1}
        return Meaning(cost=[{"spend_token": 1}], starts=True, targets={"discarded": hand},
                       conditions=[{"once_a_turn": True}, {"your_turn": True}, {"has_target": "discarded"}],
                       steps=[{"discard_card": {"target": "discarded"}}, {"draw": {"count": c[-1]}}])

    def promo_line(self, c: list[Any]) -> Meaning:
        """"Promo Cards": the database's note of where the card was printed, no game text."""
        return Meaning(reminder=True)

    def token_refill(self, c: list[Any]) -> Meaning:
        """"During your Requisition Phase you may replenish all tokens for 2 [RP] after the last token has been
        removed": an ability used from play in its player's Requisition, paid, once no token is left."""
        return Meaning(cost=[{"pay": {"amount": c[0], "pool": c[1]}}], starts=True,
                       conditions=[{"your_turn": True}, {"in_step": ["requisition"]}, {"tokens_spent": True}],
                       steps=[{"replenish_tokens": {}}])

    def unattached(self, c: list[Any]) -> Meaning:
        """"This piece of Equipment does not need to be attached to any Agent": requisitioned, it is placed in the
        section of the Agent who requisitions it, attached to no one (its abilities used from there)."""
        return _static({"unattached": True})

    def gear_draw(self, c: list[Any]) -> Meaning:
        """"Discard this card to draw three cards from your Bureau deck during the requisition phase": an ability
        used from play in its player's Requisition."""
        return Meaning(cost=[{"discard_self": {}}], starts=True,
                       conditions=[{"your_turn": True}, {"in_step": ["requisition"]}],
                       steps=[{"draw": {"count": next(x for x in c if isinstance(x, int))}}])

    def pair_health(self, c: list[Any]) -> Meaning:
        """"If Agent Ray Tull is in the same Team as Agent Ida Venn, she loses one HEALTH": the Agent named after
        "as" has that much less Health while the two are in one Team."""
        names = next(x for x in c if isinstance(x, list) and x and isinstance(x[0], list))
        return _static({"pair_health": {"with": names, "amount": -next(x for x in c if isinstance(x, int))}})

    def pair_health_so(self, c: list[Any]) -> Meaning:
        """"If so, Venn's HEALTH value is decreased by one" (after "... if she is in the same Team as Agent Venn"):
        the Agent named, while in this Agent's Team."""
        name = str(next(x for x in c if isinstance(x, Token) and x.type == "WORD")).removesuffix("'s")
        return _static({"pair_health": {"with": [[name]], "amount": -next(x for x in c if isinstance(x, int))}})

    def pool_refill_with(self, c: list[Any]) -> Meaning:
        """"If you spend this [RP], you may replace it during the Briefing Phase if Ray Dale is in the same Team as
        Agents Ida Venn or Owen Marsh": replaced at the Briefing only while one of them is in the Agent's Team."""
        names = next(x for x in c if isinstance(x, list) and x and isinstance(x[0], list))
        pool = next(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        return _static({"card_pool_refill": {"pool": pool, "team_with": names}})

