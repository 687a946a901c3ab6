"""Over real HTTP: what could take back or lose more than the table meant does not (an undo
sent twice, a card that is full)."""

from __future__ import annotations

import threading

from web_helpers import Client

from companion.web.choices import expand


def test_an_undo_sent_twice_takes_back_one_move(web_live):
    """The page says how many actions it saw: a double tap, a retry after a lost answer,
    or two phones undoing at once take back one move, not two."""
    client = Client(web_live.web.port)
    client.pair(web_live)
    game = client.post("/api/games", {"game": "tauziehen", "players": ["Ann", "Bob"]})[1]["id"]
    for _ in range(4):
        move = expand(client.get(f"/api/games/{game}/legal")[1])[0]
        assert client.post(f"/api/games/{game}/actions", move)[0] == 200
    results: list = []
    threads = [threading.Thread(target=lambda: results.append(client.post(
        f"/api/games/{game}/undo", {"actions": 4}))) for _ in range(5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert sorted(status for status, _, _ in results) == [200, 409, 409, 409, 409]
    refused = next(body for status, body, _ in results if status == 409)
    assert refused["error"]["code"] == "undo_stale"
    assert refused["error"]["params"] == {"actions": 3}
    assert len(client.get(f"/api/games/{game}/history")[1]["actions"]) == 3
    status, body, _ = client.post(f"/api/games/{game}/undo", {"actions": 3})
    assert status == 200 and body["actions"] == 2
    for bad in (True, -1, "2", 2.0):
        status, body, _ = client.post(f"/api/games/{game}/undo", {"actions": bad})
        assert status == 422 and body["error"]["code"] == "bad_value", bad
    assert client.post(f"/api/games/{game}/undo", {})[0] == 200  # without it: as before


def test_a_full_storage_is_said_and_loses_nothing(web_live):
    """The card fills up (SQLite's own limit on the file stands in for a full card): a move
    that cannot be stored is refused with a stable code and changes nothing; once there is
    room again, play goes on from the last stored move."""
    client = Client(web_live.web.port)
    client.pair(web_live)
    game = client.post("/api/games", {"game": "howruck", "players": ["Ann", "Bob"]})[1]["id"]
    db = web_live.sessions.store.db
    pages = web_live.hub.call(lambda: db.execute("PRAGMA page_count").fetchone()[0])
    web_live.hub.call(lambda: db.execute(f"PRAGMA max_page_count={pages}"))
    stored = []
    for _ in range(400):  # until the file would have to grow
        move = expand(client.get(f"/api/games/{game}/legal")[1])[0]
        status, body, _ = client.post(f"/api/games/{game}/actions?lang=de", move)
        if status != 200:
            break
        stored.append(body["action"])
    assert status == 507 and body["error"]["code"] == "storage_full", body
    assert "Speicher" in body["error"]["message"]
    assert client.get(f"/api/games/{game}/history")[1]["actions"] == stored
    status, body, _ = client.post(f"/api/games/{game}/actions?lang=de&via=flask", move)
    assert status == 507 and body["error"]["code"] == "storage_full"  # the app's route too
    web_live.hub.call(lambda: db.execute("PRAGMA max_page_count=1073741823"))
    assert client.post(f"/api/games/{game}/actions", move)[0] == 200
    assert len(client.get(f"/api/games/{game}/history")[1]["actions"]) == len(stored) + 1


def test_a_card_that_turned_read_only_is_said_and_loses_nothing(web_live):
    """An SD card that fails turns read-only (the kernel remounts it so): a move that cannot
    be stored is refused with a stable code, in the phone's language, not an unexplained 500
    (SQLite's query_only stands in for the card); once the card takes writes again, play goes
    on from the last stored move."""
    client = Client(web_live.web.port)
    client.pair(web_live)
    game = client.post("/api/games", {"game": "howruck", "players": ["Ann", "Bob"]})[1]["id"]
    db = web_live.sessions.store.db
    move = expand(client.get(f"/api/games/{game}/legal")[1])[0]
    web_live.hub.call(lambda: db.execute("PRAGMA query_only=1"))
    for via in ("", "&via=flask"):
        status, body, _ = client.post(f"/api/games/{game}/actions?lang=nl{via}", move)
        assert status == 507 and body["error"]["code"] == "storage_failed", body
        assert "geheugenkaart" in body["error"]["message"]
    assert client.get(f"/api/games/{game}/history")[1]["actions"] == []
    web_live.hub.call(lambda: db.execute("PRAGMA query_only=0"))
    assert client.post(f"/api/games/{game}/actions", move)[0] == 200
    assert len(client.get(f"/api/games/{game}/history")[1]["actions"]) == 1
