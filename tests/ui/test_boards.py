"""Ruleset boards above the table (X-Files Fan round, X-Files CCG dashboard and Notebook), X-Files Fan card faces,
and card images found beside their set."""

from __future__ import annotations

import pygame
import pytest

from tabletop.boards.xfiles_ccg import XFilesCcgHud
from tabletop.boards.xfiles_fan import XFF_CIRCS, XFilesFanHud, xff_circumstance
from tabletop.cards import CardLibrary
from tabletop.game import new_session
from tabletop.ui import TableApp
from tabletop.ui.table.assets import AssetLoader
from tests.ui.uihelpers import click, engine_until

STEPS = 4000


def _play_until(app: TableApp, cond) -> None:
    """Let the bots play until `cond()` holds (bounded by STEPS frames), then take them off the table."""
    for _ in range(STEPS):
        if cond():
            break
        app.step()
    assert cond(), "the bots never reached the position"
    app.set_bots({})
    app.run_frames(2)


def _targets(app: TableApp, kind: str) -> list[tuple[pygame.Rect, dict]]:
    return [(r, t) for r, t in app.hud.buttons if isinstance(t, dict) and t.get("type") == kind]


def test_the_xfiles_fan_round_is_a_trick_above_the_table():
    app = TableApp(new_session("xfiles-fan", 2, enforcement="warn", seed=4), seat=0, size=(1600, 1000), fps=0,
                   bots={0: "greedy", 1: "greedy"})
    state = app.session.state
    _play_until(app, lambda: len(state.rules.get("round") or []) >= 2 and not state.rules.get("pending"))
    assert isinstance(app.hud, XFilesFanHud)
    board = app._hud_rect()
    assert board.h == XFilesFanHud.open_height and app.camera.viewport[1] == board.bottom
    # the board is drawn from the status: one card per entry of the round, in play order
    status = app.view["rules"]
    assert [e["piece"] for e in status["round"]] == [e["piece"] for e in state.rules["round"]]
    # F2 folds it to its header and gives the table the room
    before = app.camera.viewport
    click(app, next(r for r, t in app.hud.buttons if t == "toggle").center)
    assert not app.hud_open and app.camera.viewport[1] < before[1]


def test_a_value_to_choose_is_a_prompt_with_one_button_per_value():
    app = TableApp(new_session("xfiles-fan", 2, enforcement="strict", seed=4), seat=0, size=(1600, 1000), fps=0,
                   bots={0: "greedy", 1: "greedy"})
    state = app.session.state

    def asked() -> int | None:
        return next((p["seat"] for p in state.rules.get("pending") or [] if p.get("kind") == "value"), None)

    _play_until(app, lambda: asked() is not None)
    app.switch_seat(asked())
    app.run_frames(1)
    buttons = _targets(app, "xfiles-fan.choose_value")
    pending = next(p for p in app.view["rules"]["pending"] if p["kind"] == "value")
    lo, hi = pending["range"]
    assert [t["value"] for _, t in buttons] == list(range(lo, hi + 1))
    rect, target = buttons[-1]
    click(app, rect.center)
    entry = next(e for e in reversed(app.session.history) if e.action.type == "xfiles-fan.choose_value")
    assert entry.seat == app.seat and entry.action.value == hi


def test_the_xfiles_ccg_notebook_offers_a_guess_in_one_click():
    session = new_session("xfiles-ccg", 2, enforcement="warn", seed=1)
    rules = session.rules

    def question_time() -> bool:
        st = rules.status(session.state, 0)
        return st.get("step") == "question" and st.get("active") == 0 and bool(st.get("guesses"))

    engine_until(session, question_time)  # the window opens at the position (the bots play without frames)
    app = TableApp(session, seat=0, size=(1600, 1000), fps=0)
    app.run_frames(2)
    assert isinstance(app.hud, XFilesCcgHud)
    status = app.view["rules"]
    guesses = _targets(app, "xfc.guess")
    candidates = [c["name"] for c in status["notebook"]["opponents"][0]["candidates"]]
    assert len(guesses) == len(candidates) and {t["token"] for _, t in guesses} <= {g["token"] for g in status["guesses"]}
    asks = _targets(app, "xfc.ask")
    assert asks and all(t["token"] in {q["token"] for q in status["questions"]} for _, t in asks)
    # the rules panel words the opaque tokens the way the status does
    guess_row = next(r for r in app.legal.rows if r.kind == "xfc.guess")
    assert guess_row.label in [text for text, _ in app.side.move_items]
    assert set(guess_row.options) <= {g["name"] for g in status["guesses"]}, guess_row.options
    rect, target = guesses[0]
    n = len(app.session.history)
    click(app, rect.center)
    assert len(app.session.history) > n
    entry = next(e for e in app.session.history[n:] if e.action.type == "xfc.guess")
    assert entry.seat == 0 and entry.action.token == target["token"]


def test_the_dashboard_shows_pools_agents_and_the_check_against_its_need():
    session = new_session("xfiles-ccg", 2, enforcement="warn", seed=4)
    engine_until(session, lambda: bool(session.state.rules.get("check")))
    app = TableApp(session, seat=0, size=(1600, 1000), fps=0)
    app.run_frames(2)
    status = app.view["rules"]
    assert status["check"]["need"] is not None and status["pools"] and status["agents"]
    # a board draws the same picture for the same status: redrawn only when the view changes
    surf = app.hud._surf
    app.run_frames(1)
    assert app.hud._surf is surf


def _face(card_set_dir, tmp_path, image_name: str, set_images: str | None = None):
    lines = ["set: arts", "title: Art test"] + ([f"images: {set_images}"] if set_images else [])
    (card_set_dir / "set.yaml").write_text("\n".join(lines) + "\n")
    (card_set_dir / "cards.yaml").write_text(f"cards:\n  - id: one\n    name: One\n    type: thing\n    image: {image_name}\n")
    lib = CardLibrary([tmp_path / "cards"])
    loader = AssetLoader(lambda r: lib.get(r), None, set_lookup=lambda name: lib.sets.get(name))
    return loader.render_face("arts/one", (120, 168))


@pytest.fixture
def display():
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))
    pygame.font.init()


def _red(surf: pygame.Surface) -> bool:
    c = surf.get_at((surf.get_width() // 2, surf.get_height() // 2))
    return c.r > 200 and c.g < 40 and c.b < 40


def test_a_card_image_is_found_in_its_sets_images_folder(tmp_path, display):
    d = tmp_path / "cards" / "arts"
    (d / "art").mkdir(parents=True)
    img = pygame.Surface((30, 42))
    img.fill((230, 10, 10))
    pygame.image.save(img, str(d / "art" / "one.png"))
    assert _red(_face(d, tmp_path, "one.png", set_images="art"))


def test_a_card_image_beside_its_set_and_the_proxy_when_it_is_missing(tmp_path, display):
    d = tmp_path / "cards" / "arts"
    d.mkdir(parents=True)
    img = pygame.Surface((30, 42))
    img.fill((230, 10, 10))
    pygame.image.save(img, str(d / "one.png"))
    assert _red(_face(d, tmp_path, "one.png"))
    assert not _red(_face(d, tmp_path, "two.png"))
    # a path climbing out of the set's folder is not followed
    pygame.image.save(img, str(tmp_path / "outside.png"))
    assert not _red(_face(d, tmp_path, "../../outside.png"))


def test_xfiles_fan_faces_show_required_and_established_circumstances(display):
    from tabletop.cards import default_library

    lib = default_library()
    loader = AssetLoader(lambda r: lib.get(r), None, set_lookup=lambda name: lib.sets.get(name))
    cards = [c for c in lib.sets["xfiles-fan-sample"]]
    needs = next(c for c in cards if (c.get("requires_circumstances") or {}).get("jeopardy") is True)
    free = next(c for c in cards if "jeopardy" not in (c.get("requires_circumstances") or {}) and c.type == "following")
    amber = next(col for name, col, _ in XFF_CIRCS if name == "jeopardy")

    def left_edge_has(card, color) -> bool:
        face = loader.render_face(card.ref, (378, 528))
        strip = [face.get_at((x, y)) for x in range(8, 45) for y in range(80, 260)]
        return any(abs(p.r - color[0]) + abs(p.g - color[1]) + abs(p.b - color[2]) < 30 for p in strip)

    assert left_edge_has(needs, amber) and not left_edge_has(free, amber)
    assert xff_circumstance(True, False) == ("on", "")
    assert xff_circumstance("not", False) == ("off", "")
    assert xff_circumstance(2, False) == ("count", "2×")
    assert xff_circumstance("2prev", False) == ("count", "-2")
    assert xff_circumstance(None, True) == ("off", "") and xff_circumstance("pass", True) == ("none", "")
