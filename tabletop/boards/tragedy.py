"""Tragedy in the window: its cards' `tragedy` field is the ruleset's, not something a proxy face lists."""

from __future__ import annotations

from ..ui.panels.registry import hide_fields

__all__: list[str] = []

hide_fields("tragedy")
