"""Cockatrice `.cod` deck files (XML `cockatrice_deck`: zones of `card number name`), read by card name.

The `main` zone is the main deck, `side` the sideboard, a zone named like one of our sections (team, xfile, ...)
goes there; newer files add `setShortName` and `collectorNumber` to a card, which pick its printing.
"""

from __future__ import annotations

from xml.sax.saxutils import quoteattr

from ..model import CardProblem
from ..names import CardSpec, parse_spec
from .deck_lines import DeckLine, RawDeck, XmlNode, section_key

__all__ = ["FORMAT", "ROOT", "read", "write"]

FORMAT = "cockatrice"
ROOT = "cockatrice_deck"


def read(root: XmlNode, source: str, name: str) -> RawDeck:
    """The deck of a parsed `.cod`; a card without a name or a whole number is reported with its line."""
    deck = RawDeck(name=name, format=FORMAT)
    for child in root.children:
        tag = child.tag.casefold()
        if tag == "deckname" and child.text.strip():
            deck.name = child.text.strip()
        elif tag == "comments":
            deck.description = child.text.strip()
        elif tag == "zone":
            _zone(deck, child, source)
    return deck


def _zone(deck: RawDeck, zone: XmlNode, source: str) -> None:
    section = section_key(zone.attr("name") or "main")
    if section not in deck.sections:
        deck.sections.append(section)
    for card in zone.find_all("card"):
        count, card_name = card.attr("number") or "1", card.attr("name").strip()
        if not card_name or not count.isdigit():
            deck.problems.append(CardProblem(source, card.line, "card", "a card needs a name and a whole number "
                                             f"(number={count!r} name={card_name!r})", "deck.format"))
            continue
        named = parse_spec(card_name, sets=False)  # "NAME #2", as our export writes a later printing
        spec = CardSpec(named.name, card.attr("setShortName"), named.printing, card.attr("collectorNumber"))
        deck.lines.append(DeckLine(section, int(count), spec, card.line))


_ZONES = {"deck": "main", "sideboard": "side"}


def write(sections: dict[str, list[tuple[int, str, str]]], title: str, comments: str = "") -> str:
    """A `.cod` file: our `deck` is the `main` zone, `sideboard` the `side` zone, other sections by their name."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>', '<cockatrice_deck version="1">',
           f"    <deckname>{_text(title)}</deckname>", f"    <comments>{_text(comments)}</comments>"]
    for name, lines in sections.items():
        out.append(f"    <zone name={quoteattr(_ZONES.get(name, name))}>")
        out += [f'        <card number="{n}" name={quoteattr(card)}' + (f" setShortName={quoteattr(hint)}" if hint else "")
                + "/>" for n, card, hint in lines]
        out.append("    </zone>")
    out.append("</cockatrice_deck>")
    return "\n".join(out) + "\n"


def _text(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
