"""Fixtures for ruleset tests: a card library with a few made-to-measure Tragedy cards, and hand-written positions."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import pytest
import yaml

from tabletop.cards import CardDef, CardLibrary, CardSet, default_library
from tabletop.core import Session
from tabletop.rules.tragedy import Tragedy
from tabletop.store import parse_save

# Cards named for their Tragedy traits: A3 is an Actor of Value 3, P2 a Prop of Value 2, and so on.
_TEST_CARDS = {
    "A3": (3, ["Actor", "Act"], ""),
    "A5": (5, ["Actor", "Act"], ""),
    "P2": (2, ["Prop", "Act"], ""),
    "P6": (6, ["Prop", "Act"], ""),
    "S4": (4, ["Set", "Act"], ""),
    "S7": (7, ["Set", "Act"], ""),
    "SP1": (1, ["Set Piece", "Act"], ""),
    "SP8": (8, ["Set Piece", "Act"], ""),
    "FX": (1, ["Act"], "Each player draws a card."),
    "X9": (9, ["Act"], ""),
    "NV": (None, ["Actor", "Act"], ""),  # Roles but no Value: 0000.2.5 is broken by the card itself
}


def _test_set() -> CardSet:
    cards = {
        cid: CardDef("t", cid, f"Test {cid}", "test", text,
                     fields={"tragedy": {"roles": roles} if v is None else {"value": v, "roles": roles}})
        for cid, (v, roles, text) in _TEST_CARDS.items()
    }
    return CardSet("t", "Tragedy test cards", cards=cards)


@pytest.fixture(scope="session")
def lib() -> CardLibrary:
    return CardLibrary.from_sets(default_library().sets["standard"], _test_set())


Position = Callable[..., Session]


@pytest.fixture
def position(lib: CardLibrary) -> Position:
    """A Tragedy session from a hand-written position: cards per zone (top first), then the turn's rule state.

    `attach` maps a card (zone/ref) to the card it hangs under; `tapped` lists cards turned sideways;
    `roles` gives in-play Roles where the zone and attachment would not say it.
    """

    def make(
        zones: Mapping[str, Iterable[str]],
        *,
        step: str = "enter_stage",
        active: int = 0,
        priority: int | None | str = "active",
        stack: Iterable[Mapping[str, Any]] = (),
        favor: tuple[int, int] = (0, 0),
        attach: Mapping[str, str] | None = None,
        tapped: Iterable[str] = (),
        scored: bool = False,
        enforcement: str = "strict",
        options: Mapping[str, Any] | None = None,
        passed: int = 0,
        need: int = 2,
        extra_rules: Mapping[str, Any] | None = None,
    ) -> Session:
        rules: dict[str, Any] = {
            "turn": 3, "first": 0, "active": active, "step": step,
            "priority": active if priority == "active" else priority,
            "passed": passed, "need": need, "stack": [], "roles": {}, "scored": scored, "over": False,
            "winner": None,
        }
        rules.update(extra_rules or {})
        doc = {
            "format": "tabletop-save",
            "version": 1,
            "ruleset": "tragedy",
            "options": dict(options or {}),
            "enforcement": enforcement,
            "players": [{"name": "Ann", "counters": {"favor": favor[0]}}, {"name": "Bob", "counters": {"favor": favor[1]}}],
            "rules": rules,
            "zones": {name: list(refs) for name, refs in zones.items()},
        }
        state = parse_save(yaml.safe_dump(doc, sort_keys=False), "<position>", library=lib).state
        for child, host in (attach or {}).items():
            pid = find(state, child)
            state.pieces[pid].attached_to = find(state, host)
            state.link(pid, None, state.pieces[pid].attached_to)
        for card in tapped:
            state.pieces[find(state, card)].rotation = 90
        entries = []
        for e in stack:
            e = dict(e)
            e["piece"] = find(state, e["piece"])
            if "target" in e:
                e["target"] = find(state, e["target"])
            entries.append(e)
        state.rules["stack"] = entries
        return Session(state, Tragedy(options, library=lib))

    return make


def find(state: Any, where: str) -> str:
    """The piece id of `zone/set/id` (e.g. `actors:0/t/A3`): the first such card in that zone."""
    zone, ref = where.split("/", 1)
    for pid in state.zones[zone].pieces:
        if state.pieces[pid].card == ref:
            return pid
    raise KeyError(where)


@pytest.fixture
def at() -> Callable[[Any, str], str]:
    return find
