"""Random legal games, drawn from each core's enumeration (its choice sets where it has them,
each action equally likely either way): for benchmarks and property tests.

Uses its own `random.Random`, never the global one, and never inside a rule core.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.rules.base import RuleCore
from companion.rules.choices import draw

DEFAULT_PLAYERS = {"howruck": ["A", "B"], "laufrauf": ["red", "blue", "green"],
                   "tauziehen": ["P1", "P2"],
                   "stramash": ["Ann", "Bob", "Cat"]}
# Games where a uniform choice mostly re-throws and passes: lean to the actions that move the
# game on (70 %), so a random game ends in hundreds of actions rather than thousands.
DECISIVE = {"laufrauf": ("move", "berggeist", "take_cards"), "stramash": ("play",)}
LEAN = 0.7


def random_game(core: RuleCore, seed: int, players: list[str] | None = None,
                options: Mapping[str, Any] | None = None,
                max_actions: int = 10_000) -> tuple[list[dict[str, Any]], Any]:
    """(the accepted actions, the final state) of one random game."""
    chooser = random.Random(seed)
    state = core.new_game(players or DEFAULT_PLAYERS[core.name], options or {}, seed)
    log = []
    leaning = DECISIVE.get(core.name, ())
    choice_sets = getattr(core, "legal_choices", None) if not leaning else None
    while not core.is_over(state) and len(log) < max_actions:
        if choice_sets is not None:  # drawn from its choice sets: no list of every action
            groups = choice_sets(state)
            if not groups:
                break
            outcome = core.apply(state, draw(groups, chooser))
            log.append(outcome.action)
            state = outcome.state
            continue
        legal = core.legal_actions(state)
        if not legal:
            break
        decisive = [a for a in legal if a["type"] in leaning] if leaning else []
        pool = decisive if decisive and chooser.random() < LEAN else legal
        outcome = core.apply(state, chooser.choice(pool))
        log.append(outcome.action)
        state = outcome.state
    return log, state
