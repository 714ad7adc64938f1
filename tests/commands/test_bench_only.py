"""`tabletop bench --only` takes the modules' short names (and their file names) and refuses an unknown one."""

from __future__ import annotations

import pytest

from tabletop.commands.bench import MODULES, chosen


def test_short_names_and_file_names_pick_modules_in_the_printed_order():
    assert chosen(["decks", "core"]) == ["bench_core", "bench_decks"]
    assert chosen(["bench_lab"]) == ["bench_lab"]
    assert chosen(None) == list(MODULES)


def test_an_unknown_name_is_refused_with_the_known_ones():
    with pytest.raises(ValueError, match=r"no bench module 'nope' \(known: render, core"):
        chosen(["decks", "nope"])


def test_the_command_exits_2_on_an_unknown_module(capsys):
    from tabletop.cli import main

    assert main(["bench", "--only", "nope"]) == 2
    assert "no bench module 'nope'" in capsys.readouterr().err
