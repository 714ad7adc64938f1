"""Gestures that make a legal move, strict: a gesture the rules refuse as it is, where a legal move does the same
thing, makes that move (found by a newcomer's trial: a click on the glowing X-Files Fan draw deck was refused while
"Draw 1 card from your draw deck" was listed; L on it was refused while "Look at the top 3 cards" was; a Site let
go on the Field of the opponent it is directed at was refused)."""

from __future__ import annotations

import pygame

from tabletop.core import actions as A
from tabletop.game import new_session
from tabletop.rules.xfiles_ccg.actions import PlaceSite
from tabletop.rules.xfiles_fan import ManualEffect
from tabletop.ui import TableApp
from tests.ui.test_xfiles_fan_by_hand import MORE, _after_coffee
from tests.ui.uihelpers import click, drag, engine_until, mouse, post, screen_of, zone_center


def test_a_click_on_the_draw_deck_makes_the_by_hand_draw() -> None:
    """After Late-Night Coffee ("Draw one card, then discard one card") a click on the seat's draw deck is the
    by-hand draw the move list offers, not a free draw the rules refuse (xff.3.1)."""
    app, coffee = _after_coffee()
    state = app.session.state
    hand, deck = len(state.zones["hand:0"].pieces), len(state.zones["deck:0"].pieces)
    click(app, zone_center(app, "deck:0"))
    app.run_frames(2)
    entry = app.session.history[-1]
    assert entry.action == ManualEffect("draw", amount=1, source=coffee) and entry.seat == 0
    assert (len(state.zones["hand:0"].pieces), len(state.zones["deck:0"].pieces)) == (hand + 1, deck - 1)
    assert not app.notices.items or all("Refused" not in n.text for n in app.notices.items)


def test_d_over_the_draw_deck_makes_the_by_hand_draw_and_no_move_no_draw() -> None:
    """D (draw) is the same gesture; once the seat said Done there is no draw to make: the free draw is refused
    as before, with the rules' reason."""
    app, coffee = _after_coffee()
    session = app.session
    post(app, mouse(pygame.MOUSEMOTION, zone_center(app, "deck:0")))
    post(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d", scancode=0))
    app.run_frames(2)
    assert session.history[-1].action == ManualEffect("draw", amount=1, source=coffee)
    assert session.submit(ManualEffect("done", source=coffee), 0).accepted
    app.run_frames(2)
    before = len(session.history)
    result = app.submit(A.Draw(1, source="deck:0"))
    assert not result.accepted and len(session.history) == before
    assert "xff.3.1" in (result.violations[0].rule if result.violations else "")


def _look_gallery(app: TableApp) -> list[dict]:
    assert app.peek is not None and not app.peek.closed, "no gallery opened on the deck"
    assert app.peek.zone == "deck:0"
    return [p for _, p in app.peek.entries]


def test_l_on_the_draw_deck_makes_the_by_hand_look_and_shows_the_cards_seen() -> None:
    """Pull the Old File ("Look at the top three cards of your draw deck and put them back in any order"): L over
    the deck, OK, is the by-hand look (xff.2.1 refuses a free one); the deck's gallery opens on the three cards,
    their faces this seat's view names; its To top puts the one chosen back on top (the card's "order" move)."""
    app, pull = _after_coffee(MORE, "pull-old-file")
    session, state = app.session, app.session.state
    top = list(state.zones["deck:0"].pieces[:3])
    post(app, mouse(pygame.MOUSEMOTION, zone_center(app, "deck:0")))
    post(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l", scancode=0))
    app.run_frames(1)
    assert app.prompt is not None
    click(app, app.prompt.ok.rect.center)
    app.run_frames(2)
    assert session.history[-1].action == ManualEffect("look", amount=3, source=pull)
    shown = _look_gallery(app)
    assert [p["id"] for p in shown] == top and all(p.get("card") for p in shown)
    assert app.peek.title.startswith("Top 3 of ") and app.peek.title.endswith("draw deck")
    # the gallery's To top on the third card: the by-hand move that puts it back on top
    app.peek.select(top[2])
    click(app, app.peek.button("top").rect.center)
    app.run_frames(2)
    assert session.history[-1].action == ManualEffect("order", (top[2],), to="deck:0", source=pull)
    assert state.zones["deck:0"].pieces[:3] == [top[2], top[0], top[1]]
    # To bottom asks for a place no legal move puts it: it goes to the rules as it is, never turned into "on top",
    # and strict refuses it (the text puts the cards back on top; xff.deck_order), the deck as it was
    seq = state.seq
    app.peek.select(top[1])
    click(app, app.peek.button("bottom").rect.center)
    app.run_frames(2)
    assert state.seq == seq and state.zones["deck:0"].pieces[:3] == [top[2], top[0], top[1]]
    assert any("xff.2.1" in t and "keeps the order" in t for t in app.notices.texts())


def test_the_look_row_opens_the_gallery_too() -> None:
    app, pull = _after_coffee(MORE, "pull-old-file")
    top = list(app.session.state.zones["deck:0"].pieces[:3])
    look = next(i for i, r in enumerate(app.legal.rows) if r.label.startswith("Look at the top"))
    click(app, app.side.moves.item_list[look]["button_element"].rect.center)
    app.run_frames(2)
    assert app.session.history[-1].action == ManualEffect("look", amount=3, source=pull)
    assert [p["id"] for p in _look_gallery(app)] == top


def test_off_a_click_on_the_deck_is_a_free_draw() -> None:
    """With the rules off the table is a sandbox: the click draws as it always did."""
    app, _ = _after_coffee()
    session = app.session
    app.submit(A.SetEnforcement("off"))
    app.run_frames(2)
    click(app, zone_center(app, "deck:0"))
    app.run_frames(2)
    assert session.history[-1].action.type == "draw"


def _at_sites() -> TableApp:
    session = new_session("xfiles-ccg", 2, enforcement="strict", seed=1)
    rules, state = session.rules, session.state
    engine_until(session, lambda: rules.step(state) == "sites")
    app = TableApp(session, seat=rules.decision(state), size=(1280, 800), fps=0)
    app.run_frames(2)
    return app


def test_a_site_let_go_on_the_opponents_field_is_placed_directed_at_them() -> None:
    """X-Files CCG, "place Sites from your hand directed at an opponent": a Site dragged onto the opponent's
    Field is placed at that opponent (it lies in its owner's Field, as placed from there)."""
    app = _at_sites()
    session, state, seat = app.session, app.session.state, app.seat
    other = 1 - seat
    site = next(m for m in app.legal.moves if isinstance(m, PlaceSite))
    drag(app, screen_of(app, site.piece), zone_center(app, f"field:{other}"))
    app.run_frames(2)
    assert session.history[-1].action == site and session.history[-1].seat == seat
    assert state.pieces[site.piece].zone == f"field:{seat}"
    assert state.rules["sites"][site.piece]["at"] == other


def test_with_two_opponents_the_field_a_site_is_let_go_on_says_which() -> None:
    """Three seats: a Site has a move per opponent; let go on one opponent's Field it is placed at that one, on its
    owner's Field the window asks which."""
    session = new_session("xfiles-ccg", 3, enforcement="strict", seed=1)
    rules, state = session.rules, session.state
    engine_until(session, lambda: rules.step(state) == "sites")
    app = TableApp(session, seat=rules.decision(state), size=(1280, 800), fps=0)
    app.run_frames(2)
    seat = app.seat
    sites = [m for m in app.legal.moves if isinstance(m, PlaceSite)]
    pid = sites[0].piece
    ats = sorted(m.at for m in sites if m.piece == pid)
    assert len(ats) == 2 and seat not in ats
    before = len(session.history)
    app.submit(A.Move((pid,), f"field:{seat}"))
    app.run_frames(1)
    assert app.prompt is not None and len(session.history) == before
    app.prompt.window.kill()
    app.prompt = None
    app.submit(A.Move((pid,), f"field:{ats[1]}"))
    app.run_frames(1)
    assert session.history[-1].action == PlaceSite(pid, ats[1])
    assert state.rules["sites"][pid]["at"] == ats[1]


def test_a_joined_window_makes_the_same_moves_for_its_gestures() -> None:
    """At a LAN table the joined window has no ruleset: the host's legal summary says which gesture each move stands
    for. Seat 2 (joined) played Pull the Old File: L on its draw deck is the by-hand look on the host, and the
    gallery opens on the three cards once the host's view names them, and its To top is the by-hand put-back; the
    card asks for no draw, so a click on the deck draws nothing."""
    import time

    from tabletop.rules.bots import GreedyBot
    from tabletop.rules.xfiles_fan import PlayAction

    session = new_session("xfiles-fan", 2, enforcement="strict", seed=2)
    rules, state = session.rules, session.state
    bot = GreedyBot(rules)
    for _ in range(3000):
        seat = next(iter(rules.waiting_for(state)))
        pull = [a for a in rules.generate_actions(state, seat) if isinstance(a, PlayAction) and seat == 1
                and state.pieces[a.piece].card.endswith("pull-old-file")]
        if pull:
            assert session.submit(pull[0], 1).accepted
            break
        assert session.submit(bot.choose(state, seat), seat).accepted
    else:
        raise AssertionError("seat 2 never played Pull the Old File")
    top = list(state.zones["deck:1"].pieces[:3])
    host_app = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    host = host_app.host(session, port=0, bind="127.0.0.1", name="gestures", announce=False)
    guest = TableApp(None, start_screen=True, size=(1280, 800), fps=0)

    def until(cond) -> None:
        deadline = time.monotonic() + 15.0
        while not cond():
            assert time.monotonic() < deadline, "condition not reached in time"
            host_app.step()
            guest.step()
            time.sleep(0.005)

    try:
        guest.join(f"127.0.0.1:{host.port}", seat=1, name="bob", timeout=15.0)
        until(lambda: guest.legal.moves and "deck:1" in guest.layout.zone_by_name)
        n = len(session.history)
        guest.look("deck:1", 3)
        until(lambda: len(session.history) > n and guest.peek is not None and len(guest.peek.entries) == 3)
        assert session.history[-1].action.kind == "look" and session.history[-1].seat == 1
        assert [p["card"] for _, p in guest.peek.entries] == [state.pieces[p].card for p in top]
        # the gallery's To top on the third card: the by-hand put-back, made on the host
        guest.peek.select(top[2])
        click(guest, guest.peek.button("top").rect.center)
        until(lambda: session.history[-1].action.kind == "order")
        assert session.history[-1].seat == 1 and state.zones["deck:1"].pieces[:3] == [top[2], top[0], top[1]]
        guest.peek.close()
        until(lambda: guest.view.get("seq") == state.seq)
        # the card asks for no draw: a click on the deck is no by-hand move, and strict refuses a free draw
        hand, seq = len(state.zones["hand:1"].pieces), state.seq
        click(guest, zone_center(guest, "deck:1"))
        for _ in range(40):
            host_app.step()
            guest.step()
        assert len(state.zones["hand:1"].pieces) == hand and state.seq == seq
    finally:
        for app in (guest, host_app):
            if app.source is not None:
                app.source.close()
        pygame.event.clear()
