"""`cards check` for card text: `effects:` written by hand validated against the set's ruleset, with file and line,
and what a ruleset finds wrong across a set's text (`Ruleset.card_set_problems`, e.g. a tag no card provides).

Registered in `tabletop.cards.check.SET_CHECKS` when the rulesets load (cards never import rulesets).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ...cards.check import SET_CHECKS, SET_NOTES
from ...cards.model import CardProblem, CardSet
from .model import EffectError, parse_abilities

__all__ = ["effect_problems", "effects_line", "text_notes"]

_EFFECTS_KEY = re.compile(r"^(\s*)(-\s+)?effects\s*:")
_ITEM = re.compile(r"^(\s*)-\s")


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
            out.append(CardProblem(card.source or where, effects_line(card, e.index), field,
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


def effects_line(card: Any, index: int | None) -> int | None:
    """The line of a card's `effects:` key in its file (of its ability `index`, counted from 1, when found)."""
    if not card.source or not card.line:
        return card.line or None
    try:
        lines = Path(card.source).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return card.line or None
    first = lines[card.line - 1] if card.line <= len(lines) else ""
    own = len(first) - len(first.lstrip())
    start = None
    for i in range(card.line - 1, len(lines)):
        item = _ITEM.match(lines[i])
        if i > card.line - 1 and item is not None and len(item.group(1)) <= own:
            break  # the next card
        if _EFFECTS_KEY.match(lines[i]):
            start = i
            break
    if start is None:
        return card.line
    if not index:
        return start + 1
    base = None
    seen = 0
    for i in range(start + 1, len(lines)):
        m = _ITEM.match(lines[i])
        if m is None:
            continue
        if base is None:
            base = len(m.group(1))
        if len(m.group(1)) < base:
            break
        if len(m.group(1)) == base:
            seen += 1
            if seen == index:
                return i + 1
    return start + 1


if effect_problems not in SET_CHECKS:
    SET_CHECKS.append(effect_problems)
if text_notes not in SET_NOTES:
    SET_NOTES.append(text_notes)
