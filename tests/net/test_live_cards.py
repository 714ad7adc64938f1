"""Live card edits at a host: each joined seat gets its view again, worked out with the new cards, hiding what it did."""

from __future__ import annotations

import json
import os
from pathlib import Path

from tabletop.cards import CardLibrary, DeckEntry, DeckList
from tabletop.cards.watch import CardWatcher
from tabletop.core import Session
from tabletop.core.view import view_hash
from tabletop.net.protocol import ClientProtocol, HostProtocol
from tabletop.rules.tragedy import Tragedy
from tests.net.pump import pump

SET = "set: demo\ntitle: Demo\ntragedy:\n  value_field: rank\n  by_type:\n    hero: {roles: [Actor, Act]}\n"
CARDS = ("cards:\n"
         "  - {id: secret, name: Secret, type: hero, rank: 5, text: Only Ann sees me.}\n"
         "  - {id: extra, name: Extra, type: hero, rank: 2}\n")


def _write(path: Path, text: str) -> None:
    """Rewrite a file as an editor does, making sure its stamp moves even within one clock tick."""
    before = path.stat().st_mtime_ns
    path.write_text(text)
    os.utime(path, ns=(before + 1_000_000_000, before + 1_000_000_000))


def _moves(client: ClientProtocol) -> list[dict]:
    return list((client.legal or {}).get("moves", []))


def test_a_host_sends_each_seat_its_view_again_after_a_card_edit_and_hides_what_it_hid(tmp_path: Path) -> None:
    demo = tmp_path / "cards" / "demo"
    demo.mkdir(parents=True)
    (demo / "set.yaml").write_text(SET)
    cards = demo / "cards.yaml"
    cards.write_text(CARDS)
    library = CardLibrary([tmp_path / "cards"])
    watcher = CardWatcher(library)
    ann = DeckList(name="a", sections={"star": [DeckEntry("demo/secret")]}, set="demo")
    ben = DeckList(name="b", sections={"star": [DeckEntry("demo/extra")]}, set="demo")
    rules = Tragedy({"first_player": 0}, library=library)
    state = rules.new_game(2, decks={0: ann, 1: ben}, library=library, seed=1, enforcement="strict")
    session = Session(state, rules)
    secret = state.zones["hand:0"].pieces[0]
    assert state.pieces[secret].card == "demo/secret"

    host = HostProtocol(session)
    clients: dict[int, ClientProtocol] = {}
    got: dict[int, list[bytes]] = {}
    for seat in (0, 1):
        cid = host.connect()
        clients[cid], got[cid] = ClientProtocol(name=f"s{seat}", seat=seat), []
        clients[cid].start()
        pump(host, clients, got)
    (a, ca), (b, cb) = clients.items()
    assert ca.seat == 0 and cb.seat == 1
    assert any(m.get("piece") == secret for m in _moves(ca))  # Ann may play her card as an Act
    for cid in got:
        got[cid].clear()

    _write(cards, CARDS.replace("rank: 5, ", ""))  # the card loses its Value: it cannot be played any more
    assert watcher.poll().reloaded == ["demo"]
    host.cards_changed()
    pump(host, clients, got)

    for cid, c in clients.items():
        frames = [json.loads(f) for f in got[cid]]
        assert [f["type"] for f in frames] == ["snapshot"], cid
        assert c.view_hash() == view_hash(session.view(c.seat))
    assert not any(m.get("piece") == secret for m in _moves(ca))  # the new card data reached the legal moves
    ben_bytes = b"".join(got[b])
    assert b"demo/secret" not in ben_bytes and secret.encode() not in ben_bytes  # Ann's hand stays hers
    assert b"demo/secret" in b"".join(got[a])
