"""Box microseconds → host monotonic seconds, from ping round trips (the NTP idea) with a
drift term.

Each PING/PONG gives the box clock at the midpoint of the round trip; its error is at most
half the round trip, so only the quickest round trips are trusted. A crystal runs 20–50 ppm
off the host clock (50 ppm is 180 ms an hour), so one offset goes stale within seconds:
the map fits a line (offset and rate) through the quickest of each run of sixteen recent round
trips and maps a box time with it. Until the round trips span `MIN_SPAN_S` it keeps the single
quickest offset, as before.
"""

from __future__ import annotations

from collections import deque

GOOD_RTT_S = 0.005
MAX_US = 1 << 62  # box times at or above this are refused (no counter runs that long)
MIN_SPAN_S = 10.0  # a rate from samples closer than this is mostly noise
QUICK_SHARE = 16  # the line goes through the quickest of each run of this many round trips


class ClockMap:
    """Box microseconds → host monotonic seconds."""

    min_span_s = MIN_SPAN_S

    def __init__(self, keep: int = 256, wrap_us: int | None = None) -> None:
        self.samples: deque[tuple[float, float, float]] = deque(maxlen=keep)  # (rtt, offset, host)
        self.wrap_us = wrap_us
        self._last: int | None = None  # the last unwrapped value
        self._fit: tuple[float, float, float] = (0.0, 0.0, 0.0)  # (offset at t0, rate, t0)

    def valid(self, raw_us: int) -> bool:
        """Whether a box time is one the box's counter can show."""
        return 0 <= raw_us < (self.wrap_us or MAX_US)

    def unwrap(self, raw_us: int) -> int:
        """Extend a wrapping box counter (MicroPython's ticks_us wraps) to a growing one:
        each value is read as the nearest step (under half a period, either way) from the
        last, so one stray value cannot add a period to every later one."""
        if not self.wrap_us:
            return raw_us
        if self._last is None:
            self._last = raw_us
        else:
            step = (raw_us - self._last) % self.wrap_us
            self._last += step - self.wrap_us if step >= self.wrap_us // 2 else step
        return self._last

    def add(self, sent: float, received: float, box_us: int) -> None:
        """One round trip: host times of PING sent and PONG received, the box's time in it."""
        box_s = self.unwrap(box_us) / 1e6
        mid = (sent + received) / 2
        self.samples.append((received - sent, box_s - mid, mid))
        self._refit()

    def _refit(self) -> None:
        # A least-squares line through the quickest round trip of each run of QUICK_SHARE
        # (spread over the whole window): their midpoints are off by at most half their
        # (short) round trip.
        ordered = list(self.samples)
        quick = [min(ordered[i:i + QUICK_SHARE]) for i in range(0, len(ordered), QUICK_SHARE)]
        times = [t for _, _, t in quick]
        if max(times) - min(times) < self.min_span_s:
            _, offset, t0 = min(quick)  # the quickest of all, whichever run it came in
            self._fit = (offset, 0.0, t0)
            return
        t0 = sum(times) / len(times)
        mean = sum(o for _, o, _ in quick) / len(quick)
        var = sum((t - t0) ** 2 for t in times)
        rate = sum((t - t0) * (o - mean) for _, o, t in quick) / var
        self._fit = (mean, rate, t0)

    @property
    def ready(self) -> bool:
        """Trusted once a round trip was quick (the first ping may wait for a box that is
        still starting, which skews its offset by half that wait) or after a few samples."""
        return len(self.samples) >= 4 or any(rtt <= GOOD_RTT_S for rtt, _, _ in self.samples)

    @property
    def drift_ppm(self) -> float:
        """How much faster the box clock runs than the host's, in parts per million."""
        return self._fit[1] * 1e6

    @property
    def uncertainty_s(self) -> float:
        return min(self.samples)[0] / 2

    def to_host(self, box_us: int) -> float:
        # box = host + offset + rate * (host - t0)  →  solve for host
        offset, rate, t0 = self._fit
        return (self.unwrap(box_us) / 1e6 - offset + rate * t0) / (1 + rate)
