"""The panels around the table: top bar, side panel (status, legal moves, seats, log, preview), the ruleset's
board above the table and tooltips, all drawn from the seat's stream.
"""

from __future__ import annotations

import html
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pygame

from ...core import actions as A
from ..app.settings import (
    LOG_ROWS,
    PREVIEW_H,
)
from ..app.source import (
    LogRow,
)
from ..dialogs.moderate import moderate_link
from ..dialogs.widgets import (
    HelpOverlay,
)
from .byhandrows import ordinal
from .describe import entry_html
from .hud import HudContext, make_hud
from .movelist import counted_rows
from .sidepanel import SeatLine, SidePanel
from .status import status_html
from .topbar import TopBar, bar_height, with_connection
from .whatnow import (
    MoveRow,
    StatusLine,
    hand_to,
    kind_verb,
    move_rows,
    status_variants,
    who_acts,
    with_handover,
)

__all__ = ["PanelsMixin"]


@dataclass(slots=True)
class _Legal:
    seq: int = -1
    seat: int | None = None
    pieces: frozenset[str] = frozenset()
    passes: list[A.Action] = field(default_factory=list)
    moves: list[A.Action] = field(default_factory=list)
    more: bool = False
    #: False when this machine cannot know the seat's legal moves (a seat joined over the LAN)
    known: bool = True
    #: the summary as the stream gave it (`tabletop.core.legal.legal_summary`), for the words and the rows
    summary: dict[str, Any] = field(default_factory=dict)
    #: the rows of the legal-move list, as last shown
    rows: list[MoveRow] = field(default_factory=list)


class PanelsMixin:
    """The panels around the table: top bar, side panel (status, legal moves, seats, log, preview), the ruleset's (a part of `TableApp`)."""

    def _viewport(self) -> tuple[int, int, int, int]:
        """The table's part of the window (x, y, w, h): under the top bar and the ruleset's board, left of the
        side panel."""
        w, h = self.size
        top = self._hud_height() + self.replay_height()
        bar = bar_height(w)
        return (0, bar + top, max(100, w - self.side_w()), max(100, h - bar - top))

    def _hud_height(self) -> int:
        """Pixels above the table kept for the board a ruleset registered (tabletop.ui.panels)."""
        if self.hud is None:
            return 0
        return self.hud.height(max(100, self.size[0] - self.side_w()), self.hud_open)

    def log_rows(self, n: int) -> list[LogRow]:
        """The log panel's last `n` lines: the lines the seat's stream brought, as the seat may read them."""
        return [LogRow((line.get("seq", 0), key), len(line.get("violations") or ()), lambda line=line: line)
                for key, line in self.table.log[-n:]]

    def _kill_table_widgets(self, windows: bool = True) -> None:
        """Take down the bar, the side panel, the menu and help; with `windows` also the dialogs (a new table:
        they belonged to the old one). A resize keeps them, so a search, a vote or a half-filled form survives."""
        for w in (self.topbar, self.side, self.menu, self.help):
            if w is not None:
                w.kill()
        self.topbar = self.side = self.menu = self.help = None
        if self.hud is not None:  # its scrolling panels
            self.hud.kill()
        if not windows:
            return
        for d in (self.dialog, self.newgame, self.vote_dialog, self.join_dialog, self.prompt):
            if d is not None:
                d.window.kill()
        if self.peek is not None:
            self.peek.closed = True
            self.peek.window.kill()
        self.dialog = self.peek = self.newgame = self.prompt = None
        self.vote_dialog = self.join_dialog = None

    def _keep_windows_on_screen(self) -> None:
        """After a resize: move every open window back inside the screen, so none is left out of reach."""
        wins = [d.window for d in (self.dialog, self.newgame, self.vote_dialog, self.join_dialog, self.prompt,
                                   self.peek) if d is not None]
        if self.file_dialog is not None:
            wins.append(self.file_dialog)
        for win in wins:
            if not win.alive():
                continue
            r = win.get_abs_rect()
            x = max(0, min(r.x, self.size[0] - r.w))
            y = max(0, min(r.y, self.size[1] - r.h))
            if (x, y) != r.topleft:
                win.set_position((x, y))

    def _build_table_widgets(self, windows: bool = True) -> None:
        self._kill_table_widgets(windows)
        assert self.source is not None
        self.hud = make_hud(self.view.get("ruleset", ""), self.assets)
        self.topbar = TopBar(self.manager, self.size[0], self.view.get("enforcement", "off"), self._is_host(),
                             lan=self.source.kind != "local")
        if windows:
            self.hud_open = self.board_starts_open()
        self.side = SidePanel(self.manager, self.side_rect(), PREVIEW_H, rules=self._rules_panel(),
                              seats=len(self.view.get("players", ())))
        if not self.side_open:
            self.side.panel.hide()
        self.camera.viewport = self._viewport()
        self._place_notices()

    def _place_notices(self) -> None:
        """Notices go on the table where they cover no zone label (`_free_spot`), never on the side panel: its
        preview is the card a player is reading when a warning or a refusal comes."""
        vx, vy, vw, _ = self._viewport()
        w = min(620, vw - 40)
        self.notices.place(vx + (vw - w) // 2, vy + 8, w, self._free_spot)

    def _free_spot(self, w: int, h: int) -> tuple[int, int]:
        """The top-left of a `w` x `h` box centred across the table: in the band (the highest of equals) that covers
        no zone label and the least of the zones, else at the table's foot."""
        vx, vy, vw, vh = self._viewport()
        x = vx + (vw - w) // 2
        bottom = min(self.table_floor(), vy + vh)  # type: ignore[attr-defined]
        names = {p["seat"]: p for p in self.view.get("players", [])}
        labels, zones = [], []
        for z in self.layout.zones:
            placed = self.renderer.label_placement(z, self.camera, names)
            if placed is not None:
                labels.append(placed.rect)
            if not (z.layout == "free" and z.name == "table") and z is not self.layout.hand:
                zones.append(self.renderer.screen_rect(self.camera, z.rect))
        best: tuple[int, int] | None = None
        for y in range(vy + 8, bottom - h - 4, 4):
            box = pygame.Rect(x, y, w, h)
            if box.collidelist(labels) >= 0:
                continue
            covered = sum(c.w * c.h for c in (box.clip(z) for z in zones))
            if best is None or covered < best[0]:
                best = (covered, y)
                if not covered:
                    break
        return (x, best[1]) if best is not None else (x, max(vy + 8, vy + vh - h - 8))

    def _rules_panel(self) -> bool:
        """Whether the side panel shows the rules panel: for a ruleset that tells a status (not the sandbox)."""
        return self.source is not None and bool(self.view.get("rules"))

    def _is_host(self) -> bool:
        """Whether this seat may turn the rules dial (at a LAN table: the host's own seat only)."""
        return self.source is not None and self.source.can_turn_dial(self.seat)

    def _names(self) -> dict[int, str]:
        names = {p["seat"]: p.get("name", f"Seat {p['seat'] + 1}") for p in self.view.get("players", [])}
        for p in (self.source.players() or []) if self.source is not None else []:
            if p.get("name"):  # the name a player joined with
                names[p["seat"]] = p["name"]
        return names

    def _zone_labels(self) -> dict[str, str]:
        names = self._names()
        out = {}
        for z in self.layout.zones:
            label = z.label
            if z.owner is not None:
                label = f"{names.get(z.owner, z.owner)}'s {label.lower()}"
            out[z.name] = label
        return out

    def _entry_html(self, row: LogRow, names: dict[int, str], zones: dict[str, str],
                    number: int | str | None = None) -> str:
        """A log line as this seat may read it, as HTML, numbered as its reader counts (cached: lines do not change
        once logged; an undo renumbers the lines after it)."""
        key = (row.key, row.version, self.seat, number)
        html_text = self._entry_cache.get(key)
        if html_text is None:
            if len(self._entry_cache) > 4 * LOG_ROWS:
                self._entry_cache.clear()
            html_text = entry_html(row.line(), names, zones, self._log_name, number)
            self._entry_cache[key] = html_text
        return html_text

    def _log_name(self, text: str) -> str | None:
        """A log line's name for a piece: its card's, else a counter's, token's or die's label as the table shows it
        ("added 1 to Counter", not "on a piece")."""
        name = self._card_name(text)
        p = self.table.patched.pieces.get(text) if name is None and self.table.patched is not None else None
        if p is not None and p.get("kind") in ("counter", "token", "die"):
            return str(p.get("label") or f"a {p['kind']}")
        return name

    def _place_of(self, pid: str) -> str | None:
        """Where a card of a stack is, as a choice tells it apart from cards of its name elsewhere ("2nd from the
        top of your draw deck"); None for a card anywhere else."""
        view = self.table.patched
        zone = view.where.get(pid) if view is not None else None
        if zone is None or view.metas[zone].get("layout") != "stack":
            return None
        owner = view.metas[zone].get("owner")
        label = self._zone_labels().get(zone, zone)
        if owner is not None and owner == self.seat:
            label = "your " + label.split("'s ", 1)[-1]
        return f"{ordinal(view.names[zone].index(pid) + 1)} from the top of {label}"

    def _card_name(self, text: str) -> str | None:
        """A card's name for a piece id this seat sees in its view, or for a card reference; else None."""
        ref = self.table.card_of(text)
        if ref is None and "/" in text:
            ref = text
        if ref is None:
            return None
        card = self._card(ref)
        return card.name if card is not None else None

    def _update_rules_panel(self, whatnow: str = "") -> None:
        side = self.side
        if side is None or side.status is None or self.source is None:
            return
        names = self._names()
        rules = self.view.get("rules") or {}
        head = f"<font color='#9fd3ff'><b>{html.escape(whatnow)}</b></font><br>" if whatnow else ""
        side.set_status(head + status_html(rules, names, self._card_name))
        legal = self.legal
        moves = [a.to_dict() for a in legal.moves]
        legal.rows = move_rows(moves, legal.summary.get("paths") or (), self._card_name, names, _token_words(rules),
                               _piece_fields, rules, place_of=self._place_of)
        # rows alike (two copies of a card) as one row with their count: a click plays one of them
        items = [(text, f"move_{i}") for text, i in counted_rows([(row.label, bool(row.kind)) for row in legal.rows])]
        if side.moves is not None:  # a row in short words, a heading: what it tells on hover
            side.moves.tips = {oid: legal.rows[int(oid[5:])].tip for _, oid in items if legal.rows[int(oid[5:])].tip}
        n = len(legal.moves)
        label: str | list[str]
        replay = getattr(self, "replaying", None) is not None
        if self.seat is None:  # a spectator, at a LAN table or looking on in a replay
            label = ["You are watching: spectators make no moves", "Watching: spectators make no moves",
                     "Watching: no moves"]
        elif not legal.known:
            label = "Legal moves are worked out on the host"
            if self.hud is not None:
                label += " (use the board above)"
        elif n and replay:  # what the seat could do then; a click says how to play on from here
            label = [f"Legal moves for {names.get(self.seat, 'you')} here: {n} (Enter plays on from here)",
                     f"Legal moves here: {n} (Enter plays on)"]
        elif n:
            label = f"Legal moves for {names.get(self.seat, 'you')}: {n}{'+' if legal.more else ''} (click one)"
        else:  # the list folds away: its label alone says why there is nothing to do
            me = names.get(self.seat, "you")
            who = who_acts(rules, legal.summary, self.seat, names, len(self.view.get("players", [])))
            label = [f"No legal moves for {me} now"]
            if who is not None:
                label = [f"No legal moves for {me} now: {who} to act", f"No legal moves: {who} to act",
                         f"Nothing to do: {who} to act", f"{who} to act", *label]
        side.set_moves(items, label)

    def _update_legal(self) -> None:
        """The seat's legal moves from its stream: the cards to glow (in warn/strict), the list and the Pass button."""
        if self.view_key is None:
            return
        key = (self.view_key[0], self.seat)
        if (self.legal.seq, self.legal.seat) == key:
            return
        found = self.table.legal
        if found is None:
            self.legal = _Legal(key[0], self.seat, known=False)
            return
        if found.get("error"):
            self.notify(f"legal moves unavailable: {found['error']}", "warn")
        moves, paths = _moves_and_paths(found)
        # every dial position: in off nothing is checked, but the moves the rules allow are still worth showing
        self.legal = _Legal(key[0], self.seat, frozenset(found.get("glow", ())), _actions(found.get("passes", ())),
                            moves, bool(found.get("more")), summary={**found, "paths": paths})

    def _update_widgets(self) -> None:
        if self.topbar is None or self.side is None or self.source is None:
            return
        v = self.view
        names = self._names()
        mode = v.get("enforcement", "off")
        self.topbar.set_mode(mode, self._is_host())
        rules = v.get("rules") or {}
        variants = status_variants(_title(v.get("ruleset", "")), rules, self.legal.summary if self.legal.known else None,
                                   self.seat, names, len(v.get("players", [])), mode)
        nxt = hand_to(rules, self.legal.summary if self.legal.known else None, self.seat, len(v.get("players", [])))
        if self.source.hotseat and nxt is not None and nxt not in self.bot_names:
            variants = with_handover(variants, names.get(nxt, f"Seat {nxt + 1}"))
        lan = self.source.connection_lines(self.seat, names)
        if lan:  # the connection always shows, before any of the status's own words; who is where when there is room
            shown = StatusLine(*with_connection(lan, variants, variants.whole))
        label = None
        if self.legal.passes and getattr(self, "replaying", None) is None:  # a replay changes nothing
            t = self.legal.passes[0].type
            label = "Next phase" if "phase" in t else "Pass" if "pass" in t else kind_verb(t).capitalize()
        self.topbar.show_pass(label)  # first: the status line takes the button's room when it is hidden
        line = shown if lan else variants
        self.topbar.set_status(line, line.whole, line.first)
        self._update_rules_panel(variants[0])
        self.side.set_players(*self._players_lines())
        # log
        zl = self._zone_labels()
        logged = self.log_rows(LOG_ROWS)
        # numbered as the reader sees them: undone lines leave the log and the count (`TableView.log_start`); a
        # chat line is no move of the game and takes no number
        played = [not _is_chat(line) for _, line in self.table.log]
        n = self.table.log_start + sum(played[:len(played) - len(logged)])
        rows: list[tuple[Any, str]] = []
        for r in logged:
            chat = _is_chat(r.line())
            n += 0 if chat else 1
            rows.append((r.key, self._entry_html(r, names, zl, "" if chat else n)))
        # the app's own lines (refusals, LAN news) go after the log line they followed
        own = [(seq, text) for seq, text, seat in self.local_log if seat is None or seat == self.seat]
        for i, (seq, text) in enumerate(own[-30:]):
            rows.append(((seq, 1 << 62 | i), text))
        rows.sort(key=lambda r: r[0])
        if getattr(self.side, "log_seat", self.seat) != self.seat:  # another seat reads other words: redraw them all
            self.side.log_keys = []
        self.side.log_seat = self.seat
        self.side.set_log(rows, "<font color='#8a949e'>Nothing has happened yet.</font>")
        if self.peek is not None and not self.peek.closed:
            self.peek.set_entries(self._peek_entries(self.peek.zone))

    def _players_lines(self) -> tuple[str, list[SeatLine]]:
        """The seats: name, hand size and counters, as a line per seat in ways to word it, longest first (the box
        shows the longest that fits on one line); at a LAN table also who is connected, and above them whether
        the host is lost or the game paused."""
        v = self.view
        counts = {z.owner: z.count for z in self.layout.zones if z.kind == "hand"}
        lan = {p["seat"]: p for p in (self.source.players() or [])} if self.source is not None else {}
        head = ""
        ended = self.source.ended() if lan and self.source is not None else ""
        if ended:  # removed by the host, or refused: this window does not reconnect
            head = f"<font color='#ff8080'><b>{html.escape(ended)}</b></font>"
        elif lan and self.source is not None and not self.source.online:
            head = "<font color='#ff8080'><b>Host lost: reconnecting…</b></font>"
        elif lan and self.source is not None and self.source.paused:
            head = "<font color='#ffd450'><b>The game is paused</b></font>"
        if ended:  # the players list is the one from before: this window is no longer at the table
            lan = {}
        if lan and not ended and self.moderator() is not None:  # the host's door to the Players window (K)
            head = "<br>".join(filter(None, [head, moderate_link(self.source)]))
        lines = []
        for p in v.get("players", []):
            seat = p["seat"]
            counters = [f"{k} {val}" for k, val in (p.get("counters") or {}).items()]
            me = " (you)" if seat == self.seat else ""
            colour = p.get("color") or "#e6e9ec"
            name = p.get("name", "")
            net = net_text = ""
            if seat in lan:
                c = lan[seat]
                name = c.get("name") or name
                if c.get("connected"):
                    net = "<font color='#7ddc7d'>connected</font>" + (" (host)" if c.get("local") else "")
                    net_text = "connected" + (" (host)" if c.get("local") else "")
                elif c.get("claimed"):
                    net, net_text = "<font color='#ff8080'>disconnected</font>", "disconnected"
                elif c.get("closed"):  # the host closed it (net/moderation.py)
                    net, net_text = "<font color='#8a949e'>closed seat</font>", "closed seat"
                else:
                    net, net_text = "<font color='#8a949e'>open seat</font>", "open seat"
                standin = self._standin_words(seat, c)  # a stand-in bot plays it, or the host's link to one
                if standin is not None:
                    net, net_text = f"{net} · {standin[0]}", f"{net_text} · {standin[1]}"
                net, net_text = " · " + net, " · " + net_text
            n = counts.get(seat, 0)
            tails = [f": {n} in hand" + "".join("  " + c for c in counters),  # shorter ways, for a narrow box
                     f": hand {n}" + "".join(", " + c for c in counters),
                     f": hand {n}" + "".join(" " + c for c in counters),
                     f": hand {n}" + "".join(" " + c.replace(" ", "") for c in counters)]  # "cp5 rp11"
            bold = f"<font color='{colour}'><b>{html.escape(name)}</b></font>"
            lines.append([(bold, name, me + net + html.escape(t), me + net_text + t) for t in dict.fromkeys(tails)])
        return head, lines

    def toggle_hud(self) -> None:
        """F2: fold the ruleset's board above the table to one line, or open it again."""
        if self.hud is None:
            return
        self.hud_open = not self.hud_open
        self.camera.viewport = self._viewport()
        self._place_notices()
        self.fit()

    def _hud_rect(self) -> pygame.Rect:
        return pygame.Rect(0, bar_height(self.size[0]), max(100, self.size[0] - self.side_w()), self._hud_height())

    def _hud_click(self, pos: tuple[int, int]) -> bool:
        """A left click on the board: its header folds it, its buttons submit their action. False: not on it."""
        if self.hud is None or not self._hud_rect().collidepoint(pos):
            return False
        target = self.hud.hit(pos)
        if target == "toggle":
            self.toggle_hud()
        elif isinstance(target, dict):
            try:
                action = A.action_from_dict(target)
            except Exception as e:  # a board offering a malformed action is a bug; say so, keep playing
                self.notify(f"Cannot do that: {e}", "error")
                return True
            self.submit(action)
        return True

    def _draw_hud(self, surface: pygame.Surface) -> None:
        if self.hud is None:
            return
        ctx = HudContext(self.view.get("rules") or {}, self.seat, self._names(), self._card_name, self.table.cards,
                         manager=self.manager, quiet=self._ui_quiet)
        self.hud.draw(surface, self._hud_rect(), ctx, self.view_key, self.hud_open, self.mouse)

    def toggle_help(self) -> None:
        if self.help is not None:
            self.help.kill()
            self.help = None
        else:
            self.help = HelpOverlay(self.manager, self.size)

    def _update_preview_and_tooltip(self) -> None:
        piece = self._hover_piece()
        if self.side is not None:
            if piece is not None and piece.get("kind", "card") == "card":
                ref = piece.get("card") if piece.get("face_up", True) or self.hover_hand is not None or piece.get("card") else None
                key = ("card", ref)
                if key != self.side.preview_key:
                    # drawn at the pane's height (a card as tall as PREVIEW_H lost its lower part in a short pane)
                    h = min(PREVIEW_H, self.side.preview_rect.h)
                    self.side.set_preview(key, self.assets.preview(ref, h))
            elif self.side.overlay_preview and self.side.preview_key is not None:
                self.side.set_preview(None, None)  # nothing hovered: the overlay leaves the seats and status in view
        # stacks tell their count on hover (a pygame-gui tooltip after a short rest)
        tip_for = None
        text = ""
        if self.menu is not None:  # the menu says what the tooltip would, and the tooltip would cover its first item
            pass
        elif self.hover_item is not None and self.hover_item.layout == "stack":
            zone = self.layout.zone_by_name.get(self.hover_item.zone)
            if zone is not None:
                tip_for = f"{zone.name}:{zone.count}"
                text = f"<b>{html.escape(self._zone_labels().get(zone.name, zone.name))}</b>: {zone.count} card" + ("s" if zone.count != 1 else "")
        elif self.hover_zone is not None and self.hover_zone.kind == "hand" and not self.hover_zone.mine:
            tip_for = f"{self.hover_zone.name}:{self.hover_zone.count}"
            text = f"<b>{html.escape(self._zone_labels().get(self.hover_zone.name, ''))}</b>: {self.hover_zone.count} cards"
        now = time.monotonic()
        if tip_for != self.tooltip_for:
            self.tooltip_for = tip_for
            self.hover_since = now
            if self.tooltip is not None:
                self.tooltip.kill()
                self.tooltip = None
        if tip_for is not None and self.tooltip is None and (now - self.hover_since > 0.3 or self.fps == 0):
            self.tooltip = self.manager.create_tool_tip(text, self.mouse, (0, 24), None, None)


def _token_words(status: Mapping[str, Any]) -> dict[str, str]:
    """Opaque tokens a status lists (questions, guesses) -> the words it gives them ("Is your X-File's ...?")."""
    out: dict[str, str] = {}
    for value in status.values():
        if isinstance(value, list):
            for row in value:
                if isinstance(row, Mapping) and isinstance(row.get("token"), str):
                    words = row.get("text") or row.get("name")
                    if words:
                        out[row["token"]] = str(words)
    return out


def _title(ruleset: str) -> str:
    from ...rules import RULESETS

    cls = RULESETS.get(ruleset)
    return getattr(cls, "title", ruleset) if cls is not None else ruleset


def _piece_fields(kind: str) -> tuple[str, ...]:
    cls = A.ACTION_TYPES.get(kind)
    return cls.piece_fields if cls is not None else ()


def _moves_and_paths(found: Mapping[str, Any]) -> tuple[list[A.Action], list[list[Any]]]:
    """The summary's moves this window knows how to build, each with the cards it plays (kept side by side)."""
    paths = found.get("paths") or []
    moves, kept = [], []
    for i, d in enumerate(found.get("moves", ())):
        built = _actions([d])
        if built:
            moves.append(built[0])
            kept.append(paths[i] if i < len(paths) and isinstance(paths[i], list) else [])
    return moves, kept


def _actions(dicts: Iterable[dict[str, Any]]) -> list[A.Action]:
    """Actions from a legal-move summary (one a newer host names and this window does not know is left out)."""
    out = []
    for d in dicts:
        try:
            out.append(A.action_from_dict(d))
        except (A.ActionFormatError, KeyError, TypeError, ValueError):
            continue
    return out


def _is_chat(line: Any) -> bool:
    """A line players said (chat, a pointer), not a move of the game: the log numbers only the moves."""
    return isinstance(line, dict) and (line.get("action") or {}).get("type") in ("chat", "point")
