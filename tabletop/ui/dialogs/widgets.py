"""The pygame-gui parts of the table: top bar, side panel (preview, seats, log, chat), menus, prompts, dialogs.

Widgets only collect input and show text; they hand what the player chose back to the app as plain callbacks,
and the app turns that into Actions.
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable, Sequence
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UILabel,
    UIPanel,
    UISelectionList,
    UITextBox,
    UITextEntryLine,
    UIWindow,
)

from ..input.shortcuts import SHORTCUTS
from ..panels.sidepanel import whole_lines
from ..panels.textboxes import WrapBox

__all__ = [
    "ChoiceDialog",
    "ContextMenu",
    "Dialog",
    "HelpOverlay",
    "Notices",
    "Prompt",
    "StartScreen",
    "VoteDialog",
    "drop_tooltips",
    "no_tooltips_below",
]

Callback = Callable[[], Any]
#: the log box keeps appending up to LOG_MAX rows, then starts again from the last LOG_KEEP
LOG_MAX, LOG_KEEP = 60, 30
class ContextMenu:
    """A right-click menu: a column of buttons at the cursor; choosing one runs its callback and closes the menu."""

    ITEM_H = 28

    def __init__(self, manager: pygame_gui.UIManager, pos: tuple[int, int], title: str,
                 items: Sequence[tuple[str, Callback]], screen: tuple[int, int]) -> None:
        font = manager.get_theme().get_font([])
        width = max(220, min(420, max((font.size(label)[0] + 36 for label, _ in items), default=0),
                             font.size(title)[0] + 16))
        height = (len(items) + 1) * self.ITEM_H + 8
        x = min(pos[0], screen[0] - width - 4)
        y = min(pos[1], screen[1] - height - 4)
        self.panel = UIPanel(pygame.Rect(x, y, width, height), starting_height=20, manager=manager)
        UILabel(pygame.Rect(4, 2, width - 8, self.ITEM_H - 4), title, manager, container=self.panel)
        self.actions: dict[UIButton, Callback] = {}
        for i, (label, cb) in enumerate(items):
            b = UIButton(pygame.Rect(2, 4 + (i + 1) * self.ITEM_H - 4, width - 8, self.ITEM_H - 2), label, manager,
                         container=self.panel, object_id="#menu_button")
            self.actions[b] = cb
        self.rect = self.panel.get_abs_rect()

    def pick(self, element: Any) -> Callback | None:
        return self.actions.get(element)

    def kill(self) -> None:
        self.panel.kill()


class Prompt:
    """Ask for one line of text (a number of cards, a counter name); Enter or OK answers."""

    def __init__(self, manager: pygame_gui.UIManager, screen: tuple[int, int], title: str, initial: str,
                 answer: Callable[[str], Any]) -> None:
        w, h = 320, 130
        self.window = UIWindow(pygame.Rect((screen[0] - w) // 2, (screen[1] - h) // 3, w, h), manager, title,
                               always_on_top=True)
        fit_title(self.window, title, screen[0])
        self.entry = UITextEntryLine(pygame.Rect(10, 10, w - 110, 32), manager, container=self.window,
                                     initial_text=initial)
        self.ok = UIButton(pygame.Rect(w - 92, 10, 60, 32), "OK", manager, container=self.window)
        # through the manager, so the window knows keys are text now (a letter typed here is not a shortcut)
        manager.set_focus_set(self.entry)
        self.answer = answer

    def handle(self, event: pygame.event.Event) -> bool:
        """Whether this event finished the prompt (the answer callback has run)."""
        if (event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry) or (
                event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.ok):
            text = self.entry.get_text()
            self.window.kill()
            self.answer(text)
            return True
        return False

    def alive(self) -> bool:
        return self.window.alive()


#: pixels a window's title bar keeps beside its title (the text's padding)
TITLE_PAD = 16


def title_fits(window: UIWindow, title: str) -> bool:
    """Whether `title` fits `window`'s title bar whole, in the bar's font."""
    bar = window.title_bar
    return bar is None or bar.font is None or bar.font.get_rect(title).width + TITLE_PAD <= bar.relative_rect.w


def fit_title(window: UIWindow, title: str, screen_w: int, margin: int = 20) -> bool:
    """Widen `window` (centred again, never past the screen less `margin` each side) until its title bar holds
    `title` whole; whether it does (if not, the caller shows a short title and puts the whole one in the body)."""
    bar = window.title_bar
    if title_fits(window, title) or bar is None or bar.font is None:
        return True
    r = window.get_abs_rect()
    need = bar.font.get_rect(title).width + TITLE_PAD - bar.relative_rect.w
    w = min(screen_w - 2 * margin, r.w + need)
    if w > r.w:
        window.set_dimensions((w, r.h))
        window.set_position(((screen_w - w) // 2, r.y))
    return title_fits(window, title)


def short_title(title: str) -> str:
    """A dialog's title for its bar when the whole one goes in the body: its last part ("Deploy Special Agent
    Ruth Calder: choose one" -> "Choose one")."""
    last = title.rsplit(": ", 1)[-1].strip()
    return last[:1].upper() + last[1:] if last else title


class ChoiceDialog:
    """A legal move that needs a choice (a Role, a target, a value, a guess): its options, one click each.

    It answers like a `Prompt` (`handle`, `alive`, `window`, `ok`), so the window's one dialog protocol routes its
    clicks and Enter (the highlighted option, else the first) and Escape (closes it, choosing nothing). A click
    highlights an option and Choose, Enter or a double click takes it: a click that chose at once left the Enter a
    player then pressed to confirm to the table, which put the keyboard in the chat field."""

    def __init__(self, manager: pygame_gui.UIManager, screen: tuple[int, int], title: str, options: Sequence[str],
                 answer: Callable[[int], Any]) -> None:
        font = manager.get_theme().get_font([])
        widest = max((font.size(o)[0] for o in options), default=120)
        w = max(300, min(screen[0] - 40, widest + 80))
        rows = min(len(options), 10)
        h = 104 + rows * 22
        self.window = UIWindow(pygame.Rect((screen[0] - w) // 2, (screen[1] - h) // 3, w, h), manager, title,
                               always_on_top=True, object_id="#choice")
        top = 0
        #: the whole title in the body, when the title bar (widened up to the screen) cannot hold it
        self.heading: UITextBox | None = None
        if not fit_title(self.window, title, screen[0]):
            w = self.window.get_abs_rect().w
            self.window.set_display_title(short_title(title))
            self.heading = UITextBox(f"<b>{html.escape(title)}</b>", pygame.Rect(8, 6, w - 48, -1), manager,
                                     container=self.window)
            top = self.heading.rect.h + 4
            self.window.set_dimensions((w, h + top))
        w = self.window.get_abs_rect().w
        self.options = list(options)
        self.list = UISelectionList(pygame.Rect(8, 8 + top, w - 48, rows * 22 + 8),
                                    [(o, f"opt_{i}") for i, o in enumerate(self.options)], manager,
                                    container=self.window)
        self.ok = UIButton(pygame.Rect(w - 132, top + rows * 22 + 24, 90, 30), "Choose", manager,
                           container=self.window,
                           tool_tip_text="Enter or a double click: the highlighted option, else the first")
        UILabel(pygame.Rect(8, top + rows * 22 + 24, w - 150, 30), "Click one, then Choose", manager,
                container=self.window, object_id="#choice_hint")
        self.answer = answer

    def _picked(self) -> int:
        sel = self.list.get_single_selection(include_object_id=True)
        if isinstance(sel, tuple) and isinstance(sel[1], str) and sel[1].startswith("opt_"):
            return int(sel[1][4:])
        return 0

    def handle(self, event: pygame.event.Event) -> bool:
        """Whether this event chose an option (the answer callback has run and the dialog is closed)."""
        el = getattr(event, "ui_element", None)
        chosen = ((event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and el is self.list)
                  or (event.type == pygame_gui.UI_BUTTON_PRESSED and el is self.ok))
        if not chosen or not self.options:
            return False
        i = self._picked()
        self.window.kill()
        self.answer(i)
        return True

    def alive(self) -> bool:
        return self.window.alive()


class Notices:
    """Non-blocking notices (rule warnings, refusals, saves) that fade after a while, stacked where the window
    says (`place`): over the side panel's preview, or on the table where they cover no label."""

    def __init__(self, manager: pygame_gui.UIManager) -> None:
        self.manager = manager
        self.items: list[tuple[UITextBox, float]] = []
        #: the boxes shown for a refusal (a later accepted action takes them down: the refusal is answered)
        self.refusals: set[int] = set()
        #: the boxes shown under a tag (a newer notice with the tag takes its place)
        self.tags: dict[int, str] = {}
        #: the stack's top-left and its boxes' width
        self.anchor = (0, 0, 600)
        #: where a stack of that height goes instead (top-left), when the window looks for a free place
        self.spot: Callable[[int, int], tuple[int, int]] | None = None

    def place(self, x: int, y: int, width: int, spot: Callable[[int, int], tuple[int, int]] | None = None) -> None:
        """Stack the notices at (x, y), `width` wide; `spot(width, height)` may move the stack (a free place)."""
        self.anchor = (x, y, width)
        self.spot = spot
        self._stack()

    def add(self, text: str, kind: str = "info", seconds: float = 5.0, refusal: bool = False,
            tag: str | None = None) -> None:
        """Show a notice; one with the same text, or the same `tag` (the hand's order: the newest says it), goes."""
        for old, _ in [(b, t) for b, t in self.items if b.html_text == html.escape(text)
                       or (tag is not None and self.tags.get(id(b)) == tag)]:
            self._drop(old)
        x, y, w = self.anchor
        box = UITextBox(html.escape(text), pygame.Rect(x, y, w, -1), self.manager,
                        object_id=f"#notice_{kind}", starting_height=30)
        self.items.append((box, time.monotonic() + seconds))
        if refusal:
            self.refusals.add(id(box))
        if tag is not None:
            self.tags[id(box)] = tag
        while len(self.items) > 4:
            self._drop(self.items[0][0])
        self._stack()

    def _drop(self, box: UITextBox) -> None:
        self.items = [(b, t) for b, t in self.items if b is not box]
        self.refusals.discard(id(box))
        self.tags.pop(id(box), None)
        box.kill()

    def clear(self) -> None:
        """Take every notice down (a hotseat table passes to another seat: they were worded for the last one)."""
        for b, _ in self.items:
            b.kill()
        self.items = []
        self.refusals.clear()
        self.tags.clear()

    def clear_refusals(self) -> None:
        """Take down the refusal notices (an action was accepted since); other notices keep their time."""
        if not self.refusals:
            return
        for b, _ in self.items:
            if id(b) in self.refusals:
                self.tags.pop(id(b), None)
                b.kill()
        self.items = [(b, t) for b, t in self.items if id(b) not in self.refusals]
        self.refusals.clear()
        self._stack()

    def _stack(self) -> None:
        x, y, w = self.anchor
        if self.spot is not None and self.items:
            x, y = self.spot(w, sum(b.rect.h + 4 for b, _ in self.items) - 4)
        for box, _ in self.items:
            if box.rect.w != w:
                box.set_dimensions((w, box.rect.h))
            box.set_position((x, y))
            y += box.rect.h + 4

    def update(self) -> None:
        now = time.monotonic()
        keep = [(b, t) for b, t in self.items if t > now]
        if len(keep) != len(self.items):
            for b, t in self.items:
                if t <= now:
                    self.refusals.discard(id(b))
                    self.tags.pop(id(b), None)
                    b.kill()
            self.items = keep
            self._stack()

    def texts(self) -> list[str]:
        return [html.unescape(b.html_text) for b, _ in self.items]


def balance_columns(heights: Sequence[int]) -> list[list[int]]:
    """Parts of these heights (by index, in their order) split into two columns, the taller as short as it can be."""
    n = len(heights)
    best: tuple[int, list[list[int]]] | None = None
    for mask in range(0, 1 << n, 2):  # the first part stays at the top left
        cols = [[i for i in range(n) if not mask >> i & 1], [i for i in range(n) if mask >> i & 1]]
        tall = max(sum(heights[i] for i in c) for c in cols)
        if best is None or tall < best[0]:
            best = (tall, cols)
    return best[1] if best is not None else [[], []]


class HelpOverlay:
    """F1: every shortcut, grouped, over the table."""

    def __init__(self, manager: pygame_gui.UIManager, screen: tuple[int, int]) -> None:
        w, h = min(1180, screen[0] - 40), min(740, screen[1] - 50)
        rect = pygame.Rect((screen[0] - w) // 2, (screen[1] - h) // 2 + 10, w, h)
        self.panel = UIPanel(rect, starting_height=40, manager=manager, object_id="#help")
        UILabel(pygame.Rect(16, 8, w - 32, 34), "Shortcuts  —  F1 or Esc to close", manager, container=self.panel,
                object_id="#subtitle")
        groups: dict[str, list[tuple[str, str]]] = {}
        for g, k, d in SHORTCUTS:
            groups.setdefault(g, []).append((k, d))
        parts = [f"<font color='#ffd450'><b>{html.escape(g)}</b></font><br>"
                 + "".join(f"<b>{html.escape(k)}</b>  <font color='#c9d3cf'>{html.escape(d)}</font><br>"
                           for k, d in rows) for g, rows in groups.items()]
        cw = (w - 48) // 2
        columns = balance_columns([self._measure(manager, p, cw) for p in parts])
        box_h = whole_lines(h - 64)  # a scrolled column ends on a whole line
        self.boxes = [WrapBox("<br>".join(parts[i] for i in col), pygame.Rect(16 + n * (cw + 16), 48, cw, box_h),
                                manager, container=self.panel) for n, col in enumerate(columns)]

    @staticmethod
    def _measure(manager: pygame_gui.UIManager, text: str, width: int) -> int:
        """The height `text` takes in a text box `width` wide (with the blank line that parts it from the next)."""
        box = WrapBox(text + "<br>", pygame.Rect(-width - 100, 0, width, -1), manager)
        h = box.rect.height
        box.kill()
        return h

    def kill(self) -> None:
        self.panel.kill()


class Dialog:
    """A window of read-only text (game info, house rules in force)."""

    def __init__(self, manager: pygame_gui.UIManager, screen: tuple[int, int], title: str, text_html: str,
                 size: tuple[int, int] = (520, 420)) -> None:
        w, h = size
        self.text = text_html
        self.window = UIWindow(pygame.Rect((screen[0] - w) // 2, (screen[1] - h) // 2, w, h), manager, title)
        UITextBox(text_html, pygame.Rect(8, 8, w - 48, h - 80), manager, container=self.window)

    def kill(self) -> None:
        self.window.kill()


class StartScreen:
    """Quick table, new game, open save, host a LAN game, join one, the deck editor."""

    def __init__(self, manager: pygame_gui.UIManager, screen: tuple[int, int]) -> None:
        items = (("quick", "Quick table", "Two seats, a shuffled deck, tokens and dice"),
                 ("new", "New game…", "Pick a ruleset, seats, decks, rules and house rules"),
                 ("open", "Open save…", "Carry on a saved game"),
                 ("host", "Host (LAN)", "Set up a new game and let others on the LAN join it"),
                 ("join", "Join (LAN)", "Find a game on the LAN, or type its address"),
                 ("decks", "Decks…", "Browse every card; build, check and save decks"),
                 ("replay", "Replay…", "Watch a kept game on its timeline; play on from any point"),
                 ("quit", "Quit", ""))
        w, h = 360, 24 + len(items) * 54
        rect = pygame.Rect((screen[0] - w) // 2, (screen[1] - h) // 2 + 40, w, h)
        self.panel = UIPanel(rect, starting_height=2, manager=manager)
        self.buttons: dict[str, UIButton] = {}
        for i, (key, label, tip) in enumerate(items):
            b = UIButton(pygame.Rect(30, 16 + i * 54, w - 60, 46), label, manager, container=self.panel,
                         object_id="#big_button", tool_tip_text=tip or None)
            self.buttons[key] = b
        self.title = UILabel(pygame.Rect(0, rect.y - 120, screen[0], 60), "tabletop", manager, object_id="#title")
        self.subtitle = UILabel(pygame.Rect(0, rect.y - 64, screen[0], 30),
                                "A table for card games, with rules you can dial from sandbox to strict",
                                manager, object_id="#subtitle")

    def which(self, element: Any) -> str | None:
        for k, b in self.buttons.items():
            if b is element:
                return k
        return None

    def kill(self) -> None:
        self.panel.kill()
        self.title.kill()
        self.subtitle.kill()


class VoteDialog:
    """An undo another player asks for that needs this seat's consent: Agree or Refuse."""

    def __init__(self, manager: pygame_gui.UIManager, screen: tuple[int, int], request: int, voter: int | None,
                 text_html: str) -> None:
        w, h = 420, 230
        self.request = request
        self.voter = voter
        self.text = text_html
        self.window = UIWindow(pygame.Rect((screen[0] - w) // 2, (screen[1] - h) // 3, w, h), manager,
                               "Undo requested", always_on_top=True)
        UITextBox(text_html, pygame.Rect(8, 8, w - 48, h - 110), manager, container=self.window)
        self.agree = UIButton(pygame.Rect(w - 250, h - 94, 100, 34), "Agree", manager, container=self.window)
        self.refuse = UIButton(pygame.Rect(w - 142, h - 94, 100, 34), "Refuse", manager, container=self.window)

    def answer(self, element: Any) -> bool | None:
        """True for Agree, False for Refuse, None for any other element."""
        if element is self.agree:
            return True
        if element is self.refuse:
            return False
        return None

    def kill(self) -> None:
        self.window.kill()


def drop_tooltips(manager: Any) -> None:
    """Take down every tooltip before a click reaches the widgets: a row's tooltip hangs over the row below it, and
    a click there went to the tooltip and was lost (a newcomer's first click on "Done" did nothing)."""
    for element in manager.get_sprite_group().sprites():
        if isinstance(element, pygame_gui.elements.UITooltip):
            element.kill()


def _inside(element: Any, window: Any) -> bool:
    """Whether `element` is `window` or one of its widgets (at any depth of containers)."""
    homes = {id(window), id(window.get_container()), id(getattr(window, "_window_root_container", None))}
    seen = 0
    while element is not None and seen < 32:
        if id(element) in homes:
            return True
        element, seen = getattr(element, "ui_container", None), seen + 1
    return False


def no_tooltips_below(manager: Any, opened: bool = False) -> None:
    """No tooltip of a widget outside the top window is drawn over a window: a button that opened a dialog stays
    under the pointer, and its tooltip came back over the dialog, covering its buttons (trial 3: the Join dialog's
    "Choose…" over the deck dialog's Choose). `opened`: a window has just opened, and every tooltip outside it goes
    down, over it or not. Called after the widgets' update, before drawing; a tooltip taken down stays down until
    the pointer leaves its widget and comes back."""
    windows = manager.get_window_stack().get_full_stack()
    if not windows:
        return
    top = windows[-1]
    for element in manager.get_sprite_group().sprites():
        if getattr(element, "tool_tip_text", None) is None or _inside(element, top):
            continue
        if opened:  # the click that opened it took the tooltip down already; it does not come back
            element.hover_time = -1e9
        tip = getattr(element, "tool_tip", None)
        if tip is None:
            continue
        if opened or any(not _inside(element, w) and tip.rect.colliderect(w.rect) for w in windows):
            tip.kill()
            element.tool_tip = None
            element.hover_time = -1e9  # pygame-gui starts it again at 0 when the pointer comes back
