"""Settings saved from the page: one atomic write per save, made on the hub thread, so
concurrent saves lose nothing and a crash never leaves half a save (real HTTP, real files,
a real SIGKILL)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

from web_helpers import Client

HERE = Path(__file__).resolve().parent
LANGS = ("en", "de", "nl")
# Writers that change different parts of the settings at the same moment.
WRITERS = {
    "race": lambda r: {"hardware": {"race": {"tie_window_ms": 10 + r}}},
    "buzzer": lambda r: {"hardware": {"buzzer": {"pin": 4 + r % 2}}},
    "display": lambda r: {"hardware": {"display": {"address": 0x3C + r % 2}}},
    "serial": lambda r: {"hardware": {"serial": {"baud": 9600 * (1 + r % 4)}}},
    "buttons": lambda r: {"hardware": {"buttons": {"debounce_ms": 20 + r}}},
    "language": lambda r: {"language": LANGS[r % 3]},
}


def expected(r: int) -> dict:
    hardware: dict = {}
    for name, change in WRITERS.items():
        if name != "language":
            hardware.update(change(r)["hardware"])
    return {"language": LANGS[r % 3], "hardware": hardware}


def test_concurrent_saves_through_the_api_lose_nothing(web_live, tmp_path):
    phones = {name: Client(web_live.web.port) for name in WRITERS}
    for phone in phones.values():
        phone.pair(web_live)
    def save(name: str, r: int, start: threading.Barrier, statuses: list[int]) -> None:
        start.wait()
        statuses.append(phones[name].request("PUT", "/api/settings", WRITERS[name](r))[0])

    for r in range(12):
        start = threading.Barrier(len(WRITERS))
        statuses: list[int] = []
        threads = [threading.Thread(target=save, args=(name, r, start, statuses))
                   for name in WRITERS]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        assert statuses == [200] * len(WRITERS)
        want = expected(r)
        saved = json.loads((tmp_path / "settings.json").read_text())
        assert saved == want, f"round {r}: an acknowledged change was reverted"
        view = phones["race"].get("/api/settings")[1]
        assert view["language"] == want["language"]
        for section, values in want["hardware"].items():
            assert values.items() <= view["hardware"][section].items(), (r, section)


def saved_number(path: Path) -> int | None:
    """The save number the file holds, None if there is no file yet; raises AssertionError
    when its language and tie window are from different saves."""
    try:
        data = json.loads(path.read_text())  # replaced by a rename: always a whole file
    except FileNotFoundError:
        return None
    i = data["hardware"]["race"]["tie_window_ms"] - 10
    assert data["language"] == LANGS[i % 3], f"half a save on disk: {data}"
    return i


def test_a_sigkill_during_saves_never_leaves_half_a_save(tmp_path):
    path = tmp_path / "settings.json"
    env = dict(os.environ, PYTHONPATH=str(HERE.parent))
    half: list[str] = []
    running = threading.Event()

    def watch() -> None:  # what a crash at any moment would leave: the file as it is now
        while running.is_set():
            try:
                saved_number(path)
            except AssertionError as err:
                half.append(str(err))

    for kill in range(3):
        child = subprocess.Popen([sys.executable, str(HERE / "crash_settings.py"),
                                  str(tmp_path)], stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL, env=env)
        assert child.stdout is not None
        running.set()
        watcher = threading.Thread(target=watch)
        watcher.start()
        acked = -1
        for raw in child.stdout:
            acked = int(raw.split()[1])
            if acked >= 30 + 7 * kill:
                break
        child.send_signal(signal.SIGKILL)  # in the middle of the next save
        child.wait(timeout=30)
        child.stdout.close()
        running.clear()
        watcher.join()
        assert half == []
        held = saved_number(path)
        assert held is not None and held >= acked  # the acknowledged save (or the next)
