"""One command line: seats from 1 and checked, `--enforce` everywhere, exit 2 for bad input and 1 for a failed check."""

from __future__ import annotations

import argparse
import os
import tomllib
from pathlib import Path

import pytest

import tabletop
from tabletop.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[2]
STANDARD = str(ROOT / "cards" / "standard" / "decks" / "standard.yaml")
TRAGEDY = str(ROOT / "cards" / "standard" / "decks" / "tragedy.yaml")


@pytest.fixture(autouse=True)
def _headless(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        rc = main(list(args))
    except SystemExit as e:  # argparse's own usage errors and --version
        rc = int(e.code or 0)
    out = capsys.readouterr()
    return rc, out.out, out.err


@pytest.mark.parametrize(("args", "message"), [
    (["--deck", f"3={STANDARD}"], "--deck 3: there are only 2 seats"),
    (["--deck", f"0={STANDARD}"], "--deck 0: seats count from 1"),
    (["--deck", f"1={STANDARD}", "--deck", f"1={STANDARD}"], "seat 1 is given twice"),
    (["--deck", "1"], "--deck wants SEAT=FILE"),
    (["--bot", "5=greedy"], "--bot 5: there are only 2 seats"),
    (["--bot", "0=greedy"], "seats count from 1"),
    (["--seat", "3"], "--seat 3: there are only 2 seats"),
    (["--seat", "0"], "--seat 0: seats count from 1"),
    (["--seats", "3", "--ruleset", "xfiles-fan"], "xfiles-fan is played by 2 to 2 seats"),
    (["--ruleset", "tragedy", "--seats", "3", "--deck", f"4={STANDARD}"], "there are only 3 seats"),
])
def test_play_refuses_a_seat_the_table_does_not_have(capsys, args: list[str], message: str) -> None:
    rc, out, err = run(capsys, "play", "--headless", *args)
    assert rc == 2, err
    assert message in err and err.startswith("tabletop play: ")


def test_play_checks_seats_against_a_saved_table_too(capsys, tmp_path: Path) -> None:
    save = tmp_path / "three.yaml"
    save.write_text("format: tabletop-save\nversion: 1\nplayers: [Ann, Ben, Cy]\nzones: {}\n")
    rc, _, err = run(capsys, "play", "--headless", str(save), "--seat", "4")
    assert rc == 2 and "--seat 4: there are only 3 seats" in err
    rc, _, err = run(capsys, "play", "--headless", str(save), "--bot", "3=random", "--seat", "2")
    assert rc == 0, err
    rc, _, err = run(capsys, "play", "--headless", str(save), "--deck", f"1={STANDARD}")
    assert rc == 2 and "--deck set up a new game" in err


def test_host_and_serve_check_their_seats(capsys) -> None:
    rc, _, err = run(capsys, "host", "--headless", "--port", "0", "--bind", "127.0.0.1", "--no-announce",
                     "--deck", f"3={STANDARD}")
    assert rc == 2 and "tabletop host: --deck 3: there are only 2 seats" in err
    rc, _, err = run(capsys, "serve", "--port", "0", "--bind", "127.0.0.1", "--no-announce", "--host-seat", "3")
    assert rc == 2 and "tabletop serve: --host-seat 3: there are only 2 seats" in err
    rc, _, err = run(capsys, "serve", "--port", "0", "--bind", "127.0.0.1", "--no-announce", "--ruleset", "nope")
    assert rc == 2 and "no ruleset 'nope'" in err


def test_join_refuses_seat_zero_before_dialling(capsys) -> None:
    rc, _, err = run(capsys, "join", "127.0.0.1:9", "--once", "--seat", "0")
    assert rc == 2 and "--seat 0: seats count from 1" in err


def test_join_with_nobody_there_is_a_failure_not_bad_input(capsys) -> None:
    rc, _, err = run(capsys, "join", "127.0.0.1:9", "--once")
    assert rc == 1 and err.startswith("tabletop join: ")


def _position(tmp_path: Path) -> Path:
    save = tmp_path / "pos.yaml"
    save.write_text("format: tabletop-save\nversion: 1\nruleset: tragedy\nplayers: [Ann, Ben]\n"
                    "zones:\n  hand:0: [standard/AS]\n  hand:1: [standard/KH]\n"
                    "rules: {turn: 1, first: 1, active: 1, step: upkeep, priority: 1, passed: 0, need: 2,"
                    " stack: [], roles: {}, scored: false, stars: [], over: false, winner: null}\n")
    return save


def test_replay_counts_seats_from_1_and_names_them_so(capsys, tmp_path: Path) -> None:
    save = _position(tmp_path)
    rc, out, err = run(capsys, "replay", str(save), "--as", "1")
    assert rc == 0, err
    assert "  seat 1 Ann" in out and "  seat 2 Ben" in out and "seat 0" not in out
    assert "hand:0: standard/AS" in out and "hand:1: 1 hidden card(s)" in out  # seat 1 is hand:0's owner
    assert "active=seat 2" in out and "priority=seat 2" in out
    rc, out, _ = run(capsys, "replay", str(save), "--as", "2")
    assert "hand:1: standard/KH" in out and "hand:0: 1 hidden card(s)" in out
    for bad, message in (("0", "--as 0: seats count from 1"), ("3", "--as 3: there are only 2 seats"),
                         ("two", "--as: a seat is a number from 1")):
        rc, _, err = run(capsys, "replay", str(save), "--as", bad)
        assert rc == 2 and message in err


def test_replay_names_the_refused_steps_seat_from_1(capsys, tmp_path: Path) -> None:
    log = tmp_path / "log.yaml"
    log.write_text("- {seat: 1, action: {type: move, pieces: [p1], to: table}}\n")  # seat index 1 is seat 2
    rc, _, err = run(capsys, "replay", str(_position(tmp_path)), str(log))
    assert rc == 0 and "step 0 (move by seat 2) refused" in err


def _parsers(parser: argparse.ArgumentParser, name: str = "tabletop"):
    yield name, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child_name, child in action.choices.items():
                yield from _parsers(child, f"{name} {child_name}")


def test_the_rules_dial_is_enforce_everywhere_and_the_old_spelling_still_works(capsys) -> None:
    with_dial = []
    for name, parser in _parsers(build_parser()):
        flags = parser._option_string_actions
        if "--enforce" in flags or "--enforcement" in flags:
            with_dial.append(name.split()[-1])
            assert "--enforce" in flags and "--enforcement" in flags, name
            assert "--enforcement" not in parser.format_help(), name  # the old spelling is hidden
    assert {"play", "host", "serve", "simulate"} <= set(with_dial)
    args = build_parser().parse_args(["simulate", "--ruleset", "tragedy", "--enforcement", "warn"])
    args2 = build_parser().parse_args(["simulate", "--ruleset", "tragedy", "--enforce", "warn"])
    assert vars(args) == vars(args2)
    args = build_parser().parse_args(["serve", "--enforcement", "strict"])
    assert args.enforce == "strict"


def test_bad_input_exits_2_and_a_failed_check_exits_1(capsys, tmp_path: Path) -> None:
    missing = str(tmp_path / "missing.yaml")
    assert run(capsys, "play", "--headless", missing)[0] == 2
    assert run(capsys, "play", "--headless", "--ruleset", "nope")[0] == 2
    assert run(capsys, "host", "--headless", "--port", "0", "--bind", "127.0.0.1", "--no-announce", missing)[0] == 2
    assert run(capsys, "replay", missing)[0] == 2
    assert run(capsys, "play", "--headless", "--size", "huge")[0] == 2
    assert run(capsys, "nonsense")[0] == 2  # argparse's usage error
    rc, out, _ = run(capsys, "deck", "check", STANDARD, "--ruleset", "tragedy")
    assert rc == 1 and "0000.1.1.2" in out  # the check ran and the deck failed it: no Star


@pytest.mark.parametrize("command", [
    ["play", "--headless", "--ruleset", "tragedy"],
    ["serve", "--ruleset", "tragedy", "--port", "0", "--bind", "127.0.0.1", "--no-announce"],
    ["deck", "check", STANDARD, "--ruleset", "tragedy"],
    ["simulate", "--ruleset", "tragedy", "--games", "1", "--jobs", "1"],
    ["host", "--headless", "--ruleset", "tragedy", "--port", "0", "--bind", "127.0.0.1", "--no-announce"],
    ["sweep", "--ruleset", "tragedy", "--games", "1", "--jobs", "1", "--out", "unused-report"],
])
def test_a_misspelt_house_rule_names_file_line_and_the_option_meant(capsys, tmp_path: Path, command) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("# quick games\nwin_favr: 300\n")
    rc, _, err = run(capsys, *command, "--house-rules", str(house))
    assert rc == 2
    assert f"{house}:2" in err and "did you mean 'win_favor'?" in err
    assert err.startswith(f"tabletop {command[0]}")


def test_house_rules_reach_the_game(capsys, tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("win_favor: 300\n")
    shot = tmp_path / "t.png"
    rc, _, err = run(capsys, "play", "--headless", "--ruleset", "tragedy", "--house-rules", str(house),
                     "--screenshot", str(shot))
    assert rc == 0, err and shot.is_file()


def test_version(capsys) -> None:
    rc, out, _ = run(capsys, "--version")
    assert rc == 0 and out.strip() == f"tabletop {tabletop.__version__}"
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert meta["version"] == tabletop.__version__


def test_the_license_is_shipped_and_is_what_pyproject_says() -> None:
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    text = (ROOT / "LICENSE").read_text()
    assert meta["license"]["text"] == "MIT" and text.startswith("MIT License")
    assert "Permission is hereby granted, free of charge" in text


def test_a_tragedy_legal_deck_is_shipped(capsys) -> None:
    rc, out, err = run(capsys, "deck", "check", TRAGEDY, "--ruleset", "tragedy", "--json")
    assert rc == 0, out + err
    assert '"legal": true' in out
    rc, _, err = run(capsys, "play", "--headless", "--ruleset", "tragedy", "--enforce", "strict",
                     "--deck", f"1={TRAGEDY}", "--deck", f"2={TRAGEDY}")
    assert rc == 0, err


def test_an_uncaught_error_of_the_tree_is_one_line_and_exit_2(capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.commands import rulesets
    from tabletop.errors import TabletopError

    def boom(args):
        raise TabletopError("somewhere.yaml:3: a clear sentence")

    monkeypatch.setattr(rulesets, "run", boom)
    rc, _, err = run(capsys, "rulesets")
    assert rc == 2 and err.strip() == "tabletop rulesets: somewhere.yaml:3: a clear sentence"
    assert os.environ["SDL_VIDEODRIVER"] == "dummy"


def test_cards_check_checks_the_role_mappings_the_rulesets_register(capsys, tmp_path: Path) -> None:
    bad = tmp_path / "odd"
    bad.mkdir()
    (bad / "set.yaml").write_text("set: odd\ntragedy:\n  by_type:\n    face: {roles: [Hero]}\n")
    (bad / "cards.yaml").write_text("- {id: a, name: A, type: face}\n")
    rc, out, _ = run(capsys, "cards", "check", str(bad))
    assert rc == 1 and "set.yaml:4" in out and "unknown role 'Hero'" in out


def test_simulate_refuses_a_ruleset_with_no_moves_for_bots_as_bad_input(capsys) -> None:
    rc, out, err = run(capsys, "simulate", "--ruleset", "freeform", "--games", "1", "--jobs", "1")
    assert rc == 2, out + err
    assert err.startswith("tabletop simulate: freeform has no moves for bots to play")
    assert "seat 0" not in out + err


def test_simulate_checks_every_seat_it_is_given(capsys) -> None:
    for args, message in ((["--deck", f"0={TRAGEDY}"], "--deck 0: seats count from 1"),
                          (["--seats", "2", "--deck", f"3={TRAGEDY}"], "there are only 2 seats"),
                          (["--deck", f"x={TRAGEDY}"], "a seat is a number from 1"),
                          (["--seats", "7"], "tragedy is played by 2 to 6 seats, not 7")):
        rc, _, err = run(capsys, "simulate", "--ruleset", "tragedy", "--games", "1", "--jobs", "1", *args)
        assert rc == 2 and message in err, (args, err)


def test_a_stuck_game_names_its_seat_from_1() -> None:
    from tabletop.rules.simulate import play_session

    record, _ = play_session("freeform", ["greedy", "random"], 0)
    assert record.end == "deadlock" and record.error == "seat 1 has no action"


def test_a_flag_is_never_taken_for_a_longer_one(capsys) -> None:
    """`host --seat 3` once quietly meant `--seats 3` (argparse's abbreviations): a flag a command lacks is refused."""
    rc, _, err = run(capsys, "host", "--headless", "--port", "0", "--bind", "127.0.0.1", "--no-announce",
                     "--seat", "3")
    assert rc == 2 and "unrecognized arguments: --seat" in err
    rc, _, err = run(capsys, "simulate", "--ruleset", "tragedy", "--game", "1")
    assert rc == 2 and "unrecognized arguments: --game" in err
    for name, parser in _parsers(build_parser()):
        assert parser.allow_abbrev is False, name


def test_deck_check_of_a_file_that_is_not_there_is_bad_input(capsys, tmp_path: Path) -> None:
    """A missing or unreadable deck file is bad input (2), as with `cards check`; a deck with mistakes fails (1)."""
    missing = tmp_path / "nope.yaml"
    rc, out, err = run(capsys, "deck", "check", str(missing), "--ruleset", "tragedy")
    assert rc == 2 and err.startswith(f"tabletop deck check: {missing}: ") and out == ""
    rc, _, err = run(capsys, "deck", "check", str(tmp_path), "--ruleset", "tragedy")
    assert rc == 2 and "is a folder" in err
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: x\ncards: [\n")
    rc, out, err = run(capsys, "deck", "check", str(broken), "--ruleset", "tragedy")
    assert rc == 2 and f"{broken}:" in err and out == ""  # a file that cannot be read is bad input


def test_the_window_opens_at_a_size_that_fits_the_screen(monkeypatch) -> None:
    """Without --size the window takes the largest tested size the screen holds (at 800x600 a 1280x800 window
    opened cut off: found by a newcomer's trial); --size still decides when given."""
    import argparse

    import pygame

    from tabletop.commands.window import default_size, window_size

    monkeypatch.setattr(pygame.display, "init", lambda: None)
    for screen, size in (((800, 600), (800, 600)), ((1024, 768), (800, 600)), ((1920, 1080), (1280, 800)),
                         ((640, 480), (800, 600))):
        monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda screen=screen: [screen])
        assert default_size(headless=False) == size, screen
    assert default_size(headless=True) == (1280, 800)
    args = argparse.Namespace(size="1024x700", headless=True, deck=[])
    assert window_size(args, "play") == (1024, 700)


def test_a_command_builds_only_its_own_parser() -> None:
    """`tabletop rulesets` imports no other command's module (the LAN host's ~0.13 s of imports among them)."""
    import subprocess
    import sys

    code = (
        "import sys; from tabletop.cli import main; rc = main(['rulesets', '--json']);"
        "print(sorted(m for m in sys.modules if m.startswith(('tabletop.commands.', 'tabletop.net'))), file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    loaded = done.stderr.strip()
    assert "tabletop.commands.rulesets" in loaded
    assert "tabletop.commands.host" not in loaded and "tabletop.net" not in loaded
    assert build_parser("rulesets").parse_args(["rulesets"]).command == "rulesets"
