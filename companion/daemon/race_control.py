"""The button race's state machine on the hub thread: countdown, signal, decision.

idle → countdown (one tick a second, a sound each) → running (the signal) → decided (the
result stays on the OLED for `RACE_SHOWN_S`) → idle. The decision itself is the pure
`RaceArbiter`'s; this module schedules it and publishes ``race``, ``sound`` and the race's
``leds``. What the decision means for the game is the owner's (`on_decided`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.config import Config
from companion.daemon.hub import Hub
from companion.daemon.leds import race_leds
from companion.race import Decision, DelayTracker, Edge, RaceArbiter

COUNTDOWN_STEP_S = 1.0
RACE_SHOWN_S = 3.0  # the race result stays on the OLED this long


class RaceControl:
    def __init__(self, hub: Hub, on_decided: Callable[[Decision], None]) -> None:
        self.hub = hub
        self.on_decided = on_decided
        self.race: RaceArbiter | None = None
        self.delays = DelayTracker()  # every edge's delivery delay: the race's settle time
        self.phase = "idle"  # idle | countdown | running | decided
        self.countdown = 0
        self.decision: Decision | None = None

    @property
    def running(self) -> bool:
        """Between the countdown's start and the decision: presses belong to the race."""
        return self.race is not None and self.phase in ("countdown", "running")

    def reset(self) -> None:
        """No race (another game is shown): a pending countdown or decision does nothing."""
        self.phase, self.race, self.decision = "idle", None, None

    def start(self, players: tuple[str, ...], options: Mapping[str, Any],
              config: Config) -> dict[str, Any]:
        self.race = RaceArbiter(
            players,
            tie_window_s=options.get("tie_window_ms", config.tie_window_ms) / 1000,
            false_start=options.get("false_start", config.false_start),
            settle_s=config.settle_ms / 1000, delays=self.delays)
        # A false start decided before the signal is stored relative to when it was due.
        self.race.planned_signal_t = self.hub.clock() + config.countdown_s * COUNTDOWN_STEP_S
        self.decision = None
        self.phase = "countdown"
        self.countdown = config.countdown_s
        self.hub.publish("leds", [])
        self._tick()
        return self.view()

    def feed(self, player: str, t: float, pressed: bool, source: str) -> None:
        """A debounced edge of a player's button while the race runs."""
        assert self.race is not None
        self.race.feed(Edge(player, t, pressed, source))
        if pressed and self.race.signal_t is None:
            self.hub.publish("race", self.view(false_start=player))
            self.hub.publish("sound", "false_start")
        self._check()  # decided at once when every player has pressed

    def _tick(self) -> None:
        if self.phase != "countdown":
            return
        if self.countdown <= 0:
            self._signal()
            return
        self.hub.publish("race", self.view())
        self.hub.publish("sound", "tick")
        self.countdown -= 1
        self.hub.at(self.hub.clock() + COUNTDOWN_STEP_S, self._tick)

    def _signal(self) -> None:
        assert self.race is not None
        self.race.start(self.hub.clock())
        self.phase = "running"
        self.hub.publish("race", self.view())
        self.hub.publish("sound", "go")
        self._schedule_decision()

    def _schedule_decision(self) -> None:
        if self.race is not None and (due := self.race.due()) is not None:
            self.hub.at(due, self._check)

    def _check(self) -> None:
        if not self.running:
            return
        assert self.race is not None
        decision = self.race.decide(self.hub.clock())
        if decision is None:
            self._schedule_decision()
            return
        self.decision = decision
        self.phase = "decided"
        # The table learns the result first (LEDs, "Stopp!", the race screen); entering it
        # into the game (a durable commit, ~1 ms or more with the fsync) follows at once.
        # A crash in between loses nothing accepted: the game still waits for its race.
        self.hub.publish("leds", race_leds(self.race.players, decision))
        self.hub.publish("sound", "tie" if decision.tie else "stopp")
        self.hub.publish("race", self.view())
        self.hub.deliver_now()  # shown now, not after the commit below
        self.on_decided(decision)
        race = self.race
        self.hub.at(self.hub.clock() + RACE_SHOWN_S, lambda: self._over(race))

    def _over(self, race: RaceArbiter | None) -> None:
        """The decided race leaves the screen (unless another race started meanwhile)."""
        if self.race is race and self.phase == "decided":
            self.phase = "idle"
            self.hub.publish("race", self.view())

    def view(self, false_start: str | None = None) -> dict[str, Any]:
        return {"phase": self.phase, "countdown": self.countdown,
                "decision": self.decision.as_json() if self.decision else None,
                "false_start": false_start,
                "players": list(self.race.players) if self.race else []}
