"""HEAD on real sockets (companion/web/server.py): its answer's head is the one GET would
get (RFC 9110 9.3.2), with no Content-Length the GET would not send (RFC 9110 8.6: none
unless it is GET's body's length), and the app's body is still closed (WSGI's close(): a
generator's cleanup, the app's resources)."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest
from flask import Flask, Response
from test_web_server import connect, read_all

from companion.web import WebServer


class Body:
    """A body the app yields piece by piece and gives no length for; knows if it was closed."""

    def __init__(self, *pieces: bytes) -> None:
        self.pieces = pieces
        self.closed = False

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.pieces)

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def served():
    """Our server around a plain WSGI app (answers every method with its body, as WSGI
    allows) and a Flask one (drops the body of HEAD itself, as Werkzeug does); `bodies`:
    every body the plain app gave, in order."""
    bodies: list[Body] = []

    def plain(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/plain")])
        bodies.append(Body(b"the whole ", b"answer"))
        return bodies[-1]

    flask = Flask(__name__)

    @flask.get("/generated")
    def generated() -> Response:
        return Response((piece for piece in (b"made ", b"as it goes")), mimetype="text/plain")

    def app(environ, start_response):
        return (flask if environ["PATH_INFO"] == "/generated" else plain)(environ,
                                                                          start_response)

    web = WebServer(app, "127.0.0.1", 0)
    web.start()
    web.bodies = bodies
    yield web
    web.stop()


def ask(port: int, method: str, path: str) -> tuple[str, dict[str, str], bytes]:
    """One request on its own connection: (status line, headers, every byte after the head)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     "Connection: close\r\n\r\n".encode())
        data = read_all(sock)
    head, _, rest = data.partition(b"\r\n\r\n")
    status, *lines = head.decode("latin-1").split("\r\n")
    return status, {k.lower(): v for k, v in (line.split(": ", 1) for line in lines)}, rest


def test_head_says_the_length_get_would_say_when_the_app_gave_none(served):
    """The app gave no Content-Length, but its whole body: GET is told its length, and so is
    HEAD (not 0, which would say GET's body is empty)."""
    get = ask(served.port, "GET", "/page")
    head = ask(served.port, "HEAD", "/page")
    assert get[2] == b"the whole answer" and get[1]["content-length"] == "16"
    assert head[2] == b"" and head[1].get("content-length") == "16", head[1]


def test_head_of_a_generated_body_says_no_length_rather_than_a_wrong_one(served):
    """Werkzeug leaves out a generated body for HEAD (and its length is known to no one):
    the answer then has no Content-Length at all, never 0."""
    get = ask(served.port, "GET", "/generated")
    head = ask(served.port, "HEAD", "/generated")
    assert get[2] == b"made as it goes"
    assert head[0] == "HTTP/1.1 200 OK" and head[2] == b""
    assert "content-length" not in head[1] and "transfer-encoding" not in head[1], head[1]


def test_the_next_answer_follows_a_head_answer_without_a_length(served):
    """An answer to HEAD ends with its head (RFC 9112 6.3), length or not: the connection
    stays open and the next answer on it begins right after."""
    with socket.create_connection(("127.0.0.1", served.port), timeout=5) as sock:
        sock.sendall(b"HEAD /generated HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                     b"GET /page HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        received = read_all(sock)
    first, _, rest = received.partition(b"\r\n\r\n")
    assert first.startswith(b"HTTP/1.1 200 OK") and b"Connection: close" not in first
    assert rest.startswith(b"HTTP/1.1 200 OK"), rest[:60]
    assert rest.endswith(b"\r\n\r\nthe whole answer")


def test_head_closes_the_apps_body_as_get_does(served):
    """WSGI: the server calls the body's close() whatever it sends of it; HEAD sends none of
    it and must close it all the same (a generator's `finally`, a file the app opened)."""
    ask(served.port, "GET", "/page")
    ask(served.port, "HEAD", "/page")
    assert [body.closed for body in served.bodies] == [True, True]


def test_head_of_the_live_stream_says_no_length(daemon):
    """GET /api/stream is an endless chunked stream: HEAD must not say Content-Length: 0
    (RFC 9110 8.6), and says the stream's type, as GET does."""
    with connect(daemon) as sock:
        sock.sendall(b"HEAD /api/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Connection: close\r\n\r\n")
        data = read_all(sock)
    head = data.partition(b"\r\n\r\n")[0].decode("latin-1").lower()
    assert head.startswith("http/1.1 200 ") and "content-type: text/event-stream" in head
    assert "content-length" not in head, head
