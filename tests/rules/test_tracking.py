"""The lab's game tracker reads the cards played once, after the game, as it would have read them action by action."""

from __future__ import annotations

from types import SimpleNamespace

from tabletop.core.state import GameState, Piece, Player, Zone
from tabletop.core.tx import Tx
from tabletop.rules.tracking import GameTracker


def _table() -> GameState:
    state = GameState(players=[Player(0, "Ann"), Player(1, "Bob")])
    for seat in (0, 1):
        state.add_zone(Zone(f"hand:{seat}", owner=seat, visibility="owner", kind="hand"))
        state.add_zone(Zone(f"deck:{seat}", owner=seat, visibility="hidden", kind="deck"))
        state.add_zone(Zone(f"discard:{seat}", owner=seat, kind="discard"))
    state.add_zone(Zone("round"))
    for pid, card, owner in (("p1", "s/a", 0), ("p2", "s/b", 1), ("p3", "s/c", None), ("p4", "s/d", 0),
                             ("p5", "s/e", 1), ("p6", None, 0)):
        state.add_piece(Piece(pid, card=card, owner=owner, zone=f"hand:{owner or 0}"))
    return state


def test_settle_finds_the_cards_that_moved_would_have_found_removed_and_unowned_ones_included() -> None:
    """Owned cards played, an unowned one (the mover's seat), one removed from the game after it was played (read
    from the log's removal), a card drawn or discarded (not played) and a piece with no card: `settle` after the game
    gives what `moved` gives after each action."""
    watched, deferred = GameTracker(2), GameTracker(2)
    state = _table()
    history = []
    for pid, dst, seat in (("p1", "round", 0), ("p3", "round", 1), ("p4", "discard:0", 0), ("p5", "round", 1),
                           ("p6", "round", 0), ("p2", "deck:1", 1)):
        tx = Tx(state)
        tx.move(pid, dst, by=seat)
        watched.moved(state, tx.moves, seat)
        deferred.kept.append((tx.moves, seat))
        history.append(SimpleNamespace(events=tx.events))
    tx = Tx(state)
    tx.remove_piece("p5")  # played, then removed from the game
    history.append(SimpleNamespace(events=tx.events))
    deferred.settle(state, history)
    assert watched.played == [{"s/a"}, {"s/c", "s/e"}]
    assert deferred.played == watched.played
    assert deferred.kept == []


def test_decision_times_are_rounded_to_the_microsecond_as_before() -> None:
    tracker = GameTracker(1)
    tracker.seconds[0].extend([0.0012344, 0.5, 1e-7, 0.0000015])
    assert tracker.decision_ms(0) == [round(t * 1e6) / 1000 for t in tracker.seconds[0]]
