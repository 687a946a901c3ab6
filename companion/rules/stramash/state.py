"""The Stramash game state and its track geometry.

A laddie's place is ``("dock", 0)``, ``("track", k)`` (absolute square, 0 = first square of
Mashie 1) or ``("castle", h)`` (1 = first hole). A player's *relative* square counts from their
start square; the castle turns off after relative square ``track_length - 1``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.rules.stramash.board import LADDIES as LADDIES  # per player; re-exported
from companion.rules.stramash.board import Board

Loc = tuple[str, int]
Laddie = tuple[str, int]
DOCK: Loc = ("dock", 0)


@dataclass(slots=True)
class StramashState:
    players: tuple[str, ...]  # seat order, clockwise; the first begins
    board: Board
    pairs: bool
    seed: int
    laddies: dict[str, list[Loc]] = field(default_factory=dict)
    turn: str | None = None
    winner: str | list[str] | None = None
    last: dict[str, Any] | None = None
    actions: int = 0

    def copy(self) -> StramashState:
        return StramashState(players=self.players, board=self.board, pairs=self.pairs,
                             seed=self.seed,
                             laddies={p: list(locs) for p, locs in self.laddies.items()},
                             turn=self.turn, winner=self.winner, last=self.last,
                             actions=self.actions)

    @property
    def track_length(self) -> int:
        return self.board.mashies(len(self.players)) * self.board.squares_per_mashie

    def start(self, player: str) -> int:
        seat = self.players.index(player)
        return self.board.seat_mashie(seat, len(self.players)) * self.board.squares_per_mashie

    def entry(self, player: str) -> int:
        """The castle entry square: directly before the player's own start square."""
        return (self.start(player) - 1) % self.track_length

    def relative(self, player: str, square: int) -> int:
        return (square - self.start(player)) % self.track_length

    def partner(self, player: str) -> str | None:
        if not self.pairs:
            return None
        n = len(self.players)
        return self.players[(self.players.index(player) + n // 2) % n]

    def team(self, player: str) -> tuple[str, ...]:
        partner = self.partner(player)
        return (player,) if partner is None else tuple(sorted(
            (player, partner), key=self.players.index))

    def all_home(self, player: str) -> bool:
        return all(loc[0] == "castle" for loc in self.laddies[player])

    def controlled(self, player: str) -> str:
        """Whose laddies a player moves: their own, or in pairs, once all their own are home,
        the partner's."""
        partner = self.partner(player)
        return partner if partner is not None and self.all_home(player) else player

    def on_square(self, square: int) -> Laddie | None:
        for player, locs in self.laddies.items():
            for i, loc in enumerate(locs):
                if loc == ("track", square):
                    return player, i
        return None


def loc_json(loc: Loc) -> Any:
    return "dock" if loc[0] == "dock" else {loc[0]: loc[1]}
