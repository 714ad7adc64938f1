"""Retake the docs' screenshots (docs/images/*.png) in a real window at 1280x800, so they show the window as it is.

Each shot builds a position worth showing through the engine (a seeded game played by the bots until the moment the
caption names, saved as an ordinary YAML save), opens it with the real app (`python -m tabletop play SAVE`) in a
real X window (a private Xvfb on the first free display of :73-:79, or $DISPLAY with --use-display), drives it with
xdotool where the shot needs a hover, a drag, a key or a dialog, and captures the window with ImageMagick's `import`.
Gestures aim at named places (a hand card, a zone, a gallery slot) that the same app, run headless on the same
position at the same size, reports; a shot whose gestures change the game is checked in the window's autosave
before its picture is kept. The LAN pair is a host and a guest on 127.0.0.1, two windows side by side. Nothing here
runs in the tests but a display-free check (tests/docs/test_shots.py); it needs Xvfb, xdotool, xdpyinfo and
ImageMagick.

    python docs/shots.py                  # every shot into docs/images/
    python docs/shots.py tragedy help     # just these
    python docs/shots.py --list           # the pictures and their captions
    python docs/shots.py --out /tmp/shots --work /tmp/shots-work   # elsewhere; keep the saves, logs and autosaves

It prints each file it wrote with its size. A whole run takes about a minute.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["ROOT", "SHOTS", "Shot", "Window", "main", "probe", "run_shot"]

ROOT = Path(__file__).resolve().parent.parent
SIZE = (1280, 800)
#: display numbers this script may start its own Xvfb on (the first free one is taken)
DISPLAYS = range(73, 80)
#: a lone window's screen: one window at 0,0; the LAN pair sits side by side on a screen twice as wide
SCREEN = (2 * SIZE[0] + 20, SIZE[1])
#: seconds the app gets to open its window and draw a first frame, and to settle after each gesture
OPEN_TIMEOUT = 25.0
SETTLE = 0.6

if str(ROOT) not in sys.path:  # run as `python docs/shots.py`: the package is beside docs/
    sys.path.insert(0, str(ROOT))


# ---------------------------------------------------------------- positions, built through the engine

def _play_until(session: Any, done: Callable[[Any], bool], bots: str = "greedy", limit: int = 2000) -> None:
    """Play the bots seat by seat (whoever the rules wait for) until `done(session)` holds; fails loudly if never."""
    from tabletop.rules.bots import make_bot

    state = session.state
    players = [make_bot(bots, session.rules, 7919 + seat) for seat in range(len(state.seats))]
    for _ in range(limit):
        if done(session):
            return
        waiting = session.rules.waiting_for(state)
        if not waiting or state.rules.get("over"):
            break
        seat = waiting[0]
        action = players[seat].choose(state, seat)
        if action is None:
            break
        result = session.submit(action, seat)
        if not result.accepted:
            raise RuntimeError(f"a bot's move was refused building the position: {result.error}")
    raise RuntimeError(f"{state.ruleset}: the bots never reached the position this shot needs")


def _submit(session: Any, seat: int | None, **action: Any) -> None:
    from tabletop.core.actions import action_from_dict

    result = session.submit(action_from_dict(action), seat)
    if not result.accepted:
        raise RuntimeError(f"building the position: {action} refused: {result.error}")


def freeform_table(out: Path) -> tuple[Path, int]:
    """The quick table a few moves in: hands dealt, a card on the table with a counter, one discarded, dice rolled."""
    from tabletop.game import quick_table
    from tabletop.store import save_game

    s = quick_table(seed=11)
    _submit(s, 0, type="draw", count=9, source="deck", to="hand:0")
    _submit(s, 1, type="draw", count=6, source="deck", to="hand:1")
    one, two, three, four = s.state.zones["hand:0"].pieces[:4]  # played from the hand: a seat names what it sees
    _submit(s, 0, type="move", pieces=[one], to="table", x=230, y=560, face_up=True)
    _submit(s, 0, type="move", pieces=[two], to="table", x=380, y=580, face_up=True)
    _submit(s, 0, type="tap", pieces=[two])
    _submit(s, 0, type="add_counter", name="damage", piece=one)
    _submit(s, 0, type="move", pieces=[three], to="discard", face_up=True)
    _submit(s, 0, type="move", pieces=[four], to="table", x=1150, y=880, face_up=False)
    dice = [p.id for p in s.state.pieces.values() if p.kind == "die"]
    _submit(s, 0, type="roll", pieces=dice)
    _submit(s, 0, type="chat", text="Your move!")
    return save_game(s, out / "table.yaml"), 0


def tragedy_midgame(out: Path) -> tuple[Path, int]:
    """Tragedy in warn at Enter Stage: Actors and Sets on both sides, an Act on Seat 1's Stack, Seat 1 holding
    priority with cards to play; then Seat 2 draws out of turn, a broken rule warn lets through and logs."""
    from tabletop.core.actions import action_from_dict
    from tabletop.game import new_session
    from tabletop.store import save_game

    deck = str(ROOT / "cards/standard/decks/tragedy.yaml")
    s = new_session("tragedy", 2, decks={0: deck, 1: deck}, enforcement="warn", seed=4)

    def ready(sess: Any) -> bool:
        st = sess.state
        built = [z for z in st.zones.values() if z.name.split(":")[0] in ("actors", "sets") and z.pieces]
        return (st.rules.get("step") == "enter_stage" and sess.rules.waiting_for(st)[:1] == [0]
                and len(st.zones["hand:0"].pieces) >= 4 and len(built) >= 3 and st.zones["stack:0"].pieces)

    _play_until(s, ready)
    result = s.submit(action_from_dict({"type": "draw", "count": 1}), 1)
    if not result.accepted or not result.entry.violations:
        raise RuntimeError(f"the out-of-turn draw was meant to be a logged violation: {result}")
    return save_game(s, out / "tragedy.yaml"), 0


def xfiles_fan_scoring(out: Path) -> tuple[Path, int]:
    """X-Files Fan in warn, a round being scored: the window's seat asked the value of a card (a second round's, so
    the table has some history)."""
    from tabletop.game import new_session
    from tabletop.store import save_game

    decks = {0: str(ROOT / "cards/xfiles-fan-sample/decks/agents.yaml"),
             1: str(ROOT / "cards/xfiles-fan-sample/decks/conspiracy.yaml")}
    s = new_session("xfiles-fan", 2, decks=decks, enforcement="warn", seed=3)
    seen = {"value": 0}

    def scoring(sess: Any) -> bool:
        st = sess.state
        if sess.rules.status(st, None).get("step") != "value":
            return False
        seen["value"] += 1
        return seen["value"] >= 2  # the second round's: more on the table than the first

    _play_until(s, scoring)
    return save_game(s, out / "xfiles-fan.yaml"), s.rules.waiting_for(s.state)[0]


def xfiles_ccg_investigation(out: Path) -> tuple[Path, int]:
    """The X-Files CCG in warn, mid-investigation: a site checked, the window's seat asking and guessing."""
    from tabletop.game import new_session
    from tabletop.store import save_game

    decks = {0: str(ROOT / "cards/xfiles-ccg-sample/decks/les.yaml"),
             1: str(ROOT / "cards/xfiles-ccg-sample/decks/randy.yaml")}
    s = new_session("xfiles-ccg", 2, decks=decks, enforcement="warn", seed=3)

    def asking(sess: Any) -> bool:
        st = sess.state
        return sess.rules.status(st, None).get("step") == "question" and st.rules.get("turn", 0) >= 2

    _play_until(s, asking)
    return save_game(s, out / "xfiles-ccg.yaml"), s.rules.waiting_for(s.state)[0]


def kept_game(out: Path) -> tuple[Path, int]:
    """A replay shot's position: 120 actions of an X-Files CCG game at warn by two seeded random bots, kept with its
    log and a bookmark at point 42."""
    from tabletop.game import new_session
    from tabletop.rules.bots import make_bot
    from tabletop.store import save_game

    s = new_session("xfiles-ccg", 2, enforcement="warn", seed=7)
    bots = [make_bot("random", s.rules, 7 + seat, sandbox=True) for seat in (0, 1)]
    turn = 0
    while len(s.history) < 120:
        action = bots[turn % 2].choose(s.state, turn % 2)
        if action is not None:
            s.submit(action, turn % 2)
        turn += 1
    return save_game(s, out / "kept.yaml", bookmarks={s.history[41].seq: "the first raid"}), 0


def shipped_deck(name: str) -> Callable[[Path], tuple[Path, int]]:
    """A deck editor shot's position: a shipped deck list, opened as it is."""
    return lambda out: (ROOT / "cards" / name, 0)


# ---------------------------------------------------------------- the shots

#: a gesture: ("move", AT) | ("click", AT[, button]) | ("drag", AT, AT) | ("key", xdotool key name) |
#: ("keydown", name) | ("type", text) | ("wait", seconds). AT is a point in window pixels or a name the app is
#: asked for (see `probe`): "hand:N" (the window seat's N-th hand card), "zone:NAME" (a zone's middle),
#: "gallery:N" (the N-th card of an open gallery), "gallery:filter" (its filter field).
Gesture = tuple[Any, ...]

#: the Players window's "Remove, close" on its first seat's row, in a 1280x800 window (ui/dialogs/moderate.py: the
#: window is centred across and a third down, its rows under the Spectators button)
PLAYERS_REMOVE_CLOSE = (831, 251)


@dataclass(frozen=True)
class Shot:
    """One picture: the position it opens, what it does to the window, and the caption the docs give it."""

    name: str
    caption: str
    position: Callable[[Path], tuple[Path, int]]
    gestures: tuple[Gesture, ...] = ()
    #: the LAN pair: this shot is the host's window and `guest` names the guest's picture taken beside it
    guest: str = ""
    guest_caption: str = ""
    guest_gestures: tuple[Gesture, ...] = ()
    #: what the gestures must have done to the game, read back from the window's autosave: a problem, or None
    check: Callable[[Any], str | None] | None = None
    #: the window: "play" opens the position as a table; "decks" opens it (a deck list) in the deck editor
    command: str = "play"
    size: tuple[int, int] = SIZE


def _dropped_with_a_citation(session: Any) -> str | None:
    """The tragedy shot's drag landed: the last entry is Seat 1's move onto its Actor tableau, cited by a rule."""
    last = session.history[-1] if session.history else None
    if last is None or last.action.type != "move" or last.action.to != "actors:0":
        return f"the drag did not drop a card on the Actor tableau (last entry: {last and last.action})"
    if not last.violations:
        return "the drop onto the Actor tableau was not cited (is the dial at warn?)"
    return None


SHOTS: tuple[Shot, ...] = (
    Shot("table", "The quick table: your hand along the bottom, the other seat's hand as backs, the deck and discard "
         "in the middle, tokens, dice and a counter, the card preview, seats and log on the right",
         freeform_table, (("move", "hand:2"),)),
    Shot("preview", "A large preview of a card", freeform_table, (("move", "hand:2"), ("keydown", "space"))),
    # the pointer rests on the hand strip's empty left end: nothing under it to preview behind the overlay
    Shot("help", "Every shortcut, on F1", freeform_table, (("move", (40, 760)), ("key", "F1"))),
    Shot("gallery", "Searching a deck, filtered by a word", freeform_table,
         (("move", "zone:deck"), ("key", "b"), ("click", "gallery:filter"), ("type", "hearts"),
          ("move", "gallery:2"))),
    # Seat 1 drags a hand card straight onto its Actor tableau: warn lets it through and cites the rule
    Shot("tragedy", "A Tragedy game in warn mode: a card dragged straight onto the Actor tableau is let through "
         "and cited by its rule", tragedy_midgame,
         (("drag", "hand:0", "zone:actors:0"), ("move", "hand:1")), check=_dropped_with_a_citation),
    Shot("xfiles-fan", "An X-Files Fan round being scored: the board asks you the value of a card, one button "
         "per value", xfiles_fan_scoring, (("move", "hand:5"),)),
    Shot("xfiles-ccg", "An X-Files CCG investigation: a Site solved, the seat may ask about or guess the other's "
         "X-File from its Notebook", xfiles_ccg_investigation, (("move", "hand:3"),)),
    Shot("lan-host", "The host's window: its own hand, the guest's hand as backs", tragedy_midgame,
         (("move", "hand:2"),), guest="lan-guest", guest_caption="The guest's window: its own hand, the host's as backs",
         # the guest's "Joined ...: you are Guest" notice lasts 4 s and sits over the preview
         guest_gestures=(("key", "Return"), ("type", "Your move!"), ("key", "Return"), ("move", "hand:2"),
                         ("wait", 4.0))),
    # the host opens the Players window (K) and removes the guest, closing the seat (a first click arms the button,
    # the second removes); the dialog's place is fixed by the window's size: its first seat row's second button
    Shot("lan-players", "The host's Players and spectators window (K): Bob removed and his seat closed until the "
         "host opens it, spectators on or off; the log says what happened", tragedy_midgame,
         (("move", (40, 760)), ("key", "k"), ("click", PLAYERS_REMOVE_CLOSE), ("click", PLAYERS_REMOVE_CLOSE),
          ("wait", 1.0)),
         guest="lan-removed", guest_caption="The removed guest's window says why, where it stays, and does not "
         "come back", guest_gestures=(("move", (40, 760)), ("wait", 1.0))),
    # the Agents found by a filter; a third copy of a deck card added with +, its problem cited; an Agent in preview
    Shot("decks", "The deck editor: the browser filtered to Agents, a large preview of the card under the cursor, "
         "the deck's sections with a third copy marked and the problem it causes cited by its rule, counts and the "
         "cost curve", shipped_deck("xfiles-ccg-sample/decks/les.yaml"),
         (("click", "decks:search"), ("type", "type:agent"), ("click", "decks:row:Dr. Amos Pell"), ("key", "plus"),
          ("move", "decks:found:2")), command="decks"),
    Shot("decks-800", "The deck editor at 800x600: the same parts, the preview narrower",
         shipped_deck("xfiles-fan-sample/decks/agents.yaml"),
         (("click", "decks:search"), ("type", "lab"), ("move", "decks:found:0")), command="decks", size=(800, 600)),
    # the timeline dragged to about a third of the game, a step forward, a bookmark named there (Enter in the name
    # field marks), the pointer on Delete
    Shot("replay", "The replay viewer on a kept X-Files CCG game: the timeline dragged back into the game and a "
         "bookmark named there (Mark now reads Rename, Delete removes it), the buttons to step, play and jump by "
         "turn, step or broken rule, the seat looked as, the bookmarks and Play from here; the log says why each "
         "pool changed", kept_game,
         (("drag", "replay:thumb", "replay:slider:0.42"), ("click", "replay:button:fwd"), ("click", "replay:name"),
          ("type", "the ambush"), ("key", "Return"), ("move", "replay:delete"), ("wait", 4.0)), command="replay"),
    Shot("replay-800", "The replay viewer at 800x600: the bookmarks menu open on a named point", kept_game,
         (("wait", 5.0), ("click", "replay:marks")), command="replay", size=(800, 600)),
)


# ---------------------------------------------------------------- the display and the windows

def _run(cmd: Sequence[str], display: str, check: bool = True) -> str:
    done = subprocess.run(list(cmd), env={**os.environ, "DISPLAY": display}, capture_output=True, text=True,
                          timeout=30)
    if check and done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: {done.stderr.strip() or done.returncode}")
    return done.stdout


def _free_display() -> int:
    for n in DISPLAYS:
        if not Path(f"/tmp/.X{n}-lock").exists() and not Path(f"/tmp/.X11-unix/X{n}").exists():
            return n
    raise RuntimeError(f"no free display among :{DISPLAYS.start}-:{DISPLAYS.stop - 1} (each has an X lock file)")


@contextmanager
def xvfb(use_display: bool, need: tuple[int, int] = SCREEN) -> Iterator[str]:
    """A display to open windows on: $DISPLAY when asked, else a private Xvfb on the first free number."""
    if use_display:
        display = os.environ.get("DISPLAY")
        if not display:
            raise RuntimeError("--use-display: $DISPLAY is not set")
        info = _run(["xdpyinfo"], display)
        w, h = (int(v) for v in info.split("dimensions:")[1].split()[0].split("x"))
        if w < need[0] or h < need[1]:  # a window partly off the screen is captured black there
            raise RuntimeError(f"--use-display: {display} is {w}x{h}; these shots need {need[0]}x{need[1]}"
                               + (" (the LAN pair: two windows side by side)" if need[0] > SIZE[0] else ""))
        yield display
        return
    n = _free_display()
    display = f":{n}"
    proc = subprocess.Popen(["Xvfb", display, "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 10
        while subprocess.run(["xdpyinfo"], env={**os.environ, "DISPLAY": display}, capture_output=True).returncode:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"Xvfb {display} did not start: {proc.stderr.read().decode().strip()[-300:]}")
            time.sleep(0.1)
        yield display
    finally:
        proc.terminate()
        proc.wait(timeout=10)


class Window:
    """The real app in a real window: started, found by its process id, driven with xdotool, captured."""

    def __init__(self, display: str, args: Sequence[str], log: Path, at: tuple[int, int] = (0, 0)) -> None:
        self.display = display
        self.log = log
        self.origin = at
        # SDL opens the window where it is told: a second window must not cover the first even for a moment, as
        # the table redraws only what changed and a covered part would stay black in the capture
        env = {**os.environ, "DISPLAY": display, "PYTHONUNBUFFERED": "1", "SDL_VIDEO_WINDOW_POS": f"{at[0]},{at[1]}"}
        env.pop("SDL_VIDEODRIVER", None)
        self._out = log.open("w")
        self.proc = subprocess.Popen([sys.executable, "-m", "tabletop", *args], cwd=ROOT, env=env,
                                     stdout=self._out, stderr=subprocess.STDOUT, start_new_session=True)
        self._find()
        time.sleep(2.5)  # the first frames: fonts, card faces, the layout
        # SDL may replace its first window as it starts (a resize, a new GL context): the one there now is the table
        self.wid = self._find()

    def _find(self) -> str:
        deadline = time.monotonic() + OPEN_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the app exited ({self.proc.returncode}): {self.log.read_text()[-800:]}")
            found = _run(["xdotool", "search", "--onlyvisible", "--pid", str(self.proc.pid)], self.display,
                         check=False).split()
            if found:
                return found[-1]
            time.sleep(0.2)
        raise RuntimeError(f"no window from the app after {OPEN_TIMEOUT:.0f} s: {self.log.read_text()[-800:]}")

    def xdo(self, *args: str) -> None:
        _run(["xdotool", *args], self.display)

    def point(self, at: tuple[int, int]) -> None:
        self.xdo("mousemove", "--window", self.wid, str(at[0]), str(at[1]))

    def gesture(self, g: Gesture) -> None:
        """One gesture, its points already in window pixels."""
        kind = g[0]
        if kind == "move":
            self.point(g[1])
        elif kind == "click":
            self.point(g[1])
            time.sleep(0.2)
            self.xdo("click", str(g[2] if len(g) > 2 else 1))
        elif kind == "drag":  # pressed, moved in small steps as a hand would, held still, let go
            (x1, y1), (x2, y2) = g[1], g[2]
            self.point((x1, y1))
            time.sleep(0.2)
            self.xdo("mousedown", "1")
            for i in range(1, 13):
                self.point((round(x1 + (x2 - x1) * i / 12), round(y1 + (y2 - y1) * i / 12)))
                time.sleep(0.03)
            time.sleep(0.3)
            self.xdo("mouseup", "1")
        elif kind in ("key", "keydown", "keyup", "type"):
            self.xdo("windowfocus", "--sync", self.wid)
            self.xdo(kind, "--delay", "40", g[1]) if kind == "type" else self.xdo(kind, g[1])
        elif kind == "wait":
            time.sleep(float(g[1]))
        else:
            raise ValueError(f"unknown gesture {g!r}")
        time.sleep(SETTLE)

    def capture(self, path: Path) -> Path:
        """The window's pixels as a PNG of 256 colours, undithered: the window's flat colours and text come through
        unchanged to the eye, in about a third of the bytes (dithering would add noise and cost as much as full colour)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        raw = path.with_suffix(".raw.png")
        _run(["import", "-window", self.wid, str(raw)], self.display)
        subprocess.run(["convert", str(raw), "-strip", "+dither", "-colors", "256", f"png8:{path}"], check=True)
        raw.unlink()
        return path

    def close(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        self._out.close()


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _autosave(work: Path, name: str) -> str:
    """A fresh autosave for one window: a journal left by an earlier run would carry that run's seats on."""
    for old in work.glob(f"{name}.autosave.*"):
        old.unlink()
    return str(work / f"{name}.autosave.yaml")


def run_shot(shot: Shot, display: str, out: Path, work: Path) -> list[Path]:
    """Build the shot's position, open it, play its gestures, capture, check; returns the files written."""
    save, seat = shot.position(work)
    size = f"{SIZE[0]}x{SIZE[1]}"
    taken = work / "taken"
    if not shot.guest:
        autosave = _autosave(work, shot.name)
        if shot.command == "decks":
            gestures = _aim(shot.gestures, probe_decks(save, shot.size, _names(shot.gestures)))
            args = ["decks", str(save), "--size", f"{shot.size[0]}x{shot.size[1]}"]
        elif shot.command == "replay":
            gestures = _aim(shot.gestures, probe_replay(save, shot.size, _names(shot.gestures)))
            args = ["replay", str(save), "--window", "--as", str(seat + 1), "--size", f"{shot.size[0]}x{shot.size[1]}"]
        else:
            gestures = _aim(shot.gestures, probe(save, seat, _names(shot.gestures)))
            args = ["play", str(save), "--seat", str(seat + 1), "--size", size, "--autosave", autosave]
        win = Window(display, args, work / f"{shot.name}.log")
        try:
            for g in gestures:
                win.gesture(g)
            pictures = [win.capture(taken / f"{shot.name}.png")]
        finally:
            win.close()
        if shot.check is not None:
            from tabletop.game import open_session

            problem = shot.check(open_session(autosave))
            if problem:
                raise RuntimeError(f"{shot.name}: {problem} (the picture is in {pictures[0]})")
    else:
        host_gestures = _aim(shot.gestures, probe(save, seat, _names(shot.gestures)))
        guest_gestures = _aim(shot.guest_gestures, probe(save, 1 - seat, _names(shot.guest_gestures)))
        port = _free_port()
        host = Window(display, ["host", str(save), "--bind", "127.0.0.1", "--port", str(port), "--no-announce",
                                "--size", size, "--autosave", _autosave(work, "lan")], work / "lan-host.log")
        guest = None
        try:
            guest = Window(display, ["play", "--join", f"127.0.0.1:{port}", "--name", "Bob", "--seat", str(2 - seat),
                                     "--size", size], work / "lan-guest.log", at=(SIZE[0] + 20, 0))
            for win, gestures in ((host, host_gestures), (guest, guest_gestures)):
                for g in gestures:
                    win.gesture(g)
            pictures = [host.capture(taken / f"{shot.name}.png"), guest.capture(taken / f"{shot.guest}.png")]
        finally:
            if guest is not None:
                guest.close()
            host.close()
    out.mkdir(parents=True, exist_ok=True)
    return [Path(shutil.copy2(p, out / p.name)) for p in pictures]


AIMED = ("move", "click", "drag")


def _names(gestures: Sequence[Gesture]) -> set[str]:
    return {a for g in gestures if g[0] in AIMED for a in g[1:3] if isinstance(a, str)}


def _aim(gestures: Sequence[Gesture], points: dict[str, tuple[int, int]]) -> list[Gesture]:
    return [(g[0], *(points[a] if isinstance(a, str) and g[0] in AIMED else a for a in g[1:])) for g in gestures]


def probe(save: Path, seat: int, names: set[str]) -> dict[str, tuple[int, int]]:
    """Where the named things are in a window of this position at SIZE, asked of the same app run headless.

    The real window lays the same position out at the same size the same way, so a gesture aimed from here lands
    on what it names however the layout changes; a name the app can no longer answer stops the run, named."""
    for key, value in (("SDL_VIDEODRIVER", "dummy"), ("SDL_AUDIODRIVER", "dummy"), ("PYGAME_HIDE_SUPPORT_PROMPT", "1")):
        os.environ.setdefault(key, value)
    from tabletop.game import open_session
    from tabletop.ui import TableApp, run_script

    app = TableApp(open_session(save), seat=seat, size=SIZE, fps=0)
    found: dict[str, tuple[int, int]] = {}

    def zone(name: str) -> tuple[int, int]:
        x, y, w, h = app.layout.zone_by_name[name].rect
        sx, sy = app.camera.to_screen(x + w / 2, y + h / 2)
        return round(sx), round(sy)

    try:
        app.run_frames(2)
        for name in sorted(names, key=lambda n: n.startswith("gallery:")):  # the gallery last: it covers the table
            kind, _, arg = name.partition(":")
            try:
                if kind == "hand":
                    card = app.hand.cards[int(arg)]
                    # a card drawn behind its neighbours in a crowded hand shows only its name strip, at the top
                    found[name] = (card.rect.centerx, card.rect.top + (12 if card.back else card.rect.height // 2))
                elif kind == "zone":
                    found[name] = zone(arg)
                elif kind == "gallery":
                    if app.peek is None:
                        run_script(app, [{"move": list(zone("deck"))}, {"key": "b"}, {"wait": 2}])
                    if app.peek is None:
                        raise LookupError("B over the deck opened no gallery")
                    found[name] = tuple(app.peek.filter.rect.center) if arg == "filter" \
                        else app.peek.slot_center(int(arg))
                else:
                    raise LookupError("no such kind of place")
            except (LookupError, AttributeError, ValueError) as e:
                raise RuntimeError(f"{save.name}: cannot find {name!r} in the window: {e!r}") from e
    finally:
        app.close()
    return found


def probe_decks(deck: Path, size: tuple[int, int], names: set[str]) -> dict[str, tuple[int, int]]:
    """Where the deck editor's named things are in a window of this size, asked of the same editor run headless:
    "decks:search" (the search field), "decks:found:N" (the browser's N-th row), "decks:row:TITLE" (the deck's row
    of that card)."""
    for key, value in (("SDL_VIDEODRIVER", "dummy"), ("SDL_AUDIODRIVER", "dummy"), ("PYGAME_HIDE_SUPPORT_PROMPT", "1")):
        os.environ.setdefault(key, value)
    from tabletop.cards import default_library, load_deck
    from tabletop.ui import TableApp

    library = default_library()
    app = TableApp(None, size=size, start_screen=True, fps=0, autosave=None, library=library)
    found: dict[str, tuple[int, int]] = {}
    try:
        editor = app.open_deck_editor(load_deck(deck, library))
        app.run_frames(2)
        for name in names:
            _, kind, arg = name.split(":", 2) if name.count(":") >= 2 else (*name.split(":", 1), "")
            if kind == "search":
                found[name] = editor.browser.search.get_abs_rect().center
            elif kind == "found":
                rows = editor.browser.list
                top = rows.get_abs_rect().top + rows.list_item_height * int(arg)
                found[name] = (rows.get_abs_rect().left + 80, top + rows.list_item_height // 2)
            elif kind == "row":
                titles = [library.get(ref).name if ref else None for _, ref in editor.panel.rows]
                found[name] = editor.panel.list.item_list[titles.index(arg)]["button_element"].get_abs_rect().center
            else:
                raise RuntimeError(f"{deck.name}: no place {name!r} in the deck editor")
    finally:
        app.close()
    return found


def probe_replay(save: Path, size: tuple[int, int], names: set[str]) -> dict[str, tuple[int, int]]:
    """Where the replay bar's named things are in a window of this size, asked of the same viewer run headless:
    "replay:thumb" (the timeline's handle), "replay:slider:F" (a fraction F along the timeline), "replay:button:KEY"
    (a button of its middle row: start, back, play, fwd, end, turn-, turn+, ...), "replay:marks" (the bookmarks
    menu), "replay:name" (the bookmark name field), "replay:mark" (Mark / Rename), "replay:delete" (Delete)."""
    for key, value in (("SDL_VIDEODRIVER", "dummy"), ("SDL_AUDIODRIVER", "dummy"), ("PYGAME_HIDE_SUPPORT_PROMPT", "1")):
        os.environ.setdefault(key, value)
    from tabletop.ui import TableApp

    app = TableApp(None, size=size, start_screen=True, fps=0, autosave=None)
    found: dict[str, tuple[int, int]] = {}
    try:
        if not app.open_replay_file(save):
            raise RuntimeError(f"{save.name}: the replay viewer cannot open it")
        app.run_frames(2)
        bar = app._replay_bar
        for name in names:
            _, kind, arg = name.split(":", 2) if name.count(":") >= 2 else (*name.split(":", 1), "")
            if kind == "thumb":
                found[name] = bar.slider.sliding_button.get_abs_rect().center
            elif kind == "slider":
                r = bar.slider.get_abs_rect()
                found[name] = (int(r.x + 24 + (r.w - 48) * float(arg)), r.centery)
            elif kind == "button":
                found[name] = bar.buttons[arg].get_abs_rect().center
            elif kind == "marks":
                found[name] = bar.mark_menu.get_abs_rect().center
            elif kind in ("name", "mark", "delete"):  # the bookmark's name field, Mark (Rename), Delete
                found[name] = getattr(bar, kind).get_abs_rect().center
            else:
                raise RuntimeError(f"{save.name}: no place {name!r} in the replay viewer")
    finally:
        app.close()
    return found


def _check_tools() -> None:
    missing = [t for t in ("Xvfb", "xdotool", "import", "convert", "xdpyinfo") if shutil.which(t) is None]
    if missing:
        raise SystemExit(f"shots.py needs {', '.join(missing)} (apt-get install xvfb xdotool imagemagick x11-utils)")


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("names", nargs="*", help="shots to take (default: all); see --list")
    p.add_argument("--out", type=Path, default=ROOT / "docs" / "images", help="where the PNGs go")
    p.add_argument("--work", type=Path, help="where the positions' saves and the apps' logs go (default: a temp dir)")
    p.add_argument("--use-display", action="store_true", help="open the windows on $DISPLAY instead of a private Xvfb")
    p.add_argument("--list", action="store_true", help="list the shots and their captions")
    args = p.parse_args(argv)
    names = {s.name: s for s in SHOTS} | {s.guest: s for s in SHOTS if s.guest}
    if args.list:
        for s in SHOTS:
            print(f"{s.name}.png: {s.caption}")
            if s.guest:
                print(f"{s.guest}.png: {s.guest_caption}")
        return 0
    unknown = [n for n in args.names if n not in names]
    if unknown:
        print(f"shots.py: no shot named {', '.join(unknown)} (there are: {', '.join(names)})", file=sys.stderr)
        return 2
    todo = [s for s in SHOTS if not args.names or s.name in args.names or s.guest in args.names]
    _check_tools()
    work = args.work or Path(tempfile.mkdtemp(prefix="tabletop-shots-"))
    work.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    need = SCREEN if any(s.guest for s in todo) else SIZE
    try:
        with xvfb(args.use_display, need) as display:
            for shot in todo:
                for path in run_shot(shot, display, args.out, work):
                    print(f"wrote {path} ({path.stat().st_size // 1024} KiB)", flush=True)
    except (RuntimeError, subprocess.SubprocessError, OSError) as e:
        print(f"shots.py: {e}", file=sys.stderr)
        return 1
    print(f"{len(todo)} shot(s) in {time.monotonic() - started:.0f} s; positions and app logs in {work}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
