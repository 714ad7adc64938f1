"""docs/shots.py stays able to retake the docs' pictures: it names every image the docs show, and every position
it opens is reached by the bots and saved as a file the app loads (no display needed; the pictures themselves are
taken by running the script under Xvfb)."""

from __future__ import annotations

import importlib.util
import re
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

from tabletop.game import open_session

ROOT = Path(__file__).resolve().parents[2]


@cache
def _shots() -> ModuleType:
    """docs/shots.py as a module (docs/ is no package; its dataclasses need it in sys.modules while it loads)."""
    spec = importlib.util.spec_from_file_location("docs_shots", ROOT / "docs" / "shots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _pictures(shots: ModuleType) -> set[str]:
    return {f"{s.name}.png" for s in shots.SHOTS} | {f"{s.guest}.png" for s in shots.SHOTS if s.guest}


def test_every_image_the_docs_show_is_a_shot() -> None:
    shown = set()
    for doc in (ROOT / "README.md", ROOT / "docs" / "UI.md"):
        shown |= set(re.findall(r"images/([\w-]+\.png)\)", doc.read_text()))
    stored = {p.name for p in (ROOT / "docs" / "images").glob("*.png")}
    pictures = _pictures(_shots())
    assert shown <= pictures, f"shown in the docs but not retaken by docs/shots.py: {sorted(shown - pictures)}"
    assert stored <= pictures, f"in docs/images but not retaken by docs/shots.py: {sorted(stored - pictures)}"


def test_list_names_every_shot(capsys: pytest.CaptureFixture[str]) -> None:
    shots = _shots()
    assert shots.main(["--list"]) == 0
    listed = set(re.findall(r"([\w-]+\.png)", capsys.readouterr().out))
    assert listed == _pictures(shots)


def test_an_unknown_shot_is_named() -> None:
    assert _shots().main(["nosuch"]) == 2


@pytest.mark.parametrize("builder", sorted({s.position.__name__ for s in _shots().SHOTS if s.command == "play"}))
def test_each_position_is_reached_and_loads(builder: str, tmp_path: Path) -> None:
    shots = _shots()
    save, seat = getattr(shots, builder)(tmp_path)
    session = open_session(save)
    state = session.state
    assert 0 <= seat < len(state.seats)
    assert len(session.history) >= 5, "a position worth showing is a few moves in"
    assert not state.rules.get("over")
    if state.ruleset != "freeform":
        assert state.enforcement == "warn"
        assert session.rules.waiting_for(state) == [seat], "the window's seat is the one the game waits for"


@pytest.mark.parametrize("name", [s.name for s in _shots().SHOTS if s.command == "decks"])
def test_every_place_a_deck_editor_shot_aims_at_is_found_in_its_window(name: str, tmp_path: Path) -> None:
    """The deck editor, headless at the shot's size, answers every named place, inside the window; its deck loads."""
    shots = _shots()
    shot = next(s for s in shots.SHOTS if s.name == name)
    deck, _ = shot.position(tmp_path)
    assert deck.is_file()
    names = shots._names(shot.gestures)
    found = shots.probe_decks(deck, shot.size, names)
    assert set(found) == names
    for x, y in found.values():
        assert 0 <= x < shot.size[0] and 0 <= y < shot.size[1]


@pytest.mark.parametrize("name", [s.name for s in _shots().SHOTS if s.command == "play"])
def test_every_place_a_shot_aims_at_is_found_in_the_window(name: str, tmp_path: Path) -> None:
    """The app, headless at the shots' size, answers every named place the gestures aim at, inside the window."""
    shots = _shots()
    shot = next(s for s in shots.SHOTS if s.name == name)
    save, seat = shot.position(tmp_path)
    for window_seat, gestures in ((seat, shot.gestures), (1 - seat, shot.guest_gestures)):
        names = shots._names(gestures)
        found = shots.probe(save, window_seat, names)
        assert set(found) == names
        for x, y in found.values():
            assert 0 <= x < shots.SIZE[0] and 0 <= y < shots.SIZE[1]
        for g in shots._aim(gestures, found):
            if g[0] in shots.AIMED:
                assert not any(isinstance(a, str) for a in g[1:3]), g


def test_aim_replaces_names_only_where_a_gesture_points() -> None:
    shots = _shots()
    aimed = shots._aim([("move", "hand:0"), ("key", "b"), ("drag", "hand:1", "zone:deck"), ("type", "hand:0")],
                       {"hand:0": (1, 2), "hand:1": (3, 4), "zone:deck": (5, 6)})
    assert aimed == [("move", (1, 2)), ("key", "b"), ("drag", (3, 4), (5, 6)), ("type", "hand:0")]


def test_the_readme_captions_are_the_shots_captions() -> None:
    """`--list` says what each picture shows in the README's own words."""
    shots = _shots()
    captions = {f"{s.name}.png": s.caption for s in shots.SHOTS} | {
        f"{s.guest}.png": s.guest_caption for s in shots.SHOTS if s.guest}
    readme = re.findall(r"!\[([^\]]*)\]\(docs/images/([\w-]+\.png)\)", (ROOT / "README.md").read_text())
    assert readme
    for alt, picture in readme:
        assert " ".join(alt.split()) == captions[picture], picture
