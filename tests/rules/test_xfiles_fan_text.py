"""X-Files Fan card text run as effects: each misread the issue names, on cards of our own in the real wording
(tests/rules/fixtures/fan-text), in strict and warn, through `Session.submit`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pytest

from tabletop.cards import CardLibrary, default_library
from tabletop.cards.loader import read_set
from tabletop.core import Session
from tabletop.core.state import GameState
from tabletop.rules.base import add_card
from tabletop.rules.kit import ChooseTarget, DeclineEffect
from tabletop.rules.xfiles_fan import NoAction, PlayAction, PlayCard, XFilesFan
from tabletop.rules.xfiles_fan.model import establish

FIXTURE = Path(__file__).parent / "fixtures" / "fan-text"
T = "fan-text/"
ENV = ("agent-scully", "agent-mulder", "basement-files")
FILLER = "plain-ending"


@pytest.fixture(scope="module")
def library() -> CardLibrary:
    card_set, problems = read_set(FIXTURE)
    assert not problems, problems
    return CardLibrary.from_sets(default_library().sets["xfiles-fan-sample"], card_set)


def table(library: CardLibrary, *, enforcement: str = "strict", hands: Mapping[int, Iterable[str]] | None = None,
          round_: Iterable[tuple[str, int]] = (), env: Iterable[str] = ENV, options: Mapping[str, Any] | None = None,
          ) -> tuple[XFilesFan, GameState, Session]:
    """Period 1, seat 0 to play, the given cards of the fixture set in hands and in the round."""
    rs = XFilesFan(options, library=library)
    state = rs.build_table(2, seed=3, enforcement=enforcement)
    for p in state.players:
        p.counters["score"] = 0
    for ref in env:
        add_card(state, T + ref, "environment", owner=0)
    for seat, refs in (hands or {}).items():
        for ref in refs:
            add_card(state, T + ref, f"hand:{seat}", owner=seat)
    for seat in state.seats:
        for _ in range(20):
            add_card(state, T + FILLER, f"deck:{seat}", owner=seat)
    entries = []
    circ = {"progress": False, "opposition": False, "jeopardy": False}
    for ref, seat in round_:
        piece = add_card(state, T + ref, "round", owner=seat)
        circ = establish(circ, rs.card(T + ref).establishes_circ)
        entries.append({"piece": piece.id, "seat": seat, "circ": circ, "negated": False, "value": None})
    state.rules = {
        "phase": "play", "period": 1, "high_card": [], "chooser": 0, "first": 0, "xfiles_player": 1, "env_step": 3,
        "turn": 0, "turns": 1, "opener": 0, "leader": None, "round": entries, "round_over": False, "passes": 0,
        "deck_out": False, "pending": [], "over": False, "winner": None, "result": None,
    }
    return rs, state, Session(state, rs)


def piece(state: GameState, zone: str, cid: str) -> str:
    return next(p for p in state.zones[zone].pieces if state.pieces[p].card == T + cid)


def rules_of(result: Any) -> set[str]:
    return {v.rule for v in result.violations}


# -- "Requires [MULDER] with _Investment_ of +2 or less." --


def test_an_investment_qualifier_is_read_and_met(library) -> None:
    rs, state, s = table(library, hands={0: ["faint-warning"]}, round_=[("the-lake-case", 1)])
    warning = piece(state, "hand:0", "faint-warning")
    assert rs.info(state, warning).play_conditions and not rs.info(state, warning).unparsed
    assert PlayCard(warning) in list(rs.generate_actions(state, 0))
    assert s.submit(PlayCard(warning), 0).accepted


@pytest.mark.parametrize("mode", ("strict", "warn"))
def test_an_investment_above_the_qualifier_is_refused_in_strict_and_logged_in_warn(library, mode: str) -> None:
    """With a card beside MULDER adding +1, MULDER's Investment is +3: more than the +2 the card allows."""
    rs, state, s = table(library, enforcement=mode, hands={0: ["faint-warning"]}, round_=[("the-lake-case", 1)],
                         env=(*ENV, "trusted-partner"))
    warning = piece(state, "hand:0", "faint-warning")
    assert PlayCard(warning) not in list(rs.generate_actions(state, 0))
    before = state.hash()
    result = s.submit(PlayCard(warning), 0)
    assert "xff.legal.requires" in rules_of(result)
    assert any("Investment" in v.message for v in result.violations)
    if mode == "strict":
        assert not result.accepted and state.hash() == before
    else:
        assert result.accepted and "xff.legal.requires" in {v.rule for _, v in s.violations()}


# -- "While in play, at least 3 {progress}-providing cards must be following before a _Conclusion_ ..." --


def test_a_conclusion_waits_for_three_progress_cards_after_the_deputy(library) -> None:
    rs, state, s = table(library, hands={0: ["plain-ending"]},
                         round_=[("the-lake-case", 1), ("local-deputy", 0), ("canvass", 1), ("canvass", 0)])
    ending = piece(state, "hand:0", "plain-ending")
    assert PlayCard(ending) not in list(rs.generate_actions(state, 0))
    result = s.submit(PlayCard(ending), 0)
    assert not result.accepted and "xff.text.conclusion" in rules_of(result)
    # a third card setting progress after the deputy: the Conclusion may come
    rs, state, s = table(library, hands={0: ["plain-ending"]}, round_=[
        ("the-lake-case", 1), ("local-deputy", 0), ("canvass", 1), ("canvass", 0), ("canvass", 1)])
    ending = piece(state, "hand:0", "plain-ending")
    assert PlayCard(ending) in list(rs.generate_actions(state, 0))
    assert s.submit(PlayCard(ending), 0).accepted


# -- "Add --20 to the round's score unless a card is played between this card and the _Conclusion_ ..." --


def _score(library, round_: list[tuple[str, int]]) -> int:
    """The score of the round `round_` for the player of its last card (a Conclusion, played through the session)."""
    last, seat = round_[-1]
    rs, state, s = table(library, round_=round_[:-1], hands={seat: [last]}, options={"action_cards": False})
    state.rules["turn"] = seat
    result = s.submit(PlayCard(piece(state, f"hand:{seat}", last)), seat)
    assert result.accepted and not state.rules["round"], result
    return state.player(seat).counters["score"]


def test_add_minus_twenty_unless_jeopardy_is_removed_before_the_conclusion(library) -> None:
    # case 5, Not Alone -10, the Conclusion 3: -2, and -20 more
    assert _score(library, [("the-lake-case", 0), ("not-alone", 1), ("plain-ending", 0)]) == 5 - 10 + 3 - 20
    # a card between them removes jeopardy: no -20
    assert _score(library, [("the-lake-case", 0), ("not-alone", 1), ("calm-down", 0), ("plain-ending", 1)]) == \
        5 - 10 + 1 + 3


def test_a_score_made_negative_is_raised_to_zero_by_the_encouragement(library) -> None:
    """Its value is decided by its text: no value is asked, and a negative round scores 0."""
    rs, state, s = table(library, round_=[("the-lake-case", 0), ("small-comfort", 1), ("not-alone", 0),
                                          ("plain-ending", 1)])
    rs.turns.round_end(state, _Tx(s))
    assert not state.rules["pending"]
    assert _score(library, [("the-lake-case", 0), ("small-comfort", 1), ("not-alone", 0), ("plain-ending", 1)]) \
        == 0
    assert _score(library, [("the-lake-case", 0), ("small-comfort", 1), ("plain-ending", 1)]) == 8


class _Tx:
    """A transaction that only records rule changes (to ask `_round_end` what it would ask for)."""

    def __init__(self, session: Session) -> None:
        self.state = session.state

    def set_rule(self, key: str, value: Any, *, fresh: bool = False) -> None:
        self.state.rules[key] = value

    def note(self, *args: Any, **kwargs: Any) -> None:
        pass


# -- Off My Fingers: "Reveal this card ..., then place it and two additional unrevealed cards in your discard pile."


def test_the_discards_of_an_action_card_are_chosen_and_applied_face_down(library) -> None:
    rs, state, s = table(library, hands={0: ["canvass", "shake-it-off", "canvass", "calm-down", "plain-ending"]},
                         round_=[("the-lake-case", 1)])
    assert s.submit(PlayCard(piece(state, "hand:0", "canvass")), 0).accepted
    shake = piece(state, "hand:0", "shake-it-off")
    assert s.submit(PlayAction(shake), 0).accepted
    choices = list(rs.generate_actions(state, 0))
    assert choices and all(isinstance(c, ChooseTarget) for c in choices)
    assert {c.piece for c in choices} == set(state.zones["hand:0"].pieces)
    assert rs.waiting_for(state) == [0] and state.rules["turn"] == 0
    first, second = choices[0].piece, choices[1].piece
    assert s.submit(choices[0], 0).accepted
    assert s.submit(ChooseTarget(choices[1].pending, "cards", second), 0).accepted
    for pid in (first, second):
        assert state.pieces[pid].zone == "discard:0" and not state.pieces[pid].face_up
    assert state.pieces[shake].zone == "discard:0" and state.pieces[shake].face_up
    assert state.rules["turn"] == 1 and not rs.effects.pending(state)
    assert rs.open_action(state, 0) is None  # the engine applied it: no by-hand window


def test_a_choice_the_card_does_not_allow_is_refused_in_strict(library) -> None:
    rs, state, s = table(library, hands={0: ["canvass", "shake-it-off", "calm-down"], 1: ["canvass"]},
                         round_=[("the-lake-case", 1)])
    assert s.submit(PlayCard(piece(state, "hand:0", "canvass")), 0).accepted
    assert s.submit(PlayAction(piece(state, "hand:0", "shake-it-off")), 0).accepted
    pending = rs.effects.pending(state)[0]["id"]
    before = state.hash()
    for bad in (ChooseTarget(pending, "cards", piece(state, "round", "the-lake-case")),
                ChooseTarget(pending, "elsewhere", piece(state, "hand:0", "calm-down"))):
        result = s.submit(bad, 0)
        assert not result.accepted and "effects.target" in {v.code for v in result.violations}
    assert state.hash() == before
    result = s.submit(PlayCard(piece(state, "hand:1", "canvass")), 1)
    assert not result.accepted


def test_in_warn_a_player_declines_the_effect_and_applies_it_by_hand(library) -> None:
    rs, state, s = table(library, enforcement="warn", hands={0: ["canvass", "shake-it-off", "calm-down"]},
                         round_=[("the-lake-case", 1)])
    assert s.submit(PlayCard(piece(state, "hand:0", "canvass")), 0).accepted
    shake = piece(state, "hand:0", "shake-it-off")
    assert s.submit(PlayAction(shake), 0).accepted
    decline = next(a for a in rs.generate_actions(state, 0) if isinstance(a, DeclineEffect))
    result = s.submit(decline, 0)
    assert result.accepted
    assert any(getattr(e, "what", "") == "effects.declined" and "by hand" in e.text for e in result.events)
    assert rs.open_action(state, 0) == shake  # its by-hand window is open
    assert rs.effects.counts(state)[2] >= 1


def test_bots_play_and_apply_the_action_card_in_self_play(library) -> None:
    from tabletop.cards import DeckEntry, DeckList
    from tabletop.rules.simulate import play_session

    deck = DeckList("text", sections={
        "deck": [DeckEntry(T + "the-lake-case", 12), DeckEntry(T + "canvass", 14), DeckEntry(T + "calm-down", 6),
                 DeckEntry(T + "shake-it-off", 8), DeckEntry(T + "plain-ending", 6)],
        "environment": [DeckEntry(T + r, 1) for r in ENV]})
    played = applied = 0
    for seed in range(3):
        record, session = play_session("xfiles-fan", ["greedy", "random"], seed, library=library,
                                       decks={0: deck, 1: deck}, max_actions=3000)
        assert record.end in ("win", "draw", "cap"), record.error
        for entry in session.history:
            for e in entry.events:
                what = getattr(e, "what", "")
                played += what == "xfiles-fan.action"
                applied += what == "effects.applied" and "unrevealed" in e.text
    assert played and applied == played


# -- Capture Inevitable --


def test_a_captured_character_provides_nothing_and_its_dependents_do_not_score(library) -> None:
    rs, state, s = table(library, hands={0: ["taken-away"], 1: ["believer-hunch", "plain-ending"]},
                         round_=[("the-lake-case", 1), ("believer-hunch", 1)])
    assert s.submit(PlayCard(piece(state, "hand:0", "taken-away")), 0).accepted
    choices = list(rs.generate_actions(state, 0))
    mulder = piece(state, "environment", "agent-mulder")
    assert {c.piece for c in choices} == {mulder, piece(state, "environment", "agent-scully")}
    assert s.submit(ChooseTarget(choices[0].pending, "character", mulder), 0).accepted
    if rs.effects.pending(state):
        pass
    if state.rules.get("pending"):
        assert s.submit(NoAction(), 0).accepted
    assert state.rules["turn"] == 1
    hunch = piece(state, "hand:1", "believer-hunch")
    result = s.submit(PlayCard(hunch), 1)
    assert not result.accepted and "xff.legal.requires" in rules_of(result)
    # the round ends now: the earlier Believer Hunch depends on MULDER's [believer] and scores nothing
    result = s.submit(PlayCard(piece(state, "hand:1", "plain-ending")), 1)
    assert result.accepted, result
    assert state.player(1).counters["score"] == 5 + 0 - 5 + 3
    assert not state.rules.get("captured")


def test_a_capture_negated_returns_the_character(library) -> None:
    rs, state, s = table(library, hands={0: ["taken-away"], 1: ["undo-capture", "believer-hunch"]},
                         round_=[("the-lake-case", 1)], options={"action_cards": False})
    assert s.submit(PlayCard(piece(state, "hand:0", "taken-away")), 0).accepted
    mulder = piece(state, "environment", "agent-mulder")
    pending = rs.effects.pending(state)[0]["id"]
    assert s.submit(ChooseTarget(pending, "character", mulder), 0).accepted
    assert rs.cardtext.captured_ids(state) == {mulder}
    assert s.submit(PlayCard(piece(state, "hand:1", "undo-capture")), 1).accepted
    assert rs.cardtext.captured_ids(state) == frozenset()
    assert "believer" in rs.provided(state)


# -- Mulder Shares Confidence --


def test_the_partner_card_joins_mulder_when_its_player_ends_the_round(library) -> None:
    from tabletop.rules.xfiles_fan.vocabulary import investment

    for ender, zone in ((0, "environment"), (1, "discard:0")):
        rs, state, s = table(library, round_=[("the-lake-case", 0), ("trusted-partner", 0)],
                             hands={ender: ["plain-ending"]}, options={"action_cards": False})
        partner = piece(state, "round", "trusted-partner")
        state.rules["turn"] = ender
        assert s.submit(PlayCard(piece(state, f"hand:{ender}", "plain-ending")), ender).accepted
        assert state.pieces[partner].zone == zone
        assert investment(state, rs.card, "MULDER") == (3 if ender == 0 else 2)


def test_self_play_reports_the_card_text_it_played(library) -> None:
    """`card_text` in the simulate report: each text that came to apply, run by the engine or left by hand."""
    from tabletop.cards import DeckEntry, DeckList
    from tabletop.rules.simulate import format_report, play_session, report

    deck = DeckList("text", sections={
        "deck": [DeckEntry(T + "the-lake-case", 12), DeckEntry(T + "canvass", 14), DeckEntry(T + "odd-ambush", 6),
                 DeckEntry(T + "shake-it-off", 6), DeckEntry(T + "plain-ending", 6)],
        "environment": [DeckEntry(T + r, 1) for r in ENV]})
    records = [play_session("xfiles-fan", ["greedy", "random"], seed, library=library, decks={0: deck, 1: deck},
                            max_actions=3000)[0] for seed in range(2)]
    ct = report("xfiles-fan", {}, 0, ["greedy", "random"], "strict", records, 1.0)["card_text"]
    assert ct["resolved"] == ct["engine"] + ct["by_hand"] and ct["engine"] > 0 and ct["by_hand"] > 0
    assert sum(r.card_text[2] for r in records) == ct["by_hand"]
    line = next(x for x in format_report(report("xfiles-fan", {}, 0, ["greedy", "random"], "strict", records,
                                                1.0)).splitlines() if x.startswith("card text:"))
    assert f"{ct['resolved']} resolved" in line and f"{ct['by_hand']} left by hand" in line
