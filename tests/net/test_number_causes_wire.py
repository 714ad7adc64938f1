"""LAN: a guest's log says why a rule changed a number, in the joined names, as the host's window does.

Why: the cause of a pool's change (`Tx.changed`, issue 30 item 7) travels in the log line each seat is sent; a
guest must read it too, and never the name of a card it could not see (a card drawn into the other hand).
"""

from __future__ import annotations

from tabletop.game import new_session
from tests.net.pump import pump, seated


def test_a_guest_reads_why_the_pool_changed_and_no_hidden_card() -> None:
    from tabletop.rules.xfiles_ccg.actions import FreeDraw

    session = new_session("xfiles-ccg", 2, enforcement="strict", seed=1)
    host, clients, by_seat = seated(session, ("Ann", "Ben"))
    active = session.state.rules["active"]
    name = ("Ann", "Ben")[active]
    by_seat[active].submit(FreeDraw())
    pump(host, clients)
    entry = session.history[-1]
    drawn = next(p for p in entry.seen if p in session.state.zones[f"hand:{active}"].pieces)
    title = session.rules.card_title(session.state, drawn)
    for seat, client in by_seat.items():
        text = str(client.log[-1].get("text", ""))
        assert f"; {name}'s RP 5 -> " in text and "the RES of the Agents not in the Hospital (rule xfc.briefing.2)" \
            in text, text
        assert (title in text) == (seat == active), (seat, title, text)
