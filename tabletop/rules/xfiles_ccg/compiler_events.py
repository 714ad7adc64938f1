"""How the compiler places the steps of the Event families (`cardread_events`) in an ability: each a function of
the ability being assembled, its step's arguments and the sentence's duration (events block).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["EVENT_STEPS"]

#: the most cards a choice "for each card discarded from your hand" takes (more than any hand holds)
HAND_MOST = 60


def _to_hand(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"return target Equipment card to the owner's hand": the card in play its player chooses; played only when
    there is one."""
    ability.targets["returned"] = {"select": dict(args), "count": 1}
    ability._condition({"has_target": "returned"})
    ability.steps.append({"to_hand": {"target": "returned"}})


def _discard_all(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"discard all Keyword RESOURCE cards in play": each one, none chosen (none there: nothing happens)."""
    ability.targets["swept"] = {"select": dict(args), "count": "all"}
    ability.steps.append({"discard_card": {"target": "swept"}})


def _fetch_many(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"add any two Combat cards to your hand": the fetch family's search, that many cards chosen."""
    count = args.pop("count")
    ability.steps.append(ability._resolved({"fetch": {"from": "deck", **args}}, until))
    ability.targets["fetched"] = {**ability.targets["fetched"], "count": count}


def _kw_discard(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"If it has the Keyword "Secret", it is discarded": the card a step before revealed to every seat."""
    shown = [s["reveal"]["target"] for s in ability.steps if "reveal" in s and s["reveal"].get("to") == "all"]
    if not shown:
        raise ValueError("nothing revealed before")
    ability.steps.append({"discard_if": {"target": shown[-1], "keyword": args["keyword"]}})


def _bluffs_out(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"Force up to two face-down Bluff cards attached to one or different Sites to be discarded": one or more,
    up to that many, beneath any Sites; played only when there is one."""
    ability.targets["bluffs"] = {"select": {"bluff": True}, "count": {"min": 1, "max": args["count"]}}
    ability._condition({"has_target": "bluffs"})
    ability.steps.append({"discard_card": {"target": "bluffs"}})


def _heal_if(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"This card heals up to two tokens of damage if the Agent has the Keyword CANCER": the heal step before
    heals that much in all when its Agent has one of the Keywords."""
    heal = next((s["heal"] for s in reversed(ability.steps) if "heal" in s), None)
    more = args["total"] - int(heal.get("amount", 1)) if heal else 0
    if heal is None or more <= 0 or not heal.get("target"):
        raise ValueError("no smaller heal before")
    ability.steps.append({"heal_if": {"target": heal["target"], "keyword": args["keyword"], "amount": more}})


def _mod_per_discard(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"gain a +1 modifier to the current Site skill check for each Site card discarded from your hand": the cards
    of that kind chosen in its player's hand (none or more) are discarded, the modifier that much for each."""
    select = {"zone": "hand", "owner": "you", "not": "source", **({"type": args["type"]} if args["type"] else {})}
    ability.targets["discarded"] = {"select": select, "count": {"min": 0, "max": HAND_MOST}}
    ability.steps.append({"discard_card": {"target": "discarded"}})
    ability.steps.append(ability._resolved({"check_mod": {"amount": args["amount"], "per": "discarded"}}, until))


def _named_out(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"If "X" is the negated card, it is removed from the game along with this card": after the negation before."""
    if not any("negate" in s and s["negate"].get("target") == "negated" for s in ability.steps):
        raise ValueError("nothing negated before")
    ability.steps.append({"named_out": {"target": "negated", "name": args["name"]}})


def _flip_mod(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"change a negative skill check modifier to a positive one": a card whose modifier in the check under way is
    negative, chosen; played only when there is one."""
    ability.targets["flipped"] = {"select": {"neg_mod": True}, "count": 1}
    ability._condition({"has_target": "flipped"})
    ability.steps.append({"flip_mod": {"target": "flipped"}})


#: the compiler's placing of each step a `cardread_events` reader writes, by the step's name
EVENT_STEPS: dict[str, Callable[[Any, Any, str | None], None]] = {
    "_to_hand": _to_hand, "_discard_all": _discard_all, "_fetch_many": _fetch_many, "_kw_discard": _kw_discard,
    "_bluffs_out": _bluffs_out, "_heal_if": _heal_if,
    "_mod_per_discard": _mod_per_discard, "_named_out": _named_out, "_flip_mod": _flip_mod,
}
