"""What the host did, as the I/O layers and the windows read it (joins, drops, refusals, autosave stops)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["HostEvent"]


@dataclass(slots=True)
class HostEvent:
    """Something the host did, for its log: joined, left, refused, closed, applied, undo..."""

    kind: str
    conn: int | None = None
    seat: int | None = None
    text: str = ""
