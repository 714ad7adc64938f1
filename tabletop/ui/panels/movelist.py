"""The legal-move list: a pygame-gui selection list whose rows too long for the side panel end in "…" and carry
their whole words as the row's pygame-gui tooltip, so no move is ever only half readable; a row given words of
its own to tell on hover (`MoveList.tips`: a row in short words, a heading) shows those.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import Any

from pygame_gui.elements import UISelectionList

__all__ = ["COUNT", "MoveList", "counted_rows", "fit_apart", "fit_row", "fit_text"]

ELLIPSIS = "…"
#: the row's text padding (theme.json: @selection_list_item text_horiz_alignment_padding), both sides
ROW_PAD = 6
#: how wide a row's tooltip grows before it wraps
TIP_WRAP = 360


#: how a row that stands for several identical moves ends: "Play the Action Late-Night Coffee ×2"
COUNT = re.compile(r" ×(\d+)$")


def counted_rows(labels: Sequence[tuple[str, bool]]) -> list[tuple[str, int]]:
    """One row per distinct move: (words, index of its first row) for rows given as (words, is a move), the rows
    that read the same (two copies of a card in a hand) as one row ending in their count ("… ×2"), where the first
    of them stood; a click plays one of them. Headings (not moves) are never counted together."""
    first: dict[str, int] = {}
    count: dict[int, int] = {}
    order: list[int] = []
    for i, (label, move) in enumerate(labels):
        if move and label in first:
            count[first[label]] += 1
            continue
        if move:
            first[label] = i
        count[i] = 1
        order.append(i)
    return [(labels[i][0] + (f" ×{count[i]}" if count[i] > 1 else ""), i) for i in order]


def fit_text(text: str, font: Any, room: int, keep_end: bool = False) -> str:
    """`text` as it fits `room` pixels in `font`: whole when it fits, else cut at a word where it can with "…" at
    the end, or with `keep_end` in the middle, keeping the last words (where rows of one kind differ: "Requisition
    Service… Agent Owen Marsh")."""
    if room <= 0 or font.size(text)[0] <= room:
        return text
    tail = ""
    if keep_end:
        words = text.split(" ")
        for i in range(1, len(words)):
            more = " ".join(words[i:])
            if font.size(" " + more)[0] <= room // 2:
                tail = " " + more
                break
    lo, hi = 0, len(text)
    while lo < hi:  # the longest beginning that fits with the ellipsis and the kept end
        mid = (lo + hi + 1) // 2
        if font.size(text[:mid].rstrip() + ELLIPSIS + tail)[0] <= room:
            lo = mid
        else:
            hi = mid - 1
    cut = text[:lo]
    space = cut.rfind(" ")
    if space >= lo * 2 // 3:  # end at a word when that keeps most of what fits
        cut = cut[:space]
    return cut.rstrip(" ,:(" + ELLIPSIS) + ELLIPSIS + tail


def fit_row(text: str, font: Any, room: int) -> str:
    """A row as it fits `room`: whole, else without its closing asides one by one, last first ("Requisition Field
    Medical Kit (2 RP)…" before "(4 choices)" is cut in two), else cut at a word (`fit_text`)."""
    if room <= 0 or font.size(text)[0] <= room:
        return text
    short = text
    while short.endswith(")") and " (" in short:
        short = short[:short.rindex(" (")]
        if font.size(short + ELLIPSIS)[0] <= room:
            return short + ELLIPSIS
    return fit_text(text, font, room)


def _shorter(middle: str) -> list[str]:
    """`middle` in fewer words, each a list item kept by its last words: "Special Agent Owen Marsh, Agent Tom
    Brandt", then "Owen Marsh, Tom Brandt", then "Marsh, Brandt" (a name reads by its surname), then a long list
    by its first surnames and how many more ("Marsh, Calder +2")."""
    items = middle.split(", ")
    out = [middle]
    for keep in (2, 1):
        short = ", ".join(" ".join(item.split(" ")[-keep:]) for item in items)
        if short not in out:
            out.append(short)
    last = [item.split(" ")[-1] for item in items]
    out += [", ".join(last[:k]) + f" +{len(last) - k}" for k in range(len(last) - 1, 0, -1)]
    return out


def fit_apart(text: str, alike: list[str], font: Any, room: int) -> str:
    """`text` cut to `room` so it reads apart from `alike`, rows of one kind that share its beginning and end: its
    first word, then only the words where the rows differ, whole, else each name of them by its last words while
    that still tells the rows apart, else cut in their middle ("Investigate… Marsh, Calder, Keller +1 …")."""
    words = text.split(" ")
    others = [t.split(" ") for t in alike if t != text]
    if not others:
        return fit_text(text, font, room, keep_end=True)

    def common(a: list[str], b: list[str]) -> int:
        return next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))

    head = min(common(words, o) for o in others)
    tail = min(common(words[::-1], o[::-1]) for o in others)
    start = max(head, 1)
    middle = " ".join(words[start:len(words) - tail] or words[1:])
    lead = words[0] + (ELLIPSIS + " " if head > 1 else " ")
    end = " " + ELLIPSIS if tail else ""
    theirs = {short for o in others for short in _shorter(" ".join(o[start:max(start, len(o) - tail)]))}
    for last in dict.fromkeys((end, "")):  # the shared end's "…" goes last, when nothing else fits beside it
        inner = room - font.size(lead + last)[0]
        for short in _shorter(middle):
            if font.size(short)[0] <= inner and short not in theirs:
                return lead + short + last
    return lead + fit_text(middle, font, room - font.size(lead + end)[0], keep_end=True) + end


class MoveList(UISelectionList):
    """A `UISelectionList` of (words, id) rows that fits each row to its width: a cut row ends in "…" and its
    button's tooltip says it all (rows are made as the list scrolls, so each new one gets its tooltip then)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.full: dict[str, str] = {}
        #: object id -> the words its row's tooltip tells (set before the rows; a row cut to fit without one tells
        #: its own whole words)
        self.tips: dict[str, str] = {}
        super().__init__(*args, **kwargs)

    def set_item_list(self, new_item_list: list[Any]) -> None:
        super().set_item_list(new_item_list)
        container = self.item_list_container
        room = (container.relative_rect.width if container is not None else self.relative_rect.width) - 2 * ROW_PAD - 2
        font = self.ui_theme.get_font([])
        self.full = {}
        texts = [item["text"] for item in self.item_list]
        # a row's count ("×2") stays in sight: the words before it are fitted to the room it leaves
        counts = [COUNT.search(t) for t in texts]
        bases = [t[:m.start()] if m else t for t, m in zip(texts, counts, strict=True)]
        rooms = [room - font.size(m.group(0))[0] if m else room for m in counts]
        cut = [fit_row(b, font, r) for b, r in zip(bases, rooms, strict=True)]
        for i, item in enumerate(self.item_list):
            text, base, shown = texts[i], bases[i], cut[i]
            if shown != base:
                # rows that would read alike keep their different ends: rows cut to the same words, and a row
                # cut where another row goes on ("Play the Action…" beside "Play the Action Pull the…")
                stem = shown.rstrip(ELLIPSIS).rstrip() + " "
                alike = [b for b, c in zip(bases, cut, strict=True) if c == shown or (b != base and b.startswith(stem))]
                if len(alike) > 1:
                    ends = [fit_text(t, font, rooms[i], keep_end=True) for t in alike]
                    shown = fit_text(base, font, rooms[i], keep_end=True)
                    if ends.count(shown) > 1:  # the same ends too: only the words where they differ
                        shown = fit_apart(base, alike, font, rooms[i])
            shown += counts[i].group(0) if counts[i] else ""
            if shown != text:
                self.full[item["object_id"]] = text
                item["text"] = shown
                if item["button_element"] is not None:
                    item["button_element"].set_text(shown)
        self._tip_rows()

    def tip_text(self, object_id: str) -> str | None:
        """What the row `object_id` tells on hover: its own tip, else its whole words when it is cut; else None."""
        return self.tips.get(object_id) or self.full.get(object_id)

    def full_text(self, object_id: str, shown: str) -> str:
        """The whole words of the row `object_id` (shown as `shown`)."""
        return self.full.get(object_id, shown)

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        if self.full or self.tips:
            self._tip_rows()

    def _tip_rows(self) -> None:
        for item in self.item_list:
            button = item["button_element"]
            text = self.tip_text(item["object_id"])
            if button is not None and text is not None and button.tool_tip_text is None:
                button.set_tooltip(html.escape(text), delay=0.3, wrap_width=TIP_WRAP)
