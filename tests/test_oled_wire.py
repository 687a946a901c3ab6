"""The changed-only drivers' exact bytes, read by an independent interpreter of the SSD1306
and SH1106 command sets (written from the datasheets here, not shared with the project's
virtual controller), reproduce every frame of real How Ruck! games."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from companion.bench.oled_game_bench import ladder_frames
from companion.devices.oled import open_display
from companion.screens import Scene, render
from companion.screens.samples import SCENES

ROOT = Path(__file__).resolve().parents[1]
CONTROL_COMMAND, CONTROL_DATA = 0x00, 0x40


class RecordingBus:
    """smbus-like: keeps every (control byte, payload) luma writes."""

    def __init__(self) -> None:
        self.writes: list[tuple[int, list[int]]] = []

    def write_i2c_block_data(self, address: int, control: int, data: list[int]) -> None:
        self.writes.append((control, list(data)))


# Arguments that follow each command byte (datasheets: SSD1306 rev 1.1 §9-10, SH1106 v0.1).
SSD1306_ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8D: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1,
                0xD9: 1, 0xDA: 1, 0xDB: 1, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0xA3: 2}
SH1106_ARGS = {0x81: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1}


class Controller:
    """RAM and address pointers of one controller, driven by the recorded bytes."""

    def __init__(self, chip: str) -> None:
        self.chip = chip
        self.columns = 128 if chip == "ssd1306" else 132
        self.ram = [[0] * self.columns for _ in range(8)]
        self.mode = 2  # SSD1306 reset: page addressing
        self.col = self.page = 0
        self.col_window, self.page_window = (0, 127), (0, 7)

    def feed(self, writes) -> None:
        commands: list[int] = []
        for control, payload in writes:
            if control == CONTROL_COMMAND:
                commands += payload
                commands = self._commands(commands)
            else:
                assert control == CONTROL_DATA and not commands, "command cut off"
                for value in payload:
                    self._data(value)

    def _commands(self, stream: list[int]) -> list[int]:
        args = SSD1306_ARGS if self.chip == "ssd1306" else SH1106_ARGS
        while stream:
            op = stream[0]
            n = args.get(op, 0)
            if len(stream) < n + 1:
                return stream  # arguments still to come
            params, stream = stream[1:n + 1], stream[n + 1:]
            if 0xB0 <= op <= 0xB7:
                self.page = op & 7
            elif op <= 0x0F:
                self.col = (self.col & 0xF0) | op
            elif op <= 0x1F:
                self.col = (self.col & 0x0F) | ((op & 0x0F) << 4)
            elif self.chip == "ssd1306" and op == 0x20:
                self.mode = params[0] & 3
            elif self.chip == "ssd1306" and op == 0x21:
                self.col_window, self.col = (params[0], params[1]), params[0]
            elif self.chip == "ssd1306" and op == 0x22:
                self.page_window, self.page = (params[0] & 7, params[1] & 7), params[0] & 7
        return stream

    def _data(self, value: int) -> None:
        self.ram[self.page][self.col] = value
        if self.chip == "sh1106" or self.mode == 2:  # page addressing: the column only
            self.col = min(self.col + 1, self.columns - 1)
            return
        assert self.mode == 0, "only horizontal addressing expected"
        if self.col < self.col_window[1]:
            self.col += 1
            return
        self.col = self.col_window[0]
        self.page = self.page + 1 if self.page < self.page_window[1] else self.page_window[0]

    def image(self, offset: int) -> bytes:
        """The panel's 128×64 pixels, row by row, one byte per pixel (0/1)."""
        return bytes((self.ram[y // 8][offset + x] >> (y % 8)) & 1
                     for y in range(64) for x in range(128))


def pixels(frame: Image.Image) -> bytes:
    return bytes(1 if frame.getpixel((x, y)) else 0 for y in range(64) for x in range(128))


def real_frames() -> list[Image.Image]:
    frames = [frame for frame, _ in ladder_frames(
        ROOT / "tests/playthroughs/howruck_full_game.jsonl")]
    frames += [render(SCENES[name]) for name in sorted(SCENES)]  # other screens between
    frames += [render(Scene())]  # and back to a blank-ish pairing screen
    return frames


@pytest.mark.parametrize("chip", ["ssd1306", "sh1106"])
def test_driver_bytes_read_independently_reproduce_real_game_frames(chip):
    bus = RecordingBus()
    device = open_display(chip, bus=bus)
    controller = Controller(chip)
    offset = 2 if chip == "sh1106" else 0  # the SH1106 panel starts at RAM column 2
    controller.feed(bus.writes)  # luma's initialisation
    frames = real_frames()
    assert len(frames) > 40
    for number, frame in enumerate(frames):
        bus.writes.clear()
        device.display(frame)
        controller.feed(bus.writes)
        assert controller.image(offset) == pixels(frame), f"frame {number}"
