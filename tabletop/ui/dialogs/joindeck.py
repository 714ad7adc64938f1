"""The deck a LAN guest brings, in the window: picked in the Join dialog (the known decks, or any file), read with
this machine's cards before connecting, and the host's answer shown: each problem of a refused deck with its rule,
or (warn) each problem the host dealt the deck with."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

__all__ = ["JoinDeckMixin", "problems_html"]


def problems_html(problems: Sequence[dict[str, Any]]) -> str:
    """A deck's problems, one a line with its rule, for a text box."""
    rows = []
    for p in problems:
        rule = p.get("rule") or p.get("code") or ""
        rows.append(f"<b>{html.escape(str(rule))}</b> {html.escape(str(p.get('message', '')))}")
    return "<br>".join(rows)


class JoinDeckMixin:
    """The window's side of bringing a deck to a hosted game (a part of `TableApp`)."""

    manager: Any
    size: tuple[int, int]
    library: Any
    join_dialog: Any
    prompt: Any
    dialog: Any

    if TYPE_CHECKING:  # TableApp's
        def notify(self, text: str, level: str = "info", seconds: float = 4.0) -> None:
            ...

        def _open_file_dialog(self, purpose: str, title: str) -> None:
            ...

    def pick_join_deck(self) -> None:
        """The deck this guest brings: one of the known decks (saved in decks/, shipped with the sets), any other
        file, or none (the seat as the host deals it)."""
        from ..decks.known import known_decks
        from .widgets import ChoiceDialog

        decks = known_decks(self.library)
        if self.prompt is not None:
            self.prompt.window.kill()

        def answer(i: int) -> None:
            if self.join_dialog is None:
                return
            if i < len(decks):
                self.join_dialog.set_deck(str(decks[i][1]))
            elif i == len(decks):
                self._open_file_dialog("join_deck", "Choose the deck you bring")
            else:
                self.join_dialog.set_deck("")

        self.prompt = ChoiceDialog(self.manager, self.size, "Bring a deck to the game",
                                   [label for label, _ in decks] + ["Other file…", "No deck"], answer)

    def join_deck_rows(self, path: str) -> dict[str, Any] | None | bool:
        """The deck at `path` as a hello carries it (None: no deck); False after saying why it cannot be brought
        (a file that does not read, a card this machine does not know)."""
        if not path:
            return None
        from ...cards import DeckError
        from ...net.guestdeck import deck_file_for_hello

        try:
            return deck_file_for_hello(path, self.library)
        except (DeckError, OSError) as e:
            self.notify(f"Your deck cannot be brought: {str(e).split(chr(10), 1)[0]}", "error", 8.0)
            self.show_deck_problems("Your deck cannot be brought", str(e).split("\n", 1)[0],
                                    [{"rule": "", "message": line.strip()} for line in str(e).split("\n")[1:]])
            return False

    def show_deck_problems(self, title: str, head: str, problems: Sequence[dict[str, Any]]) -> None:
        """A window listing a deck's problems, each with its rule (the host's words: your own cards named)."""
        from .widgets import Dialog

        if self.dialog is not None:
            self.dialog.kill()
        h = min(self.size[1] - 40, 200 + 22 * len(problems))
        self.dialog = Dialog(self.manager, self.size, title, f"<b>{html.escape(head)}</b><br><br>"
                             + problems_html(problems), size=(min(self.size[0] - 40, 640), h))
