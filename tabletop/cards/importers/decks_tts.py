"""Tabletop Simulator saves and saved objects as deck lists: each card by its nickname (or its CardID, for a set
imported from TTS that kept them).

A `Deck`/`DeckCustom` object is a section named by its nickname ("Agents" is the team, an unnamed deck the main
deck); a lone `Card` goes to the main deck. Bags and other containers are searched too.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..model import CardProblem
from ..names import CardSpec
from .deck_lines import DeckLine, DeckReadError, RawDeck, section_key

__all__ = ["FORMAT", "looks_like", "read"]

FORMAT = "tts"
_DECKS = ("Deck", "DeckCustom")
_CARDS = ("Card", "CardCustom")


def looks_like(data: Any) -> bool:
    """A TTS save (`ObjectStates`) or one saved object of a deck or card."""
    return isinstance(data, Mapping) and ("ObjectStates" in data or data.get("Name") in (*_DECKS, *_CARDS))


def read(data: bytes, source: str, name: str) -> RawDeck:
    """Every card of the save's decks and cards, counted by name within each section."""
    try:
        doc = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        line = getattr(exc, "lineno", None)
        raise DeckReadError([CardProblem(source, line, "", f"not a readable Tabletop Simulator file: {exc}")]) from None
    deck = RawDeck(name=str(doc.get("SaveName") or doc.get("Nickname") or name), format=FORMAT)
    objects = doc.get("ObjectStates") if "ObjectStates" in doc else [doc]
    counts: dict[tuple[str, str, str], int] = {}
    _walk(objects if isinstance(objects, list) else [], "deck", counts, depth=0)
    for (section, card_name, card_id), count in counts.items():
        if section not in deck.sections:
            deck.sections.append(section)
        deck.lines.append(DeckLine(section, count, CardSpec(card_name or card_id, id=card_id)))
    if not deck.lines:
        raise DeckReadError([CardProblem(source, None, "", "a Tabletop Simulator file with no cards in it")])
    return deck


def _walk(objects: list[Any], section: str, counts: dict[tuple[str, str, str], int], depth: int) -> None:
    if depth > 16:
        return
    for obj in objects:
        if not isinstance(obj, Mapping):
            continue
        kind = obj.get("Name")
        here = section
        if kind in _DECKS:
            nickname = str(obj.get("Nickname") or "").strip()
            here = section_key(nickname) if nickname else "deck"
        if kind in _CARDS:
            card_id = obj.get("CardID")
            key = (here, str(obj.get("Nickname") or "").strip(), "" if card_id is None else str(card_id))
            if key[1] or key[2]:
                counts[key] = counts.get(key, 0) + 1
        inner = obj.get("ContainedObjects")
        if isinstance(inner, list):
            _walk(inner, here, counts, depth + 1)
