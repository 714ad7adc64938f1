"""Tragedy's flow: the automatic actions after each move, and the moves a seat may make now (for bots and the UI)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...core.actions import Action
from ...core.events import Event
from ...core.state import GameState
from .actions import Advance, EffectDone, PassPriority, PlayCard, RemoveFromPlay, Resolve, Score
from .model import HOST_ROLE, STEPS, is_tapped
from .state import RuleState

__all__ = ["Flow"]


class Flow(RuleState):
    """What happens by itself (a Stack resolving, the next Step) and what a player may do (`generate_actions`)."""

    # -- after: automatic actions --

    def after(self, state: GameState, events: list[Event], seat: int | None) -> Iterable[tuple[Action, int | None]]:
        r = state.rules
        if r.get("over") or "step" not in r:
            return ()
        for role in HOST_ROLE:
            for pid in self.in_play(state, None, role):
                host = state.pieces[pid].attached_to
                if host is None or self.role_of(state, host) != HOST_ROLE[role]:
                    return [(RemoveFromPlay(pid), None)]
        if r.get("effect") or self._priority(state) is not None:
            return ()
        stack = self._stack(state)
        if stack:
            return [(Resolve(stack[-1]["piece"]), None)]
        nxt = STEPS[(STEPS.index(self._step(state)) + 1) % len(STEPS)]
        return [(Advance(nxt), None)]

    # -- legal actions --

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
        if self._priority(state) != seat:
            return
        yield PassPriority()
        if self._step(state) == "performance" and seat == self._active(state) and not r.get("scored"):
            yield from self._scores(state, seat)
        yield from self._plays(state, seat)

    def _scores(self, state: GameState, seat: int) -> Iterator[Score]:
        """Each pair of an untapped Actor and Set of `seat` that can score (every card of it has a Value)."""
        actors = [a for a in self.in_play(state, seat, "Actor") if self._ready(state, a, "Prop")]
        sets = [s for s in self.in_play(state, seat, "Set") if self._ready(state, s, "Set Piece")]
        for a in actors:
            for s in sets:
                if all(self.has_value(state, q) for q in (a, s, *self.attachments(state, a, "Prop"),
                                                          *self.attachments(state, s, "Set Piece"))):
                    yield Score(a, s)

    def _plays(self, state: GameState, seat: int) -> Iterator[PlayCard]:
        """Each card of the Hand as each Role it may be played as now (staging only in Enter Stage, Stack empty)."""
        staging = self._step(state) == "enter_stage" and not self._stack(state)
        hosts: dict[str, list[str]] = {}
        if staging:
            for role in HOST_ROLE:
                hosts[role] = [h for h in self.in_play(state, None, HOST_ROLE[role])
                               if not self.attachments(state, h, role)]
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
        return not any(is_tapped(state.pieces[q]) for q in [pid, *self.attachments(state, pid, extra)])
