"""OCTGN `.o8d` deck files (XML `deck game=GUID`: sections of `card qty id` with the name as text).

A card resolves by its id when a set imported from OCTGN kept its GUIDs, else by its name.
"""

from __future__ import annotations

from ..model import CardProblem
from ..names import CardSpec
from .deck_lines import DeckLine, RawDeck, XmlNode, section_key

__all__ = ["FORMAT", "looks_like", "read"]

FORMAT = "octgn"


def looks_like(root: XmlNode) -> bool:
    """An OCTGN deck: a `deck` root naming its game, or holding `section`s."""
    return root.tag.casefold() == "deck" and (bool(root.attr("game")) or bool(root.find_all("section")))


def read(root: XmlNode, source: str, name: str) -> RawDeck:
    """The deck of a parsed `.o8d`; a card without a name or a whole `qty` is reported with its line."""
    deck = RawDeck(name=name, format=FORMAT)
    for child in root.children:
        tag = child.tag.casefold()
        if tag == "notes":
            deck.description = child.text.strip()
        elif tag == "section":
            section = section_key(child.attr("name") or "main")
            if section not in deck.sections:
                deck.sections.append(section)
            for card in child.find_all("card"):
                count, card_name = card.attr("qty") or "1", card.text.strip()
                if not (card_name or card.attr("id")) or not count.isdigit():
                    deck.problems.append(CardProblem(source, card.line, "card", "a card needs a whole qty and a name "
                                                     f"or id (qty={count!r})", "deck.format"))
                    continue
                spec = CardSpec(card_name or card.attr("id"), id=card.attr("id"))
                deck.lines.append(DeckLine(section, int(count), spec, card.line))
    return deck
