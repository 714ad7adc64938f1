"""The replay timeline: the table after any entry of a kept game is the table as it stood then (the same hash), from
any snapshot; a seat's view of it hides what that seat could not see; turns and broken rules are marks to jump to."""

from __future__ import annotations

import random

from tabletop.core import actions as A
from tabletop.game import new_session, quick_table
from tabletop.ui.replay.timeline import Timeline


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
