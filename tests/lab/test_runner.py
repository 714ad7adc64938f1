"""The runner: the same seeds give the same records serially, on a process pool and on a Dask LocalCluster."""

from __future__ import annotations

import io

import pytest

from tabletop.lab import plan, run_specs
from tabletop.lab.runner import ClusterUnavailable, Progress, chunks

DECKS = {0: "cards/xfiles-fan-sample/decks/agents.yaml", 1: "cards/xfiles-fan-sample/decks/conspiracy.yaml"}


def _specs():
    # two rulesets, decks per seat with swapped seats, and a short action bound so some games are cut off
    return (plan("tragedy", 5, 3, ["greedy", "random"], seats=2)
            + plan("xfiles-fan", 2, 1, ["random", "greedy"], seats=2, decks=DECKS, swap_seats=True,
                   max_actions=120, variant="short"))


def test_serial_pool_and_cluster_give_identical_records() -> None:
    distributed = pytest.importorskip("distributed")
    specs = _specs()
    serial = run_specs(specs, jobs=1)
    pool = run_specs(specs, jobs=2)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None,
                                  protocol="tcp", host="127.0.0.1") as cluster:
        remote = run_specs(specs, scheduler=cluster.scheduler_address)
    assert serial.workers == 1 and pool.workers == 2 and "Dask cluster tcp://127.0.0.1" in remote.where
    assert [(r.variant, r.index) for r in serial.records] == [(s.variant, s.index) for s in specs]
    assert pool.records == serial.records
    assert remote.records == serial.records
    ends = {r.end for r in serial.records}
    assert "win" in ends and "cap" in ends  # the short games really were cut off, and say so
    swapped = [r for r in serial.records if r.variant == "short"]
    assert swapped[0].decks == ["agents", "conspiracy"] and swapped[1].decks == ["conspiracy", "agents"]
    assert swapped[0].seed == swapped[1].seed


def test_unreachable_scheduler_is_a_clear_error() -> None:
    pytest.importorskip("distributed")
    with pytest.raises(ClusterUnavailable, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        run_specs(_specs()[:1], scheduler="tcp://127.0.0.1:9", connect_timeout=1)


def test_chunks_cover_every_spec_once_in_order() -> None:
    specs = plan("tragedy", 37, 0, ["random"], seats=2)
    parts = chunks(specs, 2)
    flat = [s for _, c in parts for s in c]
    assert flat == specs and [o for o, _ in parts] == [0] + [sum(len(c) for _, c in parts[:i])
                                                          for i in range(1, len(parts))]


def test_progress_bar_counts_to_the_total() -> None:
    out = io.StringIO()
    bar = Progress(4, stream=out)
    for i in range(1, 5):
        bar(i, 4)
    text = out.getvalue()
    assert "4/4 games" in text and text.endswith("\n") and "#" * 30 in text


def test_simulate_command_on_a_cluster_reports_what_a_serial_run_does(capsys) -> None:
    import json

    from tabletop.cli import main

    distributed = pytest.importorskip("distributed")
    args = ["simulate", "--ruleset", "tragedy", "--games", "4", "--seed", "9", "--json"]
    assert main([*args, "--jobs", "1"]) == 0
    serial = json.loads(capsys.readouterr().out)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None,
                                  protocol="tcp", host="127.0.0.1") as cluster:
        assert main([*args, "--scheduler", cluster.scheduler_address]) == 0
    remote = json.loads(capsys.readouterr().out)
    assert remote["where"].startswith("Dask cluster tcp://127.0.0.1")
    # timings differ from run to run: the same decisions were timed, and everything else is the same
    assert {b: d["decisions"] for b, d in remote["decisions"].items()} == \
        {b: d["decisions"] for b, d in serial["decisions"].items()}
    for body in (serial, remote):
        body.pop("speed"), body.pop("where"), body.pop("decisions")
    assert remote == serial
