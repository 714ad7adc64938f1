"""X-Files CCG's questions and guesses by a rule of thumb: the search's playouts cannot weigh them, a rule can.

After a successful check the Investigating Player may ask one question about the Directed Player's X-File and guess
it; a wrong guess gives that player a question or a guess back (xfc.question.1-4). Which question, and whether to
guess, are a race the seat can count from its own Notebook: the candidates it still has for the other's X-File and
the candidates the other still has for its own (the questions it answered). The search left them to playouts,
where a guess is a coin toss on the dealt X-File and the question a one-in-a-dozen pick, so it asked the first
question listed (one that may split nothing) and guessed among six before asking. Here the seat asks the question
that splits its candidates most evenly, and guesses when `race` says the guess is worth the question it may give.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable
from types import SimpleNamespace
from typing import Any

from ...core.actions import Action
from ...core.state import GameState

__all__ = ["ccg_question_choice", "likely_guesses", "likely_guesses_seen", "likely_xfiles", "race"]

#: a seat's chance to succeed at a check in a turn, as the race counts it (the choices barely depend on it)
CHECK_CHANCE = 0.5


def _parts(k: int) -> tuple[tuple[int, float], ...]:
    """The candidates left after the best question among k, with their chances (an even split)."""
    if k <= 1:
        return ((k, 1.0),)
    low = k // 2
    return ((low, low / k), (k - low, (k - low) / k))


@functools.lru_cache(maxsize=4096)
def race(mine: int, theirs: int, turn: int) -> float:
    """The seat's chance to win the race with `mine` candidates for the other's X-File and the other `theirs` for its
    own, `turn` 0 when the seat investigates next (1: the other), each succeeding at a check with `CHECK_CHANCE`:
    a success asks a question that halves the candidates, then guesses (this seat when `guess_pays`, the other
    always, as the greedy bot does), a wrong guess giving the other a question (a guess when it has one candidate)."""
    p = CHECK_CHANCE
    mine_won = _success(mine, theirs)  # this seat's chance after its own success, then after the other's
    theirs_won = _other_success(mine, theirs)
    if turn == 0:
        return (p * mine_won + (1 - p) * p * theirs_won) / (1 - (1 - p) ** 2)
    return (p * theirs_won + (1 - p) * p * mine_won) / (1 - (1 - p) ** 2)


def _success(mine: int, theirs: int) -> float:
    """This seat's chance after a check of its own succeeds: it asks (unless one candidate is left), then guesses or
    not, whichever `race` values more."""
    if mine <= 1:
        return 1.0
    return sum(w * max(_guess(k, theirs), _rest(k, theirs, 1)) for k, w in _parts(mine))


def _guess(mine: int, theirs: int) -> float:
    """Guess among `mine`: right with 1/mine, else the other has a question (or, with one candidate, wins)."""
    if mine <= 1:
        return 1.0
    wrong = 0.0 if theirs <= 1 else sum(w * _rest(mine - 1, k, 1) for k, w in _parts(theirs))
    return 1.0 / mine + (1.0 - 1.0 / mine) * wrong


def _rest(mine: int, theirs: int, turn: int) -> float:
    return race(mine, theirs, turn) if mine > 1 or theirs > 1 else (1.0 if turn == 0 else 0.0)


def _other_success(mine: int, theirs: int) -> float:
    """This seat's chance after the other's check succeeds: it asks and guesses; a wrong guess gives this seat a
    question (it guesses with one candidate left, else asks) before its own turn."""
    if theirs <= 1:
        return 0.0
    out = 0.0
    for k, w in _parts(theirs):
        if k <= 1:
            continue  # a guess among one: the other wins
        if mine <= 1:
            back = 1.0
        else:
            back = max(1.0 / mine + (1 - 1.0 / mine) * _rest(mine - 1, k - 1, 0),
                       sum(v * _rest(j, k - 1, 0) for j, v in _parts(mine)))
        out += w * (1.0 - 1.0 / k) * back
    return out


def guess_pays(mine: int, theirs: int, penalty: bool = False) -> bool:
    """Whether to guess now among `mine` candidates rather than ask (`penalty`: the other's wrong guess gave this seat
    one or the other, in the other's turn) or pass (after its own question), the other having `theirs` for this
    seat's X-File."""
    if mine <= 1:
        return True
    if penalty:  # a wrong guess here costs nothing but the question not asked
        return 1.0 / mine + (1 - 1.0 / mine) * _rest(mine - 1, theirs, 0) >= sum(
            w * _rest(k, theirs, 0) for k, w in _parts(mine))
    return _guess(mine, theirs) > _rest(mine, theirs, 1)


def likely_xfiles(rules: Any, pool: Any, owner: int, candidates: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The Notebook's candidates for `owner`'s X-File that come from a set the game is seen to be played with: the
    sets of the seat's own cards (its sampler's pool) and of the cards it has seen of `owner`'s; all of them when
    none does. The Notebook lists every loaded X-File a deck may hold; with other sets loaded (a player who imported
    every set, playing decks of one), counting all of them made the race wait for questions it never got to ask, and
    drew the dealt X-File from sets nobody plays."""
    refs = getattr(pool, "refs", None)
    if not refs:
        return candidates
    sets = {ref.split("/", 1)[0] for ref in refs}
    sets.update(ref.split("/", 1)[0] for ref in (getattr(pool, "seen", {}).get(owner) or ()))
    printed: dict[str, set[str]] = {}
    for x in rules.xfiles():
        printed.setdefault(x.name.casefold(), set()).add(x.ref.split("/", 1)[0])
    found = [c for c in candidates if printed.get(str(c["name"]).casefold(), set()) & sets]
    return found or candidates


def likely_guesses(rules: Any, state: GameState, seat: int) -> set[str] | None:
    """The tokens of the guesses `seat` may make now whose X-File is likely (`likely_xfiles`) by what the table shows
    it: the sets of its own cards (it knows its deck list) and of the other seat's cards it sees; None when it may not
    guess. The greedy bot, which keeps no pool, guessed among every loaded X-File: 47 with a set imported beside the
    decks played, where 6 were possible, so a balance report of greedy bots read the library, not the decks."""
    ctx = rules.question_context(state, seat)
    about = ctx.get("about") if ctx else None
    if about is None or not ctx.get("guess"):
        return None
    opp, _ = rules.notes_about(state, seat, about)
    if not opp:
        return None
    own = [p.card for p in state.pieces.values() if p.owner == seat and p.card]
    seen = [p.card for p in state.pieces.values() if p.owner == about and p.card and state.can_see(p, seat)]
    names = _likely_names(rules, opp["candidates"], own, seen, about)
    return {g["token"] for g in rules.guess_options(state, seat, names=names)} if names else None


def likely_guesses_seen(rules: Any, view: dict[str, Any], seat: int, deck: Iterable[str] = ()) -> set[str] | None:
    """`likely_guesses` from what a seat is shown (a bot seat at a window: its view with its status, and its deck
    list where it has it, `search.knowledge`): the guesses its status lists by name, among the candidates its
    Notebook still allows, of the sets of its own cards and of the other seat's that the view names. None when the
    status lists no guess (a view without the ruleset's status)."""
    status = view.get("rules") or {}
    guesses = status.get("guesses") or []
    if not guesses:
        return None
    about = guesses[0].get("about")
    book = next((o for o in (status.get("notebook") or {}).get("opponents") or () if o.get("seat") == about), None)
    cards = [(p["card"], p.get("owner")) for z in view.get("zones") or () for p in z.get("pieces") or ()
             if p.get("card")]
    own = [*deck, *(c for c, owner in cards if owner == seat)]
    names = _likely_names(rules, book["candidates"] if book else guesses, own,
                          [c for c, owner in cards if owner == about], about)
    return {g["token"] for g in guesses if g.get("name") in names}


def _likely_names(rules: Any, candidates: list[dict[str, Any]], own: Iterable[str], seen: Iterable[str],
                  about: Any) -> set[str]:
    """The titles of `candidates` (each a dict with its "name") that `likely_xfiles` keeps, given the refs of the
    seat's own cards and of the other seat's cards it saw (what it reads of a search bot's pool)."""
    shown = SimpleNamespace(refs=sorted(set(own)), seen={about: Counter(seen)})
    return {c["name"] for c in likely_xfiles(rules, shown, about, candidates)}


def _split(candidates: list[dict[str, Any]], kind: str, value: str) -> int:
    """How evenly a question splits the candidates: the smaller side's size."""
    yes = sum(1 for c in candidates if str(c["characteristics"].get(kind) or "").casefold() == value.casefold())
    return min(yes, len(candidates) - yes)


def _candidates(rules: Any, state: GameState, seat: int, about: Any, pool: Any = None) -> int:
    """How many X-Files `seat`'s Notebook still allows for `about`'s (the universe when it has no row), of the sets
    the game is seen played with (`likely_xfiles`: `seat` sees `about`'s cards as `about` sees `seat`'s, so the
    same sets stand for both; the bot's race models the other's count as its own)."""
    opp, _ = rules.notes_about(state, seat, about)
    return len(likely_xfiles(rules, pool, seat, opp["candidates"])) if opp else len(rules.xfiles())


def _guesses(mine: int, theirs: int, can_ask: bool, penalty: bool) -> bool:
    """Whether to guess now rather than ask a question that splits the candidates (`can_ask`) or pass: with one
    candidate left; in the penalty (one or the other, and a wrong guess costs nothing more) when no question splits
    or the race values the guess more; after its own question (none left that splits) when the race says so."""
    if mine <= 1:
        return True
    if penalty:
        return not can_ask or guess_pays(mine, theirs, True)
    return not can_ask and guess_pays(mine, theirs)


def ccg_question_choice(rules: Any, state: GameState, know: dict[str, Any], pool: Any,
                        policy: Any = None) -> Action | None:
    """The question step's and the penalty's move (see the module), as the seat's move list names it; None at any
    other decision (the search decides)."""
    seat = know["seat"]
    ctx = rules.question_context(state, seat)
    if not ctx or ctx.get("about") is None:
        return None
    moves: list[Action] = know["moves"]
    listed = [a for a in rules.generate_actions(state, seat) if not getattr(type(a), "by_hand", False)]
    if [a.type for a in listed] != [a.type for a in moves]:
        return None
    opp, _ = rules.notes_about(state, seat, ctx["about"])
    cands = likely_xfiles(rules, pool, ctx["about"], opp["candidates"]) if opp else []
    mine = len(cands) if opp else len(rules.xfiles())
    likely = {c["name"] for c in cands}
    names = {g["token"]: g["name"] for g in rules.guess_options(state, seat, names=likely)} if likely else {}
    theirs = _candidates(rules, state, ctx["about"], seat, pool)
    asks = {q["token"]: q for q in rules.question_options(state, seat)}
    best, split = None, 0
    guesses = []
    for k, a in enumerate(listed):
        q = asks.get(getattr(a, "token", None)) if a.type == "xfc.ask" else None
        if q is not None and _split(cands, q["kind"], q["value"]) > split:
            best, split = k, _split(cands, q["kind"], q["value"])
        elif a.type == "xfc.guess" and names.get(getattr(a, "token", None), "") in likely:
            guesses.append(k)  # those likely (`likely_xfiles`)
    if guesses and _guesses(mine, theirs, best is not None, rules.step(state) == "penalty"):
        rng = getattr(policy, "rng", None)  # one at random: the list's order would name the library's first first
        return moves[rng.choice(guesses) if rng is not None else guesses[0]]
    if best is not None:
        return moves[best]
    return next((m for m in moves if m.type == "xfc.pass"), None)
