"""`web.legal_bytes_max`: the largest /legal answer (choice sets) over random games of every
game, beside the full list the core enumerates in the same states."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

from companion.bench import Result, benchmark
from companion.rules import get_core
from companion.web.choices import compact

PLAYERS = {"howruck": ["A", "B"], "laufrauf": ["red", "blue", "green", "yellow"],
           "tauziehen": ["P1", "P2"], "stramash": ["A", "B", "C", "D", "E", "F"]}


def _size(body: dict) -> int:
    return len(json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode())


@benchmark("web.legal")
def legal_bytes(quick: bool) -> Iterator[Result]:
    games = 2 if quick else 10
    worst = {"choices": 0, "full": 0, "states": 0}
    per_game = {}
    for name, players in PLAYERS.items():
        core = get_core(name)
        chooser = random.Random(11)
        biggest = 0
        for n in range(games):
            state = core.new_game(players, {}, n)
            for _ in range(400):
                if core.is_over(state):
                    break
                legal = core.legal_actions(state)
                if not legal:
                    break
                worst["states"] += 1
                size = _size({"choices": compact(legal)})
                biggest = max(biggest, size)
                worst["full"] = max(worst["full"], _size({"actions": legal}))
                ties = [a for a in legal if a.get("tie")]  # reach tie-breaks too
                action = ties[0] if ties and chooser.random() < 0.5 else chooser.choice(legal)
                state = core.apply(state, action).state
        per_game[name] = biggest
        worst["choices"] = max(worst["choices"], biggest)
    yield {"name": "web.legal_bytes_max", "value": worst["choices"], "unit": "bytes",
           "goal": 16_384, "full_list_bytes_max": worst["full"], "per_game": per_game,
           "states": worst["states"]}
