"""tabletop: a pygame-ce tabletop simulator for card games with a dial-able rules engine."""

from __future__ import annotations

__all__ = ["__version__"]

__version__ = "0.1.0"
