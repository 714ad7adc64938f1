"""A spectator's welcome kept ready (net/desk.py): the same welcome `_hello` builds, taken by the network thread,
and nothing missed between it and what follows, whatever the game thread does before it seats the spectator."""

from __future__ import annotations

import asyncio
import json
import random
import threading
from types import SimpleNamespace

from tabletop.core import actions as A
from tabletop.game import quick_table
from tabletop.net.client import Client
from tabletop.net.desk import WelcomeDesk
from tabletop.net.host import Host
from tabletop.net.messages import PROTOCOL_VERSION, Limits
from tabletop.net.protocol import ClientProtocol, HostProtocol
from tabletop.rules.bots import table_action

T = 10.0


def _hello(**fields: object) -> str:
    return json.dumps({"type": "hello", "version": PROTOCOL_VERSION, **fields})


def _take(host: HostProtocol, cid: int, name: str = "") -> bytes:
    assert host.ready_welcome()
    frame = host.desk.take(cid, name)
    assert frame is not None
    return frame


def _frames_for(host: HostProtocol, cid: int) -> list[bytes]:
    return [d for c, d in host.data_to_send() if c == cid]


def test_the_desk_holds_the_welcome_a_spectator_would_be_sent() -> None:
    session = quick_table(seed=11)
    host = HostProtocol(session, name="den")
    for i in range(30):
        session.submit(A.Chat(f"line {i}"), i % 2)
    seat = host.connect()
    host.receive_data(seat, _hello(seat=0, name="ann"))
    host.data_to_send()
    desk = json.loads(_take(host, 50, "sue"))
    cid = host.connect()  # seats the spectator of the desk first: this one is the second
    host.receive_data(cid, _hello(seat=None))
    slow = json.loads(next(d for c, d in host.data_to_send() if c == cid))
    assert desk["spectators"] == 1 and slow["spectators"] == 2
    assert {k: v for k, v in desk.items() if k != "spectators"} == {k: v for k, v in slow.items() if k != "spectators"}
    assert desk["seat"] is None and desk["token"] is None and desk["legal"] is None and len(desk["log"]) == 30


def test_only_a_plain_spectators_hello_is_answered_from_the_desk() -> None:
    assert HostProtocol(quick_table(seed=1)).desk_hello(_hello(seat=None)) == ""
    assert HostProtocol(quick_table(seed=1)).desk_hello(_hello(seat=None, name="sue b")) == "sue b"
    assert HostProtocol(quick_table(seed=1)).desk_hello(_hello(seat=None, name="Seat 1")) is None  # a lookalike
    # a password is checked against the connection's challenge: `_hello` does it
    host = HostProtocol(quick_table(seed=1), password="pw")
    for text in (_hello(seat=None), _hello(seat=None, password="pw"), _hello(seat=None, password="no"),
                 _hello(seat=0, password="pw"),
                 _hello(password="pw"), _hello(seat="any", password="pw"),
                 _hello(seat=None, token="x" * 32, password="pw"), _hello(seat=None, name="\u0000", password="pw"),
                 json.dumps({"type": "hello", "version": PROTOCOL_VERSION + 1, "seat": None, "password": "pw"}),
                 json.dumps({"type": "ping"}), "{", "[]"):
        assert host.desk_hello(text) is None, text


def test_a_change_before_the_spectator_is_seated_reaches_it() -> None:
    session = quick_table(seed=4)
    host = HostProtocol(session)
    ann = ClientProtocol(seat=0)
    cid_ann = host.connect()
    ann.start()
    host.receive_data(cid_ann, ann.data_to_send()[0])
    ann.receive_data(_frames_for(host, cid_ann)[0])
    watcher = ClientProtocol(seat=None)
    watcher.start()
    watcher.receive_data(_take(host, 77))  # the network thread wrote it; the game thread has not seated it
    assert host.spectators() == 0
    hand = session.state.seat_zone("hand", 0)
    assert session.submit(A.Draw(2, to=hand), 0).accepted  # the game thread's next change seats it first
    for data in _frames_for(host, 77):
        watcher.receive_data(data)
    assert host.spectators() == 1
    assert watcher.desyncs == 0 and watcher.seq == session.state.seq
    assert watcher.hash == host.live(None).hash == watcher.view_hash()
    assert watcher.log[-1]["seq"] == session.state.seq and watcher.spectators == 1


def test_someone_leaving_before_the_spectator_is_seated_is_told_to_it() -> None:
    session = quick_table(seed=4)
    host = HostProtocol(session)
    old = host.connect()
    host.receive_data(old, _hello(seat=None))
    host.data_to_send()
    frame = json.loads(_take(host, 90))
    assert frame["spectators"] == 2
    host.disconnect(old)
    players = [json.loads(d) for d in _frames_for(host, 90)]
    assert [m["type"] for m in players] == ["players"] and players[0]["spectators"] == 1


def test_a_spectator_gone_before_it_is_seated_leaves_no_trace() -> None:
    host = HostProtocol(quick_table(seed=2))
    _take(host, 5, "sue")
    host.disconnect(5)
    assert host.spectators() == 0 and not host.desk.ready
    assert [e.kind for e in host.events_received()] == ["joined", "left"]


def test_the_desk_stays_empty_while_the_spectators_are_full() -> None:
    host = HostProtocol(quick_table(seed=2), limits=Limits(max_spectators=2))
    _take(host, 5)
    _take(host, 6)
    assert not host.ready_welcome() and not host.desk_wanted() and host.spectators() == 2
    host.disconnect(5)
    assert host.desk_wanted() and host.ready_welcome()


def test_random_play_with_spectators_taken_from_the_desk_at_any_moment() -> None:
    """Changes, joins, leaves and desk takes in random order: every spectator from the desk ends in step."""
    session = quick_table(seed=9)
    host = HostProtocol(session)
    rng = random.Random(9)
    watchers: dict[int, ClientProtocol] = {}
    for cid in range(1000, 1300):
        r = rng.random()
        if r < 0.25:
            host.ready_welcome()
            frame = host.desk.take(cid, "w")  # None while the spectators are full
            if frame is not None:
                c = watchers[cid] = ClientProtocol(seat=None)
                c.start()
                c.receive_data(frame)
        elif r < 0.3 and watchers:
            gone = rng.choice(sorted(watchers))
            host.disconnect(gone)
            del watchers[gone]
        else:
            seat = rng.choice(list(session.state.seats))
            action = table_action(session.state, seat, rng)
            if action is not None:
                session.submit(action, seat)
        for to, data in host.data_to_send():
            if to in watchers:
                watchers[to].receive_data(data)
    host.seat_from_desk()
    for to, data in host.data_to_send():
        if to in watchers:
            watchers[to].receive_data(data)
    assert len(watchers) >= 3, "too few spectators came from the desk"
    assert host.spectators() == len(watchers)
    for c in watchers.values():
        assert c.desyncs == 0 and c.seq == session.state.seq and c.hash == host.live(None).hash
        assert c.spectators == host.spectators()


def test_one_welcome_per_take_across_threads() -> None:
    desk = WelcomeDesk()
    got: list[bytes | None] = []
    desk.put(b"w")
    threads = [threading.Thread(target=lambda i=i: got.append(desk.take(i, ""))) for i in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert got.count(b"w") == 1 and desk.handed == 1 and len(desk.close()) == 1 and not desk.ready


async def _until(cond, timeout: float = 10.0) -> None:
    """Wait for `cond` (polled), so a loaded machine's slow timer is not read as a failure."""
    for _ in range(int(timeout / 0.01)):
        if cond():
            return
        await asyncio.sleep(0.01)
    assert cond()


def test_a_spectator_joins_from_the_desk_over_the_socket_and_follows_the_table() -> None:
    async def go() -> None:
        session = quick_table(seed=3)
        host = Host(session, bind="127.0.0.1", port=0)
        await host.start()
        try:
            ann = await Client("127.0.0.1", host.port, seat=0, name="ann").connect(T)
            assert host.protocol is not None
            await _until(lambda: host.protocol.desk.ready)  # the desk is filled 50 ms after a change
            sue = await Client("127.0.0.1", host.port, seat=None, name="sue", record=True).connect(T)
            assert host.protocol.desk.handed == 1
            assert sue.protocol.hash == sue.protocol.view_hash() and sue.protocol.spectators == 1
            await ann.wait_for(lambda: ann.protocol.spectators == 1)
            hand = session.state.seat_zone("hand", 0)
            assert (await ann.act(A.Draw(1, to=hand)))["accepted"]
            await sue.wait_for(lambda: sue.protocol.seq == session.state.seq)
            assert sue.protocol.desyncs == 0 and sue.protocol.hash == host.protocol.live(None).hash
            await sue.close()
            await ann.close()
        finally:
            await host.close()

    asyncio.run(go())


def test_no_welcome_on_the_desk_while_answers_wait_for_the_journal() -> None:
    async def go() -> None:
        host = Host(quick_table(seed=3), bind="127.0.0.1", port=0)
        await host.start()
        try:
            assert host.protocol is not None
            await _until(lambda: host.protocol.desk.ready)
            host.protocol.seat_from_desk()  # emptied, as by a change
            host.autosaver = SimpleNamespace(durable=1, ticket=2, close=lambda: False, flush=lambda: None)
            host.pump()
            await asyncio.sleep(0.1)
            assert not host.protocol.desk.ready
            host.autosaver.durable = 2
            host._release()
            await _until(lambda: host.protocol.desk.ready)
            host.autosaver = None
        finally:
            await host.close()

    asyncio.run(go())


def test_a_table_in_play_builds_no_welcome_between_its_moves(monkeypatch: object) -> None:
    """The desk's welcome encodes the whole table on the game's thread: while moves keep coming it waits for the
    table to rest, so no move waits behind it (the idle round trip's tail, bench/bench_net.py)."""
    import tabletop.net.host as host_module

    async def go() -> None:
        session = quick_table(seed=3)
        host = Host(session, bind="127.0.0.1", port=0)
        await host.start()
        try:
            assert host.protocol is not None
            ann = await Client("127.0.0.1", host.port, seat=0, name="ann").connect(T)
            await _until(lambda: host.protocol.desk.ready)
            monkeypatch.setattr(host_module, "DESK_AFTER_CHANGE", 3600.0)  # type: ignore[attr-defined]
            hand = session.state.seat_zone("hand", 0)
            assert (await ann.act(A.Draw(1, to=hand)))["accepted"]
            assert not host.protocol.desk.ready and host._desk_timer is not None  # emptied; to be built after a rest
            armed = session.state.seq
            assert (await ann.act(A.Draw(1, to=hand)))["accepted"]  # the next move comes before the table rests
            host._desk_timer.cancel()
            host._fill_desk(armed)  # the timer set after the first move: the table moved since, so it waits again
            assert not host.protocol.desk.ready and host._desk_timer is not None
            host._desk_timer.cancel()
            host._fill_desk(session.state.seq)  # the table rested since the last move: the welcome is built
            assert host.protocol.desk.ready
            sue = await Client("127.0.0.1", host.port, seat=None, name="sue").connect(T)
            assert host.protocol.desk.handed == 1 and sue.protocol.seq == session.state.seq
            assert sue.protocol.hash == sue.protocol.view_hash()
            await sue.close()
            await ann.close()
        finally:
            await host.close()

    asyncio.run(go())
