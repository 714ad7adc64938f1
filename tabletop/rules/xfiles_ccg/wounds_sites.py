"""What an Adversary's wound does beyond damage, words of the `sites` block: "Each Agent wounded by Mr. Grey may not
contribute to any skill check this turn" (the Adversary's standing `wound_sit_out`): the Agent's counter `out_turn`
holds the turn, and `reading.team_skill` leaves its skills out of every skill check that turn (it still fights).
"""

from __future__ import annotations

from typing import Any

from ...core.state import GameState
from .vocab_reads import standing

__all__ = ["OUT_TURN", "wound_words"]

#: the Agent's counter: the turn its skills are out of every skill check
OUT_TURN = "out_turn"


def wound_words(rs: Any, state: GameState, adversary_ref: str, target: str, counters: dict[str, Any]) -> list[str]:
    """Set in `counters` (the wounded Agent's) what the Adversary's wounds do; the words for the log."""
    if not standing(rs, adversary_ref, "wound_sit_out"):
        return []
    counters[OUT_TURN] = int(state.rules.get("turn", 1))
    return [f"{rs.ref(state, target)} adds no skill to any skill check this turn"]
