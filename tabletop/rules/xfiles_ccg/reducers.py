"""What each `xfiles-ccg` action does to the table (REDUCERS) and which actions each step offers (GENERATORS).

Kept apart from the ruleset class so each stays readable; both take the ruleset instance as their first argument.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.reducer import ActionError, Tx
from ...core.state import EVERYONE, GameState
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
from .data import SECTIONS, canonical_skill

if TYPE_CHECKING:
    from .ruleset import XFilesCCG

__all__ = ["GENERATORS", "REDUCERS"]


def _pass(rs: XFilesCCG, state: GameState, a: Pass, seat: int, tx: Tx) -> None:
    step = rs.step(state)
    tx.note("xfc.pass", seat, "passes")
    if step == "draw":
        rs._collect_res(state, tx)
    elif step == "buy":
        rs._start_selling(state, tx)
    elif step == "sell":
        rs._next_seller(state, tx)
    elif step == "requisition":
        rs._goto(state, "deployment", tx)
    elif step == "deployment":
        tx.set_rule("site_names", [])
        rs._goto(state, "sites", tx)
    elif step == "sites":
        opps = rs.opponents(state, rs.active(state))
        if any(pid in state.pieces for pid in state.rules.get("sites") or {}):
            tx.set_rule("bluffer", opps[0])
            rs._goto(state, "bluffs", tx)
        else:
            rs._goto(state, "assign", tx)
    elif step == "bluffs":
        opps = rs.opponents(state, rs.active(state))
        cur = state.rules.get("bluffer")
        i = opps.index(cur) + 1 if cur in opps else len(opps)
        if i < len(opps):
            tx.set_rule("bluffer", opps[i])
        else:
            tx.del_rule("bluffer")
            rs._goto(state, "assign", tx)
    elif step == "assign":
        rs._end_investigation(state, tx)
    elif step in ("check", "aftermath"):
        _pass_priority(rs, state, seat, tx)
    elif step == "question":
        rs._close_site(state, tx)
    elif step == "penalty":
        tx.del_rule("penalty")
        rs._goto(state, "question", tx)
    elif step == "debrief":
        rs._next_discarder(state, tx)
    else:
        raise ActionError("cannot_pass", f"there is nothing to pass in {step}")


def _pass_priority(rs: XFilesCCG, state: GameState, seat: int, tx: Tx) -> None:
    r = state.rules
    sugg = [s for s in r.get("suggestions") or [] if s.get("seat") != seat]
    if sugg != list(r.get("suggestions") or []):
        tx.set_rule("suggestions", sugg)
    passed = int(r.get("passed", 0)) + 1
    if passed < len(state.seats):
        tx.set_rule("passed", passed)
        tx.set_rule("priority", rs._left(state, r.get("priority", seat)))
        return
    level = rs._level(state)
    chain = rs._chain(state)
    if chain and int(chain[-1].get("combat", 0)) == level:
        rs._resolve_top(state, tx)
    else:
        rs._window_closed(state, tx)


def _free_draw(rs: XFilesCCG, state: GameState, a: FreeDraw, seat: int, tx: Tx) -> None:
    n = rs._draw(state, seat, 1, tx)
    tx.set_rule("drawn", True)
    tx.note("xfc.free_draw", seat, "takes the free draw" if n else "has no card to draw", {"count": n})
    rs._collect_res(state, tx)


def _buy(rs: XFilesCCG, state: GameState, a: Buy, seat: int, tx: Tx) -> None:
    step = rs.step(state)
    pool = "rp" if step == "buy" else "cp"
    count = max(0, a.count)
    n = rs._draw(state, seat, count, tx)
    rs._pay(state, seat, pool, n, tx)
    tx.note("xfc.buy", seat, f"buys {n} card{'s' if n != 1 else ''} for {n} {pool.upper()} "
            f"({rs._pool_of(state, seat, pool)} {pool.upper()} left)", {"count": n, "pool": pool})
    if step == "buy":
        rs._start_selling(state, tx)
    elif step == "sell":
        rs._next_seller(state, tx)


def _sell(rs: XFilesCCG, state: GameState, a: Sell, seat: int, tx: Tx) -> None:
    total = 0
    for pid in a.pieces:
        total += rs._sell_value(state, pid) or 0
        rs._to_discard(state, pid, tx)
    cp = tx.add_player_counter(seat, "cp", total)
    tx.note("xfc.sell", seat, f"sells {', '.join(rs.ref(state, p) for p in a.pieces)} for {total} CP "
            f"({cp} CP)", {"pieces": list(a.pieces), "cp": total})


def _requisition(rs: XFilesCCG, state: GameState, a: Requisition, seat: int, tx: Tx) -> None:
    info = rs.pinfo(state, a.piece)
    if info.kind != "equipment":
        raise ActionError("not_equipment", f"{info.name} is not Equipment")
    rs._pay(state, seat, "rp", info.cost or 0, tx)
    rs._attach(state, a.piece, a.agent, tx, by=seat)
    tx.note("xfc.requisition", seat, f"requisitions {info.name} for {rs.ref(state, a.agent)} "
            f"({info.cost or 0} RP; {rs._pool_of(state, seat, 'rp')} RP left)", {"piece": a.piece, "agent": a.agent})


def _exchange(rs: XFilesCCG, state: GameState, a: Exchange, seat: int, tx: Tx) -> None:
    if state.pieces[a.piece].attached_to is None:
        raise ActionError("not_held", "that Equipment is not held by an Agent")
    rs._attach(state, a.piece, a.agent, tx)
    tx.note("xfc.exchange", seat, f"{rs.ref(state, a.piece)} goes to {rs.ref(state, a.agent)}",
            {"piece": a.piece, "agent": a.agent})


def _deploy(rs: XFilesCCG, state: GameState, a: Deploy, seat: int, tx: Tx) -> None:
    if a.to not in SECTIONS:
        raise ActionError("bad_section", f"Agents go to the Bureau, Field or Hospital, not {a.to!r}")
    rs._move_agent(state, a.agent, a.to, tx)
    moved = list(state.rules.get("moved") or [])
    if a.agent not in moved:
        tx.set_rule("moved", [*moved, a.agent])
    tx.note("xfc.deploy", seat, f"{rs.ref(state, a.agent)} goes to the {a.to.title()}", {"piece": a.agent})


def _hire(rs: XFilesCCG, state: GameState, a: Hire, seat: int, tx: Tx) -> None:
    info = rs.pinfo(state, a.piece)
    to = a.to if a.to in ("bureau", "field") else "field"
    rs._pay(state, seat, "rp", info.cost or 0, tx)
    tx.move(a.piece, f"{to}:{seat}", face_up=True, by=seat)
    tx.set_rule("hired", [*(state.rules.get("hired") or []), a.piece])
    tx.set_rule("moved", [*(state.rules.get("moved") or []), a.piece])
    tx.note("xfc.hire", seat, f"buys {info.name} for this turn ({info.cost or 0} RP; game effect ignored)",
            {"piece": a.piece})


def _team(rs: XFilesCCG, state: GameState, a: FormTeam, seat: int, tx: Tx) -> None:
    teams = dict(state.rules.get("teams") or {})
    mine = [[p for p in t if p not in a.agents] for t in teams.get(str(seat), [])]
    mine = [t for t in mine if t]
    mine.append(list(a.agents))
    teams[str(seat)] = mine
    tx.set_rule("teams", teams)
    tx.note("xfc.team", seat, "forms a Team: " + ", ".join(rs.ref(state, p) for p in a.agents),
            {"agents": list(a.agents)})


def _site(rs: XFilesCCG, state: GameState, a: PlaceSite, seat: int, tx: Tx) -> None:
    info = rs.pinfo(state, a.piece)
    at = rs._directed(state, a.at)
    if at is None:
        raise ActionError("no_direction", "name the opponent this Site is directed at")
    pool = "cp" if info.pool == "CP" else "rp"
    rs._pay(state, seat, pool, info.cost or 0, tx)
    tx.move(a.piece, f"field:{seat}", face_up=True, by=seat)
    sites = dict(state.rules.get("sites") or {})
    sites[a.piece] = {"at": at, "turn": state.rules.get("turn", 1), "owner": seat}
    tx.set_rule("sites", sites)
    tx.set_rule("site_names", [*(state.rules.get("site_names") or []), info.name])
    tx.note("xfc.site", seat, f"places {info.name} directed at {rs._seat_name(state, at)} ({info.cost or 0} "
            f"{pool.upper()}; {rs._pool_of(state, seat, pool)} {pool.upper()} left)", {"piece": a.piece, "at": at})


def _bluff(rs: XFilesCCG, state: GameState, a: PlaceBluff, seat: int, tx: Tx) -> None:
    rs._attach(state, a.piece, a.site, tx, face_up=False, by=seat)
    tx.note("xfc.bluff", seat, f"puts a card face down beneath {rs.ref(state, a.site)}",
            {"site": a.site})


def _investigate(rs: XFilesCCG, state: GameState, a: Investigate, seat: int, tx: Tx) -> None:
    r = state.rules
    info = rs.pinfo(state, a.site)
    options = list(info.prerequisite)
    skill = canonical_skill(a.skill) if a.skill else None
    need = next((n for s, n in options if s == skill), None)
    if skill is None or need is None:
        if options:
            skill, need = options[0] if skill is None else (skill, options[0][1])
        else:
            skill, need = skill or "", 0
    directed = (r.get("sites") or {}).get(a.site, {}).get("at")
    if directed is None:
        directed = rs._directed(state, None)
    tx.set_rule("check", {"site": a.site, "team": list(a.agents), "skill": skill, "need": need,
                          "directed": directed, "mods": [], "used": []})
    tx.set_rule("used", [*(r.get("used") or []), *a.agents])
    tx.note("xfc.investigate", seat, f"investigates {info.name} with "
            f"{', '.join(rs.ref(state, p) for p in a.agents)}: {skill} {rs.team_skill(state, a.agents, skill)} "
            f"against {need}+", {"site": a.site, "agents": list(a.agents), "skill": skill, "need": need})
    pending = []
    for pid in list(state.attached(a.site)):
        tx.change(pid, face_up=True, known=state.pieces[pid].known | {EVERYONE})
        binfo = rs.pinfo(state, pid)
        if binfo.has("BLUFF"):
            pending.append(pid)
            tx.note("xfc.bluff_revealed", rs._owner(state, pid), f"Bluff revealed: {binfo.name}", {"piece": pid})
        else:
            tx.note("xfc.bluff_revealed", rs._owner(state, pid), f"{binfo.name} was not a Bluff and is discarded",
                    {"piece": pid})
            rs._to_discard(state, pid, tx)
    if pending:
        tx.set_rule("bluffs", pending)
        rs._goto(state, "reveal", tx)
    else:
        rs._goto(state, "check", tx)
        rs._open_window(state, tx, seat)


def _resolve_bluff(rs: XFilesCCG, state: GameState, a: ResolveBluff, seat: int, tx: Tx) -> None:
    info = rs.pinfo(state, a.piece)
    owner = rs._owner(state, a.piece)
    cost = max(0, (info.cost or 0) - 1)
    pending = [p for p in state.rules.get("bluffs") or [] if p != a.piece]
    if a.pay and rs._pool_of(state, owner, "cp") >= cost:
        rs._pay(state, owner, "cp", cost, tx)
        rs._to_discard(state, a.piece, tx)
        tx.note("xfc.bluff_paid", owner, f"pays {cost} CP for the Bluff {info.name} ({rs._pool_of(state, owner, 'cp')} "
                "CP left)" + (f"; apply by hand: {info.text}" if info.text else ""), {"piece": a.piece, "cost": cost})
        rs._offer(state, tx, owner, a.piece, info)
    else:
        rs._to_discard(state, a.piece, tx)
        tx.note("xfc.bluff_dropped", owner, f"discards the Bluff {info.name}", {"piece": a.piece})
    if pending:
        tx.set_rule("bluffs", pending)
    else:
        tx.del_rule("bluffs")
        rs._goto(state, "check", tx)
        rs._open_window(state, tx, rs.active(state))
        if any(s.get("seat") == owner for s in state.rules.get("suggestions") or []):
            rs._open_window(state, tx, owner)


def _play(rs: XFilesCCG, state: GameState, a: PlayCard, seat: int, tx: Tx) -> None:
    info = rs.pinfo(state, a.piece)
    cost = max(0, a.x) + info.cost_extra if info.cost is None else (info.cost or 0)
    pool = rs.pay_pool(state, info, seat, a.side)
    if rs._pool_of(state, seat, pool) < cost:
        rs._to_discard(state, a.piece, tx)
        tx.note("xfc.unpaid", seat, f"cannot pay {cost} {pool.upper()} for {info.name}: it goes to the Discard "
                "(xfc.chain.3)", {"piece": a.piece})
        return
    rs._pay(state, seat, pool, cost, tx)
    tx.move(a.piece, "chain", face_up=True, by=seat)
    entry = {"piece": a.piece, "seat": seat, "pool": pool, "paid": cost, "combat": rs._level(state)}
    named = ""
    if 1 <= a.choice <= len(info.alternatives):
        entry["choice"] = a.choice
        named = f", naming effect {a.choice}: {info.alternatives[a.choice - 1]}"
    tx.set_rule("chain", [*rs._chain(state), entry])
    if info.kind == "witness" and state.rules.get("check"):
        check = dict(state.rules["check"])
        check["used"] = [*check.get("used", []), info.ref]
        tx.set_rule("check", check)
    tx.set_rule("passed", 0)
    tx.set_rule("priority", seat)
    tx.note("xfc.play", seat, f"plays {info.name} for {cost} {pool.upper()} ({rs._pool_of(state, seat, pool)} "
            f"{pool.upper()} left){named}", {"piece": a.piece, "pool": pool, "paid": cost, "choice": a.choice})


def _assign_damage(rs: XFilesCCG, state: GameState, a: AssignDamage, seat: int, tx: Tx) -> None:
    if not state.rules.get("combat"):
        raise ActionError("no_combat", "there is no Combat")
    rs._deal_damage(state, tx, a.agent)


def _ask(rs: XFilesCCG, state: GameState, a: Ask, seat: int, tx: Tx) -> None:
    q = next((o for o in rs.question_options(state, seat, False) if o["token"] == a.token), None)
    if q is None:
        raise ActionError("no_question", "that question cannot be asked now")
    about = q["about"]
    xf = rs.xfile_of(state, about)
    value = rs.pinfo(state, xf).characteristics.get(q["kind"], "") if xf else ""
    yes = value.casefold() == q["value"].casefold()
    row = {"about": about, "kind": q["kind"], "value": q["value"], "answer": yes, "turn": state.rules.get("turn", 1)}
    rs._answer(state, tx, seat, about, row, f"asks {rs._seat_name(state, about)}: {q['text']} "
               f"{'Yes' if yes else 'No'}.")
    _mark(rs, state, seat, tx, "asked")


def _mark(rs: XFilesCCG, state: GameState, seat: int, tx: Tx, what: str) -> None:
    if rs.step(state) == "penalty":
        tx.del_rule("penalty")
        rs._goto(state, "question", tx)
    else:
        q = dict(state.rules.get("question") or {})
        q[what] = True
        tx.set_rule("question", q)


def _guess(rs: XFilesCCG, state: GameState, a: Guess, seat: int, tx: Tx) -> None:
    g = next((o for o in rs.guess_options(state, seat, False) if o["token"] == a.token), None)
    if g is None:
        raise ActionError("no_guess", "that guess cannot be made now")
    about = g["about"]
    xf = rs.xfile_of(state, about)
    actual = rs.pinfo(state, xf) if xf else None
    right = actual is not None and g["name"] == actual.name
    penalty_step = rs.step(state) == "penalty"
    guesses = dict(state.rules.get("guesses") or {})
    guesses[str(seat)] = int(guesses.get(str(seat), 0)) + 1
    tx.set_rule("guesses", guesses)
    row = {"about": about, "guess": g["name"], "answer": right,
           "turn": state.rules.get("turn", 1)}
    rs._answer(state, tx, seat, about, row, f"guesses that {rs._seat_name(state, about)}'s X-File is {g['name']}: "
               f"{'right' if right else 'wrong'}.")
    if right:
        if xf:
            tx.change(xf, known=state.pieces[xf].known | {EVERYONE})
        rs._end(state, tx, seat, f"{rs._seat_name(state, seat)} identifies {rs._seat_name(state, about)}'s X-File, "
                f"{g['name']}, and wins (xfc.game.1)")
        return
    if rs.options["one_guess"] and not penalty_step:
        rs._end(state, tx, about, f"{rs._seat_name(state, seat)} guessed wrong with the one guess of the game: "
                f"{rs._seat_name(state, about)} wins (xfc.options.2)")
        return
    if penalty_step:
        _mark(rs, state, seat, tx, "guessed")
        return
    q = dict(state.rules.get("question") or {})
    q["guessed"] = True
    tx.set_rule("question", q)
    tx.set_rule("penalty", {"seat": about, "about": seat})
    rs._goto(state, "penalty", tx)


def _discard(rs: XFilesCCG, state: GameState, a: Discard, seat: int, tx: Tx) -> None:
    for pid in a.pieces:
        rs._to_discard(state, pid, tx)
    tx.note("xfc.discard", seat, f"discards {len(a.pieces)} card{'s' if len(a.pieces) != 1 else ''}",
            {"count": len(a.pieces)})


def _hospitalize(rs: XFilesCCG, state: GameState, a: Hospitalize, seat: int | None, tx: Tx) -> None:
    rs._move_agent(state, a.agent, "hospital", tx)
    tx.note("xfc.hospital", rs._owner(state, a.agent), f"{rs.ref(state, a.agent)} is at 0 Health and goes to the "
            "Hospital", {"piece": a.agent})


def _killer_win(rs: XFilesCCG, state: GameState, a: KillerWin, seat: int | None, tx: Tx) -> None:
    rs._end(state, tx, a.winner, f"{rs._seat_name(state, a.winner)} has permanently removed every opposing Agent "
            "from play and wins (xfc.options.3)")


def _effect(rs: XFilesCCG, state: GameState, a: ManualEffect, seat: int, tx: Tx) -> None:
    r = state.rules
    src = rs.ref(state, a.source) if a.source else "by hand"
    why = f" ({a.text})" if a.text else ""
    data: dict[str, Any] = {"kind": a.kind, "amount": a.amount, "source": a.source, "piece": a.piece}
    if a.kind == "skill":
        check = dict(r.get("check") or {})
        if not check:
            raise ActionError("no_check", "there is no skill check to adjust")
        check["mods"] = [*check.get("mods", []), {"amount": a.amount, "source": a.source, "name": src}]
        tx.set_rule("check", check)
        text = f"{src}: {a.amount:+d} to the {check.get('skill')} check (now {rs.check_total(state)})"
    elif a.kind == "pool":
        who = a.seat if a.seat is not None else seat
        if a.pool not in ("rp", "cp") or who not in state.seats:
            raise ActionError("bad_pool", "name a seat and its pool: rp or cp")
        value = max(0, rs._pool_of(state, who, a.pool) + a.amount)
        tx.set_player_counter(who, a.pool, value)
        text = f"{src}: {a.amount:+d} {a.pool.upper()} for {rs._seat_name(state, who)} ({value})"
    elif a.kind == "damage":
        if a.piece is None:
            raise ActionError("no_piece", "name the card that takes or heals damage")
        printed = rs.pinfo(state, a.piece).health or 0
        new = max(0, rs.damage(state, a.piece) + a.amount)
        rs._set_damage(state, a.piece, min(new, printed) if printed else new, tx)
        verb = "heals" if a.amount < 0 else "takes"
        text = f"{src}: {rs.ref(state, a.piece)} {verb} {abs(a.amount)} ({rs.health(state, a.piece)} Health)"
    elif a.kind == "combat":
        combat = dict(r.get("combat") or {})
        if not combat or a.side not in ("agents", "adversary"):
            raise ActionError("no_combat", "a combat adjustment needs a Combat and a side: agents or adversary")
        mods = dict(combat.get("mods") or {})
        mods[a.side] = int(mods.get(a.side, 0)) + a.amount
        combat["mods"] = mods
        tx.set_rule("combat", combat)
        text = f"{src}: {a.amount:+d} damage for the {a.side} this round"
    elif a.kind == "move":
        if a.piece is None or a.to not in state.zones:
            raise ActionError("bad_move", "name a card and the zone it goes to")
        if rs.pinfo(state, a.piece).kind == "agent" and state.zones[a.to].kind in SECTIONS:
            rs._move_agent(state, a.piece, state.zones[a.to].kind, tx)
        else:
            tx.move(a.piece, a.to, by=seat)
        text = f"{src}: {rs.ref(state, a.piece)} goes to {state.zones[a.to].label or a.to}"
    elif a.kind == "negate":
        if a.piece is None:
            raise ActionError("no_piece", "name the card to negate")
        chain = [e for e in rs._chain(state) if e.get("piece") != a.piece]
        if chain != rs._chain(state):
            tx.set_rule("chain", chain)
        combat = r.get("combat")
        name = rs.ref(state, a.piece)
        if combat and combat.get("adversary") == a.piece:
            rs._end_combat(state, tx, f"{name} is negated")
        elif state.zones[state.pieces[a.piece].zone].kind != "discard":
            rs._to_discard(state, a.piece, tx)
        text = f"{src}: negates {name}"
    elif a.kind == "abduct":
        text = _abduct(rs, state, a, seat, src, tx)
    elif a.kind == "leave":
        check = dict(r.get("check") or {})
        if not check or a.piece not in check.get("team", []):
            raise ActionError("not_in_team", "that Agent is not in the investigating Team")
        check["team"] = [p for p in check["team"] if p != a.piece]
        tx.set_rule("check", check)
        text = f"{src}: {rs.ref(state, a.piece)} stays behind (check now {rs.check_total(state)})"
    else:
        raise ActionError("bad_effect", "a manual effect is skill, pool, damage, combat, move, negate, abduct or leave")
    if a.source:
        sugg = [s for s in r.get("suggestions") or [] if s.get("piece") != a.source]
        if sugg != list(r.get("suggestions") or []):
            tx.set_rule("suggestions", sugg)
    tx.note("xfc.effect", seat, text + why, data)


def _abduct(rs: XFilesCCG, state: GameState, a: ManualEffect, seat: int, src: str, tx: Tx) -> str:
    """Abduction (the X-File power, Alien Harvester...): the Agent goes face up `amount` (10) cards down in its owner's
    Bureau Deck, its Equipment discarded; when the last card over it is drawn it goes to the Hospital, undamaged."""
    pid = a.piece
    if pid is None or rs.pinfo(state, pid).kind != "agent" or state.zones[state.pieces[pid].zone].kind not in SECTIONS:
        raise ActionError("not_an_agent", "name an Agent in play to abduct")
    depth = a.amount if a.amount > 0 else 10
    owner = rs._owner(state, pid)
    for q in state.attached(pid):
        rs._to_discard(state, q, tx)
    deck = f"deck:{owner}"
    index = min(depth, len(state.zones[deck].pieces))
    tx.move(pid, deck, index=index, face_up=True)
    if state.pieces[pid].counters:
        tx.change(pid, counters={})
    tx.set_rule("abducted", [*(state.rules.get("abducted") or []), pid])
    check = state.rules.get("check")
    if check and pid in check.get("team", []):
        tx.set_rule("check", {**check, "team": [p for p in check["team"] if p != pid]})
    if index == 0:
        rs._return_abducted(state, tx)
    return f"{src}: {rs.ref(state, pid)} is abducted, {index} cards down in the Bureau Deck"


REDUCERS: dict[type, Callable[..., None]] = {
    Pass: _pass, FreeDraw: _free_draw, Buy: _buy, Sell: _sell, Requisition: _requisition, Exchange: _exchange,
    Deploy: _deploy, Hire: _hire, FormTeam: _team, PlaceSite: _site, PlaceBluff: _bluff, Investigate: _investigate,
    ResolveBluff: _resolve_bluff, PlayCard: _play, AssignDamage: _assign_damage, Ask: _ask, Guess: _guess,
    Discard: _discard, Hospitalize: _hospitalize, KillerWin: _killer_win, ManualEffect: _effect,
}


# ------------------------------------------------------------------------------------------------ generators


def _hand(state: GameState, seat: int) -> list[str]:
    return list(state.zones[f"hand:{seat}"].pieces)


def _gen_draw(rs: XFilesCCG, state: GameState, seat: int) -> Iterator[Action]:
    if not state.rules.get("drawn"):
        yield FreeDraw()


def _gen_buy(rs: XFilesCCG, state: GameState, seat: int) -> Iterator[Action]:
    pool = "rp" if rs.step(state) == "buy" else "cp"
    room = rs.options["hand_max"] - len(_hand(state, seat))
    if rs.step(state) == "sell":
        for pid in _hand(state, seat):
            if len(_hand(state, seat)) > 4 and rs._sell_value(state, pid):
                yield Sell((pid,))
    for n in range(min(rs._pool_of(state, seat, pool), room), 0, -1):
        yield Buy(n)


def _gen_requisition(rs: XFilesCCG, state: GameState, seat: int) -> Iterator[Action]:
    agents = rs.agents(state, seat, ("bureau", "field"))
    for pid in _hand(state, seat):
        if rs.pinfo(state, pid).kind != "equipment":
            continue
        for ag in agents:
            a = Requisition(pid, ag)
            if not rs.check(state, a, seat):
                yield a


def _gen_deployment(rs: XFilesCCG, state: GameState, seat: int) -> Iterator[Action]:
    moved = set(state.rules.get("moved") or [])
    for pid in rs.agents(state, seat, ("bureau", "hospital")):
        if pid in moved:
            continue
        if rs.section_of(state, pid) == "hospital" and not rs.can_leave_hospital(state, pid):
            continue
        yield Deploy(pid, "field")
    for pid in rs.agents(state, seat, ("field",)):
        if pid not in moved and rs.health(state, pid) < 2 and rs.damage(state, pid) > 0:
            yield Deploy(pid, "hospital")
    for pid in _hand(state, seat):
        if rs.pinfo(state, pid).kind == "agent":
            a = Hire(pid, "field")
            if not rs.check(state, a, seat):
                yield a


def _gen_sites(rs: XFilesCCG, state: GameState, seat: int) -> Iterator[Action]:
    if len(state.rules.get("site_names") or []) >= 2:
        return
    for pid in _hand(state, seat):
        if rs.pinfo(state, pid).kind != "site":
            continue
        for opp in rs.opponents(state, seat):
            a = PlaceSite(pid, opp)
            if not rs.check(state, a, seat):
                yield a


def _gen_bluffs(rs: XFilesCCG, state: GameState, seat: int) -> Iterator[Action]:
    sites = [p for p in state.rules.get("sites") or {} if p in state.pieces
             and state.zones[state.pieces[p].zone].kind == "field"]
    hand = _hand(state, seat)
    for site in sites:
        if len(state.attached(site)) >= 2:
            continue
        for pid in hand:
            info = rs.pinfo(state, pid)
            real = info.has("BLUFF") and max(0, (info.cost or 0) - 1) <= rs._pool_of(state, seat, "cp")
            if real or (len(hand) > 6 and info.kind == "site"):
                yield PlaceBluff(pid, site)


def _gen_assign(rs: XFilesCCG, state: GameState, seat: int) -> Iterator[Action]:
    used = set(state.rules.get("used") or [])
    field = [p for p in rs.agents(state, seat, ("field",)) if p not in used]
    if not field:
        return
    for site in state.rules.get("sites") or {}:
        if site not in state.pieces or state.pieces[site].zone != f"field:{seat}":
            continue
        options = rs.pinfo(state, site).prerequisite
        best = max(options, key=lambda o: rs.team_skill(state, field, o[0]) - o[1])[0] if options else ""
        yield Investigate(site, tuple(field), best)


def _gen_reveal(rs: XFilesCCG, state: GameState, seat: int) -> Iterator[Action]:
    pending = state.rules.get("bluffs") or []
    if not pending:
        return
    pid = pending[0]
    pay = ResolveBluff(pid, True)
    if not rs.check(state, pay, seat):
        yield pay
    yield ResolveBluff(pid, False)


def _gen_window(rs: XFilesCCG, state: GameState, seat: int) -> Iterator[Action]:
    yield from rs.suggestion_actions(state, seat)
    for pid in _hand(state, seat):
        info = rs.pinfo(state, pid)
        if info.kind in ("agent", "site", "xfile", "equipment"):
            continue
        for choice in range(1, len(info.alternatives) + 1) if info.alternatives else (0,):
            a = PlayCard(pid, choice=choice)
            if rs.can_pay(state, a, seat) and not rs.check(state, a, seat):
                yield a


def _gen_damage(rs: XFilesCCG, state: GameState, seat: int) -> Iterator[Action]:
    for pid in rs.combatants(state):
        yield AssignDamage(pid)


def _gen_question(rs: XFilesCCG, state: GameState, seat: int) -> Iterator[Action]:
    ctx = rs.question_context(state, seat)
    if not ctx:
        return
    book = rs.notebook(state, seat)
    opp = next((o for o in book["opponents"] if o["seat"] == ctx["about"]), None)
    known = opp["known"] if opp else {}
    asked = {(a.get("kind"), a.get("value")) for a in (opp["answers"] if opp else []) if "kind" in a}
    for q in rs.question_options(state, seat):
        if q["kind"] not in known and (q["kind"], q["value"]) not in asked:
            yield Ask(q["token"])
    cands = {c["name"] for c in (opp["candidates"] if opp else [])}
    for g in rs.guess_options(state, seat):
        if g["name"] in cands:
            yield Guess(g["token"])


def _gen_debrief(rs: XFilesCCG, state: GameState, seat: int) -> Iterator[Action]:
    hand = _hand(state, seat)
    extra = len(hand) - rs.options["hand_max"]
    if extra > 0:
        yield Discard(tuple(hand[-extra:]))
        yield Discard(tuple(hand[:extra]))


GENERATORS: dict[str, Callable[..., Iterator[Action]]] = {
    "draw": _gen_draw, "buy": _gen_buy, "sell": _gen_buy, "requisition": _gen_requisition,
    "deployment": _gen_deployment, "sites": _gen_sites, "bluffs": _gen_bluffs, "assign": _gen_assign,
    "reveal": _gen_reveal, "check": _gen_window, "aftermath": _gen_window, "damage": _gen_damage,
    "question": _gen_question, "penalty": _gen_question, "debrief": _gen_debrief,
}
