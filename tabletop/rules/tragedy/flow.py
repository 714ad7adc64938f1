"""What happens next in Tragedy: the engine's own steps (an unattached card removed, the latest Act resolving, the
next Step), a function of the table alone, so the ruleset takes it as it is (`Tragedy.after`)."""

from __future__ import annotations

from collections.abc import Iterable

from ...core.actions import Action
from ...core.events import Event
from ...core.state import GameState
from .actions import Advance, RemoveFromPlay, Resolve
from .model import HOST_ROLE, STEPS
from .table import in_play, priority, role_of, stack, step

__all__ = ["after"]


def after(state: GameState, events: list[Event], seat: int | None) -> Iterable[tuple[Action, int | None]]:
    """The step the engine takes by itself now: a Prop or Set Piece with no host leaves play, else (nobody holding
    priority, no effect being applied) the latest Act resolves, or with the Stack empty the next Step begins."""
    r = state.rules
    if r.get("over") or "step" not in r:
        return ()
    for role in HOST_ROLE:
        for pid in in_play(state, None, role):
            host = state.pieces[pid].attached_to
            if host is None or role_of(state, host) != HOST_ROLE[role]:
                return [(RemoveFromPlay(pid), None)]
    if r.get("effect") or priority(state) is not None:
        return ()
    acts = stack(state)
    if acts:
        return [(Resolve(acts[-1]["piece"]), None)]
    nxt = STEPS[(STEPS.index(step(state)) + 1) % len(STEPS)]
    return [(Advance(nxt), None)]
