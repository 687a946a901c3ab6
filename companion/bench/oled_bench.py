"""OLED benchmarks: bytes on the I2C wire per frame (changed-only driver beside stock luma,
counted on the same recording bus), render time per screen, state change to last byte."""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Iterator

from luma.core.interface.serial import i2c

from companion.bench import Result, benchmark, timing
from companion.daemon.display import DisplayOutput
from companion.daemon.hub import Hub
from companion.devices.oled import STOCK_DRIVERS, open_display
from companion.devices.virtual_oled import VirtualOled
from companion.screens import Scene, render
from companion.screens.samples import LAUF, RACE_WON, SCENES, TUG, howruck_view


def _cases() -> dict[str, tuple[Scene, Scene]]:
    """(before, after) scenes for the frame changes the table makes most."""
    tug = Scene(lang="de", state=howruck_view(**TUG))
    stepped = dict(TUG, barrel=7, last_contest={
        "kind": "imprint", "strength": {"Anna": 8, "Bert": 7}, "pull": {"toward": "Anna",
                                                                      "by": 1}})
    dice = Scene(lang="de", state=dict(LAUF, prompt=None))
    thrown = dict(LAUF, prompt=None, throws=2, dice=[6, 2])
    running = Scene(race={"phase": "running"})
    return {
        "ladder_step": (tug, dataclasses.replace(tug, state=howruck_view(**stepped))),
        "dice_throw": (dice, dataclasses.replace(dice, state=thrown)),
        "race_result": (running, Scene(lang="de", race=RACE_WON)),
        "unchanged": (tug, tug),
    }


def _wire_bytes(driver_for, before: Scene, after: Scene, chip: str) -> int:
    bus = VirtualOled(chip)
    device = driver_for(chip, bus)
    device.display(render(before))
    bus.reset_counters()
    device.display(render(after))
    return bus.bytes_on_wire


@benchmark("oled.wire_bytes")
def wire_bytes(quick: bool) -> Iterator[Result]:
    def changed_only(chip, bus):
        return open_display(chip, bus=bus)

    def stock(chip, bus):
        return STOCK_DRIVERS[chip](i2c(bus=bus))

    for chip in ("ssd1306", "sh1106"):
        for case, (before, after) in _cases().items():
            yield {"name": f"oled.wire_bytes.{chip}.{case}",
                   "value": _wire_bytes(changed_only, before, after, chip), "unit": "bytes",
                   "stock_luma": _wire_bytes(stock, before, after, chip)}


@benchmark("oled.render_us")
def render_time(quick: bool) -> Iterator[Result]:
    rounds = 20 if quick else 300
    for name, scene in sorted(SCENES.items()):
        render(scene)  # warm the font caches
        samples = []
        for _ in range(rounds):
            t0 = time.perf_counter()
            render(scene)
            samples.append(time.perf_counter() - t0)
        yield timing(f"oled.render_us.{name}", samples, "us", scale=1e6)


@benchmark("oled.state_to_wire_ms")
def state_to_wire(quick: bool) -> Iterator[Result]:
    """Publish a changed state on the hub → the frame's last byte handed to the I2C bus."""
    hub = Hub()
    bus = VirtualOled("ssd1306")
    display = DisplayOutput(lambda: open_display("ssd1306", bus=bus), "de")
    done = threading.Event()
    display.listeners.append(lambda frame: done.set())
    display.attach(hub)
    hub.start()
    done.wait(5)
    samples = []
    try:
        for i in range(20 if quick else 300):
            state = howruck_view(**dict(TUG, barrel=2 + i % 9))
            done.clear()
            t0 = time.perf_counter()
            hub.post(hub.publish, "state", state)
            if done.wait(5):
                samples.append(time.perf_counter() - t0)
    finally:
        hub.stop()
    yield timing("oled.state_to_wire_ms", samples, "ms", scale=1e3,
                 note="virtual bus: no I2C transfer time; add ~25 us per byte at 400 kHz")
