"""What the card browser asks of the card search: cards found by words and filters, sorted, one row of text each."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards.search import CardIndex

if TYPE_CHECKING:
    from ...cards import CardDef, CardLibrary

__all__ = ["SORTS", "CardFinder"]

#: The browser's sort menu: its label and the key each sorts by.
SORTS = {
    "Sort: name": "name",
    "Sort: type": "type",
    "Sort: cost": "cost",
}


class CardFinder:
    """The browser's window on a `CardIndex`: the menus' choices and a row of text per card."""

    def __init__(self, library: CardLibrary) -> None:
        self.library = library
        self.index = CardIndex(library)

    def types(self) -> list[str]:
        return sorted({c.type for c in self.library if c.type}, key=str.lower)

    def sets(self) -> list[str]:
        return sorted({c.set for c in self.library}, key=str.lower)

    def find(self, text: str, *, kind: str | None = None, set_name: str | None = None,
             sort: str = "Sort: name") -> list[CardDef]:
        return self.index.search(text, type=kind, set_name=set_name, sort=SORTS.get(sort, "name"))

    def row(self, card: CardDef) -> str:
        cost = self.index.cost(card)
        bits = [card.name, card.type or "card"]
        if cost is not None:
            bits.append(f"cost {cost}")
        return " · ".join(bits) + f"  ({card.set})"
