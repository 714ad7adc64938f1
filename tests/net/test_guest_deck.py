"""A LAN guest brings its own deck: clients written from docs/PROTOCOL.md alone (a plain RFC 6455 client and
JSON), against a `Host` on loopback. The host judges the deck by its ruleset and cards, deals the table again
with it before play, tells the guest each problem, and the other seat and a spectator never read a card of it."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect

from tabletop.game import new_session, open_session
from tabletop.net.host import Host

SPADES_HEARTS = [f"{r}{s}" for s in "SH" for r in ("A", *map(str, range(2, 11)), "J", "Q", "K")]
#: the guest's cards: diamonds and clubs only, so a word of them in another seat's frames is a leak
GUEST = [f"standard/{r}{s}" for s in "DC" for r in ("A", *map(str, range(2, 11)), "J", "Q")]
GUEST_WORDS = re.compile(r"standard/(?:[AJQK]|10|[2-9])[DC]\b|of (?:Diamonds|Clubs)")


def _host_deck(tmp: Path) -> Path:
    path = tmp / "host.yaml"
    cards = "\n".join(f"    - {c}" for c in SPADES_HEARTS if c != "KS")
    path.write_text(f"name: Host deck\nset: standard\nsections:\n  star:\n    - KS\n  deck:\n{cards}\n")
    return path


def _guest_deck(extra: list[list[Any]] = ()) -> dict[str, Any]:  # type: ignore[assignment]
    return {"star": [["standard/KD", 1]], "deck": [[ref, 1] for ref in GUEST] + list(extra)}


def _session(tmp: Path, enforcement: str = "warn"):
    return new_session("tragedy", 2, decks={0: _host_deck(tmp)}, enforcement=enforcement, seed=5,
                       house_rules={"deck_min": 20})


class Peer:
    """One connection, keeping every frame it was sent."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws, self.frames = ws, []  # type: ignore[var-annotated]

    async def first(self) -> dict[str, Any]:
        return await self.next()

    async def next(self, timeout: float = 10) -> dict[str, Any]:
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        self.frames.append(raw)
        return json.loads(raw)

    async def drain(self, quiet: float = 0.3) -> list[dict[str, Any]]:
        out = []
        while True:
            try:
                out.append(await self.next(quiet))
            except TimeoutError:
                return out


async def _join(port: int, hello: dict[str, Any]) -> Peer:
    ws = await connect(f"ws://127.0.0.1:{port}", compression=None)
    await ws.send(json.dumps({"type": "hello", "version": 2, **hello}))
    return Peer(ws)


def _run(coro_fn, session, tmp: Path, autosave: bool = False):  # noqa: ANN001, ANN202
    async def go():  # noqa: ANN202
        host = Host(session, bind="127.0.0.1", port=0, autosave=tmp / "game.yaml" if autosave else None)
        await host.start()
        try:
            return await coro_fn(host)
        finally:
            await host.close()
    return asyncio.run(go())


def test_warn_deals_the_guest_deck_and_hides_it_from_the_others(tmp_path: Path) -> None:
    session = _session(tmp_path)
    deck = _guest_deck(extra=[["standard/2C", 1], ["nope/XX", 2]])  # a second Two of Clubs, a card the host lacks

    async def go(host: Host) -> None:
        bob = await _join(host.port, {"name": "bob", "seat": 0})
        assert (await bob.first())["type"] == "welcome"
        watcher = await _join(host.port, {"name": "eve", "seat": None})
        assert (await watcher.first())["type"] == "welcome"
        ann = await _join(host.port, {"name": "ann", "deck": deck})
        welcome = await ann.first()
        assert welcome["type"] == "welcome" and welcome["seat"] == 1
        hand = next(z for z in welcome["view"]["zones"] if z["name"] == "hand:1")
        assert hand["count"] == 7 and all(p["card"] in [*GUEST, "standard/KD"] for p in hand["pieces"])
        told = await ann.next()
        assert told["type"] == "error" and told["code"] == "deck_problems" and told["fatal"] is False
        messages = [p["message"] for p in told["problems"]]
        assert any("Two of Clubs" in m and p["rule"] == "0000.1.1.1" for m, p in zip(messages, told["problems"],
                                                                                     strict=True))
        assert any("nope/XX" in m for m in messages)
        start = welcome["log"][-1]
        assert "ann brought their own deck" in start["notes"][0]["text"]
        await bob.drain()
        await watcher.drain()
        for peer in (bob, watcher):
            text = "\n".join(peer.frames)
            assert not GUEST_WORDS.search(text), GUEST_WORDS.search(text)
            assert "nope/XX" not in text
        bob_log = [line for f in bob.frames for line in json.loads(f).get("log", [])]
        start = next(line for line in bob_log if line["action"]["type"] == "start" and line.get("violations"))
        assert {v["rule"] for v in start["violations"]} >= {"0000.1.1.1"}  # each problem logged with its rule
        for peer in (bob, watcher, ann):
            await peer.ws.close()

    _run(go, session, tmp_path, autosave=True)
    again = open_session(tmp_path / "game.yaml")  # the journal replays the deal: a file we wrote loads again
    assert again.state.canonical() == session.state.canonical()
    owned = sorted(p.card for p in session.state.pieces.values() if p.owner == 1)
    assert owned == sorted([*GUEST, "standard/2C", "standard/KD"])


def test_strict_refuses_an_illegal_deck_naming_each_problem_and_changes_nothing(tmp_path: Path) -> None:
    session = _session(tmp_path, "strict")
    before = session.state.canonical()

    async def go(host: Host) -> None:
        ann = await _join(host.port, {"name": "ann", "seat": 1, "deck": _guest_deck(extra=[["standard/2C", 1]])})
        refused = await ann.first()
        assert refused["type"] == "error" and refused["code"] == "deck" and refused["fatal"] is True
        assert [p["rule"] for p in refused["problems"]] == ["0000.1.1.1"]
        assert "Two of Clubs" in refused["problems"][0]["message"]
        assert session.state.canonical() == before and host.protocol is not None and not host.protocol.records
        # the seat is still free: a legal deck takes it
        ok = await _join(host.port, {"name": "ann", "seat": 1, "deck": _guest_deck()})
        assert (await ok.first())["seat"] == 1
        await ok.ws.close()

    _run(go, session, tmp_path)
    assert sorted(p.card for p in session.state.pieces.values() if p.owner == 1) == sorted([*GUEST, "standard/KD"])


def test_a_deck_after_the_game_started_is_refused(tmp_path: Path) -> None:
    session = _session(tmp_path)

    async def go(host: Host) -> None:
        bob = await _join(host.port, {"name": "bob", "seat": 0})
        await bob.first()
        await bob.ws.send(json.dumps({"type": "action", "cseq": 1, "action": {"type": "shuffle", "zone": "deck:0"}}))
        assert any(m["type"] == "result" and m["accepted"] for m in await bob.drain())
        before = session.state.canonical()
        ann = await _join(host.port, {"name": "ann", "seat": 1, "deck": _guest_deck()})
        refused = await ann.first()
        assert refused["code"] == "deck" and "the game has started" in refused["message"]
        assert session.state.canonical() == before
        plain = await _join(host.port, {"name": "ann"})  # without a deck the seat is there, as dealt
        assert (await plain.first())["seat"] == 1
        for peer in (bob, plain):
            await peer.ws.close()

    _run(go, session, tmp_path)


@pytest.mark.parametrize(("deck", "words"), [
    ({"deck": [["standard/2C", 1]] * 501}, "more than 500 entries"),
    ({"deck": [["standard/2C", 99]] * 11}, "more than 1000 cards"),
    ({"deck": [["2C", 1]]}, "hello.deck.deck[0]: a card is named by its 'set/ID' ref"),
    ({"deck": [["standard/2C", "3"]]}, "hello.deck.deck[0]: the count is a whole number"),
    ({"deck": [["standard/2C", 0]]}, "the count is a whole number"),
    ({"deck": [["standard/2C"]]}, "expected a [card, count] pair"),
    ({"deck": "standard/2C"}, "hello.deck.deck: expected a list"),
    ({"hand": [["standard/2C", 1]]}, "not a section of this game's decks"),
    ({}, "holds no section"),
])
def test_hostile_decks_get_a_clear_error_and_change_nothing(tmp_path: Path, deck: dict, words: str) -> None:
    session = _session(tmp_path)
    before = session.state.canonical()

    async def go(host: Host) -> None:
        ann = await _join(host.port, {"name": "ann", "deck": deck})
        refused = await ann.first()
        assert refused["type"] == "error" and refused["code"] == "bad_deck" and refused["fatal"] is True
        assert words in refused["message"]
        assert host.protocol is not None and not host.protocol.records  # no seat was claimed

    _run(go, session, tmp_path)
    assert session.state.canonical() == before and len(session.history) == 0


def test_wrong_types_and_decks_the_host_cannot_deal(tmp_path: Path) -> None:
    session = _session(tmp_path)
    before = session.state.canonical()

    async def go(host: Host) -> None:
        listed = await _join(host.port, {"name": "ann", "deck": [["standard/2C", 1]]})
        with pytest.raises(Exception):  # noqa: B017, PT011 - the schema closes it: a list is no deck
            await listed.first()
        assert listed.ws.close_code == 1008 and "hello.deck: list is not allowed here" in listed.ws.close_reason
        watcher = await _join(host.port, {"name": "eve", "seat": None, "deck": _guest_deck()})
        assert (await watcher.first())["message"] == "hello.deck: a spectator brings no deck"

    _run(go, session, tmp_path)
    assert session.state.canonical() == before


def test_a_game_opened_from_a_save_keeps_its_decks(tmp_path: Path) -> None:
    from tabletop.store import save_game

    save_game(_session(tmp_path), tmp_path / "saved.yaml")
    session = open_session(tmp_path / "saved.yaml")

    async def go(host: Host) -> None:
        ann = await _join(host.port, {"name": "ann", "deck": _guest_deck()})
        refused = await ann.first()
        assert refused["code"] == "deck" and "opened from a save" in refused["message"]

    _run(go, session, tmp_path)


SAMPLES = {
    "xfiles-ccg": ("cards/xfiles-ccg-sample/decks/les.yaml", "cards/xfiles-ccg-sample/decks/randy.yaml"),
    "xfiles-fan": ("cards/xfiles-fan-sample/decks/agents.yaml", "cards/xfiles-fan-sample/decks/conspiracy.yaml"),
}


@pytest.mark.parametrize("ruleset", sorted(SAMPLES))
def test_each_rulesets_sections_are_dealt_from_the_guest_deck(ruleset: str) -> None:
    """Sans I/O, the frames as the docs spell them: the X-Files CCG's Team, Bureau Deck and X-File, the Fan's
    environment and covers, dealt from the guest's own deck; nothing but what the rules show reaches the host's
    seat; the table saves and loads again."""
    from tabletop.cards import default_library, load_deck
    from tabletop.net.guestdeck import hello_deck
    from tabletop.net.protocol import HostProtocol
    from tabletop.store import save_game

    mine, theirs = SAMPLES[ruleset]
    session = new_session(ruleset, 2, decks={0: mine}, enforcement="warn", seed=3)
    host = HostProtocol(session, local_seats=(0,))
    deck = load_deck(theirs, default_library())
    cid = host.connect()
    host.receive_data(cid, json.dumps({"type": "hello", "version": 2, "name": "ann", "deck": hello_deck(deck)}))
    sent = [json.loads(d) for c, d in host.data_to_send() if c == cid]
    assert sent[0]["type"] == "welcome" and sent[0]["seat"] == 1, sent[0]
    def owned(s, seat: int = 1) -> list[str]:  # noqa: ANN001
        return sorted(p.card for p in s.state.pieces.values() if p.owner == seat and p.kind == "card")

    local = new_session(ruleset, 2, decks={0: mine, 1: theirs}, enforcement="warn", seed=3)
    assert owned(session) == owned(local) and owned(session, 0) == owned(local, 0)  # as a local game deals them
    assert {z: len(p) for z, p in ((n, z.pieces) for n, z in session.state.zones.items())} == \
           {z: len(p) for z, p in ((n, z.pieces) for n, z in local.state.zones.items())}
    dealt = owned(session)
    # the host's seat reads the guest's cards only where the rules show them face up
    host_view = session.view(0)
    shown = {p.get("card") for z in host_view["zones"] for p in z["pieces"]}
    secret = {r for r in dealt if r not in shown} - {p.card for p in session.state.pieces.values() if p.owner == 0}
    words = json.dumps(host_view) + json.dumps([e.for_seat(0) for e in session.history])
    assert not [r for r in secret if r in words]
    path = Path(__file__).parent / f".guest-{ruleset}.yaml"
    try:
        save_game(session, path)
        assert open_session(path).state.canonical() == session.state.canonical()
    finally:
        path.unlink(missing_ok=True)


def test_a_ruleset_that_cannot_deal_the_deck_leaves_the_table_as_it_was(tmp_path: Path, monkeypatch) -> None:
    """A ruleset bug while dealing costs the guest its deck, never the table: refused, nothing changed."""
    from tabletop.net.protocol import HostProtocol

    session = _session(tmp_path)
    before = session.state.canonical()

    def broken(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        raise KeyError("star")

    monkeypatch.setattr(session.rules, "new_game", broken)
    host = HostProtocol(session)
    cid = host.connect()
    host.receive_data(cid, json.dumps({"type": "hello", "version": 2, "name": "ann", "seat": 1,
                                       "deck": _guest_deck()}))
    sent = [json.loads(d) for c, d in host.data_to_send() if c == cid]
    assert sent == [{"type": "error", "code": "deck", "fatal": True,
                     "message": "the host could not deal your deck: KeyError"}]
    assert session.state.canonical() == before and not host.records and len(session.history) == 0
