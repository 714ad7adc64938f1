"""The X-Files Fan's card English compiled into the effect language (grammar: `text.lark`).

`compile_card(card)` returns the card's abilities (plain `effects:` data) and the lines it could not read. Each
line of the text is parsed on its own (a card's lines are its paragraphs); the tag sentences are the frame the
card's fields already hold (requires, provides, prevented by, negates, playable only after), and the rest become
abilities of the Fan's vocabulary (`vocabulary.py`). Markup the source leaves in a line (a font size such as
"70%)", curly apostrophes) is dropped before parsing.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from lark import Lark, Transformer, UnexpectedInput

__all__ = ["compile_card", "compile_lines"]

_GRAMMAR = "text.lark"
_STYLE = re.compile(r"^\s*\d+%\)\s*")
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
          "ten": 10}


@functools.cache
def _parser() -> Lark:
    # the grammar is package data, loaded as code is (no file of the user's is opened)
    # LALR: the sentence shapes are unambiguous, and it parses a line in a fraction of Earley's time (cards are
    # compiled as a table first reads them, mid-game)
    return Lark.open_from_package(__package__, _GRAMMAR, parser="lalr")


def _signed(token: Any) -> int:
    text = str(token)
    return -int(text.lstrip("+-")) if text.startswith("-") else int(text.lstrip("+-"))


def _tag(token: Any) -> str:
    return str(token).strip("[]_ ").strip()


class _Read(Transformer):
    """A parse as a list of (kind, value): `frame` (read into the card's fields) or `ability` (effects data)."""

    def __init__(self, line: str) -> None:
        super().__init__()
        self.line = line

    def start(self, items: list[Any]) -> list[Any]:
        return [x for item in items for x in (item if isinstance(item, list) else [item])]

    def count(self, items: list[Any]) -> int:
        word = str(items[0]).lower()
        return int(word) if word.isdigit() else _WORDS[word]

    def tag(self, items: list[Any]) -> list[tuple[str, bool]]:
        return [(_tag(items[0]), True)]

    def tags_n(self, items: list[Any]) -> list[tuple[str, bool]]:
        return [(_tag(items[1]), True)] * int(items[0])

    def italic_tag(self, items: list[Any]) -> list[tuple[str, bool]]:
        return [(_tag(items[0]), False)]

    def req_list(self, items: list[Any]) -> list[tuple[str, bool]]:
        return [t for group in items for t in group]

    def investment(self, items: list[Any]) -> int:
        return _signed(items[0])

    def requires(self, items: list[Any]) -> list[Any]:
        tags = items[0]
        out: list[Any] = [("frame", "requires")]
        italics = [t for t, bracketed in tags if not bracketed]
        if italics:
            out.append(("ability", {"text": self.line, "when": "static",
                                    "do": [{"require": {"tags": [t for t, _ in tags]}}]}))
        if len(items) > 1:
            of = next((t for t, _ in tags), "")
            out.append(("ability", {"text": self.line, "when": "played",
                                    "if": [{"investment_at_most": {"of": of, "max": items[1]}}]}))
        return out

    def tag_list(self, items: list[Any]) -> list[str]:
        return [_tag(t) for t in items]

    def provides(self, items: list[Any]) -> tuple[str, str]:
        return ("frame", "provides")

    def prevented(self, items: list[Any]) -> tuple[str, str]:
        return ("frame", "prevented_by")

    def negates(self, items: list[Any]) -> tuple[str, str]:
        return ("frame", "negates")

    def negates_all(self, items: list[Any]) -> tuple[str, str]:
        return ("frame", "negates")

    def immediately(self, items: list[Any]) -> tuple[str, str]:
        return ("frame", "immediately_after")

    def conclusion_needs(self, items: list[Any]) -> tuple[str, dict[str, Any]]:
        return ("ability", {"text": self.line, "when": "static",
                            "do": [{"conclusion_needs": {"count": items[0], "circumstance": _tag(items[1]).strip("{}")}}]})

    def add_unless(self, items: list[Any]) -> tuple[str, dict[str, Any]]:
        return ("ability", {"text": self.line, "when": "step:score",
                            "do": [{"score_add": {"amount": _signed(items[0]),
                                                  "unless_removed": str(items[1]).strip("{}").lower()}}]})

    def score_floor(self, items: list[Any]) -> tuple[str, dict[str, Any]]:
        return ("ability", {"text": self.line, "when": "step:score_last",
                            "do": [{"score_floor": {"at_least": _signed(items[0])}}]})

    def capture_move(self, items: list[Any]) -> str:
        return "move"

    def capture_return(self, items: list[Any]) -> str:
        return "return"

    def capture_hold(self, items: list[Any]) -> str:
        return "hold"

    def capture(self, items: list[Any]) -> tuple[str, dict[str, Any]]:
        return ("ability", {"text": self.line, "when": "played",
                            "targets": {"character": {"select": {"zone": "environment", "character": True},
                                                      "count": 1}},
                            "do": [{"capture": {"target": "character", "return_if_negated": "return" in items,
                                                "holds_dependents": "hold" in items}}]})

    def share_confidence(self, items: list[Any]) -> list[Any]:
        beside = _tag(items[0])
        return [("ability", {"text": self.line, "when": "step:round_won", "if": [{"played_last": True}],
                             "do": [{"join_environment": {"beside": beside}}]}),
                ("ability", {"text": self.line, "when": "static", "do": [{"investment_bonus": {"of": beside}}]})]

    def discard_with(self, items: list[Any]) -> tuple[str, dict[str, Any]]:
        return ("ability", {"text": self.line, "when": "played",
                            "targets": {"cards": {"select": {"zone": "hand", "owner": "you", "not": "source"},
                                                  "count": items[0]}},
                            "do": [{"discard": {"target": "cards", "face_up": False}}]})


def _clean(line: str) -> str:
    line = line.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    return _STYLE.sub("", line).strip()


@functools.lru_cache(maxsize=1024)
def compile_lines(text: str) -> tuple[tuple[dict[str, Any], ...], tuple[str, ...]]:
    """The abilities of a card text and its lines left unread (each line parsed whole, or left whole)."""
    abilities: list[dict[str, Any]] = []
    left: list[str] = []
    for raw in (text or "").splitlines():
        line = _clean(raw)
        if not line:
            continue
        try:
            tree = _parser().parse(line)
        except UnexpectedInput:
            left.append(raw.strip())
            continue
        for kind, value in _Read(line).transform(tree):
            if kind == "ability":
                abilities.append(value)
    return tuple(abilities), tuple(left)


def compile_card(card: Any) -> tuple[list[dict[str, Any]], list[str]]:
    """`Ruleset.compile_text` for the Fan: the card's abilities and the lines left to apply by hand."""
    abilities, left = compile_lines(card.text or "")
    return [dict(a) for a in abilities], list(left)
