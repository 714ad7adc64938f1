"""The one asset loader: fonts, card faces drawn from data (or images from assets/), backs, tokens and dice.

Every surface is cached per (what, face, size, rotation), so a frame only looks surfaces up and blits them.
"""

from __future__ import annotations

import importlib.resources
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pygame

from ..panels.registry import face_painter, hidden_fields
from ..panels.status import humanize
from .facetext import BoxLine, DetailRow, plan_box, wrap_words

__all__ = ["SUIT_COLORS", "AssetLoader", "draw_suit", "hex_color"]

BASE_H = 528  # card faces are drawn once at this height, then scaled per zoom step
RED = (198, 40, 40)
BLACK = (26, 26, 30)
SUIT_COLORS = {"hearts": RED, "diamonds": RED, "spades": BLACK, "clubs": BLACK}
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
# classic pip positions for number cards, as (x, y) fractions of the pip area; y > 0.5 pips are drawn upside down
PIPS: dict[int, list[tuple[float, float]]] = {
    2: [(0.5, 0.0), (0.5, 1.0)],
    3: [(0.5, 0.0), (0.5, 0.5), (0.5, 1.0)],
    4: [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)],
    5: [(0.0, 0.0), (1.0, 0.0), (0.5, 0.5), (0.0, 1.0), (1.0, 1.0)],
    6: [(0.0, 0.0), (1.0, 0.0), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)],
    7: [(0.0, 0.0), (1.0, 0.0), (0.5, 0.25), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)],
    8: [(0.0, 0.0), (1.0, 0.0), (0.5, 0.25), (0.0, 0.5), (1.0, 0.5), (0.5, 0.75), (0.0, 1.0), (1.0, 1.0)],
    9: [(0.0, 0.0), (1.0, 0.0), (0.0, 1 / 3), (1.0, 1 / 3), (0.5, 0.5), (0.0, 2 / 3), (1.0, 2 / 3), (0.0, 1.0),
        (1.0, 1.0)],
    10: [(0.0, 0.0), (1.0, 0.0), (0.5, 1 / 6), (0.0, 1 / 3), (1.0, 1 / 3), (0.0, 2 / 3), (1.0, 2 / 3), (0.5, 5 / 6),
         (0.0, 1.0), (1.0, 1.0)],
}
# fields shown elsewhere on a proxy face (or meant for rulesets only), never in the stats row
_wrap = wrap_words  # the name the X-Files Fan face imports
HIDDEN_FIELDS = {"cost", "tags", "rank", "suit", "color", "flavor", "subtype"}
def hex_color(text: str, default: tuple[int, int, int] = (200, 200, 200)) -> tuple[int, int, int]:
    """'#rrggbb' (or a pygame colour name) as an RGB tuple; `default` when unreadable."""
    if not text:
        return default
    try:
        c = pygame.Color(text)
    except (ValueError, TypeError):
        return default
    return (c.r, c.g, c.b)


def _font_path(bold: bool) -> str | None:
    try:
        ref = importlib.resources.files("pygame_gui.data").joinpath("NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf")
        return str(ref) if ref.is_file() else None
    except (ModuleNotFoundError, OSError):
        return None


def draw_suit(surface: pygame.Surface, suit: str, rect: pygame.Rect, color: tuple[int, int, int],
              upside_down: bool = False) -> None:
    """Draw a suit symbol filling `rect`, antialiased by drawing big and scaling down."""
    big = 4 * max(rect.w, rect.h, 4)
    tmp = pygame.Surface((big, big), pygame.SRCALPHA)
    s = big / 100.0

    def P(x: float, y: float) -> tuple[float, float]:
        return (x * s, y * s)

    def C(x: float, y: float, r: float) -> None:
        pygame.draw.circle(tmp, color, P(x, y), r * s)

    if suit == "hearts":
        C(28, 33, 25)
        C(72, 33, 25)
        pygame.draw.polygon(tmp, color, [P(4, 40), P(50, 96), P(96, 40), P(50, 30)])
    elif suit == "diamonds":
        pygame.draw.polygon(tmp, color, [P(50, 0), P(88, 50), P(50, 100), P(12, 50)])
    elif suit == "spades":
        C(28, 60, 23)
        C(72, 60, 23)
        pygame.draw.polygon(tmp, color, [P(5, 54), P(50, 2), P(95, 54), P(50, 70)])
        pygame.draw.polygon(tmp, color, [P(50, 62), P(34, 100), P(66, 100)])
    elif suit == "clubs":
        C(50, 27, 23)
        C(26, 60, 23)
        C(74, 60, 23)
        C(50, 52, 12)
        pygame.draw.polygon(tmp, color, [P(50, 55), P(34, 100), P(66, 100)])
    else:  # a star, for jokers and unknown suits
        import math

        pts = []
        for i in range(10):
            r = 48 if i % 2 == 0 else 20
            a = -math.pi / 2 + i * math.pi / 5
            pts.append(P(50 + r * math.cos(a), 52 + r * math.sin(a)))
        pygame.draw.polygon(tmp, color, pts)
    if upside_down:
        tmp = pygame.transform.rotate(tmp, 180)
    side = min(rect.w, rect.h)
    img = pygame.transform.smoothscale(tmp, (side, side))
    surface.blit(img, (rect.centerx - side // 2, rect.centery - side // 2))


class AssetLoader:
    """Makes and caches every surface the table draws; `card_lookup(ref)` gives card data (or None)."""

    def __init__(self, card_lookup: Callable[[str], Any], assets_dir: Path | None = None,
                 card_size: tuple[float, float] = (126.0, 176.0), max_entries: int = 6000,
                 set_lookup: Callable[[str], Any] | None = None) -> None:
        self.card_lookup = card_lookup
        #: set name -> its CardSet (for a card image's folder: the set's own, or its `images:` key)
        self.set_lookup = set_lookup
        self.assets_dir = assets_dir
        self.card_size = card_size
        self.max_entries = max_entries
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._base: dict[tuple[str | None, bool], pygame.Surface] = {}
        self._solids: dict[pygame.Surface, bool] = {}
        self._cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self._paths = {b: _font_path(b) for b in (False, True)}

    def forget_cards(self) -> None:
        """Drop every surface drawn from card data (faces, previews), after the cards changed on disk."""
        self._base.clear()
        self._solids.clear()
        self._cache.clear()

    # -- fonts and text --

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (max(6, int(size)), bold)
        f = self._fonts.get(key)
        if f is None:
            f = pygame.font.Font(self._paths[bold], key[0])
            self._fonts[key] = f
        return f

    def text(self, text: str, size: int, color: tuple[int, int, int] = (235, 235, 235), bold: bool = False) -> pygame.Surface:
        key = ("text", text, size, color, bold)
        s = self._cache.get(key)
        if s is None:
            s = self.font(size, bold).render(text, True, color)
            self._put(key, s)
        return s

    def cached(self, key: tuple[Any, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The surface cached under `key`, made by `make()` the first time."""
        s = self._cache.get(key)
        if s is None:
            s = make()
            self._put(key, s)
        return s

    def _put(self, key: tuple[Any, ...], surf: pygame.Surface) -> None:
        if len(self._cache) >= self.max_entries:
            for k in list(self._cache)[: self.max_entries // 4]:
                del self._cache[k]
        self._cache[key] = surf

    # -- cards --

    def card(self, ref: str | None, face_up: bool, size: tuple[int, int], rotation: int = 0) -> pygame.Surface:
        """A card (its face when `face_up` and `ref` is known, else its back) at `size` pixels, rotated."""
        show_face = face_up and ref is not None
        key = ("card", ref if show_face else None, show_face, size, rotation % 360)
        s = self._cache.get(key)
        if s is None:
            if rotation % 360:
                s = self.card(ref, face_up, size, 0)
                s = pygame.transform.rotate(s, -(rotation % 360))
            else:
                base = self.base_face(ref if show_face else None)
                s = pygame.transform.smoothscale(base, (max(2, size[0]), max(2, size[1])))
                if self._solid(base):
                    # smoothscale leaves an opaque face at alpha 253: make its inside opaque again, so a card
                    # hides what lies under it (the renderer draws only what is not hidden)
                    w, h = s.get_size()
                    m = max(3, min(w, h) // 14) + 1
                    if w > 2 * m and h > 2 * m:
                        s.fill((0, 0, 0, 255), (m, m, w - 2 * m, h - 2 * m), special_flags=pygame.BLEND_RGBA_MAX)
            self._put(key, s)
        return s

    def _solid(self, base: pygame.Surface) -> bool:
        """Whether a full-size face is opaque inside its rounded corners (probed at nine points, once per face)."""
        hit = self._solids.get(base)
        if hit is None:
            if len(self._solids) > 4096:
                self._solids.clear()
            w, h = base.get_size()
            m = max(3, min(w, h) // 14) + 1
            hit = self._solids[base] = not base.get_flags() & pygame.SRCALPHA or all(
                base.get_at((x, y)).a == 255 for x in (m, w // 2, w - 1 - m) for y in (m, h // 2, h - 1 - m))
        return hit

    def base_face(self, ref: str | None) -> pygame.Surface:
        """The full-size face of a card (None: the back), drawn once."""
        key = (ref, ref is not None)
        s = self._base.get(key)
        if s is None:
            w = round(BASE_H * self.card_size[0] / self.card_size[1])
            s = self.render_face(ref, (w, BASE_H)) if ref is not None else self.render_back((w, BASE_H))
            self._base[key] = s
        return s

    def preview(self, ref: str | None, height: int) -> pygame.Surface:
        """A large, crisp face for the preview panel, drawn at its own size rather than scaled."""
        key = ("preview", ref, height)
        s = self._cache.get(key)
        if s is None:
            w = round(height * self.card_size[0] / self.card_size[1])
            s = self.render_face(ref, (w, height)) if ref is not None else self.render_back((w, height))
            self._put(key, s)
        return s

    def _blank(self, size: tuple[int, int], fill: tuple[int, int, int], edge: tuple[int, int, int]) -> pygame.Surface:
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(3, w // 14)
        pygame.draw.rect(surf, edge, (0, 0, w, h), border_radius=radius)
        inset = max(1, w // 120)
        pygame.draw.rect(surf, fill, (inset, inset, w - 2 * inset, h - 2 * inset), border_radius=radius - inset)
        return surf

    def render_back(self, size: tuple[int, int]) -> pygame.Surface:
        """A clean patterned back: a navy field with a fine lattice, a white frame and a centre medallion."""
        w, h = size
        surf = self._blank(size, (245, 245, 245), (40, 40, 48))
        m = max(3, w // 14)
        inner = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
        field = pygame.Surface(inner.size, pygame.SRCALPHA)
        pygame.draw.rect(field, (32, 58, 112), field.get_rect(), border_radius=max(2, w // 24))
        step = max(6, w // 9)
        line = (70, 104, 170)
        lw = max(1, w // 90)
        for k in range(-inner.h // step - 2, inner.w // step + inner.h // step + 2):
            x0 = k * step
            pygame.draw.line(field, line, (x0, 0), (x0 + inner.h, inner.h), lw)
            pygame.draw.line(field, line, (x0, inner.h), (x0 + inner.h, 0), lw)
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(2, w // 24))
        field.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(field, inner.topleft)
        pygame.draw.rect(surf, (200, 210, 230), inner.inflate(-2 * lw - step // 3, -2 * lw - step // 3), lw,
                         border_radius=max(2, w // 24))
        r = w // 5
        c = (w // 2, h // 2)
        pygame.draw.circle(surf, (245, 240, 225), c, r)
        pygame.draw.circle(surf, (190, 150, 60), c, r, max(1, w // 60))
        draw_suit(surf, "star", pygame.Rect(c[0] - r * 0.6, c[1] - r * 0.6, r * 1.2, r * 1.2), (190, 150, 60))
        return surf

    def image_path(self, card: Any) -> Path | None:
        """The file of a card's `image:`, or None: looked for under the set's `images:` folder, the set's own
        folder, then assets/. A path that climbs out of the folder it is looked for in is not followed."""
        image = str(getattr(card, "image", "") or "")
        if not image:
            return None
        bases: list[Path] = []
        card_set = self.set_lookup(getattr(card, "set", "")) if self.set_lookup is not None else None
        root = getattr(card_set, "path", None)
        if root is not None:
            root = Path(root)
            extra = getattr(card_set, "extra", None) or {}
            images = extra.get("images") if isinstance(extra, dict) else None
            if isinstance(images, str) and images:
                bases.append(root / images)
            bases.append(root)
        if self.assets_dir is not None:
            bases.append(self.assets_dir)
        for base in bases:
            try:
                base = base.resolve()
                path = (base / image).resolve()
                if path.is_relative_to(base) and path.is_file():
                    return path
            except (OSError, ValueError):
                continue
        return None

    def render_face(self, ref: str, size: tuple[int, int]) -> pygame.Surface:
        """A card face: its image when it has one that loads, else a face drawn from its data."""
        card = self.card_lookup(ref)
        if card is None:
            return self._proxy_unknown(ref, size)
        path = self.image_path(card)
        if path is not None:
            try:
                img = pygame.image.load(str(path))
                img = img.convert_alpha() if pygame.display.get_surface() is not None else img
                face = self._blank(size, (255, 255, 255), (30, 30, 30))
                m = max(1, size[0] // 60)
                face.blit(pygame.transform.smoothscale(img, (size[0] - 2 * m, size[1] - 2 * m)), (m, m))
                return face
            except (pygame.error, OSError, ValueError):
                pass  # an unreadable image: the face drawn from data
        if card.get("suit") or card.type == "joker":
            return self._standard_face(card, size)
        paint = face_painter(card)
        if paint is not None:
            return paint(self, card, size)
        return self._proxy_face(card, size)

    def _proxy_unknown(self, ref: str, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        surf = self._blank(size, (250, 246, 236), (60, 60, 60))
        f = self.font(max(8, w // 10), True)
        for i, line in enumerate(wrap_words(f, f"Unknown card {ref}", w - w // 6)):
            surf.blit(f.render(line, True, (140, 40, 40)), (w // 12, h // 3 + i * f.get_linesize()))
        return surf

    def _standard_face(self, card: Any, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        surf = self._blank(size, (252, 252, 250), (60, 60, 66))
        suit = card.get("suit") or ""
        color = SUIT_COLORS.get(suit, RED if card.get("color") == "red" else BLACK)
        rank = card.get("rank")
        if not suit:  # joker
            f = self.font(max(8, int(h * 0.075)), True)
            for i, ch in enumerate("JOKER"):
                t = f.render(ch, True, color)
                surf.blit(t, (w * 0.06 + (f.size("W")[0] - t.get_width()) / 2, h * 0.05 + i * f.get_linesize() * 0.9))
            draw_suit(surf, "star", pygame.Rect(w * 0.25, h * 0.3, w * 0.5, w * 0.5), color)
            name = self.font(max(7, int(h * 0.045)), False).render(card.name, True, (80, 80, 80))
            surf.blit(name, (w / 2 - name.get_width() / 2, h * 0.78))
            return surf
        label = RANK_NAMES.get(rank, str(rank))
        f = self.font(max(8, int(h * 0.085)), True)
        corner = f.render(label, True, color)
        cw = max(corner.get_width(), int(w * 0.11))
        x0, y0 = int(w * 0.05), int(h * 0.025)
        pip = pygame.Rect(0, 0, int(w * 0.09), int(w * 0.09))
        corner_surf = pygame.Surface((cw, corner.get_height() + pip.h + 2), pygame.SRCALPHA)
        corner_surf.blit(corner, ((cw - corner.get_width()) // 2, 0))
        pip.center = (cw // 2, corner.get_height() + pip.h // 2)
        draw_suit(corner_surf, suit, pip, color)
        surf.blit(corner_surf, (x0, y0))
        surf.blit(pygame.transform.rotate(corner_surf, 180), (w - x0 - cw, h - y0 - corner_surf.get_height()))
        area = pygame.Rect(int(w * 0.24), int(h * 0.13), int(w * 0.52), int(h * 0.74))
        if rank in PIPS:
            ps = int(w * 0.17)
            for fx, fy in PIPS[rank]:
                cx = area.x + fx * area.w
                cy = area.y + ps / 2 + fy * (area.h - ps)
                draw_suit(surf, suit, pygame.Rect(cx - ps / 2, cy - ps / 2, ps, ps), color, upside_down=fy > 0.5)
        elif rank == 1:
            ps = int(w * 0.42)
            draw_suit(surf, suit, pygame.Rect(w / 2 - ps / 2, h / 2 - ps / 2, ps, ps), color)
        else:  # court cards: a framed panel with the initial and the suit
            frame = pygame.Rect(int(w * 0.2), int(h * 0.14), int(w * 0.6), int(h * 0.72))
            tint = (253, 240, 240) if color == RED else (236, 240, 250)
            pygame.draw.rect(surf, tint, frame, border_radius=max(2, w // 30))
            pygame.draw.rect(surf, color, frame, max(1, w // 80), border_radius=max(2, w // 30))
            big = self.font(int(h * 0.28), True).render(label, True, color)
            surf.blit(big, (frame.centerx - big.get_width() / 2, frame.y + frame.h * 0.12))
            ps = int(w * 0.2)
            draw_suit(surf, suit, pygame.Rect(frame.centerx - ps / 2, frame.bottom - ps - frame.h * 0.12, ps, ps), color)
        return surf

    def _proxy_title(self, surf: pygame.Surface, card: Any, m: int) -> pygame.Rect:
        """A proxy face's title bar: the card's name (cut to fit) and its cost in a medallion; returns the bar."""
        w, h = surf.get_size()
        title_h = int(h * 0.09)
        bar = pygame.Rect(m, m, w - 2 * m, title_h)
        pygame.draw.rect(surf, (60, 72, 92), bar, border_radius=max(2, w // 40))
        cost = card.get("cost")
        tf = self.font(max(7, int(title_h * 0.55)), True)
        room = bar.w - (title_h + 4 if cost is not None else 0) - m
        name = card.name
        while tf.size(name)[0] > room and len(name) > 3:
            name = name[:-2] + "…"
        surf.blit(tf.render(name, True, (250, 250, 250)), (bar.x + m // 2 + 2, bar.centery - tf.get_height() // 2))
        if cost is not None:
            r = title_h // 2
            c = (bar.right - r - 2, bar.centery)
            pygame.draw.circle(surf, (240, 200, 90), c, r)
            ct = tf.render(str(cost), True, (40, 30, 10))
            surf.blit(ct, (c[0] - ct.get_width() / 2, c[1] - ct.get_height() / 2))
        return bar

    def _proxy_face(self, card: Any, size: tuple[int, int], details: Sequence[DetailRow] = ()) -> pygame.Surface:
        """Title (and cost), type line, text box (a painter's `details` rows above the card's text), stats and
        tags, in a plain, readable frame."""
        w, h = size
        surf = self._blank(size, (248, 244, 232), (48, 44, 40))
        m = max(3, w // 20)
        bar = self._proxy_title(surf, card, m)
        y = bar.bottom + m // 2
        typ = card.type + (f" — {card.get('subtype')}" if card.get("subtype") else "")
        yf = self.font(max(7, int(h * 0.042)), True)
        surf.blit(yf.render(typ.title() if typ.islower() else typ, True, (90, 70, 50)), (m + 2, y))
        y += yf.get_linesize() + m // 3
        pygame.draw.line(surf, (180, 170, 150), (m, y), (w - m, y), max(1, w // 150))
        stats = [(k, v) for k, v in card.fields.items()
                 if k not in HIDDEN_FIELDS and k not in hidden_fields() and isinstance(v, (int, float, str)) and not isinstance(v, bool)
                 and len(str(v)) <= 12]
        tags = card.get("tags") or []
        if isinstance(tags, str):
            tags = [tags]
        bottom = h - m - (int(h * 0.075) if stats else 0) - (int(h * 0.06) if tags else 0)
        box = pygame.Rect(m, y + m // 2, w - 2 * m, bottom - y - m)
        pygame.draw.rect(surf, (255, 252, 244), box, border_radius=max(2, w // 50))
        pygame.draw.rect(surf, (205, 195, 175), box, max(1, w // 200), border_radius=max(2, w // 50))
        self._box_text(surf, box, m, details, str(card.text or ""), str(card.get("flavor") or ""),
                       max(7, int(h * 0.045)))
        y = box.bottom + m // 3
        if tags:
            gf = self.font(max(6, int(h * 0.035)), False)
            x = m
            for tag in tags[:6]:
                t = gf.render(str(tag), True, (60, 60, 80))
                pill = pygame.Rect(x, y, t.get_width() + m, t.get_height() + 2)
                if pill.right > w - m:
                    break
                pygame.draw.rect(surf, (222, 226, 240), pill, border_radius=pill.h // 2)
                surf.blit(t, (x + m // 2, y + 1))
                x = pill.right + m // 3
            y += int(h * 0.06)
        if stats:
            sf = self.font(max(7, int(h * 0.045)), True)
            x = w - m
            for k, v in reversed(stats[-4:]):
                t = sf.render(f"{humanize(k, field=True)} {v}", True, (250, 250, 250))
                chip = pygame.Rect(x - t.get_width() - m, h - m - t.get_height() - 4, t.get_width() + m, t.get_height() + 4)
                if chip.x < m:
                    break
                pygame.draw.rect(surf, (110, 60, 50), chip, border_radius=max(2, w // 40))
                surf.blit(t, (chip.x + m // 2, chip.y + 2))
                x = chip.x - m // 3
        return surf

    def _box_text(self, surf: pygame.Surface, box: pygame.Rect, m: int, details: Sequence[DetailRow], body: str,
                  flavor: str, start_px: int) -> list[BoxLine]:
        """The text box's lines, shrunk to fit inside it (see `plan_box`); returns them as placed."""
        inner = (box.w - m, box.h - m)
        px, lines = plan_box(self.font, inner, details, body, flavor, start_px)
        colors = {"detail": (36, 52, 88), "body": (30, 30, 30), "flavor": (100, 90, 80)}
        for line in lines:
            f = self.font(px, line.kind == "detail")
            f.italic = line.kind == "flavor"
            surf.blit(f.render(line.text, True, colors[line.kind]), (box.x + m // 2, box.y + m // 2 + line.y))
            f.italic = False
        return lines

    # -- other pieces --

    def token(self, color: str, diameter: int, label: str = "") -> pygame.Surface:
        key = ("token", color, diameter, label)
        s = self._cache.get(key)
        if s is None:
            d = max(4, diameter)
            big = pygame.Surface((d * 3, d * 3), pygame.SRCALPHA)
            rgb = hex_color(color, (200, 60, 60))
            dark = tuple(max(0, int(c * 0.6)) for c in rgb)
            light = tuple(min(255, int(c * 1.25 + 30)) for c in rgb)
            pygame.draw.circle(big, (0, 0, 0, 90), (d * 1.5 + d * 0.06, d * 1.5 + d * 0.1), d * 1.45)
            pygame.draw.circle(big, dark, (d * 1.5, d * 1.5), d * 1.45)
            pygame.draw.circle(big, rgb, (d * 1.5, d * 1.5), d * 1.25)
            pygame.draw.circle(big, light, (d * 1.5, d * 1.5), d * 1.25, max(1, d // 6))
            s = pygame.transform.smoothscale(big, (d, d))
            if label:
                t = self.font(max(7, d // 3), True).render(label[:3], True, (255, 255, 255))
                s.blit(t, (d / 2 - t.get_width() / 2, d / 2 - t.get_height() / 2))
            self._put(key, s)
        return s

    def die(self, value: int, sides: int, size: int, rotation: int = 0) -> pygame.Surface:
        key = ("die", value, sides, size, rotation % 360)
        s = self._cache.get(key)
        if s is None:
            d = max(6, size)
            s = pygame.Surface((d, d), pygame.SRCALPHA)
            pygame.draw.rect(s, (60, 60, 70), (0, 0, d, d), border_radius=d // 5)
            pygame.draw.rect(s, (250, 250, 246), (1, 1, d - 2, d - 3), border_radius=d // 5)
            if sides == 6 and 1 <= value <= 6:
                spots = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
                         4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
                         6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}[value]
                for gx, gy in spots:
                    pygame.draw.circle(s, RED if value == 1 else BLACK, (d * (0.25 + gx * 0.25), d * (0.25 + gy * 0.25)),
                                       max(2, d // 11))
            else:
                t = self.font(max(7, int(d * 0.5)), True).render(str(value), True, BLACK)
                s.blit(t, (d / 2 - t.get_width() / 2, d / 2 - t.get_height() / 2 - d * 0.04))
                lt = self.font(max(6, d // 5), False).render(f"d{sides}", True, (120, 120, 120))
                s.blit(lt, (d - lt.get_width() - d // 10, d - lt.get_height()))
            if rotation % 360:
                s = pygame.transform.rotate(s, -(rotation % 360))
            self._put(key, s)
        return s

    def counter(self, value: int, label: str, size: tuple[int, int], color: str = "") -> pygame.Surface:
        key = ("counter", value, label, size, color)
        s = self._cache.get(key)
        if s is None:
            w, h = max(8, size[0]), max(6, size[1])
            s = pygame.Surface((w, h), pygame.SRCALPHA)
            rgb = hex_color(color, (40, 44, 52))
            pygame.draw.rect(s, (0, 0, 0, 80), (2, 3, w - 2, h - 3), border_radius=h // 4)
            pygame.draw.rect(s, rgb, (0, 0, w - 2, h - 3), border_radius=h // 4)
            pygame.draw.rect(s, (220, 200, 120), (0, 0, w - 2, h - 3), max(1, h // 20), border_radius=h // 4)
            if label:
                lt = self.font(max(6, h // 5), False).render(label[:14], True, (220, 220, 220))
                s.blit(lt, (w / 2 - lt.get_width() / 2, h * 0.06))
            vt = self.font(max(7, int(h * 0.5)), True).render(str(value), True, (255, 255, 255))
            s.blit(vt, (w / 2 - vt.get_width() / 2, h * 0.58 - vt.get_height() / 2))
            self._put(key, s)
        return s

    def badge(self, text: str, size: int, bg: tuple[int, int, int] = (20, 20, 24),
              fg: tuple[int, int, int] = (255, 255, 255)) -> pygame.Surface:
        """A small rounded label (stack counts, counters on pieces)."""
        key = ("badge", text, size, bg, fg)
        s = self._cache.get(key)
        if s is None:
            t = self.font(size, True).render(text, True, fg)
            pad = max(3, size // 3)
            s = pygame.Surface((max(t.get_width() + 2 * pad, t.get_height() + 2), t.get_height() + 2), pygame.SRCALPHA)
            pygame.draw.rect(s, (*bg, 225), s.get_rect(), border_radius=s.get_height() // 2)
            s.blit(t, (s.get_width() / 2 - t.get_width() / 2, 1))
            self._put(key, s)
        return s
