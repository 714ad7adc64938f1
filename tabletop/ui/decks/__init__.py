"""The deck editor and card browser: a room kept for them (their modules arrive with the deck editor)."""

from __future__ import annotations

__all__: list[str] = []
