"""Action logs: a YAML list of `{seat, action}` steps, replayed through `Session.submit`."""

from __future__ import annotations

import os
from pathlib import Path

from ..core.actions import Action, ActionFormatError, Start, action_from_dict
from ..errors import TabletopError
from ..yamlsafe import YamlError, load_file

__all__ = ["LogError", "load_action_log"]


class LogError(TabletopError):
    """An action log that cannot be read: file, line and the step at fault."""


def load_action_log(path: str | os.PathLike[str]) -> list[tuple[Action, int | None]]:
    """Read an action log: a list of `{seat: N, action: {type: ...}}` (or a save-style mapping with `log:`)."""
    path = Path(path)
    try:
        located = load_file(path)
    except YamlError as e:
        raise LogError(str(e)) from None
    except OSError as e:
        raise LogError(f"{path}: cannot read the file: {e.strerror or e}") from None
    data = located.data
    key: tuple[str, ...] = ()
    if isinstance(data, dict) and isinstance(data.get("log"), list):
        data = data["log"]
        key = ("log",)
    if not isinstance(data, list):
        raise LogError(f"{path}:{located.line_of(())}: an action log is a list of {{seat, action}} steps")
    steps: list[tuple[Action, int | None]] = []
    for i, step in enumerate(data):
        where = f"{path}:{located.line_of((*key, i))}: {located.field_name((*key, i))}"
        if not isinstance(step, dict) or "action" not in step:
            raise LogError(f"{where}: a step is a mapping with seat and action")
        seat = step.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise LogError(f"{where}.seat: a seat is a whole number, got {seat!r}")
        try:
            action = action_from_dict(step["action"])
        except ActionFormatError as e:
            raise LogError(f"{where}.action: {e}") from None
        if isinstance(action, Start):
            continue  # a saved game's start entry: the table made it, no seat can play it again
        steps.append((action, seat))
    return steps
