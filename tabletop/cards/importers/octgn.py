"""`octgn`: read an OCTGN game's `set.xml` into a card set, keeping the cards' GUIDs as their ids.

The shape: `<set name=... id=GUID gameId=GUID gameVersion=... version=...>` with `<cards><card id=GUID name=...
[size=...]><property name="Type" value="..."/>...<alternate name=... type="B">(properties)</alternate></card>`
(a property's value may also be its element text, with rich-text tags such as `<b>`, read as plain text), and
`<packaging>`/`<markers>` we do not need. A card's id is its GUID as OCTGN writes it, so an OCTGN deck (`.o8d`, which
names cards by GUID) maps onto the set; its `type` is the `Type` property (else "card"), its text the `Text` (or
`Rules`) property, every other property a snake_case field, and each alternate face an entry of `alternates` (name,
type, fields). With `--images DIR` a card's image is `GUID.png` or `GUID.jpg` in DIR (OCTGN's image pack naming).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from ..loader import ID_PATTERN
from . import ImportNote, ImportReport, field_key, number, slug
from .build import SourceCards, import_with, read_bytes
from .xmlread import MAX_XML, Node, parse_xml, root_format

__all__ = ["FORMAT", "HELP", "import_cards", "read_source"]

FORMAT = "octgn"
HELP = "an OCTGN set.xml (<set gameId=...><cards><card id=GUID name=...><property name value/>...)"

_TEXT_PROPS = ("text", "rules", "ability", "card_text")


def _properties(node: Node) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for prop in node.findall("property"):
        name = prop.attrs.get("name", "").strip()
        if not name:
            continue
        value = prop.attrs["value"] if "value" in prop.attrs else prop.all_text()
        out[field_key(name, own=())] = number(value.strip())
    return out


def _face(props: dict[str, Any]) -> tuple[str, str, dict[str, Any]]:
    """(type, text, other fields) of a face's properties."""
    kind = str(props.pop("type", "") or "card")
    text = next((str(props.pop(k)) for k in _TEXT_PROPS if k in props and str(props[k]).strip()), "")
    return kind, text, {field_key(k): v for k, v in props.items()}


def _card(node: Node, images: Path | None) -> dict[str, Any]:
    guid = node.attrs.get("id", "").strip()
    name = node.attrs.get("name", "").strip()
    kind, text, fields = _face(_properties(node))
    card: dict[str, Any] = {"id": guid if ID_PATTERN.fullmatch(guid) else slug(guid or name), "name": name, "type": kind}
    if guid:
        card["source_id"] = guid
    if text:
        card["text"] = text
    card.update({k: v for k, v in fields.items() if k not in card})
    if node.attrs.get("size"):
        card["size"] = node.attrs["size"]
    alternates = []
    for alt in node.findall("alternate"):
        a_kind, a_text, a_fields = _face(_properties(alt))
        entry: dict[str, Any] = {"name": alt.attrs.get("name", "").strip() or name, "face": alt.attrs.get("type", ""),
                                 "type": a_kind}
        if a_text:
            entry["text"] = a_text
        entry.update({k: v for k, v in a_fields.items() if k not in entry})
        alternates.append(entry)
    if alternates:
        card["alternates"] = alternates
    if images is not None and guid:
        image = next((f"{guid}.{ext}" for ext in ("png", "jpg", "jpeg") if (images / f"{guid}.{ext}").is_file()), "")
        if image:
            card["image"] = image
    return card


def read_source(src: Path, *, images: Path | None = None) -> SourceCards:
    """Read one OCTGN set.xml; ImportFailed with file and line when it is not one."""
    root = parse_xml(src, read_bytes(src, MAX_XML))
    root_format(src, root, "an OCTGN set.xml (<set>)", tags=("set",))
    notes: list[ImportNote] = []
    holder = root.find("cards")
    cards: list[dict[str, Any]] = []
    for index, node in enumerate(holder.findall("card") if holder is not None else []):
        if not node.attrs.get("name", "").strip():
            notes.append(ImportNote(node.line, f"card {index + 1}", "name", "no name; skipped", "skipped"))
            continue
        if not node.attrs.get("id", "").strip():
            notes.append(ImportNote(node.line, node.attrs["name"], "id", "no GUID: an OCTGN deck cannot name it; "
                                    "its id is made from its name", "missing"))
        cards.append({**_card(node, images), "_line": node.line})
    meta = {k: root.attrs[k] for k in ("id", "gameId", "gameVersion", "version") if root.attrs.get(k)}
    set_guid = root.attrs.get("id", "").strip()
    return SourceCards(src, cards, notes, title=root.attrs.get("name", "").strip() or src.stem, ruleset="freeform",
                       meta={"octgn": meta} if meta else {},
                       key=f"octgn:{set_guid}" if set_guid else f"{src.parent.name}/{src.name}")


def import_cards(src: str | Path | list[str | Path], out: str | Path, **options: Any) -> ImportReport:
    """Read `src` (or several set.xml files) into the card set `out`; options as `build.import_sources`."""
    return import_with(sys.modules[__name__], src, out, **options)
