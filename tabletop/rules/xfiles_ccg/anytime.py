"""Cards played outside a skill check: "Play this card at anytime during your turn to examine your opponent's hand".

Cards are played in a skill check's window (xfc.chain.1); such a card's text overrides that (manual p.14: "When
any contradiction arises between card effects and rules, the card effect supersedes the rules"). Its player plays
it in any step of their own turn in which they decide; outside a skill check there is no window to answer in, so
it resolves at once (`resolve_now`). Its text carries the condition `any_time` (its player's own turn). The bots'
short list offers it after the step's own moves (`generators_phase`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...core.reducer import Tx
from ...core.state import GameState
from ..effects import Condition, Ctx
from .actions import PlayCard

__all__ = ["ANYTIME_CONDITIONS", "WINDOW_STEPS", "any_time_plays", "played_any_time", "resolve_now"]

#: the steps whose window a card is played into (and its chain resolved in)
WINDOW_STEPS = ("check", "aftermath")


def _cond_any_time(ctx: Ctx, args: Any) -> str | None:
    """"at anytime during your turn": its player is the Investigating Player."""
    return None if ctx.seat == ctx.ruleset.active(ctx.state) else "it is played during your own turn"


def played_any_time(rs: Any, ref: str | None) -> bool:
    """Whether a card's text says it is played at any time of its player's turn, not only in a skill check."""
    return any(c == ("any_time", True) for a in rs.card_text(ref).when("resolved") for c in a.conditions)


def any_time_plays(rs: Any, state: GameState, seat: int) -> Iterator[PlayCard]:
    """Outside a skill check, the cards of the Investigating Player's hand played at any time of their turn."""
    if seat != rs.active(state):
        return
    for pid in state.zones[f"hand:{seat}"].pieces:
        if played_any_time(rs, rs.pinfo(state, pid).ref):
            yield PlayCard(pid)


def resolve_now(rs: Any, state: GameState, tx: Tx) -> None:
    """A card played outside a skill check (on the chain alone) resolves at once: no window opens there."""
    if rs.step(state) in WINDOW_STEPS:
        return
    rs.resolve_top(state, tx)
    tx.del_rule("priority")
    tx.del_rule("passed")


ANYTIME_CONDITIONS: dict[str, Condition] = {"any_time": _cond_any_time}
