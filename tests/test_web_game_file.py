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


def test_the_largest_header_the_api_takes_is_one_line_companion_replay_reads(daemon, client):
    """A stored game's header is one line of its game file, and `companion replay` reads
    lines of at most MAX_LINE_BYTES: no header the API takes may be longer. Every part of
    one is bounded by its own checks, not by the request's size: a known game, options only
    by their keys (Lauf Rauf!'s board is the widest: at most 4 colours, each an identifier
    of at most 16 characters, 2 rings of at most 200 fields, each run-up field once, a name
    of at most 60 characters), 2-4 players of those colours, names of at most 32 characters,
    a 64-bit seed; a lone surrogate, which would make the line fall back to JSON's 12-byte
    escapes, is refused with the request (malformed_json). This header takes each part to
    its end, every character one of 4 bytes in UTF-8, and the line stays under a quarter of
    the cap."""
    from companion.replay import MAX_LINE_BYTES
    from companion.rules.laufrauf.board import MAX_COLORS, MAX_NAME, MAX_RING
    from companion.sessions.players import MAX_NAME as MAX_PERSON

    client.pair(daemon)
    wide = "\U0001d51e"  # 𝔞, a letter (an identifier's): 4 bytes of UTF-8
    colours = [wide * 15 + chr(0x1D51E + i) for i in range(MAX_COLORS)]
    runup = list(range(MAX_RING - 1, MAX_COLORS - 1, -1))  # every field but the ascents

    def ring() -> dict:
        return {"length": MAX_RING, "ascent": {c: i for i, c in enumerate(colours)},
                "runup": {c: runup for c in colours}}
    board = {"name": wide * MAX_NAME, "colors": colours, "lower": ring(), "middle": ring()}
    body = {"game": "laufrauf", "players": colours, "seed": -2**63,
            "options": {"board": board, "huckauf": "table"},
            "names": {c: chr(0x1F600 + i) * MAX_PERSON for i, c in enumerate(colours)}}
    status, view, _ = client.post("/api/games", body)
    assert status == 201, view
    status, answer, _ = client.post("/api/games", {**body, "options": {
        "board": {**board, "name": "\ud800" + wide}}})
    assert status == 400 and answer["error"]["code"] == "malformed_json", answer
    status, data, _ = client.exchange("GET", f"/api/games/{view['id']}/actions.jsonl")
    assert status == 200
    header = data.split(b"\n")[0]
    assert len(header) * 4 < MAX_LINE_BYTES, len(header)
    [final] = replayed(data)
    assert final["final"]["players"] == colours
    assert final["final"]["board"]["name"] == board["name"]
