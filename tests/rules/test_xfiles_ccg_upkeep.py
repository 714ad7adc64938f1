"""The bots keep their hand and pools playable (`upkeep`), so self-play of real decks ends before the turn cap.

Seeded self-play ran into the 100-turn cap with a greedy seat whose hand was seven [CP] cards it could never pay for
(the Debriefing only ever cut its newest card), or which bought cards with every [RP] it had and sold its Sites and
Equipment (no Site placed, an Agent never healed). The listing now offers first: at the Debriefing, the cards the
seat cannot pay for (a full hand) and the oldest cards (over the hand's size); at the Briefing, the purchase that
keeps what the hand's Sites and Equipment cost; at the selling, the other cards before the Sites and Equipment; at
Case Assignment, the Sites the Team can meet before those it cannot; and Equipment whose Activator names the Hospital
is offered to the Agents there (an Adversary's "may not heal wounds until a Healing card is played" kept a Team in
the Hospital for good while its Hospital Crash Cart was never listed).
"""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.rules.bots import make_bot
from tabletop.rules.xfiles_ccg import Buy, Discard, Pass, PlaceSite, Requisition, Sell
from tests.rules.xfiles_ccg_helpers import fixture_library, fixture_ref, mine, pid, position

#: three Agents of Randy's in the Field (RES for the Briefing), the X-Files of both seats
_TABLE = {"field:0": ["owen-marsh", "nadia-keller", "tom-brandt"], "bureau:1": ["lena-ortiz"],
          "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]}


def _at(step: str, hand: list[str], pools: tuple[tuple[int, int], ...], **rules: Any) -> Any:
    """Randy's hand at `step` of his own turn, with these pools."""
    return position({**_TABLE, "hand:0": hand}, {"step": step, "active": 0, "drawn": True, **rules}, pools=pools)


def _listed(s: Any, seat: int = 0) -> list[Any]:
    return list(s.rules.generate_actions(s.state, seat))


def _greedy(s: Any, seat: int = 0) -> Any:
    return make_bot("greedy", s.rules, 0).choose(s.state, seat)


def test_a_full_hand_discards_the_cards_its_pool_cannot_pay_for_at_the_debriefing() -> None:
    """Seven cards, two of them Adversaries costing more than the 5 [CP] held: the greedy bot discards those two
    (before, a hand within its size only passed, and kept them for the rest of the game)."""
    hand = ["supper-club", "harlow-creek", "june-talley", "night-prowler", "overtime", "service-knife", "press-leak"]
    s = _at("debrief", hand, ((5, 5), (5, 5)), discarder=0)
    dead = (pid(s, "hand:0", "supper-club"), pid(s, "hand:0", "night-prowler"))
    assert _listed(s)[0] == Discard(dead)
    assert Pass() in _listed(s)  # a hand within its size may still keep its cards
    assert _greedy(s) == Discard(dead)


def test_a_hand_within_its_size_that_can_pay_for_every_card_only_passes() -> None:
    s = _at("debrief", ["supper-club", "harlow-creek", "june-talley"], ((5, 9), (5, 5)), discarder=0)
    assert _listed(s) == [Pass()]


def test_a_hand_over_its_size_cuts_its_oldest_cards_first() -> None:
    """Eight cards it can pay for: the first Discard listed is the oldest card (the one held longest unplayed),
    not the card just drawn."""
    hand = ["harlow-creek", "june-talley", "overtime", "service-knife", "press-leak", "marrow-point",
            "wade-colter", "paper-trail"]
    s = _at("debrief", hand, ((5, 5), (5, 5)), discarder=0)
    oldest = s.state.zones["hand:0"].pieces[0]
    assert _greedy(s) == Discard((oldest,))
    assert Pass() not in _listed(s)


def test_the_briefing_purchase_keeps_the_rp_its_sites_and_equipment_cost() -> None:
    """5 [RP], a Site costing 2 and an Equipment costing 2 in hand, room for four cards: the greedy bot buys one card,
    keeping 4 [RP] (before it bought four, and had nothing left to place the Site with)."""
    s = _at("buy", ["harlow-creek", "service-knife", "june-talley"], ((5, 5), (5, 5)))
    assert _greedy(s) == Buy(1)
    s = _at("buy", ["harlow-creek", "service-knife", "june-talley"], ((4, 5), (5, 5)))
    assert not any(isinstance(a, Buy) for a in _listed(s))


def test_a_hand_of_no_sites_or_equipment_buys_with_all_its_rp() -> None:
    s = _at("buy", ["june-talley", "overtime"], ((3, 5), (5, 5)))
    assert _greedy(s) == Buy(3)


def test_the_sites_and_equipment_are_sold_last() -> None:
    """Les sells at Randy's Briefing: his Witness and Event are offered before his Site and Equipment."""
    hand = ["harlow-creek", "service-knife", "june-talley", "overtime", "supper-club"]
    s = position({**_TABLE, "hand:1": hand}, {"step": "sell", "active": 0, "drawn": True, "seller": 1})
    sells = [a for a in _listed(s, 1) if isinstance(a, Sell)]
    assert sells == [Sell((pid(s, "hand:1", c),)) for c in ("june-talley", "overtime", "harlow-creek",
                                                              "service-knife")]


def test_a_site_the_team_can_meet_is_placed_before_one_it_cannot() -> None:
    """Marrow Point asks OBSERVATION 4+ (the Team has 3), Harlow Creek BEHAVIORAL 4+ (it has 6): Harlow Creek is
    placed first, so the Team investigates it (before, the hand's first Site took the turn and failed)."""
    s = _at("sites", ["marrow-point", "harlow-creek"], ((5, 5), (5, 5)))
    assert _greedy(s) == PlaceSite(pid(s, "hand:0", "harlow-creek"), 1)


@pytest.fixture(scope="module")
def trolley(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A card library with an Equipment of our own requisitioned in the Hospital."""
    record = {"id": "FU-01", "title": "Ward Trolley", "set": "Fixture", "type": "Equipment", "cost": "2 RP",
              "gameText": "Adds 1 to the holder's MEDICAL.", "keywords": ["Equipment", "Healing"],
              "activators": ["Hospital"]}
    return fixture_library(tmp_path_factory.mktemp("sets"), [record])


def test_equipment_of_the_hospital_is_requisitioned_for_an_agent_there(trolley: Any) -> None:
    """Tom Brandt lies in the Hospital: the Ward Trolley (Activator Hospital) is listed for him, and the greedy bot
    requisitions it (before, the listing offered Equipment to the Bureau and the Field alone)."""
    ref = fixture_ref(trolley, "FU-01")
    s = position({"field:0": ["owen-marsh", "nadia-keller"], "hospital:0": ["tom-brandt:d2"], "hand:0": [ref],
                  "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                 {"step": "requisition", "active": 0, "drawn": True}, library=trolley)
    assert _greedy(s) == Requisition(mine(s, "hand:0", ref), pid(s, "hospital:0", "tom-brandt"))
