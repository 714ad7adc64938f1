"""The rows of the moves that apply a card's text by hand (an action type with `by_hand`), under a heading per card.

A card whose text the rules do not read offers generic moves (draw one, discard any hand card unrevealed, done):
one row per hand card would bury the rest of the list and its last row ("Done") under a scroll. So they go first,
under "By hand (Late-Night Coffee):", in short words (the card's name is said once, in the heading; each row's
tooltip tells its whole words), and the moves of one kind whose words differ only in the card they name share a
row that opens the choice of card: "Discard a card unrevealed (13 choices)". Pure Python, no pygame.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...core.actions import ACTION_TYPES

__all__ = ["HEADING", "OTHER_MOVES", "by_hand_rows", "is_by_hand", "ordinal"]

#: the kind of a heading row (it makes no move)
HEADING = ""
#: the heading of the other moves, when by-hand rows come before them
OTHER_MOVES = "Other moves:"
#: the words that stand for the card a row of several moves names
A_CARD = "a card"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st: a card's place in a stack as a player counts it."""
    end = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{end}"


def is_by_hand(kind: str) -> bool:
    """Whether action type `kind` applies card text by hand (`by_hand` on its class, as `rules.bots` reads it)."""
    return bool(getattr(ACTION_TYPES.get(kind), "by_hand", False))


def _unsourced(text: str, source: str) -> str:
    """`text` without the closing "(source)" that names the card the heading names already."""
    end = f" ({source})"
    return text[:-len(end)] if source and text.endswith(end) else text


def by_hand_rows(idx: Sequence[int], moves: Sequence[Mapping[str, Any]], subjects: Sequence[tuple[str, ...]],
                 texts: Mapping[int, str], name_of: Callable[[str], str | None], row: Callable[..., Any],
                 place_of: Callable[[str], str | None] | None = None) -> list[Any]:
    """The rows of the by-hand moves `idx` (indices into `moves`, whose words are `texts` and cards `subjects`):
    for each card they apply (their `source`), a heading row, then one row per move, or per kind of move whose
    words differ only in the card they name (a choice of that card). `row` makes a row (`whatnow.MoveRow`).
    `place_of` says where a card is when that is not the hand ("2nd from the top of your draw deck"): a choice
    names each such card with its place, as a hand may hold cards of the same name."""
    by_source: dict[str, list[int]] = {}
    for i in idx:
        src = moves[i].get("source")
        by_source.setdefault(str(src or ""), []).append(i)
    out: list[Any] = []
    for src, its in by_source.items():
        source = (name_of(src) or "") if src else ""
        out.append(row(HEADING, f"By hand ({source}):" if source else "By hand:",
                       tip=(f"{source}: its text is applied by hand, with the moves under this line"
                            if source else "Card text applied by hand, with the moves under this line")))
        groups: dict[tuple[str, str], list[int]] = {}
        named: dict[int, list[str]] = {}
        for i in its:
            generic = texts[i]
            named[i] = []
            for s in subjects[i]:
                name = name_of(s) if s != src else None
                if name and name in generic:
                    generic = generic.replace(name, A_CARD, 1)
                    place = place_of(s) if place_of is not None else None
                    named[i].append(f"{name} ({place})" if place else name)
            groups.setdefault((str(moves[i].get("type", "?")), generic), []).append(i)
        for (kind, generic), group in groups.items():
            out.append(_row(kind, generic, group, source, subjects, texts, named, row))
    return out


def _row(kind: str, generic: str, group: list[int], source: str, subjects: Sequence[tuple[str, ...]],
         texts: Mapping[int, str], named: Mapping[int, list[str]], row: Callable[..., Any]) -> Any:
    full = [texts[i] for i in group]
    parts = [subjects[i] for i in group]
    cards = tuple(dict.fromkeys(s for p in parts for s in p))
    if len(group) == 1:
        return row(kind, _unsourced(full[0], source), group, texts=full, subjects=cards, parts=parts, tip=full[0])
    short = _unsourced(generic, source)
    options = [", ".join(named[i]) or texts[i] for i in group]
    tip = f"{generic}, one of: {' · '.join(dict.fromkeys(options))}"  # card names may hold commas
    return row(kind, f"{short} ({len(group)} choices)", group, f"{short}: choose one", options, full, cards,
               parts=parts, tip=tip)
