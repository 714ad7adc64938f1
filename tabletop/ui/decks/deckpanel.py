"""The deck side of the editor: the deck's sections with copies per card, its live problems and its counts.

It reads a `DeckDraft` and draws it with pygame-gui widgets; every change goes through the draft's verbs, called by
the editor, so the panel is redrawn from the draft and never holds a second copy of the deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextBox

from .draft import DeckDraft
from .rowlist import RowList

if TYPE_CHECKING:
    from ...cards import CardLibrary

__all__ = ["DeckPanel", "Row"]

#: One row of the deck list: a section heading (ref None) or a card of a section.
Row = tuple[str, str | None]


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class DeckPanel:
    """Sections as one list (a heading, then "2x Card" rows), buttons to change counts, problems and counts."""

    def __init__(self, manager: pygame_gui.UIManager, rect: pygame.Rect, library: CardLibrary) -> None:
        self.manager = manager
        self.library = library
        self.rect = rect
        self.rows: list[Row] = []
        self._texts: list[str] = []
        x, y, w, h = rect
        bh = 30
        info_h = max(120, h // 3)
        list_h = h - bh - 6 - info_h - 6 - 24
        self.title = UILabel(pygame.Rect(x, y, w, 22), "Deck", manager, object_id="#deck_title")
        self.list = RowList(pygame.Rect(x, y + 24, w, list_h), [], manager, object_id="#deck_list")
        by = y + 24 + list_h + 6
        bw = (w - 4 * 6) // 5
        narrow = w < 420  # 800x600: short labels, the tooltips say the rest
        self.buttons = {
            key: UIButton(pygame.Rect(x + i * (bw + 6), by, bw, bh), short if narrow else label, manager,
                          tool_tip_text=tip)
            for i, (key, label, short, tip) in enumerate((
                ("add", "+1", "+1", "One more copy of the selected card (+ or double-click a card in the browser)"),
                ("remove", "-1", "-1", "One copy fewer (- or Delete, or double-click the row)"),
                ("side", "Sideboard", "Side", "Move a copy between the deck and the sideboard"),
                ("section", "Section…", "Move…", "Move a copy to another section (the Star, the Team, ...)"),
                ("notes", "Notes…", "Notes…", "The deck's notes, kept in its file"),
            ))
        }
        iy = by + bh + 6
        half = (w - 6) // 2
        self.problems = UITextBox("", pygame.Rect(x, iy, half, info_h), manager, object_id="#deck_problems")
        self.counts = UITextBox("", pygame.Rect(x + half + 6, iy, w - half - 6, info_h), manager,
                                object_id="#deck_counts")
        self._shown: tuple[Any, ...] = ()

    # ------------------------------------------------------------------ reading the draft

    def refresh(self, draft: DeckDraft, selected: Row | None = None) -> None:
        """Show the draft as it is now (a no-op when nothing it shows changed)."""
        faulty = draft.faulty()
        rows: list[Row] = []
        texts: list[str] = []
        for section, label in draft.section_labels():
            entries = draft.entries(section)
            rows.append((section, None))
            texts.append(f"— {label} ({sum(n for _, n in entries)}) —")
            for ref, n in entries:
                rows.append((section, ref))
                texts.append(self._row_text(draft, section, ref, n, ref in faulty))
        problems = draft.problems()
        key = (tuple(texts), tuple(p.line() for p in problems), draft.stats(), draft.name, draft.dirty)
        if key != self._shown:
            self._shown = key
            self.rows, self._texts = rows, texts
            self.list.set_item_list(texts)
            self._show_info(draft)
        if selected in rows:
            self.select(selected)

    def _row_text(self, draft: DeckDraft, section: str, ref: str, n: int, bad: bool) -> str:
        card = self.library.get(ref)
        limit = draft.copy_limit(ref)
        held = draft.copies(ref)
        mark = "! " if bad else "   "
        at_cap = limit is not None and held >= limit and (limit > 1 or held > limit) and section != "sideboard"
        cap = f"  [{held}/{limit}]" if at_cap else ""
        return f"{mark}{n}x {card.name}{cap}"

    def _show_info(self, draft: DeckDraft) -> None:
        problems = draft.problems()
        name = _esc(draft.name) + (" *" if draft.dirty else "")
        self.title.set_text(f"Deck: {draft.name}{' (unsaved)' if draft.dirty else ''}")
        if draft.ruleset is None:
            head = f"<b>{name}</b><br>No ruleset: nothing is checked."
        elif problems:
            head = f"<b>{len(problems)} problem{'s' if len(problems) != 1 else ''}</b>"
        else:
            head = "<b>Legal</b>: the ruleset's deck check finds nothing."
        lines = [head] + [f"• {_esc(p.line())}" for p in problems]
        self.problems.set_text("<br>".join(lines))
        self.counts.set_text(self._counts_html(draft))

    @staticmethod
    def _counts_html(draft: DeckDraft) -> str:
        s = draft.stats()
        labels = dict(draft.section_labels())
        parts = [f"<b>{s.total} cards</b>"]
        parts.append(", ".join(f"{_esc(labels.get(k, k))} {n}" for k, n in s.per_section.items() if n))
        if s.per_type:
            parts.append("<b>Types</b> " + ", ".join(f"{_esc(t)} {n}" for t, n in s.per_type.items()))
        if s.curve:
            top = max(s.curve.values())
            bars = [f"{cost}: {'=' * max(1, round(12 * n / top))} {n}" for cost, n in s.curve.items()]
            parts.append("<b>Cost curve</b><br>" + "<br>".join(bars))
        return "<br>".join(p for p in parts if p)

    # ------------------------------------------------------------------ rows

    def selected(self) -> Row | None:
        text = self.list.get_single_selection(include_object_id=False)
        return self.row_of_text(text)

    def row_of_text(self, text: Any) -> Row | None:
        if not isinstance(text, str):
            return None
        for i, t in enumerate(self._texts):
            if t == text:
                return self.rows[i]
        return None

    def select(self, row: Row) -> None:
        """Select a row (kept across a refresh, so + and - can be pressed again)."""
        if row not in self.rows:
            return
        index = self.rows.index(row)
        for i, item in enumerate(self.list.item_list):
            item["selected"] = i == index
        self.list.rebuild()

    def row_at(self, pos: tuple[int, int]) -> Row | None:
        """The row under a point, or the last section's heading below the rows (a drop lands in that section)."""
        for i, item in enumerate(self.list.item_list):
            el = item.get("button_element")
            if el is not None and el.get_abs_rect().collidepoint(pos):
                return self.rows[i]
        return None

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.list.get_abs_rect().collidepoint(pos)

    def kill(self) -> None:
        for el in (self.title, self.list, self.problems, self.counts, *self.buttons.values()):
            el.kill()
