"""Whether a card may go into the round now, with every reason it may not: the legality rules `xff.legal.*`.

Two paths that must agree on every position (tests/rules/test_xfiles_fan_fast.py walks seeded games to hold them
to it): `card_problems` writes the sentences a refusal gives, and `title_legal` / `playable` answer yes or no for the
legal-move lists, judging each card title once per position and remembering the answers until the round, the
environment or the card data change.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import chain
from operator import itemgetter
from typing import Any

from ...core.ruleset import Violation
from ...core.state import GameState
from .cards import FanCards
from .cardtext import FanText
from .common import HAND, article, brackets, tag_text, v
from .model import (
    CIRCUMSTANCES,
    ROUND_FOLLOWERS,
    ROUND_STARTERS,
    CardInfo,
    circumstance_problems,
    circumstance_rules,
    circumstances_hold,
    tag_problems,
)

__all__ = ["Legality", "Provided", "position_key"]

_CIRC = itemgetter("circ")


def position_key(state: GameState, rnd: Any, memo: dict[int, tuple[Any, ...]] | None = None) -> tuple[Any, ...]:
    """The round as the legality of a card reads it: per card its title, whether it is negated, and which
    circumstances are in force after it (`circumstance_problems` reads them as true or false).

    `memo`: each round entry's part found before, by the entry and its piece (both held, so their identities
    cannot be reused). Rule state is only ever replaced, never changed in place, so an entry keeps its part while
    its piece is the same (a piece removed, or put back by an undo, is read again): a round that gains a card reads
    only the new one."""
    pieces = state.pieces
    out = []
    for e in rnd:
        if memo is not None:
            found = memo.get(id(e))
            if found is not None and found[0] is e and pieces.get(found[1]) is found[2]:
                out.append(found[3])
                continue
        pid = e.get("piece")
        circ = e.get("circ") or {}
        piece = pieces.get(pid) if isinstance(pid, str) else None
        part = (piece.card if piece is not None else None, bool(e.get("negated")),
                tuple(map(bool, map(circ.get, CIRCUMSTANCES))))  # no comprehension's call
        if memo is not None:
            if len(memo) >= 4096:
                memo.clear()
            memo[id(e)] = (e, pid, piece, part)
        out.append(part)
    return tuple(out)


def _facts(info: CardInfo) -> tuple[CardInfo, bool, bool, tuple[tuple[str, int], ...], tuple[str, ...], Any]:
    """What `_ref_legal` reads of a card's data, read once per title (card data never changes under a title; a
    reloaded card is another `CardInfo`): whether it may start or join a round, the tags it requires with their
    counts (`tag_problems`'s reading), the tags that prevent it, case-folded, and its required circumstances
    (`circumstance_rules`)."""
    return (info, info.type in ROUND_STARTERS, info.type in ROUND_FOLLOWERS, _required(info.requires),
            tuple(t.casefold() for t in info.prevented_by), circumstance_rules(info.requires_circ))


def _required(needed: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """How many times each tag is needed, case-folded (as `tag_problems` counts them)."""
    return tuple(Counter(t.casefold() for t in needed).items())


def _allowed(provided: Mapping[str, int], requires: tuple[tuple[str, int], ...], prevented: tuple[str, ...]) -> bool:
    """Whether `provided` holds every required tag often enough and no preventing tag."""
    for tag, count in requires:
        if provided.get(tag, 0) < count:
            return False
    for tag in prevented:
        if provided.get(tag):
            return False
    return True


class Provided:
    """The tags provided in one position, counted on first use (environment only, and with the round)."""

    __slots__ = ("_rules", "_state", "_env", "_all", "_circs")

    def __init__(self, rules: Legality, state: GameState) -> None:
        self._rules, self._state = rules, state
        self._env: Counter[str] | None = None
        self._all: Counter[str] | None = None
        self._circs: list[Any] | None = None

    @property
    def circumstances(self) -> list[Any]:
        """The circumstances after each card of the round (what `circumstance_problems` reads)."""
        if self._circs is None:
            self._circs = list(map(_CIRC, self._state.rules.get("round") or ()))
        return self._circs

    @property
    def environment(self) -> Counter[str]:
        if self._env is None:
            self._env = self._rules.provided_by_titles(self._state, environment_only=True)
        return self._env

    @property
    def everything(self) -> Counter[str]:
        if self._all is None:
            self._all = self._rules.provided_by_titles(self._state)
        return self._all


class Legality:
    """The legality of cards in the round: a part with explicit inputs, the card lookup (`cards`) and the card text
    (`cardtext`: the conditions of a card's play, the characters captured). Its memos drop with the card data."""

    def __init__(self, cards: FanCards, cardtext: FanText) -> None:
        self.cards = cards
        self.card, self.info = cards.card, cards.info
        self.cardtext = cardtext
        #: each title's provided tags, case-folded (counted for every card the rules check)
        self._provides: dict[str | None, tuple[str, ...]] = {}
        #: provided tags by the titles counted (see `provided_by_titles`), bounded
        self._provided_memo: dict[tuple[str | None, ...], Counter[str]] = {}
        self._legal_memo: tuple[Any, list[str], Any, Any, Any, dict[str | None, bool], Provided] | None = None
        #: the legality of each title judged, per position (see `_legal_titles`), bounded
        self._legal_positions: dict[tuple[Any, ...], dict[str | None, bool]] = {}
        #: what the legality of each title reads of its card data (see `_ref_legal`)
        self._legal_facts: dict[str | None, tuple[Any, ...]] = {}
        #: each round entry's part of its position's key (see `position_key`), bounded
        self._entry_keys: dict[int, tuple[Any, ...]] = {}
        cards.on_forget.append(self.forget)

    def forget(self) -> None:
        """The card data changed: every answer read from them goes."""
        self._provides.clear()
        self._provided_memo.clear()
        self._legal_memo = None
        self._legal_positions.clear()
        self._legal_facts.clear()
        self._entry_keys.clear()

    # -- what the table provides --

    def provided(self, state: GameState, *, environment_only: bool = False) -> Counter[str]:
        """How many cards provide each tag (case-folded): environment cards in play, and unless `environment_only`
        the cards of the round that are not negated."""
        out: Counter[str] = Counter()
        pieces = state.pieces
        zone = state.zones.get("environment")
        held = self.cardtext.captured_ids(state)
        for pid in zone.pieces if zone else []:
            if pid not in held:
                self._count_provided(out, pieces[pid].card)
        if not environment_only:
            for e in state.rules.get("round") or []:
                if not e.get("negated") and e.get("piece") in pieces:
                    self._count_provided(out, pieces[e["piece"]].card)
        return out

    def provided_by_titles(self, state: GameState, *, environment_only: bool = False) -> Counter[str]:
        """`provided`, remembered by the titles it counts (read only: callers share it).

        The count depends only on which titles provide (those `provided` walks), and the same few environments and
        round openings recur all game, so most positions find it ready."""
        pieces = state.pieces
        zone = state.zones.get("environment")
        refs = [pieces[pid].card for pid in zone.pieces] if zone else []
        if state.rules.get("captured"):  # a captured character provides nothing (xff.text.capture)
            held = self.cardtext.captured_ids(state)
            refs = [pieces[pid].card for pid in zone.pieces if pid not in held] if zone else []
        if not environment_only:
            refs += [pieces[e["piece"]].card for e in state.rules.get("round") or []
                     if not e.get("negated") and e.get("piece") in pieces]
        key = tuple(refs)
        out = self._provided_memo.get(key)
        if out is None:
            if len(self._provided_memo) >= 4096:
                self._provided_memo.clear()
            provides = self._provides
            for ref in set(refs).difference(provides):  # each title's tags read once
                self._tags_of(ref)
            # counted in C (`Counter` of every title's tags in turn), the same counts `_count_provided` makes
            out = self._provided_memo[key] = Counter(chain.from_iterable(map(provides.__getitem__, refs)))
        return out

    def _tags_of(self, ref: str | None) -> tuple[str, ...]:
        """The tags a title provides, case-folded (read once per title)."""
        tags = self._provides.get(ref)
        if tags is None:
            tags = self._provides[ref] = tuple(self.card(ref).provided())
        return tags

    def _count_provided(self, out: Counter[str], ref: str | None) -> None:
        for tag in self._tags_of(ref):
            out[tag] = out.get(tag, 0) + 1  # not `+= 1`: Counter.__missing__ is a Python call per new tag

    def round_value(self, state: GameState, entry: Mapping[str, Any]) -> int | None:
        """A round card's points now: 0 when negated, its fixed value, its chosen value, or None (not chosen yet)."""
        if entry.get("negated"):
            return 0
        pid = entry.get("piece")
        info = self.info(state, pid) if pid in state.pieces else CardInfo("", "", "unknown")
        if info.points is None:
            return 0
        if isinstance(info.points, int):
            return info.points
        value = entry.get("value")
        return value if isinstance(value, int) else None

    def round_total(self, state: GameState, rnd: Any) -> int:
        """The round's points now: `round_value` of each entry summed, values still to choose counting 0 (asked at
        every greedy decision and every scoring: one loop, without a call per card)."""
        pieces, card, known = state.pieces, self.card, self.cards.known
        total = 0
        for e in rnd:
            if e.get("negated"):
                continue
            pid = e.get("piece")
            if pid not in pieces:
                continue  # an unknown card has no points
            ref = pieces[pid].card
            info = known.get(ref)  # `card`, with a title already read found without the call
            points = (info if info is not None else card(ref)).points
            if points is None:
                continue
            if isinstance(points, int):
                total += points
            else:
                value = e.get("value")
                if isinstance(value, int):
                    total += value
        return total

    # -- the reasons a card cannot go into the round --

    def card_problems(self, state: GameState, pid: str, seat: int | None,
                      tags: Provided | None = None) -> list[Violation]:
        """Why the card `pid` cannot go into the round now (type, tags, circumstances, play limit); [] when legal.

        `tags`: the provided tags of this position, when checking several cards of one position."""
        tags = tags or Provided(self, state)
        info = self.info(state, pid)
        rnd = state.rules.get("round") or []
        if not rnd:
            return self._start_problems(info, pid, seat, tags)
        if state.rules.get("round_over"):
            return [v("xff.round_over", "xff.5.1", "the round is over and being scored", (pid,), seat)]
        name = info.name
        if info.type not in ROUND_FOLLOWERS:
            return [v("xff.in_round", "xff.3.3", f"{name} is {article(info.type)}: a round in progress takes a "
                      "Following or a Conclusion", (pid,), seat)]
        out: list[Violation] = []
        provided = tags.everything
        missing = tag_problems(info.requires, provided)
        if missing:
            out.append(v("xff.requires", "xff.legal.requires", f"{name} requires {tag_text(info.requires, missing)}"
                         ", provided by no environment card or earlier card of the round that is not negated",
                         (pid,), seat))
        blocked = [t for t in info.prevented_by if provided.get(t.casefold())]
        if blocked:
            out.append(v("xff.prevented", "xff.legal.prevented",
                         f"{name} is prevented by {brackets(blocked)}, which is provided", (pid,), seat))
        if info.immediately_after:
            last = rnd[-1].get("piece")
            last_type = self.info(state, last).type if last in state.pieces else ""
            if last_type != info.immediately_after:
                out.append(v("xff.after", "xff.legal.after", f"{name} is playable only immediately following "
                             f"{article(info.immediately_after.title())}", (pid,), seat))
        circ = circumstance_problems([e["circ"] for e in rnd], info.requires_circ)
        if circ:
            out.append(v("xff.circumstances", "xff.legal.circumstances", f"{name}: {'; '.join(circ)}", (pid,),
                         seat))
        if info.play_limit is not None:
            copies = sum(1 for e in rnd if e.get("piece") in state.pieces and state.pieces[e["piece"]].card ==
                         state.pieces[pid].card)
            if copies >= info.play_limit:
                out.append(v("xff.ordinality", "xff.legal.ordinality", f"{name} may be in a round at most "
                             f"{info.play_limit} time(s); {copies} already are", (pid,), seat))
        return out

    @staticmethod
    def _start_problems(info: CardInfo, pid: str, seat: int | None, tags: Provided) -> list[Violation]:
        """Why a card cannot start a round (xff.3.2, xff.legal.first)."""
        name = info.name
        if info.type not in ROUND_STARTERS:
            return [v("xff.first_card", "xff.3.2", f"{name} cannot start a round: a round starts with a Case "
                      "or an Incident", (pid,), seat)]
        out: list[Violation] = []
        env = tags.environment
        missing = tag_problems(info.requires, env)
        if missing:
            out.append(v("xff.requires", "xff.legal.first", f"{name} needs the environment to provide "
                         f"{tag_text(info.requires, missing)}", (pid,), seat))
        blocked = [t for t in info.prevented_by if env.get(t.casefold())]
        if blocked:
            out.append(v("xff.prevented", "xff.legal.prevented",
                         f"{name} is prevented by {brackets(blocked)}, which is provided", (pid,), seat))
        return out

    # -- yes or no, fast --

    def card_legal(self, state: GameState, pid: str, tags: Provided | None = None) -> bool:
        """Whether `card_problems` would find nothing, without writing the sentences it would refuse with."""
        ref = state.pieces[pid].card
        return self._ref_legal(state, self.card(ref), ref, tags or Provided(self, state))

    def _ref_legal(self, state: GameState, info: CardInfo, ref: str | None, tags: Provided) -> bool:
        """`card_legal` for a card title (`info`, `ref`): copies of a title share every answer."""
        facts = self._legal_facts.get(ref)
        if facts is None or facts[0] is not info:
            facts = self._legal_facts[ref] = _facts(info)
        _, starter, follower, requires, prevented, circumstances = facts
        rules = state.rules
        rnd = rules.get("round") or []
        if not rnd:
            if not starter:
                return False
            ok = _allowed(tags.environment, requires, prevented)
            return ok and (not info.play_conditions or self.cardtext.play_allowed(state, info, ref))
        if rules.get("round_over") or not follower:
            return False
        if requires or prevented:
            provided = tags._all if tags._all is not None else tags.everything
            for tag, count in requires:  # `_allowed`, inline: a title is judged at most once per position
                if provided.get(tag, 0) < count:
                    return False
            for tag in prevented:
                if provided.get(tag):
                    return False
        if info.immediately_after:
            last = rnd[-1].get("piece")
            if (self.info(state, last).type if last in state.pieces else "") != info.immediately_after:
                return False
        if circumstances and not circumstances_hold(tags.circumstances, circumstances):
            return False
        if info.play_limit is not None:
            pieces = state.pieces
            copies = sum(1 for e in rnd if e.get("piece") in pieces and pieces[e["piece"]].card == ref)
            if copies >= info.play_limit:
                return False
        if info.play_conditions or info.type == "conclusion":
            return self.cardtext.play_allowed(state, info, ref)
        return True

    def _legal_titles(self, state: GameState) -> tuple[dict[str | None, bool], Provided]:
        """The legality of each card title in this position (filled as titles are judged), and its provided tags.

        A title's legality depends only on the environment's titles, whether the round is over, and the round as
        titles: each card's title, whether it is negated and the circumstances after it (`position_key`). The
        answers are kept per such position for as long as the card data stand (the same openings and rounds recur
        all game, and game after game). Rule state is plain data that every change replaces (`Tx.set_rule` stores
        a fresh copy), so the round list is the same object exactly while the round is unchanged: the last position
        is remembered by that object (held, so its identity cannot be reused: the same object is the same round of the
        same table) with the environment's pieces, and its key is not even rebuilt. No round at all is the same
        position of the same table while the environment zone (an object of that table alone, held) is.
        """
        rules = state.rules
        rnd = rules.get("round") or ()
        zone = state.zones.get("environment")
        env_ids = zone.pieces if zone else []
        over, held = rules.get("round_over"), rules.get("captured")
        memo = self._legal_memo
        # the same round (or no round, on the same table's environment zone) with the same environment cards,
        # round_over and captured characters is the same position (the card data need no look: `forget` drops this
        # memo with them)
        if memo is not None and memo[0] is rnd and memo[1] == env_ids and memo[2] == over and memo[3] is held and \
                (rnd or (zone is not None and memo[4] is zone)):
            return memo[5], memo[6]
        pieces = state.pieces
        env = tuple([pieces[p].card for p in env_ids])
        known = self._legal_positions
        captured = tuple(sorted(self.cardtext.captured_ids(state))) if held else ()
        key = (env, bool(over), self.cards.version, position_key(state, rnd, self._entry_keys), captured)
        titles = known.get(key)
        if titles is None:
            if len(known) >= 20_000:
                known.clear()
            titles = known[key] = {}
        tags = Provided(self, state)
        self._legal_memo = (rnd, list(env_ids), over, held, zone, titles, tags)
        return titles, tags

    def title_legal(self, state: GameState, ref: str | None) -> bool:
        """Whether a card of title `ref` could go into the round now (`card_legal` by title, remembered)."""
        titles, tags = self._legal_titles(state)
        ok = titles.get(ref)
        if ok is None:
            ok = titles[ref] = self._ref_legal(state, self.card(ref), ref, tags)
        return ok

    def playable(self, state: GameState, seat: int | None) -> list[str]:
        """The cards in `seat`'s hand that could go into the round now (ignoring whose turn it is)."""
        titles, tags = self._legal_titles(state)
        out = []
        pieces = state.pieces
        zone = state.zones.get(HAND[seat])
        for pid in zone.pieces if zone else ():
            ref = pieces[pid].card
            ok = titles.get(ref)
            if ok is None:
                ok = titles[ref] = self._ref_legal(state, self.card(ref), ref, tags)
            if ok:
                out.append(pid)
        return out
