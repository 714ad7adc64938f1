"""Card search (interim, replaced by the card search of the deck-formats work at merge)."""

from __future__ import annotations

import re
from typing import Any

__all__ = ["CardIndex"]

_WORD = re.compile(r"[\w']+")


class CardIndex:
    def __init__(self, library: Any) -> None:
        self.cards = list(library)
        self.words = [set(_WORD.findall(f"{c.name} {c.type} {c.text}".lower())) for c in self.cards]

    def cost(self, card: Any) -> int | None:
        raw = card.fields.get("cost")
        return raw if isinstance(raw, int) and not isinstance(raw, bool) else None

    def search(self, text: str, *, type: str | None = None, set_name: str | None = None, sort: str = "name") -> list:
        terms = _WORD.findall(text.lower())
        out = [c for c, ws in zip(self.cards, self.words, strict=True)
               if (type is None or c.type == type) and (set_name is None or c.set == set_name)
               and all(any(w.startswith(t) for w in ws) for t in terms)]
        key = {"type": lambda c: (c.type, c.name), "cost": lambda c: (self.cost(c) or 0, c.name)}.get(
            sort, lambda c: c.name.lower())
        return sorted(out, key=key)
