"""`cards check` for card text: `effects:` written by hand validated against the set's ruleset, with file and line,
and what a ruleset finds wrong across a set's text (`Ruleset.card_set_problems`, e.g. a tag no card provides).

Registered in `tabletop.cards.check.SET_CHECKS` when the rulesets load (cards never import rulesets).
"""

from __future__ import annotations

from typing import Any

from ...cards.check import SET_CHECKS, SET_NOTES, key_line
from ...cards.model import CardProblem, CardSet
from .model import EffectError, parse_abilities

__all__ = ["effect_problems", "text_notes"]

def _ruleset_of(card_set: CardSet) -> Any:
    from .. import OptionError, UnknownRuleset, get_ruleset

    name = card_set.extra.get("ruleset")
    if not isinstance(name, str):
        return None
    try:
        return get_ruleset(name)
    except (UnknownRuleset, OptionError):
        return None


def effect_problems(card_set: CardSet) -> list[CardProblem]:
    """Each card's hand-written `effects:` that does not validate, and the ruleset's problems with the set's text."""
    rules = _ruleset_of(card_set)
    vocab = rules.effects.vocab if rules is not None else None
    where = str(card_set.path or card_set.name)
    out: list[CardProblem] = []
    for card in card_set:
        data = card.get("effects")
        if data is None:
            continue
        try:
            parse_abilities(data, card.ref, vocab)
        except EffectError as e:
            field = f"effects[{e.index}]" + (f".{e.where}" if e.where else "") if e.index else "effects"
            out.append(CardProblem(card.source or where, key_line(card, "effects", e.index), field,
                                   f"card {card.id!r}: {e.message}"))
    return out


def text_notes(card_set: CardSet) -> list[CardProblem]:
    """What the set's ruleset finds worth saying across the set's text (`Ruleset.card_set_problems`)."""
    rules = _ruleset_of(card_set)
    if rules is None:
        return []
    where = str(card_set.path or card_set.name)
    return [CardProblem(card.source or where, card.line or None, field, f"card {card.id!r} ({card.name}): {message}")
            for card, field, message in rules.card_set_problems(card_set)]


if effect_problems not in SET_CHECKS:
    SET_CHECKS.append(effect_problems)
if text_notes not in SET_NOTES:
    SET_NOTES.append(text_notes)
