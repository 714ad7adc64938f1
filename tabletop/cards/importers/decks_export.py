"""A deck list written for other tools: a text list (Arena/MTGO/Cockatrice clipboard), a Cockatrice `.cod` or a
GCCG `.deck`, naming each card so that reading the file back (here or there) gives the same printings.
"""

from __future__ import annotations

from ..decklist import DeckList
from ..loader import CardLibrary
from ..names import name_index, printing_of
from . import decks_cockatrice, decks_gccg, decks_text

__all__ = ["EXPORT_FORMATS", "export_deck"]

#: Format name -> the usual file extension.
EXPORT_FORMATS = {"text": ".txt", "cod": ".cod", "deck": ".deck"}


def _lines(deck: DeckList, library: CardLibrary) -> dict[str, list[tuple[int, str, str]]]:
    """(count, name as written, set hint) per entry: the hint when several sets print the name, and " #N" (GCCG's
    printing mark) for a set's second or later printing of it."""
    index = name_index(library)
    out: dict[str, list[tuple[int, str, str]]] = {}
    for section, entries in deck.sections.items():
        rows = out.setdefault(section, [])
        for entry in entries:
            card = library.get(entry.ref)
            card_set = library.set_of(card)
            abbrev = card_set.extra.get("abbrev")
            hint = abbrev if isinstance(abbrev, str) and abbrev else card_set.name
            name = card.name
            printings = index.printings(printing_of(card)[0])
            if printing_of(card)[1] is None:
                same_set = [c for c in printings if c.set == card.set]
                if len(same_set) > 1 and same_set.index(card) > 0:
                    name = f"{name} #{same_set.index(card) + 1}"
            rows.append((entry.count, name, hint if len(printings) > 1 else ""))
    return out


def export_deck(deck: DeckList, library: CardLibrary, fmt: str, *, game: str = "") -> str:
    """The deck as the text of a file of format `fmt` ("text", "cod" or "deck")."""
    if fmt == "cod":
        return decks_cockatrice.write(_lines(deck, library), deck.name, deck.description)
    if fmt == "deck":
        return decks_gccg.write(_lines(deck, library), game or "tabletop", deck.name)
    if fmt == "text":
        return decks_text.write(_lines(deck, library))
    raise ValueError(f"unknown deck export format {fmt!r}; expected one of: {', '.join(EXPORT_FORMATS)}")
