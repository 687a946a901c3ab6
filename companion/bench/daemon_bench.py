"""Daemon benchmarks: race correctness under delivery jitter, press-to-result latency,
memory and start-up time of the simulated daemon."""

from __future__ import annotations

import math
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from companion.bench import Result, benchmark, percentile, timing
from companion.bench.web_bench import free_port as _free_port
from companion.race import DelayTracker, Edge, RaceArbiter

WINDOW_S = 0.010


# The race model (issue 16): what a real table does to the arbiter's input.
TS_ERROR_P99_S = 0.0001  # edge timestamp error (GPIO line events, the box's clock map)
DELAY_MAX_S = 0.100  # delivery delay: uniform up to this (threads, USB frames, a busy hub)
STALL_P, STALL_S = 0.01, (0.050, 0.150)  # 1% of edges also stall this long
GAP_S = (50e-6, 0.2)  # true gap between the two presses, log-uniform


def _delay(rng: random.Random) -> float:
    delay = rng.uniform(0, DELAY_MAX_S)
    if rng.random() < STALL_P:
        delay += rng.uniform(*STALL_S)
    return delay


def _simulate_race(rng: random.Random, delays: DelayTracker | None,
                   stats: dict[str, float]) -> tuple[bool, bool]:
    """(arbiter correct, arrival order correct) for one race of two presses. The truth comes
    from the TRUE press times; the arbiter sees timestamps with error, delivered late, and
    learns its settle time from the delays of the edges it has seen (as the daemon does)."""
    sigma = TS_ERROR_P99_S / 2.576  # normal error: |error| p99 = TS_ERROR_P99_S
    gap = math.exp(rng.uniform(math.log(GAP_S[0]), math.log(GAP_S[1])))
    t_a = 1.0 + rng.uniform(0.25, 0.5)  # both presses after the signal at 1.0
    t_b = t_a + (gap if rng.random() < 0.5 else -gap)
    truth = "tie" if abs(t_a - t_b) <= WINDOW_S else ("A" if t_a < t_b else "B")
    arrivals = []
    for player, true_t in (("A", t_a), ("B", t_b)):
        error = rng.gauss(0, sigma)
        delay = _delay(rng)
        stats["errors"].append(abs(error))
        stats["delay_max"] = max(stats["delay_max"], delay)
        arrivals.append((true_t + delay, Edge(player, true_t + error)))
    arrivals.sort(key=lambda item: item[0])
    arbiter = RaceArbiter(("A", "B"), WINDOW_S, "ignore", 0.05, delays=delays)
    arbiter.start(1.0)
    decision = None
    for arrival, edge in arrivals:
        due = arbiter.due()
        if due is not None and due <= arrival:
            decision = arbiter.decide(due)
        if delays is not None:  # the daemon sees every edge, decided race or not
            delays.observe(arrival - edge.t)
        if decision is None:
            arbiter.feed(edge)
            decision = arbiter.decide(arrival)
    if decision is None:
        decision = arbiter.decide(arbiter.due())
    got = "tie" if decision.tie else decision.winner
    (first_at, first), (second_at, _) = arrivals
    naive = "tie" if second_at - first_at <= WINDOW_S else first.player
    return got == truth, naive == truth


@benchmark("race")
def race_bench(quick: bool) -> Iterator[Result]:
    races = 10_000
    delays = DelayTracker()  # one evening: the tracker starts empty and learns as it goes
    stats: dict = {"errors": [], "delay_max": 0.0}
    arbiter_ok = naive_ok = constant_ok = 0
    rng, same_races = random.Random(2024), random.Random(2024)
    for _ in range(races):
        a, n = _simulate_race(rng, delays, stats)
        arbiter_ok += a
        naive_ok += n
        constant_ok += _simulate_race(same_races, None, {"errors": [], "delay_max": 0.0})[0]
    yield {"name": "race_correct_fraction", "value": round(arbiter_ok / races, 5),
           "unit": "fraction", "races": races, "naive": round(naive_ok / races, 5),
           "naive_is": "arrival order with the same tie window",
           "constant_settle_0_05s": round(constant_ok / races, 5),
           "truth": "true press times", "gap_range_s": list(GAP_S),
           "timestamp_error_p99_s": round(percentile(stats["errors"], 99), 6),
           "delivery_delay_max_s": round(stats["delay_max"], 4),
           "delivery_delay_uniform_max_s": DELAY_MAX_S, "stall_fraction": STALL_P,
           "stall_s": list(STALL_S), "tie_window_s": WINDOW_S,
           "settle_s_at_end": round(delays.settle_s(0.05), 4)}


@benchmark("daemon")
def daemon_bench(quick: bool) -> Iterator[Result]:
    races = 30 if quick else 200
    on = _latency(races, display="ssd1306")
    off = _latency(races, display="none")
    row = timing("daemon.press_to_result_us", on, "us", scale=1e6)
    off_p99 = timing("x", off, "us", scale=1e6)["p99"]
    row.update(p99_display_off=off_p99, median_display_off=timing("x", off, "us",
                                                                   scale=1e6)["median"],
               ratio=round(row["p99"] / off_p99, 2),
               until="mock pin edge to the race result published on the hub")
    yield row
    yield from _process(1 if quick else 3)


def _latency(races: int, display: str) -> list[float]:
    """From driving the deciding mock pin low to the core having published the result, with
    the (virtual) display drawing every change, or with no display at all."""
    from gpiozero import Device

    from companion.config import parse
    from companion.daemon import Daemon

    samples = []
    with tempfile.TemporaryDirectory() as tmp:
        daemon = Daemon(parse({"race": {"countdown_s": 0}, "display": {"type": display}}),
                        Path(tmp), simulate=True)
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
    return samples


def _rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _process(runs: int) -> Iterator[Result]:
    """Start `companion run --simulate` as a process: time to its first frame (beside a bare
    `python -c pass` start, same run), its memory once idle."""
    firsts, rss = [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            env = dict(os.environ, PYTHONUNBUFFERED="1")
            t0 = time.perf_counter()
            proc = subprocess.Popen([sys.executable, "-m", "companion", "run", "--simulate",
                                     "--host", "127.0.0.1", "--port", str(_free_port()),
                                     "--data", tmp], stderr=subprocess.PIPE,
                                    stdin=subprocess.DEVNULL, env=env)
            for raw in proc.stderr:
                if b"first frame on the display" in raw:
                    firsts.append(time.perf_counter() - t0)
                    break
            time.sleep(0.5)
            rss.append(_rss_mib(proc.pid))
            proc.send_signal(signal.SIGTERM)
            proc.communicate(timeout=20)
    bare = []
    for _ in range(5):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        bare.append(time.perf_counter() - t0)
    first, bare_s = statistics.median(firsts), statistics.median(bare)
    yield {"name": "daemon.first_frame_ratio", "value": round(first / bare_s, 2),
           "unit": "ratio", "first_frame_s": round(first, 3), "bare_python_s": round(bare_s, 4),
           "runs": len(firsts),
           "until": "process start to the first frame on the (virtual) display"}
    yield {"name": "daemon.rss_idle_mb", "value": round(statistics.median(rss), 1),
           "unit": "MiB", "note": "simulated daemon, display on, 0.5 s after its first frame"}
