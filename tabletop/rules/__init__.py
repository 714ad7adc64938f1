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
    "PLUGIN_PROBLEMS",
    "RULESETS",
    "LegalActions",
    "Option",
    "OptionError",
    "Ruleset",
    "UnknownRuleset",
    "ZoneSpec",
    "available_rulesets",
    "get_ruleset",
    "get_ruleset_class",
    "load_plugins",
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
    if cls is None and load_plugins():
        cls = RULESETS.get(name)
    if cls is None:
        raise UnknownRuleset(name)
    return cls


#: What went wrong loading ruleset plugins (a broken package is reported here and skipped).
PLUGIN_PROBLEMS: list[str] = []
_plugins_loaded = False


def load_plugins() -> bool:
    """Register the rulesets installed packages declare (entry points `tabletop.rulesets`), once; True if any new.

    Looked up lazily (scanning installed packages costs a noticeable moment), the first time a name is not a
    bundled ruleset or the whole list is asked for. A plugin never replaces a bundled ruleset of the same name.
    """
    global _plugins_loaded
    if _plugins_loaded:
        return False
    _plugins_loaded = True
    from .kit import discover_rulesets

    found, problems = discover_rulesets()
    PLUGIN_PROBLEMS.extend(problems)
    new = False
    for name, cls in found.items():
        if name in RULESETS and RULESETS[name] is not cls:
            PLUGIN_PROBLEMS.append(f"ruleset plugin {name!r} is not loaded: a bundled ruleset has that name")
        elif name not in RULESETS:
            RULESETS[name] = cls
            new = True
    return new


def available_rulesets() -> dict[str, type[Ruleset]]:
    """Every ruleset: the bundled ones and those of installed plugins."""
    load_plugins()
    return RULESETS


def get_ruleset(name: str, options: Mapping[str, Any] | None = None) -> Ruleset:
    """An instance of the named ruleset with `options` (house rules) over its defaults."""
    return get_ruleset_class(name)(options)


register(Freeform)
register(Tragedy)
register(XFilesFan)
register(XFilesCCG)
