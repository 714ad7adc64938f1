"""The card and YAML packages stay headless: importing them must not pull in pygame, networking or physics."""

from __future__ import annotations

import subprocess
import sys

FORBIDDEN = ("pygame", "pymunk", "websockets", "zeroconf", "tabletop.ui", "tabletop.net", "tabletop.physics")


def test_cards_and_yamlsafe_import_headless() -> None:
    code = (
        "import sys\n"
        "import tabletop.yamlsafe, tabletop.cards, tabletop.cards.check, tabletop.cards.decks, tabletop.cards.roles\n"
        "tabletop.cards.default_library()\n"
        f"bad = [m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r} or m.startswith({FORBIDDEN!r})]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.strip() == ""
