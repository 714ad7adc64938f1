"""`tabletop join --size WxH`: the Join window opens at the size asked for, parsed as `play --size` and `host --size`
parse it (trial 3 found `join --size 800x600` refused as an unrecognized argument)."""

from __future__ import annotations

import argparse

import pytest

from tabletop.cli import main
from tabletop.commands import play


@pytest.fixture(autouse=True)
def _headless(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")


def _run(*argv: str) -> int:
    try:
        return main(list(argv))
    except SystemExit as e:  # argparse's own usage errors
        return int(e.code or 0)


def test_join_passes_its_size_to_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[argparse.Namespace] = []
    monkeypatch.setattr(play, "run", lambda a: seen.append(a) or 0)
    assert _run("join", "--size", "800x600") == 0
    assert len(seen) == 1 and seen[0].size == "800x600" and seen[0].join == ""


def test_join_opens_its_window_at_that_size(monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.ui import TableApp

    sizes: list[tuple[int, int]] = []
    real = TableApp.__init__

    def spy(self, *a, **kw):
        sizes.append(kw.get("size"))
        real(self, *a, **kw)

    monkeypatch.setattr(TableApp, "__init__", spy)
    monkeypatch.setattr(TableApp, "run", lambda self: self.close() or 0)
    assert _run("join", "--size", "800x600") == 0
    assert sizes == [(800, 600)]


@pytest.mark.parametrize("bad", ["800", "800x", "x600", "0x600", "wide"])
def test_join_refuses_a_bad_size_as_play_does(capsys: pytest.CaptureFixture[str], bad: str) -> None:
    assert _run("join", "--size", bad) == 2
    assert capsys.readouterr().err.strip() == f"tabletop join: bad --size {bad!r}, want WIDTHxHEIGHT"
    assert _run("play", "--size", bad) == 2
    assert capsys.readouterr().err.strip() == f"tabletop play: bad --size {bad!r}, want WIDTHxHEIGHT"
