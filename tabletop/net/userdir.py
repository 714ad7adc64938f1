"""Where this user's tabletop files live (certificate, pins, seat tokens), outside any project folder.

`TABLETOP_HOME` wins (tests point it at a temporary folder); otherwise the platform's place for a user's settings:
`%APPDATA%\\tabletop` on Windows, `~/Library/Application Support/tabletop` on macOS, `$XDG_CONFIG_HOME/tabletop`
(default `~/.config/tabletop`) elsewhere. Nothing here imports pygame: the window, `serve` and `join` share it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

__all__ = ["ENV", "user_dir"]

#: the environment variable naming the folder to use instead of the platform's
ENV = "TABLETOP_HOME"


def user_dir(create: bool = True) -> Path:
    """The user's tabletop folder (made, readable by this user only, when `create`)."""
    env = os.environ.get(ENV, "").strip()
    if env:
        path = Path(env).expanduser()
    elif sys.platform == "win32" and os.environ.get("APPDATA"):
        path = Path(os.environ["APPDATA"]) / "tabletop"
    elif sys.platform == "darwin":
        path = Path.home() / "Library" / "Application Support" / "tabletop"
    else:
        base = os.environ.get("XDG_CONFIG_HOME", "").strip()
        path = (Path(base) if base and Path(base).is_absolute() else Path.home() / ".config") / "tabletop"
    if create and not path.is_dir():
        path.mkdir(parents=True, exist_ok=True, mode=0o700)
    return path
