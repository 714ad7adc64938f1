"""Dialogs: the widgets (menus, prompts, choices, notices, help, votes, start screen), the new-game and join
forms, the Look/Search gallery, and the one route every widget event takes (events).
"""

from __future__ import annotations

__all__: list[str] = []
