"""The web server's front door on real sockets (companion/web/server.py), where a mutation
probe found checks no test held: the body limit at its boundary and per path, a whole head
over its limit, duplicated fields, HEAD and HTTP/1.0 framing, and a client that keeps
sending while its request is answered. Each case failed with one deliberate mistake in the
server (see the helper report of "mut48"); test_web_server.py holds the common cases."""

from __future__ import annotations

import json
import os
import socket
import threading
from pathlib import Path

import pytest
from daemon_helpers import wait_until
from test_web_server import answers, connect, read_all
from web_helpers import Client

from companion.web import WebServer, server
from companion.web.club import BACKUP_TYPES
from companion.web.stream import Broker


def exchange(daemon, data: bytes) -> list[tuple[str, dict[str, str], bytes]]:
    """Send `data` on one connection; every answer until the server closes."""
    with connect(daemon) as sock:
        sock.sendall(data)
        return answers(read_all(sock))


def post(path: str, body: bytes, *headers: str) -> bytes:
    lines = [f"POST {path} HTTP/1.1", "Host: 127.0.0.1", *headers,
             f"Content-Length: {len(body)}", "Connection: close"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


def error_code(answer: tuple[str, dict[str, str], bytes]) -> str:
    return json.loads(answer[2])["error"]["code"]


def test_a_body_of_exactly_the_limit_is_read_one_byte_more_is_refused(daemon):
    """Unpaired, a write is refused as not_paired once its body is read; over `MAX_BODY` it
    is refused from its Content-Length (413) before the app sees it."""
    json_type = "Content-Type: application/json"
    (at,) = exchange(daemon, post("/api/games", b" " * server.MAX_BODY, json_type))
    (over,) = exchange(daemon, post("/api/games", b" " * (server.MAX_BODY + 1), json_type))
    assert at[0].startswith("HTTP/1.1 401 ") and error_code(at) == "not_paired"
    assert over[0].startswith("HTTP/1.1 413 ") and error_code(over) == "body_too_large"


def test_a_path_with_a_larger_limit_keeps_it_with_a_query(daemon):
    """A restore's backup may pass `MAX_BODY` (`large_bodies`), with ?lang= too."""
    (answer,) = exchange(daemon, post("/api/restore?lang=en", b"x" * (server.MAX_BODY + 1),
                                      f"Content-Type: {BACKUP_TYPES[0]}"))
    assert answer[0].startswith("HTTP/1.1 401 ") and error_code(answer) == "not_paired"


def test_a_large_body_waits_on_disk_not_in_memory(tmp_path):
    """Past `MAX_BODY` a `large_bodies` path's body is spooled to a file in `spool_dir`: the
    app finds its request's body open there (a deleted temporary file)."""
    spool = tmp_path / "spool"
    spool.mkdir()

    def app(environ, start_response):
        fds = Path("/proc/self/fd")
        on_disk = []
        for fd in os.listdir(fds):
            try:
                on_disk.append(os.readlink(fds / fd))
            except OSError:
                continue
        start_response("200 OK", [("Content-Type", "application/json")])
        body = environ["wsgi.input"].read()
        return [json.dumps({"size": len(body),
                            "spooled": any(p.startswith(str(spool)) for p in on_disk)}).encode()]

    web = WebServer(app, "127.0.0.1", 0, large_bodies={"/big": 1 << 20}, spool_dir=spool)
    web.start()
    try:
        client = Client(web.port)
        _, small, _ = client.request("POST", "/big", raw=b"x" * 100)
        _, large, _ = client.request("POST", "/big", raw=b"x" * (server.MAX_BODY + 100))
    finally:
        web.stop()
    assert small == {"size": 100, "spooled": False}
    assert large == {"size": server.MAX_BODY + 100, "spooled": True}


def test_a_whole_head_over_the_limit_is_refused_even_with_its_blank_line(daemon):
    big = "X-Big: " + "a" * (server.MAX_HEAD + 10)
    (answer,) = exchange(daemon, f"GET /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\n{big}\r\n"
                                 "Connection: close\r\n\r\n".encode())
    assert answer[0].startswith("HTTP/1.1 431 ") and error_code(answer) == "header_too_large"


def test_a_second_origin_field_is_read_too_not_only_the_last(daemon):
    """Fields sent twice reach the app joined (RFC 9110 5.3): a foreign Origin before our
    own must not pass as our own (the write is cross-site)."""
    client = Client(daemon.web.port)
    client.pair(daemon)
    for origins in (("http://evil.example", "http://127.0.0.1"),
                    ("http://127.0.0.1", "http://evil.example")):
        (answer,) = exchange(daemon, post(
            "/api/games", json.dumps({"game": "howruck", "players": ["A", "B"]}).encode(),
            "Content-Type: application/json", f"Cookie: {client.cookie}",
            *(f"Origin: {origin}" for origin in origins)))
        assert answer[0].startswith("HTTP/1.1 403 ") and error_code(answer) == "cross_site"
    assert client.get("/api/games")[1]["games"] == []


def test_blank_lines_before_a_request_are_skipped(daemon):
    """RFC 9112 2.2: a server should ignore at least one empty line before a request line."""
    (answer,) = exchange(daemon, b"\r\n\n\r\nGET /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                 b"Connection: close\r\n\r\n")
    assert answer[0] == "HTTP/1.1 200 OK"


def test_an_absolute_target_is_served_as_its_path_on_its_host(daemon):
    """RFC 9112 3.2.2: a server must accept the absolute form, and then use the target's
    host instead of the Host field (a foreign one is refused as any foreign Host is)."""
    port = daemon.web.port
    ours, foreign = (exchange(daemon, (
        f"GET http://{host}/api/status?lang=de HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        "Connection: close\r\n\r\n").encode())[0] for host in (f"127.0.0.1:{port}",
                                                              "evil.example"))
    assert ours[0] == "HTTP/1.1 200 OK" and "paired" in json.loads(ours[2])
    assert foreign[0].startswith("HTTP/1.1 421 ") and error_code(foreign) == "foreign_host"


def test_http_1_0_keep_alive_is_granted_and_said(daemon):
    """An HTTP/1.0 client asks to keep the connection: the answer says it does, and a second
    request on it is answered."""
    with connect(daemon) as sock:
        sock.sendall(b"GET /api/status HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        data = b""
        while (end := data.find(b"\r\n\r\n")) < 0:
            data += sock.recv(65536)
        head = data[:end].decode().lower()
        assert "connection: keep-alive" in head
        sock.sendall(b"GET /api/games HTTP/1.0\r\n\r\n")
        got = answers(data[end + 4 + int(head.split("content-length: ")[1].split()[0]):]
                      + read_all(sock))
    assert [status for status, _, _ in got] == ["HTTP/1.1 200 OK"]


def test_a_live_stream_to_http_1_0_is_not_chunked(daemon):
    """HTTP/1.0 has no chunked encoding: its stream is the bare messages until the end."""
    with connect(daemon) as sock:
        sock.sendall(b"GET /api/stream HTTP/1.0\r\n\r\n")
        data = b""
        while b"\n\n" not in data.partition(b"\r\n\r\n")[2]:
            data += sock.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    assert b"Transfer-Encoding" not in head and b"Connection: close" in head
    assert body.startswith((b"event: ", b"retry: ", b"data: ", b":")), body[:40]


def test_a_client_sending_on_while_its_request_is_answered_is_held_back(daemon):
    """Pipelined bytes wait in the socket, not in the server's memory: while the hub holds
    the first request, the server stops reading past `MAX_HEAD + MAX_BODY`, so a client
    that keeps sending finds its sending blocked long before 64 MiB."""
    release = threading.Event()
    daemon.hub.post(release.wait, 10)  # /api/status waits for the hub
    sent = 0
    with connect(daemon) as sock:
        sock.settimeout(2)
        sock.sendall(b"GET /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        block = b"x" * (1 << 20)
        try:
            while sent < 64 << 20:
                sent += sock.send(block)
        except TimeoutError:
            pass
        finally:
            release.set()
    assert sent < 48 << 20, f"the server read {sent >> 20} MiB while answering"


@pytest.fixture
def eager():
    """Our server around an app that answers every method with a body, and opens a live
    stream for every method too (WSGI allows both; the Flask app does neither for HEAD,
    so only this shows what the server itself does with HEAD)."""
    broker = Broker(max_clients=4)

    def app(environ, start_response):
        if environ["PATH_INFO"] == "/stream":
            environ["companion.stream"](lambda: [("hello", {"n": 1})], False)
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"the whole answer"]

    web = WebServer(app, "127.0.0.1", 0, broker=broker)
    web.start()
    yield web
    web.stop()


def test_a_head_answer_has_no_body_and_the_next_answer_follows_at_once(eager):
    """An answer to HEAD carries no bytes, whatever the app gave: the next answer on the
    connection must begin right after its head."""
    with socket.create_connection(("127.0.0.1", eager.port), timeout=5) as sock:
        sock.sendall(b"HEAD /page HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                     b"GET /page HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        received = read_all(sock)
    first, _, rest = received.partition(b"\r\n\r\n")
    assert first.startswith(b"HTTP/1.1 200 OK")
    assert rest.startswith(b"HTTP/1.1 200 OK"), rest[:60]
    assert rest.endswith(b"\r\n\r\nthe whole answer")


def test_head_never_opens_a_live_stream(eager):
    """HEAD is answered with the head alone and the connection ends as asked, even when the
    app opened a stream for it (the stream is closed; GET keeps its stream)."""
    with socket.create_connection(("127.0.0.1", eager.port), timeout=5) as sock:
        sock.sendall(b"HEAD /stream HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        data = read_all(sock)  # the server closes: no stream stays open on it
    head, _, body = data.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200 ") and body == b""
    assert b"chunked" not in head
    wait_until(lambda: eager.broker.clients == 0, timeout=2)
    with socket.create_connection(("127.0.0.1", eager.port), timeout=5) as sock:
        sock.sendall(b"GET /stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        data = b""
        while b"hello" not in data:
            data += sock.recv(4096)
        assert b"Transfer-Encoding: chunked" in data and eager.broker.clients == 1


@pytest.mark.parametrize("framing", ["Content-Length: 0", ""])
def test_no_go_ahead_for_a_request_without_a_body(daemon, framing):
    """100 Continue invites the body: a request that has none is answered at once."""
    lines = ["GET /api/status HTTP/1.1", "Host: 127.0.0.1", "Expect: 100-continue",
             framing, "Connection: close"]
    data = ("\r\n".join(line for line in lines if line) + "\r\n\r\n").encode()
    with connect(daemon) as sock:
        sock.sendall(data)
        received = read_all(sock)
    assert received.startswith(b"HTTP/1.1 200 OK"), received[:40]


def test_a_slow_head_has_the_head_limit_not_the_idle_one(daemon, monkeypatch):
    """A request begun has `HEAD_S` to finish its head, however long an idle connection
    may wait (the 408 comes while the client still listens; its own limit is far away)."""
    monkeypatch.setattr(server, "IDLE_S", 120.0)
    monkeypatch.setattr(server, "HEAD_S", 0.5)
    with connect(daemon) as sock:
        sock.settimeout(20)
        sock.sendall(b"GET /api/status HTTP/1.1\r\n")
        (answer,) = answers(read_all(sock))
    assert answer[0].startswith("HTTP/1.1 408 ") and error_code(answer) == "request_timeout"


def test_a_body_coming_in_pieces_has_the_limit_for_each_piece_not_for_all(daemon,
                                                                          monkeypatch):
    """`HEAD_S` is the longest wait between pieces of a body: a body that keeps coming is
    read to its end, even when the whole takes longer than that."""
    import time
    monkeypatch.setattr(server, "HEAD_S", 1.0)
    body = json.dumps({"game": "howruck", "players": ["A", "B"]}).encode()
    with connect(daemon) as sock:
        sock.sendall(post("/api/games", b"", "Content-Type: application/json")
                     .replace(b"Content-Length: 0", b"Content-Length: %d" % len(body)))
        for byte in range(len(body)):  # about 3 s in all, 0.25 s between pieces
            if byte % 4 == 0:
                time.sleep(0.25)
            sock.sendall(body[byte:byte + 1])
        (answer,) = answers(read_all(sock))
    assert answer[0].startswith("HTTP/1.1 401 ") and error_code(answer) == "not_paired"


def test_a_request_the_app_takes_long_over_is_never_timed_out(daemon, monkeypatch):
    """The time limits are the client's (its head, its body, its idleness): while the app
    works on the request, however long, the connection waits for the answer."""
    monkeypatch.setattr(server, "IDLE_S", 0.5)
    monkeypatch.setattr(server, "HEAD_S", 0.5)
    release = threading.Event()
    daemon.hub.post(release.wait, 10)  # /api/status waits for the hub
    with connect(daemon) as sock:
        sock.sendall(b"GET /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                     b"\r\n")
        threading.Event().wait(2.5)  # several sweeps (one a second) pass meanwhile
        release.set()
        (answer,) = answers(read_all(sock))
    assert answer[0] == "HTTP/1.1 200 OK"


def test_a_kept_connection_is_closed_once_idle_after_its_answer(daemon, monkeypatch):
    monkeypatch.setattr(server, "IDLE_S", 0.5)
    with connect(daemon) as sock:
        sock.settimeout(20)
        sock.sendall(b"GET /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        data = b""
        while b"\r\n\r\n" not in data:
            data += sock.recv(65536)
        head = data.partition(b"\r\n\r\n")[0].decode().lower()
        length = int(head.split("content-length: ")[1].split()[0])
        while len(data.partition(b"\r\n\r\n")[2]) < length:
            data += sock.recv(65536)
        assert "connection: close" not in head
        assert sock.recv(10) == b""  # closed by the server, idle after its answer
