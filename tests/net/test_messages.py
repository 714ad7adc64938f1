"""Frames and patches: caps, schemas, and view patches that rebuild the very view they were cut from, hash and all."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.core import actions as A
from tabletop.core.view import LiveView, canonical, view_hash
from tabletop.game import quick_table
from tabletop.net.errors import BadFrame
from tabletop.net.messages import (
    CLIENT_MESSAGES,
    HOST_MESSAGES,
    MAX_FRAME,
    Limits,
    decode,
    encode,
    json_depth,
)
from tabletop.net.patches import PatchedView, make_patch, splices


def test_encode_decode_round_trip() -> None:
    msg = {"type": "action", "cseq": 3, "action": {"type": "draw", "count": 2}}
    assert decode(encode(msg), CLIENT_MESSAGES) == msg


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        (b"\xff\xfe", "bad_json"),
        (b"{not json", "bad_json"),
        (b"[1, 2]", "bad_message"),
        (b'{"type": "launch"}', "bad_message"),
        (b'{"cseq": 1}', "bad_message"),
        (b'{"type": "action", "cseq": 1}', "bad_message"),
        (b'{"type": "action", "cseq": true, "action": {}}', "bad_message"),
        (b'{"type": "action", "cseq": 1, "action": {}, "seat": 0}', "bad_message"),
        (b'{"type": "hello", "version": "1"}', "bad_message"),
        (b'{"type": "vote", "request": 1, "agree": 1}', "bad_message"),
    ],
)
def test_bad_frames_are_refused_with_a_reason(frame: bytes, code: str) -> None:
    with pytest.raises(BadFrame) as e:
        decode(frame, CLIENT_MESSAGES)
    assert e.value.code == code
    assert e.value.reason


#: frames at the edges of JSON: each reads (or is refused, with the same message) alike by either parser
EDGE_FRAMES = [
    b'{"type":"ping","t":1e-400}', b'{"type":"ping","t":-0.0}', b'{"type":"ping","t":1.7976931348623157e308}',
    b'{"type":"ping","t":0.30000000000000004}', b'{"type":"ping","t":5e-324}', b'{"type":"ping","t":1E2}',
    b'{"type":"ping","t":9007199254740992}', b'{"type":"ping","t":9007199254740993}',
    b'{"type":"ping","t":-123456789012345678901234}', b'{"type":"ping","t":1e999}', b'{"type":"ping","t":NaN}',
    b'{"type":"ping","t":-Infinity}', b'{"type":"resync","reason":"\\ud800"}', b'{"type":"resync","reason":"\xc3"}',
    b'{"type":"resync","reason":"\\u00e9\\ud83d\\ude00 \xc3\xa9"}', b'\xef\xbb\xbf{"type":"bye"}',
    b'{"type":"resync","reason":"\x01"}', b'{"type":"ping","t":1,"t":2}', b'  {"type" : "bye" }  ',
    b'{"type":"bye"} x', b'{"type":"resync","reason":"' + b'[' * 40 + b'"}', b'[' * 3000 + b']' * 3000,
]


@pytest.mark.parametrize("frame", EDGE_FRAMES)
def test_the_fast_parser_reads_what_the_checked_one_reads(frame: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    """orjson (when installed) and the standard library's checked parse give the same message or the same error."""
    from tabletop.net import messages

    def outcome() -> object:
        try:
            return repr(decode(frame, CLIENT_MESSAGES))
        except BadFrame as e:
            return (e.code, e.reason)

    fast = outcome()
    monkeypatch.setattr(messages, "_orjson", None)
    assert fast == outcome()


def test_size_and_depth_caps() -> None:
    big = encode({"type": "ping", "t": 1}) + b" " * MAX_FRAME
    with pytest.raises(BadFrame) as e:
        decode(big, CLIENT_MESSAGES)
    assert e.value.code == "too_big"
    deep = '{"type": "action", "cseq": 1, "action": {"type": "chat", "text": "x", "n": ' + "[" * 40 + "]" * 40 + "}}"
    with pytest.raises(BadFrame) as e:
        decode(deep, CLIENT_MESSAGES)
    assert e.value.code == "too_deep"
    very_deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(BadFrame):
        decode(very_deep, CLIENT_MESSAGES, Limits(max_frame=1 << 20))
    assert json_depth({"a": [1, {"b": []}]}, 10) == 4


def test_host_schema_accepts_host_messages_only() -> None:
    decode(encode({"type": "pong", "t": 1.5}), HOST_MESSAGES)
    with pytest.raises(BadFrame):
        decode(encode({"type": "hello", "version": 1}), HOST_MESSAGES)


def test_splices() -> None:
    def run(old: list[str], new: list[str]) -> list[str]:
        out = list(old)
        for start, deleted, inserted in splices(old, new):
            out[start : start + deleted] = inserted
        return out

    assert splices(list("abcd"), list("bcd")) == [[0, 1, []]]
    assert splices(list("abc"), list("abxc")) == [[2, 0, ["x"]]]
    assert splices(list("abc"), list("abc")) == []
    # a piece moved to the end of a long zone is two small edits, not the whole tail again
    old = [f"p{i}" for i in range(300)]
    new = old[:5] + old[6:] + [old[5]]
    assert splices(old, new) == [[5, 1, []], [299, 0, ["p5"]]]
    assert run(old, new) == new
    back = [old[-1]] + old[:-1]
    assert len(splices(old, back)) == 2 and run(old, back) == back
    rng = random.Random(4)
    for _ in range(300):
        a = [str(rng.randrange(6)) for _ in range(rng.randrange(8))]
        b = [str(rng.randrange(6)) for _ in range(rng.randrange(8))]
        assert run(a, b) == b


def test_canonical_is_json_dumps_spelling_and_the_hash_follows_content() -> None:
    session = quick_table(seed=2)
    v = session.view(0)
    odd = {"id": "p1", "label": "caf\u00e9 \u2665 \"q\" \n", "x": 960.0, "y": 0.5, "counters": {"b": 1, "a": -2}}
    for obj in [odd, v, *[p for z in v["zones"] for p in z["pieces"]]]:
        assert canonical(obj) == json.dumps(obj, sort_keys=True, separators=(",", ":"))
    same = json.loads(json.dumps(v))
    assert view_hash(same) == view_hash(v)
    assert view_hash(dict(v, seq=99)) == view_hash(v)  # seq is a version, not content
    moved = json.loads(json.dumps(v))
    moved["zones"][0]["pieces"].reverse()
    assert view_hash(moved) != view_hash(v)


def _random_game(seed: int, steps: int):
    """A random two-seat game touching every kind of change: yields (kind, entry) after each step."""
    session = quick_table(seed=seed)
    entries: list = []
    session.listeners.append(lambda kind, entry: entries.append((kind, entry)))
    rng = random.Random(seed)
    yield session
    for _ in range(steps):
        seat = rng.choice([0, 1])
        v = session.view(seat)
        mine = [p["id"] for z in v["zones"] if z["name"] == f"hand:{seat}" for p in z["pieces"]]
        table = [p["id"] for z in v["zones"] if z["name"] == "table" for p in z["pieces"]]
        choices = [A.Draw(rng.randint(1, 3)), A.Shuffle("deck"), A.LookTop("deck", 2), A.Chat("hi"),
                   A.Search("deck"), A.EndSearch("deck"), A.CreatePiece("token", x=rng.randrange(900)),
                   A.AddCounter("score", seat=seat), A.Deal(1)]
        if mine:
            pid = rng.choice(mine)
            choices += [A.Move((pid,), "table", x=rng.randrange(900), y=rng.randrange(900),
                               face_up=rng.random() < 0.5),
                        A.Move((pid,), "discard"), A.Reveal((pid,), to=rng.choice([1 - seat, None])),
                        A.Move((pid,), "deck", index=0)]
        if table:
            a, b = rng.choice(table), rng.choice(table)
            choices += [A.Flip((a,)), A.Tap((a,)), A.Rotate((a,)), A.Move((a,), "table", x=5, y=5),
                        A.Attach(a, b), A.Detach(a), A.DeletePiece((a,)), A.AddCounter("dmg", piece=a),
                        A.Move((a,), f"hand:{seat}")]
        if rng.random() < 0.1:
            session.undo(seat)
        elif rng.random() < 0.05:
            session.redo(seat)
        else:
            session.submit(rng.choice(choices), seat)
        while entries:
            yield entries.pop(0)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_live_views_and_patches_rebuild_the_view_exactly(seed: int) -> None:
    game = _random_game(seed, 150)
    session = next(game)
    seats = [0, 1, None]
    live = {s: LiveView(session.state, s, session.rules) for s in seats}
    clients = {s: PatchedView(json.loads(json.dumps(session.view(s)))) for s in seats}
    sizes = []
    steps = 0
    for _kind, entry in game:
        steps += 1
        for s in seats:
            base = live[s].seq
            change = live[s].update(entry.events)
            assert not change.rebuilt
            truth = session.view(s)
            assert live[s].view() == truth
            assert json.loads(live[s].view_json()) == truth
            assert live[s].hash == view_hash(truth)
            patch = {"type": "patch", "base": base, "seq": live[s].seq, "hash": live[s].hash, **make_patch(change)}
            wire = json.loads(encode(patch))
            got = clients[s].apply(wire)
            assert got == json.loads(json.dumps(truth))
            assert clients[s].hash == wire["hash"] == view_hash(got)
            sizes.append(len(encode(patch)))
    assert steps > 100
    assert max(sizes) < 8000  # a change never resends the table


def test_a_patch_that_does_not_fit_is_detected() -> None:
    session = quick_table(seed=1)
    v = session.view(0)
    with pytest.raises((KeyError, ValueError)):
        PatchedView(v).apply({"seq": 1, "zones": {"deck": {"splice": [[500, 1, []]]}}})
    with pytest.raises(KeyError):
        PatchedView(v).apply({"seq": 1, "zones": {"nowhere": {"splice": [[0, 0, []]]}}})
    with pytest.raises(KeyError):
        PatchedView(v).apply({"seq": 1, "pieces": [{"id": "h-not-there", "x": 1}]})
