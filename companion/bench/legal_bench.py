"""`web.legal_bytes_max`: the largest `/legal` answer (compact, as the page gets it) over
random games of every game, beside the full list the answer replaced."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

from companion.bench import Result, benchmark
from companion.rules import GAMES
from companion.rules.randomplay import DEFAULT_PLAYERS
from companion.web.choices import legal_answer

LIMIT = 16 * 1024
OPTIONS = {"howruck": [{}, {"own_side_only": True}], "stramash": [{}, {"pairs": True}]}


def _size(answer: object) -> int:
    # as the API sends it: Flask's compact separators, UTF-8
    return len(json.dumps(answer, ensure_ascii=False, separators=(",", ":")).encode())


@benchmark("web.legal_bytes")
def legal_bytes(quick: bool) -> Iterator[Result]:
    games = 3 if quick else 20
    largest = full_largest = states = 0
    worst = ""
    for name, core in GAMES.items():
        for options in OPTIONS.get(name, [{}]):
            for seed in range(games):
                chooser = random.Random(seed)
                players = ["A", "B", "C", "D"] if options.get("pairs") else DEFAULT_PLAYERS[name]
                state = core.new_game(players, options, seed)
                for _ in range(400):
                    legal = core.legal_actions(state)
                    if not legal:
                        break
                    states += 1
                    size = _size(legal_answer(core, state, None, {}))
                    if size > largest:
                        largest, worst = size, name
                    full_largest = max(full_largest, _size({"actions": legal}))
                    state = core.apply(state, chooser.choice(legal)).state
    yield {"name": "web.legal_bytes_max", "value": largest, "unit": "bytes", "limit": LIMIT,
           "game": worst, "states": states, "full_list_bytes_max": full_largest}
