"""One exception tree for the network layer, so callers catch `NetError` and nothing else."""

from __future__ import annotations

from typing import Any

from ..errors import TabletopError

__all__ = ["BadFrame", "HostLost", "NetError", "Refused", "VersionMismatch"]


class NetError(TabletopError):
    """Anything that went wrong talking to a host or a client."""


class BadFrame(NetError):
    """A frame that breaks the protocol (too big, too deep, not JSON, unknown message, bad field, flood).

    The connection that sent it is closed with `reason`; nothing else changes.
    """

    def __init__(self, reason: str, code: str = "bad_frame") -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code


class VersionMismatch(NetError):
    """Host and client speak different protocol versions ("host vX, client vY")."""


class Refused(NetError):
    """The host refused to seat this client (bad password, bad token, seat taken...)."""

    def __init__(self, reason: str, code: str = "refused", problems: list[dict[str, Any]] | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code
        #: a refused deck's problems, each {code, rule, message} (the host names the guest's own cards to it)
        self.problems = list(problems or [])


class HostLost(NetError):
    """The host went away; the client keeps its last view."""
