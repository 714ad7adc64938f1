"""Tragedy's move lister: every move a seat may make now (for bots, the search and the window), and what it plays.

`Moves` is a part with explicit inputs: the card lookup (a card's Roles and whether it has a Value); the rule state
it reads through the functions of `table.py`.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...core.actions import Action
from ...core.state import GameState
from .actions import EffectDone, PassPriority, PlayCard, Score
from .cards import TragedyCards
from .model import HOST_ROLE, is_tapped
from .table import active, attachments, in_play, priority, stack, step

__all__ = ["Moves"]


class Moves:
    """`generate_actions` (every legal move of a seat) and `legal_paths` (where a move's cards go)."""

    def __init__(self, cards: TragedyCards) -> None:
        self.has_value, self.roles = cards.has_value, cards.roles

    def generate_actions(self, state: GameState, seat: int | None) -> Iterator[Action]:
        """Every move `seat` may make now: say an effect is done, or pass, score and play cards while it has priority."""
        r = state.rules
        if seat is None or r.get("over") or "step" not in r:
            return
        effect = r.get("effect")
        if effect:
            if effect.get("seat") == seat:
                yield EffectDone()
            return
        if priority(state) != seat:
            return
        yield PassPriority()
        if step(state) == "performance" and seat == active(state) and not r.get("scored"):
            yield from self._scores(state, seat)
        yield from self._plays(state, seat)

    def _scores(self, state: GameState, seat: int) -> Iterator[Score]:
        """Each pair of an untapped Actor and Set of `seat` that can score (every card of it has a Value)."""
        actors = [a for a in in_play(state, seat, "Actor") if self._ready(state, a, "Prop")]
        sets = [s for s in in_play(state, seat, "Set") if self._ready(state, s, "Set Piece")]
        for a in actors:
            for s in sets:
                if all(self.has_value(state, q) for q in (a, s, *attachments(state, a, "Prop"),
                                                          *attachments(state, s, "Set Piece"))):
                    yield Score(a, s)

    def _plays(self, state: GameState, seat: int) -> Iterator[PlayCard]:
        """Each card of the Hand as each Role it may be played as now (staging only in Enter Stage, Stack empty)."""
        staging = step(state) == "enter_stage" and not stack(state)
        hosts: dict[str, list[str]] = {}
        if staging:
            for role in HOST_ROLE:
                hosts[role] = [h for h in in_play(state, None, HOST_ROLE[role])
                               if not attachments(state, h, role)]
        for pid in list(state.zones[f"hand:{seat}"].pieces):
            if not self.has_value(state, pid):
                continue  # 0000.2.5: a card without a Value cannot be played
            for role in self.roles(state, pid):
                if role == "Act":
                    yield PlayCard(pid, "Act")
                elif not staging:
                    continue
                elif role in HOST_ROLE:
                    yield from (PlayCard(pid, role, h) for h in hosts[role])
                else:
                    yield PlayCard(pid, role)

    def legal_paths(self, state: GameState, action: Action, seat: int | None) -> list[tuple[str, str | None]]:
        """The cards a legal move plays and where to (for the window's glow): a played card goes to its player's
        Stack; scoring taps the Actor and the Set where they are; passing plays no card."""
        if isinstance(action, PlayCard):
            return [(action.piece, f"stack:{seat}")]
        if isinstance(action, Score):
            return [(action.actor, None), (action.set, None)]
        return []

    def _ready(self, state: GameState, pid: str, extra: str) -> bool:
        return not any(is_tapped(state.pieces[q]) for q in [pid, *attachments(state, pid, extra)])
