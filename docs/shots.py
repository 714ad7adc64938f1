"""Retake the docs' screenshots (docs/images/*.png) in a real window at 1280x800, so they show the window as it is.

Each shot builds a position worth showing through the engine (a seeded game played by the bots until the moment the
caption names, saved as an ordinary YAML save), opens it with the real app (`python -m tabletop play SAVE`) in a
real X window (a private Xvfb, or $DISPLAY with --use-display), drives it with xdotool where the shot needs a hover,
a key or a dialog, and captures the window with ImageMagick's `import`. The LAN pair is a host and a guest on
127.0.0.1, two windows side by side. Nothing here is part of the test run (it needs Xvfb, xdotool and ImageMagick).

    python docs/shots.py                  # every shot into docs/images/
    python docs/shots.py tragedy help     # just these
    python docs/shots.py --list           # the shots and their captions
    python docs/shots.py --out /tmp/shots # somewhere else (the positions' saves are kept beside them)

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

__all__ = ["ROOT", "SHOTS", "Shot", "Window", "main", "positions", "run_shot"]

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
    jack, nine, eight, queen = s.state.zones["hand:0"].pieces[:4]  # played from the hand: a seat names what it sees
    _submit(s, 0, type="move", pieces=[jack], to="table", x=230, y=560, face_up=True)
    _submit(s, 0, type="move", pieces=[nine], to="table", x=380, y=580, face_up=True)
    _submit(s, 0, type="tap", pieces=[nine])
    _submit(s, 0, type="add_counter", name="damage", piece=jack)
    _submit(s, 0, type="move", pieces=[eight], to="discard", face_up=True)
    _submit(s, 0, type="move", pieces=[queen], to="table", x=1150, y=880, face_up=False)
    dice = [p.id for p in s.state.pieces.values() if p.kind == "die"]
    _submit(s, 0, type="roll", pieces=dice)
    _submit(s, 0, type="chat", text="Your move!")
    return save_game(s, out / "table.yaml"), 0


def tragedy_midgame(out: Path) -> tuple[Path, int]:
    """Tragedy in warn, turn 3 or later: tableaus built on both sides, Seat 1 holding priority with cards to play."""
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
    # warn lets a broken rule through and logs it with its number: Seat 2 draws a card out of turn
    result = s.submit(action_from_dict({"type": "draw", "count": 1}), 1)
    if not result.accepted or not result.entry.violations:
        raise RuntimeError(f"the out-of-turn draw was meant to be a logged violation: {result}")
    return save_game(s, out / "tragedy.yaml"), 0


def xfiles_fan_scoring(out: Path) -> tuple[Path, int]:
    """X-Files Fan in warn at a round's scoring, the window's seat choosing the value of a conflict card."""
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


# ---------------------------------------------------------------- the shots

#: a gesture, in window pixels: ("move", x, y) | ("click", x, y[, button]) | ("drag", (x, y), (x, y)) |
#: ("key", xdotool key name) | ("keydown", name) | ("type", text) | ("wait", seconds)
Gesture = tuple[Any, ...]

HAND_CARD = (490, 720)  # the middle of the hand strip: a hand card with five or so in hand


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


SHOTS: tuple[Shot, ...] = (
    Shot("table", "The quick table: your hand along the bottom, the other seat's hand as backs, the deck and discard "
         "in the middle, tokens, dice and a counter, the card preview, seats and log on the right",
         freeform_table, (("move", *HAND_CARD),)),
    Shot("preview", "A large preview of a card", freeform_table, (("move", *HAND_CARD), ("keydown", "space"))),
    Shot("help", "Every shortcut, on F1", freeform_table, (("move", 640, 400), ("key", "F1"))),
    Shot("gallery", "Searching a deck, filtered by a word", freeform_table,
         (("deck",), ("key", "b"), ("click", 270, 95), ("type", "hearts"), ("move", 410, 220))),
    # Seat 1 drags a hand card straight onto its Actor tableau: warn lets it through and cites the rule
    Shot("tragedy", "A Tragedy game in warn mode: a card dragged straight onto the Actor tableau is let through "
         "and cited by its rule", tragedy_midgame,
         (("drag", (270, 720), (470, 520)), ("move", *HAND_CARD))),
    Shot("xfiles-fan", "An X-Files Fan round being scored: the board asks the value of a negative card, one "
         "button per value", xfiles_fan_scoring, (("move", *HAND_CARD),)),
    Shot("xfiles-ccg", "An X-Files CCG investigation: a Site solved, the seat may ask about or guess the other's "
         "X-File from its Notebook", xfiles_ccg_investigation, (("move", 545, 720),)),
    Shot("lan-host", "The host's window: its own hand, the guest's hand as backs", tragedy_midgame,
         (("move", *HAND_CARD),), guest="lan-guest", guest_caption="The guest's window: its own hand, the host's as backs",
         # the guest's "Joined ...: you are Guest" notice lasts 4 s and sits over the preview
         guest_gestures=(("key", "Return"), ("type", "Your move!"), ("key", "Return"), ("move", *HAND_CARD),
                         ("wait", 4.0))),
)


def positions() -> dict[str, Callable[[Path], tuple[Path, int]]]:
    """Every position builder the shots use, by name (for a quick check without a display)."""
    return {s.name: s.position for s in SHOTS}


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
def xvfb(use_display: bool) -> Iterator[str]:
    """A display to open windows on: $DISPLAY when asked, else a private Xvfb on the first free number."""
    if use_display:
        if not os.environ.get("DISPLAY"):
            raise RuntimeError("--use-display: $DISPLAY is not set")
        yield os.environ["DISPLAY"]
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

    def gesture(self, g: Gesture) -> None:
        kind = g[0]
        if kind == "move":
            self.xdo("mousemove", "--window", self.wid, str(g[1]), str(g[2]))
        elif kind == "click":
            self.xdo("mousemove", "--window", self.wid, str(g[1]), str(g[2]))
            time.sleep(0.2)
            self.xdo("click", str(g[3] if len(g) > 3 else 1))
        elif kind == "drag":  # pressed, moved in small steps as a hand would, held still, let go
            (x1, y1), (x2, y2) = g[1], g[2]
            self.xdo("mousemove", "--window", self.wid, str(x1), str(y1))
            time.sleep(0.2)
            self.xdo("mousedown", "1")
            for i in range(1, 13):
                t = i / 12
                self.xdo("mousemove", "--window", self.wid, str(round(x1 + (x2 - x1) * t)),
                         str(round(y1 + (y2 - y1) * t)))
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


def _window_args(save: Path, seat: int, work: Path, name: str) -> list[str]:
    return ["play", str(save), "--seat", str(seat + 1), "--size", f"{SIZE[0]}x{SIZE[1]}",
            "--autosave", _autosave(work, name)]


def run_shot(shot: Shot, display: str, out: Path, work: Path) -> list[Path]:
    """Build the shot's position, open it, play its gestures, capture; returns the files written."""
    save, seat = shot.position(work)
    size = f"{SIZE[0]}x{SIZE[1]}"
    if not shot.guest:
        win = Window(display, _window_args(save, seat, work, shot.name), work / f"{shot.name}.log")
        try:
            for g in shot.gestures:
                win.gesture(_where(g, shot))
            return [win.capture(out / f"{shot.name}.png")]
        finally:
            win.close()
    port = _free_port()
    host = Window(display, ["host", str(save), "--bind", "127.0.0.1", "--port", str(port), "--no-announce",
                            "--size", size, "--autosave", _autosave(work, "lan")], work / "lan-host.log")
    guest = None
    try:
        guest = Window(display, ["play", "--join", f"127.0.0.1:{port}", "--name", "Bob", "--seat", "2",
                                 "--size", size], work / "lan-guest.log", at=(SIZE[0] + 20, 0))
        for win, gestures in ((host, shot.gestures), (guest, shot.guest_gestures)):
            for g in gestures:
                win.gesture(_where(g, shot))
        return [host.capture(out / f"{shot.name}.png"), guest.capture(out / f"{shot.guest}.png")]
    finally:
        if guest is not None:
            guest.close()
        host.close()


def _where(g: Gesture, shot: Shot) -> Gesture:
    """Gestures that name a thing rather than a point: ("deck",) is the pointer on the quick table's deck."""
    if g == ("deck",):
        return ("move", 430, 450)
    return g


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
    with xvfb(args.use_display) as display:
        for shot in todo:
            for path in run_shot(shot, display, args.out, work):
                print(f"wrote {path} ({path.stat().st_size // 1024} KiB)", flush=True)
    print(f"{len(todo)} shot(s) in {time.monotonic() - started:.0f} s; positions and app logs in {work}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
