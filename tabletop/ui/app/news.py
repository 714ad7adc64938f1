"""What the network brought, in a window's words: the hosting window's lines for its host's events (joins, drops,
autosave, moderation) and a joined window's for the host's notices and errors. Each is (kind, text, level) for a
`Happening` (ui/app/source.py), or None when the event is no news of this kind."""

from __future__ import annotations

from typing import Any

__all__ = ["PLAYER_EVENTS", "REMOVED", "host_news", "remote_news"]

#: host events after which the seats list is read again
PLAYER_EVENTS = frozenset({"joined", "left", "claimed", "closed", "paused", "resumed", "removed", "spectators", "seat",
                           "bot_on", "bot_off"})
#: the fatal errors that say the host removed this window (net/moderation.py): it does not come back
REMOVED = ("kicked", "no_spectators")

News = tuple[str, str, str]


def host_news(kind: str, seat: int | None, text: str, who: str) -> News | None:
    """The hosting window's line for one of its host's events (`who`: the seat's name, or "a spectator")."""
    if kind == "joined":
        if seat is not None:
            return "notice", f"{text or who} joined (seat {seat + 1})", "info"
        return "notice", f"{text} is watching (a spectator)" if text else "A spectator is watching", "info"
    simple: dict[str, News] = {
        "left": ("notice", f"{who} left the table", "warn"),
        "closed": ("notice", f"{who} was disconnected: {text}", "warn"),
        "paused": ("notice", "The game is paused", "info"),
        "resumed": ("notice", "The game is resumed", "info"),
        "autosave_failed": ("save_failed", text, "error"),
        "autosave_resumed": ("save_resumed", text, "info"),
        # the host moderated (net/moderation.py); the port mapping on the home router (`host --upnp`)
        "removed": ("notice", text, "info"),
        "spectators": ("notice", text, "info"),
        "seat": ("notice", text, "info"),
        "upnp": ("notice", text, "info"),
        # a stand-in bot took a dropped seat, or its player is back (net/standin.py)
        "bot_on": ("notice", text, "info"),
        "bot_off": ("notice", text, "info"),
        # a guest brought its own deck (its rules named, never its cards: net/guestdeck.py)
        "deck": ("notice", f"{who}: {text}", "info"),
    }
    return simple.get(kind)


def remote_news(kind: str, data: dict[str, Any]) -> News | None:
    """A joined window's line for the host's `notice` or `error` (a removal is `kicked`, said where it stays)."""
    if kind == "notice":  # about the table, not a move: "The host removed bob from Seat 2"
        return "notice", str(data.get("message", "")), "info"
    if kind != "error":
        return None
    if data.get("code") in REMOVED:
        return "kicked", str(data.get("message", "")), "error"
    return "notice", f"The host says: {data.get('message', '')}", "error" if data.get("fatal") else "warn"
