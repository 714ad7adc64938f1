"""View patches: what changed between two views of one seat, small enough to send after every move.

A patch is computed from two views the seat may see (the last one sent and the new one), so it cannot carry
anything the seat's view does not. Applying it to the old view gives a view equal to the new one, which the
client checks with `view_hash`.
"""

from __future__ import annotations

from typing import Any

__all__ = ["apply_patch", "diff_views", "splice", "view_pieces"]

_ZONE_BODY = ("pieces", "count")


def splice(old: list[str], new: list[str]) -> list[Any]:
    """`[start, deleted, inserted]` turning `old` into `new` (common head and tail kept)."""
    n = min(len(old), len(new))
    i = 0
    while i < n and old[i] == new[i]:
        i += 1
    j = 0
    while j < n - i and old[-1 - j] == new[-1 - j]:
        j += 1
    return [i, len(old) - i - j, new[i : len(new) - j]]


def view_pieces(v: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every piece of a view by the name the seat knows it by."""
    return {p["id"]: p for z in v["zones"] for p in z["pieces"]}


def diff_views(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """The patch fields (`set`, `zone_names`, `zones`, `pieces`) turning `old` into `new`; empty when equal."""
    out: dict[str, Any] = {}
    changed = {k: v for k, v in new.items() if k not in ("zones", "seq") and old.get(k) != v}
    if changed:
        out["set"] = changed
    old_zones = {z["name"]: z for z in old["zones"]}
    names = [z["name"] for z in new["zones"]]
    if names != [z["name"] for z in old["zones"]]:
        out["zone_names"] = names
    old_pieces = view_pieces(old)
    zones: dict[str, Any] = {}
    pieces: dict[str, Any] = {}
    for z in new["zones"]:
        oz = old_zones.get(z["name"])
        zd: dict[str, Any] = {}
        meta = {k: v for k, v in z.items() if k not in _ZONE_BODY}
        if oz is None or meta != {k: v for k, v in oz.items() if k not in _ZONE_BODY}:
            zd["meta"] = meta
        ids = [p["id"] for p in z["pieces"]]
        old_ids = [p["id"] for p in oz["pieces"]] if oz is not None else []
        if ids != old_ids:
            zd["splice"] = splice(old_ids, ids)
        if zd:
            zones[z["name"]] = zd
        for p in z["pieces"]:
            if old_pieces.get(p["id"]) != p:
                pieces[p["id"]] = p
    if zones:
        out["zones"] = zones
    if pieces:
        out["pieces"] = pieces
    return out


def apply_patch(old: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """A new view: `old` with a patch applied (raises KeyError/ValueError/TypeError on a patch that does not fit)."""
    new = {k: v for k, v in old.items() if k != "zones"}
    new.update(patch.get("set", {}))
    new["seq"] = patch["seq"]
    pieces = view_pieces(old)
    pieces.update(patch.get("pieces", {}))
    old_zones = {z["name"]: z for z in old["zones"]}
    names = patch.get("zone_names") or list(old_zones)
    zpatch = patch.get("zones", {})
    zones = []
    for name in names:
        oz = old_zones.get(name)
        zp = zpatch.get(name, {})
        meta = zp.get("meta")
        if meta is None:
            if oz is None:
                raise KeyError(f"zone {name!r} is new but the patch has no meta for it")
            meta = {k: v for k, v in oz.items() if k not in _ZONE_BODY}
        ids = [p["id"] for p in oz["pieces"]] if oz is not None else []
        if "splice" in zp:
            start, deleted, inserted = zp["splice"]
            if not (0 <= start <= len(ids) and 0 <= deleted <= len(ids) - start):
                raise ValueError(f"splice {start},{deleted} does not fit zone {name!r} of {len(ids)} pieces")
            ids[start : start + deleted] = list(inserted)
        zone = dict(meta)
        zone["count"] = len(ids)
        zone["pieces"] = [pieces[i] for i in ids]
        zones.append(zone)
    new["zones"] = zones
    return new
