"""A search bot thinks off the frame loop: frames go on while it decides, and a decision the table moved past is
dropped and thought again, never submitted (an undo, a chat line, another seat's move)."""

from __future__ import annotations

import threading

import pygame

from tabletop.core import actions as A
from tabletop.game import new_session
from tabletop.ui import TableApp
from tests.ui.uihelpers import key, mouse


def _app() -> tuple[TableApp, threading.Event, threading.Event]:
    """A Tragedy table with a search bot at seat 2 whose decisions wait for `gate` (open at first)."""
    app = TableApp(new_session("tragedy", 2, enforcement="strict", seed=1), seat=0, size=(1280, 800), fps=0,
                   bots={1: "ismcts:easy"}, bot_delay=0.0)
    app.bots.thinker.spec = None  # on a thread, so this test's gate can hold the decision
    bot = app.bots.bots[1]
    gate, started = threading.Event(), threading.Event()
    gate.set()
    decide = bot.decide

    def gated(know):
        started.set()
        assert gate.wait(30)
        return decide(know)

    bot.decide = gated
    app.run_frames(1)
    return app, gate, started


def _until_the_person_is_waited_on(app: TableApp) -> None:
    rules = app.session.rules
    for _ in range(400):
        if rules.waiting_for(app.session.state) == [0]:
            return
        app.step()
        app.bots.settle(30)
    raise AssertionError("the game never waited on the person")


def _bot_thinking() -> tuple[TableApp, threading.Event, int]:
    """A table where the person just passed and the bot's decision is held: the app, the gate, and the history's
    length before the pass."""
    app, gate, started = _app()
    _until_the_person_is_waited_on(app)
    gate.clear()
    started.clear()
    n = len(app.session.history)
    key(app, pygame.K_p)
    assert started.wait(30) and app.bots.thinking
    return app, gate, n


def _bot_entries(app: TableApp, since: int) -> list:
    return [e for e in app.session.history[since:] if e.seat == 1]


def test_frames_go_on_while_the_bot_thinks_and_its_move_lands_once_ready() -> None:
    app, gate, started = _app()
    _until_the_person_is_waited_on(app)
    gate.clear()
    n = len(app.session.history)
    key(app, pygame.K_p)  # the person passes: the bot's turn
    assert app.session.history[n].seat == 0
    assert started.wait(30)
    frames = app.frame
    for i in range(20):  # the window draws and takes input (the mouse over the log, a wheel) while it thinks
        assert app.step([mouse(pygame.MOUSEMOTION, (1200, 600 + i)),
                         pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)])
    assert app.frame == frames + 20
    assert app.bots.thinking and not _bot_entries(app, n + 1)
    gate.set()
    assert app.bots.settle(30)
    app.step()
    assert _bot_entries(app, n + 1)
    app.bots.close()


def test_an_undo_while_the_bot_thinks_drops_its_decision() -> None:
    app, gate, n = _bot_thinking()
    app.undo()  # the person takes the pass back: the game waits on them again
    assert len(app.session.history) == n
    gate.set()
    app.bots.thinker.wait(30)
    for _ in range(5):
        app.step()
    assert not _bot_entries(app, n)  # the decision made for the undone table never landed
    assert app.bots.thinker.dropped >= 1
    app.bots.close()


def test_a_decision_the_table_moved_past_is_thought_again() -> None:
    app, gate, n = _bot_thinking()
    thought = app.bots.thinker.started
    assert app.submit(A.Chat("thinking?"), 0).accepted  # the table changed under the decision (its log did)
    gate.set()
    assert app.bots.settle(30)
    app.step()  # the old answer is dropped and the bot thinks again from the table as it is now
    assert not _bot_entries(app, n)
    assert app.bots.thinker.dropped == 1 and app.bots.thinker.started == thought + 1
    for _ in range(5):
        app.bots.settle(30)
        app.step()
    assert _bot_entries(app, n)
    app.bots.close()


def test_a_search_bot_decides_in_a_worker_process_as_it_would_inline() -> None:
    """The worker process rebuilds the ruleset and the seeded bot: its first decision is the one made inline."""
    from tabletop.core.session import Session
    from tabletop.rules import get_ruleset
    from tabletop.ui.app.botseats import BotSeats

    def first(background: bool) -> tuple[object, bool]:
        rules = get_ruleset("xfiles-ccg")
        session = Session(rules.new_game(2, seed=5, enforcement="strict"), rules)
        bots = BotSeats(session, {0: "ismcts:easy", 1: "ismcts:easy"}, delay=0.0, background=background)
        try:
            for _ in range(50):
                if bots.update(1.0, session.submit) is not None:
                    return session.history[-1].action, bots.thinker.started >= 1 and bots.thinker.spec is not None
                bots.settle(60)
        finally:
            bots.close()
        raise AssertionError("no decision")

    inline, _ = first(False)
    in_process, by_process = first(True)
    assert by_process and in_process == inline
