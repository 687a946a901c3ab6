"""The command line's backup and restore (`companion backup`, `companion restore`): the same
files as the page's; a backup never loses a file, and says why it refuses one."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from backup_helpers import finished_game, snapshot, sql

from companion.cli import main as cli_main
from companion.sessions import Sessions
from companion.sessions.backup import BACKUP_SUFFIX, check_backup, stamp


def test_command_line_backup_and_restore(tables, tmp_path, capsys):
    table, client = tables("table")
    finished_game(table, "howruck", 2, ["Ann", "Bob"])
    expected = snapshot(client)
    file = tmp_path / "club.companion-backup"
    assert cli_main(["backup", str(file), "--data", str(tmp_path / "table")]) == 0
    assert cli_main(["restore", str(file), "--data", str(tmp_path / "copy")]) == 0
    sessions = Sessions(tmp_path / "copy")
    try:
        restored = {g["id"]: (g["game"], g["players"], g["status"], g["winner"], g["actions"],
                              sessions.get(g["id"]).actions) for g in sessions.listing()}
    finally:
        sessions.close()
    assert restored == {k: v for k, v in expected.items()}


def test_a_restore_never_overwrites_data_an_earlier_restore_kept(tables, tmp_path, capsys):
    """Each restore keeps what it replaces, named by the second: a second restore within
    that second overwrote the first one's kept data."""
    table, _ = tables("table")
    finished_game(table, "howruck", 2, ["Ann", "Bob"])
    file = tmp_path / "club.companion-backup"
    assert cli_main(["backup", str(file), "--data", str(tmp_path / "table")]) == 0
    target = tmp_path / "copy"
    (target / "backups").mkdir(parents=True)
    now = time.time()
    earlier = {target / "backups" / f"before-restore-{stamp(now + s)}{BACKUP_SUFFIX}"
               for s in (0, 1, 2)}  # kept by a restore a moment ago (this second, the next)
    for path in earlier:
        path.write_bytes(b"kept by the restore before")
    assert cli_main(["restore", str(file), "--data", str(target)]) == 0
    assert all(path.read_bytes() == b"kept by the restore before" for path in earlier)
    assert len(list((target / "backups").iterdir())) == 4


def test_backup_and_restore_say_what_they_did_in_the_terminals_language(
        tables, tmp_path, capsys, monkeypatch):
    import json
    table, _ = tables("table")
    finished_game(table, "howruck", 2, ["Ann", "Bob"])
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    file = tmp_path / "club.companion-backup"
    assert cli_main(["backup", str(file), "--data", str(tmp_path / "table")]) == 0
    assert capsys.readouterr().out == f"Sicherung geschrieben nach {file}: 1 Spiel\n"
    assert cli_main(["restore", str(file), "--data", str(tmp_path / "copy")]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"1 Spiel aus {file} wiederhergestellt; die ersetzten Daten liegen "
                          f"in {tmp_path / 'copy' / 'backups'}/before-restore-"), out
    assert cli_main(["restore", str(tmp_path / "absent"), "--data", str(tmp_path / "copy")]) == 2
    # the OS's reason too, in German (not "No such file or directory")
    assert capsys.readouterr().err == f"companion restore: {tmp_path / 'absent'} lässt sich " \
                                      "nicht lesen: Datei oder Ordner gibt es nicht\n"
    assert cli_main(["restore", str(tmp_path), "--data", str(tmp_path / "copy")]) == 2
    assert capsys.readouterr().err.endswith(": das ist ein Ordner, keine Datei\n")
    assert cli_main(["restore", str(file / "x"), "--data", str(tmp_path / "copy")]) == 2
    assert capsys.readouterr().err.endswith(": ein Teil des Pfads ist kein Ordner\n")
    assert cli_main(["restore", str(file), "--data", str(tmp_path / "copy"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["restored"]["games"] == 1
    assert cli_main(["backup", str(file), "--data", str(tmp_path / "table"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 1


def test_command_line_backup_never_loses_a_file_and_says_why_it_refuses(tables, tmp_path, capsys):
    """A backup goes only into a folder that exists (a USB stick's path while the stick is not
    mounted must not fill the SD card), never over the games database or a file that is not a
    backup, and replaces an older backup only once the new one is whole."""
    table, client = tables("table")
    finished_game(table, "howruck", 2, ["Ann", "Bob"])
    data = tmp_path / "table"
    database = data / "games.sqlite3"

    def backup(target: Path, lang: str = "en") -> tuple[int, str]:
        capsys.readouterr()
        code = cli_main(["backup", str(target), "--data", str(data), "--lang", lang])
        return code, capsys.readouterr().err

    stick = tmp_path / "media" / "usb0"
    assert backup(stick / "club.companion-backup") == (
        2, f"companion backup: no folder {stick}: a backup is written only into a folder "
           "that exists (is the USB stick mounted?)\n")
    assert not (tmp_path / "media").exists()

    notes = tmp_path / "notes.txt"
    notes.write_text("Anna schuldet Bert 2 Euro\n")
    assert backup(notes, "de") == (
        2, f"companion backup: {notes} ist da und ist keine Sicherung des Companion: "
           "sie bleibt, wie sie ist; bitte einen anderen Namen wählen\n")
    assert notes.read_text() == "Anna schuldet Bert 2 Euro\n"

    before = snapshot(client)
    for itself in (database, data / "." / "games.sqlite3-wal"):
        code, said = backup(itself)
        assert (code, said) == (2, f"companion backup: {itself} is the games database itself: "
                                   "name another file\n")
    assert snapshot(client) == before

    older = tmp_path / "club.companion-backup"
    assert backup(older) == (0, "")
    kept = older.read_bytes()
    assert check_backup(older).games == 1

    # a stored game that no longer replays: its copy fails the check, the older file stays
    move = "SELECT action FROM actions WHERE game_id=1 AND seq=3"
    original = sqlite3.connect(database).execute(move).fetchone()[0]
    sql(database, "UPDATE actions SET action='{\"type\":\"tug\",\"card\":3}' "
                   "WHERE game_id=1 AND seq=3")
    assert backup(older) == (
        2, "companion backup: the copy of the games fails the backup check, so "
           f"{older} was not written: Game 1 in this backup no longer replays (action 3). "
           "Nothing was changed. [backup_game_broken]\n")
    assert older.read_bytes() == kept
    sql(database, f"UPDATE actions SET action='{original}' WHERE game_id=1 AND seq=3")

    # the stick fills up half-way through the new backup (a file size limit stands in)
    finished_game(table, "tauziehen", 3, ["Ann", "Bob"])
    limit = len(kept) // 2
    full = subprocess.run(
        [sys.executable, "-c", "import resource, signal, sys\n"
         "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
         f"resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, {limit}))\n"
         "from companion.cli import main\nsys.exit(main(sys.argv[1:]))",
         "backup", str(older), "--data", str(data), "--lang", "en"],
        capture_output=True, text=True, timeout=60)
    assert full.returncode == 2, full.stderr
    assert full.stderr.startswith(f"companion backup: cannot write {older}: "), full.stderr
    assert older.read_bytes() == kept  # the older backup is still whole
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
    assert backup(older) == (0, "")
    assert check_backup(older).games == 2  # replaced by the new one
