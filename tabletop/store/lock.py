"""One keeper per save: a lock file beside the save's journal, held by the process that autosaves it.

Two hosts (or a host and a window) journaling one save would interleave their records and set each other's journal
aside; the second one is refused instead, with the process that holds the save named. The lock is an `flock` on
`x.lock` (next to `x.yaml` and `x.journal`), so the kernel lets go of it when its process ends in any way, kill -9
included: a lock file left by a process that is gone is simply taken over. The file says which process holds it
(pid, host name, since when) for the message a second keeper gets.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path
from typing import Any

from ..errors import TabletopError

try:
    import fcntl
except ImportError:  # pragma: no cover - not on this platform: no lock (one keeper is then the user's to ensure)
    fcntl = None  # type: ignore[assignment]

__all__ = ["SaveLock", "SaveLocked", "lock_path_for"]


class SaveLocked(TabletopError):
    """The save is kept by another running tabletop."""

    def __init__(self, save: Path, holder: dict[str, str]) -> None:
        self.save = save
        self.holder = holder
        who = f"process {holder.get('pid', '?')}"
        if holder.get("host"):
            who += f" on {holder['host']}"
        if holder.get("since"):
            who += f", since {holder['since']}"
        super().__init__(f"{save} is already open in another tabletop ({who}) that autosaves it; stop that one "
                         f"first, or give this game another save file")


def lock_path_for(save: str | os.PathLike[str]) -> Path:
    """The lock file of a save: `x.yaml` -> `x.lock` (a journal `x.journal` has the same one)."""
    return Path(save).with_suffix(".lock")


def _read_holder(path: Path) -> dict[str, str]:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return {}
    holder: dict[str, str] = {}
    for line in text.splitlines()[:8]:
        key, _, value = line.partition("=")
        if key in ("pid", "host", "since"):
            holder[key] = value.strip()[:100]
    return holder


class SaveLock:
    """The lock of one save, taken with `acquire()` (raises SaveLocked) and let go with `release()`."""

    def __init__(self, save: str | os.PathLike[str]) -> None:
        self.save = Path(save)
        self.path = lock_path_for(save)
        self.fd: int | None = None

    def acquire(self) -> SaveLock:
        if fcntl is None or self.fd is not None:
            return self
        self.path.parent.mkdir(parents=True, exist_ok=True)
        for _ in range(10):
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                raise SaveLocked(self.save, _read_holder(self.path)) from None
            try:
                same = os.fstat(fd).st_ino == os.stat(self.path).st_ino
            except FileNotFoundError:
                same = False
            if not same:  # the holder let go and removed the file between our open and our lock: take the new one
                os.close(fd)
                continue
            stamp = f"pid={os.getpid()}\nhost={os.uname().nodename}\nsince={time.strftime('%Y-%m-%d %H:%M:%S')}\n"
            os.ftruncate(fd, 0)
            os.write(fd, stamp.encode("utf-8"))
            self.fd = fd
            return self
        raise SaveLocked(self.save, _read_holder(self.path))  # pragma: no cover - ten races lost in a row

    def release(self) -> None:
        fd, self.fd = self.fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            os.unlink(self.path)  # while still held: whoever opens it next makes a new file
        with contextlib.suppress(OSError):
            os.close(fd)

    def __enter__(self) -> SaveLock:
        return self.acquire()

    def __exit__(self, *exc: Any) -> None:
        self.release()
