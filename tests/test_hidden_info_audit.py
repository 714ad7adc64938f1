"""Adversarial audit: a cheating seat tries to learn hidden cards from everything the engine and the host send it.

The product rule: hidden information never leaves the engine for a seat that may not see it, in any enforcement mode.
Each test is one attack, played with the public APIs (Session.submit, views, logs, rule status, the sans-I/O host).
Every test is an attack that must fail; each of the ten leaks the audit first found is one of them, fixed since.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
import yaml

from tabletop.cards import default_library
from tabletop.core import actions as A
from tabletop.core.rng import Rng
from tabletop.core.session import Session
from tabletop.core.state import GameState, Piece, Player, Zone
from tabletop.core.view import LiveView, view, view_hash
from tabletop.game import new_session, quick_table, session_for
from tabletop.net.protocol import ClientProtocol, HostProtocol
from tabletop.rules import tragedy as T
from tabletop.rules import xfiles_ccg as XC
from tabletop.rules.xfiles_fan import actions as XF
from tabletop.store import parse_save

__all__: list[str] = []

LIB = default_library()


# ---------------------------------------------------------------------------------------------------- helpers


def zone_view(v: dict[str, Any], name: str) -> list[dict[str, Any]]:
    return next(z for z in v["zones"] if z["name"] == name)["pieces"]


def card_name(ref: str | None) -> str:
    return LIB.get(ref).name if ref else ""


def said(result: Any) -> str:
    """Everything a refused or accepted `Result` tells the submitting seat, as text."""
    return result.error + " " + json.dumps([v.to_dict() for v in result.violations])


def table(discard: int = 0, deck: int = 20, seed: int = 7) -> GameState:
    """Two seats, a shared hidden deck, a public discard pile (face up), hands and an open table."""
    s = GameState(players=[Player(0, "Ann"), Player(1, "Bob")], seed=seed)
    s.add_zone(Zone("table", layout="free", rect=(0, 0, 2000, 1500), kind="table"))
    s.add_zone(Zone("deck", visibility="hidden", layout="stack", face_up=False, kind="deck"))
    s.add_zone(Zone("discard", layout="stack", kind="discard"))
    for i in (0, 1):
        s.add_zone(Zone(f"hand:{i}", owner=i, visibility="owner", layout="fan", kind="hand"))
    refs = [c.ref for c in LIB.sets["standard"].cards.values()]
    for i in range(deck):
        s.add_piece(Piece(id=s.new_piece_id(), card=refs[i], zone="deck", face_up=False),
                    index=len(s.zones["deck"].pieces))
    for i in range(discard):
        s.add_piece(Piece(id=s.new_piece_id(), card=refs[deck + i], zone="discard", face_up=True),
                    index=len(s.zones["discard"].pieces))
    return s


class Wire:
    """A `HostProtocol` and its clients joined by lists of bytes; every frame each connection got is kept."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.host = HostProtocol(session, clock=lambda: 0.0)
        self.clients: dict[int, ClientProtocol] = {}
        self.frames: dict[int, list[bytes]] = {}
        self.closed: set[int] = set()

    def join(self, seat: int | str | None) -> tuple[int, ClientProtocol]:
        cid = self.host.connect()
        c = ClientProtocol(name=f"c{cid}", seat=seat)
        self.clients[cid] = c
        self.frames[cid] = []
        c.start()
        self.pump()
        return cid, c

    def drop(self, cid: int) -> None:
        self.host.disconnect(cid)
        self.closed.add(cid)
        self.clients[cid].connection_lost()

    def pump(self) -> None:
        for _ in range(200):
            moved = False
            for cid, c in self.clients.items():
                if cid in self.closed:
                    continue
                for data in c.data_to_send():
                    moved = True
                    self.host.receive_data(cid, data)
            for cid, data in self.host.data_to_send():
                moved = True
                if cid in self.closed:
                    continue
                self.frames[cid].append(data)
                self.clients[cid].receive_data(data)
            for cid, _reason in self.host.connections_to_close():
                moved = True
                self.closed.add(cid)
            if not moved:
                return
        raise AssertionError("the wire never settled")

    def send(self, c: ClientProtocol, action: A.Action) -> dict[str, Any]:
        cseq = c.submit(action)
        self.pump()
        return c.results[cseq]


def tragedy_position(mode: str = "strict") -> Session:
    return new_session("tragedy", 2, enforcement=mode, seed=5)


# ------------------------------------------------------------------------- existence oracles (attacks that fail)


def test_naming_a_hidden_piece_by_id_answers_like_a_piece_that_does_not_exist() -> None:
    """Real ids of cards in another hand or in the deck, a stale handle and a made-up id get the same answer."""
    s = Session(table())
    st = s.state
    assert s.submit(A.Draw(2, source="deck"), 1).accepted
    in_hand = st.zones["hand:1"].pieces[0]
    in_deck = st.zones["deck"].pieces[3]
    stale = zone_view(s.view(0), "deck")[0]["id"]
    assert s.submit(A.Shuffle("deck"), 1).accepted
    assert stale not in {p["id"] for p in zone_view(s.view(0), "deck")}
    answers = {}
    for name in (in_hand, in_deck, stale, "p999", "hffffffffffff"):
        for action in (A.Move((name,), "table", x=1, y=1), A.Flip((name,)), A.Reveal((name,)),
                       A.AddCounter("x", 1, piece=name)):
            r = s.submit(action, 0)
            assert not r.accepted
            answers.setdefault(type(action).__name__, set()).add((r.code, r.error.replace(repr(name), "NAME")))
    for kind, seen in answers.items():
        assert len(seen) == 1, (kind, seen)


def test_a_host_answers_probes_of_hidden_and_missing_ids_alike() -> None:
    w = Wire(Session(table()))
    _, cheat = w.join(0)
    _, other = w.join(1)
    assert w.send(other, A.Draw(1, source="deck"))["accepted"]
    st = w.session.state
    probes = [st.zones["hand:1"].pieces[0], st.zones["deck"].pieces[0], "p4242"]
    answers = {json.dumps({k: v for k, v in w.send(cheat, A.Flip((p,))).items() if k != "cseq"}).replace(p, "NAME")
               for p in probes}
    assert len(answers) == 1, answers


def test_another_seats_xfile_cannot_be_probed_with_a_rules_action() -> None:
    s = ccg_position()
    hx = zone_view(s.view(0), "xfile:1")[0]["id"]
    r = s.submit(XC.PlayCard(hx), 0)
    assert not r.accepted and r.code in ("forbidden", "unknown_piece")
    secret = s.state.pieces[s.state.zones["xfile:1"].pieces[0]]
    assert card_name(secret.card) not in said(r) and secret.card not in said(r)


def test_spectators_cannot_look_or_search() -> None:
    s = quick_table(3)
    for action in (A.LookTop("deck", 5), A.Search("deck"), A.Draw(1, source="deck")):
        r = s.submit(action, None)
        assert not r.accepted and r.code == "forbidden"
    assert all("card" not in p for p in zone_view(s.view(None), "deck"))


# --------------------------------------------------------------------------- views and hashes (attacks that fail)


def test_a_look_by_one_seat_changes_nothing_in_another_seats_view_or_hash() -> None:
    w = Wire(quick_table(4))
    _, looker = w.join(0)
    cid, watcher = w.join(1)
    before_view, before_hash = json.dumps(watcher.view, sort_keys=True), watcher.hash
    n = len(w.frames[cid])
    assert w.send(looker, A.LookTop("deck", 3))["accepted"]
    assert watcher.hash == before_hash
    assert json.dumps({k: v for k, v in watcher.view.items() if k != "seq"}, sort_keys=True) == json.dumps(
        {k: v for k, v in json.loads(before_view).items() if k != "seq"}, sort_keys=True)
    patches = [json.loads(f) for f in w.frames[cid][n:] if json.loads(f)["type"] == "patch"]
    assert patches and all("pieces" not in p and "zones" not in p for p in patches)


def test_a_seats_view_hash_depends_only_on_what_it_may_see() -> None:
    """Two tables that differ only in another seat's hidden cards give this seat equal views and equal hashes."""
    s = quick_table(5)
    assert s.submit(A.Draw(3, source="deck"), 0).accepted
    a = s.state
    b = a.copy()
    h0, h1 = b.zones["hand:0"].pieces[:2]
    b.pieces[h0].card, b.pieces[h1].card = b.pieces[h1].card, b.pieces[h0].card
    d0, d1 = b.zones["deck"].pieces[:2]
    b.pieces[d0].card, b.pieces[d1].card = b.pieces[d1].card, b.pieces[d0].card
    for seat in (1, None):
        assert view(a, seat) == view(b, seat)
        assert view_hash(view(a, seat)) == view_hash(view(b, seat))
        assert LiveView(a, seat).hash == LiveView(b, seat).hash
    assert view_hash(view(a, 0)) != view_hash(view(b, 0))


def test_a_card_drawn_then_put_back_cannot_be_followed_by_its_handle() -> None:
    s = Session(table())
    deck_before = {p["id"] for p in zone_view(s.view(1), "deck")}
    assert s.submit(A.Draw(1, source="deck"), 0).accepted
    in_hand = zone_view(s.view(1), "hand:0")[0]["id"]
    assert in_hand not in deck_before
    pid = s.state.zones["hand:0"].pieces[0]
    assert s.submit(A.Move((pid,), "deck", index=7), 0).accepted
    assert s.submit(A.Shuffle("deck"), 0).accepted
    after = {p["id"] for p in zone_view(s.view(1), "deck")}
    assert not after & (deck_before | {in_hand})


def test_every_frame_a_seat_or_spectator_gets_names_only_cards_it_has_seen() -> None:
    """Draws, looks, searches, face-down plays, reveals, shuffles and an undo vote, watched on the wire."""
    w = Wire(quick_table(6))
    _, ann = w.join(0)
    bob_cid, bob = w.join(1)
    spy_cid, _spy = w.join(None)
    st = w.session.state
    ever: dict[int, set[str]] = {bob_cid: set(), spy_cid: set()}
    seats = {bob_cid: 1, spy_cid: None}

    def check() -> None:
        for cid, seat in seats.items():
            for pid, piece in st.pieces.items():
                if piece.kind == "card" and st.can_see(piece, seat):
                    ever[cid].add(pid)
            text = b"".join(w.frames[cid]).decode()
            ids = set(re.findall(r'"(p\d+)"', text))
            for pid, piece in st.pieces.items():
                if piece.kind != "card" or pid in ever[cid]:
                    continue
                assert pid not in ids, f"connection {cid} got hidden id {pid}"
                assert piece.card not in text, f"connection {cid} got hidden card {piece.card}"
                assert card_name(piece.card) not in text, f"connection {cid} got the name of {piece.card}"

    check()
    for action in (A.Draw(3, source="deck"), A.LookTop("deck", 2), A.Search("deck"), A.EndSearch("deck"),
                   A.Shuffle("deck")):
        assert w.send(ann, action)["accepted"]
        check()
    mine = list(st.zones["hand:0"].pieces)
    for action in (A.Move((mine[0],), "table", x=400, y=300, face_up=False), A.Reveal((mine[1],), to=1),
                   A.Move((mine[2],), "deck", index=4), A.Move((mine[1],), "deck", index=2)):
        assert w.send(ann, action)["accepted"]
        check()
    assert w.send(ann, A.Draw(1, source="deck"))["accepted"]
    ann.undo()
    w.pump()
    check()


# ------------------------------------------------------------------------------------------- leaks: rule actions


def ccg_position(mode: str = "strict") -> Session:
    zones = {"field:0": ["harlow-creek"], "hand:1": ["overtime", "cold-trail"], "bureau:0": ["owen-marsh"],
             "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"], "deck:1": ["cold-trail", "ambush"]}
    doc = {"format": "tabletop-save", "version": 1, "ruleset": "xfiles-ccg", "enforcement": mode,
           "players": [{"seat": i, "name": n, "counters": {"rp": 5, "cp": 5}} for i, n in enumerate(["Randy", "Les"])],
           "rules": {**XC.XFilesCCG.fresh_rules(0), "step": "bluffs", "bluffer": 1},
           "zones": {z: [f"xfiles-ccg-sample/{c}" for c in cs] for z, cs in zones.items()}}
    s = session_for(parse_save(yaml.safe_dump(doc)).state)
    site = s.state.zones["field:0"].pieces[0]
    s.state.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    return s


PLAY = {
    "tragedy": lambda h: T.PlayCard(h, "Actor"),
    "xfiles-fan": lambda h: XF.PlayCard(h),
    "xfiles-ccg": lambda h: XC.PlayCard(h),
}


@pytest.mark.parametrize("ruleset", sorted(PLAY))
def test_probing_deck_handles_with_a_rules_action_names_nothing(ruleset: str) -> None:
    s = new_session(ruleset, 2, enforcement="strict", seed=5)
    st = s.state
    leaked = []
    for deck in ("deck:0", "deck:1"):
        for pv in zone_view(s.view(0), deck)[:5]:
            before = st.hash()
            r = s.submit(PLAY[ruleset](pv["id"]), 0)
            assert not r.accepted and st.hash() == before  # refused, so it can be repeated for free
            pid = st.resolve(pv["id"], 0)
            assert pid is not None and not st.can_see(st.pieces[pid], 0)
            if card_name(st.pieces[pid].card) in said(r):
                leaked.append(pv["id"])
    assert not leaked, f"{ruleset}: {len(leaked)} hidden cards named"


def test_a_cheating_client_reads_the_opponents_deck_through_refusals() -> None:
    w = Wire(tragedy_position())
    _, cheat = w.join(0)
    w.join(1)
    st = w.session.state
    handle = zone_view(cheat.view, "deck:1")[0]["id"]
    answer = w.send(cheat, T.PlayCard(handle, "Actor"))
    assert not answer["accepted"]
    secret = st.pieces[st.zones["deck:1"].pieces[0]]
    assert card_name(secret.card) not in json.dumps(answer)


def test_off_mode_rules_actions_on_deck_handles_name_nothing() -> None:
    s = tragedy_position("off")
    st = s.state
    d = zone_view(s.view(0), "deck:1")
    r = s.submit(T.Score(d[0]["id"], d[1]["id"]), 0)
    secret = [st.pieces[p] for p in st.zones["deck:1"].pieces[:2]]
    assert all(not st.can_see(p, 1) and not st.can_see(p, None) for p in secret)  # still hidden...
    for seat in (0, 1, None):
        text = json.dumps(s.log_for(seat)) + said(r)
        for p in secret:
            assert card_name(p.card) not in text  # ...but named to everyone


def test_warn_violations_do_not_name_the_passers_hand() -> None:
    s = new_session("xfiles-fan", 2, enforcement="warn", seed=3)
    st, rules = s.state, s.rules
    for _ in range(200):
        r = st.rules
        if r.get("phase") == "play" and not r.get("pending") and r.get("turn") is not None \
                and rules.playable(st, r["turn"]):
            break
        seat = rules.waiting_for(st)[0]
        s.submit(next(iter(rules.generate_actions(st, seat))), seat)
    seat = st.rules["turn"]
    assert s.submit(XF.Pass(), seat).accepted
    hand = [st.pieces[p] for p in st.zones[f"hand:{seat}"].pieces]
    public = {card_name(p.card) for p in st.pieces.values() if p.kind == "card" and st.can_see(p, None)}
    for other in (1 - seat, None):
        text = json.dumps(s.log_for(other)[-1])
        for p in hand:
            if card_name(p.card) not in public:
                assert card_name(p.card) not in text
            assert f'"{p.id}"' not in text


def test_violation_pieces_in_a_seats_log_are_handles() -> None:
    s = tragedy_position("warn")
    st = s.state
    # another seat's deck is that seat's alone (every mode); its owner flips a card inside it, unseen
    assert s.submit(A.Flip((zone_view(s.view(0), "deck:1")[0]["id"],)), 0).code == "forbidden"
    handle = zone_view(s.view(1), "deck:1")[0]["id"]
    pid = st.resolve(handle, 1)
    r = s.submit(A.Flip((handle,)), 1)
    assert r.accepted and r.violations
    assert not st.can_see(st.pieces[pid], 0)
    for seat in (0, 1, None):
        assert f'"{pid}"' not in json.dumps(s.log_for(seat))
    assert all(pid not in v.pieces for v in r.violations)


def test_a_face_down_bluff_cannot_be_peeked_at_in_strict() -> None:
    s = ccg_position("strict")
    st = s.state
    site = st.zones["field:0"].pieces[0]
    bluff = st.zones["hand:1"].pieces[0]
    r = s.submit(XC.PlaceBluff(bluff, site), 1)
    assert r.accepted, r.error
    assert not st.can_see(st.pieces[bluff], 0)
    for peek in (A.LookTop("field:0", 5), A.Search("field:0")):
        r = s.submit(peek, 0)
        assert not r.accepted or not st.can_see(st.pieces[bluff], 0), peek
        if r.accepted:
            s.undo()


# --------------------------------------------------------------------------------------------- leaks: the engine


def test_a_revealed_card_is_lost_track_of_when_its_deck_is_shuffled() -> None:
    s = quick_table(11)
    st = s.state
    assert s.submit(A.LookTop("deck", 1), 0).accepted
    top = st.zones["deck"].pieces[0]
    assert s.submit(A.Reveal((top,)), 0).accepted
    assert s.submit(A.Shuffle("deck"), 1).accepted
    for seat in (0, 1, None):
        assert all("card" not in p for p in zone_view(s.view(seat), "deck")), seat


def test_undo_cannot_be_used_to_read_the_next_shuffle() -> None:
    n = 8
    w = Wire(Session(table(discard=n, deck=0)))
    _, cheat = w.join(0)
    _, other = w.join(1)
    st = w.session.state
    known = [p["card"] for p in zone_view(cheat.view, "discard")]  # public: every card and its place
    dice = []
    for sides in range(n, 1, -1):
        assert w.send(cheat, A.CreatePiece(kind="die", zone="table", sides=sides, x=9, y=9))["accepted"]
        dice.append(zone_view(cheat.view, "table")[-1]["id"])
    assert w.send(cheat, A.Roll(tuple(dice)))["accepted"]
    faces = {p["id"]: p["value"] - 1 for p in zone_view(cheat.view, "table")}
    draws = [faces[d] for d in dice]
    for _ in range(len(dice) + 1):
        cseq = cheat.undo()
        w.pump()
        assert cheat.results[cseq]["accepted"], cheat.results[cseq]  # dice reveal no card: no vote
    # the other seat puts the discard back into the deck and shuffles it
    assert w.send(other, A.Move(tuple(st.zones["discard"].pieces), "deck", index=0))["accepted"]
    assert w.send(other, A.Shuffle("deck"))["accepted"]
    order = list(range(n))
    for i, j in zip(range(n - 1, 0, -1), draws, strict=True):
        order[i], order[j] = order[j], order[i]
    predicted = [known[i] for i in order]
    truth = [st.pieces[p].card for p in st.zones["deck"].pieces]
    assert predicted != truth, "the cheat knows the shuffled deck card by card"


def test_undo_of_a_draw_waits_for_a_disconnected_opponent() -> None:
    w = Wire(quick_table(8))
    _, cheat = w.join(0)
    bob, _ = w.join(1)
    w.drop(bob)
    assert w.send(cheat, A.Draw(3, source="deck"))["accepted"]
    cseq = cheat.undo()
    w.pump()
    assert not cheat.results[cseq]["accepted"], "undone without the other seat: the cheat knows the top 3 cards"


def test_a_known_seed_does_not_unmask_handles() -> None:
    seed = 1234
    s = quick_table(seed)
    v = s.view(1)
    secret = Rng(seed ^ 0x5EC2E7).token()
    guess = GameState(secret=secret)
    for i in range(1, s.state.next_id):
        guess.pieces[f"p{i}"] = Piece(id=f"p{i}")
    by_handle = {guess.handle(pid): pid for pid in guess.pieces}
    refs = [c.ref for c in LIB.sets["standard"].cards.values()]  # quick_table adds p1.. in set order
    top = zone_view(v, "deck")[0]["id"]
    named = by_handle.get(top)
    truth = s.state.pieces[s.state.zones["deck"].pieces[0]].card
    assert named is None or refs[int(named[1:]) - 1] != truth
