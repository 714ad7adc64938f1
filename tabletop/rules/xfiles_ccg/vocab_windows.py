"""The X-Files CCG's steps and selectors for cards acting on hands, Bureau Decks and Discard Piles
(`cardread_windows`): the top cards looked at and put back in order, cards stacked on a deck, cards drawn for those
discarded, a Discard Pile shuffled back. A part of the ruleset's vocabulary (`vocab`).
"""

from __future__ import annotations

from typing import Any

from ...core import Piece
from ...core.reducer import Tx
from ...core.state import EVERYONE
from ..effects import Condition, Ctx, Primitive, Selector
from .data import canonical_skill
from .vocab_bluffs import _title

__all__ = ["ANY_KEYWORD", "LOOKED", "NO_PLAY", "WINDOW_AFFORDS", "WINDOW_PRIMITIVES", "WINDOW_SELECTORS",
           "no_play_problem"]

#: the Keyword a compiled Keyword change names before the table's are known: `keyword_options` makes one option of
#: each Keyword printed on the cards loaded
ANY_KEYWORD = "*"
#: the rule state key of the Keyword a card's text takes from a card, before it names the one it gives: {seat: kw}
SWAP = "kw_swap"

#: the rule state key of the top cards a seat looked at by a card's text, which it may put back in order:
#: {seat: [pieces]}
LOOKED = "looked"


def _peek_top(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"look at the top three cards of your Bureau deck": its player alone learns them; they are the ones a later
    "place them back in any order" orders."""
    seat = ctx.seat
    if seat is None:
        return "no seat to look"
    top = list(ctx.state.zones[ctx.zone("deck", seat)].pieces)[:max(0, int(args.get("count", 1)))]
    for pid in top:
        piece = ctx.state.pieces[pid]
        if seat not in piece.known:
            tx.change(pid, known=piece.known | {seat})
    tx.set_rule(LOOKED, {**(ctx.state.rules.get(LOOKED) or {}), str(seat): top})
    return f"looks at the top {len(top)} card{'s' * (len(top) != 1)} of the Bureau Deck"


def _sel_looked(ctx: Ctx, piece: Piece, value: Any) -> bool:
    """One of the top cards its player looked at by the card's text before, still in that Bureau Deck."""
    looked = (ctx.state.rules.get(LOOKED) or {}).get(str(ctx.seat)) or ()
    return (piece.id in looked) == bool(value)


def _sel_seen(ctx: Ctx, piece: Piece, value: Any) -> bool:
    """A card the acting seat sees now (one of another seat's hand a card's text showed it)."""
    return ctx.state.can_see(piece, ctx.seat) == bool(value)


def _restack(ctx: Ctx, tx: Tx, args: Any) -> str:
    """The target's cards on top of their owner's Bureau Deck in the order chosen (the first chosen on top): a card
    from a Discard Pile face down there, known to every seat (each saw it placed); the cards of the deck looked at
    stay known to their looker alone."""
    rs, state = ctx.ruleset, ctx.state
    pieces = ctx.pieces(args)
    for i, pid in enumerate(pieces):
        deck = ctx.zone("deck", rs.owner(state, pid))
        open_ = state.zones[state.pieces[pid].zone].kind == "discard"
        tx.move(pid, deck, index=i, face_up=False, by=None if open_ else ctx.seat)  # from a hand: its player knows it
        if open_:
            tx.change(pid, known=frozenset({EVERYONE}))
    looked = dict(state.rules.get(LOOKED) or {})
    if looked.pop(str(ctx.seat), None) is not None:
        tx.set_rule(LOOKED, looked) if looked else tx.del_rule(LOOKED)
    if not pieces:
        return "the cards stay in their order"
    return f"puts {len(pieces)} card{'s' * (len(pieces) != 1)} on top of the Bureau Deck, in the order chosen"


def _draw_per(ctx: Ctx, tx: Tx, args: Any) -> str:
    """As many cards drawn by its player as the target `per` has cards ("to draw X cards")."""
    want = len(ctx.targets.get(str(args.get("per"))) or ())
    if ctx.seat is None or not want:
        return "draws no card"
    got = ctx.ruleset.draw(ctx.state, ctx.seat, want, tx)
    return f"draws {got} card{'s' * (got != 1)}"


def _retrieve(ctx: Ctx, tx: Tx, args: Any) -> str:
    """The target's cards from their owner's Discard Pile to the hand (seen by the owner alone) or shuffled into
    the Bureau Deck."""
    rs, state = ctx.ruleset, ctx.state
    pieces = ctx.pieces(args)
    decks = set()
    for pid in pieces:
        owner = rs.owner(state, pid)
        if args.get("to") == "deck":
            decks.add(ctx.zone("deck", owner))
            tx.move(pid, ctx.zone("deck", owner), face_up=False)
        else:
            tx.move(pid, ctx.zone("hand", owner), by=owner)
    for deck in sorted(decks):
        tx.shuffle(deck)
    where = "shuffled into the Bureau Deck" if args.get("to") == "deck" else "to the hand"
    return f"{len(pieces)} card{'s' * (len(pieces) != 1)} from the Discard Pile {where}"


def _has(ctx: Ctx, args: Any) -> bool:
    pieces = ctx.pieces(args)
    return bool(pieces) and str(args["keyword"]).casefold() in ctx.ruleset.keywords_of(ctx.state, pieces[0])


def _affords_kw_from(ctx: Ctx, args: Any) -> str | None:
    """An option of the Keyword a card loses: one it has."""
    return None if _has(ctx, args) else f"the card has no Keyword {args['keyword']}"


def _affords_kw_to(ctx: Ctx, args: Any) -> str | None:
    """An option of the Keyword a card gains: another one, which it has not."""
    taken = (ctx.state.rules.get(SWAP) or {}).get(str(ctx.seat))
    if _has(ctx, args) or str(taken).casefold() == str(args["keyword"]).casefold():
        return f"the card has the Keyword {args['keyword']} already"
    return None


def _kw_from(ctx: Ctx, tx: Tx, args: Any) -> str:
    """The Keyword the target loses, kept until the step naming the one it gains."""
    tx.set_rule(SWAP, {**(ctx.state.rules.get(SWAP) or {}), str(ctx.seat): str(args["keyword"])})
    return ""


def _kw_to(ctx: Ctx, tx: Tx, args: Any) -> str:
    """The target loses the Keyword named before and gains this one (for the duration, or while it stays where it
    is)."""
    book = dict(ctx.state.rules.get(SWAP) or {})
    lost = book.pop(str(ctx.seat), None)
    tx.set_rule(SWAP, book) if book else tx.del_rule(SWAP)
    pieces = ctx.pieces(args)
    if lost is None or not pieces:
        return "no Keyword changed"
    until = args.get("until")
    mods = [{"piece": p, "gen": ctx.state.pieces[p].gen, "keyword": k, "until": until, "source": ctx.source,
             **({"lose": True} if k == lost else {})} for p in pieces for k in (lost, str(args["keyword"]))]
    effects = dict(ctx.state.rules.get("effects") or {})
    effects["mods"] = [*effects.get("mods", ()), *mods]
    tx.set_rule("effects", effects)
    return f"{', '.join(ctx.name(p) for p in pieces)}: Keyword {lost.upper()} becomes {str(args['keyword']).upper()}"


def _sel_forces_check(ctx: Ctx, piece: Piece, value: Any) -> bool:
    """A card whose text makes a Team make a skill check of a skill that is no Combat skill."""
    combat = {canonical_skill("LRC"), canonical_skill("CRC")}
    for ability in ctx.ruleset.card_text(piece.card).abilities:
        for step in ability.do:
            if "team_check" in step and canonical_skill(str(step["team_check"].get("skill", ""))) not in combat:
                return bool(value)
    return not value


def _sel_titles(ctx: Ctx, piece: Piece, value: Any) -> bool:
    """A card whose title is one of the names given, in any case and punctuation."""
    name = _title(ctx.ruleset.pinfo(ctx.state, piece.id).name)
    return any(name == _title(str(v)) for v in value)


#: the rule state key of the cards a card's text says are not played this turn: {piece: turn}
NO_PLAY = "no_play"


def _no_play(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"You cannot use the card this turn": the target's cards are not played this turn."""
    turn = int(ctx.state.rules.get("turn", 1))
    pieces = ctx.pieces(args)
    if pieces:
        tx.set_rule(NO_PLAY, {**{p: t for p, t in (ctx.state.rules.get(NO_PLAY) or {}).items() if t == turn},
                              **{p: turn for p in pieces}})
    return "it is not played this turn" if pieces else ""


def no_play_problem(state: Any, pid: str) -> str | None:
    """Why the card `pid` is not played now: a card's text took it into the hand this turn, for a later one."""
    if (state.rules.get(NO_PLAY) or {}).get(pid) == int(state.rules.get("turn", 1)):
        return "a card's text took it into the hand this turn: it is not used before the next"
    return None


WINDOW_PRIMITIVES: dict[str, Primitive] = {"no_play": _no_play, "peek_top": _peek_top, "restack": _restack, "draw_per": _draw_per,
                                           "retrieve": _retrieve, "kw_from": _kw_from, "kw_to": _kw_to}
WINDOW_SELECTORS: dict[str, Selector] = {"looked": _sel_looked, "seen": _sel_seen, "forces_check": _sel_forces_check,
                                         "titles": _sel_titles}
#: the preconditions of the options of a Keyword changed (`Vocabulary.affords`)
WINDOW_AFFORDS: dict[str, Condition] = {"kw_from": _affords_kw_from, "kw_to": _affords_kw_to}
