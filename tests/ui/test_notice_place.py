"""A refusal (or any notice) covers no zone label and not the side panel (its card preview is what a player reads
when a warning comes): it goes on the table where no label (nor, when there is room, a zone) lies.
Every ruleset, at 1280x800 and 800x600, the side panel open and folded."""

from __future__ import annotations

import pygame
import pytest

from tabletop.game import new_session
from tabletop.rules import available_rulesets
from tabletop.ui import TableApp

SIZES = ((1280, 800), (800, 600))
REFUSAL = ("Refused — xfc.effect.1: moving Cover-Up from Hand to Chain is no rule's doing: use the rules actions "
           "(pick its move under Legal moves)")


def _labels(app: TableApp) -> list[tuple[str, pygame.Rect]]:
    names = {p["seat"]: p for p in app.view.get("players", [])}
    out = []
    for z in app.layout.zones:
        placed = app.renderer.label_placement(z, app.camera, names)
        if placed is not None:
            out.append((placed.text, placed.rect))
    return out


def _boxes(app: TableApp) -> list[pygame.Rect]:
    return [box.get_abs_rect() for box, _ in app.notices.items]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", sorted(available_rulesets()))
def test_a_refusal_covers_no_zone_label(name, size):
    app = TableApp(new_session(name, 2, enforcement="strict", seed=2), seat=1, size=size, fps=0)
    try:
        app.run_frames(2)
        for folded in (False, True):
            if folded:
                app.toggle_side()
                app.run_frames(1)
            app.notices.clear()
            app.notices.add(REFUSAL, "error", 5.0, refusal=True)
            app.notices.add("Rule 4.3: a hand holds at most two cards", "warn", 7.0)
            app.run_frames(1)
            where = f"{name} {size} {'folded' if folded else 'open'}"
            labels = _labels(app)
            assert labels, where
            screen = pygame.Rect(0, 0, *app.size)
            for box in _boxes(app):
                assert screen.contains(box), f"{where}: notice {box} is off the window"
                for text, r in labels:
                    assert not box.colliderect(r), f"{where}: the notice {box} covers the label {text!r} {r}"
                if not folded:
                    side = app.side.panel.get_abs_rect()
                    assert not box.colliderect(side), f"{where}: the notice {box} covers the side panel {side}"
                    assert not box.colliderect(app.side.preview_rect.move(side.topleft)), f"{where}: covers the preview"
            # the words are whole: nothing of the notice is cut by its box
            assert any("xfc.effect.1" in t for t in app.notices.texts())
    finally:
        pygame.event.clear()
