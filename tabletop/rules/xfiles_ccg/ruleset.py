"""`xfiles-ccg`: The X-Files CCG Advanced Game; the engine keeps pools, phases, checks, Combat and the hidden X-Files.

Card text is never read as rules: players apply it with the manual effect (`xfc.effect`), and the common forms of text
are offered ready to confirm (see `data.suggested_effects`). Rule numbers are in `rulebook.RULE_TEXT`.

Rule state (`state.rules`; seat keys are strings so it survives JSON and YAML unchanged):
turn, first, active, step (see STEPS), seller / bluffer / discarder (whose turn inside a step), drawn, moved, hired,
used (Agents that investigated this turn), site_names, sites {pid: {at, turn}}, teams {seat: [[pid...]]},
check {site, team, skill, need, directed, mods, used}, bluffs [pid], chain [{piece, seat, pool, paid, combat}],
priority, passed, combat {adversary, owner, round, number, mods, pending}, question {asked, guessed, ...},
penalty {seat, about}, answers {seat: [...]}, guesses {seat: n}, suggestions [...], over, winner.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from ...core import actions as A
from ...core.actions import Action
from ...core.events import Event
from ...core.reducer import ATTACH_OFFSET, ActionError, Tx
from ...core.ruleset import Violation
from ...core.state import GameState
from ..base import CARD_H, CARD_W, SEAT_W, Option, Ruleset, ZoneSpec, add_card, shuffle_now
from .actions import (
    Ask,
    AssignDamage,
    Buy,
    Deploy,
    Discard,
    Exchange,
    FormTeam,
    FreeDraw,
    Guess,
    Hire,
    Hospitalize,
    Investigate,
    KillerWin,
    ManualEffect,
    Pass,
    PlaceBluff,
    PlaceSite,
    PlayCard,
    Requisition,
    ResolveBluff,
    Sell,
)
from .data import (
    CHARACTERISTIC_VALUES,
    SECTIONS,
    CardInfo,
    Effect,
    canonical_skill,
    card_info,
    suggested_effects,
)
from .reducers import GENERATORS as _GENERATORS
from .reducers import REDUCERS as _REDUCERS
from .rulebook import RULE_TEXT

if TYPE_CHECKING:
    from ...cards import CardLibrary, DeckList

__all__ = ["PHASE_OF", "RULE_TEXT", "SAMPLE_SET", "SECTIONS", "STEPS", "XFilesCCG", "default_deck"]

SAMPLE_SET = "xfiles-ccg-sample"
#: The sample set's deck lists, by seat (more seats take them in turn; each player may field the same Agents).
SAMPLE_DECKS = ("randy.yaml", "les.yaml")
#: Steps of a turn in order, each inside one of the seven phases.
STEPS = ("draw", "buy", "sell", "requisition", "deployment", "sites", "bluffs", "assign", "reveal", "check",
         "damage", "aftermath", "question", "penalty", "debrief")
PHASE_OF = {
    "draw": "Briefing", "buy": "Briefing", "sell": "Briefing",
    "requisition": "Requisition", "deployment": "Deployment",
    "sites": "Case Assignment", "bluffs": "Case Assignment",
    "assign": "Investigation", "reveal": "Investigation", "check": "Investigation", "damage": "Investigation",
    "aftermath": "Investigation", "question": "Investigation", "penalty": "Investigation",
    "debrief": "Debriefing",
}
STEP_LABELS = {
    "draw": "Briefing: free draw", "buy": "Briefing: buy cards with RP", "sell": "Briefing: sell cards for CP, then buy",
    "requisition": "Requisition", "deployment": "Deployment", "sites": "Case Assignment: place Sites",
    "bluffs": "Case Assignment: Bluffs", "assign": "Investigation: send a Team to a Site",
    "reveal": "Investigation: resolve Bluffs", "check": "Skill check: play cards or pass",
    "damage": "Combat: assign the Adversary's damage", "aftermath": "Combat: after damage, play cards or pass",
    "question": "Site solved: ask and/or guess", "penalty": "Wrong guess: question or guess back",
    "debrief": "Debriefing: discard",
}
_RULE_ACTIONS = (Pass, FreeDraw, Buy, Sell, Requisition, Exchange, Deploy, Hire, FormTeam, PlaceSite, PlaceBluff,
                 Investigate, ResolveBluff, PlayCard, AssignDamage, Ask, Guess, Discard, Hospitalize, KillerWin)
_UNKNOWN = CardInfo(ref="", name="?", kind="unknown")


def _v(code: str, rule: str, message: str, pieces: Iterable[str] = (), seat: int | None = None) -> Violation:
    return Violation(code, rule, message, tuple(p for p in pieces if isinstance(p, str)), seat)


def default_deck(library: CardLibrary, index: int = 0) -> DeckList:
    """One of the sample set's two deck lists (index 0: Randy's, 1: Les's), loaded from its `decks/` folder."""
    from ...cards import load_deck

    card_set = library.require_set(SAMPLE_SET)
    if card_set.path is None:
        raise KeyError(f"the {SAMPLE_SET} set has no folder to read its decks from")
    name = SAMPLE_DECKS[index % len(SAMPLE_DECKS)]
    return load_deck(card_set.path / "decks" / name, library)


_PAD = 20.0
_ROW = CARD_H + 6


class XFilesCCG(Ruleset):
    """The X-Files CCG Advanced Game for 2 or more players: identify an opponent's hidden X-File first."""

    name = "xfiles-ccg"
    title = "The X-Files CCG (Advanced)"
    description = "Agents investigate Sites, pay from Resource and Conspiracy Pools, fight Adversaries and ask about " \
                  "the hidden X-Files; first correct guess wins."
    min_seats = 2
    max_seats = 6
    option_specs = (
        Option("killer_cards", False, "Allow KILLER-keyword cards in decks (xfc.deck.3)."),
        Option("killer_win", False, "Another way to win with Killer cards: permanently remove every opposing Agent "
               "(xfc.options.3)."),
        Option("question_or_guess", False, "After a successful check: a question or a guess, not both."),
        Option("one_guess", False, "One guess per game; a wrong guess loses."),
        Option("xfile_powers", False, "Track the characteristics each opponent knows and show the powers they unlock."),
        Option("team_cost_max", 20, "Highest total Cost of the starting Agents (xfc.team.3)."),
        Option("hand_max", 7, "Most cards in hand after the Debriefing (xfc.debriefing.1)."),
        Option("starting_pools", 5, "Tokens in each Resource and Conspiracy Pool at the start (xfc.setup.2)."),
        Option("first_player", -1, "Seat that takes the first turn; -1 picks it at random."),
        Option("max_turns", 100, "Playtest cap: the game ends in a draw after this many turns (0: no cap)."),
    )

    def __init__(self, options: Mapping[str, Any] | None = None, library: CardLibrary | None = None) -> None:
        super().__init__(options)
        self.library = library
        self._infos: dict[str, CardInfo] = {}
        self._xfiles: list[CardInfo] | None = None

    # ------------------------------------------------------------------------------------------ card data

    def _lib(self) -> CardLibrary:
        if self.library is None:
            from ...cards import default_library

            self.library = default_library()
        return self.library

    def info(self, ref: str | None) -> CardInfo:
        """What the engine reads of a card ref (an unknown card reads as kind 'unknown', cost 0)."""
        if ref is None:
            return _UNKNOWN
        got = self._infos.get(ref)
        if got is None:
            try:
                got = card_info(self._lib().get(ref))
            except KeyError:
                got = CardInfo(ref=ref, name=ref, kind="unknown")
            self._infos[ref] = got
        return got

    def pinfo(self, state: GameState, pid: str) -> CardInfo:
        return self.info(state.pieces[pid].card)

    def name_of(self, state: GameState, pid: str | None) -> str:
        if pid is None or pid not in state.pieces:
            return str(pid)
        return self.pinfo(state, pid).name

    def card_title(self, state: GameState, pid: str) -> str | None:
        return self.pinfo(state, pid).name if state.pieces[pid].card else None

    def xfiles(self) -> list[CardInfo]:
        """Every X-File card of the loaded card sets (the Notebook's universe)."""
        if self._xfiles is None:
            self._xfiles = [card_info(c) for c in self._lib() if card_info(c).kind == "xfile"]
        return self._xfiles

    # ------------------------------------------------------------------------------------------ the table

    def zone_specs(self, seats: int, decks: Mapping[int, DeckList] | None = None) -> list[ZoneSpec]:
        w, h = CARD_W + _PAD, CARD_H + 4
        return [
            ZoneSpec("deck", True, "hidden", "stack", "Bureau Deck", (20, 6, w, h), False, "deck"),
            ZoneSpec("discard", True, "public", "stack", "Discard", (40 + w, 6, w, h), True, "discard"),
            ZoneSpec("hand", True, "owner", "fan", "Hand", (60 + 2 * w, 6, SEAT_W - 3 * w - 100, h), True, "hand"),
            ZoneSpec("xfile", True, "owner", "stack", "X-File", (SEAT_W - 20 - w, 6, w, h), False, "xfile"),
            ZoneSpec("bureau", True, "public", "row", "Bureau", (20, 6 + _ROW, 560, h), True, "bureau"),
            ZoneSpec("field", True, "public", "row", "Field", (600, 6 + _ROW, SEAT_W - 620, h), True, "field"),
            ZoneSpec("hospital", True, "public", "row", "Hospital", (20, 6 + 2 * _ROW, 560, h), True, "hospital"),
            ZoneSpec("chain", False, "public", "row", "Chain", (-360, (420 - h) / 2, 720, h), True, "chain"),
        ]

    def new_game(self, seats: int = 2, *, library: CardLibrary | None = None, **kwargs: Any) -> GameState:
        if library is not None:
            self.library = library
        return super().new_game(seats, library=library, **kwargs)

    def setup(self, state: GameState, decks: Mapping[int, DeckList], library: CardLibrary | None) -> None:
        """Team in the Bureau, X-File face down, Bureau Deck shuffled, 7 cards drawn, pools of 5, first player drawn."""
        if library is not None:
            self.library = library
        lib = self._lib()
        for seat in state.seats:
            deck = decks.get(seat) or default_deck(lib, seat)
            for ref in deck.expanded("team"):
                add_card(state, ref, f"bureau:{seat}", owner=seat)
            for ref in deck.expanded("xfile")[:1]:
                add_card(state, ref, f"xfile:{seat}", owner=seat, face_up=False)
            zone = f"deck:{seat}"
            for ref in deck.expanded("deck"):
                add_card(state, ref, zone, owner=seat)
            shuffle_now(state, zone)
            pieces = state.zones[zone].pieces
            for _ in range(7):
                if not pieces:
                    break
                pid = pieces.pop(0)
                state.pieces[pid].zone = f"hand:{seat}"
                state.pieces[pid].face_up = True
                state.zones[f"hand:{seat}"].pieces.append(pid)
            player = state.player(seat)
            player.counters["rp"] = self.options["starting_pools"]
            player.counters["cp"] = self.options["starting_pools"]
        first = self.options["first_player"]
        if first not in state.seats:
            first = state.seats[state.rng.below(len(state.seats))]
        state.rules = self.fresh_rules(first)

    @staticmethod
    def fresh_rules(first: int, step: str = "draw") -> dict[str, Any]:
        """Rule state at the start of a turn of `first` (hand-written positions may give only some of the keys)."""
        return {"turn": 1, "first": first, "active": first, "step": step, "over": False, "winner": None,
                "sites": {}, "answers": {}, "guesses": {}}

    # ------------------------------------------------------------------------------------------ rule state

    @staticmethod
    def active(state: GameState) -> int:
        return int(state.rules.get("active", state.seats[0]))

    @staticmethod
    def step(state: GameState) -> str:
        s = state.rules.get("step", "draw")
        return s if s in PHASE_OF else "draw"

    @staticmethod
    def _left(state: GameState, seat: int) -> int:
        seats = state.seats
        return seats[(seats.index(seat) + 1) % len(seats)] if seat in seats else seats[0]

    def opponents(self, state: GameState, seat: int) -> list[int]:
        """The other seats in order from `seat`'s left."""
        out, s = [], self._left(state, seat)
        while s != seat and s not in out:
            out.append(s)
            s = self._left(state, s)
        return out

    def decision(self, state: GameState) -> int | None:
        """The seat whose decision it is now (None when the game is over)."""
        r = state.rules
        if r.get("over"):
            return None
        step = self.step(state)
        if step == "sell":
            return r.get("seller", self._left(state, self.active(state)))
        if step == "bluffs":
            return r.get("bluffer", self._left(state, self.active(state)))
        if step == "reveal":
            pending = r.get("bluffs") or []
            if pending and pending[0] in state.pieces:
                return state.pieces[pending[0]].owner
            return self.active(state)
        if step in ("check", "aftermath"):
            return r.get("priority", self.active(state))
        if step == "damage":
            return (r.get("combat") or {}).get("owner", self.active(state))
        if step == "penalty":
            return (r.get("penalty") or {}).get("seat", self.active(state))
        if step == "debrief":
            return r.get("discarder", self.active(state))
        return self.active(state)

    def waiting_for(self, state: GameState) -> list[int]:
        seat = self.decision(state)
        return [] if seat is None else [seat]

    # -- pieces --

    def section_of(self, state: GameState, pid: str) -> str:
        return state.zones[state.pieces[pid].zone].kind

    def agents(self, state: GameState, seat: int, sections: Iterable[str] = SECTIONS) -> list[str]:
        out = []
        for sec in sections:
            zone = state.zones.get(f"{sec}:{seat}")
            if zone is None:
                continue
            out += [p for p in zone.pieces if state.pieces[p].attached_to is None
                    and self.pinfo(state, p).kind == "agent"]
        return out

    @staticmethod
    def damage(state: GameState, pid: str) -> int:
        return int(state.pieces[pid].counters.get("damage", 0))

    def health(self, state: GameState, pid: str) -> int:
        """Current Health: printed Health less damage, never below 0."""
        printed = self.pinfo(state, pid).health or 0
        return max(0, printed - self.damage(state, pid))

    def gear(self, state: GameState, pid: str) -> list[str]:
        return [q for q in state.attached(pid) if self.pinfo(state, q).kind == "equipment"]

    def can_leave_hospital(self, state: GameState, pid: str) -> bool:
        printed = self.pinfo(state, pid).health or 0
        if printed < 3:
            return self.damage(state, pid) == 0
        return self.health(state, pid) >= 3

    def agent_skill(self, state: GameState, pid: str, skill: str) -> int:
        """An Agent's skill plus the best one of its Equipment for that skill (one item per check)."""
        base = self.pinfo(state, pid).skill(skill)
        bonus = max((self.pinfo(state, q).modifies.get(skill, 0) for q in self.gear(state, pid)), default=0)
        return base + bonus

    def team_skill(self, state: GameState, team: Iterable[str], skill: str) -> int:
        return sum(self.agent_skill(state, p, skill) for p in team
                   if p in state.pieces and self.section_of(state, p) != "hospital")

    def combatants(self, state: GameState) -> list[str]:
        """Who fights for the Investigating Team: its Agents not in the Hospital, then its Witnesses with Health
        (manual p.33: "Witness with HEALTH are treated as Agents in Combat rounds"; xfc.combat.7)."""
        check = state.rules.get("check") or {}
        agents = [p for p in check.get("team", []) if p in state.pieces and self.section_of(state, p) != "hospital"]
        witnesses = [p for p in check.get("witnesses", []) if p in state.pieces
                     and self.section_of(state, p) == "field" and self.health(state, p) > 0]
        return agents + witnesses

    def check_total(self, state: GameState) -> int | None:
        check = state.rules.get("check")
        if not check:
            return None
        base = self.team_skill(state, check.get("team", []), check.get("skill", ""))
        return base + sum(int(m.get("amount", 0)) for m in check.get("mods", []))

    def _pool_of(self, state: GameState, seat: int, pool: str) -> int:
        return int(state.player(seat).counters.get(pool, 0))

    def _owner(self, state: GameState, pid: str) -> int:
        piece = state.pieces[pid]
        if piece.owner in state.seats:
            return int(piece.owner)
        zone = state.zones[piece.zone]
        return zone.owner if zone.owner is not None else self.active(state)

    # ------------------------------------------------------------------------------------------ tokens

    def _token(self, state: GameState, prefix: str, *parts: Any) -> str:
        digest = hashlib.blake2b(":".join(map(str, parts)).encode(), key=state.secret.encode()[:64], digest_size=8)
        return prefix + digest.hexdigest()

    def question_context(self, state: GameState, seat: int, strict: bool = True) -> dict[str, Any] | None:
        """Who `seat` may ask about now, and of which kinds ({about, kinds, ask, guess}), or None.

        Not `strict`: a question or guess already used is allowed again (warn mode applies what the rules forbid).
        """
        r = state.rules
        step = self.step(state)
        check = r.get("check") or {}
        site = check.get("site")
        kinds = list(self.info(state.pieces[site].card).asks) if site in state.pieces else []
        if step == "question" and seat == self.active(state):
            q = r.get("question") or {}
            exclusive = self.options["question_or_guess"] and (q.get("asked") or q.get("guessed"))
            only = q.get("only")  # the lowered prerequisite was met, not the printed one: that one question only
            return {"about": check.get("directed"), "kinds": [only[0]] if only else kinds, "only": only,
                    "ask": not strict or (not q.get("asked") and not exclusive),
                    "guess": not only and (not strict or (not q.get("guessed") and not exclusive))}
        if step == "penalty":
            pen = r.get("penalty") or {}
            if pen.get("seat") == seat and not pen.get("done"):
                return {"about": pen.get("about"), "kinds": kinds, "ask": True, "guess": True}
        return None

    def question_options(self, state: GameState, seat: int, strict: bool = True) -> list[dict[str, Any]]:
        """The questions `seat` may ask now, each with its opaque token."""
        ctx = self.question_context(state, seat, strict)
        if not ctx or not ctx["ask"] or ctx["about"] is None:
            return []
        turn = state.rules.get("turn", 1)
        out = []
        only = ctx.get("only")
        for kind in ctx["kinds"]:
            for value in CHARACTERISTIC_VALUES.get(kind, ()) if not only else (only[1],):
                token = self._token(state, "q", seat, ctx["about"], turn, kind, value)
                out.append({"token": token, "about": ctx["about"], "kind": kind, "value": value,
                            "text": f"Is your X-File's {kind.upper()} {value}?"})
        return out

    def guess_options(self, state: GameState, seat: int, strict: bool = True) -> list[dict[str, Any]]:
        """The X-Files `seat` may guess now, each with its opaque token."""
        ctx = self.question_context(state, seat, strict)
        if not ctx or not ctx["guess"] or ctx["about"] is None:
            return []
        turn = state.rules.get("turn", 1)
        # named by title, never by card ref: a view must not name a hidden card, even among all the candidates
        return [{"token": self._token(state, "g", seat, ctx["about"], turn, x.ref), "about": ctx["about"],
                 "name": x.name} for x in self.xfiles()]

    def question_token(self, state: GameState, seat: int, kind: str, value: str) -> str:
        """The token of one question (for tests, tools and the UI)."""
        for q in self.question_options(state, seat):
            if q["kind"].casefold() == kind.casefold() and q["value"].casefold() == value.casefold():
                return q["token"]
        raise KeyError(f"seat {seat} cannot ask about {kind} {value} now")

    def guess_token(self, state: GameState, seat: int, xfile: str) -> str:
        names = {x.ref: x.name for x in self.xfiles()}
        for g in self.guess_options(state, seat):
            if g["name"] in (xfile, names.get(xfile)):
                return g["token"]
        raise KeyError(f"seat {seat} cannot guess {xfile} now")

    # ------------------------------------------------------------------------------------------ the Notebook

    def notebook(self, state: GameState, seat: int) -> dict[str, Any]:
        """`seat`'s own record: per opponent its answers and the X-Files still consistent with them."""
        mine = list((state.rules.get("answers") or {}).get(str(seat), []))
        out: dict[str, Any] = {"opponents": []}
        for opp in self.opponents(state, seat):
            rows = [a for a in mine if a.get("about") == opp]
            cands = [x for x in self.xfiles() if _consistent(x, rows)]
            known = {}
            for kind in CHARACTERISTIC_VALUES:
                values = {x.characteristics.get(kind) for x in cands}
                yes = [a["value"] for a in rows if a.get("kind") == kind and a.get("answer")]
                if yes:
                    known[kind] = yes[0]
                elif len(values) == 1 and cands:
                    known[kind] = next(iter(values))
            out["opponents"].append({
                "seat": opp,
                "answers": rows,
                "candidates": [{"name": x.name, "characteristics": dict(x.characteristics)} for x in cands],
                "known": known,
            })
        return out

    # ------------------------------------------------------------------------------------------ check

    def check(self, state: GameState, action: Action, seat: int | None) -> list[Violation]:
        r = state.rules
        if isinstance(action, ManualEffect):
            return []  # xfc.effect.1: card text supersedes the rules; the manual effect is never a violation
        if isinstance(action, _RULE_ACTIONS) and r.get("over"):
            return [_v("xfc.game_over", "xfc.game.1", "the game is over", seat=seat)]
        if isinstance(action, Hospitalize):
            return self._check_hospitalize(state, action, seat)
        if isinstance(action, KillerWin):
            if self.options["killer_win"] and self.killer_winner(state) == action.winner:
                return []
            return [_v("xfc.killer_win", "xfc.options.3", "a player wins this way only under the killer_win house "
                       "rule, once every opposing Agent is permanently out of play", seat=seat)]
        if isinstance(action, _RULE_ACTIONS):
            return self._check_rule_action(state, action, seat)
        return self._check_generic(state, action, seat)

    def _whose(self, state: GameState, seat: int | None, steps: tuple[str, ...], what: str,
               pieces: Iterable[str] = ()) -> list[Violation]:
        """The timing checks every rules action shares: the right step and the seat whose decision it is."""
        out: list[Violation] = []
        step = self.step(state)
        if step not in steps:
            phases = sorted({PHASE_OF[s] for s in steps})
            out.append(_v("xfc.timing", "xfc.turn.1", f"{what} belongs to the {' or '.join(phases)} "
                          f"({STEP_LABELS[steps[0]]}), not to {STEP_LABELS[step]}", pieces, seat))
        elif self.decision(state) != seat:
            who = self.decision(state)
            out.append(_v("xfc.not_your_decision", "xfc.turn.2",
                          f"it is {self._seat_name(state, who)}'s decision now ({STEP_LABELS[step]})", pieces, seat))
        return out

    def _seat_name(self, state: GameState, seat: int | None) -> str:
        for p in state.players:
            if p.seat == seat:
                return p.name
        return f"seat {seat}"

    def _in_hand(self, state: GameState, pid: str, seat: int | None, rule: str) -> list[Violation]:
        piece = state.pieces.get(pid)
        if piece is None or state.zones[piece.zone].kind != "hand" or state.zones[piece.zone].owner != seat:
            return [_v("xfc.not_in_hand", rule, f"{self.ref(state, pid)} is not in your hand", (pid,), seat)]
        return []

    def _own_agent(self, state: GameState, pid: str, seat: int | None, rule: str) -> list[Violation]:
        piece = state.pieces.get(pid)
        if piece is None or self.pinfo(state, pid).kind != "agent":
            return [_v("xfc.not_an_agent", rule, f"{self.ref(state, pid)} is not an Agent", (pid,), seat)]
        zone = state.zones[piece.zone]
        if zone.kind not in SECTIONS or zone.owner != seat:
            return [_v("xfc.not_your_agent", rule, f"{self.ref(state, pid)} is not one of your Agents in play",
                       (pid,), seat)]
        return []

    def _afford(self, state: GameState, seat: int | None, pool: str, cost: int, what: str, rule: str,
                pieces: Iterable[str] = ()) -> list[Violation]:
        if seat is None:
            return []
        have = self._pool_of(state, seat, pool)
        if cost > have:
            return [_v("xfc.cannot_pay", rule, f"{what} costs {cost} {pool.upper()} and "
                       f"{self._seat_name(state, seat)} has {have}", pieces, seat)]
        return []

    def _check_rule_action(self, state: GameState, a: Action, seat: int | None) -> list[Violation]:
        r = state.rules
        step = self.step(state)
        active = self.active(state)
        if isinstance(a, Pass):
            out = self._whose(state, seat, STEPS, "passing")
            if not out and step == "debrief" and seat is not None:
                n = len(state.zones[f"hand:{seat}"].pieces)
                if n > self.options["hand_max"]:
                    out.append(_v("xfc.hand_size", "xfc.debriefing.1", f"discard down to {self.options['hand_max']} "
                                  f"cards first (you hold {n})", seat=seat))
            if not out and step == "reveal":
                out.append(_v("xfc.bluff_pending", "xfc.investigation.2",
                              "each revealed Bluff is paid for or discarded first", seat=seat))
            if not out and step == "damage":
                out.append(_v("xfc.damage_pending", "xfc.combat.3",
                              "choose the Agent who takes the Adversary's damage", seat=seat))
            return out
        if isinstance(a, FreeDraw):
            out = self._whose(state, seat, ("draw",), "the free draw")
            if r.get("drawn"):
                out.append(_v("xfc.one_draw", "xfc.briefing.1", "the free draw is taken once", seat=seat))
            return out
        if isinstance(a, Buy):
            out = self._whose(state, seat, ("buy", "sell"), "buying cards")
            if a.count < 0:
                out.append(_v("xfc.bad_count", "xfc.briefing.3", "buy 0 cards or more", seat=seat))
            elif seat is not None:
                pool = "rp" if step == "buy" else "cp"
                out += self._afford(state, seat, pool, a.count, f"buying {a.count} cards",
                                    "xfc.briefing.3" if pool == "rp" else "xfc.briefing.5")
            return out
        if isinstance(a, Sell):
            out = self._whose(state, seat, ("sell",), "selling cards", a.pieces)
            for pid in a.pieces:
                out += self._in_hand(state, pid, seat, "xfc.briefing.4")
                if pid in state.pieces and self._sell_value(state, pid) is None:
                    out.append(_v("xfc.not_sellable", "xfc.briefing.4", f"{self.ref(state, pid)} has no RP or "
                                  "*P Cost to sell for", (pid,), seat))
            return out
        if isinstance(a, Requisition):
            return self._check_requisition(state, a, seat)
        if isinstance(a, Exchange):
            return self._check_exchange(state, a, seat)
        if isinstance(a, Deploy):
            out = self._whose(state, seat, ("deployment",), "moving Agents", (a.agent,))
            out += self._own_agent(state, a.agent, seat, "xfc.deployment.1")
            if a.to not in SECTIONS:
                out.append(_v("xfc.bad_section", "xfc.deployment.1", f"Agents go to the Bureau, Field or Hospital, "
                              f"not {a.to!r}", (a.agent,), seat))
            elif not out and self.section_of(state, a.agent) == "hospital" and a.to != "hospital" \
                    and not self.can_leave_hospital(state, a.agent):
                out.append(_v("xfc.hospital_exit", "xfc.deployment.2",
                              f"{self.ref(state, a.agent)} has {self.health(state, a.agent)} Health and cannot "
                              "leave the Hospital yet", (a.agent,), seat))
            return out
        if isinstance(a, Hire):
            out = self._whose(state, seat, ("deployment",), "buying an Agent for the turn", (a.piece,))
            out += self._in_hand(state, a.piece, seat, "xfc.deployment.4")
            info = self.info(state.pieces[a.piece].card) if a.piece in state.pieces else _UNKNOWN
            if info.kind != "agent":
                out.append(_v("xfc.not_an_agent", "xfc.deployment.4", f"{info.name} is not an Agent", (a.piece,), seat))
            if a.to not in ("bureau", "field"):
                out.append(_v("xfc.bad_section", "xfc.deployment.4", "a bought Agent goes to the Bureau or the Field",
                              (a.piece,), seat))
            if seat is not None and any(self.pinfo(state, p).name == info.name for p in self.agents(state, seat)):
                out.append(_v("xfc.duplicate_agent", "xfc.deployment.5", f"{info.name} is already in play",
                              (a.piece,), seat))
            if seat is not None and seat != active:
                out.append(_v("xfc.not_active", "xfc.deployment.4", "only the Investigating Player buys Agents",
                              (a.piece,), seat))
            out += self._afford(state, seat, "rp", info.cost or 0, info.name, "xfc.deployment.4", (a.piece,))
            return out
        if isinstance(a, FormTeam):
            out = self._whose(state, seat, ("deployment", "assign"), "forming a Team", a.agents)
            if not a.agents:
                out.append(_v("xfc.empty_team", "xfc.deployment.3", "a Team has at least one Agent", seat=seat))
            for pid in a.agents:
                out += self._own_agent(state, pid, seat, "xfc.deployment.3")
            if not out:
                secs = {self.section_of(state, p) for p in a.agents}
                if len(secs) > 1:
                    out.append(_v("xfc.team_section", "xfc.deployment.3", "a Team is made of Agents in one section",
                                  a.agents, seat))
                if step == "assign" and secs != {"field"}:
                    out.append(_v("xfc.team_field", "xfc.deployment.3",
                                  "in the Investigation Phase new Teams are formed in the Field only", a.agents, seat))
                if len(set(a.agents)) != len(a.agents):
                    out.append(_v("xfc.team_twice", "xfc.deployment.3", "an Agent is named twice", a.agents, seat))
            return out
        if isinstance(a, PlaceSite):
            return self._check_site(state, a, seat)
        if isinstance(a, PlaceBluff):
            out = self._whose(state, seat, ("bluffs",), "placing a Bluff", (a.piece, a.site))
            out += self._in_hand(state, a.piece, seat, "xfc.case.4")
            if a.site not in (r.get("sites") or {}) or a.site not in state.pieces:
                out.append(_v("xfc.not_a_site", "xfc.case.4", "Bluffs go beneath a Site in play", (a.site,), seat))
            if seat == active:
                out.append(_v("xfc.own_site", "xfc.case.4", "the Investigating Player does not bluff his own Sites",
                              (a.piece,), seat))
            return out
        if isinstance(a, Investigate):
            return self._check_investigate(state, a, seat)
        if isinstance(a, ResolveBluff):
            out = self._whose(state, seat, ("reveal",), "resolving a Bluff", (a.piece,))
            pending = r.get("bluffs") or []
            if not pending or pending[0] != a.piece:
                out.append(_v("xfc.bluff_order", "xfc.investigation.2", "resolve the revealed Bluffs in order",
                              (a.piece,), seat))
            elif a.pay:
                info = self.pinfo(state, a.piece)
                out += self._afford(state, seat, "cp", max(0, (info.cost or 0) - 1), info.name,
                                    "xfc.investigation.2", (a.piece,))
            return out
        if isinstance(a, PlayCard):
            return self._check_play(state, a, seat)
        if isinstance(a, AssignDamage):
            out = self._whose(state, seat, ("damage",), "assigning the Adversary's damage", (a.agent,))
            combat = r.get("combat") or {}
            if a.agent not in self.combatants(state):
                out.append(_v("xfc.damage_target", "xfc.combat.3", "the Adversary's damage goes to one Agent of the "
                              "Team who is not in the Hospital (or a Witness with Health fighting for it)", (a.agent,),
                              seat))
            if not combat:
                out.append(_v("xfc.no_combat", "xfc.combat.1", "there is no Combat", seat=seat))
            return out
        if isinstance(a, Ask):
            out = self._whose(state, seat, ("question", "penalty"), "a question")
            if not out and seat is not None and not any(q["token"] == a.token
                                                        for q in self.question_options(state, seat)):
                out.append(_v("xfc.no_question", "xfc.question.1", "that is not a question you may ask now "
                              "(one question, of the kind the Site names)", seat=seat))
            return out
        if isinstance(a, Guess):
            out = self._whose(state, seat, ("question", "penalty"), "a guess")
            if not out and seat is not None and not any(g["token"] == a.token for g in self.guess_options(state, seat)):
                rule = "xfc.options.1" if self.options["question_or_guess"] else "xfc.question.2"
                out.append(_v("xfc.no_guess", rule, "you may not guess now (one guess after a successful check)",
                              seat=seat))
            return out
        if isinstance(a, Discard):
            out = self._whose(state, seat, ("debrief",), "discarding", a.pieces)
            for pid in a.pieces:
                out += self._in_hand(state, pid, seat, "xfc.debriefing.1")
            return out
        return []

    def _sell_value(self, state: GameState, pid: str) -> int | None:
        info = self.pinfo(state, pid)
        if info.kind == "agent":
            return info.res
        if info.pool in ("RP", "*P") and isinstance(info.cost, int):
            return info.cost
        return None

    def _check_requisition(self, state: GameState, a: Requisition, seat: int | None) -> list[Violation]:
        out = self._whose(state, seat, ("requisition",), "requisitioning Equipment", (a.piece, a.agent))
        out += self._in_hand(state, a.piece, seat, "xfc.requisition.1")
        out += self._own_agent(state, a.agent, seat, "xfc.requisition.1")
        if a.piece not in state.pieces:
            return out
        info = self.pinfo(state, a.piece)
        if info.kind != "equipment":
            out.append(_v("xfc.not_equipment", "xfc.requisition.1", f"{info.name} is not Equipment", (a.piece,), seat))
        if out:
            return out
        where = [s for s in info.activators if s.lower() in SECTIONS]
        sec = self.section_of(state, a.agent)
        if where and sec.upper() not in where:
            out.append(_v("xfc.requisition_section", "xfc.requisition.1",
                          f"{info.name} is requisitioned by an Agent in the {' or '.join(w.title() for w in where)}; "
                          f"{self.ref(state, a.agent)} is in the {sec.title()}", (a.piece, a.agent), seat))
        if any(self.pinfo(state, q).name == info.name for q in self.gear(state, a.agent)):
            out.append(_v("xfc.one_item", "xfc.requisition.2", f"{self.ref(state, a.agent)} already has "
                          f"{info.name}", (a.piece, a.agent), seat))
        out += self._afford(state, seat, "rp", info.cost or 0, info.name, "xfc.chain.3", (a.piece,))
        return out

    def _check_exchange(self, state: GameState, a: Exchange, seat: int | None) -> list[Violation]:
        out = self._whose(state, seat, ("requisition",), "exchanging Equipment", (a.piece, a.agent))
        out += self._own_agent(state, a.agent, seat, "xfc.requisition.3")
        holder = state.pieces[a.piece].attached_to if a.piece in state.pieces else None
        if holder is None or self.pinfo(state, a.piece).kind != "equipment":
            out.append(_v("xfc.not_held", "xfc.requisition.3", f"{self.ref(state, a.piece)} is not Equipment "
                          "held by an Agent", (a.piece,), seat))
            return out
        out += self._own_agent(state, holder, seat, "xfc.requisition.3")
        if out:
            return out
        if not self._same_team(state, holder, a.agent):
            out.append(_v("xfc.exchange_team", "xfc.requisition.3", "Equipment passes between Agents of one Team (or "
                          "one section)", (a.piece, a.agent), seat))
        if any(self.pinfo(state, q).name == self.pinfo(state, a.piece).name for q in self.gear(state, a.agent)):
            out.append(_v("xfc.one_item", "xfc.requisition.2", f"{self.ref(state, a.agent)} already has one",
                          (a.piece, a.agent), seat))
        return out

    def _same_team(self, state: GameState, a: str, b: str) -> bool:
        if self.section_of(state, a) == self.section_of(state, b):
            return True
        for teams in (state.rules.get("teams") or {}).values():
            for team in teams:
                if a in team and b in team:
                    return True
        return False

    def _check_site(self, state: GameState, a: PlaceSite, seat: int | None) -> list[Violation]:
        out = self._whose(state, seat, ("sites",), "placing a Site", (a.piece,))
        out += self._in_hand(state, a.piece, seat, "xfc.case.1")
        if a.piece not in state.pieces:
            return out
        info = self.pinfo(state, a.piece)
        if info.kind != "site":
            out.append(_v("xfc.not_a_site", "xfc.case.1", f"{info.name} is not a Site", (a.piece,), seat))
        target = self._directed(state, a.at)
        if target is None or target == seat or target not in state.seats:
            out.append(_v("xfc.site_direction", "xfc.case.2", "a Site is directed at one opponent (name the seat)",
                          (a.piece,), seat))
        if info.name in (state.rules.get("site_names") or []):
            out.append(_v("xfc.identical_site", "xfc.case.3", f"{info.name} was already placed this turn",
                          (a.piece,), seat))
        pool = "cp" if info.pool == "CP" else "rp"
        out += self._afford(state, seat, pool, info.cost or 0, info.name, "xfc.case.1", (a.piece,))
        return out

    def _directed(self, state: GameState, at: int | None) -> int | None:
        if at is not None:
            return at
        opps = self.opponents(state, self.active(state))
        return opps[0] if len(opps) == 1 else None

    def _check_investigate(self, state: GameState, a: Investigate, seat: int | None) -> list[Violation]:
        r = state.rules
        out = self._whose(state, seat, ("assign",), "sending a Team to a Site", (a.site, *a.agents))
        sites = r.get("sites") or {}
        if a.site not in sites or a.site not in state.pieces or state.pieces[a.site].zone != f"field:{seat}":
            out.append(_v("xfc.not_your_site", "xfc.investigation.1", "a Team investigates a Site its player placed "
                          "in his Field", (a.site,), seat))
        if not a.agents:
            out.append(_v("xfc.empty_team", "xfc.investigation.1", "at least one Agent investigates", seat=seat))
        used = set(r.get("used") or [])
        for pid in a.agents:
            bad = self._own_agent(state, pid, seat, "xfc.investigation.1")
            if bad:
                out += bad
            elif self.section_of(state, pid) != "field":
                out.append(_v("xfc.not_in_field", "xfc.investigation.1", f"{self.ref(state, pid)} is not in the "
                              "Field", (pid,), seat))
            elif pid in used:
                out.append(_v("xfc.agent_used", "xfc.investigation.1", f"{self.ref(state, pid)} already took part "
                              "in an investigation this turn", (pid,), seat))
        if a.site in state.pieces and a.skill:
            options = [s for s, _ in self.pinfo(state, a.site).prerequisite]
            if canonical_skill(a.skill) not in options:
                out.append(_v("xfc.prerequisite_skill", "xfc.investigation.3", f"{self.ref(state, a.site)} is "
                              f"investigated with {' or '.join(options) or 'its own prerequisite'}", (a.site,), seat))
        return out

    def in_effect(self, state: GameState, seat: int) -> set[str]:
        """Activator words in effect for `seat` now: ACTIVE/CONSPIRACY, COMBAT, MULTIPLAYER and Keywords in play."""
        r = state.rules
        words = {"ACTIVE" if seat == self.active(state) else "CONSPIRACY"}
        if len(state.seats) > 2:
            words.add("MULTIPLAYER")
        if r.get("combat"):
            words.add("COMBAT")
            adv = r["combat"].get("adversary")
            if adv in state.pieces:
                words |= self.pinfo(state, adv).keywords
        check = r.get("check") or {}
        site = check.get("site")
        if site in state.pieces:
            kw = self.pinfo(state, site).keywords
            words |= kw
            words |= {f"{k} SITE" for k in kw}
            words.add("SITE")
        for pid in check.get("team", []):
            if pid in state.pieces:
                words |= self.pinfo(state, pid).keywords
        for entry in r.get("chain") or []:
            if entry.get("piece") in state.pieces:
                words |= self.pinfo(state, entry["piece"]).keywords
        words.add(PHASE_OF[self.step(state)].upper() + " PHASE")
        return words

    def pay_pool(self, state: GameState, info: CardInfo, seat: int, side: str = "") -> str:
        """The pool a card is paid from: RP for RP cards, CP for CP cards, *P from the side it helps."""
        if info.pool == "RP":
            return "rp"
        if info.pool == "CP":
            return "cp"
        if side in ("agents", "conspiracy"):
            return "rp" if side == "agents" else "cp"
        return "rp" if seat == self.active(state) else "cp"

    def _check_play(self, state: GameState, a: PlayCard, seat: int | None) -> list[Violation]:
        r = state.rules
        out = self._whose(state, seat, ("check", "aftermath"), "playing a card", (a.piece,))
        out += self._in_hand(state, a.piece, seat, "xfc.chain.6")
        if a.piece not in state.pieces or seat is None:
            return out
        info = self.pinfo(state, a.piece)
        if info.kind in ("agent", "site", "xfile", "equipment"):
            how = {"agent": "bought in the Deployment Phase", "site": "placed in the Case Assignment Phase",
                   "xfile": "never played", "equipment": "requisitioned"}[info.kind]
            out.append(_v("xfc.not_playable", "xfc.chain.6", f"{info.name} is {_article(info.kind)}: it is {how}",
                          (a.piece,), seat))
            return out
        combat = r.get("combat")
        if combat and info.kind != "combat":
            out.append(_v("xfc.combat_only", "xfc.chain.5", "only Combat cards are played during Combat", (a.piece,),
                          seat))
        if not combat and info.kind == "combat":
            out.append(_v("xfc.combat_only", "xfc.chain.5", "Combat cards are played during Combat", (a.piece,), seat))
        words = self.in_effect(state, seat)
        missing = [act for act in info.activators if act not in words]
        if missing:
            rule = "xfc.chain.2"
            out.append(_v("xfc.activator", rule, f"{info.name} needs {', '.join(m.title() for m in missing)} in "
                          "effect", (a.piece,), seat))
        active = self.active(state)
        directed = (r.get("check") or {}).get("directed")
        if info.pool == "RP" and seat != active and (len(state.seats) == 2 or seat == directed):
            out.append(_v("xfc.pool_side", "xfc.chain.3", f"{info.name} has an RP Cost: the Investigating Player "
                          "plays it", (a.piece,), seat))
        if info.pool == "CP" and seat == active:
            out.append(_v("xfc.pool_side", "xfc.chain.3", f"{info.name} has a CP Cost: only the Investigating "
                          "Player's opponents play it", (a.piece,), seat))
        if a.side and a.side not in ("agents", "conspiracy"):
            out.append(_v("xfc.bad_side", "xfc.chain.3", "a *P card helps the agents or the conspiracy", (a.piece,),
                          seat))
        if info.kind == "witness":
            used = (r.get("check") or {}).get("used", [])
            if info.ref in used or any(self.pinfo(state, e["piece"]).ref == info.ref for e in r.get("chain") or []
                                       if e.get("piece") in state.pieces):
                out.append(_v("xfc.witness_twice", "xfc.chain.4", f"{info.name} was already used in this skill check",
                              (a.piece,), seat))
        if info.alternatives and not 1 <= a.choice <= len(info.alternatives):
            named = "; ".join(f"{i} {t}" for i, t in enumerate(info.alternatives, 1))
            out.append(_v("xfc.alternately", "xfc.chain.7", f"{self.ref(state, a.piece)} offers a choice: name the effect you use "
                          f"({named})", (a.piece,), seat))
        elif not info.alternatives and a.choice:
            out.append(_v("xfc.alternately", "xfc.chain.7", f"{self.ref(state, a.piece)} offers no choice of effects", (a.piece,),
                          seat))
        # no affordability check: manual p.14, a card its owner cannot pay for goes to the Discard (see _play)
        return out

    def can_pay(self, state: GameState, a: PlayCard, seat: int) -> bool:
        """Whether `seat` can pay for playing `a` now (an unpaid card is discarded, so hints and bots skip it)."""
        info = self.pinfo(state, a.piece)
        cost = max(0, a.x) + info.cost_extra if info.cost is None else info.cost
        return self._pool_of(state, seat, self.pay_pool(state, info, seat, a.side)) >= cost

    def _check_hospitalize(self, state: GameState, a: Hospitalize, seat: int | None) -> list[Violation]:
        if a.agent in state.pieces and self.pinfo(state, a.agent).kind == "agent" and self.health(state, a.agent) == 0:
            return []
        return [_v("xfc.hospital", "xfc.combat.4", "only an Agent at 0 Health is sent to the Hospital by the rules",
                   (a.agent,), seat)]

    def _check_generic(self, state: GameState, action: Action, seat: int | None) -> list[Violation]:
        """Hand-made table actions: fine when they are what a rule lets the player do now, else named."""
        out: list[Violation] = []
        step = self.step(state)
        cards = [p for p in action.piece_names() if p in state.pieces and state.pieces[p].kind == "card"]
        if isinstance(action, A.Move):
            dst = state.zones.get(action.to)
            for pid in cards:
                src = state.zones[state.pieces[pid].zone]
                if dst is None or src.name == dst.name:
                    continue
                if src.kind == "hand" and dst.kind == "discard" and src.owner == dst.owner == seat \
                        and step == "debrief":
                    continue
                if src.kind in SECTIONS and dst.kind in SECTIONS and self.pinfo(state, pid).kind == "agent":
                    if step != "deployment" or seat != self.active(state) or src.owner != dst.owner:
                        out.append(_v("xfc.deploy_timing", "xfc.deployment.1", "Agents change sections in their "
                                      "player's Deployment Phase", (pid,), seat))
                    elif src.kind == "hospital" and not self.can_leave_hospital(state, pid):
                        out.append(_v("xfc.hospital_exit", "xfc.deployment.2", f"{self.ref(state, pid)} cannot "
                                      "leave the Hospital yet", (pid,), seat))
                    continue
                if src.kind == "xfile" or dst.kind == "xfile":
                    out.append(_v("xfc.xfile", "xfc.setup.1", "the X-File stays face down by its player", (pid,),
                                  seat))
                    continue
                out.append(_v("xfc.hand_move", "xfc.effect.1", f"moving {self.ref(state, pid)} from "
                              f"{src.label or src.kind} to {dst.label or dst.kind} is no rule's doing: use the rules "
                              "actions, or the manual effect to apply a card's text", (pid,), seat))
        elif isinstance(action, (A.Draw, A.Deal)):
            out.append(_v("xfc.draw", "xfc.briefing.1", "cards are drawn by the free draw and by buying them in the "
                          "Briefing Phase", seat=seat))
        elif isinstance(action, (A.SetCounter, A.AddCounter)):
            if action.piece is None and action.name in ("rp", "cp"):
                out.append(_v("xfc.pool", "xfc.chain.3", "pools change by paying, RES, selling and buying; apply card "
                              "text with the manual effect", seat=seat))
            elif action.piece is not None and action.name == "damage":
                out.append(_v("xfc.damage", "xfc.combat.2", "damage comes from Combat; apply card text with the manual "
                              "effect", (action.piece,), seat))
        elif isinstance(action, (A.Flip, A.Reveal)):
            for pid in cards:
                kind = state.zones[state.pieces[pid].zone].kind
                if kind == "xfile":
                    out.append(_v("xfc.xfile", "xfc.question.3", "the X-File stays hidden; questions are answered by "
                                  "the engine", (pid,), seat))
                elif kind == "deck":
                    out.append(_v("xfc.deck_hidden", "xfc.setup.3", "the Bureau Deck stays face down", (pid,), seat))
                elif isinstance(action, A.Flip):  # a Bluff beneath a Site is turned up by the rules, nobody's hand
                    out.append(_v("xfc.flip", "xfc.effect.1", f"turning {self.ref(state, pid)} over is no rule's "
                                  "doing: use the rules actions, or the manual effect to apply a card's text",
                                  (pid,), seat))
        elif isinstance(action, (A.LookTop, A.Search)):
            zone = state.zones.get(action.zone)
            if zone is not None and zone.kind in ("deck", "xfile"):
                out.append(_v("xfc.deck_hidden", "xfc.setup.3", f"nobody looks into the {zone.label}", seat=seat))
        elif isinstance(action, A.Shuffle):
            zone = state.zones.get(action.zone)
            if zone is not None and zone.kind != "deck":
                out.append(_v("xfc.shuffle", "xfc.setup.3", "only a Bureau Deck is shuffled", seat=seat))
        elif isinstance(action, A.CreatePiece) and action.kind == "card":
            out.append(_v("xfc.new_card", "xfc.setup.1", "every card comes from a player's deck", seat=seat))
        return out

    # ------------------------------------------------------------------------------------------ reduce

    def reduce(self, state: GameState, action: Action, seat: int | None, tx: Tx) -> bool:
        handler = _REDUCERS.get(type(action))
        if handler is None:
            return False
        if seat is None and not isinstance(action, (Hospitalize, KillerWin)):
            raise ActionError("spectator", "spectators do not play")
        for pid in action.piece_names():
            if pid not in state.pieces:
                raise ActionError("unknown_piece", f"there is no piece {pid!r}")
        handler(self, state, action, seat, tx)
        return True

    # -- shared moves --

    def _draw(self, state: GameState, seat: int, n: int, tx: Tx) -> int:
        deck, discard, hand = f"deck:{seat}", f"discard:{seat}", f"hand:{seat}"
        drawn = 0
        for _ in range(n):
            if not state.zones[deck].pieces:
                if not state.zones[discard].pieces:
                    break
                for pid in list(state.zones[discard].pieces):
                    tx.move(pid, deck)
                    if state.pieces[pid].counters:
                        tx.change(pid, counters={})
                tx.shuffle(deck)
                tx.note("xfc.reshuffle", seat, "shuffles the Discard Pile into a new Bureau Deck")
            tx.move(state.zones[deck].pieces[0], hand, by=seat)
            drawn += 1
            self._return_abducted(state, tx)
        return drawn

    def _return_abducted(self, state: GameState, tx: Tx) -> None:
        """An abducted Agent whose covering cards are all drawn goes to the Hospital at once, undamaged."""
        abducted = list(state.rules.get("abducted") or [])
        for pid in list(abducted):
            piece = state.pieces.get(pid)
            if piece is None or state.zones[piece.zone].kind != "deck":
                abducted.remove(pid)
                continue
            if state.zones[piece.zone].pieces[0] == pid:
                abducted.remove(pid)
                tx.move(pid, f"hospital:{self._owner(state, pid)}", face_up=True)
                tx.note("xfc.abduction_return", self._owner(state, pid), f"{self.ref(state, pid)} returns from "
                        "the abduction to the Hospital", {"piece": pid})
        if abducted != list(state.rules.get("abducted") or []):
            tx.set_rule("abducted", abducted)

    def _to_discard(self, state: GameState, pid: str, tx: Tx) -> None:
        owner = self._owner(state, pid)
        for q in state.attached(pid):
            self._to_discard(state, q, tx)
        tx.move(pid, f"discard:{owner}", face_up=True)
        if state.pieces[pid].counters:
            tx.change(pid, counters={})

    def _move_agent(self, state: GameState, pid: str, section: str, tx: Tx) -> None:
        """Move an Agent with its Equipment (which stays attached)."""
        owner = self._owner(state, pid)
        gear = state.attached(pid)
        dst = f"{section}:{owner}"
        tx.move(pid, dst)
        host = state.pieces[pid]
        for i, q in enumerate(gear):
            index = state.zones[dst].pieces.index(pid) + 1 + i
            tx.move(q, dst, index=index, x=host.x + ATTACH_OFFSET * (i + 1), y=host.y + ATTACH_OFFSET * (i + 1))
            tx.change(q, attached_to=pid)

    def _attach(self, state: GameState, pid: str, host: str, tx: Tx, *, face_up: bool = True,
                by: int | None = None) -> None:
        h = state.pieces[host]
        zone = state.zones[h.zone]
        n = len(state.attached(host))
        index = zone.pieces.index(host) + 1 + n
        tx.move(pid, h.zone, index=index, x=h.x + ATTACH_OFFSET * (n + 1), y=h.y + ATTACH_OFFSET * (n + 1),
                face_up=face_up, by=by)
        tx.change(pid, attached_to=host)

    def _pay(self, state: GameState, seat: int, pool: str, amount: int, tx: Tx) -> None:
        if amount:
            tx.add_player_counter(seat, pool, -amount)

    def _goto(self, state: GameState, step: str, tx: Tx) -> None:
        tx.set_rule("step", step)

    # -- Briefing --

    def _collect_res(self, state: GameState, tx: Tx) -> None:
        seat = self.active(state)
        res = sum(self.pinfo(state, p).res for p in self.agents(state, seat, ("bureau", "field")))
        total = tx.add_player_counter(seat, "rp", res)
        tx.note("xfc.res", seat, f"adds {res} RES to the Resource Pool ({total} RP)", {"res": res, "rp": total})
        self._goto(state, "buy", tx)

    def _start_selling(self, state: GameState, tx: Tx) -> None:
        opps = self.opponents(state, self.active(state))
        tx.set_rule("seller", opps[0])
        self._goto(state, "sell", tx)

    def _next_seller(self, state: GameState, tx: Tx) -> None:
        opps = self.opponents(state, self.active(state))
        cur = state.rules.get("seller")
        i = opps.index(cur) + 1 if cur in opps else len(opps)
        if i < len(opps):
            tx.set_rule("seller", opps[i])
            return
        tx.del_rule("seller")
        self._healing(state, tx)

    def _healing(self, state: GameState, tx: Tx) -> None:
        """Every Agent in every player's Hospital heals (manual p.8: "applies to all Agents in the Hospital")."""
        for owner in state.seats:
            for pid in self.agents(state, owner, ("hospital",)):
                dmg = self.damage(state, pid)
                if dmg <= 0:
                    continue
                heal = 1 if (self.pinfo(state, pid).health or 0) <= 3 else 2
                new = max(0, dmg - heal)
                self._set_damage(state, pid, new, tx)
                tx.note("xfc.heal", owner, f"{self.ref(state, pid)} heals {dmg - new} in the Hospital "
                        f"({self.health(state, pid)} Health)", {"piece": pid, "healed": dmg - new})
        self._goto(state, "requisition", tx)

    def _set_damage(self, state: GameState, pid: str, value: int, tx: Tx) -> None:
        counters = dict(state.pieces[pid].counters)
        if value > 0:
            counters["damage"] = value
        else:
            counters.pop("damage", None)
        tx.change(pid, counters=counters)

    # -- turn end --

    def _end_investigation(self, state: GameState, tx: Tx) -> None:
        r = state.rules
        sites = dict(r.get("sites") or {})
        for pid in list(sites):
            if pid not in state.pieces or state.zones[state.pieces[pid].zone].kind != "field":
                sites.pop(pid)
                continue
            if not state.attached(pid) and sites[pid].get("owner", self.active(state)) == self.active(state):
                self._to_discard(state, pid, tx)
                sites.pop(pid)
        tx.set_rule("sites", sites)
        for pid in list(r.get("hired") or []):
            if pid in state.pieces and state.zones[state.pieces[pid].zone].kind in SECTIONS:
                self._to_discard(state, pid, tx)
                tx.note("xfc.hired_leaves", self.active(state), f"{self.ref(state, pid)} leaves at the "
                        "Debriefing (xfc.debriefing.2)", {"piece": pid})
        tx.set_rule("hired", [])
        tx.set_rule("discarder", self.active(state))
        self._goto(state, "debrief", tx)

    def _next_discarder(self, state: GameState, tx: Tx) -> None:
        active = self.active(state)
        cur = state.rules.get("discarder", active)
        nxt = self._left(state, cur)
        if nxt != active:
            tx.set_rule("discarder", nxt)
            return
        self._next_turn(state, tx)

    def _next_turn(self, state: GameState, tx: Tx) -> None:
        r = state.rules
        turn = int(r.get("turn", 1)) + 1
        cap = self.options["max_turns"]
        if cap and turn > cap:
            self._end(state, tx, None, "the turn cap is reached: the game ends in a draw")
            return
        for key in ("discarder", "drawn", "moved", "used", "site_names", "check", "chain", "bluffs", "combat",
                    "question", "penalty", "priority", "passed", "suggestions", "bluffer", "seller"):
            tx.del_rule(key)
        tx.set_rule("turn", turn)
        tx.set_rule("active", self._left(state, self.active(state)))
        self._goto(state, "draw", tx)
        tx.note("xfc.turn", self.active(state), f"turn {turn}: {self._seat_name(state, self.active(state))} "
                "investigates", {"turn": turn})

    def _end(self, state: GameState, tx: Tx, winner: int | None, text: str) -> None:
        tx.set_rule("over", True)
        tx.set_rule("winner", winner)
        tx.note("xfc.win" if winner is not None else "xfc.draw", winner, text)

    # -- chains --

    def _open_window(self, state: GameState, tx: Tx, first: int) -> None:
        tx.set_rule("priority", first)
        tx.set_rule("passed", 0)

    def _chain(self, state: GameState) -> list[dict[str, Any]]:
        return list(state.rules.get("chain") or [])

    def _level(self, state: GameState) -> int:
        combat = state.rules.get("combat")
        return int(combat.get("id", 1)) if combat else 0

    def _resolve_top(self, state: GameState, tx: Tx) -> None:
        chain = self._chain(state)
        entry = chain.pop()
        tx.set_rule("chain", chain)
        pid = entry["piece"]
        owner = entry.get("seat", self._owner(state, pid))
        info = self.pinfo(state, pid)
        choice = int(entry.get("choice") or 0)
        if 1 <= choice <= len(info.alternatives):  # xfc.chain.7: only the effect named when it was played
            info = dataclasses.replace(info, text=info.alternatives[choice - 1])
        if info.kind == "adversary" and not info.combative:
            # xfc.combat.6: N/A throughout (a phenomenon such as an abduction): no Combat; its text is applied by hand
            self._to_discard(state, pid, tx)
            tx.note("xfc.resolve", owner, f"{info.name} has no combat values and starts no Combat (xfc.combat.6)"
                    + (f"; apply by hand: {info.text}" if info.text else ""), {"piece": pid})
            self._offer(state, tx, owner, pid, info)
            self._open_window(state, tx, owner)
            return
        if info.kind == "adversary":
            combat = {"adversary": pid, "owner": owner, "round": "lrc", "number": 1,
                      "id": int(state.rules.get("combats", 0)) + 1, "mods": {"agents": 0, "adversary": 0}}
            tx.set_rule("combats", combat["id"])
            tx.set_rule("combat", combat)
            tx.note("xfc.combat", owner, f"{info.name} attacks: Combat begins with a Long Range round",
                    {"piece": pid})
            self._open_window(state, tx, owner)
            self._offer(state, tx, owner, pid, info)
            return
        check = state.rules.get("check")
        if info.kind == "witness" and info.health and check and owner == self.active(state):
            # xfc.combat.7: it stays beside the Team as a combatant until the Site is done
            tx.move(pid, f"field:{owner}", face_up=True)
            tx.set_rule("check", {**check, "witnesses": [*check.get("witnesses", []), pid]})
            tx.note("xfc.witness_joins", owner, f"{info.name} (Health {info.health}) stands with the Team and fights "
                    "as an Agent in Combat (xfc.combat.7)", {"piece": pid})
        elif info.has("RESOURCE"):
            tx.move(pid, f"bureau:{owner}", face_up=True)
        else:
            self._to_discard(state, pid, tx)
        tx.note("xfc.resolve", owner, f"{info.name} resolves" + (f"; apply by hand: {info.text}" if info.text else ""),
                {"piece": pid})
        self._offer(state, tx, owner, pid, info)
        self._open_window(state, tx, owner)

    def _offer(self, state: GameState, tx: Tx, seat: int, pid: str, info: CardInfo) -> None:
        effects = suggested_effects(info)
        if effects:
            sugg = list(state.rules.get("suggestions") or [])
            sugg.append({"seat": seat, "piece": pid, "effects": [_effect_dict(e) for e in effects]})
            tx.set_rule("suggestions", sugg)

    def _window_closed(self, state: GameState, tx: Tx) -> None:
        r = state.rules
        tx.del_rule("priority")
        tx.del_rule("passed")
        tx.del_rule("suggestions")
        step = self.step(state)
        combat = r.get("combat")
        if combat and step == "check":
            self._combat_damage(state, tx)
        elif combat and step == "aftermath":
            self._combat_round_end(state, tx)
        elif step == "check":
            self._finish_check(state, tx)

    # -- skill check --

    def _finish_check(self, state: GameState, tx: Tx) -> None:
        r = state.rules
        check = dict(r.get("check") or {})
        total = self.check_total(state) or 0
        need = int(check.get("need", 0))
        site = check.get("site")
        standing = any(self.section_of(state, p) != "hospital" for p in check.get("team", []) if p in state.pieces)
        ok = total >= need and standing
        lowered = self.pinfo(state, site).lowered if site in state.pieces else None
        low = not ok and standing and lowered is not None and total >= lowered[2]
        active = self.active(state)
        result = "success" if ok else (f"the lowered {lowered[2]}+ is met: one question only, whether the "
                                       f"{lowered[0].upper()} is {lowered[1]} (xfc.question.6)" if low else "failure")
        tx.note("xfc.check", active, f"{self.ref(state, site)}: {check.get('skill')} {total} against {need}+: "
                + result, {"site": site, "total": total, "need": need, "success": ok, "lowered": bool(low)})
        if ok or low:
            q: dict[str, Any] = {"asked": False, "guessed": False}
            if low:
                q["only"] = [lowered[0], lowered[1]]
            tx.set_rule("question", q)
            self._goto(state, "question", tx)
        else:
            self._close_site(state, tx)

    def _close_site(self, state: GameState, tx: Tx) -> None:
        r = state.rules
        site = (r.get("check") or {}).get("site")
        if site in state.pieces and state.zones[state.pieces[site].zone].kind == "field":
            self._to_discard(state, site, tx)
        for pid in (r.get("check") or {}).get("witnesses", []):
            if pid in state.pieces and self.section_of(state, pid) == "field":
                self._to_discard(state, pid, tx)
        sites = dict(r.get("sites") or {})
        sites.pop(site, None)
        tx.set_rule("sites", sites)
        for key in ("check", "question", "penalty", "chain", "combat", "bluffs"):
            tx.del_rule(key)
        self._goto(state, "assign", tx)

    # -- combat --

    def _combat_damage(self, state: GameState, tx: Tx) -> None:
        r = state.rules
        combat = dict(r["combat"])
        rnd = combat.get("round", "lrc")
        skill = "Long Range Combat" if rnd == "lrc" else "Close Range Combat"
        team = self.combatants(state)
        mods = combat.get("mods") or {}
        agents_dmg = max(0, sum(self.agent_skill(state, p, skill) for p in team) + int(mods.get("agents", 0)))
        adv = combat["adversary"]
        adv_skill = self.pinfo(state, adv).skills.get(skill)
        adv_dmg = max(0, (adv_skill if isinstance(adv_skill, int) else 0) + int(mods.get("adversary", 0)))
        combat["pending"] = {"agents": agents_dmg, "adversary": adv_dmg}
        tx.set_rule("combat", combat)
        if skill in self.pinfo(state, adv).special:
            tx.note("xfc.special", combat.get("owner"), f"{self.ref(state, adv)}'s {skill} is Special: its text "
                    "gives the value; apply it by hand with a combat effect", {"piece": adv, "skill": skill})
        if adv_dmg > 0 and team:
            if len(team) == 1:
                self._deal_damage(state, tx, team[0])
            else:
                self._goto(state, "damage", tx)
        else:
            self._deal_damage(state, tx, None)

    def _deal_damage(self, state: GameState, tx: Tx, target: str | None) -> None:
        r = state.rules
        combat = dict(r["combat"])
        pending = combat.pop("pending", {"agents": 0, "adversary": 0})
        adv = combat["adversary"]
        adv_info = self.pinfo(state, adv)
        adv_health = adv_info.health or 0
        before = self.damage(state, adv)
        label = "Long Range" if combat.get("round") == "lrc" else "Close Range"
        text = f"{label} round {combat.get('number', 1)}: the Agents deal {pending['agents']} to {self.ref(state, adv)} "
        if adv_info.health_na:  # xfc.combat.6: damage does not kill it
            text += "(Health N/A: damage does not kill it)"
        else:
            self._set_damage(state, adv, min(adv_health, before + pending["agents"]), tx)
            text += f"({max(0, adv_health - before - pending['agents'])} Health left)"
        if target is not None:
            printed = self.pinfo(state, target).health or 0
            self._set_damage(state, target, min(printed, self.damage(state, target) + pending["adversary"]), tx)
            text += f"; {self.ref(state, target)} takes {pending['adversary']} ({self.health(state, target)} Health)"
        tx.note("xfc.damage", combat.get("owner"), text, {"agents": pending["agents"],
                "adversary": pending["adversary"], "target": target})
        tx.set_rule("combat", combat)
        self._goto(state, "aftermath", tx)
        self._open_window(state, tx, self.active(state))

    def _combat_round_end(self, state: GameState, tx: Tx) -> None:
        r = state.rules
        combat = dict(r["combat"])
        team = [p for p in (r.get("check") or {}).get("team", []) if p in state.pieces]
        for pid in team:
            if self.section_of(state, pid) != "hospital" and self.health(state, pid) == 0:
                self._move_agent(state, pid, "hospital", tx)
                tx.note("xfc.hospital", self._owner(state, pid), f"{self.ref(state, pid)} is at 0 Health and goes "
                        "to the Hospital", {"piece": pid})
        for pid in (r.get("check") or {}).get("witnesses", []):
            if pid in state.pieces and self.section_of(state, pid) == "field" and self.health(state, pid) == 0:
                self._to_discard(state, pid, tx)
                tx.note("xfc.witness_down", self._owner(state, pid), f"{self.ref(state, pid)} is at 0 Health and "
                        "goes to the Discard (xfc.combat.7)", {"piece": pid})
        adv = combat["adversary"]
        dead = adv in state.pieces and not self.pinfo(state, adv).health_na and self.health(state, adv) == 0
        standing = [p for p in team if self.section_of(state, p) != "hospital"]
        standing += [p for p in (r.get("check") or {}).get("witnesses", []) if p in state.pieces
                     and self.section_of(state, p) == "field" and self.health(state, p) > 0]
        if dead or not standing or adv not in state.pieces:
            self._end_combat(state, tx, "the Adversary is killed" if dead else "every Agent is in the Hospital")
            return
        combat.update(round="crc", number=int(combat.get("number", 1)) + 1, mods={"agents": 0, "adversary": 0})
        tx.set_rule("combat", combat)
        self._goto(state, "check", tx)
        self._open_window(state, tx, combat["owner"])

    def _end_combat(self, state: GameState, tx: Tx, why: str) -> None:
        combat = state.rules.get("combat") or {}
        adv = combat.get("adversary")
        chain = [e for e in self._chain(state) if int(e.get("combat", 0)) != int(combat.get("id", -1))]
        tx.set_rule("chain", chain)
        tx.del_rule("combat")
        if adv in state.pieces and state.zones[state.pieces[adv].zone].kind == "chain":
            self._to_discard(state, adv, tx)
        tx.note("xfc.combat_end", combat.get("owner"), f"Combat ends: {why}", {"piece": adv})
        self._goto(state, "check", tx)
        self._open_window(state, tx, self.active(state))

    # -- answers --

    def _answer(self, state: GameState, tx: Tx, asker: int, about: int, row: dict[str, Any], text: str) -> None:
        answers = dict(state.rules.get("answers") or {})
        mine = list(answers.get(str(asker), []))
        mine.append(row)
        answers[str(asker)] = mine
        tx.set_rule("answers", answers)
        tx.note("xfc.answer", asker, text, dict(row), private=(asker, about))

    def xfile_of(self, state: GameState, seat: int) -> str | None:
        zone = state.zones.get(f"xfile:{seat}")
        return zone.pieces[0] if zone is not None and zone.pieces else None

    # ------------------------------------------------------------------------------------------ after

    def agents_in_play(self, state: GameState, seat: int) -> list[str]:
        """`seat`'s Agents still in the game: in a section, or abducted into the Bureau Deck (they come back)."""
        abducted = [p for p in state.rules.get("abducted") or [] if p in state.pieces and self._owner(state, p) == seat]
        return self.agents(state, seat) + abducted

    def killer_winner(self, state: GameState) -> int | None:
        """The one player with Agents in play while every opponent has none (the killer_win house rule), or None."""
        standing = [s for s in state.seats if self.agents_in_play(state, s)]
        return standing[0] if len(standing) == 1 and len(state.seats) > 1 else None

    def after(self, state: GameState, events: list[Event], seat: int | None) -> Iterable[tuple[Action, int | None]]:
        r = state.rules
        if r.get("over"):
            return ()
        if self.options["killer_win"]:
            winner = self.killer_winner(state)
            if winner is not None:
                return [(KillerWin(winner), None)]
        if r.get("combat") or self.step(state) in ("damage", "aftermath"):
            return ()
        for s in state.seats:
            for pid in self.agents(state, s, ("bureau", "field")):
                if (self.pinfo(state, pid).health or 0) > 0 and self.health(state, pid) == 0:
                    return [(Hospitalize(pid), None)]
        return ()

    # ------------------------------------------------------------------------------------------ legal actions

    def generate_actions(self, state: GameState, seat: int | None) -> Iterator[Action]:
        """Actions that make progress for `seat` now; a pass is always among them when the decision is `seat`'s."""
        r = state.rules
        if seat is None or r.get("over") or self.decision(state) != seat:
            return
        step = self.step(state)
        gen = _GENERATORS.get(step)
        if gen is not None:
            yield from gen(self, state, seat)
        if step not in ("reveal", "damage") and not (step == "debrief" and len(
                state.zones[f"hand:{seat}"].pieces) > self.options["hand_max"]):
            yield Pass()

    def suggestion_actions(self, state: GameState, seat: int) -> list[ManualEffect]:
        """The pending suggested effects of `seat`'s resolved cards, as manual effects ready to confirm."""
        out: list[ManualEffect] = []
        for sug in state.rules.get("suggestions") or []:
            if sug.get("seat") != seat:
                continue
            src = sug.get("piece")
            for e in sug.get("effects", []):
                out += self._expand(state, seat, src, e)
        return out

    def _expand(self, state: GameState, seat: int, src: str, e: Mapping[str, Any]) -> list[ManualEffect]:
        r = state.rules
        kind = e.get("kind")
        text = e.get("text", "")
        check = r.get("check") or {}
        if kind == "skill":
            if not check or (e.get("skill") and e.get("skill") != check.get("skill")):
                return []
            return [ManualEffect("skill", int(e.get("amount", 0)), source=src, text=text)]
        if kind == "damage":
            team = [*(check.get("team") or self.agents(state, seat)), *check.get("witnesses", [])]
            return [ManualEffect("damage", int(e.get("amount", 0)), piece=p, source=src, text=text) for p in team
                    if p in state.pieces and self.damage(state, p) > 0]
        if kind == "negate":
            kw = e.get("keyword", "")
            targets = [x["piece"] for x in r.get("chain") or [] if x.get("piece") in state.pieces]
            combat = r.get("combat")
            if combat:
                targets.append(combat["adversary"])
            return [ManualEffect("negate", piece=p, source=src, text=text) for p in targets
                    if p != src and self.pinfo(state, p).has(kw)]
        if kind == "combat" and r.get("combat"):
            return [ManualEffect("combat", int(e.get("amount", 0)), side=e.get("side") or "agents", source=src,
                                 text=text)]
        return []

    # ------------------------------------------------------------------------------------------ status

    def status(self, state: GameState, seat: int | None) -> dict[str, Any]:
        r = state.rules
        if "active" not in r and "step" not in r:
            return {"ruleset": self.name}
        step = self.step(state)
        active = self.active(state)
        decision = self.decision(state)
        names = {p.seat: p.name for p in state.players}
        out: dict[str, Any] = {
            "ruleset": self.name,
            "turn": r.get("turn", 1),
            "first": r.get("first"),
            "active": active,
            "phase": PHASE_OF[step],
            "step": step,
            "step_label": STEP_LABELS[step],
            "decision": decision,
            "over": bool(r.get("over")),
            "winner": r.get("winner"),
            "scores": [1 if r.get("winner") == s else 0 for s in state.seats],
            "score_name": "X-Files identified",
            "pools": {str(s): {"rp": self._pool_of(state, s, "rp"), "cp": self._pool_of(state, s, "cp")}
                      for s in state.seats},
            "agents": {str(s): [self._agent_row(state, p) for p in self.agents(state, s)] for s in state.seats},
            "sites": [self._site_row(state, pid, d, seat) for pid, d in (r.get("sites") or {}).items()
                      if pid in state.pieces],
            "chain": [self._chain_row(state, e) for e in self._chain(state) if e.get("piece") in state.pieces],
            "priority": r.get("priority"),
        }
        check = r.get("check")
        if check:
            site = check.get("site")
            total = self.check_total(state)
            out["check"] = {
                "site": site, "site_name": self.name_of(state, site), "skill": check.get("skill"),
                "need": check.get("need"), "directed": check.get("directed"),
                "team": [{"piece": p, "name": self.name_of(state, p), "skill": self.agent_skill(state, p,
                          check.get("skill", "")), "in_hospital": self.section_of(state, p) == "hospital"}
                         for p in check.get("team", []) if p in state.pieces],
                "base": self.team_skill(state, check.get("team", []), check.get("skill", "")),
                "mods": list(check.get("mods", [])),
                "total": total,
                "meets": total is not None and total >= int(check.get("need", 0)),
            }
        combat = r.get("combat")
        if combat and combat.get("adversary") in state.pieces:
            adv = combat["adversary"]
            info = self.pinfo(state, adv)
            out["combat"] = {"adversary": adv, "name": info.name, "owner": combat.get("owner"),
                             "round": combat.get("round"), "number": combat.get("number"),
                             "health": info.health, "damage": self.damage(state, adv),
                             "current": self.health(state, adv), "mods": dict(combat.get("mods") or {}),
                             "pending": combat.get("pending")}
        if seat is not None and seat in state.seats:
            out["notebook"] = self.notebook(state, seat)
            out["questions"] = self.question_options(state, seat)
            out["guesses"] = self.guess_options(state, seat)
            out["suggested"] = [a.to_dict() for a in self.suggestion_actions(state, seat)]
            if self.options["xfile_powers"]:
                out["powers"] = self.powers(state, seat)
        who = names.get(decision, decision)
        if out["over"]:
            w = r.get("winner")
            out["prompt"] = f"{names.get(w, w)} wins" if w is not None else "Draw"
        else:
            out["prompt"] = f"{STEP_LABELS[step]}: " + ("your decision" if decision == seat else f"{who} decides")
        return out

    def _agent_row(self, state: GameState, pid: str) -> dict[str, Any]:
        info = self.pinfo(state, pid)
        return {"piece": pid, "name": info.name, "section": self.section_of(state, pid), "health": info.health,
                "damage": self.damage(state, pid), "current": self.health(state, pid), "res": info.res,
                "equipment": [self.name_of(state, q) for q in self.gear(state, pid)],
                "hired": pid in (state.rules.get("hired") or [])}

    def _site_row(self, state: GameState, pid: str, d: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        info = self.pinfo(state, pid)
        return {"piece": pid, "name": info.name, "at": d.get("at"),
                "prerequisite": [{"skill": s, "need": n} for s, n in info.prerequisite],
                "asks": list(info.asks), "bluffs": len(state.attached(pid)),
                "skills": {s: self.team_skill(state, self.agents(state, self._owner(state, pid), ("field",)), s)
                           for s, _ in info.prerequisite}}

    def _chain_row(self, state: GameState, e: Mapping[str, Any]) -> dict[str, Any]:
        pid = e["piece"]
        return {"piece": pid, "name": self.name_of(state, pid), "seat": e.get("seat"), "pool": e.get("pool"),
                "paid": e.get("paid"), "combat": bool(e.get("combat"))}

    def powers(self, state: GameState, seat: int) -> list[dict[str, Any]]:
        """X-File powers of `seat`'s X-File unlocked by what each opponent knows (effects applied by hand)."""
        xf = self.xfile_of(state, seat)
        if xf is None:
            return []
        chars = self.pinfo(state, xf).characteristics
        out = []
        for opp in self.opponents(state, seat):
            known = self.notebook(state, opp)
            for o in known["opponents"]:
                if o["seat"] != seat:
                    continue
                for kind, value in o["known"].items():
                    if chars.get(kind) == value:
                        out.append({"opponent": opp, "kind": kind, "value": value})
        return out

    # ------------------------------------------------------------------------------------------ audit, decks

    def state_problems(self, state: GameState) -> list[str]:
        """What in the rule state this ruleset cannot read, each naming its field ("rules.combat.adversary: ...").

        The save loader asks `audit` when a file loads; a hand-edited state with problems is refused there, naming
        them, instead of loading and failing on the next play.
        """
        r = state.rules
        out: list[str] = []
        if "step" in r and r["step"] not in PHASE_OF:
            out.append(f"rules.step: {r['step']!r} is not a step ({', '.join(STEPS)})")
        for key in ("active", "first", "priority", "seller", "bluffer", "discarder"):
            if r.get(key) is not None and r[key] not in state.seats:
                out.append(f"rules.{key}: {r[key]!r} is no seat")
        check = r.get("check")
        if check is not None:
            if not isinstance(check, Mapping):
                out.append("rules.check: a mapping with site, team, skill, need and directed")
            else:
                if check.get("site") not in state.pieces:
                    out.append(f"rules.check.site: {check.get('site')!r} is no piece of this table")
                team = check.get("team", [])
                if not isinstance(team, list) or any(p not in state.pieces for p in team):
                    out.append("rules.check.team: a list of the investigating Agents' pieces")
                for key in ("need",):
                    if key in check and not isinstance(check[key], int):
                        out.append(f"rules.check.{key}: a whole number")
        chain = r.get("chain")
        if chain is not None:
            if not isinstance(chain, list):
                out.append("rules.chain: a list of {piece, seat, pool, paid, combat}")
            else:
                for i, e in enumerate(chain):
                    if not isinstance(e, Mapping) or e.get("piece") not in state.pieces:
                        out.append(f"rules.chain[{i}].piece: a piece of this table")
        combat = r.get("combat")
        if combat is not None:
            if not isinstance(combat, Mapping) or combat.get("adversary") not in state.pieces:
                out.append("rules.combat.adversary: the Adversary's piece (a Combat needs it)")
            elif combat.get("round", "lrc") not in ("lrc", "crc"):
                out.append(f"rules.combat.round: lrc or crc, not {combat.get('round')!r}")
        for key in ("sites", "answers", "guesses", "teams"):
            if r.get(key) is not None and not isinstance(r[key], Mapping):
                out.append(f"rules.{key}: a mapping")
        return out

    def audit(self, state: GameState) -> list[Violation]:
        """What on the table contradicts the rules now; a rule state it cannot read raises ValueError, by field."""
        problems = self.state_problems(state)
        if problems:
            raise ValueError("; ".join(problems))
        out: list[Violation] = []
        for p in state.players:
            for pool in ("rp", "cp"):
                if p.counters.get(pool, 0) < 0:
                    out.append(_v("xfc.negative_pool", "xfc.chain.3", f"{p.name}'s {pool.upper()} is below 0",
                                  seat=p.seat))
            if len(state.zones.get(f"xfile:{p.seat}", _EMPTY).pieces) != 1:
                out.append(_v("xfc.xfile_count", "xfc.team.4", f"{p.name} has no single X-File", seat=p.seat))
            for pid in self.agents(state, p.seat, ("bureau", "field")):
                if (self.pinfo(state, pid).health or 0) > 0 and self.health(state, pid) == 0 \
                        and not state.rules.get("combat"):
                    out.append(_v("xfc.hospital", "xfc.combat.4", f"{self.ref(state, pid)} is at 0 Health outside "
                                  "the Hospital", (pid,), p.seat))
        return out

    def deck_problems(self, deck: DeckList, library: CardLibrary | None = None) -> list[Violation]:
        """Everything that keeps a deck list from being a legal Advanced deck: sections deck, team and xfile."""
        if library is not None:
            self.library = library
            self._infos.clear()
            self._xfiles = None
        lib = self._lib()
        out: list[Violation] = []

        def info(ref: str) -> CardInfo | None:
            if ref not in lib:
                return None
            return self.info(ref)

        known = {name for name in deck.sections}
        for ref in dict.fromkeys(r for s in known for r in deck.expanded(s)):
            if info(ref) is None:
                out.append(_v("xfc.unknown_card", "xfc.deck.4", f"{ref} is not a card of the loaded sets", (ref,)))
        cards = deck.expanded("deck")
        if len(cards) < 60:
            out.append(_v("xfc.deck_size", "xfc.deck.1", f"the Bureau Deck has {len(cards)} cards; it needs at least "
                          "60 (starting Agents and the X-File not counted)"))
        titles: dict[str, int] = {}
        for ref in cards:
            i = info(ref)
            titles[i.name if i else ref] = titles.get(i.name if i else ref, 0) + 1
        for title, n in titles.items():
            if n > 2:
                out.append(_v("xfc.copies", "xfc.deck.2", f"{title}: {n} copies (at most 2 of any card)"))
        if not self.options["killer_cards"]:
            for ref in dict.fromkeys(cards + deck.expanded("team")):
                i = info(ref)
                if i is not None and i.has("KILLER"):
                    out.append(_v("xfc.killer", "xfc.deck.3", f"{i.name} is a KILLER card (option killer_cards is off)",
                                  (ref,)))
        team = deck.expanded("team")
        infos = [info(r) for r in team]
        if len(team) < 3:
            out.append(_v("xfc.team_size", "xfc.team.1", f"the Team has {len(team)} Agents; it needs at least 3"))
        for ref, i in zip(team, infos, strict=True):
            if i is not None and i.kind != "agent":
                out.append(_v("xfc.team_agent", "xfc.team.1", f"{i.name} in the Team is not an Agent", (ref,)))
        seen: set[str] = set()
        for i in infos:
            if i is not None and i.name in seen:
                out.append(_v("xfc.team_duplicate", "xfc.team.2", f"{i.name} is in the Team twice"))
            if i is not None:
                seen.add(i.name)
        cost = sum(i.cost or 0 for i in infos if i is not None)
        if cost > self.options["team_cost_max"]:
            out.append(_v("xfc.team_cost", "xfc.team.3", f"the Team's Agents cost {cost}; at most "
                          f"{self.options['team_cost_max']}"))
        xfiles = deck.expanded("xfile")
        if len(xfiles) != 1:
            out.append(_v("xfc.xfile", "xfc.team.4", f"a deck names exactly one X-File (an 'xfile' section); this one "
                          f"has {len(xfiles)}"))
        for ref in xfiles:
            i = info(ref)
            if i is not None and i.kind != "xfile":
                out.append(_v("xfc.xfile_type", "xfc.team.4", f"{i.name} is not an X-File", (ref,)))
        for ref in dict.fromkeys(cards):
            i = info(ref)
            if i is not None and i.kind == "xfile":
                out.append(_v("xfc.xfile_in_deck", "xfc.team.4", f"{i.name} is an X-File: it goes in the xfile "
                              "section, not the Bureau Deck", (ref,)))
        return out


class _Empty:
    pieces: list[str] = []


_EMPTY = _Empty()


def _article(kind: str) -> str:
    word = {"xfile": "X-File"}.get(kind, kind.title())
    return ("an " if word[0] in "AEIOUX" else "a ") + word


def _effect_dict(e: Effect) -> dict[str, Any]:
    return {k: v for k, v in (("kind", e.kind), ("amount", e.amount), ("skill", e.skill), ("keyword", e.keyword),
                              ("side", e.side), ("text", e.text)) if v not in ("", None)}


def _consistent(x: CardInfo, rows: list[dict[str, Any]]) -> bool:
    for a in rows:
        if "guess" in a:
            if bool(a.get("answer")) != (a["guess"] == x.name):
                return False
            continue
        has = (x.characteristics.get(a.get("kind", "")) or "").casefold() == str(a.get("value", "")).casefold()
        if has != bool(a.get("answer")):
            return False
    return True


