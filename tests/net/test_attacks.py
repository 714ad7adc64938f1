"""One test per attack of issue 12 ("Trust at a LAN table"), sans-I/O: raw frames in, every frame out scanned.

Each attack is refused or harmless, and the other clients are unaffected.
"""

from __future__ import annotations

import json

import pytest

from tabletop.core import Session
from tabletop.core import actions as A
from tabletop.game import quick_table
from tabletop.net.host import load_tokens, save_tokens
from tabletop.net.messages import PROTOCOL_VERSION, Limits, encode
from tabletop.net.protocol import FloodGate, HostProtocol, SeatRecord
from tabletop.rules import get_ruleset

from .leakscan import Table, card_title


def ccg(mode: str, seed: int = 4) -> Session:
    rules = get_ruleset("xfiles-ccg")
    return Session(rules.new_game(2, seed=seed, enforcement=mode), rules)


def seated(session: Session, **kwargs) -> tuple[Table, object, object, object]:
    t = Table(session, **kwargs)
    a = t.join(name="ann", seat=0)
    b = t.join(name="bob", seat=1)
    s = t.join(name="sue", seat=None)
    assert (a.seat, b.seat, s.seat) == (0, 1, None)
    return t, a, b, s


def handles(t: Table, raw, zone: str) -> list[str]:
    view = t.session.view(raw.seat)
    return [p["id"] for z in view["zones"] if z["name"] == zone for p in z["pieces"]]


@pytest.mark.parametrize("mode", ["strict", "warn"])
def test_xfiles_ccg_never_names_a_hidden_deck_card(mode: str) -> None:
    """Six probes by handle on the top of both decks: nothing names a card, nothing changes in strict."""
    session = ccg(mode)
    t, a, b, s = seated(session)
    tops = {z: list(session.state.zones[z].pieces[:6]) for z in ("deck:0", "deck:1")}
    titles = {card_title(session, pid) for pids in tops.values() for pid in pids}
    before = session.state.hash()
    for zone in ("deck:0", "deck:1"):
        for _ in range(3):
            top = handles(t, a, zone)[0]
            r = t.act(a, A.Move((top,), "hand:0"))
            if mode == "strict":
                assert not r["accepted"]
                assert not any(title in json.dumps(r) for title in titles), r
    if mode == "strict":
        assert session.state.hash() == before
    # what each of them read: refusals, violations, log lines, patches
    assert t.leaks == [], t.leaks[:3]
    assert t.frames_scanned > 6
    for raw in (b, s):
        for title in titles:
            assert not any(title in f for f in raw.frames[1:]) or title in session.view(raw.seat).__repr__()


def test_a_refusal_describes_a_hidden_card_by_where_it_is() -> None:
    session = ccg("strict")
    t, a, b, s = seated(session)
    top = handles(t, a, "deck:1")[0]
    r = t.act(a, A.Move((top,), "hand:0"))
    assert not r["accepted"]
    assert r["code"] == "forbidden"  # another seat's deck is its own
    top = handles(t, a, "deck:0")[0]
    r = t.act(a, A.Move((top,), "hand:0"))
    assert not r["accepted"] and r["code"] == "xfc.hand_move"
    # (the seat by the name its player joined with)
    assert "moving a face-down card in ann's Bureau Deck from Bureau Deck to Hand" in r["error"]
    assert r["violations"][0]["pieces"] == [top]  # named by the handle its view shows
    assert t.leaks == []


def test_undo_of_another_seats_shuffle_after_a_look_needs_that_seat() -> None:
    session = quick_table(seed=2)
    t, a, b, s = seated(session)
    assert t.act(a, A.LookTop("deck", 5))["accepted"]
    assert t.act(b, A.Shuffle("deck"))["accepted"]
    shuffled = session.state.hash()
    r = t.numbered(a, "undo")
    assert not r["accepted"] and r["code"] == "vote"
    request = b.last("undo_request")
    assert request["needs"] == [1] and request["seat"] == 0
    assert session.state.hash() == shuffled  # nothing until B agrees
    t.step(lambda: t.send(b, {"type": "vote", "request": request["request"], "agree": False}))
    assert session.state.hash() == shuffled
    assert not a.last("undo_result")["accepted"]
    assert t.leaks == []


def test_a_seat_cannot_hand_a_look_back_to_another_by_undoing_its_own_shuffle() -> None:
    """An attacker's audit, three seats: A looks at the top 3, B shuffles, then B undoes its own shuffle so A knows
    the top 3 again. The seat that never saw them (C) must agree."""
    from tabletop.game import new_session

    session = new_session("freeform", 3, seed=2)
    t = Table(session)
    a, b, c = (t.join(name=n, seat=i) for i, n in enumerate(("ann", "bob", "cy")))
    assert t.act(a, A.LookTop("deck", 3))["accepted"]
    assert t.act(b, A.Shuffle("deck"))["accepted"]
    shuffled = session.state.hash()
    r = t.numbered(b, "undo")
    assert not r["accepted"] and r["code"] == "vote"
    request = c.last("undo_request")
    assert request["needs"] == [2] and request["seat"] == 1
    assert session.state.hash() == shuffled
    t.step(lambda: t.send(c, {"type": "vote", "request": request["request"], "agree": False}))
    assert session.state.hash() == shuffled and not b.last("undo_result")["accepted"]
    assert t.leaks == []


def test_undo_of_another_seats_plain_action_needs_that_seat() -> None:
    session = quick_table(seed=2)
    t, a, b, s = seated(session)
    token = next(pid for pid in session.state.zones["table"].pieces if session.state.pieces[pid].kind != "card")
    assert t.act(b, A.Move((token,), "table", x=10, y=10))["accepted"]
    r = t.numbered(a, "undo")
    assert r["code"] == "vote" and b.last("undo_request")["needs"] == [1]
    t.step(lambda: t.send(b, {"type": "vote", "request": r["request"], "agree": True}))
    assert a.last("undo_result")["accepted"]
    # an undo of one's own plain action needs nobody
    assert t.act(a, A.Move((token,), "table", x=20, y=20))["accepted"]
    assert t.numbered(a, "undo")["accepted"]


def test_undo_of_ones_own_look_needs_the_other_seats() -> None:
    session = quick_table(seed=2)
    t, a, b, s = seated(session)
    assert t.act(a, A.LookTop("deck", 3))["accepted"]
    r = t.numbered(a, "undo")
    assert r["code"] == "vote" and b.last("undo_request")["needs"] == [1]


def test_a_voter_that_drops_votes_no() -> None:
    session = quick_table(seed=2)
    t, a, b, s = seated(session)
    assert t.act(a, A.LookTop("deck", 5))["accepted"]
    assert t.act(b, A.Shuffle("deck"))["accepted"]
    shuffled = session.state.hash()
    assert t.numbered(a, "undo")["code"] == "vote"
    t.step(lambda: t.host.disconnect(b.cid))
    t.clock.t += 1
    t.step(t.host.tick)
    result = a.last("undo_result")
    assert not result["accepted"] and "left" in result["reason"]
    assert session.state.hash() == shuffled


def test_a_lone_surrogate_name_is_refused_and_nobody_is_locked_out() -> None:
    session = quick_table(seed=2)
    t, a, b, s = seated(session)
    cid = t.host.connect()
    from .leakscan import Raw

    bad = t.clients[cid] = Raw(cid)
    frame = '{"type":"hello","version":' + str(PROTOCOL_VERSION) + ',"seat":null,"name":"a\\ud800b"}'
    t.step(lambda: t.host.receive_data(cid, frame))
    assert bad.closed and bad.last("error")["code"] == "bad_name"
    for name in ("\x1b[31mred", "tab\there", "x" * 41, "\u202eevil"):
        raw = t.join(name=name, seat=None)
        assert raw.closed and raw.last("error")["code"] == "bad_name", name
    # everyone else still plays and hears about players
    assert t.act(a, A.Draw(1))["accepted"]
    late = t.join(name="Zoë 🎲", seat=None)
    assert late.closed is None and late.last("welcome")["seat"] is None
    assert a.closed is None and b.closed is None and s.closed is None


def test_a_bad_name_in_a_tokens_file_is_cleaned_on_load(tmp_path) -> None:
    path = tmp_path / "autosave.tokens.yaml"
    token = "A" * 24
    save_tokens(path, {0: SeatRecord(token, 3, "a\ud800b\x1b[2J"), 1: SeatRecord("", 0, "x")})
    records = load_tokens(path)
    assert set(records) == {0} and records[0].name == "ab[2J" and records[0].cseq == 3
    session = quick_table(seed=2)
    t = Table(session, records=records)
    back = t.join(token=token)
    assert back.closed is None and back.seat == 0
    players = back.last("welcome")["players"]
    assert players[0]["name"] == "ab[2J"


@pytest.mark.parametrize("mode", ["off", "warn", "strict"])
def test_nothing_goes_into_another_seats_hand(mode: str) -> None:
    session = quick_table(seed=2)
    session.state.enforcement = mode
    t, a, b, s = seated(session)
    assert t.act(a, A.Draw(2))["accepted"]
    mine = handles(t, a, "hand:0")
    before = session.state.hash()
    for action in (A.Draw(1, to="hand:1"), A.Move((mine[0],), "hand:1"),
                   A.CreatePiece(kind="card", zone="hand:1", card="standard/AS"),
                   A.CreatePiece(kind="token", zone="hand:1")):
        r = t.act(a, action)
        assert not r["accepted"] and r["code"] == "forbidden", (action, r)
    assert session.state.hash() == before
    # a card of seat 1's own goes back to its owner's hand: the receiver sees it arrive
    assert t.act(b, A.Draw(1))["accepted"]
    theirs = session.state.zones["hand:1"].pieces[0]
    assert t.act(b, A.Move((theirs,), "table", x=5, y=5))["accepted"]
    session.state.pieces[theirs].owner = 1
    assert t.act(a, A.Move((theirs,), "hand:1"))["accepted"]
    assert theirs in session.state.zones["hand:1"].pieces
    assert t.leaks == []


@pytest.mark.parametrize("token", ["", "x", "not a token!", "A" * 65, "é" * 20])
def test_an_empty_or_malformed_token_is_bad_token(token: str) -> None:
    t = Table(quick_table(seed=2))
    raw = t.join(token=token)
    assert raw.closed and raw.last("error")["code"] == "bad_token"
    raw = t.join(token="A" * 24)  # well formed, unknown
    assert raw.closed and raw.last("error")["code"] == "bad_token"


def test_binary_frames_are_refused() -> None:
    t = Table(quick_table(seed=2))
    a = t.join(seat=0)
    t.step(lambda: t.host.receive_data(a.cid, encode({"type": "ping"}), binary=True))
    assert a.closed and "binary" in a.closed


@pytest.mark.parametrize("frame", ['{"type":"ping","t":NaN}', '{"type":"ping","t":Infinity}',
                                   '{"type":"ping","t":-Infinity}', '{"type":"ping","t":1e999}',
                                   '{"type":"ping","t":1' + "0" * 400 + '}', '{"type":"ping","t":9007199254740993}'])
def test_numbers_are_finite(frame: str) -> None:
    t = Table(quick_table(seed=2))
    a = t.join(seat=0)
    other = t.join(seat=1)
    t.step(lambda: t.host.receive_data(a.cid, frame))
    assert a.closed and not a.messages("pong")
    for f in other.frames:
        json.loads(f, parse_constant=lambda c: pytest.fail(f"{c} in a frame"))
    t.step(lambda: t.send(other, {"type": "ping", "t": 1.5}))
    assert other.last("pong")["t"] == 1.5


def test_a_huge_cseq_is_refused_and_the_seat_plays_on() -> None:
    session = quick_table(seed=2)
    t = Table(session)
    a = t.join(seat=0)
    token = a.last("welcome")["token"]
    t.step(lambda: t.send(a, {"type": "action", "cseq": 10**15, "action": A.Draw(1).to_dict()}))  # 10**30: not JSON here
    assert a.closed and "cseq" in a.closed
    assert len(session.state.zones["hand:0"].pieces) == 0
    again = t.join(token=token)
    assert again.last("welcome")["cseq"] == 0
    assert t.act(again, A.Draw(1))["accepted"]
    assert t.act(again, A.Draw(1))["accepted"]


def test_a_connection_that_never_says_hello_is_closed() -> None:
    t = Table(quick_table(seed=2), limits=Limits(hello_timeout=5))
    cid = t.host.connect()
    from .leakscan import Raw

    silent = t.clients[cid] = Raw(cid)
    t.clock.t = 4
    t.step(t.host.tick)
    assert silent.closed is None
    t.clock.t = 5.5
    t.step(t.host.tick)
    assert silent.closed and "hello" in silent.closed


def test_flood_is_counted_on_arrival_not_when_the_host_reads() -> None:
    """After a stall, an honest client's queued frames pass; a flood is cut after its burst whatever the host did."""
    limits = Limits(rate=60, burst=120)
    t = Table(quick_table(seed=2), limits=limits)
    honest = t.join(seat=0)
    flood = t.join(seat=1)
    # ten seconds of a 20 msg/s client, read by the host in one go after a stall
    t.clock.t = 10.0
    for i in range(200):
        t.host.receive_data(honest.cid, encode({"type": "ping", "t": i}), at=i * 0.05)
    t.deliver()
    assert honest.closed is None and len(honest.messages("pong")) == 200
    # 2,000 msg/s: cut once its burst is spent
    for i in range(2000):
        t.host.receive_data(flood.cid, encode({"type": "ping"}), at=10.0 + i / 2000)
    t.deliver()
    assert flood.closed and flood.closed.startswith("flood")
    assert len(flood.messages("pong")) < 200
    gate = FloodGate(60, 120, 0.0)
    assert all(gate.admit(i * 0.05) for i in range(1000))


def test_many_spectators_each_under_the_limit_cannot_stall_the_seats() -> None:
    """An attacker's audit: 40 spectators chatting at 50 msg/s each, every one under its own limit, delayed an
    honest seat by 14-20 s and filled the journal. Spectators are capped, and their actions share one budget."""
    limits = Limits(rate=60, burst=120)
    session = quick_table(seed=2)
    t = Table(session, limits=limits)
    honest = t.join(seat=0)
    watchers = [t.join(seat=None) for _ in range(12)]
    watching = [w for w in watchers if w.messages("welcome")]
    assert len(watching) == limits.max_spectators
    assert all(w.closed for w in watchers if w not in watching)
    assert all(m["code"] == "full" for w in watchers if w not in watching for m in w.messages("error"))
    before = len(session.history)
    for second in range(5):
        for i in range(50):
            t.clock.t = second + i / 50
            for w in watching:
                t.send(w, {"type": "action", "cseq": w.next_cseq, "action": A.Chat("spam").to_dict()})
                w.next_cseq += 1
    t.deliver()
    chats = len(session.history) - before
    assert chats <= limits.spectator_burst + 5 * limits.spectator_rate + 1
    assert any(m.get("code") == "flood" for w in watching for m in w.messages("result"))
    assert all(w.closed is None for w in watching)  # refused, not kicked: an honest spectator stays
    assert t.act(honest, A.Draw(1))["accepted"]


def test_hostile_frames_change_nothing_for_the_others() -> None:
    session = quick_table(seed=2)
    t, a, b, s = seated(session)
    before = session.state.hash()
    for frame in ("{oops", '{"type":"action","cseq":1,"action":{"type":"teleport"}}', "[]", '{"type":"hello"}',
                  '{"type":"vote","request":1,"agree":"yes"}'):
        raw = t.join(seat=None)
        t.step(lambda raw=raw, frame=frame: t.host.receive_data(raw.cid, frame))
        assert raw.closed
    assert session.state.hash() == before
    assert a.closed is None and b.closed is None and s.closed is None
    assert t.act(a, A.Draw(1))["accepted"]


def test_chat_is_clean_text() -> None:
    session = quick_table(seed=2)
    t, a, b, s = seated(session)
    for text in ("\x1b]0;pwned\x07", "a\ud800", "x" * 501, "\ue000p1\ue001forged\ue002"):
        r = t.act(a, {"type": "chat", "text": text})
        assert not r["accepted"] and r["code"] == "bad_text", text
    assert t.act(a, A.Chat("hello 👋"))["accepted"]


def test_redo_is_for_the_seat_that_undid_or_whose_action_it_was() -> None:
    session = quick_table(seed=2)
    t, a, b, s = seated(session)
    token = next(pid for pid in session.state.zones["table"].pieces if session.state.pieces[pid].kind != "card")
    assert t.act(a, A.Move((token,), "table", x=10, y=10))["accepted"]
    assert t.numbered(a, "undo")["accepted"]
    r = t.numbered(b, "redo")
    assert not r["accepted"] and r["code"] == "forbidden"
    assert t.numbered(a, "redo")["accepted"]


def test_host_protocol_refuses_a_token_in_the_wrong_shape_from_a_record() -> None:
    # a host built from records whose token is malformed still answers hellos
    session = quick_table(seed=2)
    host = HostProtocol(session, records={0: SeatRecord("A" * 24)})
    cid = host.connect()
    host.receive_data(cid, encode({"type": "hello", "version": PROTOCOL_VERSION, "token": ""}))
    out = [json.loads(d) for _, d in host.data_to_send()]
    assert out[-1]["code"] == "bad_token"


def test_a_rules_action_gives_a_card_back_to_its_owner_but_nothing_else() -> None:
    from tabletop.rules.xfiles_ccg.actions import ManualEffect

    session = ccg("off")
    t, a, b, s = seated(session)
    theirs = session.state.zones["bureau:1"].pieces[0]
    mine = session.state.zones["bureau:0"].pieces[0]
    r = t.act(a, ManualEffect("move", piece=mine, to="hand:1"))
    assert not r["accepted"] and r["code"] == "forbidden"
    assert t.act(a, ManualEffect("move", piece=theirs, to="hand:1"))["accepted"]
    assert theirs in session.state.zones["hand:1"].pieces
    assert t.leaks == []


def test_a_bad_name_in_a_save_is_cleaned_on_load() -> None:
    from tabletop.store import dump_save, parse_save

    session = quick_table(seed=2)
    session.state.players[0].name = "a\x1b[31m\u202eb"
    loaded = parse_save(dump_save(session.state), "<test>")
    assert loaded.state.players[0].name == "a[31mb"
    t = Table(Session(loaded.state))
    raw = t.join(seat=None)
    assert raw.closed is None and "\x1b" not in raw.frames[0]
