"""`xfiles-ccg` cards acting on hands, Bureau Decks and Discard Piles, each family run in a game on cards of our own
in the printed wordings: a discard chosen among the cards of a hand its player was shown, the top cards looked at and
put back in order, cards pushed off a deck, cards swapped for as many drawn, a Discard Pile stacked on a deck or
shuffled back."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tabletop.cards import CardLibrary
from tabletop.core import Piece
from tabletop.rules.kit import ChooseOption, ChooseTarget, ResolveEffect
from tabletop.rules.xfiles_ccg import Investigate, Pass, PlayCard, ResolveBluff
from tabletop.rules.xfiles_ccg.compiler import compile_text
from tests.rules.xfiles_ccg_helpers import SET, approach, fixture_library, fixture_ref, ok, pid
from tests.rules.xfiles_ccg_helpers import checking_position as _checking
from tests.rules.xfiles_ccg_helpers import mine as _mine
from tests.rules.xfiles_ccg_helpers import position as build_position


def _card(rid: str, title: str, kind: str, text: str, cost: str = "1 RP", **more: Any) -> dict[str, Any]:
    return {"id": rid, "title": title, "set": "Fixture", "type": kind, "cost": cost, "gameText": text,
            "keywords": [kind], "activators": ["Active"], **more}


def _bluff(rid: str, title: str, text: str) -> dict[str, Any]:
    return _card(rid, title, "Bluff", text, cost="1 CP", activators=["Conspiracy"])


RECORDS = [
    _card("FW-01", "Court Order", "Event", "Play this card to look at your opponent's hand. Your opponent must "
          "discard 2 cards from their hand (your choice)."),
    _card("FW-02", "Second Sight", "Event", "Play this card to look at the top 3 cards of your Bureau deck. "
          "Then, you may place them back in any order."),
    _bluff("FW-03", "Alley Cat", "Play this card to gently push 2 cards off the top of your opponent's Bureau "
           "deck. The two cards are discarded."),
    _bluff("FW-04", "Fresh Start", "Discard X cards from your hand to draw X cards from the top of your Bureau Deck."),
    _bluff("FW-05", "Old Ghosts", "Play this card to choose any 3 cards from you opponents' discard pile and "
           "place them in any order on top of his Bureau Deck."),
    _card("FW-06", "Recycling", "Event", "Show this card to your opponent to retrieve all Keyword RESOURCE cards from "
          "your Discard Pile. Shuffle them back into your Bureau deck and discard this card."),
    _card("FW-07", "Regroup", "Event", "Show this card to your opponent to retrieve all Conspiracy cards from your "
          "Discard Pile and shuffle them back into your Bureau Deck. Discard this card.", cost="1 CP",
          activators=["Conspiracy"]),
    _card("FW-08", "Petty Cash", "Event", "Adds 1 to one Team's BEHAVIORAL skill check.",
          keywords=["Event", "Resource"]),
    _card("FW-09", "Hearsay", "Event", "Your opponent must discard two cards from their hand (your choice)."),
    _card("FW-10", "Dead Drop", "Event", "Play on any Team. If the Team makes an OBSERVATION 3+ skill check, it may "
          "use this card to immediately negate any one card that requires them to make a non-combat skill check."),
    _card("FW-11", "Pop Quiz", "Event", "Force the Team to make a SCIENCES 4+ skill check. If they fail, each Agent "
          "on the Team takes 1 point of damage.", cost="1 CP", activators=["Conspiracy"]),
    _card("FW-12", "No Friends Left", "Event", "Negate one of these cards (your choice): 'Whisper', 'Three of a "
          "kind' or 'Murmur'.", cost="1 CP", activators=["Conspiracy"]),
    _card("FW-13", "Three of a Kind", "Event", "Adds 1 to one Team's BEHAVIORAL skill check."),
    _card("FW-14", "Paper Shuffle", "Event", "Change one Keyword to any other Keyword on one card played by your "
          "opponent. This effect lasts until the end of the turn.", cost="1 CP", activators=["Conspiracy"]),
    _card("FW-15", "The Tinkerer", "Witness", "Change any Keyword to any other one Keyword on any card played by your "
          "opponent."),
    _card("FW-16", "Spirit Board", "Event", "Play this card to draw 4 cards, then place any 2 cards from your hand "
          "on top of your Bureau deck or in your discard pile."),
    _card("FW-17", "Dead Letter", "Event", "Select one card from your Discard Pile with the Keyword NEGATE and place "
          "it in your hand. You cannot use the card this turn."),
]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> CardLibrary:
    return fixture_library(tmp_path_factory.mktemp("sets"), RECORDS)


def _add(s: Any, zone: str, cards: list[str], tag: str) -> list[str]:
    """Sample cards (or fixture refs) put in `zone` (its seat's, face down unless the zone is open), in order."""
    seat = int(zone.rpartition(":")[2])
    out = []
    for i, c in enumerate(cards):
        p = Piece(id=f"{tag}{i}", card=c if "/" in c else f"{SET}/{c}", zone=zone, owner=seat,
                  face_up=zone.startswith("discard"))
        s.state.add_piece(p)
        out.append(p.id)
    pieces = s.state.zones[zone].pieces
    pieces[:] = out + [p for p in pieces if p not in out]  # the first named on top
    return out


def _to_choice(s: Any, seat: int) -> list[Any]:
    """Pass (and confirm) until `seat` has a target to choose; its choices."""
    for _ in range(12):
        who = s.rules.decision(s.state)
        acts = list(s.rules.legal_actions(s.state, who))
        picks = [a for a in acts if isinstance(a, ChooseTarget)]
        if picks and who == seat:
            return picks
        confirm = next((a for a in acts if isinstance(a, ResolveEffect)), None)
        ok(s, confirm if confirm is not None else Pass(), who)
    raise AssertionError("no choice came")


def _settle(s: Any) -> None:
    """Pass (and confirm) until the chain and the pending effects are empty."""
    for _ in range(12):
        if not s.state.rules.get("chain") and not s.rules.effects.pending(s.state):
            return
        who = s.rules.decision(s.state)
        acts = list(s.rules.legal_actions(s.state, who))
        done = [a for a in acts if isinstance(a, ResolveEffect) or (isinstance(a, ChooseTarget) and not a.more)]
        ok(s, done[0] if done else Pass(), who)
    raise AssertionError("the chain did not settle")


def _pick(s: Any, seat: int, pieces: list[str]) -> None:
    """`seat` chooses `pieces` in order for the effect it answers, then no more."""
    for p in pieces:
        choice = next(a for a in _to_choice(s, seat) if a.piece == p)
        ok(s, choice, seat)
    done = next((a for a in s.rules.legal_actions(s.state, seat) if isinstance(a, ChooseTarget) and not a.more), None)
    if done is not None:
        ok(s, done, seat)


# ------------------------------------------------------------------------------------------------ a hand shown


def test_a_discard_is_chosen_among_the_cards_of_the_hand_examined(library: CardLibrary) -> None:
    order = fixture_ref(library, "FW-01")
    s = _checking(library, [order], seats=3)
    st = s.state
    hand = _add(s, "hand:1", ["june-talley", "overtime", "cover-up"], "h")
    assert not any(st.can_see(st.pieces[p], 0) for p in hand)
    ok(s, PlayCard(_mine(s, "hand:0", order)), 0)
    offered = _to_choice(s, 0)
    assert sorted(a.piece for a in offered if a.more) == sorted(hand) and not any(a.blind for a in offered)
    _pick(s, 0, [hand[0], hand[2]])  # named by their ids: the core lets a seat name a card it was shown
    _settle(s)
    assert {hand[0], hand[2]} <= set(st.zones["discard:1"].pieces) and st.zones["hand:1"].pieces == [hand[1]]
    # the seat that was shown nothing learns nothing: not the card kept, in its view or its log
    assert not st.can_see(st.pieces[hand[1]], 2)
    view = s.view(2)
    seen = {p["id"]: p for p in view["pieces"]} if isinstance(view.get("pieces"), list) else view.get("pieces", {})
    assert "overtime" not in str(seen.get(hand[1], "")).casefold()
    assert "overtime" not in str(s.log_for(2)).casefold() and "overtime" in str(s.log_for(0)).casefold()


def test_a_card_not_shown_cannot_be_named_and_is_not_offered(library: CardLibrary) -> None:
    hearsay = fixture_ref(library, "FW-09")
    s = _checking(library, [hearsay])
    st = s.state
    hand = _add(s, "hand:1", ["june-talley", "overtime"], "h")
    ok(s, PlayCard(_mine(s, "hand:0", hearsay)), 0)
    _settle(s)  # nothing of that hand was shown: nothing to choose, nothing discarded
    assert st.zones["hand:1"].pieces == hand
    pending = {"pending": 1, "target": "discarded", "piece": hand[0]}
    refused = s.submit(ChooseTarget(**pending), 0)
    assert not refused.accepted and "overtime" not in str(refused.error).casefold()


# ------------------------------------------------------------------------------------------------ Bureau Decks


def test_the_top_cards_looked_at_go_back_in_the_order_chosen(library: CardLibrary) -> None:
    sight = fixture_ref(library, "FW-02")
    s = _checking(library, [sight])
    st = s.state
    deck = _add(s, "deck:0", ["june-talley", "overtime", "cover-up", "press-leak", "flat-tire"], "d")
    ok(s, PlayCard(_mine(s, "hand:0", sight)), 0)
    offered = _to_choice(s, 0)
    assert sorted(a.piece for a in offered if a.more) == sorted(deck[:3])  # the three looked at, no more
    assert all(st.can_see(st.pieces[p], 0) and not st.can_see(st.pieces[p], 1) for p in deck[:3])
    assert not st.can_see(st.pieces[deck[3]], 0)
    _pick(s, 0, [deck[2], deck[0]])
    _settle(s)
    assert st.zones["deck:0"].pieces[:5] == [deck[2], deck[0], deck[1], deck[3], deck[4]]
    assert "looked" not in st.rules


def _under_site(s: Any, ref: str, site: str, owner: int = 1) -> str:
    """A card of `owner`'s hand put face down beneath `site` (a Bluff placed in the Case Assignment)."""
    st = s.state
    bluff = next(p for p in st.zones[f"hand:{owner}"].pieces if st.pieces[p].card == ref)
    st.zones[f"hand:{owner}"].pieces.remove(bluff)
    st.zones["field:0"].pieces.append(bluff)
    st.pieces[bluff] = dataclasses.replace(st.pieces[bluff], zone="field:0", face_up=False, attached_to=site)
    st.link(bluff, None, site)
    return bluff


def _bluffed(library: CardLibrary, bluff_ref: str, setup: Any = None) -> Any:
    """Randy's Team sent to Harlow Creek with Les's Bluff `bluff_ref` beneath it (`setup(s)` first), and the Bluff
    revealed and paid."""
    s = build_position({"field:0": ["harlow-creek", "owen-marsh", "nadia-keller"], "hand:1": [bluff_ref],
                        "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "assign"}, library=library)
    site = pid(s, "field:0", "harlow-creek")
    s.state.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    _under_site(s, bluff_ref, site)
    if setup is not None:
        setup(s)
    ok(s, Investigate(site, (pid(s, "field:0", "owen-marsh"), pid(s, "field:0", "nadia-keller"))), 0)
    approach(s)
    ok(s, ResolveBluff(s.state.rules["bluffs"][0], True), 1)
    return s


def test_two_cards_pushed_off_the_opponents_deck_are_discarded(library: CardLibrary) -> None:
    got: dict[str, list[str]] = {}
    s = _bluffed(library, fixture_ref(library, "FW-03"),
                 lambda s: got.setdefault("deck", _add(s, "deck:0", ["june-talley", "overtime", "cover-up"], "d")))
    _settle(s)
    deck = got["deck"]
    assert set(deck[:2]) <= set(s.state.zones["discard:0"].pieces) and deck[2] in s.state.zones["deck:0"].pieces


def test_cards_discarded_from_the_hand_are_drawn_again(library: CardLibrary) -> None:
    got: dict[str, list[str]] = {}

    def setup(s: Any) -> None:
        got["hand"] = _add(s, "hand:1", ["june-talley", "overtime", "cover-up"], "h")
        got["deck"] = _add(s, "deck:1", ["press-leak", "flat-tire", "cold-trail"], "d")

    s = _bluffed(library, fixture_ref(library, "FW-04"), setup)
    st = s.state
    hand, deck = got["hand"], got["deck"]
    _pick(s, 1, [hand[0], hand[2]])
    _settle(s)
    assert set(st.zones["discard:1"].pieces) >= {hand[0], hand[2]}
    assert set(st.zones["hand:1"].pieces) == {hand[1], deck[0], deck[1]}  # two drawn from the top


def test_three_cards_of_the_opponents_discard_pile_go_on_top_of_his_deck_in_order(library: CardLibrary) -> None:
    got: dict[str, list[str]] = {}
    s = _bluffed(library, fixture_ref(library, "FW-05"),
                 lambda s: got.setdefault("pile", _add(s, "discard:0", ["june-talley", "overtime", "cover-up",
                                                                          "press-leak"], "g")))
    st = s.state
    pile = got["pile"]
    _pick(s, 1, [pile[3], pile[0], pile[1]])
    _settle(s)
    assert st.zones["deck:0"].pieces[:3] == [pile[3], pile[0], pile[1]]
    assert not st.pieces[pile[0]].face_up and pile[2] in st.zones["discard:0"].pieces


# ------------------------------------------------------------------------------------------------ Discard Piles


def test_resource_cards_of_the_discard_pile_are_shuffled_back(library: CardLibrary) -> None:
    recycling, cash = fixture_ref(library, "FW-06"), fixture_ref(library, "FW-08")
    s = _checking(library, [recycling])
    st = s.state
    pile = _add(s, "discard:0", [cash, "overtime", cash], "g")
    ok(s, PlayCard(_mine(s, "hand:0", recycling)), 0)
    _settle(s)
    assert pile[0] in st.zones["deck:0"].pieces and pile[2] in st.zones["deck:0"].pieces
    assert pile[1] in st.zones["discard:0"].pieces
    assert _mine(s, "discard:0", recycling)  # the card itself, discarded once it resolved


def test_conspiracy_cards_of_the_discard_pile_are_shuffled_back(library: CardLibrary) -> None:
    regroup = fixture_ref(library, "FW-07")
    s = _checking(library, [])
    st = s.state
    card = _add(s, "hand:1", [regroup], "r")[0]
    pile = _add(s, "discard:1", ["cover-up", "overtime", "press-leak"], "g")
    ok(s, Pass(), 0)
    ok(s, PlayCard(card), 1)
    _settle(s)
    assert {pile[0], pile[2]} <= set(st.zones["deck:1"].pieces) and pile[1] in st.zones["discard:1"].pieces
    assert card in st.zones["discard:1"].pieces


def test_cards_drawn_then_two_of_the_hand_placed_on_the_deck_or_discarded(library: CardLibrary) -> None:
    board = fixture_ref(library, "FW-16")
    s = _checking(library, [board, "overtime"])
    st, rs = s.state, s.rules
    deck = _add(s, "deck:0", ["june-talley", "cover-up", "press-leak", "flat-tire", "cold-trail"], "d")
    kept = _mine(s, "hand:0", f"{SET}/overtime")
    ok(s, PlayCard(_mine(s, "hand:0", board)), 0)
    offered = _to_choice(s, 0)  # chosen once the four cards are drawn
    assert set(deck[:4]) <= {a.piece for a in offered if a.more} and deck[4] in st.zones["deck:0"].pieces
    ok(s, next(a for a in offered if a.piece == deck[2]), 0)
    ok(s, [a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseOption)][0], 0)  # on top of the Bureau Deck
    ok(s, next(a for a in _to_choice(s, 0) if a.piece == kept), 0)
    ok(s, [a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseOption)][1], 0)  # to the Discard Pile
    _settle(s)
    assert st.zones["deck:0"].pieces[:2] == [deck[2], deck[4]] and kept in st.zones["discard:0"].pieces
    assert set(st.zones["hand:0"].pieces) == {deck[0], deck[1], deck[3]}
    assert st.can_see(st.pieces[deck[2]], 0) and not st.can_see(st.pieces[deck[2]], 1)


def test_a_card_taken_back_from_the_discard_pile_waits_a_turn(library: CardLibrary) -> None:
    letter = fixture_ref(library, "FW-17")
    s = _checking(library, [letter])
    st = s.state
    pile = _add(s, "discard:0", ["june-talley", "amos-pell"], "g")
    ok(s, PlayCard(_mine(s, "hand:0", letter)), 0)
    offered = _to_choice(s, 0)
    assert [a.piece for a in offered if a.more] == [pile[1]]  # the one with the Keyword
    ok(s, offered[0], 0)
    _settle(s)
    assert pile[1] in st.zones["hand:0"].pieces
    refused = s.submit(PlayCard(pile[1]), 0)
    assert not refused.accepted and [v.code for v in refused.violations if "next" in v.message] == ["effects.condition"]
    st.rules["turn"] = int(st.rules.get("turn", 1)) + 1  # the next turn: played as any card
    assert not [v for v in s.rules.check(st, PlayCard(pile[1]), 0) if "next" in v.message]


# ------------------------------------------------------------------------------------------------ cards on the chain


def test_a_made_check_negates_the_opponents_card_that_forces_a_check(library: CardLibrary) -> None:
    drop, quiz = fixture_ref(library, "FW-10"), fixture_ref(library, "FW-11")
    s = _checking(library, [drop])
    st = s.state
    quiz_p, leak = _add(s, "hand:1", [quiz, "press-leak"], "q")
    ok(s, Pass(), 0)
    ok(s, PlayCard(leak), 1)
    ok(s, PlayCard(quiz_p), 1)
    ok(s, Pass(), 1)
    ok(s, PlayCard(_mine(s, "hand:0", drop)), 0)
    offered = _to_choice(s, 0)
    assert [a.piece for a in offered if a.more] == [quiz_p]  # the card that forces a check, not the other
    ok(s, offered[0], 0)
    _settle(s)  # OBSERVATION 2 + 1: made; Pop Quiz negated, no damage dealt
    assert quiz_p in st.zones["discard:1"].pieces
    assert not any(st.pieces[pid(s, "field:0", a)].counters.get("damage") for a in ("owen-marsh", "nadia-keller"))


def test_a_card_named_in_a_list_is_negated_and_no_other(library: CardLibrary) -> None:
    friends, three = fixture_ref(library, "FW-12"), fixture_ref(library, "FW-13")
    s = _checking(library, [three, "overtime"])
    st = s.state
    mine = _add(s, "hand:1", [friends], "n")[0]
    ok(s, PlayCard(_mine(s, "hand:0", f"{SET}/overtime")), 0)
    ok(s, Pass(), 0)
    refused = s.submit(PlayCard(mine), 1)  # only Overtime on the chain: no card named
    assert not refused.accepted and [v.code for v in refused.violations] == ["effects.condition"]
    s = _checking(library, [three, "overtime"])
    st = s.state
    mine = _add(s, "hand:1", [friends], "n")[0]
    ok(s, PlayCard(_mine(s, "hand:0", f"{SET}/overtime")), 0)
    ok(s, PlayCard(_mine(s, "hand:0", three)), 0)
    ok(s, Pass(), 0)
    ok(s, PlayCard(mine), 1)
    three_p = next(e["piece"] for e in st.rules["chain"] if st.pieces[e["piece"]].card == three)
    offered = _to_choice(s, 1)
    assert [a.piece for a in offered if a.more] == [three_p]
    ok(s, offered[0], 1)
    _settle(s)
    assert three_p in st.zones["discard:0"].pieces


def test_a_keyword_of_the_opponents_card_becomes_another_for_the_turn(library: CardLibrary) -> None:
    shuffle = fixture_ref(library, "FW-14")
    s = _checking(library, [])
    st, rs = s.state, s.rules
    card = _add(s, "hand:1", [shuffle], "k")[0]
    site = pid(s, "field:0", "harlow-creek")
    ok(s, Pass(), 0)
    ok(s, PlayCard(card), 1)
    offered = _to_choice(s, 1)
    ok(s, next(a for a in offered if a.piece == site), 1)
    for _ in range(4):
        options = [a for a in rs.legal_actions(st, 1) if isinstance(a, ChooseOption)]
        if options:
            break
        ok(s, next(a for a in rs.legal_actions(st, rs.decision(st)) if isinstance(a, (ResolveEffect, Pass))),
           rs.decision(st))
    assert sorted(a.text for a in options) == sorted(f"kw_from {k}" for k in ("Site", "Mono", "Affiliation",
                                                                                "Behavioral")) or len(options) == 4
    ok(s, next(a for a in options if "Behavioral" in a.text), 1)
    options = [a for a in rs.legal_actions(st, 1) if isinstance(a, ChooseOption)]
    assert not any(w in a.text for a in options for w in ("Behavioral", "Mono")) and any("Occult" in a.text
                                                                                          for a in options)
    ok(s, next(a for a in options if a.text.endswith(" Occult") or "Occult'" in a.text or
                a.text.rstrip("}").endswith("Occult")), 1)
    _settle(s)
    words = rs.keywords_of(st, site)
    assert "occult" in words and "behavioral" not in words
    assert {m.get("until") for m in st.rules["effects"]["mods"] if m.get("piece") == site} == {"end_of_turn"}


def test_the_keyword_change_said_without_a_duration_lasts(library: CardLibrary) -> None:
    effects, left = compile_text(next(c for c in library if c.get("source_id") == "FW-15"))
    assert not left and "until" not in str(effects[0]["do"][-1])
