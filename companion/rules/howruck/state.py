"""The How Ruck! game state and the bookkeeping every action shares.

The state is mutable inside the core only: `HowRuckCore.apply` copies it first, so callers
always see a pure function. Field numbering (rules DECISION): 1 = side A's goal … ``ladder``
= side B's goal; A starts on ``ladder/2``, B on ``ladder/2 + 1``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.rules.howruck.cards import EMPTY_FIELD_STRENGTH, FIELD_COLORS, Card
from companion.rules.howruck.options import Options

HAND_SIZE = 6
TEAM_SIZE = 20
BARRELS_TO_WIN = 3


@dataclass(slots=True)
class HowRuckState:
    players: tuple[str, str]
    options: Options
    seed: int
    rng: int
    phase: str = "teams"  # teams | tiebreak | tug | over
    round: int = 1
    turn: str | None = None
    barrel: int | None = None
    barrels: dict[str, int] = field(default_factory=dict)
    # side -> field colour -> stack (bottom → top)
    fields: dict[str, dict[str, list[Card]]] = field(default_factory=dict)
    hands: dict[str, int] = field(default_factory=dict)
    piles: dict[str, int] = field(default_factory=dict)
    # Cards of a player's team of 20 that left hand and pile this round (played or taken).
    spent: dict[str, int] = field(default_factory=dict)
    actions_played: list[str] = field(default_factory=list)  # action kinds, this round
    seen: dict[Card, int] = field(default_factory=dict)  # Scot cards seen this round
    # Cards drawn in this round's tie-breaks, in order: back among the 15 set aside, so in
    # nobody's team pile (an action card here cannot be played this round).
    set_aside: list[Card | str] = field(default_factory=list)
    placed: int = 0  # Scot cards put on the board this round
    cleared: int = 0  # Scot cards taken off the board this round
    last_contest: dict[str, Any] | None = None  # kept across rounds: the OLED shows it
    winner: str | None = None
    actions: int = 0  # accepted actions in the whole game

    def copy(self) -> HowRuckState:
        return HowRuckState(
            players=self.players,
            options=self.options,
            seed=self.seed,
            rng=self.rng,
            phase=self.phase,
            round=self.round,
            turn=self.turn,
            barrel=self.barrel,
            barrels=dict(self.barrels),
            fields={side: {c: list(stack) for c, stack in fs.items()}
                    for side, fs in self.fields.items()},
            hands=dict(self.hands),
            piles=dict(self.piles),
            spent=dict(self.spent),
            actions_played=list(self.actions_played),
            seen=dict(self.seen),
            set_aside=list(self.set_aside),
            placed=self.placed,
            cleared=self.cleared,
            last_contest=self.last_contest,
            winner=self.winner,
            actions=self.actions,
        )

    # --- geometry -------------------------------------------------------------------------
    def other(self, player: str) -> str:
        a, b = self.players
        return b if player == a else a

    def start_field(self, player: str) -> int:
        half = self.options.ladder // 2
        return half if player == self.players[0] else half + 1

    def goal_field(self, player: str) -> int:
        return 1 if player == self.players[0] else self.options.ladder

    def half_owner(self) -> str:
        """Whose half the barrel stands in (round end with both hands empty)."""
        assert self.barrel is not None
        a, b = self.players
        return a if self.barrel <= self.options.ladder // 2 else b

    # --- board ------------------------------------------------------------------------------
    def top(self, side: str, color: str) -> Card | None:
        stack = self.fields[side][color]
        return stack[-1] if stack else None

    def side_strength(self, side: str) -> int:
        total = 0
        for color in FIELD_COLORS:
            top = self.top(side, color)
            total += EMPTY_FIELD_STRENGTH if top is None else top.strength
        return total

    def remaining_copies(self, card: Card) -> int | None:
        """Copies of `card` not yet seen this round; None without a box composition."""
        copies = self.options.copies
        if copies is None:
            return None
        return copies.get(card, 0) - self.seen.get(card, 0)

    # --- rounds -----------------------------------------------------------------------------
    def reset_round(self) -> None:
        """Back to team forming with an empty board (team piles of 20, no hands yet)."""
        self.phase = "teams"
        self.turn = None
        self.barrel = None
        self.fields = {p: {c: [] for c in FIELD_COLORS} for p in self.players}
        self.hands = {p: 0 for p in self.players}
        self.piles = {p: TEAM_SIZE for p in self.players}
        self.spent = {p: 0 for p in self.players}
        self.actions_played = []
        self.seen = {}
        self.set_aside = []
        self.placed = 0
        self.cleared = 0


def new_state(players: list[str], options: Options, seed: int, rng: int) -> HowRuckState:
    state = HowRuckState(players=(players[0], players[1]), options=options, seed=seed, rng=rng)
    state.barrels = {p: 0 for p in players}
    state.reset_round()
    return state
