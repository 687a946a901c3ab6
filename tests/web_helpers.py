"""A real simulated daemon with its web server on loopback, and a small HTTP client."""

from __future__ import annotations

import http.client
import json
from typing import Any

from ports import free_port

from companion.config import parse
from companion.daemon import Daemon


def web_daemon(tmp_path, **config: Any) -> Daemon:
    data = {"web": {"host": "127.0.0.1", "port": free_port()},
            "race": {"countdown_s": 0}, **config}
    return started_daemon(parse(data), tmp_path)


def started_daemon(config, data) -> Daemon:
    """A simulated daemon with its web server, started from a parsed `config` (in a test's
    network namespace: `netns.run(lambda: started_daemon(...))`)."""
    daemon = Daemon(config, data, simulate=True, web=True)
    daemon.start()
    return daemon


class Client:
    """HTTP/1.1 over loopback with a cookie jar of one cookie (the session), from `source`
    (another loopback address is another device on the Wi-Fi to the server); to `host`
    (another address of this machine, IPv4 or IPv6)."""

    def __init__(self, port: int, source: str = "127.0.0.1", host: str = "127.0.0.1") -> None:
        self.port, self.source, self.host = port, source, host
        self.cookie: str | None = None

    def request(self, method: str, path: str, body: Any = None, raw: bytes | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, Any, dict[str, str]]:
        status, data, received = self.exchange(method, path, body, raw, headers)
        try:
            parsed = json.loads(data) if data else None
        except ValueError:
            parsed = data.decode(errors="replace")
        return status, parsed, received

    def exchange(self, method: str, path: str, body: Any = None, raw: bytes | None = None,
                 headers: dict[str, str] | None = None) -> tuple[int, bytes, dict[str, str]]:
        """One request; the answer's body as the bytes sent."""
        conn = http.client.HTTPConnection(self.host, self.port, timeout=10,
                                          source_address=(self.source, 0))
        sent = dict(headers or {})
        payload = raw
        if body is not None:
            payload = json.dumps(body).encode()
            sent.setdefault("Content-Type", "application/json")
        if self.cookie:
            sent["Cookie"] = self.cookie
        conn.request(method, path, body=payload, headers=sent)
        response = conn.getresponse()
        data = response.read()
        received = {k.lower(): v for k, v in response.getheaders()}
        if "set-cookie" in received:
            self.cookie = received["set-cookie"].split(";")[0]
        conn.close()
        return response.status, data, received

    def get(self, path: str, **kw):
        return self.request("GET", path, **kw)

    def post(self, path: str, body: Any = None, **kw):
        return self.request("POST", path, body if body is not None else {}, **kw)

    def pair(self, daemon: Daemon) -> None:
        pin = daemon.hub.call(lambda: daemon.table.pairing.pin)
        status, body, _ = self.post("/api/pair", {"pin": pin})
        assert status == 200, body


def play_through(client: Client, game: str, seed: int, players: list[str],
                 names: dict[str, str] | None = None,
                 options: dict[str, Any] | None = None) -> tuple[int, Any]:
    """A whole random game started and entered through the API, as the page does (`names`:
    who plays Lauf Rauf!'s colours): its id and the core's final state."""
    from companion.rules import get_core
    from companion.rules.randomplay import random_game

    log, final = random_game(get_core(game), seed, players, options)
    body = {"game": game, "players": players, "seed": seed, "options": options or {}}
    if names is not None:
        body["names"] = names
    status, view, _ = client.post("/api/games", body)
    assert status == 201, view
    for action in log:
        status, answer, _ = client.post(f"/api/games/{view['id']}/actions", action)
        assert status == 200, answer
    return view["id"], final
