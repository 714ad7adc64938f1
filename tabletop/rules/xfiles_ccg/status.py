"""What the HUD, bots and clients read about an X-Files CCG game: a typed `Status`, with the pools, Agents, Sites,
chain, skill check, Combat, and for the reading seat its Notebook, its question and guess tokens and suggestions.

`StatusView` is a part with explicit inputs: the ruleset's name, the card part, the reading of Agents (Health,
skills, Equipment, sell values), the Notebook part, the move lister's words for the step
(`what_now`, `step_hint`), the text applied by hand (`suggestions`, one suggestion's `expand`ed effects) and the
options.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ...core.state import GameState
from ..kit import Status
from .actions import ACTIONS, Buy, FreeDraw, ManualEffect, Sell
from .moves import INVESTIGATOR_ONLY
from .notebook import Notebook
from .steps import PHASE_OF, STEP_LABELS
from .table import active, damage, decision, owner, pool_of, section_of, step
from .vocab_words import site_asks

#: an offered effect's row: the card it comes from, what it does, and what passing does with it
EFFECT_WORDS = ("Apply {source:effect_whose}{source}'s effect now ({source:effect_on_pass}): {kind} {amount:?}"
                "{piece: on |}{piece}{seat: for |}{seat}{to: to |}{to}{text: — |}{text}")

if TYPE_CHECKING:
    from .cards import CcgCards
    from .reading import Table

__all__ = ["HIDDEN_NAME", "StatusView", "scores"]

#: what the status says of a card the rules track that the seat cannot see
HIDDEN_NAME = "a face-down card"


def scores(state: GameState) -> list[int] | None:
    """`game_status(...).scores` without the rest of the status (the lab reads them at every turn change)."""
    r = state.rules
    if "active" not in r and "step" not in r:
        return None
    return [1 if r.get("winner") == s else 0 for s in state.seats]


class StatusView:
    """The game's status for a seat (the part `XFilesCCG.view`)."""

    #: the rule state read (`table.py`)
    step, active, decision, section_of = (staticmethod(step), staticmethod(active), staticmethod(decision),
                                          staticmethod(section_of))
    owner, pool_of, damage = staticmethod(owner), staticmethod(pool_of), staticmethod(damage)

    def __init__(self, name: str, cards: CcgCards, reading: Table, notes: Notebook,
                 what_now: Callable[[GameState, int | None], str], step_hint: Callable[[GameState, str], str],
                 suggestions: Callable[[GameState, int], list[ManualEffect]],
                 expand: Callable[[GameState, int, str, Mapping[str, Any]], list[ManualEffect]],
                 options: Mapping[str, Any]) -> None:
        self.name = name
        #: the card data (`site_asks` reads a Site's printed questions through it too) and the Agents' reads
        self.cards = cards
        self.pinfo, self.name_of, self.sell_value = cards.pinfo, cards.name_of, reading.sell_value
        self.agents, self.gear, self.health = reading.agents, reading.gear, reading.health
        self.agent_skill, self.team_skill, self.check_total = reading.agent_skill, reading.team_skill, reading.check_total
        self.notes = notes
        self.what_now, self.step_hint = what_now, step_hint
        self.suggestions, self.expand = suggestions, expand
        self.options = options

    def game_status(self, state: GameState, seat: int | None) -> Status:
        r = state.rules
        if "active" not in r and "step" not in r:
            return Status(self.name)
        step = self.step(state)
        active = self.active(state)
        decision = self.decision(state)
        over = bool(r.get("over"))
        status = Status(
            self.name, phase=PHASE_OF[step], step=step, turn=r.get("turn", 1), active=active,
            priority=r.get("priority"), scores=[1 if r.get("winner") == s else 0 for s in state.seats],
            score_name="X-Files identified", prompt=self.prompt(state, seat), over=over, winner=r.get("winner"))
        status.extra.update({
            "first": r.get("first"),
            "step_label": STEP_LABELS[step],
            "decision": decision,
            "what_now": self.what_now(state, seat),
            # the step in words for the status line: what the deciding seat may do
            "todo": None if over or decision is None else
            self.step_hint(state, step) if decision == seat else self.step_hint(state, step).replace("your ", "their ") + (
                # why a waiting seat is not asked, in the rules panel's first line (its what-now says it too)
                " (the Investigating Player's step: you do it in your own turn)"
                if step in INVESTIGATOR_ONLY and step not in ("draw", "buy") and seat in state.seats else ""),
            "pools": {str(s): {"rp": self.pool_of(state, s, "rp"), "cp": self.pool_of(state, s, "cp")}
                      for s in state.seats},
            "agents": {str(s): [self._agent_row(state, p, seat) for p in self.agents(state, s)] for s in state.seats},
            # the Teams each seat formed (public: formed openly and logged), by Agent, so the board shows them
            "teams": {str(s): self._team_rows(state, s, seat) for s in state.seats},
            "sites": [self._site_row(state, pid, d, seat) for pid, d in (r.get("sites") or {}).items()
                      if pid in state.pieces],
            "chain": [self._chain_row(state, e, seat) for e in r.get("chain") or () if e.get("piece") in state.pieces],
        })
        check = r.get("check")
        if check:
            status.extra["check"] = self._check_row(state, check, seat)
        combat = r.get("combat")
        if combat and combat.get("adversary") in state.pieces:
            status.extra["combat"] = self._combat_row(state, combat, seat)
        if seat is not None and seat in state.seats:
            status.extra.update(self.move_words(state, seat))
            status.extra["notebook"] = self.notes.notebook(state, seat)
            status.extra["questions"] = self.notes.question_options(state, seat)
            status.extra["guesses"] = self.notes.guess_options(state, seat)
            status.extra["suggested"] = [a.to_dict() for a in self.suggestions(state, seat)]
            if self.options["xfile_powers"]:
                status.extra["powers"] = self.notes.powers(state, seat)
        return status

    def move_words(self, state: GameState, seat: int) -> dict[str, Any]:
        """How the window words `seat`'s moves now (what is bought, with what, what it costs), for `move_words`:
        templates per action type, and the costs and sell values of the cards in the seat's own hand."""
        step = self.step(state)
        pool = "CP" if step == "sell" else "RP"
        costs: dict[str, str] = {}
        sells: dict[str, str] = {}
        for pid in state.zones[f"hand:{seat}"].pieces if f"hand:{seat}" in state.zones else ():
            info = self.pinfo(state, pid)
            paid = {"RP": "RP", "CP": "CP", "*P": "RP or CP"}.get(info.pool, info.pool)
            if info.cost is None:
                mult = str(info.cost_mult) if info.cost_mult > 1 else ""
                costs[pid] = f"{mult}X{'+' + str(info.cost_extra) if info.cost_extra else ''} {paid}".strip()
            elif paid:
                costs[pid] = f"{info.cost} {paid}"
            value = self.sell_value(state, pid)
            if value is not None:
                sells[pid] = str(value)
        return {
            # the actions' own words (`core.words`: the log says them too), with what the list adds: the pool
            "move_words": {**{cls.type: cls.words for cls in ACTIONS if getattr(cls, "words", None)},
                           "xfc.buy": f"{Buy.words} for {{count}} {pool}",
                           "xfc.sell": f"{Sell.words} for {{pieces:sell_values}} CP",
                           "xfc.free_draw": f"{FreeDraw.words} (1 card)",
                           "xfc.effect": EFFECT_WORDS},
            "move_costs": costs,
            "sell_values": sells,
            **self._effect_words(state, seat),
        }

    def _effect_words(self, state: GameState, seat: int) -> dict[str, dict[str, str]]:
        """For the offered effects' rows: whose card each comes from ("your revealed Bluff") and what a pass does
        with it (applies it when it leaves no choice, else lets it lapse: `settle`), by the card's name for `seat`.

        Why: a paid Bluff's effect was an extra "Apply ... by hand" row a newcomer had to think about taking."""
        whose: dict[str, str] = {}
        on_pass: dict[str, str] = {}
        for sug in state.rules.get("suggestions") or []:
            src = sug.get("piece")
            if sug.get("seat") != seat or src not in state.pieces:
                continue
            name = state.handle_for(src, seat)
            if sug.get("bluff"):
                whose[name] = "your revealed Bluff "
            single = all(len(self.expand(state, seat, src, e)) <= 1 for e in sug.get("effects", []))
            on_pass[name] = "or pass: it applies then" if single else "choose one, or pass: it lapses"
        return {"effect_whose": whose, "effect_on_pass": on_pass}

    def prompt(self, state: GameState, seat: int | None) -> str:
        """The step and who acts in it, for the HUD's status line."""
        r = state.rules
        names = {p.seat: state.seat_name(p.seat) for p in state.players}
        if r.get("over"):
            w = r.get("winner")
            return f"{names.get(w, w)} wins" if w is not None else "Draw"
        decision = self.decision(state)
        step = self.step(state)
        who = names.get(decision, decision)
        return f"{STEP_LABELS[step]}: " + ("your decision" if decision == seat else f"{who} decides")

    def _seen_name(self, state: GameState, pid: str | None, seat: int | None) -> str:
        """A piece's name for `seat`: none for a card it cannot see (in warn a card the rules track, an Agent or
        the Adversary in Combat, may be put face down or into a hand by hand)."""
        piece = state.pieces.get(pid) if pid is not None else None
        if piece is not None and not state.can_see(piece, seat):
            return HIDDEN_NAME
        return self.name_of(state, pid)

    def _check_row(self, state: GameState, check: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        site = check.get("site")
        total = self.check_total(state)
        return {
            "site": site, "site_name": self._seen_name(state, site, seat), "skill": check.get("skill"),
            "need": check.get("need"), "directed": check.get("directed"),
            "team": [{"piece": p, "name": self._seen_name(state, p, seat), "skill": self.agent_skill(state, p,
                      check.get("skill", "")), "in_hospital": self.section_of(state, p) == "hospital"}
                     for p in check.get("team", []) if p in state.pieces],
            "base": self.team_skill(state, check.get("team", []), check.get("skill", "")),
            "mods": list(check.get("mods", [])),
            "total": total,
            "meets": total is not None and total >= int(check.get("need", 0)),
        }

    def _combat_row(self, state: GameState, combat: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        adv = combat["adversary"]
        info = self.pinfo(state, adv)
        seen = state.can_see(state.pieces[adv], seat)
        return {"adversary": adv, "name": info.name if seen else HIDDEN_NAME, "owner": combat.get("owner"),
                "round": combat.get("round"), "number": combat.get("number"),
                "health": info.health if seen else None, "damage": self.damage(state, adv),
                "current": self.health(state, adv) if seen else None, "mods": dict(combat.get("mods") or {}),
                "pending": combat.get("pending")}

    def _agent_row(self, state: GameState, pid: str, seat: int | None) -> dict[str, Any]:
        info = self.pinfo(state, pid)
        if not state.can_see(state.pieces[pid], seat):
            return {"piece": pid, "name": HIDDEN_NAME, "section": self.section_of(state, pid), "health": None,
                    "damage": self.damage(state, pid), "current": None, "res": None, "equipment": [],
                    "hired": pid in (state.rules.get("hired") or [])}
        return {"piece": pid, "name": info.name, "section": self.section_of(state, pid), "health": info.health,
                "damage": self.damage(state, pid), "current": self.health(state, pid), "res": info.res,
                # Equipment in play is face up (public); a face-down card beneath is named by no one
                "equipment": [self.name_of(state, q) for q in self.gear(state, pid) if state.pieces[q].face_up],
                "hired": pid in (state.rules.get("hired") or [])}

    def _team_rows(self, state: GameState, owner: int, seat: int | None) -> list[list[dict[str, Any]]]:
        """`owner`'s formed Teams, each a list of its Agents still in play (piece and name, as `seat` sees them)."""
        out = []
        for team in (state.rules.get("teams") or {}).get(str(owner), []):
            row = [{"piece": p, "name": self._seen_name(state, p, seat)} for p in team if p in state.pieces]
            if row:
                out.append(row)
        return out

    def _site_row(self, state: GameState, pid: str, d: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        info = self.pinfo(state, pid)
        if not state.can_see(state.pieces[pid], seat):
            return {"piece": pid, "name": HIDDEN_NAME, "at": d.get("at"), "prerequisite": [], "asks": [],
                    "bluffs": len(state.attached(pid)), "skills": {}}
        return {"piece": pid, "name": info.name, "at": d.get("at"),
                "prerequisite": [{"skill": s, "need": n} for s, n in info.prerequisite],
                "asks": site_asks(self.cards, state, pid), "bluffs": len(state.attached(pid)),
                "skills": {s: self.team_skill(state, self.agents(state, self.owner(state, pid), ("field",)), s)
                           for s, _ in info.prerequisite}}

    def _chain_row(self, state: GameState, e: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        pid = e["piece"]
        return {"piece": pid, "name": self._seen_name(state, pid, seat), "seat": e.get("seat"), "pool": e.get("pool"),
                "paid": e.get("paid"), "combat": bool(e.get("combat"))}

