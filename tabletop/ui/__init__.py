"""The pygame-ce table: camera, renderer, input and widgets. It only reads views and submits Actions."""

from __future__ import annotations

from .app import TableApp, parse_house_rules
from .script import load_script, run_script

__all__ = ["TableApp", "load_script", "parse_house_rules", "run_script"]
