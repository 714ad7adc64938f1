"""Where the compiler holds the standing steps of the `equip` block (`cardread_equip`) to the kinds of card the
rules read them on: a step the rules never look for on a card of that kind stays by hand.
"""

from __future__ import annotations

from typing import Any

__all__ = ["fits_equip"]

#: the standing steps of the block and the kinds of card the rules read each on (by the step's `by`, if it has one)
_KINDS: dict[tuple[str, str], tuple[str, ...]] = {
    ("crime_lab", "holder"): ("equipment", ""),  # the Agent it is attached to has access
    ("crime_lab", "self"): ("agent", ""),  # the Agent itself has access
    ("card_pool", ""): ("agent", ""),  # a pool token on one of the player's Agents (`card_pools`)
    ("card_pool_for", ""): ("agent", ""),
    ("unattached", ""): ("equipment", ""),
    ("pair_health", ""): ("agent", ""),  # read of the Agents of its Team (`vocab_equip.pair_health`)  # requisitioned, it is attached to no Agent
}


def fits_equip(step: dict[str, Any], kind: str) -> None:
    """Raise ValueError if `step` is a standing step of the block that the rules do not read on a card of `kind`."""
    for name, args in step.items():
        by = str(args.get("by", "")) if isinstance(args, dict) else ""
        kinds = _KINDS.get((name, by))
        if kinds is not None and kind not in kinds:
            raise ValueError(f"{name} is read on {' or '.join(k for k in kinds if k)} cards only")
