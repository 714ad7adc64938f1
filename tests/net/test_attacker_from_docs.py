"""An attacker's client written from docs/PROTOCOL.md alone (a generic RFC 6455 client, `ssl`, `hashlib`): it
checks the documented TLS pin, challenge and proof, and that the defences hold against it. Only the host under
test comes from tabletop."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import ssl
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from tabletop.game import quick_table
from tabletop.net.host import Host
from tabletop.net.tls import host_certificate

PASSWORD = "sesame street"


def _tls() -> ssl.SSLContext:
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE  # the docs: no authority, the fingerprint is checked instead
    return ctx


def _proof(challenge: str, password: str, binding: str) -> str:
    nonce, salt, iterations = challenge.split()
    key = hashlib.pbkdf2_hmac("sha256", password.encode(), bytes.fromhex(salt), int(iterations), 32)
    return hmac.new(key, f"tabletop-hello|{nonce}|{binding}".encode(), hashlib.sha256).hexdigest()


async def _hello(port: int, hello: dict, *, password: str | None = None, binding: str | None = None,
                 nonce_from: str | None = None) -> tuple[dict, str, str]:
    """Connect over TLS, answer the challenge as documented, send the hello; the first frame back, the
    fingerprint seen, and the challenge."""
    async with connect(f"wss://127.0.0.1:{port}", ssl=_tls(), compression=None) as ws:
        der = ws.transport.get_extra_info("ssl_object").getpeercert(binary_form=True)
        seen = hashlib.sha256(der).hexdigest()
        challenge = ws.response.headers["Tabletop-Challenge"]
        msg = dict(hello)
        if password is not None:
            bound = seen if binding is None else binding
            msg.update(binding=bound, proof=_proof(nonce_from or challenge, password, bound))
        await ws.send(json.dumps(msg))
        return json.loads(await asyncio.wait_for(ws.recv(), 10)), seen, challenge


def test_an_attacker_written_from_the_docs(tmp_path: Path) -> None:
    async def go() -> None:
        cert = host_certificate(folder=tmp_path)
        session = quick_table(seed=8)
        session.hosts = set()  # as `serve` leaves it: no host until the host token is shown
        h = Host(session, bind="127.0.0.1", port=0, password=PASSWORD, tls=cert, host_token="H" * 24)
        await h.start()
        try:
            base = {"type": "hello", "version": 2}
            welcome, seen, challenge = await _hello(h.port, {**base, "name": "ann"}, password=PASSWORD)
            assert seen == h.fingerprint  # the documented fingerprint: SHA-256 of the DER certificate
            assert welcome["type"] == "welcome" and welcome["seat"] == 0
            assert not any(p.get("host") for p in welcome["players"])  # first comer: a player, not the host
            # a captured proof replayed on a new connection (its own nonce) is refused
            refused, _, _ = await _hello(h.port, {**base, "seat": None}, password=PASSWORD, nonce_from=challenge)
            assert refused == {"type": "error", "code": "password", "message": "wrong password", "fatal": True}
            # a relay in the middle: the proof names its certificate, not the host's
            relay, _, _ = await _hello(h.port, {**base, "seat": None}, password=PASSWORD, binding="ab" * 32)
            assert relay["code"] == "password" and "another certificate" in relay["message"]
            # a lookalike of ann
            fake, _, _ = await _hello(h.port, {**base, "name": "\u0430nn"}, password=PASSWORD)
            assert fake["code"] == "bad_name"
            # the host token gives the dial to its seat
            owner, _, _ = await _hello(h.port, {**base, "name": "bob", "host_token": "H" * 24}, password=PASSWORD)
            assert owner["seat"] == 1 and [p.get("host", False) for p in owner["players"]] == [False, True]
            # guessing: after 5 wrong guesses (the relay proof counted too) even the right password is refused
            answers = []
            for guess in ("a", "b", "c", "d", "e"):
                wrong, _, _ = await _hello(h.port, {**base, "seat": None}, password=guess)
                answers.append(wrong["message"])
            right, _, _ = await _hello(h.port, {**base, "seat": None}, password=PASSWORD)
            assert right["code"] == "password" and right["message"].startswith("too many wrong guesses")
            # a web page
            with pytest.raises(InvalidStatus) as e:
                async with connect(f"wss://127.0.0.1:{h.port}", ssl=_tls(), origin="https://evil.example"):  # type: ignore[arg-type]
                    pass
            assert e.value.response.status_code == 403
            # plain ws:// to a TLS host gets nowhere
            with pytest.raises(Exception):  # noqa: B017 - whatever the transport says, no handshake
                async with connect(f"ws://127.0.0.1:{h.port}", open_timeout=5):
                    pass
        finally:
            await h.close()

    asyncio.run(asyncio.wait_for(go(), 120))
