"""A dropped LAN player's seat is played by a bot until they come back: it decides from that seat's knowledge
only (every input it is handed, serialised, names no card the seat may not see), everyone's players list says a
bot plays the seat, and the player who rejoins with their seat token gets the seat back and the bot stops."""

from __future__ import annotations

import json
import secrets
from typing import Any

import pytest

from tabletop.core.session import Session
from tabletop.net.auth import Peer
from tabletop.net.protocol import ClientProtocol, HostProtocol
from tabletop.net.standin import StandIns, bot_news
from tabletop.rules import get_ruleset
from tabletop.rules.bots import make_bot
from tests.rules.search.test_knowledge import _secrets


class Table:
    """A host playing seat 1 itself (a random bot stands for its person), one client at seat 2, and the
    stand-ins deciding inline; the wake-ups they ask for are run in order, as the host's loop would."""

    def __init__(self, ruleset: str, bot: str, seed: int = 7) -> None:
        rules = get_ruleset(ruleset)
        self.session = Session(rules.new_game(2, seed=seed, enforcement="strict"), rules)
        self.host = HostProtocol(self.session, local_seats=(0,))
        self.woken: list[Any] = []
        self.standins = StandIns(self.host, auto=bot, seed=seed, wake=self.woken.append, background=False)
        self.me = make_bot("random", rules, seed)
        self.clients: dict[int, ClientProtocol] = {}
        self.events: list[Any] = []

    def join(self, **kw: Any) -> tuple[int, ClientProtocol]:
        nonce = secrets.token_hex(16)
        cid = self.host.connect(peer=Peer("192.0.2.7", nonce, loopback=False))
        c = self.clients[cid] = ClientProtocol(**kw)
        c.start()
        assert c.challenge(self.host.auth.challenge(nonce), "", False) == ""
        self.pump()
        return cid, c

    def drop(self, cid: int) -> None:
        self.host.disconnect(cid)
        self.clients[cid].connection_lost()
        del self.clients[cid]
        self.pump()

    def pump(self) -> None:
        for _ in range(1000):
            moved = False
            for cid, c in list(self.clients.items()):
                for data in c.data_to_send():
                    moved = True
                    self.host.receive_data(cid, data)
            for cid, data in self.host.data_to_send():
                moved = True
                if cid in self.clients:
                    self.clients[cid].receive_data(data)
            for ev in self.host.events_received():
                moved = True
                self.events.append(ev)
                self.standins.saw(ev)
            while self.woken:
                moved = True
                self.woken.pop(0)()
            if not moved:
                return
        raise AssertionError("the table never settled")

    def play(self, moves: int) -> None:
        """The host's person plays seat 1 whenever the game waits on it, for `moves` moves or the game's end."""
        rules, state = self.session.rules, self.session.state
        for _ in range(moves):
            self.pump()
            waiting = rules.waiting_for(state)
            if not waiting or state.rules.get("over") or waiting[0] != 0:
                return
            action = self.me.choose(state, 0)
            assert action is not None and self.host.submit_local(action, 0).accepted


def _serialised(standins: StandIns) -> tuple[list[str], list[tuple[set[str], set[str]]]]:
    """Record every input each stand-in made from now on is handed, as JSON, with its seat's secrets then."""
    inputs: list[str] = []
    hidden: list[tuple[set[str], set[str]]] = []
    state = standins.session.state

    def made(seat: int, bot: Any) -> None:
        def keep(*given: Any) -> None:
            inputs.append(json.dumps(given, default=lambda a: a.to_dict(), sort_keys=True))
            hidden.append(_secrets(state, seat))

        if hasattr(bot, "decide"):
            bot.recorder = keep
        elif hasattr(bot, "choose_known"):  # X-Files CCG's greedy: the seat's knowledge, as a search bot's
            known = bot.choose_known
            bot.choose_known = lambda know: (keep(know), known(know))[1]
        else:
            choose = bot.choose_seen
            bot.choose_seen = lambda view, legal, s: (keep(view, legal), choose(view, legal, s))[1]

    standins.on_bot = made
    return inputs, hidden


@pytest.mark.parametrize(("ruleset", "bot"), [("tragedy", "ismcts:6"), ("xfiles-ccg", "ismcts:6"),
                                              ("xfiles-ccg", "greedy"), ("xfiles-fan", "random")])
def test_a_stand_in_plays_the_dropped_seat_from_its_view_only_and_hands_it_back(ruleset: str, bot: str) -> None:
    t = Table(ruleset, bot)
    cid, bob = t.join(seat=1, name="Bob")
    _, watcher = t.join(seat=None, name="Carol")
    assert bob.seat == 1 and not t.standins.held
    before = list(watcher.players)
    inputs, hidden = _serialised(t.standins)
    t.drop(cid)
    assert t.standins.held == {1: bot}
    assert [p.get("bot") for p in watcher.players] == [None, bot]  # everyone's players list says so
    assert bot_news(before, watcher.players) == [f"Bob (Seat 2) dropped; a bot ({bot}) plays it until they return"]
    assert any(e.kind == "bot_on" and e.seat == 1 for e in t.events)
    for _ in range(40):
        t.play(5)
        if t.standins.acted >= 8 or t.session.state.rules.get("over"):
            break
    assert t.standins.acted >= 8
    assert all(e.seat in (0, 1) for e in t.session.history)
    assert len(inputs) >= t.standins.acted  # every decision's input was recorded
    checked = 0
    for text, (ids, refs) in zip(inputs, hidden, strict=True):
        for pid in ids:
            assert f'"{pid}"' not in text, f"hidden piece {pid} named"
        for ref in refs:
            assert f'"{ref}"' not in text, f"hidden card {ref} named"
        checked += len(ids) + len(refs)
    assert checked > 50
    # Bob comes back with his seat token: the seat is his again, the bot stops
    during = list(watcher.players)
    acted = t.standins.acted
    _, again = t.join(token=bob.token)
    assert again.seat == 1 and not t.standins.held and 1 not in t.standins.bots
    assert bot_news(during, watcher.players) == ["Bob is back"]
    assert any(e.kind == "bot_off" and e.text == "Bob is back" for e in t.events)
    assert all("bot" not in p for p in again.players)
    t.play(30)
    assert t.standins.acted == acted  # from now on only Bob plays seat 2
    t.standins.close()


def test_the_host_hands_a_dropped_seat_to_a_bot_and_takes_it_away() -> None:
    t = Table("tragedy", "")
    with pytest.raises(ValueError, match="no player to stand in for"):
        t.standins.hand(1, "greedy")
    cid, bob = t.join(seat=1, name="Bob")
    with pytest.raises(ValueError, match="has its player at the table"):
        t.standins.hand(1, "greedy")
    with pytest.raises(ValueError, match="played at the host"):
        t.standins.hand(0, "greedy")
    t.drop(cid)
    assert not t.standins.held  # no `--bot-dropped`: the seat waits for its player
    t.standins.hand(1, "greedy")
    t.pump()
    assert t.standins.held == {1: "greedy"}
    t.play(20)
    assert t.standins.acted >= 1
    before = t.host.players()
    t.standins.release(1)
    t.pump()
    assert not t.standins.held
    assert bot_news(before, t.host.players()) == ["The bot stops playing Bob (Seat 2); the seat waits for its player"]
    acted = t.standins.acted
    t.play(20)
    assert t.standins.acted == acted
    t.standins.close()


def test_a_stand_in_agrees_to_take_back_its_own_move() -> None:
    t = Table("tragedy", "greedy")
    cid, _ = t.join(seat=1, name="Bob")
    t.drop(cid)
    t.play(30)
    assert t.standins.acted >= 1

    def last() -> Any:
        return next(e for e in reversed(t.session.history) if e.undoable)

    for _ in range(10):  # the host takes its own moves back until the last one is the stand-in's
        if last().seat == 1:
            break
        assert t.host.request_undo_local(0).get("accepted")
        t.pump()
    target = last()
    assert target.seat == 1
    answer = t.host.request_undo_local(0)  # Bob's seat is asked, and its bot says yes: its own move
    t.pump()
    assert answer.get("code") == "vote"
    assert any(e.kind == "undo" and e.text == "everyone agreed" for e in t.events)
    t.standins.close()


def test_over_real_sockets_a_search_bot_plays_the_dropped_seat_in_its_worker_process() -> None:
    """`--bot-dropped ismcts:easy` on a real host: the bot decides in a worker process and its moves come back
    through the host's loop; the player who rejoins with the token gets the seat back."""
    import time

    from tabletop.net.client import ClientThread
    from tabletop.net.embedded import EmbeddedHost

    rules = get_ruleset("tragedy")
    session = Session(rules.new_game(2, seed=3, enforcement="strict"), rules)
    host = EmbeddedHost(session, port=0, local_seats=(0,), bind="127.0.0.1", announce=False, tls=None,
                        bot_dropped="ismcts:easy").start()
    me = make_bot("random", rules, 1)
    bob = again = None
    try:
        bob = ClientThread("127.0.0.1", host.port, name="bob", seat=1).connect()
        token = bob.token
        bob.close()
        deadline = time.monotonic() + 120
        while host.call(lambda: dict(host.host.standins.held)) != {1: "ismcts:easy"}:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        n = len(session.history)
        while not any(e.seat == 1 for e in session.history[n:]):  # the host's person passes; the bot answers
            assert time.monotonic() < deadline, "the stand-in never played"
            if host.call(lambda: rules.waiting_for(session.state)) == [0]:
                action = host.call(lambda: me.choose(session.state, 0))
                host.submit(action, 0)
            time.sleep(0.05)
        assert host.call(lambda: host.host.standins.thinker.spec) is not None  # decided in the worker process
        again = ClientThread("127.0.0.1", host.port, name="bob", token=token).connect()
        assert again.seat == 1
        seen: list[Any] = []
        while not any(ev.kind == "bot_off" for ev in seen):  # the host's log says so once its loop sends it
            assert time.monotonic() < deadline
            seen += host.events()
            time.sleep(0.05)
        assert [ev.text for ev in seen if ev.kind == "bot_off"] == ["bob is back"]
        assert host.call(lambda: dict(host.host.standins.held)) == {}
    finally:
        for c in (bob, again):
            if c is not None:
                c.close()
        host.close()
