"""Hypothesis fuzz of hello and action frames: whatever a client sends, the host answers with valid JSON text or
closes that connection; the others are unaffected, nothing is named that they cannot see, and the game never locks.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.core import actions as A
from tabletop.game import quick_table
from tabletop.net.messages import PROTOCOL_VERSION

from .leakscan import Raw, Table

text = st.text(max_size=60) | st.sampled_from(["", "a\ud800b", "\x1b[2J", "\u202e", "\ue000p1\ue001x\ue002",
                                               "A" * 24, "x" * 70])
number = (st.integers(min_value=-(10**40), max_value=10**40) | st.floats(allow_nan=True, allow_infinity=True)
          | st.sampled_from([0, 1, -1, 2**53, 10**30]))
scalar = st.none() | st.booleans() | number | text
value = st.recursive(scalar, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(text, inner, max_size=4),
                     max_leaves=12)

hello = st.fixed_dictionaries(
    {"type": st.just("hello")},
    optional={"version": st.sampled_from([PROTOCOL_VERSION, 1, 3]) | value, "name": text | value,
              "seat": st.sampled_from([0, 1, 2, -1, "any", None, True]) | value, "token": text | value,
              "password": text | value, "extra": value},
)

ACTION_TYPES = ["move", "flip", "tap", "draw", "deal", "shuffle", "reveal", "look", "search", "create", "delete",
                "chat", "set_counter", "add_counter", "roll", "attach", "set_enforcement", "teleport"]
action_body = st.fixed_dictionaries(
    {"type": st.sampled_from(ACTION_TYPES)},
    optional={"pieces": st.lists(text | st.sampled_from(["p1", "p2", "p60", "hffffffffffff"]), max_size=3) | value,
              "to": st.sampled_from(["hand:0", "hand:1", "deck", "table", "nowhere", None]) | value,
              "zone": st.sampled_from(["hand:1", "deck", "table"]) | value, "count": number,
              "text": text, "card": text, "kind": st.sampled_from(["card", "token", "die"]) | value,
              "x": number, "y": number, "source": text | value, "face_up": value, "index": number},
)
frame = st.one_of(
    st.fixed_dictionaries({"type": st.just("action"), "cseq": number, "action": action_body | value},
                          optional={"seq": value, "seat": value}),
    st.fixed_dictionaries({"type": st.sampled_from(["undo", "redo"]), "cseq": number}),
    st.fixed_dictionaries({"type": st.just("vote"), "request": number, "agree": value}),
    st.fixed_dictionaries({"type": st.just("ping")}, optional={"t": number | value}),
    hello,
)


def _as_json(msg: Any) -> str:
    # a client may send anything JSON can spell, NaN included (Python's json writes it)
    return json.dumps(msg)


def _valid(raw: Raw) -> None:
    for f in raw.frames:
        json.loads(f, parse_constant=lambda c: (_ for _ in ()).throw(AssertionError(f"{c} in a frame")))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(first=hello, then=st.lists(frame, max_size=6))
def test_fuzzed_hello_and_actions_never_hurt_the_others(first: dict[str, Any], then: list[dict[str, Any]]) -> None:
    session = quick_table(seed=5)
    t = Table(session)
    ann = t.join(name="ann", seat=0)
    assert t.act(ann, A.Draw(2))["accepted"]
    watcher = t.join(name="sue", seat=None)
    cid = t.host.connect()
    fuzz = t.clients[cid] = Raw(cid)
    t.step(lambda: t.host.receive_data(cid, _as_json(first)))
    for msg in then:
        if fuzz.closed is not None:
            break
        t.step(lambda msg=msg: t.host.receive_data(cid, _as_json(msg)))
    # every frame anyone got is valid JSON text; nothing hidden was named to anyone
    for raw in t.clients.values():
        _valid(raw)
    assert t.leaks == [], t.leaks[:2]
    # the others play on, and anyone can still join and read the players
    assert ann.closed is None and watcher.closed is None
    assert t.act(ann, A.Draw(1))["accepted"]
    late = t.join(name="late", seat=None)
    assert late.closed is None and late.messages("welcome")
    for p in late.last("welcome")["players"]:
        p["name"].encode("utf-8")
