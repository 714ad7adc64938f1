"""`tabletop cards coverage` and the card-text parts of `cards check`, run as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

FIXTURE = Path(__file__).resolve().parents[1] / "rules" / "fixtures" / "fan-text"
ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tabletop", *args], capture_output=True, text=True, cwd=cwd,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, timeout=120)


def test_coverage_lists_every_card_with_its_status_and_the_totals_in_json() -> None:
    out = _run("cards", "coverage", str(FIXTURE), "--ruleset", "xfiles-fan", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    rows = {r["ref"]: r for r in data["rows"]}
    assert set(data["rows"][0]) == {"ref", "title", "status", "left"}
    assert rows["fan-text/agent-scully"]["status"] == "no_text"
    for cid in ("faint-warning", "local-deputy", "not-alone", "small-comfort", "taken-away", "shake-it-off",
                "trusted-partner", "swap-back"):
        assert rows[f"fan-text/{cid}"]["status"] == "automated", cid
    assert rows["fan-text/odd-ambush"]["status"] == "by_hand" and len(rows["fan-text/odd-ambush"]["left"]) == 2
    assert rows["fan-text/lost-in-import"]["status"] == "by_hand"  # text lost on import: never no_text
    totals = data["totals"]
    assert totals["cards"] == len(rows) == sum(totals[s] for s in ("no_text", "automated", "partly", "by_hand"))
    assert totals["no_text_or_automated"] == totals["cards"] - 2


def test_coverage_in_text_and_its_bad_input() -> None:
    out = _run("cards", "coverage", str(FIXTURE), "--ruleset", "xfiles-fan")
    assert out.returncode == 0 and "by_hand    Odd Ambush" in out.stdout and "left: Pro: requires" in out.stdout
    assert out.stdout.strip().splitlines()[-1].startswith("19 cards under xfiles-fan")
    assert _run("cards", "coverage", "nowhere", "--ruleset", "xfiles-fan").returncode == 2
    assert _run("cards", "coverage", str(FIXTURE), "--ruleset", "chess").returncode == 2


def test_cards_check_names_the_file_line_and_field_of_a_hand_written_effect(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "set.yaml").write_text("set: mine\nruleset: xfiles-fan\n")
    (folder / "cards.yaml").write_text(
        "cards:\n"
        "- id: quick-look\n"
        "  name: Quick Look\n"
        "  type: action\n"
        "  text: Draw two cards.\n"
        "  effects:\n"
        "    - text: Draw two cards.\n"
        "      do: [{draw: 2}]\n"
        "    - text: Then discard one.\n"
        "      do: [{dicsard: {target: self}}]\n")
    out = _run("cards", "check", str(folder))
    assert out.returncode == 1
    assert "cards.yaml:9: effects[2].do[1].dicsard: card 'quick-look': is not a primitive" in out.stdout, out.stdout


def test_cards_check_notes_a_tag_no_card_of_the_set_provides() -> None:
    out = _run("cards", "check", str(FIXTURE))
    assert out.returncode == 0, out.stdout + out.stderr
    assert "note: " in out.stdout and "requires [*Unmasked], which no card of the set provides" in out.stdout
