"""X-Files CCG in the window: at "buy cards with RP" the legal list offers each buy by name and one click buys."""

from __future__ import annotations

import re

import pygame

from tabletop.game import new_session
from tabletop.rules.xfiles_ccg import Buy, FreeDraw, XFilesCCG
from tabletop.ui import TableApp
from tests.ui.uihelpers import choose, click, double_click, post


def _at_buy() -> TableApp:
    session = new_session("xfiles-ccg", 2, enforcement="strict", seed=1)
    rules = session.rules
    assert isinstance(rules, XFilesCCG)
    seat = rules.active(session.state)
    assert session.submit(FreeDraw(), seat).accepted
    assert rules.step(session.state) == "buy"
    app = TableApp(session, seat=seat, size=(1280, 800), fps=0)
    app.run_frames(2)
    return app


def test_buying_is_listed_by_price_and_the_status_says_what_to_do():
    app = _at_buy()
    state, seat = app.session.state, app.seat
    rp = state.player(seat).counters["rp"]
    assert rp > 1
    texts = [t for t, _ in app.side.move_items]
    # every affordable count is one row of a choice (the window groups moves of one kind on the same cards)
    buy = next(r for r in app.legal.rows if r.kind == Buy(1).type)
    counts = [app.legal.moves[i].count for i in buy.moves]
    assert counts[:2] == [1, 2] and max(counts) == min(rp, 29)
    assert buy.label in texts and f"({len(counts)} choices)" in buy.label
    assert "Pass" in texts
    status = app.view["rules"]
    assert status["step_label"] in app.side.status_text
    assert "buy cards" in app.side.status_text and f"{rp} RP" in app.side.status_text


def test_one_click_on_a_listed_buy_buys():
    app = _at_buy()
    seat = app.seat
    hand = len(app.session.state.zones[f"hand:{seat}"].pieces)
    buy = next(r for r in app.legal.rows if r.kind == Buy(1).type)
    row = app.legal.rows.index(buy)
    click(app, app.side.moves.item_list[row]["button_element"].rect.center)
    app.run_frames(1)
    assert app.prompt is not None  # the row asks how many
    option = next(j for j, i in enumerate(buy.moves) if app.legal.moves[i] == Buy(2))
    choose(app, option)
    app.run_frames(1)
    entry = app.session.history[-1]
    assert entry.action == Buy(2) and entry.seat == seat
    assert len(app.session.state.zones[f"hand:{seat}"].pieces) == hand + 2


def _open_buy(app: TableApp) -> int:
    buy = next(r for r in app.legal.rows if r.kind == Buy(1).type)
    click(app, app.side.moves.item_list[app.legal.rows.index(buy)]["button_element"].rect.center)
    app.run_frames(1)
    assert app.prompt is not None
    return next(j for j, i in enumerate(buy.moves) if app.legal.moves[i] == Buy(3))


def test_click_an_option_then_enter_buys_it_and_leaves_the_chat_alone():
    """The events a real window gets (Xvfb, xdotool): a click on "3 cards" (motion, press, release), then Enter as
    SDL delivers it (KEYDOWN, no TEXTINPUT for Return, KEYUP). The click used to buy at once and close the dialog,
    so the Enter the player pressed to confirm went to the table and put the keyboard in the chat field."""
    app = _at_buy()
    seat = app.seat
    hand = len(app.session.state.zones[f"hand:{seat}"].pieces)
    option = _open_buy(app)
    n = len(app.session.history)
    click(app, app.prompt.list.item_list[option]["button_element"].rect.center)
    app.run_frames(2)
    assert len(app.session.history) == n and app.prompt is not None, "a click only highlights an option"
    post(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=40))
    post(app, pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=40))
    app.run_frames(2)
    assert app.prompt is None
    assert app.session.history[n].action == Buy(3) and len(app.session.history) == n + 1
    assert len(app.session.state.zones[f"hand:{seat}"].pieces) == hand + 3
    assert not app._typing(), "the Enter that confirmed the buy also put the keyboard in the chat field"


def test_a_double_click_on_an_option_takes_it():
    app = _at_buy()
    option = _open_buy(app)
    n = len(app.session.history)
    double_click(app, app.prompt.list.item_list[option]["button_element"].rect.center)
    app.run_frames(1)
    assert app.prompt is None and app.session.history[n].action == Buy(3)


def test_moves_read_as_a_player_says_them_what_with_what_and_the_cost():
    app = _at_buy()
    seat = app.seat
    buy = next(r for r in app.legal.rows if r.kind == Buy(1).type)
    assert buy.texts[0] == "Buy 1 card for 1 RP"
    assert buy.texts[1] == "Buy 2 cards for 2 RP"
    assert buy.options[1] == "2 cards for 2 RP"  # the choice dialog's words
    # on to the next seat's "sell, then buy with CP": each sale names the card and what it fetches
    session, rules = app.session, app.session.rules
    while rules.step(session.state) != "sell":
        decider = rules.decision(session.state)
        assert session.submit(next(a for a in rules.legal_actions(session.state, decider)
                                   if a.type == "xfc.pass"), decider).accepted
    app.switch_seat(rules.decision(session.state))
    app.run_frames(2)
    texts = [t for row in app.legal.rows for t in row.texts]
    sells = [t for t in texts if t.startswith("Sell ")]
    assert sells and all(re.fullmatch(r"Sell .+ for \d+ CP", t) for t in sells), sells
    assert any(re.fullmatch(r"Buy 1 card for 1 CP", t) for t in texts), texts
    assert app.seat != seat


def test_a_template_never_names_a_card_the_seat_cannot_see():
    from tabletop.ui.panels.whatnow import worded

    names = {"p1": "Owen Marsh"}
    text = worded("Requisition {piece} for {agent} ({piece:move_costs})", {"type": "xfc.requisition", "piece": "h9",
                  "agent": "p1"}, names.get, {}, ("piece", "agent"), {"move_costs": {"p1": "3 RP"}})
    assert text == "Requisition a hidden card for Owen Marsh"
    # a field the template leaves out is still said, so two moves never read the same
    text = worded("Play {piece}", {"type": "xfc.play", "piece": "p1", "side": "agents", "x": 2}, names.get, {},
                  ("piece",), {})
    assert text == "Play Owen Marsh, side agents, x 2"


def test_dropping_a_glowing_card_where_its_move_takes_it_makes_the_move():
    """Equipment dragged onto an Agent's section requisitions it for that Agent, as X-Files Fan and Tragedy cards
    dropped where they play are played (it was refused as "no rule's doing": found by a newcomer's trial)."""
    from tabletop.core import actions as A
    from tabletop.rules.xfiles_ccg.actions import Requisition
    from tests.ui.uihelpers import engine_until

    session = new_session("xfiles-ccg", 2, enforcement="strict", seed=1)
    rules = session.rules
    engine_until(session, lambda: rules.step(session.state) == "requisition")
    seat = rules.decision(session.state)
    app = TableApp(session, seat=seat, size=(1280, 800), fps=0)
    app.run_frames(2)
    moves = [m for m in app.legal.moves if isinstance(m, Requisition)]
    assert moves
    agents = {}
    for m in moves:
        agents.setdefault(session.state.pieces[m.agent].zone, []).append(m)
    zone, there = next(iter(agents.items()))
    piece = there[0].piece
    before = len(session.history)
    result = app.submit(A.Move((piece,), zone))  # what a drop of the card on that section sends
    app.run_frames(1)
    if len(there) == 1:
        assert result.accepted and session.history[-1].action == there[0]
    else:  # several Agents there: the window asks which
        assert app.prompt is not None and len(session.history) == before


def test_an_agent_dragged_to_the_field_is_deployed_with_its_equipment():
    """A drop of an Agent on its Field is the Deploy move, which takes its Equipment along (a plain move left the
    Equipment in the Bureau: found by a newcomer's trial)."""
    from tabletop.core import actions as A
    from tabletop.rules.xfiles_ccg.actions import Deploy
    from tests.ui.uihelpers import engine_until

    session = new_session("xfiles-ccg", 2, enforcement="strict", seed=1)
    rules, state = session.rules, session.state
    engine_until(session, lambda: rules.step(state) == "deployment")
    seat = rules.decision(state)
    app = TableApp(session, seat=seat, size=(1280, 800), fps=0)
    app.run_frames(2)
    agent = next(p for p in state.zones[f"bureau:{seat}"].pieces if state.attached(p))
    gear = state.attached(agent)
    assert app.submit(A.Move((agent,), f"field:{seat}")).accepted
    app.run_frames(1)
    assert session.history[-1].action == Deploy(agent, "field")
    assert all(state.pieces[g].zone == f"field:{seat}" and state.pieces[g].attached_to == agent for g in gear)


def test_a_bluff_card_dropped_on_the_field_of_its_site_is_bluffed_in_strict():
    """A hand card dragged onto the Field holding the Site it may go under makes the Bluff move, and a Site dragged
    onto its owner's Field is placed (the Bluff drop was refused as "no rule's doing": found by a newcomer's trial)."""
    from tabletop.core import actions as A
    from tabletop.rules.xfiles_ccg.actions import PlaceBluff, PlaceSite
    from tests.ui.uihelpers import engine_until

    session = new_session("xfiles-ccg", 2, enforcement="strict", seed=1)
    rules, state = session.rules, session.state
    engine_until(session, lambda: rules.step(state) == "sites")
    app = TableApp(session, seat=rules.decision(state), size=(1280, 800), fps=0)
    app.run_frames(2)
    site = next(m for m in app.legal.moves if isinstance(m, PlaceSite))
    assert app.submit(A.Move((site.piece,), f"field:{app.seat}")).accepted
    app.run_frames(1)
    assert session.history[-1].action.type == "xfc.site" and state.pieces[site.piece].zone == f"field:{app.seat}"

    engine_until(session, lambda: rules.step(state) == "bluffs")
    app = TableApp(session, seat=rules.decision(state), size=(1280, 800), fps=0)
    app.run_frames(2)
    bluffs = [m for m in app.legal.moves if isinstance(m, PlaceBluff)]
    assert bluffs
    move = bluffs[0]
    zone = state.pieces[move.site].zone
    under = [m for m in bluffs if m.piece == move.piece and state.pieces[m.site].zone == zone]
    before = len(session.history)
    result = app.submit(A.Move((move.piece,), zone))  # what a drop of the card on the Site's Field sends
    app.run_frames(1)
    if len(under) == 1:
        assert result.accepted and session.history[-1].action == move
        assert state.pieces[move.piece].attached_to == move.site and not state.pieces[move.piece].face_up
    else:  # several Sites there: the window asks which
        assert app.prompt is not None and len(session.history) == before


def test_equipment_let_go_on_an_agent_is_requisitioned_for_that_agent():
    """Dropping the Sidearm on Owen Marsh still asked which of the four Agents (a newcomer's re-trial): a card let
    go on a piece that one of its moves names makes that move."""
    from tabletop.rules.xfiles_ccg.actions import Requisition
    from tests.ui.uihelpers import drag, engine_until, screen_of

    session = new_session("xfiles-ccg", 2, enforcement="strict", seed=1)
    rules = session.rules
    engine_until(session, lambda: rules.step(session.state) == "requisition")
    app = TableApp(session, seat=rules.decision(session.state), size=(1280, 800), fps=0)
    app.run_frames(2)
    moves = [m for m in app.legal.moves if isinstance(m, Requisition)]
    by_piece: dict[str, list] = {}
    for m in moves:
        by_piece.setdefault(m.piece, []).append(m)
    piece, options = max(by_piece.items(), key=lambda kv: len(kv[1]))
    assert len({m.agent for m in options}) >= 2, "the test wants a card with a choice of Agents"
    want = options[-1]
    before = len(session.history)
    drag(app, screen_of(app, piece), screen_of(app, want.agent))
    app.run_frames(2)
    assert app.prompt is None, "no question: the drop named the Agent"
    assert len(session.history) == before + 1 and session.history[-1].action == want
