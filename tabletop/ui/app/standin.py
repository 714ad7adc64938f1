"""The host's control over stand-in bots at its window: beside a dropped seat in the seats box, a link that lets a
bot play it until its player returns, and beside a seat a bot plays, one that stops the bot (net/standin.py).

Every window (host or joined) says in the seats box that a bot plays a seat; only the hosting window has the links.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

__all__ = ["STANDIN_LINK", "STANDIN_STOP", "StandInMixin"]

#: link targets in the seats box: `standin:SEAT` gives a dropped seat to a bot, `standin-stop:SEAT` stops it
STANDIN_LINK = "standin:"
STANDIN_STOP = "standin-stop:"


class StandInMixin:
    """Stand-in bots at the window (a part of `TableApp`)."""

    #: the bot the link gives a dropped seat to (the host's `--bot-dropped` when set)
    standin_bot = "ismcts"

    def _standin_words(self: Any, seat: int, player: dict[str, Any]) -> tuple[str, str] | None:
        """What the seats box says after a LAN seat about stand-in bots, as (HTML, plain text), or None."""
        hosting = self.source is not None and self.source.kind == "host" and not player.get("local")
        bot = player.get("bot")
        if bot:
            html_text = f"<font color='#ffd450'>bot ({bot}) plays until they return</font>"
            text = f"bot ({bot}) plays until they return"
            if hosting:
                html_text += f" · <a href='{STANDIN_STOP}{seat}'>stop the bot</a>"
                text += " · stop the bot"
            return html_text, text
        if hosting and player.get("claimed") and not player.get("connected"):
            return (f"<a href='{STANDIN_LINK}{seat}'>let a bot play</a>", "let a bot play")
        return None

    def _to_standin_link(self: Any, event: pygame.event.Event, el: Any) -> bool:
        """A click on a seat's stand-in link: a bot plays the dropped seat, or stops playing it."""
        if event.type != pygame_gui.UI_TEXT_BOX_LINK_CLICKED:
            return False
        target = str(getattr(event, "link_target", ""))
        stop = target.startswith(STANDIN_STOP)
        if not stop and not target.startswith(STANDIN_LINK):
            return False
        seat_text = target.rpartition(":")[2]
        source = self.source
        if not seat_text.isdigit() or source is None or not hasattr(source, "hand_to_bot"):
            return True
        seat = int(seat_text)
        try:
            if stop:
                source.take_from_bot(seat)
            else:
                source.hand_to_bot(seat, getattr(source, "bot_dropped", "") or self.standin_bot)
        except Exception as e:  # the player came back meanwhile, the host is closing: say so, change nothing
            self.notify(f"Seat {seat + 1}: {e}", "warn", 4.0)
        return True
