"""LAN: the rules' own sentences call a seat by the name its player joined with, on the wire as in the window."""

from __future__ import annotations

from tabletop.game import new_session
from tabletop.net.protocol import ClientProtocol, HostProtocol
from tests.net.pump import pump


def test_a_joined_players_name_is_what_the_rules_call_the_seat() -> None:
    from tabletop.rules.tragedy import PassPriority

    session = new_session("tragedy", 2, enforcement="strict", seed=1)
    host = HostProtocol(session, clock=lambda: 0.0)
    clients: dict[int, ClientProtocol] = {}
    by_seat: dict[int, ClientProtocol] = {}
    for seat, name in ((0, "Ann"), (1, "Ben")):
        cid = host.connect()
        clients[cid] = by_seat[seat] = ClientProtocol(name=name, seat=seat)
        clients[cid].start()
        pump(host, clients)
    names = {0: "Ann", 1: "Ben"}
    for _ in range(3):
        holder = session.state.rules["priority"]
        by_seat[holder].submit(PassPriority())
        pump(host, clients)
        holder = session.state.rules["priority"]
        if holder is None:
            continue
        other = by_seat[1 - holder]
        prompt = str((other.view or {}).get("rules", {}).get("prompt", ""))
        assert f"{names[holder]} has priority" in prompt, prompt
        line = other.log[-1] if getattr(other, "log", None) else None
        assert line is None or "Seat 1" not in str(line.get("text", "")), line


def test_a_seat_already_at_the_table_reads_a_newcomers_name_at_once() -> None:
    """Ann joined first: her status said "Seat 2 has priority", and kept saying it until the next action after Ben
    joined (found by a newcomer's trial); Ben's join now sends her the status in his name, view hash and all."""
    from tabletop.core.view import view_hash

    session = new_session("tragedy", 2, enforcement="strict", seed=1)
    host = HostProtocol(session, clock=lambda: 0.0)
    clients: dict[int, ClientProtocol] = {}
    ann_id = host.connect()
    clients[ann_id] = ann = ClientProtocol(name="Ann", seat=0)
    ann.start()
    pump(host, clients)
    assert session.state.rules["priority"] == 1 and "Seat 2 has priority" in str(ann.view["rules"]["prompt"])
    ben_id = host.connect()
    clients[ben_id] = ben = ClientProtocol(name="Ben", seat=1)
    ben.start()
    pump(host, clients)
    assert "Ben has priority" in str(ann.view["rules"]["prompt"]), ann.view["rules"]["prompt"]
    assert ann.view_hash() == view_hash(session.view(0)) and ben.view_hash() == view_hash(session.view(1))



def test_a_name_given_at_a_join_starts_the_hosts_own_stream_again_log_and_all() -> None:
    """The host's window read "Seat 2 drew 1 card" after Bob took seat 2, while the guest read "Bob drew 1 card"
    (found retaking the docs' screenshots): a joined window gets a snapshot, and the host's own stream (the hosting
    window's, a bot seat's) now gets the whole view again too, with the log's lines to render in the new name."""
    from tabletop.core import actions as A
    from tabletop.core.stream import SeatStream
    from tabletop.game import quick_table

    session = quick_table(seed=3)
    host = HostProtocol(session, local_seats=(0,), clock=lambda: 0.0)
    mine = SeatStream(session, 0)  # what the hosting window reads
    assert session.submit(A.Draw(1, source="deck", to="hand:1"), 1).accepted
    assert [item.history for item in mine.take()] == [True, False]
    clients: dict[int, ClientProtocol] = {}
    cid = host.connect()
    clients[cid] = bob = ClientProtocol(name="Bob", seat=1)
    bob.start()
    pump(host, clients)
    items = mine.take()
    assert items and items[-1].history and items[-1].view is not None, "no whole view after the name changed"
    assert [line["seq"] for line in items[-1].log] == [line["seq"] for line in bob.log] == [1]
