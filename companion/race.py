"""The How Ruck!/Stopp! race arbiter: pure, decided from edge timestamps alone.

Presses reach the host late and out of order (GPIO callback threads, the serial box's USB
frames). The arbiter therefore never trusts arrival order: it keeps the earliest valid press
per player and decides only once no earlier press can still arrive — when every player has
pressed, or when ``settle`` seconds (longer than any input's delivery delay) have passed after
the earliest press plus the tie window. All times are seconds on the host's monotonic clock.

Rules (shared/rules/howruck.md): the earliest press after the signal wins; presses whose
timestamps differ by no more than the tie window are a tie; later presses (bounces) of a
player who already pressed are ignored; a press before the signal is a false start — ignored
(reported), or with ``false_start="forfeit"`` it hands the race to the opponent.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

DEFAULT_SETTLE_S = 0.05


@dataclass(frozen=True, slots=True)
class Edge:
    """One button edge: who, when (host monotonic seconds), pressed or released."""

    player: str
    t: float
    pressed: bool = True
    source: str = "gpio"


@dataclass(frozen=True, slots=True)
class Decision:
    winner: str | None  # None for a tie
    tie: bool
    reason: str  # "press" | "tie" | "false_start"
    times_ms: dict[str, float]  # press time after the signal, per player who pressed
    false_starts: tuple[str, ...] = ()

    def action(self) -> dict[str, Any]:
        """The How Ruck! `race` action this decision enters."""
        if self.tie:
            return {"type": "race", "tie": True}
        return {"type": "race", "winner": self.winner}

    def as_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "tie": self.tie, "reason": self.reason,
                "times_ms": self.times_ms, "false_starts": list(self.false_starts)}


@dataclass
class RaceArbiter:
    players: tuple[str, ...]
    tie_window_s: float = 0.010
    false_start: str = "ignore"  # or "forfeit"
    settle_s: float = DEFAULT_SETTLE_S
    signal_t: float | None = None
    first_press: dict[str, float] = field(default_factory=dict)
    early: dict[str, float] = field(default_factory=dict)  # false starts: earliest press
    decision: Decision | None = None

    def start(self, signal_t: float) -> None:
        """The start signal ("How Ruck!") was given at `signal_t`."""
        self.signal_t = signal_t

    def feed(self, edge: Edge) -> None:
        """Record one edge, whenever it arrives. Releases and unknown players are ignored."""
        if not edge.pressed or edge.player not in self.players or self.decision is not None:
            return
        if self.signal_t is None or edge.t < self.signal_t:
            if edge.player not in self.early or edge.t < self.early[edge.player]:
                self.early[edge.player] = edge.t
            return
        known = self.first_press.get(edge.player)
        if known is None or edge.t < known:  # an earlier press arriving late replaces it
            self.first_press[edge.player] = edge.t

    def decide(self, now: float) -> Decision | None:
        """The decision, once it can no longer change; None while it still could."""
        if self.decision is not None:
            return self.decision
        if self.false_start == "forfeit" and self.early:
            return self._forfeit(now)
        if not self.first_press:
            return None
        ordered = sorted(self.first_press.items(), key=lambda item: (item[1], item[0]))
        first_player, first_t = ordered[0]
        everyone = len(self.first_press) == len(self.players)
        if not everyone and now < first_t + self.tie_window_s + self.settle_s:
            return None
        window_us = round(self.tie_window_s * 1e6)  # whole microseconds: no float edge cases
        tied = [p for p, t in ordered if round((t - first_t) * 1e6) <= window_us]
        self.decision = Decision(
            winner=None if len(tied) > 1 else first_player,
            tie=len(tied) > 1,
            reason="tie" if len(tied) > 1 else "press",
            times_ms=self._times(),
            false_starts=tuple(sorted(self.early)),
        )
        return self.decision

    def _forfeit(self, now: float) -> Decision | None:
        # The earliest false start hands the race to the opponent; wait for the settle time
        # so that an even earlier false start delivered late is seen.
        starter, t = min(self.early.items(), key=lambda item: (item[1], item[0]))
        if now < t + self.settle_s:
            return None
        others = [p for p in self.players if p != starter]
        self.decision = Decision(winner=others[0] if len(others) == 1 else None,
                                 tie=False, reason="false_start", times_ms=self._times(),
                                 false_starts=tuple(sorted(self.early)))
        return self.decision

    def _times(self) -> dict[str, float]:
        base = self.signal_t or 0.0
        return {p: round((t - base) * 1000, 3) for p, t in sorted(self.first_press.items())}

    def due(self) -> float | None:
        """When `decide` should next be asked (for the daemon's timer), if pending."""
        if self.decision is not None:
            return None
        candidates = []
        if self.first_press:
            candidates.append(min(self.first_press.values()) + self.tie_window_s + self.settle_s)
        if self.false_start == "forfeit" and self.early:
            candidates.append(min(self.early.values()) + self.settle_s)
        return min(candidates) if candidates else None
