"""A designer writes `effects:` for a new card while a table is open: the watcher reloads it into the table and its
bots; an effect that cannot run is reported with file and line, and the table keeps the last good cards."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from tabletop.cards import CardLibrary
from tabletop.cards.watch import CardWatcher
from tabletop.rules.bots import make_bot
from tabletop.rules.kit import ChooseTarget
from tabletop.rules.xfiles_fan import XFilesFan

FIXTURE = Path(__file__).resolve().parents[1] / "rules" / "fixtures" / "fan-text"
NEW_CARD = """
- id: second-wind
  name: Second Wind
  type: action
  text: Your opponent discards a card of your choice from their hand, face down.
"""
EFFECTS = """  effects:
    - text: Your opponent discards a card of your choice from their hand, face down.
      targets:
        card: {select: {zone: hand, owner: opponent}, count: 1}
      do:
        - {discard: {target: card, face_up: false}}
"""


def _write(path: Path, text: str) -> None:
    before = path.stat().st_mtime_ns
    path.write_text(text)
    os.utime(path, ns=(before + 1_000_000_000, before + 1_000_000_000))


def test_effects_written_for_a_new_card_take_over_live_and_bots_play_them(tmp_path: Path) -> None:
    root = tmp_path / "cards"
    shutil.copytree(FIXTURE, root / "fan-text")
    cards = root / "fan-text" / "cards.yaml"
    base = cards.read_text()
    _write(cards, base + NEW_CARD)
    library = CardLibrary([root])
    rules = XFilesFan(library=library)
    watcher = CardWatcher(library)
    ref = "fan-text/second-wind"
    assert rules.card_text(ref).status == "by_hand"  # the grammar does not read it: by hand

    _write(cards, base + NEW_CARD + EFFECTS)
    result = watcher.poll()
    assert result.reloaded == ["fan-text"] and not result.problems
    assert rules.card_text(ref).status == "automated" and rules.card(ref).abilities

    # a table with the card in seat 0's hand: played, its target is a legal move the bot picks
    from tabletop.core import Session
    from tabletop.rules.base import add_card
    from tabletop.rules.xfiles_fan import PlayAction, PlayCard

    state = rules.build_table(2, seed=1, enforcement="strict")
    for r in ("agent-scully", "agent-mulder", "basement-files"):
        add_card(state, f"fan-text/{r}", "environment", owner=0)
    played = add_card(state, "fan-text/the-lake-case", "hand:0", owner=0).id
    wind = add_card(state, ref, "hand:0", owner=0).id
    theirs = [add_card(state, "fan-text/canvass", "hand:1", owner=1).id for _ in range(3)]
    for seat in (0, 1):
        for _ in range(5):
            add_card(state, "fan-text/plain-ending", f"deck:{seat}", owner=seat)
    for p in state.players:
        p.counters["score"] = 0
    state.rules = {"phase": "play", "period": 1, "high_card": [], "chooser": 0, "first": 0, "xfiles_player": 1,
                   "env_step": 3, "turn": 0, "turns": 1, "opener": 0, "leader": None, "round": [],
                   "round_over": False, "passes": 0, "deck_out": False, "pending": [], "over": False,
                   "winner": None, "result": None}
    session = Session(state, rules)
    assert session.submit(PlayCard(played), 0).accepted
    assert session.submit(PlayAction(wind), 0).accepted
    bot = make_bot("greedy", rules, 1)
    choice = bot.choose(state, 0)
    # unseen cards are offered by their place among the unseen: the choice names no hidden card
    assert isinstance(choice, ChooseTarget) and choice.piece is None and choice.blind == 1
    picked = [p for p in state.zones["hand:1"].pieces if p in theirs][0]
    assert session.submit(choice, 0).accepted
    assert state.pieces[picked].zone == "discard:1" and not state.pieces[picked].face_up


def test_an_effect_that_cannot_run_is_reported_and_the_last_good_cards_stay(tmp_path: Path) -> None:
    root = tmp_path / "cards"
    shutil.copytree(FIXTURE, root / "fan-text")
    cards = root / "fan-text" / "cards.yaml"
    base = cards.read_text()
    _write(cards, base + NEW_CARD + EFFECTS)
    library = CardLibrary([root])
    rules = XFilesFan(library=library)
    watcher = CardWatcher(library)
    assert rules.card_text("fan-text/second-wind").status == "automated"
    _write(cards, base + NEW_CARD + EFFECTS.replace("{discard:", "{discrad:"))
    result = watcher.poll()
    assert not result.reloaded and len(result.problems) == 1
    problem = result.problems[0]
    line = (base + NEW_CARD + EFFECTS).splitlines().index("    - text: Your opponent discards a card of your choice "
                                                          "from their hand, face down.") + 1
    assert problem.file.endswith("cards.yaml") and problem.line == line and "discrad" in problem.field
    assert rules.card_text("fan-text/second-wind").status == "automated"
