"""The replay timeline: the table after any entry of a kept game is the table as it stood then (the same hash), from
any snapshot; a seat's view of it hides what that seat could not see; turns and broken rules are marks to jump to."""

from __future__ import annotations

import random

from tabletop.core import actions as A
from tabletop.game import new_session, quick_table
from tabletop.lab.replay import Timeline


def test_every_point_is_the_table_as_it_stood_then():
    session = quick_table(seed=4)
    state = session.state
    rng = random.Random(2)
    hashes = [state.hash()]
    table = [p for p in state.zones["table"].pieces]
    for i in range(80):
        roll = rng.random()
        if roll < 0.3:
            r = session.submit(A.Draw(1), i % 2)
        elif roll < 0.5:
            r = session.submit(A.Roll(tuple(p for p in table if state.pieces[p].kind == "die")), 0)
        elif roll < 0.6:
            r = session.submit(A.Shuffle("deck"), 1)
        else:
            pid = rng.choice(table)
            r = session.submit(A.Move((pid,), "table", x=rng.uniform(0, 900), y=rng.uniform(0, 600)), 0)
        assert r.accepted, r.error
        hashes.append(state.hash())
    timeline = Timeline(session, every=7)
    assert len(timeline) == 80
    for point in (0, 1, 6, 7, 8, 40, 79, 80, 33, 2):
        assert timeline.state_at(point).hash() == hashes[point], point
    assert state.hash() == hashes[-1]  # the game itself is untouched


def test_a_seats_view_then_hides_what_it_could_not_see_and_marks_jump():
    session = new_session("tragedy", 2, enforcement="warn", seed=1)
    for _ in range(6):
        seat = session.state.rules["priority"]
        session.submit(next(a for a in session.rules.legal_actions(session.state, seat)
                            if a.type.endswith("pass")), seat)
    other = 1 - session.state.rules["priority"]
    card = session.state.zones[f"hand:{other}"].pieces[0]
    session.submit(A.Move((card,), f"stack:{other}"), other)  # warn: out of turn, logged with its rule
    timeline = Timeline(session, every=3)
    end = len(timeline)
    assert timeline.violations == [end]
    assert timeline.steps and timeline.next_mark(0, timeline.steps) == timeline.steps[0]
    assert timeline.next_mark(end, timeline.violations, forward=False) == 0
    seen = timeline.view_at(1, other)
    theirs = next(z for z in seen["zones"] if z["name"] == f"hand:{1 - other}")
    assert theirs["pieces"] and not any(p.get("card") for p in theirs["pieces"])  # backs only, as then
    mine = next(z for z in seen["zones"] if z["name"] == f"hand:{other}")
    assert all(p.get("card") for p in mine["pieces"])
    branch = timeline.session_at(2)
    assert len(branch.history) == 2 and branch.state.hash() == timeline.state_at(2).hash()


def _bot_game(actions: int = 60, seed: int = 5):
    """An X-Files CCG game played by random bots at warn, with each seat's view and the table after every action."""
    from tabletop.core.view import view
    from tabletop.rules.bots import make_bot

    session = new_session("xfiles-ccg", 2, enforcement="warn", seed=seed)
    bots = [make_bot("random", session.rules, seed + s, sandbox=True) for s in (0, 1)]
    seen = [[view(session.state, s, session.rules) for s in (0, 1, None)]]
    counters = [session.state.rng.counter]
    turn = 0
    while len(session.history) < actions:
        seat = turn % 2
        turn += 1
        action = bots[seat].choose(session.state, seat)
        if action is None or not session.submit(action, seat).accepted:
            continue
        seen.append([view(session.state, s, session.rules) for s in (0, 1, None)])
        counters.append(session.state.rng.counter)
    return session, seen, counters


def test_a_seek_anywhere_shows_each_seat_exactly_what_it_saw_then():
    session, seen, _ = _bot_game()
    timeline = Timeline(session, every=9)
    assert len(timeline) == len(seen) - 1
    for point in range(len(timeline) + 1):
        for i, seat in enumerate((0, 1, None)):
            assert timeline.view_at(point, seat) == seen[point][i], (point, seat)


def test_bookmarks_round_trip_through_the_save_and_old_saves_load(tmp_path):
    from tabletop.lab.replay import open_replay
    from tabletop.store import load_game, save_game

    session, _, _ = _bot_game(30)
    path = tmp_path / "game.yaml"
    save_game(session, path)
    assert load_game(path).bookmarks == {}  # a save from before bookmarks
    timeline = open_replay(path, every=4)
    timeline.mark(7, "  the  raid ")
    timeline.mark(0, "start")
    timeline.mark(len(timeline), "the end")
    before = load_game(path).state.hash()
    timeline.save_bookmarks()
    again = open_replay(path, every=4)
    assert again.bookmarks == {7: "the raid", 0: "start", len(again): "the end"}
    assert load_game(path).state.hash() == before and len(again) == len(timeline)
    assert "bookmarks:" in path.read_text() and path.read_text().rstrip().splitlines()[-1].startswith("- {")


def test_a_bad_bookmark_is_refused_with_where(tmp_path):
    import pytest

    from tabletop.lab.replay import ReplayError
    from tabletop.store import SaveError, load_game, save_game

    session, _, _ = _bot_game(5)
    path = tmp_path / "game.yaml"
    save_game(session, path, bookmarks={2: "ok"})
    text = path.read_text().replace("name: ok", "name: 12")
    path.write_text(text)
    with pytest.raises(SaveError, match="bookmarks"):
        load_game(path)
    with pytest.raises(ReplayError):
        Timeline(session).mark(1, "   ")


def test_play_from_here_is_the_game_as_it_stood_then(tmp_path):
    from tabletop.lab.replay import open_replay
    from tabletop.store import load_game, save_game

    session, seen, counters = _bot_game(40)
    path = tmp_path / "game.yaml"
    save_game(session, path)
    timeline = open_replay(path, every=6)
    for point in (0, 13, 40):
        branched, written = timeline.play_from(point)
        assert branched.state.hash() == timeline.state_at(point).hash()
        assert branched.state.rng.counter == counters[point]  # the same draws to come
        assert [e.seq for e in branched.history] == [e.seq for e in timeline.entries[:point]]
        assert written is not None and written != path and load_game(written).state.hash() == branched.state.hash()
    assert load_game(path).state.hash() == session.state.hash()  # the kept game is untouched


def test_a_journal_backed_game_replays_and_keeps_its_bookmarks_beside_it(tmp_path):
    """A game the autosave journal kept (the YAML never written, or written before the last actions) opens the same
    way; its bookmarks go to the YAML save beside the journal, and the game opened again is the same game."""
    from tabletop.lab.replay import open_replay
    from tabletop.store import Autosaver, open_game
    from tests.store.test_journal import crash, play

    session = quick_table(seed=4)
    saver = Autosaver(session, tmp_path / "g.yaml")
    play(session, 14)
    assert saver.flush()
    timeline = open_replay(tmp_path / "g.journal", every=5)
    assert len(timeline) == len(session.history) and timeline.state_at(len(timeline)).hash() == session.state.hash()
    timeline.mark(3, "here")
    assert timeline.save_bookmarks() == tmp_path / "g.yaml"
    crash(saver)
    again = open_replay(tmp_path / "g.yaml", every=5)
    assert again.bookmarks == {3: "here"} and open_game(tmp_path / "g.yaml").state == session.state
