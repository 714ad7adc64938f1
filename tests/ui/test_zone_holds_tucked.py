"""A zone holds what it holds: an Agent with Equipment tucked under it and a Site with a Bluff beneath it lie inside
their Field's frame, with the frame showing around them (newcomer trial s7trial2, c11, c13, c19, c20, c21, s11).

Why: the Field grew by the tucked card's name line and nothing more, so its cards met its frame's edges, hid them,
and their glow reached past it: the cards looked ~18 px below the frame beside the frames of the zones around it."""

from __future__ import annotations

import pygame
import pytest

from tabletop.game import new_session
from tabletop.rules.xfiles_ccg.actions import Deploy, Pass, PlaceBluff, PlaceSite, Requisition
from tabletop.ui import TableApp

__all__: list[str] = []

#: the room the frame of a zone holding tucked cards keeps above and below them on the screen (pixels), so its
#: edges show: the glow around a playable card is 5
FRAME_ROOM_PX = 5


def _field_with_gear_and_bluff():
    """Strict seed 1 played by its legal moves up to a Field holding an Agent with Equipment, a second Agent and a
    Site with a Bluff beneath it."""
    session = new_session("xfiles-ccg", 2, enforcement="strict", seed=1)
    rules, state = session.rules, session.state
    done: dict[str, object] = {}
    for _ in range(400):
        seat = rules.decision(state)
        legal = list(session.legal_actions(seat))
        pick = _wanted(legal, done) or next((a for a in legal if isinstance(a, Pass)), legal[0])
        assert session.submit(pick, seat).accepted, pick
        if "bluff" in done:
            break
    assert {"gear", "site", "bluff"} <= set(done), done
    return session, done


def _wanted(legal: list, done: dict[str, object]):
    for a in legal:
        if isinstance(a, Requisition) and "gear" not in done:
            done["gear"] = a
            return a
        if isinstance(a, Deploy) and a.to == "field" and done.get("deployed", 0) < 2 and "gear" in done and (
                done.get("deployed") or a.agent == done["gear"].agent):
            done["deployed"] = int(done.get("deployed", 0)) + 1
            return a
        if isinstance(a, PlaceSite) and "site" not in done and done.get("deployed"):
            done["site"] = a
            return a
        if isinstance(a, PlaceBluff) and "site" in done and a.site == done["site"].piece:
            done["bluff"] = a
            return a
    return None


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
@pytest.mark.parametrize("looker", [0, 1])
def test_every_piece_lies_inside_its_zones_frame(size, looker):
    session, done = _field_with_gear_and_bluff()
    app = TableApp(session, seat=looker, size=size, fps=0)
    try:
        app.run_frames(2)
        gear, site, bluff = done["gear"], done["site"], done["bluff"]
        by_id = app.layout.by_id
        assert by_id[gear.piece].zone == by_id[gear.agent].zone  # tucked in the Field with its Agent
        # the Bluff as this seat sees it (face down to the Site's owner, under an id of the view's own)
        (under,) = [i for i in app.layout.items if (i.piece or {}).get("attached_to") == site.piece]
        assert under.zone == by_id[site.piece].zone
        assert (under.pid == bluff.piece) == (session.state.pieces[bluff.piece].owner == looker)
        field = app.layout.zone_by_name[by_id[site.piece].zone]
        assert by_id[gear.agent].zone == field.name
        for zone in app.layout.zones:
            if zone.layout == "free" or (zone.mine and zone.kind == "hand"):
                continue
            frame = app.renderer.screen_rect(app.camera, zone.rect)
            items = [i for i in app.layout.items if i.zone == zone.name]
            tucked = any((i.piece or {}).get("attached_to") for i in items)
            inner = frame.inflate(0, -2 * FRAME_ROOM_PX) if tucked else frame
            for item in items:
                r = app.renderer.screen_rect(app.camera, (item.x - item.w / 2, item.y - item.h / 2, item.w, item.h))
                assert inner.contains(r), (zone.name, item.pid, r, frame, size)
        # the Bluff lies behind its Site, the Equipment behind its Agent: each shows its top edge only
        assert under.order < by_id[site.piece].order
        assert by_id[gear.piece].order < by_id[gear.agent].order
        assert under.y < by_id[site.piece].y
    finally:
        pygame.event.clear()
