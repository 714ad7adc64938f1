"""The side panel: a large preview of the card under the cursor, the seats, the rules panel, the log and the chat.

Its boxes are sized to what they hold: the seats box has one line per seat (each seat's line made short enough to
fit, `set_players`), and an empty legal-move list gives its room to the log, its label saying why there is nothing
to do (`set_moves`). Both re-lay the boxes below them only when their room changes.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Sequence
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIImage, UILabel, UIPanel, UITextBox, UITextEntryLine

from .movelist import MoveList
from .textboxes import LogBox, StatusBox

__all__ = ["LOG_MIN_H", "OVERLAY_BACK", "SEAT_LINE_H", "SeatLine", "SidePanel", "side_heights", "whole_lines"]

#: the log box keeps appending up to LOG_MAX rows, then starts again from the last LOG_KEEP
LOG_MAX, LOG_KEEP = 60, 30
#: the side panel's log is never lower than this (about four rows: its scroll bar's slider has a track to travel);
#: a panel too short for it and a preview pane shows the preview over the seats instead (`side_heights`)
LOG_MIN_H = 110
#: behind an overlay preview: the panel's own dark, so the text under the card does not show through
OVERLAY_BACK = (24, 28, 32, 255)
#: a line of the seats box (the text box's 13 px font), and the box's padding and border above and below
SEAT_LINE_H, SEAT_BOX_PAD = 22, 12
#: the seats box wraps its text this much narrower than the box (padding, border and pygame-gui's own margin),
#: and a line must leave a few pixels more (the line break after it is laid out as a few pixels of text)
SEAT_WRAP_LESS = 26
#: the seats box's text is laid out this much narrower than the box (its border and padding): a line up to that
#: wide is not wrapped, but its line break (4 px of pygame-gui layout) then goes on a line of its own
SEAT_TEXT_PAD = 20
#: the seats box has room for at least this many lines (a table of one seat keeps the panel's shape)
SEAT_ROWS_MIN = 2
#: the moves label's height
LABEL_H = 20
#: a text box's padding and border above and below its lines (the status and the log, like the seats box)
TEXT_BOX_PAD = SEAT_BOX_PAD
#: beside a rules panel, the preview's pane takes up to this share of the panel (percent), no lower than
#: PREVIEW_MIN_H, tried PREVIEW_STEP px shorter at a time until the log keeps LOG_MIN_H
PREVIEW_SHARE, PREVIEW_MIN_H, PREVIEW_STEP = 32, 120, 4
#: the legal-move list's rows (pygame-gui's selection list items) and its border above and below them
MOVE_ROW_H, MOVE_PAD = 20, 6
#: the rules status box's least height (it says the step and who acts: the top bar says so too)
STATUS_MIN_H = 78

#: one seat's line in the seats box, as ways to word it, longest first: (bold coloured name part as HTML, its plain
#: text, the rest as HTML, its plain text)
SeatLine = Sequence[tuple[str, str, str, str]]


def side_heights(panel_h: int, preview_h: int, rules: bool, rows: int = SEAT_ROWS_MIN,
                 moves: bool = True) -> dict[str, int]:
    """The side panel's boxes' heights (preview, players, status, moves, log) for a panel `panel_h` high, with
    `rows` lines of seats and (`moves`) a legal-move list with something in it (an empty one gives its room away).

    The preview takes as much of its room as leaves the log LOG_MIN_H (beside a rules panel too: a card is read
    there, the status says little more than the top bar) but no less than PREVIEW_MIN_H; otherwise "preview" is 0
    (it shows over the seats while a card is hovered) and the log takes the room."""
    top = min(preview_h, panel_h * PREVIEW_SHARE // 100) if rules else preview_h
    for preview in range(top, PREVIEW_MIN_H - 1, -PREVIEW_STEP) if rules else (preview_h,):
        heights = _heights(panel_h, preview, rules, rows, moves)
        if heights["log"] >= LOG_MIN_H:
            return heights
    return _heights(panel_h, 0, rules, rows, moves)


def whole_lines(h: int, least: int = 1) -> int:
    """`h` cut down to a text box's height that ends on a whole line (its padding and `least` lines at the least)."""
    return TEXT_BOX_PAD + max(least, (h - TEXT_BOX_PAD) // SEAT_LINE_H) * SEAT_LINE_H


def _heights(panel_h: int, preview: int, rules: bool, rows: int, has_moves: bool) -> dict[str, int]:
    players = max(SEAT_ROWS_MIN, rows) * SEAT_LINE_H + SEAT_BOX_PAD
    y = 8 + (preview + 6 if preview else 0) + players + 6
    status = moves = 0
    chat = 6 + 30 + 10  # the gap above the chat line, the line, and a margin under it
    if rules:  # without a preview the spare room goes to the log first
        status = whole_lines(max(STATUS_MIN_H, (panel_h - y) * (24 if preview else 25) // 100), 3)
        y += status + 2 + LABEL_H
        if has_moves:
            moves = max(80, (panel_h - y) * (40 if preview else 35) // 100)
            y += moves + 6
        else:
            y += 4
    log = whole_lines(panel_h - y - chat, 2)
    spare = 0
    if rules and has_moves:  # the pixels under the log's last whole line go to the move list, in whole rows
        room = moves + max(0, panel_h - y - chat - log)
        moves = MOVE_PAD + max(1, (room - MOVE_PAD) // MOVE_ROW_H) * MOVE_ROW_H
        spare = max(0, room - moves)
    return {"preview": preview, "players": players, "status": status, "moves": moves, "log": max(60, log),
            "spare": spare}


class SidePanel:
    """The right-hand column: a large preview of the card under the cursor, the seats, the log and the chat line.

    With `rules` (a ruleset that tells a status) it also holds the rules panel: the ruleset's status in words, and the
    seat's legal moves as a list where a click submits the move.
    """

    def __init__(self, manager: pygame_gui.UIManager, rect: pygame.Rect, preview_h: int, rules: bool = False,
                 seats: int = SEAT_ROWS_MIN) -> None:
        self.rect = rect
        self.manager = manager
        self.rules = rules
        self.panel = UIPanel(rect, starting_height=1, manager=manager)
        w = rect.w - 16
        #: the seat lines the seats box has room for, and whether the legal-move list has something in it
        self.rows, self.has_moves = max(SEAT_ROWS_MIN, seats), True
        heights = side_heights(rect.h, preview_h, rules, self.rows)
        #: a short panel keeps no room for the preview: it shows over the seats and the status while a card is
        #: hovered (`set_preview`), and the log has the room the rest of the time
        self.overlay_preview = heights["preview"] == 0
        self.preview_h = preview_h
        if not self.overlay_preview:
            preview_h = heights["preview"]
        else:
            preview_h = min(preview_h, rect.h * 45 // 100)
        self.preview_rect = pygame.Rect(8, 8, w, preview_h)
        self.preview_key: Any = None
        self.players = UITextBox("", pygame.Rect(8, 0, w, heights["players"]), manager, container=self.panel)
        self.status: StatusBox | None = None
        self.moves: MoveList | None = None
        self.moves_label: UILabel | None = None
        self.status_text = ""
        self.move_items: list[tuple[str, str]] = []
        if rules:
            self.status = StatusBox("", pygame.Rect(8, 0, w, heights["status"]), manager, container=self.panel,
                                    object_id="#rules_status")
            self.moves_label = UILabel(pygame.Rect(8, 0, w, LABEL_H), "Legal moves", manager, container=self.panel,
                                       object_id="#moves_label")
            self.moves = MoveList(pygame.Rect(8, 0, w, heights["moves"]), [], manager, container=self.panel,
                                  object_id="#moves")
        self.log = LogBox("", pygame.Rect(8, 0, w, heights["log"]), manager, container=self.panel)
        self.chat = UITextEntryLine(pygame.Rect(8, 0, w, 30), manager, container=self.panel,
                                    placeholder_text="Chat (Enter)")
        self._place(heights)
        # made last, so that as an overlay it lies over the text boxes
        blank = pygame.Surface(self.preview_rect.size, pygame.SRCALPHA)
        self.preview = UIImage(self.preview_rect, blank, manager, container=self.panel,
                               starting_height=4 if self.overlay_preview else 1)
        if self.overlay_preview:
            self.preview.hide()
        self.log_text = ""
        self.log_keys: list[Any] = []
        self._pending: tuple[list[tuple[Any, str]], str] | None = None
        self.players_text = ""

    def _place(self, heights: dict[str, int]) -> None:
        """Put every box at its height, top to bottom (the preview's pane, if kept, first)."""
        w = self.rect.w - 16
        y = 8 + (heights["preview"] + 6 if heights["preview"] and not self.overlay_preview else 0)

        def put(box: Any, h: int, gap: int) -> None:
            nonlocal y
            if box.relative_rect.topleft != (8, y):
                box.set_relative_position((8, y))
            if box.relative_rect.size != (w, h):
                box.set_dimensions((w, h))
            y += h + gap

        put(self.players, heights["players"], 6)
        if self.status is not None and self.moves_label is not None and self.moves is not None:
            put(self.status, heights["status"], 2)
            put(self.moves_label, LABEL_H, 0)
            if heights["moves"]:
                put(self.moves, heights["moves"], 6 + heights.get("spare", 0))  # a whole row ends it
                self.moves.show()
            else:
                self.moves.hide()
                y += 4
        put(self.log, heights["log"], 6)
        put(self.chat, 30, 0)

    def _relayout(self, rows: int, has_moves: bool) -> None:
        """The seats box `rows` lines high and the move list shown or not: the boxes below move (if either changed)."""
        rows = max(SEAT_ROWS_MIN, rows)
        if (rows, has_moves) == (self.rows, self.has_moves):
            return
        self.rows, self.has_moves = rows, has_moves
        heights = side_heights(self.rect.h, self.preview_h, self.rules, rows, has_moves)
        if self.overlay_preview or heights["preview"]:  # the pane, when kept, keeps the size it was made with
            heights["preview"] = 0 if self.overlay_preview else self.preview_rect.h
            heights = _heights(self.rect.h, heights["preview"], self.rules, rows, has_moves)
        else:  # no room left for the pane: the preview shows over the seats while a card is hovered
            self.overlay_preview = True
            self.preview.hide()
            self.preview.change_layer(self.players.get_top_layer() + 3)
        self._place(heights)
        bar = getattr(self.log, "scroll_bar", None)
        if bar is not None:
            bar.set_scroll_from_start_percentage(1.0)

    def set_preview(self, key: Any, surface: pygame.Surface | None) -> None:
        """Show `surface` (a card's face) whole in the preview, centred across it and scaled down to fit. An overlay
        preview shows only with a face (`key` None: nothing hovered), on a backing that hides the text under it."""
        if key == self.preview_key:
            return
        self.preview_key = key
        canvas = pygame.Surface(self.preview_rect.size, pygame.SRCALPHA)
        if self.overlay_preview:
            if key is None or surface is None:
                self.preview.hide()
                return
            self.preview.show()
            canvas.fill(OVERLAY_BACK)
        if surface is not None:
            sw, sh = surface.get_size()
            scale = min(1.0, canvas.get_width() / max(1, sw), canvas.get_height() / max(1, sh))
            if scale < 1.0:  # a tall card in a short pane: the whole card, smaller, never its top only
                surface = pygame.transform.smoothscale(surface, (max(1, round(sw * scale)), max(1, round(sh * scale))))
            canvas.blit(surface, ((canvas.get_width() - surface.get_width()) // 2, 0))
        self.preview.set_image(canvas)

    def set_status(self, text: str) -> None:
        if self.status is not None and text != self.status_text:
            self.status_text = text
            self.status.set_text(text)

    def set_moves(self, items: Sequence[tuple[str, str]], label: str | Sequence[str]) -> None:
        """The legal moves list: (words, id) per move; clicking one sends UI_SELECTION_LIST_NEW_SELECTION. With no
        move the list folds away (the log takes its room) and the label alone says why; `label` may be its ways
        to read, longest first (the first that fits is shown)."""
        if self.moves is None or self.moves_label is None:
            return
        if list(items) != self.move_items:
            self.move_items = list(items)
            self.moves.set_item_list(self.move_items)
        self._relayout(self.rows, bool(self.move_items))
        variants = [label] if isinstance(label, str) else list(label)
        text = next((v for v in variants if self._fits_label(v)), None) or self._fit_label(variants[-1])
        if self.moves_label.text != text:
            self.moves_label.set_text(text)

    def _fits_label(self, label: str) -> bool:
        assert self.moves_label is not None
        font = self.moves_label.font
        return font is None or font.get_rect(label).width <= self.moves_label.relative_rect.w - 2

    def _fit_label(self, label: str) -> str:
        """The moves label as it fits a narrow panel: without its parenthesis, then with fewer words."""
        assert self.moves_label is not None
        font, room = self.moves_label.font, self.moves_label.relative_rect.w - 2
        if font is None or font.get_rect(label).width <= room:
            return label
        if "(" in label:
            label = label[:label.index("(")].rstrip()
        words = label.split(" ")
        while len(words) > 1 and font.get_rect(" ".join(words)).width > room:
            words.pop()
        return " ".join(words)

    def clear_move_selection(self) -> None:
        """Unhighlight the clicked move, so clicking it again selects it again."""
        if self.moves is not None:
            self.moves.set_item_list(self.move_items)

    def set_players(self, text: str, lines: Sequence[SeatLine] = ()) -> None:
        """The seats box: `text` (HTML) above one line per seat, all in the longest of their ways (`lines`) that
        fits the box's width on one line (else the longest of those that wrap to the fewest lines); the box grows
        to hold them all."""
        fonts = self._seat_fonts()
        room = self.players.relative_rect.w - SEAT_WRAP_LESS

        def lines_of(width: int) -> int:
            """The lines a seat's line `width` wide takes in the box."""
            if room < width <= room + SEAT_WRAP_LESS - SEAT_TEXT_PAD:
                return 2  # too wide for its line break, too narrow to wrap: it goes on at its last word
            return max(1, math.ceil(width / max(1, room)))

        # every seat worded alike: the longest way that fits each seat's line; if none does, the longest way of
        # those that take the fewest lines (not the tightest: "favor0" only where it saves a line)
        ways = max((len(line) for line in lines), default=1)
        widths = [[_width(fonts, line[min(i, len(line) - 1)]) for line in lines] for i in range(ways)]
        way = next((i for i in range(ways) if all(w <= room for w in widths[i])), None)
        if way is None:
            way = min(range(ways), key=lambda i: (sum(lines_of(w) for w in widths[i]), i))
        chosen, rows = [], 0
        for line in lines:
            pick = line[min(way, len(line) - 1)]
            width = _width(fonts, pick)
            if lines_of(width) == 2 and width <= room + SEAT_WRAP_LESS - SEAT_TEXT_PAD:
                # the line break would make a line of its own (an empty line in the box): the line goes on at its
                # last word instead
                chosen.append(pick[0] + _break_last_space(pick[2]))
            else:
                chosen.append(pick[0] + pick[2])
            rows += lines_of(width)
        if text:
            rows += max(1, math.ceil(fonts[0].get_rect(_plain(text)).width / max(1, room))) if fonts else 1
        full = "<br>".join(([text] if text else []) + chosen)
        self._relayout(rows, self.has_moves)
        if full != self.players_text:
            self.players_text = full
            self.players.set_text(full)

    def _seat_fonts(self) -> tuple[Any, Any] | tuple[()]:
        """The seats box's font and its bold face (a seat's name is bold)."""
        theme = self.players.ui_theme
        info = theme.get_font_info(self.players.combined_element_ids)
        fonts = theme.get_font_dictionary()
        try:
            return (fonts.find_font(info["size"], info["name"]),
                    fonts.find_font(info["size"], info["name"], bold=True))
        except (KeyError, TypeError):
            return ()

    def set_log(self, rows: Sequence[tuple[Any, str]], empty: str = "") -> None:
        """The log rows to show (a stable key and HTML each, oldest first); `flush_log` puts them on screen."""
        self.log_text = "<br>".join(h for _, h in rows)
        self._pending = (list(rows), empty)

    def flush_log(self) -> bool:
        """Show the pending rows. Rows that only extend what is shown are appended (pygame-gui re-lays the whole
        box on every set_text, ~1 ms a line); the box is rebuilt from the last LOG_KEEP rows when it has grown
        past LOG_MAX or an earlier row changed (undo)."""
        if self._pending is None:
            return False
        rows, empty = self._pending
        self._pending = None
        keys = [k for k, _ in rows]
        shown = self.log_keys
        start = keys.index(shown[0]) if shown and shown[0] in keys else -1
        if start >= 0 and keys[start:start + len(shown)] == shown and len(keys) - start <= LOG_MAX:
            new = rows[start + len(shown):]
            if not new:
                return False
            self.log_keys = shown + [k for k, _ in new]
            self.log.append_html_text(("<br>" if shown else "") + "<br>".join(h for _, h in new))
        else:
            rows = rows[-LOG_KEEP:]
            self.log_keys = [k for k, _ in rows]
            self.log.set_text("<br>".join(h for _, h in rows) or empty)
        bar = getattr(self.log, "scroll_bar", None)
        if bar is not None:
            bar.set_scroll_from_start_percentage(1.0)
        return True

    def kill(self) -> None:
        self.panel.kill()


def _width(fonts: tuple[Any, Any] | tuple[()], variant: tuple[str, str, str, str]) -> int:
    """A seat line's width in pixels: its bold name, then the rest (0 without fonts: it is taken as it is)."""
    if not fonts:
        return 0
    return fonts[1].get_rect(variant[1]).width + fonts[0].get_rect(variant[3]).width


def _break_last_space(html_text: str) -> str:
    """`html_text` with its last space outside a tag made a line break (unchanged without one)."""
    depth, last = 0, -1
    for i, ch in enumerate(html_text):
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif ch == " " and depth == 0:
            last = i
    return html_text if last < 0 else html_text[:last] + "<br>" + html_text[last + 1:]


def _plain(html_text: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", html_text))
