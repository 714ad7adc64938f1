"""simulate with a deck of an imported card set: the set in ./cards is found, the games run and their saves reopen."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tabletop.cards import CardLibrary
from tabletop.cards.importers.xfiles_ccg_json import import_cards

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "cards" / "fixtures" / "xfiles_ccg" / "cards.json"


def _tabletop(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tabletop", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=300, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def test_a_deck_of_an_imported_set_plays_and_its_kept_games_reopen(tmp_path: Path) -> None:
    out = tmp_path / "cards" / "xfc-fixture"
    import_cards(FIXTURE, out)
    lib = CardLibrary([out.parent])
    ids = {c.name: c.id for c in lib}
    deck_cards = [c.id for c in lib if c.type not in ("Agent", "X-File") and c.name != "The Odd One"]
    deck = {"name": "Imported", "set": "xfc-fixture", "sections": {
        "team": [ids["Agent Mara Quill"], ids["Agent Hollis Vane"], ids["Analyst Rue Okafor"]],
        "xfile": [ids["The Quiet Tenants"]],
        "deck": [f"2x {c}" for c in deck_cards[:30]]}}
    (tmp_path / "imported.yaml").write_text(json.dumps(deck), encoding="utf-8")
    run = _tabletop(tmp_path, "simulate", "--ruleset", "xfiles-ccg", "--games", "2", "--jobs", "1",
                    "--deck", "1=imported.yaml", "--keep", "kept", "--json")
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["games"] == 2 and report["decks"] == {"1": "imported.yaml"}
    assert report["wins_per_deck"]["imported"]["played"] == report["finished"]
    kept = sorted((tmp_path / "kept").glob("*.yaml"))
    assert len(kept) == 2 and "xfc-fixture/" in kept[0].read_text(encoding="utf-8")
    again = _tabletop(tmp_path, "violations", str(kept[0]))
    assert again.returncode == 0, again.stderr
