"""Make docs/images/{table,preview,help,gallery,tragedy,xfiles-fan,xfiles-ccg}.png: `python tests/ui/make_docs_images.py`
(headless; in a real window with `SDL_VIDEODRIVER=x11 DISPLAY=:N`, e.g. under Xvfb).

Every change on the table is played as gestures through the app's loop (the script format of docs/UI.md), so
the pictures show what a person would see after doing the same.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tabletop.game import new_session, quick_table  # noqa: E402
from tabletop.ui import TableApp, run_script  # noqa: E402

__all__ = ["main"]


def _at(app: TableApp, pid: str) -> list[int]:
    item = app.layout.by_id.get(pid)
    if item is not None:
        return [round(v) for v in app.camera.to_screen(item.x, item.y)]
    card = next(c for c in app.hand.cards if c.pid == pid)
    return [card.rect.centerx, card.rect.centery]


def _zone(app: TableApp, name: str) -> list[int]:
    x, y, w, h = app.layout.zone_by_name[name].rect
    return [round(v) for v in app.camera.to_screen(x + w / 2, y + h / 2)]


def main(out: Path = ROOT / "docs" / "images") -> None:
    out.mkdir(parents=True, exist_ok=True)
    app = TableApp(quick_table(seed=11), seat=0, size=(1280, 800), fps=0)
    app.run_frames(2)
    deck = _zone(app, "deck")
    run_script(app, [{"action": {"type": "deal", "count": 6}, "seat": 0}])
    deck = _zone(app, "deck")
    hand = app.session.state.zones["hand:0"].pieces
    spots = [[150, 250], [270, 250], [120, 560]]  # open felt left of the other seat's hand and the deck
    for pid, spot in zip(hand[:3], spots, strict=True):
        run_script(app, [{"drag": [_at(app, pid), spot], "steps": 6}])
    run_script(app, [{"move": spots[1]}, {"key": "t"}])
    run_script(app, [{"drag": [deck, [860, 520]], "steps": 6}])
    run_script(app, [{"drag": [deck, _zone(app, "discard")], "steps": 6}])
    die = next(p for p in app.session.state.zones["table"].pieces if app.session.state.pieces[p].kind == "die")
    run_script(app, [{"move": _at(app, die)}, {"key": "x"}, {"move": spots[0]},
                     {"key": "equals"}, {"key": "rightbracket"}, {"key": "return"}, {"text": "Your move!"},
                     {"key": "return"}, {"move": _at(app, app.session.state.zones["hand:0"].pieces[1])},
                     {"wait": 2}])
    app.screenshot(out / "table.png")
    run_script(app, [{"move": spots[2]}, {"keydown": "space"}, {"wait": 1}])
    app.screenshot(out / "preview.png")
    run_script(app, [{"keyup": "space"}, {"key": "f1"}, {"wait": 1}])
    app.screenshot(out / "help.png")
    # B over the deck: the search gallery, filtered by a word, with the card under the pointer previewed
    run_script(app, [{"key": "f1"}, {"move": _zone(app, "deck")}, {"key": "b"}, {"wait": 2}])
    peek = app.peek
    assert peek is not None, "B over the deck opened no gallery"
    run_script(app, [{"move": list(peek.slot_center(2))}, {"wait": 2}])
    app.screenshot(out / "gallery.png")
    run_script(app, [{"key": "escape"}, {"wait": 1}])
    tragedy(out)
    xfiles_fan(out)
    xfiles_ccg(out)
    print("wrote", *(str(out / n) for n in ("table.png", "preview.png", "help.png", "gallery.png", "tragedy.png",
                                             "xfiles-fan.png", "xfiles-ccg.png")))


def tragedy(out: Path) -> None:
    """Tragedy in warn, mid-game: two greedy bots stage Actors and Sets, then seat 1 breaks a rule by hand."""
    app = TableApp(new_session("tragedy", 2, enforcement="warn", seed=4), seat=0, size=(1280, 800), fps=0,
                   bots={0: "greedy", 1: "greedy"})
    state = app.session.state

    def staged() -> int:
        return min(len(state.zones[f"{z}:{s}"].pieces) for z in ("actors", "sets") for s in (0, 1))

    for _ in range(3000):
        if staged() >= 2 and state.rules.get("priority") == 0 and not state.rules.get("stack"):
            break
        app.step()
    app.set_bots({})
    app.run_frames(2)
    # seat 1 drags a card from the hand straight onto the Actor tableau: warn lets it through and cites the rule
    card = state.zones["hand:0"].pieces[0]
    run_script(app, [{"drag": [_at(app, card), _zone(app, "actors:0")], "steps": 6}, {"move": [1100, 560]},
                     {"wait": 2}])
    app.screenshot(out / "tragedy.png")


def _bots_until(app: TableApp, cond, steps: int = 5000) -> None:
    for _ in range(steps):
        if cond():
            break
        app.step()
    app.set_bots({})
    app.run_frames(2)


def xfiles_fan(out: Path) -> None:
    """X-Files Fan in warn: two greedy bots play until a round of three cards or more is being scored and a player
    is asked the value of a positive, negative or conflict card; the picture is that player's window."""
    app = TableApp(new_session("xfiles-fan", 2, enforcement="warn", seed=4), seat=0, size=(1280, 800), fps=0,
                   bots={0: "greedy", 1: "greedy"})
    state = app.session.state

    def asked() -> int | None:
        if len(state.rules.get("round") or []) < 3:
            return None
        return next((p["seat"] for p in state.rules.get("pending") or [] if p.get("kind") == "value"), None)

    _bots_until(app, lambda: asked() is not None)
    app.switch_seat(asked())
    run_script(app, [{"move": [300, 60]}, {"wait": 2}])
    app.screenshot(out / "xfiles-fan.png")


def xfiles_ccg(out: Path) -> None:
    """The X-Files CCG in warn, mid-investigation: seat 1's Site is solved and it may ask or guess (Notebook)."""
    app = TableApp(new_session("xfiles-ccg", 2, enforcement="warn", seed=1), seat=0, size=(1280, 800), fps=0,
                   bots={0: "greedy", 1: "greedy"})
    rules = app.session.rules

    def question_time() -> bool:
        st = rules.status(app.session.state, 0)
        return st.get("step") == "question" and st.get("active") == 0 and bool(st.get("guesses"))

    _bots_until(app, question_time)
    app.screenshot(out / "xfiles-ccg.png")


if __name__ == "__main__":
    main()
