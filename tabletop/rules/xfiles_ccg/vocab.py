"""The X-Files CCG's vocabulary of effects: what its compiled card text may say, run by the kit's interpreter.

Primitives change the table through `Tx` (skill checks, Combat, damage, pools, negation, prerequisites, forced
checks); its conditions (why a card may not be used now: a failed one cites xfc.effect.2, strict refuses, warn logs)
and selectors (what a target may be) are in `vocab_reads`, the steps that move cards and pool points in
`vocab_cards`; durations end at a combat round, a Combat or the turn. Standing abilities (an Equipment's
skill, a skipped round, who may use MARTIAL ARTS cards) are read where the rules need them (`standing`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.reducer import ActionError, Tx
from ..effects import Ctx, Vocabulary
from ..effects.model import step_name
from .anytime import ANYTIME_CONDITIONS
from .data import canonical_skill
from .remote_help import remote_help
from .vocab_agents import AGENT_CONDITIONS, AGENT_PRIMITIVES, AGENT_SELECTORS
from .vocab_barred import BARRED_AFFORDS, BARRED_CONDITIONS, BARRED_PRIMITIVES, BARRED_SELECTORS
from .vocab_bluffs import BLUFF_CONDITIONS, BLUFF_PRIMITIVES, BLUFF_SELECTORS
from .vocab_cards import CARD_PRIMITIVES, spend_token
from .vocab_choices import CHOICE_AFFORDS, CHOICE_CONDITIONS, CHOICE_PRIMITIVES
from .vocab_decks import DECK_CONDITIONS, DECK_PRIMITIVES, DECK_SELECTORS, doubled, per_target
from .vocab_equip import EQUIP_CONDITIONS, EQUIP_PRIMITIVES
from .vocab_events import EVENT_CONDITIONS, EVENT_PRIMITIVES, EVENT_SELECTORS
from .vocab_reads import CONDITIONS, SELECTORS, can_use, standing, x_paid
from .vocab_reads import check_of as _check
from .vocab_reads import team as _team
from .vocab_reads import words as _words
from .vocab_sites import SITE_CONDITIONS, SITE_PRIMITIVES, SITE_SELECTORS
from .vocab_windows import WINDOW_AFFORDS, WINDOW_PRIMITIVES, WINDOW_SELECTORS
from .vocab_words import WORD_AFFORDS, WORD_CONDITIONS, WORD_PRIMITIVES, WORD_SELECTORS

__all__ = ["VOCABULARY", "can_use", "standing"]

_SKILL_OF_ROUND = {"lrc": "Long Range Combat", "crc": "Close Range Combat"}


# ------------------------------------------------------------------------------------------------ combat


def _combat(ctx: Ctx) -> dict[str, Any]:
    combat = ctx.state.rules.get("combat")
    if not combat:
        raise ActionError("no_combat", "there is no Combat")
    return dict(combat)


def _side_of(ctx: Ctx, args: Mapping[str, Any], combat: Mapping[str, Any]) -> str:
    pieces = ctx.pieces(args) if args.get("target") else []
    if pieces:
        return "adversary" if pieces[0] == combat.get("adversary") else "agents"
    own = "adversary" if ctx.seat == combat.get("owner") else "agents"
    of = ctx.pieces({"target": args["of"]}) if args.get("of") else []
    if of:  # "Play on any ALIEN combatant to reduce damage from all opponent ... sources": that combatant's side
        own = "adversary" if of[0] == combat.get("adversary") else "agents"
    side = args.get("side", "own")
    if side == "own":
        return own
    if side == "opponents":
        return "agents" if own == "adversary" else "adversary"
    return str(side)


def _lasting(ctx: Ctx, args: Mapping[str, Any], combat: Mapping[str, Any]) -> dict[str, Any]:
    """When a Combat effect applies: this round (the next of its kind when it names another), or the Combat."""
    number = int(combat.get("number", 1))
    rnd = args.get("round")
    if rnd and rnd != combat.get("round"):
        number += 1
    out: dict[str, Any] = {"round": rnd} if rnd else {}
    if args.get("until") != "end_of_combat":
        out["number"] = number
    return out


def _combat_mod(ctx: Ctx, tx: Tx, args: Any) -> str:
    combat = _combat(ctx)
    side = _side_of(ctx, args, combat)
    amount = int(args.get("amount", 0))
    entry = {"side": side, "amount": amount, **_lasting(ctx, args, combat)}
    for flag in ("per_source", "one_source", "double", "split"):
        if args.get(flag):
            entry[flag] = True
    pieces = ctx.pieces(args) if args.get("target") else []
    if pieces and side == "agents":
        entry["piece"] = pieces[0]
    combat["effects"] = [*combat.get("effects", []), entry]
    tx.set_rule("combat", combat)
    who = ctx.name(pieces[0]) if pieces else f"the {side}"
    each = " from each source" if args.get("per_source") else ""
    return f"{amount:+d} damage{each} for {who} ({_rnd_words(entry)})"


def _rnd_words(entry: Mapping[str, Any]) -> str:
    rnd = {"lrc": "Long Range", "crc": "Close Range"}.get(entry.get("round", ""), "")
    return f"this {rnd + ' ' if rnd else ''}round" if "number" in entry else "this Combat"


def _remove_from_game(ctx: Ctx, tx: Tx, args: Any) -> str:
    pieces = ctx.pieces(args)
    names = [ctx.name(p) for p in pieces]
    for pid in pieces:
        for q in ctx.state.attached(pid):
            ctx.ruleset.to_discard(ctx.state, q, tx)
        check = ctx.state.rules.get("check")
        if check and pid in check.get("team", []):
            tx.set_rule("check", {**check, "team": [p for p in check["team"] if p != pid]})
        tx.remove_piece(pid)
    source = ctx.source if ctx.source in ctx.state.pieces else None
    if pieces and source is not None and ctx.ruleset.pinfo(ctx.state, source).kind == "adversary":
        tx.set_rule("hurt", True)  # "after an Adversary ... removes an Agent from the game" (this turn)
    return f"{', '.join(names) or 'no one'} is removed from the game"


def _shuffle_back(ctx: Ctx, tx: Tx, args: Any) -> str:
    out = []
    for pid in ctx.pieces(args):
        chain = [e for e in ctx.ruleset.chain(ctx.state) if e.get("piece") != pid]
        tx.set_rule("chain", chain)
        owner = ctx.state.pieces[pid].owner
        deck = ctx.zone("deck", owner)
        tx.move(pid, deck, face_up=False)
        tx.shuffle(deck)
        out.append(f"{ctx.name(pid)} is shuffled back into its owner's Bureau Deck")
    return ", ".join(out) or "no Witness"


def _only_fighter(ctx: Ctx, tx: Tx, args: Any) -> str:
    combat = _combat(ctx)
    pieces = ctx.pieces(args)
    if not pieces:
        return "no Agent was chosen"
    combat["only"] = pieces[0]
    tx.set_rule("combat", combat)
    return f"only {ctx.name(pieces[0])} fights the Adversary"


def _listed(key: str, nobody: str, words: str) -> Any:
    """A primitive that adds its targets to the Combat's list `key` (jammed Equipment, combatants gone)."""

    def step(ctx: Ctx, tx: Tx, args: Any) -> str:
        combat = _combat(ctx)
        pieces = ctx.pieces(args)
        combat[key] = [*combat.get(key, []), *pieces]
        tx.set_rule("combat", combat)
        return f"{', '.join(ctx.name(p) for p in pieces) or nobody} {words}"

    return step


_jam = _listed("jammed", "no Equipment", "adds nothing for this Combat")
_leave_combat = _listed("out", "no Agent", "leaves the Combat unharmed")


def _site_keyword(ctx: Ctx, tx: Tx, args: Any) -> str:
    seat = ctx.seat_of(args.get("seat", "you"))
    words = dict(ctx.state.rules.get("site_words") or {})
    # your Bureau's Keyword is in effect for you; the opposing Team's, like any Keyword of a Team under check, for
    # every seat (the one who gave it plays the cards it lets in: "RESULT SITE" Adversaries)
    key = "all" if args.get("seat") == "opponent" else str(seat)
    words[key] = [*words.get(key, []), str(args.get("word", ""))]
    tx.set_rule("site_words", words)
    return f"{ctx.state.seat_name(seat)} has the Keyword {args.get('word')} for the rest of the turn"


def _rest(ctx: Ctx, tx: Tx, args: Any) -> str:
    resting = dict(ctx.state.rules.get("resting") or {})
    back = int(ctx.state.rules.get("turn", 1)) + 1 + int(args.get("turns", 1))
    pieces = ctx.pieces(args)
    for pid in pieces:
        resting[pid] = back
    tx.set_rule("resting", resting)
    return f"{', '.join(ctx.name(p) for p in pieces) or 'no Agent'} is out of play until turn {back}"


def _extra_round(ctx: Ctx, tx: Tx, args: Any) -> str:
    combat = _combat(ctx)
    combat["extra"] = str(args.get("round", "lrc"))
    tx.set_rule("combat", combat)
    return f"one more {_SKILL_OF_ROUND.get(combat['extra'], '').upper()} round is fought next"


def _fail_check(ctx: Ctx, tx: Tx, args: Any) -> str:
    check = _check(ctx)
    check["failed"] = True
    tx.set_rule("check", check)
    return "the Team fails the skill check for the Site"


def _res_to_pool(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"Add to the Conspiracy Pool instead of the Resource Pool": the card's RES, added this Briefing, moves over."""
    src, seat = ctx.source, ctx.seat
    if src not in ctx.state.pieces or seat is None:
        return "no card"
    frm, to = str(args.get("from", "rp")), str(args.get("to", "cp"))
    amount = min(ctx.ruleset.res_of(ctx.state, src), int(ctx.state.player(seat).counters.get(frm, 0)))
    tx.add_player_counter(seat, frm, -amount)
    tx.add_player_counter(seat, to, amount)
    return f"{ctx.name(src)}'s {amount} RES goes to the {to.upper()} pool instead of the {frm.upper()} pool"


def _examine_card(ctx: Ctx, tx: Tx, args: Any) -> str:
    """Look at a face-down card (a Bluff): its user's seat alone learns it; it stays where it is."""
    pieces = ctx.pieces(args)
    for pid in pieces:
        piece = ctx.state.pieces[pid]
        if ctx.seat is not None and ctx.seat not in piece.known:
            tx.change(pid, known=piece.known | {ctx.seat})
    sites = [ctx.name(ctx.state.pieces[p].attached_to) for p in pieces if ctx.state.pieces[p].attached_to]
    return f"looks at a face-down card beneath {', '.join(sites) or 'a Site'}" if pieces else "nothing to look at"


def _cost_cut(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"Subtract 5 from the Agent's Cost. If the Cost is zero or less, the Agent is removed from the game", the
    Agents it names immune."""
    out = []
    immune = {str(n).casefold() for n in args.get("immune") or ()}
    for pid in ctx.pieces(args):
        name = ctx.name(pid)
        if immune & set(ctx.ruleset.pinfo(ctx.state, pid).name.casefold().replace(",", " ").split()):
            out.append(f"{name} is immune")
            continue
        lost = int(ctx.state.pieces[pid].counters.get("cost_lost", 0)) + int(args.get("amount", 0))
        left = (ctx.ruleset.pinfo(ctx.state, pid).cost or 0) - lost
        if args.get("remove_at_zero") and left <= 0:
            out.append(_remove_from_game(ctx, tx, {"target": args.get("target")}))
            continue
        tx.change(pid, counters={**ctx.state.pieces[pid].counters, "cost_lost": lost})
        out.append(f"{name}'s Cost is now {left}")
    return "; ".join(out) or "no Agent"


def _negate_adversary(ctx: Ctx, tx: Tx, args: Any) -> str:
    combat = ctx.state.rules.get("combat")
    if not combat or combat.get("adversary") not in ctx.state.pieces:
        return "no Adversary to negate"
    return ctx.ruleset.negate(ctx.state, combat["adversary"], tx)


def _lose_health(ctx: Ctx, tx: Tx, args: Any) -> str:
    """Health lost for good ("permanently loses one HEALTH"), never below its floor ("never ... below 1")."""
    out = []
    for pid in ctx.pieces(args):
        printed = ctx.ruleset.pinfo(ctx.state, pid).health or 0
        lost = int(ctx.state.pieces[pid].counters.get("health_lost", 0))
        most = max(0, printed - int(args.get("floor", 0)) - lost)
        n = min(most, int(args.get("amount", 1)))
        tx.change(pid, counters={**ctx.state.pieces[pid].counters, "health_lost": lost + n})
        out.append(f"{ctx.name(pid)} loses {n} Health for good")
    return ", ".join(out) or "no Agent"


def _discard_bluff(ctx: Ctx, tx: Tx, args: Any) -> str:
    """One Bluff beneath the chosen Site discarded, drawn at random when it has several."""
    out = []
    for site in ctx.pieces(args):
        bluffs = [q for q in ctx.state.attached(site) if not ctx.state.pieces[q].face_up]
        if not bluffs:
            continue
        pid = bluffs[tx.below(len(bluffs))] if len(bluffs) > 1 else bluffs[0]
        ctx.ruleset.to_discard(ctx.state, pid, tx)
        out.append(f"a Bluff beneath {ctx.name(site)} is discarded ({ctx.name(pid)})")
    return "; ".join(out) or "no Bluff"


def _take_tokens(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"Take up to two tokens from this card and place them in your [RP] pool": each token taken is spent."""
    src, seat = ctx.source, ctx.seat
    if src not in ctx.state.pieces or seat is None:
        return "no card"
    n = min(int(args.get("amount", 1)), ctx.ruleset.tokens_left(ctx.state, src))
    pool = str(args.get("pool", "rp"))
    said = [spend_token(ctx, tx, {}) for _ in range(n)][-1:] if n else []
    tx.add_player_counter(seat, pool, n)
    return f"takes {n} token{'s' * (n != 1)} into the {pool.upper()} pool" + (f"; {said[0]}" if said else "")


def _take_found(ctx: Ctx, tx: Tx, args: Any) -> str:
    """The card a search of the Bureau Deck found goes to its searcher's hand; the log names its kind, not it."""
    pieces = ctx.pieces(args)
    for pid in pieces:
        tx.move(pid, ctx.zone("hand", ctx.seat), by=ctx.seat)
    kinds = ", ".join(ctx.ruleset.pinfo(ctx.state, p).kind.title() for p in pieces)
    return f"puts {'a ' + kinds if kinds else 'nothing'} from the Bureau Deck into hand"


def _join_team(ctx: Ctx, tx: Tx, args: Any) -> str:
    """An Agent moved to the Team (the Section) of the card's Agent, and into its skill check when it makes one."""
    host = ctx.source
    if host not in ctx.state.pieces:
        return "no Team"
    section = ctx.ruleset.section_of(ctx.state, host)
    out = []
    for pid in ctx.pieces(args):
        if ctx.ruleset.section_of(ctx.state, pid) != section:
            ctx.ruleset.move_agent(ctx.state, pid, section, tx)
        check = ctx.state.rules.get("check")
        if check and host in check.get("team", []) and pid not in check["team"]:
            tx.set_rule("check", {**check, "team": [*check["team"], pid]})
        out.append(f"{ctx.name(pid)} joins {ctx.name(host)}'s Team")
    return ", ".join(out) or "no Agent"


def _if_adversary(ctx: Ctx, tx: Tx, args: Any) -> str:
    """Steps that apply only when the Adversary in Combat has one of the Keywords named."""
    combat = ctx.state.rules.get("combat") or {}
    adv = combat.get("adversary")
    words = _words(args.get("keyword", ()))
    if adv not in ctx.state.pieces or not any(w in ctx.ruleset.keywords_of(ctx.state, adv) for w in words):
        return f"the Adversary is not {' or '.join(w.upper() for w in words)}: no more"
    return "; ".join(_run(ctx, tx, args.get("do") or ()))


def _choke(ctx: Ctx, tx: Tx, args: Any) -> str:
    """A choke hold for the combatant's next round of the kind named: its damage then takes its foe out."""
    combat = _combat(ctx)
    pieces = ctx.pieces(args)
    if not pieces:
        return "no combatant"
    entry = {"choke": True, "piece": pieces[0], **_lasting(ctx, {"round": args.get("round")}, combat)}
    combat["effects"] = [*combat.get("effects", []), entry]
    tx.set_rule("combat", combat)
    return f"{ctx.name(pieces[0])} applies a choke hold ({_rnd_words(entry)})"


def _keep_on_success(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"If the Site skill check is successful, place this card in your Bureau Section": noted on the check."""
    check = _check(ctx)
    check["keep"] = [*check.get("keep", []), ctx.source]
    tx.set_rule("check", check)
    return "goes to the Bureau if the check succeeds"


def _end_turn(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"The current player's turn ends immediately": the Site's check fails and the Investigation ends with it."""
    check = ctx.state.rules.get("check")
    if check:
        tx.set_rule("check", {**check, "failed": True})
        tx.set_rule("turn_ends", True)
        return "the turn ends: the Team fails its check and the Investigation Phase ends when the Site closes"
    if ctx.ruleset.step(ctx.state) == "assign":
        ctx.ruleset.end_investigation(ctx.state, tx)
        return "the turn ends: the Investigation Phase is over"
    tx.set_rule("turn_ends", True)
    return "the turn ends when this Site closes"


def _negate_witnesses(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"Negate all Witnesses that are modifying the Team's skill check": their modifiers leave the check, and those
    still on the chain (played to modify it, not yet resolved) are negated there."""
    check = _check(ctx)
    rs = ctx.ruleset
    gone = {m.get("source") for m in check.get("mods", []) if m.get("source") in ctx.state.pieces
            and rs.pinfo(ctx.state, m["source"]).kind == "witness"}
    waiting = {e.get("piece") for e in rs.chain(ctx.state) if e.get("piece") in ctx.state.pieces
               and rs.pinfo(ctx.state, e["piece"]).kind == "witness" and _mods_check(rs, e["piece"], ctx)}
    check["mods"] = [m for m in check.get("mods", []) if m.get("source") not in gone]
    tx.set_rule("check", check)
    for pid in gone:
        if ctx.state.zones[ctx.state.pieces[pid].zone].kind != "discard":
            rs.to_discard(ctx.state, pid, tx)
    for pid in sorted(waiting):
        rs.negate(ctx.state, pid, tx)
    gone |= waiting
    names = ", ".join(ctx.name(p) for p in sorted(gone)) or "no Witness"
    return f"negated {names} (check now {rs.check_total(ctx.state)} against {check.get('need', 0)}+)"


def _mods_check(rs: Any, pid: str, ctx: Ctx) -> bool:
    """Whether the card `pid` adds to or subtracts from a skill check when it resolves ("Adds 2 to one Team's ...")."""
    return any("check_mod" in step for a in rs.card_text(ctx.state.pieces[pid].card).when("resolved") for step in a.do)


def _no_damage(ctx: Ctx, tx: Tx, args: Any) -> str:
    combat = _combat(ctx)
    entry: dict[str, Any] = {"none": True, **_lasting(ctx, args, combat)}
    if args.get("shield"):
        entry["shield"] = True
    pieces = ctx.pieces(args) if args.get("target") else []
    if pieces:
        entry["piece"] = pieces[0]
        entry["side"] = "adversary" if pieces[0] == combat.get("adversary") else "agents"
    else:
        entry["side"] = _side_of(ctx, args, combat)
    combat["effects"] = [*combat.get("effects", []), entry]
    tx.set_rule("combat", combat)
    who = ctx.name(pieces[0]) if pieces else f"the {entry['side']}"
    return f"{who} deals no damage ({_rnd_words(entry)})"


# ------------------------------------------------------------------------------------------------ checks


def _x_amount(ctx: Ctx, table: Mapping[str, Any]) -> int:
    x = x_paid(ctx)
    best = 0
    for need, value in sorted(((int(k), int(v)) for k, v in table.items())):
        if x >= need:
            best = value
    return best


def _check_mod(ctx: Ctx, tx: Tx, args: Any) -> str:
    check = _check(ctx)
    if "by_skill" in args:  # "Adds 3 to one Team's MEDICAL or adds 2 to one Team's SCIENCES": the check's skill
        by_skill = {canonical_skill(k) or k: int(v) for k, v in args["by_skill"].items()}
        amount = by_skill.get(str(check.get("skill")), 0)
    else:
        amount = _x_amount(ctx, args["by_x"]) if "by_x" in args else int(args.get("amount", 0))
    amount = per_target(ctx, args, amount)  # "for each Site card discarded from your hand"
    amount = doubled(ctx, amount)  # a Witness whose modifier a card doubled this turn
    check["mods"] = [*check.get("mods", []), {"amount": amount, "source": ctx.source, "name": ctx.name(ctx.source)}]
    tx.set_rule("check", check)
    total = ctx.ruleset.check_total(ctx.state)
    return f"{amount:+d} to the {check.get('skill')} check (now {total} against {check.get('need', 0)}+)"


def _prerequisite(ctx: Ctx, tx: Tx, args: Any) -> str:
    check = _check(ctx)
    if "raise" in args:
        check["need"] = int(check.get("need", 0)) + int(args["raise"])
    elif "from" in args:  # "from COMPUTER to BEHAVIORAL": that skill replaced wherever the Site requires it
        old, new = (canonical_skill(args[k]) or args[k] for k in ("from", "skill"))
        if check.get("skill") == old:
            check["skill"] = new
        if check.get("also"):
            check["also"] = [[new if s == old else s, n] for s, n in check["also"]]
    else:
        check["skill"], check["need"] = canonical_skill(args["skill"]) or args["skill"], int(args["need"])
        check.pop("also", None)
    tx.set_rule("check", check)
    return f"the check is now {check['skill']} {check['need']}+"


def _team_check(ctx: Ctx, tx: Tx, args: Any) -> str:
    team = ctx.ruleset.agents(ctx.state, ctx.seat, (args["team"],)) if args.get("team") else _team(ctx)
    gear = str(args.get("unless_gear", "")).casefold()
    if gear and any(ctx.ruleset.pinfo(ctx.state, q).name.casefold() == gear for p in team
                    for q in ctx.ruleset.gear(ctx.state, p)):
        return f"no effect: an Agent of the Team has {args['unless_gear']}"
    skill = canonical_skill(args.get("skill", "")) or ""
    total = ctx.ruleset.team_skill(ctx.state, team, skill) + remote_help(ctx.ruleset, ctx.state, team, skill)
    made = bool(team) and total >= int(args.get("need", 0))
    said = [f"the Team's {skill} check: {total} against {args.get('need')}+, {'made' if made else 'failed'}"]
    said += _run(ctx, tx, args.get("then" if made else "else") or ())
    return "; ".join(said)


def _run(ctx: Ctx, tx: Tx, steps: Any) -> list[str]:
    """Run nested steps (a branch of a forced check, what an Equipment may void) with the ability's targets."""
    said = []
    for step in steps:
        name = step_name(step)
        words = ctx.ruleset.effects.vocab.primitives[name](ctx, tx, step[name])
        if words:
            said.append(words)
    return said


def _unless_gear(ctx: Ctx, tx: Tx, args: Any) -> str:
    gear = str(args.get("name", "")).casefold()
    if any(ctx.ruleset.pinfo(ctx.state, q).name.casefold() == gear for p in _team(ctx)
           for q in ctx.ruleset.gear(ctx.state, p)):
        return f"no effect: an Agent of the Team has {args['name']}"
    return "; ".join(_run(ctx, tx, args.get("do") or ()))


def _abduct(ctx: Ctx, tx: Tx, args: Any) -> str:
    from .actions import ManualEffect

    out = []
    for pid in ctx.pieces(args):
        how = ManualEffect("abduct", amount=int(args.get("depth", 10)), piece=pid, source=ctx.source)
        out.append(ctx.ruleset.abduct(ctx.state, how, ctx.seat, ctx.name(ctx.source), tx))
    return "; ".join(out) or "no Agent"


def _stun(ctx: Ctx, tx: Tx, args: Any) -> str:
    combat = _combat(ctx)
    side = _side_of(ctx, {"side": args.get("side", "opponents"), "of": args.get("of"), "target": args.get("target")},
                    combat)
    pieces = ctx.pieces(args) if args.get("target") else []
    number = int(combat.get("number", 1)) + 1
    entry: dict[str, Any] = {"none": True, "number": number, "stunned": True, "side": side}
    if pieces:
        entry["piece"] = pieces[0]
    combat["effects"] = [*combat.get("effects", []), entry]
    tx.set_rule("combat", combat)
    who = ctx.name(pieces[0]) if pieces else f"the {side}"
    return f"{who} is stunned: no damage next round"


def _to_hospital(ctx: Ctx, tx: Tx, args: Any) -> str:
    pieces = ctx.pieces(args)
    for pid in pieces:
        ctx.ruleset.move_agent(ctx.state, pid, "hospital", tx)
        if args.get("until_healed"):
            tx.change(pid, counters={**ctx.state.pieces[pid].counters, "until_healed": 1})
    return f"{', '.join(ctx.name(p) for p in pieces) or 'no Agent'} goes to the Hospital"


def _combat_hit(ctx: Ctx, tx: Tx, args: Any) -> str:
    amount = int(args.get("amount", 1))
    hit = list(ctx.ruleset.combatants(ctx.state))
    for pid in hit:
        printed = ctx.ruleset.pinfo(ctx.state, pid).health or 0
        ctx.ruleset.set_damage(ctx.state, pid, min(printed, ctx.ruleset.damage(ctx.state, pid) + amount), tx,
                                why=ctx.why())
    return f"each opposing combatant takes {amount} damage" if hit else "no combatant to damage"


def _fail_damage(ctx: Ctx, tx: Tx, args: Any) -> str:
    check = _check(ctx)
    check["fail_damage"] = int(args.get("amount", 1))
    tx.set_rule("check", check)
    return f"if the check fails, each Agent of the Team takes {check['fail_damage']} damage"


def _team_damage(ctx: Ctx, tx: Tx, args: Any) -> str:
    amount = per_target(ctx, args, int(args.get("amount", 1)))  # "for each card discarded, up to three"
    hit = [p for p in _team(ctx) if ctx.ruleset.section_of(ctx.state, p) != "hospital"] if amount else []
    for pid in hit:
        printed = ctx.ruleset.pinfo(ctx.state, pid).health or 0
        ctx.ruleset.set_damage(ctx.state, pid, min(printed, ctx.ruleset.damage(ctx.state, pid) + amount), tx,
                                why=ctx.why())
    return f"each Agent of the Team takes {amount} damage" if hit else "no Agent to damage"


def _sit_out(ctx: Ctx, tx: Tx, args: Any) -> str:
    check = ctx.state.rules.get("check")
    pieces = ctx.pieces(args)
    if check and pieces:
        tx.set_rule("check", {**check, "team": [p for p in check.get("team", []) if p not in pieces]})
    return f"{', '.join(ctx.name(p) for p in pieces) or 'no Agent'} adds nothing to the check"


def _to_section(ctx: Ctx, tx: Tx, args: Any) -> str:
    pieces = ctx.pieces(args)
    for pid in pieces:
        ctx.ruleset.move_agent(ctx.state, pid, args.get("section", "bureau"), tx)
    return f"{', '.join(ctx.name(p) for p in pieces) or 'no Agent'} goes to the {args.get('section', 'bureau')}"


def _skill_as(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"OBSERVATION skill equal to their CRIMINAL INVESTIGATION skill level": the first skill set to the second's
    value as it is now, a lasting modifier (`add_stat`) of the difference until its duration ends."""
    skill, like = (canonical_skill(args[k]) or args[k] for k in ("skill", "as"))
    said = []
    for pid in ctx.pieces(args):
        have, want = (ctx.ruleset.agent_skill(ctx.state, pid, s) for s in (skill, like))
        if want != have:
            add = {"target": args["target"], "stat": skill, "amount": want - have, "until": args.get("until")}
            ctx.ruleset.effects.vocab.primitives["add_stat"](ctx, tx, add)
        said.append(f"{ctx.name(pid)}'s {skill} is {want}, as {like}")
    return "; ".join(said) or "no Agent"


def _nothing(ctx: Ctx, tx: Tx, args: Any) -> None:
    """A standing step: read where the rules need it (`standing`), nothing to do when triggered."""
    return None


VOCABULARY = Vocabulary(
    primitives={
        **CARD_PRIMITIVES, "check_mod": _check_mod, "combat_mod": _combat_mod, "no_damage": _no_damage,
        "prerequisite": _prerequisite, "team_check": _team_check, "team_damage": _team_damage, "sit_out": _sit_out,
        "to_section": _to_section, "skill_as": _skill_as, "extra_round": _extra_round, "remove_from_game": _remove_from_game,
        "shuffle_back": _shuffle_back, "only_fighter": _only_fighter, "jam": _jam, "site_keyword": _site_keyword,
        "rest": _rest, "unless_gear": _unless_gear, "abduct": _abduct, "stun": _stun, "to_hospital": _to_hospital,
        "leave_combat": _leave_combat, "combat_hit": _combat_hit, "fail_damage": _fail_damage,
        "survives_round": _nothing, "fail_check": _fail_check, "end_turn": _end_turn,
        "negate_witnesses": _negate_witnesses, "res_to_pool": _res_to_pool, "examine_card": _examine_card,
        "cost_cut": _cost_cut, "negate_adversary": _negate_adversary, "lose_health": _lose_health,
        "discard_bluff": _discard_bluff, "take_tokens": _take_tokens, "take_found": _take_found,
        "join_team": _join_team, "if_adversary": _if_adversary, "choke": _choke, "keep_on_success": _keep_on_success,
        "unhurt": _nothing, "rounds_only": _nothing, "backlash": _nothing, "back_to_deck": _nothing,
        "absorbs": _nothing, "absorb_token": _nothing, "wound_hospital": _nothing, "wound_no_heal": _nothing,
        "in_play": _nothing,
        # standing steps, read by the rules where they apply
        "equip": _nothing, "skip_round": _nothing, "can_use": _nothing, "unnegatable": _nothing,
        "no_combat": _nothing, "half_damage": _nothing, "tokens": _nothing, "agents_use": _nothing,
        "agents_floor": _nothing, "split_damage": _nothing, "agents_split": _nothing, "crime_lab": _nothing,
        "as_best_foe": _nothing, "foes_minus": _nothing, "res_in_bureau": _nothing, "discard_when_spent": _nothing,
        "once_per_turn": _nothing, "unattached": _nothing, "card_pool": _nothing, "card_pool_for": _nothing, "card_pool_refill": _nothing,
        **WORD_PRIMITIVES,
        **DECK_PRIMITIVES,
        **AGENT_PRIMITIVES,
        **BLUFF_PRIMITIVES,
        **EVENT_PRIMITIVES,
        **WINDOW_PRIMITIVES,
        **EQUIP_PRIMITIVES,
        **SITE_PRIMITIVES,
        **CHOICE_PRIMITIVES,
        **BARRED_PRIMITIVES,
    },
    conditions={**CONDITIONS, **WORD_CONDITIONS, **DECK_CONDITIONS, **AGENT_CONDITIONS, **BLUFF_CONDITIONS,
                **EVENT_CONDITIONS, **EQUIP_CONDITIONS, **SITE_CONDITIONS, **CHOICE_CONDITIONS,
                **ANYTIME_CONDITIONS, **BARRED_CONDITIONS},
    selectors={**SELECTORS, **WORD_SELECTORS, **DECK_SELECTORS, **AGENT_SELECTORS, **BLUFF_SELECTORS, **EVENT_SELECTORS,
               **WINDOW_SELECTORS, **SITE_SELECTORS, **BARRED_SELECTORS},
    durations={"end_of_round": "round_end", "end_of_turn": "turn_end", "end_of_combat": "combat_end"},
    rule="xfc.effect.2",
    blind=frozenset({"bluff", "shown"}),
    affords={**WORD_AFFORDS, **WINDOW_AFFORDS, **CHOICE_AFFORDS, **BARRED_AFFORDS},
)
