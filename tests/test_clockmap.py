"""The clock map (companion.devices.clockmap): box microseconds onto the host's clock from
simulated ping round trips — quick or slow, even or lopsided, from a box whose crystal
drifts. The reader that feeds it over a real pty: test_serialbox.py."""

from __future__ import annotations

from companion.devices.clockmap import ClockMap


def round_trip(clock: ClockMap, sent: float, rtt: float, box_at: float, box_ahead_s: float,
               ppm: float = 0.0) -> None:
    """One PING/PONG: the box reads its clock `box_at` seconds after the PING left (not
    necessarily the midpoint: the way out and back may differ); the box clock is
    `box_ahead_s` ahead of the host's at host time 0 and runs `ppm` fast."""
    host = sent + box_at
    clock.add(sent, sent + rtt, round((host * (1 + ppm / 1e6) + box_ahead_s) * 1e6))


def test_the_clock_map_trusts_the_quickest_round_trip_not_a_slow_lopsided_one():
    """A slow round trip whose PONG waited on the way back puts the box's reading far from
    the midpoint; the quick one cannot be off by more than half its 0.2 ms."""
    clock = ClockMap()
    round_trip(clock, 10.0, 0.0002, 0.0001, 5.0)  # quick and even
    round_trip(clock, 11.0, 0.080, 0.001, 5.0)  # slow: the PONG sat 79 ms in a buffer
    assert abs(clock.to_host(round(16.5 * 1e6)) - 11.5) < 0.0002


def test_the_clock_maps_drift_line_goes_through_the_quickest_of_each_run():
    """40 s of pings every 0.25 s from a box running 50 ppm fast: in each run of sixteen one
    round trip is quick and even, the others slow and lopsided. The line through the
    quick ones maps box times to within a fraction of a millisecond and finds the drift."""
    clock = ClockMap()
    for i in range(160):
        sent = 1000.0 + i * 0.25
        if i % 16 == 7:
            round_trip(clock, sent, 0.0002, 0.0001, -3.0, ppm=50)
        else:
            round_trip(clock, sent, 0.020 + (i % 5) * 0.002, 0.0005, -3.0, ppm=50)
    assert abs(clock.drift_ppm - 50) < 2, clock.drift_ppm
    host = 1041.0
    assert abs(clock.to_host(round((host * (1 + 50e-6) - 3.0) * 1e6)) - host) < 0.0002


def test_clock_unwraps_a_wrapping_box_counter():
    clock = ClockMap()
    clock.wrap_us = 1000
    assert [clock.unwrap(v) for v in (900, 990, 10, 500, 980, 20)] == \
        [900, 990, 1010, 1500, 1980, 2020]


def test_a_single_outlier_cannot_shift_the_unwrapped_clock():
    clock = ClockMap()
    clock.wrap_us = 1000
    # 900 after 200 is read as 300 µs back (not 700 on): the next value is not a wrap.
    assert [clock.unwrap(v) for v in (100, 200, 900, 300, 310)] == [100, 200, -100, 300, 310]


def test_before_the_drift_is_fitted_the_map_keeps_the_quickest_round_trip_of_all():
    """Round trips 0.25 s apart for five seconds (more than a run of sixteen, too short for
    a rate): the one quick, even round trip comes in the second run. The map keeps its
    offset, not that of the best of the first run's slow, lopsided ones (9.5 ms off)."""
    clock = ClockMap()
    for i in range(20):
        if i == 18:
            round_trip(clock, 1000.0 + i * 0.25, 0.0002, 0.0001, 5.0)
        else:
            round_trip(clock, 1000.0 + i * 0.25, 0.020, 0.0005, 5.0)
    host = 1006.0
    assert abs(clock.to_host(round((host + 5.0) * 1e6)) - host) < 0.0002
