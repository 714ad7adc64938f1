"""Card search and name resolution figures on a library of several thousand cards, each beside its floor.

- one keystroke of a deck editor's search (the query typed so far, a prefix of a name word, often with a type
  filter): `cards.search` on its index, beside the floor of the same name-prefix match done by a plain scan over
  names folded beforehand (no index, no text, no filters), timed in alternation;
- building the index (`card_index`), beside folding every card's name and text once (the work any index needs);
- resolving every line of a 60-line deck by name (`resolve_lines`), beside dict look-ups of the same folded names.

Run: python bench/bench_cards.py [--cards N] [--json]
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tabletop.cards import CardDef, CardLibrary, CardSet  # noqa: E402
from tabletop.cards.importers.deck_lines import DeckLine, resolve_lines  # noqa: E402
from tabletop.cards.names import fold, parse_spec  # noqa: E402
from tabletop.cards.search import CardIndex, search  # noqa: E402

__all__ = ["collect", "library", "main"]

_WORDS = ("agent", "special", "site", "quarry", "night", "long", "report", "file", "shadow", "walker", "field",
          "kit", "medical", "trail", "cold", "signal", "ridge", "motel", "clinic", "ward", "choir", "lantern")
_TYPES = ("Agent", "Site", "Event", "Bluff", "Witness", "Combat", "Equipment", "Adversary", "X-File")


def library(cards: int, seed: int = 7) -> CardLibrary:
    """`cards` made-up cards in 8 sets, names of 2-4 words, a type, keywords, a cost and a line of text."""
    rng = random.Random(seed)
    sets: dict[str, dict[str, CardDef]] = {}
    for i in range(cards):
        set_name = f"set{i % 8}"
        name = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(2, 4))) + f" {i}"
        text = " ".join(rng.choice(_WORDS) for _ in range(12))
        card = CardDef(set=set_name, id=f"c{i}", name=name.upper(), type=rng.choice(_TYPES), text=text,
                       fields={"cost": rng.randint(0, 6), "keywords": [rng.choice(_WORDS).title()]})
        sets.setdefault(set_name, {})[card.id] = card
    return CardLibrary.from_sets(*(CardSet(name=n, cards=c) for n, c in sets.items()))


def _timed(fn, repeat: int) -> float:
    t0 = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - t0) / repeat


def _keystrokes(lib: CardLibrary, rounds: int) -> dict[str, float]:
    typed = "special quarry"
    queries = [typed[:n] for n in range(1, len(typed) + 1)] + ["t:site ri", "kw:ward cost<=2 sha"]
    folded = [(fold(c.name).split(), c) for c in lib]

    def indexed() -> None:
        for q in queries:
            search(lib, q, limit=50)

    def scan() -> None:
        for q in queries:
            parts = fold(q.split(":")[-1]).split()
            [c for words, c in folded if all(any(w.startswith(p) for w in words) for p in parts)][:50]

    search(lib, "warm")
    ours, floor = [], []
    for _ in range(rounds):
        ours.append(_timed(indexed, 3) / len(queries))
        floor.append(_timed(scan, 3) / len(queries))
    return {"keystroke_ms": 1000 * statistics.median(ours), "keystroke_floor_ms": 1000 * statistics.median(floor)}


def _build(lib: CardLibrary) -> dict[str, float]:
    return {"index_build_ms": 1000 * _timed(lambda: CardIndex(lib), 3),
            "index_build_floor_ms": 1000 * _timed(lambda: [(fold(c.name), fold(c.text)) for c in lib], 3)}


def _resolve(lib: CardLibrary) -> dict[str, float]:
    names = [c.name for c in list(lib)[:60]]
    lines = [DeckLine("deck", 1, parse_spec(n), i + 1) for i, n in enumerate(names)]
    resolve_lines(lines, lib, "bench")  # the name index is built once per library, outside the clock
    table = {fold(c.name): c for c in lib}
    ours = _timed(lambda: resolve_lines(lines, lib, "bench"), 20)
    floor = _timed(lambda: [table[fold(n)] for n in names], 20)
    return {"resolve_60_lines_ms": 1000 * ours, "resolve_floor_ms": 1000 * floor}


def collect(quick: bool = False) -> list[dict[str, object]]:
    """The rows of `tabletop bench`: each figure beside its floor."""
    cards = 1000 if quick else 5000
    lib = library(cards)
    keys, build, resolve = _keystrokes(lib, 2 if quick else 5), _build(lib), _resolve(lib)
    return [
        {"area": "cards", "name": f"search, one keystroke over {cards} cards", "value": keys["keystroke_ms"],
         "unit": "ms", "floor": keys["keystroke_floor_ms"], "floor_name": "plain scan of folded names, prefixes only"},
        {"area": "cards", "name": f"search index build, {cards} cards", "value": build["index_build_ms"], "unit": "ms",
         "floor": build["index_build_floor_ms"], "floor_name": "folding every name and text once"},
        {"area": "cards", "name": "resolve a 60-line deck by name", "value": resolve["resolve_60_lines_ms"],
         "unit": "ms", "floor": resolve["resolve_floor_ms"], "floor_name": "dict look-ups of the folded names"},
    ]


def main(argv: list[str] | None = None) -> dict[str, float]:
    argv = sys.argv[1:] if argv is None else argv
    cards = int(argv[argv.index("--cards") + 1]) if "--cards" in argv else 5000
    lib = library(cards)
    figures = {"cards": cards, **_keystrokes(lib, 5), **_build(lib), **_resolve(lib)}
    if "--json" in argv:
        print(json.dumps(figures, indent=2))
    else:
        for key, value in figures.items():
            print(f"{key:>24}: {value:.3f}" if isinstance(value, float) else f"{key:>24}: {value}")
    return figures


if __name__ == "__main__":
    main()
