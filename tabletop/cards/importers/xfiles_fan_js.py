"""`xfiles-fan-js`: read the X-Files Fan CCG's card file (a JavaScript array of card objects) into a card set.

The source is JavaScript, not JSON: `var cards = [ ... ];` with `//` and `/* */` comments, trailing commas, single or
double quotes and bare keys. We parse that subset ourselves (no JavaScript is ever run). Card keys become snake_case
fields; `description` lines become `text`, and their bracketed phrases ("Requires [FBI], [Body].", "Provides [X].",
"Prevented by [X].", "Negates [X]", "Negates all aspects of [X]-providing card(s) played earlier in this round.")
become the `requires`, `provides`, `prevented_by` and `negates` lists the `xfiles-fan` ruleset reads. A line we
cannot read fully stays in `text` and is also listed in `unparsed` and in the report: kept, never dropped.
`imageFile` becomes `image` (with `--images DIR` the files are copied next to the set, in `images/`).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import ImportFailed, ImportNote, ImportReport, slug, unique_id
from .build import SourceCards, import_with, read_text

__all__ = [
    "FORMAT",
    "HELP",
    "JsObject",
    "JsSyntaxError",
    "ParsedText",
    "Trailing",
    "convert",
    "import_cards",
    "parse_description",
    "parse_immediately_after",
    "parse_js_cards",
    "read_js_cards",
    "read_source",
    "strip_markup",
]

FORMAT = "xfiles-fan-js"
HELP = "the X-Files Fan CCG card file (Cards/cards.js: a JavaScript array of card objects)"

MAX_SOURCE = 16 * 1024 * 1024

#: source key -> our field (every other key becomes snake_case)
RENAMED = {
    "imageFile": "image",
    "flavorText": "flavor",
    "description": "text",
}
#: keys the loader reserves: a source card that has them keeps the value under another name
RESERVED = {"set": "source_set", "back": "source_back", "text": "source_text"}


class JsSyntaxError(ImportFailed):
    """The file is not the JavaScript subset we read; says where."""

    def __init__(self, source: str, line: int, col: int, message: str) -> None:
        super().__init__(f"{source}:{line}:{col}: {message}")
        self.line = line
        self.col = col


class JsObject(dict):
    """A parsed object literal that remembers the line it starts on."""

    line: int = 0


# ------------------------------------------------------------------------------------------------ JS subset parser

_NUMBER = re.compile(r"[+-]?(?:0[xX][0-9a-fA-F]+|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)")
_IDENT = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


class _Reader:
    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source
        self.pos = 0
        self.depth = 0

    def fail(self, message: str, pos: int | None = None) -> JsSyntaxError:
        pos = self.pos if pos is None else pos
        line = self.text.count("\n", 0, pos) + 1
        col = pos - (self.text.rfind("\n", 0, pos) + 1) + 1
        return JsSyntaxError(self.source, line, col, message)

    def line(self) -> int:
        return self.text.count("\n", 0, self.pos) + 1

    def skip(self) -> None:
        """Skip white space and comments."""
        text, n = self.text, len(self.text)
        while self.pos < n:
            c = text[self.pos]
            if c in " \t\r\n\ufeff\u00a0":
                self.pos += 1
            elif text.startswith("//", self.pos):
                end = text.find("\n", self.pos)
                self.pos = n if end < 0 else end + 1
            elif text.startswith("/*", self.pos):
                end = text.find("*/", self.pos + 2)
                if end < 0:
                    raise self.fail("comment is never closed")
                self.pos = end + 2
            else:
                return

    def peek(self) -> str:
        self.skip()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def expect(self, ch: str) -> None:
        if self.peek() != ch:
            got = self.text[self.pos] if self.pos < len(self.text) else "the end of the file"
            raise self.fail(f"expected {ch!r}, found {got!r}")
        self.pos += 1

    def value(self) -> Any:
        c = self.peek()
        if c == "[":
            return self.array()
        if c == "{":
            return self.obj()
        if c and c in "\"'`":
            return self.string()
        m = _NUMBER.match(self.text, self.pos)
        if m and c in "+-.0123456789":
            start, self.pos = self.pos, m.end()
            s = m.group().lstrip("+")
            try:
                number = int(s, 16) if s.lower().lstrip("-").startswith("0x") else \
                    float(s) if any(ch in s for ch in ".eE") else int(s)
            except ValueError:
                raise self.fail("number too long to read", start) from None
            if isinstance(number, int) and abs(number) >= 10**18:
                return m.group()  # beyond what a card field needs: kept exactly as written
            return number
        m = _IDENT.match(self.text, self.pos)
        if m:
            word = m.group()
            consts = {"true": True, "false": False, "null": None, "undefined": None}
            if word in consts:
                self.pos = m.end()
                return consts[word]
            raise self.fail(f"unexpected word {word!r} (only data is read: no variables or code)")
        raise self.fail("expected a value" if c else "unexpected end of the file")

    def _enter(self) -> None:
        self.depth += 1
        if self.depth > 100:
            raise self.fail("nested too deeply")

    def array(self) -> list[Any]:
        self._enter()
        self.expect("[")
        out: list[Any] = []
        while True:
            if self.peek() == "]":
                self.pos += 1
                break
            out.append(self.value())
            c = self.peek()
            if c == ",":
                self.pos += 1
            elif c != "]":
                raise self.fail("expected ',' or ']' in a list")
        self.depth -= 1
        return out

    def obj(self) -> JsObject:
        self._enter()
        self.skip()
        out = JsObject()
        out.line = self.line()
        self.expect("{")
        while True:
            c = self.peek()
            if c == "}":
                self.pos += 1
                break
            key_pos = self.pos
            if c and c in "\"'":
                key = self.string()
            else:
                m = _IDENT.match(self.text, self.pos) or re.compile(r"\d+").match(self.text, self.pos)
                if not m:
                    raise self.fail("expected a key")
                key = m.group()
                self.pos = m.end()
            if key in out:
                raise self.fail(f"key {key!r} appears twice in one object", key_pos)
            self.expect(":")
            out[key] = self.value()
            c = self.peek()
            if c == ",":
                self.pos += 1
            elif c != "}":
                raise self.fail("expected ',' or '}' in an object")
        self.depth -= 1
        return out

    def string(self) -> str:
        quote = self.text[self.pos]
        start = self.pos
        self.pos += 1
        parts: list[str] = []
        text, n = self.text, len(self.text)
        while True:
            if self.pos >= n:
                raise self.fail("string is never closed", start)
            c = text[self.pos]
            if c == quote:
                self.pos += 1
                out = "".join(parts)
                try:
                    out.encode("utf-8")
                except UnicodeEncodeError:
                    # JavaScript strings are UTF-16: `\\ud83d\\ude00` is one character, written as two escapes
                    try:
                        out = out.encode("utf-16", "surrogatepass").decode("utf-16")
                    except UnicodeDecodeError:
                        raise self.fail("string holds half of a UTF-16 pair (a lone \\ud800-\\udfff escape)",
                                        start) from None
                return out
            if c == "\n" and quote != "`":
                raise self.fail("line break inside a string", start)
            if c == "\\":
                self.pos += 1
                e = text[self.pos] if self.pos < n else ""
                if e == "u":
                    if text.startswith("{", self.pos + 1):
                        end = text.find("}", self.pos)
                        if end < 0 or end - self.pos > 9:
                            raise self.fail("bad \\u escape")
                        digits, self.pos = text[self.pos + 2:end], end + 1
                    else:
                        digits, self.pos = text[self.pos + 1:self.pos + 5], self.pos + 5
                    try:
                        parts.append(chr(int(digits, 16)))
                    except (ValueError, OverflowError):
                        raise self.fail("bad \\u escape") from None
                    continue
                if e == "x":
                    try:
                        parts.append(chr(int(text[self.pos + 1:self.pos + 3], 16)))
                    except ValueError:
                        raise self.fail("bad \\x escape") from None
                    self.pos += 3
                    continue
                if e == "\r" and text.startswith("\n", self.pos + 1):
                    self.pos += 2
                    continue
                if e == "\n":
                    self.pos += 1
                    continue
                parts.append(_ESCAPES.get(e, e))
                self.pos += 1
                continue
            parts.append(c)
            self.pos += 1


def parse_js_cards(text: str, source: str = "<cards.js>") -> list[Any]:
    """The card array of a JavaScript card file: `var cards = [...];`, `export default [...]` or a bare `[...]`.

    Whatever follows the list (the real file goes on with `var episodeTitles = ...`) is not read: see `read_js_cards`
    for where it starts."""
    return read_js_cards(text, source)[0]


@dataclass(frozen=True, slots=True)
class Trailing:
    """Text after the card list, which is not card data and is not read: where it starts and how it begins."""

    line: int
    lines: int
    start: str


def read_js_cards(text: str, source: str = "<cards.js>") -> tuple[list[Any], Trailing | None]:
    """The card array (as `parse_js_cards`) and what follows it in the file, if anything but comments."""
    reader = _Reader(text, source)
    reader.skip()
    m = re.compile(r"(?:(?:var|let|const)\s+[A-Za-z_$][\w$]*\s*=|module\.exports\s*=|export\s+default)\s*").match(
        text, reader.pos)
    if m:
        reader.pos = m.end()
    if reader.peek() != "[":
        raise reader.fail("expected the card list: `var cards = [` or `[`")
    cards = reader.array()
    if reader.peek() == ";":
        reader.pos += 1
    if not reader.peek():
        return cards, None
    rest = text[reader.pos:]
    first = rest.strip().splitlines()[0] if rest.strip() else ""
    return cards, Trailing(reader.line(), rest.rstrip().count("\n") + 1, first[:80])


# ------------------------------------------------------------------------------------------------ description text

_KEYWORDS = {"requires": "requires", "provides": "provides", "prevented by": "prevented_by", "negates": "negates"}
_PHRASE = re.compile(r"\s*(requires|provides|prevented\s+by|negates)\b\s*(.*?)\s*[.;]?\s*$", re.IGNORECASE | re.DOTALL)
_TAG = re.compile(r"(?:(\d+)\s*[x×]\s*)?\[([^\[\]]+)\]")
_LIST = re.compile(r"T(?:\s*(?:,|&|\band\b|,\s*and\b)\s*T)*", re.IGNORECASE)
_NEGATE_ALL = re.compile(
    r"all\s+aspects\s+of\s+(.*?)-providing\s+cards?(?:\(s\))?(?:\s+played\s+earlier(?:\s+in\s+this\s+round)?)?",
    re.IGNORECASE,
)
_QUALIFIER = re.compile(r"\s+(?=(?:with|while|if|that|who|whose|when|unless)\b)", re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.;])\s+(?=[A-Z\[])")


_FOLLOWING = re.compile(r"\s*playable\s+only\s+immediately\s+(?:following|after)\s+an?\s+[_*]*"
                        r"(case|incident|following|conclusion)[_*]*\s*[.;]?\s*", re.IGNORECASE)


def parse_immediately_after(line: str) -> str | None:
    """The card type of "Playable only immediately following a _Case_." ('case'), or None for any other line."""
    m = _FOLLOWING.fullmatch(line or "")
    return m.group(1).lower() if m else None


@dataclass(slots=True)
class ParsedText:
    """Tags read from a card's description, and the lines (or parts of lines) that stay text only."""

    requires: list[str]
    provides: list[str]
    prevented_by: list[str]
    negates: list[str]
    unparsed: list[str]
    #: "Playable only immediately following a _Case_": the type of card this one must come right after
    immediately_after: str = ""

    def fields(self) -> dict[str, Any]:
        out: dict[str, Any] = {k: v for k, v in (("requires", self.requires), ("provides", self.provides),
                                                 ("prevented_by", self.prevented_by), ("negates", self.negates)) if v}
        if self.immediately_after:
            out["immediately_after"] = self.immediately_after
        return out


def _tag_list(body: str) -> list[str] | None:
    """The tags of `[A], 2x[B] and [C]`, or None when the text is anything more than such a list."""
    tags: list[str] = []
    for m in _TAG.finditer(body):
        tags.extend([m.group(2).strip()] * int(m.group(1) or 1))
    if not tags:
        return None
    shape = _TAG.sub("T", body).strip()
    return tags if _LIST.fullmatch(shape) else None


_ITEM = re.compile(r"[_*]*[A-Za-z][\w' -]*?[_*]*")


def _partial_tag_list(body: str) -> tuple[list[str], str] | None:
    """The tags of a list with some unbracketed items ("[A], _B_, [C]") and those items, or None.

    Every item is still needed, so the bracketed ones are read and the rest stays for people; a list joined by "or"
    is a choice and is never read in part.
    """
    if re.search(r"\bor\b", body, re.IGNORECASE):
        return None
    tags: list[str] = []
    rest: list[str] = []
    for item in re.split(r"\s*(?:,\s*and\b|,|&|\band\b)\s*", body.strip()):
        item = item.strip()
        m = _TAG.fullmatch(item)
        if m:
            tags.extend([m.group(2).strip()] * int(m.group(1) or 1))
        elif item and _ITEM.fullmatch(item):
            rest.append(item)
        else:
            return None
    return (tags, ", ".join(rest)) if tags and rest else None


def _sentence(sentence: str) -> tuple[str, list[str], str] | None:
    """(field, tags, leftover qualifier) for a bracketed-phrase sentence we can read, else None."""
    m = _PHRASE.fullmatch(sentence)
    if not m:
        return None
    field = _KEYWORDS[re.sub(r"\s+", " ", m.group(1).lower())]
    body = m.group(2).strip()
    if field == "negates":
        all_of = _NEGATE_ALL.fullmatch(body)
        if all_of:
            body = all_of.group(1)
    head, *tail = _QUALIFIER.split(body, maxsplit=1)
    tags = _tag_list(head)
    if tags is None:
        partial = _partial_tag_list(head) if not tail else None
        return None if partial is None else (field, partial[0], partial[1])
    return field, tags, (tail[0].strip() if tail else "")


#: the card file's layout markup at the start of a line: a font size such as "70%)" or "(70%)"
_MARKUP = re.compile(r"^\s*\(?\s*\d{1,3}\s*%\s*\)\s*")


def strip_markup(line: str) -> str:
    """A description line without the source's font-size markup ("70%)If player..." -> "If player...")."""
    return _MARKUP.sub("", line)


def parse_description(lines: str | Iterable[str] | None) -> ParsedText:
    """Read the bracketed phrases of a description (a string or a list of lines).

    A sentence such as "Requires [MULDER] with _Investment_ of +2 or less." gives its tags (a qualifier only narrows
    a requirement, so the tags are needed anyway) and its whole line stays in `unparsed`, to be applied by hand.
    """
    out = ParsedText([], [], [], [], [])
    if lines is None:
        return out
    if isinstance(lines, str):
        lines = lines.splitlines()
    for raw in lines:
        line = str(raw).strip()
        if not line:
            continue
        after = parse_immediately_after(line)
        if after:
            out.immediately_after = after
            continue
        whole = True
        for sentence in _SENTENCE.split(line):
            read = _sentence(sentence)
            if read is None:
                whole = False
                continue
            field, tags, leftover = read
            getattr(out, field).extend(tags)
            if leftover:
                whole = False
        if not whole:
            out.unparsed.append(line)
    return out


# ------------------------------------------------------------------------------------------------ conversion


def _snake(key: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", key).lower()


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _read_description(card: dict[str, Any], value: Any, line: int | None, name: str,
                      notes: list[ImportNote]) -> None:
    """A card's `description` as its text (markup removed) and the tags its bracketed phrases give."""
    lines = [value] if isinstance(value, str) else value if isinstance(value, list) else None
    if lines is None:
        notes.append(ImportNote(line, name, "description", f"description {value!r} kept as text"))
        lines = [str(value)]
    lines = [strip_markup(str(x)) for x in lines]
    card["text"] = "\n".join(lines)
    parsed = parse_description(lines)
    for fname, tags in parsed.fields().items():
        if isinstance(tags, str):
            card[fname] = tags
            continue
        card[fname] = list(dict.fromkeys([*card.get(fname, []), *tags])) if fname != "requires" \
            else [*card.get(fname, []), *tags]
    if parsed.unparsed:
        card["unparsed"] = parsed.unparsed
        for text in parsed.unparsed:
            notes.append(ImportNote(line, name, "description", f"kept as text: {text}"))


def convert(objects: list[Any], source: str = "<cards.js>") -> tuple[list[dict[str, Any]], list[ImportNote]]:
    """Card mappings for our loader from the parsed JavaScript objects, and notes on everything not fully read."""
    cards: list[dict[str, Any]] = []
    notes: list[ImportNote] = []
    taken: set[str] = set()
    for index, obj in enumerate(objects):
        line = getattr(obj, "line", 0) or None
        if not isinstance(obj, dict):
            notes.append(ImportNote(line, f"entry {index + 1}", "", f"not a card object ({obj!r}); skipped", "skipped"))
            continue
        name = obj.get("name")
        if not isinstance(name, str) or not name.strip():
            name = f"Card {index + 1}"
            notes.append(ImportNote(line, name, "name", "no name; named after its place in the file", "missing"))
        given = obj.get("id")
        base = slug(str(given)) if isinstance(given, (str, int)) and str(given).strip() else slug(name)
        card_id = unique_id(base, taken, str(obj.get("episode") or ""))
        card: dict[str, Any] = {"id": card_id, "name": name.strip()}
        ctype = obj.get("type")
        if not isinstance(ctype, str) or not ctype.strip():
            ctype = "unknown"
            notes.append(ImportNote(line, name, "type", "no type; written as 'unknown'", "missing"))
        card["type"] = ctype.strip().lower()
        for key, value in obj.items():
            if key in ("id", "name", "type"):
                continue
            if key == "description":
                _read_description(card, value, line, name, notes)
                continue
            target = RENAMED.get(key, _snake(key))
            target = RESERVED.get(target, target) if key not in RENAMED else target
            if target == "image" and not isinstance(value, str):
                notes.append(ImportNote(line, name, key, f"image {value!r} is not a file name; kept as image_value"))
                target = "image_value"
            if target == "provides" and isinstance(value, list):
                card["provides"] = list(dict.fromkeys([*[str(v) for v in value], *card.get("provides", [])]))
                continue
            if target in card and target != "provides":
                notes.append(ImportNote(line, name, key, f"also spelled {target!r}; kept as source_{target}"))
                target = f"source_{target}"
            card[target] = _plain(value)
        cards.append(card)
    return cards, notes


def read_source(src: Path, *, images: Path | None = None) -> SourceCards:
    """Read one card file into cards and notes; ImportFailed with file and line when it cannot be read."""
    text = read_text(src, MAX_SOURCE)
    objects, trailing = read_js_cards(text, str(src))
    cards, notes = convert(objects, str(src))
    if trailing is not None:
        notes.append(ImportNote(trailing.line, "", "", f"the file goes on after the card list ({trailing.lines} "
                                f"line(s) from `{trailing.start}`); that is not card data and was not read",
                                "trailing"))
    if not cards:
        raise ImportFailed(f"{src}: no card objects in it; nothing was written")
    return SourceCards(src, cards, notes, title=f"X-Files Fan CCG ({src.name})", ruleset="xfiles-fan")


def import_cards(src: str | Path | list[str | Path], out: str | Path, **options: Any) -> ImportReport:
    """Read `src` (or several files), write a card set to the folder `out` (its name is the set id), and report
    what stayed text. Options as `build.import_sources` (mode, images, reference_images, title): with `images`, each
    card's image file is copied from that folder into `out/images/` (or, with `reference_images`, the set's
    `images:` key points at the folder and nothing is copied).
    """
    return import_with(sys.modules[__name__], src, out, **options)
