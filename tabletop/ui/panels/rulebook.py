"""The rules beside the table: a ruleset's card types and turn in steps (in our own words, registered by its board
plug-in), and every rule number the engine cites with its sentence, as one page the Rules window shows.

The rule sentences come from the ruleset itself (a `RULE_TEXT` mapping in its package: rule number -> sentence) and
from the violation codes it registers (`tabletop.errors`: code -> rule numbers and the general sentence), so a number
a warning or a refusal cites is on the page; the window names no ruleset.
"""

from __future__ import annotations

import html
import importlib
import pkgutil
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["RULE_LINK", "Rulebook", "register_rulebook", "rule_link", "rulebook", "rulebook_html"]

#: the href of a link to a rule in the log or a notice ("rule:0000.5.1.3")
RULE_LINK = "rule:"
_BOOKS: dict[str, tuple[list[tuple[str, str]], list[tuple[str, str]], str]] = {}


def register_rulebook(ruleset: str, card_types: Sequence[tuple[str, str]], turn: Sequence[tuple[str, str]],
                      about: str = "") -> None:
    """A ruleset's board plug-in says, in its own words, what each card type is and the turn in steps."""
    _BOOKS[ruleset] = (list(card_types), list(turn), about)


@dataclass
class Rulebook:
    """One ruleset's page: what it is about, its card types, its turn, and its rules by number."""

    title: str
    about: str = ""
    card_types: list[tuple[str, str]] = field(default_factory=list)
    turn: list[tuple[str, str]] = field(default_factory=list)
    rules: dict[str, str] = field(default_factory=dict)


def _rule_text(rules: Any) -> dict[str, str]:
    """The ruleset's own `RULE_TEXT`, number -> sentence: in its module, or in any module of its own package (a
    ruleset that is one module of `tabletop.rules` has no package of its own to look through)."""
    if rules is None:
        return {}
    module = type(rules).__module__
    package = module.rsplit(".", 1)[0]
    names = [module]
    if package != "tabletop.rules":
        try:
            pkg = importlib.import_module(package)
        except ImportError:
            pkg = None
        names += [package] + [f"{package}.{m.name}" for m in pkgutil.iter_modules(getattr(pkg, "__path__", []))]
    found: dict[str, str] = {}
    for name in names:
        try:
            mod = importlib.import_module(name)
        except ImportError:
            continue
        text = getattr(mod, "RULE_TEXT", None)
        if isinstance(text, Mapping):
            found.update({str(k): str(v) for k, v in text.items()})
    return found


def _code_rules(prefixes: Sequence[str]) -> dict[str, str]:
    """Rule numbers the ruleset's violation codes cite, each with the general sentence of its first code."""
    from ...errors import CODES

    out: dict[str, str] = {}
    for c in CODES.of_kind("violation"):
        if any(c.code.startswith(p) for p in prefixes):
            for number in c.rules:
                out.setdefault(number, c.sentence[:1].upper() + c.sentence[1:] + ("" if c.sentence.endswith(".") else "."))
    return out


def _number_key(number: str) -> list[Any]:
    return [(0, int(p)) if p.isdigit() else (1, p) for p in re.split(r"[.\s]", number) if p]


def rulebook(rules: Any) -> Rulebook:
    """The page of the ruleset `rules` plays by (a freeform table has no rules: an empty page says so)."""
    name = getattr(rules, "name", "")
    types, turn, about = _BOOKS.get(name, ([], [], ""))
    own = _rule_text(rules)
    # the ruleset's violation codes: those named after it ("tragedy.…") or after its rule numbers ("xff.…")
    prefixes = {f"{name}."} | {f"{n.split('.', 1)[0]}." for n in own} if name else set()
    found = _code_rules(sorted(prefixes))
    found.update(own)
    ordered = dict(sorted(found.items(), key=lambda kv: _number_key(kv[0])))
    return Rulebook(getattr(rules, "title", name) or name or "No ruleset", about or getattr(rules, "description", ""),
                    list(types), list(turn), ordered)


def rule_link(number: str, text: str | None = None) -> str:
    """A rule number as a link the log and the Rules window follow (pygame-gui HTML)."""
    shown = html.escape(text if text is not None else number)
    return f"<a href='{RULE_LINK}{html.escape(number)}'>{shown}</a>"


def rulebook_html(book: Rulebook, focus: str | None = None) -> str:
    """The page as pygame-gui HTML; `focus` (a rule number) is marked, as a link from a warning asks."""
    out = [f"<b>{html.escape(book.title)}</b>"]
    if book.about:
        out.append(html.escape(book.about))
    if not (book.card_types or book.turn or book.rules):
        return "<br>".join(out + ["No rules watch this table: anyone may do anything."])
    if book.card_types:
        out.append("<br><b>Card types</b>")
        out += [f"<b>{html.escape(k)}</b>: {html.escape(v)}" for k, v in book.card_types]
    if book.turn:
        out.append("<br><b>The turn, step by step</b>")
        out += [f"{i}. <b>{html.escape(k)}</b>: {html.escape(v)}" for i, (k, v) in enumerate(book.turn, 1)]
    if book.rules:
        out.append("<br><b>The rules the table checks</b> (a warning or a refusal cites these numbers)")
        for number, sentence in book.rules.items():
            line = f"<b>{html.escape(number)}</b> {html.escape(sentence)}"
            out.append(f"<font color='#ffd24d'>▶ {line}</font>" if number == focus else line)
    return "<br>".join(out)
