"""Live card edits: notice card files changed on disk and reload their sets into the open library.

A designer edits a card's YAML while a table is open; whoever runs the table (the window's frame loop, a host's
loop, a test) calls `CardWatcher.poll()` now and then. A changed set is read again and replaces the old one in the
same `CardLibrary` object, so every holder of that library (the ruleset, the renderer) sees the new text, and
`library.version` goes up so caches keyed on card data know to drop what they hold. A file with a mistake is
reported (file, line, field) and changes nothing: the table keeps the last good cards; so is a card whose `effects:`
cannot run (the checks `cards check` runs, `check.SET_CHECKS`). A reloaded card's effects take over at once: the
rulesets and their bots read card text through caches keyed on `library.version`. Saves name cards by ref
(`set/id`), so a save picks up the new text when it loads.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from .check import SET_CHECKS
from .loader import SET_FILE, CardLibrary, _card_files, find_set_dirs, read_set
from .model import CardProblem

__all__ = ["CardReload", "CardWatcher"]

Stamp = tuple[int, int]  # (mtime in ns, size): a file rewritten in place within one clock tick still changes size


@dataclass(slots=True)
class CardReload:
    """What one poll found: the sets reloaded, and the problems of the sets that were kept as they were."""

    reloaded: list[str] = field(default_factory=list)
    problems: list[CardProblem] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.reloaded or self.problems)


class CardWatcher:
    """Watches the card files of a library's sets and reloads a set when one of its files changes.

    Polling (stat calls) rather than OS notifications: it needs no extra dependency and no thread, costs one stat
    per card file, and the caller chooses how often (about once a second is plenty for a person editing).
    """

    def __init__(self, library: CardLibrary) -> None:
        self.library = library
        self._stamps: dict[Path, dict[Path, Stamp]] = {d: self._scan(d) for d in self._set_dirs()}
        self._reported: dict[Path, dict[Path, Stamp]] = {}

    def _set_dirs(self) -> list[Path]:
        return [d for root in self.library.roots for d in find_set_dirs(root)]

    @staticmethod
    def _scan(set_dir: Path) -> dict[Path, Stamp]:
        out: dict[Path, Stamp] = {}
        for path in [set_dir / SET_FILE, *_card_files(set_dir)]:
            try:
                st = os.stat(path)
            except OSError:
                continue
            out[path] = (st.st_mtime_ns, st.st_size)
        return out

    def changed_sets(self) -> list[Path]:
        """The set folders whose card files changed (edited, added or removed) since they were last read."""
        out = []
        for set_dir in self._set_dirs():
            if self._scan(set_dir) != self._stamps.get(set_dir):
                out.append(set_dir)
        return out

    def poll(self) -> CardReload:
        """Reload every changed set that reads cleanly; report, and keep the old cards of, every set that does not.

        A broken set is reported once per version of its files, not at every poll.
        """
        result = CardReload()
        for set_dir in self.changed_sets():
            stamps = self._scan(set_dir)
            card_set, problems = read_set(set_dir)
            if not problems:  # the checks higher layers add: a card's `effects:` that cannot run keeps the old set
                problems = [p for check in SET_CHECKS for p in check(card_set)]
            if problems:
                if self._reported.get(set_dir) != stamps:
                    result.problems.extend(problems)
                    self._reported[set_dir] = stamps
                continue
            self._reported.pop(set_dir, None)
            self._stamps[set_dir] = stamps
            old = self.library.sets.get(card_set.name)
            if old is not None and old.path is not None and Path(old.path) != set_dir:
                result.problems.append(CardProblem(str(set_dir), None, "",
                                                   f"set {card_set.name!r} is already loaded from {old.path}"))
                continue
            self.library.add(card_set, replace=True)
            result.reloaded.append(card_set.name)
        if result.reloaded:
            self.library.version += 1
        return result
