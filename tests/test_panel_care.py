"""Panel care (issue 19): dimmed and blanked when nothing happens, woken by a press that does
nothing else or by a phone's action, a still screen moved by a pixel. Through luma's real
driver over the virtual controller (which decodes the contrast and display on/off commands),
real mock pins, and a hub clock the test moves ahead (no sleeping through idle times)."""

from __future__ import annotations

import time
from dataclasses import dataclass

import pytest
from PIL import Image

from companion.config import parse
from companion.daemon import Daemon
from companion.daemon.panel_care import SHIFT_EVERY_S, shifted
from companion.screens import pick, render
from companion.screens.samples import long_name_scenes
from tests.daemon_helpers import Recorder, drive, wait_until


class Clock:
    """The hub's clock: the real one plus what the test skipped (button edges keep real
    times, which the daemon checks against the monotonic clock)."""

    def __init__(self) -> None:
        self.skipped = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self.skipped


def run_due(daemon) -> None:
    """Let the hub run what is due at the test's clock (a timer runs after the item that
    woke the hub, so the second call returns after it)."""
    daemon.hub.call(lambda: None)
    daemon.hub.call(lambda: None)


@dataclass
class Panel:
    """A started daemon driving the virtual panel (`bus`), its hub on a clock the test moves
    ahead."""

    daemon: Daemon
    clock: Clock

    @property
    def bus(self):
        return self.daemon.virtual_oled

    def idle(self, seconds: float) -> None:
        """`seconds` pass with nothing happening; the hub runs what is due then."""
        self.clock.skipped += seconds
        run_due(self.daemon)


@pytest.fixture
def panel(tmp_path, mock_pins):
    """start(**display settings) -> a `Panel`; its daemon stopped after the test (before the
    mock pins are reset)."""
    started: list[Daemon] = []

    def start(**display) -> Panel:
        clock = Clock()
        config = parse({"race": {"countdown_s": 0}, "display": display})
        daemon = Daemon(config, tmp_path, simulate=False, virtual_display=True, clock=clock)
        started.append(daemon)
        daemon.start()
        return Panel(daemon, clock)

    yield start
    for daemon in started:
        daemon.stop()


def short_press(daemon, mock_pins, at: float, monkeypatch, pin: int | None = None) -> None:
    """A short press of OK (or of `pin`) at `at` (monotonic time): a press, a release 0.1 s
    later, and the release confirmed once the debounce lock-out is over (on the hub's
    clock)."""
    pin = daemon.config.ok_pin if pin is None else pin
    drive(mock_pins, pin, True, at=at, monkeypatch=monkeypatch)
    drive(mock_pins, pin, False, at=at + 0.1, monkeypatch=monkeypatch)
    run_due(daemon)


def test_dimmed_then_blanked_and_the_waking_press_starts_no_race(panel, mock_pins,
                                                                  monkeypatch):
    care = panel(contrast=200, dim_after_s=10, off_after_s=20, shift_pixels=False)
    daemon, bus = care.daemon, care.bus
    daemon.hub.call(daemon.table.create_game, "howruck", ["A", "B"])
    wait_until(lambda: bus.display_on and bus.contrast == 200)
    care.idle(9)
    assert daemon.hub.call(lambda: daemon.panel_care.level) == "on"
    care.idle(2)
    wait_until(lambda: bus.contrast == 200 // 8)  # dimmed: the 0x81 command sent
    assert bus.display_on
    care.idle(10)
    wait_until(lambda: not bus.display_on)  # blank: display off (0xAE)
    recorder = Recorder(daemon.hub)
    now = time.monotonic()
    short_press(daemon, mock_pins, now, monkeypatch)
    wait_until(lambda: bus.display_on and bus.contrast == 200)
    assert daemon.hub.call(lambda: daemon.table.race_phase) == "idle"
    short_press(daemon, mock_pins, now + 1, monkeypatch)  # the next press is a press again
    recorder.wait_for(lambda t, p: t == "race" and p["phase"] in ("countdown", "running"))
    assert not any(t == "race" for t, _ in recorder.seen[:-1])  # only this one's race


def test_a_phone_action_wakes_the_blank_panel(panel):
    care = panel(dim_after_s=0, off_after_s=30, shift_pixels=False)
    daemon, bus = care.daemon, care.bus
    wait_until(lambda: bus.display_on)
    run_due(daemon)  # what the start posted (the pairing, the current game) is done
    care.idle(31)
    wait_until(lambda: not bus.display_on)
    daemon.hub.call(daemon.table.create_game, "howruck", ["A", "B"])  # what /api does
    wait_until(lambda: bus.display_on and bus.contrast == 255)


def test_a_press_on_a_dimmed_panel_counts_and_brightens_it(panel, mock_pins, monkeypatch):
    """Only a blank panel swallows the waking press: a dimmed one can be read."""
    care = panel(contrast=200, dim_after_s=10, off_after_s=0, shift_pixels=False)
    daemon, bus = care.daemon, care.bus
    daemon.hub.call(daemon.table.create_game, "howruck", ["A", "B"])
    run_due(daemon)
    care.idle(11)
    wait_until(lambda: bus.contrast == 200 // 8 and bus.display_on)
    short_press(daemon, mock_pins, time.monotonic(), monkeypatch)
    wait_until(lambda: daemon.hub.call(lambda: daemon.table.race_phase) != "idle")
    wait_until(lambda: bus.contrast == 200)


def test_a_press_that_does_nothing_else_still_brightens_the_panel(panel, mock_pins,
                                                                  monkeypatch):
    """No game on the table: a player's button means nothing, but someone is there."""
    care = panel(contrast=200, dim_after_s=10, off_after_s=0, shift_pixels=False)
    daemon, bus = care.daemon, care.bus
    run_due(daemon)
    care.idle(11)
    wait_until(lambda: bus.contrast == 200 // 8)
    short_press(daemon, mock_pins, time.monotonic(), monkeypatch,
                pin=daemon.config.player_pins[0])
    wait_until(lambda: bus.contrast == 200)


def test_a_still_screen_walks_right_back_left_and_back(panel):
    """A still screen moves by a pixel now and then (against burn-in), round a small
    circuit: one to the right, back, one to the left, back."""
    care = panel(dim_after_s=0, off_after_s=0, shift_pixels=True)
    daemon, bus = care.daemon, care.bus
    daemon.hub.call(daemon.table.create_game, "howruck", ["A", "B"])
    run_due(daemon)
    for dx in (1, 0, -1, 0, 1):
        care.idle(SHIFT_EVERY_S + 1)
        wait_until(lambda dx=dx: bus.image().tobytes()
                   == shifted(daemon.display.shown, dx).tobytes())


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_the_score_ladder_keeps_off_the_edge_columns_so_it_can_move(lang):
    for scene in long_name_scenes(lang):
        if pick(scene) == "howruck" and not scene.banner and scene.state["phase"] != "over":
            frame = render(scene)
            assert frame.crop((0, 0, 1, 64)).getbbox() is None, scene.state["phase"]
            assert frame.crop((127, 0, 128, 64)).getbbox() is None, scene.state["phase"]
            assert shifted(frame, 1).tobytes() != frame.tobytes()
            assert shifted(frame, -1).tobytes() != frame.tobytes()


def test_a_shift_never_cuts_a_lit_pixel():
    frame = Image.new("1", (128, 64))
    frame.putpixel((10, 5), 1)
    right = shifted(frame, 1)
    assert right.getpixel((11, 5)) == 1 and right.getpixel((10, 5)) == 0
    left = shifted(frame, -1)
    assert left.getpixel((9, 5)) == 1 and left.getbbox() == (9, 5, 10, 6)
    frame.putpixel((127, 0), 1)  # lit at the right edge: no move to the right
    assert shifted(frame, 1).tobytes() == frame.tobytes()
    assert shifted(frame, -1).getpixel((126, 0)) == 1


def _page_frames(written: list[str]) -> list[Image.Image]:
    """The OLED pictures a phone's stream received (``frame`` events: PNG data URLs)."""
    import base64
    import io

    pictures = []
    for message in written:
        if "event: frame" in message:
            data = next(line for line in message.splitlines() if line.startswith("data:"))
            png = base64.b64decode(data.split("base64,", 1)[1])
            pictures.append(Image.open(io.BytesIO(png)).convert("L"))
    return pictures


def test_the_simulated_panel_on_the_page_dims_and_goes_dark_as_the_pi_s_does(panel):
    """Simulation: the page's picture of the panel is the virtual controller as a person sees
    it, decoded from what luma sent: the lit pixels at the brightness the contrast command
    gives (dimmer once dimmed), nothing lit while the display is off (0xAE)."""
    care = panel(contrast=200, dim_after_s=10, off_after_s=20, shift_pixels=False)
    daemon, bus = care.daemon, care.bus
    stream = daemon.broker.open(paired=True)  # a phone watching: frames are published
    written: list[str] = []
    stream.attach(written.append, lambda: 0, lambda: None)
    daemon.hub.call(daemon.table.create_game, "howruck", ["A", "B"])
    wait_until(lambda: bus.display_on and bus.contrast == 200 and _page_frames(written))
    shown = _page_frames(written)[-1]
    lit = daemon.display.shown.convert("L")
    assert shown.point(lambda v: 255 if v else 0).tobytes() == lit.tobytes()
    bright = shown.getextrema()[1]
    care.idle(11)
    wait_until(lambda: bus.contrast == 200 // 8
               and 0 < _page_frames(written)[-1].getextrema()[1] < bright)
    dimmed = _page_frames(written)[-1]
    assert dimmed.point(lambda v: 255 if v else 0).tobytes() == lit.tobytes()  # same picture
    care.idle(10)
    wait_until(lambda: not bus.display_on and _page_frames(written)[-1].getbbox() is None)
    daemon.hub.call(daemon.table.create_game, "howruck", ["A", "C"])  # a phone's action
    wait_until(lambda: _page_frames(written)[-1].getextrema()[1] == bright)
    stream.close()
