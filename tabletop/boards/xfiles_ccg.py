"""The X-Files CCG in the window: its dashboard board (pools, Agents, Sites, the chain, checks and combat, and
this seat's Notebook with a button per guess)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from ..ui.hud import BAD, DIM, GOLD, GOOD, HEADER_H, INK, PANEL, Hud, HudContext, signed
from ..ui.panels import register_panel
from . import board_height

__all__ = ["XFilesCcgHud"]


class XFilesCcgHud(Hud):
    """The X-Files CCG dashboard: pools and Agents per seat, Sites against their prerequisites, the chain, the
    check or combat under way and whose decision it is, and this seat's Notebook with a button per guess."""

    title = "X-Files CCG"
    open_height = 262

    def height(self, width: int, open_: bool) -> int:
        return board_height(self.open_height) if open_ else HEADER_H

    def render(self, surf: pygame.Surface, area: pygame.Rect, ctx: HudContext) -> None:
        gap = 8
        # the Agents' column widest: their names and Health must read whole
        nb_w = max(260, area.w * 32 // 100)
        rest = area.w - nb_w - 4 * gap
        cols = [rest * 44 // 100, rest * 26 // 100, rest - rest * 44 // 100 - rest * 26 // 100]
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
        surf.blit(self.fit_text("Pools and Agents", 12, box.w, DIM, True), (box.x, y))
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
                    (f" · {section}" if section and section != "bureau" else "")
                t = self.fit_text(label, 12, box.w - 56, DIM if section == "hospital" else INK)
                surf.blit(t, (box.x + 54, y))
                y += t.get_height() + 1
            y += 4

    def _sites(self, surf: pygame.Surface, box: pygame.Rect, ctx: HudContext) -> None:
        st = ctx.status
        y = box.y
        surf.blit(self.fit_text("Sites: skill / prerequisite", 12, box.w, DIM, True), (box.x, y))
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



register_panel("xfiles-ccg", XFilesCcgHud)
