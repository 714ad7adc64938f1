"""What the card browser asks of the card search: cards found by a typed query and the menus' filters, sorted.

The words and filters a person types are read by `tabletop.cards.search` (the same search as `tabletop cards
search`); the menus add `type:` and `set:` filters to it, and the sort menu orders what it found.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards.search import QueryError, card_index

if TYPE_CHECKING:
    from ...cards import CardDef, CardLibrary

__all__ = ["SORTS", "CardFinder"]

#: The browser's sort menu: best match keeps the search's order (name matches first).
SORTS = ("Sort: best match", "Sort: name", "Sort: type", "Sort: cost")


class CardFinder:
    """The browser's window on the card index: the menus' choices, a sorted search, a row of text per card."""

    def __init__(self, library: CardLibrary) -> None:
        self.library = library
        self.problem = ""  # why the last query could not be read

    def types(self) -> list[str]:
        return sorted({c.type for c in self.library if c.type}, key=str.lower)

    def sets(self) -> list[str]:
        return sorted({c.set for c in self.library}, key=str.lower)

    def find(self, text: str, *, kind: str | None = None, set_name: str | None = None,
             sort: str = SORTS[0]) -> list[CardDef]:
        """Every card the query and the menus allow, in the sort asked for ([] and `problem` set on a bad query)."""
        parts = [text.strip()]
        if kind:
            parts.append(f'type:"{kind}"')
        if set_name:
            parts.append(f'set:"{set_name}"')
        try:
            found = card_index(self.library).search(" ".join(p for p in parts if p))
        except QueryError as e:
            self.problem = str(e)
            return []
        self.problem = ""
        if sort == "Sort: name":
            found.sort(key=lambda c: (c.name.lower(), c.ref))
        elif sort == "Sort: type":
            found.sort(key=lambda c: (c.type.lower(), c.name.lower()))
        elif sort == "Sort: cost":
            found.sort(key=lambda c: (_cost_key(c), c.name.lower()))
        return found

    @staticmethod
    def row(card: CardDef) -> str:
        cost = card.fields.get("cost")
        bits = [card.name, card.type or "card"]
        if cost is not None and cost != "":
            bits.append(f"cost {cost}")
        return " · ".join(bits) + f"  ({card.set})"


def _cost_key(card: CardDef) -> tuple[int, float]:
    """Cards with a numeric cost first, cheapest first; then costs like X; then cards with none."""
    cost = card.fields.get("cost")
    if isinstance(cost, (int, float)) and not isinstance(cost, bool):
        return (0, float(cost))
    return (1, 0.0) if cost not in (None, "") else (2, 0.0)
