"""Web benchmarks: the load test (live streams open while a client posts actions), the latency
from posting an action to every open page hearing it, and the page's transfer size."""

from __future__ import annotations

import gzip
import http.client
import json
import random
import re
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from companion.bench import Result, benchmark, timing
from companion.bench.ports import free_port
from companion.rules import GAMES
from companion.web import PAGE_BUDGET
from companion.web.choices import expand

TAG = re.compile(r"<(?:link|script)\b[^>]*>")
ATTRIBUTE = re.compile(r'\b(rel|href|src)="([^"]*)"')
STATIC_REF = re.compile(r"url_for\('static', filename='([^']+)'\)")
# Links a phone fetches only when the page is saved to its home screen, not to open it.
NOT_AT_OPEN = {"apple-touch-icon", "manifest"}


def page_paths(game: str, lang: str = "de") -> list[str]:
    """Every path a phone fetches to open the page with `game` on the table, the API aside:
    the page, the files its template names (read from it, so none is forgotten), the words
    of its language, and the game's module, style (those a game has) and words (its part of
    the catalog, companion/i18n/page_parts.py PARTS)."""
    from companion.web import web_root

    root = web_root()
    paths = ["/"]
    for tag in TAG.findall((root / "templates" / "index.html").read_text("utf-8")):
        attributes = dict(ATTRIBUTE.findall(tag))
        ref = attributes.get("href", attributes.get("src", ""))
        if not ref or attributes.get("rel") in NOT_AT_OPEN:
            continue
        static = STATIC_REF.search(ref)
        paths.append(f"/static/{static.group(1)}" if static else ref)
    paths.append(f"/i18n/{lang}.json")
    paths.append(f"/i18n/{lang}/{game}.json")
    paths += [f"/static/{game}.{kind}" for kind in ("js", "css")
              if (root / "static" / f"{game}.{kind}").is_file()]
    return paths


class _Http:
    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookie = ""

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        headers = {"Cookie": self.cookie}
        payload = None
        if body is not None:
            payload = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        self.conn.request(method, path, body=payload, headers=headers)
        response = self.conn.getresponse()
        data = response.read()
        if cookie := response.getheader("Set-Cookie"):
            self.cookie = cookie.split(";")[0]
        return response.status, json.loads(data) if data else None

    def get(self, path: str) -> bytes:
        """The body of a GET as sent (the page, a static file); anything but 200 is an error."""
        self.conn.request("GET", path, headers={"Cookie": self.cookie})
        response = self.conn.getresponse()
        data = response.read()
        if response.status != 200:
            raise RuntimeError(f"GET {path}: {response.status}")
        return data


def sse_messages(response: Any) -> Iterator[tuple[str | None, Any]]:
    """(event, parsed data) for each message of an open /api/stream answer, until it ends."""
    event = None
    while line := response.fp.readline():
        text = line.decode()
        if text.startswith("event: "):
            event = text[7:].strip()
        elif text.startswith("data: "):
            yield event, json.loads(text[6:])


class _StreamReader(threading.Thread):
    """One open page: records when each (game, action count) state arrived."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.port = port
        self.seen: dict[tuple[int, int], float] = {}
        self.connected = threading.Event()
        self.errors = 0

    def run(self) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        conn.request("GET", "/api/stream")
        response = conn.getresponse()
        if response.status != 200:
            self.errors += 1
            return
        self.connected.set()
        for event, state in sse_messages(response):
            if event == "state" and state:
                self.seen[(state["id"], state["actions"])] = time.perf_counter()


@contextmanager
def simulated_daemon() -> Iterator[Any]:
    """A simulated daemon (no display) with its web server on a free loopback port; stopped,
    and gpiozero's mock pins released, on leaving."""
    from gpiozero import Device

    from companion.config import parse
    from companion.daemon import Daemon

    with tempfile.TemporaryDirectory() as tmp:
        daemon = Daemon(parse({"web": {"host": "127.0.0.1", "port": free_port()},
                               "display": {"type": "none"}}), Path(tmp), simulate=True,
                        web=True)
        daemon.start()
        try:
            yield daemon
        finally:
            daemon.stop()
            Device.pin_factory.reset()
            Device.pin_factory = None


def load_test(streams: int = 20, posts: int = 1000, seed: int = 1) -> dict[str, Any]:
    """`streams` pages open while one client posts `posts` legal How Ruck! actions."""
    rng = random.Random(seed)
    with simulated_daemon() as daemon:
        client = _Http(daemon.web.port)
        pin = daemon.hub.call(lambda: daemon.table.pairing.pin)
        client.call("POST", "/api/pair", {"pin": pin})
        readers = [_StreamReader(daemon.web.port) for _ in range(streams)]
        for reader in readers:
            reader.start()
        for reader in readers:
            reader.connected.wait(10)
        sent: dict[tuple[int, int], float] = {}
        errors, game, done = 0, None, 0
        while done < posts:
            if game is None:
                status, view = client.call("POST", "/api/games",
                                           {"game": "howruck", "players": ["A", "B"],
                                            "seed": rng.randrange(2**31)})
                game = view["id"]
            status, answer = client.call("GET", f"/api/games/{game}/legal")
            legal = expand(answer)
            if not legal:
                game = None
                continue
            action = rng.choice(legal)
            t0 = time.perf_counter()
            status, result = client.call("POST", f"/api/games/{game}/actions", action)
            done += 1
            if status != 200:
                errors += 1
                continue
            sent[(game, result["state"]["actions"])] = t0
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(
                not set(sent) <= set(r.seen) for r in readers):
            time.sleep(0.05)
        latencies = [r.seen[key] - t0 for r in readers for key, t0 in sent.items()
                     if key in r.seen]
        missed = sum(1 for r in readers for key in sent if key not in r.seen)
        stream_errors = sum(r.errors for r in readers)
    return {"posts": done, "post_errors": errors, "streams": streams, "missed": missed,
            "stream_errors": stream_errors, "latencies": latencies}


def page_weight(get: Callable[[str], bytes], game: str) -> tuple[int, int]:
    """(bytes, gzip bytes) of what a phone fetches to open the page with `game` on the table
    (page_paths), each as `get(path)` answers it (the bytes sent), gzipped each on its own as
    it is sent. The test holds these to PAGE_BUDGET (companion/web), the bench reports the
    heaviest game's beside it."""
    bodies = [get(path) for path in page_paths(game)]
    return sum(map(len, bodies)), sum(len(gzip.compress(body)) for body in bodies)


@benchmark("web")
def web(quick: bool) -> Iterator[Result]:
    result = load_test(streams=20, posts=100 if quick else 1000)
    yield timing("web.post_to_stream_ms", result["latencies"], "ms", scale=1e3,
                 streams=result["streams"], posts=result["posts"],
                 post_errors=result["post_errors"], missed=result["missed"])
    with simulated_daemon() as daemon:
        get = _Http(daemon.web.port).get
        weights = {game: page_weight(get, game) for game in GAMES}
    heaviest = max(weights, key=lambda game: weights[game][1])
    raw, packed = weights[heaviest]
    yield {"name": "web.page_bytes", "value": raw, "unit": "bytes", "gzip": packed,
           "game": heaviest, "budget": PAGE_BUDGET.raw, "gzip_budget": PAGE_BUDGET.gzip,
           "note": "what a phone fetches to open the page in German, API aside, with the "
                   "game whose page weighs most (gzipped) on the table"}
