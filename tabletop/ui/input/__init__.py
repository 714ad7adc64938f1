"""Input: pointer gestures, gestures that make a legal move, the keys and their list, the verbs (commands)
that build Actions for keys, menus and scripts, and headless scripts that drive all of them.
"""

from __future__ import annotations

__all__: list[str] = []
