"""The wire scan covers spectator windows: a hosting window plays seeded random games of several rulesets at warn
and strict while a spectator window (`join --watch`, the Join dialog's *watch*) follows them, and neither any frame
that window received nor anything it renders (its log, seats box, status line and notices) names a card a
spectator never could see: no card reference, no title, no piece id."""

from __future__ import annotations

import json
import random

import pygame
import pytest

from tabletop.core import Session
from tabletop.rules import get_ruleset
from tabletop.rules.bots import table_action
from tabletop.ui import TableApp
from tests.net.leakscan import _ID, _names, _without_catalog, card_title, visible_set
from tests.ui.test_lan import WAIT_S, until

STEPS = 40


def _secrets(session: Session, ever: set[str]) -> tuple[set[str], list[tuple[str, str]]]:
    """The ids of cards a spectator never saw, and the words (card references, titles) that would name them."""
    state = session.state
    refs = {state.pieces[p].card for p in ever if p in state.pieces}
    titles = {card_title(session, p) for p in ever if p in state.pieces}
    hidden = {pid for pid, p in state.pieces.items() if p.kind == "card" and pid not in ever}
    words: list[tuple[str, str]] = []
    for pid in hidden:
        piece = state.pieces[pid]
        if piece.card and piece.card not in refs:
            words.append((piece.card, pid))
        title = card_title(session, pid)
        if title and len(title) > 3 and not title.isupper() and not any(title in t for t in titles):
            words.append((title, pid))
    return hidden, words


def _leaks(text: str, hidden: set[str], words: list[tuple[str, str]], where: str) -> list[str]:
    text = _without_catalog(text)
    found = [f"{where} names the id {pid}" for pid in set(_ID.findall(text)) & hidden]
    found += [f"{where} names {w!r} ({pid})" for w, pid in words if _names(text, w)]
    return found


def _play(host_app: TableApp, spec: TableApp, name: str, seed: int, ever: set[str]) -> None:
    """Random legal moves (and table gestures) for both seats, through the host; the spectator window follows."""
    rules = host_app.session.rules
    state = host_app.session.state
    host = host_app.source.host
    rng = random.Random(seed)
    for _ in range(STEPS):
        if state.rules.get("over"):
            break

        def move() -> None:
            waiting = rules.waiting_for(state) or list(state.seats)
            seat = rng.choice(waiting)
            legal = list(rules.generate_actions(state, seat))
            action = rng.choice(legal) if legal and rng.random() < 0.8 else table_action(state, seat, rng)
            if action is not None:
                host.host.protocol.submit_local(action, seat)
            ever.update(visible_set(state, None))

        host.call(move)
        host_app.step()
        spec.step()
    until(lambda: spec.view.get("seq", -1) >= state.seq, host_app, spec)
    spec.run_frames(3)


@pytest.mark.parametrize("mode", ["warn", "strict"])
@pytest.mark.parametrize("name", ["freeform", "tragedy", "xfiles-fan", "xfiles-ccg"])
def test_a_spectator_window_receives_and_shows_no_hidden_card(name: str, mode: str) -> None:
    rules = get_ruleset(name)
    session = Session(rules.new_game(2, seed=11, enforcement=mode), rules)
    host_app = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    host_app.host(session, port=0, bind="127.0.0.1", name="g", announce=False)
    spec = TableApp(None, start_screen=True, size=(800, 600), fps=0)
    address = f"127.0.0.1:{host_app.source.host.port}"
    try:
        thread, _ = spec.join_thread(address, seat=None, name="sue")
        thread.client.record = True  # every frame this window receives is kept, to be scanned
        thread.connect(WAIT_S)
        spec.joined(address, thread)
        ever: set[str] = set(host_app.source.host.call(visible_set, session.state, None))
        _play(host_app, spec, name, 11, ever)
        hidden, words = host_app.source.host.call(_secrets, session, ever)
        assert hidden and words, "the game hid no card from spectators: nothing was checked"
        assert _leaks(f"drew {words[0][0]}", hidden, words, "a planted line")  # the scan sees a name when there
        leaks: list[str] = []
        frames = list(thread.client.frames)
        for i, frame in enumerate(frames):
            msg = json.loads(frame)
            msg.pop("token", None)
            leaks += _leaks(json.dumps(msg, ensure_ascii=False), hidden, words, f"frame {i} ({msg['type']})")
        shown = {"log": spec.side.log_text, "seats box": spec.side.players_text,
                 "status line": spec.topbar.status.text, "notices": " | ".join(spec.notices.texts()),
                 "rules panel": spec.side.status_text}
        for where, text in shown.items():
            leaks += _leaks(text, set(), words, where)  # a window shows handles, not ids: words only
        assert leaks == [], leaks[:5]
        assert len(frames) > STEPS // 2 and spec.side.log_text
    finally:
        for app in (spec, host_app):
            if app.source is not None:
                app.source.close()
        pygame.event.clear()
