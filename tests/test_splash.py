"""Issue 16: the start-up splash lights the panel before anything heavy is imported, the
daemon's driver takes the panel over as it stands, and a splash is only drawn when the note
the last start left still describes this panel (devices/splash.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion.config import parse
from companion.datalock import DataLock
from companion.devices import splash
from companion.devices.oled import open_display
from companion.devices.splash_source import module_text, splash_pages
from companion.devices.virtual_oled import VirtualOled
from companion.screens import Scene, common, render
from companion.screens.canvas import Canvas
from tests.test_first_frame import HEAVY

FRAMES = Path(splash.__file__).with_name("splash_frames.py")
CHIPS = ["ssd1306", "sh1106"]


def panel(chip: str = "ssd1306", **changes) -> dict:
    return {"chip": chip, "port": 1, "address": 0x3C, "rotate": 0, "contrast": 200,
            "sh1106_column_offset": 2, "lang": "de", "virtual": True, **changes}


def starting_image(lang: str):
    canvas = Canvas()
    common.starting(canvas, lang)
    return canvas.image


def test_the_shipped_splash_is_what_luma_and_the_screens_make_now():
    """splash_frames.py is generated (scripts/make_splash.py): stale, this fails."""
    assert FRAMES.read_text(encoding="utf-8") == module_text()


class CommandLog(VirtualOled):
    """The virtual controller, also keeping every command byte sent (in order)."""

    def __init__(self, chip: str) -> None:
        super().__init__(chip)
        self.commands: list[int] = []

    def write_i2c_block_data(self, address: int, control: int, data: list[int]) -> None:
        if control == 0x00:
            self.commands += data
        super().write_i2c_block_data(address, control, data)


@pytest.mark.parametrize("chip", CHIPS)
@pytest.mark.parametrize("rotate", [0, 180])
def test_the_splash_lights_the_panel_and_the_driver_adopts_it(chip, rotate):
    """The splash alone sets the controller up (luma's own commands): the panel is on and shows
    "companion / Startet …" as mounted. The daemon's driver then sends no set-up again, no
    display-off and no blank frame: only what differs from the splash."""
    bus = CommandLog(chip)
    note = panel(chip, rotate=rotate)
    splash._draw(bus, note, splash_pages("de", rotate))
    assert bus.display_on and bus.contrast == 200
    upright = starting_image("de")
    expected = upright.rotate(180) if rotate else upright
    assert bus.image().tobytes() == expected.tobytes()
    bus.commands.clear()
    bus.reset_counters()
    pages = [splash_pages("de", rotate)[p * 128:(p + 1) * 128] for p in range(8)]
    device = open_display(chip, bus=bus, rotate=rotate, contrast=200, shown=pages)
    assert bus.image().tobytes() == expected.tobytes()  # nothing blanked it
    assert 0xAE not in bus.commands  # never switched off on the way
    frame = render(Scene(lang="de"))
    device.display(frame)
    shown = frame.rotate(180) if rotate else frame
    assert bus.image().tobytes() == shown.tobytes() and bus.display_on
    assert bus.bytes_on_wire < 1024  # the change from the splash, not a whole frame


def write_note(data: Path, config: Path | None = None, **changes) -> dict:
    note = panel(**changes)
    splash.remember(data, splash.sources(config, data, True), note)
    return note


def test_a_splash_only_when_the_note_still_describes_the_panel(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text("[display]\ncontrast = 200\n")
    argv = ["--simulate", "--data", str(tmp_path), "--config", str(config)]
    assert splash.show(argv) is None  # a first start: no note yet
    write_note(tmp_path, config)
    shown = splash.show(argv)
    assert shown is not None and shown.bus.display_on
    shown.abandon()
    assert not shown.bus.display_on  # not taken over: switched off
    DataLock(tmp_path).acquire().release()  # ... and the data folder free again

    again = splash.show(["--simulate", f"--data={tmp_path}", f"--config={config}"])
    assert again is not None
    again.abandon()
    for odd in (["--simulate", "--data", str(tmp_path), "--verbose"], ["--data"],
                ["--simulate", "--data", str(tmp_path)]):  # another config file than noted
        assert splash.show(odd) is None, odd
    config.write_text("[display]\ncontrast = 10\n")  # edited since
    assert splash.show(argv) is None
    write_note(tmp_path, config)
    with DataLock(tmp_path):  # another companion holds the folder
        assert splash.show(argv) is None
    (tmp_path / "settings.json").write_text("{}")  # the page's settings changed
    assert splash.show(argv) is None
    no_bus = [] if Path("/dev/i2c-1").exists() else [{"virtual": False}]  # I2C switched off
    for broken in ({"contrast": 999}, {"chip": "lcd"}, {"lang": "xx"}, {"address": "3c"},
                   *no_bus):
        write_note(tmp_path, config, **broken)  # a note edited by hand; no bus to draw on
        assert splash.show(argv) is None, broken
        DataLock(tmp_path).acquire().release()  # never left held
    (tmp_path / splash.NOTE_NAME).write_text("[1, 2")
    assert splash.show(argv) is None


def test_the_daemon_takes_over_the_splash_it_was_drawn_for(tmp_path, mock_pins):
    from companion.daemon import Daemon

    note = write_note(tmp_path, contrast=255, lang="en")
    shown = splash.show(["--simulate", "--data", str(tmp_path)])
    assert shown is not None
    daemon = Daemon(parse({}), tmp_path, simulate=True, splash=shown)
    try:
        assert daemon.panel_note == note
        assert shown.lock_taken and shown.panel_taken
        assert daemon.virtual_oled is shown.bus and shown.bus.display_on
        daemon.start()
        daemon._await_first_frame(5)
        assert daemon.display.frames >= 1
        assert shown.bus.image().tobytes() == daemon.display.shown.tobytes()
    finally:
        daemon.stop()


def test_a_splash_for_another_panel_is_switched_off(tmp_path, mock_pins):
    from companion.daemon import Daemon

    write_note(tmp_path, contrast=200, lang="en")  # the config now says 255
    shown = splash.show(["--simulate", "--data", str(tmp_path)])
    assert shown is not None
    daemon = Daemon(parse({}), tmp_path, simulate=True, splash=shown)
    daemon.start()
    try:
        assert not shown.bus.display_on  # the splash's panel: off
        assert daemon.virtual_oled is not shown.bus
        assert shown.lock_taken  # the data folder stayed held: no second companion between
    finally:
        daemon.stop()


SPLASH_LINE = "first frame on the display (the start-up splash)"
EARLY_FORBIDDEN = (*HEAVY, "PIL", "luma", "argparse", "dataclasses", "companion.cli",
                   "companion.config", "companion.daemon", "logging", "smbus2")


def _start(data: Path, port: int) -> list[str]:
    """`python -X importtime -m companion run --simulate` until it runs; its stderr lines."""
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-X", "importtime", "-m", "companion", "run",
                             "--simulate", "--host", "127.0.0.1", "--port", str(port),
                             "--data", str(data)], stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL, env=env, text=True)
    lines = []
    for line in proc.stderr:
        lines.append(line.rstrip("\n"))
        if "companion running" in line:
            break
    proc.send_signal(signal.SIGTERM)
    lines += proc.communicate(timeout=20)[1].splitlines()
    assert proc.returncode == 0, lines[-20:]
    return lines


def test_a_second_start_lights_the_panel_before_anything_heavy_is_imported(tmp_path):
    """The real command, twice on one data folder (a box's every evening): the first start
    leaves the note; the second draws the splash, and `-X importtime`'s lines, printed as
    each module is imported, show nothing heavy came before it."""
    from ports import free_port

    first = _start(tmp_path, free_port())
    assert not any(SPLASH_LINE in line for line in first)
    assert any("first screen on the display" in line for line in first)
    second = _start(tmp_path, free_port())
    at = next(i for i, line in enumerate(second) if SPLASH_LINE in line)
    before = [line.split("|")[-1].strip() for line in second[:at]
              if line.startswith("import time:") and "|" in line]
    assert "companion.devices.splash" in before
    early = [m for m in before if any(m == h or m.startswith(h + ".")
                                      for h in EARLY_FORBIDDEN)]
    assert early == []
    assert any("first screen on the display" in line for line in second[at:])
