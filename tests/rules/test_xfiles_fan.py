"""`xfiles-fan`: each step of the Sequence of Play and each legality rule, in hand-written positions, warn and strict."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from tabletop.cards import DeckEntry, DeckList, default_library
from tabletop.core import Session
from tabletop.core.state import GameState
from tabletop.rules import get_ruleset
from tabletop.rules.base import add_card
from tabletop.rules.xfiles_fan import (
    RULE_TEXT,
    ChooseFirst,
    ChooseValue,
    DiscardCards,
    Exchange,
    NoAction,
    Pass,
    PlayAction,
    PlayCard,
    PlayEnvironment,
    StartPeriod,
    XFilesFan,
    card_info,
)
from tabletop.rules.xfiles_fan.model import circumstance_problems, establish

S = "xfiles-fan-sample/"
ENV = ("agent-scully", "agent-mulder", "basement-office")
FILLER = "gone-before-dawn"  # a Conclusion that is legal only with [Creature] and jeopardy: rarely in the way
MODES = ("warn", "strict")


def position(
    *,
    enforcement: str = "strict",
    options: Mapping[str, Any] | None = None,
    hands: Mapping[int, Iterable[str]] | None = None,
    decks: Mapping[int, Iterable[str]] | None = None,
    sideboards: Mapping[int, Iterable[str]] | None = None,
    discards: Mapping[int, Iterable[str]] | None = None,
    round_: Iterable[tuple[str, int]] = (),
    env: Iterable[str] = ENV,
    **rules: Any,
) -> tuple[XFilesFan, GameState, Session]:
    """A table in the middle of period 1, seat 0 to play, with the given cards (ids of the sample set)."""
    rs = XFilesFan(options, library=default_library())
    state = rs.build_table(2, seed=11, enforcement=enforcement)
    for p in state.players:
        p.counters["score"] = 0
    for ref in env:
        add_card(state, S + ref, "environment", owner=0)
    for zone, content in (("hand", hands), ("sideboard", sideboards), ("discard", discards)):
        for seat, refs in (content or {}).items():
            for ref in refs:
                add_card(state, S + ref, f"{zone}:{seat}", owner=seat)
    for seat in state.seats:
        for ref in (decks or {}).get(seat, [FILLER] * 20):
            add_card(state, S + ref, f"deck:{seat}", owner=seat)
    entries = []
    circ = {"progress": False, "opposition": False, "jeopardy": False}
    for ref, seat in round_:
        piece = add_card(state, S + ref, "round", owner=seat)
        circ = establish(circ, rs.card(S + ref).establishes_circ)
        entries.append({"piece": piece.id, "seat": seat, "circ": circ, "negated": False, "value": None})
    state.rules = {
        "phase": "play", "period": 1, "high_card": [], "chooser": 0, "first": 0, "xfiles_player": 1, "env_step": 3,
        "turn": 0, "turns": 1, "opener": 0, "leader": None, "round": entries, "round_over": False, "passes": 0,
        "deck_out": False, "pending": [], "over": False, "winner": None, "result": None,
    }
    state.rules.update(rules)
    return rs, state, Session(state, rs)


def card(state: GameState, zone: str, cid: str, nth: int = 0) -> str:
    """The id of the nth piece of card `cid` in `zone`."""
    found = [p for p in state.zones[zone].pieces if state.pieces[p].card == S + cid]
    return found[nth]


def broken(session: Session, result: Any, before: str, mode: str, rule: str) -> None:
    """The action broke `rule`: refused with the state untouched (strict), or applied and logged (warn)."""
    assert rule in {v.rule for v in result.violations}, [str(v) for v in result.violations]
    if mode == "strict":
        assert not result.accepted
        assert session.state.hash() == before
    else:
        assert result.accepted
        assert rule in {v.rule for _, v in session.violations()}


def clean(result: Any) -> None:
    assert result.accepted, result.error
    assert not result.violations, [str(v) for v in result.violations]


def test_registered_with_options_and_rule_text() -> None:
    rs = get_ruleset("xfiles-fan", {"both_pass": "redraw_hand"})
    assert isinstance(rs, XFilesFan)
    assert rs.options["both_pass"] == "redraw_hand"
    names = {o.name for o in rs.option_specs}
    assert {"hand_size", "periods", "both_pass", "deck_min", "deck_max", "sideboard_max"} <= names
    assert all(o.description for o in rs.option_specs)
    for rule in ("xff.1.2", "xff.3.2", "xff.4", "xff.5.2", "xff.6.2", "xff.7", "xff.legal.requires"):
        assert rule in RULE_TEXT


# ------------------------------------------------------------------------------------------------ 1. setup


def test_draw_for_high_card_redraws_on_no_reveal_and_tie() -> None:
    rs = XFilesFan(library=default_library())
    state = rs.build_table(2, seed=1)
    # top first: neither reveals (covers have no drawValue), then a tie at 8, then 1 against 7
    for seat, refs in ((0, ["cover-manila", "midnight-call", "car-stalls"]),
                       (1, ["cover-redacted", "midnight-call", "stopped-clocks"])):
        for ref in refs:
            add_card(state, S + ref, f"deck:{seat}", owner=seat)
    attempts, winner = rs.draw_for_high_card(state)
    assert [[d[2] for d in a] for a in attempts] == [[None, None], [8, 8], [1, 7]]
    assert winner == 1
    assert len(state.zones["discard:0"].pieces) == 3 and not state.zones["deck:0"].pieces


def test_setup_environment_and_first_period_in_order() -> None:
    lib = default_library()
    rs = XFilesFan(library=lib)
    state = rs.new_game(2, seed=3, enforcement="strict", library=lib)
    s = Session(state, rs)
    chooser = state.rules["chooser"]
    best = max(d[2] for d in state.rules["high_card"][-1] if d[2] is not None)
    assert [d[0] for d in state.rules["high_card"][-1] if d[2] == best] == [chooser]
    assert rs.waiting_for(state) == [chooser]
    first = 1 - chooser
    clean(s.submit(ChooseFirst(first), chooser))
    for role, seat in (("SCULLY", first), ("MULDER", 1 - first), ("X-FILES", first)):
        assert state.rules["pending"] == [{"kind": "environment", "seat": seat, "role": role}]
        legal = list(rs.legal_actions(state, seat))
        assert len(legal) == 1 and isinstance(legal[0], PlayEnvironment)
        assert role in rs.info(state, legal[0].piece).caps
        clean(s.submit(legal[0], seat))
    # the X-FILES card started period 1 at once (xff.2): full hands, discards back, X-FILES opponent first (xff.1.5)
    assert state.rules["phase"] == "play" and state.rules["period"] == 1
    assert StartPeriod.type in [a.type for a, _ in s.history[-1].auto]
    for seat in state.seats:
        assert len(state.zones[f"hand:{seat}"].pieces) == 13
        assert len(state.zones[f"deck:{seat}"].pieces) == 39 - 13
        assert not state.zones[f"discard:{seat}"].pieces
    assert state.rules["xfiles_player"] == first
    assert state.rules["turn"] == 1 - first
    assert [e["name"] for e in rs.status(state, 0)["environment"]] == [
        "Special Agent SCULLY", "Special Agent MULDER", "X-FILES"]


@pytest.mark.parametrize("mode", MODES)
def test_only_the_high_card_winner_chooses(mode: str) -> None:
    rs, state, s = position(enforcement=mode, phase="choose_first", pending=[{"kind": "choose_first", "seat": 1}])
    before = state.hash()
    broken(s, s.submit(ChooseFirst(0), 0), before, mode, "xff.1.3")


@pytest.mark.parametrize("mode", MODES)
def test_environment_cards_in_role_order(mode: str) -> None:
    rs, state, s = position(enforcement=mode, env=(), phase="environment", env_step=0,
                            pending=[{"kind": "environment", "seat": 0, "role": "SCULLY"}])
    for ref in ENV:
        add_card(state, S + ref, "environment_deck:0", owner=0)
    before = state.hash()
    broken(s, s.submit(PlayEnvironment(card(state, "environment_deck:0", "agent-mulder")), 0), before, mode,
           "xff.1.4")


# ------------------------------------------------------------------------------------------------ 2, 3. turns


def test_turn_starts_by_filling_the_hand() -> None:
    rs, state, s = position(hands={0: ["orchard-remains"], 1: ["quiet-road"] * 5}, options={"action_cards": False})
    clean(s.submit(PlayCard(card(state, "hand:0", "orchard-remains")), 0))
    assert state.rules["turn"] == 1
    assert len(state.zones["hand:1"].pieces) == 13  # xff.3.1: drew 8 before acting
    assert len(state.zones["deck:1"].pieces) == 20 - 8


@pytest.mark.parametrize("mode", MODES)
def test_cannot_pass_with_a_legal_case(mode: str) -> None:
    rs, state, s = position(enforcement=mode, hands={0: ["cold-lake-lights", "lab-analysis"]})
    before = state.hash()
    broken(s, s.submit(Pass(), 0), before, mode, "xff.3.2")


def test_a_warned_pass_names_the_playable_card_to_its_player_only() -> None:
    """The must-play warning names the card through each reader's view: a title for its player, no raw piece id."""
    rs, state, s = position(enforcement="warn", hands={0: ["cold-lake-lights", "lab-analysis"]})
    pid = card(state, "hand:0", "cold-lake-lights")
    title = rs.card_title(state, pid)
    r = s.submit(Pass(), 0)
    assert r.accepted
    (mine,) = [v.message for v in r.violations if v.code == "xff.must_play"]
    logged = [v["message"] for v in s.log_for(0)[-1]["violations"]]
    theirs = [v["message"] for v in s.log_for(1)[-1]["violations"]]
    assert title in mine and logged == [mine]
    for text in (mine, *theirs):
        assert pid not in text and "\x00" not in text
    assert theirs and title not in theirs[0] and "Hand" in theirs[0]


def test_without_a_legal_play_pass_is_the_only_action() -> None:
    rs, state, s = position(hands={0: ["lab-analysis", "closed-for-now", "late-coffee"]})
    assert list(rs.legal_actions(state, 0)) == [Pass()]
    clean(s.submit(Pass(), 0))
    assert state.rules["turn"] == 1 and state.rules["passes"] == 1


@pytest.mark.parametrize("mode", MODES)
def test_a_round_starts_with_a_case_or_incident(mode: str) -> None:
    rs, state, s = position(enforcement=mode, hands={0: ["quiet-road", "car-stalls"]})
    before = state.hash()
    broken(s, s.submit(PlayCard(card(state, "hand:0", "quiet-road")), 0), before, mode, "xff.3.2")


@pytest.mark.parametrize("mode", MODES)
def test_a_round_in_progress_takes_followings(mode: str) -> None:
    rs, state, s = position(enforcement=mode, hands={0: ["car-stalls", "canvass-witnesses"]},
                            round_=[("cold-lake-lights", 1)])
    before = state.hash()
    broken(s, s.submit(PlayCard(card(state, "hand:0", "car-stalls")), 0), before, mode, "xff.3.3")


@pytest.mark.parametrize("mode", MODES)
def test_cannot_pass_in_a_round_with_a_legal_following(mode: str) -> None:
    rs, state, s = position(enforcement=mode, hands={0: ["canvass-witnesses"]}, round_=[("cold-lake-lights", 1)])
    before = state.hash()
    broken(s, s.submit(Pass(), 0), before, mode, "xff.3.3")


@pytest.mark.parametrize("mode", MODES)
def test_only_the_player_whose_turn_it_is_plays(mode: str) -> None:
    rs, state, s = position(enforcement=mode, hands={1: ["cold-lake-lights"]})
    before = state.hash()
    broken(s, s.submit(PlayCard(card(state, "hand:1", "cold-lake-lights")), 1), before, mode, "xff.3")


def test_one_optional_action_card_after_a_play() -> None:
    rs, state, s = position(hands={0: ["cold-lake-lights", "late-coffee", "anonymous-tip"]})
    clean(s.submit(PlayCard(card(state, "hand:0", "cold-lake-lights")), 0))
    assert state.rules["pending"] == [{"kind": "action", "seat": 0}]
    legal = list(rs.legal_actions(state, 0))
    assert NoAction() in legal and sum(isinstance(a, PlayAction) for a in legal) == 2
    assert rs.waiting_for(state) == [0]
    coffee = card(state, "hand:0", "late-coffee")
    res = s.submit(PlayAction(coffee), 0)
    clean(res)
    assert state.pieces[coffee].zone == "discard:0"
    assert any(getattr(e, "what", "") == "xfiles-fan.action" and "apply by hand" in e.text for e in res.events)
    assert state.rules["turn"] == 1 and not state.rules["pending"]


@pytest.mark.parametrize("mode", MODES)
def test_action_cards_only_right_after_a_play(mode: str) -> None:
    rs, state, s = position(enforcement=mode, hands={0: ["late-coffee", "lab-analysis"]})
    before = state.hash()
    broken(s, s.submit(PlayAction(card(state, "hand:0", "late-coffee")), 0), before, mode, "xff.3.4")


def test_declining_the_action_ends_the_turn() -> None:
    rs, state, s = position(hands={0: ["cold-lake-lights", "late-coffee"]})
    clean(s.submit(PlayCard(card(state, "hand:0", "cold-lake-lights")), 0))
    clean(s.submit(NoAction(), 0))
    assert state.rules["turn"] == 1 and card(state, "hand:0", "late-coffee")


# ------------------------------------------------------------------------------------------------ 4. both pass


def test_both_pass_discard_two_then_the_same_first_player() -> None:
    rs, state, s = position(hands={0: ["lab-analysis", "closed-for-now", "second-look"],
                                   1: ["quiet-road", "shadowed", "stonewalled"]})
    clean(s.submit(Pass(), 0))
    clean(s.submit(Pass(), 1))
    assert sorted(p["seat"] for p in state.rules["pending"]) == [0, 1]
    assert all(p["kind"] == "discard" and p["count"] == 2 for p in state.rules["pending"])
    assert rs.waiting_for(state) == [0, 1]
    options = list(rs.legal_actions(state, 1))
    assert options and all(isinstance(a, DiscardCards) and len(a.pieces) == 2 for a in options)
    clean(s.submit(options[0], 1))
    assert len(state.zones["discard:1"].pieces) == 2
    clean(s.submit(DiscardCards((card(state, "hand:0", "lab-analysis"), card(state, "hand:0", "second-look"))), 0))
    assert state.rules["turn"] == 0 and not state.rules["pending"]
    assert len(state.zones["hand:0"].pieces) == 13  # xff.3.1 again at the start of the turn


@pytest.mark.parametrize("mode", MODES)
def test_both_pass_discards_exactly_two(mode: str) -> None:
    rs, state, s = position(enforcement=mode, hands={0: ["lab-analysis", "closed-for-now", "second-look"]},
                            turn=None, pending=[{"kind": "discard", "seat": 0, "count": 2}])
    before = state.hash()
    broken(s, s.submit(DiscardCards((card(state, "hand:0", "lab-analysis"),)), 0), before, mode, "xff.4")


def test_both_pass_redraw_hand_variant() -> None:
    rs, state, s = position(options={"both_pass": "redraw_hand"},
                            hands={0: ["lab-analysis", "closed-for-now"], 1: ["quiet-road"] * 13},
                            decks={0: ["orchard-remains"] * 20, 1: [FILLER] * 20})
    clean(s.submit(Pass(), 0))
    clean(s.submit(Pass(), 1))
    assert not state.rules["pending"] and state.rules["turn"] == 0
    assert len(state.zones["hand:0"].pieces) == 13 and len(state.zones["hand:1"].pieces) == 13
    assert len(state.zones["deck:0"].pieces) == 22 - 13 and len(state.zones["deck:1"].pieces) == 33 - 13
    assert not state.zones["discard:0"].pieces


# ------------------------------------------------------------------------------------------------ 5. rounds


def test_a_conclusion_ends_the_round_and_its_player_scores() -> None:
    rs, state, s = position(hands={0: ["report-to-ad"]}, options={"action_cards": False},
                            round_=[("orchard-remains", 1), ("midnight-autopsy", 0), ("lab-analysis", 1)])
    res = s.submit(PlayCard(card(state, "hand:0", "report-to-ad")), 0)
    clean(res)
    assert [a.type for a, _ in res.entry.auto] == ["xfiles-fan.score_round"]
    assert state.player(0).counters["score"] == 3 + 5 + 4 + 2 and state.player(1).counters["score"] == 0
    assert not state.zones["round"].pieces and not state.rules["round"]
    assert len(state.zones["discard:0"].pieces) == 2 and len(state.zones["discard:1"].pieces) == 2
    assert state.rules["leader"] == 0 and state.rules["turn"] == 0  # xff.5.4


def test_both_passing_ends_the_round_for_the_last_card_player() -> None:
    rs, state, s = position(hands={0: [], 1: []}, round_=[("cold-lake-lights", 1), ("canvass-witnesses", 1)],
                            decks={0: ["lab-analysis"] * 20, 1: ["lab-analysis"] * 20})
    clean(s.submit(Pass(), 0))
    clean(s.submit(Pass(), 1))
    assert state.player(1).counters["score"] == 4 + 3
    assert state.rules["turn"] == 1


def test_negated_cards_score_nothing_and_provide_nothing() -> None:
    rs, state, s = position(hands={0: ["statement-retracted", "canvass-witnesses"]}, options={"action_cards": False},
                            round_=[("missing-surveyor", 1), ("canvass-witnesses", 1)])
    # Missing Surveyor brings no [Witness]; the canvass played earlier provides [Statement]
    clean(s.submit(PlayCard(card(state, "hand:0", "statement-retracted")), 0))
    negated = [e["negated"] for e in state.rules["round"]]
    assert negated == [False, True, False]
    assert rs.provided(state).get("statement", 0) == 0
    st = rs.status(state, 1)
    assert st["round_score"] == 5 + 0 - 4
    assert [c["negated"] for c in st["round"]] == [False, True, False]


def test_a_chosen_value_is_asked_of_its_player_when_the_round_is_scored() -> None:
    rs, state, s = position(hands={0: ["report-to-ad"]}, options={"action_cards": False},
                            round_=[("cold-lake-lights", 1), ("taken-at-night", 1)])
    clean(s.submit(PlayCard(card(state, "hand:0", "report-to-ad")), 0))
    taken = state.rules["round"][1]["piece"]
    assert state.rules["pending"] == [{"kind": "value", "seat": 1, "piece": taken, "sign": "negative"}]
    st = rs.status(state, 0)
    assert st["pending"][0]["range"] == [-10, -1] and st["pending"][0]["rule"] == "xff.5.3"
    assert st["round_unvalued"] == 1
    assert {a.value for a in rs.legal_actions(state, 1)} == set(range(-10, 0))
    assert not list(rs.legal_actions(state, 0))
    res = s.submit(ChooseValue(taken, -3), 1)
    clean(res)
    assert state.player(0).counters["score"] == 4 - 3 + 2
    assert any(getattr(e, "what", "") == "xfiles-fan.value" for e in res.events)


@pytest.mark.parametrize("mode", MODES)
def test_values_are_chosen_in_range_by_the_cards_player(mode: str) -> None:
    rs, state, s = position(enforcement=mode, round_=[("cold-lake-lights", 1), ("taken-at-night", 1)],
                            round_over=True, turn=None)
    taken = state.rules["round"][1]["piece"]
    state.rules["pending"] = [{"kind": "value", "seat": 1, "piece": taken, "sign": "negative"}]
    before = state.hash()
    broken(s, s.submit(ChooseValue(taken, 4), 1), before, mode, "xff.5.3")
    if mode == "strict":
        broken(s, s.submit(ChooseValue(taken, -2), 0), before, mode, "xff.5.3")


def test_unreadable_text_never_blocks_and_is_shown() -> None:
    rs, state, s = position(hands={0: ["woods-chase"]}, options={"action_cards": False},
                            round_=[("route-nine-howls", 1)])
    chase = card(state, "hand:0", "woods-chase")
    assert rs.info(state, chase).unparsed
    res = s.submit(PlayCard(chase), 0)
    clean(res)
    assert any(getattr(e, "what", "") == "xfiles-fan.by_hand" for e in res.events)
    assert rs.status(state, 1)["round"][-1]["by_hand"]


# ------------------------------------------------------------------------------------------------ 6, 7. periods


def test_the_period_ends_with_the_round_in_progress_when_a_deck_runs_out() -> None:
    rs, state, s = position(hands={0: ["canvass-witnesses"], 1: ["quiet-road"] + ["lab-analysis"] * 11},
                            options={"action_cards": False},
                            round_=[("cold-lake-lights", 1)], decks={0: [FILLER] * 5, 1: [FILLER]},
                            sideboards={0: ["shadowed"] * 2, 1: ["report-to-ad"]})
    clean(s.submit(PlayCard(card(state, "hand:0", "canvass-witnesses")), 0))
    assert state.rules["deck_out"] and state.rules["phase"] == "play"  # seat 1 drew its last card: round goes on
    clean(s.submit(PlayCard(card(state, "hand:1", "quiet-road")), 1))
    clean(s.submit(Pass(), 0))
    res = s.submit(Pass(), 1)
    clean(res)
    assert [a.type for a, _ in res.entry.auto] == ["xfiles-fan.score_round", "xfiles-fan.end_period"]
    assert state.rules["phase"] == "exchange"
    assert [(p["kind"], p["seat"], p["sideboard"]) for p in state.rules["pending"]] == [
        ("exchange", 0, 2), ("exchange", 1, 1)]
    assert not state.zones["discard:0"].pieces  # discards went back to be exchanged
    # the owner may now see its draw deck to choose; the opponent still cannot
    deck0 = state.zones["deck:0"].pieces
    assert all(state.can_see(state.pieces[p], 0) and not state.can_see(state.pieces[p], 1) for p in deck0)


def test_the_period_ends_at_once_without_a_round() -> None:
    rs, state, s = position(hands={0: ["lab-analysis"], 1: ["quiet-road"] * 12}, decks={0: [FILLER] * 5, 1: [FILLER]})
    res = s.submit(Pass(), 0)
    clean(res)
    assert [a.type for a, _ in res.entry.auto] == ["xfiles-fan.end_period"]
    assert state.rules["phase"] == "exchange"


def test_exchange_one_for_one_hidden_from_the_opponent_then_next_period() -> None:
    rs, state, s = position(phase="exchange", turn=None, leader=1,
                            pending=[{"kind": "exchange", "seat": 0, "sideboard": 2},
                                     {"kind": "exchange", "seat": 1, "sideboard": 0}],
                            decks={0: ["quiet-road"] * 20, 1: [FILLER] * 20}, hands={0: [], 1: []},
                            sideboards={0: ["shadowed", "report-to-ad"]})
    for pid in state.zones["deck:0"].pieces:  # as the end of the period left it: the owner looks through the deck
        state.pieces[pid].known = frozenset({0})
    give = card(state, "deck:0", "quiet-road")
    take = card(state, "sideboard:0", "shadowed")
    res = s.submit(Exchange((give,), (take,)), 0)
    clean(res)
    assert state.pieces[give].zone == "sideboard:0" and state.pieces[take].zone == "deck:0"
    assert len(state.zones["sideboard:0"].pieces) == 2
    # the opponent sees the counts, never the faces
    view = s.view(1)
    side = next(z for z in view["zones"] if z["name"] == "sideboard:0")
    assert side["count"] == 2 and all("card" not in p for p in side["pieces"])
    log = s.history[-1].for_seat(1)
    assert log["action"]["give"] == ["hidden"] and log["action"]["take"] == ["hidden"]
    assert S + "shadowed" not in str(log)
    res = s.submit(Exchange(), 1)
    clean(res)
    assert "xfiles-fan.start_period" in [a.type for a, _ in res.entry.auto]
    assert state.rules["period"] == 2 and state.rules["phase"] == "play"
    assert state.rules["turn"] == 1  # the player of the last round's last card
    assert len(state.zones["hand:0"].pieces) == 13


@pytest.mark.parametrize("mode", MODES)
def test_exchange_keeps_the_sideboard_count(mode: str) -> None:
    rs, state, s = position(enforcement=mode, phase="exchange", turn=None,
                            pending=[{"kind": "exchange", "seat": 0, "sideboard": 2}],
                            sideboards={0: ["shadowed", "report-to-ad"]})
    before = state.hash()
    broken(s, s.submit(Exchange((), (card(state, "sideboard:0", "shadowed"),)), 0), before, mode, "xff.6.2")


@pytest.mark.parametrize("mode", MODES)
def test_cards_on_the_table_cannot_be_exchanged(mode: str) -> None:
    rs, state, s = position(enforcement=mode, phase="exchange", turn=None,
                            pending=[{"kind": "exchange", "seat": 0, "sideboard": 1}], sideboards={0: ["shadowed"]})
    env = state.zones["environment"].pieces[0]
    before = state.hash()
    broken(s, s.submit(Exchange((env,), (card(state, "sideboard:0", "shadowed"),)), 0), before, mode, "xff.6.3")


@pytest.mark.parametrize("scores, winner, result", [((30, 12), 0, "win"), ((7, 7), None, "tie")])
def test_the_game_ends_after_the_last_period(scores: tuple[int, int], winner: int | None, result: str) -> None:
    rs, state, s = position(period=3, hands={0: ["lab-analysis"], 1: ["quiet-road"] * 12},
                            decks={0: [FILLER] * 5, 1: [FILLER]})
    for seat, score in enumerate(scores):
        state.player(seat).counters["score"] = score
    res = s.submit(Pass(), 0)
    clean(res)
    assert state.rules["over"] and state.rules["phase"] == "over"
    assert state.rules["winner"] == winner and state.rules["result"] == result
    assert rs.winner(state) == (winner if winner is not None else "tie")
    assert not list(rs.legal_actions(state, 0)) and rs.waiting_for(state) == []
    assert rs.check(state, Pass(), 1)[0].rule == "xff.7"


# ------------------------------------------------------------------------------------------------ legality


@pytest.mark.parametrize("mode", MODES)
def test_requires_tags_from_the_environment_or_the_round(mode: str) -> None:
    rs, state, s = position(enforcement=mode, hands={0: ["midnight-autopsy", "lab-analysis"]},
                            round_=[("cold-lake-lights", 1)])
    autopsy = card(state, "hand:0", "midnight-autopsy")
    problems = rs.card_problems(state, autopsy, 0)
    assert [v.rule for v in problems] == ["xff.legal.requires"] and "[Body]" in problems[0].message
    before = state.hash()
    broken(s, s.submit(PlayCard(autopsy), 0), before, mode, "xff.legal.requires")


def test_requires_met_by_environment_and_earlier_card() -> None:
    rs, state, s = position(hands={0: ["midnight-autopsy"]}, round_=[("orchard-remains", 1)])
    assert rs.card_problems(state, card(state, "hand:0", "midnight-autopsy"), 0) == []
    rs, state, s = position(hands={0: ["midnight-autopsy"]}, env=("agent-mulder", "basement-office"),
                            round_=[("orchard-remains", 1)])
    assert "[Doctor]" in rs.card_problems(state, card(state, "hand:0", "midnight-autopsy"), 0)[0].message


@pytest.mark.parametrize("mode", MODES)
def test_first_card_requires_the_environment(mode: str) -> None:
    rs, state, s = position(enforcement=mode, env=("agent-mulder", "basement-office"),
                            hands={0: ["orchard-remains"]})
    before = state.hash()
    broken(s, s.submit(PlayCard(card(state, "hand:0", "orchard-remains")), 0), before, mode, "xff.legal.first")


@pytest.mark.parametrize("mode", MODES)
def test_prevented_by_a_provided_tag(mode: str) -> None:
    rs, state, s = position(enforcement=mode, hands={0: ["shadowed"]},
                            round_=[("orchard-remains", 1), ("lab-analysis", 1)])
    before = state.hash()
    broken(s, s.submit(PlayCard(card(state, "hand:0", "shadowed")), 0), before, mode, "xff.legal.prevented")


@pytest.mark.parametrize("mode", MODES)
def test_required_circumstances(mode: str) -> None:
    # Canvass needs progress; Sealed File set only opposition
    rs, state, s = position(enforcement=mode, hands={0: ["canvass-witnesses"]},
                            round_=[("sealed-file", 1), ("midnight-call", 1)])
    state.rules["round"][-1]["circ"] = {"progress": False, "opposition": True, "jeopardy": False}
    before = state.hash()
    broken(s, s.submit(PlayCard(card(state, "hand:0", "canvass-witnesses")), 0), before, mode,
           "xff.legal.circumstances")


def test_circumstance_requirements_true_not_counts_and_prev() -> None:
    p, o = {"progress": True, "opposition": False, "jeopardy": False}, {"progress": False, "opposition": True,
                                                                       "jeopardy": False}
    assert circumstance_problems([p], {"progress": True}) == []
    assert circumstance_problems([o], {"progress": True})
    assert circumstance_problems([o], {"progress": "not"}) == []
    assert circumstance_problems([p], {"progress": "not"})
    assert circumstance_problems([p, p], {"progress": 2}) == []
    assert circumstance_problems([o, p], {"progress": 2})
    assert circumstance_problems([p], {"progress": 2})
    assert circumstance_problems([p, o], {"progress": "2prev"}) == []
    assert circumstance_problems([o, p], {"progress": "2prev"})
    assert circumstance_problems([o], {"progress": "prev", "jeopardy": None}) == []
    assert circumstance_problems([o], {"progress": "sometimes"}) == []  # unreadable: never blocking
    after = establish(p, {"progress": "pass", "opposition": True, "jeopardy": None})
    assert after == {"progress": True, "opposition": True, "jeopardy": False}
    assert establish(after, {"progress": False, "opposition": None}) == {c: False for c in after}


def test_a_missing_pip_clears_a_circumstance_and_pass_leaves_it() -> None:
    """The game summary: no pip eliminates the circumstance; the translucent arrow (`pass`) carries it over."""
    every = {"progress": True, "opposition": True, "jeopardy": True}
    assert establish(every, {"progress": "pass"}) == {"progress": True, "opposition": False, "jeopardy": False}
    assert establish(every, {}) == {"progress": False, "opposition": False, "jeopardy": False}
    assert establish(every, {"progress": "pass", "opposition": "pass", "jeopardy": "pass"}) == every


@pytest.mark.parametrize("mode", MODES)
def test_play_ordinality(mode: str) -> None:
    rs, state, s = position(enforcement=mode, hands={0: ["filed-unexplained"]},
                            round_=[("cold-lake-lights", 1), ("filed-unexplained", 1)])
    state.rules["round_over"] = False
    before = state.hash()
    broken(s, s.submit(PlayCard(card(state, "hand:0", "filed-unexplained")), 0), before, mode,
           "xff.legal.ordinality")


def test_all_violations_are_reported_together() -> None:
    rs, state, s = position(hands={0: ["midnight-autopsy"]}, round_=[("sealed-file", 1)])
    rules = {v.rule for v in rs.check(state, PlayCard(card(state, "hand:0", "midnight-autopsy")), 0)}
    assert {"xff.legal.requires", "xff.legal.circumstances"} <= rules


@pytest.mark.parametrize("mode", MODES)
def test_moving_cards_by_hand_cites_the_sequence(mode: str) -> None:
    from tabletop.core import actions as A

    rs, state, s = position(enforcement=mode, hands={0: ["cold-lake-lights"]})
    before = state.hash()
    broken(s, s.submit(A.Move((card(state, "hand:0", "cold-lake-lights"),), "round"), 0), before, mode, "xff.3")
    before = state.hash()
    broken(s, s.submit(A.Draw(1), 0), before, mode, "xff.3.1")


def test_legal_actions_glow_and_agree_with_check() -> None:
    rs, state, s = position(hands={0: ["canvass-witnesses", "lab-analysis", "quiet-road", "car-stalls"]},
                            round_=[("cold-lake-lights", 1)])
    legal = list(rs.legal_actions(state, 0))
    names = sorted(rs.info(state, a.piece).name for a in legal)
    assert names == ["A Quiet Road", "Canvass the Witnesses"]
    for a in legal:
        assert a in rs.legal_actions(state, 0)
    assert PlayCard(card(state, "hand:0", "lab-analysis")) not in rs.legal_actions(state, 0)
    st = rs.status(state, 0)
    assert sorted(st["playable"]) == sorted(a.piece for a in legal)
    assert st["active"] == 0 and st["phase"] == "play" and st["period"] == 1
    assert st["circumstances"] == {"progress": True, "opposition": False, "jeopardy": False}
    assert st["round"][0]["name"] == "Lights over Cold Lake" and st["round_score"] == 4
    assert "playable" not in rs.status(state, 1)


# ------------------------------------------------------------------------------------------------ decks


def test_sample_decks_are_legal_and_bad_decks_are_named() -> None:
    lib = default_library()
    rs = XFilesFan(library=lib)
    from tabletop.rules.xfiles_fan import sample_decks

    decks = sample_decks(lib)
    assert len(decks) == 2
    for deck in decks:
        assert rs.deck_problems(deck, lib) == []
    bad = DeckList("bad", sections={
        "deck": [DeckEntry(S + "canvass-witnesses", 5), DeckEntry(S + "agent-scully")],
        "environment": [DeckEntry(S + "agent-scully", 3)],
        "sideboard": [DeckEntry(S + "quiet-road", 14)],
        "covers": [DeckEntry(S + "late-coffee")],
    })
    rules = sorted(v.rule for v in rs.deck_problems(bad, lib))
    assert rules == sorted(["xff.deck.size", "xff.deck.copies", "xff.deck.types", "xff.deck.environment",
                            "xff.1.4", "xff.1.4", "xff.deck.sideboard", "xff.deck.covers"])


def test_card_info_reads_camel_case_and_text() -> None:
    from tabletop.cards import CardDef

    c = CardDef("t", "x", "Odd Card", "following", "Requires [FBI], 2x[Agent].\nProvides [Lead].",
                fields={"pointValue": "conflict", "playOrdinality": 2, "deckOrdinality": "+",
                        "requiresCircumstances": {"progress": True}})
    info = card_info(c)
    assert info.requires == ("FBI", "Agent", "Agent") and info.provides == ("Lead",)
    assert info.sign == "conflict" and info.play_limit == 2 and info.deck_limit is None
    assert info.requires_circ == {"progress": True}


@pytest.mark.parametrize("mode", MODES)
def test_card_text_is_applied_by_hand_in_every_mode(mode: str) -> None:
    """"Place it and two additional unrevealed cards in your discard pile": a hand move is xff.4; the manual effect
    does it in every mode, logged with the card that says so."""
    from tabletop.core import actions as A
    from tabletop.rules.xfiles_fan import ManualEffect

    rs, state, s = position(enforcement=mode, hands={0: ["late-coffee", FILLER, FILLER, "cold-lake-lights"]})
    coffee = card(state, "hand:0", "late-coffee")
    two = (card(state, "hand:0", FILLER), card(state, "hand:0", FILLER, 1))
    before = state.hash()
    broken(s, s.submit(A.Move(two, "discard:0"), 0), before, mode, "xff.4")
    rs, state, s = position(enforcement=mode, hands={0: ["late-coffee", FILLER, FILLER, "cold-lake-lights"]})
    coffee = card(state, "hand:0", "late-coffee")
    two = (card(state, "hand:0", FILLER), card(state, "hand:0", FILLER, 1))
    clean(s.submit(ManualEffect("discard", (coffee, *two), source=coffee, text="and two more cards"), 0))
    assert all(state.pieces[p].zone == "discard:0" and not state.pieces[p].face_up for p in two)
    notes = [n["text"] for e in s.log_for(0) for n in e["notes"] if n["what"] == "xfiles-fan.effect"]
    assert notes == ["Late-Night Coffee: discards 3 card(s) unrevealed (and two more cards)"]
    theirs = [n["text"] for e in s.log_for(1) for n in e["notes"] if n["what"] == "xfiles-fan.effect"]
    assert len(theirs) == 1 and "Coffee" not in theirs[0]  # discarded unrevealed: the other seat cannot see it
    clean(s.submit(ManualEffect("score", amount=3, seat=1, source=coffee), 0))
    assert state.player(1).counters["score"] == 3
    res = s.submit(ManualEffect("discard", (card(state, "hand:0", "cold-lake-lights"),), seat=None), 1)
    assert not res.accepted  # only your own hand


def test_a_hand_edited_round_entry_is_refused_when_the_save_loads() -> None:
    """A round entry without its keys no longer loads and then fails on the next play: the load names the field."""
    import yaml

    from tabletop.store import SaveError, dump_save, parse_save

    rs, state, s = position(hands={0: ["lab-analysis"]}, round_=[("cold-lake-lights", 1)])
    doc = yaml.safe_load(dump_save(state))
    assert parse_save(yaml.safe_dump(doc), "ok.yaml").state.rules["round"]
    del doc["rules"]["round"][0]["circ"]
    with pytest.raises(SaveError) as e:
        parse_save(yaml.safe_dump(doc), "edited.yaml")
    assert "edited.yaml" in str(e.value) and "rules.round[0].circ" in str(e.value)
