"""`tragedy`: the Tragedy ruleset (rule numbers 0000.x), played with cards from any set that has a role mapping.

Every card gets a Value and its eligible Roles from its set's `tragedy:` mapping (or its own `tragedy:` block). A card
is played as one Role onto its player's Stack; when every player has passed priority in sequence, the latest Act
resolves; with the Stack empty and everyone passed, the game moves to the next Step. Scoring taps an Actor and a Set
(with what is attached) and adds (Actor + Prop) x (Set + Set Piece) to the player's Audience Favor.

The package has one module per concern: `model` (Roles, Steps, rule text), `actions`, `table` (reading the table),
`cards` (the card lookup), `checks` and `policy` (what actions break), `reducers`, `flow` (the engine's own steps),
`moves` (legal moves), `status`, `audit`, and `ruleset` (the class: a thin config wiring the parts).
"""

from __future__ import annotations

from .actions import Advance, EffectDone, PassPriority, PlayCard, RemoveFromPlay, Resolve, Score
from .cards import default_deck
from .model import (
    ATTACH_RULE,
    HOST_ROLE,
    HOST_ROLE_OF,
    PHASES,
    PRIORITY_STEPS,
    ROLE_KEY,
    ROLE_ZONE,
    ROLES,
    RULE_TEXT,
    STEP_LABELS,
    STEPS,
    TIMING_RULE,
    score_value,
)
from .policy import GENERIC_CHECKS, MOVE_POLICY
from .ruleset import Tragedy

__all__ = [
    "ATTACH_RULE",
    "GENERIC_CHECKS",
    "HOST_ROLE",
    "HOST_ROLE_OF",
    "MOVE_POLICY",
    "PHASES",
    "PRIORITY_STEPS",
    "ROLES",
    "ROLE_KEY",
    "ROLE_ZONE",
    "RULE_TEXT",
    "STEPS",
    "STEP_LABELS",
    "TIMING_RULE",
    "Advance",
    "EffectDone",
    "PassPriority",
    "PlayCard",
    "RemoveFromPlay",
    "Resolve",
    "Score",
    "Tragedy",
    "default_deck",
    "score_value",
]
