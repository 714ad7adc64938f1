"""The `tabletop` command: cards check, deck check and replay, as a newcomer would run them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def tabletop(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tabletop", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=120)


def test_cards_check_passes_on_shipped_sets() -> None:
    r = tabletop("cards", "check")
    assert r.returncode == 0, r.stdout + r.stderr


def test_cards_check_fails_with_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "broken"
    bad.mkdir()
    (bad / "set.yaml").write_text("set: broken\ntitle: Broken\n")
    (bad / "cards.yaml").write_text("- {id: a, name: A, type: x}\n- {id: a, name: B, type: x}\n- {id: b, type: x}\n")
    r = tabletop("cards", "check", str(bad))
    assert r.returncode == 1
    assert "cards.yaml:2" in r.stdout and "cards.yaml:3" in r.stdout


def test_cards_check_reports_a_tragedy_card_with_roles_but_no_value(tmp_path: Path) -> None:
    """0000.2.5: every card has a Value; a mapping that gives a card Roles and no Value is named at the card."""
    props = tmp_path / "props"
    props.mkdir()
    (props / "set.yaml").write_text("set: props\ntitle: Props\ntragedy:\n  value_field: weight\n"
                                    "  default: {roles: [Prop, Act]}\n")
    (props / "cards.yaml").write_text("- {id: hat, name: Hat, type: prop, weight: 2}\n"
                                      "- {id: cane, name: Cane, type: prop}\n"
                                      "- {id: mask, name: Mask, type: prop, tragedy: {roles: [Actor]}}\n")
    r = tabletop("cards", "check", str(props))
    assert r.returncode == 1, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == 2, lines
    assert "cards.yaml:2: tragedy: card 'cane' (Cane) has roles (Prop, Act)" in lines[0]
    assert "cards.yaml:3: tragedy:" in lines[1] and "0000.2.5" in lines[1] and "Hat" not in r.stdout


#: An X-Files Fan deck list that breaks the deck rules (too few cards, too many copies, a thin environment deck).
BAD_FAN_DECK = """\
name: Too thin
set: xfiles-fan-sample
sections:
  deck: [5x canvass-witnesses, 20x late-coffee]
  environment: [agent-scully]
"""


def test_an_illegal_deck_stops_a_strict_game_and_is_reported_in_warn(tmp_path: Path) -> None:
    bad = tmp_path / "BAD.yaml"
    bad.write_text(BAD_FAN_DECK)
    start = ("play", "--ruleset", "xfiles-fan", "--deck", f"1={bad}", "--headless", "--frames", "1")
    r = tabletop(*start, "--enforce", "strict")
    assert r.returncode == 1, r.stdout + r.stderr  # a failed check is 1 (README: exit status), not bad input
    lines = r.stderr.splitlines()
    assert lines[0].startswith("tabletop play: cannot start a strict xfiles-fan game: 6 deck problems")
    problems = [line for line in lines[1:] if line.startswith(f"  seat 1 deck {bad}: ")]
    assert len(problems) == 6 == len(lines) - 1
    for rule in ("xff.deck.size", "xff.deck.copies", "xff.deck.environment", "xff.1.4"):
        assert any(f": {rule}: " in line for line in problems), rule
    assert "Canvass the Witnesses: 5 copies" in r.stderr
    r = tabletop(*start, "--enforce", "warn")
    assert r.returncode == 0, r.stderr
    assert "warning: the game starts with 6 deck problem(s)" in r.stderr
    assert "xff.deck.copies: Seat 1's deck (BAD.yaml): Canvass the Witnesses: 5 copies" in r.stderr
    r = tabletop(*start, "--enforce", "off")
    assert r.returncode == 0 and "deck" not in r.stderr, r.stderr


def test_deck_check_json() -> None:
    r = tabletop("deck", "check", "cards/standard/decks/standard.yaml", "--json")
    assert r.returncode == 0, r.stderr
    body = json.loads(r.stdout)
    assert body["legal"] and body["sections"] == {"deck": 54}


def test_replay_json_hides_what_the_seat_cannot_see(tmp_path: Path) -> None:
    save = tmp_path / "pos.yaml"
    save.write_text("format: tabletop-save\nversion: 1\nplayers: [Ann, Ben]\nzones:\n"
                    "  hand:0: [standard/AS, standard/KH]\n  deck: [standard/2C, standard/3C, standard/4C]\n")
    log = tmp_path / "log.yaml"
    log.write_text("- {seat: 1, action: {type: draw, count: 2, source: deck}}\n"
                   "- {seat: 0, action: {type: move, pieces: [p1], to: table, x: 100, y: 100}}\n"
                   "- {seat: 0, action: {type: move, pieces: [p5], to: table}}\n")
    r = tabletop("replay", str(save), str(log), "--as", "1", "--json")
    assert r.returncode == 0, r.stderr
    body = json.loads(r.stdout)
    assert body["zones"]["table"] == ["standard/AS"]
    assert body["zones"]["hand:1"] == 2 and body["zones"]["deck"] == 1
    assert "standard/2C" not in r.stdout and "standard/3C" not in r.stdout
    assert [x["step"] for x in body["refused"]] == [2]  # p5 is the deck card: seat 0 cannot name it
    assert set(body) >= {"seq", "hash", "enforcement", "players", "zones", "rules", "winner", "violations"}
    full = json.loads(tabletop("replay", str(save), str(log), "--json").stdout)
    assert full["zones"]["hand:1"] == ["standard/2C", "standard/3C"]


def test_replay_bad_save_names_file_and_line(tmp_path: Path) -> None:
    save = tmp_path / "bad.yaml"
    save.write_text("format: tabletop-save\nversion: 1\nplayers: [Ann]\nzones:\n  hand:0: [standard/NOPE]\n")
    r = tabletop("replay", str(save))
    assert r.returncode == 2
    assert f"{save}:5" in r.stderr and "unknown card" in r.stderr
