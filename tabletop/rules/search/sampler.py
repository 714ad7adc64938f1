"""The kit's default hidden-card sampler: deal every card a seat cannot see, consistently with what it knows.

A seat knows its own deck list, so its own unseen cards are exactly its list less the cards of it that it sees now,
dealt at random among its hidden pieces. An opponent's unseen cards are drawn from the loaded card pool (every card
of the sets the seat's own cards come from): no deck list of theirs is used, since the rules keep it secret. But a
player remembers what the other played: the pool (one per bot, kept through its game) notes the most copies of each
title it has seen of each opponent's at once (`CardPool.observe`, from each view the seat decides from), and an
opponent's unseen card is drawn weighted to the titles seen of theirs, the more so the more of theirs were seen
(`CardPool.likely`). A card is drawn for a zone only from the card types the seat's own zone of the same kind holds
(an X-File zone gets X-Files, a hand what hands hold), so a dealt table is one the rules can play on. A ruleset may give its own
`sample_hidden(state, seat, rng, know)` (see `search.hooks`).

What to deal where is worked out once per decision (`Deal`), so each of a search's many deals only draws.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ...core.state import GameState

__all__ = ["CardPool", "Deal", "sample_hidden"]


#: an opponent's unseen card: weight of a title seen of theirs, per copy seen (plus one), against a title never seen,
#: whose weight falls from `UNSEEN` to `UNSEEN_MIN` as `SEEN_SPAN` of their cards are seen
PER_COPY = 10
UNSEEN = 10
UNSEEN_MIN = 1
SEEN_SPAN = 24


class CardPool:
    """The cards a seat's sampler deals from, with their types (read once per bot from the ruleset's library), and
    what the seat has seen of each opponent's cards so far (`observe`)."""

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
        #: per opponent seat: the most copies of each title seen of theirs at once
        self.seen: dict[int, Counter[str]] = {}
        #: what a ruleset's hooks remember through the game (`hooks.OBSERVERS`), by name
        self.notes: dict[str, Any] = {}
        self._likely: dict[tuple[frozenset[str], int], list[str]] = {}

    def observe(self, view: dict[str, Any], seat: int) -> None:
        """Note the opponents' cards `seat`'s view shows (played, discarded face up, revealed): what a player
        remembers of the other's deck."""
        now: dict[int, Counter[str]] = {}
        for zone in view.get("zones", ()):
            for p in zone.get("pieces", ()):
                owner, card = p.get("owner"), p.get("card")
                if card and isinstance(owner, int) and owner != seat:
                    now.setdefault(owner, Counter())[card] += 1
        for owner, counts in now.items():
            seen = self.seen.setdefault(owner, Counter())
            if any(n > seen[c] for c, n in counts.items()):
                seen |= counts
                self._likely = {k: v for k, v in self._likely.items() if k[1] != owner}

    def likely(self, types: frozenset[str], owner: int | None) -> list[str]:
        """The pool's cards of these types for an unseen card of `owner`'s, each title repeated by its weight (a
        uniform draw from the list is the weighted draw): titles seen of theirs first (see the module)."""
        cards = self.of_types(types)
        seen = self.seen.get(owner) if owner is not None else None
        if not seen:
            return cards
        key = (types, owner)
        found = self._likely.get(key)
        if found is None:
            total = sum(seen.values())
            unseen = max(UNSEEN_MIN, round(UNSEEN * (1 - total / SEEN_SPAN)))
            found = self._likely[key] = [r for r in cards for _ in range(PER_COPY * (seen[r] + 1) if seen[r] else unseen)]
        return found

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
        others: list[tuple[str, str, int | None]] = []
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
                    (self.own.append(pid) if owner == seat else others.append((pid, kind, owner)))
                    continue
                if owner == seat:
                    own_seen[p.card] += 1
                if zone.owner == seat:
                    kind_types.setdefault(kind, set()).add(types.get(p.card, ""))
        self.unseen = sorted((Counter(know["deck"]) - own_seen).elements())
        for zone in state.zones.values():  # an own zone of hidden cards holds the types of the unseen own cards
            if zone.owner == seat and any(pieces[pid].card is None for pid in zone.pieces):
                kind_types.setdefault(_kind(zone), set()).update(types.get(r, "") for r in self.unseen)
        self.others = [(pid, pool.likely(frozenset(kind_types.get(kind, ())), owner)) for pid, kind, owner in others]
        self.pool = pool.refs

    def __call__(self, state: GameState, rng: random.Random) -> None:
        """Give every hidden card of `state` (a fork of the table this deal was made from) a card, in place."""
        unseen = self.unseen.copy()
        rng.shuffle(unseen)
        for pid in self.own:
            state.own(pid).card = unseen.pop() if unseen else rng.choice(self.pool)
        for pid, cards in self.others:
            state.own(pid).card = rng.choice(cards)


def sample_hidden(state: GameState, seat: int, rng: random.Random, know: dict[str, Any], pool: CardPool) -> None:
    """Give every card of `state` with no card (hidden from `seat`) a card, in place (see the module)."""
    Deal(state, seat, know, pool)(state, rng)
