"""From a card record to what the engine runs: a designer's `effects:` wins, else the ruleset's compiler reads the
text; the sentences neither covers are left to apply by hand, and reminder text is not game text.

`read_card_text(ruleset, card)` is what `tabletop cards coverage`, self-play's `card_text` counts and the
interpreter all read, so they never disagree about a card.
"""

from __future__ import annotations

import re
from typing import Any

from .engine import CardText
from .model import EffectError, parse_abilities

__all__ = ["REMINDERS", "TEXT_LOST", "is_reminder", "read_card_text", "sentences"]

#: reminder text: words printed on a card that are not game text (a database's "None" for a card without any)
REMINDERS = re.compile(r"^\(?\s*(basic game only|advanced game only|none|n/a|reminder:.*|\(.*\))\s*\.?\)?$", re.IGNORECASE)
#: the card field an importer writes when the source had game text it could not bring over
TEXT_LOST = "text_lost"
_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"'\u201c(])|\n+")


def sentences(text: str) -> list[str]:
    """The sentences of a card's text (lines, then full stops before a capital), reminder text left out."""
    out = []
    for part in _SPLIT.split(text or ""):
        part = part.strip()
        if part and not is_reminder(part):
            out.append(part)
    return out


def is_reminder(sentence: str) -> bool:
    return bool(REMINDERS.match(sentence.strip()))


def read_card_text(ruleset: Any, card: Any) -> CardText:
    """What `ruleset` makes of `card` (a CardDef): its abilities and the sentences left by hand.

    A designer's `effects:` wins over the compiled text (and then the card is taken to say all it means; an
    ability's `text` says which sentence it covers). Effects that do not validate are left by hand, whole: `cards
    check` reports them with file and line. A card whose importer lost its text (`text_lost`) is never no_text.
    """
    vocab = ruleset.effects.vocab if hasattr(ruleset, "effects") else None
    designed = card.get("effects")
    lost = card.get(TEXT_LOST)
    lost_left = [f"text lost on import: {lost}" if isinstance(lost, str) else "text lost on import"] if lost else []
    if designed is not None:
        try:
            abilities = parse_abilities(designed, card.ref, vocab)
        except EffectError as e:
            return CardText((), [str(e), *lost_left], designed=True)
        return CardText(abilities, lost_left, designed=True)
    compiled, left = ruleset.compile_text(card)
    try:
        abilities = parse_abilities(compiled, card.ref, vocab, compiled=True)
    except EffectError as e:
        abilities, left = (), [*sentences(card.text), f"(compiler: {e})"]
    has_text = bool(left or abilities or lost_left or sentences(card.text))
    return CardText(abilities, [*left, *lost_left], has_text=has_text)
