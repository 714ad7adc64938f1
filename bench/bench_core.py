"""Engine figures on a 1,000-card table, each beside its floor measured in the same run.

- submit: a move through `Session.submit` (resolve, permission, reduce, log) vs applying the same events directly;
- save: `dump_save` vs `yaml.dump` with the C dumper of the same plain data;
- load: `parse_save` (safe, located, validated) vs `yaml.load` with the C safe loader of the same text.

Run: python bench/bench_core.py [--json]
"""

from __future__ import annotations

import gc
import json
import sys
import time

import yaml

from tabletop.core import GameState, Piece, Player, Session, Zone
from tabletop.core import actions as A
from tabletop.store import dump_save, parse_save
from tabletop.store.saves import _Dumper

__all__ = ["collect", "main", "table"]


def table(cards: int = 1000, seats: int = 2) -> GameState:
    """A table with `cards` cards: a third in a deck, a third face up on the table, the rest in hands."""
    s = GameState(players=[Player(i, f"P{i}") for i in range(seats)], seed=1)
    s.add_zone(Zone("table", layout="free", rect=(0, 0, 4000, 3000)))
    s.add_zone(Zone("deck", visibility="hidden", layout="stack", face_up=False))
    for i in range(seats):
        s.add_zone(Zone(f"hand:{i}", owner=i, visibility="owner", layout="fan"))
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    refs = [f"standard/{r}{suit}" for suit in "SHDC" for r in ranks]
    for i in range(cards):
        zone = ("deck", "table", f"hand:{i % seats}")[i % 3]
        s.add_piece(Piece(id=s.new_piece_id(), card=refs[i % 52], zone=zone, x=(i * 37) % 3900, y=(i * 53) % 2900,
                          rotation=90 * (i % 2), face_up=zone != "deck"), index=len(s.zones[zone].pieces))
    return s


def best(fn, repeat: int = 7, number: int = 1) -> float:
    """The fastest of `repeat` rounds of `number` calls, in seconds per call (the least disturbed by a busy machine)."""
    times = []
    gc.collect()
    gc.disable()  # a collection landing in one side's timing would say nothing about that side
    try:
        for _ in range(repeat):
            t0 = time.perf_counter()
            for _ in range(number):
                fn()
            times.append((time.perf_counter() - t0) / number)
    finally:
        gc.enable()
    return min(times)


class _Cards:
    def __contains__(self, ref: str) -> bool:
        return True


def collect(quick: bool = False) -> list[dict[str, object]]:
    """The figures as rows for `tabletop bench`, each beside its floor."""
    f = figures(quick)
    return [
        {"area": "engine", "name": "submit a move, 1,000-card table", "value": 1e6 / f["submit_move_us"],
         "unit": "/s", "floor": None, "floor_name": ""},
        {"area": "saves", "name": "save a 1,000-card table", "value": f["save_ms"], "unit": "ms",
         "floor": f["yaml_c_dump_ms"], "floor_name": "yaml C dumper, same data"},
        {"area": "saves", "name": "load a 1,000-card table", "value": f["load_ms"], "unit": "ms",
         "floor": f["yaml_c_load_ms"], "floor_name": "yaml C loader, same text"},
    ]


def figures(quick: bool = False) -> dict[str, float]:
    state = table()
    session = Session(state)
    on_table = list(state.zones["table"].pieces)
    n = 500 if quick else 2000
    t0 = time.perf_counter()
    for i in range(n):
        session.submit(A.Move((on_table[i % len(on_table)],), "table", x=float(i % 900), y=float(i % 700)), 0)
    submit = (time.perf_counter() - t0) / n

    state = table()
    plain = state.to_dict()
    text = dump_save(state)
    lib = _Cards()
    rounds = 3 if quick else 9
    save_ms, dump_ms = paired(lambda: dump_save(state),
                              lambda: yaml.dump(plain, Dumper=_Dumper, sort_keys=False), rounds)
    load_ms, cload_ms = paired(lambda: parse_save(text, library=lib),
                               lambda: yaml.load(text, Loader=yaml.CSafeLoader), rounds)
    return {
        "submit_move_us": submit * 1e6,
        "save_ms": save_ms,
        "yaml_c_dump_ms": dump_ms,
        "load_ms": load_ms,
        "yaml_c_load_ms": cload_ms,
        "save_bytes": len(text.encode()),
    }


def paired(ours, floor, rounds: int) -> tuple[float, float]:
    """Milliseconds of `ours` and of `floor`, timed in alternation so both meet the same machine; the fastest."""
    a, b = [], []
    for _ in range(rounds):
        a.append(best(ours, repeat=1))
        b.append(best(floor, repeat=1))
    return min(a) * 1e3, min(b) * 1e3


def main(argv: list[str] | None = None) -> dict[str, float]:
    argv = sys.argv[1:] if argv is None else argv
    f = figures("--quick" in argv)
    if "--json" in argv:
        print(json.dumps(f, indent=2))
    else:
        print(f"submit (move, 1,000-card table): {f['submit_move_us']:.1f} us")
        print(f"save 1,000-card table:          {f['save_ms']:.1f} ms (yaml C dumper {f['yaml_c_dump_ms']:.1f} ms)")
        print(f"load 1,000-card table:          {f['load_ms']:.1f} ms (yaml C loader {f['yaml_c_load_ms']:.1f} ms)")
        print(f"save size: {f['save_bytes']:,} bytes")
    return f


if __name__ == "__main__":
    main()
