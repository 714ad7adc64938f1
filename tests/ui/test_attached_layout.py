"""A card attached under another in a row lies tucked under it, its name line showing (issue 15's re-trial).

Why: Equipment requisitioned for an X-Files CCG Agent lay beside the Agent in the Bureau, a card of its own, as if
nothing held it; a card tool's user expects it under its Agent, offset so its name still reads."""

from __future__ import annotations

import pygame

from tabletop.game import new_session
from tabletop.rules.xfiles_ccg.actions import Deploy, Requisition
from tabletop.ui import TableApp
from tabletop.ui.table.arrange import ATTACH_PEEK, CARD_H, CARD_W, TUCK_PAD, attachments, content_h, content_w
from tests.ui.uihelpers import engine_until


def _requisitioned():
    session = new_session("xfiles-ccg", 2, enforcement="strict", seed=1)
    rules, state = session.rules, session.state
    engine_until(session, lambda: rules.step(state) == "requisition")
    seat = rules.decision(state)
    req = next(a for a in session.legal_actions(seat) if isinstance(a, Requisition))
    assert session.submit(req, seat).accepted
    assert state.pieces[req.piece].attached_to == req.agent  # what the engine records
    return session, seat, req


def _check_tucked(app: TableApp, req: Requisition) -> None:
    host, gear = app.layout.by_id[req.agent], app.layout.by_id[req.piece]
    assert host.zone == gear.zone
    zone = app.layout.zone_by_name[host.zone]
    # under its Agent: the same column, its name line above the Agent's card, drawn before it (under it)
    assert gear.x == host.x and abs((host.y - gear.y) - ATTACH_PEEK) < 1e-6
    assert gear.order < host.order
    # no place of its own in the row: the Agent's neighbour is a card's width away, not two
    others = sorted(i.x for i in app.layout.items if i.zone == zone.name and i.pid != gear.pid)
    assert all(b - a >= CARD_W for a, b in zip(others, others[1:], strict=False))
    zx, zy, zw, zh = zone.rect
    for item in (host, gear):  # both inside their zone (the zone is taller by the name line)
        assert zy <= item.y - CARD_H / 2 and item.y + CARD_H / 2 <= zy + zh, (item.pid, zone.rect)
    # a click on the name line that shows picks the Equipment; on the Agent's face, the Agent
    assert app.layout.hit(gear.x, gear.y - CARD_H / 2 + 5).pid == gear.pid
    assert app.layout.hit(host.x, host.y).pid == host.pid


def test_requisitioned_equipment_lies_tucked_under_its_agent():
    session, seat, req = _requisitioned()
    app = TableApp(session, seat=seat, size=(1280, 800), fps=0)
    try:
        app.run_frames(2)
        _check_tucked(app, req)
        # it goes along when the Agent is deployed, and stays tucked under it in the Field
        rules, state = session.rules, session.state
        engine_until(session, lambda: rules.step(state) == "deployment")
        deploy = next(a for a in session.legal_actions(seat) if isinstance(a, Deploy) and a.agent == req.agent
                      and a.to == "field")
        app.submit(deploy, seat)
        app.run_frames(2)
        assert app.layout.by_id[req.agent].zone == f"field:{seat}"
        _check_tucked(app, req)
    finally:
        pygame.event.clear()


def test_a_rows_width_and_height_count_tucked_cards_as_name_lines():
    pieces = [{"id": "a"}, {"id": "b", "attached_to": "a"}, {"id": "c"}, {"id": "d", "attached_to": "a"},
              {"id": "e", "attached_to": "d"}, {"id": "f", "attached_to": "elsewhere"}]
    assert attachments(pieces) == {"b": ("a", 1), "d": ("a", 2), "e": ("a", 3)}
    zone = {"name": "z", "layout": "row", "rect": (0, 0, 400, 200), "pieces": pieces, "count": len(pieces)}
    plain = {**zone, "pieces": [{"id": p["id"]} for p in pieces]}
    assert content_w(zone) < content_w(plain)
    assert content_h(zone) == content_h(plain) + 3 * ATTACH_PEEK + 2 * TUCK_PAD
