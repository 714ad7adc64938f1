"""The save format's check of an action, compiled once per action class from the class's type hints.

A log entry holds its action as a mapping; `action_from_dict` is the authority on what it accepts (it builds the
action). A long log has one action per entry, and building each one only to check it was a third of a load's time.
`action_ok` runs the same tests as `action_from_dict` without building anything: one generated function per action
class, with the type tests inline. It is conservative: it answers True only for a mapping `action_from_dict` accepts,
and anything it does not say yes to (an unusual value, a field kind it has no inline test for) goes to
`action_from_dict` itself, which accepts it or says what is wrong.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from typing import Any

from ..core.actions import ACTION_TYPES, Action

__all__ = ["action_ok", "compile_action"]

#: the bounds `action_from_dict` puts on a field's value (core/actions.py `_coercer`), mirrored here
_MAX_TEXT = 4000
_MAX_ITEMS = 10_000
_MAX_KEYS = 1000
_MAX_INT = 1 << 53
_MAX_FLOAT = 1e9
_STR = frozenset({str})
_ABSENT = object()


def _test(hint: Any, v: str, env: dict[str, Any]) -> str | None:
    """A Python expression of the variable `v` that is true only when `action_from_dict` accepts `v` for a field
    with type hint `hint` (a value read from JSON or YAML has exactly one of the plain types); None: no inline
    test for this kind of field."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        arms = [_test(a, v, env) for a in typing.get_args(hint)]
        if any(a is None for a in arms):
            return None
        return "(" + " or ".join(f"({a})" for a in arms) + ")"  # type: ignore[operator]
    if hint is type(None):
        return f"{v} is None"
    if hint is bool:
        return f"type({v}) is bool"
    if hint is int:
        return f"(type({v}) is int and -{_MAX_INT} < {v} < {_MAX_INT})"
    if hint is float:
        # a NaN fails both comparisons, as it fails `abs(v) < 1e9`
        return f"((type({v}) is float or type({v}) is int) and -{_MAX_FLOAT!r} < {v} < {_MAX_FLOAT!r})"
    if hint is str:
        return f"(type({v}) is str and len({v}) <= {_MAX_TEXT})"
    if hint is Any:
        return "True"
    if origin is dict:
        return f"(type({v}) is dict and len({v}) <= {_MAX_KEYS} and _STR.issuperset(map(type, {v})))"
    if origin is tuple:
        item = typing.get_args(hint)[0]
        head = f"(type({v}) is list or type({v}) is tuple) and len({v}) <= {_MAX_ITEMS}"
        if item is str:
            return f"({head} and _STR.issuperset(map(type, {v})) and max(map(len, {v}), default=0) <= {_MAX_TEXT})"
        inner = _test(item, "x", env)
        if inner is None:
            return None
        return f"({head} and all({inner} for x in {v}))"
    return None


def compile_action(cls: type[Action]) -> Callable[[dict[str, Any]], bool] | None:
    """One function that says whether a mapping is surely a valid `cls` action; None when a field of `cls` has no
    inline test (then `action_from_dict` checks every such action)."""
    if hasattr(cls, "__post_init__"):  # building it may refuse more than the fields' types say
        return None
    hints = typing.get_type_hints(cls)
    fields = dataclasses.fields(cls)
    env: dict[str, Any] = {"_absent": _ABSENT, "_STR": _STR,
                           "_names": frozenset(f.name for f in fields) | {"type"}}
    body = ["def ok(d):", "    if not _names.issuperset(d):", "        return False"]
    for f in fields:
        test = _test(hints[f.name], "v", env)
        if test is None:
            return None
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        body.append(f"    v = d.get({f.name!r}, _absent)")
        if required:
            body.append(f"    if v is _absent or not {test}:")
        else:
            body.append(f"    if v is not _absent and not {test}:")
        body.append("        return False")
    body.append("    return True")
    exec(compile("\n".join(body), f"<save schema of {cls.type!r} actions>", "exec"), env)  # noqa: S102 - our text
    return env["ok"]  # type: ignore[no-any-return]


#: per action class, its compiled check (or None); compiled when a log first holds one (rulesets register classes)
_COMPILED: dict[type, Callable[[dict[str, Any]], bool] | None] = {}


def action_ok(d: Any) -> bool:
    """Whether `d` is surely an action `action_from_dict` accepts (False: ask `action_from_dict`, which decides)."""
    if type(d) is not dict:
        return False
    name = d.get("type")
    cls = ACTION_TYPES.get(name) if type(name) is str else None
    if cls is None:
        return False
    try:
        ok = _COMPILED[cls]
    except KeyError:
        ok = _COMPILED[cls] = compile_action(cls)
    return ok is not None and ok(d)
