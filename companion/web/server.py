"""The web server: one asyncio loop owns every connection; the Flask app runs on a few threads.

Why not a thread per connection (waitress, as before): each open live stream held a worker
thread, so 100 phones needed 100+ threads (memory a Pi Zero 2 W does not have), idle sockets
counted against the connection limit, and a few slow clients could starve everyone. Here:

- every socket is a coroutine in one event-loop thread (HTTP/1.1 parsed by `h11`): an idle or
  slow connection costs a few kilobytes and no thread, and is dropped after its time limit
  (`IDLE_S` between requests, `HEAD_S` for a request's head);
- a request, once read, runs the WSGI app (Flask) on a small thread pool (`threads`);
- a live stream (`/api/stream`) is handed back to the loop when the app accepts it: the app
  calls ``environ["companion.stream"]`` (see `StreamClient`), the loop writes the snapshot and
  then every message the broker fans out, in the loop, to every open stream at once;
- a body over `MAX_BODY` is refused with 413 from its Content-Length before it is read, a
  chunked one as soon as it passes the limit; a head over `MAX_HEAD` with 431.

A disconnect is seen at once (the stream's coroutine reads until end of file) and frees the
stream's place; HEAD never opens one.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import json
import logging
import socket
import sys
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from urllib.parse import unquote_to_bytes

import h11

from companion.i18n import message
from companion.web.stream import Broker, StreamClient

log = logging.getLogger("companion.web")
MAX_BODY = 64 * 1024
MAX_HEAD = 16 * 1024
IDLE_S = 30.0  # a kept-alive connection with no new request is closed after this
HEAD_S = 15.0  # a request's head (line and headers) must arrive within this
KEEPALIVE_S = 15.0  # a comment line on every open stream, so proxies and phones keep it
WRITE_LIMIT = 256 * 1024  # a stream's unsent bytes beyond this: the phone is not reading


class _Refused(Exception):
    """A request the server answers itself (too big, malformed) and then closes."""

    def __init__(self, status: int, code: str, params: dict[str, Any] | None = None) -> None:
        super().__init__(code)
        self.status, self.code, self.params = status, code, params or {}


class WebServer:
    """Serves `app` (a WSGI callable) on host:port from its own thread."""

    def __init__(self, app: Callable, host: str, port: int, threads: int = 4,
                 broker: Broker | None = None) -> None:
        self.app = app
        self.broker = broker
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.sock = socket.socket(family, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind((host, port))
        self.sock.listen(128)
        self.sock.setblocking(False)
        self.port = self.sock.getsockname()[1]
        self.host = host
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="web")
        self.loop = asyncio.new_event_loop()
        self.connections = 0
        self._tasks: set[asyncio.Task] = set()
        self._server: asyncio.AbstractServer | None = None
        self._ready = threading.Event()
        self.thread = threading.Thread(target=self._serve, name="web", daemon=True)
        if broker is not None:
            broker.attach(self.loop)

    # --- from other threads ------------------------------------------------------------------
    def start(self) -> None:
        self.thread.start()
        self._ready.wait(5)

    def stop(self) -> None:
        if self.thread.is_alive():
            self.loop.call_soon_threadsafe(lambda: asyncio.ensure_future(self._shutdown()))
            self.thread.join(5)
        self.pool.shutdown(wait=False, cancel_futures=True)

    # --- the loop's thread -------------------------------------------------------------------
    def _serve(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self._open())
        self._ready.set()
        self.loop.call_later(KEEPALIVE_S, self._keepalive)
        try:
            self.loop.run_forever()
        finally:  # connections that came during the shut-down end here too
            pending = asyncio.all_tasks(self.loop)
            for task in pending:
                task.cancel()
            self.loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            self.loop.close()

    async def _open(self) -> None:
        self._server = await asyncio.start_server(self._connection, sock=self.sock,
                                                  limit=MAX_HEAD)

    async def _shutdown(self) -> None:
        if self._server is not None:
            self._server.close()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self.loop.stop()

    def _keepalive(self) -> None:
        if self.broker is not None:
            self.broker.fan_out(": keep-alive\n\n", paired_only=False)
        self.loop.call_later(KEEPALIVE_S, self._keepalive)

    async def _connection(self, reader: asyncio.StreamReader,
                          writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        self.connections += 1
        sock = writer.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # answers go out at once
        conn = h11.Connection(h11.SERVER, max_incomplete_event_size=MAX_HEAD)
        try:
            await self._requests(conn, reader, writer)
        except (ConnectionError, asyncio.IncompleteReadError, TimeoutError):
            pass
        except asyncio.CancelledError:
            pass
        except Exception:  # a bug of ours: logged, the connection closed, the server goes on
            log.exception("web server: connection failed")
        finally:
            self.connections -= 1
            if task is not None:
                self._tasks.discard(task)
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()

    async def _requests(self, conn: h11.Connection, reader: asyncio.StreamReader,
                        writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername") or ("", 0)
        while True:
            try:
                request = await self._next(conn, reader, IDLE_S, HEAD_S)
                if request is None:
                    return
                body = await self._body(conn, reader, writer, request)
            except _Refused as refused:
                await self._refuse(conn, writer, refused)
                return
            except h11.RemoteProtocolError as exc:
                await self._refuse(conn, writer, _Refused(
                    exc.error_status_hint, "header_too_large"
                    if exc.error_status_hint == 431 else "bad_request"))
                return
            environ = self._environ(request, body, peer)
            status, headers, payload, stream = await self.loop.run_in_executor(
                self.pool, self._call_app, environ)
            if stream is not None and status == 200 and request.method == b"GET":
                await self._stream(conn, reader, writer, status, headers, stream)
                return
            if stream is not None:
                stream.close()
            await self._respond(conn, writer, status, headers, payload,
                                head=request.method == b"HEAD")
            if conn.our_state is h11.MUST_CLOSE or conn.their_state is h11.MUST_CLOSE:
                return
            try:
                conn.start_next_cycle()
            except h11.LocalProtocolError:
                return  # the client sent more of a body we refused to read

    async def _next(self, conn: h11.Connection, reader: asyncio.StreamReader,
                    idle_s: float, head_s: float) -> Any:
        """The next event; None when the client closed or stayed silent too long. Waiting for
        a new request may take `idle_s`; once its first bytes came, the rest `head_s`."""
        deadline = None
        while True:
            event = conn.next_event()
            if event is h11.NEED_DATA:
                if deadline is None and conn.their_state is h11.IDLE and \
                        not conn.trailing_data[0]:
                    wait = idle_s
                else:
                    deadline = deadline or self.loop.time() + head_s
                    wait = max(0.0, deadline - self.loop.time())
                try:
                    data = await asyncio.wait_for(reader.read(8192), wait)
                except TimeoutError:
                    return None
                conn.receive_data(data)
                if not data and conn.their_state is h11.IDLE:
                    return None
                deadline = deadline or self.loop.time() + head_s
                continue
            if isinstance(event, h11.ConnectionClosed):
                return None
            return event

    async def _body(self, conn: h11.Connection, reader: asyncio.StreamReader,
                    writer: asyncio.StreamWriter, request: h11.Request) -> bytes:
        length = dict(request.headers).get(b"content-length")
        if length is not None and int(length) > MAX_BODY:
            raise _Refused(413, "body_too_large", {"limit": MAX_BODY})
        if conn.they_are_waiting_for_100_continue:
            writer.write(conn.send(h11.InformationalResponse(status_code=100, headers=[])))
        parts, size = [], 0
        while True:
            event = await self._next(conn, reader, HEAD_S, HEAD_S)
            if event is None:
                raise ConnectionResetError("the body did not come")
            if isinstance(event, h11.Data):
                size += len(event.data)
                if size > MAX_BODY:  # a chunked body: cut as soon as it passes the limit
                    raise _Refused(413, "body_too_large", {"limit": MAX_BODY})
                parts.append(event.data)
            elif isinstance(event, h11.EndOfMessage):
                return b"".join(parts)

    def _environ(self, request: h11.Request, body: bytes, peer: tuple) -> dict[str, Any]:
        target = request.target
        path, _, query = target.partition(b"?")
        environ: dict[str, Any] = {
            "REQUEST_METHOD": request.method.decode("ascii"),
            "SCRIPT_NAME": "",
            "PATH_INFO": unquote_to_bytes(path).decode("latin-1"),
            "QUERY_STRING": query.decode("latin-1"),
            "SERVER_NAME": self.host, "SERVER_PORT": str(self.port),
            "SERVER_PROTOCOL": "HTTP/" + request.http_version.decode("ascii"),
            "REMOTE_ADDR": str(peer[0]), "REMOTE_PORT": str(peer[1]),
            "wsgi.version": (1, 0), "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(body), "wsgi.errors": sys.stderr,
            "wsgi.multithread": True, "wsgi.multiprocess": False, "wsgi.run_once": False,
            "wsgi.input_terminated": True,
            "CONTENT_LENGTH": str(len(body)),
        }
        for name, value in request.headers:
            key = name.decode("latin-1").upper().replace("-", "_")
            text = value.decode("latin-1")
            if key == "CONTENT_TYPE":
                environ["CONTENT_TYPE"] = text
            elif key in ("CONTENT_LENGTH", "TRANSFER_ENCODING"):
                continue
            else:
                key = "HTTP_" + key
                environ[key] = f"{environ[key]},{text}" if key in environ else text
        if self.broker is not None:
            environ["companion.stream"] = StreamOpener(self.broker, environ)
        return environ

    def _call_app(self, environ: dict[str, Any]) -> tuple[int, list, bytes, Any]:
        """On a pool thread: the app's whole answer (pages and answers are small)."""
        started: list = []

        def start_response(status: str, headers: list, exc_info: Any = None) -> Callable:
            started[:] = [status, headers]
            return lambda data: None

        result: Iterable[bytes] = self.app(environ, start_response)
        try:
            payload = b"".join(result)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()
        status, headers = started
        return int(status.split(" ", 1)[0]), headers, payload, environ.get("companion.opened")

    async def _respond(self, conn: h11.Connection, writer: asyncio.StreamWriter, status: int,
                       headers: list, payload: bytes, head: bool = False) -> None:
        out = conn.send(h11.Response(status_code=status, headers=headers))
        if payload and not head:
            out += conn.send(h11.Data(data=payload))
        writer.write(out + conn.send(h11.EndOfMessage()))  # one write: no Nagle wait
        await writer.drain()

    async def _refuse(self, conn: h11.Connection, writer: asyncio.StreamWriter,
                      refused: _Refused) -> None:
        """Our own error answer (the app never saw the request), then the connection ends."""
        if conn.our_state not in (h11.IDLE, h11.SEND_RESPONSE):
            return
        body = json.dumps({"error": {"code": refused.code,
                                     "message": message(refused.code, refused.params, "en"),
                                     "params": refused.params}}).encode()
        headers = [("Content-Type", "application/json"), ("Content-Length", str(len(body))),
                   ("Connection", "close")]
        with contextlib.suppress(h11.LocalProtocolError):
            writer.write(conn.send(h11.Response(status_code=refused.status, headers=headers)))
            writer.write(conn.send(h11.Data(data=body)))
            writer.write(conn.send(h11.EndOfMessage()))
        with contextlib.suppress(ConnectionError):
            await writer.drain()

    async def _stream(self, conn: h11.Connection, reader: asyncio.StreamReader,
                      writer: asyncio.StreamWriter, status: int, headers: list,
                      stream: StreamClient) -> None:
        """A live stream: headers, then the snapshot and every message the broker sends, until
        the phone goes away (end of file), falls behind, or the broker ends it."""
        headers = [(k, v) for k, v in headers if k.lower() != "content-length"]
        head = conn.send(h11.Response(status_code=status, headers=headers))
        writer.write(head)
        # The body is framed here, not by h11: its bookkeeping per message cost more than the
        # write itself, twenty phones times every change (h11 chose the framing: chunked for
        # HTTP/1.1, the bare bytes until close for HTTP/1.0).
        chunked = b"transfer-encoding: chunked" in head.lower()

        transport = writer.transport

        def write(text: str) -> None:
            transport.write(_framed(text, chunked))
        stream.attach(write, transport.get_write_buffer_size, writer.close)
        try:
            while await reader.read(1024):
                pass  # a phone sends nothing more; end of file is its leaving
        finally:
            stream.close()


@functools.lru_cache(maxsize=8)
def _framed(text: str, chunked: bool) -> bytes:
    """A stream message as bytes on the wire, made once for every phone it goes to (the
    broker hands each one the same string)."""
    data = text.encode()
    return b"%x\r\n%b\r\n" % (len(data), data) if chunked else data


class StreamOpener:
    """``environ["companion.stream"]``: the app's way to turn its answer into a live stream
    (`snapshot` is computed after the stream is registered, so nothing is missed)."""

    def __init__(self, broker: Broker, environ: dict[str, Any]) -> None:
        self.broker = broker
        self.environ = environ

    def __call__(self, snapshot: Callable[[], list[tuple[str, Any]]], paired: bool) -> None:
        client = self.broker.open(paired, WRITE_LIMIT)  # raises TooManyStreams
        try:
            client.prime(snapshot())
        except BaseException:
            client.close()
            raise
        self.environ["companion.opened"] = client
