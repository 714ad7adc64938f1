"""The cheap late join: the hello rides on the opening handshake, and a welcome is parsed without per-number hooks
when no number in it could be read differently; both keep every check the slow path had."""

from __future__ import annotations

import asyncio
import contextlib
import json

from hypothesis import given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tabletop.core import actions as A
from tabletop.game import quick_table
from tabletop.net.client import Client
from tabletop.net.errors import BadFrame
from tabletop.net.host import HELLO_HEADER, Host
from tabletop.net.messages import (
    CLIENT_MESSAGES,
    HOST_MESSAGES,
    PROTOCOL_VERSION,
    Limits,
    _plain_ints,
    decode,
)
from tabletop.net.protocol import ClientProtocol, HostProtocol

T = 10.0


def _checked(data: bytes) -> object:
    """The slow path alone: what `decode` must agree with."""
    from tabletop.net.messages import _finite, _no_constant, _safe_int

    return json.loads(data.decode(), parse_constant=_no_constant, parse_float=_finite, parse_int=_safe_int)


RAW = ["1e999", "-1e400", "1E+308", "9007199254740993", "12345678901234567.5", "1e-400", "NaN", "Infinity",
       "-Infinity", "0.30000000000000004", "123456789012345678901234567890", "1" * 400 + ".5"]
#: number literals as a host might spell them (and as a hostile one might), and strings that look like numbers
ITEMS = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    st.floats(allow_nan=False, allow_infinity=False).map(json.dumps),
    st.sampled_from(RAW),
    st.text(alphabet="0123456789abcdefEe.+-: ,[NaI", max_size=40).map(json.dumps),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(ITEMS, max_size=6))
def test_the_fast_parse_reads_every_frame_as_the_checked_one(items: list[str]) -> None:
    data = ('{"type":"pong","t":1,"x":[' + ",".join(items) + "]}").encode()
    try:
        slow: object = _checked(data)
    except ValueError:
        slow = "refused"
    try:
        fast: object = decode(data, {"pong": {"t": ((int, float), False), "x": ((list,), False)}})
    except BadFrame:
        fast = "refused"
    assert fast == slow


def test_out_of_range_numbers_are_still_refused_beside_hex_that_looks_like_them() -> None:
    hexy = '"digests":["e2d482c384e937c3c94322ff665ad035","1234567890123456789a"]'
    assert _plain_ints(('{"type":"x",' + hexy + "}").encode())
    for bad in ("1e999", "-1E400", "9007199254740993", "-12345678901234567890", "1" * 400 + ".5", "NaN",
                "-Infinity"):
        frame = ('{"type":"ping","t":' + bad + "," + hexy.replace('"digests"', '"d"') + "}").encode()
        # a whole number out of range sends the frame to the checked parse; the others are checked as parsed
        assert _plain_ints(frame) == (not bad.lstrip("-").isdigit())
        try:
            decode(frame, {"ping": {"t": ((int, float), False), "d": ((list,), False)}})
        except BadFrame as e:
            assert e.code == "bad_json"
        else:  # pragma: no cover - the assertion names the frame
            raise AssertionError(f"{bad} was accepted")


def test_a_welcome_parses_on_the_fast_path_and_checks_its_hash() -> None:
    session = quick_table(seed=5)
    host = HostProtocol(session)
    for i in range(20):
        session.submit(A.Chat(f"line {i}"), i % 2)
    cid = host.connect()
    host.receive_data(cid, json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "seat": None}))
    welcome = next(d for c, d in host.data_to_send() if c == cid)
    assert _plain_ints(welcome)
    client = ClientProtocol(seat=None)
    client.start()
    client.receive_data(welcome)
    assert client.welcomed and client.desyncs == 0 and client.hash == client.view_hash()
    assert len(client.log) == 20 and all("violations" in line and "notes" in line for line in client.log)


def test_joins_in_a_row_reuse_the_welcome_until_the_table_changes() -> None:
    session = quick_table(seed=6)
    host = HostProtocol(session)

    def join() -> dict:
        cid = host.connect()
        host.receive_data(cid, json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "seat": None}))
        return json.loads(next(d for c, d in host.data_to_send() if c == cid))

    a, b = join(), join()
    assert a["view"] == b["view"] and a["spectators"] + 1 == b["spectators"]
    session.submit(A.Chat("hi"), 0)
    c = join()
    assert c["seq"] == a["seq"] + 1 and c["log"][-1]["seq"] == c["seq"] and c["view"] != a["view"]


def test_the_hello_rides_on_the_handshake_and_an_old_style_hello_still_works() -> None:
    async def go() -> None:
        session = quick_table(seed=3)
        host = Host(session, bind="127.0.0.1", port=0, limits=Limits())
        await host.start()
        try:
            # our client: the host takes the hello from the handshake, and the client sends no hello frame
            client = Client("127.0.0.1", host.port, name="ann", seat=0, reconnect=False, record=True)
            await client.connect(T)
            assert client.seat == 0 and client.protocol.hash == client.protocol.view_hash()
            assert b'"type":"hello"' not in b"".join(client.protocol.data_to_send())
            await client.act(A.Chat("hi"))
            url = f"ws://127.0.0.1:{host.port}"
            hello = json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "seat": None})
            # a client from docs/PROTOCOL.md that knows nothing of the header: hello as a frame
            async with connect(url) as ws:
                assert ws.response.headers.get(HELLO_HEADER) is None
                await ws.send(hello)
                assert json.loads(await asyncio.wait_for(ws.recv(), T))["type"] == "welcome"
            # a raw client with the header: the welcome comes without a frame from it
            async with connect(url, additional_headers={HELLO_HEADER: hello}) as ws:
                assert ws.response.headers.get(HELLO_HEADER) == "taken"
                welcome = json.loads(await asyncio.wait_for(ws.recv(), T))
                assert welcome["type"] == "welcome" and welcome["seat"] is None
                # a second hello (a frame now) is refused as for any client
                await ws.send(hello)
                with contextlib.suppress(ConnectionClosed):
                    for _ in range(10):
                        await asyncio.wait_for(ws.recv(), T)
                assert ws.close_code == 1008 and "twice" in (ws.close_reason or "")
            # a broken hello in the header gets the same refusal a broken hello frame gets
            async with connect(url, additional_headers={HELLO_HEADER: '{"type":"hello","version":1}'}) as ws:
                msg = json.loads(await asyncio.wait_for(ws.recv(), T))
                assert msg["type"] == "error" and msg["code"] == "version"
            await client.close()
        finally:
            await host.close()

    asyncio.run(go())


def test_the_hello_header_is_the_hello_message() -> None:
    p = ClientProtocol(name="Zoë", seat=1, password="pw")
    p.start()
    header = p.hello_header()
    assert header.isascii()
    assert decode(header, CLIENT_MESSAGES) == json.loads(p.data_to_send()[0])
    p.start()
    p.hello_taken()
    assert p.data_to_send() == []
    assert "welcome" in HOST_MESSAGES
