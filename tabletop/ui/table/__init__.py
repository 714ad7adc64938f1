"""The table scene: where zones and pieces lie (layout, arrange), how they are drawn (assets, card faces,
render, the cached scene, one frame), the camera, the seat's kept view and the pieces in flight.
"""

from __future__ import annotations

__all__: list[str] = []
