"""What hand-made table actions break in the X-Files CCG: the move policy as data, one small check per action type.

A card moved by hand is fine when it is what a rule lets the player do now (a Debriefing discard, an Agent moved in
its player's Deployment); otherwise `MOVE_POLICY` names the rule it breaks. Other table actions (draw, flip,
counters, ...) are looked up in `GENERIC` by their type; `Checks.check_table_action` (`checks.py`) asks them, each
given the checks part (its card lookup, its reading of the table, `ref`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...core import actions as A
from ...core.actions import Action
from ...core.ruleset import Violation
from ...core.state import GameState, Zone
from ..kit import MovePolicy, MoveRule
from .data import SECTIONS
from .steps import v as _v
from .table import active as _active
from .table import step as _step

if TYPE_CHECKING:
    from .checks import Checks

__all__ = ["GENERIC", "MOVE_POLICY"]

#: The rule a card moved by hand between two kinds of zone breaks (first match wins); `{card}`, `{src}` and `{dst}`
#: in a message name the card and the zones.
MOVE_POLICY = MovePolicy(
    MoveRule("xfc.xfile", "xfc.setup.1", "the X-File stays face down by its player", src="xfile"),
    MoveRule("xfc.xfile", "xfc.setup.1", "the X-File stays face down by its player", dst="xfile"),
    default=MoveRule("xfc.hand_move", "xfc.effect.1", "moving {card} from {src} to {dst} is no rule's doing: use "
                     "the rules actions, or the manual effect to apply a card's text"),
)

Found = list[Violation]


def _move_verdict(rs: Checks, state: GameState, pid: str, src: Zone, dst: Zone, seat: int | None) -> Violation | None:
    """What moving card `pid` by hand from `src` to `dst` breaks now (None: nothing)."""
    now = _step(state)
    if src.kind == "hand" and dst.kind == "discard" and src.owner == dst.owner == seat and now == "debrief":
        return None  # xfc.debriefing.1: cutting the hand to size
    if src.kind in SECTIONS and dst.kind in SECTIONS and rs.pinfo(state, pid).kind == "agent":
        if now != "deployment" or seat != _active(state) or src.owner != dst.owner:
            return _v("xfc.deploy_timing", "xfc.deployment.1", "Agents change sections in their player's "
                      "Deployment Phase", (pid,), seat)
        if src.kind == "hospital" and not rs.table.can_leave_hospital(state, pid):
            return _v("xfc.hospital_exit", "xfc.deployment.2", f"{rs.ref(state, pid)} cannot leave the "
                      "Hospital yet", (pid,), seat)
        return None
    rule = MOVE_POLICY.verdict(src.kind, dst.kind, src.owner == dst.owner)
    if rule is None:
        return None
    text = rule.message.format(card=rs.ref(state, pid), src=src.label or src.kind, dst=dst.label or dst.kind)
    return Violation(rule.code, rule.rule, text, (pid,), seat)  # codes registered from the MoveRule rows


def _g_move(rs: Checks, state: GameState, action: A.Move, seat: int | None, cards: list[str], out: Found) -> None:
    dst = state.zones.get(action.to)
    for pid in cards:
        src = state.zones[state.pieces[pid].zone]
        if dst is None or src.name == dst.name:
            continue
        found = _move_verdict(rs, state, pid, src, dst, seat)
        if found is not None:
            out.append(found)


def _g_draw(rs: Checks, state: GameState, action: Action, seat: int | None, cards: list[str], out: Found) -> None:
    out.append(_v("xfc.draw", "xfc.briefing.1", "cards are drawn by the free draw and by buying them in the "
                  "Briefing Phase", seat=seat))


def _g_counter(rs: Checks, state: GameState, action: A.SetCounter | A.AddCounter, seat: int | None,
               cards: list[str], out: Found) -> None:
    if action.piece is None and action.name in ("rp", "cp"):
        out.append(_v("xfc.pool", "xfc.chain.3", "pools change by paying, RES, selling and buying; apply card "
                      "text with the manual effect", seat=seat))
    elif action.piece is not None and action.name == "damage":
        out.append(_v("xfc.damage", "xfc.combat.2", "damage comes from Combat; apply card text with the manual "
                      "effect", (action.piece,), seat))


def _g_flip(rs: Checks, state: GameState, action: Action, seat: int | None, cards: list[str], out: Found) -> None:
    for pid in cards:
        kind = state.zones[state.pieces[pid].zone].kind
        if kind == "xfile":
            out.append(_v("xfc.xfile", "xfc.question.3", "the X-File stays hidden; questions are answered by "
                          "the engine", (pid,), seat))
        elif kind == "deck":
            out.append(_v("xfc.deck_hidden", "xfc.setup.3", "the Bureau Deck stays face down", (pid,), seat))
        elif isinstance(action, A.Flip):  # a Bluff beneath a Site is turned up by the rules, nobody's hand
            out.append(_v("xfc.flip", "xfc.effect.1", f"turning {rs.ref(state, pid)} over is no rule's "
                          "doing: use the rules actions, or the manual effect to apply a card's text",
                          (pid,), seat))


def _g_look(rs: Checks, state: GameState, action: A.LookTop | A.Search, seat: int | None, cards: list[str],
            out: Found) -> None:
    zone = state.zones.get(action.zone)
    if zone is not None and zone.kind in ("deck", "xfile"):
        out.append(_v("xfc.deck_hidden", "xfc.setup.3", f"nobody looks into the {zone.label}", seat=seat))


def _g_shuffle(rs: Checks, state: GameState, action: A.Shuffle, seat: int | None, cards: list[str],
               out: Found) -> None:
    zone = state.zones.get(action.zone)
    if zone is not None and zone.kind != "deck":
        out.append(_v("xfc.shuffle", "xfc.setup.3", "only a Bureau Deck is shuffled", seat=seat))


def _g_create(rs: Checks, state: GameState, action: A.CreatePiece, seat: int | None, cards: list[str],
              out: Found) -> None:
    if action.kind == "card":
        out.append(_v("xfc.new_card", "xfc.setup.1", "every card comes from a player's deck", seat=seat))


#: The check of each generic table action by its type.
GENERIC: dict[type[Action], Callable[..., None]] = {
    A.Move: _g_move,
    A.Draw: _g_draw,
    A.Deal: _g_draw,
    A.SetCounter: _g_counter,
    A.AddCounter: _g_counter,
    A.Flip: _g_flip,
    A.Reveal: _g_flip,
    A.LookTop: _g_look,
    A.Search: _g_look,
    A.Shuffle: _g_shuffle,
    A.CreatePiece: _g_create,
}
