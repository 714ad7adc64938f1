"""UI plug-ins of rulesets: the boards and card faces a ruleset brings to the window.

Each module here registers its boards (`register_panel`) and card faces (`register_face`) with
tabletop.ui.panels when it is imported; the window imports this package's modules once, when it first needs a
board or a face, and never names a ruleset itself. Rule logic stays in tabletop.rules; these draw its `status`.
"""

from __future__ import annotations

__all__: list[str] = []
