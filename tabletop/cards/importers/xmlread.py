"""Read the XML card formats (GCCG, Cockatrice, OCTGN) into small trees that remember each element's line.

The text is decoded as its declaration says (GCCG writes ISO-8859-1), HTML named entities (`&eacute;`, which these
files use without the DTD that would define them) are read as their characters, and nothing is ever fetched: no
external DTD or entity is loaded. Every failure is an ImportFailed naming the file, line and column; a file of
another known format says which format it is and which `tabletop import` reads it.
"""

from __future__ import annotations

import html.entities
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from xml.parsers import expat

from . import ImportFailed

__all__ = ["MAX_XML", "Node", "parse_xml", "root_format"]

MAX_XML = 64 * 1024 * 1024
MAX_DEPTH = 64

#: root element -> (what it is, the format that reads it)
ROOTS = {
    "ccg-setinfo": ("a GCCG card set", "gccg-xml"),
    "ccg": ("a GCCG game file", "gccg-xml"),
    "cockatrice_carddatabase": ("a Cockatrice card database", "cockatrice"),
    "cockatrice_deck": ("a Cockatrice deck (.cod)", ""),
    "set": ("an OCTGN set.xml", "octgn"),
    "deck": ("an OCTGN deck (.o8d)", ""),
}


@dataclass(slots=True)
class Node:
    """One element: its tag, attributes, child elements, text (its own, not its children's) and line."""

    tag: str
    attrs: dict[str, str]
    line: int
    children: list[Node] = field(default_factory=list)
    text: str = ""
    #: the text after this element's end tag, up to its next sibling (mixed content: "a <b>bold</b> word")
    tail: str = ""

    def find(self, tag: str) -> Node | None:
        return next((c for c in self.children if c.tag == tag), None)

    def findall(self, tag: str) -> list[Node]:
        return [c for c in self.children if c.tag == tag]

    def child_text(self, tag: str) -> str:
        node = self.find(tag)
        return node.all_text().strip() if node is not None else ""

    def all_text(self) -> str:
        """The element's text with its children's, in order (rich text such as `<b>` kept as plain text)."""
        return self.text + "".join(c.all_text() + c.tail for c in self.children)

    def walk(self) -> Iterator[Node]:
        yield self
        for c in self.children:
            yield from c.walk()


_DECL = re.compile(rb"^\s*<\?xml[^>]*encoding\s*=\s*[\"']([A-Za-z0-9._-]+)[\"']")
_NAMED = re.compile(r"&([A-Za-z][A-Za-z0-9]*);")
_XML_NAMES = {"amp", "lt", "gt", "quot", "apos"}


def _decode(data: bytes, src: Path) -> str:
    """The file as text, decoded as its XML declaration says (UTF-8 when it says nothing)."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    m = _DECL.match(data)
    encoding = m.group(1).decode("ascii").lower() if m else "utf-8"
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        encoding = "utf-16"
    try:
        return data.decode(encoding)
    except LookupError:
        raise ImportFailed(f"{src}:1: the XML declaration names an encoding we do not know ({encoding})") from None
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        col = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        hint = "" if m else "; a file in ISO-8859-1 must say so in its <?xml ... encoding=...?> line"
        raise ImportFailed(f"{src}:{line}:{col}: not {encoding} text (byte 0x{data[e.start]:02X}){hint}") from None


def _entities(text: str) -> str:
    """HTML named entities as character references; an entity nobody defines is kept as its text ("&foo;")."""
    def sub(m: re.Match[str]) -> str:
        name = m.group(1)
        if name in _XML_NAMES:
            return m.group(0)
        if name not in html.entities.name2codepoint:
            return f"&amp;{name};"
        return f"&#{html.entities.name2codepoint[name]};"
    return _NAMED.sub(sub, text)


def parse_xml(src: Path, data: bytes) -> Node:
    """The root element of an XML source; ImportFailed with file, line and column when it is not readable XML."""
    text = _entities(_decode(data, src))
    parser = expat.ParserCreate(encoding="utf-8")
    stack: list[Node] = []
    root: list[Node] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        if len(stack) >= MAX_DEPTH:
            raise ImportFailed(f"{src}:{parser.CurrentLineNumber}: elements nested more than {MAX_DEPTH} deep")
        node = Node(tag, dict(attrs), parser.CurrentLineNumber)
        (stack[-1].children if stack else root).append(node)
        stack.append(node)

    def end(tag: str) -> None:
        stack.pop()

    def chars(data: str) -> None:
        if not stack:
            return
        if stack[-1].children:
            stack[-1].children[-1].tail += data
        else:
            stack[-1].text += data

    def no_external(*_args: object) -> int:
        return 1  # an external entity or DTD is never loaded: treated as empty

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    parser.ExternalEntityRefHandler = no_external
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    try:
        parser.Parse(text.encode("utf-8"), True)
    except expat.ExpatError as e:
        raise ImportFailed(_explain(src, e, text, stack)) from None
    except RecursionError:
        raise ImportFailed(f"{src}: XML nested too deeply to read") from None
    if not root:
        raise ImportFailed(f"{src}:1: no XML element in it")
    return root[0]


def _explain(src: Path, e: expat.ExpatError, text: str, stack: list[Node]) -> str:
    """An expat error as a person reads it: where, what, and what the file seems to be."""
    where = f"{src}:{e.lineno}:{e.offset + 1}"
    reason = expat.errors.messages.get(e.code, str(e))
    if stack and (reason == expat.errors.XML_ERROR_NO_ELEMENTS or not text[_offset(text, e):].strip()
                  or e.lineno >= text.rstrip().count("\n") + 1):
        return f"{where}: the file ends inside <{stack[-1].tag}> (opened at line {stack[-1].line}): truncated?"
    if not stack and text.lstrip()[:1] in ("{", "["):
        return f"{where}: this is JSON, not XML (another format?)"
    if not stack and not text.lstrip().startswith("<"):
        return f"{where}: not XML ({reason})"
    return f"{where}: not well-formed XML: {reason}"


def _offset(text: str, e: expat.ExpatError) -> int:
    """The character offset of an error's line and column (the end of the text when past it)."""
    lines = text.split("\n")
    return min(len(text), sum(len(ln) + 1 for ln in lines[:e.lineno - 1]) + e.offset)


def root_format(src: Path, root: Node, wanted: str, *, tags: tuple[str, ...]) -> None:
    """ImportFailed unless the root is one of `tags`; a known other format is named, with the format to use."""
    if root.tag in tags:
        return
    what, fmt = ROOTS.get(root.tag, (f"an XML file with root <{root.tag}>", ""))
    use = f"; read it with `tabletop import {fmt}`" if fmt else ""
    raise ImportFailed(f"{src}:{root.line}: this is {what}, not {wanted}{use}")
