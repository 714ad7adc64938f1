"""The window's log panel and its bot seats read the seat's stream, as a joined window does: nothing else.

A bot seat decides from its stream's view and legal moves (a hidden card planted in the other hand never reaches
it, and it never reads the table); the log panel shows exactly the lines the seat's stream brought, undo and redo
included, which are the lines a fresh stream for that seat starts with.
"""

from __future__ import annotations

import json
from typing import Any

from tabletop.core import actions as A
from tabletop.core.stream import SeatStream, log_lines
from tabletop.game import new_session, quick_table
from tabletop.ui import TableApp
from tabletop.ui.panels.describe import entry_html

CANARY = "canary/SECRET-CARD"


class Spy:
    """Stands in for a bot: records what it is given, and fails loudly if anyone hands it the table."""

    def __init__(self, bot: Any, session: Any) -> None:
        self.bot, self.session = bot, session
        self.seen: list[str] = []
        self.same_as_view: list[bool] = []

    def choose(self, state: Any, seat: int) -> None:  # pragma: no cover - the assertion is that it is not called
        raise AssertionError("a bot seat was handed the whole table")

    def choose_seen(self, view: dict, legal: dict | None, seat: int) -> Any:
        self.seen.append(json.dumps([view, legal]))
        self.same_as_view.append(view == self.session.view(seat))  # what a joined client of that seat holds
        return self.bot.choose_seen(view, legal, seat)


def test_a_bot_seat_decides_from_its_stream_and_never_sees_a_hidden_canary() -> None:
    session = new_session("tragedy", 2, enforcement="strict", seed=1)
    state = session.state
    hidden = state.zones["hand:0"].pieces[0]
    state.pieces[hidden].card = CANARY  # seat 0's hand: never visible to seat 1
    app = TableApp(session, seat=0, size=(1280, 800), fps=0, bots={1: "greedy"}, bot_delay=0.0)
    spy = app.bots.bots[1] = Spy(app.bots.bots[1], session)
    for _ in range(200):
        app.step()
        if app.bots.acted >= 3:
            break
        waiting = session.rules.waiting_for(session.state)
        if waiting == [0]:  # the person passes, so the bot gets to act again
            app.submit(next(a for a in session.legal_actions(0) if a.type == "tragedy.pass"), 0)
    assert app.bots.acted >= 3 and spy.seen
    assert all(spy.same_as_view)
    for text in spy.seen:
        assert CANARY not in text
        view, legal = json.loads(text)
        ids = {p["id"] for z in view["zones"] for p in z["pieces"]}
        assert hidden not in ids  # known only under an opaque handle
        assert hidden not in json.dumps(legal)
    assert all(e.seat == 1 for e in session.history if e.seat != 0)


def _panel_lines(app: TableApp) -> list[dict]:
    return [r.line() for r in app.log_rows(1000)]


def _same(a: list[dict], b: list[dict]) -> bool:
    def strip(lines: list[dict]) -> list[dict]:
        return [{k: v for k, v in line.items() if k != "kind"} for line in lines]

    return strip(a) == strip(b)


def test_the_log_panel_is_the_seats_stream_undo_and_redo_included() -> None:
    session = quick_table(seed=7)
    app = TableApp(session, seat=1, size=(1280, 800), fps=0)
    app.run_frames(2)
    stream = SeatStream(session, 1)  # what another screen of seat 1 (or a joined client) is sent
    stream_log: list[dict] = list(stream.take()[0].log)
    assert session.submit(A.Draw(2, source="deck", to="hand:0"), 0).accepted  # hidden from seat 1
    assert session.submit(A.Chat("hello"), 1).accepted
    assert session.submit(A.Tap((session.state.zones["hand:0"].pieces[0],)), 0).accepted
    assert session.undo(0, agreed=session.state.seats).accepted
    assert session.redo(0).accepted
    assert session.submit(A.Chat("again"), 0).accepted
    app.run_frames(2)
    for item in stream.take():
        for line in item.log:
            if line["kind"] == "undo":
                stream_log = [x for x in stream_log if x["seq"] != line["seq"]]
            else:
                stream_log.append(line)
    panel = _panel_lines(app)
    assert _same(panel, stream_log)
    assert _same(panel, log_lines(session, 1))  # a fresh stream starts with the very same lines
    assert len(panel) == len(session.history) == 4
    # what the panel shows is those lines, rendered for seat 1: the drawn cards stay hidden
    names, zones = app._names(), app._zone_labels()
    # numbered as the game's moves: a chat line takes no number
    numbers, n = [], 0
    for line in panel:
        chat = line["action"]["type"] == "chat"
        n += 0 if chat else 1
        numbers.append("" if chat else n)
    assert app.side.log_text == "<br>".join(entry_html(line, names, zones, app._card_name, number)
                                            for line, number in zip(panel, numbers, strict=True))
    hand0 = session.state.zones["hand:0"].pieces
    assert not any(pid in json.dumps(panel) for pid in hand0)
    # switching seats starts the log again from that seat's stream
    app.seat = 0
    app.refresh(force=True)
    app.run_frames(1)
    assert _same(_panel_lines(app), log_lines(session, 0))
    stream.close()


def test_a_joined_windows_log_panel_matches_a_local_window_of_the_same_seat() -> None:
    """A joined window's log is the welcome's lines and then each patch's, the same lines a local window of that
    seat shows from its own stream."""
    from tests.ui.test_lan import WAIT_S, until

    host_app = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    host = host_app.host(quick_table(seed=3), port=0, bind="127.0.0.1", name="log", announce=False)
    session = host_app.session
    try:
        host_app.submit(A.Deal(2))
        host_app.submit(A.Chat("before the join"))
        guest = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
        guest.join(f"127.0.0.1:{host.port}", name="bob", timeout=WAIT_S)
        host_app.submit(A.Chat("after the join"))
        host_app.submit(A.Draw(1, source="deck", to="hand:0"))  # hidden from the joined seat
        local = TableApp(None, start_screen=True, size=(1280, 800), fps=0)  # seat 1 of the host's session, here
        until(lambda: guest.view.get("seq") == session.state.seq and len(guest.log_rows(1000)) == 4, host_app, guest)
        local.set_source(type(host_app.source).__mro__[1](session), 1)  # a LocalSource on the same session
        local.run_frames(1)
        assert _same(_panel_lines(guest), _panel_lines(local))
        assert [line["action"]["type"] for line in _panel_lines(guest)] == ["deal", "chat", "chat", "draw"]
        assert "after the join" in guest.side.log_text
        drawn = session.state.zones["hand:0"].pieces[-1]
        assert drawn not in json.dumps(_panel_lines(guest))
    finally:
        for app in (host_app,):
            if app.source is not None:
                app.source.close()
