"""The host: a thin asyncio + websockets layer around `HostProtocol` (its socket thread is net/reader.py).

`Host` serves one session on a port (used by `tabletop serve`); `EmbeddedHost` (net/embedded.py) runs the same host in a background
thread with its own event loop, so a pygame UI can play a seat on the host and call `submit`/`view` from its thread.
Frames are written to a client's connection at once (no task switch per frame); a client that lets more than
`Limits.max_buffer` bytes pile up unread is dropped, never waited for.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import ipaddress
import logging
import os
import socket
import time
from collections import deque
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from ..core.session import LogEntry, Session
from ..errors import TabletopError
from . import upnp
from .auth import HostAuth, Peer, RequestCheck
from .messages import Limits
from .protocol import HostEvent, HostProtocol, SeatRecord
from .reader import HELLO_HEADER, SocketReader
from .tls import HostCert, server_context
from .tokens import Moderated, load_host_token, load_moderation, load_tokens, save_tokens, tokens_path_for

#: how often positions of moving pieces are streamed to clients (a modest rate: they are drawn in between)
MOTION_HZ = 15.0
#: seconds the table must rest after a change before a spectator's welcome is kept ready again (net/desk.py): it
#: encodes the whole table on the game's thread, so a table in play builds none between its moves (one built then
#: would hold up the move behind it: the idle round trip's tail); other changes (who is at the table) at once
DESK_AFTER_CHANGE = 0.05

__all__ = [
    "DEFAULT_PORT",
    "HELLO_HEADER",
    "Host",
    "listen_early",
    "load_host_token",
    "load_moderation",
    "load_tokens",
    "save_tokens",
    "tokens_path_for",
]

DEFAULT_PORT = 7531
#: after a failed journal write the host tries the journal again after this many seconds, doubling up to
#: RETRY_MAX: it takes changes again by itself once the disk has room (or the folder is writable) again
RETRY_FIRST = 2.0
RETRY_MAX = 5.0  # a try costs a truncate and the unwritten records: cheap
log = logging.getLogger("tabletop.net.host")


def listen_early(bind: str, port: int) -> socket.socket | None:
    """A listening socket on `bind`:`port`, opened before the game is loaded (raises OSError when it cannot be).

    A client retrying to reach a restarting host then gets in at its next try, waits in the socket's queue while
    the save loads, and is welcomed the moment the host serves, instead of finding the port closed and sleeping its
    back-off past the moment the host was ready. None when `bind` is a name rather than an address (the host binds
    every address the name has when it starts)."""
    try:
        family = socket.AF_INET6 if ipaddress.ip_address(bind).version == 6 else socket.AF_INET
    except ValueError:
        return None
    return socket.create_server((bind, port), family=family, backlog=128)


class Host:
    """Serve a session over WebSocket; the session is only touched from this host's event loop.

    The sockets live on a reader thread with its own event loop: frames are read, stamped and counted against the
    flood limit as they arrive, whatever the game side is doing (a large view, a journal commit), and handed to the
    host's loop in order. Frames going out are written from the reader thread too, so a slow client is noticed there.
    A spectator whose hello comes with the handshake is welcomed by the reader thread itself, from the welcome the
    host's loop keeps ready (net/desk.py), and seated by the host's loop afterwards.

    With `autosave` (a save path) every change is journaled beside it (store.Autosaver) and answered only once its
    record is durable; the YAML save is written on close (`saved_to`), and the seat tokens beside it, so `Host`
    restarted on that save lets every client take its seat back. `records` (seat tokens) overrides the tokens file
    read beside the autosave.
    """

    def __init__(
        self,
        session: Session,
        *,
        bind: str = "0.0.0.0",
        port: int = DEFAULT_PORT,
        name: str = "tabletop",
        password: str = "",
        autosave: str | os.PathLike[str] | None = None,
        autosave_every: int = 5,
        local_seats: Iterable[int] = (),
        limits: Limits | None = None,
        announce: bool = False,
        on_event: Callable[[HostEvent], None] | None = None,
        records: dict[int, SeatRecord] | None = None,
        sock: socket.socket | None = None,
        tls: HostCert | None = None,
        public_hosts: Iterable[str] = (),
        trusted_proxies: Iterable[str] = (),
        proxy_fingerprints: Iterable[str] | None = (),
        host_token: str = "",
    ) -> None:
        self.session = session
        #: the certificate served (`wss://`), or None: plain `ws://` (loopback only, or behind a proxy)
        self.tls = tls
        self.ssl = server_context(tls) if tls is not None else None
        self.fingerprint = tls.fingerprint if tls is not None else None
        #: `serve`'s host token: a hello that presents it gets host rights for its seat (net/hello.py)
        self.host_token = host_token
        # what a password proof may be bound to: this certificate, the proxy's, or plain ("") on a plain host
        bindings = None if proxy_fingerprints is None else [*proxy_fingerprints, tls.fingerprint if tls else ""]
        self.auth = HostAuth(password, bindings=bindings, host_token=host_token)
        self.request_check = RequestCheck(public_hosts=public_hosts, trusted_proxies=trusted_proxies, bound=[bind])
        #: a socket already listening (`listen_early`), served instead of binding `bind`:`port` at start
        self.sock = sock
        self.records = records
        self.bind = bind
        self.port = port
        self.name = name
        self.password = password
        self.autosave_path = Path(autosave) if autosave else None
        self.autosave_every = autosave_every
        self.local_seats = tuple(local_seats)
        self.limits = limits or Limits()
        self.announce = announce
        self.on_event = on_event
        self.protocol: HostProtocol | None = None
        self.autosaver: Any = None
        self.bytes_sent = 0
        self.frames_sent = 0
        self._main: asyncio.AbstractEventLoop | None = None
        self._reader: SocketReader | None = None
        self._announcer: Any = None
        self._tick: asyncio.Task[Any] | None = None
        #: frames waiting for the journal: (ticket, frames, closes), sent once that ticket is durable
        self._held: deque[tuple[int, list[tuple[int, bytes]], list[tuple[int, str]]]] = deque()
        self.saved_to: Path | None = None
        #: held while the journal is being started again (the host's own retry, or a Save that moves it)
        self._resume_lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._retry_every = RETRY_FIRST
        self._retry_at = float("inf")
        self._desk_timer: asyncio.TimerHandle | None = None
        #: the table's sequence number when the desk was last filled
        self._desk_seq = -1
        self._closing = False
        #: a client's frame is being handled: what it causes is sent once, after it
        self._in_frame = False
        #: ask the home router to forward the port (net/upnp.py); set by `--upnp`
        self.upnp = False
        #: the bot that plays every seat whose player drops, until they return ("": none); set by `--bot-dropped`
        self.bot_dropped = ""
        #: the stand-in bots (net/standin.py), made at start
        self.standins: Any = None
        #: whether spectators may watch from the start (`--no-spectators`; the host turns it later: moderation.py)
        self.spectators = True
        #: what an earlier run's moderation decided (None: read from the tokens file beside the autosave at start)
        self.moderation: Moderated | None = None
        #: what of it could not stand (said at start), and what stands (`Moderated.describe`)
        self.moderation_notes: list[str] = []

    @property
    def tokens_path(self) -> Path | None:
        return tokens_path_for(self.autosave_path) if self.autosave_path else None

    async def start(self) -> None:
        """Bind and start serving (the port is known after this returns)."""
        records: dict[int, SeatRecord] = dict(self.records or {})
        if self.autosave_path is not None:
            from ..store import Autosaver, previous_meta

            if self.records is None:
                records = load_tokens(self.tokens_path)  # type: ignore[arg-type]
            for seat, cseq in previous_meta(self.autosave_path, self.session.state.seq).get("cseq", {}).items():
                if seat.isdigit() and int(seat) in records and isinstance(cseq, int):  # journaled after the tokens
                    records[int(seat)].cseq = max(records[int(seat)].cseq, cseq)
        for seat, rec in records.items():  # host rights a seat took with the host token stay with that seat
            if rec.host:
                self.session.hosts.add(seat)
        kept = self.moderation
        if kept is None and self.records is None and self.tokens_path is not None:  # as the seat tokens are
            kept = load_moderation(self.tokens_path)  # raises NetError naming the file and the field
        self.protocol = HostProtocol(self.session, name=self.name, password=self.password, records=records,
                                     local_seats=self.local_seats, limits=self.limits, auth=self.auth,
                                     spectators=self.spectators)
        if kept is not None:  # kicks, closed seats and spectators off stand until the host changes them
            self.moderation_notes = self.protocol.restore(kept)
            for line in self.moderation_notes:
                log.warning("%s: %s", self.tokens_path, line)
        self.protocol.on_moderation = self._write_tokens  # on disk before anyone is told
        if self.autosave_path is not None:
            loop = asyncio.get_running_loop()
            self.autosaver = Autosaver(self.session, self.autosave_path, every=self.autosave_every,
                                       meta=self._journal_meta,
                                       on_durable=lambda _t: loop.call_soon_threadsafe(self._release),
                                       on_error=lambda m: loop.call_soon_threadsafe(self._journal_failed, m))
        self._main = asyncio.get_running_loop()
        # what the game holds now (table, cards, log, modules) is not scanned by the cyclic collector while it is
        # served: no full collection of it (20-60 ms at 1,000 cards) in the middle of a move
        gc.freeze()
        self._start_standins()
        self._reader = SocketReader(self)
        self.port = await asyncio.wrap_future(self._reader.start())
        await upnp.host_started(self)  # a port mapping on the home router, when asked for (`upnp`)
        self.session.listeners.append(self._after_entry)
        self._tick = self._main.create_task(self._ticker())
        self._desk_seq = self.session.state.seq
        self._fill_desk_soon()
        if self.announce:
            try:
                from .discovery import Announcer

                self._announcer = Announcer(self.name, self.port, self._announce_properties())
                await asyncio.get_running_loop().run_in_executor(None, self._announcer.start)
            except Exception as e:  # noqa: BLE001 - mDNS is a convenience; joining by address always works
                log.warning("could not announce the game on the LAN: %s", e)
                self._announcer = None

    def _start_standins(self) -> None:
        from .standin import StandIns

        main = self._main
        assert self.protocol is not None and main is not None

        def wake(fn: Callable[[], None]) -> None:
            if not self._closing:
                with contextlib.suppress(RuntimeError):  # the loop is gone: the host is closing
                    main.call_soon_threadsafe(fn)

        self.standins = StandIns(self.protocol, auto=self.bot_dropped, seed=self.session.state.rng.seed or 0,
                                 wake=wake, pump=self.pump)

    def _announce_properties(self) -> dict[str, str]:
        from .messages import PROTOCOL_VERSION

        state = self.session.state
        return {"version": str(PROTOCOL_VERSION), "ruleset": state.ruleset, "seats": str(len(state.seats)),
                "password": "yes" if self.password else "no"}

    async def close(self) -> None:
        """Stop serving: say goodbye to every client, save, write the tokens."""
        self._closing = True
        if self.standins is not None:
            self.standins.close()
        if self._tick is not None:
            self._tick.cancel()
        if self._desk_timer is not None:
            self._desk_timer.cancel()
        for task in list(self._tasks):  # a journal being started again: let it stand (or fail) first
            with contextlib.suppress(Exception):
                await task
        if self.autosaver is not None:
            await asyncio.get_running_loop().run_in_executor(None, self.autosaver.flush)
            self._release()
        if self._announcer is not None:
            with contextlib.suppress(Exception):
                await asyncio.get_running_loop().run_in_executor(None, self._announcer.close)
        await upnp.host_stopping(self)
        if self._reader is not None:
            await asyncio.get_running_loop().run_in_executor(None, self._reader.stop)
        if self._after_entry in self.session.listeners:
            self.session.listeners.remove(self._after_entry)
        if self.autosaver is not None:
            if self.autosaver.close() and self.autosave_path is not None and self.autosave_path.exists():
                self.saved_to = self.autosave_path
            self._write_tokens()
        gc.unfreeze()  # what `start` froze may be collected again (a window hosts one game after another)

    async def serve_forever(self) -> None:
        await self.start()
        try:
            await asyncio.Future()
        finally:
            await self.close()

    # -- plumbing (the host's loop) --

    async def _ticker(self) -> None:
        while True:
            await asyncio.sleep(1)
            assert self.protocol is not None
            self.protocol.tick()
            self.pump()
            if self.protocol.halted and not self._resume_lock.locked() and time.monotonic() >= self._retry_at:
                self._retry_at = time.monotonic() + self._retry_every
                self._retry_every = min(RETRY_MAX, self._retry_every * 2)
                task = asyncio.get_running_loop().create_task(self._retry())
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def _retry(self) -> None:
        why = await self.resume_autosave()
        if why:
            log.info("autosave still stopped (next try in %.0f s): %s", self._retry_at - time.monotonic(), why)

    async def resume_autosave(self, path: str | os.PathLike[str] | None = None) -> str:
        """After a failed journal write: journal the game again at `path` (default: the same save, once it can be
        written again) and take changes again, every connection told. Returns "" once resumed (or when autosave
        never stopped), else why not (the host stays halted and tries its own save again later).

        A call made while another is under way (a Save elsewhere during the host's own retry) waits for it, then
        moves the journal to its `path` if the game is still halted: the Save is never dropped for the retry."""
        async with self._resume_lock:
            return await self._resume(path)

    async def _resume(self, path: str | os.PathLike[str] | None) -> str:
        p, saver = self.protocol, self.autosaver
        if p is None or saver is None or not p.halted:
            return ""
        try:
            new = await asyncio.get_running_loop().run_in_executor(None, saver.resumed, path)
        except (OSError, TabletopError) as e:
            return str(e)
        self.autosaver = new
        self.autosave_path = new.path
        # the changes whose answers were held when the write failed are in the new journal's snapshot: durable
        held, self._held = self._held, deque()
        for _, out, closes in held:
            self._send(out, closes)
        self._retry_every, self._retry_at = RETRY_FIRST, float("inf")
        message = f"autosave resumed: the game is kept in {new.journal_path} again, and changes are taken again"
        log.warning("%s", message)
        p.resume(message)
        self.pump()
        return ""

    def _from_reader(self, fn: Callable[..., None], *args: Any) -> None:
        """Run `fn(*args)` on the host's loop (called from the reader thread); order is kept."""
        if self._main is not None:
            with contextlib.suppress(RuntimeError):  # the host's loop is gone: nothing left to tell
                self._main.call_soon_threadsafe(fn, *args)

    def _connected(self, cid: int, peer: Peer | None = None) -> None:
        assert self.protocol is not None and self._main is not None
        self.protocol.connect(cid, peer)
        if peer is not None and peer.accepted is not None:  # the hello is due `hello_timeout` after the TCP accept
            due = peer.accepted + self.limits.hello_timeout - time.monotonic()
            self._main.call_later(max(0.0, due) + 0.01, self._hello_due)

    def _hello_due(self) -> None:
        if self.protocol is not None and not self._closing:
            self.protocol.tick()
            self.pump()

    def answer_to(self, names: Iterable[str]) -> None:
        """Answer to these names too (`--public-host`) in a handshake's `Host` (safe while serving)."""
        self.request_check.names |= {n.lower().rstrip(".") for n in names if n}

    def _refused_request(self, why: str) -> None:
        """The reader refused an opening handshake (a web page's `Origin`, a `Host` not ours): said in the log."""
        event = HostEvent("refused", 0, None, why)
        if self.on_event is not None:
            self.on_event(event)
        else:
            log.info("refused a connection: %s", why)

    def _frame(self, cid: int, frame: str | bytes, at: float) -> None:
        assert self.protocol is not None and self._reader is not None
        self._reader.taken(cid)
        self._in_frame = True  # the change's patches wait for its result: one write for both (no Nagle tail)
        try:
            self.protocol.receive_data(cid, frame, at, binary=not isinstance(frame, str))
        finally:
            self._in_frame = False
        self.pump()

    def _desk_taken(self) -> None:
        """The reader welcomed a spectator from the desk: seat it now (the others are told)."""
        assert self.protocol is not None
        self.protocol.seat_from_desk()
        self.pump()

    def _fill_desk_soon(self) -> None:
        """Keep a spectator's welcome ready (net/desk.py) once what the protocol queued is sent: at once, or
        once the table has rested `DESK_AFTER_CHANGE` after a change. Never while answers wait for the journal: a welcome
        shows nothing that is not yet durable, as a welcome built for a hello waits behind them."""
        p = self.protocol
        if (p is None or self._main is None or self._closing or self._desk_timer is not None or not p.desk_wanted()
                or self._waiting()):
            return
        try:
            if asyncio.get_running_loop() is not self._main:
                return
        except RuntimeError:  # not on the host's loop (a session changed from elsewhere): the next pump fills it
            return
        seq = self.session.state.seq
        self._desk_timer = self._main.call_later(0.0 if seq == self._desk_seq else DESK_AFTER_CHANGE, self._fill_desk,
                                                 seq)

    def _waiting(self) -> bool:
        """Whether answers wait for the journal (a change not yet durable): frames queued now would be held."""
        saver, p = self.autosaver, self.protocol
        return bool(self._held) or (saver is not None and p is not None and not p.halted
                                    and saver.durable < saver.ticket)

    def _fill_desk(self, armed: int | None = None) -> None:
        """Put a spectator's welcome on the desk, after sending what was queued before it; when the table changed
        since the timer was set at sequence `armed`, wait until it rests instead."""
        if self.protocol is None or self._reader is None:
            self._desk_timer = None
            return
        if armed is not None and self.session.state.seq != armed and self._main is not None and not self._closing:
            self._desk_timer = self._main.call_later(DESK_AFTER_CHANGE, self._fill_desk, self.session.state.seq)
            return
        self._desk_seq = self.session.state.seq
        self.pump()  # what is queued goes out first (the timer still set: this pump schedules no other)
        self._desk_timer = None
        if not self._waiting() and self.protocol.ready_welcome():
            self.pump()  # spectators it seated first: the others are told

    def _gone(self, cid: int, reason: str) -> None:
        assert self.protocol is not None
        if reason:
            self.protocol.kick(cid, reason)
        else:
            self.protocol.disconnect(cid)
        self.pump()

    def pump(self) -> None:
        """Hand what the protocol queued to the reader thread (it writes and closes); log what happened."""
        p = self.protocol
        if p is None:
            return
        if p.tokens_due:  # a seat claimed: its token is on disk before the welcome that hands it out
            p.tokens_due = False
            self._write_tokens()
        while True:
            out, closes = p.data_to_send(), p.connections_to_close()
            if not out and not closes:
                break
            saver = self.autosaver
            # once halted nothing changes any more, so what follows (refusals, the notice) goes out at once; the
            # answers still held belong to changes that never became durable, and are never sent
            if saver is not None and not p.halted and (self._held or saver.durable < saver.ticket):
                self._held.append((saver.ticket, out, closes))  # answered once the journal has it on disk
                continue
            self._send(out, closes)
        events = p.events_received()
        for ev in events:
            if self.standins is not None:
                self.standins.saw(ev)  # a drop hands the seat to a stand-in bot, a return takes it back
            if self.on_event is not None:
                self.on_event(ev)
            else:
                log.info("%s conn=%s seat=%s %s", ev.kind, ev.conn, ev.seat, ev.text)
        self._fill_desk_soon()

    def _release(self) -> None:
        """Send the frames whose changes are now durable (called on this loop after each journal commit)."""
        saver = self.autosaver
        out: list[tuple[int, bytes]] = []
        while self._held and (saver is None or self._held[0][0] <= saver.durable):
            _, more, more_closes = self._held.popleft()
            out += more
            if more_closes:  # a close goes after the frames queued before it and before any queued after it
                self._send(out, more_closes)
                out = []
        self._send(out, [])  # one write per client for all that became durable together
        self._fill_desk_soon()

    def _journal_failed(self, message: str) -> None:
        """A journal write failed: the host stops taking changes (each one refused, naming the file and the error)
        and every seat is told at once; answers to changes that were not yet durable are held. The game is still
        whole in memory: the window offers to save it elsewhere (`EmbeddedHost.save`), and the host tries its own
        journal again now and then (`resume_autosave`); either way it takes changes again once the game is
        journaled again, and the held answers go out then."""
        log.error("%s", message)
        if self.protocol is not None:
            if not self.protocol.halted:
                self._retry_at = time.monotonic() + self._retry_every
            self.protocol.halt(message)  # its `autosave_failed` event reaches `on_event` through pump
            self.pump()

    def _journal_meta(self) -> dict[str, Any]:
        assert self.protocol is not None
        return {"cseq": {str(seat): r.cseq for seat, r in self.protocol.records.items()}}

    def _send(self, out: list[tuple[int, bytes]], closes: list[tuple[int, str]]) -> None:
        if (out or closes) and self._reader is not None:
            self._reader.send(out, closes)

    def _after_entry(self, kind: str, entry: LogEntry) -> None:
        if not self._in_frame:  # a change made on this machine; a client's goes out with its result
            self.pump()  # the seats' client sequence numbers travel in the journal, not in a tokens rewrite per change

    def _write_tokens(self) -> None:
        if self.tokens_path is None or self.protocol is None:
            return
        try:
            save_tokens(self.tokens_path, self.protocol.records, self.host_token, self.protocol.moderated())
        except OSError as e:
            log.error("cannot write seat tokens to %s: %s", self.tokens_path, e)

