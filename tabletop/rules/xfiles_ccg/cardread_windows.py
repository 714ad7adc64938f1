"""The grammar's reader for cards acting on hands, Bureau Decks and Discard Piles (the `// -- windows --` block of
`cardtext.lark`): a discard of the opponent's choosing among cards its player was shown, the top cards looked at and
put back in any order, cards pushed off a deck, Discard Piles shuffled back. A part of `cardtext._Read`.
"""

from __future__ import annotations

from typing import Any

from .cardmeaning import Meaning

__all__ = ["WindowsReader"]

#: the most cards a choice of "X cards from your hand" takes (more than any hand holds)
HAND_MOST = 60


def _ints(c: list[Any]) -> list[int]:
    return [x for x in c if isinstance(x, int) and not isinstance(x, bool)]


class WindowsReader:
    """Tree -> meanings and steps for the families of the `windows` block (mixed into the grammar's Transformer)."""

    def seen_discard(self, c: list[Any]) -> Meaning:
        """"Your opponent must discard two cards from their hand (your choice)": a choice of its own, made once
        the steps before ran ("examine your opponent's hand"), among the cards of that hand its player sees now;
        that many, or as many as the hand holds."""
        chosen = {"select": {"zone": "hand", "owner": "opponent", "seen": True}, "count": _ints(c)[0]}
        return Meaning(targets={"discarded": chosen}, steps=[{"discard_card": {"target": "discarded"}}],
                       when="resolved", starts=True)

    def look_top_own(self, c: list[Any]) -> list[dict[str, Any]]:
        """"look at the top three cards of your Bureau deck": its player alone sees them (and they are the ones a
        later "place them back in any order" orders)."""
        return [{"peek_top": {"count": _ints(c)[0]}}]

    def reorder_looked(self, c: list[Any]) -> Meaning:
        """"Then, you may place them back in any order": a choice of its own once they were seen, the cards chosen
        put back on top in the order chosen (the first on top); none chosen, the order stays."""
        chosen = {"select": {"zone": "deck", "owner": "you", "looked": True}, "count": {"min": 0, "max": HAND_MOST}}
        return Meaning(targets={"ordered": chosen}, steps=[{"restack": {"target": "ordered"}}], when="resolved",
                       starts=True)

    def push_top(self, c: list[Any]) -> list[dict[str, Any]]:
        """"gently push two cards off the top of your opponent's Bureau deck": they go to that player's Discard
        Pile (said again by "The two cards are discarded")."""
        return [{"discard_top": {"seat": "opponent", "count": _ints(c)[0]}}]

    def pushed_discarded(self, c: list[Any]) -> Meaning:
        """"The two cards are discarded": the cards pushed off a deck by the step before, that many."""
        return Meaning(steps=[{"_pushed_discarded": {"count": _ints(c)[0]}}])

    def swap_x_cards(self, c: list[Any]) -> Meaning:
        """"Discard X cards from your hand to draw X cards from the top of your Bureau deck": the cards its player
        chooses (none or more), then as many drawn."""
        chosen = {"select": {"zone": "hand", "owner": "you", "not": "source"}, "count": {"min": 0, "max": HAND_MOST}}
        return Meaning(targets={"swapped": chosen}, steps=[{"discard_card": {"target": "swapped"}},
                                                           {"draw_per": {"per": "swapped"}}])

    def restack_theirs(self, c: list[Any]) -> list[Any]:
        """"choose any three cards from your opponent's discard pile and place them in any order on top of his
        Bureau Deck": that many (or as many as there are), the first chosen on top."""
        chosen = {"select": {"zone": "discard", "owner": "opponent"}, "count": _ints(c)[0]}
        return [Meaning(targets={"stacked": chosen}, steps=[{"restack": {"target": "stacked"}}])]

    def show_lead(self, c: list[Any]) -> Meaning:
        """"Show this card to your opponent to ...": the card played (shown as every card played is)."""
        return Meaning()

    def retrieve_kw(self, c: list[Any]) -> dict[str, Any]:
        return {"keyword": next(x for x in c if isinstance(x, list))}

    def retrieve_activator(self, c: list[Any]) -> dict[str, Any]:
        return {"activator": str(c[0]).title()}

    def shuffle_back_words(self, c: list[Any]) -> str:
        return "back"

    def retrieve_all(self, c: list[Any]) -> list[Any]:
        """"retrieve all Keyword RESOURCE cards from your Discard Pile (and shuffle them back into your Bureau
        Deck)": every such card there, shuffled into its player's Bureau Deck (said in this sentence or the
        next); alone, the step goes nowhere and the compiler refuses it."""
        what = next(x for x in c if isinstance(x, dict))
        return [{"_retrieve": {"select": what, "back": "back" in c}}]

    def shuffle_them_back(self, c: list[Any]) -> Meaning:
        """"Shuffle them back into your Bureau Deck (and discard this card)": the cards retrieved before."""
        return Meaning(steps=[{"_shuffle_back": {"discard": "self" in c}}])

    def and_discard_self(self, c: list[Any]) -> str:
        return "self"

    def self_discarded(self, c: list[Any]) -> Meaning:
        """"Discard this card" said alone: an Event played goes to its Discard Pile once it resolved (the compiler
        takes it only after a retrieve, the one place this block knows it is so)."""
        return Meaning(steps=[{"_self_discarded": {}}])

    # -- cards on the chain --
    def negate_forcing(self, c: list[Any]) -> list[dict[str, Any]]:
        """"negate any one card that requires them to make a non-combat skill check": an opponent's card on the chain
        whose text makes a Team make a check of a skill that is no Combat skill."""
        return [{"negate": {"select": {"forces_check": "non_combat", "played_by": "opponent"}}}]

    def negate_one_of(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Negate one of these cards (your choice): 'A', 'B' or 'C'": a card on the chain with one of the titles."""
        return [{"negate": {"select": {"titles": [str(x).strip("'").strip() for x in c]}}}]

    def swap_keyword(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Change one Keyword to any other one Keyword on a card played by your opponent": the card, one of its
        Keywords, then another Keyword of the game, chosen; for as long as the card stays (or the duration said)."""
        return [{"_swap_keyword": {}}]

    def lasts_turn(self, c: list[Any]) -> Meaning:
        """"This effect lasts until the end of the turn": the Keyword changed by the sentence before."""
        return Meaning(steps=[{"_swap_for_turn": {}}])

    def draw_then_place(self, c: list[Any]) -> list[Any]:
        """"draw four cards, then place any two cards from your hand on top of your Bureau deck or in your discard
        pile": the cards drawn; then, for each card placed, an ability of its own (chosen once the cards are in the
        hand): a card of the hand, then on top of the Bureau Deck or to the Discard Pile."""
        drawn, placed = _ints(c)[:2]
        one = {"select": {"zone": "hand", "owner": "you", "not": "source"}, "count": 1}
        place = {"when": "resolved", "targets": {"placed": one},
                 "do": [{"choose": [[{"restack": {"target": "placed"}}], [{"discard_card": {"target": "placed"}}]]}]}
        return [Meaning(steps=[{"draw": {"count": drawn}}], standing=[dict(place) for _ in range(placed)])]

    def fetch_discard_kw(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Select one card from your Discard Pile with the Keyword CONSPIRACY and place it in your hand"."""
        return [{"fetch": {"from": "discard", "keyword": next(x for x in c if isinstance(x, list))}}]

    def no_use_turn(self, c: list[Any]) -> Meaning:
        """"You cannot use the card this turn": the card taken into the hand just before is not played this turn."""
        return Meaning(steps=[{"_no_use_turn": {}}])

