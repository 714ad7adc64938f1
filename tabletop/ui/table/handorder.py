"""The order this window shows its own hand in: as held (the engine's order), or sorted by name, type, cost or the
ruleset's order (its card types as its manual lists them, `Ruleset.hand_rank`).

"By name" reads playing cards (cards with a `suit` and a number `rank`) as a card player arranges them: by suit,
colours alternating (spades, hearts, clubs, diamonds), then by rank within the suit as the set counts it (the
standard set's ace 1, two ... ten, jack, queen, king), never "Seven, Six, Ten, Two" by the letters of their names.
Cards without a suit and rank (jokers, every other game's cards) follow by name. The other orders break their ties
the same way.

Only the window sorts: nothing is submitted, so no other seat learns that the hand was sorted, and the hand's
order at the table (what a random discard or a search would see) stays the engine's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["HAND_ORDERS", "SUIT_ORDER", "by_name", "sorted_hand"]

#: the orders O cycles through, with the words the window says for each
HAND_ORDERS: tuple[tuple[str, str], ...] = (("held", "as held"), ("name", "by name"), ("type", "by type, then name"),
                                            ("cost", "by cost, then name"),
                                            ("ruleset", "in the game's order of card types, then name"))

#: the suits "by name" groups playing cards in, colours alternating; another suit follows them by its name
SUIT_ORDER = ("spades", "hearts", "clubs", "diamonds")

#: (card type) -> its place in the ruleset's order (`Ruleset.hand_rank`)
Rank = Callable[[str | None], tuple[int, str]]


def _number(value: Any) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return float("inf")  # no cost (or "X"): after the costed cards


def _by_type(card_type: str | None) -> tuple[int, str]:
    return (0, (card_type or "~").casefold())


def by_name(card: Any, name: str) -> tuple[Any, ...]:
    """The "by name" key of a card called `name`: a playing card by suit, then rank; any other card after them by
    its name."""
    suit = card.get("suit") if card is not None and hasattr(card, "get") else None
    rank = card.get("rank") if card is not None and hasattr(card, "get") else None
    if isinstance(suit, str) and isinstance(rank, (int, float)) and not isinstance(rank, bool):
        place = SUIT_ORDER.index(suit.casefold()) if suit.casefold() in SUIT_ORDER else len(SUIT_ORDER)
        return (0, place, suit.casefold(), rank, name)
    return (1, 0, "", 0, name)


def sorted_hand(pieces: Sequence[dict[str, Any]], order: str, card_of: Callable[[str], Any],
                rank: Rank | None = None) -> list[dict[str, Any]]:
    """`pieces` (the seat's hand as its view lists it) in `order`; equal cards keep the order they are held in.
    `rank` places a card type in the ruleset's order (without one, "ruleset" sorts by type)."""
    if order == "held":
        return list(pieces)

    def name(p: dict[str, Any]) -> str:
        card = card_of(p["card"]) if p.get("card") else None
        return str(getattr(card, "name", "") or p.get("card") or "").casefold()

    def key(p: dict[str, Any]) -> tuple[Any, ...]:
        card = card_of(p["card"]) if p.get("card") else None
        if order == "type":
            return (str(getattr(card, "type", "") or "~").casefold(), *by_name(card, name(p)))
        if order == "ruleset":
            return (*(rank or _by_type)(getattr(card, "type", None)), *by_name(card, name(p)))
        if order == "cost":
            cost = card.get("cost") if card is not None and hasattr(card, "get") else None
            return (_number(cost), *by_name(card, name(p)))
        return by_name(card, name(p))

    return sorted(pieces, key=key)
