"""Turn what the importers read from one or more sources into one card set, merged with what the folder holds.

Every importer reads a source into a `SourceCards`; `import_sources` combines several (one set, ids unique, printings
of one name numbered), merges them into the set already at `out` as the mode says, and writes the whole set at once
(staged, so a failure leaves `out` exactly as it was). Modes:

- `new`: `out` must not hold a set yet.
- `add` (`--add`): the cards read join the set; a card the set already holds (the same source id, else the same name
  and printing) is refreshed in place and keeps its id; nothing is removed.
- `force` (`--force`): a re-import of these sources: the cards read replace the ones these same source files brought
  before (keeping their ids), cards that left the source go (and are listed), and cards of other sources stay.

Either way a card keeps its id across re-imports, so decks and saves written against the set still load.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ...yamlsafe import YamlError, load_file
from ..loader import ID_PATTERN, read_set
from . import ImportFailed, ImportNote, ImportReport, attach_images, staged_set, unique_id, write_set

__all__ = [
    "MODES",
    "SourceCards",
    "import_sources",
    "import_with",
    "read_bytes",
    "read_json",
    "read_text",
]

MODES = ("new", "add", "force")


@dataclass(slots=True)
class SourceCards:
    """What one source file gave: cards (each with a proposed `id`), notes, and what it says about its set."""

    path: Path
    cards: list[dict[str, Any]]
    notes: list[ImportNote] = field(default_factory=list)
    title: str = ""
    ruleset: str = "freeform"
    #: the printed set's abbreviation (GCCG's `abbrev`), written as the set's `abbrev` and on every card
    abbrev: str = ""
    #: file name -> bytes, written under the set's `images/` (faces an importer made itself, e.g. cut from sheets)
    images: dict[str, bytes] = field(default_factory=dict)
    #: more `set.yaml` keys this source gives (kept unless the set already has them)
    meta: dict[str, Any] = field(default_factory=dict)
    #: what names this source in the set (`source_file` on its cards; what `--force` replaces): its file name,
    #: unless the format has a better one (OCTGN sets are all "set.xml": their GUID)
    key: str = ""

    def __post_init__(self) -> None:
        self.key = self.key or self.path.name


def read_bytes(src: Path, limit: int) -> bytes:
    """The bytes of a source file, or ImportFailed naming it (missing, unreadable, too big)."""
    try:
        size = src.stat().st_size
        if size > limit:
            raise ImportFailed(f"{src}: {size} bytes is more than the {limit} a card file may have")
        return src.read_bytes()
    except OSError as e:
        raise ImportFailed(f"{src}: cannot read it: {e.strerror or e}") from e


#: an importer's `read_source(src, images=DIR or None)`: a SourceCards, or a list of them
def read_text(src: Path, limit: int) -> str:
    """A source file as UTF-8 text (a byte-order mark dropped), or ImportFailed naming the line of a bad byte."""
    data = read_bytes(src, limit)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise ImportFailed(f"{src}:{line}: not UTF-8 text ({e.reason} at byte {e.start})") from e


def read_json(src: Path, limit: int) -> tuple[Any, str]:
    """A JSON source's data and text, or ImportFailed naming line and column (and XML given for JSON)."""
    text = read_text(src, limit)
    try:
        return json.loads(text), text
    except json.JSONDecodeError as e:
        what = "XML, not JSON (another format?)" if text.lstrip().startswith("<") else f"not JSON: {e.msg}"
        raise ImportFailed(f"{src}:{e.lineno}:{e.colno}: {what}") from e
    except ValueError as e:  # a number too long to read
        raise ImportFailed(f"{src}: not readable JSON: {e}") from e
    except RecursionError as e:
        raise ImportFailed(f"{src}: JSON nested too deeply to read") from e


Reader = Callable[..., SourceCards]


def import_sources(
    fmt: str,
    read: Reader,
    srcs: Iterable[str | Path],
    out: str | Path,
    *,
    mode: str = "force",
    images: str | Path | None = None,
    reference_images: bool = False,
    title: str | None = None,
) -> ImportReport:
    """Read every source with `read`, merge them into the set at `out` as `mode` says, write it whole, report."""
    if mode not in MODES:
        raise ValueError(f"mode {mode!r} is not one of {MODES}")
    out = Path(out)
    sources: list[SourceCards] = []
    for src in srcs:  # a reader may give several sources for one file (a GCCG game file lists its sets)
        got = read(Path(src), images=Path(images) if images else None)
        sources += got if isinstance(got, list) else [got]
    if not sources:
        raise ImportFailed("no source file given")
    for s in sources:
        if not s.cards:
            raise ImportFailed(f"{s.path}: no cards in it; nothing was written")
    old = _OldSet.read(out)
    if old.exists and mode == "new":
        raise ImportFailed(f"{out} already holds a card set of {len(old.cards)} card(s); --add adds these cards "
                           "to it, --force re-imports these sources into it (other sources' cards stay)")
    notes = [n if n.file else replace(n, file=s.path.name) for s in sources for n in s.notes]
    merged, removed = _merge(old, sources, mode, notes)
    _number_printings(merged)
    report = ImportReport(", ".join(str(s.path) for s in sources), out, out.name,
                          cards=sum(len(s.cards) for s in sources), notes=notes, total=len(merged))
    report.added = sum(1 for s in sources for c in s.cards if c.get("_new"))
    for c in merged:
        c.pop("_new", None)
    for name in removed:
        notes.append(ImportNote(None, name, "", "no longer in its source; removed from the set", "removed"))
    meta = _meta(old, sources, fmt, title)
    with staged_set(out) as stage:
        # the faces an importer made itself are written as they are; the others are looked up in `images`
        new_cards = [c for s in sources for c in s.cards if Path(str(c.get("image", ""))).name not in s.images]
        attach_images(new_cards, meta, report, Path(images) if images else None, stage, reference=reference_images)
        _write_images(stage, sources)
        try:
            write_set(stage, meta, merged, name=out.name)
        except ImportFailed as e:
            raise ImportFailed(f"{sources[0].path}: {e}") from None
    return report


def import_with(module: Any, src: str | Path | Iterable[str | Path], out: str | Path, **options: Any,
                ) -> ImportReport:
    """An importer module's `import_cards`: its `read_source` over one source or several (see `import_sources`)."""
    srcs = [src] if isinstance(src, (str, Path)) else list(src)
    return import_sources(module.FORMAT, module.read_source, srcs, out, **options)


def _write_images(stage: Path, sources: list[SourceCards]) -> None:
    made = {name: data for s in sources for name, data in s.images.items()}
    if not made:
        return
    folder = stage / "images"
    folder.mkdir(exist_ok=True)
    for name, data in made.items():
        (folder / name).write_bytes(data)


@dataclass(slots=True)
class _OldSet:
    """The set already at `out`: its `set.yaml` mapping, the cards of our `cards.yaml`, every id any file uses."""

    exists: bool = False
    meta: dict[str, Any] = field(default_factory=dict)
    cards: list[dict[str, Any]] = field(default_factory=list)
    other_ids: set[str] = field(default_factory=set)

    @classmethod
    def read(cls, out: Path) -> _OldSet:
        if not (out / "set.yaml").is_file():
            return cls()
        old = cls(exists=True)
        try:
            meta = load_file(out / "set.yaml").data
            cards_file = out / "cards.yaml"
            data = load_file(cards_file).data if cards_file.is_file() else {"cards": []}
        except YamlError as e:
            raise ImportFailed(f"{e.file}:{e.line}: the set here does not load ({e.message}); fix it or write "
                               "elsewhere, so none of its cards are lost") from None
        old.meta = dict(meta) if isinstance(meta, dict) else {}
        extra = [k for k in (data if isinstance(data, dict) else {}) if k != "cards"]
        if "cards" in old.meta or "defaults" in old.meta or extra:
            where = "set.yaml holds cards" if "cards" in old.meta or "defaults" in old.meta else \
                f"cards.yaml has {', '.join(map(str, extra))}"
            raise ImportFailed(f"{out}: {where}, which an import would rewrite; import into a folder of its own "
                               "(tabletop writes set.yaml and cards.yaml) and nothing here is touched")
        cards = (data.get("cards") if isinstance(data, dict) else data) or []
        if not isinstance(cards, list) or not all(isinstance(c, dict) for c in cards):
            raise ImportFailed(f"{out / 'cards.yaml'}: not a list of cards (`tabletop cards check {out}` says "
                               "where); fix it first, so none of its cards are lost")
        old.cards = [dict(c) for c in cards]
        mine = {str(c.get("id")) for c in old.cards}
        card_set, _problems = read_set(out)
        old.other_ids = {cid for cid in card_set.cards if cid not in mine}
        return old


def _keys(card: dict[str, Any], nth: int) -> list[tuple[str, ...]]:
    """What makes a card the same card in another import: its source id, else its name and printing."""
    sid = card.get("source_id")
    if sid is not None and str(sid).strip():
        return [("id", str(card.get("abbrev", "")), str(sid).strip())]
    return [("name", str(card.get("abbrev", "")), " ".join(str(card.get("name", "")).casefold().split()),
                 str(nth))]


def _occurrences(cards: list[dict[str, Any]]) -> list[int]:
    """For each card, how many cards before it (plus one) share its name: the n of a name-based key."""
    seen: dict[str, int] = {}
    out = []
    for c in cards:
        k = " ".join(str(c.get("name", "")).casefold().split())
        seen[k] = seen.get(k, 0) + 1
        out.append(seen[k])
    return out


def _merge(old: _OldSet, sources: list[SourceCards], mode: str, notes: list[ImportNote],
           ) -> tuple[list[dict[str, Any]], list[str]]:
    """The set's cards after this import, and the names of the cards it removed."""
    merged = list(old.cards)
    index: dict[tuple[str, ...], list[int]] = {}  # a repeated source id names several cards, in set order
    for i, (c, nth) in enumerate(zip(old.cards, _occurrences(old.cards), strict=True)):
        for k in _keys(c, nth):
            index.setdefault(k, []).append(i)
    taken = set(old.other_ids) | {str(c.get("id")) for c in old.cards}
    files = {s.key for s in sources}
    refreshed: set[int] = set()
    seen_ids: dict[tuple[str, str], str] = {}  # (printed set's abbreviation, source id) -> the first card's name
    for source in sources:
        for card, nth in zip(source.cards, _occurrences(source.cards), strict=True):
            card["source_file"] = source.key
            if source.abbrev and "abbrev" not in card:
                card["abbrev"] = source.abbrev
            given = (str(card.get("abbrev") or ""), str(card.get("source_id") or ""))
            repeated = seen_ids.get(given) if given[1] else None
            seen_ids.setdefault(given, str(card.get("name", "")))
            hit = next((i for k in _keys(card, nth) for i in index.get(k, ()) if i not in refreshed), None)
            if hit is not None:
                card["id"] = merged[hit]["id"]
                merged[hit] = card
                refreshed.add(hit)
            else:
                proposed = str(card.get("id") or "card")
                card["id"] = unique_id(proposed if ID_PATTERN.fullmatch(proposed) else "card", taken,
                                       str(card.get("abbrev") or ""))
                card["_new"] = True
                merged.append(card)
                refreshed.add(len(merged) - 1)
            if repeated is not None:
                printed = f" ({given[0]})" if given[0] else ""
                notes.append(ImportNote(card.get("_line"), str(card.get("name", "")), "id",
                                        f"id {given[1]!r}{printed} is also on {repeated!r}: both kept, this one as "
                                        f"{card['id']!r}", "duplicate", source.path.name))
    removed: list[str] = []
    if mode == "force":
        keep = []
        for i, c in enumerate(merged):
            if i < len(old.cards) and i not in refreshed and c.get("source_file") in files:
                removed.append(str(c.get("name", c.get("id"))))
            else:
                keep.append(c)
        merged = keep
    for c in merged:
        c.pop("_line", None)
    return merged, removed


def _number_printings(cards: list[dict[str, Any]]) -> None:
    """Cards sharing a name get `printing: 1, 2...` in set order (GCCG's "NAME #2" is printing 2)."""
    counts: dict[str, int] = {}
    for c in cards:
        k = " ".join(str(c.get("name", "")).casefold().split())
        counts[k] = counts.get(k, 0) + 1
    seen: dict[str, int] = {}
    for c in cards:
        k = " ".join(str(c.get("name", "")).casefold().split())
        if counts[k] > 1:
            seen[k] = seen.get(k, 0) + 1
            c["printing"] = seen[k]
        else:
            c.pop("printing", None)


def _meta(old: _OldSet, sources: list[SourceCards], fmt: str, title: str | None) -> dict[str, Any]:
    """`set.yaml` after the import: the old keys kept, the sources listed in `imported_from`."""
    meta = {k: v for k, v in old.meta.items() if k != "set"}
    first = sources[0]
    if title or "title" not in meta:
        meta["title"] = title or first.title or first.path.stem
    if "description" not in meta:
        meta["description"] = (f"Imported with `tabletop import {fmt}` from "
                               f"{', '.join(s.path.name for s in sources)}; rules: the {first.ruleset} ruleset.")
    meta.setdefault("ruleset", first.ruleset)
    abbrevs = [s.abbrev for s in sources if s.abbrev]
    if abbrevs:
        meta.setdefault("abbrev", abbrevs[0])
    for s in sources:
        for k, v in s.meta.items():
            meta.setdefault(k, v)
    listed = meta.get("imported_from")
    entries = [dict(e) for e in listed if isinstance(e, dict)] if isinstance(listed, list) else \
        [dict(listed)] if isinstance(listed, dict) else []
    for s in sources:
        entry: dict[str, Any] = {"format": fmt, "file": s.path.name, "cards": len(s.cards)}
        if s.key != s.path.name:
            entry["source"] = s.key
        if s.abbrev:
            entry["abbrev"] = s.abbrev
        entries = [e for e in entries if e.get("source", e.get("file")) != s.key] + [entry]
    meta["imported_from"] = entries
    return meta
