"""Backup and restore over real HTTP and the command line: a snapshot taken during play
restores to the same games; bad files are refused with a stable code and change nothing."""

from __future__ import annotations

import csv
import io
import sqlite3
import threading
from pathlib import Path

import pytest
from web_helpers import Client, web_daemon

from companion.cli import main as cli_main
from companion.i18n import message
from companion.rules import get_core
from companion.rules.randomplay import random_game
from companion.sessions import Sessions
from companion.sessions.backup import check_backup

OCTET = {"Content-Type": "application/octet-stream"}


@pytest.fixture
def live(tmp_path):
    daemons = []

    def start(name: str):
        daemon = web_daemon(tmp_path / name)
        daemons.append(daemon)
        client = Client(daemon.web.port)
        client.pair(daemon)
        return daemon, client

    yield start
    for daemon in daemons:
        daemon.stop()
    from gpiozero import Device
    if Device.pin_factory is not None:
        Device.pin_factory.reset()
    Device.pin_factory = None


def finished_game(daemon, game: str, seed: int, players: list[str]) -> int:
    """A whole random game entered through the table (the hub), as buttons would."""
    log, _ = random_game(get_core(game), seed, players)
    view = daemon.hub.call(daemon.table.create_game, game, players, {}, seed)
    for action in log:
        daemon.hub.call(daemon.table.apply, view["id"], action)
    return view["id"]


def snapshot(client: Client) -> dict:
    """Every game with its full history, as the API shows it."""
    games = client.get("/api/games")[1]["games"]
    return {g["id"]: (g["game"], g["players"], g["status"], g["winner"], g["actions"],
                      client.get(f"/api/games/{g['id']}/history")[1]["actions"])
            for g in games}


def play_over_http(client: Client, game_id: int, stop: threading.Event, played: list) -> None:
    while not stop.is_set():
        legal = client.get(f"/api/games/{game_id}/legal?full=1")[1]["actions"]
        if not legal:
            return
        status, body, _ = client.post(f"/api/games/{game_id}/actions", legal[0])
        assert status == 200, body
        played.append(body["action"])


def test_a_backup_taken_during_play_restores_into_an_empty_data_dir(live, tmp_path):
    table, client = live("table")
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

    empty, fresh = live("empty")
    status, body, _ = fresh.request("POST", "/api/restore", raw=final, headers=OCTET)
    assert status == 200, body
    assert body["restored"]["games"] == 3
    assert snapshot(fresh) == expected
    assert fresh.get("/api/settings")[1]["language"] == "nl"
    assert fresh.get("/api/status")[1]["current"] == playing  # the unfinished game is shown
    kept = empty.sessions.store.path.parent / "backups" / body["kept"]
    assert check_backup(kept).games == 0  # the empty data it replaced, kept


def test_a_restored_backup_shows_the_game_its_table_showed(live):
    _, client = live("table")
    older = client.post("/api/games", {"game": "tauziehen", "players": ["Ann", "Bob"]})[1]
    client.post("/api/games", {"game": "stramash", "players": ["Ann", "Bob"]})
    assert client.post(f"/api/games/{older['id']}/current", {})[0] == 200
    _, fresh = live("empty")
    status, body, _ = fresh.request("POST", "/api/restore", raw=client_raw(client, "/api/backup"),
                                    headers=OCTET)
    assert status == 200, body
    assert fresh.get("/api/status")[1]["current"] == older["id"]


def client_raw(client: Client, path: str) -> bytes:
    import http.client
    conn = http.client.HTTPConnection("127.0.0.1", client.port, timeout=10)
    conn.request("GET", path, headers={"Cookie": client.cookie or ""})
    response = conn.getresponse()
    data = response.read()
    conn.close()
    assert response.status == 200, data[:200]
    assert response.getheader("Content-Type") == "application/vnd.sqlite3"
    assert "attachment" in response.getheader("Content-Disposition")
    return data


def test_backup_needs_pairing(web_live):
    client = Client(web_live.web.port)
    status, body, _ = client.get("/api/backup")
    assert status == 401 and body["error"]["code"] == "not_paired"
    status, body, _ = client.request("POST", "/api/restore", raw=b"x", headers=OCTET)
    assert status == 401 and body["error"]["code"] == "not_paired"


# --- bad files ----------------------------------------------------------------------------------
def _sql(path: Path, *statements: str) -> None:
    db = sqlite3.connect(path, isolation_level=None)
    for statement in statements:
        db.execute(statement)
    db.close()


def not_sqlite(good: bytes, path: Path) -> bytes:
    return b"id,game,players\n1,howruck,Ann / Bob\n" * 10


def foreign_sqlite(good: bytes, path: Path) -> bytes:
    _sql(path, "CREATE TABLE photos (id INTEGER, name TEXT)", "INSERT INTO photos VALUES (1, 'x')")
    return path.read_bytes()


def truncated(good: bytes, path: Path) -> bytes:
    return good[: len(good) // 2]


def corrupted(good: bytes, path: Path) -> bytes:
    page = int.from_bytes(good[16:18], "big")
    return good[:page] + bytes([0xA5]) * page + good[2 * page:]  # page 2 overwritten


def corrupted_index(good: bytes, path: Path) -> bytes:
    """Garbage in a page only an index uses: reading the rows works, the check finds it."""
    path.write_bytes(good)
    db = sqlite3.connect(path)
    root = db.execute("SELECT rootpage FROM sqlite_master WHERE name="
                      "'sqlite_autoindex_meta_1'").fetchone()[0]
    db.close()
    page = int.from_bytes(good[16:18], "big")
    start = (root - 1) * page
    index = good[start:start + page]
    assert b"schema" in index
    return good[:start] + index.replace(b"schema", b"schemb") + good[start + page:]


def newer_version(good: bytes, path: Path) -> bytes:
    path.write_bytes(good)
    _sql(path, "UPDATE meta SET value='99' WHERE key='schema'")
    return path.read_bytes()


def broken_game(good: bytes, path: Path) -> bytes:
    path.write_bytes(good)
    _sql(path, "UPDATE actions SET action='{\"type\":\"tug\",\"card\":3}' WHERE seq=3")
    return path.read_bytes()


def missing_actions(good: bytes, path: Path) -> bytes:
    path.write_bytes(good)
    _sql(path, "DELETE FROM actions WHERE seq=(SELECT MAX(seq) FROM actions)")
    return path.read_bytes()


def gap_in_actions(good: bytes, path: Path) -> bytes:
    """The last action moved one on: as many rows as the game counts, numbered 0 … n-2, n
    (restored, the game would take its next move at a number it already has)."""
    path.write_bytes(good)
    _sql(path, "UPDATE actions SET seq=seq+1 WHERE seq=(SELECT MAX(seq) FROM actions)")
    return path.read_bytes()


def unknown_language(good: bytes, path: Path) -> bytes:
    """Settings in a language this table cannot speak (Klingon)."""
    path.write_bytes(good)
    _sql(path, "UPDATE meta SET value=json_set(value, '$.language', 'tlh') "
               "WHERE key='backup_settings'")
    return path.read_bytes()


def _spoiled(*statements: str):
    """A spoiler running `statements` on a good backup (the name says what they do)."""
    def spoil(good: bytes, path: Path) -> bytes:
        path.write_bytes(good)
        _sql(path, *statements)
        return path.read_bytes()
    return spoil


DEEP = "[" * 5000 + "]" * 5000  # more nesting than the interpreter's recursion allows
unreadable_result = _spoiled("UPDATE games SET result='{{{'")
unreadable_created = _spoiled("UPDATE meta SET value='abc' WHERE key='backup_created'")
time_as_text = _spoiled("UPDATE games SET created='yesterday'")
unknown_status = _spoiled("UPDATE games SET status='paused'")
action_without_game = _spoiled("INSERT INTO actions VALUES (999, 0, '{}', 1.0)")
deep_header = _spoiled(f"UPDATE games SET header='{DEEP}'")
deep_action = _spoiled(f"UPDATE actions SET action='{DEEP}' WHERE seq=0")
deep_settings = _spoiled(f"UPDATE meta SET value='{DEEP}' WHERE key='backup_settings'")
empty_player_alias = _spoiled(
    "CREATE TABLE IF NOT EXISTS player_aliases (name TEXT PRIMARY KEY, player TEXT NOT NULL)",
    "INSERT INTO player_aliases VALUES ('Ann', '')")


@pytest.mark.parametrize(("spoil", "code"), [
    (not_sqlite, "backup_not_ours"), (foreign_sqlite, "backup_not_ours"),
    (truncated, "backup_truncated"), (corrupted, "backup_corrupt"),
    (corrupted_index, "backup_corrupt"),
    (newer_version, "backup_too_new"), (broken_game, "backup_game_broken"),
    (missing_actions, "backup_truncated"),
    (unreadable_result, "backup_corrupt"), (unreadable_created, "backup_corrupt"),
    (time_as_text, "backup_corrupt"), (unknown_status, "backup_corrupt"),
    (action_without_game, "backup_corrupt"), (deep_header, "backup_game_broken"),
    (deep_action, "backup_game_broken"), (deep_settings, "backup_corrupt"),
    (empty_player_alias, "backup_corrupt"), (gap_in_actions, "backup_truncated"),
    (unknown_language, "backup_corrupt")])
def test_a_bad_backup_is_refused_and_changes_nothing(live, tmp_path, spoil, code):
    table, client = live("table")
    finished_game(table, "howruck", 1, ["Ann", "Bob"])
    good = client_raw(client, "/api/backup")
    finished_game(table, "tauziehen", 3, ["Cat", "Dan"])  # the data now differs from `good`
    before = snapshot(client)
    bad = spoil(good, tmp_path / "bad.sqlite3")
    for lang in ("en", "de", "nl"):
        status, body, _ = client.request("POST", f"/api/restore?lang={lang}", raw=bad,
                                         headers=OCTET)
        assert status == 422, body
        assert body["error"]["code"] == code
        assert body["error"]["message"] == message(code, body["error"]["params"], lang)
    assert snapshot(client) == before
    assert not (tmp_path / "table" / "backups").exists() or not any(
        p.name.startswith("before-restore") for p in (tmp_path / "table" / "backups").iterdir())
    file = tmp_path / "bad.companion-backup"
    file.write_bytes(bad)
    assert cli_main(["restore", str(file), "--data", str(tmp_path / "cli")]) == 2
    assert not (tmp_path / "cli").exists()


def test_a_backups_unusable_setting_is_said_in_the_readers_language(live, tmp_path, capsys):
    """A backup whose buzzer pin no Raspberry Pi has: the page and `companion restore` say
    what is wrong with the setting in German, by the setting's name, with no English inside;
    the refusal's params carry the setting's own code and params, not a sentence."""
    table, client = live("table")
    finished_game(table, "howruck", 1, ["Ann", "Bob"])
    bad = tmp_path / "bad.companion-backup"
    bad.write_bytes(client_raw(client, "/api/backup"))
    _sql(bad, "UPDATE meta SET value=json_set(value, '$.hardware', json('{\"buzzer\": "
              "{\"pin\": 99}}')) WHERE key='backup_settings'")
    said = ("Die Einstellungen in dieser Sicherung lassen sich nicht übernehmen: „Summer“ muss "
            "eine GPIO-Pinnummer von 0 bis 27 sein (BCM-Nummerierung), nicht 99. Nichts wurde "
            "geändert.")
    status, body, _ = client.request("POST", "/api/restore?lang=de", raw=bad.read_bytes(),
                                     headers=OCTET)
    assert status == 422 and body["error"]["code"] == "backup_corrupt"
    assert body["error"]["message"] == said
    assert body["error"]["params"]["problem"] == {
        "code": "bad_setting", "params": {"key": "buzzer.pin", "reason": "pin_number",
                                          "value": "99"}}
    assert cli_main(["restore", str(bad), "--data", str(tmp_path / "cli"), "--lang", "de"]) == 2
    assert capsys.readouterr().err == f"companion restore: {said} [backup_corrupt]\n"
    _sql(bad, "UPDATE meta SET value=json_set(value, '$.language', 'tlh') "
              "WHERE key='backup_settings'")  # settings no table can read: no detail to say
    status, body, _ = client.request("POST", "/api/restore?lang=de", raw=bad.read_bytes(),
                                     headers=OCTET)
    assert body["error"]["message"] == "Die Einstellungen in dieser Sicherung sind beschädigt. " \
                                       "Nichts wurde geändert."


def test_a_backup_larger_than_a_move_restores_from_the_page(live):
    """A real table's backup is far over the 64 KiB any other request may send."""
    table, client = live("table")
    for seed in range(40):
        finished_game(table, "howruck", seed, ["Ann", "Bob"])
    data = client_raw(client, "/api/backup")
    assert len(data) > 4 * 64 * 1024
    expected = snapshot(client)
    _, fresh = live("fresh")
    status, body, _ = fresh.request("POST", "/api/restore", raw=data, headers=OCTET)
    assert status == 200, body
    assert snapshot(fresh) == expected
    status, body, _ = fresh.request("POST", "/api/games/1/undo", raw=data, headers=OCTET)
    assert status == 413 and body["error"]["code"] == "body_too_large"  # only the restore


def test_a_restore_takes_the_rows_never_the_files_schema(live, tmp_path):
    """A trigger hidden in a backup file stays in the file: the table's next move runs only
    the table's own schema."""
    table, client = live("table")
    finished_game(table, "howruck", 1, ["Ann", "Bob"])
    finished_game(table, "tauziehen", 2, ["Bob", "Cat"])
    good = client_raw(client, "/api/backup")
    path = tmp_path / "trap.companion-backup"
    path.write_bytes(good)
    _sql(path, "CREATE TRIGGER wipe AFTER INSERT ON actions BEGIN "
               "DELETE FROM actions WHERE game_id != NEW.game_id; END",
         "CREATE VIEW everything AS SELECT * FROM games")
    _, fresh = live("fresh")
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


def test_the_messages_differ_by_language():
    for code in ("backup_not_ours", "backup_truncated", "backup_too_new"):
        texts = {message(code, {"version": 2, "supported": 1}, lang) for lang in ("en", "de",
                                                                                 "nl")}
        assert len(texts) == 3


def test_restore_wants_the_file_itself(web_live):
    client = Client(web_live.web.port)
    client.pair(web_live)
    status, body, _ = client.post("/api/restore", {"file": "x"})
    assert status == 422 and body["error"]["code"] == "backup_file_required"


# --- results ----------------------------------------------------------------------------------
def test_results_export_as_csv_and_json(live):
    table, client = live("table")
    first = finished_game(table, "howruck", 1, ["=Ann", "Bob"])
    second = finished_game(table, "tauziehen", 2, ["Bob", "Cat"])
    client.post("/api/games", {"game": "howruck", "players": ["X", "Y"]})  # unfinished
    results = client.get("/api/results.json")[1]["results"]
    winners = [random_game(get_core(g), seed, players)[1].winner for g, seed, players in
               (("howruck", 1, ["=Ann", "Bob"]), ("tauziehen", 2, ["Bob", "Cat"]))]
    assert [(r["id"], r["game"], r["winner"], r["players"]) for r in results] == [
        (first, "howruck", winners[0], ["=Ann", "Bob"]),
        (second, "tauziehen", winners[1], ["Bob", "Cat"])]
    status, text, headers = client.get("/api/results.csv")
    assert status == 200 and headers["content-type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [int(r["id"]) for r in rows] == [first, second]
    assert rows[0]["players"] == "'=Ann / Bob"  # never a spreadsheet formula
    assert rows[1]["winner"] == results[1]["winner"]


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
