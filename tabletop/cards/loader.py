"""Load card sets from `cards/<set>/` folders, collecting every problem with its file, line and field.

A set is a folder holding `set.yaml` (metadata) and any number of other `*.yaml` card files (not under `decks/`).
`read_set` never raises and returns what it could load plus the problems; `load_set` raises `CardSetError` listing
them all; `CardLibrary` indexes every set under some roots by `set/id` refs.
"""

from __future__ import annotations

import difflib
import functools
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from ..errors import TabletopError
from ..yamlsafe import Located, YamlError, load_file
from .model import CARD_KEYS, CardDef, CardProblem, CardSet, CardSetError
from .roles import ROLE_MAPPING_KEYS, Traits, check_card_block, check_set_block, mapped_traits, value_problems

__all__ = [
    "DECKS_DIR",
    "ID_PATTERN",
    "SET_FILE",
    "CardLibrary",
    "UnknownCardError",
    "check_sets",
    "default_library",
    "default_roots",
    "display_path",
    "find_set_dirs",
    "load_set",
    "read_set",
    "set_dir_of",
    "split_ref",
]

#: Card ids and set names: a letter or digit, then letters, digits, `.`, `_`, `+`, `-` (never `/` nor spaces).
ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]*")
SET_FILE = "set.yaml"
DECKS_DIR = "decks"
YAML_SUFFIXES = (".yaml", ".yml")

_SET_META = ("set", "title", "description", "back")
_CARD_FILE_KEYS = ("cards", "defaults")


class UnknownCardError(TabletopError, KeyError):
    """A ref or id that names no card; its message says which set was searched and suggests a close id."""

    def __init__(self, message: str, suggestion: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.suggestion = suggestion

    def __str__(self) -> str:
        return self.message


def display_path(path: str | os.PathLike[str]) -> str:
    """A path as people want to read it in messages: relative to the working folder when inside it."""
    path = Path(path)
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)


def split_ref(ref: str) -> tuple[str, str]:
    """Split `set/id` into its parts; a bare id gives an empty set."""
    set_name, sep, card_id = ref.partition("/")
    return (set_name, card_id) if sep else ("", ref)


def _is_yaml(path: Path) -> bool:
    return path.suffix.lower() in YAML_SUFFIXES and not path.name.startswith(".")


def _card_files(set_dir: Path) -> list[Path]:
    """set.yaml first, then every other YAML file below the set folder (sorted), skipping decks/ and hidden folders."""
    found: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(set_dir):
        dirnames[:] = sorted(d for d in dirnames if d != DECKS_DIR and not d.startswith("."))
        for name in sorted(filenames):
            path = Path(dirpath) / name
            if _is_yaml(path) and path != set_dir / SET_FILE:
                found.append(path)
    found.sort(key=lambda p: p.relative_to(set_dir).parts)
    return found


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _SetReader:
    """Reads one set folder, gathering problems instead of stopping at the first."""

    def __init__(self, set_dir: Path) -> None:
        self.set_dir = set_dir
        self.problems: list[CardProblem] = []
        self.card_set = CardSet(name=set_dir.name, title=set_dir.name, path=set_dir)
        self.seen: dict[str, tuple[str, int | None]] = {}

    def problem(self, doc: Located, path: tuple[Any, ...], message: str) -> None:
        self.problems.append(CardProblem(doc.source, doc.line_of(path), doc.field_name(path), message))

    def load(self, path: Path) -> Located | None:
        try:
            return load_file(path, source=display_path(path))
        except YamlError as exc:
            self.problems.append(CardProblem(exc.file, exc.line, exc.field, exc.message))
            return None

    def read(self) -> CardSet:
        set_file = self.set_dir / SET_FILE
        if not ID_PATTERN.fullmatch(self.set_dir.name):
            self.problems.append(
                CardProblem(
                    display_path(self.set_dir),
                    None,
                    "",
                    f"set folder name {self.set_dir.name!r} is not a valid set id "
                    "(letters, digits and . _ + -, starting with a letter or digit)",
                )
            )
        if set_file.is_file():
            doc = self.load(set_file)
            if doc is not None:
                self.read_set_file(doc)
        else:
            self.problems.append(CardProblem(display_path(self.set_dir), None, "", f"missing {SET_FILE}"))
        for path in _card_files(self.set_dir):
            doc = self.load(path)
            if doc is not None:
                self.read_card_file(doc, allow_meta=False)
        self.read_decks()
        return self.card_set

    def read_decks(self) -> None:
        """Keep the set's shipped deck lists as parsed YAML (a bad one as its problem, reported when it is used)."""
        deck_dir = self.set_dir / DECKS_DIR
        if not deck_dir.is_dir():
            return
        for path in sorted(p for p in deck_dir.iterdir() if p.is_file() and _is_yaml(p)):
            try:
                self.card_set.decks[path.name] = load_file(path, source=display_path(path))
            except YamlError as exc:
                self.card_set.decks[path.name] = CardProblem(exc.file, exc.line, exc.field, exc.message)

    def text_field(
        self, doc: Located, data: Mapping[Any, Any], key: str, path: tuple[Any, ...] = ()
    ) -> str | None:
        value = data.get(key)
        if value is None:
            return None
        if not isinstance(value, str):
            self.problem(doc, (*path, key), f"expected a string, not {type(value).__name__}")
            return None
        return value

    def read_set_file(self, doc: Located) -> None:
        data = doc.data
        if data is None:
            return
        if not isinstance(data, Mapping):
            self.problem(doc, (), "expected a mapping with set, title, description and back")
            return
        card_set = self.card_set
        declared = self.text_field(doc, data, "set")
        if declared is not None and declared != card_set.name:
            self.problem(doc, ("set",), f"set {declared!r} does not match its folder name {card_set.name!r}")
        card_set.title = self.text_field(doc, data, "title") or card_set.name
        card_set.description = self.text_field(doc, data, "description") or ""
        card_set.back = self.text_field(doc, data, "back") or ""
        for key, value in data.items():
            if not isinstance(key, str):
                self.problem(doc, (key,), "keys must be strings")
            elif key in ROLE_MAPPING_KEYS:
                for path, message in check_set_block(key, value, (key,)):
                    self.problem(doc, path, message)
                card_set.extra[key] = value
            elif key not in _SET_META and key not in _CARD_FILE_KEYS:
                card_set.extra[key] = value
        if "cards" in data or "defaults" in data:
            self.read_card_file(doc, allow_meta=True)

    def read_card_file(self, doc: Located, *, allow_meta: bool) -> None:
        data = doc.data
        if data is None:
            return
        defaults: Mapping[str, Any] = {}
        if isinstance(data, list):
            cards, prefix = data, ()
        elif isinstance(data, Mapping):
            if not allow_meta:
                for key in data:
                    if key not in _CARD_FILE_KEYS:
                        self.problem(
                            doc,
                            (key,),
                            f"unknown key {key!r}; a card file has 'cards' and optional 'defaults'",
                        )
            raw_defaults = data.get("defaults")
            if isinstance(raw_defaults, Mapping):
                defaults = self.check_defaults(doc, raw_defaults)
            elif raw_defaults is not None:
                self.problem(doc, ("defaults",), "expected a mapping of card keys")
            cards, prefix = data.get("cards", []), ("cards",)
            if cards is None:
                cards = []
            if not isinstance(cards, list):
                self.problem(doc, prefix, "expected a list of cards")
                return
        else:
            self.problem(doc, (), "expected a list of cards or a mapping with a 'cards' list")
            return
        for index, card in enumerate(cards):
            self.read_card(doc, (*prefix, index), card, defaults)

    def check_defaults(self, doc: Located, defaults: Mapping[Any, Any]) -> Mapping[str, Any]:
        good: dict[str, Any] = {}
        for key, value in defaults.items():
            path = ("defaults", key)
            if not isinstance(key, str):
                self.problem(doc, path, "keys must be strings")
            elif key in ("id", "name"):
                self.problem(doc, path, f"{key!r} cannot have a default: every card needs its own")
            elif key == "set":
                self.problem(doc, path, "'set' comes from the folder name")
            elif key in CARD_KEYS and not isinstance(value, str):
                self.problem(doc, path, f"expected a string, not {type(value).__name__}")
            else:
                good[key] = value
        return good

    def read_card(self, doc: Located, path: tuple[Any, ...], card: Any, defaults: Mapping[str, Any]) -> None:
        if not isinstance(card, Mapping):
            shown = type(card).__name__ if card is not None else "an empty entry"
            self.problem(doc, path, f"expected a card (a mapping with id, name and type), not {shown}")
            return
        ok = True

        def bad(key: str | None, message: str) -> None:
            nonlocal ok
            ok = False
            self.problem(doc, path if key is None else (*path, key), message)

        for key in card:
            if not isinstance(key, str):
                bad(None, f"card keys must be strings, not {key!r}")
            elif key == "set":
                bad(key, "a card cannot name its set: the set is the folder name")
        merged: dict[str, Any] = {
            **defaults,
            **{k: v for k, v in card.items() if isinstance(k, str) and k != "set"},
        }

        card_id = merged.get("id")
        if "id" not in card:
            bad(None, "missing 'id'")
            card_id = None
        elif _is_int(card_id):
            card_id = str(card_id)
        elif not isinstance(card_id, str):
            bad("id", f"expected a string or integer id, not {type(card_id).__name__}")
            card_id = None
        elif not card_id:
            bad("id", "empty id")
            card_id = None
        elif not ID_PATTERN.fullmatch(card_id):
            bad(
                "id",
                f"invalid id {card_id!r}: use letters, digits and . _ + - (no spaces or '/'), starting with a letter or digit",
            )
            card_id = None

        values: dict[str, str] = {}
        for key in ("name", "type"):
            value = merged.get(key)
            where = key if key in card else None
            if key not in merged:
                bad(None, f"missing {key!r}")
            elif not isinstance(value, str):
                bad(where, f"expected {key} to be a string, not {type(value).__name__}")
            elif not value.strip():
                bad(where, f"empty {key}")
            else:
                values[key] = value
        for key in ("text", "image", "back"):
            value = merged.get(key)
            if value is None:
                values[key] = ""
            elif not isinstance(value, str):
                bad(
                    key if key in card else None, f"expected {key} to be a string, not {type(value).__name__}"
                )
            else:
                values[key] = value
        for key in ROLE_MAPPING_KEYS:
            if key in card:
                for issue_path, message in check_card_block(key, card[key], (*path, key)):
                    ok = False
                    self.problem(doc, issue_path, message)

        line = doc.line_of(path) or 0
        if card_id is not None:
            first = self.seen.get(card_id)
            if first is not None:
                first_where = f"{first[0]}:{first[1]}" if first[1] is not None else first[0]
                self.problem(
                    doc, (*path, "id"), f"duplicate card id {card_id!r} (first defined at {first_where})"
                )
                return
            self.seen[card_id] = (doc.source, doc.line_of((*path, "id")))
        if not ok or card_id is None:
            return
        fields = {k: v for k, v in merged.items() if k not in CARD_KEYS}
        self.card_set.cards[card_id] = CardDef(
            set=self.card_set.name,
            id=card_id,
            name=values["name"],
            type=values["type"],
            text=values["text"],
            image=values["image"],
            back=values["back"] or self.card_set.back,
            fields=fields,
            source=doc.source,
            line=line,
        )


def read_set(path: str | os.PathLike[str]) -> tuple[CardSet, list[CardProblem]]:
    """Load one set folder without raising: the cards that are valid, and every problem found."""
    reader = _SetReader(Path(path))
    card_set = reader.read()
    return card_set, reader.problems


def load_set(path: str | os.PathLike[str]) -> CardSet:
    """Load one set folder; raise CardSetError listing every problem if there is any."""
    card_set, problems = read_set(path)
    if problems:
        raise CardSetError(problems)
    return card_set


def find_set_dirs(root: str | os.PathLike[str]) -> list[Path]:
    """The set folders at `root`: root itself if it holds set.yaml, else its subfolders that do (sorted)."""
    root = Path(root)
    if (root / SET_FILE).is_file():
        return [root]
    if not root.is_dir():
        return []
    return sorted(
        p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".") and (p / SET_FILE).is_file()
    )


def set_dir_of(path: str | os.PathLike[str]) -> Path | None:
    """The set folder a file or folder belongs to (the nearest ancestor holding set.yaml), or None."""
    path = Path(path).resolve()
    for candidate in (path, *path.parents) if path.is_dir() else path.parents:
        if (candidate / SET_FILE).is_file():
            return candidate
    return None


def check_sets(path: str | os.PathLike[str]) -> list[CardProblem]:
    """Every problem in the sets under a root folder, in one set folder, or in one card file; never raises."""
    path = Path(path)
    if not path.exists():
        return [CardProblem(display_path(path), None, "", "no such file or folder")]
    if path.is_file():
        set_dir = set_dir_of(path)
        if set_dir is None:
            # A lone card file: read it as if its folder were a set, without requiring set.yaml.
            reader = _SetReader(path.parent)
            doc = reader.load(path)
            if doc is not None:
                reader.read_card_file(doc, allow_meta=path.name == SET_FILE)
            return reader.problems + value_problems(reader.card_set)
        shown = display_path(path)
        return [p for p in _checked_set(set_dir) if p.file == shown]
    set_dirs = find_set_dirs(path)
    if not set_dirs:
        return [
            CardProblem(
                display_path(path), None, "", f"no card sets here (no {SET_FILE} in it or its subfolders)"
            )
        ]
    problems: list[CardProblem] = []
    if set_dirs != [path]:
        for child in sorted(path.iterdir()):
            if (
                child.is_dir()
                and child.name != DECKS_DIR
                and not child.name.startswith(".")
                and child not in set_dirs
                and any(_is_yaml(p) for p in child.iterdir())
            ):
                problems.append(
                    CardProblem(display_path(child), None, "", f"folder has YAML files but no {SET_FILE}")
                )
    for set_dir in set_dirs:
        problems += _checked_set(set_dir)
    return problems


def _checked_set(set_dir: Path) -> list[CardProblem]:
    """A set's problems for `cards check`: what keeps it from loading, then the values its rulesets' roles need."""
    card_set, problems = read_set(set_dir)
    return problems + value_problems(card_set)


def _close(word: str, options: Iterable[str]) -> str | None:
    options = list(options)
    folded = {o.casefold(): o for o in options}
    if word.casefold() in folded:
        return folded[word.casefold()]
    matches = difflib.get_close_matches(word, options, n=1, cutoff=0.5)
    return matches[0] if matches else None


class CardLibrary:
    """Every loaded card set, indexed so a `set/id` ref finds its CardDef."""

    def __init__(self, roots: Iterable[str | os.PathLike[str]] | None = None, *, strict: bool = True) -> None:
        """Load all sets under `roots` (default: `default_roots()`); with `strict`, any problem raises CardSetError.

        Without `strict`, sets with problems are skipped and the problems are kept in `self.problems`.
        """
        self.sets: dict[str, CardSet] = {}
        self.problems: list[CardProblem] = []
        #: Goes up each time sets are reloaded from disk (`cards.watch`), so caches of card data know to refresh.
        self.version = 0
        self.roots = [Path(r) for r in (default_roots() if roots is None else roots)]
        for root in self.roots:
            for set_dir in find_set_dirs(root):
                card_set, problems = read_set(set_dir)
                if problems:
                    self.problems += problems
                    continue
                if card_set.name in self.sets:
                    other = self.sets[card_set.name].path
                    self.problems.append(
                        CardProblem(
                            display_path(set_dir),
                            None,
                            "",
                            f"set {card_set.name!r} is already loaded from {display_path(other) if other else '?'}",
                        )
                    )
                    continue
                self.sets[card_set.name] = card_set
        if strict and self.problems:
            raise CardSetError(self.problems)

    @classmethod
    def from_sets(cls, *sets: CardSet) -> CardLibrary:
        """A library holding exactly these sets (for tests and tools)."""
        library = cls(roots=[])
        for card_set in sets:
            library.add(card_set)
        return library

    def add(self, card_set: CardSet, *, replace: bool = False) -> None:
        """Add a set; a set of the same name is an error unless `replace`."""
        if card_set.name in self.sets and not replace:
            raise ValueError(f"set {card_set.name!r} is already in the library")
        self.sets[card_set.name] = card_set

    def __contains__(self, ref: object) -> bool:
        if not isinstance(ref, str):
            return False
        set_name, card_id = split_ref(ref)
        card_set = self.sets.get(set_name)
        return card_set is not None and card_id in card_set.cards

    def __iter__(self) -> Iterator[CardDef]:
        for card_set in self.sets.values():
            yield from card_set.cards.values()

    def __len__(self) -> int:
        return sum(len(s.cards) for s in self.sets.values())

    def get(self, ref: str) -> CardDef:
        """The card for a `set/id` ref; raise UnknownCardError (a KeyError) saying what is wrong and what is close."""
        set_name, card_id = split_ref(ref)
        if not set_name:
            raise UnknownCardError(f"card ref {ref!r} has no set: write it as set/id")
        return self.resolve(ref)

    def require_set(self, name: str) -> CardSet:
        """The set of this name; raise UnknownCardError suggesting a close name (or listing the loaded sets)."""
        card_set = self.sets.get(name)
        if card_set is None:
            close = _close(name, self.sets)
            hint = f" (did you mean {close!r}?)" if close else ""
            known = f"; loaded sets: {', '.join(sorted(self.sets))}" if self.sets and not close else ""
            raise UnknownCardError(f"unknown card set {name!r}{hint}{known}", close)
        return card_set

    def resolve(self, ref_or_id: str, default_set: str | None = None) -> CardDef:
        """A card from `set/id`, or from a bare id in `default_set` (or, without one, the only set that has it)."""
        set_name, card_id = split_ref(str(ref_or_id))
        set_name = set_name or (default_set or "")
        if set_name:
            card_set = self.require_set(set_name)
            card = card_set.cards.get(card_id)
            if card is None:
                close = _close(card_id, card_set.cards)
                hint = f" (did you mean {close!r}?)" if close else ""
                raise UnknownCardError(f"unknown card {card_id!r} in set {set_name!r}{hint}", close)
            return card
        owners = [s for s in self.sets.values() if card_id in s.cards]
        if len(owners) == 1:
            return owners[0].cards[card_id]
        if owners:
            refs = ", ".join(f"{s.name}/{card_id}" for s in owners)
            raise UnknownCardError(f"card id {card_id!r} is in several sets ({refs}): write it as set/id")
        close = _close(card_id, {c.id for c in self})
        hint = f" (did you mean {close!r}?)" if close else ""
        raise UnknownCardError(f"unknown card {card_id!r} in any loaded set{hint}", close)

    def find(self, name_or_id: str) -> list[CardDef]:
        """Cards whose ref, id or name matches (ids and names case-insensitively), in library order."""
        wanted = name_or_id.strip().casefold()
        if name_or_id in self:
            return [self.resolve(name_or_id)]
        return [c for c in self if c.id.casefold() == wanted or c.name.casefold() == wanted]

    def set_of(self, card: CardDef) -> CardSet:
        """The set a card belongs to."""
        return self.sets[card.set]

    def traits(self, card: CardDef | str, key: str) -> Traits:
        """The card's traits under the role mapping `key` (e.g. Tragedy's Value and eligible Roles under "tragedy")."""
        card = self.get(card) if isinstance(card, str) else card
        return mapped_traits(card, self.sets.get(card.set), key)


def default_roots() -> list[Path]:
    """The repo's shipped `cards/` folder, plus `./cards` of the working folder when that is another folder."""
    roots = [Path(__file__).resolve().parents[2] / "cards"]
    local = Path.cwd() / "cards"
    try:
        if local.is_dir() and local.resolve() != roots[0]:
            roots.append(local)
    except OSError:
        pass
    return [r for r in roots if r.is_dir()]


@functools.cache
def default_library() -> CardLibrary:
    """The library of `default_roots()`, loaded once (strict: broken card data raises CardSetError)."""
    return CardLibrary()
