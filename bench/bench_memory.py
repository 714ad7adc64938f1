"""Peak memory with a 1,000-card table on screen and the render caches warm (measured in a fresh process).

Run: python bench/bench_memory.py [--json]
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

__all__ = ["collect", "main"]

_CHILD = """
import os, sys
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, {bench!r})

def peak_kb():
    # VmHWM belongs to this process's own memory map (ru_maxrss would count the parent's pages of the fork)
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))

base = peak_kb()
import pygame
from bench_render import table_with
from tabletop.ui import TableApp
imported = peak_kb()
app = TableApp(table_with(1000), size=(1280, 800), fps=0)
for i in range(60):
    app.camera.pan(1 if i % 20 < 10 else -1, 0)
    app.step()
print(base, imported, peak_kb())
"""


def measure() -> dict[str, float]:
    bench = str(Path(__file__).resolve().parent)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    out = subprocess.run([sys.executable, "-c", _CHILD.format(bench=bench)], capture_output=True, text=True,
                         env=env, timeout=300, check=True)
    base, imported, peak = (int(x) / 1024 for x in out.stdout.split()[-3:])
    return {"python_mb": base, "imports_mb": imported, "peak_mb": peak}


def collect(quick: bool = False) -> list[dict[str, Any]]:
    m = measure()
    return [{"area": "memory", "name": "peak RSS, 1,000 cards on the table, render caches warm",
             "value": m["peak_mb"], "unit": "MB", "floor": m["imports_mb"],
             "floor_name": "the same process after importing pygame and tabletop"}]


def main(argv: list[str] | None = None) -> dict[str, float]:
    argv = sys.argv[1:] if argv is None else argv
    m = measure()
    if "--json" in argv:
        print(json.dumps(m, indent=2))
    else:
        print(f"peak RSS with 1,000 cards and warm caches: {m['peak_mb']:.0f} MB "
              f"(after imports: {m['imports_mb']:.0f} MB, bare python: {m['python_mb']:.0f} MB)")
    return m


if __name__ == "__main__":
    main()
