"""The interface every rule core implements.

A rule core is pure: it never does I/O, reads a clock or touches the global random generator.
A game is fully determined by its header (players, options, seed) and its ordered action list,
so the same inputs always give the same states and events.

Refusals are `Refusal` exceptions carrying a stable snake_case ``code`` and parameters; the
sentences people read are made at the edges (`companion.i18n`), in their language.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

JSON = Any
Action = dict[str, Any]
Event = dict[str, Any]


class Refusal(Exception):
    """The rules, the shape of the input or the web's guard (not paired, malformed JSON, …)
    say no, with a stable code and parameters. Nothing was changed."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "params": dict(self.params)}

    def __repr__(self) -> str:
        return f"Refusal({self.code!r}, {self.params!r})"


class SetupError(Refusal):
    """A game header (players, options, seed) that cannot start a game."""


def shown(value: Any, limit: int = 40) -> str:
    """A value someone sent, for a refusal's sentence: a text as it is, anything else in
    JSON's spelling (``null``, ``true``, ``["a"]``: what the phone or file wrote, never
    Python's ``None``, ``True``, ``['a']``); cut to `limit` characters."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False,
                                                           default=str)
    text = text if len(text) <= limit else text[:limit - 1] + "…"
    return text.encode("utf-8", "backslashreplace").decode()  # a lone surrogate, escaped


@dataclass(frozen=True)
class Outcome:
    """What applying one accepted action gives: the new state, what happened, and the action
    in canonical form (defaults filled in, as `legal_actions` lists it) for the log."""

    state: Any
    events: list[Event] = field(default_factory=list)
    action: Action = field(default_factory=dict)


Moves = list[list[Any]]  # [[player, piece, from, to], ...]: the pieces a play moved


def distinct_results(core: Any, state: Any, plays: list[Action], waiting: str,
                     played: Callable[[Action], Any],
                     moves_of: Callable[[Action, Outcome], Moves]) -> list[dict[str, Any]]:
    """What each of `plays` does, once per distinct result (the first play found, in the
    order given): ``{"action", "moves": moves_of(action, outcome)}``, so the page names a
    play by what it does. Two plays are one result when `played(action)` is the same and they
    move the same pieces alike; pieces waiting off the board (at `waiting`: a dock, base camp)
    are alike on the table, so such a piece counts by its place, not its number."""
    seen: dict[str, dict[str, Any]] = {}
    for action in plays:
        moved = moves_of(action, core.apply(state, action))
        alike = [[p, waiting if src == waiting else i, src, dst] for p, i, src, dst in moved]
        seen.setdefault(json.dumps([played(action), alike], sort_keys=True),
                        {"action": action, "moves": moved})
    return list(seen.values())


def changed_pieces(core: Any, state: Any, pieces: str,
                   mover: Callable[[Action], tuple[str, int]]
                   ) -> Callable[[Action, Outcome], Moves]:
    """`moves_of` for a core whose events do not name what moved: the pieces of the view's
    `pieces` whose place a play's outcome changed from `state`'s, the `mover`'s first."""
    before = core.view(state)[pieces]

    def moves_of(action: Action, outcome: Outcome) -> Moves:
        after = core.view(outcome.state)[pieces]
        moved = [[p, i, before[p][i], loc] for p in after for i, loc in enumerate(after[p])
                 if loc != before[p][i]]
        return sorted(moved, key=lambda m: (m[0], m[1]) != mover(action))
    return moves_of


class RuleCore(Protocol):
    """What the sessions, the replay command, the benchmarks and the web page rely on."""

    name: str
    min_players: int
    max_players: int
    # Whether the game is decided by button races (How Ruck!): the race, not the turn, owns
    # the seats' LEDs, and its log holds race times for the statistics.
    button_race: bool
    # Whether the players' ids are colours the board fixes (Lauf Rauf!'s "red"), not the
    # people's names: a game's header may then name the person playing each (`names`).
    colour_ids: bool

    def new_game(self, players: list[str], options: Mapping[str, Any], seed: int) -> Any:
        """A fresh state; raises `SetupError` for bad players or options."""

    def check_new_game(self, state: Any) -> None:
        """Raises `SetupError` for what a game being created may no longer have, though a
        game stored with it still loads and replays (`new_game` must take every stored
        header): How Ruck!'s box composition short of the box's Scot cards."""

    def apply(self, state: Any, action: JSON) -> Outcome:
        """The state after `action` (the old state is left untouched) or a `Refusal`."""

    def view_score(self, view: Mapping[str, Any]) -> dict[str, int]:
        """Each player's standing as one number, from the public view (a scoreboard's line:
        Home Assistant's sensor, the league's live view)."""

    def legal_actions(self, state: Any, player: str | None = None) -> list[Action]:
        """Every action `apply` would accept now, in canonical form.

        With `player`, only the actions that player may enter (table actions, which name no
        player, are included for everyone).
        """

    def view(self, state: Any) -> dict[str, Any]:
        """The public state as JSON (the keys of ``shared/spec/actions.md``)."""

    def is_over(self, state: Any) -> bool: ...

    def winner(self, state: Any) -> Any: ...
