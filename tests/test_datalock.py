"""One companion per data directory: `companion restore` refuses while a real `companion run`
process holds the directory (nothing changes), a second daemon refuses to start on it, and a
SIGKILLed daemon leaves no stale lock behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

from ports import free_port
from test_daemon_restart import Run

from companion.cli import main as cli_main
from companion.datalock import DataDirBusy, DataLock


def _companion(*args: str, lang: str | None = None) -> subprocess.CompletedProcess:
    """`companion ARGS` in a terminal whose language is `lang` (a locale, e.g. de_DE.UTF-8)."""
    env = None
    if lang is not None:
        env = {k: v for k, v in os.environ.items()
               if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
        env["LANG"] = lang
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True,
                          text=True, timeout=60, stdin=subprocess.DEVNULL, env=env)


def _games(run: Run) -> list:
    status, body, _ = run.client.get("/api/games")
    assert status == 200, body
    return [(g["id"], g["game"], g["players"], g["actions"]) for g in body["games"]]


def test_restore_is_refused_while_the_daemon_runs_and_works_after_it_stopped(tmp_path):
    # a backup of a table with one game in it
    source = Run(tmp_path / "source")
    try:
        status, body, _ = source.client.post("/api/games", {"game": "tauziehen",
                                                            "players": ["Ann", "Bob"]})
        assert status == 201, body
    finally:
        source.kill()
    backup = tmp_path / "one.companion-backup"
    assert cli_main(["backup", str(backup), "--data", str(tmp_path / "source")]) == 0

    table = Run(tmp_path / "table")
    try:
        status, body, _ = table.client.post("/api/games", {"game": "howruck",
                                                           "players": ["Cy", "Di"]})
        assert status == 201, body
        before = _games(table)
        refused = _companion("restore", str(backup), "--data", str(tmp_path / "table"),
                             "--lang", "de")
        assert refused.returncode == 2, refused
        assert "data_in_use" in refused.stderr
        assert f"Prozess {table.proc.pid}" in refused.stderr  # German, naming the daemon
        assert "Traceback" not in refused.stderr
        assert _games(table) == before  # the running table saw nothing change
        assert not (tmp_path / "table" / "backups").exists()  # not even the safety copy

        second = _companion("run", "--simulate", "--host", "127.0.0.1", "--port", str(free_port()),
                            "--data", str(tmp_path / "table"))
        assert second.returncode == 2, second
        assert "already running on" in second.stderr
        assert _games(table) == before
    finally:
        table.proc.send_signal(signal.SIGTERM)
        table.proc.wait(timeout=30)
        table.proc.stderr.close()

    done = _companion("restore", str(backup), "--data", str(tmp_path / "table"))
    assert done.returncode == 0, done.stderr
    again = Run(tmp_path / "table")
    try:
        assert [g[1:] for g in _games(again)] == [("tauziehen", ["Ann", "Bob"], 0)]
    finally:
        again.kill()


def test_a_killed_daemon_leaves_no_lock_behind(tmp_path):
    run = Run(tmp_path)
    try:
        try:
            DataLock(tmp_path).acquire()
        except DataDirBusy as busy:
            assert busy.holder == str(run.proc.pid)
        else:
            raise AssertionError("the running daemon did not hold its data directory")
    finally:
        run.kill()
    lock = DataLock(tmp_path).acquire()  # free at once: the kernel dropped the dead one's lock
    lock.release()


def test_a_held_data_folder_says_how_to_stop_the_companion_started_by_hand(tmp_path):
    """A companion started in a terminal (not the systemd service: its control group says so)
    holds the folder: a second `companion run` and `companion restore` tell how to stop that
    one (Ctrl+C in its terminal, or kill PID), not `sudo systemctl stop companion`; the second
    run also how to start beside it (--data). In English and in German."""
    data = tmp_path / "table"
    table = Run(data)
    try:
        pid = table.proc.pid
        run = ("run", "--simulate", "--host", "127.0.0.1", "--port", str(free_port()), "--data",
               str(data))
        said = {
            "en_GB.UTF-8": f"companion: cannot start: a companion is already running on {data} "
                           f"(process {pid}); stop the companion started by hand first (Ctrl+C "
                           f"in its terminal, or kill {pid}), or start this one on another "
                           "data folder (--data DIR)",
            "de_DE.UTF-8": f"companion: kann nicht starten: auf {data} läuft schon ein "
                           f"Companion (Prozess {pid}); beende zuerst den von Hand "
                           f"gestarteten Companion (Strg+C in seinem Terminal, oder kill {pid}) "
                           "oder starte diesen mit einem anderen Datenordner (--data DIR)"}
        for lang, sentence in said.items():
            second = _companion(*run, lang=lang)
            assert second.returncode == 2, second
            assert second.stderr.splitlines()[-1] == sentence
        backup = tmp_path / "x.companion-backup"
        assert cli_main(["backup", str(backup), "--data", str(data)]) == 0
        said = {
            "en_GB.UTF-8": f"companion restore: The companion is running on {data} (process "
                           f"{pid}): restore the file on its page (New game, Backup, on a "
                           "paired phone), or stop the companion started by hand first "
                           f"(Ctrl+C in its terminal, or kill {pid}). Nothing was changed. "
                           "[data_in_use]",
            "de_DE.UTF-8": f"companion restore: Der Companion läuft mit {data} (Prozess {pid}): "
                           "Spiele die Datei auf seiner Seite ein (Neues Spiel, Sicherung, "
                           "auf einem gekoppelten Telefon) oder beende zuerst den von Hand "
                           f"gestarteten Companion (Strg+C in seinem Terminal, oder kill {pid}). "
                           "Nichts wurde geändert. [data_in_use]"}
        for lang, sentence in said.items():
            refused = _companion("restore", str(backup), "--data", str(data), lang=lang)
            assert (refused.returncode, refused.stderr) == (2, sentence + "\n")
    finally:
        table.kill()
