"""The X-Files CCG in the window: its dashboard board (pools, Agents, Sites, the chain, checks and combat, and
this seat's Notebook with a button per guess)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pygame

from ..ui.panels.hud import BAD, CONTENT_MAX_H, DIM, GOLD, GOOD, HEADER_H, INK, Hud, HudContext, signed
from ..ui.panels.registry import register_face, register_panel
from ..ui.panels.rulebook import register_rulebook
from . import board_height

if TYPE_CHECKING:
    from ..ui.table.assets import AssetLoader

__all__ = ["POOL_WORDS", "XFilesCcgHud", "face_details", "is_xfiles_ccg_card", "worded", "xfiles_ccg_face"]


class XFilesCcgHud(Hud):
    """The X-Files CCG dashboard: pools and Agents per seat, Sites against their prerequisites, the chain, the
    check or combat under way and whose decision it is, and this seat's Notebook with a button per guess."""

    title = "X-Files CCG"
    open_height = 262

    def height(self, width: int, open_: bool) -> int:
        return board_height(self.open_height) if open_ else HEADER_H

    def render(self, surf: pygame.Surface, area: pygame.Rect, ctx: HudContext) -> None:
        """Its panels side by side, as many as the width allows: four in a wide window (Pools and Agents, Sites,
        the turn, the Notebook), three or two in a narrow one (the turn and the Sites share one, then the Pools
        and the Notebook), at widths set by the window alone; each panel wraps its rows and scrolls when they are
        more than its height."""
        def now_and_sites(c: pygame.Surface, w: int) -> int:
            return self._sites(c, self._now(c, 0, w, ctx) + 8, w, ctx)

        def team_and_notebook(c: pygame.Surface, w: int) -> int:
            return self._notebook(c, self._team(c, 0, w, ctx) + 8, w, ctx)

        def part(section: Any) -> Any:
            return lambda c, w: section(c, 0, w, ctx)

        team, sites, now, book = part(self._team), part(self._sites), part(self._now), part(self._notebook)
        # one split per window width, never chosen by what the panels hold: a split picked to suit the content
        # moved every panel between moves as a Team formed or a Site came into play; a long panel scrolls instead
        if area.w >= 900:
            split = [(30, team), (22, sites), (20, now), (28, book)]
        elif area.w >= 640:
            split = [(36, team), (34, now_and_sites), (30, book)]
        else:
            split = [(50, now_and_sites), (50, team_and_notebook)]
        self.columns(surf, area, [split])

    def _title(self, c: pygame.Surface, y: int, w: int, text: str) -> int:
        return self.say(c, 0, y, w, text, 12, DIM, True) + 3

    def _team(self, c: pygame.Surface, y: int, w: int, ctx: HudContext) -> int:
        """Each seat's pools, its formed Teams (a Team shows before it investigates), then its Agents with a
        Health bar each and the Equipment each holds."""
        st = ctx.status
        pools = st.get("pools") or {}
        agents = st.get("agents") or {}
        teams = st.get("teams") or {}
        y = self._title(c, y, w, "Pools and Agents")
        for key in sorted(set(pools) | set(agents), key=lambda k: int(k) if str(k).isdigit() else 99):
            seat = int(key) if str(key).isdigit() else key
            pool = pools.get(key) or {}
            head = f"{self.seat_name(ctx, seat)}: RP {pool.get('rp', 0)} · CP {pool.get('cp', 0)}"
            y = self.say(c, 0, y, w, head, 13, GOLD, True)
            for team in teams.get(key) or []:
                names = ", ".join(self._piece_name(ctx, m, "an Agent") for m in team)
                y = self.say(c, 4, y, w - 4, f"Team: {names}", 12, GOOD, True)
            for a in agents.get(key) or []:
                y = self._agent(c, y, w, ctx, a)
            y += 4
        return y

    @staticmethod
    def _piece_name(ctx: HudContext, row: Mapping[str, Any], fallback: str) -> str:
        return ctx.name_of(str(row.get("piece", ""))) or row.get("name") or fallback

    def _agent(self, c: pygame.Surface, y: int, w: int, ctx: HudContext, a: Mapping[str, Any]) -> int:
        health, current, damage = a.get("health") or 0, a.get("current"), a.get("damage", 0)
        cur = health if current is None else current
        name = self._piece_name(ctx, a, "an Agent")
        # a Health bar: green part is what is left, red what damage took
        bar = pygame.Rect(4, y + 4, 34, 9)
        pygame.draw.rect(c, (60, 66, 72), bar)
        if health:
            pygame.draw.rect(c, GOOD if cur > health // 3 else BAD,
                             (bar.x, bar.y, round(bar.w * max(0, cur) / health), bar.h))
        section = a.get("section", "")
        label = f"{name}  {cur}/{health}" + (f" (−{damage})" if damage else "") + \
            (f" · {section}" if section and section != "bureau" else "")
        y = self.say(c, 44, y, w - 44, label, 12, DIM if section == "hospital" else INK)
        # the Equipment it holds (face up in play: the status names only what is public)
        for gear in a.get("equipment") or []:
            y = self.say(c, 56, y, w - 56, f"Equipment: {gear}", 12, DIM)
        return y

    def _sites(self, c: pygame.Surface, y: int, w: int, ctx: HudContext) -> int:
        """Each Site in play: whose it is, each prerequisite skill against its need, the Bluffs beneath."""
        st = ctx.status
        y = self._title(c, y, w, "Sites: skill / prerequisite")
        sites = st.get("sites") or []
        if not sites:
            return self.say(c, 0, y, w, "No Site in play", 13, DIM)
        for s in sites:
            name = ctx.name_of(str(s.get("piece", ""))) or s.get("name") or "a Site"
            at = s.get("at")
            y = self.say(c, 0, y, w, name + (f" (at {self.seat_name(ctx, at)})" if at is not None else ""), 13,
                         INK, True)
            skills = s.get("skills") or {}
            for pre in s.get("prerequisite") or []:
                skill, need = pre.get("skill", ""), pre.get("need", 0)
                have = skills.get(skill, 0)
                ok = isinstance(have, int) and isinstance(need, int) and have >= need
                y = self.say(c, 10, y, w - 10, f"{skill} {have} / {need}: {'met' if ok else 'short'}", 12,
                             GOOD if ok else BAD)
            if s.get("bluffs"):
                y = self.say(c, 10, y, w - 10, f"{s['bluffs']} Bluff(s) beneath", 12, DIM)
            y += 3
        return y

    def _now(self, c: pygame.Surface, y: int, w: int, ctx: HudContext) -> int:
        """The turn and step, whose decision, the check or combat under way against its need, the chain."""
        st = ctx.status
        rows: list[tuple[str, tuple[int, int, int], bool]] = []
        step = st.get("step_label") or st.get("step") or ""
        rows.append((f"Turn {st.get('turn', 1)} · {step}", DIM, True))
        decision = st.get("decision")
        rows.append((f"Decision: {self.seat_name(ctx, decision)}", GOLD if decision == ctx.seat else INK, True))
        check = st.get("check")
        if check:
            total, need = check.get("total"), check.get("need")
            ok = bool(check.get("meets"))
            rows.append((f"Check at {check.get('site_name') or 'a Site'}", INK, True))
            rows.append((f"{check.get('skill', '')}: {total if total is not None else '?'} vs {need}",
                         GOOD if ok else BAD, True))
            team = ", ".join(str(t.get("name")) + f" {t.get('skill', 0)}" for t in check.get("team") or [])
            if team:
                rows.append((f"Team: {team}", INK, False))
            for m in check.get("mods") or []:
                if isinstance(m, Mapping):
                    src = ctx.name_of(str(m.get("source", ""))) or m.get("name") or ""
                    rows.append((f"  {signed(m.get('amount', 0))}" + (f" from {src}" if src else ""), DIM, False))
                else:
                    rows.append((f"  {m}", DIM, False))
        combat = st.get("combat")
        if combat:
            rows.append((f"Combat: {combat.get('name')}", BAD, True))
            rows.append((f"Health {combat.get('current')}/{combat.get('health')} · round {combat.get('round')}",
                         INK, False))
        chain = st.get("chain") or []
        rows.append((f"Chain ({len(chain)})" if chain else "Chain: empty", INK, True))
        for e in reversed(chain):  # the top of the chain resolves first
            name = ctx.name_of(str(e.get("piece", ""))) or e.get("name") or "a card"
            paid = e.get("paid")
            rows.append((f"  {name} · {self.seat_name(ctx, e.get('seat'))}" + (f" · paid {paid}" if paid else ""),
                         INK, False))
        return self.lines(c, 0, y, w, CONTENT_MAX_H, rows)

    def _notebook(self, c: pygame.Surface, y: int, w: int, ctx: HudContext) -> int:
        """What this seat learnt of each opponent's X-File, a button per guess, then a button per question."""
        st = ctx.status
        y = self._title(c, y, w, "Your Notebook")
        book = st.get("notebook") or {}
        guesses = {g.get("name"): g for g in st.get("guesses") or []}
        opponents = book.get("opponents") or []
        if not opponents:
            return self.say(c, 0, y, w, "Nothing recorded yet", 13, DIM)
        for opp in opponents:
            y = self._opponent(c, y, w, ctx, opp, guesses)
        asked = {(a.get("about"), a.get("kind"), a.get("value")) for o in opponents for a in o.get("answers") or []}
        known = {(o.get("seat"), k) for o in opponents for k in (o.get("known") or {})}
        asks = [q for q in st.get("questions") or [] if (q.get("about"), q.get("kind"), q.get("value")) not in asked
                and (q.get("about"), q.get("kind")) not in known]
        # the questions this seat may ask now, grouped by characteristic: one click each
        kinds: dict[str, list[Mapping[str, Any]]] = {}
        for q in asks:
            kinds.setdefault(str(q.get("kind", "")), []).append(q)
        for kind, qs in kinds.items():
            y = self.say(c, 0, y + 2, w, f"Ask {kind}:", 12, DIM, True)
            y = self._buttons(c, y, w, [(str(q.get("value", "")), {"type": "xfc.ask", "token": q["token"]})
                                        for q in qs], BUTTON_ASK, 22)
        return y

    def _opponent(self, c: pygame.Surface, y: int, w: int, ctx: HudContext, opp: Mapping[str, Any],
                  guesses: Mapping[Any, Mapping[str, Any]]) -> int:
        who = self.seat_name(ctx, opp.get("seat"))
        cands = opp.get("candidates") or []
        y = self.say(c, 0, y, w, f"{who}'s X-File: {len(cands)} still possible", 13, GOLD, True)
        known = opp.get("known") or {}
        if known:
            y = self.say(c, 6, y, w - 6, "Known: " + ", ".join(f"{k} {v}" for k, v in known.items()), 12, INK)
        said = []
        for a in (opp.get("answers") or [])[-4:]:
            if "kind" in a:
                said.append(f"{a.get('kind')} {a.get('value')}? {'yes' if a.get('answer') else 'no'}")
            else:
                said.append(", ".join(f"{k} {v}" for k, v in a.items() if k != "about"))
        if said:
            y = self.say(c, 6, y, w - 6, "; ".join(said), 12, DIM)
        buttons: list[tuple[str, Any]] = []
        names: list[str] = []
        for cand in cands:
            name = str(cand.get("name", ""))
            g = guesses.get(name)
            if g is not None and g.get("about") == opp.get("seat"):
                buttons.append((name, {"type": "xfc.guess", "token": g["token"]}))
            else:
                names.append(name)
        if buttons:  # one click each: "Guess" said once, the buttons name the X-Files
            y = self.say(c, 6, y + 2, w - 6, f"Guess {who}'s X-File:", 12, DIM, True)
            y = self._buttons(c, y, w, buttons, BUTTON_GUESS, 22)
        if names:
            y = self.say(c, 6, y, w - 6, " · ".join(names), 12, INK)
        return y + 6

    def _buttons(self, c: pygame.Surface, y: int, w: int, buttons: list[tuple[str, Any]],
                 color: tuple[int, int, int], height: int) -> int:
        """Buttons in rows that wrap at `w`; returns the y below them."""
        x = 6
        for label, target in buttons:
            bw = self.button_w(label, w - 6)
            if x > 6 and x + bw > w:
                x, y = 6, y + height + 3
            self.button(c, label, (x, y), target, height=height, color=color, most=w - 6)
            x += bw + 4
        return y + height + 4


BUTTON_GUESS, BUTTON_ASK = (110, 50, 60), (54, 84, 124)


register_panel("xfiles-ccg", XFilesCcgHud)


#: a card's `pool` as a player reads it: a *P card is paid from the pool of the side it helps (xfc.chain.3)
POOL_WORDS = {"RP": "RP", "CP": "CP", "*P": "RP or CP"}


#: the fields that make a card the X-Files CCG's, beside a pool: what activates it, an Agent's or Adversary's
#: skills, a Site's prerequisite (Agents and Sites name no activators)
CCG_FIELDS = ("activators", "skills", "prerequisite")
CHARACTERISTICS = ("Affiliation", "Motive", "Method", "Result")
COMBAT_SKILLS = {"Long Range Combat": "Long Range", "Close Range Combat": "Close Range"}
#: the fields the face shows in its details rows, so not again as a stat chip
SHOWN = ("prerequisite",)


def is_xfiles_ccg_card(card: Any) -> bool:
    """Whether a card is the X-Files CCG's: it names the pool that pays for it and what activates it, its skills
    or its prerequisite; or it is an X-File (its four characteristics)."""
    fields = getattr(card, "fields", {}) or {}
    if fields.get("pool") in POOL_WORDS and any(k in fields for k in CCG_FIELDS):
        return True
    chars = fields.get("characteristics")
    return isinstance(chars, Mapping) and bool(chars) and all(k in CHARACTERISTICS for k in chars)


def _short(skill: str) -> str:
    return skill.replace("Investigation", "Inv.")


def _ranked(skills: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """Skills, highest first (a number before "N/A" or "Special"), in the card's order among equals."""
    return sorted(skills.items(), key=lambda kv: -kv[1] if isinstance(kv[1], int) else 1)


def _keywords(card: Any) -> list[str]:
    """A card's keywords but its type (every Agent has the Keyword Agent; the type line says it)."""
    words = card.fields.get("keywords") or []
    if isinstance(words, str):
        words = [w.strip() for w in words.split(",")]
    return [str(w) for w in words if str(w).strip() and str(w).lower() != str(card.type).lower()]


def face_details(card: Any) -> list[tuple[str, list[str]]]:
    """What a face shows above the card's text, most important first: a Site's prerequisite, an Agent's or
    Adversary's skills with their values (the investigative ones, highest first, then the combat ones), an
    X-File's characteristics, then its keywords."""
    f = card.fields
    rows: list[tuple[str, list[str]]] = []
    if f.get("prerequisite"):
        rows.append(("Prerequisite", [str(f["prerequisite"])]))
    skills = f.get("skills")
    if isinstance(skills, Mapping) and skills:
        ranked = _ranked(skills)
        rows.append(("", [f"{_short(k)} {v}" for k, v in ranked if k not in COMBAT_SKILLS]))
        rows.append(("Combat", [f"{COMBAT_SKILLS[k]} {v}" for k, v in ranked if k in COMBAT_SKILLS]))
    chars = f.get("characteristics")
    if isinstance(chars, Mapping):
        rows.extend((str(k), [str(v)]) for k, v in chars.items())
    keywords = _keywords(card)
    if keywords:
        rows.append(("Keywords", keywords))
    return [(label, items) for label, items in rows if items]


def worded(card: Any) -> Any:
    """The card as its proxy face should read it: its pool in words ("Pool RP or CP", never "Pool *P"), and
    without the fields its details rows show (a prerequisite is a row, never a stat chip cut to 12 letters)."""
    pool = card.fields.get("pool")
    fields = {k: v for k, v in card.fields.items() if k not in SHOWN}
    if pool in POOL_WORDS:
        fields["pool"] = POOL_WORDS[pool]
    return dataclasses.replace(card, fields=fields)


def xfiles_ccg_face(assets: AssetLoader, card: Any, size: tuple[int, int]) -> pygame.Surface:
    """The proxy face, its pool worded for a player, with its skills, prerequisite, characteristics and keywords
    above its text."""
    return assets._proxy_face(worded(card), size, face_details(card))


register_face(is_xfiles_ccg_card, xfiles_ccg_face)


register_rulebook(
    "xfiles-ccg",
    card_types=[
        ("Agent", "a member of your Team, with skills, Health and Resources (RES); at least three start in play"),
        ("Site", "placed in the Field in Case Assignment and directed at an opponent; investigating it lets you ask "
                 "about or guess that player's X-File"),
        ("Equipment", "bought in Requisition and given to an Agent; it adds to a skill check or to combat"),
        ("Event / Combat / Bluff", "played from hand during an investigation, paid from your pool; a card face down "
                                   "under a Site is a Bluff"),
        ("Adversary", "played on an investigation to start combat with the Team"),
        ("X-File", "your secret: its Affiliation, Motive, Method and Result are what the others try to find"),
    ],
    turn=[
        ("Briefing", "a free draw, Resource Points from your Agents' RES, one purchase; then the others may sell "
                     "cards for Conspiracy Points and buy"),
        ("Healing", "Agents in the Hospital heal"),
        ("Requisition", "buy Equipment and give it to Agents"),
        ("Deployment", "move Agents between Bureau, Field and Hospital and form Teams"),
        ("Case Assignment", "place Sites, each directed at an opponent; opponents may hide Bluffs beneath them"),
        ("Investigation", "each Team investigates a Site: skill check, cards played in a chain, combat; a success "
                          "asks a question or guesses the X-File"),
        ("Debriefing", "discard as you like; every hand is cut to seven"),
    ],
    about="Each player hides an X-File; Teams of Agents investigate Sites to learn enough to name the others'.",
)
