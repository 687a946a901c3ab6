"""The How Ruck!/Stopp! race arbiter: pure, decided from edge timestamps alone.

Presses reach the host late and out of order (GPIO callback threads, the serial box's USB
frames). The arbiter therefore never trusts arrival order: it keeps the earliest valid press
per player and decides only once no earlier press can still arrive — when every player has
pressed, or when the settle time (longer than any input's delivery delay) has passed after
the earliest press plus the tie window. All times are seconds on the host's monotonic clock.

The settle time follows the delays actually seen: the daemon feeds a `DelayTracker` every
edge's delivery delay (arrival minus edge time), and an arbiter given that tracker waits for
the longest recent delay plus headroom (never less than the configured ``settle_s``, never
more than the tracker's cap). The arbiter stays pure: it only reads what it was fed.

Rules (shared/rules/howruck.md): the earliest press after the signal wins; presses whose
timestamps differ by no more than the tie window are a tie; later presses (bounces) of a
player who already pressed are ignored; a press before the signal is a false start — ignored
(reported), or with ``false_start="forfeit"`` it hands the race to the opponent.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

DEFAULT_SETTLE_S = 0.05
US = 1_000_000  # microseconds per second


def to_us(t: float, signal_t: float) -> int:
    """An edge time as whole microseconds after the signal: the unit every decision uses, so
    the daemon (float seconds) and the rule core (the stored integers) decide identically."""
    return round((t - signal_t) * US)


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
    # How close it was: the runner-up's first valid press minus the winner's (a tie: the
    # spread of the tied presses); None when nobody else pressed or a false start decided.
    margin_us: int | None = None
    # Every press edge the decision saw, µs after the signal (negative: before it).
    presses: dict[str, tuple[int, ...]] = field(default_factory=dict)

    def action(self) -> dict[str, Any]:
        """The How Ruck! `race` action this decision enters: the press times, from which the
        rule core decides the same result with the same arbiter."""
        return {"type": "race", "presses": {p: list(ts) for p, ts in self.presses.items()}}

    def as_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "tie": self.tie, "reason": self.reason,
                "times_ms": self.times_ms, "false_starts": list(self.false_starts),
                "margin_us": self.margin_us}


class DelayTracker:
    """Recent delivery delays (seconds from an edge's timestamp to its arrival at the hub),
    and the settle time they call for: the longest of the last `keep` delays times
    `headroom`, plus `margin_s`. Delays come in bursts (a USB stall, a busy interpreter), so
    a long memory matters more than a tight estimate: waiting too long only delays a lone
    press's result, deciding too early gives the race to the wrong player."""

    def __init__(self, keep: int = 1000, headroom: float = 1.25, margin_s: float = 0.005,
                 cap_s: float = 1.0) -> None:
        self.delays: deque[float] = deque(maxlen=keep)
        self.headroom, self.margin_s, self.cap_s = headroom, margin_s, cap_s
        self._max: float | None = None  # cached max of `delays`; None when stale

    def observe(self, delay_s: float) -> None:
        """One edge's delay. Negative ones (an edge stamped on another clock) are ignored."""
        if delay_s < 0:
            return
        if len(self.delays) == self.delays.maxlen and self._max is not None \
                and self.delays[0] >= self._max:
            self._max = None  # the maximum leaves the window
        self.delays.append(delay_s)
        if self._max is not None:
            self._max = max(self._max, delay_s)

    def settle_s(self, floor_s: float) -> float:
        """The settle time: at least `floor_s`, at most `cap_s`."""
        if not self.delays:
            return floor_s
        if self._max is None:
            self._max = max(self.delays)
        wanted = self._max * self.headroom + self.margin_s
        return max(floor_s, min(self.cap_s, wanted))


@dataclass
class RaceArbiter:
    players: tuple[str, ...]
    tie_window_s: float = 0.010
    false_start: str = "ignore"  # or "forfeit"
    settle_s: float = DEFAULT_SETTLE_S
    signal_t: float | None = None
    first_press: dict[str, float] = field(default_factory=dict)
    early: dict[str, float] = field(default_factory=dict)  # false starts: earliest press
    pressed: dict[str, list[float]] = field(default_factory=dict)  # every press edge
    # When the signal is due (set by the daemon at the countdown's start): a false start
    # decided before the signal is stored relative to it.
    planned_signal_t: float | None = None
    decision: Decision | None = None
    # Observed delivery delays (fed by the daemon); None: the constant `settle_s` alone.
    delays: DelayTracker | None = None

    def settle(self) -> float:
        """Seconds to wait after the earliest press (plus the tie window) for earlier ones."""
        return self.delays.settle_s(self.settle_s) if self.delays else self.settle_s

    def start(self, signal_t: float) -> None:
        """The start signal ("How Ruck!") was given at `signal_t`."""
        self.signal_t = signal_t

    def feed(self, edge: Edge) -> None:
        """Record one edge, whenever it arrives. Releases and unknown players are ignored."""
        if not edge.pressed or edge.player not in self.players or self.decision is not None:
            return
        self.pressed.setdefault(edge.player, []).append(edge.t)
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
        first_t = min(self.first_press.values())
        everyone = len(self.first_press) == len(self.players)
        if not everyone and now < first_t + self.tie_window_s + self.settle():
            return None
        signal = self.signal_t or 0.0
        ordered = sorted(((to_us(t, signal), p) for p, t in self.first_press.items()))
        first_us, first_player = ordered[0]
        window_us = round(self.tie_window_s * US)  # whole microseconds: no float edge cases
        tied = [us for us, _ in ordered if us - first_us <= window_us]
        tie = len(tied) > 1
        if tie:
            margin = tied[-1] - first_us
        else:
            margin = ordered[1][0] - first_us if len(ordered) > 1 else None
        self.decision = Decision(
            winner=None if tie else first_player,
            tie=tie,
            reason="tie" if tie else "press",
            times_ms=self._times(),
            false_starts=tuple(sorted(self.early)),
            margin_us=margin,
            presses=self._presses(),
        )
        return self.decision

    def _forfeit(self, now: float) -> Decision | None:
        # The earliest false start hands the race to the opponent; wait for the settle time
        # so that an even earlier false start delivered late is seen.
        t = min(self.early.values())
        if now < t + self.settle():
            return None
        signal = self._reference()
        _, starter = min((to_us(t, signal), p) for p, t in self.early.items())
        others = [p for p in self.players if p != starter]
        self.decision = Decision(winner=others[0] if len(others) == 1 else None,
                                 tie=False, reason="false_start", times_ms=self._times(),
                                 false_starts=tuple(sorted(self.early)),
                                 presses=self._presses())
        return self.decision

    def _reference(self) -> float:
        """The signal's time: given, planned, or (neither known) just after the last press,
        so that presses before a signal that never came stay negative."""
        if self.signal_t is not None:
            return self.signal_t
        if self.planned_signal_t is not None:
            return self.planned_signal_t
        return max(t for ts in self.pressed.values() for t in ts) + 1 / US

    def _presses(self) -> dict[str, tuple[int, ...]]:
        signal = self._reference()
        return {p: tuple(sorted(to_us(t, signal) for t in ts))
                for p, ts in sorted(self.pressed.items())}

    def _times(self) -> dict[str, float]:
        base = self.signal_t or 0.0
        return {p: round((t - base) * 1000, 3) for p, t in sorted(self.first_press.items())}

    def due(self) -> float | None:
        """When `decide` should next be asked (for the daemon's timer), if pending."""
        if self.decision is not None:
            return None
        candidates = []
        if self.first_press:
            candidates.append(min(self.first_press.values()) + self.tie_window_s + self.settle())
        if self.false_start == "forfeit" and self.early:
            candidates.append(min(self.early.values()) + self.settle())
        return min(candidates) if candidates else None


def decide_presses(players: tuple[str, ...], presses_us: dict[str, list[int]],
                   tie_window_ms: float, false_start: str) -> Decision | None:
    """The race decided from complete press times (µs after the signal, any order): what the
    rule core does with a stored race. None when no press counts (all ignored false starts,
    or none at all)."""
    arbiter = RaceArbiter(players, tie_window_ms / 1000, false_start, settle_s=0.0)
    arbiter.start(0.0)
    for player, times in presses_us.items():
        for us in times:
            arbiter.feed(Edge(player, us / US))
    return arbiter.decide(float("inf"))
