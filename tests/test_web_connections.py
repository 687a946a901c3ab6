"""Connections that would starve a thread-per-connection server, on loopback (bounded in
count and time): 100 idle sockets, slow request heads, 100 live streams, phones that leave.
Each of these failed against the old waitress server (a thread per stream, idle sockets
counted against its connection limit); see server.py."""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import threading
import time

from daemon_helpers import wait_until
from web_helpers import Client


def get(port: int, path: str, timeout: float = 5.0) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


class Stream(threading.Thread):
    """An open page's live stream: counts the `state` events it reads."""

    def __init__(self, port: int, cookie: str | None = None) -> None:
        super().__init__(daemon=True)
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.conn.request("GET", "/api/stream", headers={"Cookie": cookie} if cookie else {})
        self.ended = threading.Event()
        self.sock = self.conn.sock  # http.client lets go of it once the answer has begun
        self.response = self.conn.getresponse()
        self.status = self.response.status
        self.states: list[dict] = []
        if self.status == 200:
            self.start()
        else:
            self.response.read()

    def run(self) -> None:
        event = None
        fp = self.response.fp  # (close() sets the attribute to None; the file raises)
        with contextlib.suppress(OSError, ValueError):
            while line := fp.readline():
                text = line.decode()
                if text.startswith("event: "):
                    event = text[7:].strip()
                elif text.startswith("data: ") and event == "state":
                    self.states.append(json.loads(text[6:]))
        self.ended.set()  # the server closed the stream (or we did)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()
        self.conn.close()


def test_a_hundred_idle_connections_do_not_block_the_page_or_the_api(daemon):
    idle = [socket.create_connection(("127.0.0.1", daemon.web.port)) for _ in range(100)]
    try:
        for path in ("/", "/api/status", "/api/games"):
            assert get(daemon.web.port, path) == 200
        client = Client(daemon.web.port)
        client.pair(daemon)
        status, body, _ = client.post("/api/games", {"game": "tauziehen",
                                                     "players": ["Ida", "Jan"]})
        assert status == 201, body
    finally:
        for sock in idle:
            sock.close()


def test_slow_request_heads_do_not_hold_anyone_up(daemon):
    slow = []
    for _ in range(30):  # slowloris: a head that never ends, a byte now and then
        sock = socket.create_connection(("127.0.0.1", daemon.web.port))
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        slow.append(sock)
    try:
        for _ in range(3):
            for sock in slow:
                with contextlib.suppress(OSError):
                    sock.sendall(b"X-a: b\r\n")
            assert get(daemon.web.port, "/api/status") == 200
    finally:
        for sock in slow:
            sock.close()


def test_a_hundred_live_streams_all_hear_every_change(daemon):
    streams = [Stream(daemon.web.port) for _ in range(100)]
    try:
        assert [s.status for s in streams] == [200] * 100
        assert daemon.broker.clients == 100
        assert get(daemon.web.port, "/") == 200  # the page still answers
        client = Client(daemon.web.port)
        client.pair(daemon)
        status, view, _ = client.post("/api/games", {"game": "tauziehen",
                                                     "players": ["Ida", "Jan"]})
        assert status == 201
        wait_until(lambda: all(any(st and st.get("id") == view["id"] for st in s.states)
                               for s in streams), timeout=10)
    finally:
        for stream in streams:
            stream.close()
    wait_until(lambda: daemon.broker.clients == 0, timeout=5)


def test_a_phone_that_leaves_frees_its_place_at_once(daemon):
    stream = Stream(daemon.web.port)
    wait_until(lambda: daemon.broker.clients == 1, timeout=5)
    started = time.monotonic()
    stream.close()
    wait_until(lambda: daemon.broker.clients == 0, timeout=5)
    # not the keep-alive's 15 s: the server saw the end of the connection
    assert time.monotonic() - started < 5


def test_a_full_house_is_a_503_with_a_retry_after(daemon):
    daemon.broker.max_clients = 3
    streams = [Stream(daemon.web.port) for _ in range(3)]
    try:
        conn = http.client.HTTPConnection("127.0.0.1", daemon.web.port, timeout=5)
        conn.request("GET", "/api/stream")
        response = conn.getresponse()
        body = json.loads(response.read())
        assert response.status == 503 and body["error"]["code"] == "too_many_streams"
        assert response.getheader("Retry-After")
        streams[0].close()
        wait_until(lambda: daemon.broker.clients == 2, timeout=5)
        again = Stream(daemon.web.port)
        assert again.status == 200
        streams.append(again)
    finally:
        for stream in streams:
            stream.close()


def test_watchers_filling_every_place_never_lock_the_table_out(daemon):
    """Anyone on the network may open streams (watching needs no pairing); when they fill
    every place, a paired phone still gets one: the oldest watcher's stream makes way (its
    page reconnects as the house allows). Only paired phones filling the house is a 503."""
    daemon.broker.max_clients = 3
    client = Client(daemon.web.port)
    client.pair(daemon)
    watchers = [Stream(daemon.web.port) for _ in range(3)]
    phones: list[Stream] = []
    try:
        assert [w.status for w in watchers] == [200] * 3
        for i in range(3):
            phones.append(Stream(daemon.web.port, client.cookie))
            assert phones[-1].status == 200
            assert watchers[i].ended.wait(5)  # the oldest watcher went, and only it
            assert not any(w.ended.is_set() for w in watchers[i + 1:])
            assert daemon.broker.clients == 3
        conn = http.client.HTTPConnection("127.0.0.1", daemon.web.port, timeout=5)
        conn.request("GET", "/api/stream", headers={"Cookie": client.cookie})
        response = conn.getresponse()
        assert response.status == 503
        assert json.loads(response.read())["error"]["code"] == "too_many_streams"
        assert not any(p.ended.is_set() for p in phones)  # a phone never makes way
        late = Stream(daemon.web.port)  # and a watcher waits for a place
        assert late.status == 503
    finally:
        for stream in watchers + phones:
            stream.close()


def test_the_shared_history_answer_follows_undo_and_a_different_move(daemon, monkeypatch):
    """Every phone asks for the history after every change; one replay serves them all, and
    after an undo and another move at the same length the answer is the new game's."""
    import sys

    api_module = sys.modules["companion.web.api"]  # (the package's `api` is the blueprint)

    replays = []
    real = api_module.replay_history
    monkeypatch.setattr(api_module, "replay_history",
                        lambda *a: replays.append(1) or real(*a))  # counts, changes nothing
    client = Client(daemon.web.port)
    client.pair(daemon)
    game = client.post("/api/games", {"game": "tauziehen", "players": ["Ida", "Jan"],
                                      "seed": 5})[1]["id"]
    legal = client.get(f"/api/games/{game}/legal?full=1")[1]["actions"]
    first, other = legal[0], legal[-1]
    assert first != other
    client.post(f"/api/games/{game}/actions", first)
    for _ in range(5):
        assert client.get(f"/api/games/{game}/history")[1]["actions"] == [first]
    assert len(replays) == 1
    client.post(f"/api/games/{game}/undo", {})
    client.post(f"/api/games/{game}/actions", other)
    assert client.get(f"/api/games/{game}/history")[1]["actions"] == [other]
    assert len(replays) == 2
