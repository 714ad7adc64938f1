"""The order this window shows its own hand in: as held (the engine's order), or sorted by name, type or cost.

Only the window sorts: nothing is submitted, so no other seat learns that the hand was sorted, and the hand's
order at the table (what a random discard or a search would see) stays the engine's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["HAND_ORDERS", "sorted_hand"]

#: the orders O cycles through, with the words the window says for each
HAND_ORDERS: tuple[tuple[str, str], ...] = (("held", "as held"), ("name", "by name"), ("type", "by type, then name"),
                                            ("cost", "by cost, then name"))


def _number(value: Any) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return float("inf")  # no cost (or "X"): after the costed cards


def sorted_hand(pieces: Sequence[dict[str, Any]], order: str, card_of: Callable[[str], Any]) -> list[dict[str, Any]]:
    """`pieces` (the seat's hand as its view lists it) in `order`; equal cards keep the order they are held in."""
    if order == "held":
        return list(pieces)

    def name(p: dict[str, Any]) -> str:
        card = card_of(p["card"]) if p.get("card") else None
        return str(getattr(card, "name", "") or p.get("card") or "").casefold()

    def key(p: dict[str, Any]) -> tuple[Any, ...]:
        card = card_of(p["card"]) if p.get("card") else None
        if order == "type":
            return (str(getattr(card, "type", "") or "~").casefold(), name(p))
        if order == "cost":
            cost = card.get("cost") if card is not None and hasattr(card, "get") else None
            return (_number(cost), name(p))
        return (name(p),)

    return sorted(pieces, key=key)
