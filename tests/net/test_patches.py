"""A late joiner takes the welcome with the host's zone digests: no re-encoding, and still checked."""

from __future__ import annotations

import json

import pytest

from tabletop.core import actions as A
from tabletop.core.stream import SeatStream
from tabletop.core.view import LiveView, view_hash
from tabletop.game import quick_table
from tabletop.net.patches import PatchedView


def test_a_welcome_is_taken_with_the_hosts_digests_and_checked_once_a_patch_touches_a_zone():
    session = quick_table(seed=4)
    live = LiveView(session.state, 0, session.rules)  # the host's view of the seat, hashed
    stream = SeatStream(session, 0)
    view = stream.take()[0].view
    digests = [z.digest for z in live.zones.values()]
    pv = PatchedView(json.loads(json.dumps(view)), digests)
    assert pv.hash == view_hash(view)
    with pytest.raises(ValueError):
        PatchedView(view, digests[:-1])
    # a view that does not match the digests it came with (a piece changed on the way) is caught as soon as a
    # patch touches its zone: the client rehashes that zone from its pieces and disagrees with the host
    bent = json.loads(json.dumps(view))
    table = next(z for z in bent["zones"] if z["name"] == "table")
    table["pieces"][-1]["x"] = 12345.0
    client = PatchedView(bent, digests)
    assert client.hash == live.hash  # taken on trust, not re-encoded
    entry_events = []
    session.listeners.append(lambda kind, entry: entry_events.append(entry.events))
    session.submit(A.Move((session.state.zones["table"].pieces[0],), "table", x=10.0, y=10.0), 0)
    live.update(entry_events[-1])
    item = stream.take()[0]
    client.apply({**item.patch, "seq": item.seq})
    assert client.hash != live.hash
    good = PatchedView(json.loads(json.dumps(view)), digests)
    good.apply({**item.patch, "seq": item.seq})
    assert good.hash == live.hash


def test_a_welcome_view_is_indexed_on_first_use_and_a_malformed_one_is_refused_at_once():
    session = quick_table(seed=4)
    view = SeatStream(session, 0).take()[0].view
    pv = PatchedView(json.loads(json.dumps(view)), [z.digest for z in LiveView(session.state, 0).zones.values()])
    assert pv._index is None  # taking the welcome did not walk its pieces
    want = {p["id"]: z["name"] for z in view["zones"] for p in z["pieces"]}
    assert pv.where == want
    assert pv.names == {z["name"]: [p["id"] for p in z["pieces"]] for z in view["zones"]}
    assert set(pv.pieces) == set(want)
    for broken, why in (({"zones": {}}, "not a list"), ({"zones": [{"name": "t", "pieces": {}}]}, "named list"),
                        ({"zones": [{"name": "t", "pieces": [1]}]}, "not an object"),
                        ({"zones": [{"name": "t", "pieces": []}, {"name": "t", "pieces": []}]}, "same name")):
        with pytest.raises((TypeError, ValueError), match=why):
            PatchedView({**view, **broken})
