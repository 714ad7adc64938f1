"""LAN play: a sans-I/O protocol core (protocol.py) under thin asyncio layers (host.py, client.py), and discovery.

Import the pieces you need from their modules; this package imports nothing heavy by itself.
"""

from __future__ import annotations

from .errors import BadFrame, HostLost, NetError, Refused, VersionMismatch
from .messages import PROTOCOL_VERSION, Limits

__all__ = ["PROTOCOL_VERSION", "BadFrame", "HostLost", "Limits", "NetError", "Refused", "VersionMismatch"]
