"""Session benchmarks: the time from an entered action to its durable commit."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Iterator

from companion.bench import Result, benchmark, timing
from companion.rules import GAMES
from companion.rules.randomplay import random_game
from companion.sessions import Sessions


@benchmark("sessions")
def sessions_bench(quick: bool) -> Iterator[Result]:
    core = GAMES["howruck"]
    with tempfile.TemporaryDirectory() as tmp:
        sessions = Sessions(tmp)
        samples = []
        for seed in range(3 if quick else 10):
            log, _ = random_game(core, seed)
            game = sessions.create("howruck", ["A", "B"], {}, seed)
            for action in log:
                t0 = time.perf_counter()
                sessions.apply(game.id, action)
                samples.append(time.perf_counter() - t0)
        yield timing("sessions.commit_action_ms", samples, "ms", scale=1e3)
        t0 = time.perf_counter()
        sessions.close()
        reopened = Sessions(tmp)
        yield {"name": "sessions.reopen_ms", "value": round((time.perf_counter() - t0) * 1e3, 2),
               "unit": "ms", "games": len(reopened.games), "actions": len(samples)}
        reopened.close()
