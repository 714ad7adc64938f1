"""`tts`: read a Tabletop Simulator save or saved object (JSON) into a card set, faces cut from local sheet images.

TTS keeps cards as objects: `{"Name": "Card" | "CardCustom", "Nickname": ..., "Description": ..., "CardID": 312,
"CustomDeck": {"3": {"FaceURL": ..., "BackURL": ..., "NumWidth": 10, "NumHeight": 7, "UniqueBack": false}}}` inside
`Deck`/`DeckCustom` objects (`DeckIDs`, `ContainedObjects`, their own `CustomDeck`), bags and the save's
`ObjectStates`. A CardID is sheet * 100 + the card's place on that sheet (left to right, top to bottom).

Each distinct card (one sheet picture and place) becomes one card: named as in the save (its `Nickname`), its text
the `Description`, its `Tags` and `GMNotes` kept, its id the CardID (made unique, and reported, when two sheets of
the save share a number), and a `tts` field (card_id, the sheet's face and back URLs, its grid, the place) by which
a TTS deck maps onto the set. Nothing is downloaded: with `--images DIR` each sheet is looked up in DIR by its URL's
file name (or the name TTS gives it in its image cache, the URL without its punctuation), and the card's face is cut
from it (Pillow); a sheet not found is reported and its cards show proxy faces.
"""

from __future__ import annotations

import hashlib
import io
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from . import ImportFailed, ImportNote, ImportReport
from .build import SourceCards, import_with, read_json

__all__ = ["FORMAT", "HELP", "card_objects", "import_cards", "read_source", "sheet_file"]

FORMAT = "tts"
HELP = "a Tabletop Simulator save or saved object (JSON: ObjectStates, DeckCustom/Card objects with CustomDeck sheets)"

MAX_TTS = 64 * 1024 * 1024
MAX_DEPTH = 200
_CARD_NAMES = {"Card", "CardCustom"}
_IMAGE_EXTS = ("", ".png", ".jpg", ".jpeg", ".webp", ".bmp")


def card_objects(obj: Any, sheets: dict[str, Any] | None = None, depth: int = 0,
                 ) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """Every card object in a save, with the sheets (`CustomDeck`) it can see: its own, else its container's."""
    if depth > MAX_DEPTH:
        return
    if isinstance(obj, list):
        for item in obj:
            yield from card_objects(item, sheets, depth + 1)
        return
    if not isinstance(obj, dict):
        return
    own = obj.get("CustomDeck")
    seen = {**(sheets or {}), **(own if isinstance(own, dict) else {})}
    if obj.get("Name") in _CARD_NAMES:
        yield obj, seen
    for key in ("ObjectStates", "ContainedObjects"):
        if isinstance(obj.get(key), list):
            yield from card_objects(obj[key], seen, depth + 1)
    states = obj.get("States")
    if isinstance(states, dict):
        yield from card_objects(list(states.values()), seen, depth + 1)


def sheet_file(url: str, images: Path) -> Path | None:
    """The local copy of a sheet picture: its URL's file name, or the name TTS's image cache gives it."""
    clean = url.split("?")[0].rstrip("/")
    names = [Path(clean).name] if clean else []
    names.append(re.sub(r"[^A-Za-z0-9]", "", url))
    for name in names:
        for ext in _IMAGE_EXTS:
            path = images / f"{name}{ext}"
            if name and path.is_file():
                return path
    return None


class _Cutter:
    """Cuts faces from sheet pictures (Pillow), each sheet opened once; a sheet it cannot use is noted once."""

    def __init__(self, images: Path | None, notes: list[ImportNote]) -> None:
        self.images = images
        self.notes = notes
        self.sheets: dict[str, Any] = {}

    def sheet(self, url: str, line: int | None) -> Any:
        if url in self.sheets:
            return self.sheets[url]
        self.sheets[url] = None
        path = sheet_file(url, self.images) if self.images else None
        if path is None:
            if self.images is not None:
                self.notes.append(ImportNote(line, "", "image", f"sheet {url} is not in {self.images}; its cards "
                                             "show their proxy faces", "image"))
            return None
        try:
            from PIL import Image

            with Image.open(path) as img:
                img.load()
                self.sheets[url] = img.convert("RGBA")
        except Exception as e:  # noqa: BLE001 - any unreadable picture is reported, never a crash
            self.notes.append(ImportNote(line, "", "image", f"{path.name}: not a picture we can read ({e})",
                                         "image"))
        return self.sheets[url]

    def cut(self, url: str, cols: int, rows: int, index: int, line: int | None) -> bytes | None:
        img = self.sheet(url, line)
        if img is None:
            return None
        w, h = img.width // max(cols, 1), img.height // max(rows, 1)
        col, row = index % max(cols, 1), index // max(cols, 1)
        if w < 1 or h < 1 or row >= max(rows, 1):
            self.notes.append(ImportNote(line, "", "image", f"place {index} is outside the {cols}x{rows} sheet "
                                         f"{url}", "image"))
            return None
        out = io.BytesIO()
        img.crop((col * w, row * h, (col + 1) * w, (row + 1) * h)).save(out, format="PNG")
        return out.getvalue()


def _int(value: Any, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else default


def _lines(text: str) -> dict[int, int]:
    """CardID -> the line of its first `"CardID": N` in the file (for the report)."""
    out: dict[int, int] = {}
    for m in re.finditer(r'"CardID"\s*:\s*(\d+)', text):
        out.setdefault(int(m.group(1)), text.count("\n", 0, m.start()) + 1)
    return out


def _card(obj: dict[str, Any], sheet: dict[str, Any], card_id: int, line: int | None) -> dict[str, Any]:
    name = obj.get("Nickname") if isinstance(obj.get("Nickname"), str) and obj["Nickname"].strip() else ""
    card: dict[str, Any] = {"id": str(card_id), "name": name.strip() or f"Card {card_id}", "type": "card"}
    if isinstance(obj.get("Description"), str) and obj["Description"].strip():
        card["text"] = obj["Description"].strip()
    if isinstance(obj.get("Tags"), list) and obj["Tags"]:
        card["tags"] = [str(t) for t in obj["Tags"]]
    if isinstance(obj.get("GMNotes"), str) and obj["GMNotes"].strip():
        card["gm_notes"] = obj["GMNotes"].strip()
    cols, rows = _int(sheet.get("NumWidth"), 10), _int(sheet.get("NumHeight"), 7)
    card["tts"] = {"card_id": card_id, "face_url": str(sheet.get("FaceURL", "")),
                   "back_url": str(sheet.get("BackURL", "")), "sheet": [cols, rows], "place": card_id % 100}
    card["source_id"] = f"{sheet.get('FaceURL', '')}#{card_id % 100}"
    card["_line"] = line
    return card


def _convert(data: Any, src: Path, text: str, images: Path | None,
             ) -> tuple[list[dict[str, Any]], list[ImportNote], dict[str, bytes]]:
    notes: list[ImportNote] = []
    cutter = _Cutter(images, notes)
    lines = _lines(text)
    cards: list[dict[str, Any]] = []
    made: dict[str, bytes] = {}
    seen: dict[str, dict[str, Any]] = {}
    by_id: dict[int, str] = {}
    for obj, sheets in card_objects(data):
        card_id = obj.get("CardID")
        line = lines.get(card_id) if isinstance(card_id, int) else None
        if not isinstance(card_id, int) or isinstance(card_id, bool) or card_id < 100:
            notes.append(ImportNote(line, str(obj.get("Nickname") or "a card"), "CardID",
                                    f"CardID {card_id!r} is not sheet*100+place; skipped", "skipped"))
            continue
        sheet = sheets.get(str(card_id // 100))
        if not isinstance(sheet, dict) or not isinstance(sheet.get("FaceURL"), str):
            notes.append(ImportNote(line, str(obj.get("Nickname") or card_id), "CustomDeck",
                                    f"no sheet {card_id // 100} for CardID {card_id}; skipped", "skipped"))
            continue
        card = _card(obj, sheet, card_id, line)
        key = card["source_id"]
        if key in seen:
            if seen[key]["name"] != card["name"]:
                notes.append(ImportNote(line, card["name"], "Nickname", f"the same picture as {seen[key]['name']!r}"
                                        " (CardID " f"{card_id}): kept once, as that name", "duplicate"))
            continue
        seen[key] = card
        if by_id.setdefault(card_id, key) != key:
            notes.append(ImportNote(line, card["name"], "CardID", f"CardID {card_id} also names another sheet's "
                                    "card in this save: both kept, this one under another id", "duplicate"))
        face = cutter.cut(sheet["FaceURL"], *card["tts"]["sheet"], card_id % 100, line)
        if face is not None:
            name = f"tts-{hashlib.sha1(key.encode()).hexdigest()[:12]}.png"  # the same picture, the same file
            made[name] = face
            card["image"] = f"images/{name}"
        cards.append(card)
    if images is None and cards:
        notes.append(ImportNote(None, "", "image", "no --images DIR: the faces were not cut (nothing is "
                                "downloaded); the cards show their proxy faces", "image"))
    return cards, notes, made


def read_source(src: Path, *, images: Path | None = None) -> SourceCards:
    """Read one TTS save or saved object; ImportFailed with file and line when it is not one."""
    data, text = read_json(src, MAX_TTS)
    if not isinstance(data, dict) or not ("ObjectStates" in data or "Name" in data):
        raise ImportFailed(f"{src}:1: not a Tabletop Simulator save or saved object (no ObjectStates, no object "
                           "Name)")
    if images is not None and not images.is_dir():
        raise ImportFailed(f"{images}: no such images folder")
    cards, notes, made = _convert(data, src, text, images)
    if not cards:
        raise ImportFailed(f"{src}: no card objects (Card, CardCustom, or in a Deck) in it; nothing was written")
    title = str(data.get("SaveName") or data.get("Nickname") or src.stem)
    return SourceCards(src, cards, notes, title=title, ruleset="freeform", images=made)


def import_cards(src: str | Path | list[str | Path], out: str | Path, **options: Any) -> ImportReport:
    """Read `src` (or several saves) into the card set `out`; options as `build.import_sources` (the sheets are
    read from `images`, never copied whole)."""
    return import_with(sys.modules[__name__], src, out, **options)
