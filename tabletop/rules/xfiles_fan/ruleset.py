"""The `XFilesFan` ruleset: the Sequence of Play of the X-Files Fan CCG as table state, checks and automatic steps.

Rule numbers (see `RULE_TEXT`): `xff.N` / `xff.N.M` is step N of the Sequence in rules/xfiles-fan.md (M counts its
sentences: `xff.3.2` "no round: a Case or Incident if one is legal, else pass"); `xff.legal.*` the legality of a card
in a round (`requires`, `prevented`, `circumstances`, `ordinality`, `first`); `xff.deck.*` deck construction;
`xff.table` cards moved by hand outside the sequence.

Rule state (`state.rules`, plain data): `phase` (choose_first, environment, period_start, play, exchange, over),
`period`, `turn`, `turns`, `first`, `xfiles_player`, `opener` (who took the first turn of the round being started),
`leader` (player of the last round's last card), `round` (one entry per card in play order: piece, seat,
circumstances after it, negated, chosen value), `round_over`, `passes`, `deck_out`, `pending` (decisions waiting
for a seat: choose_first, environment, action, value, discard, exchange), `high_card`, `over`, `winner`, `result`.
Scores are the seats' `score` counters.

Decisions the rules file leaves open, each an option where it is a number or a variant: the first card of a round is
also refused when the environment provides a tag that prevents it; hands stay in hand between periods unless
`return_hands`; a seat with no environment card of the role it must play skips that step (a note says so); the draw
for high card gives up after 50 attempts and picks a seat at random (a deck with no draw values would never end).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...core import actions as A
from ...core.actions import Action
from ...core.events import Event
from ...core.reducer import ActionError, Tx
from ...core.ruleset import Violation
from ...core.state import GameState
from ..base import CARD_H, CARD_W, SEAT_W, Option, Ruleset, Verdicts, ZoneSpec, add_card, shuffle_now
from .actions import (
    AUTO_ACTIONS,
    ChooseFirst,
    ChooseValue,
    DiscardCards,
    EndPeriod,
    Exchange,
    ManualEffect,
    NoAction,
    Pass,
    PlayAction,
    PlayCard,
    PlayEnvironment,
    ScoreRound,
    StartPeriod,
)
from .model import (
    CIRCUMSTANCES,
    ENV_ROLES,
    ROUND_FOLLOWERS,
    ROUND_STARTERS,
    CardInfo,
    card_info,
    circumstance_problems,
    establish,
    tag_problems,
    value_range,
)

if TYPE_CHECKING:
    from ...cards import CardLibrary, DeckList

__all__ = ["SAMPLE_DECKS", "SAMPLE_SET", "XFilesFan", "sample_decks"]

SAMPLE_SET = "xfiles-fan-sample"
SAMPLE_DECKS = ("agents.yaml", "conspiracy.yaml")
HIGH_CARD_ATTEMPTS = 50
_PAD = 20.0
_ROW = CARD_H + 8
_NO_CIRC = {c: False for c in CIRCUMSTANCES}
#: deck-list section -> zone kind (other sections go by card type)
SECTION_ZONES = {"deck": "deck", "draw": "deck", "sideboard": "sideboard", "environment": "environment_deck",
                 "covers": "covers", "cover": "covers"}
PHASE_RULE = {"choose_first": "xff.1.3", "environment": "xff.1.4", "period_start": "xff.2.1", "exchange": "xff.6.2",
              "over": "xff.7", "play": "xff.3"}
PENDING_RULE = {"choose_first": "xff.1.3", "environment": "xff.1.4", "action": "xff.3.4", "value": "xff.5.3",
                "discard": "xff.4", "exchange": "xff.6.2"}
PENDING_TEXT = {"choose_first": "choose who plays first", "environment": "play an environment card",
                "action": "play an Action card or none", "value": "choose a card's value",
                "discard": "discard cards", "exchange": "exchange cards with the sideboard"}


def _v(code: str, rule: str, message: str, pieces: Iterable[str] = (), seat: int | None = None) -> Violation:
    return Violation(code, rule, message, tuple(pieces), seat)


class _Provided:
    """The tags provided in one position, counted on first use (environment only, and with the round)."""

    __slots__ = ("_rules", "_state", "_env", "_all")

    def __init__(self, rules: XFilesFan, state: GameState) -> None:
        self._rules, self._state = rules, state
        self._env: Counter[str] | None = None
        self._all: Counter[str] | None = None

    @property
    def environment(self) -> Counter[str]:
        if self._env is None:
            self._env = self._rules._provided_by_titles(self._state, environment_only=True)
        return self._env

    @property
    def everything(self) -> Counter[str]:
        if self._all is None:
            self._all = self._rules._provided_by_titles(self._state)
        return self._all


def sample_decks(library: CardLibrary) -> list[DeckList]:
    """The two shipped sample deck lists, when the sample set is loaded."""
    from ...cards import load_deck

    card_set = library.sets.get(SAMPLE_SET)
    if card_set is None or card_set.path is None:
        return []
    return [load_deck(Path(card_set.path) / "decks" / name, library) for name in SAMPLE_DECKS
            if (Path(card_set.path) / "decks" / name).is_file()]


class XFilesFan(Ruleset):
    """The X-Files Fan CCG: rounds of Cases, Followings and Conclusions over three periods, scored by the last card."""

    name = "xfiles-fan"
    title = "X-Files Fan CCG"
    description = "Two players build rounds on the SCULLY / MULDER / X-FILES environment; three periods, high score."
    min_seats = 2
    max_seats = 2
    option_specs = (
        Option("hand_size", 13, "Cards in a full hand (xff.2.2, xff.3.1)."),
        Option("periods", 3, "Periods in a game (xff.7)."),
        Option("both_pass", "discard_two", "When both pass with no round: each discards cards, or each shuffles the "
               "hand into the draw deck and draws a new hand (xff.4).", ("discard_two", "redraw_hand")),
        Option("discard_count", 2, "Cards each player discards under both_pass=discard_two (xff.4)."),
        Option("action_cards", True, "After placing a card in the round the player may play one Action card "
               "(xff.3.4)."),
        Option("value_limit", 10, "Largest size of a chosen positive, negative or conflict value (xff.5.3)."),
        Option("return_hands", False, "Hands also go back into the draw deck between periods (the game summary's "
               "reading of xff.2.1)."),
        Option("deck_min", 39, "Fewest cards in a draw deck (xff.deck.size)."),
        Option("deck_max", 65, "Most cards in a draw deck (xff.deck.size)."),
        Option("sideboard_max", 13, "Most cards in a sideboard (xff.deck.sideboard)."),
        Option("environment_min", 3, "Fewest cards in an environment deck (xff.deck.environment)."),
        Option("environment_same_name", 2, "Most environment cards sharing the all-capitals part of their name "
               "(xff.deck.environment)."),
        Option("max_turns", 0, "Playtest cap: the game ends, scored as it stands, after this many turns (0: none)."),
    )

    def __init__(self, options: Mapping[str, Any] | None = None, library: CardLibrary | None = None) -> None:
        super().__init__(options)
        self.library = library
        self._info: dict[str, CardInfo] = {}
        #: bumped whenever the card data read into `_info` is dropped, so memos of legality drop with it
        self._info_gen = 0
        #: each title's provided tags, case-folded (counted for every card the rules check)
        self._provides: dict[str | None, tuple[str, ...]] = {}
        #: provided tags by the titles counted (see _provided_by_titles), bounded
        self._provided_memo: dict[tuple[str | None, ...], Counter[str]] = {}
        self._legal_memo: tuple[Any, tuple[Any, ...], dict[str | None, bool], _Provided] | None = None
        self._defaults: tuple[tuple[int, int], CardLibrary, list[DeckList]] | None = None

    # -- card data --

    def _lib(self) -> CardLibrary:
        if self.library is None:
            from ...cards import default_library

            self.library = default_library()
        return self.library

    def card(self, ref: str | None) -> CardInfo:
        """What the engine reads from a card ref (an unknown ref is a card of type `unknown` with no tags)."""
        ref = ref or ""
        info = self._info.get(ref)
        if info is None:
            try:
                info = card_info(self._lib().get(ref))
            except KeyError:
                info = CardInfo(ref=ref, name=ref or "?", type="unknown")
            self._info[ref] = info
        return info

    def _sample_decks(self) -> list[DeckList]:
        """The shipped sample decks, read once per library (and again after a live card edit bumps its version)."""
        library = self._lib()
        key = (id(library), getattr(library, "version", 0))
        if self._defaults is None or self._defaults[0] != key or self._defaults[1] is not library:
            self._defaults = (key, library, sample_decks(library))
        return self._defaults[2]

    def info(self, state: GameState, pid: str) -> CardInfo:
        return self.card(state.pieces[pid].card)

    def card_title(self, state: GameState, pid: str) -> str | None:
        return self.info(state, pid).name if state.pieces[pid].card else None

    # -- the table --

    def zone_specs(self, seats: int, decks: Mapping[int, DeckList] | None = None) -> list[ZoneSpec]:
        w, h = CARD_W + _PAD, CARD_H + 4
        return [
            ZoneSpec("deck", True, "hidden", "stack", "Draw deck", (20, 6, w, h), False, "deck"),
            ZoneSpec("hand", True, "owner", "fan", "Hand", (40 + w, 6, SEAT_W - 2 * w - 80, h), True, "hand"),
            ZoneSpec("discard", True, "public", "stack", "Discard", (SEAT_W - 20 - w, 6, w, h), True, "discard"),
            ZoneSpec("sideboard", True, "owner", "stack", "Sideboard", (20, 6 + _ROW, w, h), True, "sideboard"),
            ZoneSpec("environment_deck", True, "owner", "row", "Environment deck", (40 + w, 6 + _ROW, 3 * w, h), True,
                     "environment_deck"),
            ZoneSpec("covers", True, "owner", "stack", "Covers", (SEAT_W - 20 - w, 6 + _ROW, w, h), True, "covers"),
            ZoneSpec("environment", False, "public", "row", "Environment", (-690, 12, 3 * w + 20, h + 12), True,
                     "environment"),
            ZoneSpec("round", False, "public", "row", "Round", (-230, 12, 920, h + 12), True, "round"),
        ]

    def new_game(self, seats: int = 2, *, library: CardLibrary | None = None, **kwargs: Any) -> GameState:
        if library is not None:
            self.library = library
        return super().new_game(seats, library=library, **kwargs)

    def setup(self, state: GameState, decks: Mapping[int, DeckList], library: CardLibrary | None) -> None:
        """Decks into their zones and shuffled (xff.1.1), the draw for high card (xff.1.2), then the winner chooses."""
        if library is not None:
            self.library = library
        defaults = self._sample_decks() if any(s not in decks for s in state.seats) else []
        for seat in state.seats:
            deck = decks.get(seat) or (defaults[seat % len(defaults)] if defaults else None)
            if deck is None:
                continue
            for section in deck.sections:
                for ref in deck.expanded(section):
                    kind = SECTION_ZONES.get(section.lower())
                    if kind is None:
                        ctype = self.card(ref).type
                        kind = "environment_deck" if ctype == "environment" else "covers" if ctype == "cover" \
                            else "deck"
                    add_card(state, ref, f"{kind}:{seat}", owner=seat)
            shuffle_now(state, f"deck:{seat}")
        for p in state.players:
            p.counters["score"] = 0
        state.rules = self._initial_rules(state)

    def _initial_rules(self, state: GameState) -> dict[str, Any]:
        draws, winner = self.draw_for_high_card(state)
        return {
            "phase": "choose_first",
            "period": 0,
            "high_card": draws,
            "chooser": winner,
            "first": None,
            "xfiles_player": None,
            "env_step": 0,
            "turn": None,
            "turns": 0,
            "opener": None,
            "leader": None,
            "round": [],
            "round_over": False,
            "passes": 0,
            "deck_out": False,
            "pending": [{"kind": "choose_first", "seat": winner}],
            "over": False,
            "winner": None,
            "result": None,
        }

    def draw_for_high_card(self, state: GameState) -> tuple[list[list[list[Any]]], int]:
        """xff.1.2: each draws a card; the highest revealed drawValue wins; redraw on a tie or when none reveals."""
        attempts: list[list[list[Any]]] = []
        for _ in range(HIGH_CARD_ATTEMPTS):
            draws = []
            for seat in state.seats:
                deck, discard = state.zones[f"deck:{seat}"], state.zones[f"discard:{seat}"]
                if not deck.pieces and discard.pieces:
                    for pid in list(discard.pieces):
                        _setup_move(state, pid, deck.name, False)
                    shuffle_now(state, deck.name)
                if not deck.pieces:
                    draws.append([seat, None, None])
                    continue
                pid = deck.pieces[0]
                _setup_move(state, pid, discard.name, True)
                draws.append([seat, pid, self.info(state, pid).draw_value])
            attempts.append(draws)
            revealed = [(v, s) for s, _, v in draws if v is not None]
            if revealed:
                best = max(v for v, _ in revealed)
                top = [s for v, s in revealed if v == best]
                if len(top) == 1:
                    return attempts, top[0]
            if all(pid is None for _, pid, _ in draws):
                break
        return attempts, state.seats[state.rng.below(len(state.seats))]

    # -- reading the rule state --

    @staticmethod
    def _other(state: GameState, seat: int | None) -> int:
        seats = state.seats
        if seat not in seats:
            return seats[0]
        return seats[(seats.index(seat) + 1) % len(seats)]

    @staticmethod
    def _round(state: GameState) -> list[dict[str, Any]]:
        return [dict(e) for e in state.rules.get("round") or []]

    @staticmethod
    def _pending(state: GameState) -> list[dict[str, Any]]:
        return [dict(p) for p in state.rules.get("pending") or []]

    def _pending_for(self, state: GameState, seat: int | None, kind: str | None = None) -> list[dict[str, Any]]:
        return [p for p in self._pending(state) if p.get("seat") == seat and (kind is None or p.get("kind") == kind)]

    def circumstances(self, state: GameState) -> dict[str, bool]:
        """The circumstances in force now: those after the round's last card (all clear with no round)."""
        rnd = state.rules.get("round") or []
        return dict(rnd[-1]["circ"]) if rnd else dict(_NO_CIRC)

    def provided(self, state: GameState, *, environment_only: bool = False) -> Counter[str]:
        """How many cards provide each tag (case-folded): environment cards in play, and unless `environment_only`
        the cards of the round that are not negated."""
        out: Counter[str] = Counter()
        pieces = state.pieces
        zone = state.zones.get("environment")
        for pid in zone.pieces if zone else []:
            self._count_provided(out, pieces[pid].card)
        if not environment_only:
            for e in state.rules.get("round") or []:
                if not e.get("negated") and e.get("piece") in pieces:
                    self._count_provided(out, pieces[e["piece"]].card)
        return out

    def _provided_by_titles(self, state: GameState, *, environment_only: bool = False) -> Counter[str]:
        """`provided`, remembered by the titles it counts (read only: callers share it).

        The count depends only on which titles provide (those `provided` walks), and the same few environments and
        round openings recur all game, so most positions find it ready."""
        pieces = state.pieces
        zone = state.zones.get("environment")
        refs = [pieces[pid].card for pid in zone.pieces] if zone else []
        if not environment_only:
            refs += [pieces[e["piece"]].card for e in state.rules.get("round") or []
                     if not e.get("negated") and e.get("piece") in pieces]
        key = tuple(refs)
        out = self._provided_memo.get(key)
        if out is None:
            if len(self._provided_memo) >= 4096:
                self._provided_memo.clear()
            out = self._provided_memo[key] = Counter()
            for ref in refs:
                self._count_provided(out, ref)
        return out

    def _count_provided(self, out: Counter[str], ref: str | None) -> None:
        tags = self._provides.get(ref)
        if tags is None:
            tags = self._provides[ref] = tuple(self.card(ref).provided())
        for tag in tags:
            out[tag] = out.get(tag, 0) + 1  # not `+= 1`: Counter.__missing__ is a Python call per new tag

    def _hand(self, state: GameState, seat: int | None) -> list[str]:
        zone = state.zones.get(f"hand:{seat}")
        return list(zone.pieces) if zone else []

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

    # -- legality of a card --

    def card_problems(self, state: GameState, pid: str, seat: int | None,
                      tags: _Provided | None = None) -> list[Violation]:
        """Why the card `pid` cannot go into the round now (type, tags, circumstances, play limit); [] when legal.

        `tags`: the provided tags of this position, when checking several cards of one position (`playable`)."""
        tags = tags or _Provided(self, state)
        info = self.info(state, pid)
        rnd = state.rules.get("round") or []
        out: list[Violation] = []
        name = info.name
        if not rnd:
            if info.type not in ROUND_STARTERS:
                return [_v("xff.first_card", "xff.3.2", f"{name} cannot start a round: a round starts with a Case "
                           "or an Incident", (pid,), seat)]
            env = tags.environment
            missing = tag_problems(info.requires, env)
            if missing:
                out.append(_v("xff.requires", "xff.legal.first", f"{name} needs the environment to provide "
                              f"{_tag_text(info.requires, missing)}", (pid,), seat))
            blocked = [t for t in info.prevented_by if env.get(t.casefold())]
            if blocked:
                out.append(_v("xff.prevented", "xff.legal.prevented",
                              f"{name} is prevented by {_brackets(blocked)}, which is provided", (pid,), seat))
            return out
        if state.rules.get("round_over"):
            return [_v("xff.round_over", "xff.5.1", "the round is over and being scored", (pid,), seat)]
        if info.type not in ROUND_FOLLOWERS:
            return [_v("xff.in_round", "xff.3.3", f"{name} is {_article(info.type)}: a round in progress takes a "
                       "Following or a Conclusion", (pid,), seat)]
        provided = tags.everything
        missing = tag_problems(info.requires, provided)
        if missing:
            out.append(_v("xff.requires", "xff.legal.requires", f"{name} requires {_tag_text(info.requires, missing)}"
                          ", provided by no environment card or earlier card of the round that is not negated",
                          (pid,), seat))
        blocked = [t for t in info.prevented_by if provided.get(t.casefold())]
        if blocked:
            out.append(_v("xff.prevented", "xff.legal.prevented",
                          f"{name} is prevented by {_brackets(blocked)}, which is provided", (pid,), seat))
        if info.immediately_after:
            last = rnd[-1].get("piece")
            last_type = self.info(state, last).type if last in state.pieces else ""
            if last_type != info.immediately_after:
                out.append(_v("xff.after", "xff.legal.after", f"{name} is playable only immediately following "
                              f"{_article(info.immediately_after.title())}", (pid,), seat))
        circ = circumstance_problems([e["circ"] for e in rnd], info.requires_circ)
        if circ:
            out.append(_v("xff.circumstances", "xff.legal.circumstances", f"{name}: {'; '.join(circ)}", (pid,),
                          seat))
        if info.play_limit is not None:
            copies = sum(1 for e in rnd if e.get("piece") in state.pieces and state.pieces[e["piece"]].card ==
                         state.pieces[pid].card)
            if copies >= info.play_limit:
                out.append(_v("xff.ordinality", "xff.legal.ordinality", f"{name} may be in a round at most "
                              f"{info.play_limit} time(s); {copies} already are", (pid,), seat))
        return out

    def card_legal(self, state: GameState, pid: str, tags: _Provided | None = None) -> bool:
        """Whether `card_problems` would find nothing, without writing the sentences it would refuse with.

        Listing legal moves judges every hand card each turn, and most are refused; the sentences are only needed
        when a move is really refused, so `check` keeps the full `card_problems`. The two must agree on every
        position (tests/rules/test_xfiles_fan_fast.py walks seeded games to hold them to it)."""
        ref = state.pieces[pid].card
        return self._ref_legal(state, self.card(ref), ref, tags or _Provided(self, state))

    def _ref_legal(self, state: GameState, info: CardInfo, ref: str | None, tags: _Provided) -> bool:
        """`card_legal` for a card title (`info`, `ref`): copies of a title share every answer."""
        rnd = state.rules.get("round") or []
        if not rnd:
            if info.type not in ROUND_STARTERS:
                return False
            env = tags.environment
            return not tag_problems(info.requires, env) and not any(env.get(t.casefold()) for t in info.prevented_by)
        if state.rules.get("round_over") or info.type not in ROUND_FOLLOWERS:
            return False
        provided = tags.everything
        if tag_problems(info.requires, provided) or any(provided.get(t.casefold()) for t in info.prevented_by):
            return False
        if info.immediately_after:
            last = rnd[-1].get("piece")
            if (self.info(state, last).type if last in state.pieces else "") != info.immediately_after:
                return False
        if info.requires_circ and circumstance_problems([e["circ"] for e in rnd], info.requires_circ):
            return False
        if info.play_limit is not None:
            pieces = state.pieces
            copies = sum(1 for e in rnd if e.get("piece") in pieces and pieces[e["piece"]].card == ref)
            if copies >= info.play_limit:
                return False
        return True

    def _legal_titles(self, state: GameState) -> tuple[dict[str | None, bool], _Provided]:
        """The legality of each card title in this position (filled as titles are judged), and its provided tags.

        The answer depends only on the environment's titles, whether the round is over and the round itself. Rule
        state is plain data that every change replaces (`Tx.set_rule` stores a fresh copy), so the round list is
        the same object exactly while the round is unchanged; the memo holds that list, so its identity cannot be
        reused. An empty round is keyed by the environment alone. The bots, `Pass`'s check and `PlayCard`'s check
        of one position then judge each title once between them.
        """
        rules = state.rules
        rnd = rules.get("round") or ()
        pieces = state.pieces
        zone = state.zones.get("environment")
        env = tuple(pieces[p].card for p in zone.pieces) if zone else ()
        key = (env, bool(rules.get("round_over")), self._info_version())
        memo = self._legal_memo
        if memo is not None and memo[0] is rnd and memo[1] == key:
            return memo[2], memo[3]
        titles: dict[str | None, bool] = {}
        tags = _Provided(self, state)
        self._legal_memo = (rnd, key, titles, tags)
        return titles, tags

    def _info_version(self) -> int:
        return self._info_gen

    def title_legal(self, state: GameState, ref: str | None) -> bool:
        """Whether a card of title `ref` could go into the round now (`card_legal` by title, remembered)."""
        titles, tags = self._legal_titles(state)
        ok = titles.get(ref)
        if ok is None:
            ok = titles[ref] = self._ref_legal(state, self.card(ref), ref, tags)
        return ok

    def playable(self, state: GameState, seat: int | None) -> list[str]:
        """The cards in `seat`'s hand that could go into the round now (ignoring whose turn it is)."""
        # one position, many cards: count the provided tags once, and judge each card title once (copies of a
        # card differ only in their piece id, which no rule of card_problems looks at)
        titles, tags = self._legal_titles(state)
        out = []
        pieces = state.pieces
        zone = state.zones.get(f"hand:{seat}")
        for pid in zone.pieces if zone else ():
            ref = pieces[pid].card
            ok = titles.get(ref)
            if ok is None:
                ok = titles[ref] = self._ref_legal(state, self.card(ref), ref, tags)
            if ok:
                out.append(pid)
        return out

    # -- check --

    def check(self, state: GameState, action: Action, seat: int | None) -> list[Violation]:
        r = state.rules
        if "phase" not in r or isinstance(action, ManualEffect):
            return []  # card text applied by hand is never a violation (the rules file: "applied by hand")
        ours = isinstance(action, (ChooseFirst, PlayEnvironment, PlayCard, Pass, PlayAction, NoAction, ChooseValue,
                                   DiscardCards, Exchange, *AUTO_ACTIONS))
        if ours and r.get("over"):
            return [_v("xff.over", "xff.7", "the game is over", seat=seat)]
        if isinstance(action, PlayCard):
            return self._check_turn(state, seat, (action.piece,)) + self._check_play(state, action, seat)
        if isinstance(action, Pass):
            out = self._check_turn(state, seat, ())
            if not out:
                legal = self.playable(state, seat)
                if legal:
                    rule = "xff.3.3" if r.get("round") else "xff.3.2"
                    what = "a Following or Conclusion" if r.get("round") else "a Case or Incident"
                    # each card by reference: its player reads its title, every other seat where it lies
                    named = ", ".join(self.ref(state, pid) for pid in legal[:3])
                    more = f" and {len(legal) - 3} more" if len(legal) > 3 else ""
                    out.append(_v("xff.must_play", rule, f"you cannot pass: you can legally play {what} "
                                  f"({named}{more})", legal, seat))
            return out
        if isinstance(action, ChooseFirst):
            out = self._check_pending(state, seat, "choose_first")
            if action.seat not in state.seats:
                out.append(_v("xff.seat", "xff.1.3", f"there is no seat {action.seat}", seat=seat))
            return out
        if isinstance(action, PlayEnvironment):
            return self._check_environment(state, action, seat)
        if isinstance(action, PlayAction):
            out = self._check_pending(state, seat, "action", (action.piece,))
            piece = state.pieces.get(action.piece)
            if piece is None or piece.zone != f"hand:{seat}" or self.info(state, action.piece).type != "action":
                out.append(_v("xff.not_action", "xff.3.4", "only an Action card from your hand is played here",
                              (action.piece,), seat))
            return out
        if isinstance(action, NoAction):
            return self._check_pending(state, seat, "action")
        if isinstance(action, ChooseValue):
            return self._check_value(state, action, seat)
        if isinstance(action, DiscardCards):
            return self._check_discard(state, action, seat)
        if isinstance(action, Exchange):
            return self._check_exchange(state, action, seat)
        if isinstance(action, AUTO_ACTIONS):
            return self._check_auto(state, action, seat)
        return self._check_generic(state, action, seat)

    def _check_turn(self, state: GameState, seat: int | None, pieces: tuple[str, ...]) -> list[Violation]:
        r = state.rules
        phase = r.get("phase")
        if phase != "play":
            return [_v("xff.phase", PHASE_RULE.get(phase, "xff.3"), f"no turns are played now ({phase})", pieces,
                       seat)]
        pending = self._pending(state)
        if pending:
            p = pending[0]
            return [_v("xff.pending", PENDING_RULE.get(p.get("kind"), "xff.3"),
                       f"seat {p.get('seat')} must first {PENDING_TEXT.get(p.get('kind'), 'decide')}", pieces, seat)]
        if r.get("round_over"):
            return [_v("xff.round_over", "xff.5.1", "the round is over and being scored", pieces, seat)]
        if r.get("turn") != seat:
            return [_v("xff.turn", "xff.3", f"it is seat {r.get('turn')}'s turn", pieces, seat)]
        return []

    def _check_play(self, state: GameState, a: PlayCard, seat: int | None) -> list[Violation]:
        piece = state.pieces.get(a.piece)
        if piece is None or piece.kind != "card":
            return [_v("xff.not_in_hand", "xff.3", "only a card from your hand can be played", (a.piece,), seat)]
        out: list[Violation] = []
        if piece.zone != f"hand:{seat}":
            out.append(_v("xff.not_in_hand", "xff.3", f"{self.info(state, a.piece).name} is not in your hand",
                          (a.piece,), seat))
        if not out and self.title_legal(state, piece.card):
            return out  # judged legal in this position already (card_problems agrees, and writes no sentence)
        return out + self.card_problems(state, a.piece, seat)

    def _check_pending(self, state: GameState, seat: int | None, kind: str, pieces: tuple[str, ...] = ()
                       ) -> list[Violation]:
        if self._pending_for(state, seat, kind):
            return []
        rule = PENDING_RULE[kind]
        return [_v("xff.not_pending", rule, f"nobody asked you to {PENDING_TEXT[kind]} now", pieces, seat)]

    def _check_environment(self, state: GameState, a: PlayEnvironment, seat: int | None) -> list[Violation]:
        out = self._check_pending(state, seat, "environment", (a.piece,))
        piece = state.pieces.get(a.piece)
        if piece is None or piece.zone != f"environment_deck:{seat}":
            out.append(_v("xff.env_deck", "xff.1.4", "environment cards are played from your environment deck",
                          (a.piece,), seat))
            return out
        wanted = next((p.get("role") for p in self._pending_for(state, seat, "environment")), None)
        info = self.info(state, a.piece)
        if wanted and wanted not in info.caps.split():
            out.append(_v("xff.env_role", "xff.1.4", f"this step takes a {wanted} card, not {info.name}", (a.piece,),
                          seat))
        return out

    def _check_value(self, state: GameState, a: ChooseValue, seat: int | None) -> list[Violation]:
        asks = [p for p in self._pending(state) if p.get("kind") == "value" and p.get("piece") == a.piece]
        if not asks:
            return [_v("xff.not_pending", "xff.5.3", "that card's value is not being asked", (a.piece,), seat)]
        ask = asks[0]
        out = []
        if ask.get("seat") != seat:
            out.append(_v("xff.value_owner", "xff.5.3", f"seat {ask.get('seat')} played that card and chooses its "
                          "value", (a.piece,), seat))
        rng = value_range(ask.get("sign", "conflict"), self.options["value_limit"])
        if a.value not in rng:
            out.append(_v("xff.value_range", "xff.5.3", f"a {ask.get('sign')} value is between {rng.start} and "
                          f"{rng.stop - 1}", (a.piece,), seat))
        return out

    def _check_discard(self, state: GameState, a: DiscardCards, seat: int | None) -> list[Violation]:
        out = self._check_pending(state, seat, "discard", a.pieces)
        asks = self._pending_for(state, seat, "discard")
        want = asks[0].get("count", 2) if asks else self.options["discard_count"]
        if len(set(a.pieces)) != want:
            out.append(_v("xff.discard_count", "xff.4", f"discard {want} different card(s), not {len(set(a.pieces))}",
                          a.pieces, seat))
        bad = [p for p in a.pieces if p not in state.pieces or state.pieces[p].zone != f"hand:{seat}"]
        if bad:
            out.append(_v("xff.discard_hand", "xff.4", "the discarded cards come from your hand", bad, seat))
        return out

    def _check_exchange(self, state: GameState, a: Exchange, seat: int | None) -> list[Violation]:
        out = self._check_pending(state, seat, "exchange", a.give + a.take)
        if len(a.give) != len(a.take) or len(set(a.give)) != len(a.give) or len(set(a.take)) != len(a.take):
            out.append(_v("xff.exchange_count", "xff.6.2", f"cards are exchanged 1 for 1 ({len(a.give)} out of the "
                          f"deck, {len(a.take)} out of the sideboard): the sideboard keeps its count", a.give + a.take,
                          seat))
        for pid in a.give:
            zone = state.pieces[pid].zone if pid in state.pieces else ""
            if zone != f"deck:{seat}":
                table = state.zones[zone].kind in ("round", "environment") if zone in state.zones else False
                out.append(_v("xff.exchange_table" if table else "xff.exchange_deck", "xff.6.3" if table else "xff.6.2",
                              "cards on the table cannot be exchanged" if table else
                              "cards go to the sideboard from your draw deck", (pid,), seat))
        for pid in a.take:
            if pid not in state.pieces or state.pieces[pid].zone != f"sideboard:{seat}":
                out.append(_v("xff.exchange_sideboard", "xff.6.2", "cards come into the draw deck from your sideboard",
                              (pid,), seat))
        if not out and a.give:
            counts = Counter(state.pieces[p].card for p in state.zones[f"deck:{seat}"].pieces if p not in a.give)
            counts.update(state.pieces[p].card for p in a.take)
            for ref, n in counts.items():
                limit = self.card(ref).deck_limit
                if limit is not None and n > limit and ref in {state.pieces[p].card for p in a.take}:
                    out.append(_v("xff.deck_copies", "xff.deck.copies", f"the draw deck would hold {n} copies of "
                                  f"{self.card(ref).name} (at most {limit})", a.take, seat))
        return out

    def _check_auto(self, state: GameState, action: Action, seat: int | None) -> list[Violation]:
        r = state.rules
        pending = bool(r.get("pending"))
        if isinstance(action, StartPeriod):
            if r.get("phase") != "period_start" or pending:
                return [_v("xff.auto", "xff.2.1", "a period starts only after the setup or the exchange", seat=seat)]
        elif isinstance(action, ScoreRound):
            if r.get("phase") != "play" or not r.get("round_over") or pending:
                return [_v("xff.auto", "xff.5.1", "a round is scored only when it has ended (a Conclusion, or both "
                           "players passed) and every value is chosen", seat=seat)]
        elif isinstance(action, EndPeriod):
            if r.get("phase") != "play" or not r.get("deck_out") or r.get("round") or pending:
                return [_v("xff.auto", "xff.6.1", "a period ends when a draw deck ran out and no round is in "
                           "progress", seat=seat)]
        return []

    def _check_generic(self, state: GameState, action: Action, seat: int | None) -> list[Violation]:
        verdicts = Verdicts(seat)
        add = verdicts.add

        cards = [p for p in action.piece_names() if p in state.pieces and state.pieces[p].kind == "card"]
        if isinstance(action, A.Move):
            dst = state.zones.get(action.to)
            for pid in cards:
                src = state.zones[state.pieces[pid].zone]
                if dst is not None and src.name != dst.name:
                    add(*_move_rule(src.kind, dst.kind), pid)
        elif isinstance(action, A.Flip):
            for pid in cards:
                if state.zones[state.pieces[pid].zone].kind in ("deck", "round", "environment"):
                    add("xff.flip", "xff.table", "cards in draw decks stay face down, cards on the table face up",
                        pid)
        elif isinstance(action, A.Draw):
            add("xff.draw", "xff.3.1", "cards are drawn only to fill the hand at the start of a turn")
        elif isinstance(action, A.Deal):
            add("xff.deal", "xff.2.2", "hands are drawn at the start of a period")
        elif isinstance(action, (A.Shuffle, A.LookTop, A.Search, A.EndSearch)):
            zone = state.zones.get(action.zone)
            if zone is not None and zone.kind == "deck":
                add("xff.deck", "xff.2.1", "draw decks are shuffled at the start of a period and stay unseen")
        elif isinstance(action, A.CreatePiece) and action.kind == "card":
            add("xff.new_card", "xff.table", "every card comes from a player's decks")
        elif isinstance(action, (A.SetCounter, A.AddCounter)):
            if action.piece is None and action.name == "score":
                add("xff.score", "xff.5.2", "scores change only when a round is scored")
        return verdicts.result()

    # -- reduce --

    _REDUCERS: dict[type[Action], str] = {
        ChooseFirst: "_do_choose_first",
        PlayEnvironment: "_do_environment",
        PlayCard: "_do_play",
        Pass: "_do_pass",
        PlayAction: "_do_action",
        NoAction: "_do_no_action",
        ChooseValue: "_do_value",
        DiscardCards: "_do_discard",
        Exchange: "_do_exchange",
        StartPeriod: "_do_start_period",
        ScoreRound: "_do_score",
        EndPeriod: "_do_end_period",
        ManualEffect: "_do_effect",
    }

    def reduce(self, state: GameState, action: Action, seat: int | None, tx: Tx) -> bool:
        handler = self._REDUCERS.get(type(action))
        if handler is None:
            return False
        if "phase" not in state.rules:
            raise ActionError("no_game", "this table has no X-Files Fan game state")
        getattr(self, handler)(state, action, seat, tx)
        return True

    def _drop_pending(self, state: GameState, tx: Tx, match: dict[str, Any]) -> None:
        keep = [p for p in self._pending(state) if any(p.get(k) != v for k, v in match.items())]
        tx.set_rule("pending", keep)

    def _do_choose_first(self, state: GameState, a: ChooseFirst, seat: int | None, tx: Tx) -> None:
        first = a.seat if a.seat in state.seats else (seat if seat in state.seats else state.seats[0])
        tx.set_rule("pending", [])
        tx.set_rule("first", first)
        tx.set_rule("xfiles_player", first)
        tx.note("xfiles-fan.first", seat, f"seat {first} plays first (xff.1.3)", {"first": first})
        self._next_environment(state, tx, 0)

    def _next_environment(self, state: GameState, tx: Tx, step: int) -> None:
        """Ask for the next environment card (xff.1.4), skipping a seat that has none of that role."""
        first = state.rules.get("first")
        while step < len(ENV_ROLES):
            role = ENV_ROLES[step]
            who = self._other(state, first) if step == 1 else first
            zone = state.zones.get(f"environment_deck:{who}")
            if zone and any(role in self.info(state, p).caps.split() for p in zone.pieces):
                tx.set_rule("phase", "environment")
                tx.set_rule("env_step", step)
                tx.set_rule("pending", [{"kind": "environment", "seat": who, "role": role}])
                return
            tx.note("xfiles-fan.environment", who, f"seat {who} has no {role} card to play; the step is skipped "
                    "(xff.1.4)", {"role": role})
            step += 1
        tx.set_rule("env_step", step)
        tx.set_rule("pending", [])
        tx.set_rule("phase", "period_start")

    def _do_environment(self, state: GameState, a: PlayEnvironment, seat: int | None, tx: Tx) -> None:
        info = self.info(state, a.piece)
        tx.move(a.piece, "environment", by=seat, face_up=True)
        tx.note("xfiles-fan.environment", seat, f"{info.name} enters the environment", {"piece": a.piece})
        self._next_environment(state, tx, int(state.rules.get("env_step", 0)) + 1)

    def _do_start_period(self, state: GameState, a: StartPeriod, seat: int | None, tx: Tx) -> None:
        r = state.rules
        period = int(r.get("period", 0)) + 1
        tx.set_rule("period", period)
        tx.set_rule("deck_out", False)
        tx.set_rule("round", [])
        tx.set_rule("round_over", False)
        tx.set_rule("passes", 0)
        tx.set_rule("pending", [])
        tx.set_rule("phase", "play")
        for s in state.seats:
            deck = f"deck:{s}"
            for pid in list(state.zones[f"discard:{s}"].pieces):
                tx.move(pid, deck, face_up=False)
            tx.shuffle(deck)
        for s in state.seats:
            self._fill(state, tx, s)
        tx.note("xfiles-fan.period", None, f"period {period} begins (xff.2)", {"period": period})
        leader = r.get("leader")
        start = leader if period > 1 and leader in state.seats else self._other(state, r.get("xfiles_player"))
        self._start_turn(state, tx, start)

    def _fill(self, state: GameState, tx: Tx, seat: int) -> None:
        """Draw to the hand size (xff.2.2, xff.3.1); drawing the last card of the deck ends the period (xff.6.1)."""
        deck = state.zones[f"deck:{seat}"]
        need = self.options["hand_size"] - len(state.zones[f"hand:{seat}"].pieces)
        n = min(need, len(deck.pieces))
        for _ in range(max(0, n)):
            tx.move(deck.pieces[0], f"hand:{seat}", by=seat)
        if n > 0:
            tx.note("draw", seat, data={"zone": deck.name, "to": f"hand:{seat}", "count": n})
            if not deck.pieces and not state.rules.get("deck_out"):
                tx.set_rule("deck_out", True)
                tx.note("xfiles-fan.deck_out", seat, f"seat {seat} drew the last card of the draw deck: the period "
                        "ends with the round in progress (xff.6.1)")

    def _start_turn(self, state: GameState, tx: Tx, seat: int) -> None:
        r = state.rules
        turns = int(r.get("turns", 0)) + 1
        cap = self.options["max_turns"]
        if cap and turns > cap:
            tx.note("xfiles-fan.cap", None, f"the playtest cap of {cap} turns is reached")
            self._finish(state, tx)
            return
        tx.set_rule("turns", turns)
        tx.set_rule("turn", seat)
        if not r.get("round") and not r.get("passes"):
            tx.set_rule("opener", seat)
        self._fill(state, tx, seat)

    def _do_play(self, state: GameState, a: PlayCard, seat: int | None, tx: Tx) -> None:
        pid = a.piece
        if pid not in state.pieces:
            raise ActionError("unknown_piece", f"there is no piece {pid!r}")
        info = self.info(state, pid)
        who = seat if seat in state.seats else state.pieces[pid].owner
        rnd = self._round(state)
        before = rnd[-1]["circ"] if rnd else dict(_NO_CIRC)
        tx.move(pid, "round", by=who, face_up=True)
        negated = []
        if info.negates:
            gone = {t.casefold() for t in info.negates}
            for e in rnd:
                if not e.get("negated") and e.get("piece") in state.pieces and \
                        self.info(state, e["piece"]).provided() & gone:
                    e["negated"] = True
                    negated.append(e["piece"])
        rnd.append({"piece": pid, "seat": who, "circ": establish(before, info.establishes_circ), "negated": False,
                    "value": None})
        tx.set_rule("round", rnd)
        tx.set_rule("passes", 0)
        text = f"{info.name} {'starts the round' if len(rnd) == 1 else 'joins the round'}"
        tx.note("xfiles-fan.play", who, text, {"piece": pid, "negated": negated})
        if negated:
            names = ", ".join(self.info(state, p).name for p in negated)
            tx.note("xfiles-fan.negate", who, f"{info.name} negates {names}", {"pieces": list(negated)})
        if info.unparsed:
            tx.note("xfiles-fan.by_hand", who, f"apply by hand: {' / '.join(info.unparsed)}", {"piece": pid})
        if info.type == "conclusion":
            tx.set_rule("round_over", True)
        if self.options["action_cards"] and self._holds_action(state, who):
            tx.set_rule("pending", [{"kind": "action", "seat": who}])
            return
        self._turn_done(state, tx, who)

    def _holds_action(self, state: GameState, seat: int | None) -> bool:
        zone = state.zones.get(f"hand:{seat}")
        if zone is None:
            return False
        pieces, card = state.pieces, self.card
        return any(card(pieces[p].card).type == "action" for p in zone.pieces)

    def _turn_done(self, state: GameState, tx: Tx, seat: int | None) -> None:
        if state.rules.get("round_over"):
            self._round_end(state, tx)
        else:
            self._start_turn(state, tx, self._other(state, seat))

    def _round_end(self, state: GameState, tx: Tx) -> None:
        """The round ended (xff.5.1): ask for every value still to choose (xff.5.3); scoring follows."""
        asks = []
        for e in self._round(state):
            pid = e.get("piece")
            if pid in state.pieces and not e.get("negated") and e.get("value") is None:
                sign = self.info(state, pid).sign
                if sign:
                    asks.append({"kind": "value", "seat": e.get("seat"), "piece": pid, "sign": sign})
        tx.set_rule("pending", asks)
        tx.set_rule("turn", None)

    def _do_pass(self, state: GameState, a: Pass, seat: int | None, tx: Tx) -> None:
        r = state.rules
        passes = int(r.get("passes", 0)) + 1
        tx.set_rule("passes", passes)
        tx.note("xfiles-fan.pass", seat, f"seat {seat} passes")
        if r.get("round"):
            if passes >= 2:
                tx.note("xfiles-fan.round_end", None, "both players passed: the round ends (xff.5.1)")
                tx.set_rule("round_over", True)
                self._round_end(state, tx)
            else:
                self._start_turn(state, tx, self._other(state, seat))
        elif passes >= 2:
            self._both_pass(state, tx)
        else:
            self._start_turn(state, tx, self._other(state, seat))

    def _both_pass(self, state: GameState, tx: Tx) -> None:
        """xff.4: both passed with no round in progress."""
        tx.set_rule("passes", 0)
        opener = state.rules.get("opener")
        opener = opener if opener in state.seats else state.seats[0]
        if self.options["both_pass"] == "redraw_hand":
            tx.note("xfiles-fan.both_pass", None, "both passed: each shuffles the hand into the draw deck and draws "
                    "a new hand (xff.4)")
            for s in state.seats:
                deck = f"deck:{s}"
                for pid in self._hand(state, s):
                    tx.move(pid, deck, face_up=False)
                tx.shuffle(deck)
                self._fill(state, tx, s)
            self._start_turn(state, tx, opener)
            return
        count = self.options["discard_count"]
        asks = [{"kind": "discard", "seat": s, "count": min(count, len(self._hand(state, s)))} for s in state.seats
                if self._hand(state, s) and count > 0]
        tx.note("xfiles-fan.both_pass", None, f"both passed: each discards {count} card(s) (xff.4)")
        tx.set_rule("turn", None)
        tx.set_rule("pending", asks)
        if not asks:
            self._start_turn(state, tx, opener)

    def _do_discard(self, state: GameState, a: DiscardCards, seat: int | None, tx: Tx) -> None:
        for pid in dict.fromkeys(a.pieces):
            owner = state.pieces[pid].owner
            tx.move(pid, f"discard:{owner if owner in state.seats else seat}", by=seat, face_up=True)
        tx.note("xfiles-fan.discard", seat, f"seat {seat} discards {len(set(a.pieces))} card(s)",
                {"pieces": list(a.pieces)})
        self._drop_pending(state, tx, {"kind": "discard", "seat": seat})
        if not any(p.get("kind") == "discard" for p in state.rules.get("pending") or []):
            opener = state.rules.get("opener")
            self._start_turn(state, tx, opener if opener in state.seats else state.seats[0])

    def _do_action(self, state: GameState, a: PlayAction, seat: int | None, tx: Tx) -> None:
        info = self.info(state, a.piece)
        owner = state.pieces[a.piece].owner
        tx.move(a.piece, f"discard:{owner if owner in state.seats else seat}", by=seat, face_up=True)
        tx.note("xfiles-fan.action", seat, f"{info.name}: apply by hand: {info.text}" if info.text else info.name,
                {"piece": a.piece})
        self._drop_pending(state, tx, {"kind": "action", "seat": seat})
        self._turn_done(state, tx, seat)

    def _do_effect(self, state: GameState, a: ManualEffect, seat: int | None, tx: Tx) -> None:
        """Card text applied by hand: every mode, logged with its source card."""
        src = self.ref(state, a.source) if a.source in state.pieces else "by hand"
        why = f" ({a.text})" if a.text else ""
        if seat is None:
            raise ActionError("spectator", "spectators do not play")
        if a.kind == "discard":
            bad = [p for p in a.pieces if state.pieces[p].zone != f"hand:{seat}"]
            if bad or not a.pieces:
                raise ActionError("not_in_hand", "a card discarded by hand comes from your own hand")
            for pid in a.pieces:
                tx.move(pid, f"discard:{seat}", by=seat, face_up=False)
            text = f"{src}: discards {len(a.pieces)} card(s) unrevealed"
        elif a.kind == "move":
            if a.to not in state.zones or not a.pieces:
                raise ActionError("bad_move", "name the cards and the zone they go to")
            for pid in a.pieces:
                tx.move(pid, a.to, by=seat)
            text = f"{src}: {len(a.pieces)} card(s) go to {state.zones[a.to].label or a.to}"
        elif a.kind == "score":
            who = a.seat if a.seat is not None else seat
            if who not in state.seats:
                raise ActionError("bad_seat", f"there is no seat {who}")
            total = tx.add_player_counter(who, "score", a.amount)
            text = f"{src}: {a.amount:+d} to seat {who}'s score ({total})"
        elif a.kind == "negate":
            rnd = self._round(state)
            if not a.pieces or any(p not in {e.get("piece") for e in rnd} for p in a.pieces):
                raise ActionError("not_in_round", "only cards of the round in progress are negated")
            for e in rnd:
                if e.get("piece") in a.pieces:
                    e["negated"] = True
            tx.set_rule("round", rnd)
            text = f"{src}: negates {', '.join(self.info(state, p).name for p in a.pieces)}"
        else:
            raise ActionError("bad_effect", "a manual effect is discard, move, score or negate")
        tx.note("xfiles-fan.effect", seat, text + why, {"kind": a.kind, "source": a.source, "pieces": list(a.pieces)})

    def _do_no_action(self, state: GameState, a: NoAction, seat: int | None, tx: Tx) -> None:
        self._drop_pending(state, tx, {"kind": "action", "seat": seat})
        self._turn_done(state, tx, seat)

    def _do_value(self, state: GameState, a: ChooseValue, seat: int | None, tx: Tx) -> None:
        rnd = self._round(state)
        for e in rnd:
            if e.get("piece") == a.piece:
                e["value"] = a.value
        tx.set_rule("round", rnd)
        name = self.info(state, a.piece).name if a.piece in state.pieces else a.piece
        tx.note("xfiles-fan.value", seat, f"seat {seat} values {name} at {a.value} (xff.5.3)",
                {"piece": a.piece, "value": a.value})
        self._drop_pending(state, tx, {"kind": "value", "piece": a.piece})

    def _do_score(self, state: GameState, a: ScoreRound, seat: int | None, tx: Tx) -> None:
        rnd = self._round(state)
        total = sum(self.round_value(state, e) or 0 for e in rnd)
        last = rnd[-1].get("seat") if rnd else None
        if last in state.seats:
            tx.add_player_counter(last, "score", total)
            tx.note("xfiles-fan.score", last, f"seat {last} scores {total} for the round (xff.5.2)",
                    {"points": total, "cards": len(rnd)})
        for e in rnd:
            pid = e.get("piece")
            if pid in state.pieces and state.pieces[pid].zone == "round":
                owner = state.pieces[pid].owner
                tx.move(pid, f"discard:{owner if owner in state.seats else e.get('seat')}", face_up=True)
        tx.set_rule("round", [])
        tx.set_rule("round_over", False)
        tx.set_rule("passes", 0)
        if last in state.seats:
            tx.set_rule("leader", last)
        if not state.rules.get("deck_out"):
            self._start_turn(state, tx, last if last in state.seats else state.seats[0])
        else:
            tx.set_rule("turn", None)

    def _do_end_period(self, state: GameState, a: EndPeriod, seat: int | None, tx: Tx) -> None:
        r = state.rules
        period = int(r.get("period", 1))
        tx.note("xfiles-fan.period_end", None, f"period {period} ends (xff.6.1)", {"period": period})
        tx.set_rule("turn", None)
        if period >= self.options["periods"]:
            self._finish(state, tx)
            return
        asks = []
        for s in state.seats:
            deck = f"deck:{s}"
            for pid in list(state.zones[f"discard:{s}"].pieces) + [
                    p for p in state.zones["round"].pieces if state.pieces[p].owner == s]:
                tx.move(pid, deck, face_up=False)
            if self.options["return_hands"]:
                for pid in self._hand(state, s):
                    tx.move(pid, deck, face_up=False)
            for pid in state.zones[deck].pieces:
                tx.change(pid, known=state.pieces[pid].known | {s})  # the owner looks through it to exchange
            asks.append({"kind": "exchange", "seat": s, "sideboard": len(state.zones[f"sideboard:{s}"].pieces)})
        tx.set_rule("phase", "exchange")
        tx.set_rule("pending", asks)

    def _do_exchange(self, state: GameState, a: Exchange, seat: int | None, tx: Tx) -> None:
        for pid in a.give:
            tx.move(pid, f"sideboard:{seat}", by=seat, face_up=True)
        for pid in a.take:
            tx.move(pid, f"deck:{seat}", by=seat, face_up=False)
        # the opponent learns the counts only (xff.6.2); the owner's log line names the cards
        tx.note("xfiles-fan.exchange", seat, f"seat {seat} exchanges {len(a.give)} card(s) with the sideboard; the "
                f"sideboard holds {len(state.zones[f'sideboard:{seat}'].pieces)}",
                {"out": len(a.give), "in": len(a.take), "sideboard": len(state.zones[f"sideboard:{seat}"].pieces)})
        self._drop_pending(state, tx, {"kind": "exchange", "seat": seat})
        if not any(p.get("kind") == "exchange" for p in state.rules.get("pending") or []):
            tx.set_rule("phase", "period_start")

    def _finish(self, state: GameState, tx: Tx) -> None:
        """xff.7: the higher score wins; equal scores are a tie."""
        scores = {p.seat: p.counters.get("score", 0) for p in state.players}
        best = max(scores.values()) if scores else 0
        top = [s for s, v in scores.items() if v == best]
        winner = top[0] if len(top) == 1 else None
        tx.set_rule("pending", [])
        tx.set_rule("turn", None)
        tx.set_rule("phase", "over")
        tx.set_rule("over", True)
        tx.set_rule("winner", winner)
        tx.set_rule("result", "win" if winner is not None else "tie")
        text = f"seat {winner} wins with {best}" if winner is not None else f"a tie at {best}"
        tx.note("xfiles-fan.game_over", winner, f"the game ends: {text} (xff.7)", {"scores": list(scores.values())})

    # -- automatic steps --

    def after(self, state: GameState, events: list[Event], seat: int | None) -> Iterable[tuple[Action, int | None]]:
        r = state.rules
        if "phase" not in r or r.get("over") or r.get("pending"):
            return ()
        phase = r.get("phase")
        if phase == "period_start":
            return [(StartPeriod(), None)]
        if phase == "play":
            if r.get("round_over"):
                return [(ScoreRound(), None)]
            if r.get("deck_out") and not r.get("round"):
                return [(EndPeriod(), None)]
        return ()

    # -- legal actions --

    def waiting_for(self, state: GameState) -> list[int]:
        """The seats the game waits on: those with a pending decision, else the seat whose turn it is."""
        r = state.rules
        if "phase" not in r or r.get("over"):
            return []
        pending = [p.get("seat") for p in r.get("pending") or [] if p.get("seat") in state.seats]
        if pending:
            return list(dict.fromkeys(pending))
        turn = r.get("turn")
        return [turn] if turn in state.seats and r.get("phase") == "play" and not r.get("round_over") else []

    def generate_actions(self, state: GameState, seat: int | None) -> Iterator[Action]:
        r = state.rules
        if seat is None or "phase" not in r or r.get("over"):
            return
        pending = self._pending(state)
        if pending:
            for p in pending:
                if p.get("seat") == seat:
                    yield from self._decisions(state, seat, p)
            return
        if r.get("phase") != "play" or r.get("round_over") or r.get("turn") != seat:
            return
        legal = self.playable(state, seat)
        for pid in legal:
            yield PlayCard(pid)
        if not legal:
            yield Pass()

    def _decisions(self, state: GameState, seat: int, p: Mapping[str, Any]) -> Iterator[Action]:
        kind = p.get("kind")
        if kind == "choose_first":
            for s in state.seats:
                yield ChooseFirst(s)
        elif kind == "environment":
            for pid in state.zones[f"environment_deck:{seat}"].pieces:
                if p.get("role") in self.info(state, pid).caps.split():
                    yield PlayEnvironment(pid)
        elif kind == "action":
            yield NoAction()
            for pid in self._hand(state, seat):
                if self.info(state, pid).type == "action":
                    yield PlayAction(pid)
        elif kind == "value":
            for v in value_range(p.get("sign", "conflict"), self.options["value_limit"]):
                yield ChooseValue(p["piece"], v)
        elif kind == "discard":
            seen = set()
            for combo in itertools.combinations(self._hand(state, seat), int(p.get("count", 2))):
                key = tuple(sorted(state.pieces[c].card or "" for c in combo))
                if key not in seen:
                    seen.add(key)
                    yield DiscardCards(combo)
        elif kind == "exchange":
            yield Exchange()
            seen_pairs = set()
            pieces = state.pieces
            deck = state.zones[f"deck:{seat}"].pieces
            side = [(take, pieces[take].card) for take in state.zones[f"sideboard:{seat}"].pieces]
            # what _check_exchange finds for one pair offered here: the pending ask, the counts and the zones hold
            # by construction, so only the deck limit of the card taken can refuse it (the card given differs, so
            # the deck keeps its count of the taken card, which then gains one); judged once per card title
            in_deck = Counter(pieces[p].card for p in deck)
            fits: dict[str | None, bool] = {}
            for give in deck:
                give_ref = pieces[give].card
                for take, take_ref in side:
                    key = (give_ref, take_ref)
                    if give_ref != take_ref and key not in seen_pairs:
                        seen_pairs.add(key)
                        ok = fits.get(take_ref)
                        if ok is None:
                            limit = self.card(take_ref).deck_limit
                            ok = fits[take_ref] = limit is None or in_deck[take_ref] + 1 <= limit
                        if ok:
                            yield Exchange((give,), (take,))

    # -- status, audit, decks --

    def status(self, state: GameState, seat: int | None) -> dict[str, Any]:
        r = state.rules
        if "phase" not in r:
            return {"ruleset": self.name}
        names = {p.seat: p.name for p in state.players}
        scores = [p.counters.get("score", 0) for p in state.players]
        rnd = []
        running = 0
        unknown = 0
        for e in r.get("round") or []:
            pid = e.get("piece")
            if pid not in state.pieces or state.pieces[pid].zone != "round" or not state.can_see(state.pieces[pid],
                                                                                                   seat):
                continue  # moved away by hand (warn, off): no longer shown as part of the round
            info = self.info(state, pid)
            value = self.round_value(state, e)
            if value is None:
                unknown += 1
            else:
                running += value
            rnd.append({
                "piece": pid, "card": state.pieces[pid].card, "name": info.name, "type": info.type,
                "seat": e.get("seat"), "points": info.points, "value": value, "negated": bool(e.get("negated")),
                "circumstances": dict(e.get("circ") or {}), "provides": list(info.provides),
                "text": info.text, "by_hand": list(info.unparsed),
            })
        pending = []
        for p in r.get("pending") or []:
            item = {k: v for k, v in p.items() if k in ("kind", "seat", "role", "piece", "sign", "count", "sideboard")}
            item["rule"] = PENDING_RULE.get(p.get("kind"), "")
            if isinstance(p.get("piece"), str) and p["piece"] in state.pieces:
                item["piece"] = state.handle_for(p["piece"], seat)
            if p.get("kind") == "value" and p.get("piece") in state.pieces and state.can_see(
                    state.pieces[p["piece"]], seat):
                info = self.info(state, p["piece"])
                rng = value_range(p.get("sign", "conflict"), self.options["value_limit"])
                item.update(name=info.name, text=info.text, range=[rng.start, rng.stop - 1])
            pending.append(item)
        env = [{"piece": pid, "card": state.pieces[pid].card, "name": self.info(state, pid).name,
                "seat": state.pieces[pid].owner, "provides": list(self.info(state, pid).provides)}
               for pid in state.zones["environment"].pieces]
        counts = {s: {k: len(state.zones[f"{k}:{s}"].pieces) for k in ("deck", "hand", "discard", "sideboard")}
                  for s in state.seats}
        provided = self.provided(state)
        out: dict[str, Any] = {
            "ruleset": self.name,
            "phase": r.get("phase"),
            "period": r.get("period", 0),
            "periods": self.options["periods"],
            "turn": r.get("turns", 0),
            "active": r.get("turn"),
            "first": r.get("first"),
            "xfiles_player": r.get("xfiles_player"),
            "leader": r.get("leader"),
            "round": rnd,
            "round_over": bool(r.get("round_over")),
            "circumstances": self.circumstances(state),
            "round_score": running,
            "round_unvalued": unknown,
            "passes": r.get("passes", 0),
            "deck_out": bool(r.get("deck_out")),
            "scores": scores,
            "score_name": "Score",
            "pending": pending,
            "environment": env,
            "provided": sorted(provided),
            "counts": counts,
            "high_card": self._high_card_view(state),
            "over": bool(r.get("over")),
            "winner": r.get("winner"),
            "result": r.get("result"),
        }
        if seat in state.seats and r.get("phase") == "play" and not r.get("pending") and r.get("turn") == seat:
            out["playable"] = self.playable(state, seat)
        out["prompt"] = self._prompt(state, seat, names, scores, pending)
        return out

    def _high_card_view(self, state: GameState) -> list[list[dict[str, Any]]]:
        """The draws for high card as everyone saw them: seat, card name and drawValue (no piece ids: those cards
        went back into hidden decks)."""
        out = []
        for attempt in state.rules.get("high_card") or []:
            row = []
            for seat, pid, value in attempt:
                name = self.info(state, pid).name if pid in state.pieces else None
                row.append({"seat": seat, "name": name, "value": value})
            out.append(row)
        return out

    def _prompt(self, state: GameState, seat: int | None, names: dict[int, str], scores: list[int],
                pending: list[dict[str, Any]]) -> str:
        r = state.rules
        if r.get("over"):
            w = r.get("winner")
            return f"{names.get(w, w)} wins with {scores[w]}" if w is not None and w < len(scores) else \
                f"A tie at {max(scores, default=0)}"
        if pending:
            p = pending[0]
            who = "You" if p.get("seat") == seat else names.get(p.get("seat"), p.get("seat"))
            what = PENDING_TEXT.get(p.get("kind"), "decide")
            if p.get("kind") == "environment":
                what = f"play a {p.get('role')} card"
            return f"{who}: {what}"
        turn = r.get("turn")
        if turn is None:
            return f"Period {r.get('period', 0)}"
        who = "Your" if turn == seat else f"{names.get(turn, turn)}'s"
        where = "round in progress" if r.get("round") else "start a round"
        return f"Period {r.get('period', 0)}: {who} turn ({where})"

    def state_problems(self, state: GameState) -> list[str]:
        """What in the rule state this ruleset cannot read, each naming its field ("rules.round[0].circ: ...").

        A hand-edited save is checked here when it loads (the save loader asks `audit`, which refuses a state with
        problems), so it never loads and then fails on the next play.
        """
        r = state.rules
        out: list[str] = []
        for key in ("round", "pending"):
            if not isinstance(r.get(key) or [], list):
                out.append(f"rules.{key}: a list, not {type(r.get(key)).__name__}")
        for i, e in enumerate(r.get("round") or [] if isinstance(r.get("round") or [], list) else []):
            where = f"rules.round[{i}]"
            if not isinstance(e, Mapping):
                out.append(f"{where}: a round entry is a mapping with piece, seat, circ and negated")
                continue
            if e.get("piece") not in state.pieces:
                out.append(f"{where}.piece: {e.get('piece')!r} is no piece of this table")
            if e.get("seat") not in state.seats:
                out.append(f"{where}.seat: {e.get('seat')!r} is no seat")
            circ = e.get("circ")
            if not isinstance(circ, Mapping) or any(not isinstance(circ.get(c), bool) for c in CIRCUMSTANCES):
                out.append(f"{where}.circ: the circumstances after the card, "
                           f"{{{', '.join(f'{c}: true/false' for c in CIRCUMSTANCES)}}}")
            if not isinstance(e.get("negated", False), bool):
                out.append(f"{where}.negated: true or false")
            if e.get("value") is not None and (not isinstance(e.get("value"), int) or isinstance(e["value"], bool)):
                out.append(f"{where}.value: a whole number or null")
        for i, p in enumerate(r.get("pending") or [] if isinstance(r.get("pending") or [], list) else []):
            if not isinstance(p, Mapping) or p.get("seat") not in state.seats or p.get("kind") not in PENDING_RULE:
                out.append(f"rules.pending[{i}]: a decision is {{kind: {'/'.join(PENDING_RULE)}, seat: N}}")
        if r.get("turn") is not None and r.get("turn") not in state.seats:
            out.append(f"rules.turn: {r.get('turn')!r} is no seat")
        return out

    def audit(self, state: GameState) -> list[Violation]:
        """What on the table contradicts the rules now (shown when the dial is turned up).

        A rule state this ruleset cannot read at all raises ValueError naming each field (see `state_problems`).
        """
        r = state.rules
        if "phase" not in r:
            return [_v("xff.no_game", "xff.1.1", "the table has no X-Files Fan game state: start an xfiles-fan game")]
        problems = self.state_problems(state)
        if problems:
            raise ValueError("; ".join(problems))
        out: list[Violation] = []
        in_round = {e.get("piece") for e in r.get("round") or []}
        for pid in state.zones["round"].pieces:
            if pid not in in_round:
                out.append(_v("xff.table", "xff.table", f"{self.info(state, pid).name} is in the round but was never "
                              "played", (pid,)))
        for s in state.seats:
            hand = self._hand(state, s)
            if len(hand) > self.options["hand_size"]:
                out.append(_v("xff.hand_size", "xff.3.1", f"seat {s} holds {len(hand)} cards, more than a full hand",
                              seat=s))
        for pid in state.zones["table"].pieces:
            if state.pieces[pid].kind == "card":
                out.append(_v("xff.table", "xff.table", f"{self.info(state, pid).name} lies outside every zone",
                              (pid,)))
        return out

    def deck_problems(self, deck: DeckList, library: CardLibrary | None = None) -> list[Violation]:
        """What keeps a deck list from being legal: draw deck size and copies, environment deck, sideboard, covers."""
        if library is not None:
            self.library = library
            self._info.clear()
            self._info_gen += 1
            self._provides.clear()
            self._provided_memo.clear()
        o = self.options
        out: list[Violation] = []
        draw: list[str] = []
        env: list[str] = []
        side: list[str] = []
        covers: list[str] = []
        for section in deck.sections:
            for ref in deck.expanded(section):
                kind = SECTION_ZONES.get(section.lower())
                ctype = self.card(ref).type
                if kind is None:
                    kind = "environment_deck" if ctype == "environment" else "covers" if ctype == "cover" else "deck"
                {"deck": draw, "environment_deck": env, "sideboard": side, "covers": covers}[kind].append(ref)
        if not o["deck_min"] <= len(draw) <= o["deck_max"]:
            out.append(_v("xff.deck_size", "xff.deck.size", f"a draw deck has {o['deck_min']} to {o['deck_max']} "
                          f"cards; this one has {len(draw)}"))
        for ref, n in Counter(draw).items():
            info = self.card(ref)
            if info.deck_limit is not None and n > info.deck_limit:
                out.append(_v("xff.deck_copies", "xff.deck.copies", f"{info.name}: {n} copies, at most "
                              f"{info.deck_limit} in a draw deck", (ref,)))
            if info.type in ("environment", "cover"):
                out.append(_v("xff.deck_types", "xff.deck.types", f"{info.name} is {_article(info.type)} card: it "
                              "belongs in the environment or cover deck, not the draw deck", (ref,)))
        not_env = [r for r in env if self.card(r).type != "environment"]
        for ref in dict.fromkeys(not_env):
            out.append(_v("xff.environment_type", "xff.deck.environment", f"{self.card(ref).name} is not an "
                          "environment card", (ref,)))
        env_cards = [r for r in env if r not in not_env]
        if len(env_cards) < o["environment_min"]:
            out.append(_v("xff.environment_size", "xff.deck.environment", f"an environment deck has at least "
                          f"{o['environment_min']} environment cards; this one has {len(env_cards)}"))
        for caps, n in Counter(self.card(r).caps for r in env_cards if self.card(r).caps).items():
            if n > o["environment_same_name"]:
                out.append(_v("xff.environment_names", "xff.deck.environment", f"{n} environment cards are named "
                              f"{caps}; at most {o['environment_same_name']}"))
        for role in ENV_ROLES:
            if not any(role in self.card(r).caps.split() for r in env_cards):
                out.append(_v("xff.environment_role", "xff.1.4", f"the environment deck has no {role} card to play "
                              "in the setup"))
        if len(side) > o["sideboard_max"]:
            out.append(_v("xff.sideboard_size", "xff.deck.sideboard", f"a sideboard has at most {o['sideboard_max']} "
                          f"cards; this one has {len(side)}"))
        for ref in dict.fromkeys(covers):
            if self.card(ref).type != "cover":
                out.append(_v("xff.cover_type", "xff.deck.covers", f"{self.card(ref).name} is not a cover card",
                              (ref,)))
        return out

    def winner(self, state: GameState) -> int | None | str:
        r = state.rules
        if r.get("over") and r.get("winner") is None:
            return "tie"
        return r.get("winner")


def _setup_move(state: GameState, pid: str, zone: str, face_up: bool) -> None:
    piece = state.pieces[pid]
    state.zones[piece.zone].pieces.remove(pid)
    state.zones[zone].pieces.insert(0, pid) if state.zones[zone].layout == "stack" else \
        state.zones[zone].pieces.append(pid)
    piece.zone = zone
    piece.face_up = face_up


def _article(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def _brackets(tags: Iterable[str]) -> str:
    return ", ".join(f"[{t}]" for t in dict.fromkeys(tags))


def _tag_text(required: Iterable[str], missing: list[str]) -> str:
    counts = Counter(t.casefold() for t in required)
    shown = {t.casefold(): t for t in required}
    return ", ".join((f"{counts[m]}x" if counts[m] > 1 else "") + f"[{shown.get(m, m)}]" for m in missing)


def _move_rule(src: str, dst: str) -> tuple[str, str, str]:
    """The rule a card moved by hand from a zone of kind `src` to one of kind `dst` breaks."""
    if src == "deck" and dst == "hand":
        return ("xff.draw", "xff.3.1", "cards are drawn only to fill the hand at the start of a turn")
    if src == "hand" and dst == "round":
        return ("xff.play_by_hand", "xff.3", "cards enter the round with the Play action, which checks them")
    if "environment" in (src, dst) or src == "environment_deck":
        return ("xff.environment", "xff.1.4", "environment cards are played in the setup")
    if src == "round":
        return ("xff.round_cards", "xff.5.4", "round cards go to the discard piles when the round is scored")
    if {src, dst} == {"deck", "sideboard"}:
        return ("xff.exchange", "xff.6.2", "cards are exchanged with the sideboard between periods (the Exchange "
                "action)")
    if src == "discard" and dst == "deck":
        return ("xff.reshuffle", "xff.2.1", "discards go back into the draw deck at the start of a period")
    if src == "hand" and dst == "discard":
        return ("xff.discard", "xff.4", "cards are discarded only when both players pass with no round")
    return ("xff.table", "xff.table", "cards change zones only as the Sequence of Play says")
