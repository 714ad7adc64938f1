"""How the compiler places the steps of the Agent, Equipment and Adversary families (`cardread_cards`) in an
ability: each a function of the ability being assembled, its step's arguments and the sentence's duration
(cards block).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

__all__ = ["CARD_STEPS"]


def _self_add(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"Discard a token to add 1 to Follmer's BUREAUCRACY or OBSERVATION skill": an Agent's own skill, in a skill
    check of one of those skills that the Agent helps make."""
    if ability.kind != "agent" or ability.when != "event:use":
        raise ValueError("an Agent's own skill, raised by an ability of the Agent's card used from play")
    ability._condition({"self_in_check": True})
    ability.steps.append(ability._resolved({"check_mod": {"amount": args["amount"], "skill": args["skill"]}},
                                           until))


def _not_over(ability: Any, args: list[list[str]], until: str | None) -> None:
    """"This card cannot be played over Agent Alex Krycek": the Agent chosen (to fight alone, or the target) is
    never one of those named."""
    target = next((t for t in ("fighter", "agent", "combatant") if t in ability.targets), None)
    if target is None:
        raise ValueError("no Agent chosen that the names restrict")
    spec = copy.deepcopy(ability.targets[target])
    spec["select"]["not_agent_named"] = args
    ability.targets[target] = spec


def _gear_any(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"Discard this card to add two to any of the Agent's skills": its holder's, in a skill check of any skill the
    holder helps make."""
    if ability.kind != "equipment":
        raise ValueError("'the Agent' of a card that is no Equipment")
    ability._condition({"holder_in_check": True})
    ability.steps.append(ability._resolved({"check_mod": {"amount": args["amount"]}}, until))


def _fetch(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """A card found in the Bureau Deck with selectors the fetch step itself does not write ("any Site that asks a
    MOTIVE or METHOD question", "that increases CRIMINAL INVESTIGATION skill", "of cost not higher than 2 [RP]")."""
    ability.steps.append(ability._resolved(args["step"], until))
    spec = copy.deepcopy(ability.targets["fetched"])
    spec["select"].update(args["more"])
    ability.targets["fetched"] = spec


def _your_turn(ability: Any, args: Any, until: str | None) -> None:
    """"... any time you are the active player": used in its player's own turn."""
    ability._condition({"your_turn": True})


def _sweep(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"Any Witness RESOURCE cards are immediately discarded": every such card in play, whoever's."""
    select = {"zone": ["bureau", "field", "hospital"], "keyword": args["keyword"], "owner": "any",
              **({"type": args["type"]} if args.get("type") else {})}
    ability.targets["swept"] = {"select": select, "count": "all"}
    ability.steps.append({"discard_card": {"target": "swept"}})


def _free_site(ability: Any, args: Any, until: str | None) -> None:
    """"Discard a token to play a Site for zero [RP] cost": in its player's turn, from the Briefing to the Case
    Assignment, with a Site in hand; the next Site placed costs nothing."""
    for cond in ({"your_turn": True}, {"in_step": ["buy", "requisition", "deployment", "sites"]},
                 {"site_in_hand": True}):
        ability._condition(cond)
    ability.steps.append({"free_site": {}})


#: the compiler's placing of each step a `cardread_cards` reader writes, by the step's name
CARD_STEPS: dict[str, Callable[[Any, Any, str | None], None]] = {
    "_self_add": _self_add, "_not_over": _not_over, "_gear_any": _gear_any, "_fetch": _fetch,
    "_your_turn": _your_turn, "_sweep": _sweep, "_free_site": _free_site,
}
