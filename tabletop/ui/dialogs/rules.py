"""The Rules window (F5, or a click on a rule number in the log): the ruleset's page beside the table, the rule a
warning or a refusal cited first."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from ..panels.rulebook import RULE_LINK, rulebook, rulebook_html
from .widgets import Dialog

__all__ = ["RulesMixin"]


class RulesMixin:
    """The Rules window and the links to it (a part of `TableApp`)."""

    def rules_dialog(self: Any, focus: str | None = None) -> None:
        """Open the ruleset's page; `focus`: the rule a link asked for, put first and marked."""
        if self.source is None:
            return
        book = rulebook(self._rules_object())
        text = rulebook_html(book, focus)
        if focus is not None:
            sentence = book.rules.get(focus)
            head = (f"<font color='#ffd24d'><b>Rule {focus}</b>: {sentence}</font><br>" if sentence else
                    f"<font color='#ffd24d'><b>Rule {focus}</b> (not among the ruleset's numbered rules)</font><br>")
            text = head + "<br>" + text
        if self.dialog is not None:
            self.dialog.kill()
        w, h = min(760, self.size[0] - 40), min(620, self.size[1] - 40)
        self.dialog = Dialog(self.manager, self.size, f"Rules: {book.title}", text, size=(w, h))

    def _rules_object(self: Any) -> Any:
        """The ruleset this table plays by: the session's, else (a joined table) one made from the view's name."""
        if self.session is not None:
            return self.session.rules
        from ...rules import get_ruleset

        try:
            return get_ruleset(self.view.get("ruleset", "freeform"))
        except Exception:  # an unknown ruleset on a host's table: the page says there are no rules to show
            return None

    def _to_rule_link(self: Any, event: pygame.event.Event, el: Any) -> bool:
        """A click on a rule number in the log or the Rules window: that rule, first on the page."""
        if event.type != pygame_gui.UI_TEXT_BOX_LINK_CLICKED:
            return False
        target = str(getattr(event, "link_target", ""))
        if not target.startswith(RULE_LINK):
            return False
        self.rules_dialog(target[len(RULE_LINK):])
        return True
