"""Which deck format a file is, told by its content (not its name), and the reader for it.

YAML deck lists are ours (`cards.decks`); GCCG `.deck`, Cockatrice `.cod`, OCTGN `.o8d` and plain text lists come
in here. A file that is none of them (a card set, an image, a save) gets a message saying what it seems to be.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..decklist import DeckList
from ..loader import CardLibrary
from ..model import CardProblem
from . import decks_cockatrice, decks_gccg, decks_octgn, decks_text, decks_tts
from .deck_lines import MAX_DECK_BYTES, DeckReadError, build_deck, decode_text, parse_xml

__all__ = ["FOREIGN_FORMATS", "detect", "read_foreign"]

#: The deck formats read here, by the name `DeckList.format` gives them.
FOREIGN_FORMATS = (decks_gccg.FORMAT, decks_cockatrice.FORMAT, decks_octgn.FORMAT, decks_text.FORMAT,
                   decks_tts.FORMAT)

#: XML roots of card databases that are not decks: what to do with them instead.
_NOT_DECKS = {
    "ccg-setinfo": "GCCG card-set XML, not a deck list: import it with `tabletop import gccg-xml`",
    "cockatrice_carddatabase": "a Cockatrice card database, not a deck list: import it with `tabletop import "
                               "cockatrice`",
    "set": "an OCTGN set.xml, not a deck list: import it with `tabletop import octgn`",
}


def detect(data: bytes) -> str:
    """"xml", "tts", "gccg", "text", "binary" or "yaml" (ours, or anything else: the YAML reader says what is wrong)."""
    head = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"<"):
        return "xml"
    if head.startswith(b"{"):
        try:
            if decks_tts.looks_like(json.loads(data.decode("utf-8-sig"))):
                return decks_tts.FORMAT
        except (UnicodeDecodeError, ValueError):
            pass
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
        return decks_gccg.FORMAT if decks_gccg.looks_like(text) else "binary"
    if decks_gccg.looks_like(text):
        return decks_gccg.FORMAT
    if decks_text.looks_like(text):
        return decks_text.FORMAT
    return "yaml"


def read_foreign(path: Path, source: str, library: CardLibrary) -> tuple[DeckList | None, list[CardProblem]] | None:
    """A non-YAML deck file read and resolved (None, problems when it cannot be read); None for a YAML file."""
    try:
        size = path.stat().st_size
        if size > MAX_DECK_BYTES:
            return None, [CardProblem(source, None, "", f"{size} bytes is too large for a deck list")]
        data = path.read_bytes()
    except OSError as exc:
        return None, [CardProblem(source, None, "", exc.strerror or str(exc))]
    kind = detect(data)
    if kind == "yaml":
        return None
    try:
        raw = _read(kind, data, source, path.stem)
    except DeckReadError as exc:
        return None, exc.problems
    return build_deck(raw, library, source, path)


def _read(kind: str, data: bytes, source: str, name: str):
    if kind == decks_gccg.FORMAT:
        return decks_gccg.read(data, source, name)
    if kind == decks_text.FORMAT:
        return decks_text.read(data, source, name)
    if kind == "binary":
        decode_text(data, source)  # raises, naming the first byte that is not UTF-8
    if kind == decks_tts.FORMAT:
        return decks_tts.read(data, source, name)
    root = parse_xml(data, source)
    tag = root.tag.casefold()
    if tag == decks_cockatrice.ROOT:
        return decks_cockatrice.read(root, source, name)
    if decks_octgn.looks_like(root):
        return decks_octgn.read(root, source, name)
    what = _NOT_DECKS.get(tag, f"XML with a <{root.tag}> root, not a deck list (Cockatrice .cod or OCTGN .o8d)")
    raise DeckReadError([CardProblem(source, root.line, "", what)])
