"""A seeded fuzz of the window: random but plausible clicks, drags, keys and dialogs, for every ruleset and dial.

The product rule: a click or a key at the wrong time gets a clear message and loses nothing. After every frame the
fuzz checks that no exception escaped the loop, that every piece is in exactly one zone (no card lost or doubled),
that the seat's view names no card it may not see, that every message reads as words (no Python error, no opaque
handle), that nothing is done behind the hotseat cover, that no gesture outlives its button and no closed window
is held on to. Events are real pygame events posted to the queue; files are written only under tmp_path.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from tabletop.core.session import Session
from tabletop.game import new_session
from tabletop.ui import TableApp
from tests.ui.uihelpers import mouse

__all__: list[str] = []

RULESETS = ("freeform", "tragedy", "xfiles-fan", "xfiles-ccg")
MODES = ("off", "warn", "strict")
#: fuzz operations per case (each is one gesture: a few frames): the default run's, and the slow soak's (other
#: seeds, longer games: `-m slow`)
OPS, SOAK_OPS = 90, 600
SIZE = (1280, 800)

#: keys besides the app's own key map (every single-key shortcut of shortcuts.py): F1 help, F2 board, Esc, the
#: Ctrl ones (undo, redo, save, open, new), the arrows that pan, and a few that mean nothing
EXTRA_KEYS = (
    pygame.K_ESCAPE, pygame.K_F1, pygame.K_F2, pygame.K_z, pygame.K_y, pygame.K_o, pygame.K_LEFT, pygame.K_RIGHT,
    pygame.K_UP, pygame.K_DOWN, pygame.K_q, pygame.K_1, pygame.K_F5,
)
MODS = ((), (), (), (pygame.K_LSHIFT,), (pygame.K_LCTRL,), (pygame.K_LCTRL, pygame.K_LSHIFT), (pygame.K_LALT,))
MOD_BITS = {pygame.K_LSHIFT: pygame.KMOD_LSHIFT, pygame.K_LCTRL: pygame.KMOD_LCTRL, pygame.K_LALT: pygame.KMOD_LALT}
#: what a message to a player must not look like: a Python error, or a piece named by its opaque handle
UNCLEAR = re.compile(r"Traceback|NoneType|object has no attribute|invalid literal|KeyError|IndexError|TypeError|"
                     r"AttributeError|unavailable|widget could not|'h[0-9a-f]{12}'|belongs to seat \d")
TEXTS = ("gg", "3", "0", "-2", "999999", "", "   ", "x" * 300, "<b>bold</b> & <font>", "ünïcode ♠♥", "1e9", "2")


# ---------------------------------------------------------------------------------------------------- checks


def check_table(session: Session, cards: int) -> None:
    """Every piece in exactly one zone, the zone it names; no card made or lost."""
    state = session.state
    seen: dict[str, str] = {}
    for name, zone in state.zones.items():
        for pid in zone.pieces:
            assert pid not in seen, f"{pid} is in {seen[pid]} and in {name}"
            seen[pid] = name
            assert state.pieces[pid].zone == name, f"{pid} lists {name} but says {state.pieces[pid].zone}"
    assert set(seen) == set(state.pieces), f"pieces in no zone: {set(state.pieces) - set(seen)}"
    n = sum(1 for p in state.pieces.values() if p.kind == "card")
    assert n == cards, f"{cards} cards became {n}"


def check_view(app: TableApp) -> None:
    """The seat's view (and the hand strip drawn from it) names only cards the seat may see."""
    state = app.session.state
    seat = app.seat
    for zone in app.view.get("zones", []):
        for pv in zone["pieces"]:
            if "card" not in pv:
                continue
            piece = state.pieces.get(pv["id"])
            assert piece is not None, f"seat {seat} sees card {pv['card']} under handle {pv['id']}"
            assert state.can_see(piece, seat), f"seat {seat} sees hidden {piece.id} ({piece.card}) in {zone['name']}"
    for hc in app.hand.cards:
        if hc.piece.get("card"):
            piece = state.pieces.get(hc.pid)
            assert piece is not None and state.can_see(piece, seat), f"hand strip shows hidden {hc.pid}"


def dead_widgets(app: TableApp) -> set[str]:
    """Windows the app still holds on to that were closed under it (pygame-gui tells of a close one frame on)."""
    dead = {name for name in ("dialog", "newgame", "prompt", "vote_dialog", "join_dialog")
            if getattr(app, name) is not None and not getattr(app, name).window.alive()}
    if app.peek is not None and (app.peek.closed or not app.peek.window.alive()):
        dead.add("peek")
    if app.menu is not None and not app.menu.panel.alive():
        dead.add("menu")
    return dead


# ---------------------------------------------------------------------------------------------------- the driver


class Fuzzer:
    """Throws random gestures at a window, checking the table after every frame."""

    def __init__(self, app: TableApp, rng: random.Random, tmp: Path) -> None:
        self.app = app
        self.rng = rng
        self.tmp = tmp
        self.frames = 0
        self.held: set[int] = set()  # mouse buttons down
        self.dead: set[str] = set()
        self.notes: list[tuple[str, str]] = []
        self.keys = sorted(set(app._keymap()) | set(EXTRA_KEYS))
        show = app.notify

        def notify(text: str, kind: str = "info", seconds: float = 5.0) -> None:
            self.notes.append((kind, text))
            show(text, kind, seconds)

        app.notify = notify  # type: ignore[method-assign]
        self._baseline()

    def _baseline(self) -> None:
        self.session = self.app.session
        self.cards = sum(1 for p in self.session.state.pieces.values() if p.kind == "card") if self.session else 0

    # -- frames

    def step(self, *events: pygame.event.Event) -> None:
        for e in events:
            if e.type == pygame.MOUSEBUTTONDOWN:
                self.held.add(e.button)
            elif e.type == pygame.MOUSEBUTTONUP:
                self.held.discard(e.button)
            pygame.event.post(e)
        app = self.app
        covered = app.cover_seat is not None and not (app.motion is not None and app.motion.busy())
        seq = app.session.state.seq
        app.step()
        self.frames += 1
        self.check()
        if covered and app.cover_seat is not None:
            assert app.session.state.seq == seq, "something was done behind the hotseat cover"

    def check(self) -> None:
        app = self.app
        assert app.running, "the window closed itself"
        assert app.start is None and app.source is not None, "the table left the window"
        if app.session is not self.session:  # a new game or an opened save: a new table to conserve
            self._baseline()
        check_table(app.session, self.cards)
        check_view(app)
        for kind, text in self.notes:
            assert not UNCLEAR.search(text), f"an unclear {kind} message: {text}"
        self.notes.clear()
        dead = dead_widgets(app)
        assert not dead & self.dead, f"closed windows still held after a frame: {dead & self.dead}"
        self.dead = dead
        if not self.held:
            gesture = (app.press, app.drag, app.box, app.pan_from)
            assert gesture == (None, None, None, None), f"a gesture outlived its button: {gesture}"

    # -- where to point

    def point(self) -> tuple[int, int]:
        app, r = self.app, self.rng
        w, h = app.size
        vx, vy, vw, vh = app.camera.viewport
        choices: list[Callable[[], tuple[int, int]]] = [
            lambda: (r.randrange(w), r.randrange(h)),
            lambda: (r.randrange(vx, vx + vw), r.randrange(vy, vy + vh)),
            lambda: (r.randrange(vx, vx + vw), r.randrange(vy, vy + vh)),
            lambda: (r.randrange(w - 300, w), r.randrange(36, h)),  # the side panel
            lambda: (r.randrange(w), r.randrange(36)),  # the top bar
            lambda: (r.choice((-30, w + 30, r.randrange(w))), r.choice((-30, h + 30, r.randrange(h)))),  # outside
        ]
        pieces = [i for i in app.layout.items]
        if pieces:
            choices += [lambda: self._piece_point(r.choice(pieces))] * 4
        if app.hand.cards:
            choices += [lambda: app.hand.spot(r.choice(app.hand.cards).pid)] * 2
        if app.hud is not None and app.hud.buttons:
            choices.append(lambda: r.choice(app.hud.buttons)[0].center)
        pt = r.choice(choices)()
        return self._avoid_file_dialog(pt)

    def _piece_point(self, item: Any) -> tuple[int, int]:
        x, y = self.app.camera.to_screen(item.x, item.y)
        return (round(x) + self.rng.randint(-6, 6), round(y) + self.rng.randint(-6, 6))

    def _avoid_file_dialog(self, pt: tuple[int, int]) -> tuple[int, int]:
        """Never click inside a file dialog (it can delete files and walk out of tmp): cancel it instead."""
        fd = self.app.file_dialog
        if fd is not None and fd.alive() and fd.get_abs_rect().inflate(8, 8).collidepoint(pt):
            return (2, self.app.size[1] - 2)
        return pt

    # -- gestures

    def mods_down(self, mods: tuple[int, ...]) -> None:
        for k in mods:
            self.step(_key(pygame.KEYDOWN, k))

    def mods_up(self, mods: tuple[int, ...]) -> None:
        for k in mods:
            self.step(_key(pygame.KEYUP, k))

    def move(self) -> None:
        self.step(mouse(pygame.MOUSEMOTION, self.point()))

    def click(self, pos: tuple[int, int] | None = None, button: int | None = None) -> None:
        pos = pos or self.point()
        menu = self.app.menu
        if menu is not None and any(b.text.startswith("Quit") and b.get_abs_rect().collidepoint(pos)
                                    for b in menu.actions):
            pos = (pos[0], max(0, pos[1] - 60))  # the menu's Quit does quit, as it should: the fuzz plays on
        button = button or self.rng.choice((1, 1, 1, 3, 2))
        mods = self.rng.choice(MODS)
        self.mods_down(mods)
        self.step(mouse(pygame.MOUSEMOTION, pos))
        self.step(mouse(pygame.MOUSEBUTTONDOWN, pos, button))
        self.step(mouse(pygame.MOUSEBUTTONUP, pos, button))
        self.mods_up(mods)
        self.step()

    def double_click(self) -> None:
        pos = self.point()
        for _ in range(2):
            self.step(mouse(pygame.MOUSEBUTTONDOWN, pos, 1), mouse(pygame.MOUSEBUTTONUP, pos, 1))

    def drag(self) -> None:
        r = self.rng
        a, b = self.point(), self.point()
        button = r.choice((1, 1, 1, 3, 2))
        mods = r.choice(MODS)
        self.mods_down(mods)
        self.step(mouse(pygame.MOUSEMOTION, a))
        self.step(mouse(pygame.MOUSEBUTTONDOWN, a, button))
        if r.random() < 0.25:  # the table changes under a pressed button, before it moves
            r.choice((self.key, self.undo_redo, self.undo_redo, self.resize))()
        n = r.randint(1, 6)
        for i in range(1, n + 1):
            self.step(mouse(pygame.MOUSEMOTION, (a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n)))
        if r.random() < 0.3:  # something else happens mid-drag
            self.rng.choice((self.key, self.wheel, self.resize, self.undo_redo, self.focus_lost))()
        for _ in range(r.choice((0, 0, 3))):  # hold still: a placing drop; else let go moving (a fling)
            self.step()
        self.step(mouse(pygame.MOUSEBUTTONUP, b, button))
        self.mods_up(mods)

    def half_gesture(self) -> None:
        """A press with no release, or a release with no press (the window lost them)."""
        pos = self.point()
        kind = self.rng.choice((pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP))
        self.step(mouse(kind, pos, self.rng.choice((1, 2, 3))))

    def menu(self) -> None:
        pos = self.point()
        self.step(mouse(pygame.MOUSEMOTION, pos))
        self.step(mouse(pygame.MOUSEBUTTONDOWN, pos, 3))
        self.step(mouse(pygame.MOUSEBUTTONUP, pos, 3))
        menu = self.app.menu
        if menu is not None and self.rng.random() < 0.8:
            button = self.rng.choice([b for b in menu.actions if not b.text.startswith("Quit")])
            self.click(button.get_abs_rect().center, 1)

    def wheel(self) -> None:
        self.step(mouse(pygame.MOUSEMOTION, self.point()))
        y = self.rng.choice((-3, -1, 1, 2, 0))
        self.step(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, precise_x=0.0, precise_y=float(y), flipped=False,
                                     touch=False, window=None))

    def key(self) -> None:
        r = self.rng
        k = r.choice(self.keys)
        mods = r.choice(MODS)
        if k == pygame.K_q and pygame.K_LCTRL in mods:  # Ctrl+Q quits, as it should: the fuzz plays on
            mods = ()
        if k == pygame.K_q and self.app.mods & pygame.KMOD_CTRL:  # Ctrl still held by a drag under way
            return
        mod = 0
        for m in mods:
            mod |= MOD_BITS[m]
        self.mods_down(mods)
        self.step(mouse(pygame.MOUSEMOTION, self.point()))
        self.step(_key(pygame.KEYDOWN, k, mod))
        if r.random() < 0.8:
            self.step(_key(pygame.KEYUP, k, mod))
        self.mods_up(mods)

    def type_text(self) -> None:
        """Enter, some text, Enter: chat when nothing else has the keyboard, else whatever field does."""
        r = self.rng
        if r.random() < 0.7:
            self.step(_key(pygame.KEYDOWN, pygame.K_RETURN), _key(pygame.KEYUP, pygame.K_RETURN))
        text = r.choice(TEXTS)
        for ch in text[:40]:
            self.step(pygame.event.Event(pygame.TEXTINPUT, text=ch, window=None))
        if r.random() < 0.2:
            self.step(_key(pygame.KEYDOWN, pygame.K_BACKSPACE), _key(pygame.KEYUP, pygame.K_BACKSPACE))
        self.step(_key(pygame.KEYDOWN, pygame.K_RETURN), _key(pygame.KEYUP, pygame.K_RETURN))

    def resize(self) -> None:
        w, h = self.rng.choice(((1280, 800), (900, 600), (640, 480), (1600, 1000), (300, 200), (1281, 799)))
        self.step(pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h))

    def undo_redo(self) -> None:
        for _ in range(self.rng.randint(1, 6)):
            k = self.rng.choice((pygame.K_z, pygame.K_z, pygame.K_y))
            self.step(_key(pygame.KEYDOWN, k, pygame.KMOD_LCTRL), _key(pygame.KEYUP, k, pygame.KMOD_LCTRL))

    def focus_lost(self) -> None:
        self.step(pygame.event.Event(pygame.WINDOWFOCUSLOST, window=None))

    def legal_move(self) -> None:
        side = self.app.side
        if side is None or side.moves is None:
            return self.click()
        buttons = [i["button_element"] for i in side.moves.item_list if i.get("button_element") is not None]
        if buttons:
            self.click(self.rng.choice(buttons).get_abs_rect().center, 1)

    def board_button(self) -> None:
        hud = self.app.hud
        if hud is None or not hud.buttons:
            return self.click()
        self.click(self.rng.choice(hud.buttons)[0].center, 1)

    def bar_button(self) -> None:
        bar = self.app.topbar
        assert bar is not None
        keys = [k for k in bar.buttons if k != "save"]  # Save writes to the save path: see `dialogs`
        b = bar.buttons[self.rng.choice(keys)] if self.rng.random() < 0.85 else bar.pass_button
        self.click(b.get_abs_rect().center, 1)

    def dialogs(self) -> None:
        """Open a dialog (new game, info, open, save as, look, search) and click about in it, or close it."""
        r = self.rng
        which = r.choice(("new", "info", "open", "save", "close"))
        ctrl = pygame.KMOD_LCTRL
        if which == "new":
            self.step(_key(pygame.KEYDOWN, pygame.K_n, ctrl), _key(pygame.KEYUP, pygame.K_n, ctrl))
        elif which == "info":
            self.step(_key(pygame.KEYDOWN, pygame.K_i), _key(pygame.KEYUP, pygame.K_i))
        elif which == "open":
            self.step(_key(pygame.KEYDOWN, pygame.K_o, ctrl), _key(pygame.KEYUP, pygame.K_o, ctrl))
        elif which == "save":
            mod = ctrl | pygame.KMOD_LSHIFT
            self.step(_key(pygame.KEYDOWN, pygame.K_s, mod), _key(pygame.KEYUP, pygame.K_s, mod))
        self.close_something()

    def deck_tools(self) -> None:
        """Over a deck or pile: look at the top N (answering the prompt), search it, draw, deal, shuffle."""
        r, app = self.rng, self.app
        stacks = [i for i in app.layout.items if i.layout == "stack"]
        if stacks:
            self.step(mouse(pygame.MOUSEMOTION, self._piece_point(r.choice(stacks))))
        k = r.choice((pygame.K_l, pygame.K_b, pygame.K_b, pygame.K_d, pygame.K_s))
        self.step(_key(pygame.KEYDOWN, k), _key(pygame.KEYUP, k))
        if app.prompt is not None and r.random() < 0.8:
            for ch in r.choice(TEXTS)[:8]:
                self.step(pygame.event.Event(pygame.TEXTINPUT, text=ch, window=None))
            self.step(_key(pygame.KEYDOWN, pygame.K_RETURN), _key(pygame.KEYUP, pygame.K_RETURN))
            self.step()
        if app.peek is not None:
            for _ in range(r.randint(0, 3)):
                self.peek_click()

    def peek_click(self) -> None:
        """Pick a card in the look/search gallery (or drag it onto another), then one of its buttons (to top, to
        bottom, to hand, to table, done)."""
        peek, r = self.app.peek, self.rng
        if peek is None:
            return
        if peek.shown and r.random() < 0.7:
            a = peek.slot_center(r.randrange(min(len(peek.shown), peek.cols * 2)))
            if r.random() < 0.3:
                b = peek.slot_center(r.randrange(min(len(peek.shown), peek.cols * 2)))
                self.step(mouse(pygame.MOUSEMOTION, a), mouse(pygame.MOUSEBUTTONDOWN, a, 1))
                self.step(mouse(pygame.MOUSEMOTION, ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)))
                self.step(mouse(pygame.MOUSEMOTION, b), mouse(pygame.MOUSEBUTTONUP, b, 1))
            else:
                self.click(a, 1)
        if self.app.peek is peek and not peek.closed:
            self.click(r.choice(list(peek.buttons)).get_abs_rect().center, 1)

    def new_game(self) -> None:
        """The New game window: maybe a bad seed or house rule, maybe a seat to a bot, then Start (or close)."""
        r, app = self.rng, self.app
        self.new_game_window()
        ng = app.newgame
        if ng is None:  # the key went to a text field, or uncovered the table
            return
        for entry in (ng.seed, ng.house):
            if r.random() < 0.4:
                self.click(entry.get_abs_rect().center, 1)
                for ch in r.choice(("12", "gg", "-1", "no_such=1", "x", "deal=", "1e3", "seats=99")):
                    self.step(pygame.event.Event(pygame.TEXTINPUT, text=ch, window=None))
        if r.random() < 0.3:
            self.click(r.choice(list(ng.player_buttons)).get_abs_rect().center, 1)
        if r.random() < 0.2:
            self.click(ng.deck_button.get_abs_rect().center, 1)
            self.close_something()
        if app.newgame is not None:
            b = ng.start if r.random() < 0.7 else ng.window.close_window_button
            self.click(b.get_abs_rect().center, 1)

    def file_ok(self) -> None:
        """Open, Save as, or a deck for a new game: pick a file of the tmp folder (or none), then OK."""
        r, app = self.rng, self.app
        which = r.choice(("open", "save", "deck"))
        if which == "deck":
            self.new_game_window()
            if app.newgame is None:
                return
            self.click(app.newgame.deck_button.get_abs_rect().center, 1)
            picker = app.prompt  # the known decks, then "Other file…": a file dialog
            items = getattr(picker, "list", None) if picker is not None and picker.alive() else None
            # another prompt may be up (a text prompt the fuzz opened earlier): then the deck button opens none
            last = items.item_list[-1]["button_element"] if items is not None else None
            if last is not None:
                self.click(last.get_abs_rect().center, 1)
                self.step(_key(pygame.KEYDOWN, pygame.K_RETURN, 0), _key(pygame.KEYUP, pygame.K_RETURN, 0))
        else:
            mod = pygame.KMOD_LCTRL | (pygame.KMOD_LSHIFT if which == "save" else 0)
            k = pygame.K_o if which == "open" else pygame.K_s
            self.step(_key(pygame.KEYDOWN, k, mod), _key(pygame.KEYUP, k, mod))
        self.step()
        fd = app.file_dialog
        if fd is None or not fd.alive():
            return
        files = [i["button_element"] for i in fd.file_selection_list.item_list
                 if i.get("button_element") is not None and (self.tmp / i["text"]).is_file()]
        if files and r.random() < 0.8:
            self.click(r.choice(files).get_abs_rect().center, 1)
            self.step()
        if Path(str(fd.current_file_path or fd.current_directory_path)).resolve().is_relative_to(self.tmp.resolve()):
            self.click(fd.ok_button.get_abs_rect().center, 1)
            self.step()
            if which == "deck" and app.newgame is not None and r.random() < 0.7:
                self.click(app.newgame.start.get_abs_rect().center, 1)
        self.close_something()

    def new_game_window(self) -> None:
        self.step(_key(pygame.KEYDOWN, pygame.K_n, pygame.KMOD_LCTRL), _key(pygame.KEYUP, pygame.K_n, pygame.KMOD_LCTRL))
        self.step()

    def close_something(self) -> None:
        """Cancel a file dialog, or close one of the windows open, or click about inside one."""
        app, r = self.app, self.rng
        if app.file_dialog is not None and app.file_dialog.alive():
            fd = app.file_dialog
            b = fd.cancel_button if r.random() < 0.6 else fd.close_window_button
            if b is not None:
                self.click(b.get_abs_rect().center, 1)
            return
        windows = [w.window for w in (app.newgame, app.dialog, app.prompt, app.peek) if w is not None]
        if not windows:
            return
        win = r.choice(windows)
        if r.random() < 0.5 and win.close_window_button is not None:
            self.click(win.close_window_button.get_abs_rect().center, 1)
        else:
            rect = win.get_abs_rect()
            self.click((r.randrange(rect.left, rect.right), r.randrange(rect.top, rect.bottom)), 1)

    def run(self, n: int) -> None:
        ops = [
            (self.move, 6), (self.click, 14), (self.double_click, 3), (self.drag, 12), (self.half_gesture, 3),
            (self.menu, 8), (self.wheel, 3), (self.key, 16), (self.type_text, 3), (self.resize, 2),
            (self.undo_redo, 4), (self.focus_lost, 1), (self.legal_move, 8), (self.board_button, 4),
            (self.bar_button, 4), (self.dialogs, 4), (self.close_something, 5), (self.deck_tools, 6),
            (self.peek_click, 2), (self.new_game, 1), (self.file_ok, 2),
        ]
        funcs = [f for f, _ in ops]
        weights = [w for _, w in ops]
        for _ in range(n):
            self.rng.choices(funcs, weights)[0]()


def _key(kind: int, k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(kind, key=k, mod=mod, unicode="", scancode=0, window=None)


# ---------------------------------------------------------------------------------------------------- the tests


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_clicks_and_keys_at_any_time_lose_nothing(ruleset, mode, tmp_path, monkeypatch):
    _fuzz(ruleset, mode, sum(map(ord, ruleset + mode)), OPS, tmp_path, monkeypatch)


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_long_fuzz_loses_nothing_either(ruleset, mode, tmp_path, monkeypatch):
    _fuzz(ruleset, mode, 7919 + sum(map(ord, ruleset + mode)), SOAK_OPS, tmp_path, monkeypatch)


def _fuzz(ruleset: str, mode: str, seed: int, ops: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # file dialogs start here; nothing is written anywhere else
    (tmp_path / "broken.yaml").write_text("format: tabletop-save\nversion: 1\nruleset: freeform\nseq: many\n")
    (tmp_path / "bad_deck.yaml").write_text("name: Bad\nsections:\n  deck:\n    - 2x standard/NOPE\n")
    session = new_session(ruleset, 2, enforcement=mode, seed=seed)
    app = TableApp(session, size=SIZE, fps=0, autosave=tmp_path / "auto.yaml", save_path=tmp_path / "game.yaml")
    try:
        fuzz = Fuzzer(app, random.Random(seed), tmp_path)
        fuzz.step()
        fuzz.run(ops)
    finally:
        pygame.event.clear()
