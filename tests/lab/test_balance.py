"""The balance report on a toy ruleset whose Trump card decides the game: the card's contribution and `--restrict`."""

from __future__ import annotations

from tabletop.lab import simulate_run
from tabletop.lab.balance import balance, format_balance
from tabletop.lab.precision import widest
from tabletop.rules.simulate import GameRecord

from .toy_trump import TRUMP, registered


def test_the_decisive_card_shows_in_its_contribution_and_its_ban() -> None:
    with registered():
        report, run = simulate_run("toy-trump", 120, seed=3, bots=("random", "random"), jobs=1,
                                   restrict=(TRUMP, 0))
    b = report["balance"]
    assert len(run.records) == 240 and sum(1 for r in run.records if r.restricted == f"{TRUMP}@1") == 120
    assert report["games"] == 120 and report["finished"] == 120  # the main report counts the plain games only
    trump = next(c for c in b["cards"] if c["card"] == TRUMP)
    assert trump["difference"] > 0.3 and trump["low"] > 0  # playing the Trump wins, clearly
    assert trump["played"]["rate"] > 0.7 > trump["not_played"]["rate"]
    ban = b["restrict"]
    assert ban["card"] == TRUMP and ban["seat"] == 1 and ban["pairs"] == 120
    # without its Trump seat 1 loses the games its Trump won: a clear drop, its interval below zero
    assert ban["difference"] < -0.2 and ban["high"] < 0 and ban["p"] < 0.001
    assert ban["without_card"]["rate"] < ban["with_card"]["rate"]
    # no banned game held the Trump for seat 1
    assert all(TRUMP not in r.played[0] for r in run.records if r.restricted)
    text = format_balance(report)
    assert f"{TRUMP} banned from seat 1" in text and f"card {TRUMP}" in text
    assert f"without; banning it moves it {ban['difference']:+.1%}" in text  # the sign reads as the ban's effect
    named = balance(run.records, 2, lambda ref: "The Trump" if ref == TRUMP else None)
    assert named["restrict"]["name"] == "The Trump" and "card The Trump (" in format_balance({"balance": named})


def test_seats_first_player_and_matchups_carry_wilson_intervals() -> None:
    records = [GameRecord(i, i, ["a", "b"] if i % 2 else ["b", "a"], first=0, winner=i % 3 % 2, over=True,
                          turns=5 + i % 4, end="win", scores=[3, 1] if i % 3 % 2 == 0 else [1, 3])
               for i in range(40)]
    records.append(GameRecord(40, 40, ["a", "b"], end="cap"))
    b = balance(records, 2)
    wins0 = sum(1 for r in records[:40] if r.winner == 0)
    assert b["seats"][0]["wins"] == wins0 and b["seats"][0]["n"] == 40  # the capped game is left out
    assert b["seats"][0]["low"] < wins0 / 40 < b["seats"][0]["high"]
    assert b["first_player"]["advantage"] == round(wins0 / 40 - 0.5, 4)
    assert b["bots"]["a"]["b"]["n"] == 40 and b["endings"] == {"win": 40, "cap": 1}
    assert sum(h["games"] for h in b["length"]["turns"]) == 40
    assert b["scores"]["games"] == 40


def test_precision_plays_on_until_the_intervals_are_narrow() -> None:
    with registered():
        report, run = simulate_run("toy-trump", 20, seed=1, bots=("random",), jobs=1, precision=0.08,
                                   max_games=400)
    half, _ = widest(run.records, 2, 0.08)
    assert report["games"] > 20 and len(run.records) == report["games"]
    assert half <= 0.08 or report["games"] == 400
    assert report["precision"]["reached"] == round(half, 4)
    assert len({r.index for r in run.records}) == len(run.records)  # batches never reuse a game number


def _game(i: int, winner: int, played: list[list[str]], decks: list[str] | None = None) -> GameRecord:
    """A won game of two greedy bots with the cards each seat played (and its seats' decks)."""
    return GameRecord(i, i, ["greedy", "greedy"], first=0, winner=winner, over=True, turns=4, end="win",
                      decks=decks or [], played=played)


def _lucky(i: int, winner: int, played: list[list[str]], card: str) -> None:
    """`card` played by seat 1 in its wins among the first 12 games: 6 seat-games, all won."""
    if i < 12 and winner == 0:
        played[0].append(card)


def test_a_card_of_the_stronger_deck_is_judged_within_its_deck_not_against_the_other() -> None:
    records = []
    for i in range(80):
        strong = 0 if i % 2 == 0 else 1  # the strong deck wins every game, from either seat
        played: list[list[str]] = [[], []]
        played[strong].append("set/filler")  # only the strong deck holds it, played in 3 games of 4
        if i % 4 == 3:
            played[strong].remove("set/filler")
        played[strong].append("set/always")  # only the strong deck holds it, played in every game
        records.append(_game(i, strong, played, ["strong", "weak"] if i % 2 == 0 else ["weak", "strong"]))
    b = balance(records, 2, lambda ref: {"set/filler": "Filler Card"}.get(ref))
    rows = {c["card"]: c for c in b["cards"]}
    # pooled over both decks it would read +100 points; within its deck it wins as often played or not
    filler = rows["set/filler"]
    assert filler["difference"] == 0 and filler["played"]["rate"] == filler["not_played"]["rate"] == 1.0
    assert filler["name"] == "Filler Card"
    assert "set/always" not in rows  # never left unplayed in its deck: nothing to compare it with
    assert "card Filler Card (set/filler): played" in format_balance({"balance": b})


def test_a_card_played_in_few_games_all_won_keeps_a_wide_interval() -> None:
    records = []
    for i in range(100):
        winner = i % 2
        played: list[list[str]] = [[], []]
        _lucky(i, winner, played, "set/rare")
        records.append(_game(i, winner, played))
    rare = next(c for c in balance(records, 2)["cards"] if c["card"] == "set/rare")
    assert rare["played"]["n"] == 6 and rare["played"]["rate"] == 1.0
    assert rare["high"] - rare["low"] > 0.4  # six games say little, however they went


def test_the_cards_come_surest_first() -> None:
    records = []
    for i in range(1000):
        winner = i % 2
        played: list[list[str]] = [[], []]
        _lucky(i, winner, played, "set/lucky")  # a large difference, a wide interval
        if (i // 2) % 10 < (7 if winner == 0 else 3):
            played[0].append("set/steady")  # in 70% of seat 1's wins, 30% of its losses: smaller, surer
        records.append(_game(i, winner, played))
    rows = balance(records, 2)["cards"]
    assert [c["card"] for c in rows] == ["set/steady", "set/lucky"]
    assert rows[1]["difference"] > rows[0]["difference"] and rows[0]["low"] > rows[1]["low"]


def test_a_score_that_is_only_the_win_is_no_score_to_report() -> None:
    from tabletop.lab.sweep import measures
    from tabletop.rules.simulate import format_report
    from tabletop.rules.simulate import report as simulation_report

    def game(i: int, scores: list[int]) -> GameRecord:
        return GameRecord(i, i, ["greedy", "random"], first=0, winner=i % 2, over=True, turns=3, end="win",
                          scores=scores)

    flags = [game(i, [1 - i % 2, i % 2]) for i in range(20)]  # X-Files CCG: 1 for the winner, 0 for the other
    points = [game(i, [12 - i % 2 * 5, 7 + i % 2 * 5]) for i in range(20)]  # a ruleset keeping points
    assert not any(r.scored for r in flags) and all(r.scored for r in points)
    assert balance(flags, 2)["scores"] is None and balance(points, 2)["scores"]["games"] == 20
    assert "spread" not in {m.key for m in measures(flags, 2, [], scored=False)}
    assert "spread" in {m.key for m in measures(points, 2, [])}
    for records, shown in ((flags, False), (points, True)):
        report = simulation_report("toy", {}, 0, ["greedy", "random"], "strict", records, 1.0)
        assert report["scores"]["kept"] is shown
        assert ("winner's score" in format_report(report)) is shown
