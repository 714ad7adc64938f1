"""The search bot sees only what its seat may: every input it decides from, serialised, names no hidden card.

At every decision of a seeded game the test takes what the bot was handed (its knowledge), writes it as JSON, and
looks in it for each piece id its seat cannot see now and each card reference that only hidden cards have (not one
the seat sees or brought in its own deck). The same search on the same seed must then play the same game.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop.core.session import Session
from tabletop.rules import get_ruleset
from tabletop.rules.bots import make_bot
from tabletop.rules.search.ismcts import Ismcts
from tabletop.rules.search.knowledge import knowledge, rebuild


def _json(know: dict[str, Any]) -> str:
    return json.dumps(know, default=lambda a: a.to_dict(), sort_keys=True)


def _secrets(state: Any, seat: int) -> tuple[set[str], set[str]]:
    """The piece ids `seat` cannot see now, and the card references only hidden cards have."""
    hidden_ids, hidden_refs, seen_refs = set(), set(), set()
    for pid, p in state.pieces.items():
        if state.can_see(p, seat):
            seen_refs.add(p.card)
        else:
            hidden_ids.add(pid)
            hidden_refs.add(p.card)
        if p.owner == seat:
            seen_refs.add(p.card)
    return hidden_ids, hidden_refs - seen_refs - {None}


def _play(name: str, seed: int, budget: int = 6) -> tuple[list[str], list[tuple[set[str], set[str]]], list[Any]]:
    rules = get_ruleset(name)
    state = rules.new_game(2, seed=seed, enforcement="strict")
    session = Session(state, rules)
    bot = make_bot(f"ismcts:{budget}", rules, seed)
    assert isinstance(bot, Ismcts)
    bot.depth = 4
    other = make_bot("random", rules, seed + 1)
    inputs: list[str] = []
    secrets: list[tuple[set[str], set[str]]] = []
    bot.recorder = lambda know: (inputs.append(_json(know)), secrets.append(_secrets(state, 0)))
    moves = []
    for _ in range(300):
        waiting = rules.waiting_for(state)
        if not waiting or state.rules.get("over"):
            break
        seat = waiting[0]
        action = bot.choose(state, seat) if seat == 0 else other.choose(state, seat)
        assert action is not None
        assert session.submit(action, seat).accepted, action
        moves.append(action.type)
    return inputs, secrets, [*moves, state.canonical()]


@pytest.mark.parametrize("name", ["tragedy", "xfiles-fan", "xfiles-ccg"])
def test_nothing_the_bot_is_handed_names_a_hidden_card(name: str) -> None:
    inputs, secrets, _ = _play(name, 11)
    assert len(inputs) >= 10
    checked = 0
    for text, (ids, refs) in zip(inputs, secrets, strict=True):
        assert ids, "the seat always has hidden cards to not see"
        for pid in ids:
            assert f'"{pid}"' not in text, f"hidden piece {pid} named"
        for ref in refs:
            assert f'"{ref}"' not in text, f"hidden card {ref} named"
        checked += len(ids) + len(refs)
    assert checked > 100


def test_the_check_would_see_a_leak() -> None:
    """The table itself names what the bot's inputs may not, so the test above is not vacuous."""
    rules = get_ruleset("xfiles-ccg")
    state = rules.new_game(2, seed=3, enforcement="strict")
    ids, refs = _secrets(state, 0)
    whole = json.dumps(state.to_dict())
    assert refs and all(f'"{r}"' in whole for r in refs) and all(f'"{p}"' in whole for p in ids)
    text = _json(knowledge(state, 0, rules))
    assert not any(f'"{p}"' in text for p in ids) and not any(f'"{r}"' in text for r in refs)


def test_the_rebuilt_table_has_no_card_where_the_seat_sees_none() -> None:
    rules = get_ruleset("xfiles-fan")
    state = rules.new_game(2, seed=5, enforcement="strict")
    know = knowledge(state, 1, rules)
    table = rebuild(know)
    for zone in state.zones.values():
        assert len(table.zones[zone.name].pieces) == len(zone.pieces)
    for pid, p in state.pieces.items():
        if state.can_see(p, 1):
            assert table.pieces[pid].card == p.card
        else:
            assert pid not in table.pieces and table.pieces[state.handle(pid)].card is None


@pytest.mark.parametrize("name", ["tragedy", "xfiles-ccg"])
def test_the_same_seed_plays_the_same_game(name: str) -> None:
    # each table has its own random secret (tokens and handles differ): the moves' kinds and the final tables agree
    assert _play(name, 21, budget=4)[2] == _play(name, 21, budget=4)[2]
