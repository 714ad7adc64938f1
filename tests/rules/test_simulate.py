"""Headless simulation: statistics of bot games, and the `tabletop simulate` command."""

from __future__ import annotations

import gc
import json

from tabletop.cli import main
from tabletop.rules.simulate import (
    GAME_GC_THRESHOLD,
    distribution,
    format_report,
    play_game,
    simulate,
    young_gc,
)


def test_simulate_reports_wins_lengths_scores_and_no_strict_violations() -> None:
    report = simulate("tragedy", 6, seed=2, bots=("greedy", "random"))
    assert report["finished"] + report["unfinished"] == 6
    assert sum(report["wins_per_seat"]) + report["draws"] + report["unfinished"] == 6
    assert report["wins_per_bot"]["greedy"]["seats_played"] == 6
    assert report["violations"]["total"] == 0 and report["errors"] == []
    assert report["scores"]["winner"]["min"] >= 1000
    assert report["length"]["turns"]["min"] >= 1
    assert report["speed"]["bot_actions"] > 0
    text = format_report(report)
    assert "wins per bot" in text and "violations: 0" in text


def test_house_rules_reach_the_simulated_games() -> None:
    report = simulate("tragedy", 4, seed=1, bots=("greedy", "greedy"), options={"win_favor": 200})
    assert report["options"]["win_favor"] == 200
    assert report["scores"]["winner"]["max"] < 1000


def test_distribution() -> None:
    assert distribution([]) == {}
    d = distribution([1, 2, 3, 4, 5])
    assert (d["min"], d["median"], d["max"], d["mean"]) == (1, 3, 5, 3)


def test_simulate_command_json(capsys, tmp_path) -> None:
    house = tmp_path / "h.yaml"
    house.write_text("win_favor: 300\n", encoding="utf-8")
    code = main(["simulate", "--ruleset", "tragedy", "--games", "3", "--seed", "4", "--bots", "random,greedy",
                 "--house-rules", str(house), "--json"])
    out = capsys.readouterr()
    assert code == 0
    report = json.loads(out.out)
    assert report["games"] == 3 and report["options"]["win_favor"] == 300
    assert out.err == ""  # no progress bar when stderr is not a terminal


def test_simulate_command_errors(capsys, tmp_path) -> None:
    assert main(["simulate", "--ruleset", "nope", "--games", "1"]) == 2
    assert "no ruleset 'nope'" in capsys.readouterr().err
    assert main(["simulate", "--ruleset", "tragedy", "--bots", "random,clever"]) == 2
    house = tmp_path / "h.yaml"
    house.write_text("win_favour: 3\n", encoding="utf-8")
    assert main(["simulate", "--ruleset", "tragedy", "--house-rules", str(house)]) == 2
    assert "h.yaml:1" in capsys.readouterr().err


def test_games_stopped_by_the_turn_cap_are_unfinished_with_seeds() -> None:
    report = simulate("tragedy", 4, seed=1, bots=("random", "random"), options={"max_turns": 2})
    assert report["finished"] == 0 and report["unfinished"] == 4
    cap = report["unfinished_by_reason"]["cap"]
    assert cap["count"] == 4 and len(cap["seeds"]) == 4 and "cap of 2 turns" in cap["example"]
    assert report["errors"] == []  # a cap is no error, but never a finished game
    assert "unfinished by cap: 4" in format_report(report)


def test_the_action_bound_is_a_cap_and_a_deadlock_is_an_error() -> None:
    record = play_game("xfiles-fan", ["random", "random"], 3, max_actions=10)
    assert record.end == "cap" and not record.finished and "10 bot actions" in record.detail
    rules_record = play_game("tragedy", ["greedy", "random"], 3)
    assert rules_record.end == "win" and rules_record.finished


def test_decks_per_seat_reach_the_game(tmp_path) -> None:
    from tabletop.cards import default_library, load_deck

    lib = default_library()
    agents = load_deck("cards/xfiles-fan-sample/decks/agents.yaml", lib)
    a = play_game("xfiles-fan", ["random", "random"], 5, decks={0: agents, 1: agents}, max_actions=50)
    b = play_game("xfiles-fan", ["random", "random"], 5, max_actions=50)
    assert a != b  # the second seat's deck differs from the default one


def test_simulate_command_decks_swap_keep_and_the_enforcement_alias(capsys, tmp_path) -> None:
    keep = tmp_path / "kept"
    code = main(["simulate", "--ruleset", "xfiles-fan", "--games", "2", "--seed", "1", "--jobs", "1",
                 "--deck", "1=cards/xfiles-fan-sample/decks/agents.yaml",
                 "--deck", "2=cards/xfiles-fan-sample/decks/conspiracy.yaml", "--swap-seats",
                 "--enforcement", "warn", "--keep", str(keep), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["games"] == 4 and report["enforcement"] == "warn" and report["swap_seats"]
    decks = report["wins_per_deck"]
    assert set(decks) == {"agents", "conspiracy"}
    assert all(d["played"] == 4 and set(d["by_seat"]) == {"1", "2"} for d in decks.values())
    saves = sorted(keep.glob("*.yaml"))
    assert len(saves) == 4
    assert main(["violations", str(saves[1])]) == 0
    assert "0 violation(s)" in capsys.readouterr().out
    assert main(["replay", str(saves[1]), "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert body["ruleset"] == "xfiles-fan" and body["enforcement"] == "warn"


def test_simulate_command_rejects_bad_decks_and_seats(capsys, tmp_path) -> None:
    assert main(["simulate", "--ruleset", "xfiles-fan", "--swap-seats",
                 "--deck", "1=cards/xfiles-fan-sample/decks/agents.yaml"]) == 2
    assert "give a --deck for every seat (missing: 2)" in capsys.readouterr().err
    assert main(["simulate", "--ruleset", "xfiles-fan", "--deck", "one=x.yaml"]) == 2
    assert "a seat is a number from 1" in capsys.readouterr().err
    assert main(["simulate", "--ruleset", "tragedy", "--deck", f"1={tmp_path / 'missing.yaml'}"]) == 2
    assert "missing.yaml" in capsys.readouterr().err
    assert main(["simulate", "--ruleset", "tragedy", "--deck", "9=cards/standard/decks/standard.yaml"]) == 2
    assert "seats" in capsys.readouterr().err


def test_a_game_won_before_the_cap_is_a_win_and_one_stopped_by_it_is_not() -> None:
    records = [play_game("tragedy", ["greedy", "random"], seed, options={"max_turns": 7}) for seed in range(12)]
    ends = {r.end for r in records}
    assert ends == {"win", "cap"}, ends
    for r in records:
        if r.end == "cap":
            assert r.winner is None and r.turns >= 7 and not r.finished
        else:
            assert r.winner is not None and r.turns <= 7 and r.finished


def test_young_gc_collects_less_often_during_a_run_and_puts_the_thresholds_back() -> None:
    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        with young_gc():
            assert gc.get_threshold() == (GAME_GC_THRESHOLD, 10, 10)
            with young_gc():  # nested (a chunk inside a serial run): one setting, put back by the outermost
                assert gc.get_threshold()[0] == GAME_GC_THRESHOLD
            assert gc.get_threshold()[0] == GAME_GC_THRESHOLD
        assert gc.get_threshold() == (700, 10, 10)
        rarer = GAME_GC_THRESHOLD * 5
        gc.set_threshold(rarer, 10, 10)  # already rarer: left as it is
        with young_gc():
            assert gc.get_threshold()[0] == rarer
        assert gc.get_threshold() == (rarer, 10, 10)
    finally:
        gc.set_threshold(*before)


def test_a_run_of_games_gives_the_same_records_as_single_games() -> None:
    with young_gc():
        inside = [play_game("xfiles-fan", ["greedy", "random"], 40 + i).to_dict() for i in range(2)]
    alone = [play_game("xfiles-fan", ["greedy", "random"], 40 + i).to_dict() for i in range(2)]
    for d in (*inside, *alone):  # decision times differ from run to run; their count does not
        d["decisions"] = [len(t) for t in d["decisions"]]
    assert inside == alone


def test_every_rulesets_scores_are_its_statuss_scores_at_every_step() -> None:
    """`Ruleset.scores` (what the lab reads at every turn change) is `status(state, None)["scores"]`, made cheaply."""
    from tabletop.rules import available_rulesets, get_ruleset
    from tests.rules.random_games import random_decisions

    for name in available_rulesets():
        rules = get_ruleset(name)
        state = rules.new_game(2, seed=5, enforcement="strict")
        for _decision in random_decisions(rules, state, 5, limit=150):
            assert rules.scores(state) == rules.status(state, None).get("scores"), name
        assert rules.scores(state) == rules.status(state, None).get("scores"), name


def test_a_games_tracking_is_what_the_tracker_finds_watching_its_log() -> None:
    """`play_session` times the bots and watches the turn itself: its cards played, lead changes and decision counts
    are what `GameTracker.saw` and `timed` find replaying the game's log, action by action."""
    from tabletop.core.session import Session
    from tabletop.rules import get_ruleset
    from tabletop.rules.simulate import play_session
    from tabletop.rules.tracking import GameTracker

    for name in ("xfiles-fan", "tragedy"):
        record, session = play_session(name, ["greedy", "random"], 11)
        rules = get_ruleset(name)
        state = rules.new_game(2, seed=11, enforcement="strict")
        replay = Session(state, rules)
        tracker = GameTracker(2)
        choices = [0, 0]
        for entry in session.history:
            if entry.seat is None:
                continue
            result = replay.submit(entry.action, entry.seat)
            assert result.accepted, name
            choices[entry.seat] += 1
            tracker.saw(state, result.entry.events, entry.seat, lambda rules=rules, state=state: rules.scores(state))
        tracker.lead(record.scores)
        assert record.played == [sorted(p) for p in tracker.played] and any(record.played), name
        assert record.lead_changes == tracker.lead_changes, name
        assert [len(t) for t in record.decisions] == choices, name


def test_an_accepted_actions_moves_are_the_piece_moves_among_its_events() -> None:
    """`Result.moves`, what the tracker reads instead of every event, holds exactly the entry's `PieceMoved` events,
    in order, the follow-ups' included (each ruleset, a whole game of both bots)."""
    from tabletop.core.events import PieceMoved
    from tabletop.core.session import Session
    from tabletop.rules import get_ruleset
    from tabletop.rules.bots import make_bot

    followed = 0
    for name in ("xfiles-fan", "tragedy", "xfiles-ccg"):
        rules = get_ruleset(name)
        state = rules.new_game(2, seed=3, enforcement="strict")
        session = Session(state, rules)
        bots = [make_bot("greedy", rules, 1), make_bot("random", rules, 2)]
        moved = 0
        while not state.rules.get("over") and moved < 2000:
            waiting = rules.waiting_for(state)
            if not waiting:
                break
            action = bots[waiting[0]].choose(state, waiting[0])
            if action is None:
                break
            result = session.submit(action, waiting[0])
            assert result.accepted, name
            assert result.moves == [e for e in result.entry.events if type(e) is PieceMoved], name
            moved += len(result.moves)
            followed += bool(result.entry.auto and result.moves)
        assert moved > 0, name
    assert followed > 0  # some actions with follow-ups moved pieces
