"""The effect language: a card's abilities as data (`effects:` in its card file), run by one interpreter.

- `model`: the abilities parsed from card data, validated with errors naming card, ability and field;
- `vocab`: a ruleset's `Vocabulary` (primitives, conditions, selectors, durations), the `Ctx` a step reads, and
  the kit's generic primitives every ruleset gets;
- `engine`: `Effects`, the interpreter (pending abilities as rule state, choices as legal actions, steps through
  `Tx`, durations, the counts of card text played) and `CardText` (a card's abilities and what is left by hand);
- `actions`: the choices as actions (`ChooseTarget`, `ChooseOption`, `ResolveEffect`, `DeclineEffect`);
- `text`: from a card record to its `CardText` (a designer's effects win over the compiler).

docs/FORMATS.md documents the card-file format, docs/WRITE_A_RULESET.md a ruleset's vocabulary.
"""

from __future__ import annotations

from . import check as _check  # noqa: F401  (registers `cards check` of hand-written effects)
from .actions import EFFECT_ACTIONS, ChooseOption, ChooseTarget, DeclineEffect, ResolveEffect
from .engine import CardText, Effects
from .model import WHENS, WHOS, Ability, EffectError, Selection, parse_abilities, step_name
from .text import TEXT_LOST, is_reminder, read_card_text, sentences
from .vocab import (
    KIT_VOCABULARY,
    Condition,
    Ctx,
    EffectStopped,
    Primitive,
    Selector,
    Vocabulary,
    card_field,
    modifier_total,
)

__all__ = [
    "EFFECT_ACTIONS",
    "KIT_VOCABULARY",
    "EffectStopped",
    "TEXT_LOST",
    "WHENS",
    "WHOS",
    "Ability",
    "CardText",
    "ChooseOption",
    "ChooseTarget",
    "Condition",
    "Ctx",
    "DeclineEffect",
    "EffectError",
    "Effects",
    "Primitive",
    "ResolveEffect",
    "Selection",
    "Selector",
    "Vocabulary",
    "card_field",
    "is_reminder",
    "modifier_total",
    "parse_abilities",
    "read_card_text",
    "sentences",
    "step_name",
]
