"""A bot seat at a local table answers an undo as its player would be asked: only its own last move goes back."""

from __future__ import annotations

from tabletop.core import actions as A
from tabletop.core.session import Session
from tabletop.rules import get_ruleset
from tabletop.ui.app.botseats import BOT_CHOICES, BotSeats, parse_bots
from tabletop.ui.app.source import LocalSource


def _table() -> tuple[LocalSource, BotSeats]:
    rules = get_ruleset("tragedy")
    state = rules.new_game(2, seed=3, enforcement="off")
    source = LocalSource(Session(state, rules))
    bots = BotSeats(source.session, {1: "ismcts:easy"})
    source.bot_consent = (set(bots.bots), bots.consents)
    return source, bots


def test_the_bot_agrees_to_take_back_its_own_move_only() -> None:
    source, bots = _table()
    session = source.session
    assert bots.consents(1) == {1} and bots.consents(0) == set()
    assert session.submit(A.Draw(1, source="deck:1", to="hand:1"), 1).accepted
    assert source.undo(0).accepted  # the bot's own draw: it agrees
    assert session.submit(A.Draw(1, source="deck:0", to="hand:0"), 0).accepted
    answer = source.undo(0)  # the person saw a card of a deck: the bot seat is asked, and says no
    assert not answer.accepted and answer.code == "consent" and answer.needs == (1,)
    source.bot_consent = None  # no bots: every seat sits at this screen
    assert source.undo(0).accepted
    bots.close()


def test_the_search_bot_is_offered_at_the_table() -> None:
    assert {"ismcts", "ismcts:easy", "ismcts:hard"} <= set(BOT_CHOICES)
    assert parse_bots(["2=ismcts", "1=ismcts:300"]) == {1: "ismcts", 0: "ismcts:300"}


def test_a_search_bot_seat_plays_its_moves_at_the_table() -> None:
    rules = get_ruleset("tragedy")
    session = Session(rules.new_game(2, seed=5, enforcement="strict"), rules)
    bots = BotSeats(session, {0: "ismcts:easy", 1: "ismcts:easy"}, delay=0.0)
    for _ in range(60):
        result = bots.update(1.0, session.submit)
        assert result is None or result.accepted
        bots.settle(30.0)  # the search bots think on a worker: this test waits for each decision
    assert bots.acted >= 10 and len(session.history) >= 10
    bots.close()
