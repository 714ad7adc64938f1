"""The kit's default hidden-card sampler: deal every card a seat cannot see, consistently with what it knows.

A seat knows its own deck list, so its own unseen cards are exactly its list less the cards of it that it sees now,
dealt at random among its hidden pieces. An opponent's unseen cards are drawn from the loaded card pool (every card
of the sets the seat's own cards come from): no deck list of theirs is used, since the rules keep it secret. A
card is drawn for a zone only from the card types the seat's own zone of the same kind holds (an X-File zone gets
X-Files, a hand what hands hold), so a dealt table is one the rules can play on. A ruleset may give its own
`sample_hidden(state, seat, rng, know)` (see `search.hooks`).

What to deal where is worked out once per decision (`Deal`), so each of a search's many deals only draws.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ...core.state import GameState

__all__ = ["CardPool", "Deal", "sample_hidden"]


class CardPool:
    """The cards a seat's sampler deals from, with their types (read once per bot from the ruleset's library)."""

    def __init__(self, rules: Any, deck: list[str]) -> None:
        library = getattr(rules, "card_library", None) or getattr(rules, "library", None)
        self.types: dict[str, str] = {}
        if library is not None:
            sets = {ref.split("/", 1)[0] for ref in deck}
            for name in sorted(sets):
                card_set = library.sets.get(name)
                for card in (card_set.cards.values() if card_set is not None else ()):
                    self.types[card.ref] = card.type
        for ref in deck:  # a card of a set the library lacks is still the seat's own card
            self.types.setdefault(ref, "")
        self.refs = sorted(self.types)
        self._by_types: dict[frozenset[str], list[str]] = {}

    def of_types(self, types: frozenset[str]) -> list[str]:
        """The pool's cards of these types (all of them when none is known)."""
        found = self._by_types.get(types)
        if found is None:
            found = [r for r in self.refs if self.types[r] in types] if types else []
            self._by_types[types] = found or self.refs
            found = self._by_types[types]
        return found


def _kind(zone: Any) -> str:
    return zone.kind or zone.name.split(":")[0]


class Deal:
    """Where a seat's hidden cards are and what each may be, found once from a table as the seat knows it."""

    def __init__(self, state: GameState, seat: int, know: dict[str, Any], pool: CardPool) -> None:
        pieces = state.pieces
        own_seen: Counter[str] = Counter()
        self.own: list[str] = []
        others: list[tuple[str, str]] = []
        kind_types: dict[str, set[str]] = {}
        types = pool.types
        for zone in state.zones.values():
            kind = _kind(zone)
            for pid in zone.pieces:
                p = pieces[pid]
                if p.kind != "card":
                    continue
                owner = p.owner if p.owner is not None else zone.owner
                if p.card is None:
                    (self.own.append(pid) if owner == seat else others.append((pid, kind)))
                    continue
                if owner == seat:
                    own_seen[p.card] += 1
                if zone.owner == seat:
                    kind_types.setdefault(kind, set()).add(types.get(p.card, ""))
        self.unseen = sorted((Counter(know["deck"]) - own_seen).elements())
        for zone in state.zones.values():  # an own zone of hidden cards holds the types of the unseen own cards
            if zone.owner == seat and any(pieces[pid].card is None for pid in zone.pieces):
                kind_types.setdefault(_kind(zone), set()).update(types.get(r, "") for r in self.unseen)
        self.others = [(pid, pool.of_types(frozenset(kind_types.get(kind, ())))) for pid, kind in others]
        self.pool = pool.refs

    def __call__(self, state: GameState, rng: random.Random) -> None:
        """Give every hidden card of `state` (a fork of the table this deal was made from) a card, in place."""
        pieces = state.pieces
        unseen = self.unseen.copy()
        rng.shuffle(unseen)
        for pid in self.own:
            pieces[pid].card = unseen.pop() if unseen else rng.choice(self.pool)
        for pid, cards in self.others:
            pieces[pid].card = rng.choice(cards)


def sample_hidden(state: GameState, seat: int, rng: random.Random, know: dict[str, Any], pool: CardPool) -> None:
    """Give every card of `state` with no card (hidden from `seat`) a card, in place (see the module)."""
    Deal(state, seat, know, pool)(state, rng)
