"""`tabletop bench [--quick] [--json]`: every speed figure of the project beside the floor measured in the same run."""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

__all__ = ["HELP", "NAME", "add_arguments", "bench_dir", "format_table", "ratio", "run"]

NAME = "bench"
HELP = "Measure render, engine, self-play, saves, network, physics and memory, each beside its floor."

#: bench modules in the order their rows are printed; each has `collect(quick) -> list[row]`
MODULES = ("bench_render", "bench_core", "bench_store", "bench_engine", "bench_lab", "bench_bots", "bench_net",
           "bench_physics", "bench_memory", "bench_cards", "bench_decks", "bench_replay")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--quick", action="store_true", help="shorter runs (a smoke test: about a minute)")
    parser.add_argument("--json", action="store_true", help="print a machine-readable report")
    parser.add_argument("--only", metavar="NAME", action="append",
                        help="run only these modules, by short name (e.g. --only core --only decks); repeatable")


def bench_dir() -> Path | None:
    """The bench/ folder of the checkout tabletop runs from (benchmarks are not installed as a package)."""
    here = Path(__file__).resolve().parents[2] / "bench"
    if here.is_dir():
        return here
    cwd = Path.cwd() / "bench"
    return cwd if cwd.is_dir() else None


def _load(folder: Path, name: str) -> ModuleType | None:
    path = folder / f"{name}.py"
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location(f"tabletop_bench_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def chosen(only: list[str] | None) -> list[str]:
    """The modules `--only` names (short names, or the file names they stand for); raises ValueError naming an
    unknown one with the known ones."""
    if not only:
        return list(MODULES)
    short = {m.removeprefix("bench_"): m for m in MODULES}
    names = [short.get(n.removesuffix(".py").removeprefix("bench/").removeprefix("bench_")) for n in only]
    unknown = [n for n, m in zip(only, names, strict=True) if m is None]
    if unknown:
        raise ValueError(f"no bench module {', '.join(map(repr, unknown))} (known: {', '.join(short)})")
    return [m for m in MODULES if m in names]


def run(args: argparse.Namespace) -> int:
    try:
        modules = chosen(args.only)
    except ValueError as e:
        print(f"tabletop bench: --only: {e}", file=sys.stderr)
        return 2
    folder = bench_dir()
    if folder is None:
        print("tabletop bench: no bench/ folder found (run it from a checkout of tabletop)", file=sys.stderr)
        return 2
    rows: list[dict[str, Any]] = []
    problems: list[str] = []
    started = time.perf_counter()
    for name in modules:
        module = _load(folder, name)
        if module is None or not hasattr(module, "collect"):
            continue
        if not args.json:
            print(f"... {name}", file=sys.stderr, flush=True)
        try:
            rows.extend(module.collect(quick=args.quick))
        except Exception as e:  # a broken benchmark is reported, the others still run
            problems.append(f"{name}: {type(e).__name__}: {e}")
    seconds = time.perf_counter() - started
    if args.json:
        print(json.dumps({"quick": args.quick, "seconds": round(seconds, 1), "rows": rows, "problems": problems},
                         indent=2))
    else:
        print(format_table(rows))
        print(f"\n{len(rows)} figures in {seconds:.0f} s" + (" (--quick)" if args.quick else ""))
        for p in problems:
            print(f"problem: {p}", file=sys.stderr)
    return 1 if problems else 0


def _fmt(value: float | None, unit: str) -> str:
    if value is None:
        return ""
    if unit in ("ms", "us"):
        return f"{value:.2f} {unit}"
    if value >= 100:
        return f"{value:,.0f} {unit}"
    return f"{value:.1f} {unit}"


def _is_rate(unit: str) -> bool:
    """A figure of work per time (games/s, playouts/cpu-s): more is better, unlike a time per call."""
    return "/" in unit and unit.rsplit("/", 1)[1] in ("s", "cpu-s", "sec")


def ratio(value: float, floor: float, unit: str) -> float:
    """How many times the floor's cost a figure is: value/floor for times, floor/value for rates, so that in
    every row a lower ratio is better and 1x is the floor itself."""
    return floor / value if _is_rate(unit) else value / floor


def format_table(rows: list[dict[str, Any]]) -> str:
    """A Markdown table: area, figure, value, floor, and the cost against the floor (lower is better)."""
    lines = ["| area | figure | value | floor | cost vs floor |", "|---|---|---|---|---|"]
    for r in rows:
        floor = r.get("floor")
        ratio_text = ""
        if floor and r["value"]:
            ratio_text = f"{ratio(r['value'], floor, r['unit']):.2f}x"
        floor_text = f"{_fmt(floor, r['unit'])} ({r['floor_name']})" if floor else r.get("floor_name", "")
        lines.append(f"| {r['area']} | {r['name']} | {_fmt(r['value'], r['unit'])} | {floor_text} | {ratio_text} |")
    return "\n".join(lines)
