"""Ruleset boards: a band above the table that draws what a ruleset's `status` tells this seat, with buttons.

The rules panel (side) reads any status in words; a board is for the rulesets whose state is a picture: the
X-Files Fan round as a trick (cards in play order, circumstances as pips, the running score, the value to choose)
and the X-Files CCG dashboard (pools, Agents' Health, Sites against their prerequisites, the chain, a check or a
combat, and the seat's Notebook with its guesses). A board draws only from the status and the seat's view, and a
click on one of its buttons becomes an action dict the app submits like any other. `make_hud(ruleset)` picks one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from .assets import AssetLoader
from .layout import CARD_H, CARD_W

__all__ = ["CIRC_COLORS", "HUDS", "Hud", "HudContext", "XFilesCcgHud", "XFilesFanHud", "make_hud"]

HEADER_H = 24
BG = (20, 26, 32)
PANEL = (30, 38, 46)
INK = (226, 232, 236)
DIM = (140, 150, 160)
GOLD = (255, 212, 80)
GOOD = (110, 210, 120)
BAD = (240, 110, 100)
BUTTON = (54, 84, 124)
BUTTON_HOT = (84, 124, 178)
#: the three X-Files Fan circumstances, their letter and colour (also used on card faces)
CIRC_COLORS = {"progress": ((70, 170, 95), "P"), "opposition": ((205, 70, 60), "O"),
               "jeopardy": ((235, 165, 40), "J")}

Target = dict[str, Any] | str


@dataclass(slots=True)
class HudContext:
    """What a board draws from: the seat's status and view, and how to name seats and pieces."""

    status: Mapping[str, Any]
    seat: int | None
    names: Mapping[int, str]
    name_of: Callable[[str], str | None]
    card_of: Mapping[str, str] = field(default_factory=dict)


class Hud:
    """A board: `height(width, open)` pixels above the table; `draw` it, `hit` a click (an action dict, or
    "toggle" for its header)."""

    title = ""
    open_height = 180

    def __init__(self, assets: AssetLoader | None = None) -> None:
        self.assets = assets
        self.buttons: list[tuple[pygame.Rect, Target]] = []
        self._key: Any = None
        self._surf: pygame.Surface | None = None
        self._origin = (0, 0)

    def height(self, width: int, open_: bool) -> int:
        return self.open_height if open_ else HEADER_H

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, ctx: HudContext, key: Any, open_: bool,
             mouse: tuple[int, int]) -> None:
        """Draw the board into `rect` (redrawn only when `key` changes), then the hovered button's highlight."""
        assert self.assets is not None
        full = (key, rect.size, open_)
        if full != self._key or self._surf is None or self._origin != rect.topleft:
            self._key = full
            self._origin = rect.topleft
            self.buttons = []
            surf = pygame.Surface(rect.size)
            surf.fill(BG)
            prompt = str(ctx.status.get("prompt") or "")
            self._header(surf, prompt, open_)
            if open_:
                self.render(surf, pygame.Rect(0, HEADER_H, rect.w, rect.h - HEADER_H), ctx)
            pygame.draw.line(surf, (70, 80, 90), (0, rect.h - 1), (rect.w, rect.h - 1))
            self._surf = surf
            self.buttons = [(r.move(rect.topleft), t) for r, t in self.buttons]
        surface.blit(self._surf, rect.topleft)
        for r, _ in self.buttons:
            if r.collidepoint(mouse):
                pygame.draw.rect(surface, (255, 255, 255), r, 2, border_radius=5)

    def hit(self, pos: tuple[int, int]) -> Target | None:
        for r, target in self.buttons:
            if r.collidepoint(pos):
                return target
        return None

    def render(self, surf: pygame.Surface, area: pygame.Rect, ctx: HudContext) -> None:
        raise NotImplementedError

    # -- drawing helpers --

    def _header(self, surf: pygame.Surface, prompt: str, open_: bool) -> None:
        pygame.draw.rect(surf, PANEL, (0, 0, surf.get_width(), HEADER_H))
        t = self.text(self.title, 13, GOLD, True)
        surf.blit(t, (8, (HEADER_H - t.get_height()) // 2))
        if prompt:
            p = self.text(prompt, 13, INK, True)
            surf.blit(p, (t.get_width() + 24, (HEADER_H - p.get_height()) // 2))
        label = "hide (F2)" if open_ else "show (F2)"
        b = self.button(surf, label, (surf.get_width() - 96, 2), "toggle", width=90, height=HEADER_H - 4)
        del b

    def text(self, text: str, size: int, color: tuple[int, int, int] = INK, bold: bool = False) -> pygame.Surface:
        assert self.assets is not None
        return self.assets.text(text, size, color, bold)

    def fit_text(self, text: str, size: int, width: int, color: tuple[int, int, int] = INK,
                 bold: bool = False) -> pygame.Surface:
        """`text` on one line, cut with an ellipsis to `width` pixels."""
        assert self.assets is not None
        font = self.assets.font(size, bold)
        while len(text) > 2 and font.size(text)[0] > width:
            text = text[:-2] + "…"
        return self.text(text, size, color, bold)

    def lines(self, surf: pygame.Surface, x: int, y: int, width: int, bottom: int,
              rows: Sequence[tuple[str, tuple[int, int, int], bool]], size: int = 13) -> int:
        """Rows of (text, colour, bold), one a line, cut to `width` and stopping at `bottom`; returns the next y."""
        for text, color, bold in rows:
            t = self.fit_text(text, size, width, color, bold)
            if y + t.get_height() > bottom:
                break
            surf.blit(t, (x, y))
            y += t.get_height() + 1
        return y

    def button(self, surf: pygame.Surface, label: str, at: tuple[int, int], target: Target, width: int = 0,
               height: int = 24, color: tuple[int, int, int] = BUTTON) -> pygame.Rect:
        t = self.text(label, 13, (255, 255, 255), True)
        r = pygame.Rect(at[0], at[1], max(width, t.get_width() + 16), height)
        pygame.draw.rect(surf, color, r, border_radius=5)
        surf.blit(t, (r.centerx - t.get_width() // 2, r.centery - t.get_height() // 2))
        self.buttons.append((r, target))
        return r

    def pip(self, surf: pygame.Surface, center: tuple[int, int], radius: int, circ: str, on: bool | None) -> None:
        """A circumstance pip: filled when in force, an outline when clear, faint when unknown (None)."""
        color, letter = CIRC_COLORS.get(circ, ((150, 150, 150), "?"))
        if on:
            pygame.draw.circle(surf, color, center, radius)
            t = self.text(letter, max(8, int(radius * 1.2)), (255, 255, 255), True)
        else:
            pygame.draw.circle(surf, color if on is False else (70, 76, 84), center, radius, max(1, radius // 4))
            t = self.text(letter, max(8, int(radius * 1.2)), color if on is False else (90, 96, 104), True)
        surf.blit(t, (center[0] - t.get_width() // 2, center[1] - t.get_height() // 2))

    def seat_name(self, ctx: HudContext, seat: Any) -> str:
        if isinstance(seat, int) and not isinstance(seat, bool):
            return "you" if seat == ctx.seat else ctx.names.get(seat, f"Seat {seat + 1}")
        return "—" if seat is None else str(seat)


def _signed(v: Any) -> str:
    return f"+{v}" if isinstance(v, int) and v > 0 else str(v)


class XFilesFanHud(Hud):
    """The X-Files Fan round as a trick: its cards in play order, the circumstances in force, the running score,
    whose turn it is, and the value to choose when a positive, negative or conflict card is scored."""

    title = "X-Files Fan · the round"
    open_height = 196
    POINT_SIGNS = {"positive": "+?", "negative": "−?", "conflict": "±?"}

    def render(self, surf: pygame.Surface, area: pygame.Rect, ctx: HudContext) -> None:
        st = ctx.status
        x, y = area.x + 10, area.y + 8
        # left: circumstances in force, round score, turn and scores
        circ = st.get("circumstances") or {}
        surf.blit(self.text("In force", 12, DIM, True), (x, y))
        for i, name in enumerate(CIRC_COLORS):
            cy = y + 30 + i * 30
            self.pip(surf, (x + 12, cy), 11, name, bool(circ.get(name)))
            surf.blit(self.text(name.capitalize(), 13, INK if circ.get(name) else DIM, bool(circ.get(name))),
                      (x + 30, cy - 9))
        col2 = x + 130
        score = st.get("round_score", 0)
        unvalued = st.get("round_unvalued", 0)
        rows = [(f"Round score {score}" + (f" (+{unvalued} to choose)" if unvalued else ""), GOLD, True),
                (f"Turn: {self.seat_name(ctx, st.get('active'))}", INK, False)]
        scores = st.get("scores") or []
        if scores:
            rows.append(("Scores: " + ", ".join(f"{self.seat_name(ctx, i)} {v}" for i, v in enumerate(scores)),
                         INK, False))
        rows.append((f"Period {st.get('period', 0)} of {st.get('periods', '?')}", DIM, False))
        if st.get("passes"):
            rows.append((f"Passes in a row: {st.get('passes')}", DIM, False))
        provided = st.get("provided") or []
        if provided:
            rows.append(("Tags in play: " + ", ".join(provided), DIM, False))
        self.lines(surf, col2, y, 190, area.bottom - 4, rows)
        # the value to choose, at the right, when this seat is asked
        right = area.right
        pending = st.get("pending") or []
        choose = next((p for p in pending if p.get("kind") == "value"), None)
        if choose is not None:
            right = self._choose(surf, area, ctx, choose)
        elif pending and pending[0].get("kind") == "action" and pending[0].get("seat") == ctx.seat:
            # after placing a card in the round: an Action card (from the hand) or none (xff.3.4)
            w = 200
            self.lines(surf, area.right - w - 8, area.y + 8, w, area.bottom,
                       [("Play an Action card from", GOLD, True), ("your hand, or none:", GOLD, True)])
            self.button(surf, "No Action card", (area.right - w - 8, area.y + 52), {"type": "xfiles-fan.no_action"},
                        width=w - 10, color=(120, 90, 30))
            right = area.right - w - 16
        # middle: the round, card by card
        self._trick(surf, pygame.Rect(col2 + 200, area.y + 4, right - col2 - 210, area.h - 8), ctx,
                    st.get("round") or [])

    def _trick(self, surf: pygame.Surface, box: pygame.Rect, ctx: HudContext, rnd: Sequence[Mapping[str, Any]]) -> None:
        assert self.assets is not None
        if not rnd:
            t = self.text("No round in progress: a Case or an Incident starts one.", 14, DIM)
            surf.blit(t, (box.x, box.y + box.h // 2 - t.get_height()))
            return
        ch = box.h - 46
        cw = round(ch * CARD_W / CARD_H)
        step = cw + 30
        n = len(rnd)
        if n * step > box.w:  # many cards: overlap them, newest fully shown
            step = max(24, (box.w - cw - 30) // max(1, n - 1))
        for i, e in enumerate(rnd):
            cx = box.x + i * step
            ref = e.get("card")
            card = self.assets.card(ref, True, (cw, ch)) if ref else self.assets.card(None, False, (cw, ch))
            surf.blit(card, (cx, box.y))
            if e.get("negated"):
                pygame.draw.line(surf, BAD, (cx + 4, box.y + 4), (cx + cw - 4, box.y + ch - 4), 4)
                pygame.draw.line(surf, BAD, (cx + cw - 4, box.y + 4), (cx + 4, box.y + ch - 4), 4)
            # the circumstances after this card, as pips along its right edge
            c = e.get("circumstances") or {}
            for k, name in enumerate(CIRC_COLORS):
                self.pip(surf, (cx + cw + 10, box.y + 14 + k * 22), 8, name, bool(c.get(name)))
            value = e.get("value")
            points = e.get("points")
            if e.get("negated"):
                label, color = "negated: 0", BAD
            elif value is not None:
                label, color = _signed(value), GOLD
            else:
                label, color = self.POINT_SIGNS.get(str(points), str(points)), GOLD
            t = self.text(f"{i + 1}. {label}", 13, color, True)
            surf.blit(t, (cx, box.y + ch + 3))
            who = self.fit_text(self.seat_name(ctx, e.get("seat")), 12, max(cw, step - 4), DIM)
            surf.blit(who, (cx, box.y + ch + 4 + t.get_height()))

    def _choose(self, surf: pygame.Surface, area: pygame.Rect, ctx: HudContext, p: Mapping[str, Any]) -> int:
        """The choose-a-value prompt (xff.5.3): the card, its text and one button per value; returns its left x."""
        w = min(390, area.w // 3)
        box = pygame.Rect(area.right - w - 8, area.y + 4, w, area.h - 8)
        mine = p.get("seat") == ctx.seat
        pygame.draw.rect(surf, (58, 48, 20) if mine else PANEL, box, border_radius=8)
        pygame.draw.rect(surf, GOLD if mine else (80, 90, 100), box, 2, border_radius=8)
        name = p.get("name") or "a card"
        if not mine:
            self.lines(surf, box.x + 10, box.y + 8, box.w - 20, box.bottom - 4,
                       [(f"{self.seat_name(ctx, p.get('seat'))} chooses the value of", DIM, False),
                        (str(name), INK, True), (f"rule {p.get('rule', 'xff.5.3')}", DIM, False)])
            return box.x
        lo, hi = (p.get("range") or [0, 0])[:2]
        values = list(range(int(lo), int(hi) + 1))
        bw = 36
        per_row = max(1, (box.w - 20) // (bw + 4))
        rows_h = -(-len(values) // per_row) * 26
        y = self.lines(surf, box.x + 10, box.y + 6, box.w - 20, box.bottom,
                       [(f"Choose the value of {name} ({p.get('sign', 'conflict')})", GOLD, True)])
        text = str(p.get("text") or "").replace("\n", " ")
        font = self.assets.font(12) if self.assets else None
        if font is not None and text:
            words, line, rows = text.split(), "", []
            for word in words:
                trial = f"{line} {word}".strip()
                if font.size(trial)[0] > box.w - 20 and line:
                    rows.append((line, INK, False))
                    line = word
                else:
                    line = trial
            rows.append((line, INK, False))
            y = self.lines(surf, box.x + 10, y + 2, box.w - 20, box.bottom - rows_h - 4, rows, 12)
        bx, by = box.x + 10, box.bottom - rows_h - 2
        for i, v in enumerate(values):
            if i and i % per_row == 0:
                bx, by = box.x + 10, by + 26
            action = {"type": "xfiles-fan.choose_value", "piece": p.get("piece"), "value": v}
            self.button(surf, _signed(v), (bx, by), action, width=bw, color=(120, 90, 30))
            bx += bw + 4
        return box.x


class XFilesCcgHud(Hud):
    """The X-Files CCG dashboard: pools and Agents per seat, Sites against their prerequisites, the chain, the
    check or combat under way and whose decision it is, and this seat's Notebook with a button per guess."""

    title = "X-Files CCG"
    open_height = 262

    def render(self, surf: pygame.Surface, area: pygame.Rect, ctx: HudContext) -> None:
        gap = 8
        nb_w = max(280, area.w * 36 // 100)
        rest = area.w - nb_w - 4 * gap
        cols = [rest * 36 // 100, rest * 30 // 100, rest - rest * 36 // 100 - rest * 30 // 100]
        x = area.x + gap
        boxes = []
        for w in (*cols, nb_w):
            boxes.append(pygame.Rect(x, area.y + 6, w, area.h - 12))
            x += w + gap
        for b in boxes:
            pygame.draw.rect(surf, PANEL, b, border_radius=6)
        self._team(surf, boxes[0].inflate(-12, -8), ctx)
        self._sites(surf, boxes[1].inflate(-12, -8), ctx)
        self._now(surf, boxes[2].inflate(-12, -8), ctx)
        self._notebook(surf, boxes[3].inflate(-12, -8), ctx)

    def _team(self, surf: pygame.Surface, box: pygame.Rect, ctx: HudContext) -> None:
        st = ctx.status
        pools = st.get("pools") or {}
        agents = st.get("agents") or {}
        y = box.y
        surf.blit(self.text("Pools and Agents", 12, DIM, True), (box.x, y))
        y += 18
        for key in sorted(set(pools) | set(agents), key=lambda k: int(k) if str(k).isdigit() else 99):
            seat = int(key) if str(key).isdigit() else key
            pool = pools.get(key) or {}
            head = f"{self.seat_name(ctx, seat)}: RP {pool.get('rp', 0)} · CP {pool.get('cp', 0)}"
            y = self.lines(surf, box.x, y, box.w, box.bottom, [(head, GOLD, True)])
            for a in agents.get(key) or []:
                if y + 16 > box.bottom:
                    break
                health, current, damage = a.get("health") or 0, a.get("current"), a.get("damage", 0)
                cur = health if current is None else current
                name = ctx.name_of(str(a.get("piece", ""))) or a.get("name") or "an Agent"
                # a Health bar: green part is what is left, red what damage took
                bar = pygame.Rect(box.x + 4, y + 4, 44, 9)
                pygame.draw.rect(surf, (60, 66, 72), bar)
                if health:
                    pygame.draw.rect(surf, GOOD if cur > health // 3 else BAD,
                                     (bar.x, bar.y, round(bar.w * max(0, cur) / health), bar.h))
                section = a.get("section", "")
                label = f"{name}  {cur}/{health}" + (f" (−{damage})" if damage else "") + \
                    (f" · {section}" if section else "")
                t = self.fit_text(label, 12, box.w - 56, DIM if section == "hospital" else INK)
                surf.blit(t, (box.x + 54, y))
                y += t.get_height() + 1
            y += 4

    def _sites(self, surf: pygame.Surface, box: pygame.Rect, ctx: HudContext) -> None:
        st = ctx.status
        y = box.y
        surf.blit(self.text("Sites: team skill / prerequisite", 12, DIM, True), (box.x, y))
        y += 18
        sites = st.get("sites") or []
        if not sites:
            self.lines(surf, box.x, y, box.w, box.bottom, [("No Site in play", DIM, False)])
        for s in sites:
            name = ctx.name_of(str(s.get("piece", ""))) or s.get("name") or "a Site"
            at = s.get("at")
            y = self.lines(surf, box.x, y, box.w, box.bottom,
                           [(f"{name}" + (f" (at {self.seat_name(ctx, at)})" if at is not None else ""), INK, True)])
            skills = s.get("skills") or {}
            for pre in s.get("prerequisite") or []:
                skill, need = pre.get("skill", ""), pre.get("need", 0)
                have = skills.get(skill, 0)
                ok = isinstance(have, int) and isinstance(need, int) and have >= need
                y = self.lines(surf, box.x + 10, y, box.w - 10, box.bottom,
                               [(f"{skill} {have} / {need}: {'met' if ok else 'short'}", GOOD if ok else BAD,
                                 False)], 12)
            if s.get("bluffs"):
                y = self.lines(surf, box.x + 10, y, box.w - 10, box.bottom,
                               [(f"{s['bluffs']} Bluff(s) beneath", DIM, False)], 12)
            y += 3

    def _now(self, surf: pygame.Surface, box: pygame.Rect, ctx: HudContext) -> None:
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
                    rows.append((f"  {_signed(m.get('amount', 0))}" + (f" from {src}" if src else ""), DIM, False))
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
        self.lines(surf, box.x, box.y, box.w, box.bottom, rows)

    def _notebook(self, surf: pygame.Surface, box: pygame.Rect, ctx: HudContext) -> None:
        st = ctx.status
        y = box.y
        surf.blit(self.text("Your Notebook", 12, DIM, True), (box.x, y))
        y += 18
        book = st.get("notebook") or {}
        guesses = {g.get("name"): g for g in st.get("guesses") or []}
        opponents = book.get("opponents") or []
        if not opponents:
            self.lines(surf, box.x, y, box.w, box.bottom, [("Nothing recorded yet", DIM, False)])
            return
        for opp in opponents:
            who = self.seat_name(ctx, opp.get("seat"))
            cands = opp.get("candidates") or []
            y = self.lines(surf, box.x, y, box.w, box.bottom,
                           [(f"{who}'s X-File: {len(cands)} still possible", GOLD, True)])
            known = opp.get("known") or {}
            if known:
                y = self.lines(surf, box.x + 6, y, box.w - 6, box.bottom,
                               [("Known: " + ", ".join(f"{k} {v}" for k, v in known.items()), INK, False)], 12)
            answers = opp.get("answers") or []
            if answers:
                said = []
                for a in answers[-4:]:
                    if "kind" in a:
                        said.append(f"{a.get('kind')} {a.get('value')}? {'yes' if a.get('answer') else 'no'}")
                    else:
                        said.append(", ".join(f"{k} {v}" for k, v in a.items() if k != "about"))
                y = self.lines(surf, box.x + 6, y, box.w - 6, box.bottom, [("; ".join(said), DIM, False)], 12)
            bx = box.x + 6
            for c in cands:
                name = str(c.get("name", ""))
                g = guesses.get(name)
                if g is not None and g.get("about") == opp.get("seat"):
                    w = self.assets.font(13, True).size(f"Guess {name}")[0] + 16 if self.assets else 120
                    if bx + w > box.right:
                        bx, y = box.x + 6, y + 27
                    if y + 24 > box.bottom:
                        break
                    self.button(surf, f"Guess {name}", (bx, y), {"type": "xfc.guess", "token": g["token"]},
                                color=(110, 50, 60))
                    bx += w + 4
                else:
                    t = self.fit_text(name, 12, box.w - 12, INK)
                    if bx + t.get_width() + 10 > box.right:
                        bx, y = box.x + 6, y + 17
                    if y + 16 > box.bottom:
                        break
                    surf.blit(t, (bx, y + 3))
                    bx += t.get_width() + 12
            y += 28
        asked = {(a.get("about"), a.get("kind"), a.get("value")) for o in opponents for a in o.get("answers") or []}
        known = {(o.get("seat"), k) for o in opponents for k in (o.get("known") or {})}
        asks = [q for q in st.get("questions") or [] if (q.get("about"), q.get("kind"), q.get("value")) not in asked
                and (q.get("about"), q.get("kind")) not in known]
        if asks and y + 24 <= box.bottom:
            # the questions this seat may ask now, grouped by characteristic: one click each
            kinds: dict[str, list[Mapping[str, Any]]] = {}
            for q in asks:
                kinds.setdefault(str(q.get("kind", "")), []).append(q)
            for kind, qs in kinds.items():
                lab = self.text(f"Ask {kind}:", 12, DIM, True)
                if y + 22 > box.bottom:
                    break
                surf.blit(lab, (box.x, y + 4))
                bx = box.x + lab.get_width() + 6
                for q in qs:
                    value = str(q.get("value", ""))
                    w = (self.assets.font(13, True).size(value)[0] + 16) if self.assets else 60
                    if bx + w > box.right:
                        bx, y = box.x + 12, y + 25
                    if y + 22 > box.bottom:
                        break
                    self.button(surf, value, (bx, y), {"type": "xfc.ask", "token": q["token"]}, height=22)
                    bx += w + 3
                y += 26


HUDS: dict[str, type[Hud]] = {"xfiles-fan": XFilesFanHud, "xfiles-ccg": XFilesCcgHud}


def make_hud(ruleset: str, assets: AssetLoader | None = None) -> Hud | None:
    """The board of a ruleset (None for rulesets the side panel's words serve well enough)."""
    cls = HUDS.get(ruleset)
    return cls(assets) if cls is not None else None
