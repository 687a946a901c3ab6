"""GPIO edge times: whatever clock the pin backend stamps edges with, the race gets them on
the host's monotonic clock with their precision kept (real gpiozero mock pins)."""

from __future__ import annotations

import logging
import threading

import gpiozero.pins.mock
import pytest

from companion.devices.buttons import ButtonPanel

WALL_OFFSET = 1_700_000_000.0  # CLOCK_REALTIME − CLOCK_MONOTONIC on some machine


@pytest.fixture
def panel(mock_pins):
    edges: list[tuple[str, float, bool, str]] = []
    now = {"t": 100.0}
    panel = ButtonPanel((17, 27), 22, True, lambda *edge: edges.append(edge),
                        clock=lambda: now["t"], wall=lambda: now["t"] + WALL_OFFSET)
    yield panel, edges
    panel.close()


def press(factory, monkeypatch, pin: int, ticks: float) -> None:
    monkeypatch.setattr(gpiozero.pins.mock, "monotonic", lambda: ticks)
    factory.pin(pin).drive_low()


def test_monotonic_ticks_pass_through_exactly(panel, mock_pins, monkeypatch):
    buttons, edges = panel
    press(mock_pins, monkeypatch, 27, 99.9801)
    press(mock_pins, monkeypatch, 17, 99.9802)
    assert [(name, t) for name, t, *_ in edges] == [("p1", 99.9801), ("p0", 99.9802)]
    assert buttons.ticks_clock == "monotonic"


def test_realtime_ticks_are_shifted_and_keep_a_100us_gap(panel, mock_pins, monkeypatch,
                                                         caplog):
    buttons, edges = panel
    with caplog.at_level(logging.WARNING):
        press(mock_pins, monkeypatch, 27, WALL_OFFSET + 99.9801)
        press(mock_pins, monkeypatch, 17, WALL_OFFSET + 99.9802)
    (n1, t1, p1, s1), (n0, t0, p0, s0) = edges
    assert s0 == "gpio"
    assert (n1, n0, p1, p0, s1) == ("p1", "p0", True, True, "gpio")
    assert t1 == pytest.approx(99.9801, abs=1e-6)
    assert t0 - t1 == pytest.approx(100e-6, abs=2e-6)
    assert buttons.ticks_clock == "realtime"
    assert caplog.text.count("realtime clock") == 1  # said once, not per edge


def test_ticks_on_no_known_clock_fall_back_to_arrival_time(panel, mock_pins, monkeypatch):
    buttons, edges = panel
    press(mock_pins, monkeypatch, 22, 5_000.0)
    assert edges == [("ok", 100.0, True, "gpio")]
    assert buttons.ticks_clock == "arrival"


def test_timed_button_uses_only_gpiozeros_public_pin_hook():
    """No private gpiozero name overridden: a release that renames one cannot silently cut
    the edge times off (the pin's public `when_changed` is the route)."""
    from companion.devices.buttons import TimedButton
    ours = {n for n in vars(TimedButton) if n.startswith("_") and not n.startswith("__")}
    theirs = {n for cls in TimedButton.__mro__[1:] for n in vars(cls)}
    assert not ours & theirs, f"overrides gpiozero's private {sorted(ours & theirs)}"


def test_gpiozeros_own_events_still_fire_beside_the_edge_times(panel, mock_pins, monkeypatch):
    p, edges = panel
    pressed = []
    p.buttons["p1"].when_pressed = lambda: pressed.append("p1")
    press(mock_pins, monkeypatch, 27, 100.25)
    assert edges == [("p1", 100.25, True, "gpio")]
    assert pressed == ["p1"] and p.buttons["p1"].is_pressed


def test_the_buttons_start_no_thread(mock_pins):
    """gpiozero's `Button` starts a hold thread per button that wakes ten times a second,
    forever; a table's buttons (nothing uses holding) start none."""
    before = set(threading.enumerate())
    panel = ButtonPanel((17, 27, 5, 6, 13, 19), 22, True, lambda *edge: None)
    try:
        assert len(panel.buttons) == 7
        assert set(threading.enumerate()) - before == set()
    finally:
        panel.close()


def test_a_pull_down_button_is_pressed_when_its_pin_goes_high(mock_pins, monkeypatch):
    """Wired to 3.3 V with a pull-down (buttons.pull_up = false): high is pressed."""
    edges: list[tuple[str, float, bool, str]] = []
    panel = ButtonPanel((17, 27), None, False, lambda *edge: edges.append(edge),
                        clock=lambda: 100.0, wall=lambda: 100.0 + WALL_OFFSET)
    try:
        monkeypatch.setattr(gpiozero.pins.mock, "monotonic", lambda: 100.5)
        mock_pins.pin(27).drive_high()
        monkeypatch.setattr(gpiozero.pins.mock, "monotonic", lambda: 100.6)
        mock_pins.pin(27).drive_low()
        assert edges == [("p1", 100.5, True, "gpio"), ("p1", 100.6, False, "gpio")]
    finally:
        panel.close()
