"""Daemon benchmarks: race correctness under delivery jitter, press-to-result latency,
memory and start-up time of the simulated daemon."""

from __future__ import annotations

import math
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from companion.bench import Result, benchmark, timing
from companion.bench.web_bench import free_port as _free_port
from companion.race import Edge, RaceArbiter

WINDOW_S = 0.010


def _simulate_race(rng: random.Random, delay_max: float) -> tuple[bool, bool]:
    """(arbiter correct, arrival order correct) for one race with a random true gap."""
    gap = math.exp(rng.uniform(math.log(50e-6), math.log(0.2)))
    t_a = 1.0 + rng.uniform(0.25, 0.5)  # both presses after the signal at 1.0
    t_b = t_a + (gap if rng.random() < 0.5 else -gap)
    truth = "tie" if abs(t_a - t_b) <= WINDOW_S else ("A" if t_a < t_b else "B")
    arrivals = sorted([(t_a + rng.uniform(0, delay_max), Edge("A", t_a)),
                       (t_b + rng.uniform(0, delay_max), Edge("B", t_b))],
                      key=lambda item: item[0])
    arbiter = RaceArbiter(("A", "B"), WINDOW_S, "ignore", 0.05)
    arbiter.start(1.0)
    decision = None
    for arrival, edge in arrivals:
        due = arbiter.due()
        if due is not None and due <= arrival:
            decision = arbiter.decide(due)
        if decision is None:
            arbiter.feed(edge)
            decision = arbiter.decide(arrival)
    if decision is None:
        decision = arbiter.decide(arbiter.due())
    got = "tie" if decision.tie else decision.winner
    naive = arrivals[0][1].player
    return got == truth, naive == truth


@benchmark("race")
def race_bench(quick: bool) -> Iterator[Result]:
    rng = random.Random(2024)
    races = 10_000
    arbiter_ok = naive_ok = 0
    for _ in range(races):
        a, n = _simulate_race(rng, 0.020)
        arbiter_ok += a
        naive_ok += n
    yield {"name": "race_correct_fraction", "value": round(arbiter_ok / races, 5),
           "unit": "fraction", "races": races, "by_arrival_order": round(naive_ok / races, 5),
           "gap_range_s": [50e-6, 0.2], "delivery_delay_max_s": 0.020,
           "tie_window_s": WINDOW_S}


@benchmark("daemon")
def daemon_bench(quick: bool) -> Iterator[Result]:
    yield from _latency(30 if quick else 200)
    yield from _process()


def _latency(races: int) -> Iterator[Result]:
    """From driving the deciding mock pin low to the core having published the result."""
    from gpiozero import Device

    from companion.config import parse
    from companion.daemon import Daemon

    samples = []
    with tempfile.TemporaryDirectory() as tmp:
        daemon = Daemon(parse({"race": {"countdown_s": 0}}), Path(tmp), simulate=True)
        published = threading.Event()
        running = threading.Event()
        stamp: list[float] = []

        def on_message(topic: str, payload) -> None:
            if topic == "race" and payload.get("decision"):
                stamp.append(time.perf_counter())
                published.set()
            elif topic == "race" and payload["phase"] == "running":
                running.set()

        daemon.hub.subscribe(on_message, "bench")
        daemon.start()
        pins = Device.pin_factory
        cfg = daemon.config
        try:
            for _ in range(races):
                daemon.hub.call(daemon.table.create_game, "howruck", ["A", "B"])
                running.clear()
                published.clear()
                stamp.clear()
                for pin in (cfg.ok_pin, *cfg.player_pins):
                    pins.pin(pin).drive_high()
                time.sleep(cfg.debounce_ms / 1000 + 0.005)
                pins.pin(cfg.ok_pin).drive_low()
                pins.pin(cfg.ok_pin).drive_high()  # OK acts on its release
                running.wait(2)
                pins.pin(cfg.player_pins[0]).drive_low()
                t0 = time.perf_counter()
                pins.pin(cfg.player_pins[1]).drive_low()  # both pressed: decided at once
                if published.wait(2):
                    samples.append(stamp[0] - t0)
        finally:
            daemon.stop()
    yield timing("press_to_event_latency_us", samples, "us", scale=1e6)


def _process() -> Iterator[Result]:
    """Start `companion run --simulate` as a process: time to its first frame, its memory."""
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "companion", "run", "--simulate",
                                 "--host", "127.0.0.1", "--port", str(_free_port()),
                                 "--data", tmp], stderr=subprocess.PIPE,
                                stdin=subprocess.DEVNULL, env=env)
        ready = None
        for raw in proc.stderr:
            if b"first frame on the display" in raw:
                ready = time.perf_counter() - t0
                break
        time.sleep(0.5)
        rss_kb = 0
        for line in Path(f"/proc/{proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                rss_kb = int(line.split()[1])
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=20)
    yield {"name": "startup_s", "value": round(ready or -1, 3), "unit": "s",
           "until": "process start to the first frame on the (virtual) display"}
    yield {"name": "daemon_rss_mb", "value": round(rss_kb / 1024, 1), "unit": "MB"}
