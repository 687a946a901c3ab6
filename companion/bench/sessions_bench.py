"""Session benchmarks: the time from an entered action to its durable commit, beside the same
games in a store that keeps sqlite's default write-ahead log (it grows to 4 MB before it is
written over; `companion/sessions/store.py` keeps it at 512 KiB)."""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Iterator

from companion.bench import Result, benchmark, timing
from companion.rules import GAMES
from companion.rules.randomplay import random_game
from companion.sessions import Sessions

SQLITE_DEFAULT_WAL = ("PRAGMA wal_autocheckpoint=1000", "PRAGMA journal_size_limit=-1")


def _commits(sessions: Sessions, seed: int) -> tuple[list[float], list[float]]:
    """One random How Ruck! game entered action by action: (wall, CPU) seconds per commit."""
    log, _ = random_game(GAMES["howruck"], seed)
    game = sessions.create("howruck", ["A", "B"], {}, seed)
    wall, cpu = [], []
    for action in log:
        t0, c0 = time.perf_counter(), time.thread_time()
        sessions.apply(game.id, action)
        wall.append(time.perf_counter() - t0)
        cpu.append(time.thread_time() - c0)
    return wall, cpu


@benchmark("sessions")
def sessions_bench(quick: bool) -> Iterator[Result]:
    """Both stores take turns game by game, so a busy machine weighs on both alike."""
    with tempfile.TemporaryDirectory() as ours_dir, tempfile.TemporaryDirectory() as def_dir:
        sessions, default = Sessions(ours_dir), Sessions(def_dir)
        for pragma in SQLITE_DEFAULT_WAL:
            default.store.db.execute(pragma)
        samples, cpu, default_samples, default_cpu = [], [], [], []
        for seed in range(3 if quick else 10):
            wall, used = _commits(sessions, seed)
            samples += wall
            cpu += used
            wall, used = _commits(default, seed)
            default_samples += wall
            default_cpu += used
        yield timing("sessions.commit_action_ms", samples, "ms", scale=1e3,
                     cpu_us_median=round(statistics.median(cpu) * 1e6, 1),
                     sqlite_default_wal_median=round(statistics.median(default_samples) * 1e3,
                                                     3),
                     sqlite_default_wal_cpu_us_median=round(
                         statistics.median(default_cpu) * 1e6, 1),
                     note="durable (synchronous=FULL); beside: the same games with sqlite's "
                          "default write-ahead log, same run")
        default.close()
        t0 = time.perf_counter()
        sessions.close()
        reopened = Sessions(ours_dir)
        yield {"name": "sessions.reopen_ms", "value": round((time.perf_counter() - t0) * 1e3, 2),
               "unit": "ms", "games": len(reopened.games), "actions": len(samples)}
        reopened.close()
