"""A card's standing abilities by name: the one read every standing rule of the X-Files CCG starts from.

Its own module so that the readers of one family (`wards`, `vocab_reads`, ...) can share it without importing
each other.
"""

from __future__ import annotations

from typing import Any

__all__ = ["standing"]


def standing(rs: Any, ref: str | None, name: str) -> list[Any]:
    """The arguments of every standing step `name` of the card `ref` ("skip_round", "can_use", ...)."""
    out: list[Any] = []
    if name not in rs.traits(ref):
        return out
    for ability in rs.card_text(ref).when("static"):
        for step in ability.do:
            if name in step:
                out.append(step[name])
    return out
