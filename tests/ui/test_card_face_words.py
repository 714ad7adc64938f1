"""A proxy face reads as a player reads the card: X-Files CCG's *P pool in words (newcomer trial s7, c02)."""

from __future__ import annotations

import pytest

from tabletop.cards import default_library
from tabletop.ui.table.assets import AssetLoader
from tests.ui.uihelpers import proxy_loader

__all__: list[str] = []


@pytest.fixture
def loader(monkeypatch):
    out = proxy_loader()
    drawn: list = []
    plain = AssetLoader._proxy_face

    def spy(self, card, size, *details):
        drawn.append(card)
        return plain(self, card, size, *details)

    monkeypatch.setattr(AssetLoader, "_proxy_face", spy)
    out.drawn = drawn
    return out


@pytest.mark.parametrize(("ref", "pool"), [("xfiles-ccg-sample/field-dressing", "RP or CP"),
                                           ("xfiles-ccg-sample/informant", "RP or CP"),
                                           ("xfiles-ccg-sample/covering-fire", "RP"),
                                           ("xfiles-ccg-sample/shadow-walker", "CP")])
def test_the_cost_badge_names_the_pools_that_may_pay(loader, ref, pool):
    face = loader.render_face(ref, (252, 352))
    assert face.get_size() == (252, 352)
    (card,) = loader.drawn
    assert card.ref == ref and card.get("pool") == pool  # the badge reads "Pool RP or CP", never "Pool *P"
    assert card.get("cost") == default_library().get(ref).get("cost")  # nothing else of the card changes
