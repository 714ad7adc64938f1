"""The seat-token file beside a save: each claimed seat's secret token, so players take their seats back after a
drop or a host restart (the host's file, never sent in a view), and what the host's moderation decided (revoked
tokens, closed seats, spectators off), so a restart keeps it.

Why moderation is kept here and not in the save or its journal: it is about who may sit at this host, not about
the game. The save travels (a replay sent to a friend, a branch, `play SAVE` at one screen) and must not carry
revoked seat tokens (credentials) or one host's bans into another table; this file is already the host's private
record of who holds which seat, written atomically (readable by its owner only) before any change of it is told."""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..core.messages import MAX_NAME, clean_text
from .errors import NetError
from .seats import SeatRecord, valid_token

__all__ = ["Moderated", "load_host_token", "load_moderation", "load_tokens", "save_tokens", "tokens_path_for"]

log = logging.getLogger("tabletop.net.host")
#: the longest reason kept with a revoked token (the host's own words)
MAX_REASON = 300


@dataclass(slots=True)
class Moderated:
    """What the host's moderation decided, kept across a restart: revoked seat tokens (oldest first) with what a
    hello presenting one is told, the seats it closed, and whether spectators may watch."""

    revoked: dict[str, str] = field(default_factory=dict)
    closed: set[int] = field(default_factory=set)
    spectators: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {"revoked": [{"token": t, "reason": r} for t, r in self.revoked.items()],
                "closed_seats": sorted(self.closed), "spectators": self.spectators}

    def describe(self) -> str:
        """One line for the host's terminal ("" when nothing is decided)."""
        parts = []
        if self.revoked:
            parts.append(f"{len(self.revoked)} seat token{'s' if len(self.revoked) != 1 else ''} revoked")
        if self.closed:
            parts.append("seat" + ("s " if len(self.closed) > 1 else " ")
                         + ", ".join(str(s + 1) for s in sorted(self.closed)) + " closed")
        if not self.spectators:
            parts.append("spectators off")
        return "; ".join(parts)


def tokens_path_for(save: str | os.PathLike[str]) -> Path:
    """Where the seat tokens of a save live: beside it (`saves/autosave.yaml` -> `saves/autosave.tokens.yaml`)."""
    p = Path(save)
    return p.with_name(p.stem + ".tokens.yaml")


def save_tokens(path: str | os.PathLike[str], records: dict[int, SeatRecord], host_token: str = "",
                moderation: Moderated | None = None) -> None:
    """Write the seat tokens (and `serve`'s host token, and the moderation) atomically (fsynced): secrets, the
    host's file, never sent."""
    from ..store import atomic_write

    seats = {}
    for seat, r in sorted(records.items()):
        seats[seat] = {"token": r.token, "cseq": r.cseq, "name": r.name, **({"host": True} if r.host else {})}
    body: dict[str, object] = {"format": "tabletop-tokens", "version": 1, "seats": seats}
    if host_token:
        body["host_token"] = host_token
    if moderation is not None and (moderation.revoked or moderation.closed or not moderation.spectators):
        body["moderation"] = moderation.to_dict()
    atomic_write(path, "# Seat tokens: keep this file private; it lets players take their seats back.\n"
                 + yaml.safe_dump(body, sort_keys=False))


def load_tokens(path: str | os.PathLike[str]) -> dict[int, SeatRecord]:
    """The seat tokens saved beside a save; a missing file means no seat is claimed yet. Raises NetError."""
    p = Path(path)
    if not p.exists():
        return {}
    try:
        data = yaml.safe_load(p.read_text(encoding="utf-8")[:1_000_000])
    except (OSError, yaml.YAMLError) as e:
        raise NetError(f"{p}: cannot read seat tokens: {e}") from None
    seats = data.get("seats") if isinstance(data, dict) else None
    if not isinstance(seats, dict):
        raise NetError(f"{p}: seats: expected a mapping of seat number to token")
    out: dict[int, SeatRecord] = {}
    for seat, rec in seats.items():
        if not isinstance(seat, int) or not isinstance(rec, dict) or not isinstance(rec.get("token"), str):
            raise NetError(f"{p}: seats.{seat}: expected {{token: ..., cseq: N}}")
        if not valid_token(rec["token"]):
            log.warning("%s: seats.%s: the token is not a seat token; the seat is free again", p, seat)
            continue
        cseq = rec.get("cseq", 0)
        cseq = cseq if isinstance(cseq, int) and not isinstance(cseq, bool) and 0 <= cseq < 2**53 else 0
        # a name written before names were checked (or by hand) is cleaned, so it can never lock the game
        out[seat] = SeatRecord(rec["token"], cseq, clean_text(rec.get("name", ""), MAX_NAME),
                               host=rec.get("host") is True)
    return out


def load_host_token(path: str | os.PathLike[str]) -> str:
    """`serve`'s host token kept in the tokens file, or "" (none yet, or not shaped like a token)."""
    p = Path(path)
    try:
        data = yaml.safe_load(p.read_text(encoding="utf-8")[:1_000_000]) if p.exists() else None
    except (OSError, yaml.YAMLError):
        return ""  # load_tokens says what is wrong with the file
    token = data.get("host_token") if isinstance(data, dict) else None
    return token if valid_token(token) else ""


def load_moderation(path: str | os.PathLike[str]) -> Moderated:
    """The moderation kept in the tokens file (none decided when the file or its `moderation:` is missing).
    Raises NetError naming the file and the field for one that is not as written."""
    p = Path(path)
    try:
        data = yaml.safe_load(p.read_text(encoding="utf-8")[:1_000_000]) if p.exists() else None
    except (OSError, yaml.YAMLError) as e:
        raise NetError(f"{p}: cannot read seat tokens: {e}") from None
    body = data.get("moderation") if isinstance(data, dict) else None
    if body is None:
        return Moderated()
    if not isinstance(body, dict):
        raise NetError(f"{p}: moderation: expected a mapping with revoked, closed_seats and spectators")
    out = Moderated()
    revoked = body.get("revoked", [])
    if not isinstance(revoked, list):
        raise NetError(f"{p}: moderation.revoked: expected a list of {{token, reason}}")
    for i, item in enumerate(revoked):
        if not isinstance(item, dict) or not isinstance(item.get("token"), str):
            raise NetError(f"{p}: moderation.revoked[{i}]: expected {{token: ..., reason: ...}}")
        if valid_token(item["token"]):  # any other text could never be presented in a hello anyway
            reason = item.get("reason")
            out.revoked[item["token"]] = clean_text(reason, MAX_REASON) if isinstance(reason, str) and reason \
                else "the host removed you; this seat token no longer opens the seat"
    closed = body.get("closed_seats", [])
    if not isinstance(closed, list) or not all(isinstance(s, int) and not isinstance(s, bool) and s >= 0
                                               for s in closed):
        raise NetError(f"{p}: moderation.closed_seats: expected a list of seat numbers (from 0)")
    out.closed = set(closed)
    spectators = body.get("spectators", True)
    if not isinstance(spectators, bool):
        raise NetError(f"{p}: moderation.spectators: expected true or false")
    out.spectators = spectators
    return out
