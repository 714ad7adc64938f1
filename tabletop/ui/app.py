"""The table window: one loop that lets pygame-gui take its events, turns the rest into Actions, and draws the view.

`TableApp.step(events)` runs one frame (tests and the headless mode drive it with posted pygame events);
`run()` loops until the window closes. The app never edits the state: every gesture becomes an Action submitted
through its table source (a local `Session`, a session hosted on the LAN, or a seat joined to one: see
`source.py`), and the picture is drawn only from the view the source gives this seat.
"""

from __future__ import annotations

import html
import itertools
import math
import random
import re
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from ..core import actions as A
from ..core.session import Result, Session
from .assets import AssetLoader
from .camera import Camera
from .describe import entry_html
from .hud import HudContext, make_hud
from .layout import Item, Layout, ZoneBox, build_layout
from .motion import FLING_MIN_PX, Motion, VelocityTracker
from .render import BG, HandCard, HandStrip, Renderer
from .source import Background, Happening, HostedSource, Legal, LocalSource, LogRow, RemoteSource, TableSource
from .status import describe_action, status_html
from .widgets import (
    BAR_H,
    ENFORCEMENT,
    ContextMenu,
    Dialog,
    HelpOverlay,
    JoinDialog,
    NewGameDialog,
    Notices,
    PeekWindow,
    Prompt,
    SidePanel,
    StartScreen,
    TopBar,
    VoteDialog,
)

__all__ = ["HEADLESS_DT", "LEGAL_CAP", "TableApp", "default_assets_dir"]

SIDE_W = 300
PREVIEW_H = 280
DRAG_THRESHOLD = 5
DOUBLE_CLICK_S = 0.35
PAN_SPEED = 700.0
LEGAL_CAP = 400
#: legal moves listed in the rules panel
MOVES_CAP = 30
LOG_ROWS = 60
#: the log box is re-laid out at most this often (seconds): a burst of actions costs one layout, not one each
LOG_FLUSH_S = 0.2
#: game time of one frame when the loop runs unthrottled (fps=0: headless tests and scripts), so that drag
#: velocities, flights and bot pacing come out the same on every machine
HEADLESS_DT = 1.0 / 60.0
#: widgets are updated and redrawn at least this often (seconds) even when nothing reached them
UI_IDLE_S = 0.25
TOKEN_COLORS = ("#d9534f", "#337ab7", "#5cb85c", "#f0ad4e", "#9b59b6", "#1abc9c", "#ecf0f1", "#34495e")
KMOD_SHIFT, KMOD_CTRL, KMOD_ALT = pygame.KMOD_SHIFT, pygame.KMOD_CTRL, pygame.KMOD_ALT
MOD_KEYS = {pygame.K_LSHIFT: pygame.KMOD_LSHIFT, pygame.K_RSHIFT: pygame.KMOD_RSHIFT,
            pygame.K_LCTRL: pygame.KMOD_LCTRL, pygame.K_RCTRL: pygame.KMOD_RCTRL,
            pygame.K_LALT: pygame.KMOD_LALT, pygame.K_RALT: pygame.KMOD_RALT,
            pygame.K_LMETA: pygame.KMOD_LMETA, pygame.K_RMETA: pygame.KMOD_RMETA}


def default_assets_dir() -> Path | None:
    """assets/ of the working folder, else the one beside the package."""
    for p in (Path.cwd() / "assets", Path(__file__).resolve().parents[2] / "assets"):
        if p.is_dir():
            return p
    return None


class _Manager(pygame_gui.UIManager):
    """A UIManager that takes the mouse position from the events the app saw (posted events move no real mouse)."""

    pointer: tuple[int, int] = (0, 0)

    def _update_mouse_position(self) -> None:
        self.mouse_position = self.calculate_scaled_mouse_position(self.pointer)


@dataclass(slots=True)
class _Press:
    button: int
    pos: tuple[int, int]
    item: Item | None
    hand: HandCard | None
    zone: ZoneBox | None
    mods: int


@dataclass(slots=True)
class _Drag:
    ids: list[str]
    sources: list[Item | HandCard]
    start: tuple[int, int]
    from_zone: str
    from_hand: bool
    whole_stack: bool = False
    face_down: bool = False
    skip: frozenset[str] = frozenset()


@dataclass(slots=True)
class _Legal:
    seq: int = -1
    seat: int | None = None
    pieces: frozenset[str] = frozenset()
    passes: list[A.Action] = field(default_factory=list)
    moves: list[A.Action] = field(default_factory=list)
    more: bool = False
    #: False when this machine cannot know the seat's legal moves (a seat joined over the LAN)
    known: bool = True


class TableApp:
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
        theme = Path(__file__).with_name("theme.json")
        self.manager = _Manager(self.size, str(theme) if theme.is_file() else None)
        # the log's and the rules panel's <b> (noto_sans bold 13) is loaded by the theme's #moves_label block
        if library is None:
            from ..cards import default_library

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
        self.help: HelpOverlay | None = None
        self.menu: ContextMenu | None = None
        self.prompt: Prompt | None = None
        self.peek: PeekWindow | None = None
        self.dialog: Dialog | None = None
        self.file_dialog: Any = None
        self.newgame: NewGameDialog | None = None
        self.vote_dialog: VoteDialog | None = None
        self.join_dialog: JoinDialog | None = None
        self.background: Background | None = None
        self.hud: Any = None
        self.hud_open = True
        self.cover_seat: int | None = None
        self._stack_lift: str | None = None
        self.local_log: list[tuple[int, str]] = []
        self._entry_cache: dict[Any, str] = {}
        self._view_cards: dict[str, str] = {}
        self._log_flushed = -1.0
        self.legal = _Legal()
        self.token_colors = itertools.cycle(TOKEN_COLORS)
        self.save_path = Path(save_path) if save_path else None
        self.autosave_path = Path(autosave) if autosave else None
        self.autosaver: Any = None
        self.start: StartScreen | None = None
        self.topbar: TopBar | None = None
        self.side: SidePanel | None = None
        self.session: Session | None = None
        self.source: TableSource | None = None
        self.seat = seat
        self.view: dict[str, Any] = {}
        self.layout = Layout()
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

    def _viewport(self) -> tuple[int, int, int, int]:
        w, h = self.size
        top = self._hud_height()
        return (0, BAR_H + top, max(100, w - SIDE_W), max(100, h - BAR_H - top))

    def _hud_height(self) -> int:
        """Pixels above the table kept for the ruleset's board (the X-Files round, dashboard, notebook)."""
        if self.hud is None:
            return 0
        return self.hud.height(max(100, self.size[0] - SIDE_W), self.hud_open)

    def show_start(self) -> None:
        self._kill_table_widgets()
        self._drop_source()
        self.start = StartScreen(self.manager, self.size)

    def _drop_source(self) -> None:
        """Leave the current table: flush its autosave, and close a LAN game (host or connection)."""
        self._flush_autosave()
        self.autosaver = None
        if self.source is not None and self.source.kind != "local":
            try:
                self.source.close()
            except Exception as e:  # closing must never stop the window
                self.notify(f"Closing the LAN game: {e}", "warn")
        self.source = None
        self.session = None
        self.motion = None
        self.bots = None
        self.vote_dialog = None

    def set_session(self, session: Session, seat: int = 0) -> None:
        """Put a session on the table (a new game, an opened save) and look at it as `seat`."""
        self.set_source(LocalSource(session), seat)

    def set_source(self, source: TableSource, seat: int = 0) -> None:
        """Put a table on the screen: a local session, a hosted LAN game or a joined one, seen as `seat`."""
        if self.start is not None:
            self.start.kill()
            self.start = None
        if source is not self.source:
            self._drop_source()
        self.source = source
        self.session = source.session
        self.cover_seat = None
        self.press = self.drag = self.box = self.pan_from = None
        pygame.display.set_caption({"host": "tabletop · hosting", "remote": "tabletop · joined"}.get(source.kind,
                                                                                                   "tabletop"))
        seats = source.seats
        if source.kind == "remote":
            seat = getattr(source, "seat", seat)
        self.seat = seat if seat in seats else (seats[0] if seats else 0)
        # physics runs where the session runs: here, or on this window's host thread (resting moves go through
        # the host, and positions in flight are streamed to the joined seats); a joined window draws the host's
        self.motion = (Motion(source.session, enabled=self.physics_on, snap_zone=self._snap_zone,
                              on_result=self._physics_result, submit=source.submit)
                       if source.kind in ("local", "host") else None)
        self._make_bots()
        self.selected = []
        self.local_log = []
        self._entry_cache.clear()
        self.view_key = None
        self._attach_autosave()
        self._build_table_widgets()
        self.refresh(force=True)
        self.fit()
        if source.kind in ("local", "host") and source.session is not None:
            from ..game import start_problems

            problems = start_problems(source.session)
            if problems:  # a warn game started with an illegal deck: the log lists each problem with its rule
                self.notify(f"The game starts with {len(problems)} deck problem(s) (rules dial at warn): see the log",
                            "warn", 10.0)

    def _make_bots(self) -> None:
        from .botseats import BotSeats

        self.bots = None
        if self.session is None or not self.bot_names:
            return
        if self.source is None or self.source.kind != "local":
            self.notify("Bots play at local tables only", "warn")
            return
        try:
            self.bots = BotSeats(self.session, self.bot_names, seed=self.session.state.rng.seed or 0,
                                 delay=self.bot_delay)
        except Exception as e:  # an unknown bot or a ruleset without bots: play on without them
            self.notify(f"Bots are off: {e}", "warn")

    def set_bots(self, names: Mapping[int, str]) -> None:
        """Seat bots (seat from 0 -> `random` / `greedy`) at the current table."""
        self.bot_names = dict(names)
        self._make_bots()

    def _snap_zone(self, x: float, y: float) -> str | None:
        """Where a piece coming to rest at (x, y) snaps, as a drop there would (a deck, a pile, a row); never a hand."""
        zone = self.layout.zone_at(x, y)
        if zone is None or zone.layout == "free" or zone.kind == "hand":
            return None
        return zone.name

    def _physics_result(self, result: Result) -> None:
        # several pieces may land in one frame: the view is rebuilt once, by the frame's own refresh
        self._show_result(result.entry.action if result.entry is not None else None, result, refresh=False)

    def set_physics(self, on: bool) -> None:
        """Turn physics on or off (G); off lands whatever is still sliding and makes every release a plain drop."""
        self.physics_on = on
        if self.motion is not None:
            self.motion.set_enabled(on)
        self.refresh()
        self.notify(f"Physics {'on' if on else 'off'}", "info", 2.0)

    def _attach_autosave(self) -> None:
        self.autosaver = None
        if self.autosave_path is None or self.session is None or self.source is None or self.source.kind != "local":
            return  # a hosted game is autosaved by its host; a joined one is the host's to keep
        try:
            from ..store import Autosaver  # type: ignore[attr-defined]
        except ImportError:
            return
        try:
            self.autosaver = Autosaver(self.session, self.autosave_path, every=5)
        except Exception as e:  # a broken autosave must never stop the game
            self.notify(f"Autosave is off: {e}", "warn")

    def _flush_autosave(self) -> None:
        if self.autosaver is not None:
            try:
                ok = self.autosaver.close()  # the journal's game written as the YAML save
            except Exception as e:
                ok, self.autosaver.last_error = False, str(e)
            if ok is False:
                self.notify(getattr(self.autosaver, "last_error", "") or "Autosave failed", "error")

    def _kill_table_widgets(self, windows: bool = True) -> None:
        """Take down the bar, the side panel, the menu and help; with `windows` also the dialogs (a new table:
        they belonged to the old one). A resize keeps them, so a search, a vote or a half-filled form survives."""
        for w in (self.topbar, self.side, self.menu, self.help):
            if w is not None:
                w.kill()
        self.topbar = self.side = self.menu = self.help = None
        if not windows:
            return
        for d in (self.dialog, self.newgame, self.vote_dialog, self.join_dialog, self.prompt):
            if d is not None:
                d.window.kill()
        if self.peek is not None:
            self.peek.closed = True
            self.peek.window.kill()
        self.dialog = self.peek = self.newgame = self.prompt = None
        self.vote_dialog = self.join_dialog = None

    def _keep_windows_on_screen(self) -> None:
        """After a resize: move every open window back inside the screen, so none is left out of reach."""
        wins = [d.window for d in (self.dialog, self.newgame, self.vote_dialog, self.join_dialog, self.prompt,
                                   self.peek) if d is not None]
        if self.file_dialog is not None:
            wins.append(self.file_dialog)
        for win in wins:
            if not win.alive():
                continue
            r = win.get_abs_rect()
            x = max(0, min(r.x, self.size[0] - r.w))
            y = max(0, min(r.y, self.size[1] - r.h))
            if (x, y) != r.topleft:
                win.set_position((x, y))

    def _build_table_widgets(self, windows: bool = True) -> None:
        self._kill_table_widgets(windows)
        assert self.source is not None
        self.view = self.source.view(self.seat)
        self.hud = make_hud(self.view.get("ruleset", ""), self.assets)
        self.topbar = TopBar(self.manager, self.size[0], self.view.get("enforcement", "off"), self._is_host(),
                             lan=self.source.kind != "local")
        self.side = SidePanel(self.manager, pygame.Rect(self.size[0] - SIDE_W, BAR_H, SIDE_W, self.size[1] - BAR_H),
                              PREVIEW_H, rules=self._rules_panel())
        vx, vy, vw, _ = self._viewport()
        self.notices.place(vx, vy + 8, vw)
        self.camera.viewport = self._viewport()

    def _rules_panel(self) -> bool:
        """Whether the side panel shows the rules panel: for every ruleset but the rule-free sandbox."""
        return self.source is not None and self.view.get("ruleset", "") not in ("", "freeform")

    def _is_host(self) -> bool:
        """Whether this seat may turn the rules dial (at a LAN table: the host's own seat only)."""
        return self.source is not None and self.source.can_turn_dial(self.seat)

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
        else:
            if self.start is not None:
                self.start.kill()
            self.start = StartScreen(self.manager, self.size)

    def fit(self) -> None:
        """Fit the table in the window; the seat's own hand zone is left out, since the hand strip shows it."""
        self.camera.viewport = self._viewport()
        hand = self.layout.hand
        tw, th = self.camera.table_w, self.camera.table_h
        rect = None
        if hand is not None:
            hx, hy, hw, hh = hand.rect
            if hy + hh / 2 > th / 2:
                rect = (0.0, 0.0, tw, hy)
            else:
                rect = (0.0, hy + hh, tw, th - hy - hh)
        self.camera.fit(bottom_margin=self.hand.height, rect=rect)

    # ------------------------------------------------------------------ the view

    def refresh(self, force: bool = False) -> None:
        """Rebuild the cached view and layout when the state (or the seat) changed since the last frame."""
        if self.source is None:
            return
        key = (self.source.seq(), self.seat)
        if key == self.view_key and not force:
            return
        first = self.view_key is None or self.view_key[1] != self.seat
        self.view_key = key
        self.view = self.source.view(self.seat)
        self.layout = build_layout(self.view, self.seat)
        tw, th = self.view.get("table", (2400, 1600))
        if (self.camera.table_w, self.camera.table_h) != (float(tw), float(th)):
            self.camera.table_w, self.camera.table_h = float(tw), float(th)
            first = True
        if first:
            self.camera.flipped = self._seat_on_top()
            self.fit()
        known = set(self.layout.by_id) | {p["id"] for p in self._hand_pieces()}
        self.selected = [s for s in self.selected if s in known]
        self._prune_gesture(known)
        self._update_legal()
        self._update_widgets()

    def _prune_gesture(self, known: set[str]) -> None:
        """The table changed under a pressed button or a drag (an undo, a bot, the host): follow the pieces to their
        new place, and let go of those that are gone or hidden now, so no gesture acts on a piece that left."""
        p = self.press
        if p is not None and p.hand is not None:
            if p.hand.pid not in {q["id"] for q in self._hand_pieces()}:
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
        keep = [i for i in d.ids if i in known]
        if len(keep) == len(d.ids):
            return
        if not keep or d.sources[0].pid not in known:
            self.drag = None
            self._stack_lift = None
            self.notify("What you were dragging has moved away (an undo, or another player)", "info", 3.0)
            return
        d.ids = keep
        d.sources = [src for src in d.sources if src.pid in known]

    def _seat_on_top(self) -> bool:
        hand = self.layout.hand
        return hand is not None and hand.rect[1] + hand.rect[3] / 2 < self.camera.table_h / 2

    def _hand_pieces(self) -> list[dict[str, Any]]:
        return self.layout.hand.pieces if self.layout.hand is not None else []

    def _names(self) -> dict[int, str]:
        names = {p["seat"]: p.get("name", f"Seat {p['seat'] + 1}") for p in self.view.get("players", [])}
        for p in (self.source.players() or []) if self.source is not None else []:
            if p.get("name"):  # the name a player joined with
                names[p["seat"]] = p["name"]
        return names

    def _zone_labels(self) -> dict[str, str]:
        names = self._names()
        out = {}
        for z in self.layout.zones:
            label = z.label
            if z.owner is not None:
                label = f"{names.get(z.owner, z.owner)}'s {label.lower()}"
            out[z.name] = label
        return out

    def _entry_html(self, row: LogRow, names: dict[int, str], zones: dict[str, str]) -> str:
        """A log line as this seat may read it, as HTML (cached: lines do not change once logged)."""
        key = (row.key, row.version, self.seat)
        html_text = self._entry_cache.get(key)
        if html_text is None:
            if len(self._entry_cache) > 4 * LOG_ROWS:
                self._entry_cache.clear()
            html_text = entry_html(row.line(), names, zones, self._card_name)
            self._entry_cache[key] = html_text
        return html_text

    def _card_name(self, text: str) -> str | None:
        """A card's name for a piece id this seat sees in its view, or for a card reference; else None."""
        ref = self._view_cards.get(text)
        if ref is None and "/" in text:
            ref = text
        if ref is None:
            return None
        card = self._card(ref)
        return card.name if card is not None else None

    def _update_rules_panel(self) -> None:
        side = self.side
        if side is None or side.status is None or self.source is None:
            return
        names = self._names()
        self._view_cards = {p["id"]: p["card"] for z in self.view.get("zones", []) for p in z.get("pieces", [])
                            if p.get("card")}
        rules = self.view.get("rules") or {}
        side.set_status(status_html(rules, names, self._card_name))
        tokens = _token_words(rules)
        items = []
        for i, action in enumerate(self.legal.moves):
            d = action.to_dict()
            if d.get("token") in tokens:  # a question or a guess: the words the status gave its opaque token
                text = f"{describe_action({'type': d['type']}, self._card_name)}: {tokens[d['token']]}"
            else:
                text = describe_action(d, self._card_name, names, type(action).piece_fields)
            items.append((text, f"move_{i}"))
        n = len(self.legal.moves)
        if not self.legal.known:
            label = "Legal moves are worked out on the host"
            if self.hud is not None:
                label += " (use the board above)"
        elif n:
            label = f"Legal moves for {names.get(self.seat, 'you')}: {n}{'+' if self.legal.more else ''} (click one)"
        else:
            label = f"No legal moves for {names.get(self.seat, 'you')} now"
        side.set_moves(items, label)

    def play_move(self, index: int) -> Result | None:
        """Submit the rules panel's legal move number `index` for the seat in play."""
        if 0 <= index < len(self.legal.moves):
            return self.submit(self.legal.moves[index])
        return None

    def _update_legal(self) -> None:
        """Pieces named by the seat's legal actions (capped), and any pass/next-phase action, in warn/strict."""
        src = self.source
        if src is None or self.view_key is None:
            return
        key = (self.view_key[0], self.seat)
        if (self.legal.seq, self.legal.seat) == key:
            return
        found: Legal | None = Legal()
        listing = self.side is not None and self.side.moves is not None
        glowing = self.view.get("enforcement", "off") != "off"
        if glowing or listing:
            # lazily, with a cap: the glow needs the pieces of up to LEGAL_CAP moves, the list the first MOVES_CAP
            try:
                found = src.legal(self.seat, LEGAL_CAP if glowing else MOVES_CAP, MOVES_CAP, glowing)
            except Exception as e:  # a ruleset bug must not take the table down
                self.notify(f"legal moves unavailable: {e}", "warn")
                found = Legal()
        if found is None:
            self.legal = _Legal(key[0], self.seat, passes=self._remote_passes(), known=False)
            return
        self.legal = _Legal(key[0], self.seat, found.glow, found.passes, found.moves, found.more)

    def _remote_passes(self) -> list[A.Action]:
        """At a joined table (no legal moves here): the ruleset's own pass, offered when the status says this
        seat is the one to act; the host still checks it like any action."""
        rules = self.view.get("rules") or {}
        ruleset = str(self.view.get("ruleset", ""))
        whose = rules.get("decision", rules.get("priority", rules.get("active")))
        if whose != self.seat or rules.get("over"):
            return []
        module = "tabletop.rules." + ruleset.replace("-", "_")
        out = []
        for name, cls in sorted(A.ACTION_TYPES.items()):
            if name.rsplit(".", 1)[-1] == "pass" and (cls.__module__ == module
                                                      or cls.__module__.startswith(module + ".")):
                try:
                    out.append(cls())
                except TypeError:  # a pass that needs fields cannot be offered blind
                    continue
        return out[:1]

    def _update_widgets(self) -> None:
        if self.topbar is None or self.side is None or self.source is None:
            return
        v = self.view
        names = self._names()
        mode = v.get("enforcement", "off")
        self.topbar.set_mode(mode, self._is_host())
        rules = v.get("rules") or {}
        parts = [f"{names.get(self.seat, self.seat)} (seat {self.seat + 1})", _title(v.get("ruleset", ""))]
        phase = rules.get("phase")
        if phase:
            parts.append(f"phase: {phase}")
        active = rules.get("active", rules.get("active_seat", rules.get("turn")))
        if isinstance(active, int) and not isinstance(active, bool):
            parts.append(f"active: {names.get(active, f'Seat {active + 1}')}")
        for k in ("round", "priority"):
            if k in rules and isinstance(rules[k], (int, str)):
                parts.append(f"{k}: {rules[k]}")
        lan = self.source.connection()
        if lan:
            parts.insert(0, lan)
        self.topbar.set_status("   ·   ".join(parts))
        label = None
        if self.legal.passes:
            t = self.legal.passes[0].type
            label = "Next phase" if "phase" in t else "Pass" if "pass" in t else t.replace("_", " ").capitalize()
        self.topbar.show_pass(label)
        self._update_rules_panel()
        self.side.set_players(self._players_html())
        # log
        zl = self._zone_labels()
        rows: list[tuple[Any, str]] = [(r.key, self._entry_html(r, names, zl)) for r in self.source.log(self.seat, LOG_ROWS)]
        # the app's own lines (refusals, LAN news) go after the log line they followed
        for i, (seq, text) in enumerate(self.local_log[-30:]):
            rows.append(((seq, 1 << 62 | i), text))
        rows.sort(key=lambda r: r[0])
        self.side.set_log(rows, "<font color='#8a949e'>Nothing has happened yet.</font>")
        if self.peek is not None and not self.peek.closed:
            self.peek.set_entries(self._peek_entries(self.peek.zone))

    def _players_html(self) -> str:
        """The seats: name, hand size and counters; at a LAN table also who is connected and whether it is paused."""
        v = self.view
        counts = {z.owner: z.count for z in self.layout.zones if z.kind == "hand"}
        lan = {p["seat"]: p for p in (self.source.players() or [])} if self.source is not None else {}
        lines = []
        if lan and self.source is not None and not self.source.online:
            lines.append("<font color='#ff8080'><b>Host lost: reconnecting…</b></font>")
        elif lan and self.source is not None and self.source.paused:
            lines.append("<font color='#ffd450'><b>The game is paused</b></font>")
        for p in v.get("players", []):
            seat = p["seat"]
            counters = "  ".join(f"{k} {val}" for k, val in (p.get("counters") or {}).items())
            me = " (you)" if seat == self.seat else ""
            colour = p.get("color") or "#e6e9ec"
            name = p.get("name", "")
            net = ""
            if seat in lan:
                c = lan[seat]
                name = c.get("name") or name
                if c.get("connected"):
                    net = "<font color='#7ddc7d'>connected</font>" + (" (host)" if c.get("local") else "")
                elif c.get("claimed"):
                    net = "<font color='#ff8080'>disconnected</font>"
                else:
                    net = "<font color='#8a949e'>open seat</font>"
                net = " · " + net
            lines.append(f"<font color='{colour}'><b>{html.escape(name)}</b></font>{me}{net}: "
                         f"{counts.get(seat, 0)} in hand{'  ' + html.escape(counters) if counters else ''}")
        return "<br>".join(lines)

    # ------------------------------------------------------------------ actions

    def submit(self, action: A.Action, seat: int | None = None) -> Result:
        """Send one Action through the table's door and show what came back.

        At a joined table the host answers a moment later: the Result returned then is `accepted` with code
        `sent`, and the real answer is shown when it arrives.
        """
        if self.source is None:
            return Result(False, error="no game on the table", code="no_session")
        seat = self.seat if seat is None else seat
        result = self.source.submit(action, seat)
        if result is None:
            return Result(True, code="sent")
        self._show_result(action, result)
        return result

    def _anchor(self) -> Any:
        """Where a line of the app's own goes in the log: after the last logged line."""
        if self.source is None:
            return 0
        rows = self.source.log(self.seat, 1)
        return rows[-1].key[0] if rows else 0

    def _show_result(self, action: A.Action | None, result: Result, refresh: bool = True) -> None:
        """Notices for what the table answered: refusals in red (and in the log), broken rules in amber."""
        assert self.source is not None
        seq = self._anchor()
        if not result.accepted:
            if result.violations:
                v = result.violations[0]
                text = f"Refused — {v.rule + ': ' if v.rule else ''}{v.message}"
            else:
                what = action.type.replace("_", " ") if action is not None else "do that"
                error = result.error
                if result.code == "unknown_piece":  # the engine names the piece by its opaque handle
                    error = "that piece is hidden from you or no longer there (undone, moved or shuffled away)"
                else:  # the engine counts seats from 0; players know them by name ("Seat 2")
                    names = self._names()
                    error = re.sub(r"\bseat (\d+)\b",
                                   lambda m: names.get(int(m.group(1)), f"Seat {int(m.group(1)) + 1}"), error)
                text = f"Can't {what}: {error}"
            self.notify(text, "error")
            self.local_log.append((seq, f"<font color='#ff8080'>× {html.escape(text)}</font>"))
            if refresh:
                self._update_widgets()
        else:
            for v in result.violations[:3]:
                self.notify(f"Rule {v.rule}: {v.message}" if v.rule else v.message, "warn", 7.0)
            if result.audit:
                # the dial was turned up mid-game: list what is inconsistent, refuse nothing
                self.notify(f"Rules audit: {len(result.audit)} thing(s) on the table break the rules (see the log)",
                            "warn", 8.0)
                for v in result.audit:
                    line = f"Audit — {v.rule + ': ' if v.rule else ''}{v.message}"
                    self.local_log.append((seq, f"<font color='#f0ad4e'>{html.escape(line)}</font>"))
            elif isinstance(action, A.SetEnforcement) and action.mode != "off":
                self.local_log.append((seq, "<font color='#8fd18f'>Rules audit: the table is consistent</font>"))
        if refresh:
            self.refresh()

    def notify(self, text: str, kind: str = "info", seconds: float = 5.0) -> None:
        self.notices.add(text, kind, seconds)

    def land_flights(self) -> None:
        """Bring whatever is still sliding to rest now (before an undo, a redo or a save, so they see its Move)."""
        if self.motion is not None and self.motion.busy():
            self.motion.settle()
            self.refresh()

    def undo(self) -> None:
        if self.source is None:
            return
        self.land_flights()
        r = self.source.undo(self.seat)
        if r is not None and not r.accepted:
            self.notify(r.error, "info", 2.5)
        self.refresh()

    def redo(self) -> None:
        if self.source is None:
            return
        self.land_flights()
        r = self.source.redo(self.seat)
        if r is not None and not r.accepted:
            self.notify(r.error, "info", 2.5)
        self.refresh()

    # ------------------------------------------------------------------ the LAN

    def host(self, session: Session, *, port: int = 0, name: str = "tabletop", password: str = "",
             autosave: str | Path | None = None, announce: bool = True, bind: str = "0.0.0.0") -> Any:
        """Serve `session` on the LAN and play its first seat here; returns the running EmbeddedHost."""
        from ..net.discovery import lan_address
        from ..net.host import EmbeddedHost

        session.hosts = {0}  # the host's own seat turns the dial; joined seats may not
        host = EmbeddedHost(session, port=port, name=name, password=password, local_seats=(0,), bind=bind,
                            autosave=autosave, announce=announce).start()
        address = f"{lan_address() if bind in ('0.0.0.0', '') else bind}:{host.port}"
        self.set_source(HostedSource(host, address), 0)
        self.notify(f"Hosting {name!r} on {address}: others join with  tabletop play --join {address}", "info", 10.0)
        return host

    def join(self, address: str, *, seat: int | str | None = "any", name: str = "", password: str = "",
             timeout: float = 10.0) -> Any:
        """Connect to a LAN game and sit at the seat the host gives; returns the ClientThread (raises NetError)."""
        from ..net.client import ClientThread

        thread = ClientThread(address, name=name, seat=seat, password=password).connect(timeout)
        self.set_source(RemoteSource(thread), thread.seat if thread.seat is not None else 0)
        self.notify(f"Joined {address} as seat {(thread.seat or 0) + 1}", "info", 4.0)
        return thread

    def _happened(self, happenings: list[Happening]) -> None:
        """Show what the network brought: answers to our actions, notices, undo votes, new players."""
        for h in happenings:
            if h.kind == "result" and h.result is not None:
                self._show_result(None, h.result, refresh=False)
            elif h.kind == "notice":
                self.notify(h.text, h.level, 6.0)
                self.local_log.append((self._anchor(), f"<font color='#9fc3ff'>{html.escape(h.text)}</font>"))
            elif h.kind == "vote":
                self._ask_vote(h.data)
            elif h.kind == "vote_done" and self.vote_dialog is not None \
                    and self.vote_dialog.request == h.data.get("request"):
                self.vote_dialog.kill()
                self.vote_dialog = None
        if happenings:
            self.refresh()
            self._update_widgets()

    def _ask_vote(self, data: dict[str, Any]) -> None:
        if self.vote_dialog is not None:
            self.vote_dialog.kill()
        names = self._names()
        who = names.get(data.get("seat"), f"Seat {(data.get('seat') or 0) + 1}")
        entry = data.get("entry") or {}
        what = entry_html(entry, names, self._zone_labels()) if entry else "their last action"
        self.vote_dialog = VoteDialog(self.manager, self.size, int(data.get("request", 0)), data.get("voter"),
                                      f"<b>{html.escape(who)}</b> asks to take back:<br>{what}<br><br>"
                                      "It revealed a card, so every other player must agree.")

    def answer_vote(self, agree: bool) -> None:
        """Agree to (or refuse) the undo the vote dialog shows."""
        d = self.vote_dialog
        if d is None or self.source is None:
            return
        self.vote_dialog = None
        d.kill()
        self.source.vote(d.request, d.voter if d.voter is not None else self.seat, agree)
        self.notify("You agreed to the undo" if agree else "You refused the undo", "info", 3.0)

    # ------------------------------------------------------------------ the loop

    def step(self, events: Iterable[pygame.event.Event] | None = None) -> bool:
        """One frame: events (pygame's queue by default), update, draw. Returns False once the app should close."""
        if self.fps:
            dt = min(self.clock.tick(self.fps) / 1000.0, 0.1)
        else:
            self.clock.tick()
            dt = HEADLESS_DT
        self.now += dt
        evs = list(pygame.event.get() if events is None else events)
        self._calm = all(self._calm_event(e) for e in evs)
        for event in evs:
            self.handle(event)
        self.update(dt)
        self.draw()
        pygame.display.flip()
        self.frame += 1
        return self.running

    def run_frames(self, n: int) -> None:
        for _ in range(n):
            if not self.step():
                break

    def run(self) -> int:
        while self.step():
            pass
        self.close()
        return 0

    def close(self) -> None:
        """Stop the loop: flush the autosave, and leave a LAN game (a host tells its players it is closing)."""
        self._flush_autosave()
        if self.source is not None and self.source.kind != "local":
            try:
                self.source.close()
            except Exception:  # the network side is already gone
                pass
        self.running = False

    def screenshot(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(path))
        return path

    # ------------------------------------------------------------------ events

    def handle(self, event: pygame.event.Event) -> None:
        et = event.type
        if et in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = (int(event.pos[0]), int(event.pos[1]))
            self.manager.pointer = self.mouse
        elif et == pygame.KEYDOWN:
            self.mods |= MOD_KEYS.get(event.key, 0)
            self.keys_down.add(event.key)
        elif et == pygame.KEYUP:
            self.mods &= ~MOD_KEYS.get(event.key, 0)
            self.keys_down.discard(event.key)
            if event.key == pygame.K_SPACE:
                self.big_preview = False
        if et == pygame.QUIT:
            self.close()
            return
        if et == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        if et == pygame.WINDOWFOCUSLOST:
            self.mods = 0
            self.keys_down.clear()
        if self.cover_seat is not None and et in _INPUT_EVENTS:
            # the cover hides the table and every widget under it: a key or a click only lifts it
            if et in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP) and self.source is not None:
                seat, self.cover_seat = self.cover_seat, None
                self.switch_seat(seat)
            return
        in_gesture = self.press is not None or self.drag is not None or self.box is not None or self.pan_from is not None
        if in_gesture and et in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            self._widgets_take(event)
            self.table_event(event)
            return
        if et == pygame.MOUSEBUTTONDOWN and self.menu is not None and not self.menu.rect.collidepoint(event.pos):
            self.menu.kill()
            self.menu = None
            if event.button != 1:
                return
        consumed = self._widgets_take(event)
        if et >= pygame.USEREVENT or self._is_ui_event(et):
            self.ui_event(event)
            return
        if consumed or self._typing() and et in (pygame.KEYDOWN, pygame.TEXTINPUT):
            return
        if self.source is None:
            return
        if et == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._hud_click(event.pos):
            return
        self.table_event(event)

    def _widgets_take(self, event: pygame.event.Event) -> bool:
        """Offer an event to the widgets; whether one took it. A widget tripping over its own state (a pygame-gui
        bug) costs that one event and the keyboard focus, never the table: the game is not in the widgets."""
        try:
            consumed = self.manager.process_events(event)
        except Exception as e:  # any widget failure: nothing of the game's state lives there
            self.manager.set_focus_set(None)
            self.notify(f"A widget could not take that {pygame.event.event_name(event.type)} ({type(e).__name__}: "
                        f"{e}); nothing on the table changed", "warn")
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            el = getattr(event, "ui_element", None)
            if isinstance(el, pygame_gui.elements.UITextEntryLine) and el.alive():
                # a field whose owner re-set its text on Enter (the file dialog) keeps a selection its text no
                # longer has, and the next Delete or Backspace trips over it (pygame-gui 0.6): clear it
                el.select_range = [0, 0]
        return bool(consumed)

    @staticmethod
    def _is_ui_event(et: int) -> bool:
        return et in _UI_EVENTS

    def _typing(self) -> bool:
        focus = self.manager.get_focus_set()
        return bool(focus) and any(isinstance(e, pygame_gui.elements.UITextEntryLine) for e in focus)

    def ui_event(self, event: pygame.event.Event) -> None:
        et = event.type
        el = getattr(event, "ui_element", None)
        if self.prompt is not None and self.prompt.handle(event):
            self.prompt = None
            return
        if et == pygame_gui.UI_BUTTON_PRESSED and self.vote_dialog is not None:
            answer = self.vote_dialog.answer(el)
            if answer is not None:
                self.answer_vote(answer)
                return
        if self.join_dialog is not None:
            picked = self.join_dialog.handle(event)
            if picked is not None:
                self._join_picked(picked)
                return
        peek = self.peek
        if peek is not None and peek.handle(event):
            if peek.closed and self.peek is peek:  # closing may have cleared it already (on_close)
                self.peek = None
            return
        if et == pygame_gui.UI_BUTTON_PRESSED:
            if self.menu is not None:
                cb = self.menu.pick(el)
                if cb is not None:
                    self.menu.kill()
                    self.menu = None
                    cb()
                    return
            if self.start is not None and self.start.which(el) is not None:
                self._start_button(self.start.which(el))
                return
            if self.newgame is not None and el is self.newgame.start:
                self._start_new_game()
                return
            if self.newgame is not None and el is self.newgame.deck_button:
                self._open_file_dialog("deck", "Choose a deck list")
                return
            if self.newgame is not None and self.newgame.cycle_player(el):
                return
            if self.topbar is not None:
                if el is self.topbar.pass_button:
                    self.do_pass()
                    return
                for key, b in self.topbar.buttons.items():
                    if b is el:
                        self._bar_button(key)
                        return
        elif et == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and self.topbar is not None and el is self.topbar.dial:
            mode = event.text
            if self.source is not None and mode != self.view.get("enforcement"):
                self.submit(A.SetEnforcement(mode))
                self.refresh()
                if self.view.get("enforcement") != mode:
                    self.topbar.mode = ""
                    self._update_widgets()
        elif et == pygame_gui.UI_TEXT_ENTRY_FINISHED and self.side is not None and el is self.side.chat:
            text = self.side.chat.get_text().strip()
            self.side.chat.set_text("")
            self.side.chat.unfocus()
            self.manager.set_focus_set(None)
            if text:
                self.submit(A.Chat(text))
        elif et == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and getattr(el, "tabletop_purpose", None):
            # the dialog closed itself on OK a frame ago (and was let go of then): its purpose rides on it
            if el is self.file_dialog:
                self.file_dialog = None
            self._file_picked(el.tabletop_purpose, str(event.text))
        elif et == pygame_gui.UI_WINDOW_CLOSE:
            if self.newgame is not None and el is self.newgame.window:
                self.newgame = None
                if self.source is None and self.start is None:
                    self.show_start()
            if self.join_dialog is not None and el is self.join_dialog.window:
                self.join_dialog = None
                if self.source is None and self.start is None:
                    self.show_start()
            if self.vote_dialog is not None and el is self.vote_dialog.window:
                self.answer_vote(False)
            if el is self.file_dialog:
                self.file_dialog = None
            if self.dialog is not None and el is self.dialog.window:
                self.dialog = None
        elif (et == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and self.side is not None
              and self.side.moves is not None and el is self.side.moves):
            picked = self.side.moves.get_single_selection(include_object_id=True)
            text, oid = picked if isinstance(picked, tuple) else ("", "")
            if isinstance(oid, str) and oid.startswith("move_") and oid[5:].isdigit():
                i = int(oid[5:])
                items = self.side.move_items
                # the list may have changed between the click and this event (a bot, the host): play only the
                # move that was clicked, never the one now standing in its place
                if i < len(items) and items[i][0] == text:
                    self.play_move(i)
                    return
            self.notify("The legal moves changed as you clicked: pick again", "info", 3.0)

    def _bar_button(self, key: str) -> None:
        {"new": self.new_game_dialog, "open": lambda: self._open_file_dialog("open", "Open a save"),
         "save": self.save, "undo": self.undo, "redo": self.redo, "seat": self.next_seat_cover,
         "info": self.info_dialog, "help": self.toggle_help}[key]()

    def _start_button(self, key: str | None) -> None:
        if key == "quick":
            from ..game import quick_table

            self.set_session(quick_table(), 0)
        elif key == "new":
            self.new_game_dialog()
        elif key == "open":
            self._open_file_dialog("open", "Open a save")
        elif key == "host":
            self.new_game_dialog(host=True)
        elif key == "join":
            self.join_window()
        elif key == "quit":
            self.close()

    # ------------------------------------------------------------------ table gestures

    def table_event(self, event: pygame.event.Event) -> None:
        et = event.type
        if et == pygame.MOUSEBUTTONDOWN:
            self._mouse_down(event)
        elif et == pygame.MOUSEMOTION:
            self._mouse_move(event)
        elif et == pygame.MOUSEBUTTONUP:
            self._mouse_up(event)
        elif et == pygame.MOUSEWHEEL:
            if self._over_table(self.mouse):
                self.camera.zoom_at(self.mouse[0], self.mouse[1], 1 if event.y > 0 else -1 if event.y < 0 else 0)
        elif et == pygame.KEYDOWN:
            self.key(event)

    def _over_table(self, pos: tuple[int, int]) -> bool:
        return pygame.Rect(self.camera.viewport).collidepoint(pos)

    def _mods(self) -> int:
        return self.mods | pygame.key.get_mods()

    def _mouse_down(self, event: pygame.event.Event) -> None:
        if not self._over_table(event.pos) or event.button in (4, 5):
            return
        self.update_hover()
        if event.button in (2, 3):
            self.pan_from = event.pos
            self.pan_button = event.button
            self.press = _Press(event.button, event.pos, self.hover_item, self.hover_hand, self.hover_zone, self._mods())
            return
        if event.button == 1:
            self.press = _Press(1, event.pos, self.hover_item, self.hover_hand, self.hover_zone, self._mods())
            self.tracker.reset(self.now, event.pos)

    def _mouse_move(self, event: pygame.event.Event) -> None:
        if self.pan_from is not None:
            dx, dy = event.pos[0] - self.pan_from[0], event.pos[1] - self.pan_from[1]
            if self.press is not None and abs(event.pos[0] - self.press.pos[0]) + abs(event.pos[1] - self.press.pos[1]) > DRAG_THRESHOLD:
                self.press = None
            if self.press is None:
                self.camera.pan(dx, dy)
                self.pan_from = event.pos
            return
        p = self.press
        if self.drag is not None:
            self.tracker.add(self.now, event.pos)
        if p is None or p.button != 1 or self.drag is not None or self.box is not None:
            return
        if abs(event.pos[0] - p.pos[0]) + abs(event.pos[1] - p.pos[1]) <= DRAG_THRESHOLD:
            return
        if p.item is None and p.hand is None:
            self.box = p.pos
            return
        self._start_drag(p)

    def _start_drag(self, p: _Press) -> None:
        self._stack_lift = None
        if p.hand is not None:
            hand_ids = {c.pid for c in self.hand.cards}
            sel = [s for s in self.selected if s in hand_ids]
            ids = sel if p.hand.pid in sel else [p.hand.pid]
            by_id = {c.pid: c for c in self.hand.cards}
            ids = [i for i in ids if i in by_id]
            if not ids or self.layout.hand is None:  # the card left the hand between the press and the move
                self.press = None
                return
            self.drag = _Drag(ids, [by_id[i] for i in ids], p.pos, self.layout.hand.name, True, skip=frozenset(ids))
            return
        item = self.layout.by_id.get(p.item.pid) if p.item is not None else None
        if item is None:  # the piece left the table between the press and the move
            self.press = None
            return
        zone = self.layout.zone_by_name.get(item.zone)
        if item.layout == "stack":
            whole = bool(p.mods & (KMOD_CTRL | KMOD_ALT))
            ids = [q["id"] for q in zone.pieces] if whole and zone is not None else [item.pid]
            face_down = zone is not None and zone.visibility == "hidden" and not item.face_up
            self.drag = _Drag(ids, [item], p.pos, item.zone, False, whole, face_down,
                              skip=frozenset([item.pid]) if whole else frozenset())
            self._stack_lift = None if whole else item.pid
            return
        if item.pid in self.selected:
            ids = [s for s in self.selected if s in self.layout.by_id]
        else:
            ids = [item.pid]
            if not p.mods & KMOD_SHIFT:
                self.selected = []
        ids.sort(key=lambda i: 0 if i == item.pid else 1)
        # pieces attached under a dragged card follow it (the reducer moves them with their host)
        self.drag = _Drag(ids, [self.layout.by_id[i] for i in ids], p.pos, item.zone, False,
                          skip=frozenset(ids) | self._attached_to(ids))

    def _attached_to(self, ids: Sequence[str]) -> frozenset[str]:
        hosts = set(ids)
        return frozenset(i.pid for i in self.layout.items if i.piece.get("attached_to") in hosts)

    def _mouse_up(self, event: pygame.event.Event) -> None:
        p = self.press
        if self.pan_from is not None and event.button == self.pan_button:
            self.pan_from = None
            if p is not None and p.button == 3:
                self.press = None
                self.open_menu(event.pos, p)
            self.press = None
            return
        if event.button != 1:
            return
        self.press = None
        if self.drag is not None:
            drag, self.drag = self.drag, None
            self.drop(drag, event.pos)
            return
        if self.box is not None:
            start, self.box = self.box, None
            a = self.camera.to_world(*start)
            b = self.camera.to_world(*event.pos)
            found = [i.pid for i in self.layout.in_rect(a[0], a[1], b[0], b[1])]
            if p is not None and p.mods & KMOD_SHIFT:
                self.selected += [f for f in found if f not in self.selected]
            else:
                self.selected = found
            return
        if p is not None:
            self.click(p)

    def click(self, p: _Press) -> None:
        now = time.monotonic()
        target = p.hand.pid if p.hand is not None else p.item.pid if p.item is not None else None
        double = target is not None and self.last_click[1] == target and now - self.last_click[0] < DOUBLE_CLICK_S
        self.last_click = (0.0, None) if double else (now, target)
        shift = bool(p.mods & KMOD_SHIFT)
        if p.item is not None and p.item.layout == "stack" and not shift:
            zone = self.layout.zone_by_name.get(p.item.zone)
            if zone is not None and zone.kind == "deck" and zone.owner in (None, self.seat):
                self.submit(A.Draw(1, source=zone.name))
                return
        if target is None:
            if not shift:
                self.selected = []
            return
        if double and p.item is not None:
            self.double_click(p.item)
            return
        if shift:
            if target in self.selected:
                self.selected.remove(target)
            else:
                self.selected.append(target)
        else:
            self.selected = [target]

    def double_click(self, item: Item) -> None:
        if item.kind == "die":
            self.submit(A.Roll((item.pid,)))
        elif item.kind == "counter":
            self.submit(A.AddCounter("value", 1, piece=item.pid))
        elif item.kind == "card":
            self.submit(A.Flip((item.pid,)))

    def drop(self, drag: _Drag, pos: tuple[int, int]) -> None:
        """Turn a finished drag into one Move: onto the hand strip, a zone (snapping to its layout) or the table."""
        if self.layout.hand is not None and self.hand.rect.collidepoint(pos):
            index = self.hand.insert_index(pos[0])
            self.submit(A.Move(tuple(drag.ids), self.layout.hand.name, index=index))
            return
        if not self._over_table(pos):
            return
        wx, wy = self.camera.to_world(*pos)
        zone = self.layout.zone_at(wx, wy)
        if zone is None:
            return
        first = drag.sources[0]
        if zone.layout == "free":
            if isinstance(first, Item) and first.layout == "free":
                sx, sy = self.camera.to_screen(first.x, first.y)
                cx, cy = self.camera.to_world(sx + pos[0] - drag.start[0], sy + pos[1] - drag.start[1])
            else:
                cx, cy = wx, wy
            tw, th = self.camera.table_w, self.camera.table_h
            cx, cy = min(max(cx, 0.0), tw), min(max(cy, 0.0), th)
            if self._fling(drag, zone, pos, cx, cy):
                return
            face = False if drag.face_down else None
            self.submit(A.Move(tuple(drag.ids), zone.name, x=round(cx, 1), y=round(cy, 1), face_up=face))
            return
        if zone.name == drag.from_zone and zone.layout == "stack":
            return
        index = None
        if zone.layout in ("fan", "row", "grid"):
            index = sum(1 for i in self.layout.items if i.zone == zone.name and i.x < wx and i.pid not in drag.ids)
        self.submit(A.Move(tuple(drag.ids), zone.name, index=index))

    def _fling(self, drag: _Drag, zone: ZoneBox, pos: tuple[int, int], cx: float, cy: float) -> bool:
        """Loose pieces let go on the open table while the pointer moves slide on (physics); False: a plain drop."""
        motion = self.motion
        if motion is None or not motion.enabled or zone.name != "table" or drag.from_zone != "table":
            return False
        if not all(isinstance(src, Item) and src.layout == "free" for src in drag.sources):
            return False
        vx, vy = self.tracker.velocity(self.now, pos)
        if math.hypot(vx, vy) < FLING_MIN_PX:
            return False
        # screen pixels per second -> table units per second (a seat across the table sees it turned round)
        z = self.camera.zoom
        wvx, wvy = (-vx / z, -vy / z) if self.camera.flipped else (vx / z, vy / z)
        first = drag.sources[0]
        assert isinstance(first, Item)
        for src in drag.sources:
            assert isinstance(src, Item)
            x, y = cx + src.x - first.x, cy + src.y - first.y
            followers = [(i.pid, i.x + x - src.x, i.y + y - src.y) for i in self.layout.items
                         if i.piece.get("attached_to") == src.pid]
            motion.fling(src.pid, self.seat, x, y, wvx, wvy, followers)
        self.refresh()
        return True

    def throw_dice(self) -> None:
        """Shift+X: throw the dice under the cursor (or selected) across the table; they land on rolled faces."""
        dice = self.targets(("die",))
        if not dice:
            return
        if self.motion is None or not self.motion.enabled:
            self.submit(A.Roll(dice))
            return
        for pid in dice:
            item = self.layout.by_id.get(pid)
            if item is None or item.layout != "free":
                continue
            # the direction is cosmetic (the face comes from the RNG), so it need not be reproducible
            angle = random.uniform(0, 2 * math.pi)
            speed = random.uniform(500, 900)
            self.motion.throw(pid, self.seat, item.x, item.y, speed * math.cos(angle), speed * math.sin(angle))
        self.refresh()

    # ------------------------------------------------------------------ keys

    def key(self, event: pygame.event.Event) -> None:
        k = event.key
        mods = getattr(event, "mod", 0) | self._mods()
        ctrl, shift = bool(mods & KMOD_CTRL), bool(mods & KMOD_SHIFT)
        if k == pygame.K_F1:
            self.toggle_help()
            return
        if k == pygame.K_F2:
            self.toggle_hud()
            return
        if k == pygame.K_ESCAPE:
            if self.help is not None:
                self.toggle_help()
            elif self.menu is not None:
                self.menu.kill()
                self.menu = None
            else:
                self.selected = []
            return
        if ctrl:
            if k == pygame.K_z:
                self.redo() if shift else self.undo()
            elif k == pygame.K_y:
                self.redo()
            elif k == pygame.K_s:
                self.save(ask=shift)
            elif k == pygame.K_o:
                self._open_file_dialog("open", "Open a save")
            elif k == pygame.K_n:
                self.new_game_dialog()
            return
        if k in MOD_KEYS:
            return
        self.update_hover()
        handler = self._keymap().get(k)
        if handler is not None:
            handler(shift)

    def _keymap(self) -> dict[int, Callable[[bool], Any]]:
        return {
            pygame.K_f: lambda s: self.act_pieces(lambda ids: A.Flip(ids), kinds=("card",)),
            pygame.K_t: lambda s: self.act_pieces(lambda ids: A.Tap(ids), kinds=("card",)),
            pygame.K_r: lambda s: self.act_pieces(lambda ids: A.Rotate(ids, -90 if s else 90)),
            pygame.K_d: lambda s: self.deal() if s else self.draw_card(),
            pygame.K_s: lambda s: self.shuffle(),
            pygame.K_l: lambda s: self.look_prompt(),
            pygame.K_b: lambda s: self.search(),
            pygame.K_v: lambda s: self.reveal(self.targets(("card",))),
            pygame.K_a: lambda s: self.detach() if s else self.attach(),
            pygame.K_h: lambda s: self.to_hand(),
            pygame.K_n: lambda s: self.create("die" if s else "token"),
            pygame.K_c: lambda s: self.create("counter"),
            pygame.K_x: lambda s: self.throw_dice() if s else self.roll(),
            pygame.K_g: lambda s: self.set_physics(not self.physics_on),
            pygame.K_EQUALS: lambda s: self.bump(1),
            pygame.K_PLUS: lambda s: self.bump(1),
            pygame.K_KP_PLUS: lambda s: self.bump(1),
            pygame.K_MINUS: lambda s: self.bump(-1),
            pygame.K_KP_MINUS: lambda s: self.bump(-1),
            pygame.K_RIGHTBRACKET: lambda s: self.submit(A.AddCounter("score", 1, seat=self.seat)),
            pygame.K_LEFTBRACKET: lambda s: self.submit(A.AddCounter("score", -1, seat=self.seat)),
            pygame.K_DELETE: lambda s: self.act_pieces(lambda ids: A.DeletePiece(ids), kinds=("token", "die", "counter")),
            pygame.K_BACKSPACE: lambda s: self.act_pieces(lambda ids: A.DeletePiece(ids), kinds=("token", "die", "counter")),
            pygame.K_SPACE: lambda s: setattr(self, "big_preview", True),
            pygame.K_HOME: lambda s: self.fit(),
            pygame.K_TAB: lambda s: self.next_seat_cover(),
            pygame.K_e: lambda s: self.cycle_enforcement(),
            pygame.K_p: lambda s: self.do_pass(),
            pygame.K_i: lambda s: self.info_dialog(),
            pygame.K_RETURN: lambda s: self.focus_chat(),
            pygame.K_KP_ENTER: lambda s: self.focus_chat(),
        }

    # ------------------------------------------------------------------ commands (each submits Actions)

    def targets(self, kinds: Sequence[str] | None = None) -> tuple[str, ...]:
        """The selection, else the piece under the cursor, filtered by kind."""
        ids = list(self.selected)
        if not ids:
            h = self.hover_hand.pid if self.hover_hand is not None else self.hover_item.pid if self.hover_item else None
            ids = [h] if h else []
        if kinds is not None:
            ids = [i for i in ids if self._kind(i) in kinds]
        return tuple(ids)

    def _kind(self, pid: str) -> str:
        item = self.layout.by_id.get(pid)
        if item is not None:
            return item.kind
        return next((p.get("kind", "card") for p in self._hand_pieces() if p["id"] == pid), "card")

    def act_pieces(self, make: Callable[[tuple[str, ...]], A.Action], kinds: Sequence[str] | None = None) -> None:
        ids = self.targets(kinds)
        if ids:
            self.submit(make(ids))

    def _piece_view(self, pid: str) -> dict[str, Any] | None:
        item = self.layout.by_id.get(pid)
        if item is not None:
            return item.piece
        return next((p for p in self._hand_pieces() if p["id"] == pid), None)

    def reveal(self, ids: Sequence[str]) -> None:
        """Show cards to everyone: only cards this seat sees itself can be (a face-down card: flip or look first)."""
        if not ids:
            return
        seen = tuple(i for i in ids if (self._piece_view(i) or {}).get("card"))
        if not seen:
            self.notify("Can't reveal a card you cannot see yourself: flip it, or look at it first", "error")
            return
        self.submit(A.Reveal(seen))

    def target_zone(self) -> str | None:
        """The deck or pile under the cursor, else this seat's deck, else the shared deck."""
        z = self.hover_zone
        if z is not None and z.layout == "stack":
            return z.name
        if self.hover_item is not None and self.hover_item.layout == "stack":
            return self.hover_item.zone
        for name in (f"deck:{self.seat}", "deck"):
            zb = self.layout.zone_by_name.get(name)
            if zb is not None and (zb.count or name == "deck"):
                return name
        return None

    def draw_card(self) -> None:
        zone = self.target_zone()
        self.submit(A.Draw(1, source=zone))

    def deal(self) -> None:
        self.submit(A.Deal(1, source=self.target_zone()))

    def shuffle(self) -> None:
        zone = self.target_zone()
        if zone is not None:
            self.submit(A.Shuffle(zone))

    def look_prompt(self, zone: str | None = None) -> None:
        zone = zone or self.target_zone()
        if zone is None:
            return

        def answer(text: str) -> None:
            try:
                n = max(1, int(text.strip()))
            except ValueError:
                self.notify("Type a number of cards", "error")
                return
            self.look(zone, n)

        self.prompt = Prompt(self.manager, self.size, "Look at the top N cards", "3", answer)

    def look(self, zone: str, count: int) -> None:
        self._close_peek()  # before looking: closing a search shuffles its deck
        if self.submit(A.LookTop(zone, count)).accepted:
            self._open_peek(zone, f"Top {count} of {self._zone_labels().get(zone, zone)}", search=False)

    def search(self, zone: str | None = None) -> None:
        zone = zone or self.target_zone()
        if zone is None:
            return
        self._close_peek()  # a search already open ends (and shuffles) before this one starts
        if self.submit(A.Search(zone)).accepted:
            self._open_peek(zone, f"Searching {self._zone_labels().get(zone, zone)}", search=True)

    def _peek_entries(self, zone: str) -> list[tuple[str, str]]:
        zb = self.layout.zone_by_name.get(zone)
        out = []
        for i, p in enumerate(zb.pieces if zb is not None else []):
            ref = p.get("card")
            if ref:
                card = self._card(ref)
                out.append((f"{i + 1}. {card.name if card else ref}", p["id"]))
        return out

    def _close_peek(self) -> None:
        if self.peek is not None:
            self.peek.close()
        self.peek = None

    def _open_peek(self, zone: str, title: str, search: bool) -> None:
        self._close_peek()
        hand = self.layout.hand.name if self.layout.hand is not None else None

        def to_hand(pid: str | None) -> None:
            if pid and hand:
                self.submit(A.Move((pid,), hand))

        def to_table(pid: str | None) -> None:
            if pid:
                cx, cy = self.camera.to_world(self.camera.viewport[0] + self.camera.viewport[2] // 2,
                                              self.camera.viewport[1] + self.camera.viewport[3] // 2)
                self.submit(A.Move((pid,), "table", x=round(cx), y=round(cy)))

        def done(_: str | None = None) -> None:
            if self.peek is not None:
                self.peek.close()

        def on_close() -> None:
            self.peek = None
            if search:
                self.submit(A.EndSearch(zone))

        buttons = [("To hand", to_hand), ("To table", to_table), ("Done" + (" (shuffle)" if search else ""), done)]
        self.peek = PeekWindow(self.manager, self.size, title, zone, self._peek_entries(zone), buttons, on_close)

    def attach(self) -> None:
        host = self.hover_item
        if host is None:
            return
        for pid in [s for s in self.selected if s != host.pid]:
            self.submit(A.Attach(pid, host.pid))

    def detach(self) -> None:
        for pid in self.targets():
            item = self.layout.by_id.get(pid)
            if item is not None and item.piece.get("attached_to"):
                self.submit(A.Detach(pid))

    def to_hand(self) -> None:
        if self.layout.hand is not None:
            self.act_pieces(lambda ids: A.Move(ids, self.layout.hand.name), kinds=("card",))

    def create(self, kind: str) -> None:
        wx, wy = self.camera.to_world(*self.mouse) if self._over_table(self.mouse) else (
            self.camera.table_w / 2, self.camera.table_h / 2)
        if kind == "token":
            action = A.CreatePiece("token", "table", round(wx), round(wy), color=next(self.token_colors))
        elif kind == "die":
            action = A.CreatePiece("die", "table", round(wx), round(wy), sides=6)
        else:
            action = A.CreatePiece("counter", "table", round(wx), round(wy), label="Counter")
        self.submit(action)

    def roll(self) -> None:
        dice = self.targets(("die",))
        if not dice:
            dice = tuple(i.pid for i in self.layout.items if i.kind == "die")
        if dice:
            self.submit(A.Roll(dice))

    def bump(self, delta: int) -> None:
        for pid in self.targets():
            kind = self._kind(pid)
            self.submit(A.AddCounter("value" if kind in ("counter", "token") else "counter", delta, piece=pid))

    def cycle_enforcement(self) -> None:
        if self.source is None:
            return
        cur = self.view.get("enforcement", "off")
        nxt = ENFORCEMENT[(ENFORCEMENT.index(cur) + 1) % len(ENFORCEMENT)] if cur in ENFORCEMENT else "off"
        if self.submit(A.SetEnforcement(nxt)).accepted:
            self.notify(f"Rules: {nxt}", "info", 2.0)

    def do_pass(self) -> None:
        if self.legal.passes:
            self.submit(self.legal.passes[0])
        else:
            self.notify("Nothing to pass right now", "info", 2.0)

    def focus_chat(self) -> None:
        if self.side is not None:
            self.side.chat.focus()
            self.manager.set_focus_set(self.side.chat)

    def toggle_hud(self) -> None:
        """F2: fold the ruleset's board above the table to one line, or open it again."""
        if self.hud is None:
            return
        self.hud_open = not self.hud_open
        self.camera.viewport = self._viewport()
        vx, vy, vw, _ = self._viewport()
        self.notices.place(vx, vy + 8, vw)
        self.fit()

    def _hud_rect(self) -> pygame.Rect:
        return pygame.Rect(0, BAR_H, max(100, self.size[0] - SIDE_W), self._hud_height())

    def _hud_click(self, pos: tuple[int, int]) -> bool:
        """A left click on the board: its header folds it, its buttons submit their action. False: not on it."""
        if self.hud is None or not self._hud_rect().collidepoint(pos):
            return False
        target = self.hud.hit(pos)
        if target == "toggle":
            self.toggle_hud()
        elif isinstance(target, dict):
            try:
                action = A.action_from_dict(target)
            except Exception as e:  # a board offering a malformed action is a bug; say so, keep playing
                self.notify(f"Cannot do that: {e}", "error")
                return True
            self.submit(action)
        return True

    def _draw_hud(self, surface: pygame.Surface) -> None:
        if self.hud is None:
            return
        ctx = HudContext(self.view.get("rules") or {}, self.seat, self._names(), self._card_name, self._view_cards)
        self.hud.draw(surface, self._hud_rect(), ctx, self.view_key, self.hud_open, self.mouse)

    def toggle_help(self) -> None:
        if self.help is not None:
            self.help.kill()
            self.help = None
        else:
            self.help = HelpOverlay(self.manager, self.size)

    def next_seat_cover(self) -> None:
        if self.session is None or self.source is None or not self.source.hotseat:
            if self.source is not None:
                self.notify("At a LAN table each player has a window of their own", "info", 2.5)
            return
        if len(self.session.state.seats) < 2:
            return
        seats = self.session.state.seats
        people = [s for s in seats if s not in self.bot_names or s == self.seat]  # bots need no turn at the table
        seats = people if len(people) > 1 else seats
        self.cover_seat = seats[(seats.index(self.seat) + 1) % len(seats)] if self.seat in seats else seats[0]
        self.selected = []
        # what the last seat had in hand ends here: a gesture, a menu, a question, a look into a deck
        self.press = self.drag = self.box = self.pan_from = None
        self._stack_lift = None
        self.big_preview = False
        if self.menu is not None:
            self.menu.kill()
            self.menu = None
        if self.prompt is not None:
            self.prompt.window.kill()
            self.prompt = None
        if self.peek is not None:
            self.peek.close()

    def switch_seat(self, seat: int) -> None:
        self.seat = seat
        self.view_key = None
        self.refresh(force=True)

    def info_dialog(self) -> None:
        if self.source is None:
            return
        from ..rules import RULESETS

        v = self.view
        cls = RULESETS.get(v.get("ruleset", ""))
        lines = [f"<b>Ruleset</b>: {html.escape(getattr(cls, 'title', v.get('ruleset', '')))}"]
        if cls is not None and cls.description:
            lines.append(f"<font color='#c9d3cf'>{html.escape(cls.description)}</font>")
        lines.append(f"<b>Rules dial</b>: {v.get('enforcement')}")
        lines.append("<b>Seats</b>: " + ", ".join(html.escape(p.get("name", "")) for p in v.get("players", [])))
        lines.append("<br><b>House rules in force</b>")
        specs = {o.name: o for o in getattr(cls, "option_specs", ())}
        opts = v.get("options", {})
        if not opts:
            lines.append("none")
        for name, value in opts.items():
            spec = specs.get(name)
            changed = spec is not None and spec.default != value
            mark = "<font color='#ffd450'>changed</font> " if changed else ""
            desc = f" — <font color='#c9d3cf'>{html.escape(spec.description)}</font>" if spec else ""
            lines.append(f"{mark}<b>{html.escape(name)}</b> = {html.escape(str(value))}{desc}")
        if self.dialog is not None:
            self.dialog.kill()
        self.dialog = Dialog(self.manager, self.size, "Game info", "<br>".join(lines))

    # ------------------------------------------------------------------ files and new games

    def _open_file_dialog(self, purpose: str, title: str) -> None:
        from pygame_gui.windows import UIFileDialog

        if self.file_dialog is not None:
            self.file_dialog.kill()
        start = str(self.save_path or (Path.cwd() / "saves" if (Path.cwd() / "saves").is_dir() else Path.cwd()))
        if purpose == "save" and self.save_path is None:
            start = str(Path(start) / "game.yaml")
        w, h = min(560, self.size[0] - 40), min(460, self.size[1] - 40)
        self.file_dialog = UIFileDialog(pygame.Rect((self.size[0] - w) // 2, (self.size[1] - h) // 2, w, h),
                                        self.manager, window_title=title, initial_file_path=start,
                                        allow_existing_files_only=purpose != "save", always_on_top=True)
        self.file_dialog.tabletop_purpose = purpose
        # the dialog focuses its path field by itself, behind the manager's back: tell the manager, so a click
        # elsewhere unfocuses the field (and clears its selection) instead of leaving it half-focused
        entry = getattr(self.file_dialog, "file_path_text_line", None)
        if entry is not None and entry.is_focused:
            self.manager.set_focus_set(entry)

    def _file_picked(self, purpose: str, path: str) -> None:
        if purpose == "open":
            self.open(path)
        elif purpose == "save":
            self.save_path = Path(path)
            self.save()
        elif purpose == "deck" and self.newgame is not None:
            self.newgame.set_deck(path)

    def open(self, path: str | Path) -> bool:
        from ..game import open_session

        try:
            session = open_session(path)
        except Exception as e:  # SaveError and friends: say what is wrong, keep the current game
            text = str(e) if str(e).startswith(str(path)) else f"{path}: {e}"  # a SaveError names its file
            self.notify(_brief(f"Could not open {text}"), "error", 8.0)
            return False
        self.save_path = Path(path)
        self.set_session(session, self.seat)
        self.notify(f"Opened {Path(path).name}", "info", 3.0)
        return True

    def save(self, ask: bool = False) -> bool:
        if self.source is None:
            return False
        if self.source.kind == "remote":
            self.notify("The host keeps this game's save", "info", 3.0)
            return False
        if ask or self.save_path is None:
            self._open_file_dialog("save", "Save the game as")
            return False
        self.land_flights()
        try:
            self.source.save(self.save_path)
        except Exception as e:
            self.notify(f"Could not save: {e}", "error", 8.0)
            return False
        self.notify(f"Saved to {self.save_path}", "info", 3.0)
        return True

    def new_game_dialog(self, host: bool = False) -> None:
        """The New game window; `host`: the game it starts is served on the LAN (the start screen's Host)."""
        from ..rules import RULESETS

        if self.newgame is not None:
            self.newgame.kill()
        self.newgame = NewGameDialog(self.manager, self.size, sorted(RULESETS), host=host)

    def join_window(self) -> None:
        """The Join window: games found on the LAN (click one) and an address field."""
        if self.join_dialog is not None:
            self.join_dialog.kill()
        self.join_dialog = JoinDialog(self.manager, self.size)
        self.browse_lan()

    def browse_lan(self) -> None:
        """Look for LAN games in the background (mDNS takes a couple of seconds); the Join window lists them."""
        from ..net.discovery import browse

        dialog = self.join_dialog
        if dialog is None or self.background is not None:
            return
        dialog.set_searching()

        def found(result: Any, error: BaseException | None) -> None:
            if self.join_dialog is dialog:
                dialog.set_found(result or [], str(error) if error else "")

        self.background = Background(lambda: browse(2.0), found)

    def _join_picked(self, picked: dict[str, Any]) -> None:
        if picked.get("refresh"):
            self.browse_lan()
            return
        address = str(picked.get("address", "")).strip()
        if not address:
            self.notify("Type an address (HOST:PORT) or pick a game", "error")
            return
        if self.background is not None:
            self.notify("Still busy: try again in a moment", "info", 2.0)
            return
        from ..net.client import ClientThread

        seat = picked.get("seat", "any")
        thread = ClientThread(address, name=picked.get("name", ""), seat=seat, password=picked.get("password", ""))

        def connected(result: Any, error: BaseException | None) -> None:
            if error is not None:
                self.notify(f"Could not join {address}: {error}", "error", 8.0)
                return
            if self.join_dialog is not None:
                self.join_dialog.kill()
                self.join_dialog = None
            self.set_source(RemoteSource(thread), thread.seat or 0)
            self.notify(f"Joined {address} as seat {(thread.seat or 0) + 1}", "info", 4.0)

        self.notify(f"Joining {address}…", "info", 3.0)
        self.background = Background(lambda: thread.connect(8.0), connected)

    def _start_new_game(self) -> None:
        from ..game import new_session

        assert self.newgame is not None
        v = self.newgame.values()
        try:
            house = parse_house_rules(v["house_rules"])
            try:
                seed = int(v["seed"]) if v["seed"] else None
            except ValueError:
                raise ValueError(f"the seed is a whole number (or empty: random), not {v['seed']!r}") from None
            session = new_session(v["ruleset"], v["seats"], decks=v["decks"], enforcement=v["enforcement"],
                                  seed=seed, house_rules=house)
        except Exception as e:
            self.notify(_brief(f"Could not start the game: {e}"), "error", 8.0)
            return
        hosting = self.newgame.hosting
        self.newgame.kill()
        self.newgame = None
        self.save_path = None
        if hosting:
            import socket

            from ..net.host import DEFAULT_PORT

            self.bot_names = {}
            name = f"{v['ruleset']} on {socket.gethostname()}"
            error: Exception | None = None
            for port in (DEFAULT_PORT, 0):  # the usual port, else any free one
                try:
                    self.host(session, port=port, name=name, autosave=self.autosave_path)
                    return
                except Exception as e:
                    error = e
            self.notify(f"Could not host the game: {error}", "error", 8.0)
            return
        self.bot_names = {seat: name for seat, name in v["bots"].items() if seat < v["seats"]}
        humans = [seat for seat in range(v["seats"]) if seat not in self.bot_names]
        self.set_session(session, humans[0] if humans else 0)

    # ------------------------------------------------------------------ menus

    def open_menu(self, pos: tuple[int, int], p: _Press) -> None:
        """The right-click menu for what was under the cursor: a piece, a deck, or the open table."""
        if self.menu is not None:
            self.menu.kill()
        items: list[tuple[str, Callable[[], Any]]] = []
        title = "Table"
        wx, wy = self.camera.to_world(*pos)
        target = p.hand.pid if p.hand is not None else p.item.pid if p.item is not None else None
        if target is not None and target not in self.selected:
            self.selected = [target]
        ids = tuple(self.selected)
        item = p.item
        if item is not None and item.layout == "stack":
            zone = item.zone
            title = self._zone_labels().get(zone, zone)
            items += [("Draw a card", lambda: self.submit(A.Draw(1, source=zone))),
                      ("Draw N…", lambda: self._ask_int("Draw how many?", "2", lambda n: self.submit(A.Draw(n, source=zone)))),
                      ("Deal one to each seat", lambda: self.submit(A.Deal(1, source=zone))),
                      ("Shuffle", lambda: self.submit(A.Shuffle(zone))),
                      ("Look at top N…", lambda: self.look_prompt(zone)),
                      ("Search", lambda: self.search(zone)),
                      ("Flip top card", lambda: self.submit(A.Flip((item.pid,)))),
                      ("Reveal top card", lambda: self.reveal((item.pid,)))]
            self.selected = []
        elif target is not None:
            kind = self._kind(target)
            title = self._piece_title(target)
            if kind == "card":
                items += [("Flip  (F)", lambda: self.submit(A.Flip(ids))),
                          ("Tap / untap  (T)", lambda: self.submit(A.Tap(ids))),
                          ("Rotate 90°  (R)", lambda: self.submit(A.Rotate(ids, 90))),
                          ("Reveal to everyone  (V)", lambda: self.reveal(ids)),
                          ("Counter +1  (+)", lambda: self.submit(A.AddCounter("counter", 1, piece=target))),
                          ("Counter -1  (-)", lambda: self.submit(A.AddCounter("counter", -1, piece=target)))]
                if self.layout.hand is not None:
                    hand = self.layout.hand.name
                    items.append(("To my hand  (H)", lambda: self.submit(A.Move(ids, hand))))
                for zname, label in (("discard", "To discard"), ("deck", "To top of deck")):
                    z = f"{zname}:{self.seat}" if f"{zname}:{self.seat}" in self.layout.zone_by_name else zname
                    if z in self.layout.zone_by_name:
                        items.append((label, lambda z=z: self.submit(A.Move(ids, z))))
                if item is not None and item.piece.get("attached_to"):
                    items.append(("Detach", lambda: self.submit(A.Detach(target))))
                others = [s for s in self.selected if s != target]
                if others:
                    items.append(("Attach selected under this", lambda: [self.submit(A.Attach(o, target)) for o in others]))
            elif kind == "die":
                items += [("Roll  (X)", lambda: self.submit(A.Roll(ids))), ("Throw  (Shift+X)", self.throw_dice),
                          ("Remove", lambda: self.submit(A.DeletePiece(ids)))]
            else:
                items += [("+1", lambda: self.submit(A.AddCounter("value", 1, piece=target))),
                          ("-1", lambda: self.submit(A.AddCounter("value", -1, piece=target))),
                          ("Remove", lambda: self.submit(A.DeletePiece(ids)))]
        else:
            title = "Table"
            x, y = round(wx), round(wy)
            items += [("New token", lambda: self.submit(A.CreatePiece("token", "table", x, y, color=next(self.token_colors)))),
                      ("New die (d6)", lambda: self.submit(A.CreatePiece("die", "table", x, y, sides=6))),
                      ("New die (d20)", lambda: self.submit(A.CreatePiece("die", "table", x, y, sides=20))),
                      ("New counter", lambda: self.submit(A.CreatePiece("counter", "table", x, y, label="Counter"))),
                      ("Roll all dice", self.roll),
                      (f"Physics {'off' if self.physics_on else 'on'}  (G)", lambda: self.set_physics(not self.physics_on)),
                      ("My score +1", lambda: self.submit(A.AddCounter("score", 1, seat=self.seat))),
                      ("My score -1", lambda: self.submit(A.AddCounter("score", -1, seat=self.seat))),
                      ("My pool +1", lambda: self.submit(A.AddCounter("pool", 1, seat=self.seat))),
                      ("My pool -1", lambda: self.submit(A.AddCounter("pool", -1, seat=self.seat))),
                      ("Fit table  (Home)", self.fit)]
        self.menu = ContextMenu(self.manager, pos, title, items, self.size)

    def _ask_int(self, title: str, initial: str, then: Callable[[int], Any]) -> None:
        def answer(text: str) -> None:
            try:
                then(max(1, int(text.strip())))
            except ValueError:
                self.notify("Type a whole number", "error")

        self.prompt = Prompt(self.manager, self.size, title, initial, answer)

    def _piece_title(self, pid: str) -> str:
        piece = self.layout.by_id[pid].piece if pid in self.layout.by_id else next(
            (p for p in self._hand_pieces() if p["id"] == pid), {})
        ref = piece.get("card")
        if ref:
            card = self._card(ref)
            return card.name if card is not None else ref
        kind = piece.get("kind", "card")
        return {"card": "Face-down card", "die": f"Die (d{piece.get('sides', 6)})"}.get(kind, piece.get("label") or kind.capitalize())

    # ------------------------------------------------------------------ per frame

    def update(self, dt: float) -> None:
        self.manager.pointer = self.mouse
        if self.motion is not None and self.motion.busy():
            self.motion.update(dt)
        if self.source is not None and self.source.kind == "host" and self.motion is not None:
            # joined seats see the flight: positions while pieces fly, then one empty frame ("all at rest")
            if self.motion.busy():
                self._streaming = True
                self.source.stream_motion({p: m[:3] for p, m in self.motion.moving().items()})
            elif self._streaming:
                self._streaming = False
                self.source.stream_motion({})
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
        self.refresh()
        if self.source is not None and self.cover_seat is None:
            dx = (pygame.K_LEFT in self.keys_down) - (pygame.K_RIGHT in self.keys_down)
            dy = (pygame.K_UP in self.keys_down) - (pygame.K_DOWN in self.keys_down)
            if (dx or dy) and not self._typing():
                self.camera.pan(dx * PAN_SPEED * dt, dy * PAN_SPEED * dt)
            self.update_hover()
            self._update_preview_and_tooltip()
        self.notices.update()
        if self.side is not None and self.now - self._log_flushed >= LOG_FLUSH_S and self.side.flush_log():
            self._log_flushed = self.now
        if self.prompt is not None and not self.prompt.alive():
            self.prompt = None
        if self.file_dialog is not None and not self.file_dialog.alive():
            self.file_dialog = None
        self._ui_quiet = self._quiet_ui()
        if self._ui_quiet:
            self._ui_dt += dt
        else:
            self.manager.update(self._ui_dt + dt)
            self._ui_dt = 0.0

    # The widgets live outside the table's viewport (top bar, side panel) unless a window, menu, notice or tooltip
    # is open over it. When no input reached them and nothing they show changed, their pixels from the last frame
    # are still on the screen (the table is drawn inside its viewport only), so pygame-gui's update and redraw
    # are skipped; a full frame still runs every UI_IDLE_S for anything that moves with time alone.

    def _calm_event(self, event: pygame.event.Event) -> bool:
        """An event that cannot concern a widget: the pointer moving or the wheel turning over the bare table."""
        if event.type == pygame.MOUSEMOTION:
            vp = pygame.Rect(self.camera.viewport)
            return vp.collidepoint(self.mouse) and vp.collidepoint(event.pos)
        if event.type == pygame.MOUSEWHEEL:
            return pygame.Rect(self.camera.viewport).collidepoint(self.mouse)
        return False

    def _quiet_ui(self) -> bool:
        side = self.side
        state = (self.view_key, self.size, side.preview_key if side is not None else None, self.tooltip_for,
                 self.big_preview, self.cover_seat, len(self.notices.items))
        changed = state != self._ui_state
        self._ui_state = state
        if (changed or not self._calm or self.source is None or self.big_preview or self.cover_seat is not None
                or self.now - self._ui_full >= UI_IDLE_S or self._typing() or self._widget_over_table()):
            self._ui_settle = 2  # the next frames are drawn in full too, so lazy widget redraws reach the screen
            self._ui_full = self.now
            return False
        if self._ui_settle > 0:
            self._ui_settle -= 1
            self._ui_full = self.now
            return False
        return True

    def _widget_over_table(self) -> bool:
        vp = pygame.Rect(self.camera.viewport)
        root = self.manager.get_root_container()
        return any(spr is not root and spr.visible and spr.rect.colliderect(vp)
                   for spr in self.manager.get_sprite_group().sprites())

    def update_hover(self) -> None:
        pos = self.mouse
        self.hover_item = self.hover_hand = self.hover_zone = None
        if self.source is None or not self._over_table(pos) or self.drag is not None:
            return
        if self.layout.hand is not None and self.hand.rect.collidepoint(pos):
            self.hover_hand = self.hand.hit(pos)
            self.hover_zone = self.layout.hand
            return
        wx, wy = self.camera.to_world(*pos)
        self.hover_item = self.layout.hit(wx, wy, self._flying())
        self.hover_zone = self.layout.zone_at(wx, wy)

    def _flying(self) -> frozenset[str]:
        if self.motion is not None and self.motion.busy():
            return self.motion.skip()
        if self.source is not None and self.source.kind == "remote":
            return frozenset(self.source.remote_motion())
        return frozenset()

    def _moving(self) -> dict[str, tuple[float, float, float, int | None]]:
        """Where pieces in flight are drawn: this table's physics, or the positions a host streams to it."""
        if self.motion is not None and self.motion.busy():
            return self.motion.moving()
        return {p: (x, y, a, None) for p, (x, y, a) in self.source.remote_motion().items()}

    def _hover_piece(self) -> dict[str, Any] | None:
        if self.hover_hand is not None:
            return self.hover_hand.piece
        if self.hover_item is not None:
            return self.hover_item.piece
        return None

    def _update_preview_and_tooltip(self) -> None:
        piece = self._hover_piece()
        if self.side is not None:
            if piece is not None and piece.get("kind", "card") == "card":
                ref = piece.get("card") if piece.get("face_up", True) or self.hover_hand is not None or piece.get("card") else None
                key = ("card", ref)
                if key != self.side.preview_key:
                    self.side.set_preview(key, self.assets.preview(ref, PREVIEW_H))
            elif piece is None and self.side.preview_key is None:
                pass
        # stacks tell their count on hover (a pygame-gui tooltip after a short rest)
        tip_for = None
        text = ""
        if self.hover_item is not None and self.hover_item.layout == "stack":
            zone = self.layout.zone_by_name.get(self.hover_item.zone)
            if zone is not None:
                tip_for = f"{zone.name}:{zone.count}"
                text = f"<b>{html.escape(self._zone_labels().get(zone.name, zone.name))}</b>: {zone.count} card" + ("s" if zone.count != 1 else "")
        elif self.hover_zone is not None and self.hover_zone.kind == "hand" and not self.hover_zone.mine:
            tip_for = f"{self.hover_zone.name}:{self.hover_zone.count}"
            text = f"<b>{html.escape(self._zone_labels().get(self.hover_zone.name, ''))}</b>: {self.hover_zone.count} cards"
        now = time.monotonic()
        if tip_for != self.tooltip_for:
            self.tooltip_for = tip_for
            self.hover_since = now
            if self.tooltip is not None:
                self.tooltip.kill()
                self.tooltip = None
        if tip_for is not None and self.tooltip is None and (now - self.hover_since > 0.3 or self.fps == 0):
            self.tooltip = self.manager.create_tool_tip(text, self.mouse, (0, 24), None, None)

    # ------------------------------------------------------------------ drawing

    def draw(self) -> None:
        surface = self.screen
        if self.source is None:
            self._draw_start_backdrop(surface)
            self.manager.draw_ui(surface)
            return
        skip = self.drag.skip if self.drag is not None else frozenset()
        flying = self._flying()
        if flying:
            skip = skip | flying
        sel = [s for s in self.selected if s in self.layout.by_id]
        lift = self._stack_lift if self.drag is not None and not self.drag.from_hand else None
        self.renderer.draw_table(surface, self.layout, self.camera, seq=self.view_key, selected=sel,
                                 glow=self.legal.pieces, skip=skip, lift=lift, players=self.view.get("players", []))
        if flying:
            surface.set_clip(pygame.Rect(self.camera.viewport))
            self.renderer.draw_moving(surface, self.layout, self.camera, self._moving())
            surface.set_clip(None)
        self._draw_dynamic(surface)
        self._draw_hud(surface)
        if not self._ui_quiet:
            self.manager.draw_ui(surface)
        if self.big_preview:
            self._draw_big_preview(surface)
        if self.cover_seat is not None:
            self._draw_cover(surface)

    def _draw_dynamic(self, surface: pygame.Surface) -> None:
        vp = pygame.Rect(self.camera.viewport)
        surface.set_clip(vp)
        if self.hover_item is not None and self.drag is None:
            r = self.renderer.item_rect(self.hover_item, self.camera)
            pygame.draw.rect(surface, (255, 255, 255), r.inflate(4, 4), 2, border_radius=max(3, round(8 * self.camera.zoom)))
            if self.hover_item.layout == "stack":
                b = self.assets.badge(f"{self.hover_item.depth} card{'s' if self.hover_item.depth != 1 else ''}", 14,
                                      bg=(30, 60, 110))
                surface.blit(b, (r.centerx - b.get_width() // 2, r.bottom + 6))
        if self.layout.hand is not None:
            hidden = self.drag.ids if self.drag is not None and self.drag.from_hand else ()
            self.hand.place(self.camera.viewport, self._hand_pieces(), hidden)
            names = self._names()
            label = f"{names.get(self.seat, 'Your')}'s hand · {len(self._hand_pieces())}"
            drop = self.drag is not None and self.hand.rect.collidepoint(self.mouse)
            self.hand.draw(surface, self.assets, label, self.hover_hand.pid if self.hover_hand else None,
                           set(self.selected), drop)
        if self.box is not None:
            r = pygame.Rect(min(self.box[0], self.mouse[0]), min(self.box[1], self.mouse[1]),
                            abs(self.mouse[0] - self.box[0]), abs(self.mouse[1] - self.box[1]))
            shade = pygame.Surface(r.size, pygame.SRCALPHA)
            shade.fill((90, 170, 255, 50))
            surface.blit(shade, r.topleft)
            pygame.draw.rect(surface, (90, 170, 255), r, 1)
        if self.drag is not None:
            self._draw_drag(surface)
        surface.set_clip(None)

    def _draw_drag(self, surface: pygame.Surface) -> None:
        drag = self.drag
        assert drag is not None
        dx, dy = self.mouse[0] - drag.start[0], self.mouse[1] - drag.start[1]
        flip = 180 if self.camera.flipped else 0
        blits = []
        for src in drag.sources:
            if isinstance(src, HandCard):
                size = (round(src.rect.w * 0.9), round(src.rect.h * 0.9))
                surf = self.assets.card(src.piece.get("card"), src.piece.get("face_up", True), size)
                cx, cy = src.rect.centerx + dx, src.rect.centery + dy
            else:
                face_up = src.face_up if not drag.face_down else False
                if src.layout == "stack":
                    size = self.camera.screen_size(src.w, src.h)
                    surf = self.assets.card(src.card, face_up, size, flip)
                else:
                    surf = self.renderer.piece_surface(src, self.camera.zoom, flip)
                sx, sy = self.camera.to_screen(src.x, src.y)
                cx, cy = sx + dx, sy + dy
            blits.append((surf, (round(cx - surf.get_width() / 2) + 4, round(cy - surf.get_height() / 2) - 4)))
        surface.fblits(blits)
        if len(drag.ids) > 1:
            b = self.assets.badge(str(len(drag.ids)), 14, bg=(30, 60, 110))
            surface.blit(b, (self.mouse[0] + 12, self.mouse[1] + 12))

    def _draw_big_preview(self, surface: pygame.Surface) -> None:
        piece = self._hover_piece()
        if piece is None or piece.get("kind", "card") != "card":
            return
        h = int(self.size[1] * 0.8)
        img = self.assets.preview(piece.get("card"), h)
        shade = pygame.Surface(self.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        x = (self.size[0] - img.get_width()) // 2
        y = (self.size[1] - h) // 2
        surface.blit(img, (x, y))

    def _draw_cover(self, surface: pygame.Surface) -> None:
        surface.fill((16, 22, 26))
        names = self._names()
        name = names.get(self.cover_seat, f"Seat {(self.cover_seat or 0) + 1}")
        t1 = self.assets.text(f"Pass to {name}", 40, (243, 231, 196), bold=True)
        t2 = self.assets.text("The last hand is hidden. Click or press any key when you are ready.", 18, (200, 210, 205))
        surface.blit(t1, ((self.size[0] - t1.get_width()) // 2, self.size[1] // 2 - 50))
        surface.blit(t2, ((self.size[0] - t2.get_width()) // 2, self.size[1] // 2 + 10))

    def _draw_start_backdrop(self, surface: pygame.Surface) -> None:
        surface.fill(BG)
        w, h = self.size
        fan = [("standard/AS", -24), ("standard/KH", -12), ("standard/QD", 0), ("standard/JC", 12), ("standard/10S", 24)]
        cw, ch = 126, 176
        for i, (ref, angle) in enumerate(fan):
            card = self.assets.card(ref, True, (cw, ch))
            rot = pygame.transform.rotate(card, -angle)
            x = w // 2 - 150 + i * 60
            y = h - ch - 10 + abs(angle) * 1.5
            surface.blit(rot, (x - rot.get_width() // 2 + cw // 2, y))


_UI_EVENTS = {getattr(pygame_gui, n) for n in dir(pygame_gui) if n.startswith("UI_")}
_INPUT_EVENTS = {pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.KEYDOWN,
                 pygame.KEYUP, pygame.TEXTINPUT}


def _token_words(status: Mapping[str, Any]) -> dict[str, str]:
    """Opaque tokens a status lists (questions, guesses) -> the words it gives them ("Is your X-File's ...?")."""
    out: dict[str, str] = {}
    for value in status.values():
        if isinstance(value, list):
            for row in value:
                if isinstance(row, Mapping) and isinstance(row.get("token"), str):
                    words = row.get("text") or row.get("name")
                    if words:
                        out[row["token"]] = str(words)
    return out


def _brief(text: str, lines: int = 5) -> str:
    """A long error (a deck list with many problems) cut to its first lines, saying how many more there are."""
    rows = text.splitlines()
    if len(rows) <= lines:
        return text
    return "\n".join(rows[:lines] + [f"… and {len(rows) - lines} more"])


def _title(ruleset: str) -> str:
    from ..rules import RULESETS

    cls = RULESETS.get(ruleset)
    return getattr(cls, "title", ruleset) if cls is not None else ruleset


def parse_house_rules(text: str) -> dict[str, Any]:
    """House rules from `name=value, name=value` or a YAML file of `name: value` (values read as YAML scalars)."""
    text = text.strip()
    if not text:
        return {}
    p = Path(text)
    if p.suffix in (".yaml", ".yml", ".json") and p.is_file():
        from ..yamlsafe import load_file

        data = load_file(p).data
        if not isinstance(data, dict):
            raise ValueError(f"{p}: house rules are a mapping of option: value")
        return dict(data)
    import yaml

    out: dict[str, Any] = {}
    for part in text.replace(";", ",").split(","):
        if not part.strip():
            continue
        if "=" not in part:
            raise ValueError(f"house rule {part.strip()!r} is not name=value")
        k, v = part.split("=", 1)
        out[k.strip()] = yaml.safe_load(v.strip())
    return out

