"""O: sort this seat's hand in its own window (as held, by name, by type, by cost); no other seat sees the order."""

from __future__ import annotations

from typing import Any

from ..table.handorder import HAND_ORDERS

__all__ = ["HandSortMixin"]


class HandSortMixin:
    """The hand's order on this window (a part of `TableApp`)."""

    #: the key of HAND_ORDERS the hand strip shows
    hand_order = "held"

    def cycle_hand_order(self: Any) -> None:
        """O: the next order of HAND_ORDERS; the strip shows it at once, and nothing leaves the window."""
        keys = [k for k, _ in HAND_ORDERS]
        self.hand_order = keys[(keys.index(self.hand_order) + 1) % len(keys)] if self.hand_order in keys else "held"
        words = dict(HAND_ORDERS)[self.hand_order]
        self.notices.add(f"Your hand {words} (only you see this order)" if self.hand_order != "held"
                         else "Your hand as held", "info", 3.0, tag="hand_order")
