"""The X-Files CCG board shows each formed Team and the Equipment under each Agent (a newcomer saw neither until
the Team investigated), for every seat, and names no card the reading seat may not see."""

from __future__ import annotations

import pytest

from tabletop.boards.xfiles_ccg import XFilesCcgHud
from tabletop.game import Session, new_session
from tabletop.rules.bots import GreedyBot
from tabletop.rules.xfiles_ccg.actions import FormTeam, Requisition
from tabletop.ui import TableApp


def _team_and_gear(seed: int) -> Session:
    """Play `seed` through the engine, forming a Team of two and requisitioning Equipment whenever one may, until
    a seat has both."""
    session = new_session("xfiles-ccg", 2, enforcement="strict", seed=seed)
    rules, state = session.rules, session.state
    bot = GreedyBot(rules)
    for _ in range(500):
        st = rules.status(state, None)
        if any(st["teams"].values()) and any(a["equipment"] for v in st["agents"].values() for a in v):
            return session
        seat = rules.decision(state)
        assert seat is not None, "the game ended before a Team and an Equipment were in play"
        moves = list(rules.legal_moves(state, seat))
        pick = next((m for m in moves if isinstance(m, Requisition)), None) or \
            next((m for m in moves if isinstance(m, FormTeam) and len(m.agents) == 2), None) or bot.choose(state, seat)
        assert session.submit(pick, seat).accepted
    raise AssertionError("no Team and Equipment in 500 moves")


@pytest.mark.parametrize("seed", [1, 2])
def test_a_formed_team_and_its_equipment_show_on_the_board_for_both_seats(seed):
    session = _team_and_gear(seed)
    state = session.state
    teams = session.rules.status(state, None)["teams"]
    owner = next(int(k) for k, v in teams.items() if v)
    team = teams[str(owner)][-1]
    assert len(team) == 2
    team_row = "Team: " + ", ".join(m["name"] for m in team)
    gear = [(a["name"], g) for v in session.rules.status(state, None)["agents"].values() for a in v
            for g in a["equipment"]]
    assert gear
    for seat in state.seats:
        app = TableApp(session, seat=seat, size=(1280, 800), fps=0)
        app.run_frames(2)
        assert isinstance(app.hud, XFilesCcgHud)
        texts = [r.text for r in app.hud.rows]  # one row per line drawn: a long one wraps onto the next
        assert team_row in " ".join(texts), (seat, texts)
        for agent, name in gear:
            i = next(k for k, t in enumerate(texts) if t.startswith(agent))
            # the Equipment is listed under its Agent, before the next Agent or seat
            assert f"Equipment: {name}" in " ".join(texts[i + 1:i + 4]), (seat, texts[i:i + 4])
        # the Pools panel's lines are drawn whole, not cut or dropped
        panel = next(r.panel for r in app.hud.rows if r.text.startswith("Team: "))
        assert all(r.shown == r.text and r.rect is not None for r in app.hud.rows if r.panel == panel)
        # no card the seat may not see is named: the other seat's hand and every deck
        name = session.rules.cards.name_of
        seen = {name(state, p) for z in state.zones.values() for p in z.pieces
                if (z.visibility == "public" and state.pieces[p].face_up)
                or (z.visibility == "owner" and z.owner == seat)}
        hidden = {name(state, p) for z in state.zones.values() for p in z.pieces
                  if z.visibility == "hidden" or (z.visibility == "owner" and z.owner != seat)}
        # the Notebook names the X-Files the opponent's may be, which is public knowledge of the card sets
        hidden -= seen | {c["name"] for o in app.view["rules"].get("notebook", {}).get("opponents", [])
                          for c in o.get("candidates", [])}
        shown = " | ".join(texts)
        assert hidden and not [n for n in hidden if n in shown], (seat, [n for n in hidden if n in shown])


def test_an_agents_equipment_is_named_only_face_up():
    """A card face down under an Agent is named to no seat: the status lists only Equipment in play face up."""
    session = _team_and_gear(1)
    state, rules = session.state, session.rules
    holder = next(a for v in rules.status(state, None)["agents"].values() for a in v if a["equipment"])
    gear = rules.gear(state, holder["piece"])
    for q in gear:
        state.pieces[q].face_up = False
    for seat in (*state.seats, None):
        row = next(a for v in rules.status(state, seat)["agents"].values() for a in v if a["piece"] == holder["piece"])
        assert row["equipment"] == [], (seat, row)
