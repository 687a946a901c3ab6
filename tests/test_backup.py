"""Backup and restore over real HTTP: a snapshot taken during play restores to the same
games, the shown game and the settings; a restore takes only the file's rows. (Bad files:
test_backup_refusals.py; the command line: test_backup_cli.py.)"""

from __future__ import annotations

import sqlite3
import threading

from backup_helpers import OCTET, client_raw, finished_game, snapshot, sql
from web_helpers import Client

from companion.sessions import Sessions
from companion.sessions.backup import check_backup


def play_over_http(client: Client, game_id: int, stop: threading.Event, played: list) -> None:
    while not stop.is_set():
        legal = client.get(f"/api/games/{game_id}/legal?full=1")[1]["actions"]
        if not legal:
            return
        status, body, _ = client.post(f"/api/games/{game_id}/actions", legal[0])
        assert status == 200, body
        played.append(body["action"])


def test_a_backup_taken_during_play_restores_into_an_empty_data_dir(tables, tmp_path):
    table, client = tables("table")
    finished_game(table, "howruck", 1, ["Ann", "Bob"])
    finished_game(table, "tauziehen", 2, ["Bob", "Cat"])
    assert client.request("PUT", "/api/settings", {"language": "nl"})[0] == 200
    playing = client.post("/api/games", {"game": "stramash", "players": ["Ann", "Bob", "Cat"],
                                         "seed": 5})[1]["id"]
    stop, played = threading.Event(), []
    player = threading.Thread(target=play_over_http, args=(client, playing, stop, played))
    player.start()
    try:
        # taken while the other thread keeps entering actions
        backups = [client_raw(client, "/api/backup") for _ in range(3)]
    finally:
        stop.set()
        player.join(30)
    assert len(played) > 0
    final = client_raw(client, "/api/backup")
    expected = snapshot(client)

    for i, data in enumerate(backups):  # each mid-play copy is one consistent moment
        path = tmp_path / f"mid{i}.companion-backup"
        path.write_bytes(data)
        info = check_backup(path)
        assert info.games == 3 and info.settings["language"] == "nl"

    empty, fresh = tables("empty")
    status, body, _ = fresh.request("POST", "/api/restore", raw=final, headers=OCTET)
    assert status == 200, body
    assert body["restored"]["games"] == 3
    assert snapshot(fresh) == expected
    assert fresh.get("/api/settings")[1]["language"] == "nl"
    assert fresh.get("/api/status")[1]["current"] == playing  # the unfinished game is shown
    kept = empty.sessions.store.path.parent / "backups" / body["kept"]
    assert check_backup(kept).games == 0  # the empty data it replaced, kept


def test_a_restored_backup_shows_the_game_its_table_showed(tables):
    _, client = tables("table")
    older = client.post("/api/games", {"game": "tauziehen", "players": ["Ann", "Bob"]})[1]
    client.post("/api/games", {"game": "stramash", "players": ["Ann", "Bob"]})
    assert client.post(f"/api/games/{older['id']}/current", {})[0] == 200
    _, fresh = tables("empty")
    status, body, _ = fresh.request("POST", "/api/restore", raw=client_raw(client, "/api/backup"),
                                    headers=OCTET)
    assert status == 200, body
    assert fresh.get("/api/status")[1]["current"] == older["id"]


def test_backup_needs_pairing(web_live):
    client = Client(web_live.web.port)
    status, body, _ = client.get("/api/backup")
    assert status == 401 and body["error"]["code"] == "not_paired"
    status, body, _ = client.request("POST", "/api/restore", raw=b"x", headers=OCTET)
    assert status == 401 and body["error"]["code"] == "not_paired"


def test_restore_wants_the_file_itself(web_live):
    client = Client(web_live.web.port)
    client.pair(web_live)
    status, body, _ = client.post("/api/restore", {"file": "x"})
    assert status == 422 and body["error"]["code"] == "backup_file_required"


def test_a_backup_larger_than_a_move_restores_from_the_page(tables):
    """A real table's backup is far over the 64 KiB any other request may send."""
    table, client = tables("table")
    for seed in range(40):
        finished_game(table, "howruck", seed, ["Ann", "Bob"])
    data = client_raw(client, "/api/backup")
    assert len(data) > 4 * 64 * 1024
    expected = snapshot(client)
    _, fresh = tables("fresh")
    status, body, _ = fresh.request("POST", "/api/restore", raw=data, headers=OCTET)
    assert status == 200, body
    assert snapshot(fresh) == expected
    status, body, _ = fresh.request("POST", "/api/games/1/undo", raw=data, headers=OCTET)
    assert status == 413 and body["error"]["code"] == "body_too_large"  # only the restore


def test_a_restore_takes_the_rows_never_the_files_schema(tables, tmp_path):
    """A trigger hidden in a backup file stays in the file: the table's next move runs only
    the table's own schema."""
    table, client = tables("table")
    finished_game(table, "howruck", 1, ["Ann", "Bob"])
    finished_game(table, "tauziehen", 2, ["Bob", "Cat"])
    good = client_raw(client, "/api/backup")
    path = tmp_path / "trap.companion-backup"
    path.write_bytes(good)
    sql(path, "CREATE TRIGGER wipe AFTER INSERT ON actions BEGIN "
               "DELETE FROM actions WHERE game_id != NEW.game_id; END",
         "CREATE VIEW everything AS SELECT * FROM games")
    _, fresh = tables("fresh")
    status, body, _ = fresh.request("POST", "/api/restore", raw=path.read_bytes(),
                                    headers=OCTET)
    assert status == 200, body
    before = snapshot(fresh)
    game = fresh.post("/api/games", {"game": "howruck", "players": ["Dan", "Eve"]})[1]["id"]
    move = fresh.get(f"/api/games/{game}/legal?full=1")[1]["actions"][0]
    assert fresh.post(f"/api/games/{game}/actions", move)[0] == 200
    after = snapshot(fresh)
    assert {k: v for k, v in after.items() if k != game} == before
    live_schema = sqlite3.connect(tmp_path / "fresh" / "games.sqlite3").execute(
        "SELECT name FROM sqlite_master WHERE name IN ('wipe', 'everything')").fetchall()
    assert live_schema == []


def test_a_restore_keeps_the_club_outbox_and_its_sequence(tmp_path):
    """Restoring older data never sends old messages again nor reuses a sequence number."""
    from companion.club.outbox import Outbox
    from companion.sessions.backup import copy_into, write_backup

    sessions = Sessions(tmp_path / "table")
    outbox = Outbox(sessions.store.path)
    old = sessions.create("howruck", ["Ann", "Bob"])
    backup = tmp_path / "old.companion-backup"
    write_backup(sessions.store.path, backup, {})  # its outbox holds the game's row
    for _ in range(3):
        sessions.create("howruck", ["Cat", "Dan"])
    for row in outbox.pending()[:2]:
        outbox.delivered(row.seq)
    waiting = [r.seq for r in outbox.pending()]
    copy_into(backup, sessions.store.db)
    assert [r.seq for r in outbox.pending()] == waiting == [3, 4]
    sessions.reload()
    assert list(sessions.games) == [old.id]
    sessions.create("tauziehen", ["Eve", "Fay"])
    assert outbox.pending()[-1].seq == 5
    outbox.close()
    sessions.close()


def test_a_restore_sends_the_club_the_renames_it_brought(tmp_path):
    """The league names a table's people through the table's renames and merges (sent whole,
    club/outbox.py). A restore that brings other ones is news: one message with them, not
    one per row swapped, and none of the swap's other rows."""
    from companion.club.outbox import Outbox
    from companion.sessions.backup import copy_into, write_backup
    from companion.sessions.players import PlayerBook

    sessions = Sessions(tmp_path / "table")
    outbox = Outbox(sessions.store.path)
    game = sessions.create("howruck", ["Ann", "Bob"])
    book = PlayerBook(sessions.store.db)
    book.rename("Ann", "Anna", [(game.id, ("Ann", "Bob"))])
    backup = tmp_path / "old.companion-backup"
    write_backup(sessions.store.path, backup, {})
    book.rename("Anna", "Annie", [(game.id, ("Ann", "Bob"))])
    for row in outbox.pending():
        outbox.delivered(row.seq)
    copy_into(backup, sessions.store.db)
    assert [r.kind for r in outbox.pending()] == ["aliases"]
    assert outbox.aliases() == {"Ann": "Anna"}
    outbox.close()
    sessions.close()
