"""The bots' move lister of the X-Files CCG (`generators`): its shortcuts list exactly the moves the full checks allow.

The lister finds the words in effect once per listing and asks only whether a card has a problem (`play_problems`
with `quick`), where `check` builds every violation: over seeded games, at every decision, each listed move passes
`check`, in a window the cards listed are exactly those `can_pay` and `check` allow, and the Requisitions, the Sites
placed and the Agents bought those `check` allows; the cards offered for sale those `sell_value` prices, and the
Debriefing's pass listed exactly when the hand is within its size. The same over decks that hold cards played outside
a skill check (`generators_phase`): Briefing, Case Assignment and anytime cards of our own, and while a chain of their
own is open, only the cards its text allows there and the pass.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tabletop.rules import get_ruleset
from tabletop.rules.xfiles_ccg import Hire, Pass, PlaceSite, PlayCard, Requisition, Sell
from tabletop.rules.xfiles_ccg.phase_plays import PHASE_CHAIN
from tabletop.rules.xfiles_ccg.upkeep import sites_first, sold_last
from tests.rules.random_games import random_decisions


def _window_plays(rules, state, seat: int) -> list[PlayCard]:
    """The plays of a window as the check finds them, card by card, with no shortcut."""
    out = []
    for pid in state.zones[f"hand:{seat}"].pieces:
        info = rules.pinfo(state, pid)
        if info.kind in ("agent", "site", "xfile", "equipment"):
            continue
        for choice in range(1, len(info.alternatives) + 1) if info.alternatives else (0,):
            a = PlayCard(pid, choice=choice)
            if rules.table.can_pay(state, a, seat) and not rules.check(state, a, seat):
                out.append(a)
    return out


def _requisitions(rules, state, seat: int) -> list[Requisition]:
    """The Requisitions as the check finds them, pair by pair."""
    agents = rules.agents(state, seat, ("bureau", "field", "hospital"))
    return [Requisition(pid, ag) for pid in state.zones[f"hand:{seat}"].pieces
            if rules.pinfo(state, pid).kind == "equipment" for ag in agents
            if not rules.check(state, Requisition(pid, ag), seat)]


def _sites(rules, state, seat: int) -> list[PlaceSite]:
    """The Sites placed as the check finds them, card by card (those the Team can meet first, as `upkeep` orders
    them) and opponent by opponent."""
    return [PlaceSite(pid, opp) for pid in sites_first(rules.moves, state, seat, state.zones[f"hand:{seat}"].pieces)
            if rules.pinfo(state, pid).kind == "site" for opp in rules.opponents(state, seat)
            if not rules.check(state, PlaceSite(pid, opp), seat)]


def _hires(rules, state, seat: int) -> list[Hire]:
    """The Agents bought as the check finds them, card by card."""
    return [Hire(pid, "field") for pid in state.zones[f"hand:{seat}"].pieces
            if rules.pinfo(state, pid).kind == "agent" and not rules.check(state, Hire(pid, "field"), seat)]


@pytest.fixture(scope="module")
def phased(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, dict[int, Any]]:
    """The library of `generators_phase`'s fixtures, and the sample decks with three of each of its cards."""
    from tabletop.cards.decklist import DeckEntry
    from tabletop.rules.xfiles_ccg import default_deck
    from tests.rules.test_xfiles_ccg_generators_phase import RECORDS
    from tests.rules.xfiles_ccg_helpers import fixture_library, fixture_ref

    library = fixture_library(tmp_path_factory.mktemp("sets"), RECORDS)
    decks = {}
    for seat in (0, 1):
        deck = default_deck(library, seat)
        extra = [DeckEntry(fixture_ref(library, r["id"]), 3) for r in RECORDS]
        decks[seat] = dataclasses.replace(deck, sections={**deck.sections, "deck": [*deck.sections["deck"], *extra]})
    return library, decks


@pytest.mark.parametrize(("seed", "phase"), [*((s, False) for s in range(6)), *((s, True) for s in range(3))])
def test_listed_moves_pass_the_check_and_a_window_lists_every_playable_card(seed: int, phase: bool,
                                                                            request: pytest.FixtureRequest) -> None:
    rules = get_ruleset("xfiles-ccg")
    if phase:  # three seeds of the sample decks with cards played outside a skill check
        library, decks = request.getfixturevalue("phased")
        state = rules.new_game(2, seed=seed, enforcement="strict", library=library, decks=decks)
    else:
        state = rules.new_game(2, seed=seed, enforcement="strict")
    windows = sites = sells = outside = 0
    for seat, moves, _action in random_decisions(rules, state, seed):
        for a in moves:
            assert not rules.check(state, a, seat), (a, rules.check(state, a, seat))
        pending = (state.rules.get("effects") or {}).get("pending")
        if state.rules.get(PHASE_CHAIN) and not pending:  # a chain outside a skill check: its cards, or the pass
            assert moves[-1] == Pass() and all(isinstance(a, PlayCard) for a in moves[:-1]), moves
            continue
        outside += rules.step(state) not in ("check", "aftermath") and any(isinstance(a, PlayCard) for a in moves)
        if rules.step(state) in ("check", "aftermath") and not pending:
            windows += 1
            assert [a for a in moves if isinstance(a, PlayCard)] == _window_plays(rules, state, seat)
        if rules.step(state) == "requisition":
            assert [a for a in moves if isinstance(a, Requisition)] == _requisitions(rules, state, seat)
        if rules.step(state) == "sites" and len(state.rules.get("site_names") or []) < 2:
            sites += 1
            assert [a for a in moves if isinstance(a, PlaceSite)] == _sites(rules, state, seat)
        if rules.step(state) == "deployment":
            assert [a for a in moves if isinstance(a, Hire)] == _hires(rules, state, seat)
        hand = state.zones[f"hand:{seat}"].pieces
        if rules.step(state) == "sell" and len(hand) > 4:
            sells += 1
            priced = [p for p in hand if rules.table.sell_value(state, p)]  # in the order `upkeep` offers them
            assert [a for a in moves if isinstance(a, Sell)] == [Sell((p,)) for p in sold_last(rules.moves, state, priced)]
        if rules.step(state) == "debrief":
            assert (Pass() in moves) == (len(hand) <= rules.flow.hand_max(state, seat))
    assert windows > 0 and sites > 0 and sells > 0
    assert (outside > 0) == phase  # the cards played outside a skill check are listed (the sample decks have none)


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The card library of the copy-limit fixtures (cards of our own in the printed wordings)."""
    from tests.rules.test_xfiles_ccg_words import RECORDS
    from tests.rules.xfiles_ccg_helpers import fixture_library

    return fixture_library(tmp_path_factory.mktemp("sets"), RECORDS)


def test_the_lister_follows_a_cards_copy_limits_in_play(limited: Any) -> None:
    """A Witness any number of which may be in play is listed again once one is on the chain; an Equipment only one
    of which may be in play is not listed for a second Agent once one is held (the lister's yes-or-no checks)."""
    from tests.rules.test_xfiles_ccg_words import _checking, _mine
    from tests.rules.xfiles_ccg_helpers import fixture_ref, ok, pid
    from tests.rules.xfiles_ccg_helpers import position as build_position

    ada = fixture_ref(limited, "FW-01")
    s = _checking(limited, [ada, ada])
    ok(s, PlayCard(_mine(s, "hand:0", ada, 0)), 0)
    again = PlayCard(_mine(s, "hand:0", ada, 0))
    assert again in list(s.rules.generate_actions(s.state, 0)) and not s.rules.check(s.state, again, 0)
    compass = fixture_ref(limited, "FW-04")
    s = build_position({"field:0": ["owen-marsh", "nadia-keller"], "hand:0": [compass, compass],
                        "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "requisition"}, library=limited, enforcement="strict")
    first = [a for a in s.rules.generate_actions(s.state, 0) if isinstance(a, Requisition)]
    assert first and first == _requisitions(s.rules, s.state, 0)
    ok(s, Requisition(_mine(s, "hand:0", compass, 0), pid(s, "field:0", "owen-marsh")), 0)
    assert not [a for a in s.rules.generate_actions(s.state, 0) if isinstance(a, Requisition)]
    assert not _requisitions(s.rules, s.state, 0)


def test_the_lister_plays_a_card_whose_activators_a_provision_stands_in_for(limited: Any) -> None:
    """A card lacking Activators is listed once a provision of this turn stands in for them, as the check allows
    it, and no longer once the provision is spent."""
    from tabletop.core.state import Piece
    from tabletop.rules.xfiles_ccg import Pass
    from tests.rules.test_xfiles_ccg_words import _checking, _resolve
    from tests.rules.xfiles_ccg_helpers import fixture_ref, ok

    waters, thing = fixture_ref(limited, "FW-15"), fixture_ref(limited, "FW-16")
    s = _checking(limited, [], pools=((5, 5), (5, 9)))
    st, rs = s.state, s.rules
    for i, ref in enumerate([waters, thing, thing]):
        st.add_piece(Piece(id=f"h1x{i}", card=ref, zone="hand:1", owner=1, face_up=True))
    ok(s, Pass(), 0)
    assert PlayCard("h1x1") not in list(rs.generate_actions(st, 1))
    ok(s, PlayCard("h1x0"), 1)
    _resolve(s)
    listed = [a for a in rs.generate_actions(st, 1) if isinstance(a, PlayCard)]
    assert PlayCard("h1x1") in listed and listed == _window_plays(rs, st, 1)
    ok(s, PlayCard("h1x1"), 1)
    assert PlayCard("h1x2") not in list(rs.generate_actions(st, 1))
