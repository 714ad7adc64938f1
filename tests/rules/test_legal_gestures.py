"""The legal-move summary says which gesture on the table a move stands for (`legal_gestures`): X-Files Fan's
by-hand draw and look are a click on and a look at the seat's draw deck; an X-Files CCG Site's placing is a drop on
the Field of the opponent it is directed at. Zones only: the pairs name no piece."""

from __future__ import annotations

import json

from tabletop.core.legal import legal_summary
from tabletop.game import new_session
from tabletop.rules.bots import GreedyBot
from tabletop.rules.xfiles_ccg.actions import PlaceSite

from .test_xfiles_fan_byhand import played


def test_the_by_hand_draw_and_look_are_gestures_on_the_seats_deck() -> None:
    for action, kind in (("late-coffee", "draw"), ("pull-old-file", "look")):
        rs, state, s, src = played(action)
        summary = legal_summary(s, 0)
        said = [(m.get("kind"), g) for m, g in zip(summary["moves"], summary["gestures"], strict=True) if g]
        assert (kind, [[kind, "deck:0"]]) in said
        assert all(g == [[k, "deck:0"]] and k in ("draw", "look") for k, g in said)
        assert not any(legal_summary(s, 1)["gestures"])  # the other seat has no by-hand move
        json.dumps(summary)


def test_a_site_is_a_drop_on_the_field_of_the_opponent_it_is_directed_at() -> None:
    session = new_session("xfiles-ccg", 2, enforcement="strict", seed=1)
    rules, state = session.rules, session.state
    bot = GreedyBot(rules)
    for _ in range(500):
        if rules.step(state) == "sites":
            break
        who = rules.decision(state)
        assert session.submit(bot.choose(state, who), who).accepted
    seat = rules.decision(state)
    summary = legal_summary(session, seat)
    sites = [g for m, g in zip(summary["moves"], summary["gestures"], strict=True) if m["type"] == PlaceSite.type]
    assert sites and all(g == [["drop", f"field:{1 - seat}"]] for g in sites)
    assert all(not g for m, g in zip(summary["moves"], summary["gestures"], strict=True)
               if m["type"] != PlaceSite.type)
