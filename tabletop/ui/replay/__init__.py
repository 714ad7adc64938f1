"""The replay viewer: a kept game or a save on a timeline (a room kept for it; its modules arrive with it)."""

from __future__ import annotations

__all__: list[str] = []
