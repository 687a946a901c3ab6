"""Daemon CPU per posted action with 20 live phones, each doing what the page
(web/static/app.js) does with each message, beside the same evening with phones that ask
for the moves and the whole history after every change (what the page did before the stream
carried them; the baseline). The daemon runs as its own process (`companion run
--simulate`), so only its CPU is counted (/proc/PID/stat)."""

from __future__ import annotations

import http.client
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from companion.bench import Result, benchmark, compile_package
from companion.bench.ports import free_port
from companion.bench.web_bench import _Http, sse_messages
from companion.web.choices import expand

PIN = re.compile(rb"\bPIN (\d{6})\b")  # the simulation logs each PIN the display shows
PAUSE_S = 0.02  # the poster's pause after each answer


def _cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class _Phone(threading.Thread):
    """One open page. Today's page: a paired one takes its moves from the stream's `legal`
    (asking /legal only if they do not come), every page extends the history it holds with
    each `entry` and fetches it whole only when the lines held do not lead to the `state`
    (another game that has begun, an undo); the stored games' list is fetched when its tab
    opens (not modelled: the phones watch the game). With `ask_each_change` it asks for
    /legal (paired) and /history after every `state` and the list after every `games`, as
    the page did before."""

    def __init__(self, port: int, cookie: str, ask_each_change: bool) -> None:
        super().__init__(daemon=True)
        self.port, self.cookie, self.ask_each_change = port, cookie, ask_each_change
        self.fetches, self.connected = 0, threading.Event()
        self.quiet_since = time.monotonic()
        self.held: tuple[int, int] | None = None  # (game, lines) of the history held
        self.legal: dict[tuple[int, int], dict[str, Any]] = {}  # (game, actions) -> moves
        self.changed = threading.Condition()
        self.api = _Http(port)
        self.api.cookie = cookie

    def _get(self, path: str) -> Any:
        self.fetches += 1
        return self.api.call("GET", path)[1]

    def run(self) -> None:
        stream = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        stream.request("GET", "/api/stream", headers={"Cookie": self.cookie})
        response = stream.getresponse()
        self.connected.set()
        for event, data in sse_messages(response):
            self._message(event, data)
            self.quiet_since = time.monotonic()

    def _message(self, event: str | None, data: Any) -> None:
        if event == "entry":
            if self.held == (data["game"], data["seq"]):
                self.held = (data["game"], data["seq"] + 1)
        elif event == "state" and data:
            version = (data["id"], data["actions"])
            if self.cookie and self.ask_each_change and data["status"] == "playing":
                self._moves(version, self._get(f"/api/games/{data['id']}/legal"))
            if self.ask_each_change or (self.held != version and data["actions"]):
                lines = len(self._get(f"/api/games/{data['id']}/history")["actions"])
                self.held = (data["id"], lines)
            elif not data["actions"]:  # a new game: an empty history, nothing to ask for
                self.held = version
            if data["status"] != "playing":
                self._moves(version, {"groups": []})
        elif event == "legal" and not self.ask_each_change:
            self._moves((data["game"], data["actions"]), data)
        elif event == "games" and self.ask_each_change:  # today's page: when its tab opens
            self._get("/api/games")

    def _moves(self, version: tuple[int, int], answer: dict[str, Any]) -> None:
        with self.changed:
            self.legal[version] = answer
            self.changed.notify_all()

    def moves(self, version: tuple[int, int], timeout: float = 10) -> list[dict[str, Any]]:
        """The legal actions once this page has them for `version` (asked for if they do not
        come: the page's own fallback)."""
        with self.changed:
            if not self.changed.wait_for(lambda: version in self.legal, timeout):
                self._moves(version, self._get(f"/api/games/{version[0]}/legal"))
            return expand(self.legal.pop(version))


def wake_cycle_us(pause_s: float, cycles: int) -> float:
    """The median CPU time (us) of one cycle of this thread: sleep `pause_s`, wake, run a small
    fixed Python job. With no pause it is the job alone; the difference is what this machine
    charges for waking a thread after the poster's pause. On this virtual machine it moves
    between minutes as much as the daemon's figure does (README: the figures of recent runs).
    It is context, not a correction: it followed the daemon's CPU per move only loosely (a
    durable move wakes the daemon's threads about ten times, at other moments)."""
    times = []
    for _ in range(cycles):
        start = time.thread_time_ns()
        time.sleep(pause_s)
        _small_job()
        times.append(time.thread_time_ns() - start)
    return round(statistics.median(times) / 1000, 1)


def _small_job() -> int:
    """A fixed bit of Python work, the same in every cycle: a 300-entry dict."""
    return len({i: str(i) for i in range(300)})


def _rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def evening(posts: int, display: str, phones: int = 20, paired: int = 4,
            ask_each_change: bool = False, seed: int = 16, pause_s: float = PAUSE_S) -> dict:
    """A daemon process with `phones` live pages (`paired` of them paired, the rest
    watching) while a paired page posts `posts` random legal How Ruck! actions (a new game
    whenever one ends), choosing from the moves it was sent, `pause_s` after each answer: the
    daemon's CPU and memory."""
    rng = random.Random(seed)
    port = free_port()
    compile_package()  # as installed: no module compiled from source inside the evening
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
            poster = _Phone(port, client.cookie, ask_each_change)
            crowd = [poster] + [_Phone(port, client.cookie if i < paired - 1 else "",
                                       ask_each_change) for i in range(phones - 1)]
            for phone in crowd:
                phone.start()
            for phone in crowd:
                phone.connected.wait(10)
            cpu0, version, done, games = _cpu_s(proc.pid), None, 0, 0
            while done < posts:
                if version is None:
                    _, view = client.call("POST", "/api/games", {
                        "game": "howruck", "players": ["A", "B"],
                        "seed": rng.randrange(2**31)})
                    version, games = (view["id"], 0), games + 1
                legal = poster.moves(version)
                if not legal:
                    version = None
                    continue
                _, answer = client.call("POST", f"/api/games/{version[0]}/actions",
                                        rng.choice(legal))
                version = (version[0], answer["state"]["actions"])
                done += 1
                time.sleep(pause_s)  # people post seconds apart; let the phones catch up
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and \
                    any(time.monotonic() - p.quiet_since < 0.5 for p in crowd):
                time.sleep(0.1)
            cpu = _cpu_s(proc.pid) - cpu0
            rss_evening = _rss_mib(proc.pid)
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=20)
    return {"cpu_s": cpu, "posts": posts, "games": games, "phones": phones, "paired": paired,
            "rss_idle": rss_idle, "rss_evening": rss_evening,
            "phone_fetches": sum(p.fetches for p in crowd)}


@benchmark("web.cpu")
def web_cpu(quick: bool) -> Iterator[Result]:
    """The median of five evenings each way (three with --quick), alternating: on this shared
    machine one evening's CPU time varies by a quarter to a half from run to run, with the
    hour, and a median of three still moved by a tenth between runs of the same code.

    Beside them (``back_to_back``), the same evenings with no pause between posts: the daemon's
    own work per move. The difference is what waking its threads after each pause costs; on
    this virtual machine a thread woken after a few milliseconds idle runs several times
    slower for a while, and that share moves with the hour. So the machine's own cost of one
    such wake-up is measured just before each paused evening (``machine_wake_us``: a small
    fixed job after the same pause; ``machine_job_us``: the job alone), to show how the
    machine itself moved during the run (`wake_cycle_us`)."""
    runs, befores, packed, wakes, jobs = [], [], [], [], []
    seeds = (16, 17, 18) if quick else (16, 17, 18, 19, 20)
    posts, baseline_posts, cycles = (100, 50, 100) if quick else (300, 100, 200)
    for seed in seeds:
        wakes.append(wake_cycle_us(PAUSE_S, cycles))  # the same minutes as the evening
        jobs.append(wake_cycle_us(0.0, cycles))
        runs.append(evening(posts, display="none", seed=seed))
        befores.append(evening(baseline_posts, display="none", ask_each_change=True,
                               seed=seed))
        if seed in seeds[:3]:
            packed.append(evening(posts, display="none", seed=seed, pause_s=0.0))
    per_post, before_per_post, packed_per_post = (
        [round(e["cpu_s"] * 1000 / e["posts"], 2) for e in evenings]
        for evenings in (runs, befores, packed))
    yield {"name": "web.cpu_ms_per_post", "value": statistics.median(per_post), "unit": "ms",
           "runs": per_post, "posts": runs[0]["posts"], "phones": runs[0]["phones"],
           "paired": runs[0]["paired"],
           "phone_fetches": sum(r["phone_fetches"] for r in runs), "goal": 1.5,
           "display": "none", "asking_each_change": statistics.median(before_per_post),
           "asking_each_change_runs": before_per_post,
           "asking_each_change_fetches_per_post": round(
               sum(b["phone_fetches"] for b in befores) / sum(b["posts"] for b in befores), 1),
           "evenings": len(seeds),
           "back_to_back": statistics.median(packed_per_post),
           "back_to_back_runs": packed_per_post,
           "machine_wake_us": statistics.median(wakes), "machine_wake_us_runs": wakes,
           "machine_job_us": statistics.median(jobs), "machine_job_us_runs": jobs,
           "machine_pause_s": PAUSE_S,
           "note": f"median of {len(seeds)} evenings; the page's own pattern: moves and "
                   "history lines come with the stream; the poster is a paired page choosing "
                   f"from the moves it was sent, {PAUSE_S * 1000:g} ms between posts"}


@benchmark("daemon.evening")
def daemon_evening(quick: bool) -> Iterator[Result]:
    run = evening(100 if quick else 1000, display="ssd1306")
    yield {"name": "daemon.rss_evening_mb", "value": round(run["rss_evening"], 1),
           "unit": "MiB", "idle_mb": round(run["rss_idle"], 1),
           "ratio": round(run["rss_evening"] / run["rss_idle"], 2), "actions": run["posts"],
           "games": run["games"], "phones": run["phones"], "display": "ssd1306 (virtual)",
           "goal": "<= 55 and <= 1.15 x idle"}
