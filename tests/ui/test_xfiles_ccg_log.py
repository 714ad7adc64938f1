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
from tabletop.ui.panels.describe import describe_entry

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


# ------------------------------------------------------------------ the trial's skill check, line by line


def _trial_check(ranger: bool):
    """The newcomer's skill check: Les bluffs Misfiled Report (-3) under Randy's Site, Randy investigates it with
    Marsh and Keller (Behavioral 6 against 4+), Les pays for the Bluff, Randy may play The Retired Ranger (+3),
    then everyone passes until the check is resolved."""
    from tabletop.rules.xfiles_ccg import Investigate, Pass, PlaceBluff, PlayCard, ResolveBluff
    from tests.rules.xfiles_ccg_helpers import ok, pid, position

    s = position({"field:0": ["harlow-creek", "owen-marsh", "nadia-keller"], "bureau:0": [],
                  "hand:0": ["retired-ranger", "june-talley"], "hand:1": ["misfiled-report", "cover-up"]},
                 {"step": "bluffs", "bluffer": 1})
    site = pid(s, "field:0", "harlow-creek")
    s.state.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    ok(s, PlaceBluff(pid(s, "hand:1", "misfiled-report"), site), 1)
    ok(s, Pass(), 1)
    ok(s, Investigate(site, (pid(s, "field:0", "owen-marsh"), pid(s, "field:0", "nadia-keller"))), 0)
    while "bluffs" not in s.state.rules:  # the window before the Bluffs are revealed (xfc.chain.9): both pass
        ok(s, Pass(), s.rules.decision(s.state))
    ok(s, ResolveBluff(s.state.rules["bluffs"][0], True), 1)
    if ranger:
        while s.rules.decision(s.state) != 0:  # the Bluff's -3 ran when it was paid; Randy's turn to play comes
            ok(s, Pass(), s.rules.decision(s.state))
        ok(s, PlayCard(pid(s, "hand:0", "retired-ranger")), 0)
    for _ in range(12):
        if s.rules.step(s.state) != "check":
            break
        ok(s, Pass(), s.rules.decision(s.state))
    return s


def _lines(session, seat):
    return [describe_entry(e, {0: "Randy", 1: "Les"}, {}) for e in session.log_for(seat)]


def test_the_skill_check_the_effects_and_the_chain_are_logged_for_every_seat():
    """The trial: the check's failure, the Ranger's +3 and the chain resolving were not in the log. Each is now
    a past-tense line every seat reads (the cards are public by then); the cards in hand stay unnamed to others."""
    failed = _trial_check(ranger=False)
    for seat in (0, 1, None):
        log = " | ".join(_lines(failed, seat))
        assert "; the Behavioral check began: 6 against 4+ | passed | passed; the Bluff Misfiled Report was revealed" \
            in log, log  # both pass in the window before the Bluffs are revealed (xfc.chain.9)
        assert "paid for the revealed Bluff Misfiled Report" in log, log
        assert "Misfiled Report: -3 to the Behavioral check (now 3 against 4+)" in log, log
        assert "the Behavioral check at Harlow Creek, MO failed: 3 against 4+" in log, log
    passed = _trial_check(ranger=True)
    for seat in (0, 1, None):
        log = " | ".join(_lines(passed, seat))
        # the pool's change says what it paid for, with the rule
        assert "played The Retired Ranger; Randy's RP 5 -> 2: paid for The Retired Ranger (rule xfc.chain.3)" in log, log
        assert "The Retired Ranger resolved" in log, log
        assert "The Retired Ranger: +3 to the Behavioral check (now 6 against 4+)" in log, log
        assert "the Behavioral check at Harlow Creek, MO succeeded: 6 against 4+" in log, log
    for session in (failed, passed):
        assert "June Talley" not in " | ".join(_lines(session, 1) + _lines(session, None))
        assert "Cover-Up" not in " | ".join(_lines(session, 0) + _lines(session, None))
        # before it was revealed, the Bluff was a face-down card to Randy and to a spectator
        bluffed = next(line for line in _lines(session, 0) if line.startswith("bluffed"))
        assert "Misfiled Report" not in bluffed, bluffed
