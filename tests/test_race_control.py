"""The race's state machine (daemon/race_control.py) on a real hub whose clock the test turns:
which race a timer belongs to, checked without waiting for real seconds."""

from __future__ import annotations

import pytest

from companion.config import parse
from companion.daemon.hub import Hub
from companion.daemon.race_control import RACE_SHOWN_S, RaceControl
from companion.race import Decision


class HandClock:
    """The hub's clock, moved only by the test."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return HandClock(100.0)


@pytest.fixture
def hub(clock):
    h = Hub(clock)
    h.start()
    yield h
    h.stop()


def settle(hub: Hub) -> None:
    """Everything due on the hub's clock has run: the first call's turn runs the due
    timers after it, the second waits for them."""
    hub.call(lambda: None)
    hub.call(lambda: None)


def race(hub: Hub, control: RaceControl, players: tuple[str, str], winner_after_s: float,
         other_after_s: float) -> None:
    """A race with no countdown, decided at once: both players press (times after the
    signal, on the hub's clock)."""
    hub.call(control.start, players, {}, parse({"race": {"countdown_s": 0}}))
    signal_t = hub.call(lambda: control.race.signal_t)
    hub.call(control.feed, players[0], signal_t + winner_after_s, True, "gpio")
    hub.call(control.feed, players[1], signal_t + other_after_s, True, "gpio")


def test_a_decided_race_stays_shown_its_full_time_though_an_earlier_races_timer_fires(
        hub, clock):
    """Race 1 is decided; another game is shown and its race decided a second later.
    Race 1's timer (due RACE_SHOWN_S after it) must not take race 2's result off the
    screen: that result stays its own RACE_SHOWN_S."""
    decided: list[Decision] = []
    control = RaceControl(hub, decided.append)
    race(hub, control, ("Ann", "Bob"), 0.2, 0.4)
    assert hub.call(lambda: control.phase) == "decided" and decided[-1].winner == "Ann"
    clock.now += 1.0
    hub.call(control.reset)  # another game is shown
    race(hub, control, ("Cat", "Dan"), 0.1, 0.3)
    assert hub.call(lambda: control.phase) == "decided" and decided[-1].winner == "Cat"

    clock.now = 100.0 + RACE_SHOWN_S + 0.5  # race 1's timer is due, race 2's not yet
    settle(hub)
    assert hub.call(lambda: (control.phase, control.decision.winner)) == ("decided", "Cat")

    clock.now = 101.0 + RACE_SHOWN_S  # race 2's own timer
    settle(hub)
    assert hub.call(lambda: control.phase) == "idle"
