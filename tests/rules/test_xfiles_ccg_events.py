"""`xfiles-ccg` Event text of every set, each family run in a game on cards of our own in the printed wordings:
cards in play sent back to their owner's hand or swept by Keyword, cards found in the Bureau Deck by Keyword,
Activator or more than one, ..."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.cards import CardLibrary
from tabletop.core import Piece
from tabletop.rules.kit import ChooseTarget, ResolveEffect
from tabletop.rules.xfiles_ccg import Ask, Investigate, Pass, PlayCard, UseAbility
from tabletop.rules.xfiles_ccg.compiler import compile_text
from tests.rules.xfiles_ccg_helpers import SET, fixture_library, fixture_ref, ok, pid
from tests.rules.xfiles_ccg_helpers import checking_position as _checking
from tests.rules.xfiles_ccg_helpers import mine as _mine
from tests.rules.xfiles_ccg_helpers import position as build_position


def _card(rid: str, title: str, kind: str, text: str, cost: str = "1 RP", **more: Any) -> dict[str, Any]:
    return {"id": rid, "title": title, "set": "Fixture", "type": kind, "cost": cost, "gameText": text,
            "keywords": [kind], "activators": ["Active"], **more}


RECORDS = [
    _card("FE-01", "Pawn Shop", "Event", "Play this card to return target Equipment card to the owner's hand."),
    _card("FE-02", "Eviction Notice", "Event", "Play this card to return one Keyword RESOURCE card to the owner's "
          "hand."),
    _card("FE-03", "Spring Cleaning", "Event", "Play this card to discard all Keyword RESOURCE cards in play."),
    _card("FE-04", "Safe Deposit", "Event", "Adds 1 to one Team's BEHAVIORAL skill check.",
          keywords=["Event", "Resource"]),
    _card("FE-05", "Town Records", "Event", "Search through your Bureau deck for any one Site card with Keyword "
          "MOTIVE. Show the card to your opponent and add it to your hand. Shuffle your Bureau deck."),
    _card("FE-06", "Old Friends", "Event", "Play this card to search through your Bureau Deck and add any one Event "
          "card with activator CONSPIRACY to your hand. Show the card to your opponents."),
    _card("FE-07", "Back Alley", "Event", "Play this card after a Combat has been initiated. Search through your "
          "Bureau Deck and add any two Combat cards to your hand. Reshuffle your Bureau deck."),
    _card("FE-08", "Lone Stand", "Event", "Play this card when an Adversary is about to enter Combat with a single "
          "Agent. Search through your Bureau Deck and add any one Combat card to your hand. Reshuffle your Bureau "
          "Deck."),
    {"id": "FE-09", "title": "The Stalker", "set": "Fixture", "type": "Adversary", "cost": "1 CP", "gameText": "",
     "keywords": ["Adversary", "Creature"], "activators": ["Conspiracy"],
     "skills": {"Long Range Combat": 1, "Close Range Combat": 1, "Health": 12}},
    _card("FE-10", "Inside Source", "Event", "Ask any one Characteristic question regarding one opponent's X-File. "
          "Remove this card from the game.", keywords=["Event", "Question"]),
    _card("FE-11", "Hunch", "Event", "Adds 1 to one Team's BEHAVIORAL skill check. In addition, if the Team makes a "
          "BEHAVIORAL skill check of 4+, they may ask either one MOTIVE question or one RESULT question."),
    _card("FE-12", "Floodlight", "Event", "Play this card to reveal any face down card by turning it face up (except "
          "your opponent's X-Files). If it has the Keyword \"Hoax\", it is discarded."),
    _card("FE-13", "Tall Tale", "Bluff", "Subtracts 1 from the Activating Team's skill check.", cost="1 CP",
          keywords=["Bluff", "Hoax"], activators=["Conspiracy"]),
    _card("FE-15", "Clean Sweep", "Event", "Force up to two face-down Bluff cards attached to one or different Sites to "
          "be discarded."),
    _card("FE-16", "Gentle Care", "Event", "Play this card on an Agent in the Hospital. The Agent heals one token of "
          "damage immediately. This card heals up to two tokens of damage if the Agent has the Keyword SKEPTIC."),
    {"id": "FE-17", "title": "Agent Lise Moran", "set": "Fixture", "type": "Agent", "cost": "4 RP",
     "keywords": ["Agent", "FBI"], "skills": {"Behavioral": 2, "Long Range Combat": 1, "Close Range Combat": 1,
                                              "Health": 4, "Resources": 1},
     "gameText": "Place two tokens on this card. Discard a token to draw one card from the top of your Bureau deck "
                 "for zero [RP] cost any time you are the active player."},
    _card("FE-18", "Second Look", "Event", "Play this card on any Team that includes at least one Agent that has "
          "investigated another Site this turn. Apply a +2 modifier to the Site skill check."),
    _card("FE-19", "Quarantine", "Event", "Play this card when there are two or more Agents in the Hospital. No Agents "
          "in the Hospital may heal any damage this turn.", cost="1 CP", activators=["Conspiracy"]),
    _card("FE-20", "Door to Door", "Event", "Play this card to gain a +1 modifier to the current Site skill check for "
          "each Site card discarded from your hand."),
    _card("FE-21", "Whisper", "Event", "Adds 1 to one Team's BEHAVIORAL skill check.", keywords=["Event", "Negate"]),
    _card("FE-22", "Whisper Silenced", "Event", "Play this card to negate one Keyword NEGATE card. If \"Whisper\" is "
          "the negated card, it is removed from the game along with this card.", cost="1 CP",
          activators=["Conspiracy"]),
    _card("FE-23", "Murmur", "Event", "Adds 1 to one Team's BEHAVIORAL skill check.", keywords=["Event", "Negate"]),
    _card("FE-24", "Sleight of Hand", "Event", "Discard two cards at random from your hand to negate any [CP] card "
          "played by your opponent."),
    _card("FE-25", "Silver Lining", "Event", "Play this card to change a negative skill check modifier to a positive "
          "one (e.g., a -1 becomes a +1)."),
    _card("FE-26", "Party Line", "Event", "For the remainder of this turn, your opponent may only play Keyword "
          "GOVERNMENT cards."),
]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> CardLibrary:
    return fixture_library(tmp_path_factory.mktemp("sets"), RECORDS)


def _resolve_picking(s: Any, prefer: str | None = None) -> list[Any]:
    """Pass until the chain is empty, choosing `prefer` or the first target a pending effect offers; the choices
    offered, in order."""
    offered = []
    for _ in range(16):
        seat = s.rules.decision(s.state)
        picks = [a for a in s.rules.legal_actions(s.state, seat) if isinstance(a, (ChooseTarget, ResolveEffect))]
        if picks:
            pieces = [a for a in picks if getattr(a, "piece", None)]
            offered.append(pieces)
            ok(s, next((a for a in pieces if a.piece == prefer), pieces[0] if pieces else picks[0]), seat)
        elif s.state.rules.get("chain"):
            ok(s, Pass(), seat)
        else:
            return offered
    raise AssertionError("the chain did not resolve")


def _with_deck(s: Any, seat: int, cards: list[str]) -> list[str]:
    """`cards` (sample ids or fixture refs) put in the seat's Bureau Deck; their pieces, top first."""
    for i, c in enumerate(cards):
        s.state.add_piece(Piece(id=f"d{seat}x{i}", card=c if "/" in c else f"{SET}/{c}", zone=f"deck:{seat}",
                                owner=seat, face_up=False))
    return [p for p in s.state.zones[f"deck:{seat}"].pieces if p.startswith(f"d{seat}x")]


# ------------------------------------------------------------------------------------------------ cards in play


def test_an_equipment_in_play_goes_back_to_its_owners_hand(library: CardLibrary) -> None:
    shop = fixture_ref(library, "FE-01")
    s = _checking(library, [shop])
    st = s.state
    host = pid(s, "bureau:1", "lena-ortiz")
    st.add_piece(Piece(id="van", card=f"{SET}/surveillance-van", zone="bureau:1", owner=1, face_up=True,
                       attached_to=host))
    ok(s, PlayCard(_mine(s, "hand:0", shop)), 0)
    offered = _resolve_picking(s, "van")
    assert [a.piece for a in offered[0]] == ["van"]  # the one Equipment in play
    assert st.pieces["van"].zone == "hand:1" and st.pieces["van"].attached_to is None
    assert st.can_see(st.pieces["van"], 1) and not st.can_see(st.pieces["van"], 0)


@pytest.mark.parametrize("mode", ["strict", "warn"])
def test_a_card_sent_back_needs_one_in_play(library: CardLibrary, mode: str) -> None:
    notice = fixture_ref(library, "FE-02")
    s = _checking(library, [notice], enforcement=mode, pools=((5, 5), (5, 5)))
    r = s.submit(PlayCard(_mine(s, "hand:0", notice)), 0)
    assert [v.code for v in r.violations] == ["effects.condition"] and r.accepted == (mode == "warn")


def test_resource_cards_in_play_go_back_or_are_swept_away(library: CardLibrary) -> None:
    notice, sweep, deposit = (fixture_ref(library, f"FE-0{i}") for i in (2, 3, 4))
    s = _checking(library, [notice, sweep])
    st = s.state
    st.add_piece(Piece(id="dep1", card=deposit, zone="bureau:1", owner=1, face_up=True))
    st.add_piece(Piece(id="dep0", card=deposit, zone="bureau:0", owner=0, face_up=True))
    ok(s, PlayCard(_mine(s, "hand:0", notice)), 0)
    offered = _resolve_picking(s, "dep1")
    assert {a.piece for a in offered[0]} == {"dep0", "dep1"} and st.pieces["dep1"].zone == "hand:1"
    st.rules["priority"], st.rules["passed"] = 0, 0
    ok(s, PlayCard(_mine(s, "hand:0", sweep)), 0)
    _resolve_picking(s)
    assert st.pieces["dep0"].zone == "discard:0" and st.pieces["dep1"].zone == "hand:1"


# ------------------------------------------------------------------------------------------------ the Bureau Deck


@pytest.mark.parametrize("fixture,wanted", [("FE-05", {"tollgate-motel"}), ("FE-06", {"budget-cuts", "press-leak"})])
def test_a_card_found_by_keyword_or_activator_is_shown(library: CardLibrary, fixture: str, wanted: set[str]) -> None:
    ref = fixture_ref(library, fixture)
    s = _checking(library, [ref])
    st = s.state
    deck = _with_deck(s, 0, ["harlow-creek", "tollgate-motel", "overtime", "budget-cuts", "press-leak"])
    ok(s, PlayCard(_mine(s, "hand:0", ref)), 0)
    offered = _resolve_picking(s)
    assert {st.pieces[a.piece].card.split("/")[1] for a in offered[0]} == wanted
    found = offered[0][0].piece
    assert st.pieces[found].zone == "hand:0" and st.can_see(st.pieces[found], 1)  # shown to the opponent
    assert len(st.zones["deck:0"].pieces) == len(deck) - 1


def _fight(library: CardLibrary, hand: list[str], team: tuple[str, ...] = ("owen-marsh", "nadia-keller")) -> Any:
    """Randy's Team investigates Harlow Creek; Les's Stalker is played and resolves: its Combat begins."""
    stalker = fixture_ref(library, "FE-09")
    s = build_position({"field:0": ["harlow-creek", *team], "bureau:1": ["lena-ortiz"], "hand:0": hand,
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"], "hand:1": [stalker]},
                       {"step": "assign"}, library=library, pools=((9, 9), (9, 9)))
    st = s.state
    site = pid(s, "field:0", "harlow-creek")
    st.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    ok(s, Investigate(site, tuple(p for p in st.zones["field:0"].pieces if p != site), "Behavioral"), 0)
    ok(s, Pass(), 0)
    ok(s, PlayCard(_mine(s, "hand:1", stalker)), 1)
    ok(s, Pass(), 1)
    ok(s, Pass(), 0)
    assert st.rules.get("combat")
    return s


def test_two_combat_cards_found_once_a_combat_began(library: CardLibrary) -> None:
    alley = fixture_ref(library, "FE-07")
    s = _checking(library, [alley])
    assert s.submit(PlayCard(_mine(s, "hand:0", alley)), 0).violations  # no Combat yet
    s = _fight(library, [alley])
    st, rs = s.state, s.rules
    _with_deck(s, 0, ["ambush", "overtime", "covering-fire", "second-wind"])
    while rs.decision(st) != 0:
        ok(s, Pass(), rs.decision(st))
    ok(s, PlayCard(_mine(s, "hand:0", alley)), 0)
    ok(s, Pass(), 0)
    seat = rs.decision(st)
    while not [a for a in rs.legal_actions(st, seat) if isinstance(a, ChooseTarget)]:
        ok(s, Pass(), seat)
        seat = rs.decision(st)
    picks = [a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseTarget) and a.piece]
    assert {st.pieces[a.piece].card.split("/")[1] for a in picks} == {"ambush", "covering-fire", "second-wind"}
    ok(s, picks[0], 0)
    ok(s, next(a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseTarget) and a.piece), 0)
    _resolve_picking(s)
    assert sum(rs.pinfo(st, p).kind == "combat" for p in st.zones["hand:0"].pieces) == 2


def test_a_combat_card_found_when_an_adversary_meets_a_single_agent(library: CardLibrary) -> None:
    stand = fixture_ref(library, "FE-08")
    assert not compile_text("Play this card when an Adversary is about to enter Combat with a single Agent.")[1]
    s = _fight(library, [stand], team=("owen-marsh",))
    st, rs = s.state, s.rules
    _with_deck(s, 0, ["overtime", "ambush"])
    while rs.decision(st) != 0:
        ok(s, Pass(), rs.decision(st))
    ok(s, PlayCard(_mine(s, "hand:0", stand)), 0)
    _resolve_picking(s)
    assert [rs.pinfo(st, p).kind for p in st.zones["hand:0"].pieces] == ["combat"]


# ------------------------------------------------------------------------------------------------ questions


def _asks(s: Any, seat: int) -> list[Ask]:
    return [a for a in s.rules.legal_actions(s.state, seat) if isinstance(a, Ask)]


def test_a_card_asks_one_question_of_any_kind_its_words_for_two_seats_alone(library: CardLibrary) -> None:
    source = fixture_ref(library, "FE-10")
    s = _checking(library, [source])
    st, rs = s.state, s.rules
    assert not _asks(s, 0) and s.submit(Ask("q-none"), 0).violations
    card = _mine(s, "hand:0", source)
    ok(s, PlayCard(card), 0)
    _resolve_picking(s)
    assert card not in st.pieces or st.pieces[card].zone not in ("hand:0", "discard:0")  # out of the game
    assert rs.decision(st) == 0 and not _asks(s, 1)
    kinds = {q["kind"] for q in rs.question_options(st, 0)}
    assert kinds == {"Affiliation", "Motive", "Method", "Result"} and len(_asks(s, 0)) == 20
    assert not rs.guess_options(st, 0)  # a question, not a guess
    q = next(q for q in rs.question_options(st, 0) if q["kind"] == "Motive")
    ok(s, Ask(q["token"]), 0)
    row = st.rules["answers"]["0"][-1]
    assert (row["about"], row["kind"], row["value"]) == (1, "Motive", q["value"]) and "0" not in st.rules["answers"].get("1", {})
    assert not _asks(s, 0) and not st.rules.get("extra_question")
    assert rs.step(st) == "check" and rs.decision(st) == 0  # the window goes on


@pytest.mark.parametrize("made", [True, False])
def test_a_check_made_lets_its_team_ask_one_of_two_kinds(library: CardLibrary, made: bool) -> None:
    hunch = fixture_ref(library, "FE-11")
    s = _checking(library, [hunch])
    st, rs = s.state, s.rules
    if not made:
        st.rules["check"]["team"] = st.rules["check"]["team"][:1]  # Owen Marsh alone: BEHAVIORAL too low
        need = rs.team_skill(st, st.rules["check"]["team"], "Behavioral")
        assert need < 4
    ok(s, PlayCard(_mine(s, "hand:0", hunch)), 0)
    _resolve_picking(s)
    kinds = {q["kind"] for q in rs.question_options(st, 0)}
    assert kinds == ({"Motive", "Result"} if made else set())
    if made:
        ok(s, Ask(rs.question_options(st, 0)[0]["token"]), 0)
        assert not _asks(s, 0)


def test_an_unused_card_question_is_gone_at_the_turns_end(library: CardLibrary) -> None:
    source = fixture_ref(library, "FE-10")
    s = _checking(library, [source])
    ok(s, PlayCard(_mine(s, "hand:0", source)), 0)
    _resolve_picking(s)
    assert s.state.rules.get("extra_question")
    from tabletop.rules.xfiles_ccg.flow import _TURN_KEYS

    assert "extra_question" in _TURN_KEYS


# ------------------------------------------------------------------------------------------------ hidden cards


def _beneath(s: Any, site: str, pid_: str, card: str, owner: int = 1) -> str:
    """A card face down beneath `site` (a Bluff), its owner's."""
    s.state.add_piece(Piece(id=pid_, card=card if "/" in card else f"{SET}/{card}", zone=s.state.pieces[site].zone,
                            owner=owner, face_up=False, attached_to=site))
    return pid_


@pytest.mark.parametrize("card,gone", [("FE-13", True), ("cold-trail", False)])
def test_a_face_down_card_revealed_to_all_and_discarded_by_its_keyword(library: CardLibrary, card: str,
                                                                      gone: bool) -> None:
    light = fixture_ref(library, "FE-12")
    s = _checking(library, [light])
    st = s.state
    hidden = _beneath(s, pid(s, "field:0", "harlow-creek"), "hidden",
                      fixture_ref(library, card) if card.startswith("FE") else card)
    assert not st.can_see(st.pieces["hidden"], 0)
    ok(s, PlayCard(_mine(s, "hand:0", light)), 0)
    offered = _resolve_picking(s)
    assert offered[0] == [] or all(a.piece is None for a in offered[0])  # chosen by its place, not its face
    assert (st.pieces[hidden].zone == "discard:1") == gone
    assert st.can_see(st.pieces[hidden], 0) and st.can_see(st.pieces[hidden], 1)


def test_up_to_two_bluffs_discarded_by_their_places(library: CardLibrary) -> None:
    sweep = fixture_ref(library, "FE-15")
    s = _checking(library, [sweep])
    st, rs = s.state, s.rules
    site = pid(s, "field:0", "harlow-creek")
    st.rules["check"]["site"] = site
    for i in range(3):
        _beneath(s, site, f"b{i}", "cold-trail")
    ok(s, PlayCard(_mine(s, "hand:0", sweep)), 0)
    ok(s, Pass(), 0)
    ok(s, Pass(), 1)
    for _ in range(2):
        blind = [a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseTarget) and a.blind]
        assert blind and all(a.piece is None for a in blind)
        ok(s, blind[0], 0)
    _resolve_picking(s)
    assert sorted(st.pieces[f"b{i}"].zone for i in range(3)) == ["discard:1", "discard:1", "field:0"]


@pytest.mark.parametrize("agent,healed", [("ruth-calder", 2), ("owen-marsh", 1)])
def test_more_healing_for_an_agent_with_the_keyword(library: CardLibrary, agent: str, healed: int) -> None:
    care = fixture_ref(library, "FE-16")
    s = _checking(library, [care])
    st, rs = s.state, s.rules
    st.add_piece(Piece(id="sick", card=f"{SET}/{agent}", zone="hospital:0", owner=0, face_up=True,
                       counters={"damage": 3}))
    ok(s, PlayCard(_mine(s, "hand:0", care)), 0)
    _resolve_picking(s, "sick")
    assert rs.damage(st, "sick") == 3 - healed


def test_a_token_draws_one_card_free_in_its_players_own_turn(library: CardLibrary) -> None:
    moran = fixture_ref(library, "FE-17")
    s = build_position({"bureau:0": [moran], "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"],
                        "xfile:1": ["lantern-choir"]}, {"step": "deployment"}, library=library)
    st = s.state
    agent = _mine(s, "bureau:0", moran)
    top = _with_deck(s, 0, ["june-talley", "overtime"])
    ok(s, UseAbility(agent), 0)
    assert st.pieces[top[0]].zone == "hand:0" and st.player(0).counters["rp"] == 5
    assert st.can_see(st.pieces[top[0]], 0) and not st.can_see(st.pieces[top[0]], 1)
    st.rules["active"] = 1  # Les's turn: not usable
    assert not s.rules.effects.holds(st, s.rules.card_text(moran).when("event:use")[0], 0, agent)


# ------------------------------------------------------------------------------------------------ the check


@pytest.mark.parametrize("again", [True, False])
def test_a_modifier_for_a_team_on_its_second_site(library: CardLibrary, again: bool) -> None:
    look = fixture_ref(library, "FE-18")
    s = _checking(library, [look])
    st = s.state
    team = st.rules["check"]["team"]
    st.rules["used"] = [team[1], *team] if again else list(team)
    r = s.submit(PlayCard(_mine(s, "hand:0", look)), 0)
    assert bool(r.violations) != again
    if again:
        _resolve_picking(s)
        assert [m["amount"] for m in st.rules["check"]["mods"]] == [2]


def test_no_agent_heals_in_the_hospital_this_turn(library: CardLibrary) -> None:
    quarantine, care = fixture_ref(library, "FE-19"), fixture_ref(library, "FE-16")
    s = _checking(library, [care])
    st, rs = s.state, s.rules
    st.add_piece(Piece(id="q", card=quarantine, zone="hand:1", owner=1))
    st.add_piece(Piece(id="sick", card=f"{SET}/owen-marsh", zone="hospital:0", owner=0, face_up=True,
                       counters={"damage": 3}))
    ok(s, Pass(), 0)
    assert s.submit(PlayCard("q"), 1).violations  # one Agent in the Hospital
    st.add_piece(Piece(id="sick2", card=f"{SET}/victor-hale", zone="hospital:1", owner=1, face_up=True))
    ok(s, PlayCard("q"), 1)
    _resolve_picking(s)
    assert st.rules.get("no_hospital_heal")
    st.rules["priority"], st.rules["passed"] = 0, 0
    ok(s, PlayCard(_mine(s, "hand:0", care)), 0)
    _resolve_picking(s, "sick")
    assert rs.damage(st, "sick") == 3


@pytest.mark.parametrize("sites", [0, 2])
def test_a_modifier_for_each_site_card_discarded_from_hand(library: CardLibrary, sites: int) -> None:
    door = fixture_ref(library, "FE-20")
    s = _checking(library, [door, "marrow-point", "dunmore-quarry", "overtime"])
    st, rs = s.state, s.rules
    ok(s, PlayCard(_mine(s, "hand:0", door)), 0)
    ok(s, Pass(), 0)
    ok(s, Pass(), 1)
    for _ in range(sites):
        picks = [a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseTarget) and a.piece]
        assert {rs.pinfo(st, a.piece).kind for a in picks} == {"site"}
        ok(s, picks[0], 0)
    done = next(a for a in rs.legal_actions(st, 0) if isinstance(a, ChooseTarget) and not a.more)
    ok(s, done, 0)
    _resolve_picking(s)
    assert [m["amount"] for m in st.rules["check"]["mods"]] == [sites]
    assert sum(rs.pinfo(st, p).kind == "site" for p in st.zones["discard:0"].pieces) == sites


# ------------------------------------------------------------------------------------------------ later wordings


@pytest.mark.parametrize("text,branches", [
    ("Play on an Agent in the Bureau. The Agent is taken out of play for one full turn. At the start of the Briefing "
     "Phase of the second turn, the Agent may be deployed as normal, and in addition has +1 in one of the following "
     "skills: MEDICAL or SCIENCES.", [("Medical", 1), ("Sciences", 1)]),
    ("Play on an Agent in the Bureau. The Agent is taken out of play for one full turn. At the start of the Briefing "
     "Phase of the second turn, the Agent may be deployed as normal and in addition has a +2 in LRC skill.",
     [("Long Range Combat", 2)]),
])
def test_training_printed_without_its_article_or_with_one_skill(text: str, branches: list[tuple[str, int]]) -> None:
    abilities, left = compile_text(text)
    assert not left
    do = abilities[0]["do"]
    choose = next((s["choose"] for s in do if "choose" in s), [[s] for s in do if "add_stat" in s])  # one: no choice
    assert [(b[0]["add_stat"]["stat"], b[0]["add_stat"]["amount"]) for b in choose] == branches


def test_an_opponents_agent_named_with_a_title_is_killed() -> None:
    abilities, left = compile_text("If your opponent includes Deputy Rourke in any skill check in the Field, Deputy "
                                   "Rourke is instantly killed and removed from the game.")
    assert not left
    assert abilities[0]["targets"]["victim"]["select"] == {"zone": "field", "in_team": True, "type": "Agent",
                                                           "name_has": "Rourke", "owner": "opponent"}


@pytest.mark.parametrize("named", [True, False])
def test_the_card_named_leaves_the_game_with_its_negation(library: CardLibrary, named: bool) -> None:
    term = fixture_ref(library, "FE-22")
    s = _checking(library, [fixture_ref(library, "FE-21" if named else "FE-23")])
    st = s.state
    st.add_piece(Piece(id="t", card=term, zone="hand:1", owner=1))
    played = st.zones["hand:0"].pieces[0]
    ok(s, PlayCard(played), 0)
    ok(s, Pass(), 0)
    ok(s, PlayCard("t"), 1)
    _resolve_picking(s, played)
    gone = played not in st.pieces or st.zones[st.pieces[played].zone].kind not in ("discard", "chain")
    assert gone == named and (("t" not in st.pieces or st.pieces["t"].zone != "discard:1") == named)


@pytest.mark.parametrize("held", [2, 1])
def test_two_cards_at_random_pay_to_negate_a_conspiracy_card(library: CardLibrary, held: int) -> None:
    sleight = fixture_ref(library, "FE-24")
    s = _checking(library, [sleight, *["overtime", "june-talley"][:held]])
    st = s.state
    st.add_piece(Piece(id="cut", card=f"{SET}/budget-cuts", zone="hand:1", owner=1))
    ok(s, Pass(), 0)
    ok(s, PlayCard("cut"), 1)
    ok(s, Pass(), 1)
    r = s.submit(PlayCard(_mine(s, "hand:0", sleight)), 0)
    assert bool(r.violations) == (held < 2)
    if held == 2:
        _resolve_picking(s, "cut")
        assert st.pieces["cut"].zone == "discard:1" and not st.rules["check"]["mods"]
        assert not st.zones["hand:0"].pieces and len(st.zones["discard:0"].pieces) == 3


def test_a_negative_modifier_made_positive(library: CardLibrary) -> None:
    lining = fixture_ref(library, "FE-25")
    s = _checking(library, [lining])
    st = s.state
    assert s.submit(PlayCard(_mine(s, "hand:0", lining)), 0).violations  # no negative modifier yet
    st.add_piece(Piece(id="cut", card=f"{SET}/budget-cuts", zone="hand:1", owner=1))
    ok(s, Pass(), 0)
    ok(s, PlayCard("cut"), 1)
    _resolve_picking(s)
    assert [m["amount"] for m in st.rules["check"]["mods"]] == [-2]
    st.rules["priority"], st.rules["passed"] = 0, 0
    ok(s, PlayCard(_mine(s, "hand:0", lining)), 0)
    offered = _resolve_picking(s, "cut")
    assert [a.piece for a in offered[0]] == ["cut"]
    assert [m["amount"] for m in st.rules["check"]["mods"]] == [2]


@pytest.mark.parametrize("mode", ["strict", "warn"])
def test_the_opponent_plays_only_cards_of_a_keyword_this_turn(library: CardLibrary, mode: str) -> None:
    line = fixture_ref(library, "FE-26")
    s = _checking(library, [line], enforcement=mode)
    st, rs = s.state, s.rules
    st.add_piece(Piece(id="leak", card=f"{SET}/press-leak", zone="hand:1", owner=1))
    st.add_piece(Piece(id="cut", card=f"{SET}/budget-cuts", zone="hand:1", owner=1))
    ok(s, PlayCard(_mine(s, "hand:0", line)), 0)
    _resolve_picking(s)
    st.rules["priority"], st.rules["passed"] = 1, 0
    plays = {a.piece for a in rs.legal_actions(st, 1) if isinstance(a, PlayCard)}
    assert plays == {"cut"}  # Budget Cuts is GOVERNMENT, Press Leak is not
    r = s.submit(PlayCard("leak"), 1)
    assert [v.code for v in r.violations] == ["effects.condition"] and r.accepted == (mode == "warn")
    assert "only_keyword" in __import__("tabletop.rules.xfiles_ccg.flow", fromlist=["_TURN_KEYS"])._TURN_KEYS
