"""The host moderates (net/moderation.py): it removes a seat's player or a spectator and turns spectators off; a
removed player is told why, its token no longer opens the seat, the seat is open for someone else, every log says
what happened, and a request from anyone but the host is refused and changes nothing. Clients are raw frames
written from docs/PROTOCOL.md, and every frame they get is scanned for hidden cards (tests/net/leakscan.py)."""

from __future__ import annotations

import pytest

from tabletop.core import Session
from tabletop.core import actions as A
from tabletop.game import quick_table
from tabletop.net.messages import Limits

from .leakscan import Raw, Table


def _table(hosts: set[int] | None = None, **kwargs) -> Table:
    session: Session = quick_table(seed=5)
    session.hosts = set(hosts or set())
    t = Table(session, **kwargs)
    return t


def _errors(raw: Raw, code: str | None = None) -> list[dict]:
    return [m for m in raw.messages("error") if code is None or m["code"] == code]


def _notices(raw: Raw) -> list[str]:
    return [m["message"] for m in raw.messages("notice")]


def test_the_host_removes_a_seat_which_is_told_why_and_its_token_no_longer_opens_it() -> None:
    t = _table(hosts={0})
    ann = t.join(seat=0, name="ann")
    bob = t.join(seat=1, name="bob")
    sue = t.join(seat=None, name="sue")
    t.act(ann, A.Deal(3))
    token = bob.last("welcome")["token"]
    t.step(lambda: t.send(ann, {"type": "kick", "seat": 1}))
    told = _errors(bob, "kicked")
    assert told and told[-1]["fatal"] and "removed you from Seat 2" in told[-1]["message"]
    assert bob.closed and "removed by the host" in bob.closed
    for raw in (ann, sue):  # everyone's log says what happened, naming the player and the seat only
        assert "The host removed bob from Seat 2; the seat is open" in _notices(raw)
    players = ann.last("players")["players"]
    assert players[1]["claimed"] is False and players[1]["connected"] is False and players[1]["name"] == "Seat 2"
    # the token is revoked: a rejoin with it is refused with the reason, never given another seat
    again = t.join(token=token, name="bob")
    refusal = again.last("error")
    assert refusal["code"] == "kicked" and "no longer opens it" in refusal["message"] and again.closed
    assert not again.messages("welcome")
    # the seat is open for someone else, who gets its hand (the seat's cards stay with the seat)
    cat = t.join(seat=1, name="cat")
    welcome = cat.last("welcome")
    assert welcome["seat"] == 1 and welcome["token"] != token
    hand = next(z for z in welcome["view"]["zones"] if z["name"] == "hand:1")
    assert hand["count"] == 3 and all("card" in p for p in hand["pieces"])
    assert t.leaks == []


def test_the_host_window_removes_a_seat_and_a_spectator_and_everyone_reads_it() -> None:
    t = _table(local_seats={0})
    bob = t.join(seat=1, name="bob")
    sue = t.join(seat=None, name="sue")
    assert t.host.watcher_list() == [{"id": sue.cid, "name": "sue"}]
    why: list[str] = []
    t.step(lambda: why.append(t.host.remove_watcher(sue.cid)))
    assert why == [""] and sue.closed and _errors(sue, "kicked")[-1]["message"] == (
        "The host removed you from the spectators.")
    assert "The host removed the spectator sue" in _notices(bob)
    assert bob.last("players")["spectators"] == 0
    t.step(lambda: why.append(t.host.remove_seat(1)))
    assert why[-1] == "" and bob.closed
    assert t.host.records == {}
    assert t.host.remove_seat(0) == "Seat 1 is played on the host's own machine"
    assert t.host.remove_seat(1) == "Seat 2 is open: nobody sits there to remove"
    assert t.leaks == []


def test_the_hosts_own_log_gets_each_moderation_as_an_event() -> None:
    t = _table(local_seats={0})
    t.join(seat=1, name="bob")
    t.join(seat=None, name="sue")
    t.host.events_received()
    t.host.remove_seat(1)
    t.host.set_spectators(False)
    said = [(e.kind, e.seat, e.text) for e in t.host.events_received() if e.kind in ("removed", "spectators")]
    assert said == [("removed", 1, "The host removed bob from Seat 2; the seat is open"),
                    ("spectators", None, "The host turned spectators off (1 watching closed)")]


@pytest.mark.parametrize("request_", [{"seat": 0}, {"seat": 5}, {"seat": -1}, {"watcher": 999}])
def test_bad_kick_requests_are_refused_and_change_nothing(request_: dict) -> None:
    t = _table(hosts={0}, local_seats=set())
    ann = t.join(seat=0, name="ann")
    bob = t.join(seat=1, name="bob")
    before = (dict(t.host.records), t.host.players())
    t.step(lambda: t.send(ann, {"type": "kick", **request_}))
    err = _errors(ann, "bad_kick")
    assert err and err[-1]["fatal"] is False and err[-1]["message"]
    assert ann.closed is None and bob.closed is None
    assert (dict(t.host.records), t.host.players()) == before
    assert not _notices(bob)


def test_a_kick_from_a_seat_without_host_rights_or_a_spectator_is_refused_and_changes_nothing() -> None:
    t = _table(hosts={0})
    ann = t.join(seat=0, name="ann")
    bob = t.join(seat=1, name="bob")
    sue = t.join(seat=None, name="sue")
    before = (dict(t.host.records), t.host.players(), t.host.watcher_list())
    t.step(lambda: t.send(bob, {"type": "kick", "seat": 0}))
    t.step(lambda: t.send(sue, {"type": "kick", "seat": 1}))
    t.step(lambda: t.send(bob, {"type": "kick", "watcher": sue.cid}))
    t.step(lambda: t.send(bob, {"type": "spectators", "allowed": False}))
    for raw in (bob, sue):
        forbidden = _errors(raw, "forbidden")
        assert forbidden and all(not e["fatal"] and "only the host" in e["message"] for e in forbidden)
    assert len(_errors(bob, "forbidden")) == 3
    assert (dict(t.host.records), t.host.players(), t.host.watcher_list()) == before
    assert all(r.closed is None for r in (ann, bob, sue)) and not _notices(ann)


def test_a_malformed_kick_closes_only_that_connection() -> None:
    t = _table(hosts={0})
    ann = t.join(seat=0, name="ann")
    bob = t.join(seat=1, name="bob")
    t.step(lambda: t.send(ann, {"type": "kick", "seat": 1, "watcher": 3}))
    assert ann.closed and "exactly one" in ann.closed
    assert bob.closed is None and 1 in t.host.records


def test_spectators_off_closes_the_watchers_and_refuses_new_ones_until_turned_on() -> None:
    t = _table(hosts={0})
    ann = t.join(seat=0, name="ann")
    sue = t.join(seat=None, name="sue")
    t.step(lambda: t.send(ann, {"type": "spectators", "allowed": False}))
    assert sue.closed and _errors(sue, "no_spectators")[-1]["message"] == "The host turned spectators off."
    assert "The host turned spectators off (1 watching closed)" in _notices(ann)
    late = t.join(seat=None, name="tom")
    assert late.last("error")["code"] == "no_spectators" and late.closed
    t.step(t.host.ready_welcome)  # the network thread's desk hands out no welcome either
    assert not t.host.desk.ready
    assert t.host.desk_hello('{"type":"hello","version":2,"seat":null,"name":"tom"}') is None
    t.step(lambda: t.send(ann, {"type": "spectators", "allowed": True}))
    assert "The host lets spectators watch again" in _notices(ann)
    back = t.join(seat=None, name="tom")
    assert back.last("welcome")["seat"] is None
    assert t.watch_from_desk("una") is not None


def test_a_seat_with_host_rights_reads_who_watches_and_removes_one_by_id() -> None:
    t = _table(hosts={0}, limits=Limits())
    ann = t.join(seat=0, name="ann")
    bob = t.join(seat=1, name="bob")
    sue = t.join(seat=None, name="sue")
    hosted = ann.last("players")
    assert hosted["watchers"] == [{"id": sue.cid, "name": "sue"}] and hosted["spectators_allowed"] is True
    assert "watchers" not in bob.last("players")  # only the host reads who watches
    t.step(lambda: t.send(ann, {"type": "kick", "watcher": hosted["watchers"][0]["id"]}))
    assert sue.closed and ann.last("players")["watchers"] == []
    assert t.leaks == []


def test_a_removed_voter_votes_no() -> None:
    t = _table(hosts={0})
    ann = t.join(seat=0, name="ann")
    bob = t.join(seat=1, name="bob")
    t.act(bob, A.Draw(1))
    asked = t.numbered(ann, "undo")
    assert asked.get("code") == "vote"
    t.step(lambda: t.send(ann, {"type": "kick", "seat": 1}))
    result = ann.last("undo_result")
    assert result["accepted"] is False and "removed" in result["reason"]
    assert bob.closed


def test_the_host_may_remove_a_player_and_close_the_seat_until_it_opens_it() -> None:
    t = _table(hosts={0})
    ann = t.join(seat=0, name="ann")
    bob = t.join(seat=1, name="bob")
    t.step(lambda: t.send(ann, {"type": "kick", "seat": 1, "close": True}))
    assert bob.closed and "The host removed bob from Seat 2; the seat is closed" in _notices(ann)
    assert ann.last("players")["players"][1].get("closed") is True
    asked = t.join(seat=1, name="cat")
    assert asked.last("error")["code"] == "seat_closed" and "closed Seat 2" in asked.last("error")["message"]
    anyone = t.join(name="dan")  # "any" seat: none is free but the closed one
    assert anyone.last("error")["code"] == "no_seat"
    t.step(lambda: t.send(bob, {"type": "seat", "seat": 1, "closed": False}))  # bob is gone: nothing is read
    t.step(lambda: t.send(ann, {"type": "seat", "seat": 1, "closed": False}))
    assert "The host opened Seat 2" in _notices(ann) and "closed" not in ann.last("players")["players"][1]
    assert t.join(name="dan").last("welcome")["seat"] == 1
    assert t.leaks == []


def test_closing_a_seat_needs_host_rights_and_an_empty_seat() -> None:
    t = _table(hosts={0})
    ann = t.join(seat=0, name="ann")
    bob = t.join(seat=1, name="bob")
    t.step(lambda: t.send(bob, {"type": "seat", "seat": 0, "closed": True}))
    assert _errors(bob, "forbidden")[-1]["message"] == "only the host may close or open a seat"
    t.step(lambda: t.send(ann, {"type": "seat", "seat": 1, "closed": True}))
    assert _errors(ann, "bad_close")[-1]["message"] == "Seat 2 has a player: remove them to close it"
    t.step(lambda: t.send(ann, {"type": "seat", "seat": 7, "closed": True}))
    assert _errors(ann, "bad_close")[-1]["message"] == "there is no seat 8"
    assert t.host.closed_seats == set() and bob.closed is None


def test_a_spectator_welcomed_from_the_desk_reads_the_removal_too() -> None:
    t = _table(local_seats={0})
    t.join(seat=1, name="bob")
    dee = t.watch_from_desk("dee")  # welcomed by the network thread, seated by the host's next step
    assert dee is not None
    t.step(lambda: t.host.remove_seat(1))
    assert "The host removed bob from Seat 2; the seat is open" in _notices(dee)
    assert t.leaks == []
