"""`xfiles-ccg`: questions and guesses reach only the asker and the answering seat; bots play seeded games to the end."""

from __future__ import annotations

import json

import pytest
import yaml

from tabletop.core import Session
from tabletop.game import session_for
from tabletop.rules import get_ruleset
from tabletop.rules.bots import make_bot
from tabletop.rules.simulate import play_game, simulate
from tabletop.rules.xfiles_ccg import Ask, Guess, Investigate, Pass, PlayCard, XFilesCCG
from tabletop.store import parse_save
from tests.rules.xfiles_ccg_helpers import approach

SET = "xfiles-ccg-sample"


def solved_three_players() -> tuple[Session, XFilesCCG]:
    """Randy (seat 0) has solved a Site directed at Les (seat 1); Mo (seat 2) watches."""
    zones = {
        "field:0": ["harlow-creek", "owen-marsh", "nadia-keller"],
        "bureau:1": ["lena-ortiz"], "bureau:2": ["victor-hale"],
        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"], "xfile:2": ["saltmarsh-thing"],
    }
    doc = {
        "format": "tabletop-save", "version": 1, "ruleset": "xfiles-ccg", "enforcement": "strict",
        "players": [{"seat": i, "name": n, "counters": {"rp": 5, "cp": 5}} for i, n in enumerate(["Randy", "Les",
                                                                                                   "Mo"])],
        "rules": {**XFilesCCG.fresh_rules(0), "step": "assign"},
        "zones": {z: [f"{SET}/{c}" for c in cards] for z, cards in zones.items()},
    }
    s = session_for(parse_save(yaml.safe_dump(doc)).state)
    rules = s.rules
    assert isinstance(rules, XFilesCCG)
    st = s.state
    site, marsh, keller = st.zones["field:0"].pieces
    st.rules["sites"] = {site: {"at": 1, "turn": 1, "owner": 0}}
    assert s.submit(Investigate(site, (marsh, keller)), 0).accepted
    for seat in (0, 1, 2):
        assert s.submit(Pass(), seat).accepted
    assert rules.step(st) == "question"
    return s, rules


def seen_by(s: Session, seat: int) -> str:
    return json.dumps(s.view(seat), sort_keys=True) + json.dumps(s.log_for(seat), sort_keys=True)


def test_question_is_seen_only_by_asker_and_answerer() -> None:
    s, rules = solved_three_players()
    q = next(q for q in rules.question_options(s.state, 0) if q["value"] == "Occult")
    secrets = (q["text"], '"value": "Occult"', '"answer": true')
    assert s.submit(Ask(q["token"]), 0).accepted
    mine = seen_by(s, 0)
    assert q["text"] in mine and '"answer": true' in mine
    assert q["text"] in seen_by(s, 1)
    for secret in secrets:
        assert secret not in seen_by(s, 2), secret
        assert secret not in seen_by(s, None), secret
    assert "lantern-choir" not in json.dumps(s.view(0)["zones"])  # the answer, never the card
    assert rules.status(s.state, 2)["notebook"]["opponents"][1]["answers"] == []
    assert rules.status(s.state, 1)["notebook"]["opponents"] == [
        {**o, "answers": []} for o in rules.status(s.state, 1)["notebook"]["opponents"]]


def test_wrong_guess_is_private_too() -> None:
    s, rules = solved_three_players()
    g = next(g for g in rules.guess_options(s.state, 0) if g["name"] == "The Grafted Man")
    assert s.submit(Guess(g["token"]), 0).accepted
    said = "X-File is The Grafted Man"
    assert said in seen_by(s, 0) and said in seen_by(s, 1)
    assert said not in seen_by(s, 2) and said not in seen_by(s, None)
    assert "grafted-man" not in json.dumps(s.log_for(2)) and '"guess"' not in seen_by(s, 2)
    approach(s)  # the window for cards played when one has just guessed wrong
    assert rules.step(s.state) == "penalty" and rules.decision(s.state) == 1


def test_notebook_narrows_to_consistent_xfiles() -> None:
    s, rules = solved_three_players()
    before = rules.notebook(s.state, 0)["opponents"][0]["candidates"]
    assert s.submit(Ask(rules.question_token(s.state, 0, "Affiliation", "Government")), 0).accepted
    after = rules.notebook(s.state, 0)["opponents"][0]
    assert len(after["candidates"]) == len(before) - 2  # Stillwater and the Ninth Floor are Government
    assert all(c["characteristics"]["Affiliation"] != "Government" for c in after["candidates"])


@pytest.mark.parametrize("bots", [("random", "random"), ("greedy", "random"), ("greedy", "greedy")])
def test_bots_play_seeded_games_to_the_end(bots: tuple[str, str]) -> None:
    for seed in range(3):
        record = play_game("xfiles-ccg", bots, seed, enforcement="strict")
        assert record.over and not record.error and not record.violations, record


def test_random_games_never_leak_and_replay_the_same() -> None:
    rules = get_ruleset("xfiles-ccg")
    state = rules.new_game(3, seed=5, enforcement="strict")
    s = Session(state, rules)
    bots = [make_bot("random", rules, 11 + i) for i in range(3)]
    for _ in range(400):
        if state.rules.get("over"):
            break
        seat = rules.waiting_for(state)[0]
        assert s.submit(bots[seat].choose(state, seat), seat).accepted
    for seat in state.seats:
        xf = state.zones[f"xfile:{seat}"].pieces[0]
        ref = state.pieces[xf].card
        for other in state.seats:
            if other != seat and not state.rules.get("over"):  # (a third seat may play the same deck: its own copy)
                shown = next(z for z in s.view(other)["zones"] if z["name"] == f"xfile:{seat}")
                assert ref not in json.dumps(shown)
        answers = state.rules.get("answers", {}).get(str(seat), [])
        for other in state.seats:
            if other != seat:
                assert rules.status(state, other)["notebook"]["opponents"] is not None
                for row in answers:
                    if row.get("about") != other:
                        text = json.dumps(rules.status(state, other))
                        assert json.dumps(row, sort_keys=True) not in text


def test_simulate_reports() -> None:
    report = simulate("xfiles-ccg", 6, seed=2)
    assert report["finished"] == 6 and report["errors"] == [] and report["violations"]["total"] == 0


def test_a_tracked_card_put_into_a_hand_by_hand_is_not_named_by_the_status() -> None:
    """Warn: the Adversary in Combat, the Site under check and a Team's Agent taken into their owners' hands by hand
    stay in the rule state, but the status names them (and gives their Health) only to a seat that can see them."""
    from tabletop.core import actions as A
    from tests.rules.test_xfiles_ccg import _investigating, _pass_until, rules_of
    from tests.rules.xfiles_ccg_helpers import ok, pid

    s = _investigating({"hand:1": ["supper-club"]}, pools=((5, 5), (5, 8)), enforcement="warn")
    r = rules_of(s)
    st = s.state
    club = pid(s, "hand:1", "supper-club")
    _pass_until(s, lambda: PlayCard(club) in list(r.legal_actions(st, 1)))
    ok(s, PlayCard(club), 1)
    _pass_until(s, lambda: r.step(st) == "damage")
    site, marsh = st.rules["check"]["site"], pid(s, "field:0", "owen-marsh")
    assert st.rules["combat"]["adversary"] == club
    assert '"The Supper Club"' in json.dumps(s.view(0)["rules"])  # in plain sight on the chain
    assert s.submit(A.Move((club,), "hand:1"), 1).accepted
    assert s.submit(A.Move((site, marsh), "hand:0"), 0).accepted
    assert st.rules.get("combat", {}).get("adversary") == club and st.rules["check"]["site"] == site
    theirs, mine = json.dumps(s.view(0)["rules"]), json.dumps(s.view(1)["rules"])
    assert "The Supper Club" not in theirs and "The Supper Club" in mine
    for name in ("Harlow Creek", "Owen Marsh"):
        assert name not in mine and name in theirs
