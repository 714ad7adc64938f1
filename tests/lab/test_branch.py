"""Branching a saved game at a log point: the table as it stood, the log up to there, the RNG wound back."""

from __future__ import annotations

import json

import pytest

from tabletop.cli import main
from tabletop.core.session import Session
from tabletop.game import open_session
from tabletop.lab.branch import BranchError, branch_session
from tabletop.rules import get_ruleset
from tabletop.rules.bots import make_bot
from tabletop.rules.simulate import play_session
from tabletop.store import load_game, save_game


def _played(tmp_path, seed: int = 4):
    record, session = play_session("xfiles-fan", ["random", "greedy"], seed)
    path = save_game(session, tmp_path / "game.yaml")
    return record, session, path


def test_branch_is_the_game_as_it_stood_and_replays_the_same_future(tmp_path) -> None:
    _, session, _ = _played(tmp_path)
    at = 60
    # the same game played to `at` only: the branch must be exactly this table
    rules = get_ruleset("xfiles-fan")
    fresh = Session(rules.new_game(2, seed=4, enforcement="strict"), rules)
    for entry in session.history[:at]:
        assert fresh.submit(entry.action, entry.seat).accepted
    branched = branch_session(session, at)
    assert branched.state.canonical() == fresh.state.canonical()
    assert [e.seq for e in branched.history] == list(range(1, at + 1))
    # playing the rest of the log on from the branch gives the original end: chance was wound back too
    for entry in session.history[at:]:
        assert branched.submit(entry.action, entry.seat).accepted
    assert branched.state.hash() == session.state.hash()


def test_branch_command_writes_a_save_that_opens_and_plays_on(capsys, tmp_path) -> None:
    _, session, path = _played(tmp_path)
    assert main(["branch", str(path), "--at", "25"]) == 0
    out = tmp_path / "game.at25.yaml"
    assert str(out) in capsys.readouterr().out
    loaded = load_game(out)
    assert loaded.state.seq == 25 and len(loaded.history) == 25
    again = open_session(out)
    seat = again.rules.waiting_for(again.state)[0]
    action = make_bot("random", again.rules, 1).choose(again.state, seat)
    assert again.submit(action, seat).accepted
    assert main(["violations", str(out)]) == 0
    assert main(["branch", str(path), "--at", "25"]) == 2  # never overwrites
    assert "already exists" in capsys.readouterr().err
    assert main(["branch", str(path), "--at", "25", "--out", str(out), "--force"]) == 0


def test_branch_points_outside_the_log_are_refused(capsys, tmp_path) -> None:
    _, session, path = _played(tmp_path)
    with pytest.raises(BranchError, match="outside the log"):
        branch_session(session, len(session.history) + 1)
    assert branch_session(session, 0).state.seq == 0
    assert main(["branch", str(path), "--at", "-1"]) == 2
    assert "outside the log" in capsys.readouterr().err
    assert main(["branch", str(tmp_path / "nope.yaml"), "--at", "1"]) == 2
    assert "nope.yaml" in capsys.readouterr().err
    assert not list(tmp_path.glob("*.at*.yaml"))


def test_simulate_from_a_branch_plays_on_and_keeps_saves_that_load(capsys, tmp_path) -> None:
    _, session, path = _played(tmp_path)
    assert main(["branch", str(path), "--at", "40"]) == 0
    capsys.readouterr()
    branch = tmp_path / "game.at40.yaml"
    keep = tmp_path / "kept"
    code = main(["simulate", "--from", str(branch), "--games", "3", "--jobs", "1", "--keep", str(keep), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["ruleset"] == "xfiles-fan" and report["finished"] == 3 and report["from"]
    kept = sorted(keep.glob("*.yaml"))
    assert len(kept) == 3
    games = [load_game(p) for p in kept]
    # every game starts from the branch: the same first 40 entries, then each its own continuation
    assert all([e.action for e in g.history[:40]] == [e.action for e in session.history[:40]] for g in games)
    assert len({g.state.hash() for g in games}) == 3
    assert main(["simulate", "--from", str(branch), "--deck", "1=x.yaml"]) == 2
    assert "no --deck" in capsys.readouterr().err
    assert main(["simulate", "--from", str(path)]) == 2  # a finished game has nothing to play on
    assert "that game is over" in capsys.readouterr().err
