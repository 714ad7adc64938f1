"""Search for bots: the fast engine path, what a seat knows, hidden-card sampling, heuristics, and ISMCTS.

Nothing here is used by a table in play except through a bot: `Session.submit` stays the one door for every move
that reaches a table.
"""

from __future__ import annotations

from .fast import step
from .hooks import HEURISTICS, SAMPLERS, evaluate, sampler_for
from .ismcts import LEVELS, Ismcts
from .knowledge import knowledge, rebuild, seat_rules
from .sampler import CardPool, sample_hidden

__all__ = ["HEURISTICS", "LEVELS", "SAMPLERS", "CardPool", "Ismcts", "evaluate", "knowledge", "rebuild",
           "sample_hidden", "sampler_for", "seat_rules", "step"]
