"""`xfiles-fan`: the X-Files Fan CCG ruleset (rules/xfiles-fan.md), its actions, card model and bot policy.

Rule numbers are documented in `ruleset.py` and listed with their text in `RULE_TEXT`.
"""

from __future__ import annotations

from .actions import (
    AUTO_ACTIONS,
    PLAYER_ACTIONS,
    ChooseFirst,
    ChooseValue,
    DiscardCards,
    EndPeriod,
    Exchange,
    ManualEffect,
    NoAction,
    Pass,
    PlayAction,
    PlayCard,
    PlayEnvironment,
    ScoreRound,
    StartPeriod,
)
from .bots import XFilesFanGreedy
from .model import CIRCUMSTANCES, ENV_ROLES, RULE_TEXT, CardInfo, caps_part, card_info
from .ruleset import XFilesFan
from .setup import SAMPLE_SET, sample_decks

__all__ = [
    "AUTO_ACTIONS",
    "CIRCUMSTANCES",
    "ENV_ROLES",
    "PLAYER_ACTIONS",
    "RULE_TEXT",
    "SAMPLE_SET",
    "CardInfo",
    "ChooseFirst",
    "ChooseValue",
    "DiscardCards",
    "EndPeriod",
    "Exchange",
    "ManualEffect",
    "NoAction",
    "Pass",
    "PlayAction",
    "PlayCard",
    "PlayEnvironment",
    "ScoreRound",
    "StartPeriod",
    "XFilesFan",
    "XFilesFanGreedy",
    "caps_part",
    "card_info",
    "sample_decks",
]


def _register_bot() -> None:
    """Give `tabletop.rules.bots` our greedy policy (its per-ruleset hook)."""
    from .. import bots

    bots.GREEDY.setdefault(XFilesFan.name, XFilesFanGreedy)


_register_bot()
