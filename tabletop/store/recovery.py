"""Opening a save with its journal: the YAML a person reads, continued by the journal autosave keeps beside it.

`open_game(path)` is what every command opens a save with. When a journal lies beside the YAML and continues it
(the journal names the YAML's checksum, or the YAML is a point the journal passed through), the game is read back
from the journal: snapshot plus replay, a torn last record dropped. Otherwise the YAML is read as it is.
`export_game` writes any of them as one readable YAML save.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .autosave import file_sha
from .journal import JournalError, Recovered, journal_path_for, mark_journal, read_head, read_journal
from .saves import LoadedGame, SaveError, atomic_write, dump_save, load_game, read_bookmarks

__all__ = ["export_game", "open_game"]


def _from_journal(rec: Recovered, journal: Path, note: str, stat: os.stat_result | None = None) -> LoadedGame:
    if stat is not None:
        rec.history.origin = mark_journal(journal, stat, rec)  # autosave on this game goes on appending to it
    if rec.dropped:
        note += (f"; dropped {rec.dropped} damaged or unfinished line(s) at its end (from line {rec.dropped_line}:"
                 " a change being written when the program stopped)")
    for line, why in rec.skipped:
        note += (f"; {journal}:{line}: a bookmark record was skipped ({why}): the bookmarks stand as the records "
                 "before it left them, and nothing else is lost")
    game = LoadedGame(rec.state, rec.history, str(journal), bookmarks=dict(rec.bookmarks or {}))
    game.note = note
    game.meta = dict(rec.meta)
    game.redo = list(rec.redo)
    return game


def _read(journal: Path, at_seq: int | None = None) -> tuple[Recovered, os.stat_result | None]:
    """The journal replayed, with the file's stat taken before reading it (None when it cannot be taken)."""
    try:
        stat: os.stat_result | None = os.stat(journal)
    except OSError:
        stat = None
    try:
        return read_journal(journal, at_seq=at_seq), stat
    except JournalError as e:
        raise SaveError(e.file, e.line, "", e.message) from None


def open_game(path: str | os.PathLike[str], *, library: Any = None) -> LoadedGame:
    """Read a save (YAML), continued by its journal when it has one; or a journal itself. Raises SaveError."""
    path = Path(path)
    if path.suffix == ".journal":
        rec, stat = _read(path)
        return _from_journal(rec, path, f"read from the journal {path}", stat)
    journal = journal_path_for(path)
    if not journal.exists():
        return load_game(path, library=library)
    if not path.exists():
        rec, stat = _read(journal)
        return _from_journal(rec, journal, f"{path} was never written: recovered the game from {journal}", stat)
    head = read_head(journal)
    if head is None:
        game = load_game(path, library=library)
        game.note = f"{journal} is unreadable or was never finished; opened {path} as it is"
        return game
    sha = file_sha(path)
    if head.get("base") == sha:
        try:
            rec, stat = _read(journal)
        except SaveError as e:
            game = load_game(path, library=library)
            game.note = f"{journal} cannot be used ({e}); opened {path} as it is"
            return game
        game = _from_journal(rec, journal, f"continued {path} with its journal {journal}", stat)
        if rec.bookmarks is None:  # a journal from before bookmarks were journaled: its save's stand
            game.bookmarks = read_bookmarks(path)
        return game
    game = load_game(path, library=library)
    try:
        rec, stat = _read(journal, at_seq=game.state.seq)
    except SaveError as e:
        game.note = f"{journal} cannot be used ({e}); opened {path} as it is"
        return game
    if rec.exported == sha or (rec.probe is not None and rec.probe == game.state.canonical()
                               and rec.state.seq == game.state.seq):
        return game  # the YAML holds everything the journal does
    if rec.probe is not None and rec.probe == game.state.canonical():
        marks = game.bookmarks
        game = _from_journal(rec, journal, f"continued {path} (saved mid-game) with its journal {journal}", stat)
        if rec.bookmarks is None:  # a journal from before bookmarks were journaled: the save's stand
            game.bookmarks = marks
        return game
    game.note = (f"{journal} belongs to another game or an older version of {path}; opened {path} as it is "
                 "(the journal is set aside when autosave starts)")
    return game


def export_game(source: str | os.PathLike[str], out: str | os.PathLike[str] | None = None) -> tuple[Path, LoadedGame]:
    """Write the game at `source` (a YAML save with its journal, or a journal) as one YAML save at `out`.

    Without `out` the YAML beside the journal is written (`x.journal` -> `x.yaml`) and the journal, now folded into
    it, is removed. Returns the path written and the game. Raises SaveError (and writes nothing) on bad input.
    """
    source = Path(source)
    game = open_game(source)
    yaml_path = Path(out) if out is not None else (source.with_suffix(".yaml") if source.suffix == ".journal"
                                                   else source)
    try:
        atomic_write(yaml_path, dump_save(game.state, game.history, game.bookmarks))
    except OSError as e:
        raise SaveError(str(yaml_path), None, "", f"cannot write the file: {e.strerror or e}") from None
    journal = journal_path_for(source)
    if out is None and journal.exists() and game.source == str(journal):
        try:
            os.unlink(journal)
        except OSError:
            pass
    return yaml_path, game
