"""Games on the threads of one process (a Dask worker with several threads) do not share a ruleset instance.

Why: a game sets the card library it plays with on its ruleset, and the ruleset's card parts drop and refill their
memos then; two games sharing one instance on two threads read each other's half-dropped memos (a KeyError at
setup, seen as a flaky Dask test).
"""

from __future__ import annotations

import threading

from tabletop.rules.simulate import shared_ruleset


def test_one_thread_keeps_its_ruleset_and_another_thread_gets_its_own() -> None:
    mine = shared_ruleset("xfiles-fan", None)
    assert shared_ruleset("xfiles-fan", None) is mine  # still read once per thread
    theirs: list[object] = []
    worker = threading.Thread(target=lambda: theirs.append(shared_ruleset("xfiles-fan", None)))
    worker.start()
    worker.join()
    assert theirs and theirs[0] is not mine
