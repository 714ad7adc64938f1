"""Fingerprints of self-play games, to prove a speed-up changed no game: the same seeds, the same digests.

Run: python bench/bench_lab_fingerprint.py [--games N] [--ruleset NAME] [--logs N] > out.json
     python bench/bench_lab_fingerprint.py --compare before.json after.json

Per ruleset, greedy vs random strict self-play of N seeds (bots rotating seats, as `simulate` plays them). Each
game's fingerprint is its record (winner, turns, actions, automatic actions, scores, violations, ending), the hash
of its final table, a digest of its whole log as saved, and for the first `--logs` games a digest of every seat's
and a spectator's rendered log (what `log_for` shows). Run it with PYTHONPATH at two checkouts and compare.
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

from tabletop.rules.simulate import play_session, young_gc

__all__ = ["compare", "fingerprints", "main"]

RULESETS = ("xfiles-fan", "tragedy", "xfiles-ccg", "freeform")


def _digest(data: Any) -> str:
    return hashlib.blake2b(json.dumps(data, sort_keys=True, default=str).encode(), digest_size=10).hexdigest()


def _fixed_secrets() -> None:
    """Every table's handle secret from one seeded stream: handles and tokens (X-Files CCG names its questions by
    them) are otherwise random per table, by design, and would differ between any two runs."""
    import random

    import tabletop.core.state as state_module

    rng = random.Random(0)

    class _Secrets:
        @staticmethod
        def token_hex(n: int = 16) -> str:
            return rng.randbytes(n).hex()

    state_module.secrets = _Secrets  # type: ignore[assignment]


def fingerprints(name: str, games: int, logs: int, enforcement: str = "strict") -> list[dict[str, Any]]:
    """One fingerprint per seed of `name`."""
    _fixed_secrets()
    out = []
    with young_gc():
        for i in range(games):
            bots = ["greedy", "random"] if i % 2 == 0 else ["random", "greedy"]
            record, session = play_session(name, bots, 1_000_003 + i, index=i, enforcement=enforcement)
            fp = record.to_dict()
            fp["state"] = session.state.hash()
            fp["log"] = _digest([e.to_dict() for e in session.history])
            if i < logs:
                fp["seat_logs"] = _digest([session.log_for(s) for s in (*session.state.seats, None)])
            out.append(fp)
    return out


def compare(before: dict[str, Any], after: dict[str, Any]) -> int:
    """Print each difference; the number of games that differ."""
    bad = 0
    for name in sorted(set(before) | set(after)):
        a, b = before.get(name, []), after.get(name, [])
        if len(a) != len(b):
            print(f"{name}: {len(a)} games before, {len(b)} after")
            bad += 1
        for x, y in zip(a, b, strict=False):
            if x != y:
                bad += 1
                keys = sorted(k for k in set(x) | set(y) if x.get(k) != y.get(k))
                print(f"{name} seed {x.get('seed')}: differs in {', '.join(keys)}")
        print(f"{name}: {min(len(a), len(b))} games compared")
    return bad


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--compare" in argv:
        i = argv.index("--compare")
        with open(argv[i + 1]) as f1, open(argv[i + 2]) as f2:
            bad = compare(json.load(f1), json.load(f2))
        print("identical" if not bad else f"{bad} differences")
        return 1 if bad else 0
    games = int(argv[argv.index("--games") + 1]) if "--games" in argv else 200
    logs = int(argv[argv.index("--logs") + 1]) if "--logs" in argv else 20
    enforcement = argv[argv.index("--enforce") + 1] if "--enforce" in argv else "strict"
    names = [argv[argv.index("--ruleset") + 1]] if "--ruleset" in argv else list(RULESETS)
    print(json.dumps({n: fingerprints(n, games, logs, enforcement) for n in names}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
