"""The log names every card the reading seat may see, and none it may not (issue 15: "flipped 1 card").

Each generic action is played on a quick table; each seat's log line (the per-seat line the window renders,
`LogEntry.for_seat` through `describe_entry`) must hold the card's name exactly when that seat could see the card
before or after the action.
"""

from __future__ import annotations

from tabletop.cards import default_library
from tabletop.core import actions as A
from tabletop.game import quick_table
from tabletop.ui.panels.describe import describe_entry, entry_html

__all__: list[str] = []

LIB = default_library()


def _name_of(text: str) -> str | None:
    """What a window knows by name: a card reference only (the view's ids are not used: names come from the line)."""
    if "/" not in text:
        return None
    try:
        return LIB.get(text).name
    except (KeyError, ValueError):
        return None


def _line(session, seat: int) -> str:
    return describe_entry(session.history[-1].for_seat(seat), {0: "Ann", 1: "Bob"}, {}, _name_of)


def _play(session, action: A.Action, seat: int, cards: list[str]) -> dict[int, tuple[str, set[str], set[str]]]:
    """Submit `action`; per reading seat: its line, the names it may see and the names it may not."""
    state = session.state

    def sees(pid: str) -> dict[int, bool]:
        return {s: state.can_see(state.pieces[pid], s) for s in (0, 1)}

    before = {pid: sees(pid) for pid in cards}
    r = session.submit(action, seat)
    assert r.accepted, r.error
    after = {pid: sees(pid) for pid in cards}
    out = {}
    for reader in (0, 1):
        names = {pid: LIB.get(state.pieces[pid].card).name for pid in cards}
        may = {names[p] for p in cards if before[p][reader] or after[p][reader]}
        out[reader] = (_line(session, reader), may, set(names.values()) - may)
    return out


def _check(result: dict[int, tuple[str, set[str], set[str]]]) -> None:
    for reader, (line, may, may_not) in result.items():
        for name in may:
            assert name in line, (reader, line, name)
        for name in may_not:
            assert name not in line, (reader, line, name)


def test_every_generic_action_names_the_cards_the_reader_may_see():
    s = quick_table(seed=7)
    st = s.state
    # a draw: the drawer sees the two cards, the other seat does not
    top = list(st.zones["deck"].pieces[:2])
    _check(res := _play(s, A.Draw(2), 0, top))
    assert res[0][1] and not res[1][1]
    a, b = top
    # a card of the hand flipped in the hand: still only its owner's
    _check(_play(s, A.Flip((a,)), 0, [a]))
    # played face up to the table: everyone
    _check(res := _play(s, A.Move((a,), "table", x=300, y=300), 0, [a]))
    assert res[1][1]
    _check(_play(s, A.Tap((a,)), 1, [a]))
    _check(_play(s, A.Rotate((a,), 90), 1, [a]))
    _check(_play(s, A.Flip((a,)), 0, [a]))  # face down on the table: the other seat saw it before the flip
    _check(res := _play(s, A.Flip((a,)), 0, [a]))  # and up again
    assert res[1][1]
    # a hand card revealed to everyone, then the reveal ended
    _check(res := _play(s, A.Reveal((b,)), 0, [b]))
    assert res[1][1]
    _check(_play(s, A.EndReveal((b,)), 0, [b]))
    # revealed to one seat
    _check(res := _play(s, A.Reveal((b,), to=1), 0, [b]))
    assert res[1][1]
    _check(_play(s, A.EndReveal((b,), to=1), 0, [b]))
    # a card moved face down from the deck to the table: nobody sees it, nobody reads it
    c = st.zones["deck"].pieces[0]
    _check(res := _play(s, A.Move((st.handle(c),), "table", x=500, y=300, face_up=False), 1, [c]))
    assert not res[0][1] and not res[1][1]
    # a deal: each seat reads its own card only
    first = list(st.zones["deck"].pieces[:2])
    _check(_play(s, A.Deal(1), 0, first))
    # a look at the top two: only the looker
    top = list(st.zones["deck"].pieces[:2])
    _check(res := _play(s, A.LookTop("deck", 2), 1, top))
    assert res[1][1] == {LIB.get(st.pieces[p].card).name for p in top} and not res[0][1]
    # attach the face-up table card under the face-down one and back: named where seen
    _check(_play(s, A.Attach(a, st.handle(c)), 0, [a]))
    _check(_play(s, A.Detach(a), 0, [a]))
    _check(_play(s, A.Move((a,), "discard"), 1, [a]))


def test_the_window_log_line_names_the_drawn_card_for_the_drawer_only(app):
    s = app.session
    pid = s.state.zones["deck"].pieces[0]
    name = app._card(s.state.pieces[pid].card).name
    app.submit(A.Draw(1))
    row = app.log_rows(1)[-1]
    assert name in app._entry_html(row, app._names(), app._zone_labels())
    app.switch_seat(1)
    row = app.log_rows(1)[-1]
    text = app._entry_html(row, app._names(), app._zone_labels())
    assert "drew 1 card" in text and name not in text


def test_the_line_keeps_naming_a_card_after_it_is_hidden_again():
    """A card played face up and then shuffled back into the deck: the line of the play still names it (the seat
    saw it then), though no view shows it any more."""
    s = quick_table(seed=3)
    s.submit(A.Draw(1), 0)
    pid = s.state.zones["hand:0"].pieces[0]
    s.submit(A.Move((pid,), "table", x=100, y=100), 0)
    played = s.history[-1]
    s.submit(A.Move((pid,), "deck"), 0)
    s.submit(A.Shuffle("deck"), 0)
    name = LIB.get(s.state.pieces[pid].card).name
    for seat in (0, 1):
        assert name in entry_html(played.for_seat(seat), {}, {}, _name_of)


def test_a_whole_hand_drawn_is_named_to_the_drawer():
    """Thirteen cards drawn read "…, and 7 more" to the drawer (a newcomer's X-Files Fan trial): a hand's worth is
    named in full; the other seat still reads only the count."""
    s = quick_table(seed=7)
    top = list(s.state.zones["deck"].pieces[:13])
    _check(res := _play(s, A.Draw(13), 0, top))
    assert len(res[0][1]) >= 12 and "more" not in res[0][0]
    assert not res[1][1]
