"""The pygame-ce table: it only reads views and submits Actions. A house of rooms, one per part of the window:

- `table/`: the table scene (layout, faces, render, camera, the seat's kept view, pieces in flight);
- `input/`: gestures, keys and the commands that turn them into Actions, and headless scripts;
- `panels/`: the bars and panels around the table, and the boards rulesets register;
- `dialogs/`: dialogs, forms and the gallery, and the route every widget event takes;
- `app/`: the window's loop and lifecycle (local, host, join), its sources and streams, bot seats, settings;
- `decks/`: the deck editor and card browser; `replay/`: the replay viewer.
"""

from __future__ import annotations

from .app.window import TableApp, parse_house_rules
from .input.script import load_script, run_script

__all__ = ["TableApp", "load_script", "parse_house_rules", "run_script"]
