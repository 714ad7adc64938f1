"""Role mappings: data that gives a whole card set ruleset traits (a Value, eligible Roles) without editing each card.

A ruleset played with cards from other games gives each set a block under its own key in set.yaml (Tragedy's is
`tragedy:`), and any card may carry its own block under that key that overrides it. The block shapes are generic
(`value` + `roles`); the card layer names no ruleset: a ruleset registers its key and the role names it allows with
`register_role_mapping`, and the loader checks the blocks of every registered key. A block under a key nobody
registered is kept as data, unchecked, like any other extra key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .model import CardDef, CardProblem, CardSet

__all__ = [
    "ROLE_MAPPING_KEYS",
    "VALUE_RULES",
    "Traits",
    "check_card_block",
    "check_set_block",
    "mapped_traits",
    "register_role_mapping",
    "value_problems",
]

#: Keys of set.yaml / card blocks that are role mappings, with the role names each allows (filled by rulesets).
ROLE_MAPPING_KEYS: dict[str, tuple[str, ...]] = {}
#: Keys whose cards must have a value when they have roles, with the rule that says so (quoted by `cards check`).
VALUE_RULES: dict[str, str] = {}


def register_role_mapping(key: str, roles: tuple[str, ...], *, value_rule: str = "") -> None:
    """Declare `key:` blocks of set.yaml and cards a role mapping whose roles are `roles` (a ruleset does this).

    With `value_rule` (the rule, quoted), a card the mapping gives roles but no value is a problem for `cards check`.
    """
    old = ROLE_MAPPING_KEYS.get(key)
    if old is not None and old != tuple(roles):
        raise ValueError(f"role mapping {key!r} is already registered with roles {', '.join(old)}")
    ROLE_MAPPING_KEYS[key] = tuple(roles)
    if value_rule:
        VALUE_RULES[key] = value_rule

_TRAIT_KEYS = ("value", "roles")
_SET_KEYS = ("value_field", "default", "by_type")

Issue = tuple[tuple[Any, ...], str]


@dataclass(frozen=True, slots=True)
class Traits:
    """What a role mapping gives one card: its Value (None when nothing sets one) and eligible roles in order."""

    value: int | None
    roles: tuple[str, ...]


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_traits(block: Any, path: tuple[Any, ...], allowed: tuple[str, ...]) -> list[Issue]:
    if not isinstance(block, Mapping):
        return [(path, "expected a mapping with 'value' and/or 'roles'")]
    issues: list[Issue] = []
    for key in block:
        if key not in _TRAIT_KEYS:
            issues.append(((*path, key), f"unknown key {key!r}; expected one of: {', '.join(_TRAIT_KEYS)}"))
    if "value" in block and not _is_int(block["value"]):
        issues.append(((*path, "value"), "expected an integer"))
    if "roles" in block:
        roles = block["roles"]
        if not isinstance(roles, list):
            issues.append(((*path, "roles"), "expected a list of roles"))
        else:
            for index, role in enumerate(roles):
                if role not in allowed:
                    issues.append(
                        (
                            (*path, "roles", index),
                            f"unknown role {role!r}; expected one of: {', '.join(allowed)}",
                        )
                    )
    return issues


def check_card_block(key: str, block: Any, path: tuple[Any, ...]) -> list[Issue]:
    """Problems (path, message) in a card's own `<key>:` block, e.g. `tragedy: {value: 15, roles: [Act]}`."""
    return _check_traits(block, path, ROLE_MAPPING_KEYS[key])


def check_set_block(key: str, block: Any, path: tuple[Any, ...]) -> list[Issue]:
    """Problems (path, message) in a set-wide `<key>:` mapping (`value_field`, `default`, `by_type`)."""
    allowed = ROLE_MAPPING_KEYS[key]
    if not isinstance(block, Mapping):
        return [(path, "expected a mapping with value_field, default and/or by_type")]
    issues: list[Issue] = []
    for name in block:
        if name not in _SET_KEYS:
            issues.append(((*path, name), f"unknown key {name!r}; expected one of: {', '.join(_SET_KEYS)}"))
    if "value_field" in block and not (isinstance(block["value_field"], str) and block["value_field"]):
        issues.append(((*path, "value_field"), "expected the name of a card field"))
    if "default" in block:
        issues += _check_traits(block["default"], (*path, "default"), allowed)
    by_type = block.get("by_type")
    if by_type is not None:
        if not isinstance(by_type, Mapping):
            issues.append(((*path, "by_type"), "expected a mapping from card type to {value, roles}"))
        else:
            for type_name, traits in by_type.items():
                issues += _check_traits(traits, (*path, "by_type", type_name), allowed)
    return issues


def mapped_traits(card: CardDef, card_set: CardSet | None, key: str) -> Traits:
    """The card's traits under mapping `key`: its own block, then its type's rule, then `value_field`, then defaults."""
    mapping = card_set.extra.get(key) if card_set is not None else None
    mapping = mapping if isinstance(mapping, Mapping) else {}
    by_type = mapping.get("by_type")
    layers: list[Mapping[str, Any]] = []
    own = card.fields.get(key)
    if isinstance(own, Mapping):
        layers.append(own)
    if isinstance(by_type, Mapping) and isinstance(by_type.get(card.type), Mapping):
        layers.append(by_type[card.type])
    value_field = mapping.get("value_field")
    if isinstance(value_field, str) and _is_int(card.fields.get(value_field)):
        layers.append({"value": card.fields[value_field]})
    if isinstance(mapping.get("default"), Mapping):
        layers.append(mapping["default"])

    value = next((layer["value"] for layer in layers if _is_int(layer.get("value"))), None)
    roles = next((layer["roles"] for layer in layers if isinstance(layer.get("roles"), list)), [])
    return Traits(value, tuple(str(r) for r in roles))


def value_problems(card_set: CardSet) -> list[CardProblem]:
    """Cards of a set that a mapping whose rules require a value gives roles but no value, located at each card.

    Only `cards check` reports these: the set still loads, and the ruleset refuses such a card when it is played.
    """
    out: list[CardProblem] = []
    for key, rule in VALUE_RULES.items():
        for card in card_set:
            traits = mapped_traits(card, card_set, key)
            if traits.roles and traits.value is None:
                where = "its own block" if isinstance(card.fields.get(key), Mapping) else "the set's mapping"
                out.append(CardProblem(card.source or str(card_set.path or card_set.name), card.line or None, key,
                                       f"card {card.id!r} ({card.name}) has roles ({', '.join(traits.roles)}) from "
                                       f"{where} but no value ({rule})"))
    return out
