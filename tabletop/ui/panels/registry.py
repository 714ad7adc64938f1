"""What rulesets add to the window, registered by them: boards above the table and card faces.

A ruleset's UI plug-in (a module of tabletop.boards) calls `register_panel(ruleset, factory)` and
`register_face(match, paint)` when imported; the window asks `make_panel(ruleset, assets)` and `face_painter(card)`
and never names a ruleset. Plug-ins are imported once, on first use.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pygame

    from ..table.assets import AssetLoader
    from .hud import Hud

__all__ = ["face_painter", "hidden_fields", "hide_fields", "make_panel", "register_face", "register_panel"]

PanelFactory = Callable[["AssetLoader | None"], "Hud"]
FacePainter = Callable[["AssetLoader", Any, tuple[int, int]], "pygame.Surface"]

_PANELS: dict[str, PanelFactory] = {}
_FACES: list[tuple[Callable[[Any], bool], FacePainter]] = []
_HIDDEN: set[str] = set()
_loaded = False


def register_panel(ruleset: str, factory: PanelFactory) -> None:
    """The board drawn above the table for games of `ruleset` (a `Hud` subclass or any factory of one)."""
    _PANELS[ruleset] = factory


def register_face(match: Callable[[Any], bool], paint: FacePainter) -> None:
    """A card face drawn from data by `paint(assets, card, size)` for the cards `match(card)` accepts."""
    _FACES.append((match, paint))


def hide_fields(*names: str) -> None:
    """Card fields a ruleset reads but a proxy face should not list (they mean nothing to a player)."""
    _HIDDEN.update(names)


def hidden_fields() -> set[str]:
    _load()
    return _HIDDEN


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    package = importlib.import_module("tabletop.boards")
    for info in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"{package.__name__}.{info.name}")


def make_panel(ruleset: str, assets: AssetLoader | None = None) -> Hud | None:
    """The board a ruleset registered, or None (the side panel's words serve it)."""
    _load()
    factory = _PANELS.get(ruleset)
    return factory(assets) if factory is not None else None


def face_painter(card: Any) -> FacePainter | None:
    """The registered face painter for a card, or None (the generic proxy face)."""
    _load()
    for match, paint in _FACES:
        if match(card):
            return paint
    return None
