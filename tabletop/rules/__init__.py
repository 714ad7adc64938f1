"""Rulesets and the registry that names them; every ruleset is a `Ruleset` subclass."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import TabletopError
from . import codes  # noqa: F401  (registers every bundled ruleset's violation codes)
from .base import LegalActions, Option, OptionError, Ruleset, ZoneSpec
from .freeform import Freeform
from .tragedy import Tragedy
from .xfiles_ccg import XFilesCCG
from .xfiles_fan import XFilesFan

__all__ = [
    "RULESETS",
    "LegalActions",
    "Option",
    "OptionError",
    "Ruleset",
    "UnknownRuleset",
    "ZoneSpec",
    "get_ruleset",
    "get_ruleset_class",
    "register",
]

RULESETS: dict[str, type[Ruleset]] = {}


class UnknownRuleset(TabletopError, KeyError):
    """A ruleset name that is not registered."""

    def __str__(self) -> str:
        return f"no ruleset {self.args[0]!r} (known: {', '.join(sorted(RULESETS))})"


def register(cls: type[Ruleset]) -> type[Ruleset]:
    RULESETS[cls.name] = cls
    return cls


def get_ruleset_class(name: str) -> type[Ruleset]:
    """The registered class of the named ruleset (its seats, options and zones), or UnknownRuleset."""
    cls = RULESETS.get(name)
    if cls is None:
        raise UnknownRuleset(name)
    return cls


def get_ruleset(name: str, options: Mapping[str, Any] | None = None) -> Ruleset:
    """An instance of the named ruleset with `options` (house rules) over its defaults."""
    cls = RULESETS.get(name)
    if cls is None:
        raise UnknownRuleset(name)
    return cls(options)


register(Freeform)
register(Tragedy)
register(XFilesFan)
register(XFilesCCG)
