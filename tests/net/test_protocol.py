"""The sans-I/O host and client, wired together with plain bytes: seating, dedup, caps, desync, undo votes."""

from __future__ import annotations

import json
import random
import secrets

from tabletop.core import actions as A
from tabletop.core.view import view_hash
from tabletop.game import quick_table
from tabletop.net.auth import Peer
from tabletop.net.messages import PROTOCOL_VERSION, Limits, encode
from tabletop.net.protocol import ClientProtocol, HostProtocol


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


class Wire:
    """A host and its clients joined by lists of bytes; `pump` moves frames until nothing is left."""

    def __init__(self, seed: int = 3, **kwargs) -> None:
        self.session = quick_table(seed=seed)
        self.clock = Clock()
        self.host = HostProtocol(self.session, clock=self.clock, **kwargs)
        self.clients: dict[int, ClientProtocol] = {}
        self.closed: dict[int, str] = {}
        self.received: dict[int, list[bytes]] = {}
        self.drop_next: set[int] = set()

    def join(self, **kwargs) -> tuple[int, ClientProtocol]:
        nonce = secrets.token_hex(16)  # the opening handshake, as net/reader.py makes it: a peer and its challenge
        cid = self.host.connect(peer=Peer("192.0.2.7", nonce, loopback=False))
        c = ClientProtocol(**kwargs)
        self.clients[cid] = c
        self.received[cid] = []
        c.start()
        assert c.challenge(self.host.auth.challenge(nonce), "", False) == ""
        self.pump()
        return cid, c

    def pump(self) -> None:
        for _ in range(100):
            moved = False
            for cid, c in list(self.clients.items()):
                if cid in self.closed:
                    continue
                for data in c.data_to_send():
                    moved = True
                    self.host.receive_data(cid, data)
            for cid, data in self.host.data_to_send():
                moved = True
                if cid in self.closed:
                    continue
                if cid in self.drop_next:
                    self.drop_next.discard(cid)
                    continue
                self.received[cid].append(data)
                self.clients[cid].receive_data(data)
            for cid, reason in self.host.connections_to_close():
                moved = True
                self.closed[cid] = reason
                self.clients[cid].connection_lost()
            if not moved:
                return
        raise AssertionError("the wire never settled")

    def assert_in_step(self) -> None:
        for cid, c in self.clients.items():
            if cid not in self.closed:
                assert c.view_hash() == view_hash(self.session.view(c.seat)), cid


def test_seats_tokens_and_spectators() -> None:
    w = Wire()
    a, ca = w.join(name="ann", seat=0)
    b, cb = w.join(name="bob")
    s, cs = w.join(name="sue", seat=None)
    assert (ca.seat, cb.seat, cs.seat) == (0, 1, None)
    assert ca.token and cb.token and ca.token != cb.token and cs.token is None
    assert [p["name"] for p in ca.players] == ["ann", "bob"]
    assert ca.spectators == 1
    _, late = w.join(name="late")
    assert late.seat is None and not late.welcomed
    assert "no free seat" in next(iter(late.events_received()[::-1])).data["message"]
    _, taken = w.join(seat=0)
    assert not taken.welcomed
    w.assert_in_step()
    assert "ann" not in json.dumps(cs.view)  # names live in the player list, not in the table


def test_the_player_list_marks_the_seats_that_may_turn_the_rules_dial() -> None:
    """A joined window enables its dial only for a host seat: the list says which (a served game's seat 1 could
    not turn the dial from its window, and a rules-off game stalled: found by a newcomer's trial)."""
    w = Wire()
    w.session.hosts = {0}  # as `serve` sets it: seat 1
    _, ca = w.join(name="ann", seat=0)
    _, cb = w.join(name="bob")
    assert [p.get("host", False) for p in cb.players] == [True, False]
    assert [p.get("host", False) for p in ca.players] == [True, False]


def test_version_mismatch_gets_one_message_and_nothing_else() -> None:
    w = Wire()
    cid = w.host.connect()
    w.host.receive_data(cid, encode({"type": "hello", "version": PROTOCOL_VERSION + 1}))
    out = w.host.data_to_send()
    assert len(out) == 1
    msg = json.loads(out[0][1])
    assert msg == {"type": "error", "code": "version", "message": f"host v{PROTOCOL_VERSION}, client v{PROTOCOL_VERSION + 1}",
                   "fatal": True}
    assert w.host.connections_to_close() == [(cid, msg["message"])]


def test_password_and_wrong_token_are_refused() -> None:
    w = Wire(password="sesame")
    _, bad = w.join(seat=0, password="nope")
    assert not bad.welcomed
    _, good = w.join(seat=0, password="sesame")
    assert good.welcomed
    _, thief = w.join(token="not-a-token", password="sesame")
    assert not thief.welcomed
    assert any(e.data.get("code") == "bad_token" for e in thief.events_received())
    assert w.session.state.seq == 0


def test_actions_run_with_the_connection_seat_and_duplicates_apply_once() -> None:
    w = Wire()
    a, ca = w.join(seat=0)
    b, cb = w.join(seat=1)
    cseq = ca.submit(A.Draw(2))
    w.pump()
    assert ca.results[cseq]["accepted"]
    assert len(w.session.state.zones["hand:0"].pieces) == 2
    seq = w.session.state.seq
    # the same cseq again (a resend after a reconnect) is answered, not applied
    w.host.receive_data(a, encode({"type": "action", "cseq": cseq, "action": A.Draw(2).to_dict()}))
    w.pump()
    assert w.session.state.seq == seq
    assert ca.results[cseq]["duplicate"] and ca.results[cseq]["accepted"]
    # seat 1 naming seat 0's hand card by its handle is refused by the session, nothing else changes
    handle = next(p["id"] for z in cb.view["zones"] if z["name"] == "hand:0" for p in z["pieces"])
    r = cb.submit(A.Move((handle,), "table"))
    w.pump()
    assert not cb.results[r]["accepted"] and cb.results[r]["code"] in ("forbidden", "unknown_piece")
    assert w.session.state.seq == seq
    w.assert_in_step()


def test_bad_frames_close_only_that_connection() -> None:
    w = Wire()
    a, ca = w.join(seat=0)
    b, cb = w.join(seat=1)
    for frame in (b"garbage", b'{"type":"action","cseq":9,"action":{"type":"nope"}}',
                  b'{"type":"action","cseq":9,"action":{"type":"draw"},"seat":0}', b'{"type":"hello","version":1}'):
        cid, c = w.join(seat=None)
        w.host.receive_data(cid, frame)
        w.pump()
        assert cid in w.closed and w.closed[cid]
    assert a not in w.closed and b not in w.closed
    ca.submit(A.Draw(1))
    w.pump()
    w.assert_in_step()


def test_flood_is_cut_off() -> None:
    w = Wire(limits=Limits(rate=10, burst=20))
    a, ca = w.join(seat=0)
    for _ in range(30):
        w.host.receive_data(a, encode({"type": "ping"}))
    w.pump()
    assert "flood" in w.closed[a]
    # a steady client under the rate is fine
    b, cb = w.join(seat=1)
    for _ in range(100):
        w.clock.t += 0.2
        cb.ping()
        w.pump()
    assert b not in w.closed


def test_a_lost_patch_or_a_bad_hash_triggers_a_snapshot() -> None:
    w = Wire()
    a, ca = w.join(seat=0)
    b, cb = w.join(seat=1)
    w.drop_next.add(b)
    ca.submit(A.Draw(1))
    w.pump()
    ca.submit(A.Draw(1))
    w.pump()
    assert cb.desyncs == 1
    w.assert_in_step()
    # a tampered patch: the hash check catches it
    ca.submit(A.Draw(1))
    for data in ca.data_to_send():
        w.host.receive_data(a, data)
    for cid, data in w.host.data_to_send():
        msg = json.loads(data)
        if cid == b and msg["type"] == "patch":
            msg["zones"] = {"deck": {"splice": [[0, 1, []]]}}
            data = encode(msg)
        w.received[cid].append(data)
        w.clients[cid].receive_data(data)
    w.pump()
    assert cb.desyncs == 2
    w.assert_in_step()


def test_disconnect_keeps_the_seat_and_reconnect_restores_it() -> None:
    w = Wire()
    a, ca = w.join(seat=0)
    b, cb = w.join(seat=1)
    cb.submit(A.Draw(3))
    w.pump()
    hand = sorted(p["card"] for z in cb.view["zones"] if z["name"] == "hand:1" for p in z["pieces"])
    w.host.disconnect(b)
    w.closed[b] = "dropped"
    w.pump()
    assert [p["connected"] for p in ca.players] == [True, False]
    ca.pause(True)
    w.pump()
    assert ca.paused and w.host.paused
    r = ca.submit(A.Draw(1))
    w.pump()
    assert ca.results[r]["code"] == "paused"
    c2, again = w.join(token=cb.token)
    assert again.seat == 1 and again.next_cseq == 2
    assert sorted(p["card"] for z in again.view["zones"] if z["name"] == "hand:1" for p in z["pieces"]) == hand
    assert [p["connected"] for p in ca.players] == [True, True]
    again.pause(False)
    w.pump()
    assert not w.host.paused
    w.assert_in_step()


def test_unanswered_actions_are_resent_after_a_reconnect_and_applied_once() -> None:
    w = Wire()
    a, ca = w.join(seat=0)
    w.host.disconnect(a)
    w.closed[a] = "dropped"
    ca.connection_lost()
    first = ca.submit(A.Draw(1))
    second = ca.submit(A.Draw(1))
    assert ca.data_to_send() == []  # held until the host is back
    cid = w.host.connect()
    w.clients[cid] = ca
    w.received[cid] = []
    ca.start()
    w.pump()
    assert ca.results[first]["accepted"] and ca.results[second]["accepted"]
    assert len(w.session.state.zones["hand:0"].pieces) == 2
    assert not ca.pending


def test_undo_of_revealed_information_needs_the_others() -> None:
    w = Wire()
    a, ca = w.join(seat=0)
    b, cb = w.join(seat=1)
    s, cs = w.join(seat=None)
    ca.submit(A.Chat("hello"))
    ca.submit(A.Draw(1))  # reveals a card to seat 0
    w.pump()
    seq = w.session.state.seq
    u = ca.undo()
    w.pump()
    assert ca.results[u]["code"] == "vote"
    req = next(e.data for e in cb.events_received() if e.kind == "undo_request")
    assert req["needs"] == [1] and req["entry"]["action"]["type"] == "draw"
    assert not [e for e in cs.events_received() if e.kind == "undo_request"]
    cb.vote(req["request"], False)
    w.pump()
    assert w.session.state.seq == seq
    assert any(e.kind == "undo_result" and not e.data["accepted"] for e in ca.events_received())
    u = ca.undo()
    w.pump()
    req = next(e.data for e in cb.events_received() if e.kind == "undo_request")
    cb.vote(req["request"], True)
    w.pump()
    assert w.session.state.zones["hand:0"].pieces == []
    # a stale vote is answered, not fatal
    cb.vote(req["request"], True)
    w.pump()
    assert b not in w.closed
    # moving a token reveals nothing: undone at once
    token = next(p["id"] for z in ca.view["zones"] if z["name"] == "table" for p in z["pieces"])
    ca.submit(A.Move((token,), "table", x=5, y=5))
    u = ca.undo()
    w.pump()
    assert ca.results[u]["accepted"]
    w.assert_in_step()


def test_vote_times_out() -> None:
    w = Wire(limits=Limits(vote_timeout=5))
    a, ca = w.join(seat=0)
    b, cb = w.join(seat=1)
    ca.submit(A.Draw(1))
    u = ca.undo()
    w.pump()
    assert ca.results[u]["code"] == "vote"
    w.clock.t += 6
    w.host.tick()
    w.pump()
    assert any(e.kind == "undo_result" and "timed out" in e.data["reason"] for e in ca.events_received())
    assert len(w.session.state.zones["hand:0"].pieces) == 1


def test_random_play_keeps_every_patched_view_exact_and_leaks_nothing() -> None:
    w = Wire(seed=5)
    conns = {0: w.join(seat=0), 1: w.join(seat=1), None: w.join(seat=None)}
    state = w.session.state
    rng = random.Random(5)

    def visible(seat) -> set[str]:
        return {pid for pid, p in state.pieces.items() if p.kind == "card" and state.can_see(p, seat)}

    seen = {s: visible(s) for s in conns}
    for step in range(120):
        seat = rng.choice([0, 1])
        c = conns[seat][1]
        mine = [p["id"] for z in c.view["zones"] if z["name"] == f"hand:{seat}" for p in z["pieces"]]
        table = [p["id"] for z in c.view["zones"] if z["name"] == "table" for p in z["pieces"]]
        choices = [A.Draw(rng.randint(1, 2)), A.Shuffle("deck"), A.LookTop("deck", 2), A.Deal(1),
                   A.Search("deck"), A.EndSearch("deck")]
        if mine:
            pid = rng.choice(mine)
            choices += [A.Move((pid,), "table", x=rng.randrange(900), y=rng.randrange(900),
                               face_up=rng.random() < 0.5), A.Reveal((pid,), to=1 - seat),
                        A.Move((pid,), "deck", index=rng.randrange(3))]
        if table:
            choices += [A.Flip((rng.choice(table),)), A.Tap((rng.choice(table),)),
                        A.Move((rng.choice(table),), "table", x=rng.randrange(900), y=5)]
        marks = {s: len(w.received[cid]) for s, (cid, _) in conns.items()}
        if step % 17 == 16:
            c.undo()
            w.pump()
            for other in (0, 1):
                for ev in conns[other][1].events_received():
                    if ev.kind == "undo_request":
                        conns[other][1].vote(ev.data["request"], True)
        else:
            c.submit(rng.choice(choices))
        w.pump()
        for s, (cid, client) in conns.items():
            truth = w.session.view(s)
            assert client.view == json.loads(json.dumps(truth)), (step, s)
            assert client.hash == view_hash(truth) == client.view_hash()
            now = visible(s)
            secret = {state.pieces[p].card for p in set(state.pieces) - now - seen[s] if state.pieces[p].kind == "card"}
            secret -= {state.pieces[p].card for p in now | seen[s] if p in state.pieces}  # duplicates of a seen card
            for frame in w.received[cid][marks[s]:]:
                text = frame.decode()
                assert not [ref for ref in secret if f'"{ref}"' in text], (step, s, text[:300])
            seen[s] = now
    assert all(client.desyncs == 0 for _, client in conns.values())


def test_a_fling_streams_transient_positions_then_lands_as_one_logged_move() -> None:
    """Physics runs on the host; clients see the piece slide (names as they know them) and one ordinary patch."""
    from tabletop.physics import FlingController

    w = Wire()
    a, ca = w.join(name="ann", seat=0)
    b, cb = w.join(name="bob", seat=1)
    state = w.session.state
    hand = state.zones["hand:0"].pieces
    assert w.host.submit_local(A.Draw(1, source="deck"), 0).accepted
    pid = hand[0]
    assert w.host.submit_local(A.Move((pid,), "table", x=300, y=700, face_up=False), 0).accepted
    w.pump()
    before = len(w.session.history)
    ctl = FlingController(w.session)
    ctl.release(pid, 0, 300, 700, vx=2000, vy=0)
    frames = 0
    while ctl.flying:
        ctl.update(1 / 60)
        if ctl.positions():
            w.host.motion(ctl.positions())
            w.pump()
            frames += 1
            assert set(cb.moving) == {state.handle(pid)}  # bob sees a face-down card: its handle only
            assert set(ca.moving) == {pid}  # ann, its owner, knows which card it is
    w.host.motion({})
    w.pump()
    assert frames > 3 and cb.moving == {} and ca.moving == {}
    assert len(w.session.history) == before + 1 and w.session.history[-1].action.type == "move"
    w.assert_in_step()
    motion_frames = [d for d in w.received[b] if b'"motion"' in d]
    assert motion_frames and all(pid.encode() not in d for d in motion_frames)


def test_a_late_joiner_numbers_the_log_as_the_host_does() -> None:
    """A welcome brings the last 200 lines and says how many came before them (`log_start`), so a joined window in
    a long game numbers its lines as a local one does instead of from 1 (found in session 6's log-numbering fix)."""
    w = Wire()
    for i in range(230):
        assert w.session.submit(A.Shuffle("deck"), i % 2).accepted
    _, ann = w.join(name="ann", seat=0)
    history = len(w.session.history)
    assert len(ann.log) == 200 and ann.log_start == history - 200
    welcome = next(e for e in ann.events_received() if e.kind == "welcome")
    assert welcome.data["log_start"] == history - 200
    assert ann.log[0]["seq"] == w.session.history[history - 200].seq
