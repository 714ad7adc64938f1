"""Seats held across connections and restarts: the seat token a client keeps, and what the host remembers
about each claimed seat (its token, its last client sequence number, its recent answers)."""

from __future__ import annotations

import secrets
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from .clientproto import RESULT_CACHE

__all__ = ["SeatRecord", "new_token", "valid_token"]


def new_token() -> str:
    """A seat token: what a client keeps to take its seat back after a drop or a host restart."""
    return secrets.token_urlsafe(18)


_TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def valid_token(token: object) -> bool:
    """Whether `token` has the shape of a seat token (URL-safe base64, 16 to 64 characters)."""
    return isinstance(token, str) and 16 <= len(token) <= 64 and all(c in _TOKEN_CHARS for c in token)


@dataclass(slots=True)
class SeatRecord:
    """What the host remembers about a claimed seat across connections (and restarts, via the tokens file)."""

    token: str
    cseq: int = 0
    name: str = ""
    #: the seat presented the host token: it may turn the rules dial (kept across reconnects and restarts)
    host: bool = False
    results: OrderedDict[int, dict[str, Any]] = field(default_factory=OrderedDict)

    def remember(self, cseq: int, result: dict[str, Any]) -> None:
        self.results[cseq] = result
        while len(self.results) > RESULT_CACHE:
            self.results.popitem(last=False)
