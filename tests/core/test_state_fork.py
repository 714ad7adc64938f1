"""`GameState.fork`: the light copy search playouts use is the same table, and changing it leaves the original."""

from __future__ import annotations

from tabletop.core.state import EVERYONE, GameState, Piece, Player, Zone
from tabletop.core.tx import Tx


def _table() -> GameState:
    s = GameState(ruleset="freeform", players=[Player(0, "A", {"score": 3}), Player(1, "B")], seed=7)
    s.add_zone(Zone("table", None, "public", "free"))
    s.add_zone(Zone("hand:0", 0, "owner", "fan", kind="hand"))
    s.add_zone(Zone("deck:0", 0, "hidden", "stack", kind="deck"))
    s.add_piece(Piece("p1", card="s/a", zone="hand:0", owner=0, counters={"dmg": 1}, known=frozenset({0})))
    s.add_piece(Piece("p2", card="s/b", zone="deck:0", owner=0, face_up=False))
    s.add_piece(Piece("p3", card="s/c", zone="table", known=frozenset({EVERYONE})))
    s.add_piece(Piece("p4", card="s/d", zone="table", attached_to="p3"))
    s.rules = {"turn": 2, "stack": [{"piece": "p3"}]}
    return s


def test_a_fork_is_the_same_table() -> None:
    s = _table()
    s.handle("p2")
    f = s.fork()
    assert f.to_dict() == s.to_dict() and f.canonical() == s.canonical()
    assert f.attached("p3") == ["p4"] and f.handle("p2") == s.handle("p2")


def test_changing_a_fork_leaves_the_original_as_it_was() -> None:
    s = _table()
    before = s.to_dict()
    f = s.fork()
    tx = Tx(f)
    tx.move("p2", "hand:0", by=0)
    tx.change("p1", counters={"dmg": 5})
    tx.change("p4", attached_to=None)
    tx.set_rule("turn", 3)
    tx.set_rule("stack", [])
    tx.add_player_counter(0, "score", 4)
    tx.shuffle("hand:0")
    f.own("p3").counters["x"] = 1  # even a change in place, of the piece `own` gives to write
    assert s.to_dict() == before and s.attached("p3") == ["p4"]
    assert f.to_dict() != before


def test_changing_the_original_leaves_a_fork_as_it_was() -> None:
    s = _table()
    f = s.fork()
    before = f.to_dict()
    tx = Tx(s)
    tx.move("p2", "hand:0", by=0)
    tx.change("p1", counters={"dmg": 5})
    tx.change("p4", attached_to=None)
    s.own("p3").card = "s/e"
    g = f.fork()  # a fork of a fork: the three tables share what none wrote
    Tx(g).move("p1", "table", by=0)
    assert f.to_dict() == before and f.attached("p3") == ["p4"]
    assert s.pieces["p3"].card == "s/e" and g.pieces["p1"].zone == "table" and f.pieces["p1"].zone == "hand:0"


def test_a_fork_shares_its_pieces_until_one_is_written() -> None:
    s = _table()
    f = s.fork()
    assert all(f.pieces[p] is s.pieces[p] for p in s.pieces)  # the copy costs a dict, not a piece each
    Tx(f).change("p1", face_up=False)
    assert f.pieces["p1"] is not s.pieces["p1"] and s.pieces["p1"].face_up
    assert f.own("p1") is f.pieces["p1"]  # written once: the fork's own from then on
    assert s.own("p2") is not f.pieces["p2"]  # the original copies too before it writes a shared piece


def test_a_loaded_table_names_each_piece_and_zone_with_one_string() -> None:
    import json

    d = json.loads(json.dumps(_table().to_dict()))  # every name a string of its own, as a file reads
    s = GameState.from_dict(d)
    assert s.to_dict() == d
    keys = {k: k for k in s.pieces}
    for zone in s.zones.values():
        assert all(pid is keys[pid] for pid in zone.pieces)  # found by identity
    assert all(s.zones[p.zone].name is p.zone for p in s.pieces.values())
    assert s.pieces["p4"].attached_to is keys["p3"]
    assert s.rules == d["rules"] and s.rules is not d["rules"]  # the table's own rule state
