"""The window's house: its rooms are packages, its theme is still found from the room the window lives in."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

import tabletop.ui as ui
from tabletop.ui.app import window

ROOMS = ("app", "dialogs", "input", "panels", "table", "decks", "replay")


def test_every_room_is_a_package_and_every_module_imports() -> None:
    for room in ROOMS:
        assert (Path(ui.__file__).parent / room / "__init__.py").is_file(), room
    names = [m.name for m in pkgutil.walk_packages(ui.__path__, "tabletop.ui.")]
    for name in names:
        importlib.import_module(name)
    loose = [p.name for p in Path(ui.__file__).parent.glob("*.py") if p.name != "__init__.py"]
    assert loose == []  # every module lives in a room


def test_the_window_finds_its_theme() -> None:
    theme = Path(window.__file__).parents[1] / "theme.json"
    assert theme.is_file()
    # the assets/ beside the package: the checkout's root, three rooms up from the window's module
    assert (Path(window.__file__).resolve().parents[3] / "tabletop" / "ui").is_dir()


def test_what_other_packages_import_is_still_there() -> None:
    assert {"TableApp", "load_script", "parse_house_rules", "run_script"} <= set(dir(ui))
