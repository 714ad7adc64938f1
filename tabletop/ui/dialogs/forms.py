"""The forms of the start screen: a new game (ruleset, seats, rules, seed, decks, house rules) and joining a LAN
game (found on the network or typed in)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UISelectionList,
    UITextEntryLine,
    UIWindow,
)

from ...game import starting_dial
from ..panels.topbar import ENFORCEMENT

__all__ = ["JoinDialog", "NewGameDialog"]


def show_option(dropdown: UIDropDownMenu, option: str) -> None:
    """Set a closed drop-down to `option` in place (a new drop-down would be drawn over the lists that open
    above it later)."""
    dropdown.selected_option = (option, option)
    closed = dropdown.menu_states["closed"]
    closed.selected_option = (option, option)
    if dropdown.current_state is closed and closed.selected_option_button is not None:
        closed.selected_option_button.set_text(option)


class NewGameDialog:
    """Ruleset, seats, enforcement, seed, decks per seat and house rules for a new game (`rulesets`: the
    choices, the table's default first unless `default` names another)."""

    def __init__(self, manager: pygame_gui.UIManager, screen: tuple[int, int], rulesets: Sequence[str],
                 default: str = "", host: bool = False) -> None:
        w, h = 480, 530
        self.manager = manager
        #: the game is served on the LAN once started (the start screen's Host)
        self.hosting = host
        self.window = UIWindow(pygame.Rect((screen[0] - w) // 2, (screen[1] - h) // 2, w, h), manager,
                               "Host a LAN game" if host else "New game")
        c = self.window
        lw, fx, fw = 120, 140, w - 190

        def row(i: int, text: str) -> pygame.Rect:
            UILabel(pygame.Rect(10, 10 + i * 42, lw, 32), text, manager, container=c)
            return pygame.Rect(fx, 10 + i * 42, fw, 32)

        self.ruleset = UIDropDownMenu(list(rulesets), default if default in rulesets else rulesets[0],
                                      row(0, "Ruleset"), manager, container=c)
        self.seats = UIDropDownMenu([str(n) for n in range(2, 7)], "2", row(1, "Seats"), manager, container=c)
        #: the dial follows the ruleset (warn for one with rules, off for freeform) until the player turns it
        self.dial_turned = False
        self._dial_rect = row(2, "Rules")
        self.enforce = self._dial(starting_dial(self.ruleset_name()))
        self.seed = UITextEntryLine(row(3, "Seed"), manager, container=c, placeholder_text="random")
        self.house = UITextEntryLine(row(4, "House rules"), manager, container=c,
                                     placeholder_text="name=value, … or a YAML file")
        r = row(5, "Decks")
        self.deck_seat = UIDropDownMenu([str(n) for n in range(1, 7)], "1", pygame.Rect(fx, r.y, 60, 32), manager,
                                        container=c)
        self.deck_button = UIButton(pygame.Rect(fx + 66, r.y, fw - 66, 32), "Choose deck for seat…", manager,
                                    container=c)
        self.deck_label = UILabel(pygame.Rect(10, 10 + 6 * 42, w - 50, 30), "No decks: the ruleset's default table",
                                  manager, container=c)
        # who plays each seat: a person or a bot (click to cycle human -> random -> greedy)
        UILabel(pygame.Rect(10, 10 + 7 * 42, lw, 32), "Players", manager, container=c)
        self.players: dict[int, str] = {}
        self.player_buttons: dict[UIButton, int] = {}
        bw = (fw - 2 * 4) // 3
        for seat in range(6):
            r = pygame.Rect(fx + (seat % 3) * (bw + 4), 10 + 7 * 42 + (seat // 3) * 36, bw, 32)
            b = UIButton(r, self._player_label(seat), manager, container=c,
                         tool_tip_text="Click: a person, a random bot or a greedy bot plays this seat")
            self.player_buttons[b] = seat
        self.start = UIButton(pygame.Rect(w - 170, h - 90, 130, 38), "Host" if host else "Start", manager,
                              container=c, object_id="#big_button")
        if host:  # a hosted game: you play seat 1, the others join from their own machines
            for b, seat in self.player_buttons.items():
                b.set_text(f"{seat + 1}: you" if seat == 0 else f"{seat + 1}: LAN")
                b.disable()
        self.decks: dict[int, str] = {}
        self.show_seats()

    def _dial(self, mode: str) -> UIDropDownMenu:
        dial = UIDropDownMenu(ENFORCEMENT, mode, self._dial_rect, self.manager, container=self.window)
        dial.set_tooltip("off: a sandbox, nothing checked and the ruleset's own steps wait; warn: every broken "
                         "rule shown and logged; strict: illegal moves refused")
        return dial

    def ruleset_name(self) -> str:
        v = self.ruleset.selected_option
        return v[0] if isinstance(v, tuple) else v

    def ruleset_changed(self) -> None:
        """Another ruleset chosen: the dial goes to where that ruleset starts, unless the player turned it."""
        if self.dial_turned:
            return
        show_option(self.enforce, starting_dial(self.ruleset_name()))

    def seat_count(self) -> int:
        v = self.seats.selected_option
        return int(v[0] if isinstance(v, tuple) else v)

    def show_seats(self) -> None:
        """One player button per seat the Seats box asks for (the others hidden, their bots forgotten)."""
        n = self.seat_count()
        for b, seat in self.player_buttons.items():
            if seat < n:
                b.show()
            else:
                b.hide()
                self.players.pop(seat, None)
                if not self.hosting:
                    b.set_text(self._player_label(seat))

    def _player_label(self, seat: int) -> str:
        return f"{seat + 1}: {self.players.get(seat, 'human')}"

    def cycle_player(self, element: Any) -> bool:
        """A click on a seat's player button: the next choice of human, random, greedy and the search bot at its
        levels (ismcts:easy, ismcts, ismcts:hard). False: not one of them."""
        from ..app.botseats import BOT_CHOICES

        seat = self.player_buttons.get(element)
        if seat is None:
            return False
        choices = BOT_CHOICES
        now = self.players.get(seat, "human")
        nxt = choices[(choices.index(now) + 1) % len(choices)]
        if nxt == "human":
            self.players.pop(seat, None)
        else:
            self.players[seat] = nxt
        element.set_text(self._player_label(seat))
        return True

    def set_deck(self, path: str, seat: int | None = None) -> None:
        """Choose a deck file for a seat (from 0; default: the seat the Decks menu shows)."""
        if seat is None:
            seat = int(self.deck_seat.selected_option[0] if isinstance(self.deck_seat.selected_option, tuple)
                       else self.deck_seat.selected_option) - 1
        self.decks[seat] = path
        self.deck_label.set_text(", ".join(f"seat {s + 1}: {p.rsplit('/', 1)[-1]}" for s, p in sorted(self.decks.items())))

    def values(self) -> dict[str, Any]:
        def opt(dd: UIDropDownMenu) -> str:
            v = dd.selected_option
            return v[0] if isinstance(v, tuple) else v

        return {"ruleset": opt(self.ruleset), "seats": int(opt(self.seats)), "enforcement": opt(self.enforce),
                "seed": self.seed.get_text().strip(), "house_rules": self.house.get_text().strip(),
                "decks": {s: p for s, p in self.decks.items() if s < self.seat_count()},
                "bots": {s: b for s, b in self.players.items() if s < self.seat_count()}}

    def alive(self) -> bool:
        return self.window.alive()

    def kill(self) -> None:
        self.window.kill()


class JoinDialog:
    """Join a LAN game: the games found on the LAN (click one to join it), or an address, a name and a password."""

    def __init__(self, manager: pygame_gui.UIManager, screen: tuple[int, int]) -> None:
        w, h = 520, 510
        self.manager = manager
        self.window = UIWindow(pygame.Rect((screen[0] - w) // 2, (screen[1] - h) // 2, w, h), manager,
                               "Join a LAN game")
        c = self.window
        self.label = UILabel(pygame.Rect(10, 6, w - 50, 26), "Games on the LAN", manager, container=c)
        self.list = UISelectionList(pygame.Rect(10, 34, w - 50, 170), [], manager, container=c)
        self.refresh = UIButton(pygame.Rect(w - 160, 208, 120, 30), "Look again", manager, container=c)
        fields = (("Address", "HOST:PORT, e.g. 192.168.1.20:7531"), ("Your name", ""), ("Password", ""),
                  ("Seat", "any, a number from 1, or watch"))
        self.fields: dict[str, UITextEntryLine] = {}
        for i, (label, hint) in enumerate(fields):
            y = 246 + i * 36
            UILabel(pygame.Rect(10, y, 100, 30), label, manager, container=c)
            self.fields[label] = UITextEntryLine(pygame.Rect(116, y, w - 156, 30), manager, container=c,
                                                 placeholder_text=hint)
        # the deck this guest brings to its seat (the host's rules judge it): none, one of the known decks, a file
        y = 246 + len(fields) * 36
        UILabel(pygame.Rect(10, y, 100, 30), "Your deck", manager, container=c)
        self.deck_button = UIButton(pygame.Rect(116, y, 110, 30), "Choose…", manager, container=c,
                                    tool_tip_text="Bring your own deck: the host's rules judge it, and the table is "
                                                  "dealt again with it before play starts")
        self.deck_label = UILabel(pygame.Rect(232, y, w - 272, 30), "none: the seat as the host deals it", manager,
                                  container=c)
        self.deck_path = ""
        self.join = UIButton(pygame.Rect(w - 160, h - 74, 120, 34), "Join", manager, container=c,
                             object_id="#big_button")
        #: "Take back seat 2 as bob (Friday game)" when this user's token store holds a seat at that address
        self.rejoin = UILabel(pygame.Rect(10, h - 74, w - 180, 34), "", manager, container=c)
        self.found: dict[str, str] = {}

    def set_rejoin(self, offer: str) -> None:
        """Say the seat a join takes back (its token is known), or nothing; the Join button says it too."""
        self.rejoin.set_text(offer)
        self.join.set_text("Take back" if offer else "Join")

    def set_deck(self, path: str) -> None:
        """Bring the deck in `path` ("" : none, the seat as the host deals it)."""
        self.deck_path = path
        self.deck_label.set_text(path.replace("\\", "/").rsplit("/", 1)[-1] if path
                                 else "none: the seat as the host deals it")

    def set_searching(self) -> None:
        self.label.set_text("Looking for games on the LAN…")

    def set_found(self, games: Sequence[Any], error: str = "") -> None:
        """Fill the list with `discovery.Found` games (name, ruleset, seats, whether a password is needed)."""
        self.found = {}
        items = []
        for i, g in enumerate(games):
            props = getattr(g, "properties", {}) or {}
            lock = " · password" if props.get("password") == "yes" else ""
            text = f"{g.name} — {props.get('ruleset', '?')}, {props.get('seats', '?')} seats{lock} ({g.join_address})"
            items.append((text, f"game_{i}"))
            self.found[f"game_{i}"] = g.join_address
        self.list.set_item_list(items)
        if error:
            self.label.set_text(f"Could not look on the LAN: {error}")
        else:
            self.label.set_text(f"Games on the LAN: {len(items)} found" + (" (click one)" if items else
                                                                         "; type an address below"))

    def update(self) -> None:
        return None

    def values(self) -> dict[str, Any]:
        seat_text = self.fields["Seat"].get_text().strip()
        seat: int | str | None = int(seat_text) - 1 if seat_text.isdigit() and int(seat_text) > 0 else "any"
        if seat_text.casefold() in ("watch", "spectator", "none"):
            seat = None  # a spectator: public information only
        return {"address": self.fields["Address"].get_text().strip(), "name": self.fields["Your name"].get_text().strip(),
                "password": self.fields["Password"].get_text(), "seat": seat, "deck": self.deck_path}

    def handle(self, event: pygame.event.Event) -> dict[str, Any] | None:
        """What the player asked for: `{"refresh": True}`, or the values to join with; None: not for this window."""
        et = event.type
        el = getattr(event, "ui_element", None)
        if et == pygame_gui.UI_BUTTON_PRESSED and el is self.refresh:
            return {"refresh": True}
        if et == pygame_gui.UI_BUTTON_PRESSED and el is self.join:
            return self.values()
        if et == pygame_gui.UI_BUTTON_PRESSED and el is self.deck_button:
            return {"choose_deck": True}
        if et == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and el is self.list:
            picked = self.list.get_single_selection(include_object_id=True)
            oid = picked[1] if isinstance(picked, tuple) else ""
            if oid in self.found:
                self.fields["Address"].set_text(self.found[oid])
                return self.values()  # a seat held there is taken back: the join looks its token up
        if et == pygame_gui.UI_TEXT_ENTRY_FINISHED and el in self.fields.values():
            return self.values()
        if et == pygame_gui.UI_TEXT_ENTRY_CHANGED and el in (self.fields["Address"], self.fields["Your name"]):
            return {"lookup": self.values()}
        return None

    def kill(self) -> None:
        self.window.kill()
