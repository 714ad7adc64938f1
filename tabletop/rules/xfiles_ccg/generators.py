"""The moves the bots play in each step of the X-Files CCG (GENERATORS): a short list of useful actions per step.

These are what `Moves.generate_actions` (`moves.py`, bound on the ruleset) yields, so seeded self-play stays as it
was; the window's list of every kind of legal move is `moves.py`. Each generator is given the move lister (`mv`, the
`Moves` part): its inputs (`mv.flow`, the interpreter, `mv.check`, `mv.ruleset` for the standing-ability readers)
and the answers it binds from them
(`mv.pinfo`, `mv.agents`, `mv.known_infos`, ...); what reads only the rule state is `table.py`'s functions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.state import GameState
from .actions import (
    Ask,
    AssignDamage,
    Buy,
    Deploy,
    FreeDraw,
    Guess,
    Hire,
    Investigate,
    PlaceBluff,
    PlaceSite,
    PlayCard,
    Requisition,
    ResolveBluff,
    Sell,
)
from .again import KEY as AGAIN
from .again import free_for
from .checks import _SECTION_WORDS, _section_words
from .combat import may_split
from .compiler_bluffs import alternative_when
from .costs import cost_at_site
from .crimelab import lab_witnesses
from .data import CHARACTERISTIC_VALUES, CardInfo
from .limits import lifted_in_play, play_limit_problems
from .notebook import _consistent, tokens
from .provisions import KEY as PROVIDED
from .provisions import provided_missing
from .sites_placed import any_cheaper
from .table import active as _active
from .table import damage, opponents, pool_of, section_of
from .table import step as _step
from .upkeep import debrief_discards, rp_kept, sites_first, sold_last
from .vocab import standing
from .vocab_agents import site_cost
from .vocab_barred import NO_ADVERSARIES, NO_DRAW, draw_barred
from .vocab_bluffs import banned
from .vocab_decks import WINDOWS, hand_max, on_approach, window_of
from .vocab_windows import NO_PLAY
from .waivers import own_cost, waived_missing
from .wards import shunned
from .xfile_choice import xfile_universe

if TYPE_CHECKING:
    from .moves import Moves

__all__ = ["GENERATORS", "bluff_payments", "hand_of"]

#: the highest X listed for a Bluff with an X Cost (the largest X a card's table names is 9)
_MOST_X = 9



#: card kinds that are never played into a window (bought, placed, requisitioned or never played at all)
_NOT_PLAYED = frozenset(("agent", "site", "xfile", "equipment"))


def hand_of(state: GameState, seat: int) -> list[str]:
    """The pieces in `seat`'s hand, in order."""
    return list(state.zones[f"hand:{seat}"].pieces)


def _gen_draw(mv: Moves, state: GameState, seat: int) -> Iterator[Action]:
    if not state.rules.get("drawn") and not (NO_DRAW in state.rules and draw_barred(state, seat)):
        yield FreeDraw()


def _gen_buy(mv: Moves, state: GameState, seat: int) -> Iterator[Action]:
    step = _step(state)
    pool = "rp" if step == "buy" else "cp"
    hand = hand_of(state, seat)
    room = hand_max(mv.flow, state, seat) - len(hand)  # `mv.hand_max`, without the call through it
    if step == "sell" and len(hand) > 4:
        yield from (Sell((pid,)) for pid in sold_last(mv, state, _sellable(mv, state, hand)))
    if NO_DRAW in state.rules and draw_barred(state, seat):
        return  # a card keeps `seat` from drawing this turn ("prevent one opponent from drawing any cards")
    spare = pool_of(state, seat, pool) - (rp_kept(mv, state, seat) if step == "buy" else 0)
    for n in range(min(spare, room), 0, -1):  # what the Sites and Equipment of the hand cost is kept (`upkeep`)
        yield Buy(n)


def _sellable(mv: Moves, state: GameState, hand: list[str]) -> Iterator[str]:
    """The cards of `hand` that sell for [CP] (`mv.sell_value`, each card's data and traits looked up here)."""
    infos, known, pieces = mv.known_infos(), mv.known_traits(), state.pieces
    for pid in hand:  # `mv.sell_value(state, pid)`, each card's data and traits looked up here
        ref = pieces[pid].card
        info = infos.get(ref) or mv.info(ref)  # type: ignore[arg-type]
        traits = known.get(info.ref)
        if traits is None:
            traits = mv.traits(info.ref)
        if "no_sell" in traits:  # "This card cannot be sold for [CP]"
            continue
        value = info.res if info.kind == "agent" else info.cost if info.pool in ("RP", "*P") and isinstance(
            info.cost, int) else None
        if value:
            yield pid


def _gen_requisition(mv: Moves, state: GameState, seat: int) -> Iterator[Action]:
    agents = mv.agents(state, seat, ("bureau", "field", "hospital"))  # an Activator may name the Hospital
    infos, pieces = mv.known_infos(), state.pieces  # `mv.pinfo` of each card, its data looked up here
    for pid in list(state.zones[f"hand:{seat}"].pieces):  # `hand_of`: as it is now, whatever follows a move
        ref = pieces[pid].card
        info = infos.get(ref) or mv.info(ref)  # type: ignore[arg-type]
        if info.kind != "equipment":
            continue
        # `mv.check` is the gate, timing, hand, Agent and kind checks (all passed: `seat`'s decision in this step,
        # its Equipment in its hand, its Agents in play) and `requisition_problems`, asked here yes or no: the
        # pool tokens counted once per card, what it costs judged once for every Agent
        held = len(mv.card_pools(state, seat, info, "rp"))
        if max(0, (info.cost or 0) - held) > pool_of(state, seat, "rp"):
            continue  # `requisition_afford`: no Agent may take what cannot be paid for
        if play_limit_problems(mv.ruleset, state, pid, seat):
            continue  # one of its title already in play, where its text allows one (xfc.chain.8)
        where = _SECTION_WORDS.get(info.activators)
        if where is None:
            where = _section_words(info.activators)
        for ag in agents:
            if where and section_of(state, ag).upper() not in where:
                continue  # an Agent in another section (xfc.requisition.1)
            if state.attached(ag) and any(mv.pinfo(state, q).name == info.name for q in mv.gear(state, ag)):
                continue  # one of each item (xfc.requisition.2)
            yield Requisition(pid, ag)


def _gen_deployment(mv: Moves, state: GameState, seat: int) -> Iterator[Action]:
    moved = set(state.rules.get("moved") or [])
    for pid in mv.agents(state, seat, ("bureau", "hospital")):
        if pid in moved:
            continue
        if section_of(state, pid) == "hospital" and not mv.can_leave_hospital(state, pid):
            continue
        yield Deploy(pid, "field")
    for pid in mv.agents(state, seat, ("field",)):
        if pid not in moved and damage(state, pid) > 0 and mv.health(state, pid) < 2:
            yield Deploy(pid, "hospital")
    if seat != _active(state):
        return  # only the Investigating Player buys Agents (`_check_hire`)
    names = None
    infos, pieces = mv.known_infos(), state.pieces  # `mv.pinfo` of each card, its data looked up here
    for pid in list(state.zones[f"hand:{seat}"].pieces):  # `hand_of`: as it is now, whatever follows a move
        ref = pieces[pid].card
        info = infos.get(ref) or mv.info(ref)  # type: ignore[arg-type]
        if info.kind != "agent" or (info.cost or 0) > pool_of(state, seat, "rp"):
            continue
        # `mv.check(state, Hire(pid, "field"), seat)`: the gate, timing and hand checks (all passed) and these
        if names is None:  # the titles in play, read once for the hand
            names = {mv.pinfo(state, p).name for p in mv.agents(state, seat)}
        if info.name not in names or lifted_in_play(mv.ruleset, info.ref):  # "any number of X cards in play"
            yield Hire(pid, "field")


def _gen_sites(mv: Moves, state: GameState, seat: int) -> Iterator[Action]:
    placed = state.rules.get("site_names") or []
    if len(placed) >= 2:
        return
    opps = cheaper = None
    infos, pieces = mv.known_infos(), state.pieces  # `mv.pinfo` of each card, its data looked up here
    for pid in sites_first(mv, state, seat, state.zones[f"hand:{seat}"].pieces):  # those the Team can meet first
        ref = pieces[pid].card
        info = infos.get(ref) or mv.info(ref)  # type: ignore[arg-type]
        if info.kind != "site" or info.name in placed:
            continue  # not a Site, or one of that title placed this turn (xfc.case.3)
        # `mv.check(state, PlaceSite(pid, opp), seat)`: the gate, timing and hand checks (all passed), a Site
        # directed at an opponent (each is), and what it costs
        if cheaper is None:  # whether a card in the Field makes Sites cheaper, asked once for the hand
            cheaper = any_cheaper(mv.ruleset, state, seat)
        if site_cost(state, seat, info, mv.ruleset if cheaper else None) > pool_of(state, seat,
                                                                              "cp" if info.pool == "CP" else "rp"):
            continue
        if opps is None:
            opps = opponents(state, seat)
        for opp in opps:
            yield PlaceSite(pid, opp)


def _gen_bluffs(mv: Moves, state: GameState, seat: int) -> Iterator[Action]:
    sites = [p for p in state.rules.get("sites") or {} if p in state.pieces
             and state.zones[state.pieces[p].zone].kind == "field"]
    hand = hand_of(state, seat)
    if not sites:
        return
    cp = pool_of(state, seat, "cp")
    # per card of the hand, whether it goes beneath a Site (the same for every Site): a real Bluff it can pay for,
    # or a Site given up as a fake one when the hand is full
    ok = []
    infos, pieces = mv.known_infos(), state.pieces  # `mv.pinfo` of each card, its data looked up here
    for pid in hand:
        ref = pieces[pid].card
        info = infos.get(ref) or mv.info(ref)  # type: ignore[arg-type]
        if ("BLUFF" in info.keywords and max(0, (info.cost or 0) - 1) <= cp) or (len(hand) > 6 and info.kind == "site"):
            ok.append(pid)
    for site in sites:
        if len(state.attached(site)) >= 2:
            continue
        for pid in ok:
            yield PlaceBluff(pid, site)


def _gen_assign(mv: Moves, state: GameState, seat: int) -> Iterator[Action]:
    used = set(state.rules.get("used") or [])
    everyone = mv.agents(state, seat, ("field",))
    field = [p for p in everyone if p not in used]
    if state.rules.get(AGAIN):  # Agents allowed a second Site this turn: each Site its own Team
        yield from _gen_again(mv, state, seat, everyone)
        return
    if not field:
        return
    skills: dict[str, int] = {}

    def team(skill: str) -> int:  # the Team's skill, found once per skill for every Site of the listing
        found = skills.get(skill)
        if found is None:
            found = skills[skill] = mv.team_skill(state, field, skill)
        return found

    for site in state.rules.get("sites") or {}:
        if site not in state.pieces or state.pieces[site].zone != f"field:{seat}":
            continue
        options = mv.pinfo(state, site).prerequisite
        if len(options) > 1:
            best = max(options, key=lambda o: team(o[0]) - o[1])[0]
        else:  # one option is the best, found without the Team's skill
            best = options[0][0] if options else ""
        witness = _lab_witness(mv, state, seat, site, field)
        if witness is not None:
            yield _investigate(site, tuple(field), best, witness)


def _gen_again(mv: Moves, state: GameState, seat: int, everyone: list[str]) -> Iterator[Action]:
    """The Teams the bots send when some Agents may investigate a second Site (in the same state): every Agent
    free for each Site, with its best prerequisite skill."""
    for site in state.rules.get("sites") or {}:
        if site not in state.pieces or state.pieces[site].zone != f"field:{seat}":
            continue
        team = free_for(state, everyone, mv.pinfo(state, site).name)
        options = mv.pinfo(state, site).prerequisite
        witness = _lab_witness(mv, state, seat, site, team) if team else None
        if witness is not None:
            best = max(options, key=lambda o: mv.team_skill(state, team, o[0]) - o[1])[0] if options else ""
            yield _investigate(site, tuple(team), best, witness)


def _lab_witness(mv: Moves, state: GameState, seat: int, site: str, team: list[str]) -> str | None:
    """"" for a Site the Team may investigate as it is, the first Witness in the hand for a Field Office Crime Lab
    it has no access to, None when it cannot investigate it (no access and no Witness)."""
    if not mv.pinfo(state, site).crime_lab:
        return ""
    wanted = lab_witnesses(mv.ruleset, state, seat, site, team)
    return "" if wanted is None else (wanted[0] if wanted else None)


def _investigate(site: str, team: tuple[str, ...], skill: str, witness: str) -> Investigate:
    """The Investigate move, naming the Witness discarded only when there is one."""
    return Investigate(site, team, skill, witness or None)


def _gen_reveal(mv: Moves, state: GameState, seat: int) -> Iterator[Action]:
    pending = state.rules.get("bluffs") or []
    if not pending:
        return
    pid = pending[0]
    for pay in bluff_payments(mv, state, seat, pid):
        if not mv.check(state, pay, seat):
            yield pay
    yield ResolveBluff(pid, False)


def bluff_payments(mv: Moves, state: GameState, seat: int, pid: str) -> list[ResolveBluff]:
    """Each way to pay for a revealed Bluff: its Cost, or each X its owner's [CP] pool can pay for an X Cost
    ("2X CP", X the cards it discards)."""
    info = mv.pinfo(state, pid)
    if info.cost is not None:
        return [ResolveBluff(pid, True)]
    have = pool_of(state, seat, "cp")
    top = max(0, have - info.cost_extra) // max(1, info.cost_mult)
    return [ResolveBluff(pid, True, x) for x in range(0, min(top, _MOST_X) + 1)]


def _gen_window(mv: Moves, state: GameState, seat: int) -> Iterator[Action]:
    if state.rules.get("suggestions"):  # effects of resolved cards still offered (most windows have none)
        yield from mv.suggestion_actions(state, seat)
    hand = state.zones[f"hand:{seat}"].pieces
    if hand:
        yield from _window_plays(mv, state, seat, tuple(hand))


def _window_plays(mv: Moves, state: GameState, seat: int, hand: tuple[str, ...]) -> Iterator[Action]:
    """The cards of `hand` `seat` may play into the window now: `mv.check(state, PlayCard(...), seat)` is the gate,
    timing and hand checks (all passed: `seat`'s decision in this step, the card in its hand) and `play_problems`,
    asked here as yes or no, the cheapest tests first (a card's choice of effects changes none of them, nor its
    cost: each card is judged once for all its choices), and only what a card can be paid for with."""
    r = state.rules
    combat = bool(r.get("combat"))
    active = _active(state)
    rp_ok = seat == active or not (len(state.players) == 2 or seat == (r.get("check") or {}).get("directed"))
    words: set[str] | None = None
    tokens = None
    check = r.get("check")  # the window before the Bluffs are revealed, or after a wrong guess (xfc.chain.9)
    window = window_of(check) if check and any(map(check.get, WINDOWS)) else ""
    bans = (r.get("check") or {}).get("bans")
    x = len(state.attached(r["check"]["site"])) if window == "approach" else 0  # "X = the number of Bluffs at the Site"
    # `can_pay` of a play on no side: a *P card is paid from the pool of the side its player is on
    pools = {"RP": pool_of(state, seat, "rp"), "CP": pool_of(state, seat, "cp")}
    own = "RP" if seat == active else "CP"
    infos, pieces = mv.known_infos(), state.pieces  # `mv.pinfo` of each card, its data looked up here
    cheaper = bool(r.get(PROVIDED)) or combat  # costs the cheap test below does not read (the grammar's `sites` block)
    barred = NO_PLAY in r or NO_ADVERSARIES in r or "only_keyword" in r  # a card's bans this turn: the full check
    for pid in hand:
        ref = pieces[pid].card
        info = infos.get(ref) or mv.info(ref)  # type: ignore[arg-type]
        kind = info.kind
        if kind in _NOT_PLAYED or (kind == "combat") is not combat:
            continue  # `play_problems`: never played, or a Combat card out of Combat (or another card in it)
        pool = info.pool
        if (pool == "RP" and not rp_ok) or (pool == "CP" and seat == active):
            continue  # the pool side (xfc.chain.3)
        if window and not on_approach(mv.ruleset, info.ref, window):
            continue  # before the Bluffs are revealed, after a wrong guess (xfc.chain.9)
        if bans and banned(mv.ruleset, state, pid, seat):
            continue  # a kind of card a card at the Site forbids (xfc.chain.10)
        side = pool if pool in pools else own
        cost = info.x_cost(x)
        if cheaper:  # a provision halving it, an Adversary's Combat cards cheaper (`costs`): all it pays
            cost = cost_at_site(mv.ruleset, state, seat, pid, cost)
        elif "cost_at" in mv.traits(state.pieces[pid].card):  # "This card is free if played on a Keyword X Site"
            cost = own_cost(mv.ruleset, state, pid, cost)
        if pools[side] < cost:  # what it costs cannot be paid from the pool (`can_pay`): pool tokens may help
            if tokens is None:  # whether they may (`card_pools`), found once for the whole hand
                tokens = mv.any_trait(state, seat, "card_pool")
            if not (tokens and pools[side] + len(mv.card_pools(state, seat, info, side.lower())) >= cost):
                continue
        if info.activators:  # the words in effect, read only for a card with activators
            if words is None:
                words = mv.in_effect(state, seat)
            missing = [act for act in info.activators if act not in words]
            if missing and r.get(PROVIDED):  # a provision of this turn stands in for some (`play_problems`)
                missing = provided_missing(mv.ruleset, state, seat, pid, missing)
            if missing:  # its own text or an Equipment of the Team waives them (`play_problems`)
                missing = waived_missing(mv.ruleset, state, pid, missing)
            if missing:
                continue
        if kind == "witness" and not lifted_in_play(mv.ruleset, info.ref) and _witness_used(mv, state, info):
            continue
        traits = mv.traits(state.pieces[pid].card)  # what its text does, read once for both tests
        if "copy_limit" in traits and play_limit_problems(mv.ruleset, state, pid, seat):
            continue  # one of its title already in play, where its text allows one (xfc.chain.8)
        for choice in range(1, len(info.alternatives) + 1) if info.alternatives else (0,):
            when = alternative_when(choice)
            if when in traits and mv.interpreter.broken(state, pid, seat, when):
                continue  # `text_violations` of the effect named, yes or no
            play = PlayCard(pid, choice=choice, x=x)  # each choice with the X the window names
            if not (barred and mv.check(state, play, seat)):
                yield play


def _witness_used(mv: Moves, state: GameState, info: CardInfo) -> bool:
    """Whether a Witness of this title was already used in this skill check (xfc.chain.4, `play_problems`)."""
    r = state.rules
    if info.ref in (r.get("check") or {}).get("used", []):
        return True
    return any(mv.pinfo(state, e["piece"]).ref == info.ref for e in r.get("chain") or [] if e.get("piece")
               in state.pieces)


def _gen_damage(mv: Moves, state: GameState, seat: int) -> Iterator[Action]:
    combat = state.rules.get("combat") or {}
    split = combat and may_split(combat, standing(mv.ruleset, mv.pinfo(state, combat["adversary"]).ref, "split_damage"))
    for pid in mv.combatants(state):
        if state.attached(pid) and shunned(mv.ruleset, state, pid):
            continue  # warded from this Adversary while another Agent can take the damage (`_check_assign_damage`)
        yield AssignDamage(pid)
        if split and (combat.get("pending") or {}).get("adversary", 0) > 1:
            yield AssignDamage(pid, 1)


def _gen_question(mv: Moves, state: GameState, seat: int) -> Iterator[Action]:
    """The questions whose answer `seat`'s Notebook does not know yet, then the guesses it still allows (what
    `question_options` and `guess_options` list, skipping what `notes_about` knows, read here once for both)."""
    ctx = mv.question_context(state, seat)
    about = None if not ctx else ctx["about"]
    if about is None or about not in opponents(state, seat):
        if about is not None and ctx["ask"]:  # no Notebook row about that seat: every question, no guess
            yield from (Ask(q["token"]) for q in mv.question_options(state, seat))
        return
    rows = [a for a in (state.rules.get("answers") or {}).get(str(seat), []) if a.get("about") == about]
    universe = xfile_universe(state, mv.xfiles)
    cands = [x for x in universe if _consistent(x, rows)]
    turn = state.rules.get("turn", 1)
    if ctx["ask"]:
        asked = {(a.get("kind"), a.get("value")) for a in rows if "kind" in a}
        token = tokens(state, "q", seat, about, turn, state.seq)
        only = ctx.get("only")
        for kind in ctx["kinds"]:
            if _known(kind, rows, cands):
                continue
            for value in CHARACTERISTIC_VALUES.get(kind, ()) if not only else (only[1],):
                if (kind, value) not in asked:
                    yield Ask(token(kind, value))
    if ctx["guess"] and cands:
        names = {x.name for x in cands}
        token = tokens(state, "g", seat, about, turn, state.seq)
        for x in universe:
            if x.name in names:
                yield Guess(token(x.ref))


def _known(kind: str, rows: list[dict[str, Any]], cands: list[CardInfo]) -> bool:
    """Whether the Notebook knows the X-File's `kind` (`notebook`'s `known`): answered yes, or one value left."""
    if any(a.get("kind") == kind and a.get("answer") for a in rows):
        return True
    return bool(cands) and len({x.characteristics.get(kind) for x in cands}) == 1


GENERATORS: dict[str, Callable[..., Iterator[Action]]] = {
    "draw": _gen_draw, "buy": _gen_buy, "sell": _gen_buy, "requisition": _gen_requisition,
    "deployment": _gen_deployment, "sites": _gen_sites, "bluffs": _gen_bluffs, "assign": _gen_assign,
    "reveal": _gen_reveal, "check": _gen_window, "aftermath": _gen_window, "damage": _gen_damage,
    "question": _gen_question, "penalty": _gen_question, "debrief": debrief_discards,
}
