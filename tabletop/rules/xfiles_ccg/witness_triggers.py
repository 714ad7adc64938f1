"""A Witness whose text waits for a card its opponent plays while it is in play ("If your opponent plays a GOVERNMENT
Adversary while this card is in play, X is negated and removed from the game"): in play is in a section (a RESOURCE
Witness, one with Health beside its Team: `CcgText.played_triggers` finds those), on the chain, or with its modifier
in the skill check under way (it resolved into the Discard, its effect still applied): those two are found by
`CcgText.chain_triggers` (`textrun.py`, where every card's text runs). This module names the condition.
"""

from __future__ import annotations

__all__ = ["FOE_PLAYED"]

#: the condition that marks these abilities: `{foe_played: {type, keyword, keyword_all, name}}`
FOE_PLAYED = "foe_played"
