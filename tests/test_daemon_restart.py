"""The real `companion run` process: play over HTTP, SIGKILL it, start it again — the same
game is current, on the page (state and history, every acknowledged action) and on the OLED
(the simulated controller's frames, as the live stream carries them)."""

from __future__ import annotations

import base64
import http.client
import io
import json
import os
import re
import signal
import subprocess
import sys
import time

from PIL import Image
from ports import free_port
from web_helpers import Client

from companion.screens import Scene, render

PIN = re.compile(rb"PIN (\d{6})")


class Run:
    """`companion run --simulate` on loopback; `pin` read from its terminal log."""

    def __init__(self, data) -> None:
        self.port = free_port()
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "run", "--simulate", "--host", "127.0.0.1",
             "--port", str(self.port), "--data", str(data)],
            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env)
        self.pin = None
        deadline = time.monotonic() + 30
        for raw in self.proc.stderr:
            if (m := PIN.search(raw)) is not None:
                self.pin = m.group(1).decode()
                break
            assert time.monotonic() < deadline, "no PIN announced"
        assert self.pin, "the daemon ended before announcing its PIN"
        self.client = Client(self.port)
        status, body, _ = self.client.post("/api/pair", {"pin": self.pin})
        assert status == 200, body

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)
        self.proc.stderr.close()


def oled_frames(port: int, cookie: str, timeout: float = 10.0):
    """Every OLED frame the live stream carries, as images, until `timeout`."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    conn.request("GET", "/api/stream", headers={"Cookie": cookie})
    response = conn.getresponse()
    event = None
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            try:
                line = response.readline().decode().rstrip("\n")
            except TimeoutError:  # nothing more was sent
                return
            if line.startswith("event: "):
                event = line[7:]
            elif line.startswith("data: ") and event == "frame":
                url = json.loads(line[6:])
                png = base64.b64decode(url.split(",", 1)[1])
                yield Image.open(io.BytesIO(png)).convert("1")
    finally:
        conn.close()


def shows_on_the_oled(run: Run, view: dict) -> bool:
    wanted = render(Scene(state=view)).tobytes()
    return any(frame.tobytes() == wanted for frame in oled_frames(run.port, run.client.cookie))


def test_sigkill_and_restart_bring_back_the_same_game_on_the_oled_and_the_page(tmp_path):
    run = Run(tmp_path)
    acknowledged: list[dict] = []
    try:
        client = run.client
        status, game, _ = client.post("/api/games", {"game": "howruck", "players": ["Ann", "Bob"],
                                                     "seed": 3})
        assert status == 201, game
        for _ in range(12):
            legal = client.get(f"/api/games/{game['id']}/legal?full=1")[1]["actions"]
            status, body, _ = client.post(f"/api/games/{game['id']}/actions", legal[0])
            assert status == 200, body
            acknowledged.append(body["action"])
        view = client.get(f"/api/games/{game['id']}")[1]
        assert shows_on_the_oled(run, view)
    finally:
        run.kill()
    again = Run(tmp_path)
    try:
        client = again.client
        assert client.get("/api/status")[1]["current"] == game["id"]
        assert client.get(f"/api/games/{game['id']}")[1] == view
        assert client.get(f"/api/games/{game['id']}/history")[1]["actions"] == acknowledged
        assert shows_on_the_oled(again, view)
    finally:
        again.kill()


def test_an_older_game_brought_back_to_the_table_stays_shown_after_a_power_cut(tmp_path):
    """A family went back to an older game: a restart must not show the newest one instead
    (its moves would go into the wrong game)."""
    run = Run(tmp_path)
    try:
        client = run.client
        older = client.post("/api/games", {"game": "stramash", "players": ["A", "B"]})[1]
        newer = client.post("/api/games", {"game": "howruck", "players": ["C", "D"]})[1]
        assert client.get("/api/status")[1]["current"] == newer["id"]
        status, body, _ = client.post(f"/api/games/{older['id']}/current", {})
        assert status == 200, body
    finally:
        run.kill()
    again = Run(tmp_path)
    try:
        assert again.client.get("/api/status")[1]["current"] == older["id"]
    finally:
        again.kill()
