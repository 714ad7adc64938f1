"""The X-Files CCG's steps, conditions and selectors for the families of Event text (`cardread_events`): a card in
play sent back to its owner's hand, a card of the Bureau Deck by its Activators, ... A part of the ruleset's
vocabulary (`vocab`).
"""

from __future__ import annotations

from typing import Any

from ...core import Piece
from ...core.reducer import Tx
from ...core.state import GameState
from ..effects import Condition, Ctx, Primitive, Selector

__all__ = ["EVENT_CONDITIONS", "EVENT_PRIMITIVES", "EVENT_SELECTORS", "EXTRA", "NO_HOSPITAL_HEAL", "ONLY", "extra_question", "hospital_heals",
           "only_keyword_problem", "played_in_combat",
           "use_extra"]


def _to_hand(ctx: Ctx, tx: Tx, args: Any) -> str:
    """A card in play back to its owner's hand, seen there by its owner alone; what was attached to it (an Agent's
    Equipment, a card placed on it) leaves play with it, to its owner's Discard Pile."""
    rs, state = ctx.ruleset, ctx.state
    said = []
    for pid in ctx.pieces(args):
        owner = rs.owner(state, pid)
        for q in state.attached(pid):
            rs.to_discard(state, q, tx)
        name = ctx.name(pid)
        tx.move(pid, ctx.zone("hand", owner), by=owner)
        said.append(f"{name} goes back to {state.seat_name(owner)}'s hand")
    return "; ".join(said) or "no card goes back"


def _discard_if(ctx: Ctx, tx: Tx, args: Any) -> str:
    """The target's cards that have one of the Keywords discarded (the others stay where they are)."""
    words = {str(w).casefold() for w in args.get("keyword") or ()}
    gone = [p for p in ctx.pieces(args) if words & set(ctx.ruleset.keywords_of(ctx.state, p))]
    for pid in gone:
        ctx.ruleset.to_discard(ctx.state, pid, tx)
    return f"{', '.join(ctx.name(p) for p in gone)} discarded" if gone else "nothing discarded"


def _heal_if(ctx: Ctx, tx: Tx, args: Any) -> str:
    """More healing for the target's Agents that have one of the Keywords ("if the Agent has the Keyword CANCER")."""
    words = {str(w).casefold() for w in args.get("keyword") or ()}
    hit = [p for p in ctx.pieces(args) if words & set(ctx.ruleset.keywords_of(ctx.state, p))]
    if not hit:
        return "no more healing"
    heal = ctx.ruleset.effects.vocab.primitives["heal"]
    return str(heal(ctx, tx, {"target": args["target"], "amount": args.get("amount", 1)}))


def _named_out(ctx: Ctx, tx: Tx, args: Any) -> str:
    """The target removed from the game with the card whose text runs, when the target is the card named (its title,
    in any case)."""
    name = str(args.get("name", "")).casefold()
    hit = [p for p in ctx.pieces(args) if ctx.ruleset.pinfo(ctx.state, p).name.casefold() == name]
    if not hit:
        return f"the card negated is not {args.get('name')}"
    remove = ctx.ruleset.effects.vocab.primitives["remove_from_game"]
    return "; ".join(str(remove(ctx, tx, {"target": t})) for t in (args["target"], "source"))


def _neg_mods(ctx: Ctx) -> list[dict[str, Any]]:
    check = ctx.state.rules.get("check") or {}
    return [m for m in check.get("mods") or () if int(m.get("amount", 0)) < 0]


def _sel_neg_mod(ctx: Ctx, piece: Piece, value: Any) -> bool:
    """A card whose modifier in the check under way is negative."""
    return any(m.get("source") == piece.id for m in _neg_mods(ctx)) == bool(value)


def _flip_mod(ctx: Ctx, tx: Tx, args: Any) -> str:
    """The target's negative modifier in the check under way made positive ("a -1 becomes a +1")."""
    check = dict(ctx.state.rules.get("check") or {})
    targets = set(ctx.pieces(args))
    mods, done = [], None
    for m in check.get("mods") or ():
        if done is None and m.get("source") in targets and int(m.get("amount", 0)) < 0:
            done = {**m, "amount": -int(m["amount"])}
            m = done
        mods.append(m)
    if done is None:
        return "no negative modifier to change"
    tx.set_rule("check", {**check, "mods": mods})
    return f"{ctx.name(done.get('source'))}'s modifier is now {done['amount']:+d}"


def _cond_hand_holds(ctx: Ctx, args: Any) -> str | None:
    """Its player's hand holds at least `args` cards (the card itself, played, is on the chain)."""
    hand = ctx.state.zones[ctx.zone("hand", ctx.seat)].pieces
    held = len([p for p in hand if p != ctx.source])
    return None if held >= int(args) else f"its player's hand holds fewer than {args} cards"


#: the rule state key of "your opponent may only play Keyword X cards" (for the turn): {seat: [keywords]}
ONLY = "only_keyword"


def _only_keyword(ctx: Ctx, tx: Tx, args: Any) -> str:
    seat = ctx.seat_of(args.get("seat", "opponent"))
    if seat is None:
        return "no opponent"
    book = dict(ctx.state.rules.get(ONLY) or {})
    book[str(seat)] = [*(book.get(str(seat)) or ()), *[str(k).upper() for k in args.get("keyword") or ()]]
    tx.set_rule(ONLY, book)
    return f"for the rest of this turn {ctx.state.seat_name(seat)} may only play Keyword " \
           f"{' or '.join(str(k).upper() for k in args.get('keyword') or ())} cards"


def only_keyword_problem(rs: Any, state: GameState, seat: int, pid: str) -> str | None:
    """Why `seat` may not play the card `pid` this turn: a card's text lets it play only cards with a Keyword."""
    words = (state.rules.get(ONLY) or {}).get(str(seat))
    if not words or any(w.casefold() in rs.keywords_of(state, pid) for w in words):
        return None
    return f"for the rest of this turn you may only play Keyword {' or '.join(words)} cards (a card's text)"


#: the rule state key of "No Agents in the Hospital may heal any damage this turn" (for the turn)
NO_HOSPITAL_HEAL = "no_hospital_heal"


def _no_hospital_heal(ctx: Ctx, tx: Tx, args: Any) -> str:
    tx.set_rule(NO_HOSPITAL_HEAL, True)
    return "no Agent in the Hospital heals any damage this turn"


def hospital_heals(state: GameState, rs: Any, pid: str) -> bool:
    """Whether an Agent may heal now: not in the Hospital while a card says none there heals this turn."""
    return not (state.rules.get(NO_HOSPITAL_HEAL) and rs.section_of(state, pid) == "hospital")


def _cond_team_again(ctx: Ctx, args: Any) -> str | None:
    """An Agent of the Team under check has investigated another Site this turn (named twice in `used`)."""
    used = list(ctx.state.rules.get("used") or ())
    team = (ctx.state.rules.get("check") or {}).get("team") or ()
    if any(used.count(p) > 1 for p in team):
        return None
    return "it is played on a Team one of whose Agents has investigated another Site this turn"


def _cond_in_hospital(ctx: Ctx, args: Any) -> str | None:
    """At least `args` Agents in the Hospitals, every player's counted."""
    have = sum(len(ctx.ruleset.agents(ctx.state, seat, ("hospital",))) for seat in ctx.state.seats)
    return None if have >= int(args) else f"it is played when there are {args} or more Agents in the Hospital"


#: the rule state key of the questions a card's text lets a seat ask: {seat: [{about, kinds}, ...]}, for the turn
EXTRA = "extra_question"


def extra_question(state: GameState, seat: int | None) -> dict[str, Any] | None:
    """The first question a card's text lets `seat` ask now ({about, kinds}), or None."""
    got = (state.rules.get(EXTRA) or {}).get(str(seat)) if seat is not None else None
    return got[0] if got else None


def use_extra(state: GameState, seat: int, tx: Tx) -> None:
    """The question a card let `seat` ask, asked."""
    book = dict(state.rules.get(EXTRA) or {})
    rest = list(book.get(str(seat)) or ())[1:]
    if rest:
        book[str(seat)] = rest
    else:
        book.pop(str(seat), None)
    tx.set_rule(EXTRA, book) if book else tx.del_rule(EXTRA)


def _extra_question(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"Ask any one Characteristic question regarding one opponent's X-File", "they may ask either one AFFILIATION
    question or one MOTIVE question": its player may ask one question of those kinds (any, when none is named) about
    an opponent's X-File, with an Ask of its own while it has the decision this turn; the opponent is the Directed
    Player of the check under way, else the next seat."""
    rs, state = ctx.ruleset, ctx.state
    opponents = rs.opponents(state, ctx.seat)
    directed = (state.rules.get("check") or {}).get("directed")
    about = directed if directed in opponents else (opponents[0] if opponents else None)
    if about is None:
        return "no opponent to ask"
    book = dict(state.rules.get(EXTRA) or {})
    book[str(ctx.seat)] = [*(book.get(str(ctx.seat)) or ()), {"about": about, "kinds": list(args.get("kinds") or ())}]
    tx.set_rule(EXTRA, book)
    kinds = " or ".join(k.upper() for k in args.get("kinds") or ()) or "Characteristic"
    return f"{state.seat_name(ctx.seat)} may ask one {kinds} question about {state.seat_name(about)}'s X-File"


#: the conditions of a card's text that say it is played in a Combat ("after a Combat has been initiated", "when an
#: Adversary is about to enter Combat with a single Agent")
_IN_COMBAT = (("in_combat", True), ("lone_agent", True))


def played_in_combat(rs: Any, ref: str | None) -> bool:
    """Whether a card that is no Combat card says it is played in a Combat: its text overrides xfc.chain.5."""
    return any(c in _IN_COMBAT for a in rs.card_text(ref).when("resolved") for c in a.conditions)


def _sel_activator(ctx: Ctx, piece: Piece, value: Any) -> bool:
    """A card with that Activator printed ("any one Event card with activator ACTIVE")."""
    have = {a.casefold() for a in ctx.ruleset.pinfo(ctx.state, piece.id).activators}
    return str(value).casefold() in have


EVENT_PRIMITIVES: dict[str, Primitive] = {"to_hand": _to_hand, "extra_question": _extra_question,
                                          "discard_if": _discard_if, "heal_if": _heal_if,
                                          "no_hospital_heal": _no_hospital_heal, "named_out": _named_out,
                                          "flip_mod": _flip_mod, "only_keyword": _only_keyword}
EVENT_CONDITIONS: dict[str, Condition] = {"team_again": _cond_team_again, "in_hospital": _cond_in_hospital,
                                          "hand_holds": _cond_hand_holds}
EVENT_SELECTORS: dict[str, Selector] = {"activator": _sel_activator, "neg_mod": _sel_neg_mod}
