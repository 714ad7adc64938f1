"""Where a ruleset package asks the interpreter to run a card's abilities: the tests that hold a package of parts to
one obvious place for its card text (`test_xfiles_fan_parts.py`, `test_xfiles_ccg_shape.py`) share this reading."""

from __future__ import annotations

import ast
from pathlib import Path

__all__ = ["RUNS_TEXT", "text_runs_outside"]

#: the interpreter's calls that run a card's abilities (the rest only list, expire or dispatch its own actions)
RUNS_TEXT = frozenset({"trigger", "evaluate", "run", "holds", "violations", "text", "count", "tally"})


def text_runs_outside(package: Path, home: str, interpreter: frozenset[str] = frozenset({"effects"})) -> list[str]:
    """Every `X.effects.run(...)`-like call (the interpreter named one of `interpreter`) in a module of `package`
    other than `home`, as `module:line name.call`."""
    found = []
    for path in sorted(package.glob("*.py")):
        if path.name == home:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in RUNS_TEXT
                    and isinstance(node.func.value, ast.Attribute) and node.func.value.attr in interpreter):
                found.append(f"{path.name}:{node.lineno} {node.func.value.attr}.{node.func.attr}")
    return found
