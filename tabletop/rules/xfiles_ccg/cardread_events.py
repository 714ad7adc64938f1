"""The grammar's reader for the families of Event text (the `// -- events --` block of `cardtext.lark`): cards in
play sent back to their owner's hand or discarded by Keyword, more than one card found in the Bureau Deck, ... A
part of `cardtext._Read`.
"""

from __future__ import annotations

from typing import Any

from lark import Token

from .cardmeaning import Meaning

__all__ = ["EventsReader"]

#: the Characteristics a question asks about
_KINDS = ("Affiliation", "Motive", "Method", "Result")

#: the sections of the table a card in play lies in (an Agent's Equipment with it)
IN_PLAY = ["field", "bureau", "hospital"]


def _ints(c: list[Any]) -> list[int]:
    return [x for x in c if isinstance(x, int) and not isinstance(x, bool)]


def _kind(c: list[Any]) -> str:
    """The kind a FETCH_KIND token names ("Equipment", "Combat"), "" for any card."""
    kind = next((str(x) for x in c if isinstance(x, Token) and x.type == "FETCH_KIND"), "card").title()
    return "" if kind == "Card" else kind


class EventsReader:
    """Tree -> meanings and steps for the families of the `events` block (mixed into the grammar's Transformer)."""

    # -- leads --
    def lead_any_time(self, c: list[Any]) -> Meaning:
        """"Play this card at anytime during your turn to ...": in any step of its player's own turn, not only in a
        skill check (`anytime`)."""
        return Meaning(conditions=[{"any_time": True}], lead_only=True)

    def lead_in_combat(self, c: list[Any]) -> Meaning:
        """"Play this card after a Combat has been initiated": while a Combat is under way."""
        return Meaning(conditions=[{"in_combat": True}], lead_only=True)

    def lead_team_again(self, c: list[Any]) -> Meaning:
        """"Play this card on any Team that includes at least one Agent that has investigated another Site this
        turn": the Team of the check under way, one of its Agents on its second Site."""
        return Meaning(conditions=[{"team_again": True}], lead_only=True)

    def lead_hospital_full(self, c: list[Any]) -> Meaning:
        """"Play this card when there are two or more Agents in the Hospital": every player's Hospital counted."""
        return Meaning(conditions=[{"in_hospital": _ints(c)[0]}], lead_only=True)

    def no_hospital_heal(self, c: list[Any]) -> list[dict[str, Any]]:
        """"No Agents in the Hospital may heal any damage this turn"."""
        return [{"no_hospital_heal": {}}]

    def mod_per_discard(self, c: list[Any]) -> list[dict[str, Any]]:
        """"gain a +1 modifier to the current Site skill check for each Site card discarded from your hand": the
        cards its player chooses to discard as it resolves, none or more."""
        return [{"_mod_per_discard": {"amount": _ints(c)[0], "type": _kind(c)}}]

    def named_negated_out(self, c: list[Any]) -> list[dict[str, Any]]:
        """"If "X" is the negated card, it is removed from the game along with this card"."""
        return [{"_named_out": {"name": str(c[0])}}]

    def random_cost(self, c: list[Any]) -> Meaning:
        """"Discard two cards at random from your hand to ...": paid as the card resolves, played only while its
        player's hand holds that many."""
        count = _ints(c)[0]
        return Meaning(cost=[{"discard_random": {"seat": "you", "count": count}}], conditions=[{"hand_holds": count}])

    def negate_pool_theirs(self, c: list[Any]) -> list[dict[str, Any]]:
        """"negate any [CP] card played by your opponent": a card on the chain paid from that pool, theirs."""
        pool = next(str(x).upper() for x in c if isinstance(x, str) and str(x) in ("rp", "cp"))
        return [{"negate": {"select": {"cost_pool": pool, "played_by": "opponent"}}}]

    def flip_negative(self, c: list[Any]) -> list[dict[str, Any]]:
        """"change a negative skill check modifier to a positive one": one of the check under way, chosen by the card
        that gave it."""
        return [{"_flip_mod": {}}]

    def only_kw_turn(self, c: list[Any]) -> list[dict[str, Any]]:
        """"For the remainder of this turn, your opponent may only play Keyword GOVERNMENT cards"."""
        return [{"only_keyword": {"seat": "opponent", "keyword": next(x for x in c if isinstance(x, list))}}]

    # -- cards in play --
    def ev_kw(self, c: list[Any]) -> dict[str, Any]:
        kind = _kind(c)
        return {"keyword": next(x for x in c if isinstance(x, list)), **({"type": kind} if kind else {})}

    def ev_kind(self, c: list[Any]) -> dict[str, Any]:
        kind = _kind(c)
        return {"type": kind} if kind else {}

    def to_owner_hand(self, c: list[Any]) -> list[dict[str, Any]]:
        """"return target Equipment card to the owner's hand": one card in play, chosen, to its owner's hand."""
        what = next(x for x in c if isinstance(x, dict))
        return [{"_to_hand": {"zone": IN_PLAY, **what}}]

    def discard_all_kw(self, c: list[Any]) -> list[dict[str, Any]]:
        """"discard all Keyword RESOURCE cards in play": every card in play with one of the Keywords."""
        return [{"_discard_all": {"zone": IN_PLAY, "keyword": next(x for x in c if isinstance(x, list))}}]

    def kw_discarded(self, c: list[Any]) -> list[dict[str, Any]]:
        """"If it has the Keyword "Secret", it is discarded": the card the step before revealed."""
        return [{"_kw_discard": {"keyword": [str(c[-1]).upper()]}}]

    def bluffs_discarded(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Force up to two face-down Bluff cards attached to one or different Sites to be discarded": chosen by
        their place beneath the Sites, never by their faces."""
        return [{"_bluffs_out": {"count": _ints(c)[0]}}]

    def heal_more_if(self, c: list[Any]) -> list[dict[str, Any]]:
        """"This card heals up to two tokens of damage if the Agent has the Keyword CANCER": the heal before, to that
        total for an Agent with the Keyword."""
        return [{"_heal_if": {"total": _ints(c)[0], "keyword": next(x for x in c if isinstance(x, list))}}]

    # -- questions --
    def ask_either(self, c: list[Any]) -> list[dict[str, Any]]:
        """"ask either one AFFILIATION question or one MOTIVE question": one question more, of one of the kinds."""
        kinds = [str(x).title() for x in c if isinstance(x, Token) and x.type == "KW"]
        if any(k not in _KINDS for k in kinds):
            raise ValueError("a question of no Characteristic")
        return [{"extra_question": {"kinds": kinds}}]

    # -- the Bureau Deck --
    def fetch_with_kw(self, c: list[Any]) -> dict[str, Any]:
        return {"keyword": next(x for x in c if isinstance(x, list))}

    def fetch_activator(self, c: list[Any]) -> dict[str, Any]:
        return {"activator": str(next(x for x in c if isinstance(x, Token) and x.type == "KW")).title()}

    def fetch_many(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Search through your Bureau Deck and add any two Combat cards to your hand": that many, each seen by
        the searcher alone."""
        count = _ints(c)[0]
        if count < 2:
            raise ValueError("one card found is the fetch family's")
        kind = _kind(c)
        kws = next((x for x in c if isinstance(x, list)), None)
        return [{"_fetch_many": {"count": count, **({"type": kind} if kind else {}),
                                 **({"keyword": kws} if kws else {})}}]
