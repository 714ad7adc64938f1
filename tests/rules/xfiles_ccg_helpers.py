"""Hand-written X-Files CCG positions for the ruleset's tests (shared by the rule tests and the manual's example)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from tabletop.cards import CardLibrary
from tabletop.cards.importers.xfiles_ccg_json import import_cards
from tabletop.cards.loader import default_roots
from tabletop.core import Session
from tabletop.game import session_for
from tabletop.rules.xfiles_ccg import XFilesCCG
from tabletop.store import parse_save

__all__ = ["SET", "approach", "checking_position", "fixture_library", "fixture_ref", "mine", "ok", "pid", "position"]

SET = "xfiles-ccg-sample"
NAMES = ("Randy", "Les", "Mo")


def position(zones: dict[str, list[str]], rules: dict[str, Any] | None = None, *,
             pools=((5, 5), (5, 5), (5, 5)), enforcement: str = "strict", seats: int = 2,
             options: dict[str, Any] | None = None, secret: str | None = None, library: Any = None) -> Session:
    """Card ids per zone (`id:dN` puts N damage on it; zones of seats beyond `seats` are left out), pools per
    seat and rule state over a fresh game's, loaded through the save format as a person would write it."""
    doc_zones: dict[str, list[Any]] = {}
    for zone, cards in zones.items():
        if ":" in zone and int(zone.rpartition(":")[2]) >= seats:
            continue
        items: list[Any] = []
        for c in cards:
            cid, _, dmg = c.partition(":d")
            ref = cid if "/" in cid else f"{SET}/{cid}"  # a card of another set is written as set/id
            items.append({"card": ref, "counters": {"damage": int(dmg)}} if dmg else ref)
        doc_zones[zone] = items
    doc = {
        "format": "tabletop-save", "version": 1, "ruleset": "xfiles-ccg", "enforcement": enforcement,
        "options": options or {},
        "players": [{"seat": i, "name": NAMES[i], "counters": {"rp": pools[i][0], "cp": pools[i][1]}}
                    for i in range(seats)],
        "rules": {**XFilesCCG.fresh_rules(0), **(rules or {})},
        "zones": doc_zones,
    }
    if secret is not None:
        doc["secret"] = secret
    session = session_for(parse_save(yaml.safe_dump(doc), library=library).state)
    if library is not None:
        session.rules.library = library
    return session


def pid(session: Session, zone: str, card: str) -> str:
    """The piece of a sample card in a zone."""
    for p in session.state.zones[zone].pieces:
        if session.state.pieces[p].card == f"{SET}/{card}":
            return p
    raise KeyError(f"{card} is not in {zone}")


def ok(session: Session, action, seat: int):
    """Submit, and insist it was accepted without a broken rule."""
    result = session.submit(action, seat)
    assert result.accepted, result.error
    assert not result.violations, result.violations
    return result


def fixture_library(root: Path, records: list[dict[str, Any]]) -> CardLibrary:
    """The shipped sets plus cards of our own in the card database's shape, imported as a player would."""
    src = root / "fixture.json"
    src.write_text(json.dumps(records), encoding="utf-8")
    import_cards(src, root / "fixture-set")
    return CardLibrary([*default_roots(), root])


def fixture_ref(library: CardLibrary, source_id: str) -> str:
    """The ref of the imported card whose database id was `source_id`."""
    return next(c.ref for c in library if c.get("source_id") == source_id)


def approach(session: Session) -> None:
    """The window before the cards beneath a Site are revealed, or after a wrong guess (xfc.chain.9): every seat
    passes it."""
    from tabletop.rules.xfiles_ccg import Pass

    while any((session.state.rules.get("check") or {}).get(w) for w in ("approach", "guessed_wrong")):
        ok(session, Pass(), session.rules.decision(session.state))


def mine(s: Any, zone: str, ref: str, nth: int = 0) -> str:
    """The `nth` piece of card `ref` in `zone`."""
    return [p for p in s.state.zones[zone].pieces if s.state.pieces[p].card == ref][nth]


def checking_position(library: Any, hand: list[str], **kw: Any) -> Any:
    """Randy's Team (Owen Marsh, Nadia Keller) at Harlow Creek's BEHAVIORAL 4+ check, Randy to play."""
    s = position({"field:0": ["harlow-creek", "owen-marsh", "nadia-keller"], "hand:0": hand,
                  "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                 {"step": "check", "priority": 0, "passed": 0}, library=library, **kw)
    site, team = pid(s, "field:0", "harlow-creek"), [pid(s, "field:0", a) for a in ("owen-marsh", "nadia-keller")]
    s.state.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    s.state.rules["check"] = {"site": site, "team": team, "skill": "Behavioral", "need": 4, "directed": 1,
                              "mods": [], "used": []}
    return s
