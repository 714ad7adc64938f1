"""Subcommands of `tabletop`; see cli.py for the contract each module follows."""

from __future__ import annotations

__all__: list[str] = []
