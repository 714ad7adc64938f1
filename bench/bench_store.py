"""Persistence figures, each beside its floor measured in the same run.

- autosave cost per action (submit, journal record, write, fdatasync, waited for) in a game of 1k and of 100k log
  entries, mean over enough actions to include periodic table snapshots (and median), beside the raw append +
  fdatasync of the same bytes to a plain file, timed in alternation;
- autosave cost on the caller's thread (the window's frame, the host's loop): encoding and queueing the record;
- load of a 100k-action game on a 1,000-card table from the journal a crash leaves (snapshot at the start, periodic
  table snapshots, every change since), time and peak RSS in a fresh process, beside reading and checksumming the
  same lines (and, as a second reference, also parsing every part with json);
- load of the same game from its YAML save, beside the yaml C loader of the same text (time only);
- load of 1k / 5k / 20k-card tables with a 100-action log from YAML, beside the yaml C loader of the same text;
- a restart after a crash (open with the journal, autosave started and durable) at 1k and big/5 actions, continuing
  the journal it read and writing a new one, beside reading and checksumming the journal's lines.

Run: python bench/bench_store.py [--quick] [--loads-only] [--restart-only] [--json]   (--loads-only: the YAML load rows alone)
"""

from __future__ import annotations

import gc
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

__all__ = ["collect", "figures", "game", "main"]


def game(cards: int, actions: int, seed: int = 1):
    """A session on a `cards`-card table after `actions` moves and taps of the cards on the table."""
    from bench_core import table

    from tabletop.core import Session
    from tabletop.game import make_rules

    state = table(cards, 2)
    session = Session(state, make_rules(state))
    play(session, actions, seed)
    return session


def play(session, actions: int, seed: int = 1) -> None:
    """`actions` moves and taps of the cards on the table, through `Session.submit`."""
    from tabletop.core import actions as A

    on_table = list(session.state.zones["table"].pieces)
    for i in range(actions):
        pid = on_table[(i * 7919 + seed) % len(on_table)]
        if i % 4 == 3:
            action: Any = A.Tap((pid,))
        else:
            action = A.Move((pid,), "table", x=float((i * 37) % 3900), y=float((i * 53) % 2900))
        r = session.submit(action, 0)
        assert r.accepted, r.error


def _move(session, i: int):
    from tabletop.core import actions as A

    pieces = session.state.zones["table"].pieces
    return A.Move((pieces[i % len(pieces)],), "table", x=float(i % 900), y=float(i % 700))


class _AutosaveRun:
    """One game under autosave, with its own raw file for the floor: one measured action at a time."""

    def __init__(self, entries: int, folder: Path) -> None:
        from tabletop.store import Autosaver

        self.entries = entries
        self.session = game(1000, entries)
        self.saver = Autosaver(self.session, folder / f"game{entries}.yaml")
        assert self.saver.flush(120)
        self.raw = os.open(folder / f"raw{entries}.bin", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        self.snaps0 = self.saver.writer.snapshots
        self.ours: list[float] = []
        self.floor: list[float] = []
        self.bare: list[float] = []
        self.listened: list[float] = []
        self.line = b""

    def durable(self, i: int) -> None:
        """Submit + journal until durable, then the raw append + fdatasync of the same bytes."""
        from tabletop.store.journal import encode_record

        session, saver = self.session, self.saver
        action = _move(session, i)
        t0 = time.perf_counter()
        result = session.submit(action, 0)
        saver.flush()
        self.ours.append(time.perf_counter() - t0)
        assert result.entry is not None
        self.line = encode_record({"k": "act", "seq": result.entry.seq}, json.dumps(result.entry.to_dict())
                                  .encode())
        t3 = time.perf_counter()
        os.write(self.raw, self.line)
        os.fdatasync(self.raw)
        self.floor.append(time.perf_counter() - t3)

    def caller(self, i: int) -> None:
        """The same submit without and with the journal's listener (its share of the caller's thread)."""
        session, saver = self.session, self.saver
        session.listeners.remove(saver._on_change)
        t0 = time.perf_counter()
        session.submit(_move(session, i), 0)
        self.bare.append(time.perf_counter() - t0)
        session.listeners.append(saver._on_change)
        t0 = time.perf_counter()
        session.submit(_move(session, i + 1), 0)
        self.listened.append(time.perf_counter() - t0)
        saver.flush()

    def close(self) -> dict[str, float]:
        os.close(self.raw)
        snaps = self.saver.writer.snapshots - self.snaps0
        self.saver.writer.close()

        def med(xs: list[float]) -> float:
            return sorted(xs)[len(xs) // 2] * 1e6

        def mean(xs: list[float]) -> float:
            return sum(xs) / len(xs) * 1e6

        return {"autosave_us": mean(self.ours), "raw_fsync_us": mean(self.floor), "caller_us": mean(self.listened),
                "submit_us": mean(self.bare), "autosave_med_us": med(self.ours),
                "raw_fsync_med_us": med(self.floor), "caller_max_us": max(self.listened) * 1e6,
                "submit_max_us": max(self.bare) * 1e6, "line_bytes": len(self.line), "snapshots": snaps,
                "n": len(self.ours)}


def autosave_costs(sizes: tuple[int, ...], n: int, folder: Path) -> dict[int, dict[str, float]]:
    """Per action, in microseconds, for games of each size: autosave until durable beside the raw append +
    fdatasync floor, and the caller's share beside the bare submit; the sizes are measured in alternation.

    Means over `n` actions (enough for the journal's periodic table snapshots to fall inside: their cost is
    amortised over the actions between them, so the mean is the figure that says whether it stays flat), and
    medians beside them.
    """
    runs = [_AutosaveRun(entries, folder) for entries in sizes]
    gc.collect()
    try:
        for i in range(n):
            for run in runs:
                run.durable(i)
        for i in range(n):
            for run in runs:
                run.caller(i)
    finally:
        out = {run.entries: run.close() for run in runs}
    return out


_LOAD_CHILD = """
import sys, time
sys.path.insert(0, {root!r})
def peak_mb():
    # VmHWM, not getrusage's ru_maxrss: Linux carries the parent's high-water mark into a child through fork and
    # exec, so ru_maxrss here would be at least the benchmark's own size; VmHWM belongs to this process alone
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmHWM:")) / 1024
import json, zlib
from tabletop.store import open_game
import yaml
base = peak_mb()
t = time.perf_counter()
c = time.process_time()
if {kind!r} == "ours":
    g = open_game({path!r})
    n = len(g.history)
elif {kind!r} == "crc":
    n = 0
    with open({path!r}, "rb") as f:
        for line in f:
            assert int(line[:8], 16) == zlib.crc32(line[9:-1])
            n += 1
elif {kind!r} == "json":
    n = 0
    with open({path!r}, "rb") as f:
        for line in f:
            assert int(line[:8], 16) == zlib.crc32(line[9:-1])
            for part in line[9:-1].split(b"\\t"):
                json.loads(part)
            n += 1
elif {kind!r} == "split":
    # the least a reader of our save must do: the C loader on the table, json.loads of each one-line log entry
    with open({path!r}, "rb") as f:
        text = f.read()
    head, _, log = text.partition(b"\\nlog:\\n")
    d = yaml.load(head, Loader=yaml.CSafeLoader)
    n = 0
    for line in log.splitlines():
        if line.startswith(b"- {{"):
            json.loads(line[2:])
            n += 1
else:
    with open({path!r}, "rb") as f:
        d = yaml.load(f.read(), Loader=yaml.CSafeLoader)
    n = len(d.get("log") or [])
print(time.perf_counter() - t, peak_mb(), base, n, time.process_time() - c)
"""


_PYCACHE = Path(tempfile.gettempdir()) / "tabletop-bench-pycache"


def _child_env() -> dict[str, str]:
    """The children run as an installed program does: from compiled modules (kept in a cache of the benchmark's
    own, warmed by a first run), even where the environment asks Python not to write them."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(_PYCACHE)
    return env


def load_in_child(path: Path, kind: str) -> tuple[float, float, float, float]:
    """(seconds, peak RSS MB, RSS after imports MB, CPU seconds) of loading `path` in a fresh interpreter (the CPU
    time says what the load costs when others share the machine)."""
    root = str(Path(__file__).resolve().parent.parent)
    out = subprocess.run([sys.executable, "-c", _LOAD_CHILD.format(root=root, path=str(path), kind=kind)],
                         capture_output=True, text=True, timeout=1200, check=True, env=_child_env())
    secs, peak, base, _, cpu = out.stdout.split()
    return float(secs), float(peak), float(base), float(cpu)


def _warm(folder: Path) -> None:
    """One load of a small game in a child, so every module it imports is compiled before anything is timed."""
    from tabletop.store import dump_save

    s = game(60, 5)
    small = folder / "warm.yaml"
    small.write_text(dump_save(s.state, s.history), encoding="utf-8")
    load_in_child(small, "ours")
    small.unlink()


def paired_children(path: Path, ours: str, floor: str, rounds: int) -> dict[str, float]:
    _warm(path.parent)
    a, b = [], []
    for _ in range(rounds):
        a.append(load_in_child(path, ours))
        b.append(load_in_child(path, floor))
    best_a, best_b = min(a), min(b)
    return {"s": best_a[0], "peak_mb": min(x[1] for x in a), "base_mb": best_a[2], "floor_s": best_b[0],
            "floor_peak_mb": min(x[1] for x in b), "cpu_s": min(x[3] for x in a),
            "floor_cpu_s": min(x[3] for x in b)}


def table_loads(sizes: tuple[int, ...], rounds: int) -> dict[int, tuple[float, float]]:
    """Per table size: (parse_save ms, yaml C loader ms) of a save with a 100-action log, timed in alternation."""
    import yaml
    from bench_core import _Cards, best

    from tabletop.store import dump_save, parse_save

    out = {}
    lib = _Cards()
    for cards in sizes:
        s = game(cards, 100)
        text = dump_save(s.state, s.history)
        a, b = [], []
        for _ in range(rounds):
            a.append(best(lambda text=text: parse_save(text, library=lib), repeat=1))
            b.append(best(lambda text=text: yaml.load(text, Loader=yaml.CSafeLoader), repeat=1))
        out[cards] = (min(a) * 1e3, min(b) * 1e3)
        print(f"table {cards}: {out[cards]}", file=sys.stderr, flush=True)
    return out


def restart_costs(sizes: tuple[int, ...], rounds: int, folder: Path) -> dict[int, dict[str, float]]:
    """Per game size, in ms: a restart after a crash (open the save with its journal, start autosave, wait until it
    is durable) that continues the journal it read, the same with a new journal written (as every restart did
    before), and the floor: reading and checksumming the journal's lines. Timed in alternation, best of `rounds`."""
    import zlib

    from tabletop.game import open_session
    from tabletop.store import Autosaver

    out: dict[int, dict[str, float]] = {}
    for entries in sizes:
        path = folder / f"restart{entries}.yaml"
        session = game(1000, 0)
        saver = Autosaver(session, path)
        play(session, entries)
        assert saver.flush(300)
        saver.writer.close()
        saver.lock.release()  # a crash: the journal as written, no YAML
        times: dict[str, list[float]] = {"continue": [], "new": [], "floor": []}
        for _ in range(rounds):
            for kind in times:
                gc.collect()
                t = time.perf_counter()
                if kind == "floor":
                    with open(path.with_suffix(".journal"), "rb") as f:
                        for line in f:
                            assert int(line[:8], 16) == zlib.crc32(line[9:-1])
                else:
                    s = open_session(path)
                    if kind == "new":
                        s.history.origin = None  # as if read from elsewhere: a new journal is written
                    a = Autosaver(s, path)
                    assert a.flush(300) and a.continued == (kind == "continue")
                times[kind].append(time.perf_counter() - t)
                if kind != "floor":
                    a.writer.close()
                    a.lock.release()
        out[entries] = {k: min(v) * 1e3 for k, v in times.items()}
        out[entries]["bytes"] = path.with_suffix(".journal").stat().st_size
        print(f"restart {entries}: {out[entries]}", file=sys.stderr, flush=True)
    return out


def figures(quick: bool = False, loads_only: bool = False) -> dict[str, Any]:
    """All figures; `loads_only` measures only the YAML loads (the game is played without autosave)."""
    from tabletop.store import Autosaver, dump_save

    big = 20_000 if quick else 100_000
    n = 600 if quick else 2000
    rounds = 1 if quick else 2
    folder = Path(tempfile.mkdtemp(prefix="tabletop-bench-store-"))
    out: dict[str, Any] = {"big": big}
    try:
        if loads_only:
            session = game(1000, big)
            (folder / "long.yaml").write_text(dump_save(session.state, session.history), encoding="utf-8")
            del session
            out.update(_yaml_loads(folder, rounds, quick))
            return out
        out["restart"] = restart_costs((1000, big // 5), rounds + 1, folder)
        out.update(autosave_costs((1000, big), n, folder))
        print(f"autosave: {out[1000]} {out[big]}", file=sys.stderr, flush=True)
        # a long game on disk: its journal as a crash leaves it (every change an `act` record, to be replayed), and
        # its YAML save (as close writes it)
        session = game(1000, 0)
        saver = Autosaver(session, folder / "long.yaml")
        play(session, big)
        assert saver.flush(300)
        saver.writer.close()
        shutil.copy(folder / "long.journal", folder / "copy.journal")
        out["journal_bytes"] = (folder / "long.journal").stat().st_size
        out["journal_snapshots"] = saver.writer.snapshots
        out["load_journal"] = paired_children(folder / "copy.journal", "ours", "crc", rounds)
        out["load_journal"]["json_s"] = paired_children(folder / "copy.journal", "json", "crc", 1)["s"]
        # the same journal without its periodic snapshots (as a journal was before them): every change replayed
        with open(folder / "copy.journal", "rb") as src, open(folder / "nosnap.journal", "wb") as dst:
            dst.writelines(line for line in src if not line.startswith(b'{"k":"snap"', 9))
        out["load_nosnap"] = paired_children(folder / "nosnap.journal", "ours", "crc", 1)
        (folder / "nosnap.journal").unlink()
        print(f"load journal: {out['load_journal']}", file=sys.stderr, flush=True)
        (folder / "long.yaml").write_text(dump_save(session.state, session.history), encoding="utf-8")
        del session, saver
        (folder / "long.journal").unlink()
        out.update(_yaml_loads(folder, rounds, quick))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return out


def _yaml_loads(folder: Path, rounds: int, quick: bool) -> dict[str, Any]:
    """The long game's YAML save loaded in fresh processes beside its floor, and the table-size series."""
    out: dict[str, Any] = {"yaml_bytes": (folder / "long.yaml").stat().st_size}
    out["load_yaml"] = paired_children(folder / "long.yaml", "ours", "split", rounds)
    print(f"load yaml: {out['load_yaml']}", file=sys.stderr, flush=True)
    out["tables"] = table_loads((1000, 5000, 20_000), 2 if quick else 3)
    return out


def collect(quick: bool = False, loads_only: bool = False) -> list[dict[str, Any]]:
    """The figures as rows for `tabletop bench`, each beside its floor."""
    f = figures(quick, loads_only)
    big = f["big"]
    rows: list[dict[str, Any]] = []
    for entries in () if loads_only else (1000, big):
        c = f[entries]
        rows.append({"area": "store", "name": f"autosave per action until durable, {entries:,}-entry game (mean "
                     f"of {c['n']}, {c['snapshots']} table snapshots among them)",
                     "value": c["autosave_us"], "unit": "us", "floor": c["raw_fsync_us"],
                     "floor_name": f"raw append + fdatasync of the same {c['line_bytes']} bytes"})
        rows.append({"area": "store", "name": f"autosave per action until durable, {entries:,}-entry game "
                     "(median)", "value": c["autosave_med_us"], "unit": "us", "floor": c["raw_fsync_med_us"],
                     "floor_name": "raw append + fdatasync, median"})
        rows.append({"area": "store", "name": f"autosave on the caller's thread, {entries:,}-entry game (mean, "
                     "snapshot captures included)",
                     "value": c["caller_us"], "unit": "us", "floor": c["submit_us"],
                     "floor_name": "the same submit without autosave"})
        rows.append({"area": "store", "name": f"autosave on the caller's thread, {entries:,}-entry game (worst "
                     "action)", "value": c["caller_max_us"], "unit": "us", "floor": c["submit_max_us"],
                     "floor_name": "the same submit without autosave, worst"})
    if not loads_only:
        rows.extend(_journal_rows(f, big))
        for entries, r in f["restart"].items():
            rows.append({"area": "store", "name": f"restart after a crash, {entries:,}-action game "
                         f"({r['bytes'] / 2**20:.1f} MiB journal): open + autosave durable, continuing the journal",
                         "value": r["continue"], "unit": "ms", "floor": r["floor"],
                         "floor_name": "read + crc32 of the journal's lines"})
            rows.append({"area": "store", "name": "the same restart writing a new journal (as before)",
                         "value": r["new"], "unit": "ms", "floor": r["floor"],
                         "floor_name": "read + crc32 of the journal's lines"})
    ly = f["load_yaml"]
    rows.append({"area": "store", "name": f"load the {big:,}-action game, 1,000 cards, from its YAML save "
                 f"({f['yaml_bytes'] / 2**20:.1f} MiB; every entry checked, the log fitted to the table)",
                 "value": ly["s"], "unit": "s", "floor": ly["floor_s"],
                 "floor_name": "yaml C loader on the table + json.loads of each log line, same file"})
    rows.append({"area": "store", "name": "CPU time of the same load (what it costs when others share the machine)",
                 "value": ly["cpu_s"], "unit": "s", "floor": ly["floor_cpu_s"],
                 "floor_name": "CPU time of the yaml C loader on the table + json.loads of each log line"})
    rows.append({"area": "store", "name": f"peak RSS loading the {big:,}-action game (YAML save, fresh process)",
                 "value": ly["peak_mb"], "unit": "MB", "floor": ly["floor_peak_mb"],
                 "floor_name": "yaml C loader on the table + json.loads of each log line, same process setup"})
    for cards, (ms, floor) in f["tables"].items():
        rows.append({"area": "store", "name": f"load a {cards:,}-card table with a 100-action log (YAML)",
                     "value": ms, "unit": "ms", "floor": floor, "floor_name": "yaml C loader, same text"})
    return rows


def _journal_rows(f: dict[str, Any], big: int) -> list[dict[str, Any]]:
    lj = f["load_journal"]
    rows: list[dict[str, Any]] = []
    rows.append({"area": "store", "name": f"load a {big:,}-action game, 1,000 cards, from the journal a crash "
                 f"left ({f['journal_snapshots']} periodic snapshots, {f['journal_bytes'] / 2**20:.1f} MiB)",
                 "value": lj["s"], "unit": "s", "floor": lj["floor_s"],
                 "floor_name": "read + crc32 of the same lines"})
    rows.append({"area": "store", "name": f"load the same {big:,}-action game without the periodic snapshots "
                 "(snap lines removed: every change replayed)", "value": f["load_nosnap"]["s"], "unit": "s",
                 "floor": f["load_nosnap"]["floor_s"], "floor_name": "read + crc32 of those lines"})
    rows.append({"area": "store", "name": "read + crc32 + json.loads of every part of the same lines",
                 "value": lj["json_s"], "unit": "s", "floor": lj["floor_s"],
                 "floor_name": "read + crc32 of the same lines"})
    rows.append({"area": "store", "name": f"peak RSS loading the {big:,}-action game (journal)",
                 "value": lj["peak_mb"], "unit": "MB", "floor": lj["floor_peak_mb"],
                 "floor_name": "read + crc32 of the same lines, same process setup"})
    return rows


def main(argv: list[str] | None = None) -> dict[str, Any]:
    argv = sys.argv[1:] if argv is None else argv
    if "--restart-only" in argv:
        folder = Path(tempfile.mkdtemp(prefix="tabletop-bench-store-"))
        try:
            for entries, r in restart_costs((1000, 20_000), 3, folder).items():
                print(f"restart, {entries:,} actions ({r['bytes'] / 2**20:.1f} MiB): continue {r['continue']:.1f} ms, "
                      f"new journal {r['new']:.1f} ms, floor (read + crc32) {r['floor']:.1f} ms")
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        return {}
    rows = collect("--quick" in argv, "--loads-only" in argv)
    if "--json" in argv:
        print(json.dumps(rows, indent=2))
    else:
        for r in rows:
            ratio = f"  ({r['value'] / r['floor']:.2f}x)" if r.get("floor") else ""
            print(f"{r['name']}: {r['value']:.2f} {r['unit']}   floor {r['floor']:.2f} {r['unit']} "
                  f"({r['floor_name']}){ratio}")
    return {"rows": rows}


if __name__ == "__main__":
    main()
