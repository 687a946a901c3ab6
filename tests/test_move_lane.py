"""The posted moves' short road (companion/web/moves.py) answers exactly as the Flask route.

Each request is sent as raw bytes over real HTTP (the server hands it to the lane) and the
same bytes are also run through the Flask app itself (read by the server's own HTTP reader
into the same WSGI environ): status line, headers in order and body must be equal. The lane
must really have taken the request (else this compared Flask with Flask), and requests in an
unusual shape must be left to Flask and still be answered right.
"""

from __future__ import annotations

import json
import socket

import pytest
from web_helpers import Client

from companion.web.http1 import head_end, parse_head


def raw_request(path: str, body: bytes, headers: dict[str, str]) -> bytes:
    head = [f"POST {path} HTTP/1.1", *(f"{k}: {v}" for k, v in headers.items()),
            f"Content-Length: {len(body)}"]
    return ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body


def over_http(port: int, raw: bytes) -> tuple[str, list[tuple[str, str]], bytes]:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(raw)
        data = b""
        while (end := head_end(data)) is None:
            data += sock.recv(65536)
        lines = data[:end[0]].decode("latin-1").split("\r\n")
        headers = [tuple(line.split(": ", 1)) for line in lines[1:]]
        length = int(dict((k.lower(), v) for k, v in headers)["content-length"])
        while len(data) < end[1] + length:
            data += sock.recv(65536)
    return lines[0].split(" ", 1)[1], headers, data[end[1]:end[1] + length]


def through_flask(daemon, raw: bytes) -> tuple[str, list[tuple[str, str]], bytes]:
    end = head_end(raw)
    head = parse_head(raw[:end[0]])
    environ = daemon.web.environ(head, raw[end[1]:], ("127.0.0.1", 50000))
    started = []
    payload = b"".join(daemon.web.app(environ, lambda s, h, e=None: started.extend([s, h])))
    return started[0], list(started[1]), payload


@pytest.fixture
def table(web_live):
    client = Client(web_live.web.port)
    client.pair(web_live)
    status, game, _ = client.post("/api/games", {"game": "howruck", "players": ["A", "B"],
                                                 "seed": 7})
    assert status == 201
    return web_live, client.cookie, game["id"]


def headers_for(cookie: str | None, **extra: str) -> dict[str, str]:
    base = {"Host": "127.0.0.1", "Content-Type": "application/json"}
    if cookie:
        base["Cookie"] = cookie
    return {**base, **extra}


def same_answer(daemon, raw: bytes, taken: bool = True) -> tuple[str, dict]:
    before = daemon.web.lane.taken
    lane = over_http(daemon.web.port, raw)
    assert daemon.web.lane.taken == before + (1 if taken else 0)
    flask = through_flask(daemon, raw)
    assert lane == flask
    return lane[0], json.loads(lane[2])


REFUSED = [  # (what is wrong, path suffix, body, headers beyond the paired defaults, code)
    ("not paired", "", b"{}", {"Cookie": ""}, "not_paired"),
    ("cross-site", "", b"{}", {"Origin": "http://evil.example"}, "cross_site"),
    ("the same host by another scheme", "", b"{}", {"Origin": "https://127.0.0.1"},
     "cross_site"),
    ("the same host on another port", "", b"{}", {"Origin": "http://127.0.0.1:1"},
     "cross_site"),
    ("no Origin, a foreign Referer", "", b"{}", {"Referer": "http://evil.example/x"},
     "cross_site"),
    ("cross-site and not JSON: cross-site first", "", b"{}",
     {"Origin": "http://evil.example", "Content-Type": "text/plain"}, "cross_site"),
    ("not JSON", "", b"{}", {"Content-Type": "text/plain; charset=utf-8"}, "json_required"),
    ("malformed", "", b"{\"type\": ", {}, "malformed_json"),
    ("lone surrogate", "", b'{"type": "\\ud800"}', {}, "malformed_json"),
    ("lone surrogate as raw bytes", "", b'{"type": "\xed\xa0\x80"}', {}, "malformed_json"),
    ("an unknown lang", "?lang=xx", b"{}", {}, "bad_value"),
    ("a foreign host", "", b"{}", {"Host": "rebound.example"}, "foreign_host"),
    ("a refused move, in German", "?lang=de", b'{"type": "nonsense"}', {}, None),
    ("a refused move, in Dutch", "", b'{"type": "nonsense"}', {"Accept-Language": "nl"},
     None),
    ("a refused move, the page's language cookie", "", b'{"type": "nonsense"}',
     {"Cookie+": "companion_lang=fr"}, None),
]


@pytest.mark.parametrize("case", REFUSED, ids=[c[0] for c in REFUSED])
def test_a_refused_move_is_answered_as_the_app_answers_it(table, case):
    daemon, cookie, game_id = table
    _, suffix, body, extra, code = case
    extra = dict(extra)
    if "Cookie+" in extra:
        extra["Cookie"] = f"{cookie}; {extra.pop('Cookie+')}"
    headers = headers_for(cookie, **extra)
    if not headers["Cookie"]:
        del headers["Cookie"]
    status, answer = same_answer(daemon, raw_request(
        f"/api/games/{game_id}/actions{suffix}", body, headers))
    assert not status.startswith("200")
    if code is not None:
        assert answer["error"]["code"] == code
    assert daemon.hub.call(lambda: daemon.sessions.get(game_id).view())["actions"] == 0


def test_no_such_game_is_answered_as_the_app_answers_it(table):
    daemon, cookie, _ = table
    status, answer = same_answer(daemon, raw_request("/api/games/999/actions", b"{}",
                                                     headers_for(cookie)))
    assert status.startswith("404") and answer["error"]["code"] == "no_such_game"


def test_an_accepted_move_is_answered_as_the_app_answers_it(table):
    """The lane enters the move; undone, the same move through Flask gives the same bytes."""
    daemon, cookie, game_id = table
    client = Client(daemon.web.port)
    client.cookie = cookie
    _, legal, _ = client.get(f"/api/games/{game_id}/legal?full=1")
    raw = raw_request(f"/api/games/{game_id}/actions",
                      json.dumps(legal["actions"][0]).encode(), headers_for(cookie))
    before = daemon.web.lane.taken
    lane = over_http(daemon.web.port, raw)
    assert daemon.web.lane.taken == before + 1
    assert lane[0] == "200 OK" and json.loads(lane[2])["state"]["actions"] == 1
    status, _, _ = client.post(f"/api/games/{game_id}/undo", {})
    assert status == 200
    assert through_flask(daemon, raw) == lane


UNUSUAL = [  # (why, query, headers beyond the paired defaults)
    ("another query parameter", "?lang=de&x=1", {}),
    ("a quoted cookie", "", {"Cookie+": '; x="quoted"'}),
    ("the default port named", "", {"Host": "127.0.0.1:80"}),
    ("a parameter werkzeug unquotes", "", {"Content-Type": 'application/json; x="a;b"'}),
]


@pytest.mark.parametrize("case", UNUSUAL, ids=[c[0] for c in UNUSUAL])
def test_unusual_requests_are_left_to_the_app(table, case):
    daemon, cookie, game_id = table
    _, query, extra = case
    extra = dict(extra)
    headers = headers_for(cookie + extra.pop("Cookie+", ""), **extra)
    status, answer = same_answer(daemon, raw_request(
        f"/api/games/{game_id}/actions{query}", b'{"type": "nonsense"}', headers), taken=False)
    assert status.startswith("422") and answer["error"]["code"] != "not_paired"
