"""The Lauf Rauf! game state and the geometry questions every move asks of it.

A figure's place is a `Loc`: ``("base", 0)``, ``("lower", k)``, ``("middle", k)`` or
``("summit", 0)``. The state is mutable inside the core only: `LaufRaufCore.apply` copies it
first, so callers see a pure function.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.rules.laufrauf.board import Board

Loc = tuple[str, int]
Figure = tuple[str, int]  # (player, figure index)

BASE: Loc = ("base", 0)
SUMMIT: Loc = ("summit", 0)
FIGURES = 3
FREE_THROWS = 3
THROWS_PER_SACRIFICE = 2
START_SUM = 10
BERGGEIST_SUM = 7


@dataclass(slots=True)
class LaufRaufState:
    players: tuple[str, ...]  # seat order = clockwise; the first begins
    board: Board
    huckauf: str  # "auto": the companion prompts; "table": only when a player calls
    seed: int
    rng: int
    figures: dict[str, list[Loc]] = field(default_factory=dict)
    cards: dict[str, list[str]] = field(default_factory=dict)  # face up, one per kind
    supply: list[str] = field(default_factory=list)  # face down, top = last
    discard: list[str] = field(default_factory=list)  # face up
    turn: str | None = None
    throws: int = 0
    throws_allowed: int = FREE_THROWS
    dice: tuple[int, int] | None = None
    first_throw: tuple[int, int] | None = None
    berggeist: Figure | None = None  # None = on the summit
    prompt: str | None = None  # "huckauf" while the Berggeist must be moved
    huckauf_open: bool = False  # a first-throw 7 is on the table and the Berggeist can move
    winner: str | None = None
    last: dict[str, Any] | None = None  # the last thing done, for the OLED and the page
    actions: int = 0

    def copy(self) -> LaufRaufState:
        return LaufRaufState(
            players=self.players, board=self.board, huckauf=self.huckauf, seed=self.seed,
            rng=self.rng,
            figures={p: list(locs) for p, locs in self.figures.items()},
            cards={p: list(kinds) for p, kinds in self.cards.items()},
            supply=list(self.supply), discard=list(self.discard), turn=self.turn,
            throws=self.throws, throws_allowed=self.throws_allowed, dice=self.dice,
            first_throw=self.first_throw, berggeist=self.berggeist, prompt=self.prompt,
            huckauf_open=self.huckauf_open, winner=self.winner, last=self.last,
            actions=self.actions)

    # --- where things are -----------------------------------------------------------------
    def occupant(self, loc: Loc, ignore: Figure | None = None) -> Figure | None:
        """The figure on a ring field (summit and base camps hold any number: never asked)."""
        for player, locs in self.figures.items():
            for i, here in enumerate(locs):
                if here == loc and (player, i) != ignore:
                    return player, i
        return None

    def ring_figures(self, level: str) -> dict[int, Figure]:
        return {loc[1]: (p, i) for p, locs in self.figures.items()
                for i, loc in enumerate(locs) if loc[0] == level}

    def loc(self, fig: Figure) -> Loc:
        return self.figures[fig[0]][fig[1]]

    def in_base(self, player: str) -> int:
        return sum(1 for loc in self.figures[player] if loc == BASE)

    def berggeist_targets(self) -> list[Figure | str]:
        """Where a first-throw 7 may put the Berggeist: onto any figure on the middle level
        while it is home, back home while it sits on one (never figure to figure)."""
        if self.berggeist is not None:
            return ["summit"]
        return sorted(self.ring_figures("middle").values(),
                      key=lambda f: (self.players.index(f[0]), f[1]))

    def next_player(self) -> str:
        assert self.turn is not None
        return self.players[(self.players.index(self.turn) + 1) % len(self.players)]

    def end_turn(self) -> None:
        """The dice pass clockwise."""
        self.turn = None if self.winner is not None else self.next_player()
        self.throws = 0
        self.throws_allowed = FREE_THROWS
        self.dice = None
        self.first_throw = None
        self.prompt = None
        self.huckauf_open = False


def loc_json(loc: Loc) -> Any:
    if loc[0] in ("base", "summit"):
        return loc[0]
    return {"level": loc[0], "field": loc[1]}


def figure_json(fig: Figure | None) -> Any:
    return "summit" if fig is None else {"player": fig[0], "figure": fig[1]}
