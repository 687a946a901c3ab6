"""Daemon CPU per posted action with 20 live phones, each doing what the page does: on every
`state` event it fetches the game's legal actions (while playing) and its history, and on
every `games` event the game list. The daemon runs as its own process (`companion run
--simulate`, today's server), so only its CPU is counted (/proc/PID/stat)."""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from companion.bench import Result, benchmark
from companion.bench.web_bench import _Http, free_port

PIN = re.compile(rb"\bPIN (\d{6})\b")  # the simulation logs each PIN the display shows


def _cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class _Phone(threading.Thread):
    """One open page: the stream, and the page's fetches after each event."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.port, self.fetches, self.connected = port, 0, threading.Event()
        self.quiet_since = time.monotonic()

    def run(self) -> None:
        stream = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        stream.request("GET", "/api/stream")
        response = stream.getresponse()
        self.connected.set()
        api = _Http(self.port)
        event = None
        while line := response.fp.readline():
            text = line.decode()
            if text.startswith("event: "):
                event = text[7:].strip()
            elif text.startswith("data: ") and event == "state":
                state = json.loads(text[6:])
                if state and state.get("status") == "playing":
                    api.call("GET", f"/api/games/{state['id']}/legal")
                    self.fetches += 1
                if state:
                    api.call("GET", f"/api/games/{state['id']}/history")
                    self.fetches += 1
                self.quiet_since = time.monotonic()
            elif text.startswith("data: ") and event == "games":
                api.call("GET", "/api/games")
                self.fetches += 1


def _rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def evening(posts: int, display: str, phones: int = 20, seed: int = 16) -> dict:
    """A daemon process with `phones` live pages while one client posts `posts` random legal
    How Ruck! actions (a new game whenever one ends): its CPU and memory."""
    rng = random.Random(seed)
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp) / "config.toml"
        config.write_text(f'[display]\ntype = "{display}"\n')
        proc = subprocess.Popen([sys.executable, "-m", "companion", "run", "--simulate",
                                 "--config", str(config), "--host", "127.0.0.1",
                                 "--port", str(port), "--data", tmp],
                                stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                                env=dict(os.environ, PYTHONUNBUFFERED="1"))
        try:
            pin = None
            for raw in proc.stderr:
                if m := PIN.search(raw):
                    pin = m.group(1).decode()
                    break
            threading.Thread(target=proc.stderr.read, daemon=True).start()  # keep draining
            time.sleep(0.5)
            rss_idle = _rss_mib(proc.pid)
            client = _Http(port)
            client.call("POST", "/api/pair", {"pin": pin})
            crowd = [_Phone(port) for _ in range(phones)]
            for phone in crowd:
                phone.start()
            for phone in crowd:
                phone.connected.wait(10)
            cpu0, game, done, games = _cpu_s(proc.pid), None, 0, 0
            while done < posts:
                if game is None:
                    _, view = client.call("POST", "/api/games", {
                        "game": "howruck", "players": ["A", "B"],
                        "seed": rng.randrange(2**31)})
                    game, games = view["id"], games + 1
                _, legal = client.call("GET", f"/api/games/{game}/legal?full=1")
                if not legal["actions"]:
                    game = None
                    continue
                client.call("POST", f"/api/games/{game}/actions", rng.choice(legal["actions"]))
                done += 1
                time.sleep(0.02)  # people post seconds apart; let the phones catch up
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and \
                    any(time.monotonic() - p.quiet_since < 0.5 for p in crowd):
                time.sleep(0.1)
            cpu = _cpu_s(proc.pid) - cpu0
            rss_evening = _rss_mib(proc.pid)
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=20)
    return {"cpu_s": cpu, "posts": posts, "games": games, "phones": phones,
            "rss_idle": rss_idle, "rss_evening": rss_evening,
            "phone_fetches": sum(p.fetches for p in crowd)}


@benchmark("web.cpu")
def web_cpu(quick: bool) -> Iterator[Result]:
    run = evening(100 if quick else 400, display="none")
    yield {"name": "web.cpu_ms_per_post", "value": round(run["cpu_s"] * 1000 / run["posts"], 2),
           "unit": "ms", "posts": run["posts"], "phones": run["phones"],
           "phone_fetches": run["phone_fetches"], "goal": 1.5, "display": "none",
           "note": "one event loop for every connection and stream; includes the poster's "
                   "own /legal fetch before each post and 20 ms idle between posts"}


@benchmark("daemon.evening")
def daemon_evening(quick: bool) -> Iterator[Result]:
    run = evening(100 if quick else 1000, display="ssd1306")
    yield {"name": "daemon.rss_evening_mb", "value": round(run["rss_evening"], 1),
           "unit": "MiB", "idle_mb": round(run["rss_idle"], 1),
           "ratio": round(run["rss_evening"] / run["rss_idle"], 2), "actions": run["posts"],
           "games": run["games"], "phones": run["phones"], "display": "ssd1306 (virtual)",
           "goal": "<= 55 and <= 1.15 x idle"}
