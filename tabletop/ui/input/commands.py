"""The verbs of the table: each builds Actions and sends them through one door (`submit`), shared by keys,
menus, gestures and scripts.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from ...core import actions as A
from ...core.session import Result
from ..app.settings import (
    KMOD_CTRL,
    KMOD_SHIFT,
    MOD_KEYS,
)
from ..dialogs.widgets import (
    ChoiceDialog,
    ContextMenu,
    Prompt,
)
from ..panels.reveals import reveal_menu_items
from ..panels.topbar import ENFORCEMENT, dial_words
from ..panels.whatnow import card_moves, kind_verb, who_acts
from .gestures import _Press
from .legalgestures import LegalGesturesMixin
from .peek import PeekMixin

__all__ = ["CommandsMixin"]


class CommandsMixin(PeekMixin, LegalGesturesMixin):
    """The verbs of the table: each builds Actions and sends them through one door (`submit`), shared by keys, (a part of `TableApp`)."""

    def submit(self, action: A.Action, seat: int | None = None, *, onto: str | None = None) -> Result:
        """Send one Action through the table's door and show what came back (`onto`: the piece a dragged card
        was let go on, which picks among the legal moves the drop may stand for).

        At a joined table the host answers a moment later: the Result returned then is `accepted` with code
        `sent`, and the real answer is shown when it arrives.
        """
        if self.source is None:
            return Result(False, error="no game on the table", code="no_session")
        if seat is None and self._as_legal_move(action, onto):
            return Result(True, code="played")
        seat, looks = self.seat if seat is None else seat, self._looks_at(action)
        result = self.source.submit(action, seat)
        if result is not None:
            self._show_result(action, result)
        self._opened_look(looks, result)  # a move that looked at a deck: the cards seen, in its gallery
        return result if result is not None else Result(True, code="sent")

    def _anchor(self) -> Any:
        """Where a line of the app's own goes in the log: after the last logged line."""
        if self.source is None:
            return 0
        rows = self.log_rows(1)
        return rows[-1].key[0] if rows else 0

    def _show_result(self, action: A.Action | None, result: Result, refresh: bool = True) -> None:
        """Notices for what the table answered: refusals in red (and in the log), broken rules in amber."""
        assert self.source is not None
        seq = self._anchor()
        if not result.accepted:
            if result.violations:
                v = result.violations[0]
                text = f"Refused — {v.rule + ': ' if v.rule else ''}{v.message}"
            else:
                what = kind_verb(action.type) if action is not None else "do that"  # "xfc.free_draw": "free draw"
                error = result.error
                if result.code == "unknown_piece":  # the engine names the piece by its opaque handle
                    error = "that piece is hidden from you or no longer there (undone, moved or shuffled away)"
                else:  # the engine counts seats from 0; players know them by name ("Seat 2")
                    names = self._names()
                    error = re.sub(r"\bseat (\d+)\b",
                                   lambda m: names.get(int(m.group(1)), f"Seat {int(m.group(1)) + 1}"), error)
                text = f"Can't {what}: {error}"
            self.notices.add(text, "error", 5.0, refusal=True)
            self.local_log.append((seq, f"<font color='#ff8080'>× {html.escape(text)}</font>", self.seat))
            if refresh:
                self._update_widgets()
        else:
            if result.code != "sent":  # the host's answer is what counts at a joined table
                self.notices.clear_refusals()
            for v in result.violations[:3]:
                self.notify(f"Rule {v.rule}: {v.message}" if v.rule else v.message, "warn", 7.0)
            if result.audit:
                # the dial was turned up mid-game: list what is inconsistent, refuse nothing
                self.notify(f"Rules audit: {len(result.audit)} thing(s) on the table break the rules (see the log)",
                            "warn", 8.0)
                for v in result.audit:
                    line = f"Audit — {v.rule + ': ' if v.rule else ''}{v.message}"
                    self.local_log.append((seq, f"<font color='#f0ad4e'>{html.escape(line)}</font>", self.seat))
            elif isinstance(action, A.SetEnforcement) and action.mode != "off":
                self.local_log.append((seq, "<font color='#8fd18f'>Rules audit: the table is consistent</font>", None))
        if refresh:
            self.refresh()

    def notify(self, text: str, kind: str = "info", seconds: float = 5.0) -> None:
        self.notices.add(text, kind, seconds)

    def land_flights(self) -> None:
        """Bring whatever is still sliding to rest now (before an undo, a redo or a save, so they see its Move)."""
        if self.motion is not None and self.motion.busy():
            self.motion.settle()
            self.refresh()

    def undo(self) -> None:
        if self.source is None:
            return
        self.land_flights()
        r = self.source.undo(self.seat)
        if r is not None and not r.accepted:
            self.notify(r.error, "info", 2.5)
        self.refresh()

    def redo(self) -> None:
        if self.source is None:
            return
        self.land_flights()
        r = self.source.redo(self.seat)
        if r is not None and not r.accepted:
            self.notify(r.error, "info", 2.5)
        self.refresh()

    def play_move(self, index: int) -> Result | None:
        """The rules panel's row number `index`: submit its move, or open the choice its moves need (a Role, a
        target, a value, a guess: the options are the legal moves themselves, never guessed here)."""
        rows = self.legal.rows
        if not 0 <= index < len(rows):
            return None
        if self.side is not None:
            self.side.clear_move_selection()  # so the same row answers a second click (after a refusal, a cancel)
        row = rows[index]
        moves = [self.legal.moves[i] for i in row.moves if i < len(self.legal.moves)]
        if len(moves) == 1:
            return self.submit(moves[0])
        if moves:
            self.choose_move(row.title, row.options, moves)
        return None

    def choose_move(self, title: str, options: Sequence[str], moves: Sequence[A.Action]) -> None:
        """A small dialog listing `options` (one per move of `moves`); a click submits that move if it is still
        legal for this seat (the table may have moved on while the dialog was open)."""
        if self.prompt is not None:
            self.prompt.window.kill()
        seat = self.seat

        def answer(i: int) -> None:
            if not 0 <= i < len(moves):
                return
            if self.seat != seat or moves[i] not in self.legal.moves:
                self.notify("The legal moves changed while you chose: pick again", "info", 3.0)
                return
            self.submit(moves[i])

        self.prompt = ChoiceDialog(self.manager, self.size, title, options, answer)

    def key(self, event: pygame.event.Event) -> None:
        k = event.key
        mods = getattr(event, "mod", 0) | self._mods()
        ctrl, shift = bool(mods & KMOD_CTRL), bool(mods & KMOD_SHIFT)
        if k == pygame.K_F1:
            self.toggle_help()
            return
        if k == pygame.K_F2:
            self.toggle_hud()
            return
        if k == pygame.K_F4:
            self.toggle_side()
            return
        if k == pygame.K_F5:
            self.rules_dialog()
            return
        if k == pygame.K_F6:  # the card browser and deck editor over the game; Close (Escape) comes back to it
            self.open_deck_editor()
            return
        if self.replay_key(k, mods):
            return
        if k == pygame.K_F3:
            self.frame_overlay = not self.frame_overlay
            self.frame_times.clear()
            return
        if k == pygame.K_ESCAPE:
            if self.help is not None:
                self.toggle_help()
            elif self.menu is not None:
                self.menu.kill()
                self.menu = None
            else:
                self.selected = []
            return
        if ctrl:
            self._ctrl_key(k, shift)
            return
        if k in MOD_KEYS:
            return
        self.update_hover()
        handler = self._keymap().get(k)
        if handler is not None:
            handler(shift)

    def _ctrl_key(self, k: int, shift: bool) -> None:
        """Ctrl+Z / Y / S / O / N / Q / B: undo, redo, save, open, new game, quit, bookmark."""
        if k == pygame.K_z:
            self.redo() if shift else self.undo()
        elif k == pygame.K_y:
            self.redo()
        elif k == pygame.K_s:
            self.save(ask=shift)
        elif k == pygame.K_o:
            self._open_file_dialog("open", "Open a save")
        elif k == pygame.K_n:
            self.new_game_dialog()
        elif k == pygame.K_q:
            self.close()
        elif k == pygame.K_b:
            self.bookmark_game()

    def _keymap(self) -> dict[int, Callable[[bool], Any]]:
        return {
            pygame.K_f: lambda s: self.flip(),
            pygame.K_t: lambda s: self.act_pieces(lambda ids: A.Tap(ids), kinds=("card",)),
            pygame.K_r: lambda s: self.act_pieces(lambda ids: A.Rotate(ids, -90 if s else 90)),
            pygame.K_d: lambda s: self.deal() if s else self.draw_card(),
            pygame.K_s: lambda s: self.shuffle(),
            pygame.K_l: lambda s: self.look_prompt(),
            pygame.K_b: lambda s: self.search(),
            pygame.K_v: lambda s: self.reveal(self.targets(("card",))),
            pygame.K_a: lambda s: self.detach() if s else self.attach(),
            pygame.K_h: lambda s: self.to_hand(),
            pygame.K_n: lambda s: self.create("die" if s else "token"),
            pygame.K_c: lambda s: self.create("counter"),
            pygame.K_x: lambda s: self.throw_dice() if s else self.roll(),
            pygame.K_g: lambda s: self.set_physics(not self.physics_on),
            pygame.K_EQUALS: lambda s: self.bump(1),
            pygame.K_PLUS: lambda s: self.bump(1),
            pygame.K_KP_PLUS: lambda s: self.bump(1),
            pygame.K_MINUS: lambda s: self.bump(-1),
            pygame.K_KP_MINUS: lambda s: self.bump(-1),
            pygame.K_RIGHTBRACKET: lambda s: self.submit(A.AddCounter("score", 1, seat=self.seat)),
            pygame.K_LEFTBRACKET: lambda s: self.submit(A.AddCounter("score", -1, seat=self.seat)),
            pygame.K_DELETE: lambda s: self.act_pieces(lambda ids: A.DeletePiece(ids), kinds=("token", "die", "counter")),
            pygame.K_BACKSPACE: lambda s: self.act_pieces(lambda ids: A.DeletePiece(ids), kinds=("token", "die", "counter")),
            pygame.K_SPACE: lambda s: setattr(self, "big_preview", True),
            pygame.K_HOME: lambda s: self.fit(),
            pygame.K_TAB: lambda s: self.next_seat_cover(),
            pygame.K_e: lambda s: self.set_dial("off") if s else self.cycle_enforcement(),
            pygame.K_p: lambda s: self.do_pass(),
            pygame.K_q: lambda s: self.point(),
            pygame.K_o: lambda s: self.cycle_hand_order(),
            pygame.K_i: lambda s: self.info_dialog(),
            pygame.K_k: lambda s: self.moderation_dialog(),
            pygame.K_RETURN: lambda s: self.focus_chat(),
            pygame.K_KP_ENTER: lambda s: self.focus_chat(),
        }

    def targets(self, kinds: Sequence[str] | None = None) -> tuple[str, ...]:
        """The selection, else the piece under the cursor, filtered by kind."""
        ids = list(self.selected)
        if not ids:
            h = self.hover_hand.pid if self.hover_hand is not None else self.hover_item.pid if self.hover_item else None
            ids = [h] if h else []
        if kinds is not None:
            ids = [i for i in ids if self._kind(i) in kinds]
        return tuple(ids)

    def _kind(self, pid: str) -> str:
        item = self.layout.by_id.get(pid)
        if item is not None:
            return item.kind
        return next((p.get("kind", "card") for p in self._hand_pieces() if p["id"] == pid), "card")

    def act_pieces(self, make: Callable[[tuple[str, ...]], A.Action], kinds: Sequence[str] | None = None) -> None:
        ids = self.targets(kinds)
        if ids:
            self.submit(make(ids))

    def _piece_view(self, pid: str) -> dict[str, Any] | None:
        item = self.layout.by_id.get(pid)
        if item is not None:
            return item.piece
        return next((p for p in self._hand_pieces() if p["id"] == pid), None)

    def reveal(self, ids: Sequence[str], to: int | None = None, seconds: int | None = None) -> None:
        """Show cards to everyone (or seat `to`) until this seat ends it, or for `seconds`: only cards this seat
        sees itself can be (a face-down card: flip or look first)."""
        if not ids:
            return
        seen = tuple(i for i in ids if (self._piece_view(i) or {}).get("card"))
        if not seen:
            self.notify("Can't reveal a card you cannot see yourself: flip it, or look at it first", "error")
            return
        r = self.submit(A.Reveal(seen, to=to, seconds=seconds or None))
        if r.accepted:
            self.reveals.add(self, seen, to, seconds, r.entry.seq if r.entry is not None else None)

    def reveal_menu(self, pos: tuple[int, int], ids: Sequence[str]) -> None:
        """The reveal menu: to everyone or one seat, until ended or for a few seconds."""
        self.menu = ContextMenu(self.manager, pos, "Reveal", reveal_menu_items(ids, self._names(), self.seat,
                                                                               self.reveal), self.size)

    def target_zone(self) -> str | None:
        """The deck or pile under the cursor, else this seat's deck, else the shared deck."""
        z = self.hover_zone
        if z is not None and z.layout == "stack":
            return z.name
        if self.hover_item is not None and self.hover_item.layout == "stack":
            return self.hover_item.zone
        for name in (f"deck:{self.seat}", "deck"):
            zb = self.layout.zone_by_name.get(name)
            if zb is not None and (zb.count or name == "deck"):
                return name
        return None

    def draw_card(self) -> None:
        zone = self.target_zone()
        self.submit(A.Draw(1, source=zone))

    def deal(self) -> None:
        self.submit(A.Deal(1, source=self.target_zone()))

    def shuffle(self) -> None:
        zone = self.target_zone()
        if zone is not None:
            self.submit(A.Shuffle(zone))

    def attach(self) -> None:
        host = self.hover_item
        if host is None:
            return
        for pid in [s for s in self.selected if s != host.pid]:
            self.submit(A.Attach(pid, host.pid))

    def detach(self) -> None:
        for pid in self.targets():
            item = self.layout.by_id.get(pid)
            if item is not None and item.piece.get("attached_to"):
                self.submit(A.Detach(pid))

    def to_hand(self) -> None:
        if self.layout.hand is not None:
            self.act_pieces(lambda ids: A.Move(ids, self.layout.hand.name), kinds=("card",))

    def create(self, kind: str) -> None:
        wx, wy = self.camera.to_world(*self.mouse) if self._over_table(self.mouse) else (
            self.camera.table_w / 2, self.camera.table_h / 2)
        if kind == "token":
            action = A.CreatePiece("token", "table", round(wx), round(wy), color=next(self.token_colors))
        elif kind == "die":
            action = A.CreatePiece("die", "table", round(wx), round(wy), sides=6)
        else:
            action = A.CreatePiece("counter", "table", round(wx), round(wy), label="Counter")
        self.submit(action)

    def roll(self) -> None:
        dice = self.targets(("die",))
        if not dice:
            dice = tuple(i.pid for i in self.layout.items if i.kind == "die")
        if dice:
            self.submit(A.Roll(dice))

    def flip(self) -> None:
        """F: flip the selected cards, else the one under the cursor; a card in a hidden deck is not flipped (no one
        would see it turn), and the window says what to do instead."""
        ids = self.targets(("card",))
        hidden = {z.name for z in self.layout.zones if z.visibility == "hidden" and z.layout == "stack"}
        in_deck = [i for i in ids if (item := self.layout.by_id.get(i)) is not None and item.zone in hidden]
        if in_deck and len(in_deck) == len(ids):
            self.notify("A card in a face-down deck stays hidden when flipped: draw it (D), drag it out to flip "
                        "it, or look at it (L)")
            return
        ids = tuple(i for i in ids if i not in in_deck)
        if ids:
            self.submit(A.Flip(ids))

    def bump(self, delta: int) -> None:
        """+ / -: the counter on the piece under the cursor, else on each selected piece."""
        hover = self.hover_item.pid if self.hover_item is not None else None
        for pid in (hover,) if hover is not None else self.targets():
            kind = self._kind(pid)
            self.submit(A.AddCounter("value" if kind in ("counter", "token") else "counter", delta, piece=pid))

    def cycle_enforcement(self) -> None:
        if self.source is None:
            return
        cur = self.view.get("enforcement", "off")
        nxt = ENFORCEMENT[(ENFORCEMENT.index(cur) + 1) % len(ENFORCEMENT)] if cur in ENFORCEMENT else "off"
        self.set_dial(nxt)

    def set_dial(self, mode: str) -> None:
        """Turn the rules dial to `mode` (Shift+E: off, in one key) and say what the table does now."""
        if self.source is None or mode == self.view.get("enforcement"):
            return
        if self.submit(A.SetEnforcement(mode)).accepted:
            self.dial_said(mode)

    def dial_said(self, mode: str) -> None:
        self.notify(dial_words(mode, self.view.get("ruleset")), "info", 5.0)

    def do_pass(self) -> None:
        if self.legal.passes:
            self.submit(self.legal.passes[0])
            return
        who = who_acts(self.view.get("rules") or {}, self.legal.summary, self.seat, self._names(),
                       len(self.view.get("players", [])))
        self.notify(f"Nothing to pass right now: {who} to act" if who else "Nothing to pass right now", "info", 3.0)

    def focus_chat(self) -> None:
        if self.side is not None:
            self.side.chat.focus()
            self.manager.set_focus_set(self.side.chat)

    def next_seat_cover(self) -> None:
        if self.session is None or self.source is None or not self.source.hotseat:
            if self.source is not None:
                self.notify("At a LAN table each player has a window of their own", "info", 2.5)
            return
        if len(self.session.state.seats) < 2:
            return
        seats = self.session.state.seats
        people = [s for s in seats if s not in self.bot_names or s == self.seat]  # bots need no turn at the table
        seats = people if len(people) > 1 else seats
        self.cover_seat = seats[(seats.index(self.seat) + 1) % len(seats)] if self.seat in seats else seats[0]
        self.selected = []
        self.notices.clear()  # refusals and warnings were worded for the last seat: they may name its cards
        if self.side is not None:
            self.side.set_preview(None, None)  # the card the last seat hovered may be one of its hand
        # what the last seat had in hand ends here: a gesture, a menu, a question, a look into a deck
        self.press = self.drag = self.box = self.pan_from = None
        self._stack_lift = None
        self.big_preview = False
        if self.menu is not None:
            self.menu.kill()
            self.menu = None
        if self.prompt is not None:
            self.prompt.window.kill()
            self.prompt = None
        if self.peek is not None:
            self.peek.close()

    def switch_seat(self, seat: int) -> None:
        self.seat = seat
        self.view_key = None
        self.refresh(force=True)

    def open_menu(self, pos: tuple[int, int], p: _Press) -> None:
        """The right-click menu for what was under the cursor: a piece, a deck, or the open table."""
        if self.menu is not None:
            self.menu.kill()
        items: list[tuple[str, Callable[[], Any]]] = []
        title = "Table"
        wx, wy = self.camera.to_world(*pos)
        target = p.hand.pid if p.hand is not None else p.item.pid if p.item is not None else None
        if target is not None and target not in self.selected:
            self.selected = [target]
        ids = tuple(self.selected)
        item = p.item
        if item is not None and item.layout == "stack":
            zone = item.zone
            title = self._zone_labels().get(zone, zone)
            items += [("Draw a card", lambda: self.submit(A.Draw(1, source=zone))),
                      ("Draw N…", lambda: self._ask_int("Draw how many?", "2", lambda n: self.submit(A.Draw(n, source=zone)))),
                      ("Deal one to each seat", lambda: self.submit(A.Deal(1, source=zone))),
                      ("Shuffle", lambda: self.submit(A.Shuffle(zone))),
                      ("Look at top N…", lambda: self.look_prompt(zone)),
                      ("Search", lambda: self.search(zone)),
                      ("Flip top card", lambda: self.submit(A.Flip((item.pid,)))),
                      ("Reveal top card", lambda: self.reveal((item.pid,)))]
            self.selected = []
        elif target is not None:
            kind = self._kind(target)
            title = self._piece_title(target)
            items += self._legal_items(target)
            if kind == "card":
                items += [("Flip  (F)", lambda: self.submit(A.Flip(ids))),
                          ("Tap / untap  (T)", lambda: self.submit(A.Tap(ids))),
                          ("Rotate 90°  (R)", lambda: self.submit(A.Rotate(ids, 90))),
                          ("Reveal to everyone  (V)", lambda: self.reveal(ids)),
                          ("Reveal to… / for…", lambda: self.reveal_menu(pos, ids)),
                          ("Counter +1  (+)", lambda: self.submit(A.AddCounter("counter", 1, piece=target))),
                          ("Counter -1  (-)", lambda: self.submit(A.AddCounter("counter", -1, piece=target)))]
                if self.layout.hand is not None:
                    hand = self.layout.hand.name
                    items.append(("To my hand  (H)", lambda: self.submit(A.Move(ids, hand))))
                for zname, label in (("discard", "To discard"), ("deck", "To top of deck")):
                    z = f"{zname}:{self.seat}" if f"{zname}:{self.seat}" in self.layout.zone_by_name else zname
                    if z in self.layout.zone_by_name:
                        items.append((label, lambda z=z: self.submit(A.Move(ids, z))))
                if item is not None and item.piece.get("attached_to"):
                    items.append(("Detach", lambda: self.submit(A.Detach(target))))
                others = [s for s in self.selected if s != target]
                if others:
                    items.append(("Attach selected under this", lambda: [self.submit(A.Attach(o, target)) for o in others]))
            elif kind == "die":
                items += [("Roll  (X)", lambda: self.submit(A.Roll(ids))), ("Throw  (Shift+X)", self.throw_dice),
                          ("Remove", lambda: self.submit(A.DeletePiece(ids)))]
            else:
                items += [("+1", lambda: self.submit(A.AddCounter("value", 1, piece=target))),
                          ("-1", lambda: self.submit(A.AddCounter("value", -1, piece=target))),
                          ("Remove", lambda: self.submit(A.DeletePiece(ids)))]
        else:
            title = "Table"
            x, y = round(wx), round(wy)
            items += [("New token", lambda: self.submit(A.CreatePiece("token", "table", x, y, color=next(self.token_colors)))),
                      ("New die (d6)", lambda: self.submit(A.CreatePiece("die", "table", x, y, sides=6))),
                      ("New die (d20)", lambda: self.submit(A.CreatePiece("die", "table", x, y, sides=20))),
                      ("New counter", lambda: self.submit(A.CreatePiece("counter", "table", x, y, label="Counter"))),
                      ("Roll all dice", self.roll),
                      (f"Physics {'off' if self.physics_on else 'on'}  (G)", lambda: self.set_physics(not self.physics_on)),
                      ("My score +1", lambda: self.submit(A.AddCounter("score", 1, seat=self.seat))),
                      ("My score -1", lambda: self.submit(A.AddCounter("score", -1, seat=self.seat))),
                      ("My pool +1", lambda: self.submit(A.AddCounter("pool", 1, seat=self.seat))),
                      ("My pool -1", lambda: self.submit(A.AddCounter("pool", -1, seat=self.seat))),
                      ("Fit table  (Home)", self.fit),
                      *([("Players and spectators…  (K)", self.moderation_dialog)] if self.moderator() else []),
                      ("Decks: browse cards, edit decks…  (F6)", self.open_deck_editor),
                      ("Quit  (Ctrl+Q)", self.close)]
        self.menu = ContextMenu(self.manager, pos, title, items, self.size)

    def _legal_items(self, pid: str) -> list[tuple[str, Callable[[], Any]]]:
        """The legal moves that play this card, first in its menu: one item, one click, per move."""
        moves = self.legal.moves
        return [(text, lambda move=moves[i]: self.submit(move))
                for i, text in card_moves(self.legal.rows, pid, self._card_name(pid)) if i < len(moves)]

    def _ask_int(self, title: str, initial: str, then: Callable[[int], Any]) -> None:
        def answer(text: str) -> None:
            try:
                then(max(1, int(text.strip())))
            except ValueError:
                self.notify("Type a whole number", "error")

        self.prompt = Prompt(self.manager, self.size, title, initial, answer)

    def _piece_title(self, pid: str) -> str:
        piece = self.layout.by_id[pid].piece if pid in self.layout.by_id else next(
            (p for p in self._hand_pieces() if p["id"] == pid), {})
        ref = piece.get("card")
        if ref:
            card = self._card(ref)
            return card.name if card is not None else ref
        kind = piece.get("kind", "card")
        return {"card": "Face-down card", "die": f"Die (d{piece.get('sides', 6)})"}.get(kind, piece.get("label") or kind.capitalize())
