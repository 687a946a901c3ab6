"""The clock map (companion.devices.clockmap): box microseconds onto the host's clock from
simulated ping round trips — quick or slow, even or lopsided, from a box whose crystal
drifts. The reader that feeds it over a real pty: test_serialbox.py."""

from __future__ import annotations

import pytest

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


def test_one_quick_round_trip_or_four_slow_ones_make_the_map_ready():
    """A first PONG may have waited on a box still starting: a slow round trip alone is not
    trusted. One of 5 ms or less is; so are four of any speed."""
    clock = ClockMap()
    for n in range(3):
        round_trip(clock, 10.0 + n, 0.006, 0.003, 5.0)  # 6 ms: not quick
        assert not clock.ready
    round_trip(clock, 13.0, 0.006, 0.003, 5.0)
    assert clock.ready
    clock = ClockMap()
    round_trip(clock, 10.0, 0.006, 0.003, 5.0)
    round_trip(clock, 11.0, 0.004, 0.002, 5.0)
    assert clock.ready


def test_box_times_from_zero_to_just_below_the_counters_range_are_valid():
    """A counter that wraps shows values below its period; one that does not, below 2^62 µs
    (no box runs that long)."""
    plain, wrapping = ClockMap(), ClockMap(wrap_us=1 << 30)
    assert [plain.valid(t) for t in (-1, 0, (1 << 62) - 1, 1 << 62)] == \
        [False, True, True, False]
    assert [wrapping.valid(t) for t in (-1, 0, (1 << 30) - 1, 1 << 30)] == \
        [False, True, True, False]


def quick_in_three_runs(*quick: int) -> ClockMap:
    """48 round trips 0.25 s apart from a box running 50 ppm fast: those at the indices
    `quick` quick and even, the rest slow and lopsided."""
    clock = ClockMap()
    for i in range(48):
        sent = 1000.0 + i * 0.25
        if i in quick:
            round_trip(clock, sent, 0.0002, 0.0001, -3.0, ppm=50)
        else:
            round_trip(clock, sent, 0.020 + (i % 5) * 0.002, 0.0005, -3.0, ppm=50)
    return clock


def test_the_drift_is_fitted_once_the_quick_round_trips_span_ten_seconds():
    assert quick_in_three_runs(0, 16, 38).drift_ppm == 0  # 9.5 s: too short for a rate
    assert abs(quick_in_three_runs(0, 16, 42).drift_ppm - 50) < 2  # 10.5 s


def test_the_uncertainty_is_half_the_quickest_of_the_last_256_round_trips():
    clock = ClockMap()
    round_trip(clock, 0.0, 0.0002, 0.0001, 5.0)
    for i in range(1, 256):
        round_trip(clock, float(i), 0.004, 0.002, 5.0)
    assert clock.uncertainty_s == pytest.approx(0.0001)
    round_trip(clock, 256.0, 0.004, 0.002, 5.0)  # the quick one leaves the window
    assert clock.uncertainty_s == pytest.approx(0.002)
