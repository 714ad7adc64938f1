"""The X-Files CCG's steps and selectors for the families of Bluffs, Witnesses, Combat cards and Sites
(`cardread_bluffs`, bluffs block): a card named by its title, a kind of card looked at in an opponent's hand, a card
of a hand shuffled back into its deck, an Adversary put under its owner's deck. A part of the ruleset's vocabulary
(`vocab`).
"""

from __future__ import annotations

import re
from typing import Any

from ...core.reducer import Tx
from ...core.state import Piece
from ..effects import Condition, Ctx, Primitive, Selector
from .vocab_reads import standing

__all__ = ["BLUFF_CONDITIONS", "BLUFF_PRIMITIVES", "BLUFF_SELECTORS", "banned"]

_PUNCT = re.compile(r"[^a-z0-9 ]+")


def _title(name: str) -> str:
    return " ".join(_PUNCT.sub(" ", name.casefold().replace("'", "")).split())


def _sel_title(ctx: Ctx, piece: Piece, value: Any) -> bool:
    """A card whose title is the name given, in any case and punctuation ("The Walk", "You've Got a Tail")."""
    return _title(ctx.ruleset.pinfo(ctx.state, piece.id).name) == _title(str(value))


def _look_hand(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"look at all Adversaries in opponent's hand": the acting seat alone learns the cards of that kind there
    (the others learn only how many there are, as the log says)."""
    seat = ctx.seat_of(args.get("seat", "opponent"))
    kind = str(args.get("type", "")).casefold()
    seen = [p for p in ctx.state.zones[ctx.zone("hand", seat)].pieces if ctx.ruleset.pinfo(ctx.state, p).kind == kind]
    for pid in seen:
        piece = ctx.state.pieces[pid]
        if ctx.seat is not None and ctx.seat not in piece.known:
            tx.change(pid, known=piece.known | {ctx.seat})
    return f"looks at {len(seen)} {kind} card{'s' * (len(seen) != 1)} in {ctx.state.seat_name(seat)}'s hand"


def _hand_to_deck(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"force your opponent to randomly shuffle one card from their hand back into their Bureau Deck": cards of
    that hand taken at random, unseen, and the deck shuffled."""
    who = args.get("seat", "opponent")
    seat = ctx.ruleset.active(ctx.state) if who == "investigating" else ctx.seat_of(who)
    hand = list(ctx.state.zones[ctx.zone("hand", seat)].pieces)
    deck = ctx.zone("deck", seat)
    n = min(len(hand), int(args.get("count", 1)))
    for _ in range(n):
        tx.move(hand.pop(tx.below(len(hand))), deck, face_up=False)
    if n:
        tx.shuffle(deck)
    return f"{ctx.state.seat_name(seat)} shuffles {n} card{'s' * (n != 1)} from hand at random into the Bureau Deck"


def _deck_bottom(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"return one OCCULT Adversary ... to the bottom of the owning player's Bureau Deck": it leaves the chain (or
    its Combat ends) as a card negated does, and goes face down under its owner's deck instead of the Discard."""
    rs, out = ctx.ruleset, []
    for pid in ctx.pieces(args):
        name = ctx.name(pid)
        rs.negate(ctx.state, pid, tx)
        deck = ctx.zone("deck", rs.owner(ctx.state, pid))
        tx.move(pid, deck, index=len(ctx.state.zones[deck].pieces), face_up=False)
        out.append(f"{name} goes to the bottom of its owner's Bureau Deck")
    return "; ".join(out) or "no Adversary"


def _ban_kind(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"the investigating player may not play any Events while investigating this Site except for Events which
    would specifically negate this card": noted on the Site's check (it ends with it), with the card's title."""
    check = ctx.state.rules.get("check")
    if not check:
        return "no skill check"
    kind = str(args.get("kind", ""))
    ban = {"seat": ctx.ruleset.active(ctx.state), "kind": kind, "title": ctx.ruleset.pinfo(ctx.state, ctx.source).name}
    tx.set_rule("check", {**check, "bans": [*check.get("bans", ()), ban]})
    return f"no {kind} card is played by the Investigating Player at this Site but one that names {ban['title']}"


def banned(rs: Any, state: Any, pid: str, seat: int | None) -> str | None:
    """The title of the card in play at the Site under check that forbids `seat` to play `pid` there (its kind,
    not naming that card: "except for Events which would specifically negate this card"), or None."""
    for ban in (state.rules.get("check") or {}).get("bans") or ():
        info = rs.pinfo(state, pid)
        if ban["seat"] == seat and info.kind == ban["kind"] and \
                _title(ban["title"]) not in _title(info.text or ""):
            return str(ban["title"])
    return None


def _site_team(ctx: Ctx) -> list[str]:
    return list((ctx.state.rules.get("check") or {}).get("team") or ())


def _discard_per_agent(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"Discard a card at random from your opponent's hand for each Agent investigating this Site"."""
    step = {"seat": args.get("seat", "opponent"), "count": len(_site_team(ctx))}
    return str(ctx.ruleset.effects.vocab.primitives["discard_random"](ctx, tx, step))


def _raise_per_agent(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"add one to the Site Prerequisite number for each Agent beyond one in the investigating Team"."""
    if not ctx.state.rules.get("check"):
        return "no skill check"
    n = int(args.get("amount", 1)) * max(0, len(_site_team(ctx)) - 1)
    return str(ctx.ruleset.effects.vocab.primitives["prerequisite"](ctx, tx, {"raise": n}))


def _top_to_bottom(ctx: Ctx, tx: Tx, args: Any) -> str:
    """The top card of the acting seat's Bureau Deck put under it, face down (its player saw it)."""
    deck = ctx.zone("deck", ctx.seat)
    pieces = ctx.state.zones[deck].pieces
    if not pieces:
        return "no card in the Bureau Deck"
    tx.move(pieces[0], deck, index=len(pieces) - 1, face_up=False)
    return "puts the top card of the Bureau Deck on the bottom"


BLUFF_PRIMITIVES: dict[str, Primitive] = {"top_to_bottom": _top_to_bottom, "look_hand": _look_hand, "hand_to_deck": _hand_to_deck,
                                          "deck_bottom": _deck_bottom, "ban_kind": _ban_kind,
                                          "discard_per_agent": _discard_per_agent,
                                          "raise_per_agent": _raise_per_agent}
BLUFF_SELECTORS: dict[str, Selector] = {"title": _sel_title}


def _cond_after_round(ctx: Ctx, args: Any) -> str | None:
    """"... after an LRC round": in a Combat in which a round of that kind was fought (its first round is Long
    Range unless the Adversary skips it; a Close Range round follows the first)."""
    combat = ctx.state.rules.get("combat") or {}
    number = int(combat.get("number", 0))
    skipped = "lrc" in standing(ctx.ruleset, ctx.ruleset.pinfo(ctx.state, combat["adversary"]).ref, "skip_round") \
        if combat.get("adversary") in ctx.state.pieces else False
    first = "crc" if skipped else "lrc"
    fought = number >= 2 if args == first else args == "crc" and number >= 3
    return None if fought else f"it is played only after a {args.upper()} round of the Combat"


BLUFF_CONDITIONS: dict[str, Condition] = {"after_round": _cond_after_round}
