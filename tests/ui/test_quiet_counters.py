"""A ruleset's bookkeeping counters (a once-per-turn use, the turn a token was spent) draw no badge over a card.

Found playing an X-Files CCG deck in the window: Agents carried badges reading "Used turn 3" and "Token turn 2",
numbers that mean nothing to a player. Damage still shows."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from tabletop.rules.xfiles_ccg import XFilesCCG  # noqa: E402
from tabletop.ui.table.camera import Camera  # noqa: E402
from tabletop.ui.table.layout import build_layout, quiet_counters  # noqa: E402
from tabletop.ui.table.render import Renderer  # noqa: E402
from tests.rules.xfiles_ccg_helpers import pid, position  # noqa: E402


class _Badges:
    """Assets that remember the badges asked for."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def badge(self, text: str, size: int, bg=None) -> pygame.Surface:
        self.texts.append(text)
        return pygame.Surface((10, 10))


def _table():
    s = position({"field:0": ["owen-marsh", "nadia-keller"]})
    marsh, keller = pid(s, "field:0", "owen-marsh"), pid(s, "field:0", "nadia-keller")
    s.state.pieces[marsh].counters.update({"used_turn": 3, "token_turn": 2, "damage": 1})
    s.state.pieces[keller].counters.update({"used_turn": 3})
    return s, marsh, keller


def test_bookkeeping_counters_draw_no_badge_and_damage_still_does() -> None:
    s, marsh, keller = _table()
    lay = build_layout(s.view(0), 0, (1280.0, 800.0))
    assert {"used_turn", "token_turn"} <= lay.quiet == XFilesCCG.quiet_counters
    decorated = {i.pid for i in lay.decorated()}
    assert marsh in decorated and keller not in decorated  # Keller carries only bookkeeping
    pygame.init()
    try:
        assets = _Badges()
        r = Renderer(assets)  # type: ignore[arg-type]
        target = pygame.Surface((1280, 800))
        cam = Camera(lay.table_size, (0, 0, 1280, 800))
        r._decorations(target, lay, cam, (), (), ())
    finally:
        pygame.quit()
    assert any(t.startswith("Damage") for t in assets.texts), assets.texts
    assert not any("turn" in t.lower() for t in assets.texts), assets.texts


def test_a_ruleset_this_program_lacks_shows_every_counter() -> None:
    assert quiet_counters("no-such-ruleset") == frozenset()
    assert quiet_counters(None) == frozenset()
