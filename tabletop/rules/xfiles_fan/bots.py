"""The `greedy` bot for `xfiles-fan`: take rounds worth points, dump rounds worth less, value cards in its favour.

Registered in `tabletop.rules.bots.GREEDY` by the package, so `make_bot("greedy", ruleset)` finds it. It reads only
its legal actions, its own hand and the public round.
"""

from __future__ import annotations

import random

from ...core.actions import Action
from ...core.state import GameState
from ..base import Ruleset
from .actions import ChooseFirst, ChooseValue, DiscardCards, Exchange, NoAction, Pass, PlayAction, PlayCard

__all__ = ["XFilesFanGreedy"]


class XFilesFanGreedy:
    """Greedy X-Files Fan play: the best-scoring legal card now, Conclusions when the round is worth taking."""

    name = "greedy"

    def __init__(self, ruleset: Ruleset, seed: int = 0) -> None:
        self.ruleset = ruleset
        self.rng = random.Random(seed)

    def choose(self, state: GameState, seat: int) -> Action | None:
        from .ruleset import XFilesFan

        rules = self.ruleset
        assert isinstance(rules, XFilesFan)
        legal = list(rules.generate_actions(state, seat))
        if not legal:
            return None
        if type(legal[0]) is PlayCard:  # a turn lists plays only (or Pass alone): the common case, decided at once
            return self._best_play(state, legal)
        for a in legal:
            if isinstance(a, ChooseFirst) and a.seat == seat:
                return a
        values = [a for a in legal if isinstance(a, ChooseValue)]
        if values:
            rnd = state.rules.get("round") or []
            mine = bool(rnd) and rnd[-1].get("seat") == seat
            return max(values, key=lambda a: a.value if mine else -a.value)
        plays = [a for a in legal if isinstance(a, PlayCard)]
        if plays:
            return self._best_play(state, plays)
        discards = [a for a in legal if isinstance(a, DiscardCards)]
        if discards:
            return min(discards, key=lambda a: sum(self._points(state, p) for p in a.pieces))
        for kind in (PlayAction, NoAction, Exchange, Pass):
            for a in legal:
                if isinstance(a, kind) and (kind is not Exchange or not a.give):
                    return a
        return legal[0]

    def _best_play(self, state: GameState, plays: list[Action]) -> Action:
        rules = self.ruleset
        running = sum(rules.round_value(state, e) or 0 for e in state.rules.get("round") or [])  # type: ignore
        return max(plays, key=lambda a: self._worth(state, a.piece, running))  # type: ignore[attr-defined]

    def _points(self, state: GameState, pid: str) -> int:
        return _points(self.ruleset.info(state, pid).points)  # type: ignore[attr-defined]

    def _worth(self, state: GameState, pid: str, running: int) -> float:
        info = self.ruleset.info(state, pid)  # type: ignore[attr-defined]
        points = _points(info.points)
        if info.type == "conclusion":
            total = running + points
            # take a round worth something; otherwise keep it going
            return 100 + total if total > 0 else points - 50
        return points + self.rng.random() * 0.1


def _points(points: object) -> int:
    """A card's points as the bot counts them: a chosen value counts +5 (positive), -5 (negative) or 0."""
    if isinstance(points, int):
        return points
    return {"positive": 5, "negative": -5}.get(str(points), 0)
