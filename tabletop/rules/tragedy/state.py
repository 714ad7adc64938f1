"""The base the Tragedy classes not yet made parts still share: the functions of the table under their old names.

Transitional: each concern becomes a part with explicit inputs (issue #26, item 7), and this base goes with the last.
"""

from __future__ import annotations

from ...core.state import GameState
from ..kit import KitRuleset
from .table import (
    active,
    attachments,
    controller,
    holder,
    host_ok,
    in_play,
    next_seat,
    not_staging,
    priority,
    role_of,
    stack,
    step,
    waiting_for,
)

__all__ = ["RuleState"]


class RuleState(KitRuleset):
    """The table read through `table.py`; card data (`card_info`, `value`, ...) bound by `Tragedy.__init__`."""

    _active = staticmethod(active)
    _priority = staticmethod(priority)
    _step = staticmethod(step)
    _stack = staticmethod(stack)
    _next_seat = staticmethod(next_seat)
    _holder = staticmethod(holder)
    _not_staging = staticmethod(not_staging)
    role_of = staticmethod(role_of)
    in_play = staticmethod(in_play)
    attachments = staticmethod(attachments)
    _host_ok = staticmethod(host_ok)
    _controller = staticmethod(controller)
    waiting_for = staticmethod(waiting_for)

    @staticmethod
    def _seat_name(state: GameState, seat: int | None) -> str:
        return state.seat_name(seat)
