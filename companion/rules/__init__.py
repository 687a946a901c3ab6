"""The rule cores, one package per game, all behind the `RuleCore` interface."""

from __future__ import annotations

from companion.rules.base import Outcome, Refusal, RuleCore, SetupError, shown
from companion.rules.howruck import HowRuckCore
from companion.rules.laufrauf import LaufRaufCore
from companion.rules.stramash import StramashCore
from companion.rules.tauziehen import TauziehenCore

GAMES: dict[str, RuleCore] = {
    "howruck": HowRuckCore(),
    "laufrauf": LaufRaufCore(),
    "tauziehen": TauziehenCore(),
    "stramash": StramashCore(),
}
# The most players any game seats: a simulated table has a button for each (config.py).
MOST_PLAYERS = max(core.max_players for core in GAMES.values())


def get_core(name: object) -> RuleCore:
    if not isinstance(name, str) or name not in GAMES:
        raise SetupError("unknown_game", game=shown(name), known=sorted(GAMES))
    return GAMES[name]


__all__ = ["GAMES", "MOST_PLAYERS", "Outcome", "Refusal", "RuleCore", "SetupError", "get_core"]
