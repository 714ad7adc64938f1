"""Who may come in, without sockets: password proofs, guesses per address, host tokens, names, invite codes."""

from __future__ import annotations

import pytest

from tabletop.game import quick_table
from tabletop.net.auth import HostAuth, Peer, RequestCheck, make_proof, password_key
from tabletop.net.errors import NetError
from tabletop.net.invite import make_invite, parse_target
from tabletop.net.names import name_problem, skeleton
from tabletop.net.protocol import ClientProtocol, HostProtocol
from tabletop.net.seats import new_token

FP = "ab" * 32


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def _proof(auth: HostAuth, password: str, nonce: str, binding: str = "") -> str:
    return make_proof(password_key(password, auth.salt, auth.iterations), nonce, binding)


def test_a_proof_is_good_for_its_own_challenge_only() -> None:
    auth = HostAuth("sesame")
    peer = Peer("192.0.2.1", "n1", loopback=False)
    good = {"version": 2, "proof": _proof(auth, "sesame", "n1"), "binding": ""}
    assert auth.check(good, peer) is None
    assert auth.check(good, Peer("192.0.2.1", "n2"))[0] == "password"  # replayed on another connection
    assert auth.check({"version": 2, "proof": _proof(auth, "nope", "n3")}, Peer("192.0.2.1", "n3"))[0] == "password"


def test_a_proof_is_bound_to_the_hosts_certificate() -> None:
    auth = HostAuth("sesame", bindings=[FP])
    peer = Peer("192.0.2.1", "n1")
    assert auth.check({"proof": _proof(auth, "sesame", "n1", FP), "binding": FP}, peer) is None
    relay = "cd" * 32  # a relay in the middle shows its own certificate: the proof names it, the host refuses
    problem = auth.check({"proof": _proof(auth, "sesame", "n1", relay), "binding": relay}, peer)
    assert problem is not None and "another certificate" in problem[1]


def test_the_password_itself_is_taken_from_this_machine_only() -> None:
    auth = HostAuth("sesame")
    assert auth.check({"password": "sesame"}, Peer("127.0.0.1", "n", loopback=True)) is None
    problem = auth.check({"password": "sesame"}, Peer("192.0.2.1", "n", loopback=False))
    assert problem is not None and "proof" in problem[1]
    assert auth.check({}, Peer("192.0.2.1", "n"))[1] == "this game has a password"


def test_guessing_is_slowed_per_address() -> None:
    clock = Clock()
    auth = HostAuth("sesame", clock=clock)
    wrong = {"password": "x"}
    me, other = Peer("127.0.0.1", loopback=True), Peer("127.0.0.2", loopback=True)
    answers = [auth.check(wrong, me)[1] for _ in range(8)]
    assert answers[:5] == ["wrong password"] * 5
    assert all(a.startswith("too many wrong guesses from 127.0.0.1") for a in answers[5:])
    # while the address waits, even the right password is refused: no guess is answered
    assert auth.check({"password": "sesame"}, me)[1].startswith("too many")
    assert auth.check({"password": "sesame"}, other) is None  # another address is not slowed
    clock.t += 3.5  # one more try earned
    assert auth.check({"password": "sesame"}, me) is None


def test_a_wrong_host_token_counts_as_a_guess() -> None:
    auth = HostAuth(host_token="t" * 24)
    peer = Peer("192.0.2.9")
    assert auth.check({"host_token": "t" * 24}, peer) is None
    for _ in range(5):
        assert auth.check({"host_token": "u" * 24}, peer) == ("host_token", "wrong host token")
    assert auth.check({"host_token": "t" * 24}, peer)[1].startswith("too many")


def _join(host: HostProtocol, **kwargs: object) -> tuple[int, ClientProtocol, list[bytes]]:
    cid = host.connect(peer=Peer("192.0.2.5", "nonce", loopback=False))
    c = ClientProtocol(**kwargs)  # type: ignore[arg-type]
    c.start()
    assert c.challenge(host.auth.challenge("nonce"), "", False) == ""
    for data in c.data_to_send():
        host.receive_data(cid, data)
    frames = [d for k, d in host.data_to_send() if k == cid]
    for d in frames:
        c.receive_data(d)
    return cid, c, frames


def test_a_serve_game_gives_host_rights_to_the_host_token_not_the_first_comer() -> None:
    session = quick_table(seed=2)
    session.hosts = set()  # `serve`: no seat is host until the token is shown
    token = new_token()
    host = HostProtocol(session, auth=HostAuth(host_token=token))
    _, first, _ = _join(host, name="mallory")
    assert first.seat == 0 and not any(p.get("host") for p in first.players)
    from tabletop.core import actions as A

    assert not host.submit_local(A.SetEnforcement("strict"), 0).accepted
    cid, second, frames = _join(host, name="ann", host_token=token)
    assert second.seat == 1  # the token gives rights, not a seat: the next free one
    assert [p.get("host", False) for p in second.players] == [False, True]
    assert host.records[1].host and 1 in session.hosts
    _, third, _ = _join(host, seat=None, host_token="x" * 24)
    assert not third.welcomed


@pytest.mark.parametrize("name", ["a\u200db", "\u200d", " ann", "ann ", "a  b", "\u202eann", "a\u0000", "\u0301",
                                  "x" * 41])
def test_names_that_hide_or_forge_are_refused(name: str) -> None:
    assert name_problem(name) is not None


def test_lookalike_names_are_refused_beside_the_table() -> None:
    assert name_problem("ann") is None and name_problem("") is None and name_problem("Zoë") is None
    for fake in ("аnn", "ANN", "Ann", "a n n", "ann.", "ａｎｎ"):  # Cyrillic a, case, spaces, punctuation, full width
        assert name_problem(fake, ["ann"]) is not None, fake
    assert skeleton("rnallory") == skeleton("mallory") and skeleton("B0b") == skeleton("bob")
    assert name_problem("Seat 2", ["Seat 2"]) is not None
    assert name_problem("bob", ["ann"]) is None


def test_a_lookalike_cannot_join_beside_its_model() -> None:
    host = HostProtocol(quick_table(seed=2))
    _, ann, _ = _join(host, name="ann", seat=0)
    assert ann.welcomed
    _, fake, frames = _join(host, name="аnn")
    assert not fake.welcomed and b"bad_name" in frames[0] and b"looks like" in frames[0]
    assert 1 not in host.records  # the seat it tried is free again
    _, bob, _ = _join(host, name="bob")
    assert bob.seat == 1


def test_invite_codes_round_trip() -> None:
    code = make_invite("192.168.1.20", 7531, FP.upper(), "p&ss word")
    assert code.startswith("tabletop://192.168.1.20:7531?fp=" + FP)
    t = parse_target(code)
    assert (t.host, t.port, t.tls, t.fingerprint, t.password) == ("192.168.1.20", 7531, True, FP, "p&ss word")
    assert parse_target("  " + make_invite("fe80::1", 9, FP) + " \n").host == "fe80::1"
    assert parse_target("192.168.1.20").tls and parse_target("example.org:9000").port == 9000
    assert not parse_target("127.0.0.1:7000").tls and not parse_target("ws://localhost").tls
    assert parse_target("wss://127.0.0.1").tls
    assert make_invite("127.0.0.1", 7000, None) == "ws://127.0.0.1:7000"


@pytest.mark.parametrize("bad", ["", "ws://192.168.1.20", "http://x", "tabletop://h:7531?fp=123", "h:99999",
                                 "h:port", "ws://127.0.0.1?fp=" + FP])
def test_bad_addresses_say_what_is_wrong(bad: str) -> None:
    with pytest.raises(NetError):
        parse_target(bad)


class Headers(dict):
    def get_all(self, key: str) -> list[str]:
        return [self[key]] if key in self else []


def test_the_handshake_must_name_this_machine_and_come_from_no_page() -> None:
    check = RequestCheck(public_hosts=["games.example.org"], trusted_proxies=["10.0.0.0/8"])
    assert check.refusal(Headers(Host="127.0.0.1:7531"), None) is None
    assert check.refusal(Headers(Host="[::1]:7531"), None) is None
    assert check.refusal(Headers(Host="den.local"), None) is None
    assert check.refusal(Headers(Host="games.example.org:443"), None) is None
    assert check.refusal(Headers(Host="192.0.2.44:7531"), "192.0.2.44") is None  # the address it was reached at
    assert "Origin" in check.refusal(Headers(Host="127.0.0.1", Origin="http://127.0.0.1:8000"), None)
    assert "evil.example" in check.refusal(Headers(Host="evil.example:7531"), None)
    assert check.refusal(Headers(Host="203.0.113.9:7531"), None) is None  # a router's public address (NAT)
    assert check.peer("10.1.2.3", Headers({"X-Forwarded-For": "198.51.100.7, 10.0.0.2"})) == "198.51.100.7"
    assert check.peer("192.0.2.1", Headers({"X-Forwarded-For": "198.51.100.7"})) == "192.0.2.1"  # not a proxy


def test_a_window_never_shows_the_password_of_a_code() -> None:
    from tabletop.net.invite import shown_address

    assert shown_address(make_invite("10.0.0.1", 7531, FP, "hunter2")) == "10.0.0.1:7531"
    assert shown_address("[::1]:9000") == "[::1]:9000"
    assert "hunter2" not in shown_address("ws://10.0.0.1:1?pw=hunter2")  # refused as an address, still hidden
