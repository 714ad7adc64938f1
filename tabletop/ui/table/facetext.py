"""The text box of a proxy face: a card's details (rows of short items) above its text, shrunk to fit the box.

A face painter gives details as rows of (label, items), e.g. ("Combat", ["Long Range 2", "Close Range 2"]): a row
wraps between its items, never inside one when the item fits a line, so "Criminal Inv. 4" is never cut in two. The
font shrinks until everything fits; at the smallest font what does not fit is dropped from the end, so the rows a
painter gives first (the most important) are the last to go and nothing is drawn outside the box.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

__all__ = ["BoxLine", "DetailRow", "plan_box", "wrap_items", "wrap_words"]

#: a row of a face's details: its label ("" for none) and its items, joined by " · "
DetailRow = tuple[str, Sequence[str]]
FontFor = Callable[[int, bool], pygame.font.Font]
SEP = " · "


@dataclass(frozen=True)
class BoxLine:
    """One line placed in the box: its text, its kind ("detail", "body" or "flavor") and its top, relative to the
    box's inner top."""

    text: str
    kind: str
    y: int
    height: int


def wrap_words(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """`text` wrapped at spaces to lines `width` wide (a word longer than a line stands alone)."""
    lines: list[str] = []
    for para in text.splitlines() or [""]:
        line = ""
        for word in para.split():
            trial = f"{line} {word}".strip()
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def wrap_items(font: pygame.font.Font, label: str, items: Sequence[str], width: int) -> list[str]:
    """A details row as lines `width` wide: "Label: a · b · c", broken between items; an item wider than a line
    by itself is broken at its spaces."""
    head = f"{label}: " if label else ""
    lines: list[str] = []
    line = head
    last = len(items) - 1
    for i, item in enumerate(items):
        trial = line + (SEP if line != head else "") + item
        # a line that breaks keeps its separator at its end, so "Method ·" / "Criminal Investigation" reads as two
        if font.size(trial + (SEP.rstrip() if i < last else ""))[0] <= width or line == head:
            line = trial
        else:
            lines.append(line + SEP.rstrip())
            line = item
    if line:
        lines.append(line)
    out: list[str] = []
    for one in lines:
        out.extend(wrap_words(font, one, width) if font.size(one)[0] > width else [one])
    return out


def _lines(font_for: FontFor, px: int, width: int, details: Sequence[DetailRow], body: str,
           flavor: str) -> list[tuple[str, str, int]]:
    bold, plain = font_for(px, True), font_for(px, False)
    out: list[tuple[str, str, int]] = []
    for label, items in details:
        if items:
            out += [(t, "detail", bold.get_linesize()) for t in wrap_items(bold, label, items, width)]
    if body.strip():
        out += [(t, "body", plain.get_linesize()) for t in wrap_words(plain, body, width)]
    if flavor.strip():
        out += [(t, "flavor", plain.get_linesize()) for t in wrap_words(plain, flavor, width)]
    return out


def plan_box(font_for: FontFor, size: tuple[int, int], details: Sequence[DetailRow], body: str, flavor: str,
             start_px: int, least_px: int = 7) -> tuple[int, list[BoxLine]]:
    """The font size and the lines that fit a box of inner `size`: the largest font from `start_px` down to
    `least_px` at which all of it fits, else the smallest with what does not fit dropped from the end."""
    width, height = size
    px = max(least_px, start_px)
    while True:
        lines = _lines(font_for, px, width, details, body, flavor)
        gap = px // 3 if details and any(k != "detail" for _, k, _ in lines) else 0
        if sum(h for _, _, h in lines) + gap <= height or px <= least_px:
            break
        px -= 1
    placed: list[BoxLine] = []
    y = 0
    for text, kind, h in lines:
        if kind != "detail" and placed and placed[-1].kind == "detail":
            y += gap
        if y + h > height:
            break
        placed.append(BoxLine(text, kind, y, h))
        y += h
    return px, placed
