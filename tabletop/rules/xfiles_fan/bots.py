"""The `greedy` bot for `xfiles-fan`: take rounds worth points, dump rounds worth less, value cards in its favour.

Registered in `tabletop.rules.bots.GREEDY` by the package, so `make_bot("greedy", ruleset)` finds it. It decides from
what its seat knows: its legal moves, the cards of its own hand and the public round. `choose_seen` reads them from
the seat's stream (its view and legal-move summary), as a bot seat at a window does; `choose` reads the same from the
table, for headless self-play. Both make the same choices and the same draws of the bot's RNG.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ...core.actions import Action
from ...core.state import GameState
from ..base import Ruleset
from ..bots import seen_moves
from .actions import (
    ChooseFirst,
    ChooseValue,
    DiscardCards,
    Exchange,
    NoAction,
    Pass,
    PlayAction,
    PlayCard,
    PlayEnvironment,
)

__all__ = ["XFilesFanGreedy"]

#: the moves taken when nothing better is offered, in order of preference (an Exchange only when it gives nothing)
_FALLBACK = (PlayAction, NoAction, Exchange, Pass)
#: every type of move the ruleset lists
_KNOWN = frozenset({ChooseFirst, ChooseValue, PlayCard, DiscardCards, PlayAction, NoAction, Exchange, Pass,
                    PlayEnvironment})


class XFilesFanGreedy:
    """Greedy X-Files Fan play: the best-scoring legal card now, Conclusions when the round is worth taking."""

    name = "greedy"

    def __init__(self, ruleset: Ruleset, seed: int = 0) -> None:
        self.ruleset: Any = ruleset  # an XFilesFan: its card data (`card`) and round values (`round_value`)
        self.rng = random.Random(seed)

    def choose(self, state: GameState, seat: int) -> Action | None:
        """The choice from the table itself (headless self-play)."""
        rules = self.ruleset
        legal = list(rules.generate_actions(state, seat))
        if not legal:
            return None
        pieces = state.pieces

        def ref(pid: str) -> str | None:
            return pieces[pid].card

        if type(legal[0]) is PlayCard:  # a turn lists plays only (or Pass alone): the common case, decided at once
            return self._best_play(legal, self._running(state), ref)
        rnd = state.rules.get("round") or []
        last = rnd[-1].get("seat") if rnd else None
        return self._decide(legal, seat, last, lambda: self._running(state), ref)

    def choose_seen(self, view: dict[str, Any], legal: dict[str, Any] | None, seat: int) -> Action | None:
        """The same choice from the seat's stream: its legal moves, the cards its view shows, the round its status
        shows (the running score it reads is the one the HUD shows)."""
        moves = seen_moves(legal)
        if not moves:
            return None
        cards: dict[str, str | None] = {}
        for z in view.get("zones", ()):
            for p in z.get("pieces", ()):
                cards[p["id"]] = p.get("card")
        status = view.get("rules") or {}
        rnd = status.get("round") or []
        running = int(status.get("round_score") or 0)

        def ref(pid: str) -> str | None:
            return cards.get(pid)

        if type(moves[0]) is PlayCard:
            return self._best_play(moves, running, ref)
        last = rnd[-1].get("seat") if rnd else None
        return self._decide(moves, seat, last, lambda: running, ref)

    # -- the heuristic, on the moves and what the seat knows --

    def _decide(self, legal: Sequence[Action], seat: int, last: int | None, running: Callable[[], int],
                ref: Callable[[str], str | None]) -> Action:
        """Choose first, the value in the favour of the seat whose card ends the round, the best play, the cheapest
        discard, then an Action card, none, no exchange or a pass; else the first move."""
        buckets: dict[type, list[Action]] = {}
        for a in legal:  # one pass over what may be hundreds of exchanges, by exact type
            bucket = buckets.get(type(a))
            if bucket is None:
                buckets[type(a)] = [a]
            else:
                bucket.append(a)
        if buckets.keys() <= _KNOWN:  # these types subclass none of each other: `isinstance` is the exact type
            return self._decide_by_type(buckets, legal, seat, last, running, ref)
        for a in legal:
            if isinstance(a, ChooseFirst) and a.seat == seat:
                return a
        values = [a for a in legal if isinstance(a, ChooseValue)]
        if values:
            mine = last == seat
            return max(values, key=lambda a: a.value if mine else -a.value)
        plays = [a for a in legal if isinstance(a, PlayCard)]
        if plays:
            return self._best_play(plays, running(), ref)
        discards = [a for a in legal if isinstance(a, DiscardCards)]
        if discards:
            return self._cheapest(discards, ref)
        first: dict[type, Action] = {}
        for a in legal:  # one pass over what may be hundreds of exchanges
            for kind in _FALLBACK:
                if isinstance(a, kind) and kind not in first and (kind is not Exchange or not a.give):
                    first[kind] = a
        for kind in _FALLBACK:
            if kind in first:
                return first[kind]
        return legal[0]

    def _decide_by_type(self, buckets: dict[type, list[Action]], legal: Sequence[Action], seat: int,
                        last: int | None, running: Callable[[], int], ref: Callable[[str], str | None]) -> Action:
        """`_decide` on the moves sorted by type (the same choice, each kind found without a scan of all moves)."""
        for a in buckets.get(ChooseFirst, ()):
            if a.seat == seat:  # type: ignore[attr-defined]
                return a
        values = buckets.get(ChooseValue)
        if values:
            mine = last == seat
            return max(values, key=lambda a: a.value if mine else -a.value)  # type: ignore[attr-defined]
        plays = buckets.get(PlayCard)
        if plays:
            return self._best_play(plays, running(), ref)
        discards = buckets.get(DiscardCards)
        if discards:
            return self._cheapest(discards, ref)
        for kind in _FALLBACK:
            for a in buckets.get(kind, ()):
                if kind is not Exchange or not a.give:  # type: ignore[attr-defined]
                    return a
        return legal[0]

    def _cheapest(self, discards: Sequence[Action], ref: Callable[[str], str | None]) -> Action:
        """The discard that gives up the fewest points (the first of equals), each card's points read once."""
        card = self.ruleset.card
        points: dict[str, int] = {}

        def cost(a: Action) -> int:
            total = 0
            for p in a.pieces:  # type: ignore[attr-defined]
                value = points.get(p)
                if value is None:
                    value = points[p] = _points(card(ref(p)).points)
                total += value
            return total

        return min(discards, key=cost)

    def _running(self, state: GameState) -> int:
        """The round's points so far (values still to choose count 0)."""
        return self.ruleset.round_total(state, state.rules.get("round") or [])

    def _best_play(self, plays: Sequence[Action], running: int, ref: Callable[[str], str | None]) -> Action:
        card, rng = self.ruleset.card, self.rng
        best: Action | None = None
        top = 0.0
        for a in plays:
            info = card(ref(a.piece))  # type: ignore[attr-defined]
            points = _points(info.points)
            if info.type == "conclusion":
                total = running + points
                # take a round worth something; otherwise keep it going
                worth = 100 + total if total > 0 else points - 50
            else:
                worth = points + rng.random() * 0.1
            if best is None or worth > top:  # the first of equals, as max() picks
                best, top = a, worth
        assert best is not None
        return best


def _points(points: object) -> int:
    """A card's points as the bot counts them: a chosen value counts +5 (positive), -5 (negative) or 0."""
    if isinstance(points, int):
        return points
    return {"positive": 5, "negative": -5}.get(str(points), 0)
