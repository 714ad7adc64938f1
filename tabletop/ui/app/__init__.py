"""The app's lifecycle: the window and its loop (window), the start screen to a local, hosted or joined table
(lifecycle), the table sources and their streams, bot seats, and the constants every part shares (settings).
"""

from __future__ import annotations

__all__: list[str] = []
