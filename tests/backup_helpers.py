"""What the backup and restore tests share: tables (real simulated daemons on loopback, each
with a paired client), a whole game entered through the hub, the API's view of every game,
a backup fetched over HTTP, and SQL run on a file. A pytest plugin (see conftest.py), so the
`tables` fixture is there for every test file without an import."""

from __future__ import annotations

import http.client
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from web_helpers import Client, web_daemon

from companion.rules import get_core
from companion.rules.randomplay import random_game

OCTET = {"Content-Type": "application/octet-stream"}


class Tables:
    """Tables in folders of one test (paired clients beside them), each with its own config:
    `tables("name", **config)` starts one, `tables.restart("name")` starts it again."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.running: dict[str, Any] = {}

    def __call__(self, name: str, **config: Any):
        daemon = web_daemon(self.folder / name, **config)
        self.running[name] = daemon
        client = Client(daemon.web.port)
        client.pair(daemon)
        return daemon, client

    def restart(self, name: str, **config: Any):
        self.running.pop(name).stop()
        return self(name, **config)


@pytest.fixture
def tables(tmp_path):
    """Start tables under tmp_path (all stopped, pins reset, after the test)."""
    started = Tables(tmp_path)
    yield started
    for daemon in started.running.values():
        daemon.stop()
    from gpiozero import Device
    if Device.pin_factory is not None:
        Device.pin_factory.reset()
    Device.pin_factory = None


def finished_game(daemon, game: str, seed: int, players: list[str],
                  options: dict | None = None, names: dict[str, str] | None = None) -> int:
    """A whole random game entered through the table (the hub), as buttons would (`names`:
    who plays Lauf Rauf!'s colours)."""
    log, _ = random_game(get_core(game), seed, players, options)
    view = daemon.hub.call(daemon.table.create_game, game, players, options or {}, seed, names)
    for action in log:
        daemon.hub.call(daemon.table.apply, view["id"], action)
    return view["id"]


def snapshot(client: Client) -> dict:
    """Every game with its full history, as the API shows it."""
    games = client.get("/api/games")[1]["games"]
    return {g["id"]: (g["game"], g["players"], g["status"], g["winner"], g["actions"],
                      client.get(f"/api/games/{g['id']}/history")[1]["actions"])
            for g in games}


def client_raw(client: Client, path: str) -> bytes:
    """A backup file as the page downloads it (checked to be one)."""
    conn = http.client.HTTPConnection("127.0.0.1", client.port, timeout=10)
    conn.request("GET", path, headers={"Cookie": client.cookie or ""})
    response = conn.getresponse()
    data = response.read()
    conn.close()
    assert response.status == 200, data[:200]
    assert response.getheader("Content-Type") == "application/vnd.sqlite3"
    assert "attachment" in response.getheader("Content-Disposition")
    return data


def sql(path: Path, *statements: str) -> None:
    """Run `statements` on the SQLite file at `path`, each committed at once."""
    db = sqlite3.connect(path, isolation_level=None)
    for statement in statements:
        db.execute(statement)
    db.close()
