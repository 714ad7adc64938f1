"""The engine's fast path for search: apply an action with its automatic follow-ups, and nothing else.

`Session.submit` resolves handles, checks permission and the rules, words and logs every entry and works out who saw
what: all needed at a table, none in a bot's imagined playout, where the moves come from the ruleset's own generator
and nobody reads the log. `step` is the same reduce and the same follow-ups (`Ruleset.after`, bounded as the session
bounds them), with no log, no view and no message words (its transactions are quiet: they keep no notes, and
keep their changes of rule state and player counters as undo records, not events: `Tx.undo`);
tests/rules/search/test_fast.py plays the same moves through both doors and compares the tables. Used only by bots,
on forked states (`GameState.fork`); a table it steps keeps `GameState.derived`, what the rules work out of it between
actions (every change of such a table comes through here, and its rules see every action's events in `after`).
"""

from __future__ import annotations

from typing import Any

from ...core.actions import Action
from ...core.reducer import reduce_table, reduce_tx
from ...core.session import MAX_CONSEQUENCES
from ...core.state import GameState
from ...core.tx import ActionError, Tx

__all__ = ["step"]


def step(state: GameState, rules: Any, action: Action, seat: int | None, *, check: bool = False) -> bool:
    """Apply `action` for `seat` and its automatic follow-ups; False (and the state as it was) when it cannot be.

    `check`: ask the ruleset's check first, refusing what strict mode would refuse (a playout of generated moves
    needs no check: the generator lists legal moves)."""
    if check and state.enforcement == "strict" and rules.check(state, action, seat):
        return False
    derived = state.derived
    if derived is None:  # this table is now the fast path's: the rules may keep what they work out of it
        derived = state.derived = {}
    tx = Tx(state, True)  # `reduce_tx(state, action, seat, rules, quiet=True)`, without the call
    try:
        if not rules.reduce(state, action, seat, tx):
            reduce_table(tx, action, seat)
    except ActionError:
        tx.rollback()
        return False
    except BaseException:
        tx.rollback()
        raise
    start_seq = state.seq
    state.seq += 1  # one log entry per applied action, as the session numbers them (rules may read the number)
    if state.enforcement == "off":
        derived.clear()  # events the rules did not see
        return True
    follows = rules.after(state, tx.events, seat)
    if not follows:
        return True
    done = [tx]
    pending = list(follows)
    count = 0
    try:
        while pending and count < MAX_CONSEQUENCES:
            follow, who = pending.pop(0)
            tx = reduce_tx(state, follow, who, rules, quiet=True)
            state.seq += 1
            done.append(tx)
            count += 1
            more = rules.after(state, tx.events, who)
            if more:
                pending = [*more, *pending]
    except ActionError:
        for tx in reversed(done):  # its events, rule state and counters undone (`Tx.rollback`)
            tx.rollback()
        state.seq = start_seq
        derived.clear()  # what the rules kept may be of a table the revert undid
        return False
    return True
