"""The X-Files Fan CCG in the window: its round as a board (a trick of cards, circumstances as pips, the running
score, the value to choose) and its cards' faces (circumstances on the edges, tags, text)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from ..ui.panels.hud import BAD, BG, CONTENT_MAX_H, DIM, GOLD, HEADER_H, INK, PANEL, Hud, HudContext, signed
from ..ui.panels.registry import register_face, register_panel
from ..ui.panels.rulebook import register_rulebook
from ..ui.table.assets import AssetLoader, _wrap
from ..ui.table.layout import CARD_H, CARD_W
from . import board_height

__all__ = ["CIRC_COLORS", "XFF_CIRCS", "XFF_FIELDS", "XFilesFanHud", "xff_circumstance", "xfiles_fan_face"]

#: the three X-Files Fan circumstances, their letter and colour (on the board and on card faces)
CIRC_COLORS = {"progress": ((70, 170, 95), "P"), "opposition": ((205, 70, 60), "O"),
               "jeopardy": ((235, 165, 40), "J")}
#: fields that mark an X-Files Fan card (snake_case or the source's camelCase); such cards get their own face
XFF_FIELDS = ("point_value", "pointValue", "requires_circumstances", "requiresCircumstances",
              "establishes_circumstances", "establishesCircumstances")
XFF_CIRCS = (("progress", (70, 170, 95), "P"), ("opposition", (205, 70, 60), "O"), ("jeopardy", (235, 165, 40), "J"))
XFF_TYPE_COLORS = {"case": (46, 84, 140), "incident": (104, 64, 140), "following": (34, 118, 112),
                   "conclusion": (140, 40, 44), "action": (196, 112, 30), "environment": (52, 110, 60),
                   "cover": (90, 90, 96)}
XFF_SIGNS = {"positive": "+", "negative": "−", "conflict": "±"}


def xff_circumstance(value: Any, establishes: bool) -> tuple[str, str]:
    """How a card's circumstance value reads on its edge: (state, mark).

    state is `on` (required or set), `off` (must not be in force, or cleared), `count` (set by each of the last N
    cards / N cards back: mark says N) or `none` (asks or changes nothing).
    """
    if value is True:
        return "on", ""
    word = value.strip().casefold() if isinstance(value, str) else None
    if word in ("true", "yes", "set"):
        return "on", ""
    if establishes:
        if value is False or value is None or word in ("false", "null", "not", "clear"):
            return "off", ""
        return "none", ""
    if value is False or word in ("not", "false"):
        return "off", ""
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return "count", f"{value}×"
    if word and word.endswith("prev") and word[:-4].strip().isdigit():
        return "count", f"-{word[:-4].strip()}"
    return "none", ""




def is_xfiles_fan_card(card: Any) -> bool:
    """Whether a card's fields are the X-Files Fan's (such cards get their own face)."""
    fields = getattr(card, "fields", {}) or {}
    return any(k in fields for k in XFF_FIELDS)


def _field(fields: Mapping[str, Any], *names: str) -> Any:
    """A card's field under the first of its spellings it has (snake_case or the source's camelCase)."""
    return next((fields[n] for n in names if n in fields), None)


def xfiles_fan_face(assets: AssetLoader, card: Any, size: tuple[int, int]) -> pygame.Surface:
    """An X-Files Fan card: name and point value, type and theme, the circumstances it requires (left edge)
    and establishes (right edge) as pips, its tags (requires / provides / prevented by / negates), its text."""
    w, h = size
    f = card.fields
    ctype = str(card.type).strip().lower()
    color = XFF_TYPE_COLORS.get(ctype, (70, 72, 80))
    surf = assets._blank(size, (246, 242, 230), color)
    m = max(3, w // 26)
    y = _face_title(assets, surf, card, color, m)
    y = _face_type(assets, surf, f, ctype, color, m, y)
    edge_w = _face_edges(assets, surf, f, ctype, m, y)
    box_x, box_w = m + edge_w, w - 2 * (m + edge_w)
    ty = _face_tags(assets, surf, f, (box_x, box_w), m, y)
    top = max(ty, y + int(h * 0.2)) + m // 2
    _face_text(assets, surf, card.text or "", pygame.Rect(box_x, top, box_w, h - m - int(h * 0.05) - top), m)
    _face_foot(assets, surf, f, m)
    return surf


def _face_title(assets: AssetLoader, surf: pygame.Surface, card: Any, color: tuple[int, int, int], m: int) -> int:
    """The title bar (the name, shortened with an ellipsis to its room) and the point value's medallion; returns
    the y below the bar."""
    w, h = surf.get_size()
    title_h = int(h * 0.1)
    bar = pygame.Rect(m, m, w - 2 * m, title_h)
    pygame.draw.rect(surf, color, bar, border_radius=max(2, w // 40))
    points = _field(card.fields, "point_value", "pointValue")
    r = int(title_h * 0.62)
    tf = assets.font(max(7, int(title_h * 0.46)), True)
    room = bar.w - (2 * r + 8 if points is not None else 0) - m
    name = card.name
    while tf.size(name)[0] > room and len(name) > 3:
        name = name[:-2] + "…"
    surf.blit(tf.render(name, True, (255, 255, 255)), (bar.x + m // 2 + 2, bar.centery - tf.get_height() // 2))
    if points is not None:
        _face_medal(assets, surf, points, (bar.right - r - 2, bar.bottom), r, color)
    return bar.bottom + int(h * 0.012)


def _face_medal(assets: AssetLoader, surf: pygame.Surface, points: Any, medal: tuple[int, int], r: int,
                color: tuple[int, int, int]) -> None:
    """The point value in a medallion on the title bar's edge (a sign for a value chosen when scored)."""
    label = str(points)
    if isinstance(points, str) and points.strip().casefold() in XFF_SIGNS:
        label = XFF_SIGNS[points.strip().casefold()]
    pygame.draw.circle(surf, (250, 246, 236), medal, r)
    pygame.draw.circle(surf, color, medal, r, max(2, r // 7))
    pf = assets.font(max(8, int(r * (1.1 if len(label) <= 2 else 0.8))), True)
    pt = pf.render(label, True, (30, 30, 30))
    surf.blit(pt, (medal[0] - pt.get_width() / 2, medal[1] - pt.get_height() / 2))


def _face_type(assets: AssetLoader, surf: pygame.Surface, f: Mapping[str, Any], ctype: str,
               color: tuple[int, int, int], m: int, y: int) -> int:
    """The type line ("Following · Pursuit"); returns the y below it."""
    theme = _field(f, "theme", "themes")
    if isinstance(theme, list):
        theme = ", ".join(str(t) for t in theme)
    typ = ctype.capitalize() + (f" · {theme}" if theme else "")
    yf = assets.font(max(7, int(surf.get_height() * 0.036)), True)
    surf.blit(yf.render(typ, True, color), (m + 2, y))
    return y + yf.get_linesize() + m // 3


def _face_edges(assets: AssetLoader, surf: pygame.Surface, f: Mapping[str, Any], ctype: str, m: int, y: int) -> int:
    """The circumstance pips down both edges from `y`: required on the left, established on the right; returns
    how wide an edge is."""
    w, h = surf.get_size()
    pr = max(4, int(w * 0.05))
    req = _field(f, "requires_circumstances", "requiresCircumstances")
    est = _field(f, "establishes_circumstances", "establishesCircumstances")
    lf = assets.font(max(6, int(h * 0.022)), True)
    for side, data, establishes in ((0, req, False), (1, est, True)):
        if not isinstance(data, dict) and ctype in ("environment", "cover", "action"):
            continue
        cx = m + pr if side == 0 else w - m - pr
        cap = lf.render("needs" if side == 0 else "sets", True, (110, 100, 90))
        surf.blit(cap, (cx - cap.get_width() / 2, y))
        for k, (circ, ccolor, letter) in enumerate(XFF_CIRCS):
            cy = y + cap.get_height() + pr + 2 + k * (2 * pr + 6)
            known = isinstance(data, dict) and circ in data
            state, mark = xff_circumstance(data.get(circ), establishes) if known else ("none", "")
            _xff_pip(assets, surf, (cx, cy), pr, ccolor, letter, state, mark)
    return 2 * pr + m


#: the tag rows of a face: label, the field's spellings, the pills' tint
_TAG_ROWS = (("requires", ("requires",), (222, 228, 244)), ("provides", ("provides",), (218, 240, 222)),
             ("prevented by", ("prevented_by", "preventedBy"), (246, 222, 216)),
             ("negates", ("negates",), (244, 226, 200)))


def _face_tags(assets: AssetLoader, surf: pygame.Surface, f: Mapping[str, Any], box: tuple[int, int], m: int,
               y: int) -> int:
    """The tags as rows of pills between the edges (`box`: x and width); returns the y below them."""
    h = surf.get_height()
    gf = assets.font(max(6, int(h * 0.028)), False)
    kf = assets.font(max(6, int(h * 0.026)), True)
    ty = y + 2
    for label, names, tint in _TAG_ROWS:
        tags = _field(f, *names)
        if isinstance(tags, str):
            tags = [tags]
        if not tags:
            continue
        lt = kf.render(label, True, (90, 80, 70))
        surf.blit(lt, (box[0], ty))
        _face_pills(surf, gf, tags, (box[0] + lt.get_width() + m // 2, ty), box[0] + box[1], tint, m)
        ty += max(lt.get_height(), gf.get_linesize()) + 2
    return ty


def _face_pills(surf: pygame.Surface, font: pygame.font.Font, tags: Sequence[Any], at: tuple[int, int], right: int,
                tint: tuple[int, int, int], m: int) -> None:
    """Up to five tags as pills from `at`, as many as end before `right`."""
    x, ty = at
    for tag in tags[:5]:
        t = font.render(str(tag), True, (40, 40, 50))
        pill = pygame.Rect(x, ty, t.get_width() + m, t.get_height() + 1)
        if pill.right > right:
            break
        pygame.draw.rect(surf, tint, pill, border_radius=pill.h // 2)
        surf.blit(t, (x + m // 2, ty))
        x = pill.right + m // 3


def _face_text(assets: AssetLoader, surf: pygame.Surface, text: str, box: pygame.Rect, m: int) -> None:
    """The card's text in its box, in the largest font (down to 7 px) it fits in; lines past the box left out."""
    w, h = surf.get_size()
    pygame.draw.rect(surf, (255, 252, 244), box, border_radius=max(2, w // 50))
    pygame.draw.rect(surf, (205, 195, 175), box, max(1, w // 200), border_radius=max(2, w // 50))
    size_px = max(7, int(h * 0.036))
    while True:
        bf = assets.font(size_px, False)
        lines = _wrap(bf, text, box.w - m)
        if len(lines) * bf.get_linesize() <= box.h - m or size_px <= 7:
            break
        size_px -= 1
    by = box.y + m // 2
    for line in lines:
        if by + bf.get_linesize() > box.bottom:
            break
        surf.blit(bf.render(line, True, (30, 30, 30)), (box.x + m // 2, by))
        by += bf.get_linesize()


def _face_foot(assets: AssetLoader, surf: pygame.Surface, f: Mapping[str, Any], m: int) -> None:
    """The numbers at the bottom: draw value, copies per round, copies per deck."""
    w, h = surf.get_size()
    foot = []
    for names, words in ((("draw_value", "drawValue"), "draw {}"), (("play_ordinality", "playOrdinality"),
                         "{} per round"), (("deck_ordinality", "deckOrdinality"), "{} per deck")):
        value = _field(f, *names)
        if value is not None:
            foot.append(words.format(value))
    if foot:
        ff = assets.font(max(6, int(h * 0.03)), True)
        ft = ff.render(" · ".join(foot), True, (90, 80, 70))
        foot_h = int(h * 0.05)
        surf.blit(ft, (w / 2 - ft.get_width() / 2, h - m - foot_h / 2 - ft.get_height() / 2))


def _xff_pip(assets: AssetLoader, surf: pygame.Surface, center: tuple[int, int], r: int, color: tuple[int, int, int],
             letter: str, state: str, mark: str) -> None:
    if state == "none":
        pygame.draw.circle(surf, (222, 216, 204), center, r, max(1, r // 5))
        return
    if state in ("on", "count"):
        pygame.draw.circle(surf, color, center, r)
        fg = (255, 255, 255)
    else:
        pygame.draw.circle(surf, (250, 246, 236), center, r)
        pygame.draw.circle(surf, color, center, r, max(1, r // 4))
        fg = color
    t = assets.font(max(6, int(r * (1.2 if not mark else 0.9))), True).render(mark or letter, True, fg)
    surf.blit(t, (center[0] - t.get_width() / 2, center[1] - t.get_height() / 2))
    if state == "off":  # must not be in force / cleared: struck through
        d = int(r * 0.75)
        pygame.draw.line(surf, color, (center[0] - d, center[1] + d), (center[0] + d, center[1] - d),
                         max(2, r // 4))


class XFilesFanHud(Hud):
    """The X-Files Fan round as a trick: its cards in play order, the circumstances in force, the running score,
    whose turn it is, and the value to choose when a positive, negative or conflict card is scored."""

    pip_colors = CIRC_COLORS

    title = "X-Files Fan · the round"
    open_height = 196
    POINT_SIGNS = {"positive": "+?", "negative": "−?", "conflict": "±?"}

    def height(self, width: int, open_: bool) -> int:
        return board_height(self.open_height) if open_ else HEADER_H

    #: the round's columns as last drawn open (board coordinates), each with the indices in `rows` of its labels
    strip: list[tuple[pygame.Rect, list[int]]] = []  # noqa: RUF012 - each board draws a list of its own

    #: a board narrower than this (pixels) keeps the round its room: the circumstances in force as pips alone,
    #: a narrower score panel and prompts
    NARROW = 760

    def render(self, surf: pygame.Surface, area: pygame.Rect, ctx: HudContext) -> None:
        st = ctx.status
        narrow = area.w < self.NARROW
        x, y = area.x + 10, area.y + 8
        # left: circumstances in force, round score, turn and scores
        self._in_force(surf, (x, y), st.get("circumstances") or {}, narrow)
        col2 = x + (34 if narrow else 130)
        score_w = 136 if narrow else 198
        self.panel(surf, pygame.Rect(col2 - 4, area.y + 4, score_w, area.h - 8), lambda c, w: self._score(c, w, ctx),
                   color=BG, pad=4)
        # the value to choose, at the right, when this seat is asked
        right = area.right
        pending = st.get("pending") or []
        choose = next((p for p in pending if p.get("kind") == "value"), None)
        if choose is not None:
            right = self._choose(surf, area, ctx, choose)
        elif pending and pending[0].get("kind") == "action" and pending[0].get("seat") == ctx.seat:
            right = self._no_action(surf, area, min(200, area.w // 4))
        # middle: the round, card by card
        self._trick(surf, pygame.Rect(col2 + score_w + 2, area.y + 4, right - col2 - score_w - 12, area.h - 8), ctx,
                    st.get("round") or [])

    def _in_force(self, surf: pygame.Surface, at: tuple[int, int], circ: Mapping[str, Any], narrow: bool) -> None:
        """The circumstances in force: a pip each, with its name unless the board is narrow."""
        x, y = at
        if not narrow:
            self.say(surf, x, y, 120, "In force", 12, DIM, True)
        for i, name in enumerate(CIRC_COLORS):
            cy = y + 30 + i * 30
            self.pip(surf, (x + 12, cy), 11, name, bool(circ.get(name)))
            if not narrow:
                self.say(surf, x + 30, cy - 9, 96, name.capitalize(), 13, INK if circ.get(name) else DIM,
                         bool(circ.get(name)))

    def _no_action(self, surf: pygame.Surface, area: pygame.Rect, w: int) -> int:
        """After placing a card in the round: play an Action card from the hand, or none (xff.3.4); returns the
        x left of it."""
        box = pygame.Rect(area.right - w - 8, area.y + 4, w, area.h - 8)

        def action(c: pygame.Surface, width: int) -> int:
            y = self.lines(c, 0, 0, width, CONTENT_MAX_H, [("Play an Action card from your hand, or none:",
                                                           GOLD, True)])
            self.button(c, "No Action card", (0, y + 4), {"type": "xfiles-fan.no_action"}, width=width - 4,
                        color=(120, 90, 30), most=width - 4)
            return y + 32

        self.panel(surf, box, action, color=BG, pad=0)
        return box.x - 8

    def _score(self, c: pygame.Surface, w: int, ctx: HudContext) -> int:
        """The round's score, whose turn, the scores, the period, the passes and the tags in play."""
        st = ctx.status
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
        return self.lines(c, 0, 0, w, CONTENT_MAX_H, rows)

    #: a column's labels end this far (pixels) before its right edge, and at least three times as far when they
    #: set its width, so the next column's labels read apart
    GAP = 4

    def _trick(self, surf: pygame.Surface, box: pygame.Rect, ctx: HudContext, rnd: Sequence[Mapping[str, Any]]) -> None:
        """The round card by card, each in a column as wide as its card and its pips or its labels (its number
        and value, whose it is), so every label reads whole; when the columns are wider than the box together, the
        newest cards keep theirs and the earlier ones are stacked in one column that sums them up."""
        assert self.assets is not None
        self.strip = []
        if not rnd:
            t = self.text("No round in progress: a Case or an Incident starts one.", 14, DIM)
            surf.blit(t, (box.x, box.y + box.h // 2 - t.get_height()))
            return
        ch = box.h - 46
        cw = round(ch * CARD_W / CARD_H)
        least = cw + 30  # a card, its pips and a gap
        labels = [self._labels(ctx, i, e, 2 * least) for i, e in enumerate(rnd)]
        widths = [max(least, self._label_w(head, owner) + 3 * self.GAP) for head, _, owner in labels]
        first, earlier = self._first_own_column(rnd, widths, box.w, least)
        x = box.x
        if first:
            x = self._earlier(surf, pygame.Rect(x, box.y, earlier[0], box.h), ctx, rnd[:first], (cw, ch), earlier[1:])
        for i in range(first, len(rnd)):
            self._column(surf, pygame.Rect(x, box.y, widths[i], box.h), rnd[i], (cw, ch), labels[i])
            x += widths[i]

    def _labels(self, ctx: HudContext, i: int, e: Mapping[str, Any], most: int) -> tuple[str, tuple[int, int, int], str]:
        """A round card's labels: its number and value (and colour), and whose it is (the seat's number when its
        name is wider than `most`)."""
        value, points = e.get("value"), e.get("points")
        if e.get("negated"):
            label, color = "negated: 0", BAD
        elif value is not None:
            label, color = signed(value), GOLD
        else:
            label, color = self.POINT_SIGNS.get(str(points), str(points)), GOLD
        owner = self.seat_name(ctx, e.get("seat"))
        seat = e.get("seat")
        if self._label_w("", owner) > most and isinstance(seat, int):
            owner = f"Seat {seat + 1}"
        return f"{i + 1}. {label}", color, owner

    def _label_w(self, head: str, owner: str) -> int:
        assert self.assets is not None
        return max(self.assets.font(13, True).size(head)[0], self.assets.font(12).size(owner)[0])

    def _earlier_labels(self, rnd: Sequence[Mapping[str, Any]], n: int) -> tuple[str, str]:
        """The labels of the column that sums up the round's first `n` cards: their numbers and points, how many."""
        known = [e.get("value") for e in rnd[:n] if not e.get("negated")]
        total = sum(v for v in known if isinstance(v, int))
        head = f"1–{n}. {signed(total)}" + (" +?" if any(v is None for v in known) else "")
        return head, f"{n} earlier"

    def _first_own_column(self, rnd: Sequence[Mapping[str, Any]], widths: Sequence[int], room: int,
                          least: int) -> tuple[int, tuple[int, str, str]]:
        """The first card with a column of its own (0: all of them), and the earlier cards' column (its width and
        labels), so the columns fit in `room` (the newest card always keeps its own)."""
        used = sum(widths)
        if used <= room:
            return 0, (0, "", "")
        for first in range(1, len(rnd)):
            used -= widths[first - 1]
            head, tail = self._earlier_labels(rnd, first)
            w = max(least + 6, self._label_w(head, tail) + 3 * self.GAP)
            if used + w <= room or first == len(rnd) - 1:
                return first, (w, head, tail)
        return 0, (0, "", "")

    def _column(self, surf: pygame.Surface, col: pygame.Rect, e: Mapping[str, Any], card: tuple[int, int],
                labels: tuple[str, tuple[int, int, int], str]) -> None:
        """One card of the round in its column: the card (crossed out when negated), the circumstances after it
        as pips along its right edge, its labels under it."""
        assert self.assets is not None
        (cw, ch), cx, y = card, col.x, col.y
        ref = e.get("card")
        surf.blit(self.assets.card(ref, True, card) if ref else self.assets.card(None, False, card), (cx, y))
        if e.get("negated"):
            pygame.draw.line(surf, BAD, (cx + 4, y + 4), (cx + cw - 4, y + ch - 4), 4)
            pygame.draw.line(surf, BAD, (cx + cw - 4, y + 4), (cx + 4, y + ch - 4), 4)
        c = e.get("circumstances") or {}
        for k, name in enumerate(CIRC_COLORS):
            self.pip(surf, (cx + cw + 10, y + 14 + k * 22), 8, name, bool(c.get(name)))
        self._column_labels(surf, col, ch, labels)

    def _column_labels(self, surf: pygame.Surface, col: pygame.Rect, ch: int,
                       labels: tuple[str, tuple[int, int, int], str]) -> None:
        head, color, owner = labels
        rows = len(self.rows)
        y = self.say(surf, col.x, col.y + ch + 3, col.w - self.GAP, head, 13, color, True)
        self.say(surf, col.x, y, col.w - self.GAP, owner, 12, DIM)
        self.strip.append((col.copy(), list(range(rows, len(self.rows)))))

    def _earlier(self, surf: pygame.Surface, col: pygame.Rect, ctx: HudContext, rnd: Sequence[Mapping[str, Any]],
                 card: tuple[int, int], labels: tuple[str, str]) -> int:
        """The round's earlier cards stacked in one column (the last three of them, each a little lower right),
        summed up under it; returns the x after it."""
        assert self.assets is not None
        shown = rnd[-3:]
        for k, e in enumerate(shown):
            ref = e.get("card")
            at = (col.x + 3 * k, col.y + 3 * (k - len(shown) + 1) + 6)
            surf.blit(self.assets.card(ref, True, card) if ref else self.assets.card(None, False, card), at)
        self._column_labels(surf, col, card[1], (labels[0], GOLD, labels[1]))
        return col.right

    def _choose(self, surf: pygame.Surface, area: pygame.Rect, ctx: HudContext, p: Mapping[str, Any]) -> int:
        """The choose-a-value prompt (xff.5.3): the card, its text and one button per value (a panel that scrolls
        when the card's text is long); returns its left x."""
        w = min(390, area.w // 3)
        box = pygame.Rect(area.right - w - 8, area.y + 4, w, area.h - 8)
        mine = p.get("seat") == ctx.seat
        name = p.get("name") or "a card"

        def paint(c: pygame.Surface, width: int) -> int:
            if not mine:
                return self.lines(c, 4, 2, width - 4, CONTENT_MAX_H,
                                  [(f"{self.seat_name(ctx, p.get('seat'))} chooses the value of", DIM, False),
                                   (str(name), INK, True), (f"rule {p.get('rule', 'xff.5.3')}", DIM, False)])
            lo, hi = (p.get("range") or [0, 0])[:2]
            y = self.lines(c, 4, 2, width - 4, CONTENT_MAX_H,
                           [(f"Choose the value of {name} ({p.get('sign', 'conflict')})", GOLD, True)])
            bw = 36
            per_row = max(1, (width - 8) // (bw + 4))
            bx, by = 4, y + 2
            for i, v in enumerate(range(int(lo), int(hi) + 1)):
                if i and i % per_row == 0:
                    bx, by = 4, by + 26
                action = {"type": "xfiles-fan.choose_value", "piece": p.get("piece"), "value": v}
                self.button(c, signed(v), (bx, by), action, width=bw, color=(120, 90, 30))
                bx += bw + 4
            text = str(p.get("text") or "").replace("\n", " ")
            return self.say(c, 4, by + 28, width - 8, text, 12, INK, indent=0) if text else by + 26

        self.panel(surf, box, paint, color=(58, 48, 20) if mine else PANEL, pad=4)
        pygame.draw.rect(surf, GOLD if mine else (80, 90, 100), box, 2, border_radius=8)
        return box.x


register_panel("xfiles-fan", XFilesFanHud)
register_face(is_xfiles_fan_card, xfiles_fan_face)


register_rulebook(
    "xfiles-fan",
    card_types=[
        ("Environment", "SCULLY, MULDER and X-FILES cards laid at the start; they provide the tags other cards need"),
        ("Case / Incident", "opens a round (a Case or an Incident when no round is on)"),
        ("Following", "carries a round on; legal only when what it requires is provided and nothing prevents it"),
        ("Conclusion", "ends the round, which is scored at once"),
        ("Action", "one may follow the card a player places in a round"),
        ("Cover", "from the cover deck, played as its text says"),
    ],
    turn=[
        ("Draw", "fill the hand first"),
        ("Play", "with no round on, play a Case or Incident if one is legal, else pass; in a round, a legal "
                 "Following or Conclusion if there is one, else pass"),
        ("Action", "after placing a card, one Action card may be played"),
        ("Round end", "a Conclusion, or both players passing in a row, ends the round: its points go to the player "
                      "of its last card, who starts the next one"),
        ("Period end", "when a draw deck runs out the period ends after the round; after the last period the "
                       "higher score wins"),
    ],
    about="Two players build rounds of an X-Files case card by card; circumstances and tags say what may follow.",
)
