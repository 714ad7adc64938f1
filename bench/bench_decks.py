"""The deck editor's card browser: one keystroke over 2,000 cards, warm, beside a plain-Python filter of the same list.

The figure is what a keystroke costs the window: the browser reads the query, runs the card search with the menus'
filters, sorts, writes a row of text per card found and hands the rows to its pygame-gui list (which builds widgets
for the rows in view). The floor does the same filtering in plain Python over the same cards, names and texts folded
beforehand, and writes the same rows: no index, no widgets. Typed queries are the prefixes of "special quarry", then
a type filter and a number filter, timed in alternation with the floor.

Run: python bench/bench_decks.py [--json]
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's tabletop, not an installed one
sys.path.insert(0, str(Path(__file__).resolve().parent))

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
from bench_cards import library  # noqa: E402

from tabletop.cards.names import fold  # noqa: E402
from tabletop.ui.decks.browser import SHOWN, CardBrowser  # noqa: E402
from tabletop.ui.decks.cardsearch import CardFinder  # noqa: E402

__all__ = ["collect", "main"]

CARDS = 2000
TYPED = "special quarry"
QUERIES = [TYPED[:n] for n in range(1, len(TYPED) + 1)] + ["t:site ri", "cost<=2 sha"]


def _floor_filter(folded, query: str) -> list[str]:
    """The same words-as-prefixes filter, in plain Python over pre-folded words, then the same rows."""
    words = [w for w in fold(query).split() if ":" not in w and "<" not in w]
    found = [c for ws, c in folded if all(any(x.startswith(p) for x in ws) for p in words)]
    return [CardFinder.row(c) for c in sorted(found, key=lambda c: c.name.lower())[:SHOWN]]


def measure(rounds: int = 5) -> dict[str, float]:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 800))
    theme = Path(__file__).resolve().parents[1] / "tabletop" / "ui" / "theme.json"
    manager = pygame_gui.UIManager((1280, 800), str(theme))
    lib = library(CARDS)
    browser = CardBrowser(manager, pygame.Rect(8, 48, 460, 740), lib)
    folded = [(fold(f"{c.name} {c.type} {c.text}").split(), c) for c in lib]

    def ours() -> None:
        for q in QUERIES:
            browser.search.set_text(q)
            browser.refresh()

    def floor() -> None:
        for q in QUERIES:
            _floor_filter(folded, q)

    def search_only() -> None:
        for q in QUERIES:
            browser.finder.find(q, sort="Sort: name")

    ours()  # warm: the index is built, the list's first rows exist
    times: dict[str, list[float]] = {"keystroke_ms": [], "floor_ms": [], "search_ms": []}
    for _ in range(rounds):
        for key, fn in (("keystroke_ms", ours), ("floor_ms", floor), ("search_ms", search_only)):
            t0 = time.perf_counter()
            fn()
            times[key].append((time.perf_counter() - t0) / len(QUERIES))
    pygame.display.quit()
    return {key: 1000 * statistics.median(v) for key, v in times.items()}


def collect(quick: bool = False) -> list[dict[str, object]]:
    m = measure(rounds=2 if quick else 7)
    return [{"area": "decks", "name": f"browser keystroke over {CARDS:,} cards (search, sort, rows, list), warm",
             "value": m["keystroke_ms"], "unit": "ms", "floor": m["floor_ms"],
             "floor_name": "same filter and rows, plain Python, no index, no widgets"},
            {"area": "decks", "name": f"the search alone over {CARDS:,} cards (index, filters, sort), warm",
             "value": m["search_ms"], "unit": "ms", "floor": m["floor_ms"],
             "floor_name": "same filter and rows, plain Python, no index, no widgets"}]


def main() -> None:
    rows = collect()
    if "--json" in sys.argv:
        print(json.dumps(rows, indent=2))
    else:
        for r in rows:
            print(f"{r['name']}: {r['value']:.2f} ms (floor {r['floor']:.2f} ms)")


if __name__ == "__main__":
    main()
