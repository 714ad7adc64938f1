"""How an X-Files CCG turn moves on: drawing, paying, the Briefing and Hospital healing, chains of card plays, the
turn's end, and the Notebook's answers. Every change goes through the `Tx` the reducers are given.

`Flow` is a part with explicit inputs (`__init__`): the card lookup (`cards`), the reading of Agents (`table`, the
`Table` part: `agents`, `health`, `seat_name`, `res_of`; `site_rules.to_deck` reads through it), the card text
(`text`, the `CcgText` part: `run_text`, `expire_effects`, `by_hand_words`, `refill_card_pools`,
`waits_for_success`), the ruleset as the vocabulary's standing-ability readers take it (`ruleset`: `hand_max`,
`moved_bureau`, `buy_only`, ..., as the kit gives it to card text, `ctx.ruleset`), the options and `ref`; and,
late-bound, the parts that take this one as their input: the skill checks and Combat (`fights`, the `Combat` part)
and the Investigation's `reveal_bluffs` (the ruleset's wiring sets them once they are made). What reads the rule
state alone is `table.py`'s functions. The ruleset binds the steps the vocabulary and the readers ask through it
(`ctx.ruleset.to_discard`, `rs.resolve_top`, ...); the other parts take the rest from this part.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ...core.reducer import ATTACH_OFFSET, Tx
from ...core.state import GameState
from .cards import CcgCards
from .data import SECTIONS, CardInfo, suggested_effects
from .phase_plays import PHASE_CHAIN
from .site_rules import KEY as SITE_RULES
from .site_rules import to_deck
from .statics import standing
from .steps import effect_dict as _effect_dict
from .table import active, damage, left, opponents
from .table import owner as owner_of
from .table import step as step_of
from .vocab_agents import buy_only, lapse_buy_only
from .vocab_barred import BORROWED, NO_DRAW, draw_barred
from .vocab_choices import SKIP_HEAL, healing_skipped
from .vocab_decks import hand_max, moved_bureau, saved_sites_to_hand
from .vocab_words import at_zero_health

if TYPE_CHECKING:
    from .combat import Combat
    from .reading import Table
    from .textrun import CcgText

__all__ = ["Flow"]

#: the rule state a turn leaves behind it
_TURN_KEYS = ("discarder", "drawn", "moved", "used", "site_names", "check", "chain", "bluffs", "combat", "question",
              "penalty", "priority", "passed", "suggestions", "bluffer", "seller", "x_paid", "site_words", "hurt",
              "killed", "turn_ends", "again", "doubled", "provided", "cost_mods", "extra_question",
              "no_hospital_heal", "only_keyword", "looked", "kw_swap", "no_play", "site_rules", "phase_chain",
              "no_draw", "no_adversaries")


class Flow:
    """The turn's machinery shared by the reducers: the steps that move a turn on."""

    def __init__(self, cards: CcgCards, table: Table, text: CcgText, ruleset: Any, options: Mapping[str, Any],
                 ref: Callable[[GameState, str | None], str]) -> None:
        #: the card data, the reading of Agents, the card text run; the ruleset only as the standing-ability readers
        #: take it (`site_rules`, `wounds_sites`, ..., as the vocabulary's `ctx.ruleset`)
        self.cards, self.table, self.ruleset, self.options, self.ref = cards, table, ruleset, options, ref
        # what the steps ask of their inputs, bound once (each is asked many times a game)
        self.pinfo = cards.pinfo
        self.agents, self.health, self.seat_name = table.agents, table.health, table.seat_name
        self.run_text, self.expire_effects, self.by_hand_words = text.run_text, text.expire_effects, text.by_hand_words
        self.refill_card_pools, self.res_of = text.refill_card_pools, table.res_of
        self.waits_for_success = text.waits_for_success
        #: the skill checks and Combat a closed chain hands over to (late-bound: `Combat` takes this part)
        self.fights: Combat
        #: the Bluffs at a Site revealed as its check begins (late-bound: the Investigation's reducers take this part)
        self.reveal_bluffs: Callable[[GameState, Tx, int, str], None]

    # -- shared moves --

    def draw(self, state: GameState, seat: int, n: int, tx: Tx) -> int:
        deck, discard, hand = f"deck:{seat}", f"discard:{seat}", f"hand:{seat}"
        drawn = 0
        if NO_DRAW in state.rules and draw_barred(state, seat):  # "prevent one opponent from drawing any cards"
            return drawn
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
            self.return_abducted(state, tx)
        return drawn

    def return_abducted(self, state: GameState, tx: Tx) -> None:
        """An abducted Agent whose covering cards are all drawn goes to the Hospital at once, undamaged."""
        abducted = list(state.rules.get("abducted") or [])
        for pid in list(abducted):
            piece = state.pieces.get(pid)
            if piece is None or state.zones[piece.zone].kind != "deck":
                abducted.remove(pid)
                continue
            if state.zones[piece.zone].pieces[0] == pid:
                abducted.remove(pid)
                tx.move(pid, f"hospital:{owner_of(state, pid)}", face_up=True)
                tx.note("xfc.abduction_return", owner_of(state, pid), f"{self.ref(state, pid)} returns from "
                        "the abduction to the Hospital", {"piece": pid})
        if abducted != list(state.rules.get("abducted") or []):
            tx.set_rule("abducted", abducted)

    def to_discard(self, state: GameState, pid: str, tx: Tx) -> None:
        owner = owner_of(state, pid)
        if state.rules.get(SITE_RULES) and to_deck(self.table, state, pid):  # "shuffled back into your Bureau Deck instead"
            tx.move(pid, f"deck:{owner}", face_up=False)
            tx.shuffle(f"deck:{owner}")
            if state.pieces[pid].counters:
                tx.change(pid, counters={})
            return
        for q in state.attached(pid):
            self.to_discard(state, q, tx)
        tx.move(pid, f"discard:{owner}", face_up=True)
        if state.pieces[pid].counters:
            tx.change(pid, counters={})

    def move_agent(self, state: GameState, pid: str, section: str, tx: Tx) -> None:
        """Move an Agent with its Equipment (which stays attached)."""
        owner = owner_of(state, pid)
        gear = state.attached(pid)
        dst = f"{section}:{owner}"
        was = state.zones[state.pieces[pid].zone].kind
        tx.move(pid, dst)
        host = state.pieces[pid]
        for i, q in enumerate(gear):
            index = state.zones[dst].pieces.index(pid) + 1 + i
            tx.move(q, dst, index=index, x=host.x + ATTACH_OFFSET * (i + 1), y=host.y + ATTACH_OFFSET * (i + 1))
            tx.change(q, attached_to=pid)
        if "bureau" in (was, section) and was != section:  # "Discard this card if one of your Agents is moved ..."
            moved_bureau(self.ruleset, state, owner, tx)
        if was == "hospital" and section != "hospital" and "until_healed" in host.counters:
            counters = dict(host.counters)  # "may not leave the Hospital until fully healed": it has left
            del counters["until_healed"]
            tx.change(pid, counters=counters)

    def hand_max(self, state: GameState, seat: int) -> int:
        """`seat`'s hand size after the Debriefing (the option's, or a card's of theirs in play)."""
        return hand_max(self.ruleset, state, seat)

    def attach(self, state: GameState, pid: str, host: str, tx: Tx, *, face_up: bool = True,
                by: int | None = None) -> None:
        h = state.pieces[host]
        zone = state.zones[h.zone]
        n = len(state.attached(host))
        index = zone.pieces.index(host) + 1 + n
        tx.move(pid, h.zone, index=index, x=h.x + ATTACH_OFFSET * (n + 1), y=h.y + ATTACH_OFFSET * (n + 1),
                face_up=face_up, by=by)
        tx.change(pid, attached_to=host)

    def pay(self, state: GameState, seat: int, pool: str, amount: int, tx: Tx, why: str = "",
             rule: str | None = None) -> None:
        """Take `amount` from `seat`'s pool; `why` (and its rule) is what the log says the pool went down for."""
        if amount:
            tx.add_player_counter(seat, pool, -amount, why=why, rule=rule)

    def goto(self, state: GameState, step: str, tx: Tx) -> None:
        tx.set_rule("step", step)

    # -- Briefing --

    def collect_res(self, state: GameState, tx: Tx) -> None:
        seat = active(state)
        agents = self.agents(state, seat)
        self.refill_card_pools(state, seat, tx, agents)  # (it changes counters, never who is where)
        res = 0
        working = []  # the Agents not in the Hospital (`section_of` of each, without the call)
        pieces, zones = state.pieces, state.zones
        for p in agents:
            if zones[pieces[p].zone].kind != "hospital":
                working.append(p)
                res += self.res_of(state, p)
        total = tx.add_player_counter(seat, "rp", res, why="the RES of the Agents not in the Hospital",
                                      rule="xfc.briefing.2")
        held = buy_only(self.ruleset, state, working)  # "[RP]s generated by Agent Mulder must be used to purchase cards"
        if held:
            tx.set_rule("buy_only", held)
        if not tx.quiet:  # a playout keeps no notes: its words are not written
            tx.note("xfc.res", seat, f"adds {res} RES to the Resource Pool ({total} RP)", {"res": res, "rp": total})
        self.goto(state, "buy", tx)

    def start_selling(self, state: GameState, tx: Tx, bought: int = 0) -> None:
        lapse_buy_only(self.ruleset, state, tx, bought)  # the RP that could only buy cards and bought none
        opps = opponents(state, active(state))
        tx.set_rule("seller", opps[0])
        self.goto(state, "sell", tx)

    def next_seller(self, state: GameState, tx: Tx) -> None:
        opps = opponents(state, active(state))
        cur = state.rules.get("seller")
        i = opps.index(cur) + 1 if cur in opps else len(opps)
        if i < len(opps):
            tx.set_rule("seller", opps[i])
            return
        tx.del_rule("seller")
        self.healing(state, tx)

    def healing(self, state: GameState, tx: Tx) -> None:
        """Every Agent in every player's Hospital heals (manual p.8: "applies to all Agents in the Hospital"), but
        those of a player a card made skip it (`skip_heal`, spent by this phase)."""
        for owner in state.seats:
            if healing_skipped(state, owner):
                if not tx.quiet:
                    tx.note("xfc.heal", owner, "skips the Healing phase: no Agent heals", {"skipped": True})
                continue
            hospital = state.zones.get(f"hospital:{owner}")
            if hospital is None or not hospital.pieces:
                continue  # nobody in that Hospital (most turns)
            for pid in self.agents(state, owner, ("hospital",)):
                dmg = damage(state, pid)
                if dmg <= 0 or state.pieces[pid].counters.get("no_heal"):  # "may not heal wounds until ..."
                    continue
                heal = 1 if (self.pinfo(state, pid).health or 0) <= 3 else 2
                new = max(0, dmg - heal)
                self.set_damage(state, pid, new, tx, why="healed in the Hospital")
                if not tx.quiet:
                    tx.note("xfc.heal", owner, f"{self.ref(state, pid)} heals {dmg - new} in the Hospital "
                            f"({self.health(state, pid)} Health)", {"piece": pid, "healed": dmg - new})
        if state.rules.get(SKIP_HEAL) is not None:
            tx.del_rule(SKIP_HEAL)
        self.goto(state, "requisition", tx)

    def set_damage(self, state: GameState, pid: str, value: int, tx: Tx, why: str = "",
                    rule: str | None = None) -> None:
        """Set a card's damage; `why` (and its rule) is what the log says its Health changed for."""
        before = self.health(state, pid)
        counters = dict(state.pieces[pid].counters)
        if value > 0:
            counters["damage"] = value
        else:
            counters.pop("damage", None)
        tx.change(pid, counters=counters)
        if before > 0 and state.attached(pid) and self.health(state, pid) == 0:
            at_zero_health(self.ruleset, state, pid, tx)  # "Discard this card when the Agent's HEALTH is reduced to 0"
        if why and not tx.quiet:  # a playout keeps no notes: its words are not written
            tx.changed(f"{self.ref(state, pid)}'s Health", before, self.health(state, pid), why, rule=rule,
                       seat=owner_of(state, pid))

    # -- turn end --

    def end_investigation(self, state: GameState, tx: Tx) -> None:
        r = state.rules
        sites = dict(r.get("sites") or {})
        for pid in list(sites):
            if pid not in state.pieces or state.zones[state.pieces[pid].zone].kind != "field":
                sites.pop(pid)
                continue
            if not state.attached(pid) and sites[pid].get("owner", active(state)) == active(state):
                self.to_discard(state, pid, tx)
                sites.pop(pid)
        tx.set_rule("sites", sites, fresh=True)  # built for this change (rule values are never changed in place)
        for pid in list(r.get("hired") or []):
            if pid in state.pieces and state.zones[state.pieces[pid].zone].kind in SECTIONS:
                self.to_discard(state, pid, tx)
                tx.note("xfc.hired_leaves", active(state), f"{self.ref(state, pid)} leaves at the "
                        "Debriefing (xfc.debriefing.2)", {"piece": pid})
        tx.set_rule("hired", [])
        tx.set_rule("discarder", active(state))
        self.goto(state, "debrief", tx)

    def next_discarder(self, state: GameState, tx: Tx) -> None:
        seat = active(state)
        cur = state.rules.get("discarder", seat)
        nxt = left(state, cur)
        if nxt != seat:
            tx.set_rule("discarder", nxt)
            return
        self.next_turn(state, tx)

    def next_turn(self, state: GameState, tx: Tx) -> None:
        r = state.rules
        turn = int(r.get("turn", 1)) + 1
        cap = self.options["max_turns"]
        if cap and turn > cap:
            self.end(state, tx, None, "the turn cap is reached: the game ends in a draw")
            return
        for key in _TURN_KEYS:
            if key in r:  # `del_rule` of a key not there does nothing: most of these are not, at a turn's end
                tx.del_rule(key)
        resting = {p: t for p, t in (r.get("resting") or {}).items() if t > turn and p in state.pieces}
        if resting != (r.get("resting") or {}):
            tx.set_rule("resting", resting) if resting else tx.del_rule("resting")
        self.expire_effects(state, tx, "turn_end")
        tx.set_rule("turn", turn)
        tx.set_rule("active", left(state, active(state)))
        saved_sites_to_hand(self.ruleset, state, active(state), tx)  # (the rule is set: the new Investigating Player)
        self.goto(state, "draw", tx)
        if not tx.quiet:
            tx.note("xfc.turn", active(state), f"turn {turn}: {self.seat_name(state, active(state))} "
                    "investigates", {"turn": turn})

    def end(self, state: GameState, tx: Tx, winner: int | None, text: str) -> None:
        tx.set_rule("over", True)
        tx.set_rule("winner", winner)
        tx.note("xfc.win" if winner is not None else "xfc.draw", winner, text)

    # -- chains --

    def open_window(self, state: GameState, tx: Tx, first: int) -> None:
        tx.set_rule("priority", first)
        tx.set_rule("passed", 0)

    def chain(self, state: GameState) -> list[dict[str, Any]]:
        return list(state.rules.get("chain") or [])

    def level(self, state: GameState) -> int:
        combat = state.rules.get("combat")
        return int(combat.get("id", 1)) if combat else 0

    def resolve_top(self, state: GameState, tx: Tx) -> None:
        chain = self.chain(state)
        entry = chain.pop()
        tx.set_rule("chain", chain, fresh=True)  # built for this change
        pid = entry["piece"]
        owner = entry.get("seat", owner_of(state, pid))
        info = self.pinfo(state, pid)
        choice = int(entry.get("choice") or 0)
        if 1 <= choice <= len(info.alternatives):  # xfc.chain.7: only the effect named when it was played
            info = dataclasses.replace(info, text=info.alternatives[choice - 1])
        if info.kind == "adversary" and (not info.combative or standing(self.cards, info.ref, "no_combat")):
            # xfc.combat.6: N/A throughout (a phenomenon such as an abduction): no Combat; its text is applied by hand
            self.to_discard(state, pid, tx)
            if not tx.quiet:
                tx.note("xfc.resolve", owner, f"{self.ref(state, pid)} resolved: it has no combat values and started "
                        "no Combat (xfc.combat.6)" + self.by_hand_words(state, pid, info, owner, choice), {"piece": pid})
            self.run_text(state, tx, pid, owner, info, choice=choice)
            self.open_window(state, tx, owner)
            return
        if info.kind == "adversary":
            skip = "lrc" in standing(self.cards, info.ref, "skip_round")
            combat = {"adversary": pid, "owner": owner, "round": "crc" if skip else "lrc", "number": 1,
                      "id": int(state.rules.get("combats", 0)) + 1, "mods": {"agents": 0, "adversary": 0}}
            tx.set_rule("combats", combat["id"])
            tx.set_rule("combat", combat)
            check = state.rules.get("check")
            if check and not check.get("fought"):  # "when combat was involved" in the Site's check
                tx.set_rule("check", {**check, "fought": True})
            tx.note("xfc.combat", owner, f"{self.ref(state, pid)} attacked: Combat began with a "
                    f"{'Close' if skip else 'Long'} Range round", {"piece": pid})
            self.open_window(state, tx, owner)
            self.run_text(state, tx, pid, owner, info, choice=choice)
            return
        check = state.rules.get("check")
        if info.kind == "witness" and info.health and check and owner == active(state):
            # xfc.combat.7: it stays beside the Team as a combatant until the Site is done
            tx.move(pid, f"field:{owner}", face_up=True)
            tx.set_rule("check", {**check, "witnesses": [*check.get("witnesses", []), pid]})
            tx.note("xfc.witness_joins", owner, f"{self.ref(state, pid)} (Health {info.health}) joined the Team, to "
                    "fight as an Agent in Combat (xfc.combat.7)", {"piece": pid})
        elif entry.get(BORROWED):  # taken from a Discard Pile for one skill check: back to its owner's
            self.to_discard(state, pid, tx)
        elif (info.has("RESOURCE") and not self.waits_for_success(info.ref)) or standing(self.cards, info.ref, "in_play"):
            # "Play this card in the Bureau" (Field); one kept only if the check succeeds waits in the Discard
            where = (standing(self.cards, info.ref, "in_play") or ["bureau"])[0]
            tx.move(pid, f"{where}:{owner}", face_up=True)
        else:
            self.to_discard(state, pid, tx)
        if not tx.quiet:
            tx.note("xfc.resolve", owner, f"{self.ref(state, pid)} resolved"
                    + self.by_hand_words(state, pid, info, owner, choice), {"piece": pid})
        self.open_window(state, tx, owner)
        self.run_text(state, tx, pid, owner, info, choice=choice)

    def offer(self, state: GameState, tx: Tx, seat: int, pid: str, info: CardInfo, *, bluff: bool = False) -> None:
        """Offer the effects of `seat`'s resolved card (or, `bluff`, its paid Bluff), to apply or let lapse."""
        effects = suggested_effects(info)
        if effects:
            sugg = list(state.rules.get("suggestions") or [])
            sugg.append({"seat": seat, "piece": pid, "effects": [_effect_dict(e) for e in effects],
                         **({"bluff": True} if bluff else {})})
            tx.set_rule("suggestions", sugg)

    def window_closed(self, state: GameState, tx: Tx) -> None:
        r = state.rules
        tx.del_rule("priority")
        tx.del_rule("passed")
        tx.del_rule("suggestions")
        if PHASE_CHAIN in r:  # a chain outside a skill check (`phase_plays`): the step goes on where it was
            tx.del_rule(PHASE_CHAIN)
            return
        step = step_of(state)
        combat = r.get("combat")
        if combat and step == "check":
            self.fights.combat_damage(state, tx)
        elif combat and step == "aftermath":
            self.fights.combat_round_end(state, tx)
        elif step == "check" and (r.get("check") or {}).get("guessed_wrong"):  # after a wrong guess: the penalty
            check = dict(r["check"])
            check.pop("guessed_wrong")
            tx.set_rule("check", check)
            if check.pop("no_penalty", None):  # "your opponent does not get to ask you a penalty question"
                tx.set_rule("check", check)
                tx.del_rule("penalty")
                self.goto(state, "question", tx)
            else:
                self.goto(state, "penalty", tx)
        elif step == "check" and (r.get("check") or {}).get("approach"):  # the Team about to investigate: now it does
            check = dict(r["check"])
            check.pop("approach")
            tx.set_rule("check", check)
            self.reveal_bluffs(state, tx, active(state), check["site"])
        elif step == "check":
            self.fights.finish_check(state, tx)

    # -- answers --

    def answer(self, state: GameState, tx: Tx, asker: int, about: int, row: dict[str, Any], text: str) -> None:
        answers = dict(state.rules.get("answers") or {})
        mine = list(answers.get(str(asker), []))
        mine.append(row)
        answers[str(asker)] = mine
        tx.set_rule("answers", answers, fresh=True)  # built for this change
        tx.note("xfc.answer", asker, text, dict(row), private=(asker, about))

