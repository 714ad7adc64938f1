"""Seeded random games for tests: every decision of a game played by random legal moves through `Session.submit`."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from tabletop.core.actions import Action
from tabletop.core.session import Session

__all__ = ["random_decisions"]


def random_decisions(rules: Any, state: Any, seed: int, limit: int = 400
                     ) -> Iterator[tuple[int, list[Action], Action]]:
    """Each decision of a game on `state`: (the seat to move, its listed moves, the move drawn), the move then
    submitted (and required to be accepted) when the caller asks for the next; ends when nobody moves, the game is
    over or `limit` moves were played."""
    session = Session(state, rules)
    rng = random.Random(seed)
    for _ in range(limit):
        waiting = rules.waiting_for(state)
        if not waiting or state.rules.get("over"):
            return
        seat = waiting[0]
        moves = list(rules.generate_actions(state, seat))
        if not moves:
            return
        action = rng.choice(moves)
        yield seat, moves, action
        result = session.submit(action, seat)
        assert result.accepted, result.error
