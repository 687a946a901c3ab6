"""A drawn Tauziehen game as versions before stop 34 stored it: its winner "draw" (the core's
winner then), in the games database, in a result waiting in the MQTT outbox and in a
league's file. Every reader counts it as a draw, not as a game won by a player called so:
here one player is "Draw", whose name is "draw" but for the capital (stats.person_key), as
a person's name and the old word are read alike."""

from __future__ import annotations

import sqlite3
import subprocess
import sys

from daemon_helpers import wait_until
from league_helpers import BEFORE_BOX_IDS, old_league_file
from mqtt_helpers import Broker, needs_mosquitto
from ports import free_port
from test_mqtt import play, run, table  # noqa: F401  (the fixture and helpers)
from web_helpers import Client, web_daemon

from companion.club.league import League
from companion.rules import get_core
from companion.rules.randomplay import random_game
from companion.sessions.store import DB_NAME

PLAYERS = ["Draw", "Ida"]
SEED = 12  # a random Tauziehen game between them that ends level on points
OLD_WINNER = '"draw"'  # the games' result column, and the outbox's result body, as JSON


def drawn_game(daemon) -> int:
    """The drawn game played at the table, as its phones would: its id."""
    log, final = random_game(get_core("tauziehen"), SEED, PLAYERS)
    assert get_core("tauziehen").winner(final) is None  # the seed still gives a draw
    game_id = daemon.hub.call(daemon.table.create_game, "tauziehen", PLAYERS, {}, SEED)["id"]
    play(daemon, game_id, log)
    return game_id


def as_old_code_stored_it(data, game_id: int) -> None:
    """The game's row, and its result in the outbox if one waits, with the winner "draw"."""
    db = sqlite3.connect(data / DB_NAME)
    with db:
        assert db.execute("UPDATE games SET result=? WHERE id=? AND status='over'",
                          (OLD_WINNER, game_id)).rowcount == 1
        if db.execute("SELECT name FROM sqlite_master WHERE name='mqtt_outbox'").fetchone():
            db.execute("UPDATE mqtt_outbox SET body=? WHERE kind='result' AND game_id=?",
                       (OLD_WINNER, game_id))
    db.close()


def test_the_table_reads_an_old_draw_as_a_draw(run, tmp_path):  # noqa: F811
    """The games list, the Players tab's statistics, the results export and the game file
    replayed by `companion replay` all say a draw."""
    data = tmp_path / "table"
    first = web_daemon(data)
    try:
        game_id = drawn_game(first)
    finally:
        first.stop()
    as_old_code_stored_it(data, game_id)
    daemon = run(web_daemon(data))
    client = Client(daemon.web.port)
    client.pair(daemon)
    listed = {g["id"]: g for g in client.get("/api/games")[1]["games"]}
    assert (listed[game_id]["status"], listed[game_id]["winner"]) == ("over", None)
    players = {p["name"]: p for p in client.get("/api/players")[1]["players"]}
    assert {n: (p["played"], p["won"], p["drawn"]) for n, p in players.items()} == {
        "Draw": (1, 0, 1), "Ida": (1, 0, 1)}
    status, results, _ = client.get("/api/results.json")
    assert status == 200, results
    exported = [r for r in results["results"] if r["id"] == game_id]
    assert [(r["result"], r["winner"], r["winners"]) for r in exported] == [("draw", None, [])]
    status, body, _ = client.exchange("GET", f"/api/games/{game_id}/actions.jsonl")
    assert status == 200, body
    file = tmp_path / "game.jsonl"
    file.write_bytes(body)
    told = subprocess.run([sys.executable, "-m", "companion", "replay", str(file), "--text",
                           "--lang", "en"], capture_output=True, timeout=120, text=True)
    assert told.returncode == 0, told.stderr
    assert told.stdout.splitlines()[-1] == "At the end: Game over, a draw.", told.stdout[-300:]


@needs_mosquitto
def test_an_old_draw_waiting_in_the_outbox_reaches_the_league_as_a_draw(run, tmp_path):  # noqa: F811
    """The result was kept while the broker was away, then the table was updated: the
    outbox row still says "draw" and is sent as it is; the league counts a draw."""
    broker = Broker(tmp_path / "broker")  # its port, not started yet: the outbox keeps all
    first = web_daemon(tmp_path / "table", mqtt={"host": "127.0.0.1", "port": broker.port,
                                                 "table": "t1"})
    try:
        game_id = drawn_game(first)
    finally:
        first.stop()
    as_old_code_stored_it(tmp_path / "table", game_id)
    run(broker.start())
    club = run(League("127.0.0.1", broker.port, tmp_path / "league"))
    club.start()
    wait_until(lambda: club.connected)
    table(run, tmp_path / "table", broker.port, "t1")
    wait_until(lambda: club.standings()["tables"].get("t1") == 1)
    assert {p["name"]: (p["played"], p["won"], p["drawn"])
            for p in club.standings()["players"]} == {"Draw": (1, 0, 1), "Ida": (1, 0, 1)}


def test_a_league_file_with_an_old_draw_counts_a_draw(run, tmp_path):  # noqa: F811
    """A league's results table from before the box id, its Tauziehen draws kept with the
    winner "draw" as the tables then sent them."""
    folder = old_league_file(tmp_path / "league", BEFORE_BOX_IDS, [
        ("t1", 1, 1, "tauziehen", ["Draw", "Ida"], "draw", 1.0),  # stored as OLD_WINNER
        ("t1", 2, 2, "tauziehen", ["Ida", "Draw"], "Ida", 2.0)])
    club = run(League("127.0.0.1", free_port(), folder))  # not started: its file is read
    assert {p["name"]: (p["played"], p["won"], p["drawn"])
            for p in club.standings()["players"]} == {"Draw": (2, 0, 1), "Ida": (2, 1, 1)}
