"""Checking an X-Files CCG table and deck list: a rule state the ruleset cannot read (by field), what on the table
contradicts the rules (when the dial is turned up), and what keeps a deck list from being a legal Advanced deck.

`Audit` is a part with explicit inputs: the card part (`info`, `pinfo`, a card's own copy limit through its
compiled text), the reading of Agents (`agents`, `health`), the card library now, `ref` (a piece as the log names
it) and the options.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ...core.ruleset import Violation
from ...core.state import GameState
from .data import CardInfo
from .limits import ANY, deck_limit
from .steps import PHASE_OF, STEPS
from .steps import v as _v

if TYPE_CHECKING:
    from ...cards import CardDef, CardLibrary, DeckList
    from .cards import CcgCards
    from .reading import Table

__all__ = ["Audit"]


class Audit:
    """State problems, the table audit and the deck check (the part `XFilesCCG.auditor`)."""

    def __init__(self, cards: CcgCards, reading: Table, library: Callable[[], CardLibrary],
                 ref: Callable[[GameState, str], str], options: Mapping[str, Any]) -> None:
        #: the card data (`deck_limit` reads a card's own copy limit through it) and the Agents' Health
        self.cards = cards
        self.info, self.pinfo, self.agents, self.health = cards.info, cards.pinfo, reading.agents, reading.health
        self.library, self.ref, self.options = library, ref, options

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
        for key, problems in _STATE_PARTS.items():
            if r.get(key) is not None:
                out += problems(state, r[key])
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
                    out.append(_v("xfc.negative_pool", "xfc.chain.3", f"{state.seat_name(p.seat)}'s {pool.upper()} is below 0",
                                  seat=p.seat))
            if len(state.zones.get(f"xfile:{p.seat}", _EMPTY).pieces) != 1:
                out.append(_v("xfc.xfile_count", "xfc.team.4", f"{state.seat_name(p.seat)} has no single X-File", seat=p.seat))
            for pid in self.agents(state, p.seat, ("bureau", "field")):
                if (self.pinfo(state, pid).health or 0) > 0 and self.health(state, pid) == 0 \
                        and not state.rules.get("combat"):
                    out.append(_v("xfc.hospital", "xfc.combat.4", f"{self.ref(state, pid)} is at 0 Health outside "
                                  "the Hospital", (pid,), p.seat))
        return out

    def deck_section_for(self, card: CardDef) -> str:
        """Agents go to the Team, an X-File to its own section, every other card to the Bureau Deck."""
        kind = self.info(card.ref).kind
        return "team" if kind == "agent" else "xfile" if kind == "xfile" else "deck"

    def deck_copy_limit(self, card: CardDef) -> int | None:
        """One of each Agent and X-File, at most 2 of any other card (xfc.deck.2), or what its text says (xfc.deck.5:
        "Each player may only have one of this card in their deck", "any number of X cards in your deck")."""
        if self.info(card.ref).kind in ("agent", "xfile"):
            return 1
        own = deck_limit(self.cards, card.ref)
        return 2 if own is None else None if own == ANY else own

    def deck_problems(self, deck: DeckList) -> list[Violation]:
        """Everything that keeps a deck list from being a legal Advanced deck: sections deck, team and xfile (with
        the library now: `XFilesCCG.deck_problems` sets the one it is given first)."""
        lib = self.library()

        def info(ref: str) -> CardInfo | None:
            return self.info(ref) if ref in lib else None

        out: list[Violation] = []
        for ref in dict.fromkeys(r for s in deck.sections for r in deck.expanded(s)):
            if info(ref) is None:
                out.append(_v("xfc.unknown_card", "xfc.deck.4", f"{ref} is not a card of the loaded sets", (ref,)))
        out += self._bureau_deck_problems(deck, info)
        out += self._team_problems(deck, info)
        out += self._xfile_problems(deck, info)
        return out

    def _bureau_deck_problems(self, deck: DeckList, info: Callable[[str], CardInfo | None]) -> list[Violation]:
        out: list[Violation] = []
        cards = deck.expanded("deck")
        if len(cards) < 60:
            out.append(_v("xfc.deck_size", "xfc.deck.1", f"the Bureau Deck has {len(cards)} cards; it needs at least "
                          "60 (starting Agents and the X-File not counted)"))
        titles: dict[str, int] = {}
        limits: dict[str, int | None] = {}
        for ref in cards:
            i = info(ref)
            titles[i.name if i else ref] = titles.get(i.name if i else ref, 0) + 1
            if i is not None and limits.get(i.name) is None:
                limits[i.name] = deck_limit(self.cards, ref)
        for title, n in titles.items():
            own = limits.get(title)
            if own is None and n > 2:
                out.append(_v("xfc.copies", "xfc.deck.2", f"{title}: {n} copies (at most 2 of any card)"))
            elif own is not None and own != ANY and n > own:
                out.append(_v("xfc.copies", "xfc.deck.5", f"{title}: {n} copies (its text allows {own})"))
        if not self.options["killer_cards"]:
            for ref in dict.fromkeys(cards + deck.expanded("team")):
                i = info(ref)
                if i is not None and i.has("KILLER"):
                    out.append(_v("xfc.killer", "xfc.deck.3", f"{i.name} is a KILLER card (option killer_cards is off)",
                                  (ref,)))
        return out

    def _team_problems(self, deck: DeckList, info: Callable[[str], CardInfo | None]) -> list[Violation]:
        out: list[Violation] = []
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
        return out

    def _xfile_problems(self, deck: DeckList, info: Callable[[str], CardInfo | None]) -> list[Violation]:
        out: list[Violation] = []
        xfiles = deck.expanded("xfile")
        if len(xfiles) > 1 or (not xfiles and not self.options["random_xfile"]):  # the manual: select one X-File
            out.append(_v("xfc.xfile", "xfc.team.4", f"a deck names exactly one X-File (an 'xfile' section; none with "
                          f"house rule random_xfile); this one has {len(xfiles)}"))
        for ref in xfiles:
            i = info(ref)
            if i is not None and i.kind != "xfile":
                out.append(_v("xfc.xfile_type", "xfc.team.4", f"{i.name} is not an X-File", (ref,)))
        for ref in dict.fromkeys(deck.expanded("deck")):
            i = info(ref)
            if i is not None and i.kind == "xfile":
                out.append(_v("xfc.xfile_in_deck", "xfc.team.4", f"{i.name} is an X-File: it goes in the xfile "
                              "section, not the Bureau Deck", (ref,)))
        return out


def _check_problems(state: GameState, check: Any) -> list[str]:
    if not isinstance(check, Mapping):
        return ["rules.check: a mapping with site, team, skill, need and directed"]
    out = []
    if check.get("site") not in state.pieces:
        out.append(f"rules.check.site: {check.get('site')!r} is no piece of this table")
    team = check.get("team", [])
    if not isinstance(team, list) or any(p not in state.pieces for p in team):
        out.append("rules.check.team: a list of the investigating Agents' pieces")
    if "need" in check and not isinstance(check["need"], int):
        out.append("rules.check.need: a whole number")
    also = check.get("also", [])
    if not isinstance(also, list) or any(not (isinstance(x, list) and len(x) == 2 and isinstance(x[0], str)
                                              and isinstance(x[1], int)) for x in also):
        out.append("rules.check.also: a list of [skill, need] every one of which the Team must meet too")
    return out


def _chain_problems(state: GameState, chain: Any) -> list[str]:
    if not isinstance(chain, list):
        return ["rules.chain: a list of {piece, seat, pool, paid, combat}"]
    return [f"rules.chain[{i}].piece: a piece of this table" for i, e in enumerate(chain)
            if not isinstance(e, Mapping) or e.get("piece") not in state.pieces]


def _combat_problems(state: GameState, combat: Any) -> list[str]:
    if not isinstance(combat, Mapping) or combat.get("adversary") not in state.pieces:
        return ["rules.combat.adversary: the Adversary's piece (a Combat needs it)"]
    if combat.get("round", "lrc") not in ("lrc", "crc"):
        return [f"rules.combat.round: lrc or crc, not {combat.get('round')!r}"]
    return []


#: What a rule-state key that holds a structure must look like, by key.
_STATE_PARTS: dict[str, Callable[[GameState, Any], list[str]]] = {
    "check": _check_problems, "chain": _chain_problems, "combat": _combat_problems,
}


class _Empty:
    pieces: list[str] = []


_EMPTY = _Empty()
