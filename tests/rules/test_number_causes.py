"""The log says why a number changed when a rule changed it (issue 30 item 7), per ruleset, for every seat.

Why: a pool jumped and nobody could tell why. Every change a ruleset makes to a player's counter (a pool, a score,
Audience Favor) or to a card's Health now carries its cause as a note (`Tx.changed`), which the line of the action
that caused it ends with ("Ann's RP 5 -> 3: paid for Spin Kick (rule xfc.chain.3)"), as each seat may read it: a
card the reader could not see is never named by it.
"""

from __future__ import annotations

import re

import pytest

from tabletop.core.events import Note, PieceChanged, PieceMoved, PlayerCounterChanged
from tabletop.core.session import Session
from tabletop.core.state import EVERYONE
from tabletop.core.tx import CHANGED, Tx, counter_label
from tabletop.rules import get_ruleset
from tabletop.rules.simulate import play_session

#: a game of each ruleset long enough to pay, sell, score and fight
GAMES = {"xfiles-ccg": ("greedy", "random"), "xfiles-fan": ("greedy", "greedy"), "tragedy": ("greedy", "random")}

_CHANGE = re.compile(r"(?P<number>.+) (?P<old>-?\d+) -> (?P<new>-?\d+): (?P<why>.+)")


def _game(ruleset: str, seed: int = 3, actions: int = 600) -> Session:
    return play_session(ruleset, GAMES[ruleset], seed, max_actions=actions)[1]


def _causes(entry) -> list[Note]:
    return [e for e in entry.events if isinstance(e, Note) and e.data and "old" in e.data and "new" in e.data
            and _CHANGE.fullmatch(e.text or "")]


@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_every_counter_a_rule_changes_says_why(ruleset: str) -> None:
    session = _game(ruleset)
    explained = 0
    for entry in session.history:
        if "." not in entry.action.type:  # a table action of the player's own: the line says what they did
            continue
        changes = [(e.name, e.old or 0, e.new) for e in entry.events if isinstance(e, PlayerCounterChanged)]
        causes = [(n.data["old"], n.data["new"]) for n in _causes(entry)]
        for name, old, new in changes:
            assert (old, new) in causes, (entry.seq, entry.action.type, name, old, new, [n.text for n in _causes(entry)])
            explained += 1
    assert explained, f"no {ruleset} rule changed a counter in this game"


@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_the_causes_are_on_every_seats_line_and_name_no_card_it_could_not_see(ruleset: str) -> None:
    session = _game(ruleset)
    state, rules = session.state, session.rules
    readers = [*state.seats, None]
    found = 0
    for entry in session.history:
        causes = _causes(entry)
        if not causes:
            continue
        for seat in readers:
            line = session.line_for(entry, seat)
            text = line.get("text") or ""
            said = [n["text"] for n in line["notes"] if n["what"] == CHANGED or n["text"] in text]
            for note in causes:
                if note.private is not None and seat not in note.private:
                    continue
                got = [t for t in said if f" {note.data['old']} -> {note.data['new']}: " in t]
                assert got, (entry.seq, seat, note.text, said)
                if "." in entry.action.type and (note.what == CHANGED):
                    assert got[0] in text, (entry.seq, seat, got[0], text)  # on the action's own line
                found += 1
            seen = _titles_seen(session, entry, seat)
            for pid, s in entry.seen.items():
                if EVERYONE in s or seat in s or pid not in state.pieces or not state.pieces[pid].card:
                    continue
                title = rules.card_title(state, pid)
                if title and title not in seen:
                    assert not [t for t in said if title in t], (entry.seq, seat, title, said)
    assert found


def _titles_seen(session: Session, entry, seat) -> set[str]:
    """The titles of the cards of `entry` that `seat` could see (two printings may share a title)."""
    state, rules = session.state, session.rules
    return {rules.card_title(state, p) for p, s in entry.seen.items()
            if p in state.pieces and (EVERYONE in s or (seat is not None and seat in s))}


def test_xfiles_ccg_pays_sells_and_damages_with_the_card_and_the_rule() -> None:
    # seed 1: a game that pays, sells and fights within 300 actions since the bots place Sites their Team can meet
    session = _game("xfiles-ccg", seed=1, actions=300)
    texts = [n.text for e in session.history for n in _causes(e)]
    assert any(re.fullmatch(r".+'s RP \d+ -> \d+: paid for .+ \(rule xfc\.chain\.3\)", t) for t in texts), texts
    assert any(re.fullmatch(r".+'s CP \d+ -> \d+: sold .+ \(rule xfc\.briefing\.4\)", t) for t in texts), texts
    assert any(re.fullmatch(r".+'s RP \d+ -> \d+: the RES of the Agents not in the Hospital \(rule xfc\.briefing\.2\)",
                            t) for t in texts), texts
    assert any(re.fullmatch(r".+'s Health \d+ -> \d+: damage from .+ \(rule xfc\.combat\.3\)", t) for t in texts), texts


def test_xfiles_ccg_every_health_a_rule_changes_says_why() -> None:
    session = _game("xfiles-ccg", seed=1, actions=300)
    hits = 0
    for entry in session.history:
        if "." not in entry.action.type:
            continue
        damaged = {e.pid for e in entry.events if isinstance(e, PieceChanged) for f, old, new in e.changes
                   if f == "counters" and (old or {}).get("damage", 0) != (new or {}).get("damage", 0)}
        moved = {e.pid for e in entry.events if isinstance(e, PieceMoved) and e.src != e.dst}
        for pid in damaged - moved:  # a card leaving play drops its counters: no rule changed its Health
            assert any("'s Health " in n.text and pid in session.rules.ref(session.state, pid) for n in _causes(entry)), \
                (entry.seq, pid, [n.text for n in _causes(entry)])
            hits += 1
    assert hits


def test_xfiles_fan_the_score_says_which_round_made_it() -> None:
    session = _game("xfiles-fan")
    texts = [n.text for e in session.history for n in _causes(e)]
    assert any(re.fullmatch(r".+'s Score \d+ -> \d+: the round of \d+ cards? scored \d+, for its last player "
                            r"\(rule xff\.5\.2\)", t) for t in texts), texts


def test_tragedy_favor_says_which_actor_and_set_scored() -> None:
    session = _game("tragedy")
    texts = [n.text for e in session.history for n in _causes(e)]
    assert any(re.fullmatch(r".+'s Audience Favor \d+ -> \d+: scored with .+ on .+ \(rule 0000\.5\.3\.2\)", t)
               for t in texts), texts


def test_tx_changed_says_nothing_when_nothing_changed_and_names_the_counter() -> None:
    rules = get_ruleset("freeform")
    state = rules.new_game(2, seed=1)
    tx = Tx(state)
    tx.add_player_counter(0, "rp", 0, why="nothing")
    assert not tx.notes
    tx.add_player_counter(0, "rp", 3, why="a test", rule="x.1")
    assert [n.text for n in tx.notes] == [f"{state.seat_name(0)}'s RP 0 -> 3: a test (rule x.1)"]
    tx.add_player_counter(0, "favor", 2)  # no why: the player's own edit, said by its own line
    assert len(tx.notes) == 1
    assert counter_label("score") == "Score" and counter_label("cp") == "CP"
