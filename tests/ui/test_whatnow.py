"""What now, in the window: every playable card glows (hand strip and table), the status says the step and who acts,
and every kind of legal move a ruleset lists has a row to click (a choice dialog when the move needs one)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

import pygame
import pytest

from tabletop.core import actions as A
from tabletop.core.legal import legal_summary, move_paths
from tabletop.core.session import Session
from tabletop.game import new_session, quick_table
from tabletop.rules import RULESETS, Ruleset
from tabletop.rules.bots import table_action
from tabletop.ui import TableApp
from tabletop.ui.table.render import GLOW
from tests.ui.uihelpers import choose, click, drag, key, mouse, post, screen_of, zone_center

SIZE = (1280, 800)
RULESETS_PLAYED = ("freeform", "tragedy", "xfiles-fan", "xfiles-ccg")


def _subjects(session, seat: int) -> set[str]:
    """Every card a legal move of `seat` plays, named as the seat knows it (from every legal move, uncapped), but
    for the moves that apply card text by hand (`by_hand`): they are no play, and glow nothing."""
    state = session.state
    out = set()
    for action in session.legal_actions(seat):
        if getattr(type(action), "by_hand", False):
            continue
        for pid, _ in move_paths(session.rules, state, action, seat):
            out.add(state.handle_for(pid, seat))
    return out


def _step_game(session, rng: random.Random, steps: int) -> None:
    """Play `steps` seeded random legal moves (table moves where the ruleset offers none) by whoever the game waits on."""
    for _ in range(steps):
        state = session.state
        seats = [s for s in session.rules.waiting_for(state) if s in state.seats] or list(state.seats)
        seat = rng.choice(seats)
        legal = list(session.legal_actions(seat))
        action = rng.choice(legal) if legal else table_action(state, seat, rng)
        if action is not None:
            session.submit(action, seat)


def _glows_on_screen(app: TableApp, pid: str) -> bool:
    """Whether the glow outline is drawn round `pid`: in the hand strip, or on the table."""
    surface = app.screen
    for card in app.hand.cards:
        if card.pid == pid:
            r = card.rect
            # its left side or anywhere along its top: a card's outline lies under the cards drawn after it (a packed
            # hand's next card, or the front row over a raised back card), as the card itself does
            others = [x for c in app.hand.cards if c.pid != pid for x in (c.rect.x - 4, c.rect.right + 4)]
            top = [x for x in range(r.x + 6, r.right - 6, 3) if all(abs(x - o) > 6 for o in others)]
            edge = [(r.x - 4, r.centery), *((x, r.y - 4) for x in top)]  # never a neighbour's side outline
            return any(tuple(surface.get_at(p))[:3] == GLOW for p in edge)
    item = app.layout.by_id.get(pid)
    if item is None:
        return False
    r = app.renderer.item_rect(item, app.camera).inflate(8, 8)
    edge = [(r.x + 1, y) for y in range(r.y + 8, r.bottom - 8)] + [(x, r.y + 1) for x in range(r.x + 8, r.right - 8)]
    return any(tuple(surface.get_at(p))[:3] == GLOW for p in edge if surface.get_rect().collidepoint(p))


@pytest.mark.parametrize("ruleset", RULESETS_PLAYED)
def test_every_card_a_legal_move_plays_glows_and_no_other(ruleset):
    session = new_session(ruleset, 2, enforcement="strict", seed=11)
    rng = random.Random(3)
    app = TableApp(session, seat=0, size=SIZE, fps=0)
    try:
        checked = 0
        for point in range(20):
            if point >= 5 and (checked or ruleset == "freeform"):
                break
            if point:
                _step_game(session, rng, 6)
            for seat in session.state.seats:
                app.switch_seat(seat)
                post(app, mouse(pygame.MOUSEMOTION, (2, 2)))  # nothing hovered: the hand lies flat
                app.run_frames(1)
                want = _subjects(session, seat)
                assert set(app.legal.pieces) == want, (ruleset, point, seat)
                for pid in want:
                    on_screen = pid in app.layout.by_id or any(c.pid == pid for c in app.hand.cards)
                    if on_screen:
                        assert _glows_on_screen(app, pid), (ruleset, point, seat, pid)
                        checked += 1
        if ruleset == "freeform":
            assert checked == 0 and not app.legal.pieces  # no rules: nothing is "playable", nothing glows
        else:
            assert checked, f"{ruleset}: the game reached no point with a playable card"
    finally:
        pygame.event.clear()


def test_tragedy_hand_cards_glow_in_the_hand_strip_in_every_dial_position():
    for mode in ("off", "warn", "strict"):
        app = TableApp(new_session("tragedy", 2, enforcement=mode, seed=1), seat=1, size=SIZE, fps=0)
        try:
            post(app, mouse(pygame.MOUSEMOTION, (2, 2)))
            app.run_frames(1)
            hand = [c.pid for c in app.hand.cards]
            acts = {a.piece for a in app.session.legal_actions(1) if a.type == "tragedy.play"}
            assert acts and acts <= set(hand)
            assert all(_glows_on_screen(app, pid) for pid in acts), mode
            assert not any(_glows_on_screen(app, pid) for pid in set(hand) - acts), mode
        finally:
            pygame.event.clear()


# ---------------------------------------------------------------- the status line


def _status(app: TableApp) -> str:
    app.run_frames(1)
    return app.topbar.shown + " | " + (app.topbar.status_tip or "")


def test_tragedy_says_the_step_and_who_acts_for_each_seat():
    session = new_session("tragedy", 2, enforcement="strict", seed=1, names=["Ann", "Bob"])
    app = TableApp(session, seat=1, size=SIZE, fps=0)
    try:
        holder = session.state.rules["priority"]
        assert holder == 1
        text = _status(app)
        # the bar shows the step and who acts; the ruleset's title may sit in the tooltip when the bar is narrow
        # (the ruleset's words for the step, the same for every seat: `todo` in its status)
        assert "Upkeep Step: Bob (you) to act — play an Act or pass" in text and "Tragedy" in text, text
        app.switch_seat(0)
        text = _status(app)
        assert "Upkeep Step: Bob to act" in text and "play an Act or pass" in text, text
        # on to Enter Stage: staging is what the seat in play may do now
        from tabletop.rules.tragedy import PassPriority

        while session.state.rules["step"] != "enter_stage":
            session.submit(PassPriority(), session.state.rules["priority"])
        app.switch_seat(session.state.rules["priority"])
        who = ["Ann", "Bob"][app.seat]
        assert f"Enter Stage: {who} (you) to act — stage an Actor, Set, Prop or Set Piece" in _status(app)
        app.switch_seat(1 - app.seat)
        assert f"Enter Stage: {who} to act — stage an Actor, Set, Prop or Set Piece" in _status(app)
    finally:
        pygame.event.clear()


def test_freeform_says_anyone_may_act_and_offers_no_pass():
    app = TableApp(new_session("freeform", 2, seed=1), seat=0, size=SIZE, fps=0)
    try:
        assert "Freeform: no rules watch this table — anyone may act" in _status(app)
        assert not app.topbar.pass_button.visible
    finally:
        pygame.event.clear()


def test_each_ruleset_words_its_status_for_each_seat():
    for name in RULESETS_PLAYED:
        session = new_session(name, 2, enforcement="strict", seed=4)
        app = TableApp(session, seat=0, size=SIZE, fps=0)
        try:
            title = RULESETS[name].title
            for seat in session.state.seats:
                app.switch_seat(seat)
                text = _status(app)
                assert title in text, (name, text)  # in the bar, or in its tooltip when the bar is too narrow
                waiting = session.rules.waiting_for(session.state)
                if name != "freeform" and waiting and len(waiting) < len(session.state.seats):
                    who = app._names()[waiting[0]]
                    assert f"{who}{' (you)' if waiting[0] == seat else ''} to act" in text, (name, seat, text)
        finally:
            pygame.event.clear()


# ---------------------------------------------------------------- one click per kind


def _to_enter_stage(seat_app: TableApp) -> None:
    from tabletop.rules.tragedy import PassPriority

    s = seat_app.session
    while s.state.rules["step"] != "enter_stage":
        s.submit(PassPriority(), s.state.rules["priority"])
    seat_app.switch_seat(s.state.rules["priority"])
    seat_app.run_frames(1)


def test_a_tragedy_card_with_several_roles_opens_a_choice_and_one_click_plays_it():
    app = TableApp(new_session("tragedy", 2, enforcement="strict", seed=1), seat=1, size=SIZE, fps=0)
    try:
        _to_enter_stage(app)
        rows = app.legal.rows
        kinds = [r.kind for r in rows]
        assert kinds == sorted(kinds, key=kinds.index), "rows are grouped by kind"
        assert app.topbar.pass_button.visible
        row_i = next(i for i, r in enumerate(rows) if r.choice)
        row = rows[row_i]
        button = app.side.moves.item_list[row_i]["button_element"]
        click(app, button.rect.center)
        app.run_frames(1)
        dialog = app.prompt
        assert dialog is not None and dialog.options == row.options and len(row.options) == len(row.moves) > 1
        # the options are the legal moves themselves
        wanted = [app.legal.moves[i] for i in row.moves]
        choice = next(i for i, o in enumerate(row.options) if o.startswith("As an Act"))
        n = len(app.session.history)
        choose(app, choice)
        app.run_frames(1)
        assert app.session.history[n].action == wanted[choice] and app.session.history[n].seat == app.seat
        assert not dialog.alive() and app.prompt is None
    finally:
        pygame.event.clear()


def test_enter_in_a_choice_picks_the_first_option_and_escape_picks_nothing():
    app = TableApp(new_session("tragedy", 2, enforcement="strict", seed=1), seat=1, size=SIZE, fps=0)
    try:
        _to_enter_stage(app)
        row_i = next(i for i, r in enumerate(app.legal.rows) if r.choice)
        first = app.legal.moves[app.legal.rows[row_i].moves[0]]
        app.play_move(row_i)
        n = len(app.session.history)
        key(app, pygame.K_ESCAPE)
        assert app.prompt is None and len(app.session.history) == n
        app.play_move(row_i)
        key(app, pygame.K_RETURN)
        assert app.session.history[n].action == first
        assert not app._typing(), "the Enter that answered the choice also opened the chat"
    finally:
        pygame.event.clear()


# ---------------------------------------------------------------- a ruleset the window has never heard of


@A.action_type("whatnow_fake.buy")
@dataclass(frozen=True, slots=True)
class FakeBuy(A.Action):
    """Buy `count` cards (a value to choose)."""

    count: int = 1


@A.action_type("whatnow_fake.assign_damage")
@dataclass(frozen=True, slots=True)
class FakeDamage(A.Action):
    """Put damage on a card of one's own (a target to choose)."""

    piece: str
    target: str
    piece_fields: ClassVar[tuple[str, ...]] = ("piece", "target")


@A.action_type("whatnow_fake.guess")
@dataclass(frozen=True, slots=True)
class FakeGuess(A.Action):
    """Guess a secret by an opaque token (the status words it)."""

    token: str


@A.action_type("whatnow_fake.bluff")
@dataclass(frozen=True, slots=True)
class FakeBluff(A.Action):
    """Play a hand card face down, claiming a value (a bluff)."""

    piece: str
    claim: int
    piece_fields: ClassVar[tuple[str, ...]] = ("piece",)


@A.action_type("whatnow_fake.pass")
@dataclass(frozen=True, slots=True)
class FakePass(A.Action):
    """Hand the turn on."""


class FakeRules(Ruleset):
    """Five kinds of move, four of them with a choice; the seat in play acts, then passes."""

    name = "whatnow-fake"
    title = "Fake Game"
    GUESSES = {"g1": "The Lighthouse", "g2": "The Mill"}

    def reduce(self, state, action, seat, tx):
        if isinstance(action, FakePass):
            tx.set_rule("active", 1 - state.rules.get("active", 0))
            return True
        if isinstance(action, (FakeBuy, FakeDamage, FakeGuess, FakeBluff)):
            tx.set_rule("last", action.type)
            return True
        return False

    def waiting_for(self, state):
        return [state.rules.get("active", 0)]

    def generate_actions(self, state, seat):
        if seat != state.rules.get("active", 0):
            return
        yield FakePass()
        for n in (1, 2, 3):
            yield FakeBuy(n)
        hand = state.zones[f"hand:{seat}"].pieces
        if len(hand) >= 2:
            for target in hand[1:3]:
                yield FakeDamage(hand[0], target)
            for claim in (1, 5):
                yield FakeBluff(hand[1], claim)
        for token in self.GUESSES:
            yield FakeGuess(token)

    def status(self, state, seat):
        return {"phase": "main", "step_label": "Main Step", "active": state.rules.get("active", 0),
                "guesses": [{"token": t, "name": n} for t, n in self.GUESSES.items()]}


def _fake_app() -> TableApp:
    state = quick_table(seed=3).state
    state.enforcement = "strict"
    state.ruleset = FakeRules.name
    session = Session(state, FakeRules())
    session.submit(A.Deal(3, source="deck"), 0)
    app = TableApp(session, seat=0, size=SIZE, fps=0)
    app.run_frames(2)
    return app


def _click_row(app: TableApp, index: int) -> None:
    click(app, app.side.moves.item_list[index]["button_element"].rect.center)
    app.run_frames(1)


def test_a_ruleset_the_window_never_heard_of_gets_a_row_per_kind_and_a_choice_where_one_is_needed(monkeypatch):
    monkeypatch.setitem(RULESETS, FakeRules.name, FakeRules)
    app = _fake_app()
    try:
        rows = app.legal.rows
        labels = [r.label for r in rows]
        assert [r.kind for r in rows] == ["whatnow_fake.pass", "whatnow_fake.buy", "whatnow_fake.assign_damage",
                                          "whatnow_fake.bluff", "whatnow_fake.guess"], labels
        assert labels[0] == "Pass" and labels[1] == "Buy (3 choices)" and labels[4] == "Guess (2 choices)"
        hand = app.session.state.zones["hand:0"].pieces
        first = app.library.get(app.session.state.pieces[hand[0]].card).name
        assert labels[2] == f"Assign damage {first} (2 choices)"
        assert [t for t, _ in app.side.move_items] == labels
        # the status line: the step, who acts, and every kind the seat may use
        text = _status(app)
        whole = "Fake Game · Main Step: Seat 1 (you) to act — buy, assign damage, bluff a card, guess or pass"
        assert text.startswith("Fake Game · Main Step: Seat 1 (you) to act") and text.endswith(whole), text
        assert whole in app.side.status_text  # the rules panel has room for all of it
        assert app.topbar.pass_button.visible
        # the cards the moves play glow: the damaged card and the bluffed one, not the damage's targets
        assert set(app.legal.pieces) == {hand[0], hand[1]}
        for row_i, chosen in ((1, "Count 2"), (2, None), (3, "Claim 5"), (4, "The Mill")):
            row = app.legal.rows[row_i]
            _click_row(app, row_i)
            dialog = app.prompt
            assert dialog is not None and dialog.options == row.options
            pick = row.options.index(chosen) if chosen else 1
            want = app.legal.moves[row.moves[pick]]
            n = len(app.session.history)
            choose(app, pick)
            app.run_frames(1)
            assert app.session.history[n].action == want, (row.label, chosen)
        assert app.legal.rows[3].options == ["Claim 1", "Claim 5"]
        target = app.library.get(app.session.state.pieces[hand[2]].card).name
        assert app.legal.rows[2].options[1] == f"On {target}"
        # one click on a row of one move plays it: Pass hands the turn on, and the other seat's window says so
        _click_row(app, 0)
        assert app.session.state.rules["active"] == 1
        assert not app.legal.rows and not app.topbar.pass_button.visible
        assert "Main Step: Seat 2 to act" in _status(app)
    finally:
        pygame.event.clear()


def test_a_choice_made_after_the_moves_changed_is_not_played():
    app = _fake_app()
    try:
        _click_row(app, 1)
        assert app.prompt is not None
        app.submit(FakePass())  # the turn moves on while the dialog is open
        n = len(app.session.history)
        choose(app, 0)
        app.run_frames(1)
        assert len(app.session.history) == n
        assert any("pick again" in t for t in app.notices.texts())
    finally:
        pygame.event.clear()


def test_the_summary_lists_every_kind_even_when_one_kind_has_hundreds_of_moves():
    class Many(FakeRules):
        def generate_actions(self, state, seat):
            for n in range(300):  # more than are listed of one kind, fewer than are looked at
                yield FakeBuy(n + 1)
            yield FakePass()

    state = quick_table(seed=3).state
    summary = legal_summary(Session(state, Many()), 0)
    kinds = {m["type"] for m in summary["moves"]}
    assert kinds == {"whatnow_fake.buy", "whatnow_fake.pass"} and summary["more"]
    assert len(summary["moves"]) == 31 and len(summary["paths"]) == 31
    assert summary["passes"] == [{"type": "whatnow_fake.pass"}]


def test_a_glowing_cards_menu_lists_the_moves_that_play_it_one_click_each():
    app = TableApp(new_session("tragedy", 2, enforcement="strict", seed=1), seat=1, size=SIZE, fps=0)
    try:
        _to_enter_stage(app)
        row = next(r for r in app.legal.rows if r.choice)
        pid = row.subjects[0]
        click(app, screen_of(app, pid), button=3)
        assert app.menu is not None
        labels = [b.text for b in app.menu.actions]
        wanted = [o.replace("As ", "Play as ", 1) for o in row.options]
        assert labels[:len(wanted)] == wanted, labels
        move = app.legal.moves[row.moves[0]]
        n = len(app.session.history)
        button = next(b for b in app.menu.actions if b.text == wanted[0])
        click(app, button.rect.center)
        assert app.session.history[n].action == move and move.piece == pid and app.menu is None
    finally:
        pygame.event.clear()


def test_strict_a_hand_card_dropped_on_its_stack_is_played_or_asks_which_role():
    app = TableApp(new_session("tragedy", 2, enforcement="strict", seed=1), seat=1, size=SIZE, fps=0)
    try:
        app.run_frames(1)
        # Upkeep: an Act is the only way to play a card, so the drop plays it
        pid = app.hand.cards[0].pid
        n = len(app.session.history)
        drag(app, screen_of(app, pid), zone_center(app, "stack:1"))
        app.run_frames(1)
        entry = app.session.history[n]
        assert entry.action.type == "tragedy.play" and entry.action.piece == pid and entry.action.role == "Act"
        assert app.session.state.pieces[pid].zone == "stack:1"
    finally:
        pygame.event.clear()
    app = TableApp(new_session("tragedy", 2, enforcement="strict", seed=1), seat=1, size=SIZE, fps=0)
    try:
        _to_enter_stage(app)
        row = next(r for r in app.legal.rows if r.choice)
        pid = row.subjects[0]
        n = len(app.session.history)
        drag(app, screen_of(app, pid), zone_center(app, f"stack:{app.seat}"))
        app.run_frames(1)
        assert len(app.session.history) == n and app.prompt is not None  # several Roles: it asks
        assert app.prompt.options == row.texts
        first = app.legal.moves[row.moves[0]]
        key(app, pygame.K_RETURN)
        assert app.session.history[n].action == first and first.piece == pid
    finally:
        pygame.event.clear()


def test_a_move_left_at_a_default_reads_as_that_default() -> None:
    """A move's dict leaves out fields at their default, and its words still read them: the two choices of an
    X-Files CCG revealed Bluff read "Pay for…" and "Discard…", not "Discard…" twice (found by a newcomer's trial)."""
    import dataclasses

    from tabletop.core.actions import ACTION_TYPES
    from tabletop.rules import RULESETS, get_ruleset
    from tabletop.ui.panels.whatnow import worded

    for name in RULESETS:
        get_ruleset(name)  # registers its action types
    checked = 0
    for kind, cls in ACTION_TYPES.items():
        template = getattr(cls, "words", None)
        if not isinstance(template, str) or not dataclasses.is_dataclass(cls):
            continue
        for f in dataclasses.fields(cls):
            if not isinstance(f.default, bool) or "{" + f.name + ":" not in template or "|" not in template:
                continue
            required = {g.name: "p1" for g in dataclasses.fields(cls) if g.default is dataclasses.MISSING
                        and g.default_factory is dataclasses.MISSING}
            as_default = cls(**required).to_dict()
            flipped = cls(**required, **{f.name: not f.default}).to_dict()
            assert f.name not in as_default  # what makes the bug possible
            words = [worded(template, d, lambda pid: "Misfiled Report", {}, ("piece",), {}) for d in (as_default, flipped)]
            assert words[0] != words[1], (kind, words)
            checked += 1
    assert checked >= 1


def test_a_hotseat_table_says_how_to_hand_over_after_a_pass():
    """A newcomer's trial: after a pass the bar said "Seat 2 to act" and not how to hand the table over."""
    import pygame as _pg

    from tabletop.game import new_session as _new
    from tabletop.ui import TableApp as _App
    from tests.ui.uihelpers import click as _click

    session = _new("tragedy", 2, enforcement="warn", seed=1)
    first = session.state.rules["priority"]
    app = _App(session, seat=first, size=(1600, 900), fps=0)
    app.run_frames(2)
    assert "hand over" not in " ".join(app.topbar.full_status)
    _click(app, app.topbar.pass_button.rect.center)
    app.run_frames(2)
    assert session.state.rules["priority"] != first
    said = app.topbar.full_status[0]
    assert "Tab (Next seat): hand over to Seat" in said
    assert "hand over" in app.topbar.status.text
    app.close()
    _pg.event.clear()


def test_rows_that_read_the_same_stand_together():
    """Two copies of a card in hand: their rows were apart in the list (a newcomer's trial, X-Files Fan)."""
    from tabletop.ui.panels.whatnow import move_rows as _rows

    moves = [{"type": "play", "piece": "a"}, {"type": "play", "piece": "b"}, {"type": "play", "piece": "c"}]
    paths = [[["a", "table"]], [["b", "table"]], [["c", "table"]]]
    names = {"a": "Deep Throat", "b": "Smoking Man", "c": "Deep Throat"}
    rows = _rows(moves, paths, names.get, {0: "Ann"}, piece_fields=lambda kind: ("piece",))
    labels = [r.label for r in rows]
    assert labels.index(labels[0]) == 0 and labels[1] == labels[0] != labels[2], labels


def test_the_hotseat_bar_keeps_how_to_hand_over_even_when_the_line_would_fit_without_it():
    """Trial 3, defect 4: at 1280x800 "Tragedy · Upkeep Step: Seat 2 to act — play an Act or pass" fits one line,
    so the bar showed it and left out "— Tab (Next seat): hand over to Seat 2" (shown only when wrapping anyway)."""
    import pygame as _pg

    from tabletop.game import new_session as _new
    from tabletop.ui import TableApp as _App

    for size in ((1280, 800), (800, 600)):
        session = _new("tragedy", 2, enforcement="warn", seed=1)
        waiting = session.state.rules["priority"]
        app = _App(session, seat=1 - waiting, size=size, fps=0)
        app.run_frames(2)
        shown = f"{app.topbar.status.text} {app.topbar.status2.text if app.topbar.wrapped else ''}"
        assert "Tab (Next seat): hand over to Seat" in shown, (size, shown)
        assert "Upkeep Step" in shown and "to act" in shown  # the step and who acts stay
        app.close()
        _pg.event.clear()
