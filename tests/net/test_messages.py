"""Frames and patches: caps, schemas, and view patches that rebuild the very view they were cut from."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.core import actions as A
from tabletop.core.view import view_hash
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
from tabletop.net.patches import apply_patch, diff_views, splice


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


def test_splice() -> None:
    assert splice(list("abcd"), list("bcd")) == [0, 1, []]
    assert splice(list("abc"), list("abxc")) == [2, 0, ["x"]]
    assert splice([], list("ab")) == [0, 0, ["a", "b"]]
    rng = random.Random(4)
    for _ in range(200):
        old = [str(rng.randrange(6)) for _ in range(rng.randrange(8))]
        new = [str(rng.randrange(6)) for _ in range(rng.randrange(8))]
        start, deleted, inserted = splice(old, new)
        assert old[:start] + inserted + old[start + deleted:] == new


def _random_game_views(seed: int, steps: int):
    """Views of every seat (and a spectator) after each step of a random game."""
    session = quick_table(seed=seed)
    rng = random.Random(seed)
    seats = [0, 1, None]
    yield {s: session.view(s) for s in seats}
    for _ in range(steps):
        seat = rng.choice([0, 1])
        v = session.view(seat)
        mine = [p["id"] for z in v["zones"] if z["name"] == f"hand:{seat}" for p in z["pieces"]]
        table = [p["id"] for z in v["zones"] if z["name"] == "table" for p in z["pieces"]]
        choices = [A.Draw(rng.randint(1, 3)), A.Shuffle("deck"), A.LookTop("deck", 2), A.Chat("hi")]
        if mine:
            pid = rng.choice(mine)
            choices += [A.Move((pid,), "table", x=rng.randrange(900), y=rng.randrange(900),
                               face_up=rng.random() < 0.5),
                        A.Move((pid,), "discard"), A.Reveal((pid,), to=1 - seat), A.Move((pid,), "deck", index=0)]
        if table:
            choices += [A.Flip((rng.choice(table),)), A.Tap((rng.choice(table),)), A.Rotate((rng.choice(table),))]
        if rng.random() < 0.1:
            session.undo(seat)
        else:
            session.submit(rng.choice(choices), seat)
        yield {s: session.view(s) for s in seats}


def test_patches_rebuild_the_view_exactly() -> None:
    sizes = []
    for seed in (1, 2):
        prev = None
        for views in _random_game_views(seed, 80):
            if prev is not None:
                for seat, new in views.items():
                    patch = {"seq": new["seq"], **diff_views(prev[seat], new)}
                    rebuilt = apply_patch(prev[seat], json.loads(json.dumps(patch)))
                    assert view_hash(rebuilt) == view_hash(new)
                    assert rebuilt == json.loads(json.dumps(new))
                    sizes.append(len(json.dumps(patch)))
            prev = views
    assert max(sizes) < 8000  # a move never resends the table


def test_a_patch_that_does_not_fit_is_detected() -> None:
    session = quick_table(seed=1)
    v = session.view(0)
    with pytest.raises((KeyError, ValueError)):
        apply_patch(v, {"seq": 1, "zones": {"deck": {"splice": [500, 1, []]}}})
    with pytest.raises(KeyError):
        apply_patch(v, {"seq": 1, "zone_names": ["nowhere"]})
