"""View patches: what changed in a seat's view, small enough to send after every move, and checked on arrival.

The host cuts a patch from `LiveView.update` (tabletop.core.view), which keeps each seat's view current from the
events of each log entry, so a patch only names what that seat's view shows. The client keeps a `PatchedView`:
its view plus each piece's canonical line and each zone's digest, so applying a patch and checking the view hash
costs time in proportion to the change, not to the table.
"""

from __future__ import annotations

from typing import Any

from ..core.view import ViewChange, canonical, combine_hash, splices, view_top, zone_digest, zone_meta

__all__ = ["PatchedView", "make_patch", "piece_update", "splices"]


def piece_update(old: dict[str, Any] | None, new: dict[str, Any], same_name: bool) -> dict[str, Any]:
    """A piece for a patch: only its changed fields (None: the field is gone) when the seat knows it by that name."""
    if old is None or not same_name:
        return new
    d: dict[str, Any] = {"id": new["id"]}
    for k, v in new.items():
        if old.get(k) != v:
            d[k] = v
    for k in old:
        if k not in new:
            d[k] = None
    return d


def make_patch(change: ViewChange) -> dict[str, Any]:
    """The patch fields (`set`, `zones`, `pieces`) for one change of a seat's view; empty when nothing changed."""
    out: dict[str, Any] = {}
    if change.top:
        out["set"] = change.top
    zones: dict[str, Any] = {}
    for name, zc in change.zones.items():
        zd: dict[str, Any] = {}
        if zc.meta is not None:
            zd["meta"] = {k: v for k, v in zc.meta.items() if k != "count"}
        if zc.splices:
            zd["splice"] = zc.splices
        if zd:
            zones[name] = zd
    if zones:
        out["zones"] = zones
    if change.pieces:
        out["pieces"] = [piece_update(old, new, old_name == name) for _, old_name, name, new, old in change.pieces]
    return out


class PatchedView:
    """A client's view with what checking it needs: each piece's canonical line and each zone's digest.

    `apply(patch)` gives the next view (fresh containers; an unchanged zone or piece is shared with the old view,
    so a reader of the old view is never disturbed) and its hash, in time proportional to the patch; a patch that
    does not fit raises KeyError, ValueError or TypeError and the caller asks for a snapshot.
    """

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.pieces: dict[str, dict[str, Any]] = {}
        self.where: dict[str, str] = {}
        #: per zone: its fields without pieces, piece names, digest; piece lines once a patch has touched it
        self.metas: dict[str, dict[str, Any]] = {}
        self.names: dict[str, list[str]] = {}
        self.zlines: dict[str, list[str]] = {}
        self.digests: dict[str, str] = {}
        for z in view["zones"]:
            zname = z["name"]
            names = [p["id"] for p in z["pieces"]]
            self.pieces.update(zip(names, z["pieces"], strict=True))
            self.where.update(dict.fromkeys(names, zname))
            self.metas[zname] = meta = zone_meta(z)
            self.names[zname] = names
            self.digests[zname] = zone_digest(meta, None, z["pieces"])
        self.top = view_top(view)
        self.hash = combine_hash(self.top, list(self.digests.values()))

    def _lines(self, zname: str, pieces: list[dict[str, Any]]) -> list[str]:
        lines = self.zlines.get(zname)
        if lines is None:
            lines = self.zlines[zname] = [canonical(p) for p in pieces]
        return lines

    def apply(self, patch: dict[str, Any]) -> dict[str, Any]:
        """Apply a patch; returns the new view (also kept in `self.view`; its hash in `self.hash`)."""
        zones: dict[str, dict[str, Any]] = {z["name"]: z for z in self.view["zones"]}
        # per changed zone: [names, lines, pieces, names placed by the patch]
        edits: dict[str, list[Any]] = {}
        removed: list[str] = []
        for zname, zd in patch.get("zones", {}).items():
            if zname not in self.names:
                raise KeyError(f"no zone {zname!r}")
            plist = list(zones[zname]["pieces"])
            names, lines = list(self.names[zname]), list(self._lines(zname, plist))
            placed: list[str] = []
            for start, deleted, inserted in zd.get("splice", ()):
                if not (isinstance(start, int) and isinstance(deleted, int) and isinstance(inserted, list)):
                    raise TypeError(f"bad splice in zone {zname!r}")
                if not (0 <= start <= len(names) and 0 <= deleted <= len(names) - start):
                    raise ValueError(f"splice {start},{deleted} does not fit zone {zname!r} of {len(names)} pieces")
                removed.extend(names[start : start + deleted])
                names[start : start + deleted] = inserted
                lines[start : start + deleted] = plist[start : start + deleted] = [None] * len(inserted)
                placed.extend(inserted)
            if "meta" in zd:
                self.metas[zname] = {k: v for k, v in dict(zd["meta"]).items() if k not in ("count", "pieces")}
            edits[zname] = [names, lines, plist, placed]
        for n in removed:
            self.where.pop(n, None)
        for zname, (_, _, _, placed) in edits.items():
            for n in placed:
                self.where[n] = zname
        for n in removed:
            if n not in self.where:
                self.pieces.pop(n, None)
        for upd in patch.get("pieces", ()):
            n = upd["id"]
            base = self.pieces.get(n)
            if base is None:
                d = dict(upd)
            else:
                d = dict(base)
                for k, v in upd.items():
                    if v is None:
                        d.pop(k, None)
                    else:
                        d[k] = v
            self.pieces[n] = d
            zname = self.where[n]
            if zname not in edits:
                plist = list(zones[zname]["pieces"])
                edits[zname] = [list(self.names[zname]), list(self._lines(zname, plist)), plist, []]
            edits[zname][3].append(n)
        for zname, (names, lines, plist, placed) in edits.items():
            if len(placed) > 16:
                plist[:] = [self.pieces[n] for n in names]
                lines[:] = [canonical(p) for p in plist]
            else:
                for n in dict.fromkeys(placed):
                    i = names.index(n)
                    plist[i] = p = self.pieces[n]
                    lines[i] = canonical(p)
            meta = dict(self.metas[zname])
            meta["count"] = len(names)
            self.metas[zname] = meta
            self.names[zname] = names
            self.zlines[zname] = lines
            self.digests[zname] = zone_digest(meta, lines)
            z = dict(meta)
            z["pieces"] = plist
            zones[zname] = z
        old = self.view
        if "set" in patch:
            top = dict(self.top)
            top.update(patch["set"])
            top.pop("seq", None)
            top.pop("zones", None)
            self.top = top
        new = {k: old[k] for k in old if k != "zones"}
        new.update(self.top)
        new["seq"] = patch["seq"]
        new["zones"] = list(zones.values())
        self.view = {k: new[k] for k in old if k in new} | new
        self.hash = combine_hash(self.top, list(self.digests.values()))
        return self.view
