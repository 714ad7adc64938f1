"""`xfiles-fan`, what now: a refusal gives the real reason first, every kind of legal move of each step is listed
(with the card it plays and where it goes), and the status says the step and who acts."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.cards import default_library
from tabletop.core import Session
from tabletop.core import actions as A
from tabletop.core.state import GameState
from tabletop.core.stream import legal_summary
from tabletop.rules.simulate import play_session
from tabletop.rules.xfiles_fan import (
    ChooseFirst,
    ChooseValue,
    DiscardCards,
    Exchange,
    NoAction,
    Pass,
    PlayAction,
    PlayCard,
    PlayEnvironment,
    XFilesFan,
)
from tabletop.rules.xfiles_fan.model import value_range

MODES = ("warn", "strict")


def setup_step(mode: str = "strict", seed: int = 3) -> tuple[XFilesFan, GameState, Session, int]:
    """A new game at its first environment step: the first player is asked for a SCULLY card."""
    lib = default_library()
    rs = XFilesFan(library=lib)
    state = rs.new_game(2, seed=seed, enforcement=mode, library=lib)
    session = Session(state, rs)
    chooser = state.rules["chooser"]
    first = 1 - chooser
    assert session.submit(ChooseFirst(first), chooser).accepted
    assert state.rules["pending"] == [{"kind": "environment", "seat": first, "role": "SCULLY"}]
    return rs, state, session, first


def env_card(rs: XFilesFan, state: GameState, seat: int, role: str, *, wanted: bool) -> str:
    """A card of `seat`'s environment deck that is (or is not) of `role`."""
    return next(p for p in state.zones[f"environment_deck:{seat}"].pieces
                if (role in rs.info(state, p).caps.split()) == wanted)


@pytest.mark.parametrize("mode", MODES)
def test_a_card_dragged_into_the_environment_is_refused_for_the_card_the_step_asks_for(mode: str) -> None:
    rs, state, session, first = setup_step(mode)
    mulder = env_card(rs, state, first, "SCULLY", wanted=False)
    before = state.hash()
    result = session.submit(A.Move((mulder,), "environment"), first)
    codes = [v.code for v in result.violations]
    assert codes[0] == "xff.env_role", codes  # the real reason first, the zone rule after it
    assert "xff.environment" in codes
    first_reason = result.violations[0]
    assert first_reason.message == f"this step takes a SCULLY card, not {rs.info(state, mulder).name}"
    if mode == "strict":
        assert not result.accepted and state.hash() == before
        assert result.error == f"xff.1.4: {first_reason.message}"  # what the window shows first


def test_the_play_move_with_the_wrong_role_names_the_asked_role_first() -> None:
    rs, state, session, first = setup_step()
    mulder = env_card(rs, state, first, "SCULLY", wanted=False)
    result = session.submit(PlayEnvironment(mulder), first)
    assert not result.accepted
    assert result.violations[0].message.startswith("this step takes a SCULLY card, not ")


def test_the_other_seat_is_told_who_plays_the_environment_card_now() -> None:
    rs, state, session, first = setup_step()
    other = 1 - first
    card = state.zones[f"environment_deck:{other}"].pieces[0]
    for action in (PlayEnvironment(card), A.Move((card,), "environment")):
        result = session.submit(action, other)
        assert not result.accepted
        name = state.players[first].name
        assert result.violations[0].message == f"{name} plays the SCULLY card of the environment now, not you"


def test_a_dragged_scully_card_is_told_to_use_its_move_and_that_move_is_legal() -> None:
    rs, state, session, first = setup_step()
    scully = env_card(rs, state, first, "SCULLY", wanted=True)
    result = session.submit(A.Move((scully,), "environment"), first)
    assert not result.accepted and [v.code for v in result.violations] == ["xff.environment"]
    assert PlayEnvironment(scully) in list(rs.legal_actions(state, first))
    assert session.submit(PlayEnvironment(scully), first).accepted


def test_an_environment_card_after_the_setup_names_the_step() -> None:
    _, session = play_session("xfiles-fan", ["greedy", "random"], 5, max_actions=20)
    state = session.state
    assert state.rules["phase"] == "play"
    seat = state.rules["turn"]
    card = state.zones[f"environment_deck:{seat}"].pieces[0]
    result = session.submit(PlayEnvironment(card), seat)
    assert not result.accepted
    assert result.violations[0].message.startswith("no environment card is asked for now (Turn)")


def test_a_card_dragged_into_the_round_out_of_turn_says_whose_turn_it_is() -> None:
    _, session = play_session("xfiles-fan", ["greedy", "random"], 5, max_actions=20)
    state = session.state
    other = 1 - state.rules["turn"]
    card = state.zones[f"hand:{other}"].pieces[0]
    result = session.submit(A.Move((card,), "round"), other)
    assert not result.accepted
    assert [v.code for v in result.violations][:1] == ["xff.turn"]
    assert "xff.play_by_hand" in [v.code for v in result.violations]
    # the seat is named as the window names it ("Seat 2"), never by its 0-based number ("seat 1")
    turn = state.rules["turn"]
    assert result.violations[0].message == f"it is {state.seat_name(turn)}'s turn"
    assert f"seat {turn}'" not in result.violations[0].message


# -- every kind of legal move, in each step --

#: the kinds of move each step must offer (at least), as action classes
STEP_KINDS: dict[str, tuple[type, ...]] = {
    "choose_first": (ChooseFirst,), "environment": (PlayEnvironment,), "action": (NoAction, PlayAction),
    "value": (ChooseValue,), "discard": (DiscardCards,), "exchange": (Exchange,),
}


def walk(seed: int, bots: list[str]) -> list[tuple[GameState, int]]:
    """(position, seat asked) at every decision of one seeded strict game."""
    _, session = play_session("xfiles-fan", bots, seed, enforcement="strict")
    state = session.state.copy()
    for entry in reversed(session.history):
        for event in reversed(entry.events):
            event.revert(state)
    rules = session.rules
    out = [(state.copy(), seat) for seat in rules.waiting_for(state)]
    for entry in session.history:
        for event in entry.events:
            event.apply(state)
        for seat in rules.waiting_for(state):
            out.append((state.copy(), seat))
    return out


@pytest.mark.parametrize("seed", [2, 9])
def test_every_step_lists_every_kind_of_legal_move_in_the_summary(seed: int) -> None:
    rs = XFilesFan(library=default_library())
    steps: set[str] = set()
    for state, seat in walk(seed, ["greedy", "random"] if seed % 2 else ["random", "greedy"]):
        legal = list(rs.generate_actions(state, seat))
        assert legal, (state.seq, seat)
        pending = [p for p in state.rules.get("pending") or [] if p.get("seat") == seat]
        step = pending[0]["kind"] if pending else "play"
        steps.add(step)
        kinds = {type(a) for a in legal}
        if step == "play":
            assert kinds == {PlayCard} or kinds == {Pass}
            assert (kinds == {Pass}) == (not rs.playable(state, seat))
        else:
            want = set(STEP_KINDS[step])
            if step == "action":
                want = {NoAction} | ({PlayAction} if any(rs.info(state, p).type == "action"
                                                         for p in state.zones[f"hand:{seat}"].pieces) else set())
            assert want <= kinds, (step, kinds)
        if step == "value":  # each card asked for gets every value of its sign
            for p in pending:
                values = sorted(a.value for a in legal if a.piece == p["piece"])
                assert values == list(value_range(p["sign"], rs.options["value_limit"]))
        # the summary every screen reads lists each kind (one click each), and names the cards they play
        # (the window's list: the by-hand moves of an open Action card first, then the bots' list as it is)
        by_hand = rs.by_hand_moves(state, seat)
        listed = list(rs.legal_actions(state, seat))
        assert listed == [*by_hand, *legal]
        summary = legal_summary(Session(state, rs), seat)
        assert {m["type"] for m in summary["moves"]} == {a.type for a in listed}
        if len(listed) <= 30:  # the summary's cap: every move, one click each
            assert len(summary["moves"]) == len(listed)
        status = rs.status(state, seat)
        assert status["step"] == step and status["prompt"].split(" ")[0] in (
            "Setup:", "Turn:", "Scoring:", "Both", "Between", "Period")
        assert "You" in status["prompt"] or "Your" in status["prompt"]  # the seat asked reads that it acts
    assert {"choose_first", "environment", "play", "action", "value", "exchange"} <= steps


def test_legal_paths_say_which_card_each_move_plays_and_where() -> None:
    rs, state, session, first = setup_step()
    scully = env_card(rs, state, first, "SCULLY", wanted=True)
    assert rs.legal_paths(state, PlayEnvironment(scully), first) == [(scully, "environment")]
    assert rs.legal_paths(state, PlayCard("p1"), 0) == [("p1", "round")]
    assert rs.legal_paths(state, ChooseValue("p1", 3), 0) == [("p1", None)]
    assert rs.legal_paths(state, DiscardCards(("p1", "p2")), 1) == [("p1", "discard:1"), ("p2", "discard:1")]
    assert rs.legal_paths(state, Exchange(("p1",), ("p2",)), 0) == [("p1", "sideboard:0"), ("p2", "deck:0")]
    assert rs.legal_paths(state, Pass(), 0) == []


def test_the_status_says_the_step_and_who_acts() -> None:
    rs, state, session, first = setup_step()
    other = 1 - first
    mine: dict[str, Any] = rs.status(state, first)
    theirs: dict[str, Any] = rs.status(state, other)
    assert mine["step"] == "environment" and mine["step_label"] == "Setup: the environment"
    assert mine["prompt"] == "Setup: the environment · You: play a SCULLY card from the environment deck"
    assert theirs["prompt"] == (f"Setup: the environment · {state.players[first].name}: play a SCULLY card from the "
                                "environment deck")
    assert mine["waiting"] == [first] and mine["active"] is None and mine["winner"] is None


def test_the_seat_waiting_on_a_turn_is_told_what_the_other_does() -> None:
    """In a turn of play the waiting seat's status said only "Seat 2 to act" (a newcomer's trial): its `todo` now
    says what the acting seat does, as the prompt does; the acting seat's words still come from its own moves."""
    _, session = play_session("xfiles-fan", ["greedy", "random"], 5, max_actions=20)
    state = session.state
    assert not state.rules.get("pending") and state.rules["turn"] is not None
    turn = state.rules["turn"]
    theirs = session.rules.status(state, 1 - turn)
    # (an Action card of the waiting seat's still open: what it applies by hand is said first, in the prompt too)
    by_hand = theirs.get("by_hand")
    todo = session.rules.status(state, None)["todo"]  # what a spectator reads: what the acting seat does
    assert "pass only with none to play" in todo and todo in theirs["prompt"]
    assert theirs["todo"] == (f"you meanwhile: {by_hand}" if by_hand else todo)  # its own Action card's text first
    assert not by_hand or "by hand" in theirs["prompt"]
    mine = session.rules.status(state, turn)
    assert not mine.get("todo") or mine["todo"] == f"play on, and {mine['by_hand']}"
