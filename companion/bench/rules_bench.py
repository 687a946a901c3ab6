"""Rule-core benchmarks: validated actions per second, random games per second, and the
time to validate one action (median, p99) — per game."""

from __future__ import annotations

import time
from collections.abc import Iterator

from companion.bench import Result, benchmark, timing
from companion.rules import GAMES
from companion.rules.randomplay import DEFAULT_PLAYERS, random_game


def _game_bench(name: str, quick: bool) -> Iterator[Result]:
    core = GAMES[name]
    games = 10 if quick else 60
    logs = [random_game(core, seed) for seed in range(games)]

    # Random full games, enumerating legal actions at every step.
    budget = 0.5 if quick else 3.0
    played, rounds, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < budget:
        _, final = random_game(core, 1000 + played)
        rounds += getattr(final, "round", 0)  # How Ruck!: a finished game's rounds
        played += 1
    elapsed = time.perf_counter() - start
    yield {"name": f"{name}.random_games_per_s", "value": round(played / elapsed, 1),
           "unit": "games/s", "games": played}
    if name == "howruck":
        yield {"name": "howruck.random_rounds_per_s", "value": round(rounds / elapsed, 1),
               "unit": "rounds/s", "rounds": rounds, "games": played, "goal": 1000,
               "note": "random full rounds, each action drawn uniformly from the legal actions "
                       "as the core enumerates them (How Ruck!: its choice sets)"}

    # Replaying the recorded actions: validate + apply each one.
    samples: list[float] = []
    clock = time.perf_counter
    for seed, (log, _final) in enumerate(logs):
        state = core.new_game(DEFAULT_PLAYERS[name], {}, seed)
        for action in log:
            t0 = clock()
            state = core.apply(state, action).state
            samples.append(clock() - t0)
    total = sum(samples)
    yield {"name": f"{name}.validated_actions_per_s", "value": round(len(samples) / total),
           "unit": "actions/s", "actions": len(samples)}
    yield timing(f"{name}.validate_action_us", samples, "us", scale=1e6)

    # Legal-action enumeration, which the phone page calls on every change.
    enum_samples = []
    for seed, (log, _final) in enumerate(logs[:10]):
        state = core.new_game(DEFAULT_PLAYERS[name], {}, seed)
        for action in log:
            t0 = clock()
            core.legal_actions(state)
            enum_samples.append(clock() - t0)
            state = core.apply(state, action).state
    yield timing(f"{name}.legal_actions_us", enum_samples, "us", scale=1e6)


for _name in GAMES:
    benchmark(_name)(lambda quick, _n=_name: _game_bench(_n, quick))
