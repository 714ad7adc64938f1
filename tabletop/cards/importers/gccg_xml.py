"""`gccg-xml`: read a GCCG card-set XML file (any game's) into a card set.

GCCG keeps one XML file per printed set (and a game file, `<ccg name=... dir=...>` listing them as
`<cardset source="set.xml"/>` in its order; given that file we read every set it lists, in that order, so the
"NAME #2" printings of decks number as GCCG's do): `<ccg-setinfo name=... game=... dir=... abbrev=...>` holding
`<cards><card name=... graphics=... text=...><attr key=... value=.../>...</card></cards>` (the text may also be a
`<text>` child), usually in ISO-8859-1 with `&quot;`/`&amp;` escapes. Every card keeps the set's `abbrev` (a deck
line's "(TRU)" names it), its `graphics` file as `image` and every `attr` as a field.

For the X-Files CCG (`game="The X-Files CCG"`) the attributes are read as the card database's fields are, through
the same record builder (`xfiles_ccg_json.card_record`): type, cost ("5 RP", or costnumber and costsuit), keywords,
activators, id, the skills in camelCase, res, health, the combat skills, prerequisite, question, and an X-File's
affiliation, motive, method and result. Other games' cards get their `type` attribute and keep the rest as fields.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from . import ImportFailed, ImportNote, ImportReport, field_key, number, slug
from .build import SourceCards, import_with, read_bytes
from .xfiles_ccg_fields import CHARACTERISTIC_VALUES, canonical_skill
from .xfiles_ccg_json import card_record
from .xmlread import MAX_XML, Node, parse_xml, root_format

__all__ = ["FORMAT", "HELP", "import_cards", "is_xfiles", "read_source", "xfiles_record"]

FORMAT = "gccg-xml"
HELP = ("a GCCG card-set XML file (<ccg-setinfo>, any game; the X-Files CCG's attributes read as its fields), or a "
        "game file (<ccg>) for all its sets")

#: X-Files CCG attribute keys that are no skill but a field of the record
_XF_PLAIN = {"type", "cost", "id", "rarity", "episode", "prerequisite", "question"}
_XF_LISTS = {"keywords", "activators"}
_XF_STATS = {"res": "Resources", "health": "Health"}


def is_xfiles(root: Node) -> bool:
    """Whether the set is the X-Files CCG's (its `game`, else attribute keys only that game uses)."""
    if "x-files" in root.attrs.get("game", "").casefold().replace(" ", "-"):
        return True
    keys = {a.attrs.get("key", "") for a in root.walk() if a.tag == "attr"}
    return {"costsuit", "prerequisite"} <= keys or "closeRangeCombat" in keys


def _attrs(card: Node) -> list[tuple[str, str]]:
    return [(a.attrs.get("key", "").strip(), a.attrs.get("value", a.all_text()).strip())
            for a in card.findall("attr") if a.attrs.get("key", "").strip()]


def _card_text(card: Node) -> str:
    text = card.attrs.get("text")
    if text is None:
        text = card.child_text("text")
    return text.strip()


def xfiles_record(card: Node) -> dict[str, Any]:
    """A GCCG X-Files card as a card database record (title, type, cost, keywords, skills...)."""
    rec: dict[str, Any] = {"title": card.attrs.get("name", "").strip()}
    skills: dict[str, Any] = {}
    chars: dict[str, str] = {}
    amount, suit = "", ""
    for key, value in _attrs(card):
        low = key.casefold()
        skill = canonical_skill(re.sub(r"(?<=[a-z])(?=[A-Z])", " ", key))
        if low in _XF_PLAIN:
            rec[low] = value
        elif low in _XF_LISTS:
            rec[low] = [v.strip() for v in value.split(",") if v.strip()]
        elif low in _XF_STATS:
            skills[_XF_STATS[low]] = number(value)
        elif low == "costnumber":
            amount = value
        elif low == "costsuit":
            suit = value
        elif skill is not None:
            skills[skill] = number(value)
        elif low.capitalize() in CHARACTERISTIC_VALUES:
            kind = low.capitalize()
            chars[kind] = next((v for v in CHARACTERISTIC_VALUES[kind] if v.casefold() == value.casefold()), value)
        else:
            rec[key] = value
    if "cost" not in rec and amount:
        rec["cost"] = f"{amount} {suit}".strip()
    if skills:
        rec["skills"] = skills
    if chars:
        rec["characteristics"] = chars
    text = _card_text(card)
    if text:
        rec["gameText"] = text
    if card.attrs.get("graphics"):
        rec["image"] = card.attrs["graphics"]
    if card.attrs.get("back"):
        rec["back"] = card.attrs["back"]
    return rec


def _generic_card(card: Node) -> dict[str, Any]:
    """Another game's card: name, type, text, image, and every attribute as a field."""
    name = card.attrs.get("name", "").strip()
    attrs = dict(_attrs(card))
    given = attrs.get("id") or ""
    out: dict[str, Any] = {"id": slug(given or name), "name": name, "type": attrs.pop("type", "") or "card"}
    text = _card_text(card)
    if text:
        out["text"] = text
    if card.attrs.get("graphics"):
        out["image"] = card.attrs["graphics"]
    if given:
        out["source_id"] = given
    for key, value in attrs.items():
        out.setdefault(field_key(key), number(value.strip()))
    if card.attrs.get("back"):
        out["source_back"] = card.attrs["back"]
    return out


def _game_sets(src: Path, root: Node) -> list[Path]:
    """The set files a GCCG game file (`<ccg name dir>` with `<cardset source=.../>`) lists, in its order."""
    game_dir = root.attrs.get("dir", "").strip()
    files = []
    for node in root.walk():
        if node.tag != "cardset" or not node.attrs.get("source", "").strip():
            continue
        name = node.attrs["source"].strip()
        candidates = [src.parent / game_dir / name] if game_dir else []
        candidates += [src.parent / name, src.parent / src.stem / name]
        found = next((c for c in candidates if c.is_file()), None)
        if found is None:
            raise ImportFailed(f"{src}:{node.line}: the game lists the card set {name}, which is not beside it "
                               f"(looked for {', '.join(str(c) for c in candidates)})")
        files.append(found)
    if not files:
        raise ImportFailed(f"{src}:{root.line}: a GCCG game file that lists no card set (<cardset source=...>)")
    return files


def read_source(src: Path, *, images: Path | None = None) -> SourceCards | list[SourceCards]:
    """Read one GCCG set file, or every set a game file lists (in its order, so "NAME #2" numbers match GCCG's);
    ImportFailed with file and line when it is neither."""
    root = parse_xml(src, read_bytes(src, MAX_XML))
    if root.tag == "ccg":
        return [_read_set(path, parse_xml(path, read_bytes(path, MAX_XML))) for path in _game_sets(src, root)]
    return _read_set(src, root)


def _read_set(src: Path, root: Node) -> SourceCards:
    root_format(src, root, "a GCCG card set (<ccg-setinfo>) or game file (<ccg>)", tags=("ccg-setinfo",))
    holder = root.find("cards") or root
    cards_xml = holder.findall("card")
    abbrev = root.attrs.get("abbrev", "").strip()
    xfiles = is_xfiles(root)
    notes: list[ImportNote] = []
    taken: set[str] = set()
    cards: list[dict[str, Any]] = []
    for index, node in enumerate(cards_xml):
        if not node.attrs.get("name", "").strip():
            notes.append(ImportNote(node.line, f"card {index + 1}", "name", "no name; skipped", "skipped"))
            continue
        card = card_record(xfiles_record(node), index, node.line, taken, notes) if xfiles \
            else _generic_card(node)
        if card is not None:
            cards.append({**card, "_line": node.line})
    game = root.attrs.get("game", "").strip()
    title = root.attrs.get("name", "").strip() or src.stem
    return SourceCards(src, cards, notes, title=title, ruleset="xfiles-ccg" if xfiles else "freeform", abbrev=abbrev,
                       meta={"game": game} if game else {})


def import_cards(src: str | Path | list[str | Path], out: str | Path, **options: Any) -> ImportReport:
    """Read `src` (or several set files) into the card set `out`; options as `build.import_sources`."""
    return import_with(sys.modules[__name__], src, out, **options)
