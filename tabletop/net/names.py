"""The exact rules for a player's name at a networked table, so nobody can pass for somebody else.

A hello's `name` (docs/PROTOCOL.md, "Names") is taken when, after Unicode NFKC normalisation:
- it holds 1 to `MAX_NAME` characters (an absent or empty name means "no name": the seat keeps "Seat N");
- it holds no control, format (zero-width joiners, bidi marks), surrogate, private-use or unassigned character,
  and no line or paragraph separator;
- it does not start or end with white space, nor hold two white spaces in a row, and holds at least one letter,
  digit, symbol or punctuation mark (not only marks and spaces);
- its skeleton differs from every other seat's name and default name ("Seat 2"): the skeleton is the name
  case-folded, decomposed (NFKD) without combining marks, common lookalikes mapped to one letter (Cyrillic and
  Greek letters that look Latin, 0/o, 1/l/i, rn/m, vv/w), and everything but letters and digits left out.
The name kept is the NFKC form.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from ..core.messages import MAX_NAME

__all__ = ["MAX_NAME", "name_problem", "normal_name", "skeleton"]

_BAD = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
_LOOKALIKE = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t",
    "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i", "ј": "j", "ԁ": "d", "ԛ": "q", "ԝ": "w", "һ": "h", "ɡ": "g",
    "ӏ": "l",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u",
    "χ": "x", "ω": "w", "μ": "u",
    # digits and Latin lookalikes
    "0": "o", "1": "l", "i": "l", "|": "l", "5": "s", "$": "s", "@": "a",
})


def normal_name(name: str) -> str:
    """The name as kept: its NFKC form."""
    return unicodedata.normalize("NFKC", name)


def skeleton(name: str) -> str:
    """What a name looks like, for telling lookalikes apart (see the module's docstring)."""
    s = unicodedata.normalize("NFKD", normal_name(name).casefold())
    s = "".join(ch for ch in s if not unicodedata.combining(ch)).translate(_LOOKALIKE)
    s = s.replace("rn", "m").replace("vv", "w")
    return "".join(ch for ch in s if ch.isalnum())


def name_problem(name: object, others: Iterable[str] = (), what: str = "hello.name") -> str | None:
    """Why `name` may not be a seat's name beside `others` (the other seats' names), or None."""
    if not isinstance(name, str):
        return f"{what} must be text"
    if name == "":
        return None
    n = normal_name(name)
    if len(n) > MAX_NAME:
        return f"{what} is {len(n)} characters long (at most {MAX_NAME})"
    for i, ch in enumerate(n):
        if unicodedata.category(ch) in _BAD:
            return f"{what} has a control, format or invisible character U+{ord(ch):04X} at position {i + 1}"
    if n != n.strip() or any(a.isspace() and b.isspace() for a, b in zip(n, n[1:], strict=False)):
        return f"{what} starts or ends with a space, or has two spaces in a row"
    if not any(unicodedata.category(ch)[0] in "LNSP" for ch in n):
        return f"{what} shows nothing (only spaces or marks)"
    mine = skeleton(n)
    for other in others:
        if other and skeleton(other) == mine:
            return f"{what} {n!r} looks like {other!r}, already at the table"
    return None
