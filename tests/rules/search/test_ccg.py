"""X-Files CCG's questions and guesses by a rule of thumb: the question that splits the candidates most evenly, and
a guess only when the race says it is worth the question a wrong one gives the other."""

from __future__ import annotations

from typing import Any

from tabletop.rules.search.ccg import _guesses, ccg_question_choice, guess_pays, race
from tabletop.rules.search.knowledge import knowledge, rebuild
from tabletop.rules.xfiles_ccg.actions import Ask, Guess
from tests.rules.test_xfiles_ccg import _solved


def _choice(s: Any, seat: int) -> Any:
    know = knowledge(s.state, seat, s.rules)
    return ccg_question_choice(s.rules, rebuild(know), know, None)


def test_the_race_guesses_with_one_candidate_and_not_among_many() -> None:
    assert guess_pays(1, 6) and guess_pays(2, 6)
    assert not guess_pays(6, 6)  # among six, a wrong guess mostly hands the other a question
    assert guess_pays(1, 6, penalty=True) and guess_pays(2, 6, penalty=True)
    assert race(1, 6, 0) > race(3, 6, 0) > race(6, 6, 0) > race(6, 1, 0)
    assert abs(race(1, 1, 0) + race(1, 1, 1) - 1.0) < 1e-9


def test_a_question_that_splits_comes_before_a_guess_and_a_free_guess_is_taken() -> None:
    assert not _guesses(2, 6, can_ask=True, penalty=False)  # ask first, then guess among fewer
    assert _guesses(1, 6, can_ask=True, penalty=False)  # named: no question needed
    assert _guesses(5, 6, can_ask=False, penalty=True)  # the penalty's guess costs nothing when no question splits
    assert _guesses(5, 6, can_ask=True, penalty=True) == guess_pays(5, 6, penalty=True)


def test_the_bot_asks_the_most_even_split_then_guesses_or_passes_as_the_race_says() -> None:
    s = _solved()
    rules = s.rules
    pick = _choice(s, 0)
    assert isinstance(pick, Ask)
    cands = rules.notebook(s.state, 0)["opponents"][0]["candidates"]

    def split(q: dict[str, Any]) -> int:
        yes = sum(1 for c in cands if c["characteristics"].get(q["kind"]) == q["value"])
        return min(yes, len(cands) - yes)

    questions = {q["token"]: q for q in rules.question_options(s.state, 0)}
    assert split(questions[pick.token]) == max(split(q) for q in questions.values()) > 0
    assert s.submit(pick, 0).accepted
    left = len(rules.notebook(s.state, 0)["opponents"][0]["candidates"])
    after = _choice(s, 0)
    assert isinstance(after, Guess) == guess_pays(left, len(rules.xfiles()))
    assert after.type in ("xfc.guess", "xfc.pass")


def test_the_bot_names_the_x_file_when_one_candidate_is_left() -> None:
    s = _solved()
    rules = s.rules
    actual = rules.pinfo(s.state, s.state.zones["xfile:1"].pieces[0]).name
    s.state.rules["answers"] = {"0": [{"about": 1, "guess": x.name, "answer": False}
                                      for x in rules.xfiles() if x.name != actual]}
    pick = _choice(s, 0)
    assert isinstance(pick, Guess)
    assert s.submit(pick, 0).accepted and s.state.rules.get("winner") == 0


def test_other_decisions_are_left_to_the_search() -> None:
    from tests.rules.test_xfiles_ccg import _investigating

    s = _investigating({})
    assert _choice(s, 0) is None


def _other_set(root: Any) -> None:
    """A loaded set of X-Files nobody plays with here (the shipped sample set beside it)."""
    from pathlib import Path

    other = Path(root) / "other-cases"
    other.mkdir()
    (other / "set.yaml").write_text("set: other-cases\ntitle: Other cases\n")
    rows = "".join(f"  - id: case-{n}\n    name: The Other Case {n}\n    characteristics: {{Affiliation: Alien, "
                   f"Motive: Control, Method: Violence, Result: Death}}\n" for n in range(12))
    (other / "xfiles.yaml").write_text("defaults:\n  type: X-File\ncards:\n" + rows)
    (Path(root) / "xfiles-ccg-sample").symlink_to(Path(__file__).resolve().parents[3] / "cards" / "xfiles-ccg-sample")


def test_x_files_of_a_set_nobody_plays_are_not_counted_nor_guessed_nor_dealt(tmp_path: Any) -> None:
    import random

    from tabletop.cards import CardLibrary
    from tabletop.rules.search.ccg import likely_xfiles
    from tabletop.rules.search.hooks import sampler_for
    from tabletop.rules.search.sampler import CardPool

    _other_set(tmp_path)
    s = _solved()
    rules = s.rules
    rules.library = CardLibrary([tmp_path])
    book = rules.notebook(s.state, 0)["opponents"][0]
    assert len(book["candidates"]) == 18  # the Notebook lists every loaded X-File a deck may hold
    know = knowledge(s.state, 0, rules)
    pool = CardPool(rules, know["deck"])
    likely = likely_xfiles(rules, pool, 1, book["candidates"])
    assert sorted(c["name"] for c in likely) == sorted(x.name for x in rules.xfiles() if "other" not in x.ref)
    assert likely_xfiles(rules, None, 1, book["candidates"]) == book["candidates"]  # no pool: all of them
    # with the sample set's X-Files all but one ruled out, the bot names the one left, not one of the others
    actual = rules.pinfo(s.state, s.state.zones["xfile:1"].pieces[0]).name
    s.state.rules["answers"] = {"0": [{"about": 1, "guess": c["name"], "answer": False} for c in likely
                                      if c["name"] != actual]}
    know = knowledge(s.state, 0, rules)
    pick = ccg_question_choice(rules, rebuild(know), know, pool)
    assert isinstance(pick, Guess)
    assert s.submit(pick, 0).accepted and s.state.rules.get("winner") == 0
    # the search's deals give the opponent's hidden X-File from the sets played with only
    s2 = _solved()
    s2.rules.library = rules.library
    know = knowledge(s2.state, 0, s2.rules)
    table = rebuild(know)
    deal = sampler_for(s2.rules)(s2.rules, table, 0, know, CardPool(s2.rules, know["deck"]))
    dealt = set()
    for k in range(40):
        fork = table.fork()
        deal(fork, random.Random(k))
        dealt.add(fork.pieces[fork.zones["xfile:1"].pieces[0]].card.split("/")[0])
    assert dealt == {"xfiles-ccg-sample"}


def test_greedy_guesses_at_random_among_the_listed_x_files_not_the_first_listed() -> None:
    from tabletop.rules.bots import make_bot

    s = _solved()
    rules = s.rules
    ask = make_bot("greedy", rules, 0).choose(s.state, 0)
    assert isinstance(ask, Ask) and s.submit(ask, 0).accepted  # a question first, as before
    listed = [a for a in rules.generate_actions(s.state, 0) if isinstance(a, Guess)]
    assert len(listed) >= 3
    picks = [make_bot("greedy", rules, seed).choose(s.state, 0) for seed in range(24)]
    assert all(p in listed for p in picks)
    assert len({p.token for p in picks}) >= 3  # not the library's first X-File every time
    assert [make_bot("greedy", rules, seed).choose(s.state, 0) for seed in range(24)] == picks  # seeded


def _guessed(s: Any, seeds: int = 24) -> list[str]:
    """The X-Files greedy bots of seeds 0.. guess for seat 0 of `s`, by name: the same headless (`choose`), from the
    seat's stream (`choose_seen`) and from its knowledge as a table's bot seat (`choose_known`), seed for seed."""
    from tabletop.core.legal import LEGAL_CAP, legal_summary
    from tabletop.rules.bots import make_bot

    rules = s.rules
    names = {g["token"]: g["name"] for g in rules.guess_options(s.state, 0)}
    legal = legal_summary(s, 0, list_cap=LEGAL_CAP, kind_cap=LEGAL_CAP)
    know = knowledge(s.state, 0, rules, status=True)
    out = []
    for seed in range(seeds):
        pick = make_bot("greedy", rules, seed).choose(s.state, 0)
        assert make_bot("greedy", rules, seed).choose_seen(s.view(0), legal, 0) == pick
        assert make_bot("greedy", rules, seed).choose_known(know) == pick
        out.append(names[pick.token])
    return out


def test_greedy_guesses_only_x_files_of_the_sets_the_table_shows(tmp_path: Any) -> None:
    from tabletop.cards import CardLibrary

    _other_set(tmp_path)
    s = _solved()
    rules = s.rules
    rules.library = CardLibrary([tmp_path])
    s.state.rules["question"] = {"asked": True, "guessed": False}  # its question asked: the guess or the pass
    assert sum("Other Case" in g["name"] for g in rules.guess_options(s.state, 0)) == 12  # a deck may hold any
    picks = set(_guessed(s))
    assert len(picks) >= 3 and not any("Other Case" in n for n in picks)  # drawn among the sample set's only
    # the X-Files the Notebook has ruled out are not guessed, from the table, the stream or the knowledge
    out = sorted(picks)[:2]
    s.state.rules["answers"] = {"0": [{"about": 1, "guess": name, "answer": False} for name in out]}
    picks = set(_guessed(s))
    assert len(picks) >= 2 and not picks & set(out) and not any("Other Case" in n for n in picks)


def test_a_set_only_in_the_seats_own_deck_counts_for_its_guesses(tmp_path: Any) -> None:
    """A set the seat's own Bureau Deck holds (still face down) is one the game is played with: its X-Files stay
    among the likely ones, from the table and from the seat's knowledge (its deck list), not from its view alone."""
    from tabletop.cards import CardLibrary
    from tabletop.rules.bots import make_bot

    _other_set(tmp_path)
    s = _solved()
    rules = s.rules
    rules.library = CardLibrary([tmp_path])
    s.state.rules["question"] = {"asked": True, "guessed": False}
    hidden = s.state.zones["deck:0"].pieces[0]
    s.state.pieces[hidden].card = "other-cases/case-3"  # an X-File card of the other set, deep in seat 0's deck
    names = {g["token"]: g["name"] for g in rules.guess_options(s.state, 0)}
    know = knowledge(s.state, 0, rules, status=True)
    picks = []
    for seed in range(40):
        pick = make_bot("greedy", rules, seed).choose(s.state, 0)
        assert make_bot("greedy", rules, seed).choose_known(know) == pick
        picks.append(names[pick.token])
    assert any("Other Case" in n for n in picks) and not all("Other Case" in n for n in picks)


def test_the_search_bot_draws_its_guess_among_the_likely_x_files() -> None:
    import random
    from types import SimpleNamespace

    s = _solved()
    rules = s.rules
    actual = rules.pinfo(s.state, s.state.zones["xfile:1"].pieces[0]).name
    left = [x.name for x in rules.xfiles() if x.name != actual][:2] + [actual]
    s.state.rules["answers"] = {"0": [{"about": 1, "guess": x.name, "answer": False} for x in rules.xfiles()
                                      if x.name not in left]}
    s.state.rules["question"] = {"asked": True, "guessed": False}  # its question asked: the guess or the pass
    names = set()
    for seed in range(16):
        know = knowledge(s.state, 0, rules)
        pick = ccg_question_choice(rules, rebuild(know), know, None, SimpleNamespace(rng=random.Random(seed)))
        assert isinstance(pick, Guess)
        names.add(next(g["name"] for g in rules.guess_options(s.state, 0) if g["token"] == pick.token))
    assert names == set(left)  # each of the three left, not always the first listed
