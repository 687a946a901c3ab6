"""Deleting a stored game over HTTP: a paired phone only, the game and its actions gone for
good (after a restart too), the table moving on to its newest unfinished game when it showed
the deleted one, every phone told; refusals with stable codes."""

from __future__ import annotations

from daemon_helpers import Recorder
from web_helpers import Client, web_daemon

from companion.rules import get_core
from companion.rules.randomplay import random_game


def start(client: Client, game: str, players: list[str], seed: int) -> int:
    status, body, _ = client.post("/api/games", {"game": game, "players": players,
                                                 "seed": seed})
    assert status == 201, body
    return body["id"]


def test_a_paired_phone_deletes_a_game_and_the_table_moves_on(tmp_path):
    daemon = web_daemon(tmp_path)
    phone, stranger = Client(daemon.web.port), Client(daemon.web.port)
    try:
        phone.pair(daemon)
        older = start(phone, "tauziehen", ["Ida", "Jan"], 2)
        log, _ = random_game(get_core("tauziehen"), 2, ["Ida", "Jan"])
        for action in log[:3]:
            assert phone.post(f"/api/games/{older}/actions", action)[0] == 200
        mistake = start(phone, "howruck", ["Anna", "Bert"], 1)  # now the one shown

        status, body, _ = stranger.request("DELETE", f"/api/games/{mistake}", {})
        assert status == 401 and body["error"]["code"] == "not_paired"
        status, body, _ = phone.request("DELETE", "/api/games/999", {})
        assert status == 404 and body["error"]["code"] == "no_such_game"

        heard = Recorder(daemon.hub)
        status, body, _ = phone.request("DELETE", f"/api/games/{mistake}", {})
        assert status == 200 and body == {"deleted": mistake, "current": older}
        heard.wait_for(lambda t, p: t == "games" and p == {"deleted": mistake, "game": "howruck",
                                                           "was_shown": True})
        _, state = heard.wait_for(lambda t, p: t == "state")
        assert state["id"] == older and state["actions"] == 3  # the unfinished one, as left
        assert phone.get("/api/status")[1]["current"] == older
        ids = [g["id"] for g in phone.get("/api/games")[1]["games"]]
        assert ids == [older]
        assert phone.get(f"/api/games/{mistake}")[0] == 404
        assert phone.get(f"/api/games/{mistake}/history")[0] == 404

        aside = start(phone, "stramash", ["Cor", "Eva"], 4)
        assert phone.post(f"/api/games/{older}/current", {})[0] == 200
        status, body, _ = phone.request("DELETE", f"/api/games/{aside}", {})  # not the one shown
        assert status == 200 and body == {"deleted": aside, "current": older}
        heard.wait_for(lambda t, p: t == "games" and p == {"deleted": aside, "game": "stramash",
                                                           "was_shown": False})
        status, body, _ = phone.request("DELETE", f"/api/games/{older}", {})  # the last one
        assert status == 200 and body == {"deleted": older, "current": None}
        assert phone.get("/api/games")[1]["games"] == []
        assert start(phone, "howruck", ["Anna", "Bert"], 3) > mistake  # ids never come back
    finally:
        daemon.stop()


def test_a_deleted_game_stays_gone_after_a_restart(tmp_path):
    daemon = web_daemon(tmp_path)
    phone = Client(daemon.web.port)
    phone.pair(daemon)
    kept = start(phone, "howruck", ["Anna", "Bert"], 1)
    other = start(phone, "tauziehen", ["Ida", "Jan"], 2)
    phone.post(f"/api/games/{kept}/current", {})  # the older one brought back to the table
    assert phone.request("DELETE", f"/api/games/{other}", {})[0] == 200
    daemon.stop()
    again = web_daemon(tmp_path)
    try:
        watcher = Client(again.web.port)
        assert [g["id"] for g in watcher.get("/api/games")[1]["games"]] == [kept]
        assert watcher.get("/api/status")[1]["current"] == kept
        again.stop()
        again = web_daemon(tmp_path)
        watcher = Client(again.web.port)
        watcher.pair(again)
        assert watcher.request("DELETE", f"/api/games/{kept}", {})[0] == 200
        again.stop()
        again = web_daemon(tmp_path)  # no game left: none shown, none brought back
        assert Client(again.web.port).get("/api/status")[1]["current"] is None
    finally:
        again.stop()
