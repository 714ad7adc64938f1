"""The choices an ability leaves to a player, as actions: the window lists them, strict checks them, bots pick them.

Each names the pending ability by its number in the rule state (`pending`); none carries anything a ruleset must
add. `DeclineEffect` is the way out of a misread: in warn and off a player applies the card's text by hand instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core.actions import Action, action_type

__all__ = ["EFFECT_ACTIONS", "ChooseOption", "ChooseTarget", "DeclineEffect", "ResolveEffect"]


@action_type("effects.target")
@dataclass(frozen=True, slots=True)
class ChooseTarget(Action):
    """Choose `piece` as (one of) the target `target` of a pending ability; a card its chooser cannot see (in the
    opponent's hand) is chosen by its place among the unseen candidates, `blind` (from 1), so no id or handle of a
    hidden card is named; `more` False says no more."""

    words: ClassVar[str] = "{more:Choose|Choose no more}{blind:# unseen card no. |}{blind:?}{piece: |}{piece} for {target}"
    todo: ClassVar[str] = "choose a target for a card's effect"

    pending: int
    target: str
    piece: str | None = None
    blind: int = 0
    more: bool = True
    piece_fields: ClassVar[tuple[str, ...]] = ("piece",)
    seen_ok: ClassVar[bool] = True  # a card of the opponent's hand its text showed to the chooser


@action_type("effects.option")
@dataclass(frozen=True, slots=True)
class ChooseOption(Action):
    """Choose one branch (`option`, counted from 1) of a "choose one" step of a pending ability."""

    words: ClassVar[str] = "Choose option {option}{text:\u2014|}{text}"
    todo: ClassVar[str] = "choose one of a card's options"

    pending: int
    option: int
    text: str = ""


@action_type("effects.resolve")
@dataclass(frozen=True, slots=True)
class ResolveEffect(Action):
    """Let the engine apply a pending ability (in warn and off an ability waits for this, or for a decline)."""

    words: ClassVar[str] = "Apply the card's effect{text:\u2014|}{text}"
    todo: ClassVar[str] = "apply a card's effect"

    pending: int
    text: str = ""


@action_type("effects.decline")
@dataclass(frozen=True, slots=True)
class DeclineEffect(Action):
    """Decline a pending automated ability and apply its text by hand instead (warn and off only); logged."""

    words: ClassVar[str] = "Apply the card's text by hand instead{text:\u2014|}{text}"
    todo: ClassVar[str] = "apply a card's effect by hand instead"
    #: a way to apply text by hand: bots leave it out (`tabletop.rules.bots`)
    by_hand: ClassVar[bool] = True

    pending: int
    text: str = ""


EFFECT_ACTIONS = (ChooseTarget, ChooseOption, ResolveEffect, DeclineEffect)
