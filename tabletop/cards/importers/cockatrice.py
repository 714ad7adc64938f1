"""`cockatrice`: read a Cockatrice card database (`cards.xml`, `customsets/*.xml`; version 4, also 3) into a card set.

The shape: `<cockatrice_carddatabase version="4">` with `<sets><set><name>ABBR</name><longname>...</longname>
<settype>...</settype><releasedate>...</releasedate></set></sets>` and `<cards><card><name>...</name><text>...</text>
<prop><type>Creature — Elf</type><maintype>Creature</maintype><manacost>1G</manacost><cmc>2</cmc><pt>1/1</pt>...
</prop><set uuid=... num=... rarity=... picurl=...>ABBR</set>...<related>...</related><token>1</token>...</card>`.
Version 3 files hold the properties directly under `<card>`.

Cockatrice has one card per name, printed in several sets: we write one card per name, its `type` the main type
(`maintype`, else the type line up to its dash), the type line as `type_line`, every property as a field, its
printings as `printings` (set, number, rarity, uuid, picture URL) and the first printing's set as `abbrev`. Nothing
is downloaded: with `--images DIR` a card's image is the picture URL's file name, else "NAME.full.jpg" (Cockatrice's
own name for a downloaded picture), else "NAME.jpg" or ".png", when that file is in DIR.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from . import ImportNote, ImportReport, field_key, number, slug
from .build import SourceCards, import_with, read_bytes
from .xmlread import MAX_XML, Node, parse_xml, root_format

__all__ = ["FORMAT", "HELP", "import_cards", "read_source"]

FORMAT = "cockatrice"
HELP = "a Cockatrice card database (cards.xml or a custom set: <cockatrice_carddatabase version=\"4\">)"

#: card children that are no property: read on their own
_OWN = {"name", "text", "set", "prop", "related", "reverse-related"}
#: properties written under another name (the others become snake_case fields)
_RENAMED = {"manacost": "mana_cost", "coloridentity": "color_identity", "maintype": "main_type",
            "type": "type_line", "tablerow": "table_row", "upsidedown": "upside_down"}


def _props(card: Node) -> dict[str, Any]:
    """A card's properties: `<prop>` children (version 4), else the card's own other children (version 3)."""
    holder = card.find("prop")
    nodes = holder.children if holder is not None else [c for c in card.children if c.tag not in _OWN]
    if holder is not None:
        nodes = nodes + [c for c in card.children if c.tag not in _OWN]
    out: dict[str, Any] = {}
    for node in nodes:
        key = _RENAMED.get(node.tag, field_key(node.tag))
        value = number(node.all_text().strip())
        if key in out:  # a repeated property (several <color>): a list
            out[key] = (out[key] if isinstance(out[key], list) else [out[key]]) + [value]
        else:
            out[key] = value
    return out


def _printings(card: Node) -> list[dict[str, Any]]:
    out = []
    for node in card.findall("set"):
        entry: dict[str, Any] = {"set": node.all_text().strip()}
        for attr in ("num", "rarity", "uuid", "muid", "picurl", "picURL"):
            if node.attrs.get(attr):
                entry["picurl" if attr == "picURL" else attr] = node.attrs[attr]
        out.append(entry)
    return out


def _image(name: str, printings: list[dict[str, Any]], images: Path | None) -> str:
    """The card's image file in `images`, by its picture URL's file name or Cockatrice's naming; '' if none."""
    if images is None:
        return ""
    names = [Path(p["picurl"].split("?")[0]).name for p in printings if p.get("picurl")]
    names += [f"{name}.full.jpg", f"{name}.jpg", f"{name}.png"]
    for p in printings:
        names += [f"{p['set']}/{name}.full.jpg", f"{p['set']}/{name}.jpg"]
    return next((n for n in names if n and (images / n).is_file()), "")


def _card(node: Node, images: Path | None) -> dict[str, Any]:
    name = node.child_text("name")
    props = _props(node)
    type_line = str(props.get("type_line", ""))
    kind = str(props.pop("main_type", "") or re.split(r"\s+[—-]\s+", type_line)[0] or "card")
    card: dict[str, Any] = {"id": slug(name), "name": name, "type": kind}
    text = node.child_text("text")
    if text:
        card["text"] = text
    card.update({k: v for k, v in props.items() if k not in card})
    if isinstance(card.get("pt"), str) and "/" in card["pt"]:
        power, toughness = card["pt"].split("/", 1)
        card.setdefault("power", number(power))
        card.setdefault("toughness", number(toughness))
    printings = _printings(node)
    if printings:
        card["printings"] = printings
        if printings[0]["set"]:
            card["abbrev"] = printings[0]["set"]
    for tag in ("related", "reverse-related"):
        names = [r.all_text().strip() for r in node.findall(tag) if r.all_text().strip()]
        if names:
            card[field_key(tag)] = names
    image = _image(name, printings, images)
    if image:
        card["image"] = image
    return card


def _sets(root: Node) -> list[dict[str, Any]]:
    holder = root.find("sets")
    out = []
    for node in holder.findall("set") if holder is not None else []:
        entry = {field_key(c.tag, own=()): c.all_text().strip() for c in node.children if c.all_text().strip()}
        if entry:
            out.append(entry)
    return out


def read_source(src: Path, *, images: Path | None = None) -> SourceCards:
    """Read one Cockatrice database file; ImportFailed with file and line when it is not one."""
    root = parse_xml(src, read_bytes(src, MAX_XML))
    root_format(src, root, "a Cockatrice card database (<cockatrice_carddatabase>)",
                tags=("cockatrice_carddatabase",))
    notes: list[ImportNote] = []
    version = root.attrs.get("version", "")
    if version not in ("3", "4"):
        notes.append(ImportNote(root.line, "", "version", f"version {version or 'none'} (we know 3 and 4); read "
                                "as version 4", "unparsed"))
    holder = root.find("cards")
    cards: list[dict[str, Any]] = []
    for index, node in enumerate(holder.findall("card") if holder is not None else []):
        if not node.child_text("name"):
            notes.append(ImportNote(node.line, f"card {index + 1}", "name", "no <name>; skipped", "skipped"))
            continue
        cards.append({**_card(node, images), "_line": node.line})
    sets = _sets(root)
    title = sets[0].get("longname", "") if len(sets) == 1 else ""
    meta: dict[str, Any] = {"printed_sets": sets} if sets else {}
    return SourceCards(src, cards, notes, title=title or src.stem, ruleset="freeform",
                       abbrev=sets[0].get("name", "") if len(sets) == 1 else "", meta=meta)


def import_cards(src: str | Path | list[str | Path], out: str | Path, **options: Any) -> ImportReport:
    """Read `src` (or several database files) into the card set `out`; options as `build.import_sources`."""
    return import_with(sys.modules[__name__], src, out, **options)
