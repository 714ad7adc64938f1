"""LAN play in the window: a hosting app and a joined app in one process, talking through a real socket.

The host serves on 127.0.0.1 with an OS-chosen port; every wait is bounded (`until`), and nothing is asserted about
how long anything took.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pygame
import pytest

from tabletop.core import actions as A
from tabletop.game import quick_table
from tabletop.ui import TableApp
from tests.ui.uihelpers import click, drag, key, post, screen_of

WAIT_S = 15.0


def until(cond: Callable[[], bool], *apps: TableApp, timeout: float = WAIT_S) -> None:
    """Step the apps until `cond()` holds; fail after `timeout` seconds without it."""
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError("condition not reached in time")
        for app in apps:
            app.step()
        time.sleep(0.005)


@pytest.fixture
def lan() -> Iterator[tuple[TableApp, TableApp]]:
    """A quick table hosted by one window (seat 1) and joined by another (seat 2, named bob), 3 cards dealt each."""
    host_app = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    host = host_app.host(quick_table(seed=3), port=0, bind="127.0.0.1", name="test game", announce=False)
    guest = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    guest.join(f"127.0.0.1:{host.port}", name="bob", timeout=WAIT_S)
    host_app.submit(A.Deal(3))
    until(lambda: len(guest._hand_pieces()) == 3 and len(host_app._hand_pieces()) == 3, host_app, guest)
    yield host_app, guest
    for app in (guest, host_app):
        if app.source is not None:
            app.source.close()
    pygame.event.clear()


def _zone(view: dict, name: str) -> dict:
    return next(z for z in view["zones"] if z["name"] == name)


def test_each_window_sees_its_own_hand_and_the_others_backs(lan):
    host_app, guest = lan
    assert host_app.source.kind == "host" and guest.source.kind == "remote"
    assert host_app.seat == 0 and guest.seat == 1
    mine = _zone(host_app.view, "hand:0")["pieces"]
    theirs = _zone(host_app.view, "hand:1")["pieces"]
    assert all("card" in p for p in mine) and not any("card" in p for p in theirs)
    g_mine = _zone(guest.view, "hand:1")["pieces"]
    g_theirs = _zone(guest.view, "hand:0")["pieces"]
    assert all("card" in p for p in g_mine) and not any("card" in p for p in g_theirs)
    # the hand strip of each window holds its own cards, face up
    assert [c.piece.get("card") for c in guest.hand.cards] == [p["card"] for p in g_mine]
    # and what the guest sees of seat 1's hand names no card of it
    hidden = {host_app.session.state.pieces[p].card for p in host_app.session.state.zones["hand:0"].pieces}
    assert not hidden & {p.get("card") for z in guest.view["zones"] for p in z["pieces"]}


def test_a_drag_in_the_joined_window_moves_the_card_on_the_host(lan):
    host_app, guest = lan
    card = guest.hand.cards[0].pid
    spot = next((x, y) for x in range(250, 900, 50) for y in range(150, 500, 50)
                if (z := guest.layout.zone_at(*guest.camera.to_world(x, y))) is not None and z.name == "table")
    drag(guest, screen_of(guest, card), spot, steps=6)
    state = host_app.session.state
    until(lambda: state.pieces[card].zone == "table", host_app, guest)
    # the host's window shows it on the table too, and the guest's hand strip lost it
    until(lambda: card in host_app.layout.by_id and card not in [c.pid for c in guest.hand.cards], host_app, guest)
    wx, wy = guest.camera.to_world(*spot)
    assert abs(state.pieces[card].x - wx) < 2 and abs(state.pieces[card].y - wy) < 2


def test_chat_reaches_the_other_window_and_both_are_listed_as_connected(lan):
    host_app, guest = lan
    for app in (host_app, guest):
        text = app.side.players_text
        assert text.count(">connected<") == 2 and "bob" in text and "(host)" in text
    # the guest types a line in the chat box
    key(guest, pygame.K_RETURN)
    post(guest, pygame.event.Event(pygame.TEXTINPUT, text="hello from bob"))
    key(guest, pygame.K_RETURN)
    until(lambda: "hello from bob" in host_app.side.log_text, host_app, guest)
    host_app.submit(A.Chat("welcome, bob"))
    until(lambda: "welcome, bob" in guest.side.log_text, host_app, guest)
    assert "bob" in guest.topbar.status.text and "joined 127.0.0.1" in guest.topbar.status.text


def test_an_undo_that_revealed_a_card_is_put_to_the_other_player(lan):
    host_app, guest = lan
    state = host_app.session.state
    guest.submit(A.Draw(1))
    until(lambda: len(state.zones["hand:1"].pieces) == 4, host_app, guest)
    guest.undo()
    until(lambda: host_app.vote_dialog is not None, host_app, guest)
    assert "bob" in host_app.vote_dialog.text and "drew 1 card" in host_app.vote_dialog.text
    click(host_app, host_app.vote_dialog.agree.rect.center)
    until(lambda: len(state.zones["hand:1"].pieces) == 3 and len(guest._hand_pieces()) == 3, host_app, guest)
    assert host_app.vote_dialog is None


def test_the_joined_window_says_when_the_host_is_lost_and_keeps_the_last_view(lan):
    host_app, guest = lan
    hand = [c.pid for c in guest.hand.cards]
    host_app.source.close()
    host_app.source = None
    until(lambda: "reconnecting" in guest.topbar.status.text, guest)
    assert "showing the last view" in guest.topbar.status.text
    assert [c.pid for c in guest.hand.cards] == hand
    assert "Host lost" in guest.side.players_text


def test_the_host_sees_a_player_who_left_as_disconnected(lan):
    host_app, guest = lan
    guest.source.close()
    until(lambda: ">disconnected<" in host_app.side.players_text, host_app)
    assert "bob" in host_app.side.players_text and host_app.side.players_text.count(">connected<") == 1


def test_only_the_hosts_own_seat_may_turn_the_dial(lan):
    host_app, guest = lan
    assert host_app.topbar.dial.is_enabled and not guest.topbar.dial.is_enabled
    guest.submit(A.SetEnforcement("strict"))
    until(lambda: any("×" in t for _, t, _ in guest.local_log), host_app, guest)
    assert host_app.session.state.enforcement == "off"
    host_app.submit(A.SetEnforcement("warn"))
    until(lambda: guest.view.get("enforcement") == "warn", host_app, guest)
    assert guest.topbar.mode == "warn"


def test_the_commands_host_a_window_and_join_one(tmp_path):
    from tabletop.cli import main
    from tabletop.net.embedded import EmbeddedHost

    shot = tmp_path / "host.png"
    assert main(["host", "--headless", "--port", "0", "--bind", "127.0.0.1", "--no-announce", "--seed", "2",
                 "--frames", "2", "--screenshot", str(shot)]) == 0
    assert pygame.image.load(str(shot)).get_size() == (1280, 800)
    host = EmbeddedHost(quick_table(seed=2), port=0, bind="127.0.0.1", announce=False).start()
    try:
        shot = tmp_path / "guest.png"
        assert main(["play", "--headless", "--join", f"127.0.0.1:{host.port}", "--seat", "2", "--name", "carol",
                     "--frames", "3", "--screenshot", str(shot)]) == 0
        assert shot.is_file()
        assert next(p for p in host.players() if p["seat"] == 1)["name"] == "carol"
    finally:
        host.close()


def test_a_fling_on_the_host_slides_on_the_joined_window_and_lands_once(lan):
    """Physics runs where the session runs: the joined window draws the positions the host streams meanwhile."""
    host_app, guest = lan
    state = host_app.session.state
    token = next(p for p in state.zones["table"].pieces if state.pieces[p].kind == "token")
    a = screen_of(host_app, token)
    n = len(host_app.session.history)
    drag(host_app, a, (a[0] + 150, a[1] + 20), steps=3, fling=True)
    assert host_app.motion is not None and host_app.motion.busy()
    seen_moving = False
    deadline = time.monotonic() + WAIT_S
    while host_app.motion.busy() and time.monotonic() < deadline:
        host_app.step()
        guest.step()
        seen_moving = seen_moving or token in guest._flying()
        time.sleep(0.002)
    assert not host_app.motion.busy()
    until(lambda: guest.source.remote_motion() == {}, host_app, guest)
    assert seen_moving
    new = host_app.session.history[n:]
    assert len(new) == 1 and isinstance(new[0].action, A.Move) and new[0].action.pieces == (token,)
    until(lambda: next(p for z in guest.view["zones"] for p in z["pieces"] if p["id"] == token).get("x")
          == state.pieces[token].x, host_app, guest)


def _legal_seen(app: TableApp) -> tuple[list[str], list[str], list[str]]:
    """What a window shows of its seat's legal moves: the glowing pieces, the listed moves, the Pass button."""
    app.step()
    items = [text for text, _ in (app.side.move_items if app.side is not None else [])]
    return sorted(app.legal.pieces), items, [a.type for a in app.legal.passes]


def test_a_joined_window_glows_and_lists_the_same_legal_moves_as_a_local_one():
    from tabletop.game import new_session

    def table():
        return new_session("tragedy", seats=2, enforcement="warn", seed=5)

    host_app = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    host = host_app.host(table(), port=0, bind="127.0.0.1", name="legal", announce=False)
    guest = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    local = TableApp(table(), seat=1, size=(1280, 800), fps=0)
    try:
        guest.join(f"127.0.0.1:{host.port}", seat=1, name="bob", timeout=WAIT_S)
        # seat 1 holds the initiative once seat 0 passes: then it has moves to glow and list
        first_pass = host_app.legal.passes[0]
        assert host_app.submit(first_pass).accepted
        assert local.submit(first_pass, 0).accepted
        until(lambda: guest.view.get("seq") == host_app.session.state.seq and guest.legal.moves, host_app, guest)
        seen_guest, seen_local = _legal_seen(guest), _legal_seen(local)
        assert seen_local[0] and seen_local[1], "the local seat has moves to glow and list"
        assert seen_guest == seen_local
        assert guest.legal.known
        # the glowing pieces are drawn with the glow on the joined screen as on the local one
        assert set(guest.legal.pieces) <= set(guest.layout.by_id) | {c.pid for c in guest.hand.cards}
        # and playing the first listed move from the joined window is accepted by the host
        seq = host_app.session.state.seq
        guest.play_move(0)
        until(lambda: host_app.session.state.seq > seq, host_app, guest)
    finally:
        for app in (guest, host_app):
            if app.source is not None:
                app.source.close()
        pygame.event.clear()


def test_a_joined_window_at_a_served_games_host_seat_turns_the_dial() -> None:
    """`serve` gives the dial to seat 1: that player's window enables it, the other's does not (a joined window
    always showed it greyed, so a rules-off game no one could turn on stalled: found by a newcomer's trial)."""
    from tabletop.net.embedded import EmbeddedHost

    session = quick_table(seed=3)
    session.hosts = {0}  # as `serve` sets it: no seat of its own, seat 1 is the host
    host = EmbeddedHost(session, port=0, local_seats=(), bind="127.0.0.1", announce=False).start()
    ann = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    ben = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    try:
        ann.join(f"127.0.0.1:{host.port}", name="ann", seat=0, timeout=WAIT_S)
        ben.join(f"127.0.0.1:{host.port}", name="ben", seat=1, timeout=WAIT_S)
        until(lambda: ann.topbar.dial.is_enabled, ann, ben)
        assert not ben.topbar.dial.is_enabled
        ann.submit(A.SetEnforcement("warn"))
        until(lambda: ben.view.get("enforcement") == "warn", ann, ben)
        assert session.state.enforcement == "warn"
    finally:
        for app in (ben, ann):
            if app.source is not None:
                app.source.close()
        host.close()
        pygame.event.clear()


def test_the_table_labels_a_lan_players_zones_with_the_name_they_joined_with(lan):
    """The felt's zone labels say "bob · Hand", as the log and the seats panel do (they said "Seat 2 · Hand")."""
    from tabletop.ui.table.layout import label_variants

    host_app, guest = lan
    names = {p["seat"]: p["name"] for p in host_app._table_players()}
    assert names[1] == "bob"
    zone = next(z for z in host_app.layout.zones if z.owner == 1)
    assert label_variants(zone, names)[0].startswith("bob")


def test_joining_says_who_you_are_at_the_table(lan):
    """The join notice names the seat as the table does ("you are bob (seat 2)"), and a spectator as one."""
    host_app, guest = lan
    texts = [box.html_text for box, _ in guest.notices.items]
    assert any("you are bob (seat 2)" in t for t in texts), texts
    watcher = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    try:
        watcher.join(f"127.0.0.1:{host_app.source.host.port}", seat=None, name="sue", timeout=WAIT_S)
        texts = [box.html_text for box, _ in watcher.notices.items]
        assert any("as a spectator" in t for t in texts), texts
    finally:
        if watcher.source is not None:
            watcher.source.close()


def test_the_hosts_log_reads_a_seat_by_the_name_its_player_joined_with():
    """Found retaking the docs' screenshots: after a guest took seat 2 as Bob, the host window's log still said
    "Seat 2 drew 1 card" (its labels and seats panel said Bob, the guest's log "Bob drew 1 card"): lines already
    shown are rendered again in the new name, on the host as on the guest."""
    import re

    host_app = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    host = host_app.host(quick_table(seed=3), port=0, bind="127.0.0.1", name="test game", announce=False)
    guest = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    try:
        # seat 2 draws before anyone sits there (the host deals, or a hand is played for it)
        assert host.call(host.session.submit, A.Draw(1, source="deck", to="hand:1"), 1).accepted

        def drew(app: TableApp) -> list[str]:
            lines = (re.sub(r"<[^>]+>", "", ln) for ln in app.side.log_text.split("<br>"))
            return [ln for ln in lines if "drew" in ln]

        until(lambda: any("drew" in ln for ln in drew(host_app)), host_app)
        assert any("Seat 2" in ln for ln in drew(host_app)), drew(host_app)
        guest.join(f"127.0.0.1:{host.port}", name="Bob", timeout=WAIT_S)
        # the host has seated Bob: its window may read its stream before it reads the news of the join (a frame
        # reads the news first, but the join can land between the two); what it renders then must not stick
        host_app.refresh()
        until(lambda: any("Bob drew" in ln for ln in drew(host_app)), host_app, guest, timeout=WAIT_S)
        until(lambda: any("Bob drew" in ln for ln in drew(guest)), host_app, guest, timeout=WAIT_S)
        host_app.run_frames(2)
        assert not any("Seat 2" in ln for ln in drew(host_app)), drew(host_app)
    finally:
        for app in (guest, host_app):
            if app.source is not None:
                app.source.close()
        pygame.event.clear()


def test_the_hosts_bar_says_who_plays_which_seat(lan):
    """"hosting on …:PORT · 1 joined as Seat 1" read as if the one who joined were Seat 1: the host's bar says
    which seat is its own and which one the guest joined; the guest's bar says which seat it plays."""
    host_app, guest = lan
    until(lambda: "bob" in host_app.topbar.full_status[0], host_app, guest)
    port = host_app.source.address.rsplit(":", 1)[1]
    assert host_app.topbar.full_status[0].startswith(f"hosting on 127.0.0.1:{port} · you: Seat 1 · bob joined as "
                                                     "Seat 2  ·  ")
    shown = host_app.topbar.shown
    assert "you: Seat 1 · bob joined as Seat 2" in shown and "joined as Seat 1" not in shown, shown
    assert host_app.topbar.whole and shown.startswith(f"hosting on 127.0.0.1:{port} · you: Seat 1 · bob")
    assert guest.topbar.full_status[0].startswith(f"joined 127.0.0.1:{port} as bob (Seat 2)  ·  ")
    assert "as bob (Seat 2)" in guest.topbar.shown


def test_an_undo_of_another_players_move_says_it_was_theirs_not_that_it_revealed_a_card(lan):
    """A newcomer's trial: the undo request said a pass "revealed a card"; it says why this player is asked."""
    host_app, guest = lan
    state = host_app.session.state
    token = next(p for p in state.zones["table"].pieces if state.pieces[p].kind == "token")
    host_app.submit(A.Move((token,), "table", x=300.0, y=300.0))
    until(lambda: guest.view.get("seq") == state.seq, host_app, guest)
    guest.undo()
    until(lambda: host_app.vote_dialog is not None, host_app, guest)
    text = host_app.vote_dialog.text
    assert "It was your action" in text and "revealed a card" not in text
    click(host_app, host_app.vote_dialog.refuse.rect.center)


def test_the_hosts_bar_does_not_say_no_one_joined_after_a_guest_left(lan):
    """A newcomer's trial: after the guest left, the host's bar said "no one joined yet"."""
    host_app, guest = lan
    guest.source.close()
    until(lambda: ">disconnected<" in host_app.side.players_text, host_app)
    host_app.run_frames(2)
    lines = host_app.source.connection_lines(host_app.seat, host_app._names())
    assert not any("no one joined yet" in line for line in lines)
    assert "1 left (their seats wait for them)" in lines[-1]
