"""X-Files CCG faces show what the card data holds: an Agent's or Adversary's skills with their values, its keywords,
a Site's prerequisite, an X-File's characteristics (newcomer trial s7trial2, x01, c17, c30), inside the face."""

from __future__ import annotations

import pytest

from tabletop.boards.xfiles_ccg import face_details, is_xfiles_ccg_card
from tabletop.cards import default_library
from tabletop.ui.table.assets import AssetLoader
from tests.ui.uihelpers import proxy_loader

__all__: list[str] = []

LIB = default_library()
SET = LIB.sets["xfiles-ccg-sample"]
SHOWN_TYPES = ("Agent", "Adversary", "Site", "X-File")
CARDS = [c for c in SET.cards.values() if c.type in SHOWN_TYPES]
#: the preview at 1280x800 (~175x244), the hover zoom at 800x600, and a card a table shows small
SIZES = [(175, 244), (126, 176), (90, 126)]


@pytest.fixture
def loader(monkeypatch):
    out = proxy_loader()
    boxes: list = []
    plain = AssetLoader._box_text

    def spy(self, surf, box, m, details, body, flavor, start_px):
        lines = plain(self, surf, box, m, details, body, flavor, start_px)
        boxes.append((surf.get_rect(), box, m, lines))
        return lines

    monkeypatch.setattr(AssetLoader, "_box_text", spy)
    out.boxes = boxes
    return out


def test_the_sample_set_has_every_kind_shown():
    kinds = {c.type for c in CARDS}
    assert kinds == set(SHOWN_TYPES)
    assert all(is_xfiles_ccg_card(c) for c in CARDS)  # Agents and Sites name no activators, yet are the CCG's


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.id)
def test_the_face_shows_skills_keywords_prerequisite(loader, card):
    """The preview shows every skill with its value, the prerequisite, the keywords, the characteristics."""
    face = loader.render_face(card.ref, SIZES[0])
    assert face.get_size() == SIZES[0]
    ((rect, box, m, lines),) = loader.boxes
    text = " ".join(line.text for line in lines)
    squashed = " ".join(text.split())
    for skill, value in (card.get("skills") or {}).items():
        short = skill.replace("Investigation", "Inv.").replace(" Combat", "")
        assert f"{short} {value}" in squashed, (card.name, skill, squashed)
    if card.get("prerequisite"):
        assert " ".join(str(card.get("prerequisite")).split()) in squashed
    for word in card.get("keywords") or []:
        if word.lower() != card.type.lower():
            assert word in squashed
    for kind, value in (card.get("characteristics") or {}).items():
        assert f"{kind}: {value}" in squashed
    if card.text:  # the card's own text still shows at the preview's size
        assert card.text.split()[0] in squashed


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.id)
def test_nothing_is_drawn_outside_the_box(loader, card, size):
    """At the preview's size and smaller, every line lies inside the text box, and the first row is kept."""
    loader.render_face(card.ref, size)
    ((rect, box, m, lines),) = loader.boxes
    assert rect.contains(box)
    bottom = 0
    for line in lines:
        assert line.y >= bottom
        bottom = line.y + line.height
        assert box.y + m // 2 + bottom <= box.bottom, (card.name, size, line)
    # the most important row (a prerequisite, else the best skill) is never the one dropped
    first = face_details(card)[0]
    assert lines and lines[0].text.startswith(first[0] or first[1][0].split()[0])


def test_lines_fit_the_box_width_at_their_size(loader):
    """Each line fits the box's width at the font it is drawn in (a single word too long for any line aside)."""
    from tabletop.ui.table.facetext import plan_box
    for card in CARDS:
        for w, h in SIZES:
            px, lines = plan_box(loader.font, (w - 20, h // 2), face_details(card), card.text, "", 12)
            for line in lines:
                words = line.text.split()
                assert loader.font(px, line.kind == "detail").size(line.text)[0] <= w - 20 or len(words) == 1
