"""`csv`: read a spreadsheet of cards (CSV or tab-separated, one card a row, a header row naming the columns).

The sheet a designer keeps (and what nanDeck, Component Studio or a spreadsheet export): a header row, then one
card per row. Columns named `name` (or `title`, `card name`) and `type` (or `card type`) are required, `id`, `text`
(`rules`, `rules text`, `game text`, `ability`), `image` (`image file`, `imagefile`, `art`) and `back` are read when
present, and every other column becomes a snake_case field (whole numbers as numbers; a column given several times,
or written `tags`/`keywords`, as a list). The delimiter (comma, semicolon or tab) is told from the header; the text
is UTF-8 (a byte-order mark is fine) or, failing that, reported with its line. LackeyCCG's `carddata.txt` (tab
separated: `Name`, `Set`, `ImageFile`, then the game's columns) is this format too: its `Set` column becomes
`abbrev`.
"""

from __future__ import annotations

import csv
import io
import re
import sys
from pathlib import Path
from typing import Any

from . import ImportFailed, ImportNote, ImportReport, field_key, number, slug
from .build import SourceCards, import_with, read_text

__all__ = ["FORMAT", "HELP", "import_cards", "read_source"]

FORMAT = "csv"
HELP = "a spreadsheet of cards (CSV or tab-separated with a header row: name, type, text, image...; LackeyCCG's " \
    "carddata.txt too)"

MAX_CSV = 32 * 1024 * 1024
#: header (folded: lower case, letters and digits only) -> our field
COLUMNS = {
    "id": "id", "cardid": "id",
    "name": "name", "title": "name", "cardname": "name",
    "type": "type", "cardtype": "type",
    "text": "text", "rules": "text", "rulestext": "text", "gametext": "text", "ability": "text", "cardtext": "text",
    "image": "image", "imagefile": "image", "art": "image", "picture": "image",
    "back": "back",
    "set": "abbrev", "abbrev": "abbrev",
}
_LISTS = {"tags", "keywords"}


def _fold(header: str) -> str:
    return re.sub(r"[^a-z0-9]", "", header.casefold())


def _reader(text: str, src: Path) -> Any:
    head = text.split("\n", 1)[0]
    delimiter = max(("\t", ";", ","), key=head.count)
    if head.count(delimiter) == 0:
        raise ImportFailed(f"{src}:1: the first line is no header of columns (no comma, semicolon or tab in it)")
    return csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)


def _row_card(headers: list[str], row: list[str], line: int, notes: list[ImportNote]) -> dict[str, Any] | None:
    card: dict[str, Any] = {}
    for header, value in zip(headers, row, strict=False):
        value = value.replace("\r\n", "\n").strip()
        if not header or not value:
            continue
        folded = _fold(header)
        key = COLUMNS.get(folded) or field_key(header)
        if folded in _LISTS:
            card[key] = [*card.get(key, []), *[v.strip() for v in re.split(r"[,;]", value) if v.strip()]]
        elif key in card:
            card[key] = (card[key] if isinstance(card[key], list) else [card[key]]) + [number(value)]
        else:
            card[key] = value if key in ("id", "name", "type", "text", "image", "back", "abbrev") else number(value)
    if len(row) > len(headers) and any(v.strip() for v in row[len(headers):]):
        notes.append(ImportNote(line, str(card.get("name", "")), "", f"{len(row) - len(headers)} cell(s) past the "
                                "last column; not read", "unparsed"))
    if not card:
        return None
    if not card.get("name"):
        notes.append(ImportNote(line, f"row {line}", "name", "no name; skipped", "skipped"))
        return None
    if not card.get("type"):
        notes.append(ImportNote(line, card["name"], "type", "no type; written as 'card'", "missing"))
        card["type"] = "card"
    if card.get("id"):
        card["source_id"] = card["id"]
    card["id"] = slug(str(card.get("id") or card["name"]))
    card["_line"] = line
    return card


def read_source(src: Path, *, images: Path | None = None) -> SourceCards:
    """Read one sheet; ImportFailed with file and line when it cannot be read as one."""
    text = read_text(src, MAX_CSV)
    if text.lstrip().startswith(("<", "{", "[")):
        raise ImportFailed(f"{src}:1: this is XML or JSON, not a sheet of cards (another format?)")
    rows = _reader(text, src)
    notes: list[ImportNote] = []
    cards: list[dict[str, Any]] = []
    try:
        headers = [h.strip() for h in next(rows, [])]
        if not any(COLUMNS.get(_fold(h)) == "name" for h in headers):
            raise ImportFailed(f"{src}:1: no 'name' column among {', '.join(h for h in headers if h)}")
        for row in rows:
            card = _row_card(headers, row, rows.line_num, notes)
            if card is not None:
                cards.append(card)
    except csv.Error as e:
        raise ImportFailed(f"{src}:{rows.line_num}: not a readable sheet: {e}") from None
    abbrevs = {str(c.get("abbrev")) for c in cards if c.get("abbrev")}
    return SourceCards(src, cards, notes, title=src.stem, ruleset="freeform",
                       abbrev=abbrevs.pop() if len(abbrevs) == 1 else "")


def import_cards(src: str | Path | list[str | Path], out: str | Path, **options: Any) -> ImportReport:
    """Read `src` (or several sheets) into the card set `out`; options as `build.import_sources`."""
    return import_with(sys.modules[__name__], src, out, **options)
