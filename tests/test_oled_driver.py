"""The changed-only OLED drivers: exact (controller RAM equals every frame) and frugal."""

from __future__ import annotations

import errno

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from luma.core.interface.serial import i2c
from PIL import Image, ImageDraw

from companion.devices.oled import DRIVERS, STOCK_DRIVERS, changed_span, open_display
from companion.devices.virtual_oled import VirtualOled, brightness
from companion.screens import render
from companion.screens.samples import SCENES

CHIPS = ["ssd1306", "sh1106"]
rects = st.tuples(st.integers(0, 127), st.integers(0, 63), st.integers(0, 127),
                  st.integers(0, 63), st.booleans())
frame_edits = st.one_of(
    st.lists(rects, min_size=0, max_size=6),  # a few changed areas
    st.binary(min_size=1024, max_size=1024),  # an entirely new frame
)


def apply_edit(image: Image.Image, edit) -> Image.Image:
    if isinstance(edit, bytes):
        return Image.frombytes("1", (128, 64), edit)
    image = image.copy()
    draw = ImageDraw.Draw(image)
    for x0, y0, x1, y1, lit in edit:
        draw.rectangle((min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)), fill=int(lit))
    return image


@pytest.mark.parametrize("chip", CHIPS)
@settings(max_examples=60, deadline=None)
@given(edits=st.lists(frame_edits, min_size=1, max_size=12))
def test_controller_ram_equals_every_frame(chip, edits):
    bus = VirtualOled(chip)
    device = open_display(chip, bus=bus)
    frame = Image.new("1", (128, 64))
    for edit in edits:
        frame = apply_edit(frame, edit)
        device.display(frame)
        assert bus.image().tobytes() == frame.tobytes()


def showing_the_ladder(chip: str):
    """(bus, changed-only device, frame) with the How Ruck! ladder on the panel."""
    bus = VirtualOled(chip)
    device = open_display(chip, bus=bus)
    frame = render(SCENES["howruck_tug_de"])
    device.display(frame)
    return bus, device, frame


@pytest.mark.parametrize("chip", CHIPS)
def test_an_identical_frame_sends_nothing_and_a_small_change_little(chip):
    bus, device, frame = showing_the_ladder(chip)
    bus.reset_counters()
    device.display(frame.copy())
    assert bus.bytes_on_wire == 0 and bus.transactions == 0
    changed = frame.copy()
    changed.putpixel((70, 20), 1 - frame.getpixel((70, 20)))
    device.display(changed)
    assert 0 < bus.bytes_on_wire <= 12  # one byte of one page, with its addressing
    assert bus.image().tobytes() == changed.tobytes()


@pytest.mark.parametrize("chip", CHIPS)
def test_stock_driver_sends_the_whole_frame_every_time(chip):
    bus = VirtualOled(chip)
    device = STOCK_DRIVERS[chip](i2c(bus=bus))
    frame = render(SCENES["race_won_de"])
    device.display(frame)
    bus.reset_counters()
    device.display(frame)
    assert bus.bytes_on_wire == {"ssd1306": 1096, "sh1106": 1128}[chip]
    assert bus.image().tobytes() == frame.tobytes()  # the emulator decodes luma's own output


@pytest.mark.parametrize("chip", CHIPS)
def test_after_a_failed_write_the_next_frame_goes_out_whole(chip):
    bus, device, first = showing_the_ladder(chip)
    bus.fail = errno.EREMOTEIO
    with pytest.raises(Exception, match="not found"):
        device.display(render(SCENES["race_signal_en"]))
    bus.fail = None
    bus.ram = [bytearray(len(page)) for page in bus.ram]  # the panel lost power meanwhile
    device.display(first)
    assert bus.image().tobytes() == first.tobytes()


def test_sh1106_writes_at_its_column_offset():
    bus = VirtualOled("sh1106")
    device = open_display("sh1106", bus=bus)
    frame = Image.new("1", (128, 64))
    frame.putpixel((0, 0), 1)
    device.display(frame)
    assert bus.ram[0][2] == 0x01 and bus.ram[0][0] == 0 and bus.ram[0][1] == 0


def test_changed_span():
    assert changed_span(b"abcd", b"abcd") is None
    assert changed_span(b"abcd", b"xbcd") == (0, 0)
    assert changed_span(b"abcd", b"axcy") == (1, 3)


def test_wrong_address_is_a_clear_error():
    bus = VirtualOled("ssd1306", address=0x3D)
    with pytest.raises(Exception, match="0x3C"):
        DRIVERS["ssd1306"](i2c(bus=bus, address=0x3C))


@pytest.mark.parametrize("chip", CHIPS)
def test_rotate_180_lands_upside_down_in_the_controller(chip):
    bus = VirtualOled(chip)
    device = open_display(chip, bus=bus, rotate=180)
    frame = Image.new("1", (128, 64))
    frame.putpixel((0, 0), 1)
    device.display(frame)
    assert bus.image().getpixel((127, 63)) and not bus.image().getpixel((0, 0))


@pytest.mark.parametrize("chip", CHIPS)
def test_every_rotation_the_config_accepts_shows_the_screens(chip):
    """A rotation the config file (or the page's settings) accepts must light the panel: the
    screens are drawn 128×64, so a quarter turn (luma then wants a 64×128 image) would leave
    the display "not answering" all evening."""
    from companion.config import ConfigError, parse

    accepted = []
    for degrees in range(0, 360, 90):
        try:
            accepted.append(parse({"display": {"rotate": degrees}}).display_rotate)
        except ConfigError:
            continue
    assert 0 in accepted and 180 in accepted
    frame = render(SCENES["pairing_de"])
    for degrees in accepted:
        bus = VirtualOled(chip)
        open_display(chip, bus=bus, rotate=degrees).display(frame)
        expected = frame if degrees == 0 else frame.rotate(degrees)
        assert bus.image().tobytes() == expected.tobytes(), degrees


def test_sh1106_column_offset_zero():
    bus = VirtualOled("sh1106")
    device = open_display("sh1106", bus=bus, sh1106_column_offset=0)
    frame = Image.new("1", (128, 64))
    frame.putpixel((0, 0), 1)
    device.display(frame)
    assert bus.ram[0][0] == 0x01 and bus.ram[0][2] == 0


class CommandLog(VirtualOled):
    """The virtual controller, also keeping every command byte sent (in order)."""

    def __init__(self, chip: str) -> None:
        super().__init__(chip)
        self.commands: list[int] = []

    def write_i2c_block_data(self, address: int, control: int, data: list[int]) -> None:
        if control != 0x40:
            self.commands.extend(data)
        super().write_i2c_block_data(address, control, data)


@pytest.mark.parametrize("chip", CHIPS)
def test_contrast_is_sent_as_its_command(chip):
    bus = CommandLog(chip)
    open_display(chip, bus=bus, contrast=17)
    last = len(bus.commands) - 1 - bus.commands[::-1].index(0x81)
    assert bus.commands[last:last + 2] == [0x81, 17]


class Transactions(VirtualOled):
    """The virtual controller, also keeping every transaction as (control byte, payload)."""

    def __init__(self, chip: str) -> None:
        super().__init__(chip)
        self.writes: list[tuple[int, list[int]]] = []

    def write_i2c_block_data(self, address: int, control: int, data: list[int]) -> None:
        self.writes.append((control, list(data)))
        super().write_i2c_block_data(address, control, data)


@pytest.mark.parametrize("chip", CHIPS)
def test_each_run_sends_only_the_addressing_that_moves_the_pointer(chip):
    bus = Transactions(chip)
    device = open_display(chip, bus=bus)
    device.display(Image.new("1", (128, 64)))
    bus.writes.clear()
    frame = Image.new("1", (128, 64))
    frame.putpixel((3, 0), 1)  # page 0, column 3
    frame.putpixel((12, 1), 1)  # page 0, column 12: same high nibble, 8 columns further
    device.display(frame)
    offset = 2 if chip == "sh1106" else 0
    mode = [0x20, 0x02] if chip == "ssd1306" else []  # from luma's horizontal addressing
    assert bus.writes == [
        (0x00, [*mode, 0xB0, 3 + offset, 0x10]), (0x40, [0x01]),
        (0x00, [12 + offset]), (0x40, [0x02]),  # the low column nibble only
    ]
    assert bus.image().tobytes() == frame.tobytes()


def test_a_look_at_the_panel_keeps_the_moment_it_was_taken():
    """The simulation's picture of the panel (`VirtualOled.look`) is decoded only when it is
    asked for, which may be after the panel changed again: it still shows the panel as it was
    when the look was taken (its RAM, contrast, on or off), not as it is by then."""
    bus = VirtualOled("ssd1306")
    device = open_display("ssd1306", bus=bus)
    first = Image.new("1", (128, 64))
    ImageDraw.Draw(first).rectangle((10, 5, 60, 30), fill=1)
    device.display(first)
    device.contrast(200)
    look = bus.look()
    device.display(Image.new("1", (128, 64), 1))  # every pixel lit
    device.contrast(0)
    device.hide()
    expected = first.convert("L").point(lambda v: brightness(200) if v else 0)
    assert look.picture.tobytes() == expected.tobytes()
    assert bus.look().picture.getbbox() is None  # the panel now: off, nothing lit
