"""The `xfiles-fan` move lister: every legal move of a seat, and which card each move plays and where.

`generate_actions` lists every kind of move a step allows, so the legal-move list offers each as one click: the
choice of the first player, the environment cards of the asked role, the cards a turn may play (or Pass when none),
an Action card or none, each value a positive, negative or conflict card may take, the discards and the exchanges.
`legal_paths` says which card each move plays and where it goes, for the glow and the list.

`Moves` is a part with explicit inputs: the card lookup, the legality of cards in the round (`playable`), the
table's Action cards (`action_pieces`, from the turn's reducers), the interpreter (a card text's choices come
first), the options, and the cards a by-hand move plays (`by_hand_paths`).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from ...core.actions import Action
from ...core.state import GameState
from ..effects import ChooseTarget, Effects
from .actions import (
    ChooseFirst,
    ChooseValue,
    DiscardCards,
    Exchange,
    ManualEffect,
    NoAction,
    Pass,
    PlayAction,
    PlayCard,
    PlayEnvironment,
)
from .cards import FanCards
from .common import DECK, DISCARD, ENV_DECK, HAND, SIDEBOARD, hand_of
from .model import value_range

__all__ = ["DECISIONS", "Moves"]

_PASS = Pass()
_NO_ACTION = NoAction()

#: the method of `Moves` that lists the answers to each kind of pending decision
DECISIONS = {"choose_first": "_first_choices", "environment": "_environment_choices", "action": "_action_choices",
             "value": "_value_choices", "discard": "_discard_choices", "exchange": "_exchange_choices"}


class Moves:
    """Every legal move of a seat (`generate_actions`) and the cards each plays (`legal_paths`)."""

    def __init__(self, cards: FanCards, playable: Callable[[GameState, int | None], list[str]],
                 action_pieces: Callable[[GameState], frozenset[str]], effects: Effects, options: Mapping[str, Any],
                 by_hand_paths: Callable[[GameState, ManualEffect, int | None], list[tuple[str, str | None]]]
                 ) -> None:
        self.card, self.info = cards.card, cards.info
        self.playable = playable
        self.action_pieces = action_pieces
        self.effects = effects
        self.options = options
        self.by_hand_paths = by_hand_paths
        #: the PlayCard action of each piece, made once (legal moves are listed every turn)
        self._plays: dict[str, PlayCard] = {}
        #: the one-for-one Exchange of each pair of pieces offered so far (hundreds are listed between periods)
        self._exchanges: dict[tuple[str, str], Exchange] = {}
        #: the discard of each pair of pieces offered so far (every pair of a full hand is listed when both pass)
        self._discards: dict[tuple[str, str], DiscardCards] = {}
        #: the PlayAction of each Action card, made once (offered after most cards played)
        self._action_plays: dict[str, PlayAction] = {}
        #: the method that lists the answers to each kind of pending decision
        self._deciders = {kind: getattr(self, name) for kind, name in DECISIONS.items()}

    def generate_actions(self, state: GameState, seat: int | None) -> list[Action]:
        """Every legal move of `seat` now, as a list (the bots list them all: no generator to step through)."""
        r = state.rules
        if seat is None or "phase" not in r or r.get("over"):
            return []
        fx = r.get("effects")
        if fx and fx.get("pending"):
            return self.effects.choices(state, seat)
        pending = r.get("pending")
        if pending:
            out: list[Action] = []
            for p in pending:
                if p.get("seat") == seat:
                    out.extend(self.decisions(state, seat, p))
            return out
        if r.get("phase") != "play" or r.get("round_over") or r.get("turn") != seat:
            return []
        legal = self.playable(state, seat)
        if not legal:
            return [_PASS]
        plays = self._plays
        out = []
        for pid in legal:
            action = plays.get(pid)
            if action is None:
                action = plays[pid] = PlayCard(pid)  # actions are frozen: one instance per card serves every turn
            out.append(action)
        return out

    def decisions(self, state: GameState, seat: int, p: Mapping[str, Any]) -> Iterable[Action]:
        """The moves that answer one pending decision of `seat` (`DECISIONS` names the method of each kind)."""
        decide = self._deciders.get(p.get("kind"))
        return decide(state, seat, p) if decide is not None else ()

    def _first_choices(self, state: GameState, seat: int, p: Mapping[str, Any]) -> Iterator[Action]:
        for s in state.seats:
            yield ChooseFirst(s)

    def _environment_choices(self, state: GameState, seat: int, p: Mapping[str, Any]) -> Iterator[Action]:
        for pid in state.zones[ENV_DECK[seat]].pieces:
            if p.get("role") in self.info(state, pid).caps.split():
                yield PlayEnvironment(pid)

    def _action_choices(self, state: GameState, seat: int, p: Mapping[str, Any]) -> list[Action]:
        out: list[Action] = [_NO_ACTION]
        actions = self.action_pieces(state)  # the table's Action cards, as `Turns.holds_action` reads them
        zone = state.zones.get(HAND[seat])
        made = self._action_plays
        for pid in zone.pieces if zone else ():
            if pid in actions:
                action = made.get(pid)
                if action is None:
                    action = made[pid] = PlayAction(pid)  # frozen: one per card serves every turn (as `_plays`)
                out.append(action)
        return out

    def _value_choices(self, state: GameState, seat: int, p: Mapping[str, Any]) -> Iterator[Action]:
        for value in value_range(p.get("sign", "conflict"), self.options["value_limit"]):
            yield ChooseValue(p["piece"], value)

    def _discard_choices(self, state: GameState, seat: int, p: Mapping[str, Any]) -> Iterator[Action]:
        hand = hand_of(state, seat)
        pieces = state.pieces
        refs = [pieces[c].card or "" for c in hand]  # read once, not once per combination
        seen = set()
        count = int(p.get("count", 2))
        if count == 2:  # the rules' own count: the pairs in `combinations` order, each pair of titles sorted inline
            n = len(hand)
            made = self._discards
            for i in range(n):
                a = refs[i]
                for j in range(i + 1, n):
                    b = refs[j]
                    key = (a, b) if a <= b else (b, a)
                    if key not in seen:
                        seen.add(key)
                        pair = (hand[i], hand[j])
                        action = made.get(pair)
                        if action is None:
                            action = made[pair] = DiscardCards(pair)
                        yield action
            return
        for combo in itertools.combinations(range(len(hand)), count):
            key = tuple(sorted([refs[i] for i in combo]))
            if key not in seen:
                seen.add(key)
                yield DiscardCards(tuple([hand[i] for i in combo]))

    def _exchange_choices(self, state: GameState, seat: int, p: Mapping[str, Any]) -> Iterator[Action]:
        yield Exchange()
        pieces = state.pieces
        deck = state.zones[DECK[seat]].pieces
        # one pair per pair of titles, the first found (deck order, then sideboard order): a title given or taken
        # again offers only pairs already offered, so each title's first card stands for it
        side: dict[str | None, str] = {}
        for take in state.zones[SIDEBOARD[seat]].pieces:
            side.setdefault(pieces[take].card, take)
        # what _check_exchange finds for one pair offered here: the pending ask, the counts and the zones hold by
        # construction, so only the deck limit of the card taken can refuse it (the card given differs, so the deck
        # keeps its count of the taken card, which then gains one); judged once per card title
        in_deck = Counter(pieces[p].card for p in deck)
        takes = []
        for take_ref, take in side.items():
            limit = self.card(take_ref).deck_limit
            takes.append((take, take_ref, limit is None or in_deck[take_ref] + 1 <= limit))
        given = set()
        made = self._exchanges
        for give in deck:
            give_ref = pieces[give].card
            if give_ref in given:
                continue
            given.add(give_ref)
            for take, take_ref, ok in takes:
                if ok and give_ref != take_ref:
                    pair = (give, take)
                    action = made.get(pair)
                    if action is None:
                        action = made[pair] = Exchange((give,), (take,))
                    yield action

    def legal_paths(self, state: GameState, action: Action, seat: int | None) -> list[tuple[str, str | None]]:
        """The cards `action` plays and where each goes (None: it stays where it is, e.g. a card given a value)."""
        owner = DISCARD[seat]
        if isinstance(action, PlayCard):
            return [(action.piece, "round")]
        if isinstance(action, PlayEnvironment):
            return [(action.piece, "environment")]
        if isinstance(action, PlayAction):
            return [(action.piece, owner)]
        if isinstance(action, ChooseValue):
            return [(action.piece, None)]
        if isinstance(action, DiscardCards):
            return [(pid, owner) for pid in action.pieces]
        if isinstance(action, Exchange):
            return [(pid, SIDEBOARD[seat]) for pid in action.give] + [(pid, DECK[seat]) for pid in action.take]
        if isinstance(action, ManualEffect):
            return self.by_hand_paths(state, action, seat)
        if isinstance(action, ChooseTarget) and action.piece:  # a card a card's text may target glows
            return [(action.piece, None)]
        return []
