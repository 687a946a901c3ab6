"""The web server's HTTP/1.1 on real sockets (companion/web/server.py): pipelined requests,
100-continue, HTTP/1.0, a client that half-closes, refusals the app never sees, and the
time limits of idle connections and slow heads."""

from __future__ import annotations

import json
import socket
import threading
import time

import pytest
from daemon_helpers import wait_until

from companion.web import server


def connect(daemon) -> socket.socket:
    return socket.create_connection(("127.0.0.1", daemon.web.port), timeout=5)


def read_all(sock: socket.socket) -> bytes:
    """Everything until the server closes."""
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    return data


def answers(data: bytes) -> list[tuple[str, dict[str, str], bytes]]:
    """(status line, headers, body) of each answer in `data` (Content-Length framed)."""
    out = []
    while data:
        head, _, data = data.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        headers = {k.lower(): v for k, v in (line.split(": ", 1) for line in lines[1:])}
        length = int(headers.get("content-length", 0))
        out.append((lines[0], headers, data[:length]))
        data = data[length:]
    return out


def test_pipelined_requests_are_answered_in_order_on_one_connection(daemon):
    sock = connect(daemon)
    host = f"Host: 127.0.0.1:{daemon.web.port}\r\n"
    sock.sendall((f"GET /api/status HTTP/1.1\r\n{host}\r\n"
                  f"GET /nowhere HTTP/1.1\r\n{host}\r\n"
                  f"GET /api/games HTTP/1.1\r\n{host}Connection: close\r\n\r\n").encode())
    got = answers(read_all(sock))
    assert [a[0] for a in got] == ["HTTP/1.1 200 OK", "HTTP/1.1 404 NOT FOUND",
                                   "HTTP/1.1 200 OK"]
    assert "paired" in json.loads(got[0][2]) and "games" in json.loads(got[2][2])
    assert got[2][1]["connection"] == "close"


def test_expect_100_continue_gets_a_go_ahead_then_the_answer(daemon):
    sock = connect(daemon)
    body = json.dumps({"pin": "000000"}).encode()
    sock.sendall((f"POST /api/pair HTTP/1.1\r\nHost: 127.0.0.1:{daemon.web.port}\r\n"
                  f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
                  "Expect: 100-continue\r\nConnection: close\r\n\r\n").encode())
    assert sock.recv(100) == b"HTTP/1.1 100 Continue\r\n\r\n"
    sock.sendall(body)
    (status, _, answer), = answers(read_all(sock))
    assert status.startswith("HTTP/1.1 4") and json.loads(answer)["error"]["code"]


def test_http_1_0_is_answered_and_closed(daemon):
    sock = connect(daemon)
    sock.sendall(b"GET /api/status HTTP/1.0\r\n\r\n")
    (status, headers, body), = answers(read_all(sock))  # read_all: the server closed
    assert status == "HTTP/1.1 200 OK" and headers["connection"] == "close"
    assert json.loads(body)["simulate"] is True


def test_a_client_that_half_closes_after_its_request_still_gets_the_answer(daemon):
    release = threading.Event()
    daemon.hub.post(release.wait, 5)  # the answer needs the hub: it comes after the end
    sock = connect(daemon)
    sock.sendall(f"GET /api/status HTTP/1.1\r\nHost: 127.0.0.1:{daemon.web.port}\r\n\r\n"
                 .encode())
    sock.shutdown(socket.SHUT_WR)
    time.sleep(0.2)
    release.set()
    (status, _, _), = answers(read_all(sock))
    assert status == "HTTP/1.1 200 OK"


@pytest.mark.parametrize("request_bytes, status, code", [
    (b"GET / HTTP/1.1\r\nHost: x\r\n folded: line\r\n\r\n", 400, "bad_request"),
    (b"GET / HTTP/1.1\r\n\r\n", 400, "bad_request"),
    (b"POST /api/pair HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
     b"Content-Length: 5\r\n\r\n0\r\n\r\n", 400, "bad_request"),
    (b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (server.MAX_HEAD + 10), 431,
     "header_too_large"),
    (b"get /api/status HTTP/1.1\r\nHost: x\r\n\r\n", 501, "not_implemented"),
    (b"GET api/status HTTP/1.1\r\nHost: x\r\n\r\n", 400, "bad_request"),
])
def test_what_the_server_refuses_itself_is_json_with_a_code_and_a_sentence(
        daemon, request_bytes, status, code):
    sock = connect(daemon)
    sock.sendall(request_bytes)
    (line, headers, body), = answers(read_all(sock))
    error = json.loads(body)["error"]
    assert line.startswith(f"HTTP/1.1 {status} ") and headers["connection"] == "close"
    assert error["code"] == code and error["message"] and "{" not in error["message"]


def test_an_idle_connection_and_a_slow_request_are_closed_after_their_time(daemon,
                                                                         monkeypatch):
    """An idle connection is closed silently; a request stopped half-way (its head, or a body
    shorter than its Content-Length) is answered 408 first: the phone learns why."""
    monkeypatch.setattr(server, "IDLE_S", 0.5)
    monkeypatch.setattr(server, "HEAD_S", 0.5)
    idle, slow_head, short_body = connect(daemon), connect(daemon), connect(daemon)
    slow_head.sendall(b"GET / HTTP/1.1\r\n")
    short_body.sendall(b"POST /api/pair HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                       b"\r\nContent-Length: 40\r\n\r\n{\"pin\": ")
    assert idle.recv(10) == b""  # closed by the server, nothing said
    for sock in (slow_head, short_body):
        (line, headers, body), = answers(read_all(sock))
        assert line.startswith("HTTP/1.1 408 ") and headers["connection"] == "close"
        error = json.loads(body)["error"]
        assert error["code"] == "request_timeout" and "0.5 s" in error["message"]
    wait_until(lambda: daemon.web.connections == 0, timeout=2)


def test_an_address_in_use_is_named_in_the_error():
    """`companion run` says "cannot start: <error>": the error must say which address (the
    web.host and web.port to change), not only "Address already in use"."""
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    try:
        with pytest.raises(OSError, match=f"127.0.0.1:{port}: Address already in use"):
            server.WebServer(lambda environ, start: [], "127.0.0.1", port)
    finally:
        taken.close()
