"""Dialogs and widget events: every pygame-gui event goes through one protocol, `ui_event`, which offers it to
the open dialogs in turn (each answers whether it took it) and then to the bars' buttons.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from ...core import actions as A
from ..app.source import (
    Background,
)
from ..panels.describe import entry_html
from .forms import JoinDialog, NewGameDialog
from .widgets import (
    Dialog,
    VoteDialog,
)

__all__ = ["SAVE_SUFFIXES", "DialogsMixin", "vote_reason"]

#: the files the Open and Save dialogs list
SAVE_SUFFIXES = {".yaml", ".yml"}


class DialogsMixin:
    """Dialogs and widget events: one protocol (`ui_event`) for every dialog, menu and bar (a part of `TableApp`)."""

    def ui_event(self, event: pygame.event.Event) -> None:
        """Offer a widget event to each open dialog and bar in turn, until one takes it (one protocol for all)."""
        el = getattr(event, "ui_element", None)
        for take in (self._to_moderation, self._to_rule_link, self._to_standin_link, self._to_replay_bar, self._to_file_enter,
                     self._to_prompt, self._to_vote, self._to_join, self._to_peek, self._to_reveals, self._to_menu, self._to_start,
                     self._to_newgame, self._to_topbar, self._to_dial, self._to_chat, self._to_file_picked,
                     self._to_window_close, self._to_moves):
            if take(event, el):
                return

    def dialog_key(self, event: pygame.event.Event) -> bool:
        """Enter and Escape in the dialog on top: Enter does what its main button does, Escape closes it (a vote
        refuses); whether a dialog took the key."""
        if event.key not in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            return False
        enter = event.key != pygame.K_ESCAPE
        for take in (self._key_file, self._key_prompt, self._key_vote, self._key_peek, self._key_info,
                     self._key_newgame, self._key_join, self._key_moderation):
            if take(enter):
                return True
        if self.help is not None and enter:
            self.toggle_help()
            return True
        return False

    def _key_file(self, enter: bool) -> bool:
        fd = self.file_dialog
        if fd is None or not fd.alive():
            return False
        if not enter:
            fd.kill()
            self.file_dialog = None
        elif fd.ok_button.is_enabled:
            fd.process_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=fd.ok_button))
        return True

    def _to_file_enter(self, event: pygame.event.Event, el: Any) -> bool:
        """Enter in the file dialog's path field: a file name there is picked, as OK would (a folder is opened)."""
        fd = self.file_dialog
        if event.type != pygame_gui.UI_TEXT_ENTRY_FINISHED or fd is None or el is not fd.file_path_text_line:
            return False
        path = fd.current_file_path
        if path is not None and not Path(path).is_dir() and fd.ok_button.is_enabled:
            fd.process_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=fd.ok_button))
        return True

    def _key_prompt(self, enter: bool) -> bool:
        pr = self.prompt
        if pr is None or not pr.alive():
            return False
        if enter:
            pr.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=pr.ok))
        else:
            pr.window.kill()
        self.prompt = None
        return True

    def _key_vote(self, enter: bool) -> bool:
        if self.vote_dialog is None:
            return False
        self.answer_vote(enter)
        return True

    def _key_peek(self, enter: bool) -> bool:
        peek = self.peek
        if peek is None or peek.closed:
            return False
        peek.close()
        if self.peek is peek:
            self.peek = None
        return True

    def _key_info(self, enter: bool) -> bool:
        if self.dialog is None:
            return False
        self.dialog.kill()
        self.dialog = None
        return True

    def _key_newgame(self, enter: bool) -> bool:
        ng = self.newgame
        if ng is None or not ng.alive():
            return False
        if enter:
            self._start_new_game()
        else:
            ng.kill()
            self.newgame = None
            self._back_to_start()
        return True

    def _key_join(self, enter: bool) -> bool:
        jd = self.join_dialog
        if jd is None:
            return False
        if enter:
            self._join_picked(jd.values())
        else:
            jd.kill()
            self.join_dialog = None
            self._back_to_start()
        return True

    def _to_prompt(self, event: pygame.event.Event, el: Any) -> bool:
        if self.prompt is not None and self.prompt.handle(event):
            self.prompt = None
            return True
        return False

    def _to_vote(self, event: pygame.event.Event, el: Any) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED or self.vote_dialog is None:
            return False
        answer = self.vote_dialog.answer(el)
        if answer is None:
            return False
        self.answer_vote(answer)
        return True

    def _to_join(self, event: pygame.event.Event, el: Any) -> bool:
        picked = self.join_dialog.handle(event) if self.join_dialog is not None else None
        if picked is None:
            return False
        self._join_picked(picked)
        return True

    def _to_peek(self, event: pygame.event.Event, el: Any) -> bool:
        peek = self.peek
        if peek is None or not peek.handle(event):
            return False
        if peek.closed and self.peek is peek:  # closing may have cleared it already (on_close)
            self.peek = None
        return True

    def _to_reveals(self, event: pygame.event.Event, el: Any) -> bool:
        return self.reveals.handle(self, event)

    def _to_menu(self, event: pygame.event.Event, el: Any) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED or self.menu is None:
            return False
        cb = self.menu.pick(el)
        if cb is None:
            return False
        self.menu.kill()
        self.menu = None
        cb()
        return True

    def _to_start(self, event: pygame.event.Event, el: Any) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED or self.start is None or self.start.which(el) is None:
            return False
        self._start_button(self.start.which(el))
        return True

    def _to_newgame(self, event: pygame.event.Event, el: Any) -> bool:
        ng = self.newgame
        if ng is not None and event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and el is ng.seats:
            ng.show_seats()  # one player button per seat
            return True
        if ng is not None and event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and el is ng.ruleset:
            ng.ruleset_changed()
            return True
        if ng is not None and event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and el is ng.enforce:
            ng.dial_turned = True
            return True
        if event.type != pygame_gui.UI_BUTTON_PRESSED or ng is None:
            return False
        if el is ng.start:
            self._start_new_game()
        elif el is ng.deck_button:
            self.pick_deck()
        else:
            return bool(ng.cycle_player(el))
        return True

    def _to_topbar(self, event: pygame.event.Event, el: Any) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED or self.topbar is None:
            return False
        if el is self.topbar.pass_button:
            self.do_pass()
            return True
        key = next((k for k, b in self.topbar.buttons.items() if b is el), None)
        if key is None:
            return False
        self._bar_button(key)
        return True

    def _to_dial(self, event: pygame.event.Event, el: Any) -> bool:
        if event.type != pygame_gui.UI_DROP_DOWN_MENU_CHANGED or self.topbar is None or el is not self.topbar.dial:
            return False
        mode = event.text
        if self.source is not None and mode != self.view.get("enforcement"):
            if self.submit(A.SetEnforcement(mode)).accepted:
                self.dial_said(mode)
            self.refresh()
            if self.view.get("enforcement") != mode:
                self.topbar.mode = ""
                self._update_widgets()
        return True

    def _to_chat(self, event: pygame.event.Event, el: Any) -> bool:
        if event.type != pygame_gui.UI_TEXT_ENTRY_FINISHED or self.side is None or el is not self.side.chat:
            return False
        text = self.side.chat.get_text().strip()
        self.side.chat.set_text("")
        self.side.chat.unfocus()
        self.manager.set_focus_set(None)
        if text:
            self.submit(A.Chat(text))
        return True

    def _to_file_picked(self, event: pygame.event.Event, el: Any) -> bool:
        if event.type != pygame_gui.UI_FILE_DIALOG_PATH_PICKED or not getattr(el, "tabletop_purpose", None):
            return False
        # the dialog closed itself on OK a frame ago (and was let go of then): its purpose rides on it
        if el is self.file_dialog:
            self.file_dialog = None
        self._file_picked(el.tabletop_purpose, str(event.text))
        return True

    def _to_window_close(self, event: pygame.event.Event, el: Any) -> bool:
        if event.type != pygame_gui.UI_WINDOW_CLOSE:
            return False
        if self.newgame is not None and el is self.newgame.window:
            self.newgame = None
            self._back_to_start()
        if self.join_dialog is not None and el is self.join_dialog.window:
            self.join_dialog = None
            self._back_to_start()
        if self.vote_dialog is not None and el is self.vote_dialog.window:
            self.answer_vote(False)
        if el is self.file_dialog:
            self.file_dialog = None
        if self.dialog is not None and el is self.dialog.window:
            self.dialog = None
        return True

    def _back_to_start(self) -> None:
        if self.source is None and self.start is None:
            self.show_start()

    def _to_moves(self, event: pygame.event.Event, el: Any) -> bool:
        if (event.type != pygame_gui.UI_SELECTION_LIST_NEW_SELECTION or self.side is None
                or self.side.moves is None or el is not self.side.moves):
            return False
        picked = self.side.moves.get_single_selection(include_object_id=True)
        text, oid = picked if isinstance(picked, tuple) else ("", "")
        if isinstance(oid, str) and oid.startswith("move_") and oid[5:].isdigit():
            text = self.side.moves.full_text(oid, text)  # a row cut to fit shows fewer words
            # the list may have changed between the click and this event (a bot, the host): play only the
            # move that was clicked, never the one now standing in its place (rows alike are one row, so a row's
            # id is its first move row's number, not its place in the list)
            if (text, oid) in self.side.move_items:
                self.play_move(int(oid[5:]))
                return True
        self.notify("The legal moves changed as you clicked: pick again", "info", 3.0)
        return True

    def _bar_button(self, key: str) -> None:
        {"new": self.new_game_dialog, "open": lambda: self._open_file_dialog("open", "Open a save"),
         "save": self.save, "undo": self.undo, "redo": self.redo, "seat": self.next_seat_cover,
         "info": self.info_dialog, "help": self.toggle_help, "panel": self.toggle_side}[key]()

    def _start_button(self, key: str | None) -> None:
        if key == "quick":
            from ...game import quick_table

            self.set_session(quick_table(), 0)
        elif key == "new":
            self.new_game_dialog()
        elif key == "open":
            self._open_file_dialog("open", "Open a save")
        elif key == "host":
            self.new_game_dialog(host=True)
        elif key == "join":
            self.join_window()
        elif key == "decks":
            self.open_deck_editor()
        elif key == "replay":
            self._open_file_dialog("replay", "Replay a kept game")
        elif key == "quit":
            self.close()

    def info_dialog(self) -> None:
        if self.source is None:
            return
        from ...rules import RULESETS

        v = self.view
        cls = RULESETS.get(v.get("ruleset", ""))
        lines = [f"<b>Ruleset</b>: {html.escape(getattr(cls, 'title', v.get('ruleset', '')))}"]
        if cls is not None and cls.description:
            lines.append(f"<font color='#c9d3cf'>{html.escape(cls.description)}</font>")
        lines.append(f"<b>Rules dial</b>: {v.get('enforcement')}")
        lines.append("<b>Seats</b>: " + ", ".join(html.escape(p.get("name", "")) for p in v.get("players", [])))
        lines.append("<br><b>House rules in force</b>")
        specs = {o.name: o for o in getattr(cls, "option_specs", ())}
        opts = v.get("options", {})
        if not opts:
            lines.append("none")
        for name, value in opts.items():
            spec = specs.get(name)
            changed = spec is not None and spec.default != value
            mark = "<font color='#ffd450'>changed</font> " if changed else ""
            desc = f" — <font color='#c9d3cf'>{html.escape(spec.description)}</font>" if spec else ""
            lines.append(f"{mark}<b>{html.escape(name)}</b> = {html.escape(str(value))}{desc}")
        if self.dialog is not None:
            self.dialog.kill()
        self.dialog = Dialog(self.manager, self.size, "Game info", "<br>".join(lines))

    def _open_file_dialog(self, purpose: str, title: str) -> None:
        from pygame_gui.windows import UIFileDialog

        if self.file_dialog is not None:
            self.file_dialog.kill()
        start = str(self.save_path or (Path.cwd() / "saves" if (Path.cwd() / "saves").is_dir() else Path.cwd()))
        if purpose == "save" and self.save_path is None:
            start = str(Path(start) / "game.yaml")
        w, h = min(560, self.size[0] - 40), min(460, self.size[1] - 40)
        self.file_dialog = UIFileDialog(pygame.Rect((self.size[0] - w) // 2, (self.size[1] - h) // 2, w, h),
                                        self.manager, window_title=title, initial_file_path=start,
                                        allow_existing_files_only=purpose != "save", always_on_top=True,
                                        # saves only: not the journals, locks and .gitkeep files beside them
                                        allowed_suffixes=SAVE_SUFFIXES if purpose in ("open", "save") else
                                        SAVE_SUFFIXES | {".journal"} if purpose == "replay" else None)
        self.file_dialog.tabletop_purpose = purpose
        # the dialog focuses its path field by itself, behind the manager's back: tell the manager, so a click
        # elsewhere unfocuses the field (and clears its selection) instead of leaving it half-focused
        entry = getattr(self.file_dialog, "file_path_text_line", None)
        if entry is not None and entry.is_focused:
            self.manager.set_focus_set(entry)
        if entry is not None and purpose == "save":  # typing a name replaces the file's name, the folder is kept
            text = entry.get_text()
            cut = max(text.rfind("/"), text.rfind("\\")) + 1
            entry.select_range = [cut, len(text)]
            entry.edit_position = len(text)

    def _file_picked(self, purpose: str, path: str) -> None:
        if purpose == "open":
            self.open(path)
        elif purpose == "replay":
            self.open_replay_file(path)
        elif purpose == "save":
            self.save_path = Path(path)
            self.save()
        elif purpose == "deck" and self.newgame is not None:
            self.newgame.set_deck(path)
        elif purpose == "join_deck" and self.join_dialog is not None:
            self.join_dialog.set_deck(path)

    def pick_deck(self) -> None:
        """The deck for the New game's seat: one of the known decks (saved in decks/, shipped with the sets), or
        any other file from a file dialog."""
        from ..decks.known import known_decks
        from .widgets import ChoiceDialog

        decks = known_decks(self.library)
        if self.prompt is not None:
            self.prompt.window.kill()

        def answer(i: int) -> None:
            if i < len(decks) and self.newgame is not None:
                self.newgame.set_deck(str(decks[i][1]))
            elif i == len(decks):
                self._open_file_dialog("deck", "Choose a deck list")

        self.prompt = ChoiceDialog(self.manager, self.size, "Choose a deck for the seat",
                                   [label for label, _ in decks] + ["Other file…"], answer)

    def new_game_dialog(self, host: bool = False, ruleset: str | None = None) -> None:
        """The New game window; `host`: the game it starts is served on the LAN (the start screen's Host);
        `ruleset`: the one picked at first (the deck editor's Play)."""
        from ...rules import RULESETS

        if self.newgame is not None:
            self.newgame.kill()
        self.newgame = NewGameDialog(self.manager, self.size, list(RULESETS), default=ruleset or "", host=host)

    def join_window(self) -> None:
        """The Join window: games found on the LAN (click one) and an address field."""
        if self.join_dialog is not None:
            self.join_dialog.kill()
        self.join_dialog = JoinDialog(self.manager, self.size)
        self.browse_lan()

    def browse_lan(self) -> None:
        """Look for LAN games in the background (mDNS takes a couple of seconds); the Join window lists them."""
        from ...net.discovery import browse

        dialog = self.join_dialog
        if dialog is None or self.background is not None:
            return
        dialog.set_searching()

        def found(result: Any, error: BaseException | None) -> None:
            if self.join_dialog is dialog:
                dialog.set_found(result or [], str(error) if error else "")

        self.background = Background(lambda: browse(2.0), found)

    def _join_picked(self, picked: dict[str, Any]) -> None:
        if picked.get("refresh"):
            self.browse_lan()
            return
        if "lookup" in picked:
            self._rejoin_offer(picked["lookup"])
            return
        if picked.get("choose_deck"):
            self.pick_join_deck()
            return
        address = str(picked.get("address", "")).strip()
        if not address:
            self.notify("Type an address (HOST:PORT) or pick a game", "error")
            return
        if self.background is not None:
            self.notify("Still busy: try again in a moment", "info", 2.0)
            return
        from ...net.invite import shown_address

        shown = shown_address(address)  # an invite code may carry the password: never shown
        deck = self.join_deck_rows(str(picked.get("deck", "")))
        if deck is False:
            return
        thread, known = self.join_thread(address, seat=picked.get("seat", "any"), name=picked.get("name", ""),
                                         password=picked.get("password", ""), deck=deck or None)

        def connected(result: Any, error: BaseException | None) -> None:
            if error is not None:
                self.notify(f"Could not join {shown}: {self.join_refused(error, known)}", "error", 8.0)
                if getattr(error, "code", "") in ("deck", "bad_deck"):  # each problem, with its rule
                    self.show_deck_problems("The host refused your deck", str(error), getattr(error, "problems", []))
                if self.join_dialog is not None:
                    self._rejoin_offer(self.join_dialog.values())
                return
            if self.join_dialog is not None:
                self.join_dialog.kill()
                self.join_dialog = None
            self.joined(address, thread)

        self.notify(f"Joining {shown}…", "info", 3.0)
        self.background = Background(lambda: thread.connect(8.0), connected)

    def _rejoin_offer(self, values: dict[str, Any]) -> None:
        """The Join dialog says "Take back seat N" when this user holds a seat at the address typed."""
        if self.join_dialog is None:
            return
        known = self.seat_memory.known(str(values.get("address", "")), str(values.get("name", "")))
        self.join_dialog.set_rejoin(known.offer() if known is not None else "")

    def _start_new_game(self) -> None:
        from ...game import new_session

        assert self.newgame is not None
        v = self.newgame.values()
        try:
            house = parse_house_rules(v["house_rules"])
            try:
                seed = int(v["seed"]) if v["seed"] else None
            except ValueError:
                raise ValueError(f"the seed is a whole number (or empty: random), not {v['seed']!r}") from None
            session = new_session(v["ruleset"], v["seats"], decks=v["decks"], enforcement=v["enforcement"],
                                  seed=seed, house_rules=house)
        except Exception as e:
            self.notify(_brief(f"Could not start the game: {e}"), "error", 8.0)
            return
        hosting = self.newgame.hosting
        self.newgame.kill()
        self.newgame = None
        self.save_path = None
        if hosting:
            import socket

            from ...net.host import DEFAULT_PORT

            self.bot_names = {}
            name = f"{v['ruleset']} on {socket.gethostname()}"
            error: Exception | None = None
            for port in (DEFAULT_PORT, 0):  # the usual port, else any free one
                try:
                    self.host(session, port=port, name=name, autosave=self.autosave_path)
                    return
                except Exception as e:
                    error = e
            self.notify(f"Could not host the game: {error}", "error", 8.0)
            return
        self.bot_names = {seat: name for seat, name in v["bots"].items() if seat < v["seats"]}
        humans = [seat for seat in range(v["seats"]) if seat not in self.bot_names]
        self.set_session(session, humans[0] if humans else 0)

    def _ask_vote(self, data: dict[str, Any]) -> None:
        if self.vote_dialog is not None:
            self.vote_dialog.kill()
        names = self._names()
        who = names.get(data.get("seat"), f"Seat {(data.get('seat') or 0) + 1}")
        entry = data.get("entry") or {}
        what = entry_html(entry, names, self._zone_labels(), self._card_name) if entry else "their last action"
        self.vote_dialog = VoteDialog(self.manager, self.size, int(data.get("request", 0)), data.get("voter"),
                                      f"<b>{html.escape(who)}</b> asks to take back:<br>{what}<br><br>"
                                      + html.escape(vote_reason(entry.get("seat"), data.get("voter", self.seat))))

    def answer_vote(self, agree: bool) -> None:
        """Agree to (or refuse) the undo the vote dialog shows."""
        d = self.vote_dialog
        if d is None or self.source is None:
            return
        self.vote_dialog = None
        d.kill()
        self.source.vote(d.request, d.voter if d.voter is not None else self.seat, agree)
        self.notify("You agreed to the undo" if agree else "You refused the undo", "info", 3.0)


def vote_reason(entry_seat: int | None, voter: int | None) -> str:
    """Why this player is asked, in words: the action was theirs, or taking it back changes what someone saw (a
    pass's automatic draw, a look, a reveal), which the asked player has a say in; never "it revealed a card" for
    an action that revealed nothing."""
    if entry_seat is not None and entry_seat == voter:
        return "It was your action, so it is taken back only if you agree."
    return ("Taking it back changes what a player has seen (a card drawn, looked at or shown by it or by what "
            "followed it), so each player it concerns must agree.")


def _brief(text: str, lines: int = 5) -> str:
    """A long error (a deck list with many problems) cut to its first lines, saying how many more there are."""
    rows = text.splitlines()
    if len(rows) <= lines:
        return text
    return "\n".join(rows[:lines] + [f"… and {len(rows) - lines} more"])


def parse_house_rules(text: str) -> dict[str, Any]:
    """House rules from `name=value, name=value` or a YAML file of `name: value` (values read as YAML scalars)."""
    text = text.strip()
    if not text:
        return {}
    p = Path(text)
    if p.suffix in (".yaml", ".yml", ".json") and p.is_file():
        from ...yamlsafe import load_file

        data = load_file(p).data
        if not isinstance(data, dict):
            raise ValueError(f"{p}: house rules are a mapping of option: value")
        return dict(data)
    import yaml

    out: dict[str, Any] = {}
    for part in text.replace(";", ",").split(","):
        if not part.strip():
            continue
        if "=" not in part:
            raise ValueError(f"house rule {part.strip()!r} is not name=value")
        k, v = part.split("=", 1)
        out[k.strip()] = yaml.safe_load(v.strip())
    return out
