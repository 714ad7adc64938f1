"""One error tree and one register of codes: every exception derives from the root, every code used is registered."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import tabletop
import tabletop.rules  # noqa: F401  (registers the rulesets' violation codes)
from tabletop.errors import CODES, CodeRegistry, TabletopError, UnregisteredCode

PACKAGE = Path(tabletop.__file__).parent
VIOLATION = re.compile(r"^(tragedy|xff|xfc|engine|freeform)\.[a-z_0-9]+$")
#: The calls that make a violation: the rulesets' `_v` helpers, `Verdicts.add`, `Violation` itself and a `MoveRule`.
VIOLATION_CALLS = {"_v", "v", "add", "Violation", "MoveRule"}


def _modules() -> list[str]:
    names = ["tabletop"]
    for info in pkgutil.walk_packages([str(PACKAGE)], "tabletop."):
        if info.name != "tabletop.__main__":  # importing it runs the command line
            names.append(info.name)
    return names


def _calls() -> list[tuple[Path, ast.Call, str]]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call):
                f = node.func
                name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
                out.append((path, node, name))
    return out


def _str(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def test_every_exception_class_derives_from_the_root() -> None:
    found = []
    for name in _modules():
        module = importlib.import_module(name)
        for obj in vars(module).values():
            if isinstance(obj, type) and issubclass(obj, BaseException) and obj.__module__ == name:
                found.append(obj)
    assert len(found) >= 19  # the 18 classes the package had, plus UnregisteredCode
    strays = [f"{c.__module__}.{c.__qualname__}" for c in found if not issubclass(c, TabletopError)]
    assert strays == []


def test_each_exception_class_is_written_once() -> None:
    names: dict[str, list[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef) and node.name.endswith(("Error", "Failed")):
                names.setdefault(node.name, []).append(str(path.relative_to(PACKAGE)))
    assert {n: p for n, p in names.items() if len(p) > 1} == {}


def test_every_violation_code_used_is_registered() -> None:
    used: dict[str, str] = {}
    dynamic = []
    for path, call, name in _calls():
        if name not in VIOLATION_CALLS or not call.args:
            continue
        first = call.args[0]
        code = _str(first)
        if code is not None and VIOLATION.match(code):
            used.setdefault(code, f"{path.name}:{call.lineno}")
        elif isinstance(first, ast.IfExp) and _str(first.body) and _str(first.orelse):
            for branch in (_str(first.body), _str(first.orelse)):
                used.setdefault(branch, f"{path.name}:{call.lineno}")
        elif name in ("_v", "v") and not isinstance(first, ast.Constant):
            dynamic.append(f"{path.name}:{call.lineno}")
    for path in PACKAGE.rglob(
        "*.py"
    ):  # (code, rule, sentence) rows of lookup tables such as Tragedy's move rules
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Tuple) and len(node.elts) >= 3 and path.name != "codes.py":
                code, rule, sentence = _str(node.elts[0]), _str(node.elts[1]), _str(node.elts[2])
                # a row's third item is a sentence (a ruleset's log_notes is a tuple of codes, not a row)
                if code and rule is not None and sentence and " " in sentence and VIOLATION.match(code):
                    used.setdefault(code, f"{path.name}:{node.lineno}")
    assert len(used) > 100
    missing = {c: where for c, where in used.items() if CODES.get(c) is None or CODES[c].kind != "violation"}
    assert missing == {}
    # Codes built at run time: each case is listed in the register by hand, so the count is pinned here.
    assert len(dynamic) == 4, dynamic


def test_the_codes_tragedy_builds_at_run_time_are_registered() -> None:
    from tabletop.rules.tragedy import ATTACH_RULE, TIMING_RULE

    for role, rule in TIMING_RULE.items():
        assert CODES["tragedy." + role.lower().replace(" ", "_") + "_timing"].rules == (rule,)
    for role, rule in ATTACH_RULE.items():
        assert CODES["tragedy.one_" + role.lower().replace(" ", "_")].rules == (rule,)
    for role in ("Actor", "Set"):
        assert "tragedy.score_" + role.lower() in CODES


def test_every_error_code_used_is_registered() -> None:
    used: dict[str, str] = {}
    for path, call, name in _calls():
        a = call.args
        code = None
        if name == "ActionError" and a:
            code = _str(a[0])
        elif name in ("BadFrame", "Refused", "_refuse") and len(a) > 1:
            code = _str(a[1])
        for kw in call.keywords:
            if kw.arg == "code":
                code = _str(kw.value) or code
        if code:
            used.setdefault(code, f"{path.name}:{call.lineno}")
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Dict):
                for k, v in zip(node.keys, node.values, strict=True):
                    if _str(k) == "code" and _str(v):
                        used.setdefault(_str(v), f"{path.name}:{node.lineno}")
    assert len(used) > 40
    assert {c: w for c, w in used.items() if c not in CODES} == {}


def test_violations_seen_in_play_are_registered() -> None:
    """Random actions from every seat under warn: whatever the rulesets say, they say it with registered codes."""
    import random

    from tabletop.game import new_session
    from tabletop.rules import RULESETS

    seen: set[str] = set()
    for name in RULESETS:
        session = new_session(name, 2, enforcement="warn", seed=3)
        rng = random.Random(5)
        for _ in range(80):
            seat = rng.choice(session.state.seats)
            legal = list(session.rules.legal_actions(session.state, seat))
            if legal:
                seen.update(v.code for v in session.submit(rng.choice(legal), seat).violations)
            # a hand-made move out of turn: the kind of action warn mode exists to report
            pieces = [pid for pid, p in session.state.pieces.items() if p.kind == "card"]
            zones = list(session.state.zones)
            if pieces and zones:
                from tabletop.core.actions import Move

                other = session.state.seats[(session.state.seats.index(seat) + 1) % len(session.state.seats)]
                seen.update(
                    v.code
                    for v in session.submit(Move((rng.choice(pieces),), rng.choice(zones)), other).violations
                )
    assert seen, "the random play broke no rule at all"
    assert {c for c in seen if c not in CODES} == set()


def test_a_code_registered_twice_with_another_meaning_is_refused() -> None:
    reg = CodeRegistry()
    reg.register("x.one", "one thing", ("1.1",), "violation")
    reg.register("x.one", "one thing", ("1.1",), "violation")  # the same meaning again is harmless
    with pytest.raises(UnregisteredCode):
        reg.register("x.one", "another thing", ("1.1",), "violation")
    with pytest.raises(UnregisteredCode):
        reg["x.two"]
    with pytest.raises(ValueError):
        reg.register("x.three", "a thing", (), "nonsense")
    assert reg["x.one"].rule == "1.1" and len(reg) == 1
