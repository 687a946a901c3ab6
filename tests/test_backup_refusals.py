"""Bad backup files, over real HTTP and `companion restore`: each is refused with a stable code
said in the reader's language, and changes nothing."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from backup_helpers import OCTET, client_raw, finished_game, snapshot, sql

from companion.cli import main as cli_main
from companion.i18n import message


def not_sqlite(good: bytes, path: Path) -> bytes:
    return b"id,game,players\n1,howruck,Ann / Bob\n" * 10


def foreign_sqlite(good: bytes, path: Path) -> bytes:
    sql(path, "CREATE TABLE photos (id INTEGER, name TEXT)", "INSERT INTO photos VALUES (1, 'x')")
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
    sql(path, "UPDATE meta SET value='99' WHERE key='schema'")
    return path.read_bytes()


def broken_game(good: bytes, path: Path) -> bytes:
    path.write_bytes(good)
    sql(path, "UPDATE actions SET action='{\"type\":\"tug\",\"card\":3}' WHERE seq=3")
    return path.read_bytes()


def missing_actions(good: bytes, path: Path) -> bytes:
    path.write_bytes(good)
    sql(path, "DELETE FROM actions WHERE seq=(SELECT MAX(seq) FROM actions)")
    return path.read_bytes()


def gap_in_actions(good: bytes, path: Path) -> bytes:
    """The last action moved one on: as many rows as the game counts, numbered 0 … n-2, n
    (restored, the game would take its next move at a number it already has)."""
    path.write_bytes(good)
    sql(path, "UPDATE actions SET seq=seq+1 WHERE seq=(SELECT MAX(seq) FROM actions)")
    return path.read_bytes()


def unknown_language(good: bytes, path: Path) -> bytes:
    """Settings in a language this table cannot speak (Klingon)."""
    path.write_bytes(good)
    sql(path, "UPDATE meta SET value=json_set(value, '$.language', 'tlh') "
               "WHERE key='backup_settings'")
    return path.read_bytes()


def _spoiled(*statements: str):
    """A spoiler running `statements` on a good backup (the name says what they do)."""
    def spoil(good: bytes, path: Path) -> bytes:
        path.write_bytes(good)
        sql(path, *statements)
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
def test_a_bad_backup_is_refused_and_changes_nothing(tables, tmp_path, spoil, code):
    table, client = tables("table")
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


def test_a_backups_unusable_setting_is_said_in_the_readers_language(tables, tmp_path, capsys):
    """A backup whose buzzer pin no Raspberry Pi has: the page and `companion restore` say
    what is wrong with the setting in German, by the setting's name, with no English inside;
    the refusal's params carry the setting's own code and params, not a sentence."""
    table, client = tables("table")
    finished_game(table, "howruck", 1, ["Ann", "Bob"])
    bad = tmp_path / "bad.companion-backup"
    bad.write_bytes(client_raw(client, "/api/backup"))
    sql(bad, "UPDATE meta SET value=json_set(value, '$.hardware', json('{\"buzzer\": "
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
    sql(bad, "UPDATE meta SET value=json_set(value, '$.language', 'tlh') "
              "WHERE key='backup_settings'")  # settings no table can read: no detail to say
    status, body, _ = client.request("POST", "/api/restore?lang=de", raw=bad.read_bytes(),
                                     headers=OCTET)
    assert body["error"]["message"] == "Die Einstellungen in dieser Sicherung sind beschädigt. " \
                                       "Nichts wurde geändert."


def test_the_messages_differ_by_language():
    for code in ("backup_not_ours", "backup_truncated", "backup_too_new"):
        texts = {message(code, {"version": 2, "supported": 1}, lang) for lang in ("en", "de",
                                                                                 "nl")}
        assert len(texts) == 3


NOTHING = "Nichts wurde geändert."


@pytest.mark.parametrize(("spoil", "reason", "params", "said"), [
    (_spoiled("UPDATE meta SET value='vier' WHERE key='schema'"), "schema", {},
     "Diese Sicherung sagt nicht, welche Datenversion sie enthält."),
    (corrupted_index, "damaged", {},
     "Diese Sicherung ist beschädigt: Die Datenbankdatei darin ist defekt."),
    (action_without_game, "orphan_actions", {},
     "Diese Sicherung enthält Züge, die zu keinem Spiel gehören."),
    (unknown_status, "game_row", {"game_id": 1},
     "Spiel 1 in dieser Sicherung ist beschädigt (Nummer, Anzahl der Züge oder Stand)."),
    (time_as_text, "game_time", {"game_id": 1},
     "Eine Zeitangabe von Spiel 1 in dieser Sicherung ist unlesbar."),
    (_spoiled("UPDATE actions SET at='gestern' WHERE seq=2"), "action_time",
     {"game_id": 1, "seq": 2},
     "Die Zeit von Zug 2 in Spiel 1 dieser Sicherung ist unlesbar."),
    (unreadable_result, "game_result", {"game_id": 1},
     "Das Ergebnis von Spiel 1 in dieser Sicherung ist unlesbar."),
    (unreadable_created, "backup_time", {},
     "Das Datum dieser Sicherung ist unlesbar."),
    (empty_player_alias, "player_aliases", {},
     "Die zusammengeführten Spielernamen in dieser Sicherung sind beschädigt.")])
def test_a_damaged_backup_says_what_is_damaged_in_the_readers_language(
        tables, tmp_path, spoil, reason, params, said):
    """Each cause of backup_corrupt is a reason code with its params (never an English
    fragment), said in German on the page (Accept-Language) and by `companion restore` in a
    German terminal (a real process)."""
    table, client = tables("table")
    finished_game(table, "howruck", 1, ["Ann", "Bob"])
    bad = tmp_path / "bad.companion-backup"
    bad.write_bytes(spoil(client_raw(client, "/api/backup"), tmp_path / "bad.sqlite3"))
    said = f"{said} {NOTHING}"
    status, body, _ = client.request("POST", "/api/restore", raw=bad.read_bytes(),
                                     headers={**OCTET, "Accept-Language": "de-DE,de;q=0.9"})
    assert status == 422 and body["error"]["code"] == "backup_corrupt"
    assert body["error"]["message"] == said
    assert body["error"]["params"]["reason"] == reason
    assert {k: v for k, v in body["error"]["params"].items() if k in params} == params
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    run = subprocess.run([sys.executable, "-m", "companion", "restore", str(bad), "--data",
                          str(tmp_path / "cli")], env={**env, "LANG": "de_DE.UTF-8"},
                         capture_output=True, text=True, timeout=60)
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr == f"companion restore: {said} [backup_corrupt]\n"
    assert not (tmp_path / "cli").exists()
