"""`xfiles-fan`: an Action card's text applied by hand from the window, in every mode, telling the other seat
nothing hidden; the bots' list and choices unchanged."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.core import Session
from tabletop.core import actions as A
from tabletop.core.legal import legal_summary
from tabletop.core.tx import Tx
from tabletop.rules.bots import RandomBot, seen_moves
from tabletop.rules.xfiles_fan import ManualEffect, NoAction, PlayAction, PlayCard, XFilesFan
from tabletop.rules.xfiles_fan.bots import XFilesFanGreedy
from tabletop.rules.xfiles_fan.byhand import text_kinds
from tabletop.store.saves import load_game
from tabletop.store.savewrite import save_game

from .test_xfiles_fan import FILLER, S, card, clean, position

MODES = ("off", "warn", "strict")
HAND = ["cold-lake-lights", "late-coffee", "pull-old-file", "anonymous-tip", "lab-analysis"]


def played(action: str, mode: str = "strict", hand1: tuple[str, ...] = ("lab-analysis", "second-look"),
           deck0: list[str] | None = None) -> tuple[XFilesFan, object, Session, str]:
    """Seat 0 places a Case and plays the Action card `action`; seat 1 is to play."""
    rs, state, s = position(enforcement=mode, hands={0: HAND, 1: list(hand1)},
                            decks={0: deck0 or [FILLER] * 20, 1: [FILLER] * 20})
    clean(s.submit(PlayCard(card(state, "hand:0", "cold-lake-lights")), 0))
    src = card(state, "hand:0", action)
    clean(s.submit(PlayAction(src), 0))
    assert state.rules["turn"] == 1
    return rs, state, s, src


def effects(rs: XFilesFan, state: object, seat: int) -> list[ManualEffect]:
    return [a for a in rs.legal_actions(state, seat) if isinstance(a, ManualEffect)]  # type: ignore[arg-type]


def notes(s: Session, seat: int | None, what: str = "xfiles-fan.effect") -> list[str]:
    return [n["text"] for e in s.log_for(seat) for n in e["notes"] if n["what"] == what]


def test_the_common_forms_of_action_text_are_read() -> None:
    assert text_kinds("Draw one card, then discard one card.") == [("draw", 1), ("discard", 1)]
    assert text_kinds("Look at the top three cards of your draw deck and put them back in any order.") == [
        ("look", 3), ("order", 0)]
    assert text_kinds("Your opponent shows you one card of their choice from their hand.") == [("show", 1)]
    assert text_kinds("Reveal this card to your opponent from your hand, then place it and two additional "
                     "unrevealed cards in your discard pile.") == [("discard", 2)]
    assert text_kinds("Gain the trust of a witness.") == []


def test_a_discard_unrevealed_card_offers_its_discards_first() -> None:
    """The sample set's card in the real game's form ("... and N additional unrevealed cards in your discard
    pile"): the discard rows (what the text says, nothing it does not), then Done."""
    rs, state, s = position(hands={0: ["cold-lake-lights", "shred-the-memo", "lab-analysis", "second-look"]})
    clean(s.submit(PlayCard(card(state, "hand:0", "cold-lake-lights")), 0))
    src = card(state, "hand:0", "shred-the-memo")
    clean(s.submit(PlayAction(src), 0))
    rows = effects(rs, state, 0)
    assert [a.kind for a in rows] == ["discard", "discard", "done"]
    assert "discard" in rs.status(state, 0)["todo"]


def test_a_text_read_offers_only_what_it_says_and_only_as_many_as_it_says() -> None:
    """A newcomer's trial: after Late-Night Coffee's one draw and one discard, the rows stayed and a second click on
    the deck drew again; Pull the Old File offered a draw and a discard its text does not ask for."""
    rs, state, s, src = played("late-coffee")
    clean(s.submit(effects(rs, state, 0)[0], 0))  # draw 1
    assert [a.kind for a in effects(rs, state, 0)] == ["discard"] * len(state.zones["hand:0"].pieces) + ["done"]
    clean(s.submit(effects(rs, state, 0)[0], 0))  # discard 1
    assert [a.kind for a in effects(rs, state, 0)] == ["done"]
    assert not rs.legal_gestures(state, effects(rs, state, 0)[0], 0)  # no draw move left for a deck click
    deck = ["lab-analysis", "second-look", "closed-for-now", *[FILLER] * 10]
    rs, state, s, src = played("pull-old-file", deck0=deck)
    assert [a.kind for a in effects(rs, state, 0)] == ["look", "done"]
    # Shred the Memo's "one additional unrevealed card": one discard, then only Done
    rs, state, s = position(hands={0: ["cold-lake-lights", "shred-the-memo", "lab-analysis", "second-look",
                                       "closed-for-now"]})
    clean(s.submit(PlayCard(card(state, "hand:0", "cold-lake-lights")), 0))
    clean(s.submit(PlayAction(card(state, "hand:0", "shred-the-memo")), 0))
    rows = effects(rs, state, 0)
    assert [a.kind for a in rows] == ["discard"] * 3 + ["done"]
    clean(s.submit(rows[0], 0))
    assert [a.kind for a in effects(rs, state, 0)] == ["done"]


def test_no_by_hand_moves_before_an_action_card() -> None:
    rs, state, s = position(hands={0: HAND})
    assert effects(rs, state, 0) == [] and effects(rs, state, 1) == []
    clean(s.submit(PlayCard(card(state, "hand:0", "cold-lake-lights")), 0))
    clean(s.submit(NoAction(), 0))  # no Action card played: nothing to apply
    assert effects(rs, state, 0) == []


def test_after_an_action_card_its_seat_is_offered_its_text_first_then_generic_then_done() -> None:
    rs, state, s, src = played("late-coffee")
    rows = effects(rs, state, 0)
    assert rows[0] == ManualEffect("draw", amount=1, source=src)  # "Draw one card" first
    hand = state.zones["hand:0"].pieces
    assert rows[1:1 + len(hand)] == [ManualEffect("discard", (p,), source=src) for p in hand]
    assert rows[-1] == ManualEffect("done", source=src)
    assert all(a.source == src for a in rows)
    # first in the window's list; the bots' list (generate_actions) is the Sequence's alone
    assert list(rs.legal_actions(state, 0))[:len(rows)] == rows
    assert not any(isinstance(a, ManualEffect) for a in rs.generate_actions(state, 1))
    assert not effects(rs, state, 1)  # the other seat has nothing to apply


@pytest.mark.parametrize("mode", MODES)
def test_drawing_and_discarding_by_hand_in_every_mode(mode: str) -> None:
    rs, state, s, src = played("late-coffee", mode)
    hand, deck = len(state.zones["hand:0"].pieces), len(state.zones["deck:0"].pieces)
    top = state.zones["deck:0"].pieces[0]
    clean(s.submit(ManualEffect("draw", amount=1, source=src), 0))
    assert state.pieces[top].zone == "hand:0"
    assert (len(state.zones["hand:0"].pieces), len(state.zones["deck:0"].pieces)) == (hand + 1, deck - 1)
    gone = card(state, "hand:0", "lab-analysis")
    clean(s.submit(ManualEffect("discard", (gone,), source=src), 0))
    assert state.pieces[gone].zone == "discard:0" and not state.pieces[gone].face_up
    # still open (the card discarded unrevealed lies over it, face down): Done closes it
    assert rs.open_action(state, 0) == src
    assert notes(s, 0) == ["Late-Night Coffee: draws 1 card(s) from the draw deck",
                           "Late-Night Coffee: discards 1 card(s) unrevealed"]
    clean(s.submit(ManualEffect("done", source=src), 0))
    assert rs.open_action(state, 0) is None and effects(rs, state, 0) == []
    assert state.rules["turn"] == 1  # none of it took the other seat's turn


def test_hidden_cards_are_never_named_to_the_other_seat() -> None:
    rs, state, s, src = played("late-coffee", hand1=("second-look",), deck0=["closed-for-now", *[FILLER] * 19])
    top = state.zones["deck:0"].pieces[0]
    clean(s.submit(ManualEffect("draw", amount=1, source=src), 0))
    gone = card(state, "hand:0", "lab-analysis")
    clean(s.submit(ManualEffect("discard", (gone,), source=src), 0))
    titles = {rs.card_title(state, top), rs.card_title(state, gone)}
    for seat in (1, None):
        text = json.dumps(s.log_for(seat))
        assert top not in text and gone not in text
        assert not any(t in text for t in titles), seat
        view = json.dumps(s.view(seat))
        assert gone not in view and top not in view
    # the rows themselves go to their seat alone: the other seat's summary has none
    assert not [m for m in legal_summary(s, 1)["moves"] if m["type"] == "xfiles-fan.effect"]
    # a refusal names nothing: the other seat cannot discard seat 0's card, nor learn what it is
    res = s.submit(ManualEffect("discard", (card(state, "hand:0", "anonymous-tip"),), source=src), 1)
    assert not res.accepted and "Anonymous" not in str(res.error)
    # the draw row names no hidden card: its deck card is the handle seat 0's own view shows
    summary = legal_summary(s, 0)
    for move, path in zip(summary["moves"], summary["paths"], strict=True):
        if move.get("kind") == "draw":
            assert path[0][0] != state.zones["deck:0"].pieces[0]
            assert path[0][0] == state.handle_for(state.zones["deck:0"].pieces[0], 0)
            assert path[0][1:] == ["deck:0", "hand:0"]


def test_a_hand_card_dropped_on_the_discard_pile_is_the_discard_row() -> None:
    """The window makes a move when a card is let go where one of its moves takes it: the summary's paths say the
    discard row takes that hand card to the discard pile, and the draw row the deck's top card to the hand."""
    rs, state, s, src = played("late-coffee")
    summary = legal_summary(s, 0)
    gone = card(state, "hand:0", "lab-analysis")
    rows = [i for i, path in enumerate(summary["paths"]) if any(p[0] == gone and p[2] == "discard:0" for p in path)]
    assert len(rows) == 1 and summary["moves"][rows[0]] == ManualEffect("discard", (gone,), source=src).to_dict()
    assert gone not in summary["glow"]  # a by-hand discard is offered for every hand card: no play, no glow


def test_look_then_put_back_in_any_order() -> None:
    deck = ["lab-analysis", "second-look", "closed-for-now", *[FILLER] * 10]
    rs, state, s, src = played("pull-old-file", deck0=deck)
    rows = effects(rs, state, 0)
    assert rows[0] == ManualEffect("look", amount=3, source=src)
    top3 = list(state.zones["deck:0"].pieces[:3])
    clean(s.submit(rows[0], 0))
    assert all(0 in state.pieces[p].known and 1 not in state.pieces[p].known for p in top3)
    rows = effects(rs, state, 0)
    assert ManualEffect("look", amount=3, source=src) not in rows  # looked at: the look is not offered again
    back = [a for a in rows if a.kind == "order"]
    assert back == [ManualEffect("order", (p,), to="deck:0", source=src) for p in top3[1:]]
    clean(s.submit(back[-1], 0))  # the third card on top
    assert state.zones["deck:0"].pieces[:3] == [top3[2], top3[0], top3[1]]
    assert "Closed" not in json.dumps(s.log_for(1)) and top3[2] not in json.dumps(s.log_for(1))


def test_the_lookers_log_line_names_the_cards_seen_and_no_one_elses_does() -> None:
    """The window's log line of a look said only "look 3" (a newcomer's trial): the looker's names the cards."""
    deck = ["lab-analysis", "second-look", "closed-for-now", *[FILLER] * 10]
    rs, state, s, src = played("pull-old-file", deck0=deck)
    clean(s.submit(effects(rs, state, 0)[0], 0))
    mine, theirs, watching = (s.line_for(s.history[-1], seat)["text"] for seat in (0, 1, None))
    assert mine.endswith("look 3; saw Lab Analysis, A Second Look, Case Closed, For Now (top first)")
    assert theirs == watching == "applied Pull the Old File by hand: look 3"


@pytest.mark.parametrize("mode", ("warn", "strict"))
def test_the_opponent_shows_a_card_the_action_asks_for(mode: str) -> None:
    rs, state, s, src = played("anonymous-tip", mode)
    shows = effects(rs, state, 1)
    hand1 = state.zones["hand:1"].pieces
    assert shows == [ManualEffect("reveal", (p,), seat=0, source=src) for p in hand1]
    status = rs.status(state, 1)
    assert "show" in status["todo"] and "Anonymous Tip" in status["todo"]
    assert "your opponent shows you a card" in rs.status(state, 0)["todo"]
    shown = hand1[0]
    assert not state.can_see(state.pieces[shown], 0)
    clean(s.submit(shows[0], 1))
    assert state.can_see(state.pieces[shown], 0)
    assert not any(a.kind == "reveal" for a in effects(rs, state, 1))  # one card: asked and shown
    title = rs.card_title(state, shown)
    assert any(title in n for n in notes(s, 0)) and not any(title in n for n in notes(s, None))
    # the window's own reveal gesture is not refused in strict either
    assert s.submit(A.Reveal((hand1[1],), to=0), 1).accepted


def test_the_window_closes_when_the_next_action_card_covers_it_and_at_the_period_end() -> None:
    rs, state, s, src = played("late-coffee")
    assert rs.open_action(state, 0) == src
    # a card of the round scored onto the pile does not close it (an Action card after a Conclusion stays open)
    rnd = card(state, "round", "cold-lake-lights")
    tx = Tx(state)
    tx.move(rnd, "discard:0", face_up=True)  # as scoring puts it there (by the engine)
    assert rs.open_action(state, 0) == src
    # the next Action card takes over
    tx.move(card(state, "hand:0", "pull-old-file"), "discard:0", by=0, face_up=True)
    assert rs.open_action(state, 0) == card(state, "discard:0", "pull-old-file")
    # between periods: nothing open
    state.rules = {**state.rules, "phase": "exchange"}
    assert rs.open_action(state, 0) is None and effects(rs, state, 0) == []


def test_status_says_the_text_is_the_players_to_apply_and_how() -> None:
    rs, state, s, src = played("late-coffee")
    mine = rs.status(state, 0)
    assert mine["todo"].startswith("you meanwhile: apply Late-Night Coffee by hand")
    assert "Draw one card, then discard one card." in mine["todo"] and "Done" in mine["todo"]
    assert "by hand" in mine["prompt"]
    assert mine["move_words"]["xfiles-fan.effect"]  # the rows' own words
    theirs = rs.status(state, 1)
    assert "by hand" not in (theirs.get("todo") or "") and "move_words" not in theirs


def test_done_survives_a_save_and_load(tmp_path: object) -> None:
    rs, state, s, src = played("late-coffee")
    clean(s.submit(ManualEffect("done", source=src), 0))
    path = tmp_path / "game.yaml"  # type: ignore[operator]
    save_game(s, path)
    loaded = load_game(path)
    assert loaded.state.rules["by_hand_done"] == state.rules["by_hand_done"]
    assert rs.open_action(loaded.state, 0) is None
    res = s.submit(ManualEffect("done", source=src), 0)
    assert not res.accepted  # done once: nothing open to close


def test_bots_leave_by_hand_moves_out_before_they_choose() -> None:
    rs, state, s, src = played("late-coffee")
    summary = legal_summary(s, 1)
    mine = legal_summary(s, 0)
    assert any(m["type"] == "xfiles-fan.effect" for m in mine["moves"])
    assert not any(isinstance(a, ManualEffect) for a in seen_moves(mine))
    # a bot seat at a window chooses from the stream as it would headless (the same moves, the same draws)
    greedy, headless = XFilesFanGreedy(rs, 3), XFilesFanGreedy(rs, 3)
    assert greedy.choose_seen(s.view(1), summary, 1) == headless.choose(state, 1)
    rnd = RandomBot(rs, 5)
    seen = [a for a in seen_moves(summary)]
    assert rnd.choose_seen(s.view(1), summary, 1) == random.Random(5).choice(seen)
    mine_bot = RandomBot(rs, 5)
    assert not isinstance(mine_bot.choose_seen(s.view(0), mine, 0), ManualEffect)


def test_rule_state_unchanged_by_the_play_itself() -> None:
    """The window is read from the table: playing the Action card sets no new rule state (self-play keeps its
    logs and hashes)."""
    rs, state, s, src = played("late-coffee")
    assert "by_hand_done" not in state.rules
    assert S + "late-coffee" == state.pieces[src].card


def test_a_looked_at_card_goes_back_on_top_only_through_its_row_not_by_a_drag_within_the_deck() -> None:
    """The text says "put them back in any order" (on top): a freeform move of a card within the draw deck (a
    gallery drag, To bottom) is refused in strict, a warning in warn; the put-back row still works."""
    deck = ["lab-analysis", "second-look", "closed-for-now", *[FILLER] * 10]
    for mode in ("strict", "warn"):
        rs, state, s, src = played("pull-old-file", mode=mode, deck0=deck)
        clean(s.submit(effects(rs, state, 0)[0], 0))  # the look
        top = state.zones["deck:0"].pieces[0]
        result = s.submit(A.Move((top,), "deck:0", index=len(state.zones["deck:0"].pieces)), 0)
        assert "xff.deck_order" in [v.code for v in result.violations]
        assert result.accepted == (mode == "warn")
        if mode == "strict":
            assert state.zones["deck:0"].pieces[0] == top
            back = [a for a in effects(rs, state, 0) if a.kind == "order"]
            clean(s.submit(back[-1], 0))
