"""The layers stay pure: core, cards, rules and store never pull in pygame, sockets or physics."""

from __future__ import annotations

import subprocess
import sys

PURE = ["tabletop.core", "tabletop.cards", "tabletop.rules", "tabletop.store", "tabletop.yamlsafe", "tabletop.game"]
FORBIDDEN = ["pygame", "pygame_gui", "pymunk", "websockets", "zeroconf", "tabletop.ui", "tabletop.net",
             "tabletop.physics"]


def test_pure_layers_import_no_pygame_network_or_physics() -> None:
    code = (
        "import sys\n"
        f"for m in {PURE!r}: __import__(m)\n"
        "import tabletop.rules as r\n"
        "for name in r.RULESETS: r.get_ruleset(name)\n"
        f"bad = [m for m in {FORBIDDEN!r} if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_engine_tests_do_not_import_pygame() -> None:
    """The engine test folders themselves never import pygame (they run without a display library)."""
    from pathlib import Path

    root = Path(__file__).parent
    for layer in ("core", "cards", "rules", "store"):
        for path in (root / layer).rglob("*.py"):
            text = path.read_text()
            assert "import pygame" not in text and "from pygame" not in text, path


def test_card_sets_sit_below_rulesets() -> None:
    """Rules import cards, never the reverse: loading and importing cards pulls in no ruleset."""
    code = (
        "import sys, tabletop.cards, tabletop.cards.importers.xfiles_fan_js, tabletop.cards.importers.xfiles_ccg_json\n"
        "print('tabletop.rules' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
