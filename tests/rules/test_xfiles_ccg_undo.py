"""Undo cannot fish for secrets in the X-Files CCG: what the ruleset tells one seat privately (the answer to a
question, to a guess) counts for undo consent as a look at a card does; the guess that ended the game needs every
seat; a hand-written position without `secret:` gets a random one; a question's token never repeats."""

from __future__ import annotations

from tabletop.core import Session
from tabletop.rules.xfiles_ccg import Ask, Guess
from tabletop.store import dump_save, parse_save
from tests.rules.test_xfiles_ccg import _investigating, _solved, rules_of
from tests.rules.xfiles_ccg_helpers import ok


def _ask(s: Session, kind: str = "Affiliation", value: str = "Alien") -> str:
    token = rules_of(s).question_token(s.state, 0, kind, value)
    ok(s, Ask(token), 0)
    return token


def test_a_seat_cannot_undo_its_own_question_alone_in_strict() -> None:
    s = _solved()
    assert s.state.enforcement == "strict"
    _ask(s)
    seq = s.state.seq
    entry, needs = s.undo_needs(0)
    assert entry is not None and isinstance(entry.action, Ask) and needs == {1}
    refused = s.undo(0)
    assert not refused.accepted and refused.code == "consent" and refused.needs == (1,)
    assert s.state.seq == seq  # nothing taken back
    assert s.undo(0, agreed=(1,)).accepted  # the asked seat agrees: undone


def test_a_guess_needs_the_asked_seat_and_the_guess_that_ended_the_game_needs_every_seat() -> None:
    s = _solved()
    ok(s, Guess(rules_of(s).guess_token(s.state, 0, "Project Stillwater")), 0)  # wrong: the game goes on
    assert not s.state.rules["over"]
    assert s.undo_needs(0)[1] == {1}
    ended = _solved({"one_guess": True}, seats=3)
    ok(ended, Guess(rules_of(ended).guess_token(ended.state, 0, "Project Stillwater")), 0)
    assert ended.state.rules["over"]
    assert ended.undo_needs(0)[1] == {1, 2}  # seat 2 was told nothing, but the game's end is everyone's
    refused = ended.undo(0, agreed=(1,))
    assert refused.code == "consent" and refused.needs == (2,)
    assert ended.undo(0, agreed=(1, 2)).accepted and not ended.state.rules["over"]


def test_a_question_undone_and_asked_again_gets_a_new_token() -> None:
    s = _solved()
    first = _ask(s)
    assert s.undo(0, agreed=(1,)).accepted
    again = _ask(s)
    assert again != first


def test_a_position_without_a_secret_gets_a_random_one_kept_in_its_save() -> None:
    a, b = _investigating({}), _investigating({})
    assert a.state.secret != b.state.secret  # not derived from the file: its text predicts no handle or token
    kept = parse_save(dump_save(a.state, a.history)).state
    assert kept.secret == a.state.secret
    fixed = _investigating({}, secret="given by the position")
    assert fixed.state.secret == "given by the position"
