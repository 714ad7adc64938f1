"""Fork a saved game at a point of its log: the table as it stood after entry SEQ, with the log up to there.

The entries after SEQ are undone (their events reverted, newest first) and dropped from the log. Unlike a seat's
undo, a branch also winds the RNG back to where it stood at SEQ: the branch is the game as it was, so playing the
same actions on from it draws the same cards. It is the host's file, never a seat's move, so nothing is learned
that the save did not already hold.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..core.events import RngAdvanced
from ..core.session import Session
from ..errors import TabletopError
from ..game import session_for
from ..store import open_game, save_game

__all__ = ["BranchError", "branch_file", "branch_session", "default_branch_path"]


class BranchError(TabletopError, ValueError):
    """A branch point that the save's log does not have."""


def branch_session(session: Session, at: int) -> Session:
    """A new session at log point `at` (0: before the first logged action); `session` is left untouched."""
    history = session.history
    first = history[0].seq - 1 if history else session.state.seq
    last = history[-1].seq if history else session.state.seq
    if not history:
        raise BranchError("the save has no log to branch from")
    if not first <= at <= last:
        raise BranchError(f"--at {at} is outside the log, which runs from {first} (before its first action) "
                          f"to {last}")
    state = session.state.copy()
    keep = [e for e in history if e.seq <= at]
    drop = [e for e in history if e.seq > at]
    rewind: int | None = None
    for entry in reversed(drop):
        for event in reversed(entry.events):
            event.revert(state)
            if isinstance(event, RngAdvanced):
                rewind = event.old if rewind is None else min(rewind, event.old)
    if rewind is not None:
        state.rng.counter = rewind
    state.seq = at
    return session_for(state, list(keep))


def default_branch_path(save: str | os.PathLike[str], at: int) -> Path:
    """`game.yaml` at 120 -> `game.at120.yaml`, beside the save."""
    p = Path(save)
    return p.with_name(f"{p.stem}.at{at}{p.suffix or '.yaml'}")


def branch_file(save: str | os.PathLike[str], at: int, out: str | os.PathLike[str] | None = None, *,
                force: bool = False) -> Path:
    """Write the branch of `save` at `at` to `out` (default beside it); refuses to overwrite unless `force`."""
    loaded = open_game(save)
    session = session_for(loaded.state, loaded.history)
    target = Path(out) if out else default_branch_path(save, at)
    if target.exists() and not force:
        raise FileExistsError(f"{target} already exists (use --force to overwrite it)")
    branched = branch_session(session, at)
    return save_game(branched, target)
