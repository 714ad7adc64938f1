"""The engine's core: state, actions, events, the reducer, views and the session (pure Python)."""

from __future__ import annotations

from .actions import *  # noqa: F403
from .actions import __all__ as _actions_all
from .events import Event
from .reducer import ActionError, Tx, reduce
from .rng import Rng
from .ruleset import ENFORCEMENT_MODES, NullRules, RulesHook, Violation
from .session import LogEntry, Result, Session
from .state import EVERYONE, GameState, Piece, Player, Zone
from .view import view, view_hash

__all__ = [
    *_actions_all,
    "ENFORCEMENT_MODES",
    "EVERYONE",
    "ActionError",
    "Event",
    "GameState",
    "LogEntry",
    "NullRules",
    "Piece",
    "Player",
    "Result",
    "Rng",
    "RulesHook",
    "Session",
    "Tx",
    "Violation",
    "Zone",
    "reduce",
    "view",
    "view_hash",
]
