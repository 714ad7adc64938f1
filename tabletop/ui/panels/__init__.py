"""The panels around the table: top bar, side panel (preview, seats, rules, log, chat), the what-now line
and legal-move rows, reveals, and the boards and card faces rulesets register (registry).
"""

from __future__ import annotations

__all__: list[str] = []
