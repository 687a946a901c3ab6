"""The web server: one asyncio loop owns every connection; the Flask app runs on a few threads.

Why not a thread per connection (waitress, as before): each open live stream held a worker
thread, so 100 phones needed 100+ threads (memory a Pi Zero 2 W does not have), idle sockets
counted against the connection limit, and a few slow clients could starve everyone. Here:

- every socket is an asyncio protocol (`_Connection`) in one event-loop thread, reading
  HTTP/1.1 with `http1.py`: an idle or slow connection costs a few kilobytes and no thread,
  and is dropped after its time limit (`IDLE_S` between requests, `HEAD_S` for a request's
  head, and between pieces of its body: a request stopped half-way is answered 408 first),
  checked once a second for all of them;
- a request, once read, runs the WSGI app (Flask) on a few threads (`threads`, workers.py); the
  answer is written in one piece (with `TCP_NODELAY`: no wait on Nagle's algorithm). A
  `lane` may take a request first and answer it without the app's threads (moves.py: each
  move the page posts goes straight to the hub);
- a live stream (`/api/stream`) is handed back to the loop when the app accepts it: the app
  calls ``environ["companion.stream"]`` (see `StreamClient`), the loop writes the snapshot and
  then every message the broker fans out, in the loop, to every open stream at once;
- a body over `MAX_BODY` is refused with 413 from its Content-Length before it is read, a
  chunked one as soon as it passes the limit; a head over `MAX_HEAD` with 431. A path given
  a larger limit (`large_bodies`: a restore's backup file) has its body spooled to a
  temporary file beyond `MAX_BODY`, never held whole in memory.

Callbacks rather than a coroutine per connection: a posted move is one request and twenty
stream writes, and the per-read tasks, futures and timeouts of asyncio's streams were a
large part of the daemon's CPU per move. A disconnect is seen at once (the phone's end of
file or reset) and frees the stream's place; HEAD never opens one.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
import socket
import sys
import tempfile
import threading
from collections.abc import Callable, Iterable
from http import HTTPStatus
from pathlib import Path
from typing import Any, BinaryIO, Protocol
from urllib.parse import unquote_to_bytes

from companion.daemon.hub import LoopDoor
from companion.i18n import message
from companion.network.listen import bound_socket, client_address
from companion.web.http1 import (
    ChunkedBody,
    FixedBody,
    Head,
    Malformed,
    answer_bytes,
    answer_head,
    framed,
    head_end,
    parse_head,
)
from companion.web.stream import Broker, StreamClient, StreamOpener, sse
from companion.web.workers import Workers

log = logging.getLogger("companion.web")
MAX_BODY = 64 * 1024
MAX_HEAD = 16 * 1024
IDLE_S = 30.0  # a kept-alive connection with no new request is closed after this
HEAD_S = 15.0  # a request's head must arrive within this (and each piece of its body)
KEEPALIVE_S = 15.0  # an `alive` message (data: this interval) on every stream: live.js
SWEEP_S = 1.0  # how often connections past their time limit are looked for
CONTINUE = b"HTTP/1.1 100 Continue\r\n\r\n"


class Lane(Protocol):
    """Requests answered without the app's threads (moves.py: the posted moves)."""

    def take(self, environ: dict[str, Any], answer: Callable[[str, list, bytes], None],
             server: WebServer) -> bool:
        """In the loop: False leaves the request to the app; True means answer(status,
        headers, payload) will be called once, later, in the loop (`server.door`), never
        inside `take`."""


class WebServer:
    """Serves `app` (a WSGI callable) on host:port from its own thread."""

    def __init__(self, app: Callable, host: str, port: int, threads: int = 4,
                 broker: Broker | None = None, lane: Lane | None = None,
                 large_bodies: dict[str, int] | None = None,
                 spool_dir: Path | None = None) -> None:
        self.app = app
        self.broker = broker
        self.lane = lane
        self.large_bodies = {path.encode(): limit for path, limit in (large_bodies or {}).items()}
        self.spool_dir = spool_dir  # where a large body waits (None: the system's temp dir)
        try:  # every interface: IPv4 and IPv6 (network/listen.py)
            self.sock = bound_socket(host, port)
        except OSError as exc:  # say which address (web.host, web.port): the error does not
            raise OSError(exc.errno, f"the page's address {host}:{port}: "
                                     f"{exc.strerror or exc}") from None
        self.sock.listen(128)
        self.sock.setblocking(False)
        self.port = self.sock.getsockname()[1]
        self.host = host
        self.pool = Workers(threads, "web")
        self.loop = asyncio.new_event_loop()
        self.live: set[_Connection] = set()
        self._server: asyncio.AbstractServer | None = None
        self._ready = threading.Event()
        self.thread = threading.Thread(target=self._serve, name="web", daemon=True)
        self.door = LoopDoor(self.loop)  # into the loop from other threads
        if broker is not None:
            broker.attach(self.door)

    @property
    def connections(self) -> int:
        return len(self.live)

    # --- from other threads ------------------------------------------------------------------
    def start(self) -> None:
        self.thread.start()
        self._ready.wait(5)

    def stop(self) -> None:
        if self.thread.is_alive():
            with contextlib.suppress(RuntimeError):
                self.loop.call_soon_threadsafe(self._shutdown)
            self.thread.join(5)
        self.pool.shutdown()

    # --- the loop's thread -------------------------------------------------------------------
    def _serve(self) -> None:
        asyncio.set_event_loop(self.loop)
        self._server = self.loop.run_until_complete(self.loop.create_server(
            lambda: _Connection(self), sock=self.sock))
        self._ready.set()
        self.loop.call_later(KEEPALIVE_S, self._keepalive)
        self.loop.call_later(SWEEP_S, self._sweep)
        try:
            self.loop.run_forever()
        finally:
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())
            self.loop.close()

    def _shutdown(self) -> None:
        if self._server is not None:
            self._server.close()
        for connection in list(self.live):
            connection.close()
        self.loop.call_soon(self.loop.stop)  # after the transports' own close callbacks

    def _keepalive(self) -> None:
        if self.broker is not None:
            self.broker.fan_out(sse("alive", KEEPALIVE_S), paired_only=False)
        self.loop.call_later(KEEPALIVE_S, self._keepalive)

    def _sweep(self) -> None:
        """Close the connections past their time limit: an idle one silently, one whose
        request stopped half-way (a slow head, a body shorter than its Content-Length) with a
        408 saying so, so the phone is not left guessing."""
        now = self.loop.time()
        for connection in [c for c in self.live if c.deadline is not None and c.deadline < now]:
            if connection.phase in ("head", "body"):
                connection.refuse(Malformed(408, "request_timeout",
                                             seconds=f"{HEAD_S:g}"))
            else:
                connection.close()
        self.loop.call_later(SWEEP_S, self._sweep)

    def body_reader(self, head: Head) -> FixedBody | ChunkedBody:
        """The reader for this request's body; 413 if its Content-Length is over the path's
        limit (`MAX_BODY`, or its own in `large_bodies`)."""
        limit = self.large_bodies.get(head.target.partition(b"?")[0], MAX_BODY)
        if head.length is not None and head.length > limit:
            raise Malformed(413, "body_too_large", limit=limit)
        sink = None  # in memory
        if limit > MAX_BODY:  # the file is closed when the app is done (`call_app`)
            sink = tempfile.SpooledTemporaryFile(max_size=MAX_BODY,  # noqa: SIM115
                                                 dir=self.spool_dir)
        return ChunkedBody(limit, sink) if head.chunked else FixedBody(head.length or 0, sink)

    def environ(self, head: Head, body: bytes | BinaryIO, peer: tuple[str, str]
                ) -> dict[str, Any]:
        """The WSGI environ of a request whose `body` was read (bytes, or the file its
        reader wrote it to)."""
        stream = io.BytesIO(body) if isinstance(body, bytes) else body
        size = stream.seek(0, io.SEEK_END)
        stream.seek(0)
        path, _, query = head.target.partition(b"?")
        environ: dict[str, Any] = {
            "REQUEST_METHOD": head.method,
            "SCRIPT_NAME": "",
            "PATH_INFO": unquote_to_bytes(path).decode("latin-1"),
            "QUERY_STRING": query.decode("latin-1"),
            "SERVER_NAME": self.host, "SERVER_PORT": str(self.port),
            "SERVER_PROTOCOL": "HTTP/" + head.version,
            "REMOTE_ADDR": peer[0], "REMOTE_PORT": peer[1],
            "wsgi.version": (1, 0), "wsgi.url_scheme": "http",
            "wsgi.input": stream, "wsgi.errors": sys.stderr,
            "wsgi.multithread": True, "wsgi.multiprocess": False, "wsgi.run_once": False,
            "wsgi.input_terminated": True,
            "CONTENT_LENGTH": str(size),
        }
        for name, value in head.headers:
            if name == "content-type":
                environ["CONTENT_TYPE"] = value
            elif name not in ("content-length", "transfer-encoding"):
                key = "HTTP_" + name.upper().replace("-", "_")
                environ[key] = f"{environ[key]},{value}" if key in environ else value
        if self.broker is not None:
            environ["companion.stream"] = StreamOpener(self.broker, environ)
        return environ

    def call_app(self, environ: dict[str, Any]) -> tuple[str, list, bytes, Any]:
        """On a pool thread: the app's whole answer (pages and answers are small)."""
        started: list = []

        def start_response(status: str, headers: list, exc_info: Any = None) -> Callable:
            started[:] = [status, headers]
            return lambda data: None

        try:
            result: Iterable[bytes] = self.app(environ, start_response)
            try:
                payload = b"".join(result)
            finally:
                close = getattr(result, "close", None)
                if close is not None:
                    close()
        finally:
            environ["wsgi.input"].close()  # a spooled body's file goes at once
        status, headers = started
        return status, headers, payload, environ.get("companion.opened")


class _Connection(asyncio.Protocol):
    """One socket, in the loop: reads requests one after another (pipelined ones wait for
    the answer before them), runs each on the pool, writes its answer; or, once the app has
    accepted a live stream, writes the stream's messages until the phone goes away."""

    def __init__(self, server: WebServer) -> None:
        self.server = server
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.phase = "idle"  # idle | head | body | app | stream | closed
        self.deadline: float | None = None
        self.head: Head | None = None
        self.reader: FixedBody | ChunkedBody | None = None
        self.stream: StreamClient | None = None
        self.eof = False
        self.peer: tuple[str, str] = ("", "0")  # address, port: as the app reads them

    # --- asyncio's callbacks -----------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        self.server.live.add(self)
        peer = transport.get_extra_info("peername") or ("", 0)
        # an IPv4 client of the dual-stack socket as a.b.c.d (listen.py): once, not per request
        self.peer = (client_address(str(peer[0])), str(peer[1]))
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # answers go out at once
        self.deadline = self.server.loop.time() + IDLE_S

    def data_received(self, data: bytes) -> None:
        if self.phase == "stream" or self.phase == "closed":
            return  # a phone sends nothing more on its stream
        self.buffer += data
        if self.phase == "app":
            if len(self.buffer) > MAX_HEAD + MAX_BODY and self.transport is not None:
                self.transport.pause_reading()  # pipelined requests: read them later
            return
        self._read()

    def eof_received(self) -> bool:
        self.eof = True
        # A request being answered still gets its answer (the client only half-closed).
        return self.phase == "app"

    def connection_lost(self, exc: Exception | None) -> None:
        self.phase = "closed"
        self.server.live.discard(self)
        if self.stream is not None:
            self.stream.close()

    # --- reading requests --------------------------------------------------------------------
    def _read(self) -> None:
        try:
            self._advance()
        except Malformed as refused:
            self.refuse(refused)
        except Exception:  # a bug of ours: logged, the connection closed, the server goes on
            log.exception("web server: connection failed")
            self.close()

    def _advance(self) -> None:
        """Read as far as the buffer allows; hand a whole request to the app."""
        if self.phase == "idle":
            while self.buffer[:2] == b"\r\n" or self.buffer[:1] == b"\n":
                del self.buffer[:1 if self.buffer[:1] == b"\n" else 2]  # RFC 9112 2.2
            if not self.buffer:
                return
            self.phase = "head"
            self.deadline = self.server.loop.time() + HEAD_S
        if self.phase == "head":
            end = head_end(self.buffer)
            if end is None or end[0] > MAX_HEAD:
                if len(self.buffer) > MAX_HEAD:
                    raise Malformed(431, "header_too_large", limit=MAX_HEAD)
                return
            self.head = head = parse_head(bytes(self.buffer[:end[0]]))
            del self.buffer[:end[1]]
            self.reader = self.server.body_reader(head)
            self.phase = "body"
            if head.expect_continue and not self.buffer and (head.chunked or head.length):
                self._write(CONTINUE)
        if self.phase == "body":
            assert self.reader is not None and self.head is not None
            self.deadline = self.server.loop.time() + HEAD_S
            if self.reader.feed(self.buffer):
                self._run(self.head, self.reader.sink)

    def _run(self, head: Head, body: BinaryIO) -> None:
        self.phase, self.deadline, self.reader = "app", None, None
        server = self.server
        environ = server.environ(head, body, self.peer)

        if server.lane is not None and server.lane.take(
                environ, lambda *answer: self._answered(head, (*answer, None), None), server):
            return

        def done(answer: Any, error: BaseException | None) -> None:  # on the worker
            server.door.call(self._answered, head, answer, error)
        if not server.pool.submit(lambda: server.call_app(environ), done):
            self.close()  # the server is stopping

    # --- answering ---------------------------------------------------------------------------
    def _answered(self, head: Head, answer: Any, error: BaseException | None) -> None:
        if error is not None:  # (Flask answers its own errors: this is the server's bug)
            log.error("web server: the app failed", exc_info=error)
            self.refuse(Malformed(500, "internal", id="server"))
            return
        status, headers, payload, stream = answer
        if self.phase == "closed":  # the phone left while the app worked
            if stream is not None:
                stream.close()
            return
        if stream is not None and status.startswith("200") and head.method == "GET":
            self._open_stream(head, status, headers, stream)
            return
        if stream is not None:
            stream.close()
        keep = head.keep_alive and not self.eof
        self._write(answer_bytes(status, headers, payload, keep, head.version,
                                 head_only=head.method == "HEAD"))
        if not keep:
            self.close()
            return
        self.phase, self.head = "idle", None
        self.deadline = self.server.loop.time() + IDLE_S
        if self.transport is not None:
            self.transport.resume_reading()
        self._read()  # a pipelined request may be here already

    def _open_stream(self, head: Head, status: str, headers: list,
                     stream: StreamClient) -> None:
        """A live stream: the head, then the snapshot and every message the broker sends,
        until the phone goes away, falls behind, or the broker ends it."""
        chunked = head.version == "1.1"  # HTTP/1.0: the bare bytes until the end
        kept = [(k, v) for k, v in headers if k.lower() != "content-length"]
        self._write(answer_head(status, kept, ["Transfer-Encoding: chunked" if chunked
                                               else "Connection: close"]))
        self.phase, self.deadline, self.stream = "stream", None, stream
        transport = self.transport
        assert transport is not None

        def write(text: str) -> None:
            transport.write(framed(text, chunked))
        stream.attach(write, transport.get_write_buffer_size, self.close)

    def refuse(self, refused: Malformed) -> None:
        """Our own error answer (the app never saw the request), then the connection ends."""
        body = json.dumps({"error": {**refused.as_dict(), "message": message(
            refused.code, refused.params, "en")}}).encode()
        status = f"{refused.status} {HTTPStatus(refused.status).phrase}"
        self._write(answer_bytes(status, [("Content-Type", "application/json")], body, False,
                              "1.1"))
        self.close()

    def _write(self, data: bytes) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(data)

    def close(self) -> None:
        """Close once what was written is sent."""
        if self.transport is not None:
            self.transport.close()
        if self.phase != "closed" and self.stream is not None:
            self.stream.close()
