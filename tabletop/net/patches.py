"""View patches: what changed in a seat's view, small enough to send after every move, and checked on arrival.

The host cuts a patch (`make_patch`, tabletop.core.stream) from `LiveView.update`, which keeps each seat's view
current from the events of each log entry, so a patch only names what that seat's view shows. The client keeps a
`PatchedView`: its view plus each zone's digest (as the host sent them with the view, or computed on first use)
and, once a patch touched a zone, its pieces' canonical lines, so taking a view, applying a patch and checking the
view hash cost time in proportion to the change, not to the table. A window keeps one unchecked (no lines, no
digests): the screen applies the same patches, local or LAN.
"""

from __future__ import annotations

from typing import Any

from ..core.stream import make_patch, piece_update
from ..core.view import canonical, combine_hash, find_from_end, splices, view_top, zone_digest, zone_meta

__all__ = ["PatchedView", "make_patch", "piece_update", "splices"]

_DICT = {dict}


class PatchedView:
    """A view kept current from patches, with what checking it needs: each zone's digest and piece lines.

    `apply(patch)` gives the next view (fresh containers; an unchanged zone or piece is shared with the old view,
    so a reader of the old view is never disturbed) and its hash, in time proportional to the patch; a patch that
    does not fit raises KeyError, ValueError or TypeError and the caller asks for a snapshot.

    `digests`: the zones' digests as the host computed them (in the view's zone order), so a late joiner neither
    encodes nor hashes the table it was sent (nor indexes its pieces: `pieces`, `where`, `names` and `metas` are
    built on first use); a zone's digest is computed here once a patch touches it, which
    checks that zone from then on. `checked=False` keeps no lines, digests or hash (a window's copy: the
    connection's own copy did the checking).
    """

    def __init__(self, view: dict[str, Any], digests: list[str] | None = None, *, checked: bool = True) -> None:
        self.view = view
        self.checked = checked
        self.zlines: dict[str, list[str]] = {}
        self.digests: dict[str, str] = {}
        zones = view["zones"]
        if not isinstance(zones, list):
            raise TypeError("the view's zones are not a list")
        if digests is not None and (not isinstance(digests, list) or len(digests) != len(zones)
                                    or not all(isinstance(d, str) for d in digests)):
            raise ValueError("the zone digests do not match the zones")
        for i, z in enumerate(zones):
            zname, pieces = z["name"], z["pieces"]
            if not isinstance(zname, str) or not isinstance(pieces, list):
                raise TypeError(f"zone {i} of the view is not a named list of pieces")
            if pieces and set(map(type, pieces)) != _DICT:  # each piece's type, taken in C
                raise TypeError(f"zone {zname!r} holds a piece that is not an object")
            if checked:
                self.digests[zname] = (digests[i] if digests is not None
                                       else zone_digest(zone_meta(z), None, pieces))
        if checked and len(self.digests) != len(zones):
            raise ValueError("two zones of the view have the same name")
        self.top = view_top(view)
        self.hash = combine_hash(self.top, list(self.digests.values())) if checked else ""
        # where each piece is: built when first asked for (a patch, a lookup), not while a late joiner waits
        self._index: tuple[dict[str, dict[str, Any]], dict[str, str], dict[str, dict[str, Any]],
                           dict[str, list[str]]] | None = None

    def _indexed(self) -> tuple[dict[str, dict[str, Any]], dict[str, str], dict[str, dict[str, Any]],
                                dict[str, list[str]]]:
        if self._index is None:
            pieces: dict[str, dict[str, Any]] = {}
            where: dict[str, str] = {}
            metas: dict[str, dict[str, Any]] = {}
            names: dict[str, list[str]] = {}
            for z in self.view["zones"]:
                zname, plist = z["name"], z["pieces"]
                zn = [p["id"] for p in plist]
                pieces.update(zip(zn, plist, strict=True))
                where.update(dict.fromkeys(zn, zname))
                metas[zname] = zone_meta(z)
                names[zname] = zn
            self._index = (pieces, where, metas, names)
        return self._index

    @property
    def pieces(self) -> dict[str, dict[str, Any]]:
        """Each piece of the view by its name."""
        return self._indexed()[0]

    @property
    def where(self) -> dict[str, str]:
        """The zone each piece of the view is in, by the piece's name."""
        return self._indexed()[1]

    @property
    def metas(self) -> dict[str, dict[str, Any]]:
        """Each zone's fields but its pieces, by the zone's name."""
        return self._indexed()[2]

    @property
    def names(self) -> dict[str, list[str]]:
        """Each zone's piece names in order, by the zone's name."""
        return self._indexed()[3]

    def _lines(self, zname: str, pieces: list[dict[str, Any]]) -> list[Any]:
        if not self.checked:
            return [None] * len(pieces)
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
            self._place(names, lines, plist, placed)
            meta = dict(self.metas[zname])
            meta["count"] = len(names)
            self.metas[zname] = meta
            self.names[zname] = names
            if self.checked:
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
        if self.checked:
            self.hash = combine_hash(self.top, list(self.digests.values()))
        return self.view

    def _place(self, names: list[str], lines: list[Any], plist: list[Any], placed: list[str]) -> None:
        """Put the pieces a patch placed or changed into a zone's lists (and their lines, when checking)."""
        if len(placed) > 16:
            plist[:] = [self.pieces[n] for n in names]
            if self.checked:
                lines[:] = [canonical(p) for p in plist]
            return
        for n in dict.fromkeys(placed):
            i = find_from_end(names, n)
            plist[i] = p = self.pieces[n]
            if self.checked:
                lines[i] = canonical(p)
