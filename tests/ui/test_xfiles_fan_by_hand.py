"""X-Files Fan in the window, strict: after an Action card its by-hand moves are rows of the move list, under a
heading naming the card, in short words that fit the side panel at 1280x800 (the whole words on hover), the
discards of every hand card one row with "Done" in sight; one click on the draw row draws, a hand card let go on the
discard pile is discarded unrevealed by hand, and no card glows for a by-hand move (the glow is the real plays)."""

from __future__ import annotations

import pygame

from tabletop.core.legal import move_paths
from tabletop.rules.xfiles_fan import ManualEffect, PlayAction, PlayCard
from tabletop.ui import TableApp
from tabletop.ui.panels.movelist import ROW_PAD
from tabletop.ui.table.render import GLOW
from tests.rules.test_xfiles_fan import position
from tests.ui.uihelpers import choose, click, drag, mouse, post, screen_of, zone_center

S = "xfiles-fan-sample/"
#: a full hand: the Case, the Action card and 13 more
MORE = ("anonymous-tip", "shred-the-memo", "closed-for-now", "canvass-witnesses", "deep-background",
        *["gone-before-dawn"] * 5)


def _after_coffee(more: tuple[str, ...] = (), action: str = "late-coffee") -> tuple[TableApp, str]:
    """Seat 0 placed a Case and played Late-Night Coffee ("Draw one card, then discard one card."), or `action`,
    with the hand cards `more` besides."""
    first = ["cold-lake-lights", action] + [r for r in ("late-coffee", "pull-old-file") if r != action]
    _, state, session = position(hands={0: [*first, "lab-analysis", "second-look", *more], 1: ["closed-for-now"]},
                                 decks={0: ["gone-before-dawn"] * 15, 1: ["gone-before-dawn"] * 15})
    case, coffee = state.zones["hand:0"].pieces[:2]
    assert session.submit(PlayCard(case), 0).accepted
    assert session.submit(PlayAction(coffee), 0).accepted
    app = TableApp(session, seat=0, size=(1280, 800), fps=0)
    app.run_frames(2)
    return app, coffee


def test_the_by_hand_rows_are_listed_and_the_status_says_so() -> None:
    app, coffee = _after_coffee()
    texts = [t for t, _ in app.side.move_items]
    assert texts == ["By hand (Late-Night Coffee):", "Draw 1 card from your draw deck",
                     "Discard a card unrevealed (3 choices)", "Done: nothing more to apply"]
    full = [t for row in app.legal.rows for t in row.texts]
    assert "Draw 1 card from your draw deck (Late-Night Coffee)" in full
    assert "Discard Lab Analysis unrevealed (Late-Night Coffee)" in full
    assert "Done: nothing more to apply (Late-Night Coffee)" in full
    assert "apply Late-Night Coffee by hand" in app.view["rules"]["todo"]


def _visible(app: TableApp, index: int) -> bool:
    """Whether row `index` of the move list is in sight without scrolling (made, and inside the list's box)."""
    button = app.side.moves.item_list[index]["button_element"]
    return button is not None and app.side.moves.get_abs_rect().contains(button.rect)


def test_with_a_full_hand_the_discards_are_one_row_and_done_is_in_sight() -> None:
    """13 hand cards: one "discard unrevealed" row for all, which opens the choice of card; "Done" is listed
    within the rows the list shows without scrolling."""
    app, coffee = _after_coffee(MORE)
    state = app.session.state
    hand = state.zones["hand:0"].pieces
    assert len(hand) == 13
    texts = [t for t, _ in app.side.move_items]
    assert texts == ["By hand (Late-Night Coffee):", "Draw 1 card from your draw deck",
                     "Discard a card unrevealed (13 choices)", "Done: nothing more to apply"]
    assert all(_visible(app, i) for i in range(len(texts)))
    # the discard row opens the choice of the card, named; choosing one discards that card unrevealed
    click(app, app.side.moves.item_list[2]["button_element"].rect.center)
    app.run_frames(1)
    dialog = app.prompt
    names = [app.session.rules.card(state.pieces[p].card).name for p in hand]
    assert dialog is not None and dialog.options == names and "Lab Analysis" in names
    lab = hand[names.index("Lab Analysis")]
    choose(app, names.index("Lab Analysis"))
    app.run_frames(2)
    assert app.session.history[-1].action == ManualEffect("discard", (lab,), source=coffee)
    assert state.pieces[lab].zone == "discard:0" and not state.pieces[lab].face_up
    # Done is one click, and closes the card's by-hand rows
    done = [t for t, _ in app.side.move_items].index("Done: nothing more to apply")
    assert _visible(app, done)
    click(app, app.side.moves.item_list[done]["button_element"].rect.center)
    app.run_frames(2)
    assert app.session.history[-1].action == ManualEffect("done", source=coffee)
    assert not [t for t, _ in app.side.move_items]


def test_a_hand_cards_menu_lists_its_own_discard_only() -> None:
    app, coffee = _after_coffee(MORE)
    state = app.session.state
    lab = next(p for p in state.zones["hand:0"].pieces if state.pieces[p].card == S + "lab-analysis")
    items = [text for text, _ in app._legal_items(lab)]
    assert items == ["Discard Lab Analysis unrevealed (Late-Night Coffee)"]


def test_the_by_hand_rows_read_whole_at_1280x800_and_tell_the_rest_on_hover() -> None:
    """Each by-hand row fits the side panel uncut (the card is named once, in the heading); its tooltip tells its
    whole words, the card's name too. Late-Night Coffee, then Pull the Old File (look, put back on top)."""
    for action in ("late-coffee", "pull-old-file"):
        app, src = _after_coffee(MORE, action)
        if action == "pull-old-file":  # look, then the rows that put a looked-at card back on top
            look = next(i for i, r in enumerate(app.legal.rows) if r.label.startswith("Look at the top"))
            click(app, app.side.moves.item_list[look]["button_element"].rect.center)
            app.run_frames(2)
            assert any(r.label.startswith("Put a card back on top (") for r in app.legal.rows)
        lst = app.side.moves
        font = lst.ui_theme.get_font([])
        name = app.session.rules.card(app.session.state.pieces[src].card).name
        for i, ((label, oid), row) in enumerate(zip(app.side.move_items, app.legal.rows, strict=True)):
            item = lst.item_list[i]
            assert item["text"] == label, f"{label!r} is cut to {item['text']!r}"
            assert font.size(label)[0] <= lst.item_list_container.relative_rect.w - 2 * ROW_PAD, label
            tip = lst.tip_text(oid)
            assert tip is not None and name in tip
            if len(row.moves) == 1:
                assert tip == row.texts[0]
            assert all(option in tip for option in row.options)
        # a player hovers the draw row: pygame-gui's tooltip tells its whole words
        i = next(i for i, r in enumerate(app.legal.rows) if len(r.moves) == 1)
        button = lst.item_list[i]["button_element"]
        post(app, mouse(pygame.MOUSEMOTION, button.rect.center))
        app.run_frames(40)
        assert button.tool_tip is not None and app.legal.rows[i].texts[0] in button.tool_tip.text_block.html_text
        pygame.event.clear()


def _glowing(app: TableApp) -> set[str]:
    """The hand cards drawn with the glow outline."""
    def glows(r: pygame.Rect) -> bool:  # its left side or its top: the cards drawn after it cover the rest
        edge = [(r.x - 4, r.centery), *((x, r.y - 4) for x in (r.x + 6, r.x + 12, r.centerx))]
        return any(tuple(app.screen.get_at(p))[:3] == GLOW for p in edge)

    return {c.pid for c in app.hand.cards if glows(c.rect)}


def test_no_card_glows_for_a_by_hand_move_only_for_a_real_play() -> None:
    """While Late-Night Coffee is open its seat may discard any hand card by hand, which is no play: no hand card,
    nor the deck, nor the Action card glows for it; when the seat may play again, the cards it may play glow."""
    app, coffee = _after_coffee(MORE)
    session, state = app.session, app.session.state
    post(app, mouse(pygame.MOUSEMOTION, (2, 2)))  # nothing hovered: the hand lies flat
    app.run_frames(1)
    assert [r for r in app.legal.rows if r.moves]  # the by-hand rows are there...
    assert app.legal.pieces == frozenset() and _glowing(app) == set()  # ...and nothing glows for them
    # seat 2 passes: seat 1 may play again (two Followings), its Action card still open
    assert session.submit(next(iter(session.legal_actions(1))), 1).accepted
    app.run_frames(2)
    plays = {pid for a in session.legal_actions(0) if not isinstance(a, ManualEffect)
             for pid, _ in move_paths(session.rules, state, a, 0)}
    assert plays and app.legal.pieces == plays
    assert any(isinstance(a, ManualEffect) for a in session.legal_actions(0))
    assert coffee not in app.legal.pieces and state.zones["deck:0"].pieces[0] not in app.legal.pieces
    post(app, mouse(pygame.MOUSEMOTION, (2, 2)))
    app.run_frames(1)
    assert _glowing(app) == plays & {c.pid for c in app.hand.cards}


def test_one_click_on_the_draw_row_draws() -> None:
    app, coffee = _after_coffee()
    state = app.session.state
    hand, deck = len(state.zones["hand:0"].pieces), len(state.zones["deck:0"].pieces)
    row = next(i for i, r in enumerate(app.legal.rows) if r.label.startswith("Draw 1 card"))
    click(app, app.side.moves.item_list[row]["button_element"].rect.center)
    app.run_frames(2)
    entry = app.session.history[-1]
    assert entry.action == ManualEffect("draw", amount=1, source=coffee) and entry.seat == 0
    assert (len(state.zones["hand:0"].pieces), len(state.zones["deck:0"].pieces)) == (hand + 1, deck - 1)


def test_a_hand_card_let_go_on_the_discard_pile_is_discarded_unrevealed() -> None:
    app, coffee = _after_coffee()
    state = app.session.state
    lab = next(p for p in state.zones["hand:0"].pieces if state.pieces[p].card == S + "lab-analysis")
    drag(app, screen_of(app, lab), zone_center(app, "discard:0"))
    app.run_frames(2)
    assert state.pieces[lab].zone == "discard:0" and not state.pieces[lab].face_up
    assert app.session.history[-1].action == ManualEffect("discard", (lab,), source=coffee)


def test_the_opponent_asked_to_show_a_card_has_one_row_for_it() -> None:
    """An Anonymous Tip ("your opponent shows you one card"): the other seat's list says so under the card's
    heading, one row for its whole hand, before its own moves; nothing glows for it."""
    app, tip = _after_coffee(MORE, "anonymous-tip")
    app.switch_seat(1)
    app.run_frames(2)
    hand = app.session.state.zones["hand:1"].pieces
    assert [t for t, _ in app.side.move_items] == ["By hand (An Anonymous Tip):",
                                                   f"Show a card to Seat 1 ({len(hand)} choices)", "Other moves:",
                                                   "Pass"]
    assert app.legal.pieces == frozenset()
    row = app.legal.rows[1]
    assert row.moves and all(app.legal.moves[i] == ManualEffect("reveal", (p,), seat=0, source=tip)
                             for i, p in zip(row.moves, hand, strict=True))


def test_a_glowing_action_card_let_go_on_the_round_is_played() -> None:
    """A newcomer's trial: the glowing Action card dropped on the round was refused ("Seat 1 must first play an
    Action card or none") though that was what the seat was doing; on the round, as on the discard pile, it plays."""
    _, state, session = position(hands={0: ["cold-lake-lights", "late-coffee", "lab-analysis"], 1: ["second-look"]},
                                 decks={0: ["gone-before-dawn"] * 15, 1: ["gone-before-dawn"] * 15})
    case, coffee = state.zones["hand:0"].pieces[:2]
    assert session.submit(PlayCard(case), 0).accepted
    app = TableApp(session, seat=0, size=(1280, 800), fps=0)
    try:
        app.run_frames(2)
        drag(app, screen_of(app, coffee), zone_center(app, "round"))
        app.run_frames(2)
        assert session.history[-1].action == PlayAction(coffee)
        assert state.pieces[coffee].zone == "discard:0"
    finally:
        pygame.event.clear()


def test_a_click_on_a_row_under_another_rows_tooltip_reaches_the_row() -> None:
    """A newcomer's trial: a row's tooltip hangs over the row below it, and a click there was lost (the first click
    on "Done" did nothing, a second one worked): a click takes the tooltips down before the widgets read it."""
    app, coffee = _after_coffee()
    items = app.side.moves.item_list
    below = None
    for i in range(len(items) - 1):
        row = items[i]["button_element"]
        if row is None or not getattr(row, "tool_tip_text", None):
            continue
        post(app, mouse(pygame.MOUSEMOTION, row.rect.center))
        for _ in range(40):  # hover past the tooltip's delay
            app.run_frames(1)
        tip = row.tool_tip
        target = items[i + 1]["button_element"]
        if tip is not None and tip.alive() and target is not None and tip.rect.collidepoint(target.rect.center):
            below = i + 1
            break
    assert below is not None, "no row's tooltip covers the row below it: the case this test is about"
    n = len(app.session.history)
    pos = items[below]["button_element"].rect.center
    post(app, mouse(pygame.MOUSEMOTION, pos), mouse(pygame.MOUSEBUTTONDOWN, pos), mouse(pygame.MOUSEBUTTONUP, pos))
    app.step()
    app.run_frames(2)
    assert len(app.session.history) > n or app.prompt is not None or getattr(app, "choice", None) is not None
    pygame.event.clear()
