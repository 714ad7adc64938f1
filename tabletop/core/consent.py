"""Who must agree to an undo: the rule that keeps undo from being a way to fish for secrets.

Undoing an action another seat took needs that seat. Undoing past the point where the undoing seat learned hidden
information needs the seats the information belongs to: a card it saw (look, search, reveal, draw), and what a
ruleset told it privately (a note with a `private` audience, e.g. the answer to a question about another seat's
X-File). Undoing the action that ended the game (`rules["over"]` set) needs every seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .events import Note, RuleStateChanged
from .state import EVERYONE, GameState

if TYPE_CHECKING:
    from .session import LogEntry

__all__ = ["undo_consent"]


def undo_consent(state: GameState, entry: LogEntry, seat: int) -> frozenset[int]:
    """The seats (never `seat` itself) that must agree before `seat` takes back `entry`, the last undoable one."""
    needs: set[int] = set()
    if entry.seat is not None and entry.seat != seat:
        needs.add(entry.seat)
    needs |= _cards(state, entry, seat)
    others = set(state.seats) - {seat}
    for event in entry.events:
        if type(event) is Note and event.private is not None and seat in event.private:
            # told to `seat` and to the seats whose secret it is (the asked seat); told to it alone: every other
            told = set(event.private) - {seat}
            needs |= told if told else others
        elif type(event) is RuleStateChanged and event.key == "over" and event.new and not event.old:
            needs |= others  # a game that ended is every seat's result
    needs.discard(seat)
    return frozenset(needs)


def _cards(state: GameState, entry: LogEntry, seat: int) -> set[int]:
    """The seats whose cards' secrecy the undo touches: `seat` learned them, or would see them again, or would
    give another seat back sight of them (the seats that could see each card before, or every other seat when
    nobody could, e.g. a deck; and the card's owner)."""
    needs: set[int] = set()
    pids = [p for p in entry.seen if p in state.pieces and state.pieces[p].kind == "card"]
    if not pids:
        return needs
    now = {p: state.visible_to(state.pieces[p]) for p in pids}
    for event in reversed(entry.events):
        event.revert(state)
    try:
        before = {p: state.visible_to(state.pieces[p]) for p in pids if p in state.pieces}
        owners = {p: state.pieces[p].owner for p in before}
    finally:
        for event in entry.events:
            event.apply(state)
    others = set(state.seats) - {seat}
    for p, was in before.items():
        learned = seat in entry.seen[p] and seat not in was
        regained = seat in was and seat not in now[p] and EVERYONE not in was
        if learned or regained:
            keepers = set(was) - {EVERYONE, seat}
            needs |= keepers if keepers else others
            if owners[p] is not None and owners[p] != seat:
                needs.add(owners[p])
        if EVERYONE not in was and any(r != seat and r not in now[p] for r in was):
            # another seat would see the card again (its look undone by a shuffle's undo): the seats that never
            # saw it must agree, so two seats cannot hand a secret back to each other
            needs |= set(state.seats) - set(was)
    return needs
