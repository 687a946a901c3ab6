"""The serial box's clock map over a simulated evening: a drifting crystal, USB latency."""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Iterator

from companion.bench import Result, benchmark, percentile
from companion.devices.clockmap import ClockMap
from companion.devices.serialbox import PING_S as SERIAL_PING_S

DRIFT_PPM = 50.0  # a cheap crystal at the edge of its tolerance
WANDER_PPM = 3.0  # and its rate wandering with temperature over the evening
EVENING_S = 4 * 3600
PING_S = SERIAL_PING_S  # SerialBox's ping interval
OFFSET_S = 1234.5678


def _box_s(host: float) -> float:
    """The box's clock at host time `host`: offset, drift, and a slow wander of the rate."""
    wander = WANDER_PPM * 1e-6 * 3600 / (2 * math.pi) * (1 - math.cos(2 * math.pi * host / 3600))
    return OFFSET_S + host * (1 + DRIFT_PPM * 1e-6) + wander


def _latency(rng: random.Random, up: bool) -> float:
    """One direction of a USB CDC message: host→box waits for the next 1 ms USB frame, the
    answer is picked up at the next bulk-IN poll; 3% of messages meet a busy host (its
    scheduler, another USB device) and wait an extra ~3 ms (exponential)."""
    base = 50e-6 + (rng.uniform(0, 0.001) if up else rng.expovariate(1 / 100e-6))
    if rng.random() < 0.03:
        base += rng.expovariate(1 / 0.003)
    return base


def _fastest_offset(samples: deque[tuple[float, float]]) -> float:
    """The map before issue 16: the offset of the fastest of the last 8 round trips."""
    return min(samples)[1]


@benchmark("serial")
def serial_bench(quick: bool) -> Iterator[Result]:
    rng = random.Random(16)
    clock = ClockMap()
    old: deque[tuple[float, float]] = deque(maxlen=8)
    errors: list[float] = []
    old_errors: list[float] = []
    host = 0.0
    pings = 0
    while host < EVENING_S:
        pings += 1
        # connect: a quick burst of 5 pings, then one every PING_S (as SerialBox does)
        host += 0.05 if pings <= 5 else PING_S
        sent = host
        at_box = sent + _latency(rng, up=True)
        received = at_box + _latency(rng, up=False)
        box_us = round(_box_s(at_box) * 1e6)
        clock.add(sent, received, box_us)
        old.append((received - sent, box_us / 1e6 - (sent + received) / 2))
        # presses stamped by the box between this ping and the next
        for _ in range(rng.randint(0, 3)):
            t = received + rng.uniform(0, PING_S)
            t_us = round(_box_s(t) * 1e6)
            errors.append(abs(clock.to_host(t_us) - t) * 1e6)
            old_errors.append(abs(t_us / 1e6 - _fastest_offset(old) - t) * 1e6)
    yield {"name": "serial.clock_map_error_us", "value": round(percentile(errors, 99), 1),
           "unit": "us", "p99": round(percentile(errors, 99), 1),
           "median": round(percentile(errors, 50), 1), "n": len(errors),
           "no_drift_term_p99": round(percentile(old_errors, 99), 1),
           "no_drift_term_is": "offset of the fastest of the last 8 round trips",
           "drift_ppm": DRIFT_PPM, "wander_ppm": WANDER_PPM, "evening_s": EVENING_S,
           "ping_s": PING_S, "drift_estimate_ppm": round(clock.drift_ppm, 2)}
