"""A large hand in the hand strip: every card's name strip shows, every card can be pointed at, and the hand
still reads left to right (X-Files Fan deals 13; each window size the layout test covers)."""

from __future__ import annotations

import pygame
import pytest

from tabletop.game import new_session
from tabletop.ui import TableApp
from tests.ui.uihelpers import engine_until, mouse, post


@pytest.fixture(scope="module")
def dealt():
    session = new_session("xfiles-fan", 2, enforcement="strict", seed=1)
    engine_until(session, lambda: len(session.state.zones["hand:0"].pieces) >= 13)
    return session


def _title_bar(rect: pygame.Rect) -> pygame.Rect:
    """The part of a proxy face that says the card's name (`AssetLoader._proxy_title`, without the cost)."""
    m = max(3, rect.w // 20)
    title_h = int(rect.h * 0.09)
    return pygame.Rect(rect.x + m, rect.y + m, rect.w - 2 * m - (title_h + 4), title_h)


@pytest.mark.parametrize("size", [(1280, 800), (1600, 1000), (800, 600)])
def test_every_name_strip_of_a_thirteen_card_hand_shows(dealt, size):
    app = TableApp(dealt, seat=0, size=size, fps=0)
    try:
        app.run_frames(2)
        cards = app.hand.cards
        assert len(cards) == len(dealt.state.zones["hand:0"].pieces) >= 13
        assert [c.rect.x for c in cards] == sorted(c.rect.x for c in cards), "the hand reads left to right"
        drawn = app.hand._drawn()
        for k, c in enumerate(drawn):
            bar = _title_bar(c.rect)
            assert app.hand.rect.contains(c.rect.inflate(0, 0)), f"card {c.index} leaves the strip"
            over = [o.index for o in drawn[k + 1:] if o.rect.colliderect(bar)]
            assert not over, f"{size}: the name of hand card {c.index} is covered by {over}"
        # each card can be pointed at where it shows, and shows whole on top while hovered
        for c in cards:
            spot = app.hand.spot(c.pid)
            post(app, mouse(pygame.MOUSEMOTION, spot))
            assert app.hover_hand is not None and app.hover_hand.pid == c.pid, (size, c.index, spot)
            assert app.hand._drawn(c.pid)[-1].pid == c.pid
    finally:
        pygame.display.quit()


def test_a_short_hand_stays_one_row_of_whole_cards():
    app = TableApp(new_session("tragedy", 2, enforcement="strict", seed=1), seat=0, size=(1280, 800), fps=0)
    try:
        app.run_frames(2)
        cards = app.hand.cards
        assert cards and not any(c.back for c in cards)
        assert len({c.rect.y for c in cards}) == 1
        assert all(a.rect.right <= b.rect.x for a, b in zip(cards, cards[1:], strict=False)), "no overlap"
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_the_legal_move_glow_hides_no_card_of_a_packed_hand(dealt, size):
    """A newcomer's trial at 800x600: every glowing card's outline covered the next card's corner (its rank)."""
    app = TableApp(dealt, seat=0, size=size, fps=0)
    try:
        app.run_frames(2)
        strip = app.hand
        every = [c.pid for c in strip.cards]
        plain = pygame.Surface(app.size)
        glowing = pygame.Surface(app.size)
        strip.draw(plain, app.assets, "Hand", None, (), False, glow=())
        strip.draw(glowing, app.assets, "Hand", None, (), False, glow=every)
        text = app.assets.text("Hand", 14, (220, 225, 230), bold=True)
        label = pygame.Rect(strip.label_at(text), text.get_size())
        ink = pygame.mask.from_surface(text, 254)  # the letters, not their antialiased edges
        cut = [(x, y) for x in range(label.w) for y in range(label.h) if ink.get_at((x, y))
               and plain.get_at((label.x + x, label.y + y)) != glowing.get_at((label.x + x, label.y + y))]
        assert not cut, "the hand's label is cut by the outlines below it"
        drawn = strip._drawn()
        for k, c in enumerate(drawn):
            bar = _title_bar(c.rect)
            later = [o.rect.x for o in drawn[k + 1:] if o.rect.colliderect(bar)]
            # the card's own corner, as far as the next card leaves it (less the next card's own outline)
            seen = bar.clip(pygame.Rect(bar.x, bar.y, (min(later) - 6 if later else bar.right) - bar.x, bar.h))
            assert seen.w > 4, f"card {c.index}: no corner left to check"
            a = pygame.image.tobytes(plain.subsurface(seen), "RGB")
            b = pygame.image.tobytes(glowing.subsurface(seen), "RGB")
            # a face's edge pixels are nearly opaque (alpha 253): what lies under them tints them by a unit or two
            worst = max(abs(x - y) for x, y in zip(a, b, strict=True))
            assert worst <= 8, f"card {c.index}: a glow outline is drawn over its corner"
    finally:
        app.close()


def test_the_hand_strips_label_reads_as_the_felt_labels_other_hands(dealt):
    """A newcomer's trial: "Seat 2 · Hand · 13 cards" on the felt, "Seat 1's hand · 13" on the strip."""
    app = TableApp(dealt, seat=0, size=(1280, 800), fps=0)
    try:
        said = []
        draw = app.hand.draw
        app.hand.draw = lambda surface, assets, label, *rest, **kw: (said.append(label), draw(surface, assets, label,
                                                                                              *rest, **kw))
        app.run_frames(1)
        n = len(dealt.state.zones["hand:0"].pieces)
        assert said[-1] == f"{app._names()[0]} · Hand · {n} cards"
        other = next(z for z in app.layout.zones if z.name == "hand:1")
        assert other.reserve == f"{app._names()[1]} · Hand"
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_the_glow_of_legal_hand_cards_leaves_the_hand_label_whole(size):
    """Trial 3 (and issue 30's list): the glowing cards' outlines ran through "Seat 2 · Hand · 7 cards"."""
    from tabletop.ui.table.render import GLOW

    session = new_session("tragedy", 2, enforcement="warn", seed=1)
    seat = session.state.rules["priority"]
    app = TableApp(session, seat=seat, size=size, fps=0)
    app.run_frames(2)
    assert app.legal.pieces  # the hand glows
    label = app.assets.text(f"Seat {seat + 1} · Hand · 7 cards", 14, (220, 225, 230), bold=True)
    box = label.get_bounding_rect().move(app.hand.label_at(label))  # the words' ink, where the strip draws them
    assert box.top > app.hand.rect.top + 1  # under the strip's edge line
    glow = [(x, y) for x in range(box.left, box.right) for y in range(box.top, box.bottom)
            if tuple(app.screen.get_at((x, y)))[:3] == GLOW]
    assert not glow, f"{len(glow)} glow pixels in the hand label at {size}"
    ink = [(x, y) for x in range(box.left, box.right) for y in range(box.top, box.bottom)
           if tuple(app.screen.get_at((x, y)))[:3] == (220, 225, 230)]
    assert len(ink) > box.w, "the label's words are drawn there"
    app.close()


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_the_hand_label_leaves_every_glowing_cards_outline_whole(size):
    """The label's plate covered the first glowing card's outline corner at 1280x800 (its top-left was cut away):
    every glowing card's top outline runs whole from corner to corner where no neighbour card covers it."""
    from tabletop.ui.table.render import GLOW

    session = new_session("tragedy", 2, enforcement="warn", seed=1)
    seat = session.state.rules["priority"]
    app = TableApp(session, seat=seat, size=size, fps=0)
    app.run_frames(2)
    glowing = [c for c in app.hand.cards if c.pid in app.legal.pieces]
    assert glowing
    label = app.assets.text(f"Seat {seat + 1} · Hand · 7 cards", 14, (220, 225, 230), bold=True)
    right = app.hand.rect.x + 12 + label.get_width()  # the label's words end there
    assert any(c.rect.inflate(10, 10).left < right for c in glowing), "a glowing card lies under the words"
    for card in glowing:
        r = card.rect.inflate(10, 10)
        later = [c.rect.inflate(10, 10) for c in app.hand.cards if c.index > card.index]
        xs = [x for x in range(r.left + 9, r.right - 9) if not any(o.left - 2 <= x < o.right + 2 for o in later)]
        cut = [x for x in xs if tuple(app.screen.get_at((x, r.top + 1)))[:3] != GLOW]
        assert not cut, f"the top outline of a hand card is cut at x={cut[:3]}… at {size}"
        assert tuple(app.screen.get_at((r.left + 1, r.top + 12)))[:3] == GLOW  # its left side under the corner
    app.close()
