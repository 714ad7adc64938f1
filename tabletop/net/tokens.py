"""The seat-token file beside a save: each claimed seat's secret token, so players take their seats back after a
drop or a host restart (the host's file, never sent in a view)."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import yaml

from ..core.messages import MAX_NAME, clean_text
from .errors import NetError
from .protocol import SeatRecord, valid_token

__all__ = ["load_host_token", "load_tokens", "save_tokens", "tokens_path_for"]

log = logging.getLogger("tabletop.net.host")


def tokens_path_for(save: str | os.PathLike[str]) -> Path:
    """Where the seat tokens of a save live: beside it (`saves/autosave.yaml` -> `saves/autosave.tokens.yaml`)."""
    p = Path(save)
    return p.with_name(p.stem + ".tokens.yaml")


def save_tokens(path: str | os.PathLike[str], records: dict[int, SeatRecord], host_token: str = "") -> None:
    """Write the seat tokens (and `serve`'s host token) atomically: secrets, the host's file, never sent."""
    from ..store import atomic_write

    seats = {}
    for seat, r in sorted(records.items()):
        seats[seat] = {"token": r.token, "cseq": r.cseq, "name": r.name, **({"host": True} if r.host else {})}
    body: dict[str, object] = {"format": "tabletop-tokens", "version": 1, "seats": seats}
    if host_token:
        body["host_token"] = host_token
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
