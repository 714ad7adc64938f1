"""What happens next in `xfiles-fan`: the engine's own steps and whom the game waits on, as functions of the table.

Both read the rule state alone (`state.rules`: the phase, the pending decisions, a card text's pending choice, the
round), so the ruleset takes them as they are (`XFilesFan.after`, `XFilesFan.waiting_for`).
"""

from __future__ import annotations

from collections.abc import Iterable

from ...core.actions import Action
from ...core.events import Event
from ...core.state import GameState
from .actions import EndPeriod, ScoreRound, StartPeriod
from .common import seated

__all__ = ["after", "waiting_for"]

#: the automatic steps, each one frozen instance: one is taken after most rounds
_START_PERIOD, _SCORE_ROUND, _END_PERIOD = StartPeriod(), ScoreRound(), EndPeriod()


def after(state: GameState, events: list[Event], seat: int | None) -> Iterable[tuple[Action, int | None]]:
    """The step the engine takes by itself now: a period starts, a round is scored, a period ends (or none)."""
    r = state.rules
    if "phase" not in r or r.get("over") or r.get("pending"):
        return ()
    fx = r.get("effects")
    if fx and fx.get("pending"):  # a choice a card's text asks for comes first
        return ()
    phase = r.get("phase")
    if phase == "period_start":
        return [(_START_PERIOD, None)]
    if phase == "play":
        if r.get("round_over"):
            return [(_SCORE_ROUND, None)]
        if r.get("deck_out") and not r.get("round"):
            return [(_END_PERIOD, None)]
    return ()


def waiting_for(state: GameState) -> list[int]:
    """The seats the game waits on: those with a pending decision, else the seat whose turn it is."""
    r = state.rules
    if "phase" not in r or r.get("over"):
        return []
    fx = r.get("effects")
    if fx and fx.get("pending"):  # a choice a card's text asks for comes first
        first = fx["pending"][0]
        return [first["seat"]] if seated(state, first.get("seat")) else []
    pending = r.get("pending")
    if pending:
        waiting = []
        for p in pending:  # a loop, not a comprehension's call, nor the list `seats` builds
            who = p.get("seat")
            if who not in waiting and seated(state, who):
                waiting.append(who)
        if waiting:
            return waiting
    turn = r.get("turn")
    if turn is not None and r.get("phase") == "play" and not r.get("round_over"):
        for p in state.players:  # `turn in state.seats`, asked after every action: without the list
            if p.seat == turn:
                return [turn]
    return []
