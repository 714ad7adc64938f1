"""Conformance on the wire: seeded random games of every ruleset in every mode, with illegal probes mixed in.

Two seats and a spectator, clients of raw frames, and spectators welcomed from the host's desk (net/desk.py) now
and then, seated by whatever the host does next. Between random moves (legal ones and hand-made table actions),
each seat probes cards it cannot see by the handles its view shows: moves of face-down cards to its hand or face
up onto the table, flips, reveals, looks and searches of the other seat's deck, undo, redo, draws and creations in
the other seat's hand. Undo votes are answered at random, and some voters drop. Every frame each client receives
is scanned: none may name (id, card reference, title or a handle it never saw) a card that client could not see
at that moment.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from tabletop.core import Session
from tabletop.core import actions as A
from tabletop.rules import RULESETS, get_ruleset
from tabletop.rules.bots import table_action

from .leakscan import Raw, Table

STEPS = 70
PROBE_KINDS = ("move_to_hand", "move_face_up", "flip", "reveal", "look_other", "search_other", "undo", "redo",
               "draw_other_hand", "create_other_hand")


def _hidden_handles(t: Table, raw: Raw) -> list[str]:
    view = t.session.view(raw.seat)
    return [p["id"] for z in view["zones"] for p in z["pieces"] if p["id"].startswith("h")]


def _probe(t: Table, raw: Raw, other: int, kind: str, rng: random.Random) -> tuple[str, dict[str, Any]]:
    """Send one probe; returns its kind (a look at a deck nobody owns is a plain look) and the host's answer."""
    state = t.session.state
    deck = state.zones.get(state.seat_zone("deck", other) or "")
    if kind in ("look_other", "search_other") and (deck is None or deck.owner != other):
        kind = kind.replace("other", "shared")
    return kind, _send_probe(t, raw, other, kind, rng)


def _send_probe(t: Table, raw: Raw, other: int, kind: str, rng: random.Random) -> dict[str, Any]:
    state = t.session.state
    hidden = _hidden_handles(t, raw)
    seat = raw.seat
    hand = state.seat_zone("hand", seat) or "table"
    other_hand = state.seat_zone("hand", other) or "table"
    other_deck = state.seat_zone("deck", other) or "deck"
    if kind == "undo":
        return t.numbered(raw, "undo")
    if kind == "redo":
        return t.numbered(raw, "redo")
    if kind in ("look_other", "look_shared"):
        return t.act(raw, A.LookTop(other_deck, rng.randint(1, 6)))
    if kind in ("search_other", "search_shared"):
        return t.act(raw, A.Search(other_deck))
    if kind == "draw_other_hand":
        return t.act(raw, A.Draw(1, to=other_hand))
    if kind == "create_other_hand":
        return t.act(raw, A.CreatePiece(kind="card", zone=other_hand, card="standard/AS"))
    if not hidden:
        return {"accepted": False, "code": "no_target"}
    h = rng.choice(hidden)
    if kind == "move_to_hand":
        return t.act(raw, A.Move((h,), hand))
    if kind == "move_face_up":
        return t.act(raw, A.Move((h,), "table", x=100, y=100, face_up=True))
    if kind == "flip":
        return t.act(raw, A.Flip((h,)))
    return t.act(raw, A.Reveal((h,)))


def run_game(name: str, mode: str, seed: int, steps: int = STEPS) -> dict[str, Any]:
    """Play one game on the wire; returns the counts (tried, refused, per probe kind) and the leaks found."""
    rules = get_ruleset(name)
    session = Session(rules.new_game(2, seed=seed, enforcement=mode), rules)
    t = Table(session)
    a = t.join(name="ann", seat=0)
    b = t.join(name="bob", seat=1)
    t.join(name="sue", seat=None)
    seats = {0: a, 1: b}
    watchers: list[Raw] = []
    rng = random.Random(seed)
    tried: Counter[str] = Counter()
    refused: Counter[str] = Counter()
    state = session.state
    for _ in range(steps):
        if state.rules.get("over"):
            break
        waiting = rules.waiting_for(state) or list(state.seats)
        seat = rng.choice(waiting) if rng.random() < 0.7 else rng.choice(list(state.seats))
        raw = seats[seat]
        if raw.closed is not None:  # a voter that dropped comes back with its token
            token = raw.messages("welcome")[0]["token"]
            raw = seats[seat] = t.join(name="back", token=token)
        if rng.random() < 0.35:
            kind, r = _probe(t, raw, 1 - seat, rng.choice(PROBE_KINDS), rng)
            tried[kind] += 1
            refused[kind] += not r.get("accepted")
        else:
            legal = list(rules.generate_actions(state, seat))
            action = rng.choice(legal) if legal and rng.random() < 0.8 else table_action(state, seat, rng)
            if action is not None:
                t.act(raw, action)
                tried["play"] += 1
        for voter in seats.values():
            if voter.closed is not None:
                continue
            for req in voter.messages("undo_request")[-1:]:
                if req["request"] in {v["request"] for v in t.host.pending_votes()}:
                    choice = rng.random()
                    if choice < 0.2:
                        t.step(lambda voter=voter: t.host.disconnect(voter.cid))
                        voter.closed = "dropped"
                    else:
                        t.step(lambda voter=voter, req=req, choice=choice: t.send(
                            voter, {"type": "vote", "request": req["request"], "agree": choice < 0.6}))
        if rng.random() < 0.15:  # a spectator welcomed from the desk, seated by whatever the host does next
            w = t.watch_from_desk(f"dee {t.clock.t}")  # names at a table differ (net/names.py)
            if w is not None:
                watchers.append(w)
        if watchers and rng.random() < 0.05:
            w = watchers.pop(rng.randrange(len(watchers)))
            t.step(lambda w=w: t.host.disconnect(w.cid))
            w.closed = "left"
        t.clock.t += 1
        t.step(t.host.tick)
    return {"tried": tried, "refused": refused, "leaks": t.leaks, "frames": t.frames_scanned}


@pytest.mark.parametrize("mode", ["off", "warn", "strict"])
@pytest.mark.parametrize("name", sorted(RULESETS))
def test_no_frame_names_a_card_its_reader_cannot_see(name: str, mode: str) -> None:
    stats = run_game(name, mode, seed=7)
    assert stats["leaks"] == [], stats["leaks"][:3]
    assert stats["frames"] > 100
    assert sum(n for k, n in stats["tried"].items() if k != "play") >= 10
    # no probe on another seat's hand or deck gets through, in any mode
    for kind in ("draw_other_hand", "create_other_hand", "look_other", "search_other"):
        assert stats["refused"][kind] == stats["tried"][kind], (kind, stats)
