"""Wire messages: JSON objects with a `type`, checked against a small schema before anything acts on them.

Every frame is one UTF-8 JSON object. `decode` enforces the caps (frame size, JSON depth) and the schema of the
messages the receiving side accepts; anything wrong raises `BadFrame` with a reason fit to send back as the close
reason. See docs/PROTOCOL.md for every message with an example.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .errors import BadFrame

try:  # a declared dependency; the standard library's parser stands in where it is missing
    import orjson as _orjson
except ImportError:  # pragma: no cover - installed with tabletop
    _orjson = None

__all__ = [
    "CLIENT_MESSAGES",
    "HOST_MESSAGES",
    "MAX_DEPTH",
    "MAX_FRAME",
    "PROTOCOL_VERSION",
    "Limits",
    "decode",
    "encode",
    "json_depth",
]

#: Bumped whenever a message changes shape; a hello with another version is refused with "host vX, client vY".
PROTOCOL_VERSION = 2
MAX_FRAME = 256 * 1024
MAX_DEPTH = 16


@dataclass(frozen=True, slots=True)
class Limits:
    """The caps a host enforces on each client connection (and a client on what it accepts)."""

    max_frame: int = MAX_FRAME
    #: JSON nesting allowed (0: not checked beyond what the parser itself refuses; clients trust the host's shape)
    max_depth: int = MAX_DEPTH
    #: sustained messages per second per connection, and the burst allowed above it
    rate: float = 60.0
    burst: float = 120.0
    #: bytes written to one client and not yet taken by it (beyond the kernel's buffer) before it counts as too
    #: slow and is dropped
    max_buffer: int = 1024 * 1024
    #: seconds the other seats have to vote on an undo that takes back revealed information
    vote_timeout: float = 30.0
    #: seconds a new connection has to send its hello
    hello_timeout: float = 10.0
    #: spectators watching at once; and the actions (chat) all spectators together may send a second, so that many
    #: connections each under `rate` cannot stall the seats or fill the journal between them
    max_spectators: int = 8
    spectator_rate: float = 4.0
    spectator_burst: float = 20.0


_INT = (int,)
_STR = (str,)
_BOOL = (bool,)
_NONE = (type(None),)
_NUM = (int, float)

# field -> (allowed python types, required)
Schema = dict[str, tuple[tuple[type, ...], bool]]

CLIENT_MESSAGES: dict[str, Schema] = {
    "hello": {
        "version": (_INT, True),
        "name": (_STR, False),
        "seat": (_INT + _STR + _NONE, False),
        "token": (_STR + _NONE, False),
        "password": (_STR, False),
        # the password as a proof (net/auth.py), the certificate it is bound to, and `serve`'s host token
        "proof": (_STR, False),
        "binding": (_STR, False),
        "host_token": (_STR, False),
        # the guest's own deck, {section: [[set/ID, count], ...]} (net/guestdeck.py)
        "deck": ((dict,), False),
    },
    "action": {"cseq": (_INT, True), "action": ((dict,), True), "seq": (_INT, False)},
    "undo": {"cseq": (_INT, True)},
    "redo": {"cseq": (_INT, True)},
    "vote": {"request": (_INT, True), "agree": (_BOOL, True)},
    "resync": {"reason": (_STR, False)},
    "pause": {"paused": (_BOOL, True)},
    "ping": {"t": (_NUM, False)},
    "bye": {},
    # the host moderates (net/moderation.py): only a seat with host rights may send these
    "kick": {"seat": (_INT, False), "watcher": (_INT, False), "close": (_BOOL, False)},
    "seat": {"seat": (_INT, True), "closed": (_BOOL, True)},
    "spectators": {"allowed": (_BOOL, True)},
}

HOST_MESSAGES: dict[str, Schema] = {
    "welcome": {
        "version": (_INT, True),
        "host": (_STR, True),
        "seat": (_INT + _NONE, True),
        "token": (_STR + _NONE, True),
        "cseq": (_INT, True),
        "seq": (_INT, True),
        "hash": (_STR, True),
        "view": ((dict,), True),
        "log": ((list,), True),
        # how many of the seat's log lines came before the first of `log` (a reader numbers its lines from it)
        "log_start": (_INT, False),
        "players": ((list,), True),
        "spectators": (_INT, True),
        "paused": (_BOOL, True),
        # the per-seat stream's additions (tabletop.core.stream): zone digests with a view, legal moves
        "digests": ((list,), False),
        "legal": ((dict,) + _NONE, False),
    },
    "error": {"code": (_STR, True), "message": (_STR, True), "fatal": (_BOOL, True),
              # a guest's deck refused or dealt with problems: each one, {code, rule, message}
              "problems": ((list,), False)},
    "patch": {
        "base": (_INT, True),
        "seq": (_INT, True),
        "hash": (_STR, True),
        "set": ((dict,), False),
        "zones": ((dict,), False),
        "pieces": ((list,), False),
        "log": ((list,), False),
        "legal": ((dict,) + _NONE, False),
    },
    "snapshot": {"seq": (_INT, True), "hash": (_STR, True), "view": ((dict,), True), "digests": ((list,), False),
                 "legal": ((dict,) + _NONE, False)},
    "result": {
        "cseq": (_INT, True),
        "accepted": (_BOOL, True),
        "seq": (_INT, False),
        "code": (_STR, False),
        "error": (_STR, False),
        "violations": ((list,), False),
        "duplicate": (_BOOL, False),
        "request": (_INT, False),
    },
    "players": {"players": ((list,), True), "spectators": (_INT, True), "paused": (_BOOL, True),
                # to a seat with host rights only: who watches (ids to remove them by), and whether they may
                "watchers": ((list,), False), "spectators_allowed": (_BOOL, False)},
    # a line for everyone's log about the table, not a move of the game ("The host removed bob from Seat 2")
    "notice": {"code": (_STR, True), "message": (_STR, True)},
    "undo_request": {"request": (_INT, True), "seat": (_INT, True), "entry": ((dict,), True),
                     "needs": ((list,), True), "timeout": (_NUM, True)},
    "undo_result": {"request": (_INT, True), "accepted": (_BOOL, True), "reason": (_STR, True)},
    "pong": {"t": (_NUM, False)},
    "motion": {"pieces": ((list,), True)},
}


def encode(msg: dict[str, Any]) -> bytes:
    """One message as a compact UTF-8 JSON frame (finite numbers only: NaN and infinities are not JSON)."""
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode()


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"{text[:20]} is not a finite number")
    return value


#: the largest whole number a double holds exactly: JSON numbers past it mean different things to different clients
MAX_SAFE_INT = 2**53


def _safe_int(text: str) -> int:
    if len(text) > 17 or abs(value := int(text)) > MAX_SAFE_INT:
        raise ValueError(f"{text[:20]}{'...' if len(text) > 20 else ''} is too large a whole number")
    return value


#: a frame's bytes with every digit spelled 0, so a run of 16 digits (a whole number that may be past
#: MAX_SAFE_INT) is found by `bytes.find`, in C at memory speed
_DIGITS = bytes.maketrans(b"0123456789", b"0000000000")
_NUMBER = frozenset(b"0123456789.eE+-")
_BEFORE_VALUE = frozenset(b":,[ \t\r\n")


def _plain_ints(data: bytes) -> bool:
    """Whether every whole number in `data` is one the plain parser reads as the checked parse does.

    Looks only where 16 digits stand in a row, and at each such place whether it is a whole number (not text in
    a string, such as a digest; not a fraction or an exponent, which `_finite` checks as they are parsed), so a
    large frame (a welcome) parses its thousands of whole numbers at the plain parser's speed.
    """
    shape = data.translate(_DIGITS)
    at = shape.find(b"0" * 16)
    while at >= 0:
        i, j = at, at + 16
        while i > 0 and data[i - 1] in _NUMBER:
            i -= 1
        while j < len(data) and data[j] in _NUMBER:
            j += 1
        if i == 0 or data[i - 1] in _BEFORE_VALUE:  # a number, not text inside a string
            token = data[i:j].decode("ascii")
            if not any(c in token for c in ".eE"):
                try:
                    _safe_int(token)
                except ValueError:
                    return False
        at = shape.find(b"0" * 16, j)
    return True


_FLOATS_CHECKED = json.JSONDecoder(parse_constant=_no_constant, parse_float=_finite)
_ALL_CHECKED = json.JSONDecoder(parse_constant=_no_constant, parse_float=_finite, parse_int=_safe_int)


def _parse(data: bytes | str, raw: bytes) -> Any:
    """The frame's JSON value, read as `_FLOATS_CHECKED` or `_ALL_CHECKED` reads it (or their error).

    orjson reads a welcome (a thousand pieces) about twice as fast as the standard library, and it accepts a
    subset of what they accept: it refuses NaN, infinities, numbers that overflow a double, lone surrogates and
    bad UTF-8, reads the same numbers to the same values (whole numbers within 64 bits, which `_plain_ints` has
    checked are within 2**53), and keeps the last of repeated keys. So what it reads is what the checked parsers
    would have read, and whatever it refuses goes to them, to be read or refused with their message.
    """
    plain = _plain_ints(raw)
    if plain and _orjson is not None:
        try:
            return _orjson.loads(raw)
        except _orjson.JSONDecodeError:
            pass
    text = data.decode("utf-8") if isinstance(data, (bytes, bytearray)) else data
    # fractions, exponents and constants are checked as they are parsed; whole numbers too unless none can be
    # out of range
    return (_FLOATS_CHECKED if plain else _ALL_CHECKED).decode(text)


def json_depth(obj: Any, limit: int) -> int:
    """The nesting depth of containers in `obj`, counting stops once it passes `limit` (no recursion)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(obj, 1)]
    while stack:
        o, d = stack.pop()
        if isinstance(o, dict):
            values: Any = o.values()
        elif isinstance(o, list):
            values = o
        else:
            continue
        deepest = max(deepest, d)
        if deepest > limit:
            return deepest
        stack.extend((v, d + 1) for v in values)
    return deepest


def decode(data: bytes | str, schemas: dict[str, Schema], limits: Limits = Limits()) -> dict[str, Any]:
    """Parse and check one frame; raises BadFrame (size, encoding, JSON, depth, type, fields)."""
    raw = data.encode() if isinstance(data, str) else data
    size = len(raw)
    if size > limits.max_frame:
        raise BadFrame(f"frame of {size} bytes is over the {limits.max_frame}-byte cap", "too_big")
    try:
        msg = _parse(data, raw)
    except UnicodeDecodeError:
        raise BadFrame("frame is not UTF-8", "bad_json") from None
    except RecursionError:
        raise BadFrame(f"JSON nested deeper than {limits.max_depth}", "too_deep") from None
    except ValueError as e:
        raise BadFrame(f"frame is not JSON: {e}", "bad_json") from None
    if limits.max_depth and json_depth(msg, limits.max_depth) > limits.max_depth:
        raise BadFrame(f"JSON nested deeper than {limits.max_depth}", "too_deep")
    if not isinstance(msg, dict):
        raise BadFrame("a message must be a JSON object", "bad_message")
    kind = msg.get("type")
    schema = schemas.get(kind) if isinstance(kind, str) else None
    if schema is None:
        raise BadFrame(f"unknown message type {kind!r}", "bad_message")
    for name, value in msg.items():
        if name == "type":
            continue
        spec = schema.get(name)
        if spec is None:
            raise BadFrame(f"{kind}: unknown field {name!r}", "bad_message")
        types, _ = spec
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            raise BadFrame(f"{kind}.{name}: {type(value).__name__} is not allowed here", "bad_message")
    for name, (_, required) in schema.items():
        if required and name not in msg:
            raise BadFrame(f"{kind}: missing field {name!r}", "bad_message")
    return msg
