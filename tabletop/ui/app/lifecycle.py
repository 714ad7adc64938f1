"""The session lifecycle of a window: the start screen, a local table, hosting it on the LAN, joining one, saving,
opening, autosave, bots and physics, and leaving.
"""

from __future__ import annotations

import contextlib
import html
import signal
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pygame

from ...core.session import Result, Session
from ..dialogs.widgets import (
    StartScreen,
)
from ..table.motion import Motion
from .hosted import HostedSource
from .rejoin import KnownSeat
from .remote import RemoteSource
from .source import (
    Happening,
    LocalSource,
    TableSource,
)

__all__ = ["CARD_POLL_S", "LifecycleMixin"]

#: how often (seconds of the window's time) card files are checked for edits: one stat per file
CARD_POLL_S = 1.0


class LifecycleMixin:
    """The session lifecycle of a window: the start screen, a local table, hosting it on the LAN, joining one, saving, (a part of `TableApp`)."""

    def open_deck_editor(self, deck: Any = None, ruleset: str | None = None) -> Any:
        """The card browser and deck editor, over the start screen (`tabletop decks`, the start screen's Decks) or
        over the game in play (F6, the table's menu), which it comes back to unchanged."""
        from ..decks.room import open_deck_editor

        return open_deck_editor(self, deck, ruleset)

    def show_start(self) -> None:
        self._kill_table_widgets()
        self._drop_source()
        self.start = StartScreen(self.manager, self.size)

    def _drop_source(self) -> None:
        """Leave the current table: flush its autosave, and close a LAN game (host or connection)."""
        self._flush_autosave()
        self.autosaver = None
        if self.source is not None and self.source.kind != "local":
            try:
                self.source.close()
            except Exception as e:  # closing must never stop the window
                self.notify(f"Closing the LAN game: {e}", "warn")
        self._close_stream()
        self.source = None
        self.session = None
        self.motion = None
        self._close_bots()
        self.vote_dialog = None

    def set_session(self, session: Session, seat: int = 0) -> None:
        """Put a session on the table (a new game, an opened save) and look at it as `seat`."""
        self.set_source(LocalSource(session), seat)

    def set_source(self, source: TableSource, seat: int = 0) -> None:
        """Put a table on the screen: a local session, a hosted LAN game or a joined one, seen as `seat`."""
        if self.start is not None:
            self.start.kill()
            self.start = None
        if source is not self.source:
            self._drop_source()
        self.source = source
        self.session = source.session
        self.cover_seat = None
        self.press = self.drag = self.box = self.pan_from = None
        pygame.display.set_caption({"host": "tabletop · hosting", "remote": "tabletop · joined"}.get(source.kind,
                                                                                                   "tabletop"))
        seats = source.seats
        if source.kind == "remote":
            seat = getattr(source, "seat", seat)
        # a spectator (a joined window with no seat) looks as no seat: the public view, no hand of its own
        watching = source.kind in ("remote", "replay") and seat is None
        self.seat = None if watching else seat if seat in seats else (seats[0] if seats else 0)
        # physics runs where the session runs: here, or on this window's host thread (resting moves go through
        # the host, and positions in flight are streamed to the joined seats); a joined window draws the host's
        self.motion = (Motion(source.session, enabled=self.physics_on, snap_zone=self._snap_zone,
                              on_result=self._physics_result, submit=source.submit)
                       if source.kind in ("local", "host") else None)
        self._make_bots()
        self._card_watchers()  # edits from now on are picked up
        self.selected = []
        self.local_log = []
        self.pointers.reset()
        self._entry_cache.clear()
        self.view_key = None
        self._open_stream()
        self._attach_autosave()
        self._build_table_widgets()
        self.refresh(force=True)
        self.fit()
        self.place_replay_bar()  # a replay's timeline, or none
        if source.kind in ("local", "host") and source.session is not None:
            from ...game import start_problems

            problems = start_problems(source.session)
            if problems:  # a warn game started with an illegal deck: the log lists each problem with its rule
                self.notify(f"The game starts with {len(problems)} deck problem(s) (rules dial at warn): see the log",
                            "warn", 10.0)

    def _stream_flights(self: Any) -> None:
        """Joined seats see the flight: positions while pieces fly, then one empty frame ("all at rest")."""
        if self.source is None or self.source.kind != "host" or self.motion is None:
            return
        if self.motion.busy():
            self._streaming = True
            self.source.stream_motion({p: m[:3] for p, m in self.motion.moving().items()})
        elif self._streaming:
            self._streaming = False
            self.source.stream_motion({})

    def _close_bots(self) -> None:
        if self.bots is not None:
            self.bots.close()
        self.bots = None
        if getattr(self.source, "bot_consent", None) is not None:
            self.source.bot_consent = None

    def _make_bots(self) -> None:
        from .botseats import BotSeats

        self._close_bots()
        if self.session is None or not self.bot_names:
            return
        if self.source is None or self.source.kind != "local":
            self.notify("Bots play at local tables only", "warn")
            return
        try:
            self.bots = BotSeats(self.session, self.bot_names, seed=self.session.state.rng.seed or 0,
                                 delay=self.bot_delay)
            self.source.bot_consent = (set(self.bots.bots), self.bots.consents)  # type: ignore[attr-defined]
        except Exception as e:  # an unknown bot or a ruleset without bots: play on without them
            self.notify(f"Bots are off: {e}", "warn")

    def set_bots(self, names: Mapping[int, str]) -> None:
        """Seat bots (seat from 0 -> `random` / `greedy`) at the current table."""
        self.bot_names = dict(names)
        self._make_bots()

    # -- live card edits (tabletop.cards.watch) --

    def poll_cards(self, force: bool = False) -> Any:
        """Pick up card files changed on disk, about once a second of the window's time (`force`: now).

        A reloaded set redraws every face and preview from the new text; its ruleset sees it too (the library is
        the one object both hold), so the seat's status and legal moves are worked out again, and a hosting window
        sends each joined seat its view again. A file with a mistake is shown as a message naming file and line,
        and the table keeps the last good cards. Returns what the poll found (None when it was not yet time).
        """
        if not force and self.now - self._cards_polled < CARD_POLL_S:
            return None
        self._cards_polled = self.now
        found = None
        for watcher in self._card_watchers():
            try:
                got = watcher.poll()
            except Exception as e:  # an unreadable folder must never stop the window
                self.notify(f"Watching the card files: {e}", "warn", 8.0)
                continue
            if found is None:
                found = got
            else:
                found.reloaded += got.reloaded
                found.problems += got.problems
        if found is None:
            return None
        for problem in found.problems[:4]:
            self._card_message(f"Card file not loaded: {problem}", "error")
        if len(found.problems) > 4:
            self._card_message(f"... and {len(found.problems) - 4} more problem(s) in the card files", "error")
        if found.reloaded:
            self._cards_changed(found.reloaded)
        elif found.problems:
            self._update_widgets()  # the log shows the problem too
        return found

    def _card_watchers(self) -> list[Any]:
        """One watcher per card library in use here: the window's (faces) and the session's ruleset's, if another."""
        from ...cards.watch import CardWatcher

        libraries = [self.library]
        rules_library = getattr(getattr(self.session, "rules", None), "library", None)
        if rules_library is not None and rules_library is not self.library:
            libraries.append(rules_library)
        known = {id(w.library): w for w in self._watchers}
        watchers = []
        for lib in libraries:
            if not hasattr(lib, "roots"):
                continue
            w = known.get(id(lib))
            if w is None:
                try:
                    w = CardWatcher(lib)
                except Exception:  # a library not read from folders: nothing to watch
                    continue
            watchers.append(w)
        self._watchers = watchers
        return watchers

    def _card_message(self, text: str, level: str) -> None:
        self.notify(text, level, 12.0)
        self.local_log.append((self._anchor(), f"<font color='#ff8080'>{html.escape(text)}</font>", None))

    def _cards_changed(self, sets: list[str]) -> None:
        """Cards were reloaded: drop every face drawn from the old text and show the table again."""
        from ..table.render import Renderer

        self.assets.forget_cards()
        self.renderer = Renderer(self.assets)
        self._entry_cache.clear()
        if self.side is not None:
            self.side.preview_key = None
        if self.source is not None:
            self.source.cards_changed()  # a host sends its joined seats their views again
            if self.source.kind != "remote":  # status and legal moves worked out again with the new cards
                self._open_stream()
                if self.bots is not None:
                    for seen in self.bots.seen.values():
                        seen.stream.resync()
        self.view_key = None
        self.refresh(force=True)
        self._update_widgets()
        self.notify(f"Cards reloaded: {', '.join(sets)}", "info", 4.0)

    def _physics_result(self, result: Result) -> None:
        # several pieces may land in one frame: the view is rebuilt once, by the frame's own refresh
        self._show_result(result.entry.action if result.entry is not None else None, result, refresh=False)

    def set_physics(self, on: bool) -> None:
        """Turn physics on or off (G); off lands whatever is still sliding and makes every release a plain drop."""
        self.physics_on = on
        if self.motion is not None:
            self.motion.set_enabled(on)
        self.refresh()
        self.notify(f"Physics {'on' if on else 'off'}", "info", 2.0)

    def _attach_autosave(self) -> None:
        self.autosaver = None
        self.save_problem = ""
        failures: list[str] = []
        self._autosave_failures = failures  # appended on the journal's writer thread, read on the frame
        if self.autosave_path is None or self.session is None or self.source is None or self.source.kind != "local":
            return  # a hosted game is autosaved by its host; a joined one is the host's to keep
        try:
            from ...store import Autosaver  # type: ignore[attr-defined]
        except ImportError:
            return
        try:
            self.autosaver = Autosaver(self.session, self.autosave_path, every=5, on_error=failures.append)
        except Exception as e:  # a broken autosave must never stop the game
            self.notify(f"Autosave is off: {e}", "warn")
        self.source.autosaver = self.autosaver  # type: ignore[attr-defined]  # refuses changes once it fails

    def _flush_autosave(self) -> None:
        if self.autosaver is not None:
            try:
                ok = self.autosaver.close()  # the journal's game written as the YAML save
            except Exception as e:
                ok, self.autosaver.last_error = False, str(e)
            if ok is False:
                self.notify(getattr(self.autosaver, "last_error", "") or "Autosave failed", "error")

    def host(self, session: Session, *, port: int = 0, name: str = "tabletop", password: str = "",
             autosave: str | Path | None = None, announce: bool = True, bind: str = "0.0.0.0",
             tls: Any = "auto", bot_dropped: str = "", spectators: bool = True) -> Any:
        """Serve `session` on the LAN and play its first seat here; returns the running EmbeddedHost. `tls`: the
        certificate to serve with (`net.serving.choose_tls`), or "auto": plain only on a loopback-only bind.
        `bot_dropped`: a bot that plays every seat whose player drops, until they return (net/standin.py);
        `spectators`: whether spectators may watch from the start (the Players window turns it later)."""
        from ...net.discovery import lan_address
        from ...net.embedded import EmbeddedHost

        session.hosts = {0}  # the host's own seat turns the dial; joined seats may not
        host = EmbeddedHost(session, port=port, name=name, password=password, local_seats=(0,), bind=bind,
                            autosave=autosave, announce=announce, tls=tls, bot_dropped=bot_dropped)
        host.host.spectators = spectators
        host.start()
        address = f"{lan_address() if bind in ('0.0.0.0', '') else bind}:{host.port}"
        self.set_source(HostedSource(host, address), 0)
        code = host.invite()  # address, port and certificate fingerprint: the Join dialog takes it as it is
        try:
            import pygame.scrap

            pygame.scrap.put_text(code)
            copied = " (copied to the clipboard)"
        except Exception:  # noqa: BLE001 - no clipboard here (headless, no display): the code is still shown
            copied = ""
        self.invite_code = code
        self.notify(f"Hosting {name!r}: others join with the invite code{copied}  {code}", "info", 20.0)
        return host

    def join(self, address: str, *, seat: int | str | None = "any", name: str = "", password: str = "",
             timeout: float = 10.0, deck: dict[str, Any] | None = None) -> Any:
        """Connect to a LAN game and sit at the seat the host gives, or take back the seat this user held there
        (its token kept in the user's token store); returns the ClientThread (raises NetError). `deck`: the deck
        this guest brings, as a hello carries it (net/guestdeck.py)."""
        thread, known = self.join_thread(address, seat=seat, name=name, password=password, deck=deck)
        try:
            thread.connect(timeout)
        except Exception as e:
            raise self.join_refused(e, known) from e
        self.joined(address, thread)
        return thread

    def join_thread(self, address: str, *, seat: int | str | None = "any", name: str = "",
                    password: str = "", deck: dict[str, Any] | None = None) -> tuple[Any, KnownSeat | None]:
        """The client for a join: with the token of the seat this user held at that host, when it asks for that
        seat or any (not when it watches, or asks for another seat)."""
        from ...net.client import ClientThread

        known = self.seat_memory.known(address, name) if seat is not None else None
        if known is not None and seat not in ("any", known.seat):
            known = None
        token = known.token if known is not None else None
        return ClientThread(address, name=name or (known.name if known else ""), seat=seat, password=password,
                            token=token, deck=deck if token is None else None), known

    def join_refused(self, error: BaseException, known: KnownSeat | None) -> BaseException:
        """A join that failed, in words; a refused seat token is said and forgotten, never swapped for a seat."""
        from ...net.errors import Refused

        if known is not None and isinstance(error, Refused) and error.code == "kicked":  # the host revoked it
            self.seat_memory.forget(known)
            return Refused(f"{error.reason}: the token kept for it is forgotten", "kicked")
        if known is not None and isinstance(error, Refused) and error.code == "bad_token":
            self.seat_memory.forget(known)
            return Refused(f"the host did not give back seat {known.seat + 1} ({error.reason}): the token kept for "
                           "it is forgotten; join again to take a free seat", "bad_token")
        return error

    def joined(self, address: str, thread: Any) -> None:
        """A welcome arrived: the window sits at the table, and keeps the seat's token at once."""
        self.set_source(RemoteSource(thread), thread.seat if thread.seat is not None else 0)
        self._say_joined(address, thread)
        problem = self.seat_memory.keep(thread)
        if problem:
            self.notify(problem, "warn", 8.0)

    def _say_joined(self, address: str, thread: Any) -> None:
        """Where this window now sits, in the words the table uses: "you are Ben (seat 2)", or a spectator."""
        from ...net.invite import shown_address

        address = shown_address(address)  # an invite code may carry the password
        if thread.seat is None:
            self.notify(f"Joined {address} as a spectator (public information only)", "info", 4.0)
            return
        name = next((p.get("name") for p in (self.source.players() or []) if p.get("seat") == thread.seat), None) \
            if self.source is not None else None
        seat = f"seat {thread.seat + 1}"
        self.notify(f"Joined {address}: you are {name} ({seat})" if name else f"Joined {address} as {seat}", "info", 4.0)

    def removed_by_host(self, message: str) -> None:
        """The host removed this window's seat (or its spectator): say so where it stays in view and in the log,
        and forget the seat's token (the host revoked it: a rejoin with it would only be refused)."""
        from ..panels.sidebar import _Legal

        self.notify(message, "error", 60.0)
        self.local_log.append((self._anchor(), f"<font color='#ff9f9f'>{html.escape(message)}</font>", None))
        self.legal = _Legal(self.legal.seq, self.legal.seat)  # no glow, no Pass: nothing this window does is sent
        thread = getattr(self.source, "thread", None)
        if thread is not None and thread.seat is not None:
            self.seat_memory.forget_seat_of(thread)

    def save_failed(self, message: str) -> None:
        """The autosave (this window's, or its host's journal) could not be written: say so where it stays in
        view, naming the file and the reason, and offer the Save dialog so the game can be kept elsewhere."""
        if message == getattr(self, "save_problem", ""):
            return
        self.save_problem = message
        self.notify(message, "error", 60.0)
        self.local_log.append((self._anchor(), f"<font color='#ff9f9f'>{html.escape(message)}</font>", None))
        from ..dialogs.widgets import Dialog

        alert = getattr(self, "save_alert", None)
        if alert is not None:
            alert.kill()
        hosting = self.source is not None and self.source.kind == "host"
        self.save_alert = Dialog(self.manager, self.size, "Autosave stopped", (
            f"<b>{html.escape(message)}</b><br><br>"
            + ("The host takes no more changes from any seat (each is refused, and every player was told), so "
               "none is half kept. " if hosting else "")
            + "Everything so far is still here: save the game as YAML somewhere that can be written (the Save "
            "dialog is open), and nothing is lost."))
        self._open_file_dialog("save", "Autosave stopped: save the game elsewhere")

    def _happened(self, happenings: list[Happening]) -> None:
        """Show what the network brought: answers to our actions, notices, undo votes, new players."""
        failures = getattr(self, "_autosave_failures", None)
        while failures:
            self.save_failed(failures.pop(0))
        for h in happenings:
            if h.kind == "save_failed":
                self.save_failed(h.text)
            elif h.kind == "save_resumed":
                self.save_resumed(h.text)
            elif h.kind == "result" and h.result is not None:
                self._show_result(None, h.result, refresh=False)
            elif h.kind == "notice":
                self.notify(h.text, h.level, 6.0)
                self.local_log.append((self._anchor(), f"<font color='#9fc3ff'>{html.escape(h.text)}</font>", None))
            elif h.kind == "kicked":  # the host removed this window: said where it stays, its seat token forgotten
                self.removed_by_host(h.text)
            elif h.kind == "vote":
                self._ask_vote(h.data)
            elif h.kind == "vote_done" and self.vote_dialog is not None \
                    and self.vote_dialog.request == h.data.get("request"):
                self.vote_dialog.kill()
                self.vote_dialog = None
        if happenings:
            self.refresh()
            self._update_widgets()
            self.refresh_moderation()

    def open(self, path: str | Path) -> bool:
        from ...game import open_session

        try:
            session = open_session(path)
        except Exception as e:  # SaveError and friends: say what is wrong, keep the current game
            text = str(e) if str(e).startswith(str(path)) else f"{path}: {e}"  # a SaveError names its file
            self.notify(_brief(f"Could not open {text}"), "error", 8.0)
            return False
        self.save_path = Path(path)
        self.set_session(session, self.seat)
        self.notify(f"Opened {Path(path).name}", "info", 3.0)
        return True

    def save(self, ask: bool = False) -> bool:
        if self.source is None:
            return False
        if self.source.kind == "remote":
            self.notify("The host keeps this game's save", "info", 3.0)
            return False
        if ask or self.save_path is None:
            self._open_file_dialog("save", "Save the game as")
            return False
        self.land_flights()
        try:
            self.source.save(self.save_path)
        except Exception as e:
            self.notify(f"Could not save: {e}", "error", 8.0)
            return False
        self.notify(f"Saved to {self.save_path}", "info", 3.0)
        saver = self.autosaver
        if self.source.kind == "local" and saver is not None and saver.failed:
            try:  # the autosave stopped: it goes on beside the file just saved, and changes are taken again
                self.autosaver = self.source.autosaver = saver.resumed(self.save_path)  # type: ignore[attr-defined]
            except Exception as e:
                self.notify(f"Autosave is still stopped: {e}", "error", 8.0)
                return True
            self.autosave_path = self.save_path
            self.save_resumed(f"Autosave resumed: the game is kept in {self.autosaver.journal_path}, and moves are "
                              "taken again")
        return True

    def save_resumed(self, message: str) -> None:
        """The autosave (this window's, or its host's journal) stands again: the problem is gone, say so."""
        self.save_problem = ""
        alert = getattr(self, "save_alert", None)
        if alert is not None:
            alert.kill()
            self.save_alert = None
        self.notify(message, "info", 6.0)
        self.local_log.append((self._anchor(), f"<font color='#9fc3ff'>{html.escape(message)}</font>", None))

    @contextlib.contextmanager
    def sigint_quits(self) -> Iterator[None]:
        """While the loop runs, Ctrl+C in the terminal closes the window as its close button does (the autosave is
        closed, a LAN game left), instead of a KeyboardInterrupt tearing through the frame."""
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        previous = signal.signal(signal.SIGINT, lambda *_: pygame.event.post(pygame.event.Event(pygame.QUIT)))
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, previous)

    def close(self) -> None:
        """Stop the loop: flush the autosave, end the bots' worker, and leave a LAN game (a host tells its players
        it is closing)."""
        self._flush_autosave()
        self._close_bots()
        if self.source is not None and self.source.kind != "local":
            try:
                self.source.close()
            except Exception:  # the network side is already gone
                pass
        self.running = False


def _brief(text: str, lines: int = 5) -> str:
    """A long error (a deck list with many problems) cut to its first lines, saying how many more there are."""
    rows = text.splitlines()
    if len(rows) <= lines:
        return text
    return "\n".join(rows[:lines] + [f"… and {len(rows) - lines} more"])
