"""Importers: turn another program's card data into a card set our loader accepts, keeping what they cannot parse.

Each importer is a module with `FORMAT` (the name `tabletop import FORMAT` uses), `HELP` and
`import_cards(src, out, *, images=None, reference_images=False) -> ImportReport`. Register a new one in
`IMPORTERS` (lazily imported, so a broken importer never breaks the others).
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from ...errors import TabletopError
from ...yamlsafe import dump
from ..loader import ID_PATTERN

__all__ = [
    "IMPORTERS",
    "MAX_CARD_DEPTH",
    "ImportFailed",
    "ImportNote",
    "ImportReport",
    "attach_images",
    "copy_images",
    "field_key",
    "number",
    "get_importer",
    "slug",
    "staged_set",
    "unique_id",
    "write_set",
]

#: format name -> module implementing it
IMPORTERS: dict[str, str] = {
    "xfiles-fan-js": "tabletop.cards.importers.xfiles_fan_js",
    "xfiles-ccg-json": "tabletop.cards.importers.xfiles_ccg_json",
    "gccg-xml": "tabletop.cards.importers.gccg_xml",
    "cockatrice": "tabletop.cards.importers.cockatrice",
    "octgn": "tabletop.cards.importers.octgn",
    "tts": "tabletop.cards.importers.tts",
    "csv": "tabletop.cards.importers.csv_table",
}


class ImportFailed(TabletopError):
    """The source cannot be imported at all (unreadable file, syntax error, bad output folder); names file and line."""


@dataclass(frozen=True, slots=True)
class ImportNote:
    """Something the importer kept as text or could not do, located in the source so a person can check it."""

    line: int | None
    card: str
    field: str
    message: str
    kind: str = "unparsed"
    #: the source file (its name), when an import reads several
    file: str = ""

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line else ""
        what = f"{self.card}: " if self.card else ""
        at = f"{self.field}: " if self.field else ""
        return f"{where}{what}{at}{self.message}"


@dataclass(slots=True)
class ImportReport:
    """What an import wrote and everything it could not fully understand (kept as text, never dropped)."""

    source: str
    out: Path
    set_name: str
    cards: int = 0
    notes: list[ImportNote] = field(default_factory=list)
    images_copied: int = 0
    #: cards new to the set (the others were already in it and were refreshed in place, keeping their ids)
    added: int | None = None
    #: the cards the set holds after the import (None: the same as `cards`)
    total: int | None = None

    def unparsed(self) -> list[ImportNote]:
        return [n for n in self.notes if n.kind == "unparsed"]

    def lines(self) -> list[str]:
        return [str(n) for n in self.notes]

    def summary(self) -> str:
        """One line: the cards written and how many notes the report lists, by kind (the same count as `lines`)."""
        copied = f", {self.images_copied} image(s) copied" if self.images_copied else ""
        kinds: dict[str, int] = {}
        for n in self.notes:
            kinds[n.kind] = kinds.get(n.kind, 0) + 1
        parts = [f"{k} {_KIND_LABELS.get(kind, kind)}" for kind, k in sorted(kinds.items(), key=lambda i: -i[1])]
        detail = f" ({', '.join(parts)})" if parts else ""
        new = ""
        if self.added is not None and (self.added != self.cards or self.total != self.cards):
            new = f" ({self.added} new, {self.cards - self.added} refreshed; the set now holds {self.total})"
        return (f"Imported {self.cards} card(s){new} into {self.out} (set {self.set_name}){copied}; "
                f"{len(self.notes)} note(s){detail}.")


_KIND_LABELS = {"unparsed": "kept as text", "by-hand": "to apply by hand", "missing": "missing fields",
                "skipped": "records skipped", "image": "images not found", "trailing": "after the card list",
                "duplicate": "repeated ids made unique", "removed": "cards removed", "markup": "markup removed"}


def get_importer(name: str) -> ModuleType:
    """The importer module for a format name; KeyError listing the known formats otherwise."""
    module = IMPORTERS.get(name)
    if module is None:
        raise KeyError(f"no importer for {name!r} (known: {', '.join(sorted(IMPORTERS))})")
    return importlib.import_module(module)


def slug(text: str) -> str:
    """A card id from a name: lower case, runs of other characters as one `-`, never empty."""
    s = re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-")
    return s or "card"


#: fields our loader or the import itself writes: a source's own value under one of these names is kept as source_*
OWN_FIELDS = ("id", "name", "text", "image", "set", "back", "source_id", "source_file", "printing", "abbrev")


def field_key(key: str, own: tuple[str, ...] = OWN_FIELDS) -> str:
    """A source's key as a card field: snake_case ("maintype", "ManaCost" -> "mana_cost", "Game Effect" ->
    "game_effect"); a key we write ourselves becomes `source_<key>`."""
    snake = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", str(key).strip())
    field = re.sub(r"[^a-z0-9]+", "_", snake.casefold()).strip("_") or "field"
    return f"source_{field}" if field in own else field


def number(value: str) -> Any:
    """A whole number written as text ("3", "-1") as an int; anything else unchanged."""
    v = value.strip()
    return int(v) if re.fullmatch(r"-?\d{1,9}", v) else value


def unique_id(base: str, taken: set[str], hint: str = "") -> str:
    """`base`, else `base-hint`, else `base-2`, `base-3`...: an id not yet in `taken` (which is updated)."""
    candidates = [base]
    if hint:
        candidates.append(f"{base}-{slug(hint)}")
    for cand in candidates:
        if cand not in taken and ID_PATTERN.fullmatch(cand):
            taken.add(cand)
            return cand
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    taken.add(f"{base}-{n}")
    return f"{base}-{n}"


def write_set(out: Path, meta: dict[str, Any], cards: list[dict[str, Any]], *, name: str | None = None) -> Path:
    """Write `set.yaml` and `cards.yaml` into `out` (created); `name` (default: the folder name) is the set id.

    Everything is converted and encoded before the first byte is written, so bad card data raises ImportFailed
    instead of leaving half a file.
    """
    out = Path(out)
    name = out.name if name is None else name
    if not ID_PATTERN.fullmatch(name):
        raise ImportFailed(f"{out}: the folder name is the set id, so it must be letters, digits and . _ + - "
                           "(starting with a letter or digit)")
    for i, card in enumerate(cards):
        problem = _unstorable(card)
        if problem:
            raise ImportFailed(f"card {i + 1} ({card.get('name', '?')!r}): {problem}")
    # json round trip: plain dicts and lists with no shared objects, so the YAML has no aliases
    meta = json.loads(json.dumps(meta))
    cards = json.loads(json.dumps(cards))
    header = "# Written by `tabletop import`; edit freely, then check with `tabletop cards check`.\n"
    texts = {"set.yaml": dump({"set": name, **meta}).encode("utf-8"),
             "cards.yaml": (header + dump({"cards": cards})).encode("utf-8")}
    out.mkdir(parents=True, exist_ok=True)
    for file, data in texts.items():
        (out / file).write_bytes(data)
    return out


#: deepest nesting of lists and mappings a written card may hold (the YAML reader refuses deeper files)
MAX_CARD_DEPTH = 16


def _unstorable(value: Any, depth: int = 0, where: str = "") -> str:
    """Why a card value cannot be written as a readable YAML file (too deep, text UTF-8 cannot hold), or ''."""
    if depth > MAX_CARD_DEPTH:
        return f"{where or 'a value'} is nested more than {MAX_CARD_DEPTH} levels deep"
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as e:
            return f"{where or 'a value'} holds {value[e.start]!r}, half of a UTF-16 pair, which no text file can store"
        return ""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**4000:
        return f"{where or 'a value'} is a number with more than 4000 digits"
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        here = f"{where}.{key}" if where and isinstance(key, str) else f"{where}[{key}]" if where else str(key)
        problem = _unstorable(key, depth + 1, here) if isinstance(key, str) else ""
        problem = problem or _unstorable(item, depth + 1, here)
        if problem:
            return problem
    return ""


@contextlib.contextmanager
def staged_set(out: str | Path) -> Iterator[Path]:
    """A scratch folder beside `out` to write a set into, put in place only when the block succeeds.

    A new `out` appears whole (one rename); an existing one (`--force`) gets each written file replaced atomically.
    On any failure the scratch folder is removed and `out` is left exactly as it was.
    """
    out = Path(out)
    if not ID_PATTERN.fullmatch(out.name):
        raise ImportFailed(f"{out}: the folder name is the set id, so it must be letters, digits and . _ + - "
                           "(starting with a letter or digit)")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        stage = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".importing", dir=out.parent))
    except OSError as e:
        raise ImportFailed(f"{out}: cannot write here: {e.strerror or e}") from e
    try:
        yield stage
        try:
            if not out.exists():
                os.rename(stage, out)
                return
            # pictures first, then the cards, set.yaml last: a set.yaml on disk always comes with its cards
            order = {"cards.yaml": 1, "set.yaml": 2}
            for src in sorted(stage.rglob("*"), key=lambda p: (order.get(p.name, 0) if p.parent == stage else 0,
                                                              len(p.parts), str(p))):
                dst = out / src.relative_to(stage)
                if src.is_dir():
                    dst.mkdir(exist_ok=True)
                else:
                    os.replace(src, dst)
        except OSError as e:
            raise ImportFailed(f"{out}: cannot write the set: {e.strerror or e}") from e
    finally:
        shutil.rmtree(stage, ignore_errors=True)


def copy_images(names: list[str], src_dir: Path, out: Path) -> tuple[int, list[str]]:
    """Copy the named image files from `src_dir` into `out/images/`; the count copied and the names not found."""
    dst = out / "images"
    copied, missing = 0, []
    for name in dict.fromkeys(names):
        src = (src_dir / name).resolve()
        if not src.is_relative_to(src_dir.resolve()) or not src.is_file():
            missing.append(name)
            continue
        dst.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst / src.name)
        copied += 1
    return copied, missing


def attach_images(
    cards: list[dict[str, Any]],
    meta: dict[str, Any],
    report: ImportReport,
    images: Path | None,
    out: Path,
    *,
    reference: bool = False,
) -> None:
    """Make the cards' `image` names point at real files: copied into the set, or the set refers to `images`.

    A name that is not in the folder is kept on the card (the proxy face is drawn meanwhile) and reported.
    """
    if images is None:
        return
    img_dir = Path(images)
    if not img_dir.is_dir():
        raise ImportFailed(f"{img_dir}: no such images folder")
    names = [c["image"] for c in cards if isinstance(c.get("image"), str) and c["image"]]
    if reference:
        if names:  # a set whose faces were all made by the import (TTS) keeps no pointer to the sheets
            meta["images"] = str(img_dir.resolve())
        missing = [n for n in dict.fromkeys(names) if not (img_dir / n).is_file()]
    else:
        # the copies live in the set folder; the card keeps its file name under images/
        report.images_copied, missing = copy_images(names, img_dir, out)
        for c in cards:
            if isinstance(c.get("image"), str) and c["image"] and c["image"] not in missing:
                c["image"] = f"images/{Path(c['image']).name}"
    for name in missing:
        report.notes.append(
            ImportNote(None, "", "image", f"{name} is not in {img_dir}; the card shows its proxy face", "image")
        )
