"""How the compiler places the steps of the `barred` block (`cardread_barred`) in an ability: each a function of the
ability being assembled, its step's arguments and the sentence's duration.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["BARRED_STEPS"]


def _borrow_witness(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"Take any Witness from your opponent's Discard Pile and use it for one skill check immediately at no cost":
    played (or used) in a Site's skill check while such a Witness is there, one chosen, used for that check."""
    ability.targets["borrowed"] = {"select": {"zone": "discard", "owner": args["owner"], "type": "Witness",
                                              "not": "source", "usable_witness": True}, "count": 1}
    ability._condition({"check_skill": []})
    ability._condition({"has_target": "borrowed"})
    ability.steps.append({"use_witness": {"target": "borrowed"}})


def _bar_adversaries(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"Play this card during the case assignment phase to prevent your opponent from playing any adversaries at this
    Site": one of its player's Sites placed this turn, chosen, protected at its skill check."""
    ability.targets["site"] = {"select": {"type": "Site", "placed": True, "owner": "you"}, "count": 1}
    ability._condition({"has_target": "site"})
    ability.steps.append({"bar_adversaries": {"target": "site"}})


def _on_agent(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """A step on "the Agent" the card is played on: its lead ("Play on an Agent in the Hospital") named it."""
    if "agent" not in ability.targets:
        raise ValueError("no Agent the card is played on")
    ability._condition({"has_target": "agent"})
    ability.steps.append(ability._resolved(args, until))


def _examine_remove(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"examine an opponent's hand and remove one of the cards in his hand from the game": the hand shown to its
    chooser as the choice opens (`shown`), one of its cards named and removed from the game."""
    ability.targets["removed"] = {"select": {"zone": "hand", "owner": "opponent", "shown": True}, "count": 1}
    ability._condition({"has_target": "removed"})
    ability.steps += [{"examine": {"zone": "hand", "seat": "opponent"}}, {"remove_from_game": {"target": "removed"}}]


def _force_remove(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"Force an opponent to remove one Keyword ARTIFACT card from the game": the opponent names one of its cards in
    play with the Keyword (`chooser: opponent`); played only while there is one."""
    ability.targets["removed"] = {"select": {"zone": ["bureau", "field", "hospital"], "keyword": args["keyword"],
                                             "foe_of_source": True, "chooser": "opponent"}, "count": 1}
    ability._condition({"has_target": "removed"})
    ability.steps.append({"remove_from_game": {"target": "removed"}})


def _keep_for_pay(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"Force one opponent to immediately discard their entire hand. Your opponent, at their option, may opt to pay
    3 [RP] for each card they do not want to discard": the opponent names the cards it keeps (as many as its pool
    pays for, or none), pays for them, and discards the rest."""
    at = next((i for i, s in enumerate(ability.steps) if s.get("redraw") == {"seat": "opponent", "count": 0}), None)
    if at is None:
        raise ValueError("no hand discarded before")
    ability.targets["kept"] = {"select": {"zone": "hand", "foe_of_source": True, "chooser": "opponent",
                                          "keep_paid": {"target": "kept", **args}}, "count": {"min": 0, "max": 60}}
    ability.steps[at] = {"keep_paid": {"target": "kept", **args}}


def _stays_on(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"Play on one Agent to decrease the Agent's RES value by one": the card attached to the Agent chosen."""
    if "agent" not in ability.targets:
        raise ValueError("no Agent the card is played on")
    ability._condition({"has_target": "agent"})
    ability.steps.append({"attach_to": {"target": "agent"}})


#: the compiler's placing of each step a `cardread_barred` reader writes, by the step's name
BARRED_STEPS: dict[str, Callable[[Any, Any, str | None], None]] = {"_borrow_witness": _borrow_witness,
                                                                 "_bar_adversaries": _bar_adversaries,
                                                                 "_on_agent": _on_agent,
                                                                 "_examine_remove": _examine_remove,
                                                                 "_force_remove": _force_remove,
                                                                 "_keep_for_pay": _keep_for_pay,
                                                                 "_stays_on": _stays_on}
