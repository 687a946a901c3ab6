"""A stored game downloaded as the file `companion replay` takes (`GET /api/games/ID/
actions.jsonl`), over real HTTP on loopback, and replayed by the command as a real process."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from companion.web.choices import expand

PLAYERS = {"howruck": ["Ann", "Bob"], "laufrauf": ["red", "blue", "green"],
           "tauziehen": ["Ann", "Bob"], "stramash": ["red", "blue"]}


def play(client, game_id: int, moves: int, chooser: random.Random) -> None:
    """`moves` legal actions, each one the server offers, picked by `chooser`."""
    for _ in range(moves):
        legal = expand(client.get(f"/api/games/{game_id}/legal")[1])
        if not legal:
            return
        status, body, _ = client.post(f"/api/games/{game_id}/actions", chooser.choice(legal))
        assert status == 200, body


def replayed(data: bytes) -> list[dict]:
    result = subprocess.run([sys.executable, "-m", "companion", "replay", "-"], input=data,
                            capture_output=True, timeout=60)
    assert result.returncode == 0, result.stderr.decode()
    return [json.loads(line) for line in result.stdout.decode().splitlines()]


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_the_downloaded_game_replays_to_the_games_state(daemon, client, game):
    """A game played over HTTP with a refused move and an undo, its seed drawn by the
    server: the file replays, every line accepted, to the state the table shows."""
    client.pair(daemon)
    status, view, _ = client.post("/api/games", {"game": game, "players": PLAYERS[game]})
    assert status == 201
    game_id, chooser = view["id"], random.Random(game)
    play(client, game_id, 8, chooser)
    status, body, _ = client.post(f"/api/games/{game_id}/actions",
                                  {"player": "nobody", "type": "roll"})
    assert status == 422  # refused: never stored
    status, body, _ = client.post(f"/api/games/{game_id}/undo", {})
    assert status == 200, body
    play(client, game_id, 6, chooser)

    status, data, headers = client.exchange("GET", f"/api/games/{game_id}/actions.jsonl")
    assert status == 200
    assert headers["content-type"] == "application/x-ndjson; charset=utf-8"
    assert headers["content-disposition"] == \
        f'attachment; filename="companion-{game}-{game_id}.jsonl"'
    history = client.get(f"/api/games/{game_id}/history")[1]
    rows = [json.loads(line) for line in data.decode().splitlines()]
    assert rows == [history["header"], *history["actions"]]
    assert len(rows) == 1 + 8 - 1 + 6 and "seed" in rows[0]

    out = replayed(data)
    assert all(line["ok"] for line in out[:-1]) and len(out) == len(rows)
    state = client.get(f"/api/games/{game_id}")[1]
    assert out[-1]["final"] == {k: v for k, v in state.items() if k not in ("id", "status")}


def test_an_unknown_game_is_refused_as_its_history_is(client):
    for path in ("/api/games/99/history", "/api/games/99/actions.jsonl"):
        status, body, _ = client.get(path + "?lang=de")
        assert status == 404 and body["error"]["code"] == "no_such_game", path
        assert "99" in body["error"]["message"]


def test_a_watching_phone_downloads_as_it_reads_the_history(daemon, client):
    """Watching needs no pairing: the history and its file are public alike."""
    game_id = daemon.hub.call(daemon.table.create_game, "tauziehen", ["Ann", "Bob"], {}, 3)["id"]
    watcher = type(client)(daemon.web.port, source="127.0.0.2")
    assert watcher.get(f"/api/games/{game_id}/history")[0] == 200
    status, data, _ = watcher.exchange("GET", f"/api/games/{game_id}/actions.jsonl")
    assert status == 200
    assert json.loads(data) == {"game": "tauziehen", "players": ["Ann", "Bob"], "options": {},
                                "seed": 3}
