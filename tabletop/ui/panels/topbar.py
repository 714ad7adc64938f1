"""The top bar: the game's buttons, the rules dial, Pass, and the status line that says what now.

The status line always shows the step, who acts and what they may do. It takes the first of its whole variants
(the ones that say all three) that fits one line in the bar's font; else the first that fits two lines in a
smaller font; only when none fits does it fall back to a shorter variant. The whole text is its tooltip whenever
the bar shows less, or shows it wrapped. A window narrower than `COMPACT_BELOW` has compact buttons and gives
the status a row of its own under them: 800 pixels beside nine buttons, the dial and Pass leave a status ~150
pixels, which holds no step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UIPanel

__all__ = ["BAR_H", "COMPACT_BELOW", "STATUS_ROW_H", "TopBar", "bar_height", "dial_words", "with_connection", "wrap_two"]

#: the height of the bar's row of buttons
BAR_H = 36
#: the height of the status's own row in a compact bar
STATUS_ROW_H = 36
#: below this window width the bar's buttons are compact and the status has a row of its own
COMPACT_BELOW = 1100
ENFORCEMENT = ["off", "warn", "strict"]
#: the height of one line of the two-line status (its font is the theme's `#status_small`)
LINE_H = 17

_TIPS = {
    "new": "New game (Ctrl+N)", "open": "Open a save (Ctrl+O)", "save": "Save (Ctrl+S)", "undo": "Undo (Ctrl+Z)",
    "redo": "Redo (Ctrl+Y)", "seat": "Hotseat: pass to the next seat (Tab)", "info": "Game info and house rules (I)",
    "help": "Every shortcut (F1)", "panel": "Fold the side panel away to give the table room, or open it (F4)",
}


def dial_words(mode: str, ruleset: str | None) -> str:
    """What the rules dial at `mode` means at this table, said when it is turned (off says what stops)."""
    if mode == "off":
        if ruleset in (None, "freeform"):
            return "Rules off: a sandbox, nothing is checked"
        return ("Rules off: nothing is checked, and the ruleset's own steps (drawing, scoring, the next step) "
                "wait until the dial is back at warn (E)")
    if mode == "warn":
        return "Rules at warn: every broken rule is shown and logged with its number; nothing is refused"
    return "Rules at strict: an illegal move is refused, with the rule it breaks"


def with_connection(lines: Sequence[str], variants: Sequence[str], whole: int) -> tuple[list[str], int, int]:
    """The status line at a LAN table: the connection before the status's `variants` (the first `whole` of them
    whole). `lines` are the connection's words longest first, all but the last saying who is where. Returns the
    variants, how many are whole (the status's whole ones after the connection, or alone) and how many of those
    come first (after a connection that says who is where: on two lines, if they must, before any other fits one)."""
    says = list(lines[:-1]) or list(lines)
    first = list(dict.fromkeys(f"{c}  ·  {t}" for c in says for t in variants[:whole]))
    whole_ones = [f"{lines[-1]}  ·  {t}" for t in variants[:whole]] + list(variants[:whole])
    rest = [f"{lines[-1]}  ·  {t}" for t in variants[whole:]] + list(lines)
    head = list(dict.fromkeys(first + whole_ones))
    return head + [t for t in dict.fromkeys(rest) if t not in head], len(head), len(first)


def bar_height(width: int) -> int:
    """The top bar's height in a window `width` pixels wide (a compact bar has the status's row under it)."""
    return BAR_H + (STATUS_ROW_H if width < COMPACT_BELOW else 0)


def wrap_two(text: str, fits: Callable[[str], bool]) -> tuple[str, str] | None:
    """`text` in two lines that each fit (`fits(line) -> bool`), broken between words: at " — " (between who acts
    and what to do) when both halves fit, else as late as the first line allows. None: it does not fit in two."""
    if " — " in text:
        a, b = text.split(" — ", 1)
        if fits(a) and fits("— " + b):
            return a, "— " + b
    words = text.split(" ")
    for cut in range(len(words) - 1, 0, -1):
        first = " ".join(words[:cut])
        if fits(first):
            rest = " ".join(words[cut:])
            return (first, rest) if fits(rest) else None
    return None


class TopBar:
    """Buttons for the game (new, open, save, undo, redo, seat, info, help), the rules dial, the status line and
    the side panel's fold button; in a narrow window the buttons are compact and the status has its own row."""

    BUTTONS = (("new", "New", 52), ("open", "Open", 56), ("save", "Save", 52), ("undo", "Undo", 54),
               ("redo", "Redo", 54), ("seat", "Next seat", 84), ("info", "Info", 48), ("help", "Help (F1)", 80))
    COMPACT = (("new", "New", 44), ("open", "Open", 48), ("save", "Save", 46), ("undo", "Undo", 48),
               ("redo", "Redo", 48), ("seat", "Seat", 44), ("info", "Info", 40), ("help", "Help", 46))
    COMPACT_BELOW = COMPACT_BELOW
    SEP = "   ·   "

    def __init__(self, manager: pygame_gui.UIManager, width: int, mode: str, host: bool, lan: bool = False) -> None:
        self.manager = manager
        self.height = bar_height(width)
        self.panel = UIPanel(pygame.Rect(0, 0, width, self.height), starting_height=1, manager=manager)
        self.buttons: dict[str, UIButton] = {}
        self.compact = compact = width < COMPACT_BELOW
        gap = 2 if compact else 3
        x = 4
        for key, label, w in (self.COMPACT if compact else self.BUTTONS):
            self.buttons[key] = UIButton(pygame.Rect(x, 3, w, BAR_H - 8), label, manager, container=self.panel,
                                         tool_tip_text=_TIPS.get(key))
            x += w + gap
        if lan:  # each player of a LAN game has a window of their own
            self.buttons["seat"].disable()
        self.dial_x = x + (2 if compact else 6)
        rules_w = 0 if compact else 44
        if rules_w:
            UILabel(pygame.Rect(self.dial_x, 3, rules_w, BAR_H - 8), "Rules", manager, container=self.panel)
        self.dial_x += rules_w
        self.dial: UIDropDownMenu | None = None
        self.mode = ""
        self.host = host
        self.set_mode(mode, host)
        x = self.dial_x + 92 + 6
        pass_w = 90 if compact else 110
        self.pass_button = UIButton(pygame.Rect(x, 3, pass_w, BAR_H - 8), "Pass", manager, container=self.panel,
                                    object_id="#pass_button", tool_tip_text="Pass / next phase (P)")
        self.pass_button.hide()
        panel_w = 56
        self.buttons["panel"] = UIButton(pygame.Rect(width - panel_w - 4, 3, panel_w, BAR_H - 8), "Panel", manager,
                                         container=self.panel, tool_tip_text=_TIPS.get("panel"))
        if compact:  # the status's own row, the window's width
            self._status_x = (8, 8)
            self._status_end = width - 8
            self._status_y = BAR_H - 2
        else:  # the status takes the Pass button's place while that is hidden
            self._status_x = (x + pass_w + 6, x)
            self._status_end = width - panel_w - 12
            self._status_y = 0
        sx = self._status_x[1]
        w = max(60, self._status_end - sx)
        #: the status's (first) line; `status2` its second when it is wrapped
        self.status = UILabel(pygame.Rect(sx, self._status_y + 3, w, BAR_H - 8), "", manager,
                              container=self.panel, object_id="#status")
        self.status2 = UILabel(pygame.Rect(sx, self._status_y + 1 + LINE_H, w, LINE_H), "", manager,
                               container=self.panel, object_id="#status_small")
        self.status2.hide()
        self._font = self.status.font  # the one-line font, kept while the label wears the small one
        self.wrapped = False
        self.full_status: list[str] = [""]
        self.whole = 1
        #: how many of the whole variants are tried first (`set_status`)
        self.first = 0
        self.status_tip: str | None = None

    @property
    def shown(self) -> str:
        """The status as the bar shows it, its lines joined by a space."""
        return f"{self.status.text} {self.status2.text}" if self.wrapped else self.status.text

    def set_mode(self, mode: str, host: bool) -> None:
        """Show the enforcement dial at `mode` (rebuilt, since a dropdown cannot be set from outside)."""
        if mode == self.mode and self.dial is not None and host == self.host:
            return
        if self.dial is not None:
            self.dial.kill()
        self.dial = UIDropDownMenu(ENFORCEMENT, mode, pygame.Rect(self.dial_x, 3, 92, BAR_H - 8), self.manager,
                                   container=self.panel)
        if not host:
            self.dial.disable()
            self.dial.set_tooltip("Only the host turns the rules dial")
        self.mode, self.host = mode, host

    def set_status(self, variants: str | Sequence[str], whole: int | None = None, first: int = 0) -> None:
        """Show the status: `variants` longest first, of which the first `whole` (default: all) say the step,
        who acts and what to do. The first whole one that fits one line, else two lines in the smaller font,
        else a shorter variant the same way, else the last one's leading words; the whole text is the tooltip
        whenever the bar shows less or wraps it. With `first`, the first `first` whole ones are tried (one line,
        then two) before the other whole ones (who is where at a LAN table, before a bare count on one line)."""
        variants = [variants] if isinstance(variants, str) else list(variants) or [""]
        whole = len(variants) if whole is None else max(1, min(whole, len(variants)))
        first = max(0, min(first, whole))
        self.full_status, self.whole, self.first = variants, whole, first
        lines = self._pick(variants, whole, first)
        self._show(lines)
        full = variants[0] if " ".join(lines) != variants[0] or len(lines) > 1 else None
        if full != self.status_tip:
            self.status_tip = full
            self.status.set_tooltip(full)
            self.status2.set_tooltip(full)

    def _pick(self, variants: list[str], whole: int, first: int = 0) -> tuple[str, ...]:
        for group in (variants[:first], variants[first:whole], variants[whole:]):
            one = next((t for t in group if self._fits(t)), None)
            if one is not None:
                return (one,)
            for t in group:
                two = wrap_two(t, self._fits_small)
                if two is not None:
                    return two
        return (self.fit_status(variants[-1]),)

    def _show(self, lines: tuple[str, ...]) -> None:
        wrapped = len(lines) > 1
        if wrapped != self.wrapped:
            self.wrapped = wrapped
            x, w = self.status.relative_rect.x, self.status.relative_rect.w
            self.status.set_text("")  # the label re-renders its text as its font changes: none, so none is too wide
            if wrapped:
                self.status.change_object_id("#status_small")
                self.status.set_relative_position((x, self._status_y + 1))
                self.status.set_dimensions((w, LINE_H))
                self.status2.show()
            else:
                self.status.change_object_id("#status")
                self.status.set_relative_position((x, self._status_y + 3))
                self.status.set_dimensions((w, BAR_H - 8))
                self.status2.hide()
                self.status2.set_text("")
        if self.status.text != lines[0]:
            self.status.set_text(lines[0])
        if wrapped and self.status2.text != lines[1]:
            self.status2.set_text(lines[1])

    def _fits(self, t: str) -> bool:
        font = self._font
        return font is None or font.get_rect(t).width <= self.status.relative_rect.w - 2

    def _fits_small(self, t: str) -> bool:
        font = self.status2.font
        return font is None or font.get_rect(t).width <= self.status2.relative_rect.w - 2

    def fit_status(self, text: str) -> str:
        """The longest leading run of the status's parts (then words) that fits its label in the label's font."""
        fits = self._fits
        if fits(text):
            return text
        parts = text.split(self.SEP)
        if fits(" · ".join(parts)):  # the same, with narrow separators
            return " · ".join(parts)
        while len(parts) > 1:
            parts.pop()
            if fits(" · ".join(parts)):
                return " · ".join(parts)
        words = parts[0].split(" ")
        while len(words) > 1:
            words.pop()
            if fits(" ".join(words)):
                return " ".join(words)
        return words[0] if fits(words[0]) else ""

    def show_pass(self, label: str | None) -> None:
        """The Pass button with `label` (None: hidden, and the status line takes its room)."""
        if label is None:
            if self.pass_button.visible:
                self.pass_button.hide()
        else:
            if self.pass_button.text != label:
                self.pass_button.set_text(label)
            if not self.pass_button.visible:
                self.pass_button.show()
        sx = self._status_x[0 if label is not None else 1]
        if self.status.relative_rect.x != sx:
            w = max(60, self._status_end - sx)
            self.status.set_relative_position((sx, self.status.relative_rect.y))
            self.status.set_dimensions((w, self.status.relative_rect.h))
            self.status2.set_relative_position((sx, self.status2.relative_rect.y))
            self.status2.set_dimensions((w, LINE_H))
            self.set_status(self.full_status, self.whole, self.first)

    def kill(self) -> None:
        self.panel.kill()
