"""The table window: one loop that lets pygame-gui take its events, turns the rest into Actions, and draws the view.

`TableApp.step(events)` runs one frame (tests and the headless mode drive it with posted pygame events);
`run()` loops until the window closes. The app never edits the state: every gesture becomes an Action submitted
through its table source (a local `Session`, a session hosted on the LAN, or a seat joined to one: see
`source.py`), and the picture is drawn only from the view the source gives this seat.
"""

from __future__ import annotations

import collections
import itertools
import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from ...core.session import Session
from ..dialogs.events import DialogsMixin, parse_house_rules
from ..dialogs.forms import JoinDialog, NewGameDialog
from ..dialogs.gallery import GalleryWindow
from ..dialogs.joindeck import JoinDeckMixin
from ..dialogs.moderate import ModerationMixin
from ..dialogs.rules import RulesMixin
from ..dialogs.widgets import (
    ContextMenu,
    Dialog,
    HelpOverlay,
    Notices,
    Prompt,
    StartScreen,
    VoteDialog,
    no_tooltips_below,
)
from ..input.commands import CommandsMixin
from ..input.gestures import GesturesMixin, _Drag, _Press
from ..input.handsort import HandSortMixin
from ..input.pointing import PointingMixin
from ..panels.reveals import RevealBar
from ..panels.sidebar import PanelsMixin, _Legal
from ..panels.sidepanel import SidePanel
from ..panels.topbar import TopBar
from ..replay.viewer import ReplayMixin
from ..table.assets import AssetLoader
from ..table.camera import Camera
from ..table.frame import DrawMixin
from ..table.handorder import sorted_hand
from ..table.layout import Item, Layout, ZoneBox
from ..table.motion import Motion, VelocityTracker
from ..table.pointers import Pointers
from ..table.render import HandCard, HandStrip, Renderer
from ..table.tableview import TableView
from .lifecycle import LifecycleMixin
from .rejoin import SeatMemory
from .routing import EventRoutingMixin
from .settings import (
    HEADLESS_DT,
    LEGAL_CAP,
    TOKEN_COLORS,
)
from .source import (
    Background,
    Happening,
    Stream,
    TableSource,
)
from .standin import StandInMixin

__all__ = ["HEADLESS_DT", "LEGAL_CAP", "TableApp", "default_assets_dir", "parse_house_rules"]
def default_assets_dir() -> Path | None:
    """assets/ of the working folder, else the one beside the package."""
    for p in (Path.cwd() / "assets", Path(__file__).resolve().parents[3] / "assets"):
        if p.is_dir():
            return p
    return None


class _Manager(pygame_gui.UIManager):
    """A UIManager that takes the mouse position from the events the app saw (posted events move no real mouse)."""

    pointer: tuple[int, int] = (0, 0)

    def _update_mouse_position(self) -> None:
        self.mouse_position = self.calculate_scaled_mouse_position(self.pointer)


class TableApp(EventRoutingMixin, GesturesMixin, CommandsMixin, PointingMixin, HandSortMixin, ReplayMixin, PanelsMixin, DialogsMixin,
               JoinDeckMixin, RulesMixin, ModerationMixin, LifecycleMixin, StandInMixin, DrawMixin):
    """The window a playtester lives in: the table of one session, seen and played by one seat at a time."""

    def __init__(
        self,
        session: Session | None = None,
        *,
        seat: int = 0,
        size: tuple[int, int] = (1280, 800),
        start_screen: bool = False,
        assets_dir: Path | None = None,
        library: Any = None,
        autosave: str | Path | None = None,
        save_path: str | Path | None = None,
        fps: int = 60,
        physics: bool = True,
        bots: Mapping[int, str] | None = None,
        bot_delay: float | None = None,
        source: TableSource | None = None,
    ) -> None:
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(0)
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption("tabletop")
        self.size = self.screen.get_size()
        self.fps = fps
        self.clock = pygame.time.Clock()
        theme = Path(__file__).parents[1] / "theme.json"
        self.manager = _Manager(self.size, str(theme) if theme.is_file() else None)
        # the log's and the rules panel's <b> (noto_sans bold 13) is loaded by the theme's #moves_label block
        if library is None:
            from ...cards import default_library

            library = default_library()
        self.library = library
        self.assets = AssetLoader(self._card, assets_dir if assets_dir is not None else default_assets_dir(),
                                  set_lookup=lambda name: getattr(self.library, "sets", {}).get(name))
        self.renderer = Renderer(self.assets)
        self.hand = HandStrip()
        self.notices = Notices(self.manager)
        self.running = True
        self.frame = 0
        self.now = 0.0  # game time in seconds: the sum of frame dts
        self._calm = False
        self._ui_quiet = False
        self._ui_state: Any = None
        self._ui_settle = 0
        self._ui_full = 0.0
        self._ui_dt = 0.0
        #: the top pygame-gui window at the last update: a new one takes every tooltip outside it down
        self._top_window: Any = None
        self.physics_on = physics
        self.motion: Motion | None = None
        self._streaming = False  # whether the last frame streamed pieces in flight to joined seats
        self.tracker = VelocityTracker()
        self.bot_names: dict[int, str] = dict(bots or {})
        self.bot_delay = (0.3 if fps else 0.0) if bot_delay is None else bot_delay
        self.bots: Any = None
        self.mouse: tuple[int, int] = (0, 0)
        self.mods = 0
        self.keys_down: set[int] = set()
        #: the text of the key press a table shortcut just took: the TEXTINPUT SDL sends for that same press
        #: (between its KEYDOWN and KEYUP) is not text (L opens a prompt and would type "l" into it)
        self._shortcut_text = ""
        self.selected: list[str] = []
        self.press: _Press | None = None
        self.drag: _Drag | None = None
        self.box: tuple[int, int] | None = None
        self.pan_from: tuple[int, int] | None = None
        self.pan_button = 0
        self.last_click: tuple[float, str | None] = (0.0, None)
        self.hover_item: Item | None = None
        self.hover_hand: HandCard | None = None
        self.hover_zone: ZoneBox | None = None
        self.hover_since = 0.0
        self.tooltip: Any = None
        self.tooltip_for: str | None = None
        self.big_preview = False
        self.frame_overlay = False  # F3: frame times over the table
        self.frame_times: collections.deque[float] = collections.deque(maxlen=120)
        self.help: HelpOverlay | None = None
        self.menu: ContextMenu | None = None
        self.prompt: Prompt | None = None
        self.peek: GalleryWindow | None = None
        self.reveals = RevealBar(self.manager)  # the reveals this window's seats made, each with End reveal
        self.dialog: Dialog | None = None
        self.file_dialog: Any = None
        self.newgame: NewGameDialog | None = None
        self.vote_dialog: VoteDialog | None = None
        self.join_dialog: JoinDialog | None = None
        self.background: Background | None = None
        #: this user's seat tokens per host and game (the user's token store): a join takes a held seat back
        self.seat_memory = SeatMemory()
        #: the arrows and pings on the table, from the seat's log (Q makes one)
        self.pointers = Pointers()
        self.hud: Any = None
        self.hud_open = True
        self.cover_seat: int | None = None
        self._stack_lift: str | None = None
        #: the app's own log lines (refusals, audits, LAN news): (after which entry, html, the seat it was worded
        #: for, or None for every seat); a hotseat table shows a seat only its own and the common ones
        self.local_log: list[tuple[int, str, int | None]] = []
        self._entry_cache: dict[Any, str] = {}
        self._log_flushed = -1.0
        #: live card edits: when the card files were last checked, and the watchers (tabletop.cards.watch)
        self._cards_polled = 0.0
        self._watchers: list[Any] = []
        self.legal = _Legal()
        self.token_colors = itertools.cycle(TOKEN_COLORS)
        self.save_path = Path(save_path) if save_path else None
        self.autosave_path = Path(autosave) if autosave else None
        self.autosaver: Any = None
        self.start: StartScreen | None = None
        self.editor: Any = None  # the deck editor while it is open (ui/decks/room.py)
        self.topbar: TopBar | None = None
        self.side: SidePanel | None = None
        self.session: Session | None = None
        self.source: TableSource | None = None
        self.seat = seat
        #: the seat's view and layout, kept from the seat's stream (`source.stream`)
        self.table = TableView(seat)
        self.stream: Stream | None = None
        self.view_key: tuple[int, int | None] | None = None
        self.camera = Camera((2400, 1600), self._viewport())
        if source is not None:
            self.set_source(source, seat)
        elif session is not None and not start_screen:
            self.set_session(session, seat)
        else:
            self.show_start()

    # ------------------------------------------------------------------ setup

    def _card(self, ref: str) -> Any:
        try:
            return self.library.get(ref)
        except (KeyError, ValueError):
            return None

    @property
    def view(self) -> dict[str, Any]:
        """The seat's view as its stream last brought it (read only)."""
        return self.table.view

    @property
    def layout(self) -> Layout:
        return self.table.layout

    def _close_stream(self) -> None:
        if self.stream is not None:
            self.stream.close()
            self.stream = None

    def _open_stream(self) -> None:
        """Take the seat's stream from the source (a new table, another seat at a hotseat table)."""
        assert self.source is not None
        self._close_stream()
        self.table = TableView(self.seat)
        self.stream = self.source.stream(self.seat)
        self.table.feed(self.stream.take())


    def resize(self, size: tuple[int, int]) -> None:
        self.size = (max(640, size[0]), max(480, size[1]))
        if self.screen.get_size() != self.size:
            self.screen = pygame.display.set_mode(self.size, pygame.RESIZABLE)
        self.manager.set_window_resolution(self.size)
        self.camera.viewport = self._viewport()
        if self.source is not None:
            helping = self.help is not None
            self._build_table_widgets(windows=False)
            if helping:
                self.help = HelpOverlay(self.manager, self.size)
            self._keep_windows_on_screen()
            self.view_key = None
            self.refresh(force=True)
            self.place_replay_bar()
        else:
            if self.start is not None:
                self.start.kill()
            self.start = StartScreen(self.manager, self.size)

    def fit(self) -> None:
        """Fit the table in the window: the part the layout asks for (the seat's own hand zone is left out, since
        the hand strip shows it)."""
        self.camera.viewport = self._viewport()
        _, _, vw, vh = self.camera.viewport
        self.table.fit_to((float(vw), float(vh - self.hand.height)))
        self.camera.table_w, self.camera.table_h = self.layout.table_size
        self.camera.fit(bottom_margin=self.hand.height, rect=self.layout.fit_rect)
        self.fitted = (self.layout.fit_rect, self.camera.key())

    # ------------------------------------------------------------------ the view

    def refresh(self, force: bool = False) -> None:
        """Take what the seat's stream brought since the last frame (a patch re-lays only what it names)."""
        if self.source is None:
            return
        if self.stream is None or self.table.seat != self.seat:
            self._open_stream()
        assert self.stream is not None
        places = self._selection_places()
        self.table.feed(self.stream.take())
        if self.table.stale:  # a gap in the stream: start again from a whole view
            self._open_stream()
        key = (self.table.version, self.seat)
        if key == self.view_key and not force:
            return
        first = self.view_key is None or self.view_key[1] != self.seat
        self.view_key = key
        tw, th = self.layout.table_size
        if (self.camera.table_w, self.camera.table_h) != (float(tw), float(th)):
            self.camera.table_w, self.camera.table_h = float(tw), float(th)
            first = True
        if self.fit_moved():  # a zone grew or shrank while the player kept the fitted view: fit it again
            first = True
        if first:
            self.camera.flipped = self._seat_on_top()
            self.fit()
        known = self.table.known
        self.selected = self._follow_selection(places, known)
        self._prune_gesture(known)
        self._update_legal()
        self.take_pointers()
        self._update_widgets()

    def _prune_gesture(self, known: Callable[[str], bool]) -> None:
        """The table changed under a pressed button or a drag (an undo, a bot, the host): follow the pieces to their
        new place, and let go of those that are gone or hidden now, so no gesture acts on a piece that left."""
        p = self.press
        if p is not None and p.hand is not None:
            if not known(p.hand.pid):
                self.press = None
        elif p is not None and p.item is not None:
            item = self.layout.by_id.get(p.item.pid)
            if item is None and p.item.layout == "stack":  # a deck's top was drawn: press its new top
                item = next((i for i in self.layout.items if i.zone == p.item.zone and i.layout == "stack"), None)
            if item is None:
                self.press = None
            else:
                p.item = item
        d = self.drag
        if d is None:
            return
        keep = [i for i in d.ids if known(i)]
        if len(keep) == len(d.ids):
            return
        if not keep or not known(d.sources[0].pid):
            self.drag = None
            self._stack_lift = None
            self.notify("What you were dragging has moved away (an undo, or another player)", "info", 3.0)
            return
        d.ids = keep
        d.sources = [src for src in d.sources if known(src.pid)]

    def _seat_on_top(self) -> bool:
        hand = self.layout.hand
        return hand is not None and hand.rect[1] + hand.rect[3] / 2 < self.camera.table_h / 2

    def _hand_pieces(self) -> list[dict[str, Any]]:
        """This seat's hand as its strip shows it: in the order this window sorts it (O), else as held."""
        pieces = self.layout.hand.pieces if self.layout.hand is not None else []
        if self.hand_order == "held":
            return pieces
        from ...rules import RULESETS

        rules = RULESETS.get(str(self.view.get("ruleset", "")))  # a joined window has no ruleset object: its class
        return sorted_hand(pieces, self.hand_order, self._card, rules.hand_rank if rules is not None else None)


    # ------------------------------------------------------------------ the loop

    def step(self, events: Iterable[pygame.event.Event] | None = None) -> bool:
        """One frame: events (pygame's queue by default), update, draw. Returns False once the app should close."""
        if self.fps:
            dt = min(self.clock.tick(self.fps) / 1000.0, 0.1)
        else:
            self.clock.tick()
            dt = HEADLESS_DT
        self.now += dt
        began = time.perf_counter()
        evs = list(pygame.event.get() if events is None else events)
        self._calm = all(self._calm_event(e) for e in evs)
        for event in evs:
            self.handle(event)
        self.update(dt)
        self.draw()
        pygame.display.flip()
        self.frame_times.append(time.perf_counter() - began)
        self.frame += 1
        return self.running

    def run_frames(self, n: int) -> None:
        for _ in range(n):
            if not self.step():
                break

    def run(self) -> int:
        with self.sigint_quits():
            while self.step():
                pass
        self.close()
        return 0

    def screenshot(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(path))
        return path

    # ------------------------------------------------------------------ per frame

    def update(self, dt: float) -> None:
        self.manager.pointer = self.mouse
        if self.editor is not None:
            self.editor.update(dt)
        if self.motion is not None and self.motion.busy():
            self.motion.update(dt)
        self._stream_flights()
        self.replay_tick(dt)
        if self.bots is not None and self.session is not None and self.drag is None:
            self.bots.update(dt, self.submit)
        if self.source is not None:
            try:
                happenings = self.source.poll()
            except Exception as e:  # the network layer failing must not take the window down
                happenings = [Happening("notice", f"LAN: {e}", "error")]
            self._happened(happenings)
        if self.background is not None and self.background.done():
            task, self.background = self.background, None
            task.finish()
        if self.join_dialog is not None:
            self.join_dialog.update()
        if self.source is not None:
            self.poll_cards()
        self.refresh()
        if self.source is not None and self.cover_seat is None and self.editor is None:  # not under the deck editor
            self._pan_keys(dt)
            self.update_hover()
            self._update_preview_and_tooltip()
        if self.source is not None:
            self.reveals.tick(self)
        self._update_widgets_frame()
        self._ui_quiet = self._quiet_ui()
        if self._ui_quiet:
            self._ui_dt += dt
        else:
            self.manager.update(self._ui_dt + dt)
            stack = self.manager.get_window_stack().get_full_stack()
            top = stack[-1] if stack else None
            no_tooltips_below(self.manager, opened=top is not None and top is not self._top_window)
            self._top_window = top
            self._ui_dt = 0.0
