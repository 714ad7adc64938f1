"""`deck check|export`, `simulate`/`sweep` and `cards list|search` on GCCG-shaped sets and decks of our own.

The sets are copied into a `cards/` folder of the working folder, as a player keeps imported sets.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tabletop.cards import default_library
from tabletop.cli import main

FIXTURES = Path(__file__).resolve().parents[1] / "cards" / "fixtures"
DECKS = FIXTURES / "gccg_decks"
A, B = str(DECKS / "A.deck"), str(DECKS / "B.deck")


@pytest.fixture(autouse=True)
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A working folder with the GCCG-shaped sets in ./cards and a house-rules file H.yaml (random_xfile)."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    for name in ("xfc-alpha", "xfc-beta"):
        shutil.copytree(FIXTURES / "gccg" / name, tmp_path / "cards" / name)
    (tmp_path / "H.yaml").write_text("random_xfile: true\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    default_library.cache_clear()
    yield tmp_path
    default_library.cache_clear()


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        rc = main(list(args))
    except SystemExit as e:
        rc = int(e.code or 0)
    out = capsys.readouterr()
    return rc, out.out, out.err


def _gccg(path: Path, agents: list[str], deck: list[str], xfiles: list[str] = ()) -> str:
    parts = ["#", "# GCCG v0.9.8.1 The X-Files CCG deck", "#", ""]
    for title, lines in (("Agents", agents), ("Deck", deck), ("Xfiles", list(xfiles))):
        parts += ["#" * len(title), title, "#" * len(title), "", *lines, ""]
    path.write_text("\n".join(parts), encoding="utf-8")
    return str(path)


def test_gccg_decks_check_by_name_with_the_house_rule(capsys) -> None:
    for deck in (A, B):
        rc, out, err = run(capsys, "deck", "check", deck, "--ruleset", "xfiles-ccg", "--house-rules", "H.yaml",
                           "--json")
        body = json.loads(out)
        assert rc == 0 and body["legal"], body["problems"]
        assert body["format"] == "gccg" and body["sections"] == {"team": 4, "deck": 60, "xfile": 0}
    rc, out, _ = run(capsys, "deck", "check", A, "--ruleset", "xfiles-ccg")  # no X-File named, no house rule
    assert rc == 1 and "xfc.team.4" in out


def test_gccg_advanced_deck_rules_are_judged(capsys, table: Path) -> None:
    agents = ["1 SPECIAL AGENT OWEN MARSH", "1 SPECIAL AGENT RUTH CALDER", "1 SPECIAL AGENT LENA ORTIZ",
              "1 SPECIAL AGENT OWEN MARSH (ALP)"]
    deck = ["3 MARROW POINT, ME (ALP)", "2 THE NIGHT BUTCHER", "2 AMBUSH"]
    path = _gccg(table / "bad.deck", agents, deck, ["1 THE LANTERN CHOIR", "1 PROJECT STILLWATER"])
    rc, out, _ = run(capsys, "deck", "check", path, "--ruleset", "xfiles-ccg", "--json")
    codes = {p["code"] for p in json.loads(out)["problems"]}
    assert rc == 1
    assert {"xfc.deck_size", "xfc.copies", "xfc.killer", "xfc.team_duplicate", "xfc.team_cost", "xfc.xfile"} <= codes
    (table / "K.yaml").write_text("killer_cards: true\n", encoding="utf-8")
    rc, out, _ = run(capsys, "deck", "check", path, "--ruleset", "xfiles-ccg", "--house-rules", "K.yaml", "--json")
    assert "xfc.killer" not in {p["code"] for p in json.loads(out)["problems"]}


def test_unknown_names_are_problems_with_the_others_and_exit_1(capsys, table: Path) -> None:
    path = _gccg(table / "typo.deck", ["1 AGENT NADIA KELLAR"], ["2 MARROW POINT, ME"], ["1 THE LANTERN CHOIR"])
    rc, out, _ = run(capsys, "deck", "check", path, "--ruleset", "xfiles-ccg", "--json")
    body = json.loads(out)
    unknown = [p for p in body["problems"] if p["code"] == "unknown_card"]
    assert rc == 1 and len(unknown) == 1
    assert unknown[0]["line"] == 9 and unknown[0]["file"].endswith("typo.deck")
    assert "nearest: agent nadia keller" in unknown[0]["message"].casefold()
    assert {"xfc.deck_size", "xfc.team_size"} <= {p["code"] for p in body["problems"]}  # judged with the others
    rc, out, _ = run(capsys, "deck", "check", path, "--ruleset", "xfiles-ccg")
    assert rc == 1 and "typo.deck:9:" in out and "AGENT NADIA KELLAR" in out


def test_a_deck_file_that_cannot_be_read_is_bad_input(capsys, table: Path) -> None:
    cut = table / "cut.cod"
    cut.write_text('<?xml version="1.0"?>\n<cockatrice_deck version="1">\n<zone name="main">\n<card number="2"',
                   encoding="utf-8")
    rc, out, err = run(capsys, "deck", "check", str(cut), "--ruleset", "xfiles-ccg")
    assert rc == 2 and out == "" and "cut.cod:4: broken XML" in err


def test_deck_export_writes_a_file_that_reads_back(capsys, table: Path) -> None:
    rc, out, _ = run(capsys, "deck", "export", A, "--to", "cod", "--out", "A.cod")
    assert rc == 0 and "wrote A.cod" in out and "<cockatrice_deck" in (table / "A.cod").read_text(encoding="utf-8")
    rc, out, _ = run(capsys, "deck", "check", "A.cod", "--ruleset", "xfiles-ccg", "--house-rules", "H.yaml")
    assert rc == 0, out
    rc, out, _ = run(capsys, "deck", "export", A, "--to", "deck", "--game", "The X-Files CCG")
    assert rc == 0 and out.startswith("#\n# GCCG v0.9.8 The X-Files CCG deck") and "AGENT NADIA KELLER #2" in out


def test_simulate_plays_gccg_decks_in_strict_to_the_end(capsys) -> None:
    rc, out, err = run(capsys, "simulate", "--ruleset", "xfiles-ccg", "--games", "3", "--jobs", "1",
                       "--deck", f"1={A}", "--deck", f"2={B}", "--house-rules", "H.yaml", "--json")
    report = json.loads(out)
    assert rc == 0, err
    assert report["games"] == 3 and report["finished"] == 3 and report["errors"] == []
    assert report["violations"]["total"] == 0


def test_simulate_and_sweep_refuse_illegal_decks_in_strict(capsys, table: Path) -> None:
    rc, out, err = run(capsys, "simulate", "--ruleset", "xfiles-ccg", "--games", "2", "--jobs", "1",
                       "--deck", f"1={A}", "--deck", f"2={B}")
    assert rc == 1 and out == "" and "a strict game refuses an illegal deck" in err and "xfc.team.4" in err
    (table / "K.yaml").write_text("killer_cards: true\n", encoding="utf-8")
    rc, _, err = run(capsys, "sweep", "--ruleset", "xfiles-ccg", "--games", "1", "--jobs", "1", "--deck",
                     f"1={A}", "--house-rules", "H.yaml", "--house-rules", "K.yaml", "--out", str(table / "r"))
    assert rc == 1 and "(variant " in err and not (table / "r").exists()


def test_simulate_in_warn_logs_the_deck_problems_in_each_game(capsys) -> None:
    rc, out, err = run(capsys, "simulate", "--ruleset", "xfiles-ccg", "--games", "2", "--jobs", "1",
                       "--deck", f"1={A}", "--deck", f"2={B}", "--enforce", "warn", "--json")
    report = json.loads(out)
    assert rc == 0 and "warning" in err
    assert report["violations"]["by_rule"].get("xfc.team.4") == 4  # two decks, two games: a first `start` entry each


def test_cards_list_and_search(capsys) -> None:
    rc, out, _ = run(capsys, "cards", "search", "nadia", "--set", "ALP", "--json")
    found = json.loads(out)
    assert rc == 0 and [c["ref"] for c in found] == ["xfc-alpha/ALP-0003v1", "xfc-alpha/ALP-0039v1"]
    rc, out, _ = run(capsys, "cards", "search", "type:site", "cost<=1", "--set", "BET")
    assert rc == 0 and "xfc-beta/BET-0002v1  CEDAR HOLLOW, WV  (Site, cost 1)" in out
    assert all("xfc-beta/" in line for line in out.splitlines())
    rc, out, _ = run(capsys, "cards", "list", "--set", "xfc-alpha", "--limit", "2")
    assert rc == 0 and out.splitlines()[0].startswith("xfc-alpha/ALP-0001v1  SPECIAL AGENT OWEN MARSH")
    rc, _, err = run(capsys, "cards", "search", "health>=many")
    assert rc == 2 and "compares numbers" in err
