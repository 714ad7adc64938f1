"""The one door: permission, enforcement, apply, log; undo gives back the exact state hash."""

from __future__ import annotations

import pytest

from tabletop.core import GameState, NullRules, Session, Violation
from tabletop.core import actions as A
from tabletop.core.state import EVERYONE


def hand(state: GameState, seat: int) -> list[str]:
    return state.zones[f"hand:{seat}"].pieces


def test_draw_moves_top_cards_to_the_hand(session: Session) -> None:
    state = session.state
    top = state.zones["deck"].pieces[:3]
    r = session.submit(A.Draw(3, source="deck"), 0)
    assert r.accepted, r.error
    assert hand(state, 0) == top
    assert all(state.pieces[p].zone == "hand:0" for p in top)
    assert len(state.zones["deck"].pieces) == 17


def test_draw_from_an_empty_zone_is_refused_and_changes_nothing(session: Session) -> None:
    state = session.state
    handles = tuple(p["id"] for p in session.view(0)["zones"][1]["pieces"])
    assert session.submit(A.Move(handles, "discard"), 0).accepted
    before = state.hash()
    r = session.submit(A.Draw(1, source="deck"), 0)
    assert not r.accepted and r.code == "empty"
    assert state.hash() == before


def test_another_seats_hand_cannot_be_touched(session: Session) -> None:
    state = session.state
    session.submit(A.Draw(2, source="deck"), 0)
    theirs = hand(state, 0)[0]
    before = state.hash()
    r = session.submit(A.Move((theirs,), "table", x=1, y=1), 1)
    assert not r.accepted and r.code == "unknown_piece"
    # even by its handle, which seat 1 does know
    handle = state.handle(theirs)
    r = session.submit(A.Move((handle,), "table", x=1, y=1), 1)
    assert not r.accepted and r.code == "forbidden"
    assert state.hash() == before


def test_hidden_cards_are_named_by_handle_only(session: Session) -> None:
    state = session.state
    top = state.zones["deck"].pieces[0]
    r = session.submit(A.Move((top,), "table", x=5, y=5), 0)
    assert not r.accepted and r.code == "unknown_piece"
    handle = session.view(0)["zones"][1]["pieces"][0]["id"]
    assert handle != top and handle.startswith("h")
    r = session.submit(A.Move((handle,), "table", x=5, y=5, face_up=True), 0)
    assert r.accepted, r.error
    assert state.pieces[top].zone == "table"


def test_shuffle_gives_fresh_handles(session: Session) -> None:
    before = [p["id"] for p in session.view(1)["zones"][1]["pieces"]]
    assert session.submit(A.Shuffle("deck"), 0).accepted
    after = [p["id"] for p in session.view(1)["zones"][1]["pieces"]]
    assert not set(before) & set(after)


def test_flip_tap_rotate_and_counters(session: Session) -> None:
    state = session.state
    session.submit(A.Draw(1, source="deck"), 0)
    pid = hand(state, 0)[0]
    assert session.submit(A.Move((pid,), "table", x=100, y=80), 0).accepted
    assert state.pieces[pid].face_up  # the table's default face
    session.submit(A.Flip((pid,)), 0)
    assert not state.pieces[pid].face_up
    session.submit(A.Tap((pid,)), 0)
    assert state.pieces[pid].rotation == 90
    session.submit(A.Tap((pid,)), 0)
    assert state.pieces[pid].rotation == 0
    session.submit(A.Rotate((pid,), 45), 0)
    assert state.pieces[pid].rotation == 45
    session.submit(A.AddCounter("damage", 2, piece=pid), 0)
    session.submit(A.AddCounter("damage", 1, piece=pid), 0)
    assert state.pieces[pid].counters == {"damage": 3}
    session.submit(A.SetCounter("score", 7, seat=1), 0)
    session.submit(A.AddCounter("score", -2, seat=1), 0)
    assert state.player(1).counters == {"score": 5}


def test_look_reveal_and_search(session: Session) -> None:
    state = session.state
    top2 = state.zones["deck"].pieces[:2]
    session.submit(A.LookTop("deck", 2), 1)
    assert all(state.can_see(state.pieces[p], 1) for p in top2)
    assert not any(state.can_see(state.pieces[p], 0) for p in top2)
    session.submit(A.Draw(1, source="deck"), 0)
    mine = hand(state, 0)[0]
    assert not session.submit(A.Reveal((state.handle(mine),), to=1), 1).accepted
    session.submit(A.Reveal((mine,), to=1), 0)
    assert state.can_see(state.pieces[mine], 1) and not state.can_see(state.pieces[mine], None)
    session.submit(A.Reveal((mine,)), 0)
    assert EVERYONE in state.pieces[mine].known and state.can_see(state.pieces[mine], None)
    session.submit(A.Search("deck"), 0)
    assert all(state.can_see(state.pieces[p], 0) for p in state.zones["deck"].pieces)
    session.submit(A.EndSearch("deck"), 0)
    assert not any(state.can_see(state.pieces[p], 0) for p in state.zones["deck"].pieces)


def test_deal_goes_round_the_table(session: Session) -> None:
    state = session.state
    top = state.zones["deck"].pieces[:4]
    assert session.submit(A.Deal(2, source="deck"), 0).accepted
    assert hand(state, 0) == [top[0], top[2]]
    assert hand(state, 1) == [top[1], top[3]]


def test_attach_follows_host_and_falls_off_when_it_leaves(session: Session) -> None:
    state = session.state
    session.submit(A.Draw(2, source="deck"), 0)
    host, child = hand(state, 0)
    session.submit(A.Move((host,), "table", x=100, y=100), 0)
    assert session.submit(A.Attach(child, host), 0).accepted
    assert state.pieces[child].zone == "table" and state.pieces[child].attached_to == host
    assert not session.submit(A.Attach(host, child), 0).accepted  # no cycles
    session.submit(A.Move((host,), "table", x=300, y=200), 0)
    assert (state.pieces[child].x, state.pieces[child].y) == (318, 218)
    session.submit(A.Move((host,), "discard"), 0)
    assert state.pieces[child].attached_to is None and state.pieces[child].zone == "table"


def test_tokens_and_dice(session: Session) -> None:
    state = session.state
    assert session.submit(A.CreatePiece(kind="die", x=5, y=5, sides=6), 0).accepted
    die = state.zones["table"].pieces[-1]
    faces = set()
    for _ in range(40):
        r = session.submit(A.Roll((die,)), 0)
        faces.add(state.pieces[die].value)
        assert any(e.kind == "note" and e.data["results"][0][1] == state.pieces[die].value for e in r.events)
    assert faces == set(range(1, 7))
    assert not session.submit(A.DeletePiece((state.zones["deck"].pieces[0],)), 0).accepted
    assert session.submit(A.DeletePiece((die,)), 0).accepted
    assert die not in state.pieces


def test_redo_replays_the_same_chance(session: Session) -> None:
    session.submit(A.Shuffle("deck"), 0)
    order = list(session.state.zones["deck"].pieces)
    session.undo()
    session.redo()
    assert session.state.zones["deck"].pieces == order


def test_undo_does_not_rewind_chance(session: Session) -> None:
    """Shuffle, look, undo, shuffle again: the second shuffle is a new draw, not a replay of the first."""
    state = session.state
    session.submit(A.Shuffle("deck"), 0)
    first = list(state.zones["deck"].pieces)
    session.undo()
    session.submit(A.Shuffle("deck"), 0)
    assert state.zones["deck"].pieces != first


def test_spectators_only_chat(session: Session) -> None:
    assert session.submit(A.Chat("hi"), None).accepted
    assert not session.submit(A.Shuffle("deck"), None).accepted


def test_enforcement_dial_is_host_only(table: GameState) -> None:
    session = Session(table, hosts={0})
    assert not session.submit(A.SetEnforcement("strict"), 1).accepted
    assert session.submit(A.SetEnforcement("strict"), 0).accepted
    assert table.enforcement == "strict"
    assert not session.submit(A.SetEnforcement("sometimes"), 0).accepted


class NoShuffling(NullRules):
    """A one-rule ruleset: shuffling is against rule 9.9."""

    def check(self, state, action, seat):
        if isinstance(action, A.Shuffle):
            return [Violation("test.no_shuffle", "9.9", "no shuffling"), Violation("test.second", "9.10", "really")]
        return []


@pytest.mark.parametrize("mode, applied, logged", [("off", True, 0), ("warn", True, 2), ("strict", False, 0)])
def test_enforcement_modes(table: GameState, mode: str, applied: bool, logged: int) -> None:
    table.enforcement = mode
    session = Session(table, NoShuffling())
    order = list(table.zones["deck"].pieces)
    r = session.submit(A.Shuffle("deck"), 0)
    assert r.accepted is applied
    assert (table.zones["deck"].pieces != order) is applied
    assert len(session.violations()) == logged
    if mode != "off":
        assert [v.rule for v in r.violations] == ["9.9", "9.10"]
    if mode == "strict":
        assert r.error == "9.9: no shuffling"


ALL_ACTIONS = [
    lambda s: A.Draw(3, source="deck"),
    lambda s: A.Shuffle("deck"),
    lambda s: A.Deal(2, source="deck"),
    lambda s: A.Move((s.zones["hand:0"].pieces[0],), "table", x=40, y=50),
    lambda s: A.Move((s.zones["hand:0"].pieces[0],), "deck", index=3),
    lambda s: A.Flip((s.zones["table"].pieces[0],)),
    lambda s: A.Tap((s.zones["table"].pieces[0],)),
    lambda s: A.Rotate((s.zones["table"].pieces[0],), 30),
    lambda s: A.Reveal((s.zones["hand:0"].pieces[0],)),
    lambda s: A.LookTop("deck", 2),
    lambda s: A.Search("deck"),
    lambda s: A.EndSearch("deck"),
    lambda s: A.Attach(s.zones["hand:0"].pieces[0], s.zones["table"].pieces[0]),
    lambda s: A.CreatePiece(kind="token", x=3, y=4, color="#ff0000"),
    lambda s: A.CreatePiece(kind="die", x=3, y=4),
    lambda s: A.SetCounter("score", 4),
    lambda s: A.AddCounter("damage", 2, piece=s.zones["table"].pieces[0]),
    lambda s: A.SetEnforcement("warn"),
]


@pytest.mark.parametrize("make", ALL_ACTIONS)
def test_every_action_undone_gives_back_the_hash(session: Session, make) -> None:
    state = session.state
    session.submit(A.Draw(4, source="deck"), 0)
    session.submit(A.Move((state.zones["hand:0"].pieces[-1],), "table", x=10, y=10), 0)
    before = state.hash()
    before_dict = state.to_dict()
    r = session.submit(make(state), 0)
    assert r.accepted, r.error
    assert session.undo().accepted
    assert state.hash() == before
    # everything comes back but the version counter and the RNG, which never runs backwards
    moving = ("seq", "rng")
    assert {k: v for k, v in state.to_dict().items() if k not in moving} == {
        k: v for k, v in before_dict.items() if k not in moving
    }
    assert state.rng.counter >= before_dict["rng"]["counter"]


def test_undo_skips_chat_and_log_keeps_it(session: Session) -> None:
    session.submit(A.Shuffle("deck"), 0)
    session.submit(A.Chat("good luck"), 1)
    assert session.undo().entry.action.type == "shuffle"
    assert [e.action.type for e in session.history] == ["chat"]


def test_log_for_a_seat_hides_what_it_cannot_see(session: Session) -> None:
    state = session.state
    session.submit(A.Draw(1, source="deck"), 0)
    mine = state.zones["hand:0"].pieces[0]
    session.submit(A.Move((mine,), "discard"), 0)
    assert session.log_for(1)[-1]["action"]["pieces"] == [mine]  # it is public now
    session.submit(A.Draw(1, source="deck"), 0)
    other = state.zones["hand:0"].pieces[0]
    session.submit(A.Move((other,), "deck", index=0), 0)
    assert session.log_for(1)[-1]["action"]["pieces"] == ["hidden"]
    assert session.log_for(0)[-1]["action"]["pieces"] == [other]


def test_a_card_that_hides_carries_nothing_to_follow_it_by(session: Session) -> None:
    """Position, turn and counters of a card put back in the deck must not single it out among the backs."""
    state = session.state
    session.submit(A.Draw(1, source="deck"), 0)
    pid = hand(state, 0)[0]
    session.submit(A.Move((pid,), "table", x=321, y=654), 0)
    session.submit(A.Tap((pid,)), 0)
    session.submit(A.AddCounter("damage", 2, piece=pid), 0)
    seen_on_table = next(p for z in session.view(1)["zones"] for p in z["pieces"] if p["id"] == pid)
    assert seen_on_table["counters"] == {"damage": 2}
    session.submit(A.Move((pid,), "deck", index=5), 0)
    deck_view = next(z for z in session.view(1)["zones"] if z["name"] == "deck")["pieces"]
    assert all(set(p) <= {"id", "kind", "face_up", "owner"} for p in deck_view)
    others = [p for p in deck_view if p["id"] != state.handle(pid)]
    mine = next(p for p in deck_view if p["id"] == state.handle(pid))
    assert {k: v for k, v in mine.items() if k != "id"} == {k: v for k, v in others[0].items() if k != "id"}


def test_a_card_created_face_down_is_not_named_in_other_seats_logs(session: Session) -> None:
    r = session.submit(A.CreatePiece(kind="card", zone="deck", card="standard/QS"), 0)
    assert r.accepted, r.error
    assert session.log_for(0)[-1]["action"]["card"] == "standard/QS"
    assert "standard/QS" not in str(session.log_for(1)[-1]) and "standard/QS" not in str(session.log_for(None))


class Audited(NullRules):
    """A ruleset whose audit finds one card out of place: the top card of the deck."""

    def audit(self, state):
        top = state.zones["deck"].pieces[0]
        return [Violation("test.top", "7.1", f"{state.pieces[top].card} should not be on top", (top,))]


def test_turning_the_dial_up_audits_the_table_without_naming_hidden_cards(table: GameState) -> None:
    session = Session(table, Audited())
    top = table.zones["deck"].pieces[0]
    r = session.submit(A.SetEnforcement("warn"), 0)
    assert r.accepted
    assert [(v.rule, v.message) for v in r.audit] == [("7.1", "a card you cannot see is out of place")]
    assert r.audit[0].pieces == (table.handle(top),)
    note = next(e for e in r.events if getattr(e, "what", "") == "audit")
    assert note.data == {"count": 1, "rules": ["7.1"]}
    session.submit(A.LookTop("deck", 1), 0)
    assert session.audit(0)[0].message.endswith("should not be on top")
    assert session.submit(A.SetEnforcement("off"), 0).audit == []  # turning it down audits nothing


# -- consent and authority (issue 12) --


def _token(session: Session) -> str:
    from tabletop.core.state import Piece

    return session.state.add_piece(Piece(id=session.state.new_piece_id(), kind="token", zone="table")).id


def test_undo_of_another_seats_action_needs_its_consent(session: Session) -> None:
    tok = _token(session)
    assert session.submit(A.Move((tok,), "table", x=3, y=3), 1).accepted
    before = session.state.hash()
    entry, needs = session.undo_needs(0)
    assert entry is not None and needs == {1}
    r = session.undo(0)
    assert not r.accepted and r.code == "consent" and r.needs == (1,)
    assert session.state.hash() == before
    assert session.undo(0, agreed={1}).accepted
    assert session.undo_needs(1)[0] is None


def test_undo_of_ones_own_plain_action_needs_nobody(session: Session) -> None:
    tok = _token(session)
    assert session.submit(A.Move((tok,), "table", x=3, y=3), 0).accepted
    assert session.undo_needs(0)[1] == frozenset()
    assert session.undo(0).accepted


@pytest.mark.parametrize("learn", ["look", "search", "draw", "reveal"])
def test_undo_past_what_the_seat_learned_needs_the_others(session: Session, learn: str) -> None:
    state = session.state
    if learn == "reveal":
        assert session.submit(A.Draw(1, source="deck"), 1).accepted
        assert session.submit(A.Reveal((hand(state, 1)[0],), to=0), 1).accepted
        # seat 0 learned seat 1's card: undoing that reveal needs seat 1, whose secret it is
        assert session.undo_needs(0)[1] == {1}
        return
    action = {"look": A.LookTop("deck", 3), "search": A.Search("deck"), "draw": A.Draw(2, source="deck")}[learn]
    assert session.submit(action, 0).accepted
    # nobody could see the deck: the secret is every other seat's
    assert session.undo_needs(0)[1] == {1}
    assert session.undo(0).code == "consent"
    assert session.undo(0, agreed=[1]).accepted


def test_undo_that_gives_back_a_lost_sight_needs_consent(session: Session) -> None:
    """Seat 0 looks at the top 5, then shuffles: undoing its own shuffle would show it the top 5 again."""
    assert session.submit(A.LookTop("deck", 5), 0).accepted
    assert session.submit(A.Shuffle("deck"), 0).accepted
    assert session.undo_needs(0)[1] == {1}
    # and seat 1 shuffling after seat 0 looked: seat 1's action and seat 0's regained sight
    assert session.undo(0, agreed=[1]).accepted
    assert session.submit(A.Shuffle("deck"), 1).accepted
    assert session.undo_needs(0)[1] == {1}


def test_the_table_itself_undoes_without_asking(session: Session) -> None:
    assert session.submit(A.LookTop("deck", 3), 1).accepted
    assert session.undo().accepted


def test_redo_is_for_whoever_undid_or_acted(session: Session) -> None:
    tok = _token(session)
    assert session.submit(A.Move((tok,), "table", x=3, y=3), 0).accepted
    assert session.undo(0).accepted
    r = session.redo(1)
    assert not r.accepted and r.code == "forbidden"
    assert session.redo(0).accepted


@pytest.mark.parametrize("mode", ["off", "warn", "strict"])
def test_nothing_goes_into_another_seats_hand_but_its_own_cards(session: Session, mode: str) -> None:
    state = session.state
    state.enforcement = mode
    assert session.submit(A.Draw(2, source="deck"), 0).accepted
    before = state.hash()
    for action in (A.Draw(1, source="deck", to="hand:1"), A.Move((hand(state, 0)[0],), "hand:1"),
                   A.CreatePiece(kind="token", zone="hand:1")):
        r = session.submit(action, 0)
        assert r.code == "forbidden", action
    assert state.hash() == before
    card = hand(state, 0)[0]
    state.pieces[card].owner = 1  # seat 1's own card, come to seat 0: it may go back
    assert session.submit(A.Move((card,), "hand:1"), 0).accepted


@pytest.mark.parametrize("text", ["\x1b[2J", "a\ud800", "x" * 501, "\ue000p1\ue001t\ue002", "\u202e"])
def test_chat_must_be_clean_text(session: Session, text: str) -> None:
    r = session.submit(A.Chat(text), 0)
    assert not r.accepted and r.code == "bad_text"


def test_sentences_name_cards_by_reference_rendered_per_seat(session: Session) -> None:
    from tabletop.core.messages import card_ref

    state = session.state
    top = state.zones["deck"].pieces[0]

    class Rules(NullRules):
        def check(self, state, action, seat):  # noqa: ANN001, ANN201
            return [Violation("t.ref", "1.1", f"{card_ref(top, 'The Secret Card')} is on top", (top,), seat)]

    session.rules = Rules()
    state.enforcement = "strict"
    r = session.submit(A.Shuffle("deck"), 0)
    assert not r.accepted
    assert "The Secret Card" not in r.error and "a face-down card in the deck" in r.error
    assert r.violations[0].pieces[0].startswith("h")
    state.enforcement = "warn"
    assert session.submit(A.Shuffle("deck"), 0).accepted
    for seat in (0, 1, None):
        line = session.log_for(seat)[-1]
        assert "The Secret Card" not in str(line) and top not in str(line)
    # a ruleset that forgets the reference is caught by the backstop: its sentence is replaced
    class Careless(NullRules):
        def check(self, state, action, seat):  # noqa: ANN001, ANN201
            return [Violation("t.raw", "1.2", f"{state.pieces[top].card} is on top", (top,), seat)]

    session.rules = Careless()
    r = session.submit(A.Shuffle("deck"), 0)
    assert state.pieces[top].card not in str(r.violations) and "cannot see" in str(r.violations)


def test_a_failing_follow_up_undoes_the_follow_ups_before_it(session: Session) -> None:
    """A ruleset's second automatic follow-up that raises refuses the action and changes nothing: the first
    follow-up's events are reverted too (only the action's own were, so a refusal left a drawn card drawn)."""
    state = session.state

    class TwoFollowUps(NullRules):
        def after(self, state, events, seat):  # noqa: ANN001, ANN201
            if seat == 0:
                return [(A.Draw(1, source="deck", to="hand:1"), 1), (A.Draw(1, source="nowhere"), 1)]
            return []

    session.rules = TwoFollowUps()
    state.enforcement = "warn"
    before = state.hash()
    hand_before = list(hand(state, 1))
    r = session.submit(A.Shuffle("deck"), 0)
    assert not r.accepted
    assert state.hash() == before and hand(state, 1) == hand_before
