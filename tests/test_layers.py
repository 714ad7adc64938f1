"""The layers stay pure: core, cards, rules and store never pull in pygame, sockets or physics."""

from __future__ import annotations

import subprocess
import sys

PURE = ["tabletop.core", "tabletop.cards", "tabletop.rules", "tabletop.store", "tabletop.yamlsafe", "tabletop.game"]
FORBIDDEN = ["pygame", "pygame_gui", "pymunk", "websockets", "zeroconf", "tabletop.ui", "tabletop.net",
             "tabletop.physics"]


def test_pure_layers_import_no_pygame_network_or_physics() -> None:
    code = (
        "import sys\n"
        f"for m in {PURE!r}: __import__(m)\n"
        "import tabletop.rules as r\n"
        "for name in r.RULESETS: r.get_ruleset(name)\n"
        f"bad = [m for m in {FORBIDDEN!r} if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_engine_tests_do_not_import_pygame() -> None:
    """The engine test folders themselves never import pygame (they run without a display library)."""
    from pathlib import Path

    root = Path(__file__).parent
    for layer in ("core", "cards", "rules", "store"):
        for path in (root / layer).rglob("*.py"):
            text = path.read_text()
            assert "import pygame" not in text and "from pygame" not in text, path


def test_card_sets_sit_below_rulesets() -> None:
    """Rules import cards, never the reverse: loading and importing cards pulls in no ruleset."""
    code = (
        "import sys, tabletop.cards, tabletop.cards.importers.xfiles_fan_js, tabletop.cards.importers.xfiles_ccg_json\n"
        "print('tabletop.rules' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# -- every import, wherever it is written: at the top, inside a function, or only for the type checker --

import ast  # noqa: E402
import functools  # noqa: E402
from pathlib import Path  # noqa: E402

PACKAGE = Path(__file__).resolve().parents[1] / "tabletop"
#: What each engine layer may import from the package (besides itself), wherever the import is written.
ALLOWED = {
    "core": {"errors"},
    "cards": {"errors", "yamlsafe"},
    "rules": {"core", "cards", "errors"},
    "store": {"core", "cards", "rules", "errors", "yamlsafe"},
    "yamlsafe": {"errors"},
    "errors": set(),
}
OUTSIDE_FORBIDDEN = {"pygame", "pygame_gui", "pymunk", "websockets", "zeroconf", "socket", "asyncio"}


@functools.cache
def _tree(path: Path) -> ast.Module:
    """A module's syntax tree, parsed once for all the tests here (the package has some 250 modules)."""
    return ast.parse(path.read_text(), str(path))


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _typing_only(tree: ast.Module) -> set[int]:
    """The ids of the nodes under `if TYPE_CHECKING:`: imports the type checker reads and Python never runs."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            out.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return out


def _imports(path: Path, *, typing: bool = True) -> list[tuple[str, int, bool]]:
    """(imported module, line, whether the name may be an attribute) for every import in a file, wherever written.

    With `typing=False`, imports only the type checker reads (under `if TYPE_CHECKING:`) are left out.
    """
    tree = _tree(path)
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    skip = set() if typing else _typing_only(tree)
    out = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out += [(a.name, node.lineno, False) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            out.append((target, node.lineno, False))
            for a in node.names:  # `from . import codes` imports the module tabletop.x.codes
                out.append((f"{target}.{a.name}", node.lineno, True))
    return out


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def _edges() -> dict[str, set[str]]:
    """Which module imports which when the program runs (at the top or inside functions; not for typing)."""
    mods = _modules()
    edges: dict[str, set[str]] = {}
    for name, path in mods.items():
        targets = set()
        for target, _, maybe_attr in _imports(path, typing=False):
            if target in mods and target != name and not name.startswith(target + "."):
                targets.add(target)
            elif not maybe_attr and target.startswith("tabletop") and target not in mods:
                raise AssertionError(f"{path}: imports {target}, which is not a module of the package")
        edges[name] = targets
    return edges


def test_engine_layers_import_only_what_they_may_even_inside_functions() -> None:
    bad = []
    modules = _modules()
    for name, path in modules.items():
        parts = name.split(".")
        layer = parts[1] if len(parts) > 1 else ""
        if layer not in ALLOWED:
            continue
        for target, line, maybe_attr in _imports(path):
            root = target.split(".")[0]
            if root in OUTSIDE_FORBIDDEN:
                bad.append(f"{path.name}:{line} imports {target}")
            if root != "tabletop" or maybe_attr and target not in modules:
                continue
            tparts = target.split(".")
            other = tparts[1] if len(tparts) > 1 else ""
            if other != layer and other not in ALLOWED[layer]:
                bad.append(f"{name}:{line} imports {target}")
    assert bad == []


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other (Tarjan's strongly connected components of more than one)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    cycles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                cycles.append(sorted(comp))

    for v in list(edges):
        if v not in index:
            visit(v)
    return cycles


def test_no_import_cycles_between_modules() -> None:
    """No two modules import each other when the program runs, however indirectly, at the top or in a function.

    An import under `if TYPE_CHECKING:` only names a class for an annotation and never runs, so it is not counted.

    A module importing its own package (`from . import actions`) is not counted: Python imports the package first
    whatever the module writes, and a package's `__init__` gathering its modules is how packages are built.
    """
    assert _cycles(_edges()) == []


def test_the_cycle_check_finds_a_cycle_through_any_path() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_is_written_after_the_code() -> None:
    """An import at the bottom of a module is how a cycle hides; every top-level import comes before the code."""
    late = []
    for path in PACKAGE.rglob("*.py"):
        tree = _tree(path)
        code_seen = False
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                code_seen = True
            elif isinstance(node, (ast.Import, ast.ImportFrom)) and code_seen:
                late.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert late == []


def test_the_card_layer_names_no_ruleset() -> None:
    """Cards sit below rulesets: outside the format importers, no code in cards/ names a ruleset (docstrings may)."""
    import re

    named = []
    for path in (PACKAGE / "cards").glob("*.py"):
        tree = _tree(path)
        docs = {id(n.body[0].value) for n in ast.walk(tree)
                if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                and ast.get_docstring(n, clean=False) is not None}
        for node in ast.walk(tree):
            text = (node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
                    else node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute)
                    else "")
            if re.search(r"tragedy|xfiles|x-files", text, re.I):
                named.append(f"{path.name}:{node.lineno}: {text[:60]}")
    assert named == []


def test_rulesets_read_no_file_when_setting_up_a_table(monkeypatch) -> None:
    """Reading files is the card and store layers' job: a ruleset sets up a table from the library it was given."""
    import builtins
    import io

    from tabletop.cards import default_library
    from tabletop.rules import RULESETS, get_ruleset

    library = default_library()
    rulesets = {name: get_ruleset(name) for name in RULESETS}
    opened: list[str] = []

    def refuse(file, *args, **kwargs):
        opened.append(str(file))
        raise OSError(f"a ruleset opened {file} while setting up a table")

    monkeypatch.setattr(builtins, "open", refuse)
    monkeypatch.setattr(io, "open", refuse)
    for name, rules in rulesets.items():
        state = rules.new_game(rules.min_seats if rules.min_seats > 1 else 2, library=library, seed=3)
        assert state.pieces or name == "freeform", name
    monkeypatch.undo()
    assert opened == []


def test_core_and_rules_code_touches_no_file() -> None:
    """Files are read and written by cards/ and store/: no core or rules module opens, lists or loads one itself
    (house rules arrive parsed, decks arrive as DeckLists, a ruleset's sample decks come with its card set)."""
    io_calls = {"open", "read_text", "read_bytes", "write_text", "write_bytes", "iterdir", "glob", "rglob", "listdir",
                "scandir", "load_file", "load_deck", "read_deck", "load_set", "read_set"}
    found = []
    for layer in ("core", "rules"):
        for path in (PACKAGE / layer).rglob("*.py"):
            for node in ast.walk(_tree(path)):
                if isinstance(node, ast.Call):
                    f = node.func
                    name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
                    if name in io_calls:
                        found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} calls {name}")
    assert found == []
