"""A hand sorted "in the ruleset's order" (issue 30 item 6): each ruleset's natural order of card types.

Why: by type sorts alphabetically ("Adversary, Agent, Bluff ..."), which no player of the game thinks in; the game's
order is the one its manual lists the card types in (the X-Files CCG) or its decks and rounds take them (the Fan).
"""

from __future__ import annotations

from tabletop.rules import RULESETS


def _sorted(ruleset: str, types: list[str]) -> list[str]:
    return sorted(types, key=RULESETS[ruleset].hand_rank)


def test_xfiles_ccg_sorts_by_its_manuals_card_types() -> None:
    hand = ["Agent", "Site", "Adversary", "Event", "Equipment", "Bluff", "Witness", "Combat"]
    assert _sorted("xfiles-ccg", hand) == ["Event", "Witness", "Bluff", "Equipment", "Combat", "Adversary", "Site",
                                           "Agent"]
    assert _sorted("xfiles-ccg", ["agent", "EVENT"]) == ["EVENT", "agent"]  # as printed, in any case


def test_xfiles_fan_sorts_by_round_then_deck_kinds() -> None:
    hand = ["action", "conclusion", "following", "case", "cover", "incident"]
    assert _sorted("xfiles-fan", hand) == ["case", "incident", "following", "conclusion", "action", "cover"]


def test_a_type_the_order_does_not_list_goes_after_and_no_order_is_by_type() -> None:
    assert _sorted("xfiles-ccg", ["Promo", None, "Agent"]) == ["Agent", "Promo", None]  # no type: last
    assert RULESETS["freeform"].hand_order == ()
    assert _sorted("freeform", ["Spade", "Club", "Heart"]) == ["Club", "Heart", "Spade"]
