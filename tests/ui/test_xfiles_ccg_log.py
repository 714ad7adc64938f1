"""X-Files CCG questions and guesses in the log: each seat's line names what that seat may know, and no more.

Why: a question and a guess travel as opaque tokens (a third seat must not learn what was asked, nor the answer),
so the log line built from the action alone read "ask" even to the asker. The line now takes the words of the
answer the engine rendered for the seat (the asker and the asked read the question, the answer and the guessed
X-File); any other seat reads only that a question was asked or a guess made.
"""

from __future__ import annotations

from tabletop.game import new_session
from tabletop.rules.bots import GreedyBot
from tabletop.rules.xfiles_ccg import Ask, Guess
from tabletop.ui.describe import describe_entry

NAMES = {0: "Ann", 1: "Ben", 2: "Cy"}


def _at_question(seats: int = 3):
    session = new_session("xfiles-ccg", seats, enforcement="strict", seed=1)
    rules, state = session.rules, session.state
    bot = GreedyBot(rules)
    for _ in range(3000):
        seat = rules.decision(state)
        if rules.step(state) == "question" and rules.question_options(state, seat):
            return session, seat
        action = bot.choose(state, seat)
        assert action is not None and session.submit(action, seat).accepted
    raise AssertionError("no question was reached")


def _line(session, seat):
    return describe_entry(session.log_for(seat)[-1], NAMES, {})


def test_a_question_names_itself_and_its_answer_only_to_the_asker_and_the_asked():
    session, asker = _at_question()
    rules, state = session.rules, session.state
    q = rules.question_options(state, asker)[0]
    about = q["about"]
    other = next(s for s in state.seats if s not in (asker, about))
    assert session.submit(Ask(q["token"]), asker).accepted
    for seat in (asker, about):
        line = _line(session, seat)
        assert q["text"] in line and ("Yes" in line or "No" in line), line
    line = _line(session, other)
    assert q["text"] not in line and q["value"] not in line
    assert "question" in line.lower(), line
    assert q["value"] not in _line(session, None)


def test_a_guess_names_the_guessed_xfile_only_to_the_guesser_and_the_guessed():
    session, asker = _at_question()
    rules, state = session.rules, session.state
    g = rules.guess_options(state, asker)[0]
    about = g["about"]
    other = next(s for s in state.seats if s not in (asker, about))
    assert session.submit(Guess(g["token"]), asker).accepted
    for seat in (asker, about):
        line = _line(session, seat)
        assert g["name"] in line and ("right" in line or "wrong" in line), line
    for seat in (other, None):
        line = _line(session, seat)
        assert g["name"] not in line and "guess" in line.lower(), line
